"""The 2019 White Castles (rulebook 'EXPANSIONS', 'The White Castles'): setup, the white
castle's action with the white die, #29, moves, show, playouts and conservation.

The passages quoted are from our English text of the 2019 rulebook; the split of the nine
tiles over the piles and #29's text come from the research in
../shared/data/castles-of-burgundy/modules-2019/white_castles.json (Traditional Chinese 2019
rulebook; docs/rulings.md).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.rules.citations import cited
from burgundy_cli.castles.movegen import legal_commands, legal_moves
from burgundy_cli.castles.notation import format_command
from burgundy_cli.castles.playout import play_game, playout
from burgundy_cli.castles.views.render import render
from burgundy_cli.castles.rules import rule
from burgundy_cli.castles.rules.scoring import breakdown, knowledge_points
from burgundy_cli.core.record import dump_record
from tests.castles.engine_kit import assert_illegal, at_turn, cmd, new_game, play_all, position
from tests.castles.movegen_oracle import accepted
from tests.castles.test_properties import NO_SHRINK, Watcher, record_round_trip

WHITE = {"modules": ["white-castles"]}


def place(tile, space, rolled, then=None, player="anna", **extra):
    action = {"kind": "place", "tile": tile, "space": space, **extra}
    if then is not None:
        action["then"] = then
    return cmd(kind="die", player=player, rolled=rolled, action=action)


def take(tile, depot):
    return {"kind": "take", "tile": tile, "depot": depot}


def table(options=WHITE, white=3, **entry):
    """Anna to move on duchy 1 in the 2019 game (white castles on), the white die showing ``white``."""
    entry.setdefault("dice", [3, 5])
    entry.setdefault("storage", ["white-castle"])
    return at_turn("2019", players={"anna": entry, "ben": {"dice": [1, 1]}}, options=options, white=white,
                   depots={"3": ["cow3", "bank"], "4": ["ship", "market"], "2": ["k16", "castle"]})


def lines(state) -> set[str]:
    return {format_command(command) for command in legal_commands(state)}


def test_the_white_castles_are_mixed_into_their_piles():
    """2019 rules, 'The White Castles': "At the beginning of the game, all these tiles are mixed into
    their respective piles (buildings, monasteries or black depot)." Research: 6 white castles with
    beige backs, 2 with black backs, #29 with a yellow back."""
    supply = new_game(edition="2019", modules=["white-castles"]).supply
    assert (supply["white-castle"], supply["k29"]) == ([6, 2], [1, 0])
    assert new_game(edition="2019").supply["white-castle"] == [0, 0]


def test_a_white_castle_takes_with_the_white_die():
    """2019 rules, 'The White Castles': "When you place a "white castle" in your duchy, immediately
    take an action using the result of the white die." White 3: a take from depot 3."""
    state = play_all(table(), place("white-castle", "c3", 3, take("cow3", 3)))
    anna = state.players[0]
    assert anna.duchy[space_id("c3")] == "white-castle" and anna.storage == ["cow3"] and anna.workers == 0


def test_workers_change_the_number_but_not_the_white_die():
    """2019 rules, 'The White Castles': "You are allowed to use workers to change the rolled number.
    (To avoid confusion, don't change the actual white die result.)" 3 -> 4: one worker."""
    state = play_all(table(workers=2), place("white-castle", "c3", 3, take("ship", 4)))
    assert state.players[0].workers == 1 and state.white == 3 and state.players[0].storage == ["ship"]


def test_a_white_castles_change_needs_the_workers():
    """cob.white.workers: 3 -> 4 needs a worker Anna does not have."""
    err = assert_illegal(table(), place("white-castle", "c3", 3, take("ship", 4)), "cob.white.workers")
    assert "needs 1 worker" in err.hint


@pytest.mark.parametrize(("white", "then", "check"), [
    (4, {"kind": "place", "tile": "mine", "space": "e3"}, lambda anna: anna.duchy[space_id("e3")] == "mine"),
    (2, {"kind": "sell", "goods": 2}, lambda anna: anna.sold[2] == 1 and anna.silver == 2),
    (6, {"kind": "workers"}, lambda anna: anna.workers == 2),
])
def test_a_white_castles_action_is_any_action(white, then, check):
    """2019 rules, 'The White Castles': "take an action": a placement on a space of the white
    die's number (e3 shows 4), a sale of that goods type, or workers."""
    state = play_all(table(white=white, storage=["white-castle", "mine"], goods={"2": 1}),
                     place("white-castle", "c3", 3, then))
    assert check(state.players[0])


def test_a_white_castles_action_is_one_of_the_four():
    """cob.white.action, 2019 rules, 'The White Castles': "take an action using the result of the
    white die": a die's action (take, place, sell, workers); a shield, even with the shields on
    (shield 11 gives it to castles), is refused with the rule, not an internal error."""
    shield = {"kind": "shield", "shield": 1, "space": "c3"}
    assert_illegal(table(), place("white-castle", "c3", 3, shield), "cob.white.action")
    both = table(options={"modules": ["white-castles", "shields"]})
    assert_illegal(both, place("white-castle", "c3", 3, shield), "cob.white.action")


def test_the_free_change_of_tile_12_and_the_option_that_turns_it_off():
    """docs/rulings.md: knowledge tile 12's free +/-1 for a take applies to the white castle's take
    (3 -> 4 free); option white-castle-free-change = false: workers only."""
    state = play_all(table(duchy={"c4": "k12"}), place("white-castle", "c3", 3, take("ship", 4)))
    assert state.players[0].storage == ["ship"]
    strict = table(options={**WHITE, "white-castle-free-change": False}, duchy={"c4": "k12"})
    assert_illegal(strict, place("white-castle", "c3", 3, take("ship", 4)), "cob.white.workers")


def test_the_white_die_must_have_been_rolled():
    """cob.white.die: a typed position in a turn that does not state the white die."""
    state = at_turn("2019", players={"anna": {"dice": [3, 5], "storage": ["white-castle"]}, "ben": {}},
                    options=WHITE, depots={"3": ["cow3", "bank"]})
    assert_illegal(state, place("white-castle", "c3", 3, take("cow3", 3)), "cob.white.die")


def test_moves_list_no_white_castle_action_before_the_white_die():
    """cob.white.die refuses every action of the grant alike: `moves` lists the white castle
    placed without one (the grant's ``ready`` asked once), and every listed line is accepted
    and nothing else is."""
    state = at_turn("2019", players={"anna": {"dice": [3, 5], "storage": ["white-castle"]}, "ben": {}},
                    options=WHITE, depots={"3": ["cow3", "bank"]})
    listed = lines(state)
    assert "anna: place 3 white-castle c3" in listed
    assert not any(line.startswith("anna: place 3 white-castle") and " then " in line for line in listed)
    assert listed == accepted(state)


def test_the_crane_may_trigger_a_white_castle():
    """2019 rules, 'Crane': "trigger the effect of any building (beige)": with both modules, the
    white castle's too (docs/rulings.md)."""
    both = {"modules": ["extra-tiles", "white-castles"]}
    state = play_all(table(options=both, storage=["crane"], workers=1),
                     place("crane", "c3", 3, take("ship", 4), copy="white-castle"))
    assert state.players[0].storage == ["ship"] and state.players[0].workers == 0


def over(options=WHITE, **entry):
    return position({"anna": entry, "ben": {}}, "2019", phase="E", round=5, stage="over", options=options)


def test_tile_29_scores_4_per_white_castle():
    """2019 rules, 'The monastery tiles': "16–23 + 29) At the end of the game, if such a tile is in
    your duchy, you gain 4 victory points for each building of that type that you placed in your
    duchy" (cob.tile29): 4 VP per white castle in the duchy at the end; the crane may count as one
    (2019 rules, 'Crane': "16-23 + 29"). The rule cites that printed passage."""
    ref = cited(rule("cob.tile29"), "2019").ref
    assert "White Castles" in ref and "'16–23 + 29) At the end of the game" in ref
    state = over(duchy={"c4": "k29", "c3": "white-castle", "c5": "white-castle"})
    assert knowledge_points(state, state.players[0]) == {29: 8}
    both = over(options={"modules": ["extra-tiles", "white-castles"]},
                duchy={"c4": "k29", "c3": "white-castle", "c5": "crane"})
    assert knowledge_points(both, both.players[0]) == {29: 8}


#: Anna's duchy at the end: two white castles (c3, c5), the crane (c6), a warehouse (e4), tiles
#: 16 (warehouses), 22 (banks) and 29 (white castles), shields 10 and 13 on her castles.
ENDING = {"c4": "k16", "b4": "k29", "a4": "k22", "c3": "white-castle", "c5": "white-castle", "c6": "crane",
          "e4": "warehouse", "b3": "castle"}


@pytest.mark.parametrize(("crane", "knowledge"), [(None, 16), ("bank", 16), ("carpenter", 12)])
def test_a_hand_count_of_29_the_crane_and_shields_10_and_13(crane, knowledge):
    """The final scoring worked out by hand from the 2019 rules ('End of the game'; #29: 4 VP per
    white castle; 'Crane': it "counts as a building of your choice for the corresponding monastery
    tiles (16-23 + 29)"; 'THE SHIELDS' 10) "your victory point monastery tiles score double",
    13) "double the amount of victory points you get for each shield ... (including this one)"):

    goods 2 + 1 = 3; silver 5; workers 3 // 2 = 1;
    #16 one warehouse 4, #29 two white castles 8, #22 no bank 0, and the crane 4 on the tile it
    counts for (left unsaid: #16, the lowest; `crane as bank`: #22) -- 16; as a carpenter (no #18)
    it counts for nothing -- 12;
    shields: (10: 8 + 13: 4) x 2 = 24, and shield 10 scores the monastery tiles once more: 16 (12);
    total 3 + 5 + 1 + 16 + 24 + 16 = 65 (57 with the crane as a carpenter).
    """
    options = {"modules": ["extra-tiles", "white-castles", "shields"]}
    state = position({"anna": {"duchy": ENDING, "shields": {"d4": 10, "b3": 13}, "goods": {"1": 2, "4": 1},
                               "silver": 5, "workers": 3}, "ben": {}}, "2019", phase="E", round=5, stage="over",
                     options=options, shields={"depots": {}, "removed": []})
    if crane is not None:
        play_all(state, cmd(kind="crane", player="anna", building=crane))
    parts = breakdown(state, state.players[0], True)
    assert {category: points for category, points in parts.items() if points} == {
        "end-goods": 3, "end-silver": 5, "end-workers": 1, "knowledge-tiles": knowledge, "shields": 24 + knowledge}
    assert sum(parts.values()) == {16: 65, 12: 57}[knowledge]


def test_moves_list_the_white_castles_actions_with_their_cost():
    """`moves` lists the white castle's actions under the die, the white die's change and its workers
    in the label; every listed line is accepted and nothing else is."""
    state = table(workers=1)
    moves = legal_moves(state).groups
    assert "anna: place 3 white-castle c3 then take ship from 4" in moves["die 3 (0 workers); white die 3 as 4 "
                                                                         "(1 worker)"]
    assert "anna: place 3 white-castle c3 then take cow3 from 3" in moves["die 3 (0 workers); white die 3 "
                                                                         "(0 workers)"]
    assert lines(state) == accepted(state)


def test_show_labels_the_white_castle():
    assert "WHITEC" in render(table(duchy={"c3": "white-castle", "c4": "k29"}))


def test_a_white_castles_playout_is_deterministic():
    """`burgundy playout --modules white-castles`: dealt into the piles, placed, the same bytes."""
    first, second = (dump_record(playout(3, 1, modules=("white-castles",))) for _ in range(2))
    assert first == second
    assert "white-castle" in first and " k29" in first


@settings(max_examples=8, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), stop_after=st.one_of(st.none(), st.integers(1, 200)),
       both=st.booleans())
def test_white_castles_games_conserve_everything(players, seed, stop_after, both):
    """With the white castles (and the extra tiles) on, tiles, goods, silver and workers are
    conserved at every line (the watcher recomputes the workers a white castle's action pays);
    the record round-trips; moves and check agree at the end."""
    modules = ("white-castles", "extra-tiles") if both else ("white-castles",)
    session = play_game(players, seed, "2019", stop_after, visit=Watcher(), modules=modules)
    record_round_trip(session)
    state = session.state
    if state.stage != "over":
        assert lines(state) == accepted(state)


def test_a_shield_tile_line_settles_only_its_first_white_castles_action():
    """A shields 14/15 tile line spends no workers before its chain, so `moves` takes the first
    white castle's action as listed (its cost asked as the check asks it); a second one, or
    one among a sale's bonuses, still goes to engine.check (its cost known once carried out)."""
    from burgundy_cli.castles.rules.commands import PlaceAction, SellAction, TakeAction
    from burgundy_cli.castles.movegen import settled_chain

    state = table()
    white = PlaceAction(tile="white-castle", space="c3", then=TakeAction(tile="cow3", depot=3))
    assert settled_chain(state, white, spent=False) and not settled_chain(state, white)
    assert settled_chain(state, PlaceAction(tile="white-castle", space="c3"))
    assert not settled_chain(state, PlaceAction(tile="white-castle", space="c5", then=white), spent=False)
    sale = PlaceAction(tile="warehouse", space="c4", then=SellAction(goods=3, then=(white,)))
    assert not settled_chain(state, sale, spent=False)
