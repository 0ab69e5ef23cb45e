"""Counts in the messages ``burgundy new`` can show are worded in the number they take: ``1
border post``, ``row d has 1 space``, ``no tiles removed`` -- never ``1 spaces`` or ``0 tile(s)``
(the solo verdict's counts: tests/castles/test_end_records.py)."""

from __future__ import annotations

import pytest

from burgundy_cli.castles.record.setup import SetupError
from tests.castles.test_duchies import ROWS, definition


@pytest.mark.parametrize(("table", "words"), [
    ({"posts": [["b1", "c1"]]}, "1 border post; a border-post duchy (11a-11f) has three"),
    ({"rows": [*ROWS[:3], "B6", *ROWS[4:]]}, "row d has 1 space; a duchy's rows have 4, 5, 6, 7, 6, 5 and 4"),
    ({"rows": [*ROWS[:3], "B6 S1", *ROWS[4:]]}, "row d has 2 spaces;"),
])
def test_a_duchy_refusal_counts_in_the_number_it_takes(table, words):
    with pytest.raises(SetupError) as info:
        definition(**table)
    assert words in str(info.value)
