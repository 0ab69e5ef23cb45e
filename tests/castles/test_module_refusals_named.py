"""Refusals name the right rule (issue 36 item 13)."""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules import RULES
from burgundy_cli.core.errors import IllegalMoveError
from tests.castles.engine_kit import cmd, new_game
from tests.castles.test_rules_module_solo import play, refused, rolled


@pytest.mark.parametrize("tile", ["crane", "geese"])
def test_crane_and_geese_come_only_from_the_black_pile(tile):
    """2019 'EXPANSIONS': '4 additional hex tiles: These are shuffled into the matching piles
    (black and yellow)' -- the crane and the geese have black backs: revealed on a numbered
    depot they break cob.extra.piles, not the base game's tile count (cob.supply.exhausted)."""
    assert "black and yellow" in RULES["cob.extra.piles"].ref
    from burgundy_cli.castles.rules.boards import depot_spaces

    state = new_game(edition="2019", modules=["extra-tiles"])
    colour = "B" if tile == "crane" else "L"
    plain = {"B": "bank", "L": "cow2", "S": "ship", "C": "castle", "M": "mine", "Y": "k1"}
    depot = next(d for d in range(1, 7) if colour in depot_spaces(2, 0)[d])
    tiles = [plain[c] for c in depot_spaces(2, 0)[depot]]
    tiles[tiles.index(plain[colour])] = tile
    reveal = cmd(kind="reveal", depot=depot, tiles=tiles)
    with pytest.raises(IllegalMoveError) as refusal:
        engine.check(state, reveal)
    assert refusal.value.rule.id == "cob.extra.piles"
    engine.check(state, cmd(kind="reveal", depot=0, tiles=[tile, "ship", "castle", "mine"]))


def test_a_four_goods_exchange_is_a_rule_refusal():
    """2019 'THE SOLO GAME': 'exchange any 5 of your goods for a single hex tile from the central
    black depot' -- 4 goods are refused under cob.solo.exchange, not as a parse error."""
    state = rolled(white=2, dice=(1, 5))
    player = state.players[0]
    player.goods = {1: 2, 2: 2, 3: 2}
    player.storage[:] = ["ship"]
    play(state, "Solo: place 1 ship b3 goods 2")
    err = refused(state, "Solo: solo exchange 1 1 2 2 for ship", "cob.solo.exchange")
    assert "any 5 of your goods" in str(err)
