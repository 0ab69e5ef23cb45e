"""Nothing accepted is ever lost: a record on disk is always the old text or the new text.

The main test kills a process that keeps rewriting a record, at random moments, many
times, and checks the file after each kill. There is no timed assertion: the delays only
spread the kills over the phases of a write (temporary file, write, fsync, rename).
"""

from __future__ import annotations

import errno
import os
import random
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from burgundy_cli.core.bulk import walk_records
from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.record import write_atomic

ROOT = Path(__file__).resolve().parents[2]
KILLS = 60

#: Keeps rewriting argv[1] with two alternating texts; says "ready" once before the first.
WRITER = """
import sys
from burgundy_cli.core.record import write_atomic
old, new = sys.argv[2], sys.argv[3]
sys.stdout.write("ready\\n"); sys.stdout.flush()
while True:
    write_atomic(sys.argv[1], new)
    write_atomic(sys.argv[1], old)
"""


def texts() -> tuple[str, str]:
    """Two complete records of different lengths, large enough for a write to take a while."""
    old = '[game]\nname = "tally"\nplayers = ["anna", "bert"]\n# old\n' + "# filler line\n" * 4000
    new = '[game]\nname = "tally"\nplayers = ["anna", "bert", "carl"]\n# new\n' + "# other filler\n" * 7000
    return old, new


def test_killed_writer_never_leaves_a_partial_record(tmp_path):
    old, new = texts()
    record = tmp_path / "game.toml"
    record.write_text(old)
    record.chmod(0o640)
    rng = random.Random(20261125)
    seen = {old: 0, new: 0}
    for _ in range(KILLS):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(record), old, new],
                                  cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert writer.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0, 0.02))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        content = record.read_text()
        assert content in seen, f"partial record of {len(content)} characters"
        seen[content] += 1
        assert stat.S_IMODE(record.stat().st_mode) == 0o640
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "game.toml"]
    assert all(name.startswith(".game.toml.") and name.endswith(".tmp") for name in leftovers)
    assert walk_records([tmp_path]).files == [str(record)]
    assert seen[old] + seen[new] == KILLS


def test_failed_write_keeps_the_old_record_and_cleans_up(tmp_path, monkeypatch):
    record = tmp_path / "game.toml"
    record.write_text("old\n")

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(UsageError, match="No space left on device"):
        write_atomic(record, "new\n")
    assert record.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]


def test_interrupted_write_keeps_the_old_record_and_cleans_up(tmp_path, monkeypatch):
    record = tmp_path / "game.toml"
    record.write_text("old\n")

    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(record, "new\n")
    assert record.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]


def test_existing_mode_is_kept(tmp_path):
    record = tmp_path / "game.toml"
    record.write_text("old\n")
    record.chmod(0o604)
    write_atomic(record, "new\n")
    assert stat.S_IMODE(record.stat().st_mode) == 0o604


def test_new_record_gets_the_umask_mode(tmp_path):
    mask = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.toml", "x = 1\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) == 0o640


def test_symlinked_record_is_written_through(tmp_path):
    """Writing a symlink replaces its target and leaves the link in place."""
    real = tmp_path / "real.toml"
    real.write_text("old\n")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    write_atomic(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"


def test_a_link_to_no_file_creates_its_target(tmp_path):
    link = tmp_path / "link.toml"
    link.symlink_to(tmp_path / "real.toml")
    write_atomic(link, "new\n")
    assert link.is_symlink() and (tmp_path / "real.toml").read_text() == "new\n"


def test_a_bare_name_is_written_in_the_current_folder(tmp_path, monkeypatch):
    """(no folder in the name: the temporary file and the folder's fsync are in ``.``)"""
    monkeypatch.chdir(tmp_path)
    write_atomic("game.toml", "old\n")
    write_atomic("game.toml", "new\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml"]
    assert (tmp_path / "game.toml").read_text() == "new\n"


def test_writing_over_a_folder_is_a_usage_error(tmp_path):
    (tmp_path / "sub").mkdir()
    with pytest.raises(UsageError):
        write_atomic(tmp_path / "sub", "x\n")
    assert [p.name for p in tmp_path.iterdir()] == ["sub"]


def test_play_writes_atomically_and_only_when_every_line_is_legal(cli, tally_file, tally):
    short = tally.split("[result]")[0].replace('    "bert: 4",\n', "")
    tally_file.write_text(short)
    refused = cli("play", str(tally_file), "bert: 4", "anna: 1")
    assert refused.exit_code == 1 and "tally.over" in refused.stderr
    assert tally_file.read_text() == short
    played = cli("play", str(tally_file), "bert: 4")
    assert played.exit_code == 0, played.stderr
    assert "bert: 4" in tally_file.read_text() and "[result]" in tally_file.read_text()
    assert [p.name for p in tally_file.parent.iterdir()] == ["game.toml"]


def test_fmt_write_keeps_a_valid_record(cli, tally_file):
    result = cli("fmt", "--write", str(tally_file))
    assert result.exit_code == 0, result.stderr
    assert cli("score", str(tally_file)).exit_code == 0


def _swaps(folder: Path) -> bool:
    """Whether ``folder``'s file system swaps two names atomically (``write_atomic``'s ``replaced``)."""
    from burgundy_cli.core.record import _exchange

    (folder / "probe-a").write_text("a")
    (folder / "probe-b").write_text("b")
    swapped = _exchange(str(folder / "probe-a"), str(folder / "probe-b"))
    (folder / "probe-a").unlink()
    (folder / "probe-b").unlink()
    return swapped


class Changed(Exception):
    pass


def _refuse_unless(text: str):
    def replaced(name: str) -> None:
        if Path(name).read_text() != text:
            raise Changed(name)
    return replaced


@pytest.mark.parametrize("in_place", [True, False])
def test_an_editor_save_after_the_last_check_is_swapped_back_not_overwritten(tmp_path, in_place):
    """The editor saves just after ``before_replace`` passed (the window a rename leaves): the
    new file and the record are swapped, the record found is not the one read, so they are
    swapped back and the editor's text stays, with no file left behind."""
    if not _swaps(tmp_path):
        pytest.skip("this file system cannot swap two names")
    record = tmp_path / "game.toml"
    record.write_text("old\n")

    def editor_saves() -> None:
        if in_place:
            record.write_text("edited\n")
        else:
            (tmp_path / ".game.toml.swp").write_text("edited\n")
            os.replace(tmp_path / ".game.toml.swp", record)

    with pytest.raises(Changed):
        write_atomic(record, "new\n", before_replace=editor_saves, replaced=_refuse_unless("old\n"))
    assert record.read_text() == "edited\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]


def test_a_swap_that_finds_the_record_read_replaces_it(tmp_path):
    record = tmp_path / "game.toml"
    record.write_text("old\n")
    write_atomic(record, "new\n", replaced=_refuse_unless("old\n"))
    assert record.read_text() == "new\n" and [p.name for p in tmp_path.iterdir()] == ["game.toml"]


def test_where_names_cannot_be_swapped_the_rename_is_used(tmp_path, monkeypatch):
    from burgundy_cli.core import record as record_module

    monkeypatch.setattr(record_module, "_exchange", lambda first, second: False)
    record = tmp_path / "game.toml"
    record.write_text("old\n")
    write_atomic(record, "new\n", replaced=_refuse_unless("never called"))
    assert record.read_text() == "new\n" and [p.name for p in tmp_path.iterdir()] == ["game.toml"]


def test_a_record_behind_a_link_is_replaced_atomically_and_a_failure_midway_keeps_it(tmp_path, monkeypatch) -> None:
    """A record kept elsewhere and linked into the club's folder was rewritten in place through
    the link: a write that failed midway (a full disk) left it half new, half old. It is now
    replaced in its own folder, as a record that is no link is; the link stays a link."""
    import burgundy_cli.core.record as record_module

    elsewhere = tmp_path / "kept"
    elsewhere.mkdir()
    real = elsewhere / "game.toml"
    real.write_text("old = 1\n" * 1000)
    link = tmp_path / "game.toml"
    link.symlink_to(real)

    def full_disk(fd: int, data: bytes) -> None:
        os.write(fd, data[:100])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(record_module, "_write_all", full_disk)
    with pytest.raises(UsageError, match="No space left on device"):
        write_atomic(link, "new = 2\n" * 1000)
    assert real.read_text() == "old = 1\n" * 1000 and sorted(os.listdir(elsewhere)) == ["game.toml"]
    monkeypatch.undo()
    inode = real.stat().st_ino
    write_atomic(link, "new = 2\n")
    assert link.is_symlink() and real.read_text() == "new = 2\n" and real.stat().st_ino != inode
    assert sorted(os.listdir(elsewhere)) == ["game.toml"] and sorted(os.listdir(tmp_path)) == ["game.toml", "kept"]
