"""Header values of any length the record validation allows are archived, on SQLite and on a
real PostgreSQL server: ``records.boards`` (``[setup] boards``, a table of one duchy per player
naming the record's own ``[duchies.<id>]``, ids up to 40 characters each) and ``records.date``
(a date may be given as free text). Both were VARCHAR(64) and (32): PostgreSQL refused the whole
sync. Schema version 4 makes them TEXT, migrating a version-3 archive in place."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import inspect, text

from burgundy_cli.archive import db
from burgundy_cli.archive.stats import Filters, archive_report
from burgundy_cli.archive.sync import sync
from burgundy_cli.core.bulk import score_one
from tests.conftest import RECORDS

#: Duchy ids of the longest length ``[setup] boards`` accepts (40 characters).
LONG_IDS = ("the-river-duchy-of-the-spring-league-40c", "the-hill-duchy-of-the-autumn-league-40ch")
DATE = "the spring league's second evening, at the long table by the window"


def _long_record(folder: Path) -> tuple[Path, str]:
    """A copy of the border-posts game whose record-defined duchies have 40-character ids and whose
    date is free text; the archived ``boards`` value it should get."""
    source = RECORDS / "castles-of-burgundy" / "complete-3p-2019-border-posts.toml"
    body = source.read_text(encoding="utf-8").replace("stand-in-10", LONG_IDS[0]).replace("stand-in-5", LONG_IDS[1])
    body = body.replace('name = "castles-of-burgundy"\n', f'name = "castles-of-burgundy"\ndate = "{DATE}"\n', 1)
    path = folder / "long-duchy-ids.toml"
    path.write_text(body, encoding="utf-8")
    assert score_one(str(path))["complete"]
    boards = str({"Anna": "11x", "Ben": LONG_IDS[0], "Cara": LONG_IDS[1]})
    assert len(boards) > 64 and len(DATE) > 32
    return path, boards


def _record_row(url: str, name: str):
    engine = db.connect(url)
    try:
        with engine.connect() as connection:
            return connection.execute(db.tables()["records"].select().where(
                db.tables()["records"].c.path.endswith(name))).one()
    finally:
        engine.dispose()


def test_a_boards_table_longer_than_64_characters_is_archived(tmp_path, archive_url) -> None:
    """docs/records.md, ``[setup] boards``: one duchy per player, a record's own duchy by its id
    (``[duchies.<id>]``, up to 40 characters): the archive keeps it whole and filters by it."""
    path, boards = _long_record(tmp_path)
    report = sync(tmp_path, archive_url, jobs=1)
    assert (report.added, report.failed) == (1, [])
    row = _record_row(archive_url, path.name)
    assert (row.status, row.boards, row.date) == ("ok", boards, DATE)
    for board in ("11x", *LONG_IDS):  # --board: any player's duchy (the boards table)
        assert archive_report(archive_url, Filters(boards=board))["games"] == 1


def test_a_version_3_archive_is_migrated_in_place(club, archive_url) -> None:
    """Version 3 -> 4 widens ``boards`` and ``date`` without emptying anything: every stored value
    fits, so the next sync verifies no record again, and then stores the long one."""
    sync(club, archive_url, jobs=1)
    before = archive_report(archive_url, Filters())
    engine = db.connect(archive_url)
    meta = db.tables()["meta"]
    with engine.begin() as connection:  # the archive as version 3 left it
        if engine.dialect.name == "postgresql":
            connection.execute(text("ALTER TABLE records ALTER COLUMN boards TYPE VARCHAR(64)"))
            connection.execute(text("ALTER TABLE records ALTER COLUMN date TYPE VARCHAR(32)"))
        connection.execute(text("DROP TABLE boards"))  # (version 5's)
        for column in ("mode", "teams"):  # (version 6's)
            connection.execute(text(f"ALTER TABLE records DROP COLUMN {column}"))
        connection.execute(meta.update().where(meta.c.key == "version").values(value="3"))
        # (4 -> 5 verifies again the records with a per-player boards table, 5 -> 6 the team games)
        per_player = connection.execute(text("SELECT COUNT(*) FROM records WHERE boards LIKE '{%' "
                                             "OR modules LIKE '%team-game%'")).scalar_one()
    engine.dispose()
    path, boards = _long_record(club)
    report = sync(club, archive_url, jobs=1)
    # (4 -> 5 verifies again the records with a per-player boards table: test_a_version_4_archive_...)
    assert (report.added, report.failed, report.unchanged) == \
        (1 + per_player, [], len(list(club.rglob("*.toml"))) - 1 - per_player)
    assert _record_row(archive_url, path.name).boards == boards
    engine = db.connect(archive_url)
    with engine.connect() as connection:
        columns = {column["name"]: column["type"] for column in inspect(connection).get_columns("records")}
        version = connection.execute(meta.select().where(meta.c.key == "version")).one().value
    engine.dispose()
    assert version == str(db.VERSION) == "7"
    if engine.dialect.name == "postgresql":
        assert getattr(columns["boards"], "length", None) is None and getattr(columns["date"], "length", None) is None
    after = archive_report(archive_url, Filters())
    assert after["games"] == before["games"] + 1
    assert json.dumps(before["standings"][0]["game"]) == json.dumps(after["standings"][0]["game"])


def test_a_version_4_archive_gets_its_boards_table(club, archive_url) -> None:
    """Version 4 -> 5 adds the boards table that ``--board`` matches (a game played on that board
    by any player): the records stored with one board for everyone get their row from
    ``records.boards``; those with a per-player table are verified again by the next sync; the
    filter then answers as on an archive made at version 5."""
    sync(club, archive_url, jobs=1)
    fresh = {board: archive_report(archive_url, Filters(boards=board))["games"] for board in ("1", "2", "11x")}
    engine = db.connect(archive_url)
    meta = db.tables()["meta"]
    with engine.begin() as connection:  # the archive as version 4 left it
        connection.execute(text("DROP TABLE boards"))
        for column in ("mode", "teams"):  # (version 6's)
            connection.execute(text(f"ALTER TABLE records DROP COLUMN {column}"))
        connection.execute(meta.update().where(meta.c.key == "version").values(value="4"))
        per_player = connection.execute(text("SELECT COUNT(*) FROM records WHERE boards LIKE '{%'")).scalar_one()
        # (5 -> 6: the team games again)
        again = connection.execute(text("SELECT COUNT(*) FROM records WHERE boards LIKE '{%' "
                                        "OR modules LIKE '%team-game%'")).scalar_one()
    engine.dispose()
    assert per_player == 3  # (four-players-2019, complete-2p-2011, complete-3p-2019-border-posts)
    report = sync(club, archive_url, jobs=1)
    assert (report.added, report.failed) == (again, [])
    assert {board: archive_report(archive_url, Filters(boards=board))["games"] for board in fresh} == fresh
