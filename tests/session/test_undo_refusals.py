"""``undo`` of lines a record does not have is refused, exit 1, the record untouched: a record
with no lines (``burgundy undo FILE``), and ``undo COUNT`` asking for more lines than there
are, which removed what was there and succeeded before. Both games; the one-shot command and
the table session's ``undo`` alike (docs/errors.md, exit 1: "The input was read and rejected")."""

from __future__ import annotations

import pytest

from burgundy_cli.core.table import TableSession

ROLL = "roll white 1 good 4, Anna 1 2, Bob 3 4"
NEW_CASTLES = """[game]
name = "castles-of-burgundy"
edition = "2011"
players = ["Anna", "Bob"]

[setup.goods]
Anna = [1, 2, 3]
Bob = [4, 5, 6]
"""


@pytest.fixture
def empty_castles(tmp_path):
    path = tmp_path / "empty.toml"
    path.write_text(NEW_CASTLES, encoding="utf-8")
    return path


@pytest.mark.parametrize("record", ["empty_castles", "rk_record"])
@pytest.mark.parametrize("count", [[], ["1"], ["3"]])
def test_undo_of_a_record_without_lines_is_refused_and_writes_nothing(cli, request, record, count):
    path = request.getfixturevalue(record)
    before = path.read_bytes()
    result = cli("undo", str(path), *count)
    assert result.exit_code == 1
    assert result.stderr == f"burgundy: {path}: cannot undo: the record has no lines\n"
    assert result.stdout == ""
    assert path.read_bytes() == before


def test_undo_of_more_castles_lines_than_there_are_is_refused(cli, empty_castles):
    assert cli("play", str(empty_castles), "reveal 1 warehouse ship", "reveal 2 k9 castle").exit_code == 0
    before = empty_castles.read_bytes()
    result = cli("undo", str(empty_castles), "3")
    assert result.exit_code == 1
    assert result.stderr == (f"burgundy: {empty_castles}: cannot undo: the record has only 2 lines, not 3 "
                             "(undo 2 removes them all)\n")
    assert empty_castles.read_bytes() == before
    result = cli("undo", str(empty_castles), "2")  # as many as there are: removed, as before
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == ["undone: reveal 2 k9 castle", "undone: reveal 1 warehouse ship"]


def test_undo_of_more_robber_knights_lines_than_there_are_is_refused(cli, rk_record):
    assert cli("play", str(rk_record), "red: lay plain f5").exit_code == 0
    before = rk_record.read_bytes()
    result = cli("undo", str(rk_record), "2")
    assert result.exit_code == 1
    assert result.stderr == (f"burgundy: {rk_record}: cannot undo: the record has only 1 line, not 2 "
                             "(undo 1 removes it)\n")
    assert rk_record.read_bytes() == before
    assert cli("undo", str(rk_record)).stdout.startswith("undone: red: lay plain f5")


@pytest.mark.parametrize("record", ["empty_castles", "rk_record"])
def test_the_session_refuses_the_same_and_keeps_its_lines(request, record):
    path = request.getfixturevalue(record)
    table = TableSession(path)
    try:
        assert table.handle("undo").text == "not undone: the record has no lines"
        line = "reveal 1 warehouse ship" if record == "empty_castles" else "red: lay plain f5"
        assert table.handle(line).accepted
        before = path.read_bytes()
        assert table.handle("undo 2").text == "not undone: the record has only 1 line, not 2 (undo 1 removes it)"
        assert path.read_bytes() == before and table.lines_played() == 1
        assert table.handle("undo").text == f"undone: {line}"
    finally:
        table.close()
