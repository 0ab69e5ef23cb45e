"""The archive under hostile conditions (issue 33: items 2, 12, 13, 22).

A sync reads its files with no lock held; a database URL never shows its password and a
bad port is a usage error; a damaged archive says so and ``archive rebuild`` repairs it;
filters out of range are usage errors; a rebuild touches only its own folder.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3

import pytest

from burgundy_cli.archive import db, sync as sync_module
from burgundy_cli.archive.sync import sync
from tests.conftest import RECORDS


@pytest.fixture
def folder(tmp_path):
    club = tmp_path / "club"
    shutil.copytree(RECORDS / "robber-knights", club)
    return club


def test_a_sync_takes_no_lock_while_it_reads_files(folder, tmp_path, monkeypatch) -> None:
    """While a file is read and verified, another writer can take the archive's write lock."""
    path = tmp_path / "archive.db"
    url = f"sqlite:///{path}"
    sync(folder, url, jobs=1)
    (folder / "playout-2-players.toml").write_bytes((folder / "playout-2-players.toml").read_bytes() + b"\n")
    seen = []
    real = sync_module.verify_file

    def verify_and_try_the_lock(file):
        other = sqlite3.connect(path, timeout=0, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            seen.append("free")
        except sqlite3.OperationalError as err:
            seen.append(str(err))
        finally:
            other.close()
        return real(file)

    monkeypatch.setattr(sync_module, "verify_file", verify_and_try_the_lock)
    report = sync(folder, url, jobs=1)
    assert report.replaced == 1 and seen == ["free"]


@pytest.mark.parametrize(("url", "secrets"), [
    ("postgresql://club:s3cret@127.0.0.1:1/league", ["s3cret"]),
    ("postgresql://club:pa@ss@127.0.0.1:1/league", ["pa@ss", "ss@", ":pa"]),
    ("postgresql://club@127.0.0.1:1/league?password=s3cret&sslmode=disable", ["s3cret"]),
    ("postgresql://club@127.0.0.1:1/league?sslmode=disable&PASSWORD=s3cret", ["s3cret"]),
])
def test_a_password_is_never_printed(cli, url, secrets) -> None:
    assert all(secret not in db.shown(url) for secret in secrets)
    result = cli("archive", "list", "--db", url)
    assert result.exit_code == 2 and "internal error" not in result.stderr
    assert all(secret not in result.stdout + result.stderr for secret in secrets), result.stderr


@pytest.mark.parametrize("port", ["abc", "99999", "0", "-1"])
def test_a_malformed_port_is_a_usage_error(cli, port) -> None:
    result = cli("archive", "list", "--db", f"postgresql://club:s3cret@localhost:{port}/league")
    assert result.exit_code == 2 and "port must be a number" in result.stderr
    assert "s3cret" not in result.stderr and "internal error" not in result.stderr


DAMAGES = {
    "version abc": ["UPDATE meta SET value = 'abc' WHERE key = 'version'"],
    "version -5": ["UPDATE meta SET value = '-5' WHERE key = 'version'"],
    "categories no JSON": ["UPDATE scores SET categories = '{not json'"],
    "winners no JSON": ["UPDATE records SET winners = '[broken'"],
    "table dropped": ["DROP TABLE scores"],
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_archive_says_so_and_rebuild_repairs_it(cli, folder, tmp_path, damage) -> None:
    path = tmp_path / "archive.db"
    assert cli("archive", "sync", str(folder), "--db", str(path)).exit_code == 0
    with sqlite3.connect(path) as connection:
        for statement in DAMAGES[damage]:
            connection.execute(statement)
    command = ["archive", "list"] if "winners" in damage else ["stats"]
    result = cli(*command, "--db", str(path))
    assert result.exit_code == 2, result.stderr
    assert "damaged archive" in result.stderr and "burgundy archive rebuild" in result.stderr
    rebuilt = cli("archive", "rebuild", str(folder), "--db", str(path))
    assert rebuilt.exit_code == 0, rebuilt.stderr
    assert cli(*command, "--db", str(path)).exit_code == 0


@pytest.mark.parametrize("option", [["--until", "9999-12-31"], ["--players", "99999999999999999999"],
                                    ["--players", "0"]])
def test_filters_out_of_range_are_usage_errors(cli, folder, tmp_path, option) -> None:
    path = tmp_path / "archive.db"
    assert cli("archive", "sync", str(folder), "--db", str(path)).exit_code == 0
    result = cli("stats", "--db", str(path), *option)
    assert result.exit_code == 2 and "out of range" in result.stderr and "internal error" not in result.stderr


def test_rebuild_touches_only_its_folder_and_reports_what_it_removed(cli, tmp_path) -> None:
    path = str(tmp_path / "archive.db")
    first, second = tmp_path / "first", tmp_path / "second"
    shutil.copytree(RECORDS / "robber-knights", first)
    shutil.copytree(RECORDS / "castles-of-burgundy", second)
    for club in (first, second):
        assert cli("archive", "sync", str(club), "--db", path).exit_code == 0
    seconds = [line for line in cli("archive", "list", "--db", path).stdout.splitlines() if str(second) in line]
    gone = sorted(first.glob("*.toml"))[:2]
    for record in gone:
        record.unlink()
    result = cli("archive", "rebuild", str(first), "--db", path, "--json")
    assert result.exit_code == 0, result.stderr
    assert '"removed": 2' in result.stdout
    listed = cli("archive", "list", "--db", path).stdout.splitlines()
    assert [line for line in listed if str(second) in line] == seconds
    assert not any(record.name in line for record in gone for line in listed if str(first) in line)


#: A trigger that makes the database refuse one record's row, as PostgreSQL refuses text
#: SQLite stores: the refusal comes from the database, at the insert.
REFUSE = {
    "sqlite": ["CREATE TRIGGER refuse BEFORE INSERT ON records WHEN NEW.path LIKE '%playout-3-players%' "
               "BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"],
    "postgresql": ["CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN IF NEW.path LIKE '%playout-3-players%' "
                   "THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql",
                   "CREATE TRIGGER refuse BEFORE INSERT ON records FOR EACH ROW EXECUTE FUNCTION refuse()"],
}


def test_item_5_a_record_the_database_refuses_is_named_and_the_others_are_stored(cli, folder, tmp_path,
                                                                                  archive_url) -> None:
    from sqlalchemy import create_engine, text

    first = tmp_path / "first"
    first.mkdir()
    shutil.copy(folder / "playout-2-players.toml", first)
    assert cli("archive", "sync", str(first), "--db", archive_url).exit_code == 0   # (the schema)
    engine = create_engine(archive_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as connection:
        for statement in REFUSE[engine.dialect.name]:
            connection.execute(text(statement))
    engine.dispose()
    result = cli("archive", "sync", str(folder), "--db", archive_url, "--json")
    assert result.exit_code == 1 and "internal error" not in result.stderr
    assert "playout-3-players.toml: the database refused it: " in result.stderr and "refused by the test" in result.stderr
    report = json.loads(result.stdout)
    assert [entry["file"] for entry in report["failed"]] == ["playout-3-players.toml"]
    listed = cli("archive", "list", "--db", archive_url).stdout
    kept = sorted(path.name for path in folder.glob("*.toml") if path.name != "playout-3-players.toml")
    assert report["added"] == len(kept) and all(name in listed for name in kept)
    assert "playout-3-players.toml" not in listed


def test_item_5_a_nul_character_is_refused_when_the_record_is_read(cli, folder, archive_url) -> None:
    record = folder / "playout-2-players.toml"
    record.write_text(record.read_text(encoding="utf-8").replace('notes = "', 'notes = "x\\u0000', 1), encoding="utf-8")
    result = cli("score", str(record))
    assert result.exit_code == 1
    assert re.search(r"playout-2-players.toml:\d+:\d+: invalid record: \[game\] notes holds a NUL character", result.stderr)
    result = cli("archive", "sync", str(folder), "--db", archive_url, "--json")
    assert result.exit_code == 1 and "internal error" not in result.stderr
    report = json.loads(result.stdout)
    assert [entry["file"] for entry in report["failed"]] == ["playout-2-players.toml"]
    assert report["added"] == len(list(folder.glob("*.toml")))  # (a failed record is kept as failed)
