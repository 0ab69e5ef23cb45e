"""The rulebooks' printed examples that no other test played: the 2019 rulebook's own, where its
numbers or wording differ from 2011's (or repeat them in a record of its own edition), and the
notes both rulebooks give as examples (a market with nothing to take, a colour covered by the
third mine).

Duchy 1 (both editions): c3 beige 3, c4 yellow 1, d3 blue 2, d5 blue 5, e3/f2/g1 the three
mines (dice 4, 1, 3), pasture a1 b1 b2 c1 c2 (dice 6 2 1 5 4) reached from d3 via c2.
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.boards import board, space_id
from burgundy_cli.castles.rules.scoring import knowledge_points
from tests.castles.engine_kit import at_turn, cmd, play_all, position


def die(rolled, action, value=None, player="anna"):
    return cmd(kind="die", player=player, rolled=rolled, value=value, action=action)


def place(rolled, tile, space, value=None, player="anna", **extra):
    return die(rolled, {"kind": "place", "tile": tile, "space": space, **extra}, value, player)


def final(players: dict, edition: str):
    """A position after phase E, scored with the game over."""
    state = position(players, edition, phase="E", round=5)
    state.stage = "over"
    return state


def test_2019_workers_example_two_into_six():
    """2019 rules, 'A player's turn': "Example: By using 2 workers, Anna changes a 2 into a 6, and
    then takes a hex tile from the 6 depot.\""""
    state = at_turn("2019", players={"anna": {"dice": [2, 5], "workers": 2}, "ben": {}},
                    depots={"6": ["bank", "cow2"]})
    play_all(state, die(2, {"kind": "take", "tile": "cow2"}, value=6))
    assert state.players[0].workers == 0 and state.players[0].storage == ["cow2"]


def test_2019_ship_example_carla_the_tile_that_does_not_fit_stays():
    """2019 rules, 'Ship (blue)' 1.: "Example: Carla placed a ship. She now takes goods tiles
    from the depot: the turquoise one (stacking it on top of her other turquoise goods tile) as
    well as one more (either the pink or the brown one) which she places on her only empty
    storage space." and "that tile remains in the depot"."""
    state = at_turn("2019", players={"anna": {"dice": [5, 3], "storage": ["ship"], "goods": {"1": 1, "2": 1}},
                                     "ben": {}},
                    depot_goods={"1": [1, 4, 5]}, round=5)
    play_all(state, place(5, "ship", "d5", goods=1, keep=(4,)))
    assert state.players[0].goods == {1: 2, 2: 1, 4: 1}
    assert state.depot_goods[1] == [5]


def test_2019_livestock_example_another_four_cow_scores_eleven():
    """2019 rules, 'Livestock (light green)': "Ben places the 4 cow tile at the top of his
    pasture. -- He scores 4+3=7 victory points. Later in the game, if he places another 4 cow
    tile on that pasture, he would score 4+4+3=11 victory points.\""""
    state = at_turn("2019", players={"anna": {"dice": [1, 2], "storage": ["cow4", "cow4"],
                                              "duchy": {"d3": "ship", "c2": "cow3"}},
                                     "ben": {}})
    play_all(state, place(1, "cow4", "b2"))
    assert state.players[0].vp["animals"] == 7
    play_all(state, place(2, "cow4", "b1"))
    assert state.players[0].vp["animals"] == 7 + 11


def test_2019_duchy_one_has_four_towns():
    """2019 rules, 'Buildings (beige)': "For example, duchy 1 contains 4 towns: one size 1 and
    one size 5 town, plus two size 3 towns.\""""
    duchy = board("2019", 1)
    assert sorted(len(area) for area in duchy.areas if duchy.colour[area[0]] == "B") == [1, 3, 3, 5]


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_a_market_with_nothing_to_take_is_still_placed(edition):
    """2011 rules, 'Fundamentally, when placing all buildings': "Should a player not be able to
    make use of a building's advantage (because, for example, there aren't any more blue or
    light green tiles left in the numbered depots after having placed a market), then the
    building may still be added (although the advantage is lost in this case)"; 2019: "for
    example, when a player places a market but there is no light green or blue tile in any of
    the six depots, they may still place that building"."""
    state = at_turn(edition, players={"anna": {"dice": [3, 5], "storage": ["market"]}, "ben": {}},
                    depots={"2": ["k13", "castle"], "4": ["bank"]})
    play_all(state, place(3, "market", "c3"))
    assert state.players[0].duchy[space_id("c3")] == "market"


@pytest.mark.parametrize(("edition", "players", "large", "small"),
                         [("2011", 3, 6, 3), ("2019", 3, 6, 3), ("2011", 4, 7, 4), ("2019", 4, 7, 4)])
def test_the_third_mine_covers_the_colour(edition, players, large, small):
    """2011 rules: "The first player who manages to cover all spaces of one colour in his entire
    estate with tiles (by placing his third mine, for example ...) ... immediately scores victory
    points depending on the number of players (5 victory points with 2 players, 6 victory points
    with 3 players or 7 victory points with 4 players). The second player ... the small bonus
    tile and the corresponding 2 to 4 victory points"; 2019: "(for example by placing their
    third mine ...) ... (5 victory points in the 2-player game, 6 in the 3-player game, or 7 in
    the 4-player game). The second player ... scores 2-4 victory points. The third and fourth
    players get no bonus.\""""
    names = ["anna", "ben", "cara", "dario"][:players]
    mines = {"e3": "mine", "f2": "mine"}
    state = at_turn(edition, players={name: {"dice": [3, 3], "storage": ["mine"], "duchy": mines} for name in names})
    for name in names:
        play_all(state, place(3, "mine", "g1", player=name), die(3, {"kind": "workers"}, player=name))
    assert [(p.bonuses, p.vp.get("colour-bonus", 0)) for p in state.players] == \
        [(["M-large"], large), (["M-small"], small)] + [([], 0)] * (players - 2)


def test_2019_knowledge_eight_example_three_into_six():
    """2019 rules, monastery tile 8: "you may add or subtract 2 instead of 1. Example: To change
    a 3 to a 6, Carla only needs to use 2 workers instead of 3.\""""
    state = at_turn("2019", players={"anna": {"dice": [3, 5], "workers": 2, "duchy": {"c4": "k8"}}, "ben": {}},
                    depots={"6": ["bank"]})
    assert engine.worker_cost(state.players[0], 3, 6) == 2
    play_all(state, die(3, {"kind": "take", "tile": "bank"}, value=6))
    assert state.players[0].workers == 0
    without = at_turn("2019", players={"anna": {"dice": [3, 5], "workers": 2}, "ben": {}})
    assert engine.worker_cost(without.players[0], 3, 6) == 3


def test_2019_knowledge_sixteen_to_twenty_three_example():
    """2019 rules, monastery tiles 16-23: "Example: Ben has placed the yellow #17 (watchtower)
    and #22 (bank) tiles in their duchy, and also 2 watchtowers and 4 banks: Ben scores (2x4) +
    (4x4) = 24 victory points.\""""
    duchy = {"c4": "k17", "b4": "k22", "c3": "bank", "e4": "bank", "b5": "bank", "d3": "ship", "d2": "ship",
             "e1": "bank", "e2": "watchtower", "c5": "watchtower"}
    state = final({"ben": {"duchy": duchy}, "anna": {}}, "2019")
    assert knowledge_points(state, state.players[0]) == {17: 8, 22: 16}


def test_2019_knowledge_twenty_five_example():
    """2019 rules, monastery tiles 15 and 25: "Dario has sold the following goods tiles: 4x red,
    3x purple, 3x pink and 1x orange. He scores 4 types x 2 = 8 victory points." ... "If Dario
    had placed this tile as well, he would get 11 additional victory points (see example for
    tile 15).\""""
    state = final({"dario": {"duchy": {"c4": "k25", "b4": "k15"}, "sold": {"4": 4, "2": 3, "3": 3, "6": 1}},
                   "ben": {}}, "2019")
    assert knowledge_points(state, state.players[0]) == {15: 8, 25: 11}
