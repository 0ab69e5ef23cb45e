"""An exclusive lock on a record while a command reads, checks and writes it.

Two ``burgundy play`` runs started at the same moment used to read the same record, each
add its line, and each write: the later write silently dropped the earlier line. Now every
command that writes a record holds an exclusive ``fcntl.flock`` lock on the record file
from before it reads until after its write is renamed into place, so such commands take
turns, and the second reads what the first wrote.

The lock is on the record's own inode, not on a side file (nothing is left behind). A
write replaces the inode (``write_atomic`` renames a new file over the old), so a command
that was waiting may wake holding the lock of a file no longer at the path: it then
checks that the path still names the inode it locked, and starts over if not.

Editors take no lock. So the bytes a command read are kept (:attr:`LockedRecord.basis`),
and the write is refused if the file on disk no longer has them, checked after the new
text is on disk and just before the rename (``write_atomic``'s ``before_replace``). The
window left is the rename itself; the table session, which writes many times, closes it
where Linux can swap two names (``swap``): the new file is swapped with the record
atomically, the file swapped out is checked, and swapped back if an editor saved it in
between (``write_atomic``'s ``replaced``); see docs/errors.md.

A table session holds a *shared* lock on its record while it is open (:class:`SessionLock`),
made exclusive for each of its writes and taken again on the file its write put in place.
A one-shot command (``play``, ``undo``, ``fmt --write``) that finds the record locked
shared knows a session has it open, and is refused at once with a message that says so:
the session would otherwise put back a line that ``undo`` removed, taking the removal for
an editor's stale copy, while the other terminal was told the undo happened (issue 33
item 21). A second session on the same record is refused the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
import fcntl
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from burgundy_cli.core.directive import keep_directive
from burgundy_cli.core.errors import RecordError, UsageError
from burgundy_cli.core.record import (
    MAX_RECORD_BYTES, RecordDoc, _read_at_most, parse_record_bytes, read_record, write_atomic,
)

if TYPE_CHECKING:
    import queue

#: How long a command waits for another one's lock before giving up.
LOCK_WAIT_SECONDS = 10.0
_POLL_SECONDS = 0.002


class RecordChanged(RecordError):
    """The record on disk is no longer the text the command read (an editor saved it)."""


@dataclass(slots=True)
class LockedRecord:
    """A record file while its lock is held: read it, then write it if nothing changed."""

    path: str
    basis: bytes | None = None
    #: Whether :meth:`write` replaced the file (the locked descriptor is then its old inode's).
    replaced: bool = False
    #: Whether :meth:`write` swaps the new file in and checks the one swapped out (Linux; the
    #: table session), closing the window between the last check and a rename.
    swap: bool = False

    def read(self) -> RecordDoc:
        """Read and parse the record, remembering its bytes as the basis of the next write.

        :raises RefereeError: as :func:`burgundy_cli.core.record.read_record`.
        """
        raw = current_bytes(self.path)
        doc = parse_record_bytes(raw, self.path)
        doc.locked = True
        self.basis = raw
        return doc

    def changed(self, name: str | None = None) -> bool:
        """Whether the file on disk (or at ``name``: where the write moved it) differs from what
        :meth:`read` (or the last write) saw."""
        try:
            return current_bytes(name or self.path) != self.basis
        except (OSError, RecordError, UsageError):
            return True

    def write(self, text: str, *, durable: bool = True) -> None:
        """Replace the record with ``text`` atomically, unless it changed on disk since read
        (``durable=False``: not synced, see :func:`~burgundy_cli.core.record.write_atomic`).

        The record's first-line ``#:schema`` directive, if it has one, is kept
        (from :attr:`basis`, the bytes read: the write is refused if the file no longer has
        them, :func:`~burgundy_cli.core.directive.keep_directive`): every rewrite under the lock
        (``play``, ``undo``, ``fmt --write``, the table session) keeps it.

        :raises RecordChanged: it changed (nothing written); :raises UsageError: as
            :func:`~burgundy_cli.core.record.write_atomic`.
        """
        def unchanged(name: str | None = None) -> None:
            if self.changed(name):
                raise RecordChanged(f"{self.path} changed on disk since it was read "
                                    "(saved by another program?); nothing was written",
                                    hint="run the command again: it reads the file anew")

        text = keep_directive(self.basis or b"", text)
        write_atomic(self.path, text, before_replace=unchanged, replaced=unchanged if self.swap else None,
                     durable=durable)
        self.replaced = True
        self.basis = text.encode("utf-8")


def current_bytes(path: str) -> bytes:
    """The record's bytes now, with the reader's checks (regular file, size limit).

    :raises RefereeError: missing, not a regular file, too large, unreadable.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        read_record(path)       # raises the reader's own message for the path
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_RECORD_BYTES:
            read_record(path)
        return _read_at_most(fd, MAX_RECORD_BYTES + 1)
    finally:
        os.close(fd)


@contextmanager
def locked(path: str | os.PathLike[str], wait: float = LOCK_WAIT_SECONDS, *,
           close_later: bool = False, swap: bool = False) -> Iterator[LockedRecord]:
    """Hold the exclusive lock of the record at ``path`` (waiting up to ``wait`` seconds).

    With ``close_later``, once the record was replaced the lock is released on leaving and
    the descriptor of the old file closed on a helper thread (:func:`_close_later`). With
    ``swap``, a write swaps the new file in (:attr:`LockedRecord.swap`).

    :raises UsageError: the record is missing or not a regular file, or another command
        kept its lock for longer than ``wait``.
    """
    name = os.fspath(path)
    fd = _lock(name, wait)
    record = LockedRecord(name, swap=swap)
    try:
        yield record
        if record.replaced:   # (a one-shot command's rewrite: a crashed session's journal guards nothing now)
            from burgundy_cli.core.journal import drop_stale

            drop_stale(name)
    finally:
        if close_later and record.replaced:
            _close_later(fd)
        else:
            os.close(fd)        # closing the descriptor releases the lock


#: The helper thread's queue of descriptors to close (made with the thread, on first use).
_closing: queue.SimpleQueue[int] | None = None


def _close_later(fd: int) -> None:
    """Release the lock of ``fd`` now and close it on a helper thread.

    The lock goes with ``LOCK_UN``, before this returns, exactly when closing would have
    released it; only the close, where the file system frees the file the write replaced,
    is left to the thread. A descriptor left open when the process ends is closed by the
    kernel.
    """
    try:
        fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError:
        os.close(fd)            # (closing releases it too)
        return
    closing_queue().put(fd)


def closing_queue() -> queue.SimpleQueue[int]:
    """The helper thread's queue of descriptors to close, the thread started on first use
    (the table session asks when it opens a record, so that its first line does not pay for
    importing ``queue`` and ``threading`` and starting the thread)."""
    global _closing
    if _closing is None:
        import queue
        import threading

        _closing = queue.SimpleQueue()
        threading.Thread(target=_closer, args=(_closing,), name="burgundy-close", daemon=True).start()
    return _closing


def _closer(fds: queue.SimpleQueue[int]) -> None:
    """The helper thread: close each descriptor it is given (``os.close`` releases the GIL)."""
    while True:
        fd = fds.get()
        try:
            os.close(fd)
        except OSError:
            pass


def _lock(path: str, wait: float) -> int:
    """Open ``path`` and lock it; start over while the locked file is no longer the one at the path."""
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            read_record(path)   # the reader's message: no such file, a folder, unreadable
            raise
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                read_record(path)
            _wait_exclusive(fd, path, wait, deadline, session_refuses=True)
            if _same_file(fd, path):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)


def _wait_exclusive(fd: int, path: str, wait: float, deadline: float, *, session_refuses: bool) -> None:
    """Take the exclusive lock of ``fd``, waiting (until ``deadline``) while another command
    writes the record.

    :raises UsageError: the wait ran out; or, with ``session_refuses``, a table session holds
        the record open (a one-shot command does not wait for a session to end)."""
    while not _exclusive(fd):
        if session_refuses and _shared_only(fd):
            raise UsageError(f"{path} is open in a table session ('burgundy play {path}', another "
                             "terminal); nothing was written",
                             hint="play or undo at that session, or leave it first")
        if time.monotonic() > deadline:
            raise UsageError(f"{path} is being written by another burgundy command "
                             f"(waited {wait:g} s); nothing was written")
        time.sleep(_POLL_SECONDS)


def _exclusive(fd: int) -> bool:
    """Take the exclusive lock of ``fd`` if no one holds a lock on its file; whether it did."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _shared_only(fd: int) -> bool:
    """Whether the file of ``fd`` is locked shared, that is by a table session: one-shot
    commands lock exclusively, so while one of them holds the file a shared lock is not
    granted. (Said after the exclusive lock was refused; ``fd`` holds no lock after.)"""
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return False            # an exclusive holder: a command that will be done in a moment
    granted = _exclusive(fd)    # (no holder left at all: the exclusive lock is ours after all)
    if granted:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    fcntl.flock(fd, fcntl.LOCK_UN)
    return True


def held(path: str) -> bool:
    """Whether a process holds a lock on the record at ``path`` now: a table session that is
    open (or one of its writes, or a one-shot command's). A lock dies with its process, so a
    record locked is no record a crash left behind. (Asked by taking the exclusive lock for
    an instant; a file that does not open is held by no one.)"""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        if _exclusive(fd):
            fcntl.flock(fd, fcntl.LOCK_UN)
            return False
        return True
    finally:
        os.close(fd)


class SessionLock:
    """The shared lock a table session holds on its record while it is open (see the
    module's docstring): one-shot commands are refused while it is held, and the session's
    own reads and writes make it exclusive for their time (:meth:`writing`)."""

    __slots__ = ("path", "fd")

    def __init__(self, path: str) -> None:
        self.path = path
        #: The descriptor holding the lock (of the file at the path when last taken).
        self.fd: int | None = None

    @contextmanager
    def writing(self, wait: float = LOCK_WAIT_SECONDS, *, swap: bool = False) -> Iterator[LockedRecord]:
        """The record locked exclusively, as :func:`locked` gives it; after the block the
        shared lock is held again, on the file then at the path (the one this block wrote,
        taken before the old file's lock is let go, so no other command gets in between).

        :raises UsageError: as :func:`locked` (another session has the record open too)."""
        fd = self.fd
        if fd is None or not _same_file(fd, self.path):   # (first use, or an editor replaced the file)
            self.fd = _lock(self.path, wait)
            if fd is not None:
                os.close(fd)
        else:   # (the session's own shared lock made exclusive)
            _wait_exclusive(fd, self.path, wait, time.monotonic() + wait, session_refuses=False)
        record = LockedRecord(self.path, swap=swap)
        try:
            yield record
        finally:
            self._share(record.replaced)

    def _share(self, replaced: bool) -> None:
        """Hold the shared lock again: on the file the write put at the path (``replaced``),
        else on the same file (the exclusive lock turned shared)."""
        assert self.fd is not None
        if not replaced:
            fcntl.flock(self.fd, fcntl.LOCK_SH)
            return
        old = self.fd
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            return              # (the file is gone: the next write says so; the old lock is kept)
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            pass                # (a command took the new file in the instant after the rename)
        self.fd = fd
        _close_later(old)

    def close(self) -> None:
        """Let the record go (the session ends)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _same_file(fd: int, path: str) -> bool:
    """Whether ``path`` still names the file open as ``fd``."""
    try:
        now = os.stat(path)
    except OSError:
        return False
    held = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)
