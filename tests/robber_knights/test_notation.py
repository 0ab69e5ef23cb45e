"""The Robber Knights reader's leniency (docs/notation.md, 'Leniency'): what a person types
at the table reads as the canonical line."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from burgundy_cli.core.errors import ParseError
from burgundy_cli.robber_knights.notation import format_command, parse_line


@pytest.mark.parametrize(("typed", "canonical"), [
    ("ben: draw town forest", "ben: draw town-forest"),
    ("Ben draw Town Forest", "Ben: draw town-forest"),
    ("red: lay castle plain e4 knights 4 east leave 1,2,1", "red: lay castle-plain e4 knights 4 east leave 1,2,1"),
    ("red lay plain castle e4 k 2", "red: lay castle-plain e4 knights 2"),
    ("red: lay Village Forest f7", "red: lay village-forest f7"),
    ("red: lay e4 castle plain", "red: lay castle-plain e4"),
    ("red: lay plain e4", "red: lay plain e4"),
])
def test_a_tile_named_in_two_words(typed, canonical):
    """A tile's name typed as two words, as the box calls it ('village, castle and town on a
    plain', 'in a forest'), reads as the one tile."""
    assert format_command(parse_line(typed)) == canonical


def test_a_bare_building_still_asks_which_tile():
    """'castle' alone is two tiles; a second word that names no terrain does not make it one."""
    with pytest.raises(ParseError) as err:
        parse_line("red: lay castle e4")
    assert err.value.hint == "say which: castle-plain or castle-forest"


def test_a_bare_forest_asks_which_of_the_three_forest_tiles():
    """'forest' alone names no tile: "all forest tiles show buildings as well" ('Playing
    equipment'), so it is one of three; the hint named the closest spelling only
    ('town-forest'), where a player at the starting layout needs the three to choose from."""
    with pytest.raises(ParseError) as err:
        parse_line("red: lay forest e4")
    assert err.value.hint.startswith("say which: village-forest, castle-forest or town-forest")
    assert "'Playing equipment'" in err.value.hint


@pytest.mark.parametrize(("typed", "column"), [
    ("red: lay cp", 12),
    ("red: lay cp e4 knights 4 east", 30),
    ("red: lay e4  # no tile yet", 12),
])
def test_a_line_missing_its_end_points_at_the_end(typed, column):
    """What the line lacks is due where it ends, not after its verb (docs/errors.md: the column)."""
    with pytest.raises(ParseError) as err:
        parse_line(typed)
    assert err.value.location.column == column


@pytest.mark.parametrize(("typed", "canonical"), [
    ("red: lay castle-plain e4, knights 4", "red: lay castle-plain e4 knights 4"),
    ("red: lay cp e4, knights 4, east, leave 1,2,1", "red: lay castle-plain e4 knights 4 east leave 1,2,1"),
    ("red: lay cp e4 knights 4 east leave 1, 2, 1", "red: lay castle-plain e4 knights 4 east leave 1,2,1"),
    ("red: draw lake,", "red: draw lake"),
])
def test_commas_between_words_are_optional(typed, canonical):
    """As in a Castles line, a comma may close a clause; the leave list keeps its own commas."""
    assert format_command(parse_line(typed)) == canonical


@pytest.mark.parametrize(("typed", "kept"), [
    ("red: lay cp e4 knights 2 east leave 2,0", "'knights 2' with no direction"),
    ("red: lay cp e4 knights 3 east leave 1,2,0,0", "'leave 1,2'"),
    # spelled as the canonical line is, word for word: the fast reader built the command and
    # pydantic's refusal came out as an internal error
    ("red: lay castle-plain e4 knights 2 east leave 2,0", "'knights 2' with no direction"),
    ("red: lay castle-plain e4 knights 2 east leave 1,1,0", "'leave 1,1'"),
])
def test_a_walk_ends_on_a_tile_it_leaves_knights_on(typed, kept):
    """docs/rulings.md, Robber Knights 1: "the stack stops where its last knights stay"
    (rulebook, 'Moving the knights': the player "must leave behind knights on each tile as
    they move on from it"): a walk whose last tile gets no knight moved on with none left in
    it. Refused as the line is read, saying the walk meant, not as a stack of 0 knights
    entering a plain (rk.move.enter speaks only of forest and mountains); the command model
    refuses it too."""
    from pydantic import ValidationError

    from burgundy_cli.robber_knights.commands import LayCommand

    with pytest.raises(ParseError) as err:
        parse_line(typed)
    assert "the knights left end with 0" in err.value.message and kept in err.value.hint
    assert err.value.location.column == typed.index("leave") + 1
    with pytest.raises(ValidationError):
        LayCommand(player="red", tile="castle-plain", cell="e4", direction="east", leave=(2, 0))


@pytest.mark.parametrize("typed, column", [("red: lay plain z99", 16), ("red lay cp t5 knights 2", 12),
                                           ("red: lay plain a20", 16)])
def test_a_cell_no_grid_has_is_refused_by_the_reader_at_its_column(typed, column):
    """The grid's letters and numbers are a bound the box gives (the largest grid, a 4-player
    game's, runs a1 to s19): past it a cell is no cell, refused where it is typed, with each
    game's grid in the hint; a cell of that grid outside a smaller game's is the engine's
    (``rk.lay.area``, by the position)."""
    with pytest.raises(ParseError) as caught:
        parse_line(typed)
    assert caught.value.message == f"no game's grid has a cell '{typed.split()[3]}'"
    assert caught.value.location.column == column
    assert caught.value.hint == "the grid runs from a1: 2 players a1 to m13, 3 players a1 to q17, 4 players a1 to s19"
    assert parse_line("red: lay plain s19").cell == "s19"


def test_more_knights_than_a_player_owns_is_the_reader_s_and_more_than_five_the_engine_s():
    """A player owns 30 knights (the box): ``knights 31`` is refused by the reader at the
    number's column; ``knights 9`` is a count a player has, which the rule of five refuses
    (tests/robber_knights/test_rules.py: ``rk.knights.five``, with a count that may stay)."""
    with pytest.raises(ParseError) as caught:
        parse_line("red: lay cp e4 knights 31")
    assert caught.value.location.column == 24 and "a player has only 30" in caught.value.message
    assert parse_line("red: lay cp e4 knights 9").knights == 9


@pytest.mark.parametrize(("line", "hint"), [
    ("red: lay cp e4 knights 31", "a castle takes at most 5 as it is laid: \"They can at the same time place up to five knights on this castle.\" "
                                  "[Robber Knights rulebook, 'Laying a castle tile']"),
    ("red: lay cp e4 knights 4 east leave 1,31", "a tile holds at most 4: \"More knights can be left on a tile but never more than 4 "
                                                 "knights on any one tile."),
])
def test_a_count_past_the_box_is_hinted_the_rule_that_bounds_it(line, hint):
    """``knights 31`` was refused with no hint, where a player needs to know what may be
    typed: the rule of five on a castle ('Laying a castle tile'), for a count left on a tile
    the rule of four ('Moving the knights'), each in the rulebook's words."""
    with pytest.raises(ParseError) as caught:
        parse_line(line)
    assert caught.value.hint.startswith(hint)


ANNA_BEN = {"anna": ["castle-plain", "village-plain"], "ben": ["castle-forest", "plain"]}


@pytest.mark.parametrize(("typed", "example"), [
    ("ben: lay cp", "'ben: lay castle-plain e4 knights 4 east leave 1,2,1'"),
    ("anna: draw", "'ben: draw village-forest'"),
    (": end", "'ben: lay plain f7'"),
])
def test_a_refusal_s_example_names_the_player_to_move_of_the_record(typed, example):
    """At a table of Anna and Ben the examples are theirs (the player to move), not 'red'."""
    from tests.robber_knights.helpers import BASE_TILES, position

    tiles = [tile.replace("red:", "anna:").replace("blue:", "ben:").replace("blue,", "ben,").replace(",blue", ",ben")
             for tile in BASE_TILES]
    session = position(tiles, ANNA_BEN, to_move="ben", players=("anna", "ben"))
    with pytest.raises(ParseError) as err:
        session.read(typed)
    assert err.value.hint == f"e.g. {example}"
    assert "red" not in str(err.value)


def test_a_bare_parse_keeps_a_neutral_example():
    """Without a record there is no player to name: the example names red, as the docs do."""
    with pytest.raises(ParseError) as err:
        parse_line("anna: lay cp")
    assert err.value.hint == "e.g. 'red: lay castle-plain e4 knights 4 east leave 1,2,1'"


@settings(max_examples=200, deadline=None)
@given(leave=st.lists(st.integers(0, 6), min_size=1, max_size=6), direction=st.sampled_from(["east", "north"]))
@example(leave=[2, 0], direction="east")
def test_the_fast_reader_takes_a_walk_only_as_the_lenient_reader_does(leave, direction):
    """A walk written word for word as the canonical line is (``knights N DIR leave A,B``, any
    counts, zeros too) reads as the lenient reader reads it: the same command, or a
    ParseError with its column -- never an error of the command model ('leave 2,0' was one)."""
    from burgundy_cli.robber_knights.notation import read_canonical, read_lenient

    text = f"red: lay castle-plain e4 knights {sum(leave)} {direction} leave {','.join(map(str, leave))}"
    try:
        lenient = read_lenient(text)
    except ParseError as err:
        assert err.location.column
        assert read_canonical(text) is None
        with pytest.raises(ParseError):
            parse_line(text)
    else:
        assert read_canonical(text) in (None, lenient)
        assert parse_line(text) == lenient
