"""Dice and workers: which die, what it costs to change it, and what its number means.

Duchy 1 around the start castle d4: c3 beige 3, c4 yellow 1, d3 blue 2, d5 blue 5,
e3 grey 4, e4 beige 3.
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.boards import space_id
from tests.castles.engine_kit import assert_illegal, at_turn, cmd


def die(rolled, action, value=None, player="anna"):
    return cmd(kind="die", player=player, rolled=rolled, value=value, action=action)


def anna(**entry):
    entry.setdefault("dice", [2, 5])
    return {"players": {"anna": entry, "ben": {}}}


def test_die_unused():
    """2011 rules, 'A player's turn': "consists of carrying out exactly two actions, one per
    die. Once a die has been used, it is placed onto the used die storage space"."""
    state = at_turn(**anna(dice=[2, 5]))
    err = assert_illegal(state, die(3, {"kind": "workers"}), "cob.die.unused")
    assert err.hint == "unused dice: 2, 5"
    engine.play(state, die(2, {"kind": "workers"}))
    assert_illegal(state, die(2, {"kind": "workers"}), "cob.die.unused")


def test_die_workers():
    """2011 rules, 'Worker tiles': "to adjust a die's result up or down by 1. Changing a die's
    result from 1 to 6 or from 6 to 1 is also permitted and also costs one worker tile."
    Example: "By paying 2 worker tiles, Anna can turn a 2 into a 6"."""
    state = at_turn(**anna(dice=[2, 5], workers=1, storage=["ship"]))
    err = assert_illegal(state, die(2, {"kind": "take", "tile": "ship"}, value=6), "cob.die.workers")
    assert err.hint == "needs 2 worker tiles, anna has 1"
    state = at_turn(**anna(dice=[2, 5], workers=2), depots={"6": ["bank", "cow2"]})
    engine.play(state, die(2, {"kind": "take", "tile": "bank"}, value=6))
    assert state.players[0].workers == 0


@pytest.mark.parametrize(("rolled", "value", "workers"), [(1, 6, 1), (6, 1, 1), (2, 6, 2), (3, 6, 3), (4, 4, 0)])
def test_worker_cost_wraps_between_one_and_six(rolled, value, workers):
    """2011 rules, 'Worker tiles': "Changing a die's result from 1 to 6 or from 6 to 1 is also
    permitted and also costs one worker tile.\""""
    state = at_turn(**anna(dice=[rolled, 5]))
    assert engine.worker_cost(state.players[0], rolled, value) == workers


def test_knowledge_eight_two_steps_per_worker():
    """2011 rules, knowledge tile 8: "may adjust a die result by up to +/-2 per worker tile".
    Example: "To make a 3 out of a 6, Carla would now only need 2 worker tiles" -- and a
    2 into a 5 costs 2 as well (3 steps)."""
    state = at_turn(**anna(dice=[6, 2], workers=2, duchy={"c4": "k8"}))
    player = state.players[0]
    assert engine.worker_cost(player, 6, 3) == 2
    assert engine.worker_cost(player, 6, 4) == 1
    assert engine.worker_cost(player, 2, 5) == 2


@pytest.mark.parametrize(("tile", "knowledge", "space", "rolled"), [
    ("bank", "k9", "c3", 4), ("ship", "k10", "d5", 4), ("mine", "k11", "e3", 5),
])
def test_knowledge_nine_to_eleven_free_change_when_placing(tile, knowledge, space, rolled):
    """2011 rules, knowledge tiles 9-11: "may adjust all die results being used to place
    buildings (9) / ships or animals (10) / castles, mines or knowledge (11) by +/- 1, just
    as if he had used a worker tile for them." With no workers at all."""
    state = at_turn(**anna(dice=[rolled, 1], workers=0, storage=[tile], duchy={"c4": knowledge}))
    value = state.players[0].board.die[space_id(space)]
    engine.play(state, die(rolled, {"kind": "place", "tile": tile, "space": space}, value=value))
    assert state.players[0].workers == 0


def test_knowledge_twelve_free_change_when_taking():
    """2011 rules, knowledge tile 12: "may adjust any die results being used to take new
    six-sided tiles from the game board by +/- 1"; it does not help a sale."""
    state = at_turn(**anna(dice=[3, 1], workers=0, duchy={"c4": "k12"}, goods={"4": 1}),
                    depots={"4": ["ship", "bank"]})
    assert_illegal(state, die(3, {"kind": "sell", "goods": 4}, value=4), "cob.die.workers")
    engine.play(state, die(3, {"kind": "take", "tile": "ship"}, value=4))
    assert state.players[0].storage == ["ship"]


def test_option_k8_doubles_free_change():
    """Ruling (docs/rulings.md): by default tile 8 does not double the free +/-1 of tiles
    9-12 ("change the die result by 1"); option k8-doubles-free-change makes it 2."""
    table = anna(dice=[1, 6], workers=0, storage=["bank"], duchy={"c4": "k8", "b4": "k9"})
    state = at_turn(**table)
    assert_illegal(state, die(1, {"kind": "place", "tile": "bank", "space": "c3"}, value=3), "cob.die.workers")
    state = at_turn(**table, options={"k8-doubles-free-change": True})
    engine.play(state, die(1, {"kind": "place", "tile": "bank", "space": "c3"}, value=3))


def test_die_value():
    """2011 rules, 'The actions': take "from the depot whose number corresponds to the result of
    the die"; place: "The die ... indicates which corresponding empty space"; sell: "The die
    ... indicates which goods type (= colour) may be sold"."""
    state = at_turn(**anna(dice=[2, 5], storage=["ship"], goods={"2": 1, "5": 1}), depots={"2": ["k1", "castle"]})
    assert_illegal(state, die(2, {"kind": "take", "tile": "k1", "depot": 3}), "cob.die.value")
    assert_illegal(state, die(2, {"kind": "place", "tile": "ship", "space": "d5"}), "cob.die.value")
    assert_illegal(state, die(2, {"kind": "sell", "goods": 5}), "cob.die.value")
    engine.play(state, die(5, {"kind": "place", "tile": "ship", "space": "d5", "goods": None}))


def test_workers_action_any_die():
    """2011 rules, 'Take worker tiles': "use any die result to take 2 worker tiles"; tile 14:
    4 instead of 2; tile 13: also 1 silverling."""
    state = at_turn(**anna(dice=[2, 5], workers=0, silver=0))
    engine.play(state, die(5, {"kind": "workers"}))
    assert (state.players[0].workers, state.players[0].silver) == (2, 0)
    state = at_turn(**anna(dice=[2, 5], workers=0, silver=0, duchy={"c4": "k13", "e3": "mine", "f3": "k14"}))
    engine.play(state, die(5, {"kind": "workers"}))
    assert (state.players[0].workers, state.players[0].silver) == (4, 1)


def test_white_die_is_never_changed():
    """2011 'The five game rounds': the white die 'can never be adjusted via worker tiles!';
    2019 'The five game rounds': 'its result cannot be changed by using a worker!'. A roll
    line that writes it changed is refused, not read with the change dropped."""
    from burgundy_cli.castles.notation import parse_line
    from burgundy_cli.core.errors import IllegalMoveError

    with pytest.raises(IllegalMoveError) as err:
        parse_line("roll white 3>4 good 5, anna 1 2, bob 3 4")
    assert err.value.rule.id == "cob.roll.white"
