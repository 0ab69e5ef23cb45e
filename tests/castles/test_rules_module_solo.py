"""The 2019 solo game (rulebook 'THE SOLO GAME'): setup, the round's removal, rivers, the solo
ship and its exchange, black hex tiles, monastery tiles scored when placed, a completed
colour's black-depot tile, the VP counter and target, buying VP, won or lost.

The passages quoted are from our English text of the 2019 rulebook
(../shared/rules/castles-of-burgundy-2019-rules-with-expansions.txt, 'THE SOLO GAME').
The solo duchy is the pictured side, ``13x``; its spaces are named island by island
(NW a1-b3, NE b4-d3, SW d4-e2, SE e3-g4; docs/notation.md).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.modules.solo import removal_line
from burgundy_cli.castles.rules.solo_standing import counter, solo_result
from burgundy_cli.castles.notation import parse_line
from burgundy_cli.castles.playout import phase_lines
from burgundy_cli.castles.rules import RULES
from burgundy_cli.castles.record.setup import SetupError
from burgundy_cli.castles.record.setup_table import state_from_setup
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.game import GameHeader
from tests.castles.test_properties import NO_SHRINK

SOLO = {"modules": ["solo-game"]}


def game(players=("Solo",), options=SOLO, start="b1"):
    """A solo game on 13x, castle on b1, goods 1 2 3, phase A laid out (seeded reveals)."""
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=list(players), options=dict(options))
    state = state_from_setup(header, {"boards": "13x", "start": {name: start for name in players},
                                      "goods": {name: [1, 2, 3] for name in players}})
    for line in phase_lines(random.Random(3), state):
        engine.play(state, parse_line(line))
    return state


def play(state, *lines):
    for line in lines:
        engine.play(state, parse_line(line))
    return state


def refused(state, line, rule_id):
    with pytest.raises(IllegalMoveError) as info:
        engine.play(state, parse_line(line))
    assert info.value.rule.id == rule_id
    return info.value


def rolled(white=2, dice=(1, 2)):
    """Round 1 rolled and its removal made."""
    state = play(game(), f"roll white {white}, Solo {dice[0]} {dice[1]}")
    return play(state, removal_line(state))


# --- setup ----------------------------------------------------------------------------------------


def test_solo_setup_one_silver_two_workers_three_goods_castle_on_a_dark_green_space():
    """2019 rules, 'THE SOLO GAME', 'Game setup': "You start the game with 1 silver coin, 2 workers
    and 3 random goods tiles ... Take a castle tile and place it on any dark green castle space"
    (cob.solo.setup); no colour bonus tiles are in play (a completed colour earns a tile)."""
    assert RULES["cob.solo.setup"].ref.startswith("2019 rules 'EXPANSIONS', 'THE SOLO GAME'")
    for start in ("a3", "b1", "c5", "f3"):
        player = game(start=start).players[0]
        assert (player.silver, player.workers, player.goods) == (1, 2, {1: 1, 2: 1, 3: 1})
        assert [space for space, tile in enumerate(player.duchy) if tile] == [player.start]
    with pytest.raises(SetupError, match="not a castle"):
        game(start="a1")


def test_the_solo_game_is_played_by_one_player():
    """'Game setup': the solo game is one player's (cob.solo.players); one player plays nothing else."""
    with pytest.raises(SetupError, match="cob.solo.players"):
        game(players=("Solo", "Other"))
    with pytest.raises(SetupError, match="cob.solo.players"):
        game(options={})


def test_start_target_is_an_option_from_45_to_55():
    """'End of the game': "start the game with the target victory point marker on less than 50: 49,
    48 ... 45 ... 51, 52 ... 55" (cob.solo.counter: option solo-target)."""
    assert RULES["cob.solo.counter"].ref.startswith("2019 rules 'EXPANSIONS', 'THE SOLO GAME'")
    assert game().solo.target == 50
    assert game(options={**SOLO, "solo-target": 45}).solo.target == 45
    with pytest.raises(SetupError, match="45 to 55"):
        game(options={**SOLO, "solo-target": 44})


# --- the round's removal --------------------------------------------------------------------------


def test_each_round_removes_the_first_tile_of_the_white_dies_depot_before_the_dice_actions():
    """'Playing the game': "Then remove a hex tile from that depot from the game, starting from top
    to bottom ... or left to right ... Next, perform your 2 dice actions" (cob.solo.remove)."""
    state = play(game(), "roll white 3, Solo 1 2")
    assert state.depot_goods[3] == [5]  # the goods tile went to the white die's depot
    refused(state, "Solo: workers 1", "cob.solo.remove")
    error = refused(state, "remove 3 bank", "cob.solo.remove")
    assert "remove 3 sheep3" in error.hint
    play(state, "remove 3 sheep3", "Solo: workers 1")
    assert state.depots[3] == ["bank"] and state.solo.removed == ["sheep3"]
    refused(state, "remove 3 bank", "cob.solo.remove")  # one removal a round


def test_a_pass_waits_for_the_rounds_removal():
    """'Playing the game': "At the beginning of each round, throw all 3 dice ... Then remove a hex
    tile ... Next, perform your 2 dice actions" (cob.solo.remove): the removal belongs to the
    round, so a pass (which ends the turn, the next line being the next roll) comes after it;
    before, a pass was taken and that round's tile never left the game."""
    state = play(game(), "roll white 3, Solo 1 2")
    error = refused(state, "Solo: pass", "cob.solo.remove")
    assert "remove 3 sheep3" in error.hint
    play(state, "remove 3 sheep3", "Solo: pass")
    assert state.solo.removed == ["sheep3"] and engine.expected(state).kind == "roll"


def test_an_empty_depot_passes_the_removal_to_the_next_depot_clockwise():
    """'Playing the game': "If a depot is empty, remove a hex tile from the next depot in clockwise
    order, etc." (cob.solo.remove); clockwise is 6 -> 1."""
    state = play(game(), "roll white 6, Solo 1 2")
    state.depots[6] = []
    state.depots[1] = []
    refused(state, "remove 6 church", "cob.solo.remove")
    play(state, "remove 2 k4")



def test_after_the_roll_the_removal_is_what_comes_next_then_the_player():
    """'Playing the game': "Then remove a hex tile from that depot from the game ... Next, perform
    your 2 dice actions" (cob.solo.remove): after the roll the record expects the removal (a table
    line, ``solo-remove``), the player moving after it; ``show --json``'s due, the picture's status
    line and ``moves`` say so, and after the removal the player is to move."""
    from burgundy_cli.castles.movegen import legal_moves
    from burgundy_cli.castles.views.svg import due_data, picture, position_data

    state = play(game(), "roll white 3, Solo 1 2")
    assert engine.expected(state) == engine.Expected("solo-remove", "A", 1, "Solo", also_accepted=("buy",))
    assert due_data(state) == {"kind": "solo-remove", "player": "Solo", "also_accepted": ["buy"],
                               "lines": ["remove 3 sheep3"], "missing": []}
    assert "round 1: remove 3 sheep3 due, then Solo to move, white die 3." in picture(position_data(state), "solo")
    before = legal_moves(state).moves
    play(state, "remove 3 sheep3")
    dice_lines = [line for line in legal_moves(state).moves if line.startswith("Solo: take")]
    assert before[0] == "remove 3 sheep3" and dice_lines and not set(dice_lines) & set(before)
    assert engine.expected(state) == engine.Expected("player", "A", 1, "Solo", also_accepted=("buy",))
    assert due_data(state)["lines"] == []
    assert "round 1: Solo to move, white die 3." in picture(position_data(state), "solo")

# --- rivers ---------------------------------------------------------------------------------------


def test_other_islands_are_reached_only_along_the_river():
    """'Playing the game': "You can only expand to other regions via the rivers." (cob.solo.river;
    option solo-river = "ships": the river joins the ship spaces of the islands)."""
    state = rolled(dice=(3, 1))
    player = state.players[0]
    player.storage[:] = ["ship", "ship"]
    refused(state, "Solo: place 3 ship d2", "cob.solo.river")  # NE's ship space: no ship of ours yet
    play(state, "Solo: place 1 ship b3 goods 2")  # NW's ship space, next to the castle
    play(state, "Solo: place 3 ship d2")  # across the river, from ship to ship


def test_with_ship_to_any_the_river_opens_every_space_of_another_island():
    """docs/rulings.md `solo-river`: the other reading, a placed ship opens the other islands."""
    state = play(game(options={**SOLO, "solo-river": "ship-to-any"}), "roll white 2, Solo 1 4")
    play(state, removal_line(state))
    state.players[0].storage[:] = ["ship", "carpenter"]
    refused(state, "Solo: place 4 carpenter c3", "cob.solo.river")
    play(state, "Solo: place 1 ship b3 goods 2", "Solo: place 4 carpenter c3")


def test_with_printed_the_river_joins_only_the_ship_spaces_a_source_reads_it_joining():
    """docs/rulings.md `solo-river` = "printed": the five links of the painted river as a program
    of the solo game reads the same side (data/SOURCES.md): b3 (NW) joins b4 (NE) and d5 (SW),
    not d2 (NE), which the "ships" reading joins (cob.solo.river)."""
    from dataclasses import replace

    from burgundy_cli.castles.modules.solo import solo_board, solo_duchy_refusal

    state = play(game(options={**SOLO, "solo-river": "printed"}), "roll white 2, Solo 1 3")
    play(state, removal_line(state))
    state.players[0].storage[:] = ["ship", "ship"]
    play(state, "Solo: place 1 ship b3 goods 2")
    refused(state, "Solo: place 3 ship d2", "cob.solo.river")  # joined to b3 only when read as "ships"
    state = play(game(options={**SOLO, "solo-river": "printed"}), "roll white 2, Solo 1 6")
    play(state, removal_line(state))
    state.players[0].storage[:] = ["ship", "ship"]
    play(state, "Solo: place 1 ship b3 goods 2", "Solo: place 6 ship b4")  # a printed link
    assert solo_duchy_refusal(solo_board(), "printed") is None
    assert "13x" in solo_duchy_refusal(replace(solo_board(), name="home", printed_river=()), "printed")


# --- ships, the exchange, black hex tiles ---------------------------------------------------------


def test_a_ship_takes_every_goods_tile_of_one_depot_and_the_others_leave_the_game():
    """'Playing the game': "take all goods from a depot of your choice, then immediately remove all
    other goods from all other depots" (cob.solo.ship); no limit on goods types (cob.solo.goods)."""
    state = rolled(white=2, dice=(1, 1))
    state.depot_goods[2] = [4, 5]
    state.depot_goods[5] = [6]
    state.players[0].storage[:] = ["ship"]
    refused(state, "Solo: place 1 ship b3", "cob.solo.ship")
    refused(state, "Solo: place 1 ship b3 goods 2 keep 4", "cob.solo.goods")
    play(state, "Solo: place 1 ship b3 goods 2")
    assert state.players[0].goods == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}  # five types held
    assert [state.depot_goods[d] for d in range(1, 7)] == [[]] * 6


def test_after_a_ship_five_goods_buy_a_black_depot_tile_placed_as_a_black_hex_tile():
    """'Playing the game': "you now (and only now!) have the option to exchange any 5 of your goods
    for a single hex tile from the central black depot ... Place that hex tile face down"
    (cob.solo.exchange); "A "black hex tile" can be placed on any color space ... has no other
    effect" (cob.solo.black-hex)."""
    assert RULES["cob.solo.black-hex"].ref.startswith("2019 rules 'EXPANSIONS', 'THE SOLO GAME'")
    state = rolled(white=2, dice=(1, 5))
    player = state.players[0]
    player.goods = {1: 2, 2: 2, 3: 2}
    refused(state, "Solo: solo exchange 1 1 2 2 3 for ship", "cob.solo.exchange")  # no ship yet
    player.storage[:] = ["ship"]
    play(state, "Solo: place 1 ship b3 goods 2")
    err = refused(state, "Solo: solo exchange 1 1 1 2 2 for ship", "cob.solo.exchange")  # only two of type 1
    assert "Solo has 2 goods tiles of type 1, not 3" in str(err)
    refused(state, "Solo: solo exchange 1 1 2 2 3 for bank", "cob.solo.exchange")  # not on the black depot
    play(state, "Solo: solo exchange 1 1 2 2 3 for ship")
    assert player.storage == ["black-hex"] and "ship" not in state.depots[0] and player.goods == {3: 1, 5: 1}
    refused(state, "Solo: solo exchange 2 3 3 2 2 for cow4", "cob.solo.exchange")  # once a ship
    silver = player.silver
    player.duchy[3] = "k9"  # a4, so that b2 has a placed neighbour
    play(state, "Solo: place 5 black-hex b2")  # a grey (mine) space: a black mine
    assert player.duchy[5] == "black-hex" and player.silver == silver


def test_by_default_the_exchange_stays_open_after_the_next_die_until_the_roll():
    """'THE SOLO GAME': "you now (and only now!) have the option to exchange any 5 of your goods",
    read with the note "You choose the order in which you take any (partial) game actions"
    (docs/rulings.md, 'When the open choices are made'): by default the exchange may follow the
    round's other die, and lapses with the next roll (cob.solo.exchange)."""
    state = play(game(), "roll white 2, Solo 1 5")
    play(state, removal_line(state))
    player = state.players[0]
    player.goods = {1: 2, 2: 2, 3: 2}
    player.storage[:] = ["ship"]
    play(state, "Solo: place 1 ship b3 goods 2", "Solo: workers 5")
    play(state, "Solo: solo exchange 1 1 2 2 3 for ship")
    assert player.storage == ["black-hex"]


def test_option_solo_exchange_only_now_lapses_with_the_players_next_action():
    """Option ``solo-exchange-only-now`` (docs/rulings.md) reads "(and only now!)" strictly: the
    exchange comes right after the ship's placement, and the player's next die closes it
    (cob.solo.exchange)."""
    options = {**SOLO, "solo-exchange-only-now": True}
    state = play(game(options=options), "roll white 2, Solo 1 5")
    play(state, removal_line(state))
    player = state.players[0]
    player.goods = {1: 2, 2: 2, 3: 2}
    player.storage[:] = ["ship"]
    play(state, "Solo: place 1 ship b3 goods 2")
    assert state.solo.ship and not state.solo.shipped  # open after the ship's own line
    play(state, "Solo: workers 5")
    error = refused(state, "Solo: solo exchange 1 1 2 2 3 for ship", "cob.solo.exchange")
    assert "solo-exchange-only-now" in error.message
    state = play(game(options=options), "roll white 2, Solo 1 5")
    play(state, removal_line(state))
    player = state.players[0]
    player.goods = {1: 2, 2: 2, 3: 2}
    player.storage[:] = ["ship"]
    play(state, "Solo: place 1 ship b3 goods 2", "Solo: solo exchange 1 1 2 2 3 for ship")
    assert player.storage == ["black-hex"]


def test_option_solo_exchange_only_now_needs_the_solo_game():
    """An option of a module the record does not play is refused where it is written."""
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["Anna", "Ben"],
                        options={"solo-exchange-only-now": True})
    with pytest.raises(SetupError, match="solo-game"):
        state_from_setup(header, {"boards": "1", "goods": {"Anna": [1, 2, 3], "Ben": [4, 5, 6]}})


# --- monastery tiles, completed colours -----------------------------------------------------------


def test_monastery_tiles_score_when_placed_and_26_gives_3_per_colour_completed():
    """'Playing the game': "Victory points from a monastery tile are added immediately after
    placing it ... When you place monastery tile #26, immediately advance your victory point
    counter by 3 points for each color you have completed so far." (cob.solo.monastery)."""
    assert RULES["cob.solo.monastery"].ref.startswith("2019 rules 'EXPANSIONS', 'THE SOLO GAME'")
    state = rolled(white=2, dice=(3, 3))
    player = state.players[0]
    state.solo.colours[:] = ["M", "S"]
    player.storage[:] = ["k26"]
    player.duchy[1] = "warehouse"  # a2
    play(state, "Solo: place 3 k26 a4")
    assert player.vp["monastery"] == 6
    # the final scoring scores monastery tiles no more
    state.stage = "over"
    from burgundy_cli.castles.rules.scoring import breakdown

    assert breakdown(state, player, True)["knowledge-tiles"] == 0


def test_a_completed_colour_gives_no_bonus_but_a_black_depot_tile_straight_into_the_duchy():
    """'Playing the game': "You won't gain a victory point bonus when you complete a color. Instead,
    choose a hex tile from the black depot and place it directly on your duchy ... and apply its
    effects." (cob.solo.colour)."""
    state = rolled(white=2, dice=(5, 1))
    player = state.players[0]
    refused(state, "Solo: solo place ship b3", "cob.solo.colour")
    player.duchy[8] = player.duchy[34] = "mine"  # b5 and g2: grey left only on b2
    player.duchy[3] = "k9"  # a4, next to b2
    player.storage[:] = ["mine"]
    play(state, "Solo: place 5 mine b2")
    assert player.bonuses == [] and state.solo.black == 1
    refused(state, "Solo: solo place bank a2", "cob.solo.colour")  # not on the black depot
    play(state, "Solo: solo place ship b3 goods 2")  # its effect too: the goods of depot 2
    assert player.duchy[6] == "ship" and player.goods.get(5) == 1 and state.solo.black == 0
    refused(state, "Solo: solo place cow4 a1", "cob.solo.colour")  # one tile per colour


# --- the VP counter, the target, buying VP --------------------------------------------------------


def test_reaching_the_target_resets_the_counter_lowers_the_target_and_grants_an_extra_action():
    """'Playing the game': "When you reach the target victory point marker, place your counter back
    on the start space (any remaining victory points are lost), then move the target marker down 5
    spaces ... Immediately after resetting the victory point counter you may carry out a dice action
    of your choice" (cob.solo.counter)."""
    state = rolled(white=2, dice=(1, 6))
    player = state.players[0]
    refused(state, "Solo: solo extra workers", "cob.solo.counter")
    state.solo.target = 5
    player.storage[:] = ["ship"]
    play(state, "Solo: place 1 ship b3 goods 2")  # completes a 1-space area: 1 + 10 VP
    assert (state.solo.resets, state.solo.target, counter(state)) == (1, 5, 0)
    play(state, "Solo: solo extra workers")
    assert player.workers == 4
    refused(state, "Solo: solo extra workers", "cob.solo.counter")


def test_a_placements_gains_move_the_counter_in_the_order_the_line_names():
    """'Playing the game', the note: "You choose the order in which you take any (partial) game
    actions" (cob.solo.counter; issue 36 item 4). A ship completing a 1-space area in phase A
    gains 1 VP (the area) and 10 (the phase bonus). With the counter at 9 and the target at 10,
    the area first reaches the target (reset, target 5) and the bonus then reaches the new one
    (a second reset); without ``order`` the area's VP and its bonus are one step: one reset."""
    for line, resets in (("Solo: place 1 ship b3 goods 2 order areas area-phase-bonus", 2),
                         ("Solo: place 1 ship b3 goods 2", 1),
                         ("Solo: place 1 ship b3 goods 2 order area-phase-bonus", 1)):
        state = rolled(white=2, dice=(1, 6))
        player = state.players[0]
        player.vp["position"] = state.solo.seen = 9
        state.solo.target = 10
        player.storage[:] = ["ship"]
        play(state, line)
        assert (state.solo.resets, state.solo.extra) == (resets, resets), line
    # order area-phase-bonus: 10 reach the target, the 1 VP after the reset stay on the counter
    assert (state.solo.target, counter(state)) == (5, 1)


def test_a_placements_order_names_only_its_own_gains_once():
    """The note lets the player order the placement's own gains (cob.solo.counter): a gain the
    placement does not score, or one named twice, is refused; another game has no counter to
    order (cob.module.off)."""
    state = rolled(white=2, dice=(1, 6))
    state.players[0].storage[:] = ["ship"]
    refused(state, "Solo: place 1 ship b3 goods 2 order animals", "cob.solo.counter")
    refused(state, "Solo: place 1 ship b3 goods 2 order areas areas", "cob.solo.counter")
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["Anna", "Ben"], options={})
    other = state_from_setup(header, {"goods": {"Anna": [1, 2, 3], "Ben": [4, 5, 6]}})
    for line in (*phase_lines(random.Random(3), other), "roll white 2, Anna 1 2, Ben 3 4"):
        engine.play(other, parse_line(line))
    other.players[0].storage[:] = ["ship"]
    refused(other, "Anna: place 1 ship d3 goods 2 order areas", "cob.module.off")


def test_vp_may_be_bought_for_one_silver_each_when_vp_are_gained():
    """'Playing the game': "Whenever you gain victory points ... you may buy additional victory
    points. Each victory point costs 1 silver coin." (cob.solo.vp)."""
    state = rolled(white=2, dice=(1, 6))
    player = state.players[0]
    refused(state, "Solo: solo vp 1", "cob.solo.vp")
    player.storage[:] = ["ship"]
    play(state, "Solo: place 1 ship b3 goods 2")
    assert "2 VP cost 2 silver coins; Solo has 1" in str(refused(state, "Solo: solo vp 2", "cob.solo.vp"))
    player.silver = 0   # a count of one takes the singular: "1 VP costs 1 silver coin"
    assert "1 VP costs 1 silver coin; Solo has 0" in str(refused(state, "Solo: solo vp 1", "cob.solo.vp"))
    player.silver = 1
    before = counter(state)
    play(state, "Solo: solo vp 1")
    assert (player.silver, player.vp["solo-vp"], counter(state)) == (0, 1, before + 1)


# --- won or lost ----------------------------------------------------------------------------------


def test_won_by_filling_all_37_spaces_within_25_rounds():
    """'End of the game': "You win the game if you managed to fill all 37 hex spaces of your duchy
    within 25 rounds." (cob.solo.end)."""
    state = game()
    assert RULES["cob.solo.end"]
    state.stage = "over"
    assert solo_result(state)[0] == [] and "LOST: 1 of 37" in solo_result(state)[1]
    state.players[0].duchy[:] = ["castle"] * 37
    assert solo_result(state)[0] == ["Solo"] and "WON" in solo_result(state)[1]


# --- [position] -----------------------------------------------------------------------------------


def test_a_position_of_the_solo_game_carries_counter_target_and_removed_tiles():
    """docs/records.md, '[position]': a solo game cut after any line and written as a position
    (with its `solo` table: counter, target, resets, removed tiles, open choices, cob.solo.counter)
    continues to the same result and reads back to the same state."""
    from burgundy_cli.castles.playout import playout
    from tests.castles.test_position_writer import _lines, _record, check_cut

    data = playout(1, 32, "2019", modules=("solo-game",))
    full = _record(data, "setup", _lines(data))
    for cut in range(0, len(_lines(data)) + 1, 7):
        check_cut(data, full, cut)
    check_cut(data, full, len(_lines(data)))
    last = _record(data, "setup", _lines(data)).state
    from burgundy_cli.castles.record.setup import position_data

    table = position_data(last)["solo"]
    assert (table["counter"], table["target"], table["resets"], len(table["removed"])) == (18, 30, 4, 25)


def test_a_bad_solo_position_is_refused_at_its_key():
    """docs/records.md: the counter below the target and the VP, one removal a round rolled."""
    from burgundy_cli.castles.record.position_table import state_from_position

    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["Solo"], options=SOLO)
    base = {"players": {"Solo": {"board": "13x", "start": "b1", "vp": 70}}}
    state = state_from_position(header, {**base, "solo": {"counter": 12, "target": 45, "resets": 1},
                                         "phase": "A", "round": 2})
    assert (state.solo.target, state.solo.base, state.solo.resets) == (45, 58, 1)
    few = {"players": {"Solo": {"board": "13x", "start": "b1", "vp": 20}}}
    for position, solo, key in ((base, {"counter": 50}, "counter"), (few, {"counter": 21}, "counter"),
                                (base, {"counter": 20, "target": 45, "resets": 1, "removed": ["bank", "ship"]},
                                 "removed")):
        with pytest.raises(SetupError) as info:
            state_from_position(header, {**position, "solo": solo, "phase": "A", "round": 2})
        assert info.value.path[:3] == ("position", "solo", key)


def test_the_target_marker_stands_where_the_resets_moved_it():
    """'Playing the game': "When you reach the target victory point marker, place your counter back
    on the start space ..., then move the target marker down 5 spaces (e.g. from 50 to 45, next
    time to 40, etc.)" (cob.solo.counter): a position's marker is its start target less 5 a reset
    (no lower than 5, docs/rulings.md), a space it never reaches is the target's mistake, another
    the resets'."""
    from burgundy_cli.castles.record.position_table import state_from_position

    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["Solo"], options=SOLO)
    base = {"players": {"Solo": {"board": "13x", "start": "b1", "vp": 400}}, "phase": "A", "round": 2}
    for solo, key, words in (({"target": 45}, "resets", "with no reset the target marker stays on 50, not on 45 (cob.solo.counter)"),
                             ({"target": 40, "resets": 1}, "resets", "1 reset moves the target marker from 50 to 45, not on 40"),
                             ({"target": 33, "resets": 3}, "target", "it never stands on 33 (cob.solo.counter)"),
                             ({"target": 55}, "target", "it never stands on 55"),
                             ({"target": 5, "resets": 8}, "resets", "8 resets move the target marker from 50 to 10")):
        with pytest.raises(SetupError) as info:
            state_from_position(header, {**base, "solo": solo})
        assert info.value.path == ("position", "solo", key) and words in info.value.message
    # at its lowest the marker stays, however often the counter is reset then
    assert state_from_position(header, {**base, "solo": {"target": 5, "resets": 12}}).solo.target == 5
    # the option solo-target moves the start ("start the game with the target ... on 49, 48 ... 45")
    easier = GameHeader(name="castles-of-burgundy", edition="2019", players=["Solo"],
                        options={**SOLO, "solo-target": 47})
    assert state_from_position(easier, {**base, "solo": {"target": 37, "resets": 2}}).solo.target == 37


def test_the_vp_scored_cover_the_counter_and_every_target_reached():
    """'Playing the game': "When you reach the target victory point marker, place your counter back
    on the start space (any remaining victory points are lost)" (cob.solo.counter): every reset took
    at least the target of its time, so the VP scored are at least the counter and those targets --
    a shortfall blames the player's VP."""
    from burgundy_cli.castles.record.position_table import state_from_position

    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["Solo"], options=SOLO)
    solo = {"counter": 18, "target": 30, "resets": 4}
    position = {"phase": "A", "round": 2, "solo": solo}
    with pytest.raises(SetupError) as info:
        state_from_position(header, {**position, "players": {"Solo": {"board": "13x", "start": "b1", "vp": 187}}})
    assert info.value.path == ("position", "players", "Solo", "vp")
    assert "the VP scored (187) are fewer than the counter (18) and the 4 targets" in info.value.message
    assert "(50 + 45 + 40 + 35 = 170; cob.solo.counter)" in info.value.message
    state = state_from_position(header, {**position, "players": {"Solo": {"board": "13x", "start": "b1", "vp": 188}}})
    assert (state.solo.base, state.solo.resets) == (170, 4)
    # one reset: its one target, said in the singular (not "the 1 target ... before each reset")
    one = {**position, "solo": {"counter": 18, "target": 45, "resets": 1}}
    with pytest.raises(SetupError) as info:
        state_from_position(header, {**one, "players": {"Solo": {"board": "13x", "start": "b1", "vp": 60}}})
    assert info.value.message.endswith("the VP scored (60) are fewer than the counter (18) and the target the counter "
                                       "reached before its reset (50; cob.solo.counter)")


# --- docs/records.md's example, show ---------------------------------------------------------------


def test_the_solo_example_in_docs_records_replays():
    """docs/records.md, 'The solo game': the example record's first round replays (the roll, the
    removal from depot 3 -- the white die's -- then the dice actions)."""
    from burgundy_cli.core.record import parse_record_text
    from burgundy_cli.core.session import open_doc
    from tests.castles.test_records import _doc_toml_blocks

    example = next(block for block in _doc_toml_blocks() if block.startswith("# a solo record's start"))
    state = open_doc(parse_record_text(example, "docs/records.md"), verify_result=False).state
    assert state.solo.removed == ["sheep3"] and state.players[0].storage == ["castle"]


def test_show_draws_the_solo_duchy_as_islands_with_the_river():
    """`burgundy show` (text and SVG) draws the pictured solo duchy as its islands, names the spaces
    the river joins, and says won or lost (cob.solo.end)."""
    from burgundy_cli.core.session import open_record
    from burgundy_cli.castles.views.render import render
    from burgundy_cli.castles.views.svg import picture, position_data
    from tests.conftest import RECORDS

    state = open_record(RECORDS / "castles-of-burgundy" / "complete-1p-2019-solo.toml").state
    text = render(state)
    assert "~~~ river ~~~" in text and "the river joins the islands at: b3, b4, d2, d5, f1, f5" in text
    assert "solo game: LOST: 29 of 37 spaces filled" in text and "duchy 13x: 2019 rulebook" in text
    svg = picture(position_data(state), "solo")
    assert svg.count('class="river"') == 2 and svg.count('class="river-mark"') == 6 and "solo game: LOST" in svg
    assert "winner no one" not in svg   # (a solo game is lost, not won by no one: docs/pictures.md)


# --- invariants of whole solo games (hypothesis) ----------------------------------------------------


def _solo_invariants(session) -> None:
    """After every line of a solo playout: every tile and goods tile accounted for (goods removed
    by ships and exchanges still among the 7 of their type), the counter below the target, one
    removal per round rolled at most, VP never down."""
    from tests.castles.test_properties import tiles_accounted

    state = session.state
    tiles_accounted(state)
    solo = state.solo
    for good in range(1, 7):
        in_play = sum(p.goods.get(good, 0) + p.sold[good] for p in state.players)
        in_play += sum(depot.count(good) for depot in state.depot_goods) + (state.round_goods or []).count(good)
        assert in_play + solo.goods_out[good] == state.goods_used[good] <= 7, good
    assert 0 <= counter(state) < solo.target and solo.target >= 5
    assert len(solo.removed) <= solo.removals <= 25
    player = state.players[0]
    assert player.silver >= 0 and player.workers >= 0
    previous = getattr(session, "_solo_points", 0)
    assert player.points >= previous, "VP never decrease"
    session._solo_points = player.points


@settings(max_examples=8, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(seed=st.integers(0, 10**6), stop_after=st.none() | st.integers(1, 60))
def test_solo_playouts_keep_the_invariants_and_round_trip(seed, stop_after):
    """'THE SOLO GAME', 'Playing the game': "You are playing 25 rounds" -- a seeded solo game ends
    after the 25th round's last action, one removal each round (cob.solo.remove), conserving every
    tile and goods tile, and its record reads back to the same result."""
    from burgundy_cli.castles.movegen import legal_commands
    from burgundy_cli.castles.notation import format_command
    from burgundy_cli.castles.playout import play_game
    from tests.castles.movegen_oracle import accepted
    from tests.castles.test_properties import record_round_trip

    session = play_game(1, seed, "2019", stop_after, visit=_solo_invariants, modules=("solo-game",))
    state = session.state
    if stop_after is None:
        assert state.stage == "over" and state.solo.removals == 25 and session.score().complete
        assert sum(command.kind == "roll" for _, command in session.lines) == 25
    else:  # moves lists what check accepts: the base game's lines by the oracle, the solo lines by brute force
        listed = {format_command(command): command for command in legal_commands(state)}
        solo = {line for line in listed if ": solo " in line or line.startswith("remove ")}
        assert set(listed) - solo == accepted(state)
        for line in solo:
            engine.check(state, listed[line])
        assert {line for line in solo if " solo vp " in line or " solo exchange " in line} == _brute_solo(state)
    record_round_trip(session)


def _brute_solo(state) -> set[str]:
    """Every `solo vp` and `solo exchange` line check accepts, tried one by one."""
    from itertools import combinations_with_replacement

    from burgundy_cli.castles.rules.commands import SoloExchangeCommand, SoloVpCommand
    from burgundy_cli.castles.notation import format_command
    from burgundy_cli.castles.rules.tiles import catalogue

    name = state.players[0].name
    tried = [SoloVpCommand(player=name, vp=vp) for vp in range(1, 30)]
    tried += [SoloExchangeCommand(player=name, goods=goods, tile=tile)
              for goods in combinations_with_replacement(range(1, 7), 5) for tile in sorted(catalogue())]
    found = set()
    for command in tried:
        try:
            engine.check(state, command)
        except IllegalMoveError:
            continue
        found.add(format_command(command))
    return found


# --- a solo duchy the record defines ----------------------------------------------------------------


def _other_side() -> dict:
    """A made-up solo side, for the test only: the pictured islands with their colours mirrored
    row by row (the other printed side is not found; docs/rulings.md)."""
    from burgundy_cli.castles.rules.boards import provisional_layouts

    islands = provisional_layouts("solo")["13?"]["islands"]
    at = {"NW": [0, 0], "NE": [0, 7], "SW": [4, 0], "SE": [4, 7]}
    return {"islands": [{"rows": [" ".join(reversed(row.split())) for row in islands[name]["rows"]],
                         "x2": islands[name]["x2"], "at": at[name]} for name in at],
            "source": "test: the pictured side mirrored", "confidence": "not a printed side"}


def test_a_record_defines_the_other_solo_side_with_islands():
    """'Game setup': "side 13A is for beginning players, side 13B is for advanced players"
    (cob.solo.setup): the side not found is a record's `[duchies.<id>]` with `islands`, checked
    on load, played and shown like the shipped one; a duchy without islands is no solo duchy."""
    from burgundy_cli.castles.record.setup import duchy_data, duchy_definitions

    duchies = duchy_definitions({"13b": _other_side()}, "2019")
    board = duchies["13b"]
    assert board.places is not None and len(board.colour) == 37
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["Solo"], options=SOLO)
    start = next(s for s in board.castles)
    from burgundy_cli.castles.rules.boards import space_name

    state = state_from_setup(header, {"boards": "13b", "start": {"Solo": space_name(start)},
                                      "goods": {"Solo": [1, 2, 3]}}, duchies)
    assert state.players[0].board.river and start == state.players[0].start
    assert duchy_definitions({"13b": duchy_data(board)}, "2019")["13b"].places == board.places  # written back whole
    bad = _other_side()
    bad["islands"][0]["rows"][0] = "L6 B4 B4"
    with pytest.raises(SetupError) as info:
        duchy_definitions({"13b": bad}, "2019")
    assert info.value.path == ("duchies", "13b", "islands", 0, "x2", 0)
    bad = _other_side()
    bad["islands"][1]["at"] = [0, 1]  # NE onto NW
    with pytest.raises(SetupError, match="two spaces lie on one place"):
        duchy_definitions({"13b": bad}, "2019")
    bad = _other_side()
    bad["islands"][2]["rows"][0] = "B2 B4"  # SW without its ship space
    with pytest.raises(SetupError, match="no ship"):
        duchy_definitions({"13b": bad}, "2019")
    with pytest.raises(SetupError, match="cob.solo.setup"):
        state_from_setup(header, {"boards": 1, "start": {"Solo": "d4"}, "goods": {"Solo": [1, 2, 3]}})


def test_a_colour_named_completed_in_a_solo_position_is_completed_in_its_duchy():
    """Issue 36 item 7: 2019 rules, 'THE SOLO GAME', #26: "3 victory points for each color you
    have completed". The colours a position names as completed (what #26 counts) must be
    completed in its duchy: `colours = ["M"]` with 1 of 3 mines placed was accepted, and #26
    then paid for it."""
    from burgundy_cli.castles.record.position_table import state_from_position

    header = GameHeader(name="castles-of-burgundy", edition="2019", players=["Solo"], options=SOLO)
    one_mine = {"players": {"Solo": {"board": "13x", "start": "b1", "duchy": {"b3": "ship", "b2": "mine"}}},
                "phase": "A", "round": 2}
    assert state_from_position(header, {**one_mine, "solo": {"colours": []}}).solo.colours == []
    for colours, words in ((["M"], "grey is named as completed, but 2 spaces of 3 lie empty"),
                           (["S", "S"], "named twice")):
        with pytest.raises(SetupError, match=words) as info:
            state_from_position(header, {**one_mine, "solo": {"colours": colours}})
        assert info.value.path[:3] == ("position", "solo", "colours")
