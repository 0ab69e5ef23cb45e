"""The table session's journal: a line accepted at the table is made durable by one synced
append, not by syncing the whole record twice.

While a table session has a record open, ``FILE.journal`` lies beside it. Its first entry
is the record's text when the journal began (the *base*: when the session opened, and
again after an undo or a reload, whose writes are synced as every other command's); each
line the session accepts after that is appended to it and ``fsync``\\ ed before the session
answers ``recorded``. The record itself is still rewritten after every line, atomically
(a temporary file renamed over it, under the lock, refused if an editor saved meanwhile),
only without its two syncs: every program reading the record sees the new text at once,
and a power cut that undoes the rewrite loses nothing, since base and lines replayed give
the record back. When the session ends, the record is synced and the journal removed.

A journal found when a session opens is one whose session ended without that: the session
crashed, was killed or the computer stopped. The table session reads it
(:func:`read_journal`) and compares what it gives with the record (``core.table``).

The journal is one JSON object a line, so a line torn by a power cut is told apart and
left out (it was never answered): ``{"base": TEXT}`` first, then ``{"line": TEXT}`` each.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path

from burgundy_cli.core.record import sync_folder, write_atomic

#: What the journal of ``FILE`` is called: ``FILE.journal``, beside it.
SUFFIX = ".journal"


def journal_path(record: str) -> str:
    """The journal's path for the record at ``record``."""
    return record + SUFFIX


def lacking(want: list[str], have: list[str], start: int) -> list[str] | None:
    """What a record's log lines ``have`` lack of the lines ``want`` a journal answered for
    (its base had ``start`` of them): nothing when the record has them all (and maybe lines
    after them: a command played on after that session); the last of them when the record
    is the journal's record without them (a power cut undid its unsynced rewrites); None
    when it differs otherwise (edited since: not to be merged)."""
    if have[:len(want)] == want:
        return []
    if start <= len(have) < len(want) and want[:len(have)] == have:
        return want[len(have):]
    return None


def read_journal(path: str) -> tuple[str, list[str]] | None:
    """The base and lines of the journal at ``path``; None when there is nothing there, or
    something that is no journal: not a regular file (a link, a pipe: never followed, never
    waited on) or a file whose first line is not a base (a file of the user's). Either is
    left untouched. A last line that does not read was torn by a power cut before it was
    answered: left out.

    :raises OSError: it cannot be read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as err:
        if err.errno == errno.ELOOP:    # (a symbolic link)
            return None
        raise
    with open(fd, "rb") as found:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        entries = found.read().split(b"\n")
    try:
        base = json.loads(entries[0])["base"]
    except (ValueError, TypeError, KeyError):
        return None
    if not isinstance(base, str):
        return None
    lines = []
    for entry in entries[1:]:
        try:
            line = json.loads(entry)["line"]
        except (ValueError, TypeError, KeyError):
            break
        if not isinstance(line, str):
            break
        lines.append(line)
    return base, lines


def _entry(**fields: str) -> bytes:
    return json.dumps(fields, ensure_ascii=False).encode("utf-8") + b"\n"


class Journal:
    """The open journal of one table session (see the module's docstring)."""

    __slots__ = ("path", "fd")

    def __init__(self, path: str) -> None:
        self.path = path
        #: The descriptor lines are appended to; None before :meth:`begin` and after :meth:`end`.
        self.fd: int | None = None

    def begin(self, base: str) -> None:
        """Start the journal again from ``base``, the record's text now: written and synced
        (the file and its folder) before this returns, so that it holds the record whatever
        happens to the record's own later, unsynced rewrites.

        :raises UsageError: it cannot be written (as :func:`write_atomic`).
        """
        self.close()
        write_atomic(self.path, _entry(base=base).decode("utf-8"), record=False)
        self.fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)

    def append(self, line: str) -> None:
        """Add the accepted ``line``, synced before this returns (the one sync a line costs).

        :raises OSError: it could not be written or synced.
        """
        if self.fd is None:
            raise OSError(f"{self.path} is not open")
        data = _entry(line=line)
        written = os.write(self.fd, data)
        if written != len(data):    # (a short write: the disk is full)
            raise OSError(f"{self.path}: only {written} of {len(data)} bytes written")
        os.fsync(self.fd)

    def end(self) -> None:
        """Remove the journal: the record it guarded is synced (the caller saw to it)."""
        self.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        sync_folder(os.path.dirname(self.path))

    def close(self) -> None:
        """Stop appending, the journal left on disk (for the next opening to compare)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def drop_stale(record: str) -> None:
    """Remove the journal beside ``record`` once a one-shot command (``undo``, ``play LINE``,
    ``fmt --write``) has rewritten the record durably under its lock, so no table session is
    open. The command read the record with the journal beside it and found nothing there
    that the record lacked (:func:`burgundy_cli.core.session.check_left_journal` refuses
    otherwise), so the journal guards nothing now; left there, the next session would put
    back a line the command took out (``undo`` after a session that did not end). Anything
    that is no journal (:func:`read_journal`) is left alone.
    """
    path = journal_path(record)
    try:
        if read_journal(path) is None:
            return
        os.unlink(path)
    except OSError:   # (unreadable or gone meanwhile: the next session says what it finds)
        return
    sync_folder(os.path.dirname(path))


def sync_record(path: str) -> None:
    """``fsync`` the record at ``path`` and its folder: what the session's unsynced rewrites
    left in memory is on disk after this.

    :raises OSError: it cannot be opened or synced.
    """
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    sync_folder(os.path.dirname(path))


def state_folder() -> Path:
    """Where burgundy keeps what a person typed, across runs: ``$XDG_STATE_HOME/burgundy``
    (default ``~/.local/state/burgundy``): the prompts' histories, and the answers of a
    ``new`` whose write failed."""
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(state) / "burgundy"
