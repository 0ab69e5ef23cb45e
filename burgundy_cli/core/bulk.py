"""Scoring many records at once: the records below folders, scored on every core.

Used by ``burgundy score`` with several files or folders and by ``burgundy summary``. A
record that fails is a result like the others (``{"file", "error", "exit"}``), so one bad
file never hides the scores of the rest. Results stream: each is handed on as soon as it
and those before it are scored, so the first line of ``score DIR`` comes after one record,
not after all of them, and nothing grows with the number of records.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from burgundy_cli.core.errors import UsageError, failure


#: What a folder entry is that the walk passes over, as its note names it.
_NOT_FILES = {stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a character device",
              stat.S_IFBLK: "a block device", stat.S_IFLNK: "a symbolic link (a folder's links are not followed)"}


class Walk:
    """The records below the paths a command was given: ``files`` to read, in a stable order,
    and ``skipped``, each ``*.toml`` entry passed over with why (:func:`walk_records`)."""

    __slots__ = ("files", "skipped")

    def __init__(self) -> None:
        self.files: list[str] = []
        self.skipped: list[tuple[str, str]] = []

    def notes(self) -> list[str]:
        """One line for each entry skipped, as commands say it on stderr."""
        return [f"burgundy: skipped {shown_name(path)}: {why}, not a regular file" for path, why in self.skipped]


def shown_name(path: str) -> str:
    """``path`` as text that prints and stores anywhere: a name that is not UTF-8 (a Latin-1
    ``M\xfcller.toml`` from a zip) has its undecodable bytes written ``\xfc``."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(path).decode("utf-8", "backslashreplace")
    return path


def walk_records(paths: Iterable[str | os.PathLike[str]]) -> Walk:
    """The one folder walk of every command that reads many records (``score``, ``summary``,
    ``export``, ``archive sync``, ``stats DIR``): folders are expanded into the ``*.toml``
    regular files below them; files named on the command line stay (the reader refuses
    what is no record file, each by name).

    Below a folder, only a regular file is ever taken: a FIFO, socket, device or symbolic
    link named ``*.toml`` is skipped and named (``Walk.skipped``), never opened, so nothing
    waits on a FIFO. Hidden names (the ``.<name>.<random>.tmp`` files of an interrupted
    write, editor files, ``.git``) are passed over without a word, and links to folders are
    not followed, so a walk never leaves the folder. The order is stable: each folder's
    entries by name, a folder's records where its name sorts (the order of sorting the
    paths by their parts). The walk keeps its own stack of open folders, so a folder nested
    thousands deep is walked like any other. ``os.scandir`` tells files, folders and links
    apart without a ``stat`` per file.

    :raises UsageError: no record at all, or a folder below cannot be read (its records
        would go missing).
    """
    paths = [os.fspath(path) for path in paths]
    walk = Walk()
    for path in paths:
        if os.path.isdir(path):
            _walk_folder(path, walk)
        else:
            walk.files.append(path)
    if not walk.files:
        raise UsageError("no record files found in " + ", ".join(map(shown_name, paths)) +
                         "".join(f"; skipped {shown_name(path)}: {why}" for path, why in walk.skipped[:3]))
    return walk


def refuse_missing(paths: Iterable[str | os.PathLike[str]]) -> None:
    """Refuse a path named on the command line that does not exist, before anything is read:
    for a command that makes one thing of all its records (``summary``, ``export``), whose
    result without the mistyped one would pass for the whole. (``score`` of several records
    reports it on its own line instead, beside the others' scores.)

    :raises UsageError: ``score``'s words, "no such record file: PATH".
    """
    missing = next((path for path in map(os.fspath, paths) if not os.path.lexists(path)), None)
    if missing is not None:
        raise UsageError(f"no such record file: {shown_name(missing)}")


def _walk_folder(top: str, walk: Walk) -> None:
    """Append the records below ``top`` to ``walk`` (see :func:`walk_records`), depth first."""
    pending: list[Iterator[tuple[str, os.DirEntry[str]]]] = [iter(_entries(top))]
    while pending:
        for name, entry in pending[-1]:
            if entry.is_dir(follow_symlinks=False):
                pending.append(iter(_entries(entry.path)))
                break
            if not name.endswith(".toml"):
                continue
            if entry.is_file(follow_symlinks=False):
                walk.files.append(entry.path)
            else:
                try:
                    kind = stat.S_IFMT(entry.stat(follow_symlinks=False).st_mode)
                except OSError:
                    continue                    # (gone meanwhile)
                walk.skipped.append((entry.path, _NOT_FILES.get(kind, "not a file")))
        else:
            pending.pop()


def _entries(folder: str) -> list[tuple[str, os.DirEntry[str]]]:
    """The entries of ``folder`` that are not hidden, by name.

    :raises UsageError: it cannot be read.
    """
    try:
        with os.scandir(folder) as listing:
            return sorted((entry.name, entry) for entry in listing if not entry.name.startswith("."))
    except OSError as err:
        raise UsageError(f"cannot read folder {shown_name(err.filename or folder)}: {err.strerror}") from None


def score_one(path: str, starts: bool = False) -> dict[str, Any]:
    """Score one record for bulk use: the ``--json`` object, or ``{"file", "error", "exit"}``.

    ``starts`` adds ``start``: ``position`` for a record that starts from a ``[position]``
    table (a rulebook example: no game played, even when it reaches the final scoring),
    ``result`` for a result-only record, else ``setup``; ``mode`` (``solo``, ``team`` or
    None) and a team game's ``teams``; and ``hash``, the key the archive gives the file's bytes
    (``core.record.content_hash``: two copies of one record are one game) -- what
    ``summary`` and ``site`` need to count them as ``stats`` does.
    """
    from burgundy_cli.core.record import content_hash, parse_record_bytes, read_record_bytes
    from burgundy_cli.core.render import score_json
    from burgundy_cli.core.session import open_doc

    name = shown_name(path)  # (a name that is not UTF-8, readably)
    try:
        raw = read_record_bytes(path)   # (read once: parsed, and with ``starts`` keyed as the archive keys them)
        doc = parse_record_bytes(raw, str(path))
        session = open_doc(doc)
        table = session.score()
    except Exception as err:  # noqa: BLE001 - reported per file, never as a traceback
        message, code = failure(err)
        return {"file": name, "error": shown_name(message.removeprefix("burgundy: ")), "exit": code}
    result = {"file": name, **score_json(table, session.header)}
    if starts:
        from burgundy_cli.core.resultonly import game_mode, modules_of, teams_of

        result["hash"] = content_hash(raw)
        result["start"] = "position" if "position" in doc.data else "result" if "final" in doc.data else "setup"
        result["mode"] = game_mode(modules_of(session.header))
        result["teams"] = teams_of(doc) or None
    return result


#: Below this much work left (seconds at the speed of the first record), worker processes
#: cost more to start and feed than they save: the records are scored in this process.
POOL_WORTH = 0.25


def worker_count(jobs: int, records: int) -> int:
    """How many processes to score ``records`` records on, for ``--jobs jobs``.

    An explicit ``jobs`` is kept (never more processes than records). ``0`` chooses: the
    usable cores that the machine's load leaves free (the 1-minute load average counted
    against them), at least one. On a busy 2-core machine that is one process: a second
    one would only queue behind the neighbours, and pays for its start and for moving
    every result between processes.
    """
    if jobs:
        return max(1, min(jobs, records))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    try:
        busy = os.getloadavg()[0]
    except (AttributeError, OSError):
        busy = 0.0
    return max(1, min(records, cores, round(cores - busy + 0.5)))


def score_many(files: list[str], jobs: int, starts: bool = False) -> Iterator[dict[str, Any]]:
    """Score many records, yielding each result as soon as it and those before it are done,
    in the order of ``files``, on :func:`worker_count` processes (``starts``: see
    :func:`score_one`).

    Nothing is kept from one record to the next here, so memory stays flat however many
    records there are; the caller decides what to keep.
    """
    return map_records(partial(score_one, starts=True) if starts else score_one, files, jobs)


@contextmanager
def _ignoring_ctrl_c() -> Iterator[None]:
    """Ctrl-C ignored while the pool's workers are forked, so that they ignore it from their
    first instruction: a terminal sends it to them too, and each would print a
    ``KeyboardInterrupt`` traceback of its own. The command's process, which has it back at
    once, stops them. (Off the main thread, where no handler can be set, nothing changes.)"""
    import signal

    try:
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def map_records(work: Callable[[str], Any], files: list[str], jobs: int,
                initializer: Callable[..., None] | None = None, initargs: tuple[Any, ...] = ()) -> Iterator[Any]:
    """``work`` on each of ``files`` (a top-level function, or a ``partial`` of one: the
    workers get it pickled), yielding each result as soon as it and those before it are
    done, in order, on :func:`worker_count` processes; ``initializer(*initargs)`` runs
    first in each worker. Used by ``score``, ``summary`` and ``archive sync``.

    The workers are started before the first result is handed over, so they are at work
    while the caller handles it (``archive sync`` opens the database meanwhile).
    """
    if not files:
        return
    # The first record is done here, before any worker starts: its game package is then
    # imported and its data loaded once, and the workers, forked from this process, share
    # them instead of each paying for them again. Its time
    # also says whether the rest is worth a pool at all.
    started = time.perf_counter()
    first = work(files[0])
    rest = files[1:]
    workers = worker_count(jobs, len(rest))
    if workers <= 1 or (not jobs and (time.perf_counter() - started) * len(rest) < POOL_WORTH):
        yield first
        yield from map(work, rest)
        return
    import multiprocessing

    # Fork is Linux's default up to Python 3.13 and safe here (no threads yet); other
    # systems keep their own default.
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)
    with _ignoring_ctrl_c():  # (the workers inherit it: the command's own process stops them)
        pool = context.Pool(workers, initializer, initargs)
    with pool:
        results = pool.imap(work, rest, chunksize=max(1, min(16, len(rest) // (workers * 8))))
        yield first
        yield from results
