"""The Robber Knights table session: what a refused line suggests and what a line typed
without the player's name is told (burgundy_cli.core.table with this game's table module)."""

from __future__ import annotations

import pytest

from burgundy_cli.core.table import TableSession
from tests.robber_knights.helpers import BASE_TILES, record_text


@pytest.fixture
def table(tmp_path):
    """The base landscape (helpers.BASE_TILES), red to move holding a forest castle and a plain."""
    path = tmp_path / "game.toml"
    path.write_text(record_text(BASE_TILES, {"red": ["castle-forest", "plain"], "blue": ["castle-forest", "plain"]}))
    session = TableSession(path)
    yield session
    session.close()


def suggested(reply_text: str) -> list[str]:
    return reply_text.split("legal now: ")[1].split(" (and ")[0].split(" | ")


@pytest.mark.parametrize("typed", ["red: lay castle-forest e8 knights 1", "lay cf e8 k 1", "Red lay CF e8 knights 1"])
def test_a_refused_line_suggests_the_nearest_legal_line_to_what_was_meant(table, typed):
    """A forest castle keeps at least 2 knights: 'knights 1' refused, the suggestion leads with
    'knights 2' on the same cell, however the line was spelt (it is measured as the record
    would write it, against each legal line, not against the cells' grouped lines)."""
    reply = table.handle(typed)
    assert not reply.accepted and "rk.move.minimum" in reply.text
    lines = suggested(reply.text)
    assert lines[0] == "red: lay castle-forest e8 knights 2"
    assert all("|" not in line for line in lines)
    assert table.handle(lines[0]).accepted


def test_a_line_that_does_not_read_still_gets_the_grouped_lines(table):
    reply = table.handle("lay plain")
    assert suggested(reply.text)[0].startswith("red: lay plain e4|f4|")


@pytest.mark.parametrize("typed, said", [
    ("lay plain", "lay needs a cell at column 10"),
    ("lay plian e4", "unknown tile 'plian' at column 5"),
    ("red lay plian e4", "unknown tile 'plian' at column 9"),     # a name typed: its own reading
    ("lay plain e4 knights 1 east leave 1,,1", "empty item in 'leave 1,,1' at column 36"),
    # 'Knights are only moved immediately after being brought into play' (rulebook, 'Moving the
    # knights'): it was told "unknown action 'f5'", the line's own reading got further
    ("move f5 east", "'move': knights are moved only as they come into play, with the castle laid at column 1"),
])
def test_a_line_without_the_player_s_name_is_told_about_what_was_typed(table, typed, said):
    """'lay plain' read as a player called 'lay' was told "unknown action 'plain'": the error
    said is the reading with the player to move's name, at columns of the line as typed,
    unless the line begins with a player's name."""
    assert said in table.live_check(typed)
    assert said in table.handle(typed).text


def test_tab_completes_a_tile_s_code_typed_last(table):
    """'l cf' Tab offered nothing: the word being typed was matched as the start of a canonical
    word, and no tile name starts with its code. A whole word of another spelling typed last
    is read as the reader reads it too; a word's start still matches as before."""
    put = [line for line, _ in table.completions("l cf")]
    assert put and all(line.startswith("red: lay castle-forest ") for line in put)
    assert [line for line, _ in table.completions("l castle-f")] == put
    assert {line for line, _ in table.completions("lay p")} == {line for line, _ in table.completions("lay plain")}


def test_a_line_of_an_action_not_legal_now_gets_the_grouped_lines(table):
    """'blue: end' out of turn: no end is legal now, so what may be done instead is shown as
    ``moves`` groups it (a tile's cells on one line), not six lays of one tile."""
    lines = suggested(table.handle("blue: end").text)
    assert set(lines) <= set(table.shown_lines()) and len(lines) == 6


@pytest.mark.parametrize("typed, rule, first", [
    # 'How to play: Laying 1 to 3 tiles' (rk.lay.edge): e9 touches no tile; e8, one cell up, does.
    # Shared characters put 'lay plain e4' first ('e9' and 'e4' share as much as 'e9' and 'e8').
    ("lay plain e9", "rk.lay.edge", ["red: lay plain e8", "red: lay plain f8"]),
    # 'Moving the knights' (rk.move.max-four): five on one tile; four is one knight off.
    ("lay cf e8 k 5", "rk.move.max-four", ["red: lay castle-forest e8 knights 4", "red: lay castle-forest e8 knights 3"]),
    # 'Moving the knights' (rk.move.gap): north of g4 lies no tile -- south, as meant, 2 and 1 left.
    ("lay cf g4 k 3 north leave 2,1", "rk.move.gap", ["red: lay castle-forest g4 knights 3 south leave 2,1"]),
    # 'Moving the knights' (rk.move.minimum): a forest keeps 2; the same walk with one knight more on it.
    ("lay cf f8 k 2 n leave 1,1", "rk.move.minimum", ["red: lay castle-forest f8 knights 3 north leave 2,1"]),
    # 'How to play: Laying 1 to 3 tiles' (rk.lay.edge): d8 touches no tile; the cells one step
    # away that do, with the three knights meant, before any other count.
    ("lay cf d8 k 3", "rk.lay.edge", ["red: lay castle-forest d7 knights 3", "red: lay castle-forest e8 knights 3"]),
    # 'Laying a castle tile' (rk.knights.castle): a plain takes no knights; the same plain, same cell.
    ("lay plain h8 k 1", "rk.knights.castle", ["red: lay plain h8", "red: lay plain g8"]),
])
def test_suggestions_rank_by_what_was_meant(table, typed, rule, first):
    """A realistic slip -- a cell one off, a knight too many or too few, the wrong direction --
    gets its fix first: the legal lines of the action are ranked by the tile meant, then the
    cell's distance, then the knights (robber_knights.table.distance), not by how many
    characters they share with the line typed."""
    reply = table.handle(typed)
    assert not reply.accepted and f"({rule})" in reply.text
    assert suggested(reply.text)[:len(first)] == first
    assert table.handle(first[0]).accepted


def test_the_distance_of_a_lay_is_its_tile_then_its_cell_then_its_knights():
    from burgundy_cli.robber_knights.notation import parse_line
    from burgundy_cli.robber_knights.table import distance

    meant = parse_line("red: lay castle-forest e8 knights 3 north leave 2,1")
    far = [distance(meant, parse_line(line)) for line in (
        "red: lay castle-forest e8 knights 3 north leave 2,1",   # itself
        "red: lay castle-forest e8 knights 3 south leave 2,1",   # another direction
        "red: lay castle-forest e8 knights 4 north leave 2,2",   # one knight more
        "red: lay castle-forest e8",                             # no knights
        "red: lay castle-forest f8 knights 3 north leave 2,1",   # one cell right
        "red: lay castle-forest g9 knights 3 north leave 2,1",   # three cells off
        "red: lay castle-plain e8 knights 3 north leave 2,1",    # a castle on another terrain
        "red: lay lake e8",                                      # another tile altogether
    )]
    assert far == sorted(far) and len(set(far)) == len(far)
    assert distance(parse_line("red: draw plain"), parse_line("red: draw castle-plain")) < \
        distance(parse_line("red: draw plain"), parse_line("red: draw town-forest"))
    assert distance(meant, parse_line("red: end")) > distance(meant, parse_line("red: lay lake a1"))
