"""The component data shipped in the package: counts, boards, depots, tile names."""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules.boards import ROW_LENGTHS, board, board_numbers, depot_spaces, space_id, space_name
from burgundy_cli.castles.rules.tiles import (
    BUILDINGS, area_vp, bonus_vp, catalogue, knowledge_text, resolve_tile_name, sale_vp, suggest_tile_name,
)

DIE_PATTERN = "6543 21654 543123 6126541 254312 61256 3413".replace(" ", "")


def test_tile_counts_match_the_rulebook():
    """2011 rules, 'Game components': "164 six-sided tiles: 7x 8 buildings (beige, 16x with black
    backs), 7x 4 animals (light green, 8x with black backs), 26x knowledge (yellow, 6x with black
    backs), 16 castles (2x black), 12 mines (2x black), 26 ships (6x black)"."""
    kinds = catalogue()
    by_type: dict[str, list[int]] = {}
    for kind in kinds.values():
        if kind.module is not None:  # the 2019 modules' tiles outside the piles (5 inns)
            continue
        totals = by_type.setdefault(kind.type, [0, 0])
        totals[0] += kind.coloured
        totals[1] += kind.black
    assert by_type == {"building": [40, 16], "animal": [20, 8], "knowledge": [20, 6], "castle": [14, 2],
                       "mine": [10, 2], "ship": [20, 6]}
    assert all(kinds[name].coloured + kinds[name].black == 7 for name in BUILDINGS)
    assert sorted(n for n, k in kinds.items() if k.type == "knowledge" and k.black) == ["k12", "k14", "k15", "k24",
                                                                                       "k25", "k7"]


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_boards_share_the_die_pattern_and_colour_counts(edition):
    """2011 rules, 'The player boards': 37 spaces; every duchy has the same die numbers, and
    12 beige, 6 yellow, 6 blue, 6 light-green, 4 dark-green and 3 grey spaces."""
    for number in board_numbers(edition):
        duchy = board(edition, number)
        assert "".join(map(str, duchy.die)) == DIE_PATTERN
        assert {c: len(s) for c, s in duchy.colour_spaces.items()} == {"B": 12, "Y": 6, "S": 6, "L": 6, "C": 4, "M": 3}
        assert max(len(area) for area in duchy.areas) <= 8


def test_edition_numbering():
    """data/SOURCES.md: "The board that was labelled number 2 in first edition was given number 10
    in 2019 edition"; 2019 has a new No. 2 with a central start castle."""
    assert board_numbers("2011") == tuple(range(1, 10)) and board_numbers("2019") == tuple(range(1, 11))
    assert board("2011", 2) is board("2019", 10)
    assert board("2019", 2).layout == "L2019_2" and board("2019", 2).colour[space_id("d4")] == "C"


def test_duchy_one_cities():
    """2011 rules, 'Building (beige)': "Estate No. 1, for example, has 4 cities: one 1-size, one
    5-size and two 3-size.\""""
    duchy = board("2011", 1)
    assert sorted(len(a) for a in duchy.areas if duchy.colour[a[0]] == "B") == [1, 3, 3, 5]


def test_space_names_round_trip():
    """Notation: spaces are named by row letter a-g and 1-based column (rows of 4..7 spaces)."""
    assert [space_name(i) for i in (0, 3, 4, 18, 36)] == ["a1", "a4", "b1", "d4", "g4"]
    assert all(space_id(space_name(i)) == i for i in range(sum(ROW_LENGTHS)))
    assert space_id("a5") is None and space_id("D4") == 18


@pytest.mark.parametrize(("players", "numbered", "black"), [(2, 12, 4), (3, 18, 6), (4, 24, 8)])
def test_depot_spaces_by_player_count(players, numbered, black):
    """2019 rules, 'For the 2- and 3-player games': "In the 2-player game you only use the inner 12
    hex tiles and the 4 central black depot spaces. In the 3-player game you also use the eight
    '3' spaces."; the 4-player side has 24 + 8."""
    spaces = depot_spaces(players, 0)
    assert sum(len(s) for s in spaces[1:]) == numbered and len(spaces[0]) == black


def test_four_player_supply_is_used_exactly():
    """data/SOURCES.md, tile supply check: with 4 players the five phases use exactly the 120
    coloured-back tiles left after the 4 start castles, and all 40 black-backed tiles."""
    kinds = catalogue()
    per_colour: dict[str, int] = {}
    for phase in range(5):
        for depot in depot_spaces(4, phase)[1:]:
            for colour in depot:
                per_colour[colour] = per_colour.get(colour, 0) + 1
    supply = {}
    for kind in kinds.values():
        if kind.module is None:  # (the 2019 modules' tiles outside the piles are never drawn)
            supply[kind.colour] = supply.get(kind.colour, 0) + kind.coloured
    supply["C"] -= 4
    assert per_colour == supply


@pytest.mark.parametrize(("text", "name"), [
    ("yellow16", "k16"), ("monastery 16", "k16"), ("knowledge16", "k16"), ("k16", "k16"), ("Y 7", "k7"),
    ("cow 3", "cow3"), ("boarding house", "boarding-house"), ("townhall", "city-hall"), ("Town Hall", "city-hall"),
    ("carpenter's workshop", "carpenter"), ("SHIP", "ship"), ("chicken4", "chicken4"),
    ("cow5", None), ("k30", None), ("dragon", None), ("k27", "k27"), ("White Castle", "white-castle"),
    ("goose", "geese"),
])
def test_resolve_tile_name(text, name):
    """Notation: tiles by readable names with aliases (issue 2, 'Notation')."""
    assert resolve_tile_name(text) == name


def test_suggest_tile_name():
    assert suggest_tile_name("chruch") == "church"
    assert suggest_tile_name("zzzz") is None


def test_scoring_tables():
    """2011 rules: areas of 1..8 spaces score 1-36 VP; goods 2/3/4 VP per tile; bonus tiles
    5/6/7 (large) and 2/3/4 (small) with 2/3/4 players."""
    assert [area_vp(n) for n in range(1, 9)] == [1, 3, 6, 10, 15, 21, 28, 36]
    assert [sale_vp(n) for n in (2, 3, 4)] == [2, 3, 4]
    assert [bonus_vp(n, True) for n in (2, 3, 4)] == [5, 6, 7]
    assert [bonus_vp(n, False) for n in (2, 3, 4)] == [2, 3, 4]


def test_knowledge_texts_differ_by_edition():
    """2019 rules, tiles 6, 15 and 26 changed from the first edition."""
    for number in (6, 15, 26):
        assert knowledge_text(number, "2011") != knowledge_text(number, "2019")
    assert knowledge_text(1, "2011") == knowledge_text(1, "2019")


def test_doctests_of_the_data_modules():
    """The examples in the tile, board and engine modules' docstrings run (style guide, 15)."""
    import doctest

    from burgundy_cli.castles.rules import boards, engine, tiles

    for module in (tiles, boards, engine):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed
