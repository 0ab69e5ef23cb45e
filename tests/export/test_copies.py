"""Two files with the same bytes are one game (docs/archive.md, as ``stats`` and the site count
them): an export leaves the later copy out and names it (docs/export.md). A copy had been a
second row of each player in the CSV, summed twice by a spreadsheet, and a second play with
the same id in the BG Stats file."""

from __future__ import annotations

import csv
import io
import json
import shutil

import pytest

from tests.conftest import RECORDS

GAME = RECORDS / "castles-of-burgundy" / "complete-3p-2019.toml"


@pytest.fixture
def folder(tmp_path):
    club = tmp_path / "club"
    club.mkdir()
    shutil.copy(GAME, club / "r1-t1.toml")
    shutil.copy(GAME, club / "r1-t1-again.toml")   # the same pad saved twice
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", club / "r1-t2.toml")
    return club


def test_csv_has_one_game_of_two_identical_files(cli, folder) -> None:
    result = cli("export", "csv", str(folder))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 3 + 2
    assert {row["file"].rsplit("/", 1)[-1] for row in rows} == {"r1-t1-again.toml", "r1-t2.toml"}
    assert (f"copy: {folder / 'r1-t1.toml'}: the same record as {folder / 'r1-t1-again.toml'}, left out"
            in result.stderr)
    assert "1 copy of another record left out: one game" in result.stderr


def test_bgstats_has_one_play_of_two_identical_files(cli, folder, tmp_path) -> None:
    out = tmp_path / "plays.bgsplay"
    result = cli("export", "bgstats", str(folder), "--out", str(out))
    assert result.exit_code == 0, result.output
    plays = json.loads(out.read_text())["plays"]
    assert len(plays) == len({play["uuid"] for play in plays}) == 2
    assert "2 plays, 0 unfinished games left out" in result.stderr
    assert "1 copy of another record left out: one game" in result.stderr
