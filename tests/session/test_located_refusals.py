"""Every line the session cannot read is said with its column: the table session prints no
file or line number before a message, so a game whose reader gives the column only as the
error's location (Robber Knights) had its refusals said with no column at all."""

from __future__ import annotations

import pytest

from burgundy_cli.core.table import TableSession


@pytest.mark.parametrize(("typed", "said"), [
    ("red: lay cp 5d", "cannot parse: unexpected '5d' at column 13"),
    ("red: lay castle e4", "cannot parse: unknown tile 'castle' at column 10 (say which: castle-plain or castle-forest)"),
    ("red: lay cp e4 knights 4 east leave 1,,3", "cannot parse: empty item in 'leave 1,,3' at column 38"),
])
def test_a_robber_knights_line_that_cannot_be_read_is_said_with_its_column(rk_record, typed, said):
    table = TableSession(rk_record)
    assert table.live_check(typed).startswith(said)
    assert table.handle(typed).text.startswith(f"refused, nothing written: {said}")
    assert table.handle(f"check {typed}").text.startswith(said)


def test_a_castles_message_that_names_its_column_is_not_given_it_twice(castles_record):
    said = TableSession(castles_record).live_check("anna: take 3 chruch")
    assert said == "cannot parse: unknown tile 'chruch' at column 14 (did you mean 'church'?)"
