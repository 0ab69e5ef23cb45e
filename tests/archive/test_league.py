"""A league's archive: the folders of several clubs synced into one database (docs/archive.md,
"SQLite or PostgreSQL"), each club asking about its own files. On SQLite and PostgreSQL."""

from __future__ import annotations

import json


def _pad(folder, name: str, first: str, second: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(f'[game]\nname = "robber-knights"\nplayers = ["{first}", "{second}"]\n'
                               f'[final.scores.{first}]\ntotal = 20\n[final.scores.{second}]\ntotal = 15\n')


def test_archive_list_of_a_club_folder_lists_that_clubs_files_of_the_league(tmp_path, cli, archive_url) -> None:
    """Two clubs sync their folders into the league's database. ``archive list north --db URL``
    listed every club's files: the folder only said where a ``burgundy.db`` would be, and with
    ``--db`` it was passed over. Now it lists the files below the folder (a club's subfolder
    too), says so when there are none, and refuses a folder that does not exist; without a
    folder, every file of the league as before."""
    north, south = tmp_path / "north", tmp_path / "south"
    _pad(north, "a.toml", "Anna", "Ben")
    _pad(north / "cup", "b.toml", "Ben", "Cara")
    _pad(south, "c.toml", "Dario", "Eve")
    for club in (north, south):
        assert cli("archive", "sync", str(club), "--db", archive_url, "-j", "1").exit_code == 0

    def listed(*arguments: str) -> list[str]:
        result = cli("archive", "list", *arguments, "--db", archive_url, "--json")
        assert result.exit_code == 0, result.output
        return sorted(json.loads(line)["file"] for line in result.stdout.splitlines())

    assert listed(str(north)) == [str(north / "a.toml"), str(north / "cup" / "b.toml")]
    assert listed(str(south)) == [str(south / "c.toml")]
    assert listed(str(north / "cup")) == [str(north / "cup" / "b.toml")]
    assert len(listed()) == 3
    (tmp_path / "west").mkdir()
    none = cli("archive", "list", str(tmp_path / "west"), "--db", archive_url)
    assert none.exit_code == 0 and none.stdout == f"the archive holds no file below {tmp_path / 'west'}\n"
    missing = cli("archive", "list", str(tmp_path / "east"), "--db", archive_url)
    assert missing.exit_code == 2 and missing.stderr == f"burgundy: usage: no such folder: {tmp_path / 'east'}\n"
