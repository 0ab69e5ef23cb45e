"""The 2019 shields module (rulebook 'THE SHIELDS'): setup, taking a shield on doubles,
tribute, every shield's ability and end VP, notation, position, moves, show, playouts and
the conservation of the 18 shields.

Passages are quoted from our English text of the 2019 rulebook
(../shared/rules/castles-of-burgundy-2019-rules-with-expansions.txt, "THE SHIELDS"); shield
11's text is missing there and comes from the Traditional Chinese 2019 rulebook (p16),
agreeing with two other sources (docs/rulings.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.modules import shields as module_shields
from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.movegen import legal_commands, legal_moves
from burgundy_cli.castles.notation import format_command, parse_line
from burgundy_cli.castles.playout import NOT_PLAYED, play_game, playout
from burgundy_cli.castles.views.render import render
from burgundy_cli.castles.rules.scoring import breakdown
from burgundy_cli.castles.rules.tiles import bonus_vp, sale_vp
from burgundy_cli.castles.record.position_table import state_from_position
from burgundy_cli.castles.record.setup import SetupError, position_data
from burgundy_cli.castles.record.setup_table import state_from_setup
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.game import GameHeader
from tests.castles.engine_kit import assert_illegal, at_turn, cmd, header, play_all
from tests.castles.movegen_oracle import accepted
from tests.castles.test_properties import NO_SHRINK, goods_accounted, record_round_trip, tiles_accounted

SHIELDS = {"modules": ["shields"]}
#: Duchy 1's dark-green area but a2 (d4 is the start castle; k3 on c4 joins b3 to it).
DARK_GREEN = {"c4": "k3", "b3": "castle", "a3": "castle"}
TWO_PLAYER_DEAL = {"1": [1], "2": [2], "3": [3], "4": [12], "5": [17], "6": [18]}


def table(anna=None, ben=None, shields=None, phase="A", round=1, options=SHIELDS, **more):
    """Anna to move on duchy 1 (start castle d4) in a 2019 game with the shields, Ben after her."""
    anna = {"dice": [3, 3], "silver": 4, **(anna or {})}
    ben = {"dice": [1, 1], "silver": 4, **(ben or {})}
    if options.get("modules"):
        more["shields"] = {"depots": TWO_PLAYER_DEAL if shields is None else shields}
    return at_turn("2019", players={"anna": anna, "ben": ben}, phase=phase, round=round, options=options, **more)


def cited(rule_id):
    """The rule is registered with its 2019 passage ('THE SHIELDS') and no 2011 one (a 2019 module)."""
    from burgundy_cli.castles.rules.citations import CITATIONS
    from burgundy_cli.castles.rules import RULES

    return (rule_id in RULES and CITATIONS["2019"][rule_id].startswith("2019 rules 'EXPANSIONS', 'THE SHIELDS'")
            and rule_id not in CITATIONS["2011"])


def line(text):
    return parse_line(text)


def shield(number, space="d4", dice=(3, 3), value=None, player="anna"):
    return cmd(kind="shield", player=player, dice=dice, value=value, shield=number, space=space)


def pass_(player):
    return cmd(kind="pass", player=player)


def end_phase(state):
    """Both players pass: the phase's last turn ends (the position is in round 5)."""
    return play_all(state, pass_("anna"), pass_("ben"))


# --- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "counts"), [(2, [1] * 6), (3, [1, 2, 1, 2, 1, 2]), (4, [2] * 6)])
def test_setup_deals_shields_by_player_count(players, counts):
    """'Game setup': '2 players: 1 shield per depot; 3 players: 1 shield each in depots 1, 3,
    and 5; 2 shields each in depots 2, 4, and 6; 4 players: 2 shields per depot' (cob.shield.setup)."""
    assert cited("cob.shield.setup")
    order = list(range(1, 19))
    dealt = module_shields.deal(order, players)
    assert [len(dealt[str(d)]) for d in range(1, 7)] == counts
    goods = {name: [1, 2, 3] for name in header(players).players}
    state = state_from_setup(header(players, "2019", **SHIELDS), {"goods": goods, "shields": dealt})
    assert len(state.shields.box) == 18 - sum(counts)
    assert module_shields.on_table(state) == order


def test_a_shields_record_must_say_which_shields_lie_where():
    """Chance comes from the table: '[setup] shields' is required, with a message saying what to add."""
    assert cited("cob.shield.setup")
    with pytest.raises(SetupError) as info:
        state_from_setup(header(2, "2019", **SHIELDS), {"goods": {"anna": [1, 2, 3], "ben": [1, 2, 3]}})
    assert "add shields =" in info.value.message and info.value.path == ("setup",)


@pytest.mark.parametrize(("dealt", "words"), [
    ({**TWO_PLAYER_DEAL, "2": [2, 4]}, "depot 2 gets 1 shield"),
    ({**TWO_PLAYER_DEAL, "2": [1]}, "dealt twice"),
])
def test_a_wrong_deal_is_refused_at_its_depot(dealt, words):
    """'Game setup': the number per depot is set by the player count; each shield exists once."""
    with pytest.raises(SetupError) as info:
        state_from_setup(header(2, "2019", **SHIELDS), {"goods": {"anna": [1, 2, 3], "ben": [1, 2, 3]},
                                                        "shields": dealt})
    assert words in info.value.message and info.value.path[:2] == ("setup", "shields")


def test_the_module_is_2019_only():
    """The shields are a 2019 module: a 2011 record naming it is refused."""
    with pytest.raises(SetupError) as info:
        state_from_setup(header(2, "2011", **SHIELDS), {"goods": {"anna": [1, 2, 3], "ben": [1, 2, 3]}})
    assert "2019 edition" in info.value.message


def test_shield_lines_are_refused_in_a_game_without_the_module():
    assert_illegal(table(options={}), shield(3), "cob.module.off")


# --- taking a shield on doubles -----------------------------------------------------------------


def test_doubles_take_a_shield_instead_of_both_actions():
    """'Playing the game': 'Whenever you roll doubles, instead of taking your 2 game actions, you
    may take a shield from the depot with the rolled number. That shield must be placed on one of
    your castle tiles'."""
    state = play_all(table(), shield(3))
    anna = state.players[0]
    assert anna.shields == {space_id("d4"): 3} and anna.dice == [] and state.shields.depots[3] == []
    assert engine.expected(state).player == "ben"


def test_workers_make_doubles():
    """'*As usual, you may use workers to change the result of your dice to create a double.'"""
    state = play_all(table(anna={"dice": [3, 5], "workers": 2}), shield(3, dice=(3, 5), value=3))
    assert state.players[0].workers == 0 and state.players[0].shields
    assert_illegal(table(anna={"dice": [3, 5], "workers": 1}), shield(3, dice=(3, 5), value=3), "cob.die.workers")


def test_no_doubles_no_shield():
    """cob.shield.doubles: two different dice are no doubles."""
    assert_illegal(table(anna={"dice": [3, 5]}), shield(3, dice=(3, 5)), "cob.shield.doubles")


def test_the_no_doubles_hint_offers_only_what_the_player_can_pay():
    """Issue 36 item 11: 2019 'THE SHIELDS': "Whenever you roll doubles (you can use workers to
    achieve this) ..."; 'Workers': each worker changes a die by 1. Dice 2 and 5 cost 3 workers
    to make doubles of any number: with 1 worker the hint says so instead of suggesting `2 5>2`;
    with 3 it offers the cheapest doubles and their cost."""
    from burgundy_cli.castles.rules import engine

    for workers, words in ((1, "doubles of these dice cost at least 3 workers (2 5>1); anna has 1"),
                           (3, "say the number workers make of both: 2 5>1 (3 workers)")):
        state = table(anna={"dice": [2, 5], "workers": workers})
        with pytest.raises(IllegalMoveError) as info:
            engine.check(state, shield(3, dice=(2, 5)))
        assert info.value.rule.id == "cob.shield.doubles" and info.value.hint == words, info.value.hint
    # 3 and 4: doubles of 3 (or 4) for 1 worker
    state = table(anna={"dice": [3, 4], "workers": 1})
    with pytest.raises(IllegalMoveError) as info:
        engine.check(state, shield(3, dice=(3, 4)))
    assert info.value.hint == "say the number workers make of both: 3 4>3 (1 worker)"


def test_the_shield_comes_from_the_depot_of_the_number():
    """cob.shield.depot: 'take a shield from the depot with the rolled number'."""
    err = assert_illegal(table(), shield(12), "cob.shield.depot")
    assert "lies on depot 4" in err.hint


def test_the_shield_goes_on_a_castle():
    """cob.shield.castle: 'That shield must be placed on one of your castle tiles'."""
    assert_illegal(table(anna={"duchy": {"d5": "ship"}}), shield(3, space="d5"), "cob.shield.castle")


def test_a_new_shield_replaces_one_and_removes_it():
    """'or replace an existing shield (the old one is removed completely from the game)'."""
    state = play_all(table(anna={"shields": {"d4": 12}}, shields={"3": [3]}), shield(3))
    assert state.players[0].shields == {space_id("d4"): 3} and state.shields.removed == [12]


def test_moves_list_the_shields_with_their_cost():
    """moves lists a shield take by its depot and the workers the doubles cost."""
    moves = legal_moves(table(anna={"dice": [3, 5], "workers": 2}))
    labels = [label for label in moves.groups if label.startswith("shield")]
    assert "shield: doubles of 3, from depot 3 (tribute 1 silver a phase), 2 workers" in labels
    assert "anna: shield 3 5>3 3 d4" in moves.groups[labels[0]] or any(
        "anna: shield 3 5>3 3 d4" in lines for lines in moves.groups.values())


# --- tribute --------------------------------------------------------------------------------------


def test_tribute_is_paid_before_the_mines_pay():
    """'Important! At the end of each phase, before receiving silver from your mines, you must pay
    tribute for your shields! Each shield costs 1 silver. If you cannot ... you must remove that
    many shields from the game!' Anna has no silver but a mine: the shield goes, then the mine pays."""
    assert cited("cob.shield.tribute")
    state = end_phase(table(anna={"silver": 0, "duchy": {"e3": "mine"}, "shields": {"d4": 3}},
                            round=5, shields={"1": [1]}))
    anna = state.players[0]
    assert anna.shields == {} and state.shields.removed == [3] and anna.silver == 1


def test_tribute_costs_one_silver_per_shield():
    state = end_phase(table(anna={"silver": 2, "shields": {"d4": 3}}, round=5, shields={}))
    assert state.players[0].silver == 1 and state.players[0].shields


def test_tribute_line_gives_up_a_shield_by_choice():
    """'If you cannot or don't want to pay': the table says which with a tribute line (cob.shield.tribute)."""
    state = table(anna={"silver": 1, "shields": {"d4": 3}, "duchy": {"c4": "k3", "b3": "castle"}}, round=5, shields={})
    state.players[0].shields[space_id("b3")] = 17
    state.shields.box.remove(17)
    play_all(state, line("anna: tribute drop 3"))
    end_phase(state)
    assert list(state.players[0].shields.values()) == [17] and state.players[0].silver == 0
    assert_illegal(table(shields={}), line("anna: tribute drop 5"), "cob.shield.tribute")


def _two_shields(anna=None):
    """Anna holds shields 3 (start castle d4) and 17 (b3), 1 silverling, in round 5."""
    state = table(anna={"silver": 1, "shields": {"d4": 3}, "duchy": {"c4": "k3", "b3": "castle"}, **(anna or {})},
                  round=5, shields={})
    state.players[0].shields[space_id("b3")] = 17
    state.shields.box.remove(17)
    return state


def test_moves_lists_the_tribute_said_ahead():
    """'At the end of each phase, before receiving silver from your mines, you must pay tribute
    for your shields! Each shield costs 1 silver. If you cannot or don't want to pay, you must
    remove that many shields' (cob.shield.tribute), said ahead by any player holding shields,
    in any turn: moves lists each set of shields given up, and with shield 3 each number of
    workers (cob.shield.3), exactly the lines check accepts; nothing for a player without shields."""
    state = _two_shields()
    listed = _listed(state)
    assert {"anna: tribute", "anna: tribute drop 3 17", "anna: tribute drop 17 workers 1",
            "anna: tribute workers 2", "anna: tribute workers 0"} <= listed
    assert "anna: tribute drop 3 workers 1" not in listed  # (shield 3 given up: no workers)
    assert not any(text.startswith("ben: tribute") for text in listed)
    assert_illegal(state, line("ben: tribute"), "cob.shield.tribute")
    assert listed == accepted(state)
    play_all(state, line("anna: workers 3"), line("anna: workers 3"))  # Ben's turn: Anna may still say it
    assert legal_moves(state).player == "ben" and "anna: tribute drop 17" in _listed(state)
    assert _listed(state) == accepted(state)


def test_tribute_lines_many_are_grouped_and_all_lists_each():
    """A player's tribute lines, when more than GRANTED_SHOWN, are written in the grouped listing
    as the plain line and ``tribute drop ...``, ``tribute workers ...``; ``moves --all`` has each."""
    listing = legal_moves(_two_shields())
    label = next(label for label in listing.groups if label.startswith("tribute (anna)"))
    assert len(listing.groups[label]) == 9
    assert listing.choices[label] == ["anna: tribute", "anna: tribute workers ...", "anna: tribute drop ..."]
    assert "tribute drop ... and tribute workers ...: any shields given up" in listing.text()
    assert "anna: tribute drop 17 workers 1" in listing.text(every_line=True)


def test_tribute_refuses_a_shield_twice_and_workers_without_shield_3():
    """Each shield is paid for or given up once (cob.shield.tribute); only shield 3 kept pays with
    workers, 'workers 0' included (cob.shield.3)."""
    state = _two_shields()
    assert_illegal(state, line("anna: tribute drop 17 17"), "cob.shield.tribute")
    assert_illegal(state, line("anna: tribute drop 3 workers 0"), "cob.shield.3")


def test_a_shield_given_up_ahead_then_replaced_is_no_tribute_failure():
    """Shield 17, said ahead to be given up, is replaced on its castle before the phase ends: the
    phase ends with the other shield paid for (the order names a shield no longer held)."""
    state = _two_shields(anna={"silver": 2})
    state.shields.depots[3].append(12)
    play_all(state, line("anna: tribute drop 17"), line("anna: shield 3 3 12 b3"), pass_("ben"))  # (the phase ends)
    assert sorted(state.players[0].shields.values()) == [3, 12] and state.players[0].silver == 0


def test_default_gives_up_the_least_valuable_shield():
    state = table(anna={"silver": 1, "shields": {"d4": 3}, "duchy": {"c4": "k3", "b3": "castle"}}, round=5, shields={})
    state.players[0].shields[space_id("b3")] = 17
    state.shields.box.remove(17)
    end_phase(state)
    assert list(state.players[0].shields.values()) == [3]


def test_option_tribute_whole_loses_every_shield_not_paid_in_full():
    """docs/rulings.md: option shield-tribute-whole."""
    state = table(anna={"silver": 1, "shields": {"d4": 3}, "duchy": {"c4": "k3", "b3": "castle"}}, round=5, shields={},
                  options={**SHIELDS, "shield-tribute-whole": True})
    state.players[0].shields[space_id("b3")] = 17
    state.shields.box.remove(17)
    end_phase(state)
    assert state.players[0].shields == {} and state.players[0].silver == 1


def test_shield_3_pays_tribute_with_workers():
    """Shield 3: 'you may pay tribute for your shields with workers instead of silver ... Any
    combination of silver and workers is allowed.' (cob.shield.3)"""
    state = end_phase(table(anna={"silver": 0, "workers": 1, "shields": {"d4": 3}}, round=5, shields={}))
    assert state.players[0].workers == 0 and state.players[0].shields
    assert_illegal(table(anna={"shields": {"d4": 12}}, shields={}), line("anna: tribute workers 1"), "cob.shield.3")


# --- the abilities -----------------------------------------------------------------------------


#: The game over (after E5): nobody holds dice.
OVER = {"stage": "over", "phase": "E", "round": 5, "to_move": None, "ben": {"dice": []}}


def _holding(number, anna=None, **more):
    if more.get("stage") == "over":
        anna = {"dice": [], **(anna or {})}
    return table(anna={"shields": {"d4": number}, **(anna or {})}, shields={}, **more)


def test_shield_1_all_pastures_count_as_one():
    """Shield 1: 'all pasture spaces count as connected, as if there was just one pasture'."""
    assert cited("cob.shield.1")
    duchy = {"d3": "ship", "d5": "ship", "d6": "ship", "e6": "cow2"}  # a cow in the other pasture
    state = _holding(1, anna={"dice": [4, 4], "duchy": duchy, "storage": ["cow3"]})
    play_all(state, line("anna: place 4 cow3 c2"))
    assert state.players[0].vp["animals"] == 3 + 2
    alone = table(anna={"dice": [4, 4], "duchy": duchy, "storage": ["cow3"]}, shields={})
    assert play_all(alone, line("anna: place 4 cow3 c2")).players[0].vp["animals"] == 3


def test_shield_2_a_worker_when_another_player_gets_workers():
    """Shield 2: 'whenever another player gets a worker, you also get a worker'."""
    assert cited("cob.shield.2")
    state = table(ben={"shields": {"d4": 2}}, shields={})
    play_all(state, line("anna: workers 3"))
    assert state.players[1].workers == 0 + 1


def test_shield_2_asked_on_a_branch_leaves_the_position_alone():
    """Shield 2 changes another player's workers: listing the lines whose trade-route bonus
    takes workers (asked on a branch of the position) must not hand the holder a worker in the
    position itself (a playout with all five modules went wrong so: GameState.own_player)."""
    route = ["3 castle"] + ["1 vp-1"] * 14
    state = table(anna={"goods": {"3": 1}, "route": route}, ben={"shields": {"d4": 2}, "route": route}, shields={},
                  options={"modules": ["trade-routes", "shields"]})
    sale = line("anna: sell 3 bonus workers")
    assert sale in legal_commands(state)
    engine.check(state, sale)
    assert state.players[1].workers == 0
    play_all(state, sale)
    assert state.players[1].workers == 1


def test_shield_4_storage_is_unlimited():
    """Shield 4: 'an unlimited number of hex tile storage spaces'."""
    assert cited("cob.shield.4")
    state = _holding(4, anna={"storage": ["k3", "k4", "k5"]})
    state.revealed[3] = True
    state.depots[3] = ["ship"]
    play_all(state, line("anna: take 3 ship"))
    assert len(state.players[0].storage) == 4


def test_a_position_with_shield_4_holds_more_than_3_stored_tiles():
    """Shield 4's storage (cob.shield.4) as a position (show --position): more than 3 stored tiles
    read back while the shield is held or once it has left the game (docs/rulings.md: the tiles
    stay), and are refused otherwise (docs/records.md, storage-room)."""
    state = _holding(4, anna={"storage": ["k3", "k4", "k5", "k6"]})
    data = position_data(state)
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["anna", "ben"], options=SHIELDS)
    assert state_from_position(header, data).players[0].storage == ["k3", "k4", "k5", "k6"]
    del data["players"]["anna"]["shields"]
    with pytest.raises(SetupError, match="storage holds 3 tiles, not 4") as refused:
        state_from_position(header, data)
    assert tuple(refused.value.path) == ("position", "players", "anna", "storage")
    data["shields"]["removed"] = [4]  # shield 4 gone (replaced, or not paid for): the tiles stay
    assert state_from_position(header, data).players[0].storage == ["k3", "k4", "k5", "k6"]


def test_shield_5_a_ship_takes_one_type_from_every_depot():
    """Shield 5: 'whenever you place a ship, you may choose a type of goods. Take all additionally
    goods tiles of that type from all six depots.' (cob.shield.5)"""
    state = _holding(5, anna={"storage": ["ship"], "goods": {}, "dice": [2, 2]}, round=4)  # (4 rolls: 4 goods)
    state.depot_goods[1], state.depot_goods[2], state.depot_goods[6] = [4], [5, 4], [4]
    play_all(state, line("anna: place 2 ship d3 goods 2"), line("anna: shield goods 4"))
    assert state.players[0].goods == {5: 1, 4: 3}
    assert_illegal(state, line("anna: shield goods 4"), "cob.shield.5")


def test_shield_6_borrows_another_players_monastery_tiles():
    """Shield 6: 'choose one player. Any monastery tiles in that player's duchy count as if they
    were in your own duchy.' (cob.shield.6)"""
    state = _holding(6, ben={"duchy": {"c4": "k16"}})
    play_all(state, line("anna: shield borrow ben"))
    assert 16 in state.players[0].knowledge
    assert_illegal(state, line("ben: shield borrow anna"), "cob.shield.6")


def _borrowing(anna=None):
    """Anna holds shield 6 (start castle d4) and 17 (b3) and borrows Ben's monastery tile 16."""
    state = table(anna={"shields": {"d4": 6}, "duchy": {"c4": "k3", "b3": "castle"}, **(anna or {})},
                  ben={"duchy": {"c4": "k16"}}, round=5, shields={"3": [12]})
    state.players[0].shields[space_id("b3")] = 17
    state.shields.box.remove(17)
    play_all(state, line("anna: shield borrow ben"))
    assert 16 in state.players[0].knowledge
    return state


def test_shield_6_given_up_in_the_tribute_leaves_the_other_shield_paid():
    """Tribute ('Each shield costs 1 silver. If you cannot or don't want to pay, you must remove
    that many shields', cob.shield.tribute) with shield 6 given up while it lends Ben's monastery
    tile (cob.shield.6): the tile stops counting, and the shield kept is paid for by the same
    player -- its silverling leaves her purse and the shield stays on her castle, not in the box
    too (a shield was counted twice before: the tribute went on with a copy of her)."""
    state = _borrowing(anna={"silver": 1})
    play_all(state, line("anna: tribute drop 6"))
    end_phase(state)
    anna = state.players[0]
    assert list(anna.shields.values()) == [17] and anna.silver == 0 and 16 not in anna.knowledge
    assert state.shields.removed == [6] and module_shields.on_table(state) == list(range(1, 19))


def test_shield_6_replaced_with_doubles_spends_both_dice():
    """A shield taken with doubles onto shield 6's castle removes 6 (cob.shield.castle, cob.shield.6):
    the borrowed tile stops counting, and the doubles are spent by the player herself (her
    turn ends), not by a copy left behind."""
    state = _borrowing(anna={"dice": [3, 3]})
    play_all(state, shield(12))
    anna = state.players[0]
    assert anna.shields[space_id("d4")] == 12 and anna.dice == [] and 16 not in anna.knowledge
    assert state.players[state.to_move()].name == "ben" and 6 in state.shields.removed


def test_shield_6_borrower_placing_a_monastery_tile_keeps_the_turn_whole():
    """The borrower places a monastery tile of her own (her knowledge is recomputed, cob.shield.6):
    the die is spent and the tile placed on the player the state holds."""
    state = _borrowing(anna={"dice": [5, 2], "storage": ["k5"]})
    play_all(state, line("anna: place 5 k5 b4"))
    anna = state.players[0]
    assert anna.dice == [2] and anna.storage == [] and anna.knowledge == {3, 5, 16}


def test_a_position_with_two_buildings_in_a_city_by_a_lent_tile_1_reads_back():
    """Shield 6 (cob.shield.6) lends Ben's knowledge tile 1 ("you may place several buildings of
    the same type in a city"): Anna's city with two banks reads back as a position while she
    borrows it, and once shield 6 has left the game (the buildings stay); refused otherwise
    (docs/records.md, city-once)."""
    state = _holding(6, anna={"duchy": {"e4": "bank"}}, ben={"duchy": {"c4": "k1"}})
    play_all(state, line("anna: shield borrow ben"))
    data = position_data(state)
    data["players"]["anna"]["duchy"]["e5"] = "bank"  # (e4, e5: one city)
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["anna", "ben"], options=SHIELDS)
    assert state_from_position(header, data).players[0].duchy.count("bank") == 2
    del data["shields"]["borrowed"]
    with pytest.raises(SetupError, match="holds 2 bank tiles") as refused:
        state_from_position(header, data)
    assert tuple(refused.value.path) == ("position", "players", "anna", "duchy")
    del data["players"]["anna"]["shields"]
    data["shields"]["removed"] = [6]
    assert state_from_position(header, data).players[0].duchy.count("bank") == 2


def test_a_borrowed_tile_7s_animal_vp_are_unbounded_once_shield_6_has_left_the_game():
    """Shield 6: "Any monastery tiles in that player's duchy count as if they were in your own
    duchy"; monastery tile 7: "whenever you place a livestock tile ... you also gain 1 victory
    point for each livestock tile that scores at that time". Anna, borrowing Ben's tile 7,
    places pig4: 4 + 1 = 5 VP. Once shield 6 has left the game, a typed position cannot know
    the tile was hers to use, so the animals' VP are not bounded by her own tiles (it was
    refused: at most 4; a soak's cut of a game with every module but the team's and the
    solo's)."""
    anna = {"dice": [3, 3], "duchy": {"c2": "pig4", "c3": "bank"}, "vp": {"animals": 5}}
    ben = {"duchy": {"c4": "k7"}}
    state = at_turn("2019", players={"anna": anna, "ben": ben}, options=SHIELDS,
                    shields={"depots": {}, "removed": [6]})
    assert state.players[0].vp["animals"] == 5
    with pytest.raises(SetupError) as info:  # (shield 6 still in play: the bound holds)
        at_turn("2019", players={"anna": anna, "ben": ben}, options=SHIELDS, shields={"depots": {}, "removed": []})
    assert info.value.path[-1] == "animals"


def test_shield_7_bonus_tiles_score_double():
    """Shield 7: 'your bonus tiles score double'."""
    assert cited("cob.shield.7")
    state = _holding(7, anna={"dice": [5, 5], "duchy": DARK_GREEN, "storage": ["castle"]})
    play_all(state, line("anna: place 5 castle a2 then workers"))
    assert state.players[0].vp["colour-bonus"] == 2 * bonus_vp(2, True)


def test_shield_8_mines_pay_double():
    """Shield 8: 'double the pay out of your mines'."""
    assert cited("cob.shield.8")
    state = end_phase(table(anna={"silver": 1, "duchy": {"e3": "mine"}, "shields": {"d4": 8}}, round=5, shields={}))
    assert state.players[0].silver == 1 - 1 + 2


def test_the_phase_end_notes_the_tribute_and_shield_8_by_rule():
    """'Important!': "you must pay tribute for your shields! Each shield costs 1 silver. If you
    cannot ..., you must remove that many shields"; shield 8: "double the pay out of your
    mines". What the phase end paid is noted with its rule, for the verdict of the line that
    ended the phase (``rules.noting``); a replay notes nothing."""
    from burgundy_cli.castles.rules import PHASE_STEP, noting

    state = table(anna={"silver": 1, "duchy": {"e3": "mine", "f2": "mine"}, "shields": {"d4": 8}},
                  ben={"silver": 0, "shields": {"d4": 3}}, round=5, shields={})
    with noting() as notes:
        end_phase(state)
    assert [note for note in notes if note[0] != PHASE_STEP] == [("cob.shield.tribute", "anna pays 1 silver coin of tribute for shield 8"),
                     ("cob.shield.tribute", "ben cannot pay for shield 3: removed from the game"),
                     ("cob.mine.income", "anna receives 2 silver coins for 2 mines"),
                     ("cob.shield.8", "anna's 2 mines pay 2 silver coins again")]
    assert state.players[0].silver == 1 - 1 + 2 + 2 and not state.players[1].shields


def test_shields_9_and_12_sales():
    """Shield 9: '1 silver for each goods tile you sell'; shield 12: 'double the amount of victory
    points you get for each goods tile you sell'."""
    assert cited("cob.shield.9")
    assert cited("cob.shield.12")
    state = _holding(9, anna={"goods": {"3": 3}})
    play_all(state, line("anna: sell 3"))
    assert state.players[0].silver == 4 + 3
    state = _holding(12, anna={"goods": {"3": 3}})
    play_all(state, line("anna: sell 3"))
    assert state.players[0].vp["goods-sold"] == 2 * 3 * sale_vp(2)


def test_shield_10_doubles_vp_monastery_tiles_at_the_end():
    """Shield 10: 'your victory point monastery tiles score double' (final scoring)."""
    assert cited("cob.shield.10")
    state = _holding(10, anna={"duchy": {"c5": "warehouse", "c4": "k16"}}, **OVER)
    parts = breakdown(state, state.players[0], True)
    assert parts["knowledge-tiles"] == 4 and parts["shields"] == 8 + 4


def test_shield_11_a_castle_takes_a_shield():
    """Shield 11 (Chinese 2019 rulebook p16): 'each time you place a castle you may take a shield
    as that castle's extra action' (cob.shield.11)."""
    state = table(anna={"shields": {"d4": 11}, "dice": [6, 6], "storage": ["castle"], "duchy": {"c4": "k3"}},
                  shields={"4": [12]})
    play_all(state, line("anna: place 6 castle b3 then shield 12 b3"))
    assert state.players[0].shields[space_id("b3")] == 12
    other = table(anna={"dice": [6, 6], "storage": ["castle"], "duchy": {"c4": "k3"}}, shields={"4": [12]})
    assert_illegal(other, line("anna: place 6 castle b3 then shield 12 b3"), "cob.shield.11")


def test_shield_13_doubles_the_shields_vp():
    """Shield 13: 'double the amount of victory points you get for each shield (including this one)'."""
    assert cited("cob.shield.13")
    state = _holding(13, **OVER)
    assert breakdown(state, state.players[0], True)["shields"] == 8


@pytest.mark.parametrize(("number", "depot", "tile"), [(14, "4", "ship"), (15, "black", "castle")])
def test_shields_14_and_15_place_a_tile_at_the_phase_end(number, depot, tile):
    """Shields 14/15: 'at the end of each phase, after all players have finished their two actions,
    take a hex tile from any of the six depots / from the black depot ... Place it directly in
    your duchy and apply its effect(s).' (cob.shield.14, cob.shield.15)"""
    assert cited("cob.shield.14") and cited("cob.shield.15")
    state = table(anna={"silver": 2, "shields": {"d4": number}, "duchy": {"c4": "k3"}}, round=5, shields={})
    state.revealed[0 if depot == "black" else 4] = True
    state.depots[0 if depot == "black" else 4] = [tile]
    end_phase(state)
    where = "d3" if tile == "ship" else "b3"
    text = f"anna: shield place {tile} from {depot} {where}"
    if tile == "castle":
        text += " then workers"
    assert_illegal(state, line(text.replace("anna", "ben")), f"cob.shield.{number}")
    play_all(state, line(text))
    assert state.players[0].duchy[space_id(where)] == tile
    assert_illegal(state, line(text), f"cob.shield.{number}")


@pytest.mark.parametrize(("number", "depot", "tile"), [(14, 3, "bank"), (15, 0, "bank")])
def test_shields_14_and_15_tile_scores_the_phase_that_ended(number, depot, tile):
    """Shields 14/15: 'at the end of each phase, after all players have finished their two
    actions, take a hex tile ... Place it *directly* in your duchy and apply its effect(s).' The
    tile is placed at the end of the phase that ended, so an area it completes scores that
    phase's value ('Place hex tile in your duchy': 'the current phase', A = 10 VP), not the next
    phase's (B = 8), which has not begun."""
    state = table(anna={"silver": 2, "shields": {"d4": number}}, round=5, shields={})
    state.revealed[depot] = True
    state.depots[depot] = [tile]
    end_phase(state)
    play_all(state, line(f"anna: shield place {tile} from {'black' if depot == 0 else depot} c3"))
    vp = state.players[0].vp
    assert (vp["areas"], vp["area-phase-bonus"]) == (1, 10)  # c3: a size-1 city, completed in phase A


@pytest.mark.parametrize(("number", "depot"), [(14, 3), (15, 0)])
def test_no_purchase_inside_shields_14_and_15_tile(number, depot):
    """2019 rules, 'The central "black depot"': the purchase is made "at any time of the turn:
    before, during, between or after the two dice actions" (cob.buy.during); shields 14/15's
    tile comes "at the end of each phase, after all players have finished their two actions",
    in no one's turn. So the city hall it places buys nothing for its placement, and moves lists
    no such line (both were accepted: a second black-depot tile for anyone at every phase end)."""
    state = table(anna={"silver": 4, "shields": {"d4": number}}, round=5, shields={})
    state.revealed[0], state.depots[0] = True, ["castle"]  # (the black depot: the tile the city hall would buy)
    state.revealed[depot] = True
    state.depots[depot].append("city-hall")
    end_phase(state)
    where = "black" if depot == 0 else depot
    assert_illegal(state, line(f"anna: shield place city-hall from {where} c3 buy castle then place castle b3"
                               " then workers"), "cob.buy.during")
    listed = _listed(state)
    assert f"anna: shield place city-hall from {where} c3" in listed
    assert not any(" buy " in text for text in listed if "shield place" in text)


def test_shield_14_takes_what_the_ended_phases_depot_spaces_hold():
    """2019 rules, 'For the 2- and 3-player games': "In the 3-player game, the dark green space of
    the no. 6 depot is special: In phases A, C, and E, this space is replenished by a castle tile
    (dark green). In phases B and D, however, it is replenished by a mine tile (gray)!" Shield
    14's tile is taken "at the end of each phase" from what lies there, the ended phase's tiles
    (the depots are cleared only "Before each phase"): at the end of phase A depot 6, its reveal
    not recorded, may hold a castle there, not a mine (cob.shield.14)."""
    entries = {"anna": {"dice": [3, 3], "silver": 2, "shields": {"d4": 14}, "duchy": {"c4": "k3"}}, "ben": {},
               "cara": {}}
    state = at_turn("2019", players=entries, phase="A", round=5, options=SHIELDS,
                    shields={"depots": {}, "removed": []})
    play_all(state, pass_("anna"), pass_("ben"), pass_("cara"))
    assert state.stage == "phase"
    engine.check(state, line("anna: shield place castle from 6 b3 then workers"))
    assert_illegal(state, line("anna: shield place mine from 6 e3"), "cob.shield.14")


def _listed(state):
    return {format_command(command) for command in legal_commands(state)}


def test_moves_lists_shield_6_choice_at_any_point():
    """Shield 6: 'After taking the shield, at any point in the game, choose *one* player'
    (cob.shield.6): moves lists the holder's choice of each other player, in the holder's turn
    and in another's, exactly the lines check accepts, and none once chosen."""
    state = _holding(6)
    assert "anna: shield borrow ben" in _listed(state)
    assert _listed(state) == accepted(state)
    play_all(state, line("anna: workers 3"), line("anna: workers 3"))  # Ben's turn now
    assert legal_moves(state).player == "ben"
    assert "anna: shield borrow ben" in _listed(state)
    assert "ben: shield borrow anna" not in _listed(state)  # (Ben holds no shield 6)
    assert _listed(state) == accepted(state)
    play_all(state, line("anna: shield borrow ben"))
    assert not any("borrow" in text for text in _listed(state))
    assert_illegal(state, line("anna: shield borrow ben"), "cob.shield.6")  # (once)


@pytest.mark.parametrize(("number", "depot", "tile"), [(14, 4, "ship"), (15, 0, "castle")])
def test_moves_lists_shields_14_and_15_tile_at_the_phase_end(number, depot, tile):
    """Shields 14/15: 'at the end of each phase, after all players have finished their two actions,
    take a hex tile from any of the six depots / from the black depot ... Place it *directly* in
    your duchy and apply its effect(s).' (cob.shield.14, cob.shield.15): between the phase's last
    turn and the next phase, moves lists the holder's tiles, exactly the lines check accepts; not
    before the last turn, and not after the tile is placed."""
    state = table(anna={"silver": 2, "shields": {"d4": number}, "duchy": {"c4": "k3"}}, round=5, shields={})
    # Depot 1 is not yet revealed, so it may hold any tile: each is listed and checked on every
    # space. The others are revealed (six such depots made 163,000 lines to check, 24 s): the
    # shield's tile, and a mine in the black depot for Ben to buy.
    state.revealed = [index != 1 for index in range(len(state.revealed))]
    state.depots[0] = ["mine"]
    state.depots[depot] = [tile]
    assert not any("shield place" in text for text in _listed(state))
    end_phase(state)
    listing = legal_moves(state)
    assert listing.player == "ben" and state.stage == "phase"  # (Ben, who passed last, may still buy)
    where = "d3" if tile == "ship" else "b3"
    text = f"anna: shield place {tile} from {'black' if depot == 0 else depot} {where}"
    assert (text + (" then workers" if tile == "castle" else "")) in listing.moves
    assert _listed(state) == accepted(state)
    play_all(state, line(listing.moves[-1]))
    assert not any("shield place" in text for text in _listed(state))
    assert_illegal(state, line(listing.moves[-1]), {14: "cob.shield.14", 15: "cob.shield.15"}[number])  # (once a phase)


def test_the_playout_policy_plays_no_shield_6_14_or_15_line_and_no_tribute():
    """The shipped shields records were made before moves listed these lines: the policy leaves
    them out, so that each seed still makes the same game (tests/castles/test_playout.py
    regenerates them)."""
    from burgundy_cli.castles.playout import NOT_PLAYED

    assert NOT_PLAYED == {"shield-borrow", "shield-place", "tribute"}
    session = play_game(4, 1, modules=("shields",))
    assert not any(command.kind in NOT_PLAYED for _, command in session.lines)


def test_shield_17_areas_score_one_size_larger():
    """Shield 17: 'a size 3 area (6 victory points) scores as 4-size area (10 victory points)'."""
    assert cited("cob.shield.17")
    state = _holding(17, anna={"dice": [5, 5], "duchy": DARK_GREEN, "storage": ["castle"]})
    play_all(state, line("anna: place 5 castle a2 then workers"))
    assert state.players[0].vp["areas"] == 10


@pytest.mark.parametrize(("shield", "areas", "inns"), [(17, 10, 5), (1, 6, 4)])
def test_an_inns_area_with_and_without_shield_17(shield, areas, inns):
    """Shield 17 with the inns ('The Inns': an inn enlarges its area by one): a size-3 area with
    an inn scores as size 4 (10), as size 5 (15) with shield 17; the base table's part is
    scored under 'areas', the inn's part under 'inns', never both."""
    state = table(anna={"shields": {"d4": shield}, "dice": [5, 5], "duchy": {"c4": "k3", "b3": "castle",
                                                                           "a3": "inn"}, "storage": ["castle"]},
                  shields={}, options={"modules": ["inns", "shields"]})
    play_all(state, line("anna: place 5 castle a2 then workers"))
    vp = state.players[0].vp
    assert (vp["areas"], vp["inns"]) == (areas, inns)


def test_shield_18_lifts_adjacency():
    """Shield 18: 'you are allowed to place hex tiles on any space in your duchy, not only adjacent'."""
    assert cited("cob.shield.18")
    state = _holding(18, anna={"dice": [5, 5], "storage": ["castle"]})
    play_all(state, line("anna: place 5 castle a2 then workers"))
    assert_illegal(table(anna={"dice": [5, 5], "storage": ["castle"]}, shields={}),
                   line("anna: place 5 castle a2 then workers"), "cob.place.adjacent")


def test_end_vp_by_shield_number():
    """'(+12 victory points.)' for 1-6, '(+8 ...)' for 7-12, '(+4 ...)' for 13-18 (cob.shield.vp)."""
    assert cited("cob.shield.vp")
    assert [module_shields.end_vp(n) for n in (1, 6, 7, 12, 13, 18)] == [12, 12, 8, 8, 4, 4]
    state = _holding(3, **OVER)
    assert breakdown(state, state.players[0], True)["shields"] == 12


# --- notation, position, show, playouts ---------------------------------------------------------------


@pytest.mark.parametrize("text", ["anna: shield 3 5>3 12 c4", "anna: tribute drop 12 7 workers 1",
                                  "anna: shield goods 5", "anna: shield borrow ben",
                                  "anna: shield place k3 from black c5", "anna: place 3 castle c4 then shield 12 c4"])
def test_shield_lines_round_trip(text):
    assert format_command(parse_line(text)) == text


def test_a_position_states_shields_on_castles_and_depots():
    state = table(anna={"shields": {"d4": 3}}, shields={"1": [1], "4": [12]})
    data = position_data(state)
    assert data["players"]["anna"]["shields"] == {"d4": 3} and data["shields"]["depots"] == {"1": [1], "4": [12]}
    again = state_from_position(GameHeader(name="castles-of-burgundy", edition="2019", players=["anna", "ben"],
                                           options=SHIELDS), data)
    assert again.shields == state.shields and again.players[0].shields == state.players[0].shields
    with pytest.raises(SetupError):
        table(anna={"shields": {"d4": 3}}, shields={"1": [3]})


RECORDS = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy"


def _positions_read_back(name, every=1):
    """(the record's session after every ``every``-th line, the position written there and read
    back), the session's state copied: the test compares the two."""
    import tomllib

    from burgundy_cli.core.position import position_record_data
    from tests.castles.test_position_writer import _lines, _record

    data = tomllib.loads((RECORDS / name).read_text("utf-8"))
    session = _record(data, "setup" if "setup" in data else "position", [])
    for index, (group, text) in enumerate(_lines(data), start=1):
        session.play_logged(text, group)
        if index % every == 0 or index == len(_lines(data)):
            again = _record(position_record_data(session), "position", [])
            yield index, session.state.copy(), again.state


def _apart(player):
    """Tiles of ``player``'s duchy not joined to the start castle (shield 18 placed them)."""
    from burgundy_cli.castles.record.position_table import _connected

    return {s for s, tile in enumerate(player.duchy) if tile is not None} - _connected(player.duchy, player.start,
                                                                                           player.board)


def test_a_position_with_shield_18_in_force_reads_back():
    """Shield 18: 'you may place tiles anywhere in your duchy, not only adjacent to tiles already
    placed' (cob.shield.18): a position written where a holder's tile lies apart from the start
    castle reads back to the same state (the reader once refused it: 'f1 is not connected')."""
    from tests.castles.test_position_writer import _view

    apart = 0
    for index, state, again in _positions_read_back("complete-4p-2019-shields.toml", every=20):
        assert _view(again) == _view(state), index
        assert [p.shields for p in again.players] == [p.shields for p in state.players], index
        assert (again.shields.depots, again.shields.removed) == (state.shields.depots, state.shields.removed), index
        apart += any(_apart(player) for player in state.players)
    assert apart  # (the record reaches such positions)


def _moment(state):
    """The shields' part of a state that decides what may come next: where each shield lies, the
    tributes said ahead, the abilities used this phase, and what can still act of shield 5's ship
    (the goods a solo ship swept included) and shield 16's die."""
    table, now = state.shields, (state.phase, state.round)
    ship = table.ship if table.ship is not None and table.ship[1:] == now else None
    return ([p.shields for p in state.players], table.depots, table.removed, sorted(table.box), table.orders,
            table.used, table.borrowed, ship, table.die16 if table.die16 is not None and table.die16[1:] == now else None,
            module_shields.swept_goods(state, state.players[ship[0]]) if ship else None)


@pytest.mark.parametrize("name", ["complete-4p-2019-shields.toml", "shields-6-14-15-game-end.toml"])
def test_a_position_written_at_every_line_reads_back_to_the_same_game(name):
    """docs/records.md: 'a written record reads back to the same game'. At every line of the
    shields records the position is written and read back: the same state (the shields' moment
    included: tribute said ahead, 14/15 used this phase, shield 5's ship, shield 16's die) and the
    same legal moves."""
    from tests.castles.test_position_writer import _view

    for index, state, again in _positions_read_back(name):
        assert _view(again) == _view(state), index
        assert _moment(again) == _moment(state), index
        assert legal_moves(again).groups == legal_moves(state).groups, index


def read_back(state, options=SHIELDS):
    """``state`` written as a ``[position]`` and read back (``options``: the header's)."""
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=[p.name for p in state.players],
                        options=options)
    return state_from_position(header, position_data(state))


def assert_same_game(state, options=SHIELDS):
    from tests.castles.test_position_writer import _view

    again = read_back(state, options)
    assert _view(again) == _view(state) and _moment(again) == _moment(state)
    assert legal_moves(again).groups == legal_moves(state).groups
    return again


def _ship_placed():
    state = _holding(5, anna={"storage": ["ship"], "goods": {}, "dice": [2, 2]}, round=4)  # (4 rolls: 4 goods)
    state.depot_goods[1], state.depot_goods[2], state.depot_goods[6] = [4], [5, 4], [4]
    state.goods_used[4] += 3
    state.goods_used[5] += 1
    return play_all(state, line("anna: place 2 ship d3 goods 2"))


@pytest.mark.parametrize("moment", ["tribute", "ship", "die16"])
def test_a_position_keeps_the_shields_moment(moment):
    """A position written while a tribute is said ahead ('If you cannot or don't want to pay'),
    while shield 5's take may follow the ship just placed ('whenever you place a ship, you may
    choose a type of goods'), or after shield 16 set a die this turn ('the result of one of your
    dice') reads back to the same game: [position.shields] tribute, ship and die16."""
    if moment == "tribute":
        state = play_all(_two_shields(), line("anna: tribute drop 17 workers 1"))
        key, value = "tribute", {"anna": {"drop": [17], "workers": 1}}
    elif moment == "ship":
        state = _ship_placed()
        key, value = "ship", "anna"
        assert "anna: shield goods 4" in _listed(state)
    else:
        state = play_all(_holding(16, anna={"dice": [1, 1], "workers": 0}), line("anna: workers 1>4"))
        key, value = "die16", "anna"
    assert position_data(state)["shields"][key] == value
    again = assert_same_game(state)
    if moment == "die16":
        assert_illegal(again, line("anna: workers 1>4"), "cob.die.workers")  # (16 is used this turn)


@pytest.mark.parametrize(("shields", "path", "message"), [
    ({"ship": "cara"}, ("ship",), "'cara' is no player"),
    ({"die16": "cara"}, ("die16",), "'cara' is no player"),
    ({"placed": {"cara": [14]}}, ("placed", "cara"), "'cara' is no player"),
    ({"placed": {"anna": [13]}}, ("placed", "anna", 0), "at least 14, not 13"),
    ({"tribute": {"anna": {"drop": [3, 3]}}}, ("tribute", "anna", "drop"), "given up twice"),
    ({"swept": {"5": 1}}, ("swept",), "solo-shield5-first"),
])
def test_the_shields_moment_is_checked_where_it_is_written(shields, path, message):
    data = position_data(_holding(3))
    data["shields"] |= shields
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["anna", "ben"], options=SHIELDS)
    with pytest.raises(SetupError, match=message) as raised:
        state_from_position(header, data)
    assert tuple(raised.value.path)[:2 + len(path)] == ("position", "shields", *path)


@pytest.mark.parametrize("seed", [31, 32])
def test_a_position_written_at_every_line_of_a_game_with_every_shield_line_reads_back(seed):
    """As above, over a seeded 3-player shields game whose players also say the lines the playout
    policy leaves out (tributes ahead, shields 6, 14 and 15): at every line, the position written
    and read back is the same game (state, shields' moment, legal moves)."""
    import random

    from burgundy_cli.castles.playout import deal_game
    from burgundy_cli.castles.record.setup import duchy_definitions
    from tests.castles.test_differential import _table_lines
    from tests.castles.test_position_writer import _view

    rng = random.Random(seed)
    names = ["anna", "ben", "cara"]
    setup, duchies = deal_game(rng, "2019", names, ("shields",))
    state = state_from_setup(GameHeader(name="castles-of-burgundy", edition="2019", players=names, options=SHIELDS),
                             setup, duchy_definitions(duchies, "2019"))
    said = set()
    while state.stage != "over":
        listed = legal_commands(state)
        rare = [c for c in listed if c.kind in ("tribute", "shield-borrow", "shield-place", "shield-goods")]
        if rare and rng.random() < 0.3:
            lines = [rng.choice(rare)]
        elif state.stage != "turn":
            lines = _table_lines(rng, state, True)
        else:
            lines = [rng.choice(listed)]
        for command in lines:
            engine.play(state, command)
            said.add(command.kind)
            again = read_back(state)
            assert _view(again) == _view(state) and _moment(again) == _moment(state), format_command(command)
            assert legal_moves(again).groups == legal_moves(state).groups, format_command(command)
    assert {"tribute", "die"} <= said, said


def test_tiles_apart_need_shield_18_held_or_removed():
    """A position whose tile lies apart from the start castle is refused unless shield 18 lies on
    the player's castle or was removed from the game (a shield never moves between players)."""
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["anna", "ben"], options=SHIELDS)
    data = position_data(table(anna={"shields": {"d4": 18}, "duchy": {"b3": "castle"}}, shields={}))
    assert state_from_position(header, data).players[0].duchy[space_id("b3")] == "castle"
    data["players"]["anna"]["shields"] = {}
    with pytest.raises(SetupError, match="b3 is not connected"):
        state_from_position(header, data)
    data["shields"]["removed"] = [18]
    assert state_from_position(header, data).players[0].duchy[space_id("b3")] == "castle"


def test_show_names_the_shields():
    text = render(table(anna={"shields": {"d4": 3}}, shields={"4": [12]}))
    assert "shields: 12" in text and "shields: 3 on d4" in text


def test_playout_with_shields_is_deterministic():
    assert playout(3, 5, modules=("shields",)) == playout(3, 5, modules=("shields",))


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_shields_are_conserved(seed, players):
    """Invariant: on depots + on castles + removed + box = the 18 shields, each once, at every line."""
    def visit(session):
        assert module_shields.on_table(session.state) == list(range(1, 19))
        for player in session.state.players:
            assert player.silver >= 0 and player.workers >= 0
    play_game(players, seed, modules=("shields",), visit=visit)


def test_every_shield_rule_is_registered_and_cited():
    from burgundy_cli.castles.rules.citations import CITATIONS
    from burgundy_cli.castles.rules import RULES

    ids = [f"cob.shield.{n}" for n in range(1, 19)] + ["cob.shield.setup", "cob.shield.doubles", "cob.shield.depot",
                                                        "cob.shield.castle", "cob.shield.tribute", "cob.shield.vp"]
    assert all(i in RULES and i in CITATIONS["2019"] and i not in CITATIONS["2011"] for i in ids)
    assert legal_commands is not None


def test_shield_16_sets_one_die_a_turn_to_any_number():
    """Shield 16: 'you may change on your turn the result of one of your dice to any number (and
    use it accordingly)' (cob.shield.16): the first die changed in the turn costs no worker; the
    second pays as usual (docs/rulings.md)."""
    assert cited("cob.shield.16")
    state = _holding(16, anna={"dice": [1, 1], "workers": 0})
    play_all(state, line("anna: workers 1>4"))
    assert state.players[0].workers == 2
    assert_illegal(state, line("anna: workers 1>4"), "cob.die.workers")
    assert_illegal(_holding(12, anna={"dice": [1, 1], "workers": 0}), line("anna: workers 1>4"), "cob.die.workers")
    moves = legal_moves(_holding(16, anna={"dice": [1, 1], "workers": 0}))
    assert "die 1 as 4 (0 workers, any number with shield 16)" in moves.groups


def test_shield_16_makes_doubles():
    state = table(anna={"shields": {"d4": 16}, "dice": [1, 6], "workers": 0}, shields={"6": [6]})
    play_all(state, shield(6, dice=(1, 6), value=6))
    assert state.players[0].shields[space_id("d4")] == 6


class ShieldWatcher:
    """Every line of a shields game: tiles and goods accounted as in the base game's watcher
    (tests/castles/test_properties.py), the 18 shields conserved, no negative silver or
    workers (tribute and abilities move them, so the base game's flows are not asked)."""

    def __call__(self, session) -> None:
        state = session.state
        tiles_accounted(state)
        goods_accounted(state)
        assert module_shields.on_table(state) == list(range(1, 19))
        assert all(player.silver >= 0 and player.workers >= 0 for player in state.players)


@settings(max_examples=8, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), stop_after=st.one_of(st.none(), st.integers(1, 200)))
def test_shields_games_conserve_everything_and_moves_agree_with_check(players, seed, stop_after):
    """With the shields on: tiles, goods and shields conserved at every line; the record reads back,
    replays and scores the same; moves lists exactly the lines check accepts (the oracle tries
    every shield on every number and space)."""
    session = play_game(players, seed, stop_after=stop_after, visit=ShieldWatcher(), modules=("shields",))
    record_round_trip(session)
    state = session.state
    if state.stage != "over":
        assert {format_command(command) for command in legal_commands(state)} == accepted(state)


class AsideCounter(ShieldWatcher):
    """:class:`ShieldWatcher`, counting the lines of each kind the policy leaves unless asked."""

    def __init__(self) -> None:
        self.kinds: dict[str, int] = {}

    def __call__(self, session) -> None:
        super().__call__(session)
        kind = session.commands[-1].kind
        if kind in NOT_PLAYED:
            self.kinds[kind] = self.kinds.get(kind, 0) + 1


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (2, 3), (2, 30)])
def test_lines_said_outside_the_turn_order_conserve_everything(players, seed):
    """Whole shields games in which players also say the lines said outside the turn order --
    tributes said ahead (cob.shield.tribute) and shield 6's choice (cob.shield.6) among them --
    conserve tiles, goods and the 18 shields at every line, and read back, replay and score the
    same. (Seed 30 gave shield 6 up in a tribute while it lent a tile: the shield kept was
    counted twice and not paid for before the tribute changed the player it began with.)"""
    watcher = AsideCounter()
    session = play_game(players, seed, visit=watcher, modules=("shields",), every_kind=True)
    record_round_trip(session)
    assert session.state.stage == "over"
    assert watcher.kinds.get("tribute", 0) >= 5 and watcher.kinds.get("shield-borrow", 0) == 1, watcher.kinds


@settings(max_examples=4, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), stop_after=st.one_of(st.none(), st.integers(60, 200)))
def test_seeded_games_with_every_kind_of_line_conserve_everything(players, seed, stop_after):
    """As above over seeded games (the 18 shields, tiles and goods at every line; the record
    reads back the same); moves still lists exactly what check accepts at the end."""
    session = play_game(players, seed, stop_after=stop_after, visit=ShieldWatcher(), modules=("shields",),
                        every_kind=True)
    record_round_trip(session)
    state = session.state
    if state.stage != "over":
        assert {format_command(command) for command in legal_commands(state)} == accepted(state)


def test_shield_14_tiles_with_a_white_castles_cost_are_listed_only_when_payable():
    """Shields 14/15's tile at a phase end (cob.shield.14), placed with a white castle bought and
    placed inside it (cob.white.workers): the white die's cost is known only once the line is
    carried out, so moves lists such a line only when engine.check accepts it (seed 8 listed one
    whose second white castle Anna had no workers for)."""
    from burgundy_cli.castles.rules.engine import check

    listed = []

    def visit(session) -> None:
        for command in legal_commands(session.state):
            if command.kind == "shield-place":
                check(session.state, command)
                listed.append(command)

    play_game(4, 8, modules=("extra-tiles", "white-castles", "shields"), visit=visit, every_kind=True)
    assert any("white-castle" in format_command(command) for command in listed)


@pytest.mark.parametrize(("players", "seed", "modules"), [
    (4, 2, ("shields",)), (3, 23, ("border-posts", "shields")),
    (4, 26, ("extra-tiles", "white-castles", "inns", "trade-routes", "shields")), (3, 55, ("border-posts", "shields"))])
def test_positions_of_games_with_every_kind_of_line_continue_to_the_same_score(players, seed, modules):
    """show --position (docs/records.md) over whole games in which players also say the lines said
    outside the turn order: cut at twelve seeded lines and at the end, each position reads back
    as the state it was written from and continues to the same score (these seeds wrote more
    than 3 stored tiles, kept with shield 4 or after it left, and a second city hall in a city,
    placed with the knowledge tile 1 shield 6 lent, which the reader refused)."""
    import random

    from tests.castles.test_position_writer import _lines, _record, check_cut

    data = play_game(players, seed, modules=modules, every_kind=True).record_data()
    full = _record(data, "setup", _lines(data))
    count = len(_lines(data))
    rng = random.Random(seed)
    for cut in sorted({rng.randrange(count + 1) for _ in range(12)} | {count}):
        check_cut(data, full, cut)


def test_a_legal_verdict_says_which_shield_went_where():
    """`burgundy check` says what a line did (castles/views/effects.py): the shield placed, the one removed."""
    from burgundy_cli.castles.views.effects import line_effects

    before = table(anna={"shields": {"d4": 12}}, shields={"3": [3]})
    after = play_all(before.copy(), shield(3))
    assert line_effects(before, after, shield(3)) == ["anna: shield 3 on d4, shield 12 removed from the game"]
