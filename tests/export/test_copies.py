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


def test_two_different_records_with_one_uuid_are_said_and_exit_1(cli, tmp_path) -> None:
    """A score pad copied to make the next table's keeps its ``[game] uuid``: two games, one
    play id, and the app keeps one play of the two. The export names both files and how to
    mend them, and exits 1; with the copy's uuid line deleted each game has its own play."""
    club = tmp_path / "club"
    club.mkdir()
    made = cli("new", str(club / "r2-t1.toml"), "--result", "-g", "castles-of-burgundy", "-e", "2019",
               "-p", "Anna,Ben,Cara", "--scores", "Anna=150,Ben=140,Cara=120")
    assert made.exit_code == 0, made.output
    text = (club / "r2-t1.toml").read_text()
    (club / "r2-t4.toml").write_text(text.replace("Cara", "Dora"))   # the next table's pad, from a copy
    out = tmp_path / "plays.bgsplay"
    result = cli("export", "bgstats", str(club), "--out", str(out))
    assert result.exit_code == 1
    assert (f"BG Stats: {club / 'r2-t1.toml'} and {club / 'r2-t4.toml'} are one play to the app (one [game] uuid)"
            in result.stderr)
    assert "delete the copy's uuid line" in result.stderr
    mended = "\n".join(line for line in text.replace("Cara", "Dora").splitlines() if not line.startswith("uuid = "))
    (club / "r2-t4.toml").write_text(mended + "\n")
    again = cli("export", "bgstats", str(club), "--out", str(out))
    assert again.exit_code == 0, again.output
    plays = json.loads(out.read_text())["plays"]
    assert len({play["uuid"] for play in plays}) == 2
