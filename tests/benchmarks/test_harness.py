"""The benchmark scripts run end to end (a smoke check of seconds: timings are never judged here).

``benchmarks/run.py --quick`` measures every section once with tiny sizes and writes its
JSON (without the ``bench`` extra, python-chess, the replay section says so and the others
run); ``benchmarks/compare_outputs.py`` finds no difference between a binary and itself,
and names the command whose output differs when there is one.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import RECORDS, ROOT

BURGUNDY = Path(sys.executable).parent / "burgundy"
SECTIONS = {"coldstart", "session", "tab", "replay", "moves", "stats"}


def test_every_benchmark_section_reports_its_checks_with_bounds(tmp_path):
    out = tmp_path / "result.json"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--out", str(out)],
                          capture_output=True, text=True, timeout=300, check=False)
    report = json.loads(out.read_text(encoding="utf-8"))
    without_chess = {"replay"} if importlib.util.find_spec("chess") is None else set()
    assert set(report["errors"]) == without_chess, done.stdout + done.stderr
    assert all("python-chess is not installed" in report["errors"][name] for name in without_chess)
    assert {check["section"] for check in report["checks"]} == SECTIONS - without_chess
    for check in report["checks"]:
        assert isinstance(check["value"], float) and check["bound"] > 0
        verdict = "PASS" if check["passed"] else "FAIL"
        assert any(line.startswith(verdict) and check["name"] in line for line in done.stdout.splitlines())
    assert done.returncode == (0 if all(check["passed"] for check in report["checks"]) and not without_chess else 1)


def _compare(old: Path, new: Path, records: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "compare_outputs.py"), str(old), str(new),
                           "--playouts", "1", "--records", str(records)],
                          capture_output=True, text=True, timeout=300, check=False)


def test_the_comparison_finds_no_difference_between_a_binary_and_itself(tmp_path):
    shutil.copy(RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml", tmp_path)  # mid-game: 4 commands
    done = _compare(BURGUNDY, BURGUNDY, tmp_path)  # the one playout is a complete game: 3 commands
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.endswith("2 files (1 records, 1 playouts), 7 commands per binary: 0 difference(s)\n")


def test_the_comparison_names_each_command_whose_output_differs(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml", records)
    changed = tmp_path / "changed-burgundy"  # scores one point more than the real one says
    changed.write_text(f'#!/bin/sh\nif [ "$1" = score ]; then "{BURGUNDY}" "$@" | sed "s/1/2/"; '
                       f'else exec "{BURGUNDY}" "$@"; fi\n', encoding="utf-8")
    changed.chmod(0o755)
    done = _compare(BURGUNDY, changed, records)
    assert done.returncode == 1
    differing = [line for line in done.stdout.splitlines() if line.startswith("differs: ")]
    assert len(differing) == 2 and all(line.startswith("differs: burgundy score ") for line in differing)
    assert done.stdout.endswith("7 commands per binary: 2 difference(s)\n")
