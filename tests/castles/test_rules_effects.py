"""What a placed tile does: ships, animals, castles and the eight buildings; corrections.

Duchy 1 around the start castle d4: c3 beige 3, c4 yellow 1, d3 blue 2, d5 blue 5,
e3 grey 4, e4 beige 3. Pasture a1 b1 b2 c1 c2 (dice 6 2 1 5 4), reached from d3 via c2.
"""

from __future__ import annotations

import pytest

from tests.castles.engine_kit import assert_illegal, assert_illegal_hinted, at_turn, cmd, play_all


def place(rolled, tile, space, player="anna", value=None, **extra):
    action = {"kind": "place", "tile": tile, "space": space, **extra}
    return cmd(kind="die", player=player, rolled=rolled, value=value, action=action)


def anna(edition="2011", depots=None, depot_goods=None, **entry):
    entry.setdefault("dice", [3, 5])
    return at_turn(edition, players={"anna": entry, "ben": {"dice": [1, 1]}},
                   depots=depots or {"2": ["k13", "castle"], "4": ["ship", "bank"], "6": ["church", "cow2"]},
                   depot_goods=depot_goods or {}, round=5)  # (5 rolls: up to 5 goods on the depots)


# --- ships --------------------------------------------------------------------------------------


def test_ship_goods():
    """2011 rules, 'Ship (blue)' 1.: "The player takes all of the goods tiles on any one depot's
    goods space ... Each player may collect up to three different types of goods ... If ... a
    player cannot store all of the goods tiles present in the chosen depot, then he simply
    leaves behind any goods he cannot store." Example: Carla takes the turquoise one and one
    other (pink or brown): a choice, named with ``keep``."""
    goods = {"1": [1, 4, 5], "2": [6]}
    state = anna(storage=["ship"], goods={"1": 1, "2": 1}, depot_goods=goods)
    assert_illegal(state, place(5, "ship", "d5", goods=3), "cob.ship.goods")          # no goods there
    assert_illegal(state, place(5, "ship", "d5"), "cob.ship.goods")                   # must take some
    assert_illegal(state, place(5, "ship", "d5", goods=1), "cob.ship.goods")          # 4 or 5?
    assert_illegal(state, place(5, "ship", "d5", goods=1, keep=(4, 5)), "cob.ship.goods")
    assert_illegal(state, place(5, "ship", "d5", goods=1, keep=(3,)), "cob.ship.goods")
    play_all(state, place(5, "ship", "d5", goods=1, keep=(5,)))
    assert state.players[0].goods == {1: 2, 2: 1, 5: 1}
    assert state.depot_goods[1] == [4]
    full = anna(storage=["ship"], goods={"1": 1, "2": 1, "3": 1}, depot_goods={"4": [5, 1]})
    play_all(full, place(5, "ship", "d5", goods=4))
    assert full.players[0].goods == {1: 2, 2: 1, 3: 1} and full.depot_goods[4] == [5]


def test_ship_moves_on_the_bridge_onto_the_top():
    """2011 rules, 'Ship (blue)' 2.: "The player moves his playing piece on the turn order track
    one space to the right. Should this space be occupied, then he places his piece on top"."""
    state = at_turn(players={"anna": {"dice": [5, 5], "storage": ["ship", "ship"]}, "ben": {}},
                    bridge=[["anna"], ["ben"]], order=["anna", "ben"])
    play_all(state, place(5, "ship", "d5"))
    assert state.bridge == [[], [1, 0]]
    assert state.bridge_order() == [0, 1]


def test_ship_second_depot():
    """2011 rules, knowledge tile 5: "may, when adding a ship to his estate, choose to take goods
    tiles not from one but from two neighbouring goods spaces"; depots 6 and 1 neighbour."""
    goods = {"1": [1], "6": [2], "3": [3]}
    state = anna(storage=["ship"], depot_goods=goods)
    assert_illegal(state, place(5, "ship", "d5", goods=1, goods2=6), "cob.ship.second-depot")
    state = anna(storage=["ship"], depot_goods=goods, duchy={"c4": "k5"})
    assert_illegal(state, place(5, "ship", "d5", goods=1, goods2=3), "cob.ship.second-depot")
    play_all(state, place(5, "ship", "d5", goods=1, goods2=6))
    assert state.players[0].goods == {1: 1, 2: 1}


# --- animals ------------------------------------------------------------------------------------


def test_animals_rulebook_example():
    """2011 rules, 'Animal': "Benno adds the topmost 4-cow tile to his estate. He receives
    4 + 3 = 7 victory points for it. Should he add another 4-cow tile to this pasture later
    on, then he would receive 4 + 4 + 3 = 11 victory points for it." Other animals and other
    pastures do not count."""
    state = at_turn(players={"anna": {"dice": [1, 2], "storage": ["cow4", "cow4"],
                                      "duchy": {"d3": "ship", "c2": "cow3", "c1": "sheep3",
                                                "d5": "ship", "d6": "ship", "e6": "cow2"}},
                             "ben": {}})
    play_all(state, place(1, "cow4", "b2"))
    assert state.players[0].vp["animals"] == 7
    play_all(state, place(2, "cow4", "b1"))
    assert state.players[0].vp["animals"] == 7 + 11


def test_animals_rulebook_example_2019_another_type():
    """2019 rules, 'Livestock (light green)' example: "Ben places the 4 cow tile at the top of his
    pasture. -- He scores 4+3=7 victory points. ... If he places a 2 sheep tile, he would score
    2+3=5 victory points." The pasture pictured holds a 3 cow and a 3 sheep tile: a 2 sheep tile
    scores with the sheep only, not with the cows on the same pasture."""
    state = at_turn("2019", players={"anna": {"dice": [1, 2], "storage": ["cow4", "sheep2"],
                                              "duchy": {"d3": "ship", "c2": "cow3", "c1": "sheep3"}},
                                     "ben": {}})
    play_all(state, place(1, "cow4", "b2"))
    assert state.players[0].vp["animals"] == 4 + 3
    play_all(state, place(2, "sheep2", "b1"))
    assert state.players[0].vp["animals"] == 7 + 2 + 3


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_animals_knowledge_seven_example(edition):
    """Knowledge tile 7, its example in each edition's words, the same figures. 2011: "Benno adds
    a 3 sheep tile to a pasture that already has a 4 sheep tile. He scores (3+1) + (4+1) = 9
    victory points. Should he later add a 2 pig tile to this pasture, then it would score 3
    victory points." 2019 (monastery tile 7): "Example: Ben places a 3 sheep tile on the pasture
    that already contains a 4 sheep tile: He gains (3+1) + (4+1) = 9 victory points. If he
    places a 2 pig tile, he gets 3 victory points.\""""
    state = at_turn(edition, players={"anna": {"dice": [1, 2], "storage": ["sheep3", "pig2"],
                                               "duchy": {"d3": "ship", "c2": "sheep4", "c4": "k7"}},
                                      "ben": {}})
    play_all(state, place(1, "sheep3", "b2"))
    assert state.players[0].vp["animals"] == 9
    play_all(state, place(2, "pig2", "b1"))
    assert state.players[0].vp["animals"] == 9 + 3


# --- castles and buildings -------------------------------------------------------------------------


def test_castle_extra_action():
    """2011 rules, 'Castle (dark green)': "he immediately carries out an additional action of his
    choice as if he had an extra die with any result he wishes at his disposal"."""
    state = anna(dice=[6, 1], storage=["castle", "bank"], duchy={"c4": "k9", "b4": "k10"})
    play_all(state, place(6, "castle", "b3", value=6, then={"kind": "place", "tile": "bank", "space": "c3"}))
    assert state.players[0].duchy.count("bank") == 1 and state.players[0].silver == 3
    state = anna(dice=[6, 1], storage=["castle"], duchy={"c4": "k9", "b4": "k10"})
    assert_illegal(state, place(6, "castle", "b3", then={"kind": "take", "tile": "k13"}), "cob.take.depot")
    play_all(state, place(6, "castle", "b3", then={"kind": "take", "tile": "k13", "depot": 2}))
    assert state.players[0].storage == ["k13"]


def test_castle_extra_action_is_one_of_the_four_actions():
    """cob.castle.action, 2011 rules, 'Castle (dark green)': "an additional action *of his choice*
    as if he had an extra die": take, place, sell or workers -- a shield is no die action (only
    the 2019 shield 11 adds it), refused with the rule, not an internal error."""
    state = anna(dice=[6, 1], storage=["castle"], duchy={"c4": "k9", "b4": "k10"})
    err = assert_illegal(state, place(6, "castle", "b3", then={"kind": "shield", "shield": 1, "space": "b3"}),
                         "cob.castle.action")
    assert "take <tile> from <depot>" in err.hint


def test_castle_extra_action_is_checked():
    """2011 rules, 'Castle (dark green)': the extra action follows the rules of that action: a
    tile placed by it must still be next to a placed tile (here the new castle counts)."""
    state = anna(dice=[6, 1], storage=["castle", "k2"], duchy={"c4": "k9", "b4": "k10"})
    assert_illegal(state, place(6, "castle", "b3", then={"kind": "place", "tile": "k2", "space": "g3"}),
                   "cob.place.adjacent")
    assert state.players[0].storage == ["castle", "k2"] and state.players[0].duchy.count("castle") == 1


def test_effect_none():
    """2011 rules, 'Mine (grey)': "These tiles are ... the only ones without an immediate effect";
    only castles and some buildings grant a further action, only ships take goods."""
    state = anna(dice=[4, 1], storage=["mine", "bank"])
    assert_illegal(state, place(4, "mine", "e3", then={"kind": "workers"}), "cob.effect.none")
    assert_illegal(state, place(4, "mine", "e3", goods=1), "cob.effect.none")


def test_building_warehouse():
    """2011 rules, 'Warehouse': "he may immediately (without having to use a die!) sell one goods
    type of his choice out of his goods storage, exactly as if he had chosen the 'Sell goods'
    action"."""
    state = anna(storage=["warehouse"], goods={"6": 2})
    assert_illegal(state, place(3, "warehouse", "c3", then={"kind": "workers"}), "cob.building.warehouse")
    assert_illegal(state, place(3, "warehouse", "c3", then={"kind": "sell", "goods": 2}), "cob.sell.none")
    play_all(state, place(3, "warehouse", "c3", then={"kind": "sell", "goods": 6}))
    assert state.players[0].vp["goods-sold"] == 4 and state.players[0].silver == 2


def test_building_take():
    """2011 rules, 'Carpenter's Workshop': "take one beige-coloured building tile of his choice
    from any numbered depot (not from the black depot!)"; 'Church': "one mine (grey),
    'knowledge' (yellow) or castle (dark green) tile"; 'Market': "one ship (blue) or animal
    (light green) tile"."""
    state = anna(storage=["carpenter", "church", "market"])
    assert_illegal(state, place(3, "carpenter", "c3", then={"kind": "take", "tile": "ship", "depot": 4}),
                   "cob.building.take")
    assert_illegal(state, place(3, "carpenter", "c3", then={"kind": "workers"}), "cob.building.take")
    assert_illegal(state, place(3, "church", "c3", then={"kind": "take", "tile": "bank", "depot": 4}),
                   "cob.building.take")
    assert_illegal(state, place(3, "market", "c3", then={"kind": "take", "tile": "church", "depot": 6}),
                   "cob.building.take")
    play_all(state, place(3, "market", "c3", then={"kind": "take", "tile": "cow2", "depot": 6}))
    assert state.players[0].storage == ["carpenter", "church", "cow2"]


def test_building_city_hall():
    """2011 rules, 'City Hall': "he may immediately add a second six-sided tile of his choice to
    his estate from one of his three storage spaces ... (and including all of its effects!)"."""
    state = anna(storage=["city-hall", "k2", "watchtower"])
    assert_illegal(state, place(3, "city-hall", "c3", then={"kind": "workers"}), "cob.building.city-hall")
    play_all(state, place(3, "city-hall", "c3", then={"kind": "place", "tile": "k2", "space": "c4"}))
    assert state.players[0].knowledge == {2}
    state = anna(storage=["city-hall", "watchtower"])
    play_all(state, place(3, "city-hall", "c3", then={"kind": "place", "tile": "watchtower", "space": "e4"}))
    assert state.players[0].vp["watchtowers"] == 4


def test_boarding_house_bank_watchtower():
    """2011 rules, 'Boarding House': "takes 4 worker tiles"; 'Bank': "takes 2 Silverlings";
    'Watchtower': "moves his playing piece on the victory point track forward by 4 spaces"."""
    state = anna(dice=[3, 3], storage=["boarding-house", "bank"])
    play_all(state, place(3, "boarding-house", "c3"), place(3, "bank", "e4"))
    assert (state.players[0].workers, state.players[0].silver) == (4, 3)


# --- corrections ------------------------------------------------------------------------------------


def test_correction_range():
    """Notation, corrections (docs/notation.md): a manual correction fixes a count but cannot make
    it negative, nor give a fourth goods type (2011 rules, 'Ship': "Each player may collect up
    to three different types of goods"); VP corrections stay visible as their own category."""
    state = anna(silver=1, goods={"1": 1, "2": 1, "4": 1})
    assert_illegal(state, cmd(kind="correction", player="anna", resource="silver", amount=-2), "cob.correction.range")
    assert_illegal(state, cmd(kind="correction", player="anna", resource="goods3", amount=-1), "cob.correction.range")
    assert_illegal(state, cmd(kind="correction", player="anna", resource="goods3", amount=1), "cob.correction.range")
    play_all(state, cmd(kind="correction", player="anna", resource="goods2", amount=2),
             cmd(kind="correction", player="ben", resource="vp", amount=3, note="forgot a watchtower"))
    assert state.players[0].goods[2] == 3 and state.players[1].vp == {"corrections": 3}


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_a_buildings_take_the_depot_does_not_hold_cites_the_building_and_where_the_tile_lies(edition):
    """2011 rules, 'Church': "he may immediately take one mine (grey), "knowledge" (yellow) or
    castle (dark green) tile of his choice from any numbered depot" / 2019 'Church': "from any
    of the six depots": a church's take is bound to no die, so a tile missing from the depot it
    names is refused by the building's rule (cob.building.take), not the die's take ("from the
    depot whose number matches the die"), and the hint is the take that is legal."""
    state = anna(edition, storage=["church"])
    err = assert_illegal(state, place(3, "church", "c3", then={"kind": "take", "tile": "k13", "depot": 4}),
                         "cob.building.take")
    assert "no k13 to take from depot 4" in err.message and "`then take k13 from 2`" in err.hint
    play_all(state, place(3, "church", "c3", then={"kind": "take", "tile": "k13", "depot": 2}))
    assert state.players[0].storage == ["k13"]


def test_a_die_take_the_depot_does_not_hold_says_the_depot_the_tile_lies_in():
    """2011 rules, 'Take six-sided tile from the game board': "from the depot whose number
    corresponds to the result of the die used": a castle taken with a 5 lies in depot 2, and
    the hint says so, and, as a session gives it (record/clarify.with_fix_hint), the cheapest
    change of a die to 2 whose line is legal."""
    state = anna(workers=3)
    err = assert_illegal_hinted(state, cmd(kind="die", player="anna", rolled=5,
                                           action={"kind": "take", "tile": "castle"}), "cob.take.depot")
    assert err.hint.endswith("; castle lies in depot 2; write 3>2 (1 worker tile)")
    play_all(state, cmd(kind="die", player="anna", rolled=5, value=2, action={"kind": "take", "tile": "castle"}))
