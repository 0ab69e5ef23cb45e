"""The 2019 extra hex tiles (rulebook 'EXPANSIONS', '4 additional hex tiles'): #27 bridge,
#28 workers, the crane and the geese -- setup, lines, effects, scoring, moves, show, playouts
and conservation with the module on.

The passages quoted are from our English text of the 2019 rulebook
(../shared/rules/castles-of-burgundy-2019-rules-with-expansions.txt, from "EXPANSIONS").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.modules import extra as module_extra
from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.rules.citations import cited
from burgundy_cli.castles.movegen import legal_commands, legal_moves
from burgundy_cli.castles.notation import format_command, parse_line
from burgundy_cli.castles.playout import play_game, playout
from burgundy_cli.castles.views.render import render
from burgundy_cli.castles.rules import rule
from burgundy_cli.castles.rules.scoring import breakdown, knowledge_points
from burgundy_cli.castles.record.position_table import state_from_position
from burgundy_cli.castles.record.setup import SetupError, position_data
from burgundy_cli.castles.views.svg import picture
from burgundy_cli.castles.views.svg import position_data as svg_position
from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.session import open_record
from tests.castles.engine_kit import assert_illegal, at_turn, cmd, new_game, play_all, position
from tests.castles.movegen_oracle import accepted
from tests.castles.test_properties import NO_SHRINK, Watcher, record_round_trip

EXTRA = {"modules": ["extra-tiles"]}


def place(tile, space, rolled, player="anna", **extra):
    return cmd(kind="die", player=player, rolled=rolled, action={"kind": "place", "tile": tile, "space": space,
                                                                 **extra})


def hire(workers, player="anna"):
    return cmd(kind="hire", player=player, workers=workers)


def table(options=EXTRA, **entry):
    """Anna to move on duchy 1 in the 2019 game (extra tiles on by default), Ben after her."""
    entry.setdefault("dice", [3, 5])
    entry.setdefault("silver", 3)
    return at_turn("2019", players={"anna": entry, "ben": {"dice": [1, 1]}}, options=options,
                   depots={"1": ["market", "ship"], "2": ["k16", "castle"], "5": ["mine", "k17"]})


def lines(state) -> set[str]:
    return {format_command(command) for command in legal_commands(state)}


# --- setup ------------------------------------------------------------------------------------------


def test_the_extra_tiles_are_shuffled_into_their_piles():
    """2019 rules, 'EXPANSIONS': "4 additional hex tiles: These are shuffled into the matching piles
    (black and yellow)." #27 and #28 are yellow (monastery), the crane and the geese black."""
    supply = new_game(edition="2019", modules=["extra-tiles"]).supply
    assert (supply["k27"], supply["k28"], supply["crane"], supply["geese"]) == ([1, 0], [1, 0], [0, 1], [0, 1])
    base = new_game(edition="2019").supply
    assert base["crane"] == base["k27"] == [0, 0]


def test_an_extra_tile_without_the_module_is_refused():
    """2019 rules, 'EXPANSIONS': a module's tiles are in play only with it (cob.module.off): in a
    reveal, a take and a position."""
    state = new_game(edition="2019")
    reveal = cmd(kind="reveal", depot=0, tiles=["crane", "ship", "castle", "mine"])
    with pytest.raises(Exception) as info:
        engine.check(state, reveal)
    assert info.value.rule.id == "cob.module.off"
    engine.check(new_game(edition="2019", modules=["extra-tiles"]), reveal)
    with pytest.raises(SetupError, match="extra-tiles"):
        table(options={}, storage=["geese"])


def test_an_extra_tiles_playout_deals_them_and_is_deterministic():
    """`burgundy playout --modules extra-tiles`: the reveals name the tiles as dealt; the same
    seed gives the same record, byte for byte (seed 3: complete-4p-2019-extra-tiles.toml's)."""
    first, second = (dump_record(playout(4, 3, modules=("extra-tiles",))) for _ in range(2))
    assert first == second
    for tile in ("crane", "geese", "k27", "k28"):
        assert f" {tile}" in first
    assert "--modules extra-tiles" in first


# --- #27 bridge ---------------------------------------------------------------------------------------


def bridge_names(state, space):
    """The stack on bridge ``space``, bottom to top."""
    return [state.players[seat].name for seat in state.bridge[space]]


@pytest.mark.parametrize(("owner", "on_top"), [(None, "ben"), ("anna", "anna")])
def test_tile_27_keeps_its_owner_on_top_passively(owner, on_top):
    """2019 rules, '#27 Bridge': "If this tile is in your duchy, and your turn order piece is in a
    stack with other pieces, it is always placed on top. This applies both actively and passively
    (i.e. whenever another piece is moved onto the same space, yours is placed on top)." (cob.tile27)
    Ben's ship moves him onto Anna's space 1."""
    anna = {"dice": [], "duchy": {"c4": "k27"}} if owner else {"dice": []}
    state = at_turn("2019", players={"ben": {"dice": [5, 1], "storage": ["ship"]}, "anna": anna},
                    options=EXTRA, bridge=[["ben"], ["anna"]], order=["anna", "ben"])
    play_all(state, place("ship", "d5", 5, player="ben"))
    assert bridge_names(state, 1)[-1] == on_top
    assert "Bridge" in cited(rule("cob.tile27"), "2019").ref


def test_tile_27_put_in_a_stack_goes_on_top_actively():
    """2019 rules, '#27 Bridge': placing #27 while under another piece puts its owner on top."""
    state = at_turn("2019", players={"anna": {"dice": [1, 5], "storage": ["k27"]}, "ben": {"dice": [1, 1]}},
                    options=EXTRA, bridge=[["ben", "anna"]], order=["anna", "ben"])
    assert bridge_names(state, 0) == ["anna", "ben"]
    play_all(state, place("k27", "c4", 1))
    assert bridge_names(state, 0) == ["ben", "anna"]
    assert rule("cob.tile27").id == "cob.tile27"


def test_tile_27_two_owners_in_one_stack_keep_the_base_games_order():
    """2019 rules, '#27 Bridge': "your turn order piece ... is always placed on top". Two pieces
    may both have it (team mates, whose duchy is one; a holder of shield 6 borrowing the tile):
    both go above the pieces without it, and between them the base game's stacking stands, the
    piece moved last on top (docs/rulings.md). Anna came onto space 1 after Carla (a position lists a stack top first); Ben's ship
    then moves him there too."""
    state = at_turn("2019", players={"ben": {"dice": [5, 1], "storage": ["ship"]},
                                     "anna": {"duchy": {"c4": "k27"}}, "carla": {}},
                    options=EXTRA, bridge=[["ben"], ["anna", "carla"]], order=["ben", "anna", "carla"])
    carla = state.players[2]
    carla.knowledge = carla.knowledge | {27}  # (as shield 6 lends Anna's tiles, or a team duchy shares them)
    play_all(state, place("ship", "d5", 5, player="ben"))
    assert bridge_names(state, 1) == ["ben", "carla", "anna"]


# --- #28 workers --------------------------------------------------------------------------------------


def test_tile_28_buys_2_workers_for_1_silver():
    """2019 rules, '#28 Workers': "If this tile is in your duchy, you can buy workers from the
    supply. 2 workers cost 1 silver coin." Any number of pairs, in the owner's turn."""
    state = play_all(table(duchy={"c4": "k28"}, workers=1), hire(4))
    anna = state.players[0]
    assert (anna.silver, anna.workers) == (1, 5)
    assert format_command(parse_line("anna: hire 4 workers")) == "anna: hire 4 workers"


def test_tile_28_refusals():
    """2019 rules, '#28 Workers': only its owner, in pairs, paid (cob.tile28, cob.tile28.pay);
    in the owner's turn (cob.flow.turn-order)."""
    assert_illegal(table(), hire(2), "cob.tile28")
    owner = table(duchy={"c4": "k28"})
    assert "2 or 4" in assert_illegal(owner, hire(3), "cob.tile28.pay").hint
    assert_illegal(owner, hire(8), "cob.tile28.pay")
    ben_owns = at_turn("2019", players={"anna": {"dice": [3, 5]}, "ben": {"dice": [1, 1], "duchy": {"c4": "k28"}}},
                       options=EXTRA)
    assert_illegal(ben_owns, hire(2, player="ben"), "cob.flow.turn-order")


def test_the_modules_lines_are_refused_without_it():
    """2019 rules, 'EXPANSIONS': the module's lines -- #28's `hire`, the crane's `crane as` --
    belong to it (cob.module.off, naming the module to switch on), like the shields' lines."""
    for line in ("anna: hire 2 workers", "anna: crane as bank"):
        err = assert_illegal(table(options={}), parse_line(line), "cob.module.off")
        assert 'modules = ["extra-tiles"]' in err.hint


def test_tile_28_workers_are_bought_after_the_dice_while_the_purchase_is_open():
    """docs/rulings.md: the purchase of workers belongs to the owner's turn, which lasts as long
    as their black-depot purchase may still be made after their dice."""
    state = play_all(table(duchy={"c4": "k28"}, dice=[3]), cmd(kind="die", player="anna", rolled=3,
                                                                action={"kind": "workers"}))
    assert state.late_buyer == 0
    engine.check(state, hire(2))


def test_moves_list_the_workers_purchase_with_its_cost():
    state = table(duchy={"c4": "k28"}, silver=2)
    moves = legal_moves(state).groups
    assert moves["workers with monastery tile 28, 1 silver"] == ["anna: hire 2 workers"]
    assert moves["workers with monastery tile 28, 2 silver"] == ["anna: hire 4 workers"]
    assert lines(state) == accepted(state)


# --- the crane ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("copy", "then", "check"), [
    ("bank", None, lambda anna: anna.silver == 5),
    ("boarding-house", None, lambda anna: anna.workers == 4),
    ("watchtower", None, lambda anna: anna.vp["watchtowers"] == 4),
    ("church", {"kind": "take", "tile": "mine", "depot": 5}, lambda anna: anna.storage == ["mine"]),
    ("warehouse", {"kind": "sell", "goods": 2}, lambda anna: anna.sold[2] == 1),
])
def test_the_crane_triggers_any_buildings_effect(copy, then, check):
    """2019 rules, 'Crane (building/black)': "When you place a crane in your duchy, you may
    immediately trigger the effect of any building (beige) you want even if that building is not
    in you duchy. For example, you could sell goods (warehouse), or take 2 silver coins (bank),
    or grab a castle tile from the game board (church), or ..." (cob.crane.copy)"""
    extra = {"copy": copy} if then is None else {"copy": copy, "then": then}
    state = play_all(table(storage=["crane"], goods={"2": 1}), place("crane", "c3", 3, **extra))
    anna = state.players[0]
    assert anna.duchy[space_id("c3")] == "crane" and check(anna)


def test_the_crane_may_trigger_nothing():
    """2019 rules, 'Crane': "you *may* immediately trigger": a crane placed without `as`."""
    state = play_all(table(storage=["crane"]), place("crane", "c3", 3))
    assert state.players[0].silver == 3


def test_crane_refusals():
    """2019 rules, 'Crane': a building's effect, and only the crane's (cob.crane.copy); a crane
    triggering nothing grants nothing (cob.effect.none); the white castle only with its module."""
    state = table(storage=["crane", "bank"])
    assert_illegal(state, place("crane", "c3", 3, copy="k7"), "cob.crane.copy")
    assert_illegal(state, place("crane", "c3", 3, copy="white-castle"), "cob.crane.copy")
    assert_illegal(state, place("bank", "c3", 3, copy="church"), "cob.crane.copy")
    assert_illegal(state, place("crane", "c3", 3, then={"kind": "sell", "goods": 1}), "cob.effect.none")
    assert_illegal(state, place("crane", "c3", 3, copy="church", then={"kind": "take", "tile": "ship", "depot": 1}),
                   "cob.building.take")


def test_moves_list_the_cranes_effects():
    """`moves` lists the crane without an effect and with each building's."""
    state = table(storage=["crane"], goods={"2": 1})
    found = lines(state)
    assert {"anna: place 3 crane c3", "anna: place 3 crane c3 as bank", "anna: place 3 crane c3 as watchtower",
            "anna: place 3 crane c3 as church then take castle from 2", "anna: place 3 crane c3 as warehouse then sell 2",
            "anna: place 3 crane c3 as carpenter"} <= found
    assert found == accepted(state)


def over(options=EXTRA, **entry):
    """Anna's game after phase E (the final scoring), duchy 1, with ``entry``'s tiles."""
    return position({"anna": entry, "ben": {}}, "2019", phase="E", round=5, stage="over", options=options)


def test_the_crane_counts_as_the_building_that_scores_most_by_default():
    """2019 rules, 'Crane': "during final scoring at the end of the game, the crane counts as a
    building of your choice for the corresponding monastery tiles (16-23 + 29)". Left unsaid, the
    referee takes the lowest-numbered such tile the owner has (each is worth 4 VP to the crane;
    docs/rulings.md). Anna: k16 (warehouses) and k22 (banks), a warehouse and a crane."""
    state = over(duchy={"c4": "k16", "c3": "crane", "c5": "warehouse", "b4": "k22"})
    anna = state.players[0]
    assert module_extra.crane_counts_as(state, anna) == "warehouse"
    assert knowledge_points(state, anna) == {16: 8, 22: 0}


def test_the_crane_line_states_its_building_at_the_final_scoring():
    """2019 rules, 'Crane': "This can be a different one from the one you triggered when placing
    the crane." `anna: crane as bank` after the game's end (cob.crane.score)."""
    state = over(duchy={"c4": "k16", "c3": "crane", "c5": "warehouse", "b4": "k22"})
    play_all(state, parse_line("anna: crane as bank"))
    assert knowledge_points(state, state.players[0]) == {16: 4, 22: 4}
    assert state_from_position(GameHeader(name="castles-of-burgundy", edition="2019", players=["anna", "ben"],
                                          options=EXTRA), position_data(state)).players[0].crane == "bank"


def test_crane_line_refusals():
    """cob.crane.score: at the final scoring only, by a crane's owner, once, naming a type of 16-23/29."""
    assert_illegal(table(duchy={"c3": "crane"}), parse_line("anna: crane as bank"), "cob.crane.score")
    assert_illegal(over(), parse_line("anna: crane as bank"), "cob.crane.score")
    owner = over(duchy={"c3": "crane"})
    assert_illegal(owner, parse_line("anna: crane as k7"), "cob.crane.score")
    assert_illegal(owner, parse_line("anna: crane as white-castle"), "cob.crane.score")  # no #29 without the module
    play_all(owner, parse_line("anna: crane as bank"))
    assert_illegal(owner, parse_line("anna: crane as church"), "cob.crane.score")


def test_moves_lists_the_crane_lines_check_accepts_once_the_game_is_over():
    """2019 rules, 'Crane': "during final scoring at the end of the game, the crane counts as a
    building of your choice" -- said after the game's end, when no one is to move: ``moves``
    lists each building type ``check`` accepts for the crane's owner (cob.crane.score asked of
    each), none for a player without a crane, none once said, and none before the end."""
    from burgundy_cli.castles.rules.tiles import KNOWLEDGE_BUILDING

    def crane_lines(state) -> list[str]:
        return [line for line in legal_moves(state).moves if " crane as " in line]

    state = over(duchy={"c4": "k16", "c3": "crane", "c5": "warehouse", "b4": "k22"})
    said = [f"anna: crane as {building}" for building in dict.fromkeys(KNOWLEDGE_BUILDING.values())]
    assert crane_lines(state) == said
    assert legal_moves(state).player is None
    for line in said:
        engine.check(state, parse_line(line))
    for line in ("anna: crane as white-castle", "ben: crane as bank"):  # (no #29 without the module; no crane)
        assert_illegal(state, parse_line(line), "cob.crane.score")
    play_all(state, parse_line("anna: crane as bank"))
    assert crane_lines(state) == []
    assert crane_lines(table(duchy={"c3": "crane"})) == []


# --- the geese -----------------------------------------------------------------------------------------


def test_the_rulebook_geese_example():
    """2019 rules, 'Geese (livestock/black)', example: "Carla places the geese tile on a pasture that
    already has a 2 and a 3 cow tile. Carla scores 2+2+3=7 victory points. During a later turn, she
    places a 4 pig tile in the same pasture; she scores 4+2=6 victory points." (cob.geese.score;
    records/castles-of-burgundy/rulebook-geese.toml)"""
    assert "Geese" in cited(rule("cob.geese.score"), "2019").ref
    session = open_record("records/castles-of-burgundy/rulebook-geese.toml")
    carla = session.state.players[0]
    assert carla.vp == {"geese": 7 + 2, "animals": 4}
    first = play_all(table(storage=["geese"], duchy={"c3": "bank", "b2": "cow3", "c2": "cow2"}, dice=[2, 5]),
                     place("geese", "b1", 2))
    assert first.players[0].vp == {"geese": 7}


def test_the_geese_score_the_best_other_livestock_type():
    """2019 rules, 'Geese': "plus victory points for one other type of livestock": the type that
    scores most (docs/rulings.md); alone on their pasture, the geese score 2."""
    mixed = table(storage=["geese"], duchy={"c3": "bank", "b2": "cow3", "c2": "sheep4"}, dice=[2, 5])
    assert play_all(mixed, place("geese", "b1", 2)).players[0].vp == {"geese": 6}
    alone = table(storage=["geese"], duchy={"c3": "bank"}, dice=[4, 5])
    assert play_all(alone, place("geese", "c2", 4)).players[0].vp == {"geese": 2}


def test_the_geese_are_a_livestock_type_for_tile_24():
    """2019 rules, 'Geese': "geese count as additional type of livestock for monastery tile #24."
    Cows and geese: 2 types, 8 VP."""
    state = over(duchy={"c3": "bank", "b2": "cow3", "b1": "geese", "c4": "k24"})
    assert knowledge_points(state, state.players[0]) == {24: 8}


def test_knowledge_tile_7_adds_1_per_scoring_tile_with_the_geese():
    """docs/rulings.md: knowledge tile 7 ("every animal tile that scores gives +1 VP") counts the
    geese and the tiles of the type they score with: 2+2+3 + 3 = 10; later a pig: 4+1 + 2+1."""
    state = table(storage=["geese", "pig4"], duchy={"c3": "bank", "b2": "cow3", "c2": "cow2", "c4": "k7"},
                  dice=[2, 5])
    play_all(state, place("geese", "b1", 2), place("pig4", "c1", 5))
    assert state.players[0].vp == {"geese": 10 + 3, "animals": 5}


# --- show, position, moves agree, conservation ---------------------------------------------------------


def test_show_and_svg_label_the_extra_tiles():
    """`show` and the SVG picture name the module's tiles."""
    state = table(duchy={"c3": "crane", "c4": "k27", "b2": "geese"})
    text = render(state)
    assert "CRANE" in text and "GEESE" in text and "K27" in text
    drawn = picture(svg_position(state), "extra tiles")
    assert ">CRANE<" in drawn and ">GEESE<" in drawn


def test_a_position_with_geese_vp_reads_back():
    """`[position]` holds the module's state: the tiles, the geese VP category, the crane's type."""
    state = play_all(table(storage=["geese"], duchy={"c3": "bank", "b2": "cow3"}, dice=[2, 5]),
                     place("geese", "b1", 2))
    data = position_data(state)
    again = state_from_position(GameHeader(name="castles-of-burgundy", edition="2019", players=["anna", "ben"],
                                           options=EXTRA), data)
    assert again.players[0].vp == state.players[0].vp and breakdown(again, again.players[0], False)["geese"] == 5


@settings(max_examples=8, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), stop_after=st.one_of(st.none(), st.integers(1, 200)))
def test_extra_tiles_games_conserve_everything(players, seed, stop_after):
    """With the extra tiles on, tiles (the four in their piles), goods, silver and workers are
    conserved at every line (the watcher recomputes #28's and the crane's flows), VP never
    decrease; the record reads back, replays and scores the same; moves and check agree at the end."""
    session = play_game(players, seed, "2019", stop_after, visit=Watcher(), modules=("extra-tiles",))
    record_round_trip(session)
    state = session.state
    if state.stage != "over":
        assert lines(state) == accepted(state)
