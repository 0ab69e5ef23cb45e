"""``stats`` and ``archive list`` typed in a club's folder, with neither a folder nor ``--db``:
the folder holds the ``burgundy.db`` an earlier sync made, so the command takes that folder,
synced first as a given one is (docs/archive.md). Anywhere else they still ask for a folder."""

from __future__ import annotations

import json
import shutil

from tests.conftest import RECORDS

GAMES = ("complete-2p-2011.toml", "complete-3p-2019.toml")


def _club(tmp_path):
    club = tmp_path / "club"
    club.mkdir()
    for name in GAMES:
        shutil.copy(RECORDS / "castles-of-burgundy" / name, club / name)
    return club


def test_stats_in_a_club_folder_reports_on_it(cli, tmp_path, monkeypatch):
    club = _club(tmp_path)
    given = cli("stats", str(club), "--json")
    assert given.exit_code == 0, given.output
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-4p-2011.toml", club / "late.toml")  # added since
    monkeypatch.chdir(club)
    here = cli("stats", "--json")
    assert here.exit_code == 0, here.output
    assert json.loads(here.stdout)["games"] == json.loads(given.stdout)["games"] + 1  # synced first
    listed = cli("archive", "list")
    assert listed.exit_code == 0, listed.output
    assert sorted(line.split("  ")[0].rsplit("/", 1)[-1] for line in listed.stdout.splitlines()) == \
        sorted([*GAMES, "late.toml"])


def test_stats_elsewhere_asks_for_a_folder(cli, tmp_path, monkeypatch):
    _club(tmp_path)
    monkeypatch.chdir(tmp_path)  # records below, but no burgundy.db here: not a club's folder
    result = cli("stats")
    assert result.exit_code == 2
    assert "give a folder of records or --db URL" in result.stderr
    assert "run it in the club's folder" in result.stderr
    assert not (tmp_path / "burgundy.db").exists()  # nothing written where none was asked for
