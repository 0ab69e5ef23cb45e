"""The benchmark harness runs end to end and writes its JSON result (never judged on timings).

Runs ``benchmarks/run.py --quick`` once, as a user would, and checks the structure of
the result: every benchmark is present with a known status, every figure is a number,
a list or a "not available" note with its reason, and every target says what it wants.
"""

from __future__ import annotations

import json
import subprocess
import sys
from numbers import Number

import pytest

from tests.conftest import ROOT

BENCHMARKS = {"replay", "coldstart", "moves", "playouts", "memory", "bulk", "archive", "session"}
STATUSES = {"ok", "partial", "not available"}


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench") / "result.json"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--out", str(out)],
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(out.read_text(encoding="utf-8")), done.stdout


def _check_figure(name: str, value) -> None:
    if isinstance(value, dict):
        if value.get("status") == "not available":
            assert isinstance(value["reason"], str) and value["reason"], name
            return
        for key, inner in value.items():
            _check_figure(f"{name}.{key}", inner)
    elif isinstance(value, list):
        assert all(isinstance(item, (str, Number)) for item in value), name
    else:
        assert isinstance(value, (Number, str)) and not isinstance(value, bool), name


def test_every_benchmark_reports_a_known_status(report):
    data, _ = report
    assert data["schema"] == 1 and data["mode"] == "quick"
    assert set(data["benchmarks"]) == BENCHMARKS
    for name, result in data["benchmarks"].items():
        assert result["status"] in STATUSES, (name, result.get("reason"))


def test_the_machine_is_described(report):
    machine = report[0]["machine"]
    assert machine["nproc"] >= 1 and machine["cpu"] and machine["python"].count(".") == 2
    assert "typer" in machine["packages"] and "pydantic" in machine["packages"]


def test_figures_are_numbers_or_say_why_not(report):
    for name, result in report[0]["benchmarks"].items():
        assert isinstance(result["figures"], dict)
        for key, value in result["figures"].items():
            _check_figure(f"{name}.{key}", value)


def test_targets_state_value_limit_direction_and_verdict(report):
    seen = 0
    for result in report[0]["benchmarks"].values():
        for check in result["targets"]:
            seen += 1
            assert check["better"] in ("higher", "lower")
            assert isinstance(check["target"], Number)
            assert (check["value"] is None) == (check["met"] is None)
    assert seen >= 4


def test_the_cold_start_always_measures_the_import_floor_and_the_core(report):
    figures = report[0]["benchmarks"]["coldstart"]["figures"]
    assert figures["import floor"]["ratio_to_import_floor"] == 1.0
    assert figures["core path"]["median_ms"] > 0


def test_the_printed_summary_names_every_benchmark(report):
    _, printed = report
    for name in BENCHMARKS:
        assert f"== {name}:" in printed


def test_report_prints_the_result_as_markdown_and_has_a_help(tmp_path):
    script = str(ROOT / "benchmarks" / "report.py")
    shown = subprocess.run([sys.executable, script, "--help"], capture_output=True, text=True, check=False)
    assert shown.returncode == 0 and "usage: report.py" in shown.stdout, shown.stderr
    done = subprocess.run([sys.executable, script, str(ROOT / "benchmarks" / "data" / "result-final.json")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "| benchmark | target | value | met |" in done.stdout, done.stderr
    missing = subprocess.run([sys.executable, script, str(tmp_path / "none.json")], capture_output=True, text=True,
                             check=False)
    assert missing.returncode == 2 and "cannot read" in missing.stderr and "Traceback" not in missing.stderr
