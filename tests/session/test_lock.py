"""The record lock and the changed-on-disk check, with real concurrent processes.

A few trials of each kind from ``benchmarks/lost_lines.py`` (which runs the full counts:
100 pairs of simultaneous plays, 60 editor saves during a session), plus the lock's own
behaviour: a second locker waits, and follows the record to its new file after a write.
"""

from __future__ import annotations

import fcntl
import importlib.util
import os
import subprocess
import sys
import time

import pytest

from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.lock import RecordChanged, locked
from tests.conftest import ROOT

_SPEC = importlib.util.spec_from_file_location("lost_lines", ROOT / "benchmarks" / "lost_lines.py")
lost_lines = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(lost_lines)


@pytest.mark.parametrize("trial", range(6))
def test_two_simultaneous_plays_lose_no_line(tmp_path, trial):
    assert lost_lines.two_plays(tmp_path, trial) == 0


@pytest.mark.parametrize("trial", range(3))
def test_an_editor_saving_during_a_session_loses_nothing(tmp_path, trial):
    assert lost_lines.editor_trial(tmp_path, trial) == 0


HOLDER = """
import sys, time
from burgundy_cli.core.lock import locked
with locked(sys.argv[1]) as record:
    record.read()
    print("locked", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def hold(path, seconds: float) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), str(seconds)], stdout=subprocess.PIPE,
                            text=True, cwd=ROOT)
    assert proc.stdout.readline().strip() == "locked"
    return proc


def test_a_second_locker_waits_for_the_first(castles_record):
    holder = hold(castles_record, 0.6)
    started = time.monotonic()
    with locked(castles_record) as record:
        record.read()
        waited = time.monotonic() - started
    holder.wait()
    holder.stdout.close()
    assert waited > 0.3


def test_a_lock_held_too_long_is_a_clear_error(castles_record):
    holder = hold(castles_record, 3)
    try:
        with pytest.raises(UsageError, match="being written by another burgundy command"):
            with locked(castles_record, wait=0.3):
                pass
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()


def test_a_write_is_refused_when_the_file_changed_since_it_was_read(castles_record):
    with locked(castles_record) as record:
        record.read()
        castles_record.write_text(castles_record.read_text() + "\n# an editor's line\n")
        with pytest.raises(RecordChanged, match="changed on disk since it was read"):
            record.write("[game]\n")
    assert castles_record.read_text().endswith("# an editor's line\n")


def test_one_shot_play_refuses_a_record_with_a_stale_result_naming_fmt(cli, castles_record):
    castles_record.write_text(castles_record.read_text().replace("Anna = 13", "Anna = 14"))
    result = cli("play", str(castles_record), "roll white 1 good 4, Anna 1 2, Bob 3 4")
    assert result.exit_code == 1
    assert f"burgundy fmt --write {castles_record}" in result.stderr


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts descriptors in /proc")
def test_close_later_releases_the_lock_on_leaving_and_closes_the_old_file_after(castles_record):
    """The table session's lock (``close_later``): released when the block is left, although
    the descriptor of the replaced file is closed by a helper thread; none is left open."""
    before = _open_descriptors()
    for number in range(5):
        old = os.open(castles_record, os.O_RDONLY)   # the file a waiting command would have locked
        try:
            with locked(castles_record, close_later=True) as record:
                record.read()
                record.write(f"# {number}\n" + castles_record.read_text(encoding="utf-8"))
            fcntl.flock(old, fcntl.LOCK_EX | fcntl.LOCK_NB)   # free at once: no BlockingIOError
        finally:
            os.close(old)
        deadline = time.monotonic() + 5
        while _open_descriptors() > before and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _open_descriptors() == before


def test_a_lock_left_without_a_write_is_closed_at_once(castles_record):
    before = _open_descriptors()
    with locked(castles_record, close_later=True) as record:
        record.read()
    assert _open_descriptors() == before and not record.replaced


def test_an_editor_save_just_after_the_last_check_is_kept(castles_record, monkeypatch):
    """The window a rename leaves (an editor saving after the check before the rename): with
    ``swap`` (the table session's lock), on a system that swaps names, the lock checks the
    record swapped out and swaps it back."""
    from burgundy_cli.core import lock, record as record_module

    probe = castles_record.with_name("probe")
    probe.write_text("")
    if not record_module._exchange(str(probe), str(castles_record)) or not record_module._exchange(
            str(probe), str(castles_record)):
        pytest.skip("this file system cannot swap two names")
    probe.unlink()
    real = lock.write_atomic

    def racing(path, text, *, before_replace, replaced, durable):
        def check_then_an_editor_saves() -> None:
            before_replace()
            castles_record.write_text(castles_record.read_text() + "\n# an editor's line\n")
        real(path, text, before_replace=check_then_an_editor_saves, replaced=replaced, durable=durable)

    monkeypatch.setattr(lock, "write_atomic", racing)
    with locked(castles_record, swap=True) as record:
        record.read()
        with pytest.raises(RecordChanged, match="changed on disk since it was read"):
            record.write("[game]\n")
    assert castles_record.read_text().endswith("# an editor's line\n")
    assert sorted(p.name for p in castles_record.parent.iterdir()) == ["game.toml"]


ONE_WRITE = """
import sys
from burgundy_cli.core.lock import locked
with locked(sys.argv[1]) as record:
    record.write(record.read().text + "# one more line\\n")
print("ctypes" in sys.modules)
"""


def test_a_one_shot_write_does_not_load_ctypes(castles_record):
    """Only the table session swaps names (``swap``): a one-shot command's start does not pay
    for loading ctypes."""
    done = subprocess.run([sys.executable, "-c", ONE_WRITE, str(castles_record)], capture_output=True,
                          text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "False"
    assert castles_record.read_text().endswith("# one more line\n")
