"""What the tool does with an output path (issue 33: items 1, 10, 17, 20, 23).

A character device or FIFO is written to, never replaced; a socket or block device is
refused; a symbolic link is written through by the system as given; the path a command
reads is never its output; only a record has a size cap; a temporary name fits wherever
its target's name does.
"""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.record import MAX_RECORD_BYTES, write_atomic
from tests.conftest import RECORDS

RECORD = RECORDS / "robber-knights" / "playout-2-players.toml"
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="mknod needs root")


def _kind(path: Path) -> int:
    return stat.S_IFMT(os.lstat(path).st_mode)


@root_only
def test_a_character_device_is_written_to_not_replaced(cli, tmp_path) -> None:
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    result = cli("playout", "robber-knights", "--players", "2", "--seed", "1", "--out", str(null))
    assert result.exit_code == 0, result.stderr
    assert _kind(null) == stat.S_IFCHR and os.lstat(null).st_rdev == os.makedev(1, 3)
    assert [name for name in os.listdir(tmp_path)] == ["null"]      # no temporary file left


def test_dev_null_and_dev_stdout_work_as_in_every_unix_tool(tmp_path) -> None:
    before = os.stat("/dev/null")
    done = subprocess.run([sys.executable, "-m", "burgundy_cli", "chart", str(RECORD), "--svg", "/dev/stdout"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<svg") and done.stdout.rstrip().endswith("</svg>")
    done = subprocess.run([sys.executable, "-m", "burgundy_cli", "playout", "robber-knights", "--players", "2",
                           "--seed", "1", "--out", "/dev/null"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_a_fifo_is_written_to_not_replaced(cli, tmp_path) -> None:
    fifo = tmp_path / "picture.svg"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = cli("chart", str(RECORD), "--svg", str(fifo))
    reader.join(timeout=60)
    assert result.exit_code == 0, result.stderr
    assert _kind(fifo) == stat.S_IFIFO
    assert got and got[0].startswith(b"<svg")


def test_a_socket_is_refused(cli, tmp_path) -> None:
    path = tmp_path / "s.svg"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        result = cli("chart", str(RECORD), "--svg", str(path))
    assert result.exit_code == 2 and "it is a socket, not a file" in result.stderr
    assert _kind(path) == stat.S_IFSOCK


@root_only
def test_a_block_device_is_refused(tmp_path) -> None:
    path = tmp_path / "disk"
    os.mknod(path, 0o600 | stat.S_IFBLK, os.makedev(7, 250))
    with pytest.raises(UsageError, match="a block device"):
        write_atomic(path, "x = 1\n")
    assert _kind(path) == stat.S_IFBLK


def test_an_export_may_be_larger_than_a_record(tmp_path) -> None:
    big = "x" * (2 * MAX_RECORD_BYTES) + "\n"
    write_atomic(tmp_path / "plays.json", big, record=False)
    assert (tmp_path / "plays.json").stat().st_size == len(big)
    with pytest.raises(UsageError, match="bytes a record may have"):
        write_atomic(tmp_path / "game.toml", big)


def _linked_record(record: Path, link: Path) -> None:
    """A copy of the shipped record at ``record``, and ``link`` a symbolic link to it."""
    record.write_bytes(RECORD.read_bytes())
    link.symlink_to(record)


def _run(cli, command: list[str], **paths: Path):
    """``command`` with its ``{name}`` parts given the ``paths``."""
    return cli(*(part.format(**{name: str(path) for name, path in paths.items()}) for part in command))


@pytest.mark.parametrize("command", [["show", "{file}", "--svg", "{file}"], ["chart", "{file}", "--svg", "{file}"],
                                     ["export", "csv", "{file}", "--out", "{file}"],
                                     ["export", "csv", "{folder}", "--out", "{link}"],
                                     ["export", "bgstats", "{file}", "--out", "{file}"]])
def test_the_record_read_is_never_the_output(cli, tmp_path, command) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    record, link = folder / "game.toml", tmp_path / "other-name.toml"
    _linked_record(record, link)
    result = _run(cli, command, file=record, folder=folder, link=link)
    assert result.exit_code == 2 and "which this command reads" in result.stderr
    assert record.read_bytes() == RECORD.read_bytes()


@pytest.mark.parametrize("command", [["show", "--svg", "{other}", "{file}"], ["chart", "{file}", "--svg", "{link}"],
                                     ["export", "csv", "{file}", "--out", "{other}"],
                                     ["export", "bgstats", "{file}", "--out", "{other}"]])
def test_an_output_never_replaces_another_record(cli, tmp_path, command) -> None:
    """Nothing already recorded is lost: a record's name typed where the output's goes
    (``show --svg a.toml b.toml``, the picture's name given as the record's) is refused with
    nothing written, by the record's name or a link's; it had turned a.toml into a picture.
    A file that is no record is an output's to replace, as any Unix tool's is."""
    record, other, link = tmp_path / "b.toml", tmp_path / "a.toml", tmp_path / "picture.svg"
    record.write_bytes(RECORD.read_bytes())
    _linked_record(other, link)
    result = _run(cli, command, file=record, other=other, link=link)
    assert result.exit_code == 2 and "it is a game record, which an output never replaces" in result.stderr
    assert other.read_bytes() == RECORD.read_bytes()
    picture = tmp_path / "old.svg"
    picture.write_text("an old picture, not a record\n")
    assert cli("show", str(record), "--svg", str(picture)).exit_code == 0
    assert picture.read_text().startswith("<svg")


def test_playout_replaces_a_file_only_with_force(cli, tmp_path) -> None:
    out = tmp_path / "game.toml"
    out.write_text("mine\n")
    args = ["playout", "robber-knights", "--players", "2", "--seed", "1", "--out", str(out)]
    result = cli(*args)
    assert result.exit_code == 2 and "already exists" in result.stderr and out.read_text() == "mine\n"
    assert cli(*args, "--force").exit_code == 0 and out.read_text() != "mine\n"


def test_a_link_is_written_through_as_given_not_resolved(tmp_path) -> None:
    """The file behind the link is rewritten by the system through the link (the same inode:
    nothing renamed into the target's folder, and the system's link rules apply)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = elsewhere / "real.svg"
    real.write_text("old\n")
    inode = real.stat().st_ino
    link = tmp_path / "out.svg"
    link.symlink_to(real)
    write_atomic(link, "new\n", record=False)
    assert link.is_symlink() and real.read_text() == "new\n" and real.stat().st_ino == inode
    assert os.listdir(elsewhere) == ["real.svg"]


def _protected_symlinks() -> bool:
    try:
        return Path("/proc/sys/fs/protected_symlinks").read_text().strip() == "1"
    except OSError:
        return False


@pytest.mark.skipif(os.geteuid() != 0 or not _protected_symlinks(), reason="needs root and protected_symlinks")
def test_the_kernels_rule_on_links_in_sticky_folders_applies(tmp_path) -> None:
    """Another user's link in a sticky, world-writable folder is not followed (as root, too):
    the tool used to resolve it itself and write the target."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    target = tmp_path / "victim.txt"
    target.write_text("keep\n")
    link = shared / "out.svg"
    link.symlink_to(target)
    os.lchown(link, 65534, 65534)
    with pytest.raises(UsageError, match="cannot write"):
        write_atomic(link, "new\n", record=False)
    assert target.read_text() == "keep\n"


def test_a_long_name_of_three_byte_characters_can_be_written(tmp_path) -> None:
    path = tmp_path / ("€" * 81 + ".toml")       # 248 bytes: a name the system takes
    write_atomic(path, "x = 1\n")
    write_atomic(path, "x = 2\n")
    assert path.read_text() == "x = 2\n" and os.listdir(tmp_path) == [path.name]


def _mistyped(text: bytes) -> bytes:
    """A record with a TOML mistake its player is about to mend: a list left unclosed."""
    return text.replace(b'    "blue",\n]', b'    "blue",\n', 1)


@pytest.mark.parametrize(("name", "spoil"), [
    ("a.toml", _mistyped),                                         # not TOML until it is mended
    ("a.toml", lambda text: text + b"# " + b"x" * MAX_RECORD_BYTES + b"\n"),   # longer than a record may be
    ("a.toml", lambda text: b"\xff" + text),                       # a stray byte: not UTF-8
    ("game.txt", _mistyped),                                       # by another name, its [game] line tells
    ("pyproject.toml", lambda text: b'[project]\nname = "club"\n'),  # TOML, the kind no output is
])
def test_an_output_never_replaces_a_record_that_does_not_read(cli, tmp_path, name, spoil) -> None:
    """A record the tool cannot read yet (a bracket left open, a stray byte, too long) is still
    a record: ``show --svg a.toml b.toml`` with a.toml mid-edit replaced it with a picture, as it
    had a readable one. It is refused as one is, and so is any ``*.toml`` file: no output is TOML."""
    record, other = tmp_path / "b.toml", tmp_path / name
    record.write_bytes(RECORD.read_bytes())
    kept = spoil(RECORD.read_bytes())
    assert kept != RECORD.read_bytes()
    other.write_bytes(kept)
    result = cli("show", "--svg", str(other), str(record))
    assert result.exit_code == 2 and "which an output never replaces" in result.stderr, result.stderr
    assert other.read_bytes() == kept
