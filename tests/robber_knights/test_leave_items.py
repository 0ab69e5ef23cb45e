"""A Robber Knights ``leave`` list with an empty item is refused at its column.

The tokens drop commas between words, so ``leave 1,,3`` used to read as ``leave 1,3``; a
player who typed two commas meant a count they left out, and the reader cannot guess it.
"""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import ParseError
from burgundy_cli.robber_knights.notation import parse_line


@pytest.mark.parametrize(("line", "listed", "column"), [
    ("red: lay cp e4 knights 4 east leave 1,,3", "1,,3", 38),
    ("red: lay cp e4 knights 4 east leave ,1,3", ",1,3", 37),
    ("red: lay cp e4 knights 4 east leave 1--3", "1--3", 38),
    ("red: lay cp e4 knights 4 east leave 1-3-", "1-3-", 40),
    ("red: lay cp e4 knights 3 east leave 1,2,  # the last count forgotten", "1,2,", 40),
    ("red: lay cp e4 knights 4 east leave 1, , 3", "1, , 3", 38),
])
def test_an_empty_leave_item_is_refused_with_its_column(line: str, listed: str, column: int) -> None:
    with pytest.raises(ParseError) as info:
        parse_line(line)
    assert info.value.message == f"empty item in 'leave {listed}'"
    assert info.value.location.column == column
    assert "leave 1,2,1" in info.value.hint


@pytest.mark.parametrize("line", [
    "red: lay cp e4 knights 4 east leave 1,3",
    "red: lay cp e4 knights 4 east leave 1, 3",
    "red: lay cp e4 knights 4 east leave 1 , 3",
    "red: lay cp e4 knights 4 east leave 1-3",
    "red: lay cp e4 knights 4 east leave 1 3  # a comment",
    "red: lay cp e4 knights 4 leave 1,3, east",  # a comma between clauses, as anywhere in a line
])
def test_separators_between_counts_and_clauses_still_read(line: str) -> None:
    assert parse_line(line).leave == (1, 3)


@pytest.mark.parametrize(("line", "hint"), [
    ("red: lay cp e4 knights 2 east", "add e.g. 'leave 1,1' (the castle first; 2 in all)"),
    ("red: lay cp e4 knights 3 north", "add e.g. 'leave 1,2' (the castle first; 3 in all)"),
    ("red: lay cp e4 knights 5 west", "add e.g. 'leave 1,2,1,1' (the castle first; 5 in all)"),
    ("red: lay cp e4 knights 1 south", "1 knight stays on its castle: 'knights 1' without a direction"),
])
def test_a_walk_without_leave_is_hinted_a_list_of_the_knights_typed(line: str, hint: str) -> None:
    """``knights N DIR`` without ``leave``: the hint's list adds up to the N typed, as
    ``knights N`` must equal the sum of ``leave`` (docs/notation.md, Strictness); it named
    ``leave 1,2,1`` (4 knights) whatever N was. One knight cannot walk: a walk leaves knights on
    two tiles or more ('Moving the knights': "leave behind knights on each tile ... including
    on their knight's castle")."""
    with pytest.raises(ParseError) as info:
        parse_line(line)
    assert info.value.message.endswith("needs the knights left on each tile")
    assert info.value.hint == hint
