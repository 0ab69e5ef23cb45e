"""Opening an archive database and keeping its schema: one schema for SQLite and PostgreSQL.

Written with SQLAlchemy Core; PostgreSQL is reached through psycopg 3. The tool creates the
schema in an empty database and migrates an older one (``meta.version``); a database that
holds other tables but no burgundy ``meta`` row is another tool's and is refused. Every
problem reaching or writing the database is an :class:`ArchiveError`: one line, exit 2.

Tables (JSON is stored as text, so both engines read it the same way):

- ``meta`` (key, value): ``application`` = ``burgundy-archive``, ``version``.
- ``records``: one row per distinct record content (``hash``, SHA-256 of the file):
  status (``ok`` or ``failed``), the header (game, edition, date, place, event, player
  count, boards (text of any length: a per-player table of a record's own duchies is long),
  modules, options), complete, winners, tiebreak, notes, round labels,
  the located error of a failed record, and where its game starts (``setup``,
  ``position`` for a record that starts from a ``[position]`` table: not a game played, or
  ``result`` for a result-only record: final scores with no moves); its ``mode`` (``solo``
  or ``team`` for the 2019 solo and team games, null for a normal game) and the ``teams``
  of a team game (a JSON object: team -> members). ``modules`` is the modules' names
  joined by commas.
- ``scores``: one row per seat of a verified record: name (and ``name_key``, the name
  casefolded, which is how a player is matched across records), total, rank, whether the
  seat won, the breakdown by category and the VP after each round. The breakdown is kept
  as its categories' names (``categories``, a JSON list) and their values in columns
  ``v0``, ``v1``, ... in that order, so that ``stats`` sums them in SQL, one row per
  player and set of categories, instead of reading and decoding every seat's JSON; a
  breakdown of more than :data:`VALUE_COLUMNS` categories leaves them null and is kept
  as JSON in ``breakdown``.
- ``files``: which file (``root``, ``path``) holds which content, with its size and
  modification time, so that a re-sync reads only files that changed.
- ``boards``: the board ids a verified record's game is played on (``hash``, ``board``): the
  one id of ``[setup] boards = 1``, or each distinct id of a per-player table, as text; what
  ``--board`` matches (``records.boards`` keeps the setup as written, for ``--by boards``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from burgundy_cli.core.errors import UsageError

APPLICATION = "burgundy-archive"
#: The schema version this code writes; older versions are migrated by :data:`MIGRATIONS`.
VERSION = 7
#: Breakdown values stored in columns of their own (``v0`` ...): room to spare over any
#: game's categories today (the Castles base game has 12).
VALUE_COLUMNS = 24
#: How long a SQLite writer waits for another to finish (a sync holds the lock while it
#: verifies) before it gives up with "database is locked".
SQLITE_WAIT_S = 300
#: Key of PostgreSQL's advisory lock that serialises archive writers.
WRITER_LOCK = 0x6275_7267  # "burg"


class ArchiveError(UsageError):
    """The archive database cannot be reached, read or written (exit 2)."""


class DamagedArchive(ArchiveError):
    """The archive's own tables are not as this tool writes them (exit 2): a version that is
    no number, a table gone, a JSON column that holds no JSON. ``archive rebuild`` repairs it."""


def damaged(url: str, what: str) -> DamagedArchive:
    """The error for a damaged archive at ``url``: what is wrong, and the way out."""
    return DamagedArchive(f"damaged archive {shown(url)}: {what}; run `burgundy archive rebuild`",
                          hint="`burgundy archive rebuild DIR` verifies DIR's records again and repairs the archive")


def _tables() -> tuple[Any, dict[str, Any]]:
    """The schema as SQLAlchemy Core tables (built on first use: SQLAlchemy loads lazily)."""
    from sqlalchemy import (BigInteger, Boolean, Column, Float, Integer, MetaData, String, Table,
                            Text)

    metadata = MetaData()
    tables = {
        "meta": Table("meta", metadata, Column("key", String(64), primary_key=True),
                      Column("value", Text, nullable=False)),
        "records": Table(
            "records", metadata,
            Column("hash", String(64), primary_key=True),
            Column("status", String(8), nullable=False),
            Column("path", Text, nullable=False),  # where it was first found, for messages
            Column("game", String(64), index=True),
            Column("edition", String(32)),
            Column("date", Text, index=True),  # ISO text: sorts as dates do (a record may give any text)
            Column("place", Text),
            Column("event", Text),
            Column("players", Integer),
            Column("boards", Text),  # [setup] boards as text: a duchy id, or a table of one per player
            Column("modules", Text),
            Column("options", Text),   # JSON object
            Column("complete", Boolean),
            Column("winners", Text),   # JSON list
            Column("tiebreak", Text),
            Column("notes", Text),     # JSON list
            Column("rounds", Text),    # JSON list of round labels, or null
            Column("error", Text),
            Column("start", String(8)),  # "setup", "position" or "result" (None: failed)
            Column("mode", String(8)),   # "solo" or "team" (None: a normal game)
            Column("teams", Text),       # JSON object of a team game: team -> members
        ),
        "scores": Table(
            "scores", metadata,
            Column("hash", String(64), primary_key=True),
            Column("seat", Integer, primary_key=True),
            Column("name", Text, nullable=False),
            Column("name_key", Text, nullable=False, index=True),
            Column("total", Integer, nullable=False),
            Column("rank", Integer, nullable=False),
            Column("won", Float, nullable=False),   # 1, or 1/n for a win shared by n
            Column("rounds", Text),  # JSON list: VP after each round
            Column("categories", Text),  # JSON list: the breakdown's categories, in order
            *(Column(f"v{index}", Integer) for index in range(VALUE_COLUMNS)),  # their values
            Column("breakdown", Text),  # JSON object, only for a breakdown wider than v0...
        ),
        "files": Table(
            "files", metadata,
            Column("root", Text, primary_key=True),
            Column("path", Text, primary_key=True),
            Column("hash", String(64), nullable=False, index=True),
            Column("size", BigInteger, nullable=False),
            Column("mtime_ns", BigInteger, nullable=False),
        ),
        "boards": Table(
            "boards", metadata,
            Column("hash", String(64), primary_key=True),
            Column("board", Text, primary_key=True, index=True),  # a duchy id: 1, "13x", a record's own
        ),
    }
    return metadata, tables


_SCHEMA: tuple[Any, dict[str, Any]] | None = None


def schema() -> tuple[Any, dict[str, Any]]:
    """The archive's ``MetaData`` and its tables by name (built once)."""
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = _tables()
    return _SCHEMA


def tables() -> dict[str, Any]:
    """The archive's tables by name."""
    return schema()[1]


def _sort_modules(connection: Any) -> None:
    """Migration 6 -> 7: each ``records.modules`` of several names rewritten sorted, in place
    (nothing to verify again: the names are the same)."""
    from sqlalchemy import select

    records = tables()["records"]
    stored = connection.execute(select(records.c.hash, records.c.modules)
                                .where(records.c.modules.contains(","))).all()
    for key, modules in stored:
        connection.execute(records.update().where(records.c.hash == key)
                           .values(modules=",".join(sorted(modules.split(",")))))


#: Migrations from each older version to the next: version -> steps, each SQL for every
#: engine, ``(dialect, SQL)`` for one (``"postgresql"``, ``"sqlite"``), or a function of the
#: connection (a step SQL cannot write alike for both); a change of the schema adds its step
#: here and raises :data:`VERSION`.
MIGRATIONS: dict[int, list[str | tuple[str, str] | Callable[[Any], None]]] = {
    # 1 -> 2: records.start. What version 1 stored cannot tell a position from a game, so
    # its rows go: the next sync verifies the records again (they are the source of truth).
    1: ["ALTER TABLE records ADD COLUMN start VARCHAR(8)",
        "DELETE FROM scores", "DELETE FROM files", "DELETE FROM records"],
    # 2 -> 3: scores.categories and v0...: the table is dropped and made again at its new
    # shape (after the steps, every missing table is created), its records verified again.
    2: ["DROP TABLE scores", "DELETE FROM files", "DELETE FROM records"],
    # 3 -> 4: records.boards and records.date become TEXT (they were VARCHAR(64) and (32): a
    # per-player boards table naming a record's own duchies, or a date given as free text, is
    # longer, and PostgreSQL refused the sync). Every value stored fits both: the rows stay.
    # SQLite never enforces a VARCHAR's length, so it has nothing to change.
    3: [("postgresql", "ALTER TABLE records ALTER COLUMN boards TYPE TEXT"),
        ("postgresql", "ALTER TABLE records ALTER COLUMN date TYPE TEXT")],
    # 4 -> 5: the boards table (made before the steps). A record stored with one board id for
    # everyone gets its row from records.boards; one with a per-player table (stored as text
    # that only Python reads back) goes, to be verified again by the next sync.
    4: ["DELETE FROM boards",  # (new at 5: empty, unless a test made it at 5 and set the version back)
        "INSERT INTO boards (hash, board) SELECT hash, boards FROM records "
        "WHERE boards IS NOT NULL AND boards NOT LIKE '{%'",
        "DELETE FROM scores WHERE hash IN (SELECT hash FROM records WHERE boards LIKE '{%')",
        "DELETE FROM files WHERE hash IN (SELECT hash FROM records WHERE boards LIKE '{%')",
        "DELETE FROM records WHERE boards LIKE '{%'"],
    # 5 -> 6: records.mode and records.teams, start "result", modules joined by commas. The
    # mode and the result-only start are read from what is stored; a team game (whose teams
    # were not stored) and a record whose modules were stored as a Python list's text go, to
    # be verified again by the next sync.
    5: ["ALTER TABLE records ADD COLUMN mode VARCHAR(8)",
        "ALTER TABLE records ADD COLUMN teams TEXT",
        "UPDATE records SET mode = 'solo' WHERE modules LIKE '%solo-game%'",
        "UPDATE records SET start = 'result' WHERE start = 'setup' AND notes LIKE '%result-only record%'",
        *(f"DELETE FROM {table} WHERE hash IN (SELECT hash FROM records WHERE {stale})"
          for stale in ("modules LIKE '%team-game%'", "modules LIKE '[%'")
          for table in ("scores", "boards", "files")),
        "DELETE FROM records WHERE modules LIKE '%team-game%' OR modules LIKE '[%'"],
    # 6 -> 7: records.modules sorted (it was in the order the record lists them, so one set of
    # modules was two texts, two groups of --by modules, and --modules matched one order), in
    # place: every row stays, and stats --db counts the same games before any sync.
    6: [_sort_modules],
}


#: The names of the value columns, and a row's worth of them empty.
_VALUES = tuple(f"v{index}" for index in range(VALUE_COLUMNS))
_NO_VALUES = dict.fromkeys(_VALUES)


def breakdown_columns(breakdown: dict[str, int]) -> dict[str, Any]:
    """The columns that keep a breakdown: ``categories`` and ``v0``..., or, when it has more
    categories than there are value columns, ``breakdown`` (its JSON) alone."""
    if len(breakdown) > VALUE_COLUMNS:
        return {"categories": None, "breakdown": json.dumps(breakdown), **_NO_VALUES}
    return {"categories": _categories_column(tuple(breakdown)), "breakdown": None, **_NO_VALUES,
            **dict(zip(_VALUES, breakdown.values()))}


@lru_cache(maxsize=256)
def _categories_column(names: tuple[str, ...]) -> str:
    """The ``categories`` column of a breakdown's names (a game has a few sets: written once each)."""
    return json.dumps(list(names))


def stored_breakdown(categories: str | None, values: Sequence[int | None], breakdown: str | None) -> dict[str, int]:
    """The breakdown that :func:`breakdown_columns` stored, from those columns (``values``:
    ``v0``... in order)."""
    if categories is None:
        return json.loads(breakdown or "{}")
    return dict(zip(_category_names(categories), values))


@lru_cache(maxsize=256)
def _category_names(categories: str) -> tuple[str, ...]:
    """The names of a ``categories`` column (an archive holds a few sets: decoded once each)."""
    return tuple(json.loads(categories))


#: The archive's file in a club's folder of records, where a command keeps it without ``--db``.
ARCHIVE_FILE = "burgundy.db"


def club_folder(folder: str | None, db: str | None) -> str | None:
    """``folder``; or, given neither a folder nor ``--db``, the current folder when it is a
    club's (it holds the :data:`ARCHIVE_FILE` an earlier sync made): ``burgundy stats`` typed
    in the club's folder reports on that folder, synced first, as a given folder is."""
    if folder is None and not db and os.path.isfile(ARCHIVE_FILE):
        return "."
    return folder


def database_url(folder: str | os.PathLike[str] | None, db: str | None) -> str:
    """The URL of the archive: ``--db`` (a URL or a SQLite file's path), else DIR/burgundy.db.

    :raises ArchiveError: neither given; a ``--db`` path that is a folder or a record's name
        (``*.toml``: a record where the archive goes); a SQLite URL of no file (``sqlite://``: in memory, gone
        when the command ends, so a sync would store nothing); or no ``--db`` and DIR no folder: one that does not
        exist ("no such folder", as ``archive sync`` says it with ``--db``), or a file (a
        record: it holds no burgundy.db), never "folder game.toml does not exist".
    """
    if db:
        if "://" in db:
            if db.split("?")[0] in ("sqlite://", "sqlite:///", "sqlite:///:memory:"):
                raise ArchiveError(f"--db {db} names no file: an archive in memory is gone when the command "
                                   "ends", hint="give the archive's file, sqlite:///PATH or PATH")
            return db
        if os.path.isdir(db):
            raise ArchiveError(f"--db {db} is a folder, not an archive file",
                               hint=f"give the archive's file, e.g. --db {os.path.join(db, 'burgundy.db')}")
        if db.lower().endswith(".toml"):    # (SQLite makes an empty file a database, and every sync would fail to read it)
            raise ArchiveError(f"--db {db} is a record's name (*.toml), not an archive file; nothing was written",
                               hint=f"give the archive's file, e.g. --db {os.path.join(os.path.dirname(db), 'burgundy.db')}")
        return "sqlite:///" + str(Path(db).resolve())
    if folder is None:
        raise ArchiveError("give a folder of records or --db URL",
                           hint=f"or run it in the club's folder, which holds its {ARCHIVE_FILE} once synced")
    if not os.path.isdir(folder):
        from burgundy_cli.core.bulk import shown_name

        name = shown_name(os.fspath(folder))
        if not os.path.lexists(folder):
            raise ArchiveError(f"no such folder: {name}")
        raise ArchiveError(f"{name} is not a folder, so it holds no burgundy.db: give a folder of records, "
                           "or the archive's --db FILE|URL")
    return "sqlite:///" + str(Path(folder).resolve() / ARCHIVE_FILE)


def shown(url: str) -> str:
    """The URL as messages show it: never with its password, however it is given (in the
    user part, even with an unencoded ``@`` in it, or as a ``password`` query parameter),
    and also when the URL is too broken to parse; ``postgresql://`` as the user gives it, not
    with the driver the engine's URL names (``postgresql+psycopg://``)."""
    import re

    scheme, separator, rest = url.partition("://")
    if not separator:
        return url
    scheme = scheme.removesuffix("+psycopg")   # (the driver :func:`connect` names: the user's URL has none)
    location, query_mark, query = rest.partition("?")
    path_mark = location.find("/")
    authority, path = (location, "") if path_mark < 0 else (location[:path_mark], location[path_mark:])
    user, at, host = authority.rpartition("@")   # (the last @ ends the user part: an unencoded @ is the password's)
    if at and ":" in user:
        user = user.split(":", 1)[0] + ":***"
    query = re.sub(r"(?i)((?:^|&)(?:password|passwd|pass|pwd)=)[^&]*", r"\1***", query)
    return f"{scheme}://{user}{at}{host}{path}{query_mark}{query}"


def _check_port(url: str) -> None:
    """Refuse a URL whose port is no number from 1 to 65535, or whose user part holds an
    unencoded ``@`` (drivers read such a URL each their own way, and a part of the password
    would be taken for the host and shown in their messages), with a usage error.

    :raises ArchiveError:
    """
    from urllib.parse import urlsplit

    authority = url.partition("://")[2].partition("/")[0].partition("?")[0]
    if authority.count("@") > 1:
        raise ArchiveError(f"bad database URL {shown(url)}: an @ in the user name or password must be "
                           "written %40")

    try:
        port = urlsplit(url).port
    except ValueError:
        port = 0
    if port == 0:
        raise ArchiveError(f"bad database URL {shown(url)}: the port must be a number from 1 to 65535")


@contextmanager
def database_errors(url: str) -> Iterator[None]:
    """Turn any failure to reach or use the database into one :class:`ArchiveError` line."""
    from sqlalchemy import exc

    try:
        yield
    except ArchiveError:
        raise
    except json.JSONDecodeError as err:    # (the archive's JSON columns are written by this tool alone)
        raise damaged(url, f"a JSON column holds no JSON ({err.msg})") from None
    except exc.NoSuchModuleError:
        raise ArchiveError(f"unsupported database URL {shown(url)}: use sqlite:///FILE or "
                           "postgresql://USER@HOST:PORT/NAME") from None
    except ImportError as err:  # a dialect SQLAlchemy knows, with a driver not installed
        raise ArchiveError(f"unsupported database URL {shown(url)} ({err.name or err} is not installed): "
                           "use sqlite:///FILE or postgresql://USER@HOST:PORT/NAME") from None
    except exc.ArgumentError as err:
        raise ArchiveError(f"bad database URL {shown(url)}: {_first_line(err)}") from None
    except exc.DBAPIError as err:
        raise ArchiveError(f"database {shown(url)}: {_first_line(err.orig or err)}") from None
    except exc.SQLAlchemyError as err:
        raise ArchiveError(f"database {shown(url)}: {_first_line(err)}") from None
    except OSError as err:
        raise ArchiveError(f"database {shown(url)}: {err.strerror or err}") from None


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__


def absent(url: str) -> bool:
    """Whether ``url`` names a SQLite file that does not exist yet, in a folder that does: an
    archive that holds nothing, told without importing SQLAlchemy (a URL this cannot read
    plainly, ``sqlite:///PATH`` without a query or escapes, is taken as present)."""
    if not url.startswith("sqlite:///"):
        return False
    path = url[len("sqlite:///"):]
    if not path or path == ":memory:" or path.startswith("file:") or any(c in path for c in "?%#"):
        return False
    return not os.path.lexists(path) and os.path.isdir(os.path.dirname(path) or ".")


def connect(url: str) -> Any:
    """An SQLAlchemy engine for ``url``; SQLite writers take the write lock when they begin.

    :raises ArchiveError: a bad or unsupported URL, or a SQLite file in a missing folder.
    """
    from sqlalchemy import create_engine, event

    if not url.startswith("sqlite"):
        _check_port(url)
    with database_errors(url):
        if url.startswith("sqlite"):
            from sqlalchemy.engine import make_url

            path = make_url(url).database
            if path and path != ":memory:" and not path.startswith("file:") and not Path(path).parent.is_dir():
                raise ArchiveError(f"database {shown(url)}: folder {Path(path).parent} does not exist")
            engine = create_engine(url, connect_args={"timeout": SQLITE_WAIT_S})

            @event.listens_for(engine, "connect")
            def _no_implicit_transactions(dbapi_connection: Any, _record: Any) -> None:
                dbapi_connection.isolation_level = None  # we say BEGIN ourselves, below

            @event.listens_for(engine, "begin")
            def _begin_immediate(connection: Any) -> None:
                connection.exec_driver_sql("BEGIN IMMEDIATE" if connection.info.get("writer") else "BEGIN")

            return engine
        if url.startswith(("postgresql://", "postgres://")):
            url = "postgresql+psycopg://" + url.split("://", 1)[1]
        return create_engine(url, connect_args={"connect_timeout": 10} if "postgresql" in url else {})


@contextmanager
def writing(engine: Any) -> Iterator[Any]:
    """A write transaction that no other archive writer runs beside: all of it or nothing.

    SQLite: ``BEGIN IMMEDIATE`` (the file's write lock); PostgreSQL: an advisory lock
    held until the transaction ends.
    """
    with engine.connect() as connection:
        connection.info["writer"] = True
        try:
            with connection.begin():
                if engine.dialect.name == "postgresql":
                    from sqlalchemy import text

                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITER_LOCK})
                yield connection
        finally:
            connection.info.pop("writer", None)


def ensure_schema(engine: Any, *, create: bool) -> None:
    """Check that the database is a burgundy archive of this version; make it one if allowed.

    An empty database gets the schema (when ``create``); an older version is migrated.

    :raises ArchiveError: another tool's database, a newer version, or no archive (reading).
    """
    from sqlalchemy import inspect, select

    meta = tables()["meta"]
    with engine.connect() as connection:
        names = set(inspect(connection).get_table_names())
        if "meta" in names:
            values = dict(connection.execute(select(meta.c.key, meta.c.value)).all())
            if values.get("application") != APPLICATION:
                raise ArchiveError(f"{shown(str(engine.url))} is not a burgundy archive (another "
                                   "tool's database?); give another --db")
            version = _version(str(engine.url), values.get("version", "0"))
            missing = sorted(set(tables()) - names)
            if version == VERSION and missing:
                raise damaged(str(engine.url), f"its table {missing[0]} is missing")
            if version > VERSION:
                raise ArchiveError(f"the archive has schema version {version}, newer than this "
                                   f"burgundy's {VERSION}: update burgundy")
            if version == VERSION:
                return
        elif names:
            raise ArchiveError(f"{shown(str(engine.url))} holds tables of another tool "
                               f"({', '.join(sorted(names)[:3])}); give another --db")
        elif not create:
            raise ArchiveError(f"no archive in {shown(str(engine.url))} yet: run 'burgundy archive sync' first")
    with writing(engine) as connection:
        _create_or_migrate(connection)


def _version(url: str, value: str) -> int:
    """The schema version stored in ``meta``.

    :raises DamagedArchive: it is no version (not a whole number from 1 up).
    """
    if not value.isascii() or not value.isdigit() or int(value) < 1:
        raise damaged(url, f"meta.version is {value!r}, no schema version")
    return int(value)


def repair(engine: Any) -> None:
    """Drop the archive's own tables and make them again, empty: what ``archive rebuild`` does
    to an archive too damaged to keep (:class:`DamagedArchive`). Another tool's tables in
    the same database are left alone."""
    metadata, _ = schema()
    with writing(engine) as connection:
        metadata.drop_all(connection, checkfirst=True)
        _create_or_migrate(connection)


def _create_or_migrate(connection: Any) -> None:
    """Inside the writer's transaction: create the schema, or migrate it step by step."""
    from sqlalchemy import inspect, select, text

    metadata, named = schema()
    meta = named["meta"]
    if "meta" not in set(inspect(connection).get_table_names()):
        metadata.create_all(connection)
        connection.execute(meta.insert(), [{"key": "application", "value": APPLICATION},
                                           {"key": "version", "value": str(VERSION)}])
        return
    version = _version(str(connection.engine.url),
                       connection.execute(select(meta.c.value).where(meta.c.key == "version")).scalar_one())
    if version >= VERSION:  # another writer migrated it meanwhile
        return
    while version < VERSION:
        metadata.create_all(connection)  # the tables a step fills (4 -> 5: boards), or an earlier one dropped
        for step in MIGRATIONS[version]:
            if callable(step):
                step(connection)
                continue
            dialect, statement = step if isinstance(step, tuple) else (None, step)
            if dialect in (None, connection.dialect.name):
                connection.execute(text(statement))
        version += 1
        connection.execute(meta.update().where(meta.c.key == "version").values(value=str(version)))
    metadata.create_all(connection)  # the tables a step dropped, at their new shape


def open_archive(url: str, *, create: bool, repaired: list[str] | None = None) -> Any:
    """Connect to ``url`` and check (or create) the schema; the engine. Given ``repaired``
    (``archive rebuild``), a damaged archive is emptied and made again (:func:`repair`) and
    what was wrong with it is appended there, instead of refused.

    :raises ArchiveError:
    """
    engine = connect(url)
    if not create and engine.dialect.name == "sqlite":
        path = engine.url.database
        if path and path != ":memory:" and not path.startswith("file:") and not Path(path).is_file():
            raise ArchiveError(f"no archive at {path}: run 'burgundy archive sync' first")
    try:
        with database_errors(url):
            try:
                ensure_schema(engine, create=create)
            except DamagedArchive as err:
                if repaired is None:
                    raise
                repair(engine)
                repaired.append(err.message)
    except BaseException:
        engine.dispose()
        raise
    return engine
