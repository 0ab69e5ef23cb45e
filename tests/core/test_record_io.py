"""The game-agnostic record layer: safe reading, located errors, atomic writing."""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import RecordError, UsageError
from burgundy_cli.core.record import MAX_RECORD_BYTES, parse_record_text, read_record, write_atomic


def test_invalid_toml_is_located(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[game]\nname = "castles-of-burgundy"\nplayers = [\n')
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert err.value.location.file == str(path)
    assert err.value.location.line is not None


def test_non_utf8_is_located(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'[game]\nname = "caf\xe9"\n')
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert (err.value.location.line, err.value.location.column) == (2, 12)


def test_oversized_file_rejected_without_reading(tmp_path):
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(RecordError, match="limit"):
        read_record(path)


def test_missing_file_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError):
        read_record(tmp_path / "nope.toml")


def test_deep_nesting_rejected():
    with pytest.raises(RecordError, match="nested"):
        parse_record_text("a = " + "[" * 5000 + "]" * 5000)


def _strings_then_arrays(levels: int) -> str:
    """An array nested ``levels`` deep whose arrays start with a string and close an empty
    array before opening the next: no run of brackets for the pre-check to see."""
    return '"s"' if levels == 0 else f'["s", [], {_strings_then_arrays(levels - 1)}]'


def test_deep_nesting_behind_strings_rejected():
    # the walk after parsing tells an array of strings only apart by joining it; an array
    # that starts with a string and holds arrays too is still walked
    parse_record_text("a = " + _strings_then_arrays(8))
    with pytest.raises(RecordError, match="nested"):
        parse_record_text("a = " + _strings_then_arrays(20))


def test_write_atomic_replaces_whole_file(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text("old")
    write_atomic(path, "new text\n")
    assert path.read_text() == "new text\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]


def test_unknown_game_suggests_closest(tmp_path, cli):
    path = tmp_path / "g.toml"
    path.write_text('[game]\nname = "robber-knight"\nplayers = ["a", "b"]\n')
    result = cli("score", str(path))
    assert result.exit_code == 1
    assert "robber-knights" in result.stderr
    assert "Traceback" not in result.stderr


def test_location_of_text_points_inside_the_quotes():
    doc = parse_record_text('[play]\nmoves = [\n    "a: end",\n    \'b: end\',\n    """\nc: end""",\n    "a: end",\n]\n')
    assert [(loc.line, loc.column) for loc in (doc.location_of_text("play", "moves", i) for i in range(4))] == [
        (3, 6), (4, 6), (6, 1), (7, 6)]
