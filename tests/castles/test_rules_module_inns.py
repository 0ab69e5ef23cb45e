"""The 2019 inns module (rulebook 'EXPANSIONS', 'The Inns'): setup, purchase, placement,
scoring, moves, show, playouts and conservation with the module on.

The passages quoted are from our English text of the 2019 rulebook; the size-8 cap and "an
inn is the turn's black-depot purchase" come from the Traditional Chinese 2019 rulebook only
(medium confidence, docs/rulings.md).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.modules import inns
from burgundy_cli.castles.rules.boards import board, space_id
from burgundy_cli.castles.movegen import legal_commands
from burgundy_cli.castles.notation import format_command
from burgundy_cli.castles.playout import play_game, playout
from burgundy_cli.castles.views.render import render
from burgundy_cli.castles.record.setup import SetupError
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.session import open_record
from tests.castles.engine_kit import assert_illegal, at_turn, cmd, new_game, play_all
from tests.castles.movegen_oracle import accepted
from tests.castles.test_properties import NO_SHRINK, Watcher, record_round_trip

INNS = {"modules": ["inns"]}


def buy(tile, player="anna", **extra):
    return cmd(kind="buy", player=player, tile=tile, **extra)


def place(tile, space, rolled, player="anna"):
    return cmd(kind="die", player=player, rolled=rolled, action={"kind": "place", "tile": tile, "space": space})


def table(options=INNS, phase="A", **entry):
    """Anna to move on duchy 1 in the 2019 game (inns on by default), Ben after her."""
    entry.setdefault("dice", [3, 5])
    entry.setdefault("silver", 4)
    return at_turn("2019", players={"anna": entry, "ben": {"dice": [1, 1], "silver": 4}}, phase=phase,
                   depots={"black": ["k7", "bank", "ship", "castle"]}, options=options)


# --- setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [["inns"], "inns", " inns "])
def test_a_record_switches_the_inns_on_as_a_list_or_a_name(value):
    """2019 rules, 'EXPANSIONS': the modules are played by choice; a record names them."""
    assert new_game(edition="2019", modules=value).ruleset.modules == ("inns",)


@pytest.mark.parametrize(("value", "edition", "words"), [
    (["inn"], "2019", "did you mean 'inns'"),
    (["white-castle"], "2019", "did you mean 'white-castles'"),
    (["solo-gam"], "2019", "did you mean 'solo-game'"),
    (["inns", "inns"], "2019", "named twice"),
    (["inns"], "2011", "belongs to the 2019 edition"),
    (3, "2019", "list of module names"),
])
def test_a_module_name_must_be_known_refereed_once_and_2019(value, edition, words):
    with pytest.raises(SetupError) as info:
        new_game(edition=edition, modules=value)
    assert words in f"{info.value.message} {info.value.hint}"
    assert info.value.path[:3] == ("game", "options", "modules")


# --- the inns beside the black depot ----------------------------------------------------------------


def test_buy_an_inn_for_2_silverlings():
    """2019 rules, 'The Inns': "Like every other hex tile from the black depot, inns can be
    bought by paying 2 silver coins, and placed on a key space on the player's board."
    The Chinese 2019 rulebook: it is the turn's one black-depot purchase (cob.buy.once)."""
    state = play_all(table(), buy("inn"))
    anna = state.players[0]
    assert anna.storage == ["inn"] and anna.silver == 2
    assert state.depots[0] == ["k7", "bank", "ship", "castle"]
    assert_illegal(state, buy("bank"), "cob.buy.once")


def test_one_inn_is_laid_out_each_phase_and_stays():
    """2019 rules, 'The Inns': "Each phase, place one inn next to the central black depot. Inns
    are not removed like other hex tiles from the game board each phase." (cob.buy.stock)"""
    state = play_all(table(), buy("inn"))
    engine.play(state, cmd(kind="pass", player="anna"))
    assert inns.inns_left(state) == 0
    assert_illegal(state, buy("inn", player="ben"), "cob.buy.stock")
    later = table(phase="C")
    assert inns.laid_out(later) == 3 and inns.inns_left(later) == 3
    assert "beside the black depot: 3 inn" in render(later)


def test_inns_lie_beside_the_black_depot_only():
    """2019 rules, 'The Inns': inns lie next to the central black depot; knowledge tile 6's
    purchase from a numbered depot does not reach them (cob.buy.stock)."""
    state = table(duchy={"c4": "k6"})
    assert_illegal(state, buy("inn", depot=2), "cob.buy.stock")


def test_an_inn_without_the_module_is_refused():
    """2019 rules, 'EXPANSIONS': the inns are in play only with their module (cob.module.off)."""
    err = assert_illegal(table(options={}), buy("inn"), "cob.module.off")
    assert 'modules = ["inns"]' in err.hint


# --- placing an inn ----------------------------------------------------------------------------------


def test_an_inn_goes_on_any_colour():
    """2019 rules, 'The Inns': "An inn can be placed on any empty hex space on your duchy
    (according to the regular rules)." d5 is blue, c4 yellow."""
    for space, rolled in (("d5", 5), ("c4", 1)):
        state = play_all(table(storage=["inn"], dice=[rolled, 5]), place("inn", space, rolled))
        assert state.players[0].duchy[space_id(space)] == "inn"


def test_the_regular_placement_rules_still_apply_to_an_inn():
    """2019 rules, 'The Inns': "(according to the regular rules)": the die shows the space's
    number (cob.die.value), next to a placed tile (cob.place.adjacent), on an empty space; other
    tiles still match colours (cob.place.colour)."""
    state = table(storage=["inn", "ship"], dice=[3, 5])
    assert_illegal(state, place("inn", "d5", 3), "cob.die.value")
    assert_illegal(state, place("inn", "a4", 3), "cob.place.adjacent")
    assert_illegal(state, place("ship", "c3", 3), "cob.place.colour")


def test_one_inn_per_area():
    """2019 rules, 'The Inns': "However, you may only place up to one inn per color area!"
    (cob.inn.area): the blue area d5-d6-d7 of duchy 1 has an inn on d5."""
    state = table(duchy={"d5": "inn"}, storage=["inn"], dice=[4, 1])
    err = assert_illegal(state, place("inn", "d6", 4), "cob.inn.area")
    assert "blue area already has an inn" in err.message
    assert "anna: place 4 inn d6" not in {format_command(c) for c in legal_commands(state)}


# --- scoring -----------------------------------------------------------------------------------------


def test_an_inn_enlarges_its_area_by_one():
    """2019 rules, 'The Inns': "By placing an inn, you increase the size of that area by 1."
    c3 of duchy 1 is a city of one space: with the inn it scores as size 2 (3 VP, not 1) + 10;
    the breakdown shows the board's 1 under areas and the inn's 2 more under inns."""
    state = play_all(table(storage=["inn"], dice=[3, 5]), place("inn", "c3", 3))
    assert state.players[0].vp == {"areas": 1, "inns": 2, "area-phase-bonus": 10}


def test_the_rulebook_inn_example_scores_15_not_10():
    """2019 rules, 'The Inns', example: "When you place an inn in a size 4 area, it is increased
    to a size 5 area and will score 15 instead of 10 victory points when completed."
    (records/castles-of-burgundy/rulebook-inn.toml)."""
    session = open_record("records/castles-of-burgundy/rulebook-inn.toml")
    benno = session.state.players[1]
    assert benno.vp == {"areas": 10, "inns": 5, "area-phase-bonus": 8}
    assert session.score().players[0].breakdown["inns"] == 5


@pytest.mark.parametrize(("uncapped", "vp"), [(False, 36), (True, 45)])
def test_the_size_8_cap_and_the_option_that_lifts_it(uncapped, vp):
    """Chinese 2019 rulebook (medium confidence): the enlarged area scores at most as size 8
    (36 VP); option inn-uncapped (the 2023 Special Edition's reading): size 9 scores 45. The
    beige a2 area of the 2019 duchy 10 has 8 spaces; one holds an inn."""
    state = new_game(edition="2019", modules=["inns"], inn_uncapped=uncapped)
    player = state.players[0]
    player.board = board("2019", 10)
    area = player.board.area_of[space_id("a2")]
    player.duchy = [None] * 37
    for space, tile in zip(area, ("inn", "bank", "church", "market", "carpenter", "warehouse", "watchtower",
                                  "city-hall")):
        player.duchy[space] = tile
    assert inns.area_points(state, player, area[0], 1) == vp  # counted one space larger for the inn


# --- moves, playouts, conservation -------------------------------------------------------------------


def test_moves_list_the_inn_purchase_and_its_placements_on_any_colour():
    """Phase B: two inns laid out, one in Anna's storage, one still beside the black depot."""
    state = table(storage=["inn"], dice=[5, 2], phase="B")
    lines = {format_command(c) for c in legal_commands(state)}
    assert {"anna: buy inn", "anna: place 5 inn d5", "anna: place 2 inn d3"} <= lines
    assert lines == accepted(state)


def test_an_inns_playout_is_deterministic_and_buys_and_places_inns():
    """`burgundy playout --modules inns`: the same seed gives the same record, byte for byte."""
    first, second = (dump_record(playout(3, 11, modules=("inns",))) for _ in range(2))
    assert first == second
    assert '"Anna: buy inn"' in first and '"Anna: place 4 inn a3"' in first and "--modules inns" in first
    with pytest.raises(SetupError):
        playout(2, 1, edition="2011", modules=("inns",))


def inns_accounted(state) -> None:
    """Every inn laid out is beside the black depot, in a storage, in a duchy or discarded."""
    out = sum(p.storage.count("inn") + p.duchy.count("inn") for p in state.players) + state.removed.count("inn")
    assert inns.inns_left(state) >= 0
    assert out + inns.inns_left(state) == min(inns.laid_out(state), 5) <= 5
    for player in state.players:
        for space, tile in enumerate(player.duchy):
            if tile == "inn":
                area = player.board.area_of[space]
                assert [player.duchy[s] for s in area].count("inn") == 1


class InnWatcher(Watcher):
    """The base game's watcher (tiles, goods, silver, workers, VP) and the inns' stack."""

    def __call__(self, session) -> None:
        inns_accounted(session.state)
        super().__call__(session)


@settings(max_examples=12, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), stop_after=st.one_of(st.none(), st.integers(1, 200)))
def test_inns_games_conserve_everything(players, seed, stop_after):
    """With the inns on, tiles, inns, goods, silver and workers are conserved at every line; the
    record reads back, replays and scores the same; moves and check agree at the end."""
    session = play_game(players, seed, "2019", stop_after, visit=InnWatcher(), modules=("inns",))
    record_round_trip(session)
    state = session.state
    if state.stage != "over":
        assert {format_command(command) for command in legal_commands(state)} == accepted(state)


def test_an_inn_bought_during_a_city_halls_placement_and_placed_with_it():
    """2019 rules, 'The central black depot' ("at any time during your turn") and 'The Inns':
    the inn bought during a city hall's placement is placed with the city hall's placement."""
    line = cmd(kind="die", player="anna", rolled=3, action={
        "kind": "place", "tile": "city-hall", "space": "c3", "buy": {"kind": "buy", "player": "anna", "tile": "inn"},
        "then": {"kind": "place", "tile": "inn", "space": "c4"}})
    state = play_all(table(storage=["city-hall"]), line)
    anna = state.players[0]
    assert anna.duchy[space_id("c4")] == "inn" and anna.silver == 2 and inns.inns_left(state) == 0
    assert format_command(line) in {format_command(c) for c in legal_commands(table(storage=["city-hall"]))}


#: Duchy 1's two pastures (a1 b1 b2 c1 c2, and e6) filled, an inn on c2, and the tiles joining
#: them to the start castle (d4).
PASTURES_WITH_AN_INN = {"a1": "cow2", "b1": "cow2", "b2": "cow3", "c1": "sheep2", "c2": "inn", "e6": "pig2",
                        "c3": "bank", "d3": "ship", "d5": "ship", "d6": "ship"}


@pytest.mark.parametrize(("removed", "duchy", "bonus", "vp", "printed"), [
    ([17], {"c4": "k3", "b3": "castle", "a3": "inn", "a2": "castle"}, "dark-green-large",
     {"areas": 10, "inns": 5, "area-phase-bonus": 10}, 6),
    ([1], PASTURES_WITH_AN_INN, "light-green-large", {"areas": 21, "inns": 7, "area-phase-bonus": 10}, 15 + 1)])
def test_an_inns_vp_with_a_shield_that_left_the_game_are_not_bounded_below_what_it_scored(removed, duchy, bonus,
                                                                                       vp, printed):
    """2019 'The Inns': "By placing an inn, you increase the size of that area by 1"; 'THE
    SHIELDS' 17): "whenever you complete an area, you score according to the next larger area".
    A size-3 area with an inn completed while shield 17 was held scores as size 5: 10 under
    'areas', 5 under 'inns'. Once the shield has left the game (replaced, or given up in the
    tribute) a typed position cannot know it was held, so the inns' VP are no more bounded than
    the areas' (the position was refused: 'at most 4 inns VP'). Likewise shield 1 with option
    `shield1-one-area` ("all pasture spaces count as connected, as if there was just one
    pasture"): both pastures, 6 spaces with an inn, scored as size 7 (21 + inns 28 - 21 = 7).
    With no shield gone, the printed areas bound the inns' VP as before. Each duchy covers a
    colour, so Anna holds its large bonus tile ('Bonus tiles')."""
    options = {"modules": ["inns", "shields"], "shield1-one-area": True}
    anna = {"dice": [3, 3], "duchy": duchy, "bonuses": [bonus], "vp": vp}
    state = at_turn("2019", players={"anna": anna, "ben": {}}, options=options,
                    shields={"depots": {}, "removed": removed})
    assert state.players[0].vp["inns"] == vp["inns"]
    anna["vp"] = {**vp, "areas": printed, "area-phase-bonus": 10 * (1 + (removed == [1]))}
    with pytest.raises(SetupError) as info:
        at_turn("2019", players={"anna": anna, "ben": {}}, options=options, shields={"depots": {}, "removed": []})
    assert info.value.path[-1] == "inns"
