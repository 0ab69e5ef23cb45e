"""The one folder walk of every command that reads many records (issue 33: items 2, 7, 25).

Only regular files are taken; a FIFO, socket or device named ``*.toml`` is skipped and
named, never opened (a FIFO would wait for a writer for good); a name that is not UTF-8 is
handled and shown readably; a folder nested deeper than Python's recursion limit is walked.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from burgundy_cli.core.bulk import walk_records
from tests.conftest import RECORDS

RECORD = RECORDS / "robber-knights" / "playout-2-players.toml"


@pytest.fixture
def club(tmp_path) -> Path:
    """A folder with two records, a FIFO and a socket named like records."""
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORD, folder / "a.toml")
    shutil.copy(RECORDS / "robber-knights" / "playout-3-players.toml", folder / "b.toml")
    os.mkfifo(folder / "pipe.toml")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(folder / "sock.toml"))
    yield folder
    listener.close()


def test_the_walk_takes_regular_files_and_names_the_rest(club) -> None:
    walk = walk_records([club])
    assert walk.files == [str(club / "a.toml"), str(club / "b.toml")]
    assert walk.skipped == [(str(club / "pipe.toml"), "a FIFO"), (str(club / "sock.toml"), "a socket")]


@pytest.mark.parametrize("command", [["score", "{club}"], ["summary", "{club}"], ["export", "csv", "{club}"],
                                     ["archive", "sync", "{club}"], ["stats", "{club}"]])
def test_no_folder_command_waits_on_a_fifo(club, command) -> None:
    """Each command ends at once, names the FIFO and the socket, and reads the records."""
    args = [part.format(club=club) for part in command]
    done = subprocess.run([sys.executable, "-m", "burgundy_cli", *args], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert "pipe.toml: a FIFO, not a regular file" in said and "sock.toml: a socket" in said
    assert "internal error" not in said and "Traceback" not in said
    assert stat_kind(club / "pipe.toml") == "fifo"


def stat_kind(path: Path) -> str:
    import stat

    return "fifo" if stat.S_ISFIFO(os.lstat(path).st_mode) else "other"


def test_a_name_that_is_not_utf8_is_stored_and_shown_readably(tmp_path, cli) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORD, folder / "a.toml")
    latin1 = os.path.join(os.fsencode(folder), b"M\xfcller.toml")
    with open(latin1, "wb") as out:
        out.write((RECORDS / "robber-knights" / "playout-3-players.toml").read_bytes())
    with open(os.path.join(os.fsencode(folder), b"br\xfbl\xe9.toml"), "wb") as out:
        out.write(b"not = [toml\n")
    result = cli("archive", "sync", str(folder), "--json")
    assert result.exit_code == 1, result.stderr            # (the broken record fails, the others are stored)
    assert "internal error" not in result.stderr
    assert '"added": 3' in result.stdout and "br\\\\xfbl\\\\xe9.toml" in result.stdout
    listing = cli("archive", "list", str(folder))
    assert listing.exit_code == 0 and "M\\xfcller.toml" in listing.stdout
    again = cli("archive", "sync", str(folder), "--json")
    assert '"unchanged": 3' in again.stdout and '"removed": 0' in again.stdout
    stats = cli("stats", str(folder))
    # (the broken record is still there: named again, exit 1, as at every sync until it is mended)
    assert stats.exit_code == 1 and "internal error" not in stats.stderr and "2 complete games" in stats.stdout
    assert "br\\xfbl\\xe9.toml:1:" in stats.stderr
    score = cli("score", str(folder))
    assert "internal error" not in score.stderr and "M\\xfcller.toml" in score.stdout


def test_a_folder_nested_deeper_than_the_recursion_limit_is_walked(tmp_path, cli) -> None:
    deep = tmp_path / "top"
    path = str(deep)
    os.mkdir(path)
    for _ in range(sys.getrecursionlimit() + 100):    # (os.makedirs itself recurses)
        path = os.path.join(path, "d")
        os.mkdir(path)
    shutil.copy(RECORD, os.path.join(path, "game.toml"))
    shutil.copy(RECORD, tmp_path / "top" / "near.toml")
    try:
        assert walk_records([deep]).files == [os.path.join(path, "game.toml"), str(deep / "near.toml")]
        result = cli("score", str(deep))
        assert result.exit_code == 0, result.stderr
        assert "RecursionError" not in result.stderr and result.stdout.count("winner") == 2
    finally:  # (pytest's own clean-up of tmp_path recurses, and would fail on it)
        os.unlink(os.path.join(path, "game.toml"))
        while path != str(deep):
            os.rmdir(path)
            path = os.path.dirname(path)


def _tree(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` and its bytes."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_the_site_never_replaces_a_file_it_did_not_write(cli, tmp_path) -> None:
    """``site records/ --out www/``, www/ being the folder of the club's own web pages, replaced
    their index.html and style.css with the results' and left them lost. A file the site did
    not write (none listed it in ``.burgundy-site``) where a page goes is refused before
    anything is written; its own files, listed or of a build made before the list, it replaces."""
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORD, folder / "a.toml")
    www = tmp_path / "www"
    www.mkdir()
    (www / "index.html").write_text("<h1>The club's own home page</h1>\n")
    (www / "notes.txt").write_text("mine\n")
    before = _tree(www)
    result = cli("site", str(folder), "--out", str(www), "--jobs", "1")
    assert result.exit_code == 2, result.stderr
    assert "index.html is a file the site did not write, which it never replaces" in result.stderr
    assert _tree(www) == before and sorted(os.listdir(www)) == ["index.html", "notes.txt"]
    (www / "index.html").rename(www / "home.html")
    assert cli("site", str(folder), "--out", str(www), "--jobs", "1").exit_code == 0
    assert (www / "home.html").read_text() == "<h1>The club's own home page</h1>\n"
    # a page of the club's own where a later build puts a game's page: refused as well
    shutil.copy(RECORDS / "robber-knights" / "playout-3-players.toml", folder / "b.toml")
    (www / "games" / "b.html").write_text("the club's report of game b\n")
    result = cli("site", str(folder), "--out", str(www), "--jobs", "1")
    assert result.exit_code == 2 and "games/b.html is a file the site did not write" in result.stderr
    assert (www / "games" / "b.html").read_text() == "the club's report of game b\n"
    # the site's own files are replaced, also in a folder built before the list was kept
    (www / "games" / "b.html").unlink()
    (www / ".burgundy-site").unlink()
    assert cli("site", str(folder), "--out", str(www), "--jobs", "1").exit_code == 0
    assert "games/b.html" in (www / ".burgundy-site").read_text().splitlines()


@pytest.mark.parametrize("command", [["archive", "sync", "{folder}", "--db", "{record}"],
                                     ["stats", "{folder}", "--db", "{record}"]])
def test_a_record_where_the_archive_goes_is_refused(cli, tmp_path, command) -> None:
    """``--db game.toml``, a record's name where the archive's goes: SQLite made an empty
    game.toml (a record about to be written) a database, and every later sync of the folder
    failed to read it as a record."""
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORD, folder / "a.toml")
    record = folder / "next-game.toml"
    record.touch()
    result = cli(*(part.format(folder=folder, record=record) for part in command))
    assert result.exit_code == 2 and f"--db {record} is a record's name (*.toml), not an archive file" in result.stderr
    assert record.read_bytes() == b"" and sorted(os.listdir(folder)) == ["a.toml", "next-game.toml"]
