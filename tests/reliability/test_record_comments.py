"""What a rewrite of a record (``play``, ``undo``, ``fmt --write``) does with its TOML comments.

A record is written in canonical form, which has no place for a comment between keys or log
lines. ``play`` dropped every comment silently, the game's story at the top of the file
too. The opening comments (the lines above the first key or table) are now kept, and any
comment below them that a rewrite drops is named on stderr, with its line.
"""

from __future__ import annotations

import pytest

from tests.conftest import RECORDS

OPENING = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"
TOP = "# Played at Anna's, 20 November.\n#   Bob's first game: go easy.\n\n"
ROLL = "roll white 1 good 4, Anna 1 2, Bob 3 4"


@pytest.fixture
def record(tmp_path):
    """The shipped opening with two comment lines and a blank one at its top, for its own
    first line (a comment too), and one comment in its log."""
    text = OPENING.read_text().split("\n", 1)[1]
    text = text.replace('    "anna: buy castle",\n', '    # Anna thought for long here\n    "anna: buy castle",\n')
    path = tmp_path / "game.toml"
    path.write_text(TOP + text)
    return path


@pytest.mark.parametrize("command", [["play", "{file}", ROLL], ["undo", "{file}"], ["fmt", "--write", "{file}"]])
def test_a_rewrite_keeps_the_opening_comments_and_names_those_it_drops(cli, record, command) -> None:
    written = record.read_text()
    dropped = next(number for number, row in enumerate(written.splitlines(), 1) if "Anna thought" in row)
    result = cli(*(part.format(file=record) for part in command))
    assert result.exit_code == 0, result.stderr
    text = record.read_text()
    assert text.startswith(TOP + "[game]\n") and "Anna thought" not in text
    assert f"burgundy: {record}:{dropped}: note: the TOML comment on line {dropped} could not be kept" in result.stderr
    again = cli("fmt", "--write", str(record))
    assert again.exit_code == 0 and again.stderr == "" and record.read_text().startswith(TOP + "[game]\n")
