"""A finished game stays finished (issue 36 item 14; docs/rulings.md, "No purchase after the
last die of the game").

2019 rules, 'End of the game': "The game ends when the fifth phase (phase E) has been
completed. Final scoring commences"; the summary: "The game ends after phase E (= 25 rounds /
50 dice actions)". Once the last die of phase E is used, every line kind -- a module's too --
is refused with ``cob.flow.over`` by ``check``, ``play``, the replay and ``moves`` alike, but
the lines a finished record may still say: a correction and the crane's final-scoring choice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.movegen import legal_commands, legal_moves
from burgundy_cli.castles.notation import parse_line
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.session import open_record

RECORDS = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy"
ALL_MODULES = RECORDS / "complete-4p-2019-all-modules.toml"

#: One line of every kind the engine and the all-modules game's modules know, said by Anna after
#: the game's end. A new line kind fails
#: test_every_line_kind_has_an_example until it is given one here.
LINES = {
    "die": "anna: workers 3",
    "buy": "anna: buy castle",
    "pass": "anna: pass",
    "roll": "roll white 3 good 2, anna 1 2, ben 3 4, cara 5 6, dario 1 1",
    "reveal": "reveal 1 castle ship",
    "phase-goods": "goods 1 2 3 4 5",
    "hire": "anna: hire 2 workers",
    "shield": "anna: shield 3 3 12 c4",
    "tribute": "anna: tribute drop 15",
    "shield-goods": "anna: shield goods 4",
    "shield-borrow": "anna: shield borrow ben",
    "shield-place": "anna: shield place castle from black a1",
}
#: What a finished record may still say (engine.said_after_the_end).
STILL_SAID = {"correction": "fix Anna silver +1", "crane": "anna: crane as bank"}


@pytest.fixture(scope="module")
def finished():
    session = open_record(ALL_MODULES)
    assert session.state.stage == "over"
    return session


def test_every_line_kind_has_an_example(finished):
    kinds = set(engine._CHECKS) | set(finished.state.ruleset.lines)
    assert kinds == set(LINES) | set(STILL_SAID)


@pytest.mark.parametrize("kind", sorted(LINES))
def test_every_line_kind_answers_the_game_is_over(finished, kind):
    """Every kind of line, a module's too, is refused by the one rule once the game is over,
    citing the 2019 rulebook's end of the game; check and play agree, and play changes nothing."""
    state = finished.state
    command = parse_line(LINES[kind])
    assert command.kind == kind
    with pytest.raises(IllegalMoveError) as refused:
        engine.check(state, command)
    assert refused.value.rule.id == "cob.flow.over"
    before = finished.score()
    copy = state.copy()
    with pytest.raises(IllegalMoveError) as refused:
        engine.play(copy, command)
    assert refused.value.rule.id == "cob.flow.over"
    assert finished.score() == before


def test_shield_15_after_phase_e_is_refused_and_moves_lists_only_the_crane():
    """Shield 15 ("at the end of each phase ... take a hex tile from the black depot") after phase
    E: refused, so the stored complete result (Anna 127) cannot rise; moves lists no line but the
    crane's final-scoring choice of its owner, Cara (docs/rulings.md, "The crane at the final
    scoring": said "after the game's last action").

    In this record Anna takes shield 15 in E4 but cannot pay its tribute at E's end ("At the end
    of each phase, *before* receiving silver from your mines, you must pay tribute for your
    shields! ... If you cannot ..., you must remove that many shields"): her E5 purchase left
    her no silver. So the finished position is given her shield 15 back on a3, as if she had
    paid, and its use is still refused."""
    from burgundy_cli.castles.modules.shields import put_shield

    session = open_record(ALL_MODULES)
    state = session.state
    assert 15 in state.shields.removed and not state.players[0].shields
    put_shield(state, state.players[0], 15, "a3")
    assert 15 in state.players[0].shields.values() and state.depots[0]
    assert {(command.kind, command.player) for command in legal_commands(state)} == {("crane", "Cara")}
    assert list(legal_moves(state).groups) == ["the crane (Cara) counts as, at the final scoring"]
    with pytest.raises(IllegalMoveError) as refused:
        session.check("anna: shield place castle from black a1")
    assert refused.value.rule.id == "cob.flow.over"
    assert "2019 rules 'End of the game'" in refused.value.rule.ref


def test_corrections_are_still_said_after_the_end(finished):
    """docs/notation.md: 'fix ...' is a visible correction by the table, at any time."""
    engine.check(finished.state, parse_line(STILL_SAID["correction"]))
    assert engine.said_after_the_end(finished.state, "crane")
