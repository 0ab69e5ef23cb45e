"""Bring an archive in line with a folder of records: ``archive sync``, ``rebuild`` and ``list``.

A sync reads before it writes. The files below the folder are listed by the one folder
walk of every command (regular files only), and those that changed are read and verified
with no lock held; then one write transaction (see :func:`burgundy_cli.archive.db.writing`)
stores the results: two syncs at once write one after the other, the second seeing what the
first stored, and a sync that fails (a full disk, a lost server) leaves the archive as it
was. In order:

1. the files below the folder are listed; a file whose size and modification time are
   those stored is unchanged and not read again (one whose content hash is the one
   stored counts as unchanged too, though it was read);
2. the others are verified on every core (:func:`burgundy_cli.archive.verify.verify_file`),
   their results kept in a temporary file as they arrive, so memory stays flat;
3. the write lock is taken, the results written in batches, files no longer in the folder
   dropped, then every record no file holds any more.

A record is keyed by its content hash: a file edited in place gets a new record and its
old one goes; two identical files share one record (one game).
"""

from __future__ import annotations

from dataclasses import dataclass, field
import json
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from itertools import chain
from pathlib import Path
from typing import Any

from burgundy_cli.archive import db
from burgundy_cli.archive.verify import verify_file
from burgundy_cli.core.words import counted

#: Rows written per INSERT.
BATCH = 500
#: Files verified per step of the progress bar (BATCH is a multiple of it).
PROGRESS_STEP = 25


@dataclass(slots=True)
class SyncReport:
    """What a sync did: counts of files, each failed record's located error, each folder
    entry skipped (not a regular file), and what a rebuild found wrong with the archive."""

    database: str
    added: int = 0
    replaced: int = 0
    unchanged: int = 0
    removed: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)
    #: a folder's own archive moved or copied with it: each former place (the folder stored)
    #: and how many of its files were dropped (counted in ``removed`` too)
    elsewhere: dict[str, int] = field(default_factory=dict)
    folder: str = ""   #: the folder synced, as stored

    def text(self) -> str:
        lines = [f"damaged archive emptied and made again ({problem}); the records of other folders "
                 f"synced into it are gone until they are synced again" for problem in self.repaired]
        lines.append(f"{self.database}: {self.added} added, {self.replaced} replaced, {self.unchanged} unchanged, "
                     f"{self.removed} removed, {len(self.failed)} failed")
        lines += [f"failed: {error}" for _, error in self.failed]
        return "\n".join(lines)

    def notes(self) -> list[str]:
        """What goes to stderr beside the report (and below ``stats DIR``'s): each former place
        of a folder's own archive dropped, each entry skipped, then each failure."""
        return [f"{counted(count, 'file')} of {place} dropped: {self.database.removeprefix('sqlite:///')} is "
                f"the archive of {self.folder}, moved or copied from there" for place, count in self.elsewhere.items()] + \
            [f"skipped {path}: {why}, not a regular file" for path, why in self.skipped] + \
            [error for _, error in self.failed]

    def to_json(self) -> dict[str, Any]:
        out = {"database": self.database, "added": self.added, "replaced": self.replaced,
               "unchanged": self.unchanged, "removed": self.removed,
               "failed": [{"file": path, "error": error} for path, error in self.failed]}
        if self.skipped:
            out["skipped"] = [{"file": path, "why": why} for path, why in self.skipped]
        if self.repaired:
            out["repaired"] = self.repaired
        if self.elsewhere:
            out["dropped_elsewhere"] = self.elsewhere
        return out


def sync(folder: str | os.PathLike[str], url: str, *, jobs: int = 0, rebuild: bool = False,
         progress: Callable[[int], Callable[[int], None]] | None = None, own: bool = False) -> SyncReport:
    """Sync the archive at ``url`` with the records below ``folder`` (see the module's docstring).

    The files are listed by the one folder walk (:func:`burgundy_cli.core.bulk.walk_records`:
    only regular files, the rest skipped and named) and read and verified before the
    archive's write lock is taken: the lock is held only while the results are written,
    so a sync that reads a slow disk never keeps the others waiting. The results wait in
    a temporary file meanwhile (memory stays flat). A name that is not UTF-8 is stored by
    its readable form (``M\\xfcller.toml``, :func:`~burgundy_cli.core.bulk.shown_name`).

    ``rebuild`` verifies every file of ``folder`` again and replaces what the archive holds
    of them; the files of other folders synced into the same archive are left alone. An
    archive too damaged to read is emptied and made again (said in the report). ``progress``,
    given the number of files to verify, returns a function called with how many more are
    done (every 25).

    ``own``: the archive is the folder's own (its ``burgundy.db``, no ``--db`` given), the
    index of that folder alone: the files stored under another folder are those of its former
    place, the folder moved or copied with its archive, and are dropped (said in the report).
    They had been counted on -- a record edited in a copy counted as the original's unedited
    game, and a moved folder's records twice. A league's archive (``--db``) keeps every club's.

    :raises UsageError: ``folder`` does not exist, or holds no records; :raises ArchiveError:
        the database.
    """
    from burgundy_cli.core.bulk import shown_name, walk_records

    if not os.path.lexists(folder):  # (refused before any archive is made or opened)
        from burgundy_cli.core.errors import UsageError

        raise UsageError(f"no such folder: {shown_name(os.fspath(folder))}")
    root = Path(folder).resolve()
    key = shown_name(str(root))          # the root as stored
    skip = len(os.path.join(root, ""))  # the listed paths start with the root and a separator
    walk = walk_records([root])
    found = {shown_name(path[skip:]).replace(os.sep, "/"): path for path in walk.files}
    with ExitStack() as stack:
        # When every file is to be verified anyway (a rebuild, a SQLite file not made yet),
        # the workers start first, and SQLAlchemy's import and the schema are done beside
        # them.
        early = stack.enter_context(_verifying(list(found.values()), jobs, early=True)) \
            if rebuild or db.absent(url) else None
        repaired: list[str] = []
        engine = db.open_archive(url, create=True, repaired=repaired if rebuild else None)
        stack.callback(engine.dispose)
        report = SyncReport(db.shown(url), repaired=repaired, folder=key,
                            skipped=[(shown_name(path[skip:]).replace(os.sep, "/"), why) for path, why in walk.skipped])
        with db.database_errors(url):
            with engine.connect() as connection:        # a read: no writer's lock
                stored = _stored(connection, key)
                failed = _failed(connection, key)
            if early is not None:
                todo = list(found)
                results: Iterator[dict[str, Any]] = early
            else:
                # (a record that failed is verified again, changed or not: it is said again, and
                # a newer burgundy may accept it)
                todo = [relative for relative, path in found.items()
                        if relative not in stored or relative in failed or not _unchanged(path, stored[relative])]
                results = stack.enter_context(_verifying([found[relative] for relative in todo], jobs, engine=engine))
            advance = progress(len(todo)) if progress and todo else None
            spool = stack.enter_context(_spooled(zip(todo, results), advance))
            with db.writing(engine) as connection:
                stored = _stored(connection, key)         # (another sync may have written meanwhile)
                verified = set(todo)
                late = [relative for relative in found if relative not in verified and relative not in stored]
                if late:  # stored as unchanged when listed, gone since (another sync): verified now
                    spool = chain(spool, zip(late, map(verify_file, (found[relative] for relative in late))))
                report.unchanged = len(found) - len(todo) - len(late)
                # (a rebuild starts the folder from scratch: each of its files counts as added)
                _store(connection, key, spool, {} if rebuild else stored, report, rebuild)
                gone = [relative for relative in stored if relative not in found]
                t = db.tables()
                for start in range(0, len(gone), BATCH):
                    part = gone[start:start + BATCH]
                    connection.execute(t["files"].delete().where(
                        t["files"].c.root == key, t["files"].c.path.in_(part)))
                report.removed = len(gone)
                if own:
                    report.elsewhere = _drop_elsewhere(connection, key)
                    report.removed += sum(report.elsewhere.values())
                if gone or report.replaced or rebuild or report.elsewhere:
                    _drop_orphans(connection)
    return report


def _drop_elsewhere(connection: Any, root: str) -> dict[str, int]:
    """Delete the ``files`` rows of every folder but ``root``; how many each had."""
    from sqlalchemy import func, select

    files = db.tables()["files"]
    counts = {place: count for place, count in connection.execute(
        select(files.c.root, func.count()).where(files.c.root != root).group_by(files.c.root).order_by(files.c.root))}
    if counts:
        connection.execute(files.delete().where(files.c.root != root))
    return counts


def _unchanged(path: str, stored: Any) -> bool:
    """Whether the file at ``path`` is the one stored (same size, same modification time)."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    return info.st_size == stored.size and info.st_mtime_ns == stored.mtime_ns


def _stored(connection: Any, root: str) -> dict[str, Any]:
    """The ``files`` rows of ``root``, by path."""
    files = db.tables()["files"]
    return {row.path: row for row in connection.execute(files.select().where(files.c.root == root))}


def _failed(connection: Any, root: str) -> set[str]:
    """The paths below ``root`` whose record is stored as failed."""
    t = db.tables()
    files, records = t["files"], t["records"]
    query = (files.join(records, files.c.hash == records.c.hash).select().with_only_columns(files.c.path)
             .where(files.c.root == root, records.c.status == "failed"))
    return {path for (path,) in connection.execute(query)}


@contextmanager
def _spooled(results: Iterable[tuple[str, dict[str, Any]]],
             advance: Callable[[int], None] | None) -> Iterator[Iterator[tuple[str, dict[str, Any]]]]:
    """Every one of ``results`` (a file's relative name and what :func:`verify_file` made of
    it) taken now, kept in a temporary file, and given back in order when iterated: the
    files are read before the archive's write lock is taken, and memory stays flat."""
    import pickle
    import tempfile

    with tempfile.TemporaryFile() as spool:
        done = 0
        for item in results:
            pickle.dump(item, spool, pickle.HIGHEST_PROTOCOL)
            done += 1
            if advance and done % PROGRESS_STEP == 0:
                advance(PROGRESS_STEP)
        if advance and done % PROGRESS_STEP:
            advance(done % PROGRESS_STEP)
        spool.seek(0)

        def given_back() -> Iterator[tuple[str, dict[str, Any]]]:
            for _ in range(done):
                yield pickle.load(spool)

        yield given_back()


def _store(connection: Any, root: str, results: Iterable[tuple[str, dict[str, Any]]], stored: dict[str, Any],
           report: SyncReport, rebuild: bool = False) -> None:
    """Write the records, files and scores of the verified ``results`` (each with the file's
    name relative to ``root``), in batches. ``rebuild``: a record already stored is replaced
    by the one verified now, not kept.

    A batch the database refuses is written again file by file, each in a savepoint: a
    record that one database cannot take (PostgreSQL refuses text SQLite stores) is reported
    by its file's name, as a failed record, and every other file is stored (issue 33 item 5).
    """
    batch: list[tuple[str, dict[str, Any]]] = []

    def flush() -> None:
        try:
            with connection.begin_nested():
                _write_batch(connection, root, batch, rebuild)
            done = batch
        except _refusals():
            done = []
            for item in batch:
                try:
                    with connection.begin_nested():
                        _write_batch(connection, root, [item], rebuild)
                    done.append(item)
                except _refusals() as err:
                    if _connection_lost(connection, err):
                        raise
                    report.failed.append((item[0], f"{item[0]}: the database refused it: {_first_line(err)}"))
        for relative, result in done:
            _count(report, relative, stored.get(relative), result)
        batch.clear()

    for item in results:
        batch.append(item)
        if len(batch) >= BATCH:
            flush()
    flush()


def _refusals() -> type[Exception]:
    """What a database raises when it refuses a statement: SQLAlchemy's wrapping of the
    driver's error, also of one the driver raises before sending it (psycopg's ``ValueError``
    for a NUL in text)."""
    from sqlalchemy.exc import StatementError

    return StatementError


def _connection_lost(connection: Any, err: Exception) -> bool:
    """Whether ``err`` says the database is gone, not that it refused one file's rows."""
    from sqlalchemy.exc import InterfaceError, OperationalError

    return connection.invalidated or isinstance(err, OperationalError | InterfaceError)


def _first_line(err: Exception) -> str:
    """The driver's own message of a refusal, its first line (no SQL, no parameters)."""
    cause = getattr(err, "orig", None) or err
    return (str(cause).strip().splitlines() or [type(cause).__name__])[0]


def _count(report: SyncReport, relative: str, before: Any, result: dict[str, Any]) -> None:
    """Count the stored file ``relative`` in ``report``: added, replaced or unchanged
    (``before``: its stored row, if any), and failed when its record did not verify."""
    if before is None:
        report.added += 1
    elif before.hash == result["hash"]:  # a file touched but not changed is unchanged
        report.unchanged += 1
    else:
        report.replaced += 1
    if result["status"] == "failed":
        report.failed.append((relative, result["error"]))


def _write_batch(connection: Any, root: str, batch: list[tuple[str, dict[str, Any]]], rebuild: bool) -> None:
    """Insert the records, scores, boards and file rows of ``batch`` (a content twice in it
    is inserted once; one already stored is kept, unless ``rebuild`` or it was stored as
    failed and verifies now)."""
    t = db.tables()
    records: dict[str, dict[str, Any]] = {}
    scores: list[dict[str, Any]] = []
    boards: list[dict[str, Any]] = []
    files: list[dict[str, Any]] = []
    for relative, result in batch:
        if result["hash"] not in records:
            records[result["hash"]] = {**result["record"], "path": relative}
            scores.extend(result["scores"])
            boards.extend(result.get("boards", ()))
        files.append({"root": root, "path": relative, "hash": result["hash"],
                      "size": result.get("size", -1), "mtime_ns": result.get("mtime_ns", -1)})
    if records:
        hashes = list(records)
        if rebuild:  # verified again: what was stored of these contents goes
            for name in ("scores", "boards", "records"):
                connection.execute(t[name].delete().where(t[name].c.hash.in_(hashes)))
        present = {key: status for key, status in connection.execute(t["records"].select().with_only_columns(
            t["records"].c.hash, t["records"].c.status).where(t["records"].c.hash.in_(hashes)))}
        accepted = [key for key, status in present.items() if status == "failed" and records[key]["status"] == "ok"]
        if accepted:  # (a failed record has no scores or boards)
            connection.execute(t["records"].delete().where(t["records"].c.hash.in_(accepted)))
        fresh = [row for key, row in records.items() if key not in present or key in accepted]
        if fresh:
            _execute_many(connection, t["records"].insert(), fresh)
            new = {row["hash"] for row in fresh}
            for name, kept in (("scores", scores), ("boards", boards)):
                rows = [row for row in kept if row["hash"] in new]
                if rows:
                    _execute_many(connection, t[name].insert(), rows)
    if files:
        _upsert_files(connection, files)


def _upsert_files(connection: Any, rows: list[dict[str, Any]]) -> None:
    """Insert file rows, replacing the stored row of the same (root, path)."""
    files = db.tables()["files"]
    if connection.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    statement = insert(files)
    _execute_many(connection, statement.on_conflict_do_update(
        index_elements=[files.c.root, files.c.path],
        set_={"hash": statement.excluded.hash, "size": statement.excluded.size,
              "mtime_ns": statement.excluded.mtime_ns}), rows)


def _execute_many(connection: Any, statement: Any, rows: list[dict[str, Any]]) -> None:
    """Run ``statement`` once per row (all rows with the same keys, plain values) as one
    ``executemany`` of the driver: the statement compiled once for the database's dialect,
    the rows handed over as they are. Through ``connection.execute`` SQLAlchemy processes
    every parameter of every row, which was more than half the time of a sync's writes."""
    compiled = statement.compile(dialect=connection.dialect, column_keys=list(rows[0]))
    if compiled.positional:  # SQLite: ? placeholders, the values in the statement's order
        keys = compiled.positiontup
        connection.exec_driver_sql(compiled.string, [tuple([row[key] for key in keys]) for row in rows])
    else:  # psycopg: named placeholders
        connection.exec_driver_sql(compiled.string, rows)


def _drop_orphans(connection: Any) -> None:
    """Delete the records (and their scores and boards) that no file holds any more."""
    from sqlalchemy import select

    t = db.tables()
    held = select(t["files"].c.hash)
    connection.execute(t["scores"].delete().where(t["scores"].c.hash.not_in(held)))
    connection.execute(t["boards"].delete().where(t["boards"].c.hash.not_in(held)))
    connection.execute(t["records"].delete().where(t["records"].c.hash.not_in(held)))


@contextmanager
def _verifying(paths: list[str], jobs: int, *, engine: Any = None,
               early: bool = False) -> Iterator[Iterator[dict[str, Any]]]:
    """The results of verifying the files ``paths``, in order, on the
    processes :func:`burgundy_cli.core.bulk.map_records` chooses for ``jobs`` (0: as many as
    the machine's load leaves cores free, as ``score`` chooses); the workers stop when the
    block ends. ``early``: the first record is verified, and the workers started, before
    this returns, so that they verify while this process opens the database. ``engine``,
    when the database is open already, is dropped unclosed in the workers, which never
    touch it.
    """
    from burgundy_cli.core.bulk import map_records

    setup = (None, ()) if engine is None else (engine.dispose, (False,))
    mapped = map_records(verify_file, paths, jobs, *setup)
    try:
        yield chain((next(mapped),), mapped) if early and paths else mapped
    finally:
        mapped.close()  # ends the pool, if one was started


def _own_error(error: str | None, file: str, first: str) -> str | None:
    """A failed record's stored ``error`` as ``score`` says it of ``file``: one content is
    stored once, its error located at the file it was ``first`` found in, which a copy of it
    is not (its line had named the other file)."""
    if error is None or error.startswith(f"{file}:") or not error.startswith(f"{first}:"):
        return error
    return file + error.removeprefix(first)


def listing(url: str) -> Iterable[dict[str, Any]]:
    """Every file in the archive with its record's status, game, edition, date, place, event,
    winners (a team game's teams too) and its players by place with their totals (``seats``:
    name, total, rank, as ``core.render.by_place`` lists them), or its error;
    in (root, path) order, streamed: a results book's line per game."""
    from itertools import groupby

    engine = db.open_archive(url, create=False)
    t = db.tables()
    files, records, scores = t["files"], t["records"], t["scores"]
    query = (files.join(records, files.c.hash == records.c.hash)
             .outerjoin(scores, records.c.hash == scores.c.hash).select()
             .with_only_columns(files.c.root, files.c.path, records.c.hash, records.c.status, records.c.game,
                                records.c.edition, records.c.date, records.c.place, records.c.event,
                                records.c.players, records.c.complete, records.c.winners, records.c.error,
                                records.c.start, records.c.mode, records.c.tiebreak, records.c.teams,
                                records.c.path.label("first_path"),
                                scores.c.seat, scores.c.name, scores.c.total, scores.c.rank)
             .order_by(files.c.root, files.c.path, scores.c.seat))
    try:
        with db.database_errors(url), engine.connect() as connection:
            rows = connection.execution_options(stream_results=True, yield_per=BATCH).execute(query)
            for _, group in groupby(rows, key=lambda row: (row.root, row.path)):
                seated = list(group)
                row = seated[0]
                seats = [{"name": seat.name, "total": seat.total, "rank": seat.rank}
                         for seat in seated if seat.seat is not None]
                if row.complete:
                    seats.sort(key=lambda seat: seat["rank"])   # (stable: a shared place in seat order)
                file = str(Path(row.root) / row.path)
                yield {"file": file, "hash": row.hash, "status": row.status,
                       "game": row.game, "edition": row.edition, "date": row.date, "place": row.place,
                       "event": row.event, "players": row.players, "seats": seats, "complete": row.complete,
                       "winner": None if row.winners is None else json.loads(row.winners), "error": _own_error(row.error, file, str(Path(row.root) / row.first_path)),
                       "start": row.start, "mode": row.mode, "tiebreak": row.tiebreak,
                       "teams": None if row.teams is None else json.loads(row.teams)}
    finally:
        engine.dispose()
