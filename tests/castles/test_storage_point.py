"""The storage's points (issue 32 point 1): the size of a player's storage
(``actions.storage_spaces``, handlers ``Ruleset.storage_size``; 2019 shield 4) and the
goods-types limit (``actions.goods_types_free``, ``Ruleset.goods_types``; the 2019 solo game
has none). The take, the purchase, the ship, shield 5 and the move generator ask them; no
module re-tests ``len(player.storage) >= 3`` or ``len(player.goods) >= 3``.
"""

from __future__ import annotations

import re
from pathlib import Path

from burgundy_cli.castles.modules import Module, extend
from burgundy_cli.castles.movegen import legal_moves
from burgundy_cli.castles.notation import parse_line
from burgundy_cli.castles.rules import actions, engine
from burgundy_cli.castles.rules.actions import goods_types_free, storage_spaces
from burgundy_cli.core.errors import IllegalMoveError
from tests.castles.engine_kit import at_turn, play_all


def full_storage(**options):
    """Anna to move with 3 stored tiles and a ship on depot 3 (2019)."""
    state = at_turn("2019", players={"anna": {"dice": [3, 3], "storage": ["k3", "k4", "k5"]},
                                     "ben": {"dice": [1, 1]}}, options=options)
    state.revealed[3] = True
    state.depots[3] = ["ship"]
    return state


def test_a_module_on_the_storage_size_is_reached_by_the_take_and_the_move_generator():
    """A throwaway module gives every storage a fourth space: the take's check and play accept a
    fourth tile without a discard, and the move generator lists it."""
    asked = []

    def four(state, player, spaces):
        asked.append(player.name)
        return spaces + 1

    state = full_storage()
    line = parse_line("anna: take 3 ship")
    try:
        engine.check(state, line)
        raise AssertionError("a full storage took a tile without a discard")
    except IllegalMoveError as err:
        assert err.rule.id == "cob.storage.full"
    state.ruleset = extend(state.ruleset, Module("probe", storage_size=(four,)))
    assert storage_spaces(state, state.players[0]) == 4
    engine.check(state, line)
    assert any("take 3 ship" in text for texts in legal_moves(state).groups.values() for text in texts
               if "discard" not in text)
    play_all(state, line)
    assert asked and state.players[0].storage == ["k3", "k4", "k5", "ship"]


def test_a_module_on_the_goods_types_limit_is_reached_by_the_ship():
    """A throwaway module allows 2 goods types: a ship offering a third needs ``keep``."""
    state = at_turn("2019", players={"anna": {"dice": [2, 2], "storage": ["ship"], "goods": {"1": 1, "2": 1}},
                                     "ben": {"dice": [1, 1]}})
    state.depot_goods[4] = [3]
    assert goods_types_free(state, state.players[0]) == 1
    engine.check(state, parse_line("anna: place 2 ship d3 goods 4"))
    state.ruleset = extend(state.ruleset, Module("probe", goods_types=2))
    assert goods_types_free(state, state.players[0]) == 0
    assert actions.ship_refusal(state, state.players[0], 4, None, None) is None  # takes nothing new
    play_all(state, parse_line("anna: place 2 ship d3 goods 4"))
    assert state.players[0].goods == {1: 1, 2: 1}


def test_the_solo_game_holds_every_goods_type():
    """2019 solo game, 'Setup': "no limit on the number of goods types" (cob.solo.setup)."""
    from burgundy_cli.castles.modules import ruleset

    assert ruleset(("solo-game",)).goods_types == 6 and ruleset(()).goods_types == actions.GOODS_TYPES


def test_no_module_counts_storage_or_goods_types_itself():
    """The modules, the move generator and the engine ask the two points: none compares the
    number of stored tiles or goods types with a 3 of its own."""
    root = Path(actions.__file__).resolve().parent.parent
    pattern = re.compile(r"len\((?:player|p)\.(?:storage|goods)(?:\.keys\(\))?\)\s*[<>]=?\s*3|3 - len\(held\)")
    found = [f"{path.relative_to(root)}:{number}" for path in sorted(root.rglob("*.py"))
             for number, text in enumerate(path.read_text().splitlines(), 1) if pattern.search(text)]
    assert found == []
