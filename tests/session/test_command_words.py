"""A session command given words it does not take (``show 3``, ``undo x``) is refused with the
word and its column, the same as the line under the input says while it is typed; it was
said as the command's help while typed and then refused on Enter as an unreadable game line
("found 'show' at column 1")."""

from __future__ import annotations

import pytest

from burgundy_cli.core.table import TableSession


@pytest.mark.parametrize(("typed", "said"), [
    ("show 3", "'show' takes nothing after it, found '3' at column 6; type 'show' alone"),
    ("Moves  all", "'moves' takes nothing after it, found 'all' at column 8; type 'moves' alone"),
    ("help me", "'help' takes nothing after it, found 'me' at column 6; type 'help' alone"),
    ("quit now", "'quit' takes nothing after it, found 'now' at column 6; type 'quit' alone"),
    ("undo x", "undo takes a number of lines 1-1000, found 'x' at column 6; e.g. undo 2"),
    ("undo 0", "undo takes a number of lines 1-1000, found '0' at column 6; e.g. undo 2"),
    ("undo 99999999999999999999", "undo takes a number of lines 1-1000, found '99999999999999999999' at column 6; "
                                  "e.g. undo 2"),
    ("undo 2 3", "undo takes one number of lines, found '3' at column 8; e.g. undo 2"),
    ("score 3", "'score' takes --all or nothing, found '3' at column 7; type 'score' or 'score --all'"),
    ("score --all me", "'score' takes --all or nothing, found 'me' at column 13; type 'score' or 'score --all'"),
])
def test_a_command_with_words_it_does_not_take_is_refused_where_they_stand(castles_record, typed, said):
    table = TableSession(castles_record)
    before = castles_record.read_bytes()
    assert table.live_check(typed) == said
    reply = table.handle(typed)
    assert reply.text == f"refused, nothing written: {said}" and not reply.done
    assert castles_record.read_bytes() == before


def test_the_commands_themselves_still_answer(castles_record):
    table = TableSession(castles_record)
    assert table.live_check("undo 2").startswith("undo [N]")
    assert table.handle("help").text.startswith("type a line of the game")
    assert table.handle("quit").done
    assert table.handle("undo 1").text.startswith("undone: ")


def test_score_all_in_the_session_shows_what_the_footer_says_it_does(castles_record):
    """The score table's footer says '--all shows them' of the categories at 0 for everyone:
    the session takes ``score --all`` (and ``score all``) as the command line does."""
    table = TableSession(castles_record)
    short = table.handle("score").text
    assert "--all shows them" in short and table.live_check("score --all").startswith("score [--all]")
    for typed in ("score --all", "Score ALL"):
        full = table.handle(typed).text
        assert "--all shows them" not in full and len(full.splitlines()) > len(short.splitlines())


def test_the_help_list_lines_up():
    """Every row of the session's ``help`` starts its description in the same column."""
    from burgundy_cli.core.table import COMMANDS

    assert len({len(row) - len(row[row.index("  "):].lstrip()) for row in COMMANDS.values()}) == 1
