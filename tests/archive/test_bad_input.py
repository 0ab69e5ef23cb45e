"""Bad databases: one clear line on stderr, exit 2, and nothing half-written."""

from __future__ import annotations

import os
import sqlite3

import pytest

from burgundy_cli.archive import db
from burgundy_cli.archive.sync import sync


def _one_line_exit_2(result, *fragments: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stderr.startswith("burgundy: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr


@pytest.mark.parametrize("url, says", [
    ("nosuchdb://host/x", "unsupported database URL"),
    ("mysql://user@host/x", "unsupported database URL"),
    ("postgresql://burgundy@127.0.0.1:1/x", "database postgresql://burgundy@127.0.0.1:1/x"),
    ("sqlite:////no/such/folder/a.db", "does not exist"),
])
def test_unusable_urls(club, cli, url, says) -> None:
    _one_line_exit_2(cli("archive", "sync", str(club), "--db", url), says)
    _one_line_exit_2(cli("stats", "--db", url), says)


@pytest.mark.parametrize("flags, says", [
    (["--game", "chess"], "--game 'chess' is no game burgundy keeps records of"),
    (["--game", "castles-of-burgandy"], "did you mean 'castles-of-burgundy'?"),
    (["--edition", "2015"], "--edition '2015' is no edition of any game (editions: 2011, 2019)"),
    (["--game", "robber-knights", "--edition", "2019"], "no edition of robber-knights"),
    (["--vs", "Anna", "anna"], "--vs Anna anna names one player twice"),
    (["--since", "2026-12-01", "--until", "2026-01-01"], "--since 2026-12-01 is after --until 2026-01-01"),
])
def test_a_filter_no_game_can_pass_is_refused_not_reported_as_no_games(club, cli, flags, says) -> None:
    """A misspelt game or edition used to report "0 complete games", as if the club had not
    played; and --vs with one name twice printed a head-to-head of a player with themselves;
    a --since after --until, a range no date is in, reported 0 games as well."""
    _one_line_exit_2(cli("stats", str(club), *flags), says)


def test_a_head_to_head_with_someone_who_never_played_says_so(club, cli, tmp_path) -> None:
    """``--vs Anna Zed`` (no Zed in the club, a misspelling say) printed a table of 0 games
    with "average 0.0" for both, as if Zed had played and scored nothing. Now the averages
    are empty (null in JSON) and the heading says who has no game; and two spellings of one
    name in other Unicode forms are one player twice, refused like "Anna anna"."""
    import json

    text = cli("stats", str(club), "--vs", "Anna", "Zed")
    assert text.exit_code == 0, text.output
    assert "head-to-head: Anna v Zed, 0 games together (Zed: no complete game counted)" in text.stdout
    h2h = json.loads(cli("stats", str(club), "--json", "--vs", "Anna", "Zed").stdout)["head_to_head"]
    assert h2h["games"] == 0 and h2h["average"] == [None, None] and h2h["unplayed"] == ["Zed"]
    assert "0.0" not in cli("stats", str(club), "--csv", "--vs", "Anna", "Zed").stdout.split("player,ahead")[-1]
    _one_line_exit_2(cli("stats", str(club), "--vs", "Zo\u00eb", "zoe\u0308"), "names one player twice")


def test_a_game_is_named_as_the_box_names_it_too(club, cli) -> None:
    """'Robber Knights' and 'robber-knights' are one game (core.registry.game_key)."""
    import json

    spelt = [json.loads(cli("stats", str(club), "--json", "--game", name).stdout)["games"]
             for name in ("Robber Knights", "robber-knights", "ROBBER_KNIGHTS")]
    assert spelt[0] == spelt[1] == spelt[2] > 0


def test_password_is_never_shown(cli) -> None:
    result = cli("stats", "--db", "postgresql://club:secret@127.0.0.1:1/league")
    _one_line_exit_2(result, "club:***@")
    assert "secret" not in result.stderr


def test_a_database_that_does_not_exist_on_the_server(club, cli, postgres) -> None:
    _one_line_exit_2(cli("archive", "sync", str(club), "--db", postgres.url("nosuchdatabase")),
                     "nosuchdatabase")


def _foreign(url: str) -> None:
    """Make the database at ``url`` another tool's: one table of its own, one row."""
    from sqlalchemy import text

    engine = db.connect(url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT)"))
        connection.execute(text("INSERT INTO players VALUES (1, 'kept')"))
    engine.dispose()


def _tables_of(url: str) -> list[str]:
    from sqlalchemy import inspect

    engine = db.connect(url)
    with engine.connect() as connection:
        names = sorted(inspect(connection).get_table_names())
    engine.dispose()
    return names


def test_another_tools_database_is_refused_untouched(club, cli, archive_url) -> None:
    _foreign(archive_url)
    _one_line_exit_2(cli("archive", "sync", str(club), "--db", archive_url), "another tool")
    _one_line_exit_2(cli("stats", "--db", archive_url), "another tool")
    assert _tables_of(archive_url) == ["players"]


def test_a_foreign_meta_table_is_refused(club, cli, tmp_path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    _one_line_exit_2(cli("archive", "sync", str(club), "--db", str(path)), "not a burgundy archive")


def test_a_file_that_is_no_database(club, cli, tmp_path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("shopping list\n" * 100)
    _one_line_exit_2(cli("archive", "sync", str(club), "--db", str(path)), "not a database")
    assert path.read_text() == "shopping list\n" * 100


def test_stats_without_an_archive_creates_nothing(cli, tmp_path) -> None:
    _one_line_exit_2(cli("stats", "--db", str(tmp_path / "none.db")), "archive sync")
    assert not (tmp_path / "none.db").exists()


def test_a_read_only_sqlite_archive(club, cli, tmp_path) -> None:
    path = tmp_path / "archive.db"
    assert cli("archive", "sync", str(club), "--db", str(path), "-j", "1").exit_code == 0
    before = path.read_bytes()
    (club / "castles-of-burgundy" / "complete-2p-2011.toml").unlink()
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    _one_line_exit_2(cli("archive", "sync", str(club), "--db", read_only), "readonly")
    if os.geteuid() != 0:  # root writes through file permissions
        path.chmod(0o444)
        _one_line_exit_2(cli("archive", "sync", str(club), "--db", str(path)), "readonly")
    assert path.read_bytes() == before
    assert cli("stats", "--db", read_only).exit_code == 0  # reading a read-only archive is fine


def test_a_full_disk_rolls_back(club, tmp_path, monkeypatch) -> None:
    """SQLite's "database or disk is full", made by capping the file's pages."""
    from sqlalchemy import event

    url = "sqlite:///" + str(tmp_path / "archive.db")
    sync(club, url, jobs=1)
    before = (tmp_path / "archive.db").read_bytes()
    pages = len(before) // 4096
    connect = db.connect

    def capped(url: str):
        engine = connect(url)
        event.listen(engine, "connect", lambda dbapi, _: dbapi.execute(f"PRAGMA max_page_count = {pages}"))
        return engine

    monkeypatch.setattr(db, "connect", capped)
    more = club / "more"
    more.mkdir()
    for n, path in enumerate(sorted(club.rglob("*.toml")) * 3):
        (more / f"{n}.toml").write_text(path.read_text() + f"# copy {n}\n")  # new records: the file must grow
    with pytest.raises(db.ArchiveError, match="full"):
        sync(club, url, jobs=1)
    assert (tmp_path / "archive.db").read_bytes() == before


def test_an_archive_of_a_newer_burgundy_is_refused(club, cli, archive_url) -> None:
    sync(club, archive_url, jobs=1)
    engine = db.connect(archive_url)
    meta = db.tables()["meta"]
    with engine.begin() as connection:
        connection.execute(meta.update().where(meta.c.key == "version").values(value=str(db.VERSION + 1)))
    engine.dispose()
    _one_line_exit_2(cli("archive", "sync", str(club), "--db", archive_url), "newer", "update burgundy")
    _one_line_exit_2(cli("stats", "--db", archive_url), "newer")


def test_an_older_schema_is_migrated(club, archive_url, monkeypatch) -> None:
    """A schema step added later runs once, in the writer's transaction, and moves the version on."""
    sync(club, archive_url, jobs=1)
    monkeypatch.setattr(db, "VERSION", db.VERSION + 1)
    monkeypatch.setitem(db.MIGRATIONS, db.VERSION - 1, ["CREATE TABLE later_step (id INTEGER)"])
    report = sync(club, archive_url, jobs=1)
    assert report.unchanged == len(list(club.rglob("*.toml")))
    assert "later_step" in _tables_of(archive_url)
    engine = db.connect(archive_url)
    meta = db.tables()["meta"]
    with engine.connect() as connection:
        version = connection.execute(meta.select().where(meta.c.key == "version")).one().value
    engine.dispose()
    assert version == str(db.VERSION)


def test_a_version_1_archive_is_refilled_by_the_next_sync(club, archive_url) -> None:
    """Version 1 stored no ``records.start``: its rows could count a rulebook position as a
    game, so migrating to 2 empties them and the same sync verifies every record again."""
    from sqlalchemy import text

    from burgundy_cli.archive.stats import Filters, archive_report

    sync(club, archive_url, jobs=1)
    games = archive_report(archive_url, Filters())["games"]
    engine = db.connect(archive_url)
    meta = db.tables()["meta"]
    with engine.begin() as connection:
        connection.execute(text("ALTER TABLE records DROP COLUMN start"))
        for column in ("mode", "teams"):  # (version 6's)
            connection.execute(text(f"ALTER TABLE records DROP COLUMN {column}"))
        connection.execute(meta.update().where(meta.c.key == "version").values(value="1"))
    engine.dispose()
    report = sync(club, archive_url, jobs=1)
    assert report.added == len(list(club.rglob("*.toml"))) and report.unchanged == 0
    assert archive_report(archive_url, Filters())["games"] == games


@pytest.mark.parametrize("command", [["archive", "sync"], ["archive", "rebuild"], ["stats"]])
def test_a_records_folder_that_does_not_exist_is_refused_and_no_archive_is_made(cli, tmp_path, command) -> None:
    """``stats /no/such/folder --db x.db`` said "internal error (FileNotFoundError ...);
    please report this", made x.db and stored the missing path in it as a failed record;
    ``archive sync`` the same. A mistyped folder is the user's, refused before any archive
    is made or opened."""
    missing, archive = tmp_path / "no-such-folder", tmp_path / "x.db"
    _one_line_exit_2(cli(*command, str(missing), "--db", str(archive)), f"no such folder: {missing}")
    assert not archive.exists()


def test_a_record_gone_between_the_walk_and_its_reading_is_a_failed_record_not_an_internal_error(tmp_path) -> None:
    """A file listed by the folder walk and removed before it is read (another program
    tidying up) is stored as failed with the system's reason, not as a bug to report."""
    from burgundy_cli.archive.verify import verify_file

    row = verify_file(str(tmp_path / "gone.toml"))
    assert row["status"] == "failed"
    assert row["error"].endswith("gone.toml: No such file or directory") and "internal error" not in row["error"]


@pytest.mark.parametrize("command", [["archive", "sync"], ["archive", "rebuild"], ["archive", "list"], ["stats"]])
def test_a_folder_that_is_missing_or_a_file_is_named_so_without_db(cli, tmp_path, command) -> None:
    """Without --db the archive is FOLDER/burgundy.db. ``stats game.toml`` said "database
    sqlite:///.../game.toml/burgundy.db: folder .../game.toml does not exist" of a file that
    does; ``archive list /no/such`` spoke of a database where ``stats /no/such`` says "no
    such folder". Both are the folder's words now, and nothing is made."""
    record = tmp_path / "game.toml"
    record.write_text('[game]\nname = "robber-knights"\nplayers = ["red", "blue"]\n')
    _one_line_exit_2(cli(*command, str(record)), f"{record} is not a folder, so it holds no burgundy.db: give a "
                                                 "folder of records, or the archive's --db FILE|URL")
    missing = tmp_path / "no-such-folder"
    _one_line_exit_2(cli(*command, str(missing)), f"burgundy: usage: no such folder: {missing}\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.toml"]


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///", "sqlite:///:memory:"])
def test_a_sqlite_url_of_no_file_is_refused(club, cli, url) -> None:
    """``archive sync DIR --db sqlite:///`` reported "40 added" into an archive in memory, gone
    when the command ended: a club secretary's results book that is nowhere."""
    _one_line_exit_2(cli("archive", "sync", str(club), "--db", url), f"--db {url} names no file")
    _one_line_exit_2(cli("stats", "--db", url), "an archive in memory is gone when the command ends")


def test_a_db_path_that_is_a_folder_names_the_file_to_give(club, cli, tmp_path) -> None:
    """``--db records`` said "database sqlite:///...: unable to open database file"."""
    _one_line_exit_2(cli("archive", "sync", str(club), "--db", str(tmp_path)),
                     f"--db {tmp_path} is a folder, not an archive file (give the archive's file, e.g. "
                     f"--db {tmp_path / 'burgundy.db'})")
    assert not (tmp_path / "burgundy.db").exists()


def test_a_server_database_without_an_archive_is_named_as_given(cli, postgres) -> None:
    """``stats --db postgresql://...`` of a database never synced said "no archive in
    postgresql+psycopg://...": the URL with the driver burgundy adds, not the one typed."""
    url = postgres.new_database()
    _one_line_exit_2(cli("stats", "--db", url), f"no archive in {url} yet: run 'burgundy archive sync' first")
