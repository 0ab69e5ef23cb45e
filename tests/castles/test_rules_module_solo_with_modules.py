"""The 2019 solo game played with the other 2019 modules (rulebook 'THE SOLO GAME', 'THE SHIELDS',
'The Trade Routes', 'New duchies (nos. 11a - 11f)', 'THE TEAM GAME'; docs/rulings.md, "The solo
game with other modules").

The rulebook names no module the solo game cannot be played with; its own setup says "Follow the
rules for the 2-player game for the rest of the game setup", and "All rules of the base game
apply, except for the following exceptions and additions". The passages quoted are from
../shared/rules/castles-of-burgundy-2019-rules-with-expansions.txt.
"""

from __future__ import annotations

import random

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.modules.solo import removal_line
from burgundy_cli.castles.notation import parse_line
from burgundy_cli.castles.playout import phase_lines
from burgundy_cli.castles.record.setup import SetupError
from burgundy_cli.castles.record.setup_table import state_from_setup
from burgundy_cli.castles.rules.scoring import breakdown
from burgundy_cli.core.game import GameHeader
from tests.castles.test_rules_module_solo import play, refused

#: The 2-player deal of the shields: one per depot.
ONE_PER_DEPOT = {"1": [1], "2": [2], "3": [3], "4": [5], "5": [17], "6": [18]}


def solo(*modules: str, options=None, **setup):
    """A solo game on 13x (castle on b1, goods 1 2 3) with ``modules`` (and the rule ``options``),
    phase A laid out."""
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["Solo"],
                        options={"modules": ["solo-game", *modules], **(options or {})})
    data = {"boards": "13x", "start": {"Solo": "b1"}, "goods": {"Solo": [1, 2, 3]}, **setup}
    state = state_from_setup(header, data)
    for line in phase_lines(random.Random(3), state):
        engine.play(state, parse_line(line))
    return state


def removed(state):
    return play(state, removal_line(state))


# --- setup: as for 2 players --------------------------------------------------------------------


def test_the_shields_are_dealt_as_for_two_players():
    """'THE SOLO GAME', 'Game setup': "Follow the rules for the 2-player game for the rest of the
    game setup"; 'THE SHIELDS', 'Game setup': "2 players: ... 1 shield per depot"
    (cob.shield.setup). Two per depot (the 4-player deal) is refused."""
    state = solo("shields", shields=ONE_PER_DEPOT)
    assert [state.shields.depots[depot] for depot in range(1, 7)] == [[1], [2], [3], [5], [17], [18]]
    with pytest.raises(SetupError, match="1 shield"):
        solo("shields", shields={str(depot): [depot, depot + 6] for depot in range(1, 7)})


def test_the_trade_route_has_the_two_player_five_cards():
    """'THE SOLO GAME', 'Game setup': "Follow the rules for the 2-player game"; 'The Trade Routes':
    "2 players: 5 cards", "Each trade route card has 3 spaces": 15 spaces (it was an internal
    error: no count for 1 player)."""
    state = solo("trade-routes", routes={"Solo": ["1 vp-2"] * 15})
    assert len(state.players[0].route) == 15
    with pytest.raises(SetupError, match="has 15 spaces with 1 player,"):
        solo("trade-routes", routes={"Solo": ["1 vp-2"] * 9})


def test_the_border_posts_and_the_team_game_are_not_played_solo():
    """'New duchies (nos. 11a - 11f)': "every player receives a no. 11 duchy" -- the solo game is
    played on its own duchy 13 (cob.border.duchy); 'THE TEAM GAME': "Form teams of 2 players"
    (cob.team.players: 4 players) -- the solo game has one."""
    with pytest.raises(SetupError, match="cob.border.duchy"):
        solo("border-posts")
    with pytest.raises(SetupError, match="team game is not refereed with the 'solo-game' module"):
        solo("team-game")


# --- the shields in play ---------------------------------------------------------------------------


def test_a_shield_on_doubles_comes_after_the_removal():
    """'THE SOLO GAME', 'Playing the game': "Then remove a hex tile ... Next, perform your 2 dice
    actions"; 'THE SHIELDS': doubles take a shield "instead of taking your 2 game actions" -- so
    the shield too waits for the removal (cob.solo.remove)."""
    state = play(solo("shields", shields=ONE_PER_DEPOT), "roll white 3, Solo 2 2")
    error = refused(state, "Solo: shield 2 2 2 b1", "cob.solo.remove")
    assert error.hint == removal_line(state)
    play(removed(state), "Solo: shield 2 2 2 b1")
    assert state.players[0].shields == {space_id("b1"): 2}


def test_shield_18_lifts_the_river_as_it_lifts_adjacency():
    """'THE SHIELDS', 18): "you are allowed to place hex tiles on any space in your duchy, not
    only adjacent to a previously placed tile"; the solo game's river is its adjacency ("You can
    only expand to other regions via the rivers", cob.solo.river)."""
    state = removed(play(solo("shields", shields=ONE_PER_DEPOT), "roll white 2, Solo 3 1"))
    state.players[0].storage[:] = ["ship"]
    refused(state, "Solo: place 3 ship d2 goods 2", "cob.solo.river")  # NE's ship space, no ship of ours yet
    state.players[0].shields[space_id("b1")] = 18
    play(state, "Solo: place 3 ship d2 goods 2")


def test_shield_1_counts_every_pasture_as_one_in_the_solo_game():
    """'THE SHIELDS', 1): "all pasture spaces count as connected, as if there was just one pasture
    in your duchy" -- the solo game's livestock (which moves the VP counter, cob.solo.counter)
    keeps it: a cow on a1 scores the cow on c4 too."""
    for shield, points in ((None, 3), (1, 3 + 2)):
        state = removed(play(solo("shields", shields=ONE_PER_DEPOT), "roll white 2, Solo 6 1"))
        player = state.players[0]
        player.duchy[space_id("c4")] = "cow2"  # another pasture, laid before
        player.duchy[space_id("a2")] = "bank"  # (a1's neighbour)
        if shield is not None:
            player.shields[space_id("b1")] = shield
        player.storage[:] = ["cow3"]
        before = player.vp.get("animals", 0)
        play(state, "Solo: place 6 cow3 a1")
        assert player.vp["animals"] - before == points
        assert state.solo.seen == player.points  # the counter moved with them


def test_an_inn_beside_the_black_depot_is_a_completed_colours_tile():
    """'The Inns': "Like every other hex tile from the black depot, inns can be bought" -- the
    inns are hex tiles of the black depot (a purchase, shield 15); 'THE SOLO GAME': "Instead,
    choose a hex tile from the black depot and place it directly on your duchy" (cob.solo.colour).
    With the black depot empty and an inn beside it, completing a colour still earns a tile (the
    inn; it was lost), and `moves` lists the inn's placements that `check` accepts."""
    state = removed(play(solo("inns"), "roll white 2, Solo 5 1"))
    state.depots[0][:] = []  # the black depot empty; phase A's inn lies beside it
    player = state.players[0]
    player.duchy[space_id("b5")] = player.duchy[space_id("g2")] = "mine"  # grey left only on b2
    player.duchy[space_id("a4")] = "k9"  # next to b2
    player.storage[:] = ["mine"]
    play(state, "Solo: place 5 mine b2")
    assert state.solo.black == 1
    assert "Solo: solo place inn a2" in _listed(state)
    play(state, "Solo: solo place inn a2")
    assert player.duchy[space_id("a2")] == "inn" and state.solo.black == 0


def test_the_ships_exchange_lists_the_inn_check_accepts():
    """'THE SOLO GAME': after a ship, "exchange any 5 of your goods for a single hex tile from the
    central black depot" (cob.solo.exchange); 'The Inns': an inn is such a tile. `moves` lists
    the exchange for the inn beside the black depot, which `check` accepts."""
    state = removed(play(solo("inns"), "roll white 2, Solo 1 5"))
    player = state.players[0]
    player.goods = {1: 2, 2: 2, 3: 2}
    player.storage[:] = ["ship"]
    play(state, "Solo: place 1 ship b3 goods 2")
    assert "Solo: solo exchange 1 1 2 2 3 for inn" in _listed(state)
    play(state, "Solo: solo exchange 1 1 2 2 3 for inn")
    assert player.storage == ["black-hex"]


def test_tile_29_scores_when_placed_in_the_solo_game():
    """'THE SOLO GAME': "Victory points from a monastery tile are added *immediately* after placing
    it (*instead of at the end of the game*)" (cob.solo.monastery); 'The White Castles': #29, 4 VP
    per white castle. With two white castles in the duchy #29 scores 8 when placed, moving the
    counter, and nothing at the final scoring (it scored 0 when placed and 8 at the end)."""
    state = removed(play(solo("white-castles"), "roll white 2, Solo 3 1"))
    player = state.players[0]
    player.duchy[space_id("a2")] = player.duchy[space_id("c1")] = "white-castle"
    player.storage[:] = ["k29"]
    play(state, "Solo: place 3 k29 a4")
    assert player.vp["monastery"] == 8 and state.solo.seen == player.points
    state.stage = "over"
    assert breakdown(state, player, True)["knowledge-tiles"] == 0


def test_the_crane_counts_for_a_monastery_tile_scored_when_placed():
    """'Crane': "during final scoring ... the crane counts as a building of your choice for the
    corresponding monastery tiles (16-23 + 29)"; in the solo game a monastery tile scores when
    placed what its final scoring would score on the duchy as it is (docs/rulings.md): #16 with
    a warehouse and the crane scores 8."""
    state = removed(play(solo("extra-tiles"), "roll white 2, Solo 3 1"))
    player = state.players[0]
    player.duchy[space_id("a2")], player.duchy[space_id("c1")] = "warehouse", "crane"
    player.storage[:] = ["k16"]
    play(state, "Solo: place 3 k16 a4")
    assert player.vp["monastery"] == 8


def test_shield_5_finds_no_goods_after_the_solo_ship():
    """docs/rulings.md, "The solo game with other modules": a solo ship takes one depot's goods
    "then immediately remove[s] all other goods from all other depots" ('THE SOLO GAME'); shield 5
    ("whenever you place a ship, you may choose a type of goods. Take all additionally goods tiles
    of that type from all six depots") is still asked after the ship (its right opens), and finds
    no goods left (cob.shield.5)."""
    state = _shipped()
    player = state.players[0]
    assert player.goods == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1} and state.depot_goods[5] == []
    assert state.shields.ship is not None  # the shields' part of the ship ran too
    refused(state, "Solo: shield goods 6", "cob.shield.5")
    assert "Solo: shield goods 6" not in _listed(state)


def _shipped(options=None):
    """A holder of shield 5 has placed a solo ship taking depot 2's goods (4, 5); depot 5 held 5 and 6."""
    state = removed(play(solo("shields", options=options, shields=ONE_PER_DEPOT), "roll white 2, Solo 1 1"))
    state.depot_goods[2], state.depot_goods[5] = [4, 5], [5, 6]
    state.goods_used[4] += 1
    state.goods_used[5] += 2
    state.goods_used[6] += 1
    player = state.players[0]
    player.shields[space_id("b1")] = 5
    assert not player.storage
    player.storage[:] = ["ship"]
    coloured, black = state.supply["ship"]
    state.supply["ship"] = [coloured - 1, black]  # (the ship comes from the supply: a position counts the tiles)
    return play(state, "Solo: place 1 ship b3 goods 2")


def _listed(state):
    from burgundy_cli.castles.movegen import legal_commands
    from burgundy_cli.castles.notation import format_command

    return {format_command(command) for command in legal_commands(state)}


def test_option_solo_shield5_first_takes_before_the_removal():
    """Option ``solo-shield5-first`` (docs/rulings.md, the other reading): 'You choose the order in
    which you take any (partial) game actions' ('THE SOLO GAME') lets shield 5's take ("Take all
    additionally goods tiles of that type from all six depots") come before the solo ship's
    "then immediately remove all other goods from all other depots": the goods of the chosen type
    the ship removed go to the player instead (cob.shield.5), listed by moves and accepted by check."""
    state = _shipped({"solo-shield5-first": True})
    player = state.players[0]
    out = state.solo.goods_out.copy()
    assert {"Solo: shield goods 5", "Solo: shield goods 6"} <= _listed(state)
    refused(state, "Solo: shield goods 4", "cob.shield.5")  # (depot 2's 4 went with the ship, none removed)
    play(state, "Solo: shield goods 5")
    assert player.goods == {1: 1, 2: 1, 3: 1, 4: 1, 5: 2}
    assert state.solo.goods_out[5] == out[5] - 1 and state.solo.goods_out[6] == out[6]
    refused(state, "Solo: shield goods 6", "cob.shield.5")  # once per ship


def test_option_solo_shield5_first_ends_when_the_goods_change():
    """Option ``solo-shield5-first``: the take counts as made before the removal only while the
    player's goods are still those held right after the ship; after a sale the two orders differ,
    and the take is of the depots alone (cob.shield.5)."""
    state = _shipped({"solo-shield5-first": True})
    play(state, "Solo: sell 1")
    refused(state, "Solo: shield goods 5", "cob.shield.5")
    assert "Solo: shield goods 5" not in _listed(state)


def test_option_solo_shield5_first_is_true_or_false():
    with pytest.raises(SetupError, match="true or false"):
        solo("shields", options={"solo-shield5-first": "yes"}, shields=ONE_PER_DEPOT)


def test_option_solo_shield5_first_a_position_keeps_the_swept_goods():
    """Option ``solo-shield5-first``: a position written right after the solo ship keeps shield 5's
    open take and the goods the ship removed that it may still take ([position.shields] ship and
    swept, docs/records.md), and reads back to the same game: the same state, the same lines listed."""
    from tests.castles.test_rules_module_shields import assert_same_game, position_data

    options = {"modules": ["solo-game", "shields"], "solo-shield5-first": True}
    state = _shipped({"solo-shield5-first": True})
    player = state.players[0]
    del player.goods[1]  # (the fixture's depots hold a goods tile more than phase A deals: one back to the bag)
    state.goods_used[1] -= 1
    state.goods_used[5] -= 1  # (the fixture counts depot 2's goods tile 5, there already, once more)
    for depot in state.shields.depots:  # (and shield 5 leaves its depot for the castle)
        if 5 in depot:
            depot.remove(5)
    state.shields.swept = (tuple(sorted(player.goods.items())), state.shields.swept[1])
    shields = position_data(state)["shields"]
    assert shields["ship"] == "Solo" and shields["swept"] == {"5": 1, "6": 1}
    again = assert_same_game(state, options)
    play(again, "Solo: shield goods 5")
    assert again.players[0].goods == {2: 1, 3: 1, 4: 1, 5: 2}
