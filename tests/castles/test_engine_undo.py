"""``engine.play`` places a tile that grants an action once, on the game's own state, and
restores the state when the purchase inside the placement or the granted action is illegal:
from a small undo (a castle or building granting an action, no purchase inside) or from an
undo copy (``GameState.branch``/``restore``). A refused line must leave the state
exactly as it was and give the same error as ``engine.check``.
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles import engine
from burgundy_cli.castles.state import GameState, PlayerState
from burgundy_cli.core.errors import IllegalMoveError
from tests.castles.engine_kit import at_turn, cmd


def snapshot(state: GameState) -> list:
    """Every field of the state and its players (sets sorted), and which player objects it holds."""
    def shown(value):
        return sorted(value) if isinstance(value, set) else value

    fields = [(name, repr(getattr(state, name))) for name in GameState.__slots__ if name != "players"]
    players = [(id(p), [repr(shown(getattr(p, name))) for name in PlayerState.__slots__]) for p in state.players]
    return fields + players


def castle_then(then: dict, edition: str = "2011", **buy) -> tuple[GameState, object]:
    state = at_turn(edition, players={"anna": {"dice": [6, 1], "storage": ["castle", "k2"],
                                               "duchy": {"c4": "k9", "b4": "k10"}, "silver": 3},
                                      "ben": {"dice": [1, 1]}},
                    depots={"2": ["k13", "castle"]})
    action = {"kind": "place", "tile": "castle", "space": "b3", "then": then}
    if buy:
        action["buy"] = {"player": "anna", **buy}
    return state, cmd(kind="die", player="anna", rolled=6, action=action)


@pytest.mark.parametrize(("then", "edition", "buy", "rule_id"), [
    ({"kind": "take", "tile": "k13"}, "2011", {}, "cob.take.depot"),
    ({"kind": "place", "tile": "k2", "space": "g3"}, "2011", {}, "cob.place.adjacent"),
    ({"kind": "sell", "goods": 4}, "2011", {}, "cob.sell.none"),
    ({"kind": "take", "tile": "k13", "depot": 2}, "2019", {"tile": "castle"}, "cob.buy.during-use"),
    ({"kind": "place", "tile": "k7", "space": "g3"}, "2019", {"tile": "k7"}, "cob.place.adjacent"),  # bought, then refused
])
def test_refused_grant_leaves_the_state_unchanged(then, edition, buy, rule_id):
    """A castle placed by a die whose extra action (or purchase inside it) is illegal."""
    state, command = castle_then(then, edition, **buy)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as checked:
        engine.check(state, command)
    with pytest.raises(IllegalMoveError) as played:
        engine.play(state, command)
    assert played.value.rule.id == checked.value.rule.id == rule_id
    assert (str(played.value), played.value.hint) == (str(checked.value), checked.value.hint)
    assert snapshot(state) == before


def test_accepted_grant_is_played_once():
    """The same castle with a legal extra action: placed once, the action carried out."""
    state, command = castle_then({"kind": "take", "tile": "k13", "depot": 2})
    engine.play(state, command)
    anna = state.players[0]
    assert anna.duchy.count("castle") == 2 and anna.storage == ["k2", "k13"] and anna.dice == [1]
    assert state.depots[2] == ["castle"]


def test_branch_holds_every_field():
    """``branch`` is built field by field: it must set every slot, and restoring from it must
    give back the state's own values."""
    state, _ = castle_then({"kind": "workers"})
    branch = state.branch(0)
    assert all(getattr(branch, name) == getattr(state, name) for name in GameState.__slots__ if name != "players")
    before = snapshot(state)
    state.players[0].storage.clear()
    state.depots[2].append("mine")
    state.bought = True
    state.restore(branch, 0)
    assert snapshot(state) == before
