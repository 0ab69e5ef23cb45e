"""Bulk scoring in worker processes gives exactly what scoring one by one gives, in order.

The parallel path scores the first record in the parent before forking the workers (so
they share its imported game and data, docs/performance.md); that must change nothing.
"""

from __future__ import annotations

from burgundy_cli.core.bulk import score_many
from tests.conftest import RECORDS


def test_two_workers_match_one_process_record_for_record(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("[game\n", encoding="utf-8")
    files = [str(path) for path in sorted((RECORDS / "robber-knights").glob("*.toml"))]
    files = files[:3] + [str(broken)] + files[3:]
    one_by_one = list(score_many(files, 1))
    assert list(score_many(files, 2)) == one_by_one
    assert [result["file"] for result in one_by_one] == files
    assert one_by_one[3]["exit"] == 1 and "not valid TOML" in one_by_one[3]["error"]


def test_results_stream_each_as_soon_as_it_is_scored(monkeypatch):
    from burgundy_cli.core import bulk

    scored = []
    monkeypatch.setattr(bulk, "score_one", lambda path: scored.append(path) or {"file": path})
    results = bulk.score_many(["a.toml", "b.toml", "c.toml"], 1)
    assert next(results) == {"file": "a.toml"} and scored == ["a.toml"]
    assert [r["file"] for r in results] == ["b.toml", "c.toml"]


def test_jobs_zero_leaves_busy_cores_alone_and_an_explicit_count_is_kept(monkeypatch):
    from burgundy_cli.core import bulk

    monkeypatch.setattr(bulk.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(bulk.os, "getloadavg", lambda: (2.4, 2.0, 2.0))
    assert bulk.worker_count(0, 500) == 1  # a busy 2-core machine: a second process only queues
    monkeypatch.setattr(bulk.os, "getloadavg", lambda: (0.1, 0.1, 0.1))
    assert bulk.worker_count(0, 500) == 2
    assert bulk.worker_count(0, 1) == 1
    assert bulk.worker_count(3, 500) == 3 and bulk.worker_count(3, 2) == 2


def test_a_stream_is_written_line_by_line_with_a_progress_bar_when_stdout_is_no_terminal(monkeypatch, capsys):
    from burgundy_cli import console

    monkeypatch.setattr(console, "_isatty", lambda fd: fd == 2)
    written, errors = [], []

    def parts():
        for index in range(3):
            captured = capsys.readouterr()
            written.append(captured.out)  # what was on stdout before this part
            errors.append(captured.err)
            yield (index == 1), f"line {index}\n"

    outcome = console.Outcome().say("first")
    console.write(outcome.stream(parts(), 3, "scoring"))
    captured = capsys.readouterr()
    assert written == ["first\n", "line 0\n", ""] and captured.out == "line 2\n"
    err = "".join(errors) + captured.err
    assert "\x1b[Kline 1\n" in err and err.endswith("scoring [" + "#" * 30 + "] 3/3\n")


def test_no_progress_bar_over_results_on_the_terminal(monkeypatch, capsys):
    from burgundy_cli import console

    monkeypatch.setattr(console, "_isatty", lambda fd: True)
    console.write(console.Outcome().stream(iter([(False, "a\n"), (False, "b\n")]), 2, "scoring"))
    assert capsys.readouterr().err == ""
    console.write(console.Outcome().stream(iter([(True, ""), (True, ""), (False, "sum\n")]), 2, "verifying",
                                           bar_over_results=True))
    captured = capsys.readouterr()
    assert captured.out == "sum\n" and "verifying [" in captured.err
