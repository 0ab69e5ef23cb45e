"""Run every benchmark of the project; print figures as ratios to same-run baselines.

    python benchmarks/run.py [--quick] [--only NAME ...] [--out FILE]

``--quick`` uses tiny corpora and few repeats: it checks that the harness works (the
test suite runs it), its figures are not meant to be quoted. Without it a run takes a
few minutes. The JSON result (default ``.benchmarks/result.json``) holds the machine,
the mode and one section per benchmark (see ``harness.py``). A game package that is not
merged yet shows as "not available" in the figures that need it.

The run's own process has the cycle collector's settings of a ``burgundy`` process
(``entry.tune_collector``), so that what it measures in process -- a replay, a move
listing, a table session's line -- costs what it costs in the command that does it; the
baselines measured in the same process (python-chess) run under the same settings. Every
process a benchmark starts sets its own: a command through ``entry.main``, the memory
worker as the harness does.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_archive  # noqa: E402
import bench_bulk  # noqa: E402
import bench_coldstart  # noqa: E402
import bench_memory  # noqa: E402
import bench_moves  # noqa: E402
import bench_playouts  # noqa: E402
import bench_replay  # noqa: E402
import bench_session  # noqa: E402
from harness import ROOT, Context, machine  # noqa: E402

BENCHMARKS = {
    "replay": bench_replay.run,
    "coldstart": bench_coldstart.run,
    "moves": bench_moves.run,
    "playouts": bench_playouts.run,
    "memory": bench_memory.run,
    "bulk": bench_bulk.run,
    "archive": bench_archive.run,
    "session": bench_session.run,
}


def _format(value: Any) -> str:
    if isinstance(value, dict):
        if value.get("status") == "not available":
            return f"not available ({value['reason']})"
        return ", ".join(f"{k} {_format(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def print_section(name: str, result: dict[str, Any]) -> None:
    print(f"\n== {name}: {result['status']}" + (f" ({result['reason']})" if "reason" in result else ""))
    for key, value in result.get("figures", {}).items():
        print(f"  {key}: {_format(value)}")
    for check in result.get("targets", []):
        verdict = {True: "met", False: "MISSED", None: "not measured"}[check["met"]]
        sign = ">=" if check["better"] == "higher" else "<="
        print(f"  target {check['name']}: {check['value']} (want {sign} {check['target']}) {verdict}")
    for note in result.get("notes", []):
        print(f"  note: {note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check the harness, not the speed")
    parser.add_argument("--only", nargs="+", choices=sorted(BENCHMARKS), help="run only these benchmarks")
    parser.add_argument("--out", type=Path, default=ROOT / ".benchmarks" / "result.json", help="JSON result file")
    args = parser.parse_args(argv)
    from burgundy_cli.entry import tune_collector

    tune_collector()
    started = time.time()
    report: dict[str, Any] = {"schema": 1, "mode": "quick" if args.quick else "full",
                              "started_unix": round(started), "machine": machine(), "benchmarks": {}}
    print(f"burgundy benchmarks ({report['mode']}) on {report['machine']['cpu']}, "
          f"{report['machine']['nproc']} cpus, Python {report['machine']['python']}")
    with tempfile.TemporaryDirectory(prefix="burgundy-bench-") as scratch:
        ctx = Context(quick=args.quick, workdir=Path(scratch))
        for name, bench in BENCHMARKS.items():
            if args.only and name not in args.only:
                continue
            try:
                result = bench(ctx)
            except Exception as err:  # noqa: BLE001 - one broken benchmark must not hide the others
                result = {"status": "error", "reason": f"{type(err).__name__}: {err}", "figures": {},
                          "targets": [], "notes": [traceback.format_exc(limit=3)]}
            report["benchmarks"][name] = result
            print_section(name, result)
    report["seconds"] = round(time.time() - started, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {args.out} ({report['seconds']} s)")
    return 1 if any(r["status"] == "error" for r in report["benchmarks"].values()) else 0


if __name__ == "__main__":
    sys.exit(main())
