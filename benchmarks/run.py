"""Measure burgundy against baselines timed in the same run; print each figure with its bound.

    python benchmarks/run.py [--quick] [--only SECTION ...] [--out FILE]

Every figure is compared with something measured a moment before or after it on the same
machine, so that a busy or slow machine moves both alike:

* ``coldstart``: whole ``burgundy`` processes (``score``, ``check``, ``show``, ``moves``,
  ``--help``, ``--version``) as a ratio to the floor ``python -c "import typer, pydantic,
  tomllib"``. Bounds: 3.0x for the commands, 1.5x for help and version.
* ``session``: a line typed in the live session (``TableSession.handle`` and what the next
  prompt asks) against the durable write the session makes to record it, ``write_atomic``
  of the text the line wrote (temporary file, fsync, rename, folder fsync) to a file beside
  the record right after each line: the p99 difference, the session's own work. Bound: 3 ms.
* ``tab``: Tab in the live session (``TableSession.completions``) on the constructed worst
  cases of ``benchmarks/data``. Bound: 50 ms.
* ``replay``: Castles records opened, replayed, verified and scored, notation lines per
  second, as a ratio to python-chess reading PGN with ``BoardBuilder`` (every move
  checked). Bound: at least 1.5x.
* ``moves``: the grouped listing ``burgundy moves`` prints, on the worst cases. Bound: 100 ms.
* ``stats``: ``burgundy stats --json`` over an archive of 10,000 games. Bound: 1 s.

Processes run with bytecode caching on (``harness.measured_env``) after a warm-up run;
the in-process figures are CPU time (``harness.clock``). ``--quick`` uses few repeats and
small corpora: it shows that the script works, its figures are not meant to be quoted.
The JSON result (default ``.benchmarks/result.json``) holds the machine and every check.
Exit code 1 when a check fails.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import chess_baseline  # noqa: E402
import session_latency  # noqa: E402
from corpus import corpus  # noqa: E402
from harness import (CASTLES, DATA, ROBBER, ROOT, burgundy_command, clock, machine, measured_env,  # noqa: E402
                     median, run_process)

FLOOR = [sys.executable, "-c", "import typer, pydantic, tomllib"]
#: The positions with the most legal lines: constructed worst cases (153,345 and 852,563 legal
#: lines; shields 14 and 15 with all modules) and the end of the shipped all-modules game.
WORST_CASES = (DATA / "moves-worst-case.toml", DATA / "moves-worst-case-k1.toml",
               DATA / "moves-worst-case-modules.toml",
               ROOT / "records" / "castles-of-burgundy" / "complete-4p-2019-all-modules.toml")
#: What is typed before Tab: nothing, a word, and into the longest chains of granted actions.
TYPED = ("", "anna: p", "anna: place 1>6 castle b3 then", "anna: place 1>5 city-hall e2 then place city-hall c3 then p")


@dataclass
class Check:
    """One figure, its bound and whether it is met (``at_least``: the figure must reach the bound)."""

    name: str
    value: float
    bound: float
    unit: str
    detail: str
    at_least: bool = False

    @property
    def passed(self) -> bool:
        return self.value >= self.bound if self.at_least else self.value <= self.bound

    def line(self) -> str:
        sign = ">=" if self.at_least else "<="
        return (f"{'PASS' if self.passed else 'FAIL'}  {self.name:58} {self.value:8.2f} {self.unit:2} "
                f"(bound {sign} {self.bound:g}{self.unit})  {self.detail}")


def coldstart(quick: bool, scratch: Path) -> list[Check]:
    """Whole processes, alternating with the floor; medians of wall time, as ratios to the floor's."""
    tool = burgundy_command()
    middle = scratch / "middle.toml"  # a game in its second round: moves to list, a line to check
    run_process(tool + ["playout", CASTLES, "--players", "4", "--seed", "0", "--stop-after", "40",
                        "--out", str(middle)])
    line = json.loads(run_process(tool + ["moves", str(middle), "--json"]).out)["moves"][0]
    record = ROOT / "records" / CASTLES / "complete-4p-2019-all-modules.toml"
    commands = {"floor": FLOOR,
                "score": tool + ["score", str(record), "--json"],
                "check": tool + ["check", str(middle), line],
                "show": tool + ["show", str(middle)],
                "moves": tool + ["moves", str(middle)],
                "--help": tool + ["--help"],
                "--version": tool + ["--version"]}
    env = measured_env()
    for argv in commands.values():  # writes the bytecode caches, reads the files into memory
        run_process(argv, env=env)
    samples: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(1 if quick else 21):
        for name, argv in commands.items():
            done = run_process(argv, env=env)
            samples[name].append(done.seconds)
            cpu[name].append(done.cpu_seconds)
    floor, floor_cpu = median(samples["floor"]), median(cpu["floor"])
    checks = []
    for name in commands:
        if name != "floor":
            wall = median(samples[name])
            checks.append(Check(f"cold {name} / floor", wall / floor, 1.5 if name.startswith("--") else 3.0, "x",
                                f"{wall * 1000:.0f} ms vs floor {floor * 1000:.0f} ms; CPU ratio "
                                f"{median(cpu[name]) / floor_cpu:.2f}"))
    return checks


def session(quick: bool, scratch: Path) -> list[Check]:
    """The last lines of a complete record typed again into the live session, each followed by
    an fsynced append of the line to a file beside the record, the least a durably recorded
    line can cost (``session_latency``), several passes into fresh copies. A synced rewrite of
    the whole record (``write_atomic``), timed after each line too, is printed beside it."""
    checks = []
    for game, source in session_latency.RECORDS.items():
        record = scratch / f"session-{game}.toml"
        lines = session_latency.cut(source, record, 12 if quick else 60)
        measured = session_latency.pooled(session_latency.samples_by_pass(record, lines, 1 if quick else 5))
        line, write = measured["session line"], measured["baseline: write_atomic alone"]
        append, cpu = measured["baseline: one fsynced append alone"], measured["session line, CPU time"]
        checks.append(Check(f"session line p99 - fsynced append p99 ({game})", line["p99_ms"] - append["p99_ms"],
                            3.0, "ms", f"line p99 {line['p99_ms']:.2f} ms, append p99 {append['p99_ms']:.2f} ms, "
                                       f"line CPU p99 {cpu['p99_ms']:.2f} ms, write_atomic p99 "
                                       f"{write['p99_ms']:.2f} ms, {line['lines']} lines"))
    return checks


def tab(quick: bool, scratch: Path) -> list[Check]:
    """Tab in a fresh live session on each worst case, for each of ``TYPED``: the slowest."""
    from burgundy_cli.core.table import TableSession

    slowest, where = 0.0, ""
    for source in WORST_CASES:
        copy = scratch / f"tab-{source.name}"
        shutil.copy(source, copy)
        for typed in TYPED:
            times = []
            for _ in range(1 if quick else 5):
                table = TableSession(copy)  # a fresh position: its listing is made by this Tab
                start = clock()
                table.completions(typed)
                times.append(clock() - start)
                table.close()               # (a session holds its record: the next one is refused meanwhile)
            if median(times) > slowest:
                slowest, where = median(times), f"{source.name}, typed {typed!r}"
    return [Check("Tab completion in the session", slowest * 1000, 50.0, "ms", f"slowest: {where}")]


def replay(quick: bool, scratch: Path) -> list[Check]:
    """Castles records replayed against python-chess's PGN corpus, in alternating rounds."""
    from burgundy_cli.core.session import open_record

    missing = chess_baseline.missing()
    if missing:
        raise RuntimeError(missing)
    rounds = 1 if quick else 5
    found = corpus(CASTLES, 6 if quick else 60, scratch / "replay")
    pgn_parts = chess_baseline.split_corpus(rounds, scratch)
    ours = chess = 0.0
    moves = 0
    for index in range(rounds):
        start = clock()
        moves += chess_baseline.replay_pgn(pgn_parts[index])[1]
        chess += clock() - start
        start = clock()
        for path in found.files[index::rounds]:
            open_record(path).score()
        ours += clock() - start
    rate, chess_rate = found.lines / ours, moves / chess
    return [Check("Castles replay / python-chess BoardBuilder", rate / chess_rate, 1.5, "x",
                  f"{rate:,.0f} lines/s over {len(found.files)} records vs {chess_rate:,.0f} moves/s",
                  at_least=True)]


def moves(quick: bool, scratch: Path) -> list[Check]:
    """The grouped listing of each worst case (what ``burgundy moves`` prints), its start-up excluded."""
    from burgundy_cli.core.session import open_record

    slowest, where = 0.0, ""
    for path in WORST_CASES:
        opened = open_record(path)
        times = []
        for _ in range(3 if quick else 15):
            start = clock()
            opened.legal_moves().text()
            times.append(clock() - start)
        if median(times) > slowest:
            slowest, where = median(times), path.name
    return [Check("worst moves listing", slowest * 1000, 100.0, "ms", f"slowest: {where}")]


def stats(quick: bool, scratch: Path) -> list[Check]:
    """An archive of distinct games (the replay corpora, each copy with a comment of its own),
    then ``burgundy stats --json`` over it."""
    count = 200 if quick else 10_000
    sources = (corpus(CASTLES, 2 if quick else 30, scratch / "stats-castles").files
               + corpus(ROBBER, 2 if quick else 30, scratch / "stats-robber").files)
    texts = [path.read_text(encoding="utf-8") for path in sources]
    folder = scratch / "stats"
    folder.mkdir()
    for index in range(count):
        (folder / f"record-{index:05d}.toml").write_text(f"{texts[index % len(texts)]}# copy {index}\n",
                                                         encoding="utf-8")
    database = scratch / "stats.db"
    tool, env = burgundy_command(), measured_env()
    synced = run_process(tool + ["archive", "sync", str(folder), "--db", str(database)], env=env)
    if synced.code != 0:
        raise RuntimeError(f"archive sync exited with {synced.code}")
    argv = tool + ["stats", "--db", str(database), "--json"]
    run_process(argv, env=env)
    runs = [run_process(argv, env=env) for _ in range(2 if quick else 5)]
    seconds = median([done.seconds for done in runs])
    return [Check(f"stats over {count:,} games", seconds, 1.0, "s",
                  f"whole process; archive synced in {synced.seconds:.0f} s")]


SECTIONS = {"coldstart": coldstart, "session": session, "tab": tab, "replay": replay, "moves": moves,
            "stats": stats}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="few repeats, small corpora: check the script")
    parser.add_argument("--only", nargs="+", choices=list(SECTIONS), help="run only these sections")
    parser.add_argument("--out", type=Path, default=ROOT / ".benchmarks" / "result.json", help="JSON result file")
    args = parser.parse_args(argv)
    started = time.time()
    report: dict[str, Any] = {"quick": args.quick, "machine": machine(), "checks": [], "errors": {}}
    info = report["machine"]
    print(f"burgundy benchmarks{' (quick)' if args.quick else ''} on {info['cpu']}, {info['nproc']} cpus, "
          f"load {info['load_average_at_start']}, Python {info['python']}")
    with tempfile.TemporaryDirectory(prefix="burgundy-bench-") as scratch:
        for name, section in SECTIONS.items():
            if args.only and name not in args.only:
                continue
            folder = Path(scratch) / name
            folder.mkdir()
            try:
                checks = section(args.quick, folder)
            except Exception as err:  # noqa: BLE001 - one broken section must not hide the others
                report["errors"][name] = f"{type(err).__name__}: {err}"
                print(f"ERROR {name}: {type(err).__name__}: {err}")
                continue
            for check in checks:
                print(check.line())
                report["checks"].append({**asdict(check), "section": name, "passed": check.passed})
    report["seconds"] = round(time.time() - started, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    failed = sum(not check["passed"] for check in report["checks"])
    print(f"{len(report['checks']) - failed} passed, {failed} failed, {len(report['errors'])} errors "
          f"in {report['seconds']} s; wrote {args.out}")
    return 1 if failed or report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
