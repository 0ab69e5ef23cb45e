"""A club folder's own archive (``burgundy.db`` in it, no ``--db``) moved or copied with the
folder: the archive is the folder's index, so a sync of its new place drops the files of the
old one (docs/archive.md, "The model"). They had been counted on: a record edited in the copy
(its ``[result]`` changed, so failing) still counted as the old place's unedited game, and a
moved folder's records were all counted twice, as copies."""

from __future__ import annotations

import json
import shutil

from tests.conftest import RECORDS

GAMES = ("complete-2p-2011.toml", "complete-3p-2019.toml")


def _club(folder):
    folder.mkdir()
    for name in GAMES:
        shutil.copy(RECORDS / "castles-of-burgundy" / name, folder / name)
    return folder


def test_a_moved_club_folder_counts_its_own_records_once(cli, tmp_path):
    old = _club(tmp_path / "club")
    assert cli("archive", "sync", str(old)).exit_code == 0
    new = tmp_path / "moved"
    old.rename(new)
    synced = cli("archive", "sync", str(new))
    assert synced.exit_code == 0, synced.output
    assert f"2 files of {old} dropped: {new / 'burgundy.db'} is the archive of {new}" in synced.stderr
    assert "0 added, 0 replaced, 2 unchanged, 0 removed" in cli("archive", "sync", str(new)).stdout
    stats = json.loads(cli("stats", str(new), "--json").stdout)
    assert stats["games"] == 2
    assert stats["not_counted"].get("copies", 0) == 0
    listed = cli("archive", "list", "--db", str(new / "burgundy.db")).stdout.splitlines()
    assert len(listed) == 2 and all(str(old) not in line for line in listed)


def test_an_edited_record_in_a_copied_folder_is_not_counted_as_the_original(cli, tmp_path):
    original = _club(tmp_path / "club")
    assert cli("archive", "sync", str(original)).exit_code == 0
    copy = tmp_path / "copy"
    shutil.copytree(original, copy)   # burgundy.db with it
    edited = copy / "complete-3p-2019.toml"
    edited.write_text(edited.read_text().replace("Cara = 154", "Cara = 164"))
    result = cli("stats", str(copy), "--json")
    assert result.exit_code == 1                      # the edited record fails, and is said
    assert f"2 files of {original} dropped" in result.stderr
    stats = json.loads(result.stdout)
    assert stats["games"] == 1                        # the other game; not the original's unedited one
    assert stats["not_counted"]["failed"] == 1
    said = cli("archive", "sync", str(copy))
    assert "dropped" not in said.output               # dropped once, at the first sync of the copy
    assert cli("stats", str(original), "--json").exit_code == 0   # the original's own archive untouched
    assert json.loads(cli("stats", str(original), "--json").stdout)["games"] == 2


def test_a_league_archive_keeps_every_club(cli, tmp_path):
    """With ``--db`` the archive is shared: a club's sync never drops another club's files."""
    first, second = _club(tmp_path / "a"), _club(tmp_path / "b")
    league = tmp_path / "league.db"
    for club in (first, second):
        assert cli("archive", "sync", str(club), "--db", str(league)).exit_code == 0
    assert len(cli("archive", "list", "--db", str(league)).stdout.splitlines()) == 4
