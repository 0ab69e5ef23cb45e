"""``archive sync``, ``rebuild`` and ``list``: what is stored, what is skipped, replaced,
dropped; failed records; two syncs at once. Every test runs on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select

from burgundy_cli.archive import db
from burgundy_cli.archive.sync import listing, sync
from burgundy_cli.core.bulk import score_one
from tests.conftest import ROOT


def _rows(url: str, table: str) -> list:
    engine = db.connect(url)
    try:
        with engine.connect() as connection:
            return list(connection.execute(db.tables()[table].select()))
    finally:
        engine.dispose()


def _breakdown(seat) -> dict:
    """A stored seat's breakdown, from its columns."""
    return db.stored_breakdown(seat.categories, [getattr(seat, f"v{i}") for i in range(db.VALUE_COLUMNS)],
                            seat.breakdown)


def _consistent(url: str) -> None:
    """Every file's record exists, no record without a file, every verified record's seats."""
    files, records, scores = (_rows(url, name) for name in ("files", "records", "scores"))
    hashes = {r.hash for r in records}
    assert {f.hash for f in files} == hashes
    seats: dict[str, int] = {}
    for s in scores:
        seats[s.hash] = seats.get(s.hash, 0) + 1
    assert seats == {r.hash: r.players for r in records if r.status == "ok"}


def test_sync_stores_every_record_as_score_scores_it(club, archive_url) -> None:
    report = sync(club, archive_url, jobs=2)
    records = sorted(club.rglob("*.toml"))
    assert (report.added, report.unchanged, report.failed) == (len(records), 0, [])
    stored = {Path(r["file"]): r for r in listing(archive_url)}
    assert set(stored) == {p.resolve() for p in records}
    scores = {s.hash: [] for s in _rows(archive_url, "scores")}
    for s in sorted(_rows(archive_url, "scores"), key=lambda s: s.seat):
        scores[s.hash].append(s)
    for path in records:
        expected = score_one(str(path))
        row = stored[path.resolve()]
        assert row["status"] == "ok" and row["winner"] == expected["winner"]
        seats = scores[row["hash"]]
        assert [(s.name, s.total, s.rank, _breakdown(s)) for s in seats] == \
               [(p["name"], p["total"], p["rank"], p["breakdown"]) for p in expected["players"]]
        if expected["complete"] and seats[0].rounds is not None:
            # VP after the last round is the final score
            assert [json.loads(s.rounds)[-1] for s in seats] == [p["total"] for p in expected["players"]]
    castles = [r for r in _rows(archive_url, "records") if r.path.endswith("complete-4p-2011.toml")][0]
    assert json.loads(castles.rounds)[0] == "A1" and json.loads(castles.rounds)[-1] == "E5"
    _consistent(archive_url)


def test_resync_skips_unchanged_replaces_changed_drops_removed(club, archive_url) -> None:
    sync(club, archive_url, jobs=1)
    total = len(list(club.rglob("*.toml")))
    again = sync(club, archive_url, jobs=1)
    assert (again.added, again.replaced, again.unchanged, again.removed) == (0, 0, total, 0)
    changed = club / "castles-of-burgundy" / "complete-2p-2011.toml"
    changed.write_text(changed.read_text().replace("[game]\n", '[game]\nplace = "Club room"\n', 1))
    (club / "robber-knights" / "playout-3-players.toml").unlink()
    report = sync(club, archive_url, jobs=1)
    assert (report.added, report.replaced, report.unchanged, report.removed) == (0, 1, total - 2, 1)
    places = [r.place for r in _rows(archive_url, "records")]
    assert places.count("Club room") == 1
    assert len(_rows(archive_url, "records")) == total - 1
    _consistent(archive_url)


def test_identical_files_are_one_game(club, archive_url) -> None:
    original = club / "castles-of-burgundy" / "complete-4p-2011.toml"
    (club / "copy.toml").write_bytes(original.read_bytes())
    sync(club, archive_url, jobs=1)
    assert len(_rows(archive_url, "files")) == len(_rows(archive_url, "records")) + 1
    original.unlink()
    sync(club, archive_url, jobs=1)  # the copy still holds the game
    assert any(r.path == "castles-of-burgundy/complete-4p-2011.toml" for r in _rows(archive_url, "records"))
    _consistent(archive_url)


def test_a_failed_record_is_stored_failed_with_its_located_error(club, archive_url) -> None:
    bad = club / "castles-of-burgundy" / "complete-3p-2019.toml"
    bad.write_text(bad.read_text().replace('"reveal 1 k2 market ship"', '"reveal 1 k2 market shipp"'))
    report = sync(club, archive_url, jobs=2)
    expected = score_one(str(bad))["error"]
    assert report.failed == [("castles-of-burgundy/complete-3p-2019.toml", expected)]
    assert ":" in expected and "complete-3p-2019.toml:" in expected  # file:line:col
    failed = [r for r in listing(archive_url) if r["status"] == "failed"]
    assert [r["error"] for r in failed] == [expected]
    assert not [s for s in _rows(archive_url, "scores") if s.hash == failed[0]["hash"]]  # never counted


def test_verdicts_match_score_on_mutated_records(club, archive_url) -> None:
    """Differential: the archive's single pass and ``burgundy score`` agree on every verdict."""
    source = (club / "castles-of-burgundy" / "complete-2p-2011.toml").read_text()
    lines = source.splitlines()
    log_lines = [i for i, line in enumerate(lines) if line.startswith('    "')]
    mutants = club / "mutants"
    mutants.mkdir()
    for n, i in enumerate(log_lines[::7][:25]):
        changed = lines[:i] + lines[i + 1:]  # a line dropped
        (mutants / f"drop-{n}.toml").write_text("\n".join(changed) + "\n")
        moved = lines[:]
        moved[i], moved[i + 1] = moved[i + 1], moved[i]  # two lines swapped
        (mutants / f"swap-{n}.toml").write_text("\n".join(moved) + "\n")
    # lines under another game's table: read by neither game as its log
    knights = (club / "robber-knights" / "playout-2-players.toml").read_text()
    (mutants / "knights-log.toml").write_text(knights.replace("[play]\nmoves", "[log]\nA1"))
    no_result = source.split("[result]")[0]
    (mutants / "castles-play.toml").write_text(no_result.replace("[log]\nA1", "[play]\nmoves"))
    report = sync(mutants, archive_url, jobs=2)
    failed = dict(report.failed)
    for path in sorted(mutants.glob("*.toml")):
        expected = score_one(str(path))
        assert failed.get(path.name) == expected.get("error"), path.name
    stored = {r["file"].rsplit("/", 1)[-1]: r for r in listing(archive_url)}
    for name in ("knights-log.toml", "castles-play.toml"):
        expected = score_one(str(mutants / name))
        if "error" not in expected:
            assert stored[name]["complete"] == expected["complete"]
            assert stored[name]["winner"] == expected["winner"]


def test_rebuild_starts_from_scratch(club, archive_url) -> None:
    sync(club, archive_url, jobs=1)
    report = sync(club, archive_url, jobs=1, rebuild=True)
    assert report.added == len(list(club.rglob("*.toml"))) and report.unchanged == 0
    _consistent(archive_url)


def test_a_sync_that_fails_midway_leaves_the_archive_as_it_was(club, archive_url, monkeypatch) -> None:
    sync(club, archive_url, jobs=1)
    before = sorted((r.hash, r.status) for r in _rows(archive_url, "records"))
    for path in club.rglob("*.toml"):
        path.write_text(path.read_text() + "\n")  # every record changed
    import burgundy_cli.archive.sync as sync_module

    calls = []

    def failing(path: str) -> dict:
        calls.append(path)
        if len(calls) > 5:
            raise OSError(28, "No space left on device")
        return sync_module.verify_file(path)

    monkeypatch.setattr(sync_module, "BATCH", 2)  # some batches are written before the failure
    monkeypatch.setattr(sync_module, "verify_file", failing)
    with pytest.raises(db.ArchiveError, match="No space left on device"):
        sync(club, archive_url, jobs=1)
    assert sorted((r.hash, r.status) for r in _rows(archive_url, "records")) == before
    _consistent(archive_url)


def _cli_sync(folder: Path, url: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "burgundy_cli", "archive", "sync", str(folder), "--db", url,
                             "--jobs", "1", "--json"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def test_two_syncs_at_once_leave_the_archive_consistent(club, tmp_path, archive_url) -> None:
    other = tmp_path / "other"
    other.mkdir()
    for n, path in enumerate(sorted(club.rglob("*.toml"))):
        (other / f"{n}.toml").write_text(path.read_text() + f"# copy {n}\n")
    runs = [_cli_sync(club, archive_url), _cli_sync(other, archive_url), _cli_sync(club, archive_url)]
    outputs = [run.communicate(timeout=300) for run in runs]
    for run, (out, err) in zip(runs, outputs):
        assert run.returncode == 0, err
    first, second, third = (json.loads(out) for out, _ in outputs)
    assert second["added"] == len(list(other.glob("*.toml")))
    # the same folder twice: one run stored it, the other found it all unchanged (or stored it again)
    total = len(list(club.rglob("*.toml")))
    assert sorted([first["added"], third["added"]])[1] == total
    assert len(_rows(archive_url, "files")) == total + second["added"]
    assert len(_rows(archive_url, "records")) == total * 2
    _consistent(archive_url)


def test_cli_sync_list_and_failures(club, cli, archive_url) -> None:
    bad = club / "robber-knights" / "playout-2-players.toml"
    bad.write_text(bad.read_text().replace("[game]", "[gmae]", 1))
    result = cli("archive", "sync", str(club), "--db", archive_url, "--jobs", "1")
    assert result.exit_code == 1
    assert "1 failed" in result.stdout and result.stderr.startswith("burgundy: ")
    listed = cli("archive", "list", "--db", archive_url)
    assert listed.exit_code == 0 and "FAILED" in listed.stdout and "; winner" not in listed.stdout
    assert "  winner red" in listed.stdout or "  winner blue" in listed.stdout
    rows = [json.loads(line) for line in cli("archive", "list", "--db", archive_url, "--json").stdout.splitlines()]
    assert len(rows) == len(list(club.rglob("*.toml")))


def test_default_database_is_burgundy_db_in_the_folder(club, cli) -> None:
    result = cli("archive", "sync", str(club), "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    assert (club / "burgundy.db").is_file()
    assert len(cli("archive", "list", str(club)).stdout.splitlines()) == len(list(club.rglob("*.toml")))
    engine = create_engine(f"sqlite:///{club / 'burgundy.db'}")
    with engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(db.tables()["records"])).scalar() > 0
    engine.dispose()


def test_a_touched_file_is_unchanged(club, archive_url) -> None:
    sync(club, archive_url, jobs=1)
    touched = club / "robber-knights" / "playout-4-players.toml"
    stat = touched.stat()
    import os

    os.utime(touched, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    report = sync(club, archive_url, jobs=1)
    assert (report.replaced, report.unchanged) == (0, len(list(club.rglob("*.toml"))))
    again = sync(club, archive_url, jobs=1)  # the new modification time was stored
    assert again.unchanged == len(list(club.rglob("*.toml")))


def test_a_first_sync_stores_what_a_sync_into_an_open_archive_stores(club, tmp_path) -> None:
    # a SQLite file not made yet is verified before the database is opened (the workers
    # start first); one made already is read first: the same rows either way
    first, made = "sqlite:///" + str(tmp_path / "first.db"), "sqlite:///" + str(tmp_path / "made.db")
    assert db.absent(first)
    db.open_archive(made, create=True).dispose()
    assert not db.absent(made)
    for jobs in (1, 2):
        for url in (first, made):
            report = sync(club, url, jobs=jobs, rebuild=jobs == 2)
            assert report.added == len(list(club.rglob("*.toml"))) and report.failed == []
        for table in ("records", "scores", "files"):
            assert sorted(map(tuple, _rows(first, table))) == sorted(map(tuple, _rows(made, table)))


def test_absent_reads_only_plain_sqlite_file_urls(tmp_path) -> None:
    assert db.absent("sqlite:///" + str(tmp_path / "new.db"))
    assert not db.absent("sqlite:///" + str(tmp_path / "no-such-folder" / "new.db"))
    (tmp_path / "old.db").write_bytes(b"")
    assert not db.absent("sqlite:///" + str(tmp_path / "old.db"))
    for url in ("sqlite://", "sqlite:///:memory:", "sqlite:///" + str(tmp_path / "new.db") + "?mode=ro",
                "postgresql://club@localhost/archive"):
        assert not db.absent(url)


def test_a_rebuild_on_two_processes_stores_what_one_process_stores(club, archive_url) -> None:
    # a rebuild starts its workers before the database is opened (both engines)
    sync(club, archive_url, jobs=1, rebuild=True)
    one = {table: sorted(map(tuple, _rows(archive_url, table))) for table in ("records", "scores", "files")}
    report = sync(club, archive_url, jobs=2, rebuild=True)
    assert report.added == len(list(club.rglob("*.toml"))) and report.unchanged == 0
    assert {table: sorted(map(tuple, _rows(archive_url, table))) for table in one} == one
    _consistent(archive_url)


def test_a_failed_record_is_said_at_every_sync_until_it_is_mended(club, cli, archive_url) -> None:
    """A club secretary runs ``stats records/`` each week: the broken record was named (and
    the exit code 1) the first week only -- the next sync found its file unchanged, skipped
    it, and said "0 failed" with exit 0 while the game was still left out. A failed record is
    verified again at every sync (a newer burgundy may accept it) and said again; once
    mended, it is counted."""
    bad = club / "robber-knights" / "playout-2-players.toml"
    good = bad.read_text()
    bad.write_text(good.replace("[game]", "[gmae]", 1))
    first = cli("stats", str(club), "--db", archive_url, "--jobs", "1")
    again = cli("stats", str(club), "--db", archive_url, "--jobs", "1")
    for result in (first, again):
        assert result.exit_code == 1, result.output
        assert "playout-2-players.toml:1:1" in result.stderr, result.stderr
    report = sync(club, archive_url, jobs=1)
    assert [path for path, _ in report.failed] == ["robber-knights/playout-2-players.toml"]
    assert report.unchanged == len(list(club.rglob("*.toml"))) and report.added == 0
    stat = bad.stat()
    bad.write_text(good)
    os.utime(bad, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # mended, same time: still verified again
    mended = sync(club, archive_url, jobs=1)
    assert mended.failed == [] and mended.replaced == 1
    assert all(row["status"] == "ok" for row in listing(archive_url))
    _consistent(archive_url)
