"""Rule modules: a module changes the rules in one place, and check, play and moves follow.

No 2019 expansion is implemented; these tests build small modules of their own (shaped like
what the expansions need: shield 18 lifts adjacency, the inns add a placement rule, the
shields' tribute comes before the mines' income) and check that :func:`modules.extend`
combines them as docs/developing.md, "How to add a module", says, and that the engine and
the move generator obey the resulting ruleset without knowing about it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles import modules
from burgundy_cli.castles.rules.actions import mine_income, score_completion
from burgundy_cli.castles.rules.boards import space_name
from burgundy_cli.castles.movegen import legal_moves
from burgundy_cli.castles.notation import format_command
from burgundy_cli.castles.rules.placement import ADJACENT, CITY_ONCE, PLACEMENT_RULES, PlacementRule
from burgundy_cli.castles.rules.tiles import catalogue
from burgundy_cli.core.errors import IllegalMoveError
from tests.castles.engine_kit import at_turn, cmd


def _lonely_mine():
    """Anna to move with a mine in storage and a die showing the number of a grey space that
    lies next to none of her tiles; the line placing the mine there."""
    probe = at_turn("2011", players={"anna": {"dice": [1, 1]}, "ben": {}})
    board, duchy = probe.players[0].board, probe.players[0].duchy
    far = next(space for space in board.colour_spaces["M"]
               if not any(duchy[n] is not None for n in board.neighbours[space]))
    number = board.die[far]
    state = at_turn("2011", players={"anna": {"dice": [number, number], "storage": ["mine"]}, "ben": {}})
    line = cmd(kind="die", player="anna", rolled=number,
               action={"kind": "place", "tile": "mine", "space": space_name(far)})
    return state, line, far


def test_the_base_game_is_a_module():
    """The ruleset of a record without modules is BASE folded onto nothing."""
    rules = modules.ruleset(())
    assert rules.placement == PLACEMENT_RULES
    assert rules.area_completed == (score_completion,) and rules.after_placement == ()
    assert rules.phase_end == (mine_income,)
    assert rules.modules == ()


def test_lifting_a_rule_reaches_check_play_and_moves():
    """A module lifting adjacency (as shield 18 will for its owner): the line the base game
    refuses with cob.place.adjacent is accepted by check and play, and listed by moves."""
    state, line, far = _lonely_mine()
    with pytest.raises(IllegalMoveError) as refused:
        engine.check(state, line)
    assert refused.value.rule.id == "cob.place.adjacent"
    assert format_command(line) not in legal_moves(state).moves
    state.ruleset = modules.extend(modules.ruleset(()), modules.Module("test-anywhere", lifted=(ADJACENT.rule_id,)))
    assert ADJACENT not in state.ruleset.placement and state.ruleset.modules == ("test-anywhere",)
    engine.check(state, line)
    assert format_command(line) in legal_moves(state).moves
    engine.play(state, line)
    assert state.players[0].duchy[far] == "mine"


def test_a_rule_replaces_the_one_with_its_id_and_a_new_one_is_appended():
    """A placement rule with a known id takes that rule's place (and order); a new id is
    checked after the others (as the inns' "one inn per area" will be)."""
    never = PlacementRule(CITY_ONCE.rule_id, lambda *args: False, lambda *args: ("never", None))
    rules = modules.extend(modules.ruleset(()), modules.Module("test", placement=(never,)))
    assert rules.placement[-1] is never and len(rules.placement) == len(PLACEMENT_RULES)
    state, line, _ = _lonely_mine()
    kind = catalogue()["mine"]
    assert rules.placement_refusal(state.players[0], kind, 0, None) in (never, *PLACEMENT_RULES)
    new = replace(never, rule_id="cob.test.new", allows=lambda player, kind, space, value: space != 0)
    rules = modules.extend(rules, modules.Module("test-2", placement=(new,)))
    assert rules.placement[-1] is new and rules.modules == ("test", "test-2")
    assert new.allows(state.players[0], kind, 1, None) and not new.allows(state.players[0], kind, 0, None)


def test_a_phase_step_goes_before_the_step_it_names():
    """The shields' tribute is paid before the mines' income: PhaseStep(before=mine_income)."""
    def tribute(state) -> None:
        pass

    rules = modules.extend(modules.ruleset(()), modules.Module("test", phase_end=(
        modules.PhaseStep(tribute, before=mine_income),)))
    assert rules.phase_end == (tribute, mine_income)
