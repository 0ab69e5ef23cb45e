"""Print a benchmark result (the JSON of ``run.py``) as Markdown, for docs/performance.md.

    python benchmarks/report.py [.benchmarks/result.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from harness import ROOT


def _cell(value: Any) -> str:
    if isinstance(value, dict):
        if value.get("status") == "not available":
            return "not available"
        return "; ".join(f"{key} {_cell(inner)}" for key, inner in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def markdown(report: dict[str, Any]) -> str:
    machine = report["machine"]
    lines = [f"Run: `{report['mode']}` mode, {report['seconds']} s. Machine: {machine['cpu']}, "
             f"{machine['nproc']} CPUs ({machine['usable_cpus']} usable), Python {machine['python']}, "
             f"load average at start {_cell(machine.get('load_average_at_start', []))}; "
             + ", ".join(f"{name} {version}" for name, version in machine["packages"].items()) + ".", ""]
    lines += ["| benchmark | target | value | met |", "|---|---|---|---|"]
    for name, result in report["benchmarks"].items():
        for check in result.get("targets", []):
            sign = ">=" if check["better"] == "higher" else "<="
            verdict = {True: "yes", False: "**no**", None: "not measured"}[check["met"]]
            lines.append(f"| {name} | {check['name']} {sign} {check['target']} | {check['value']} | {verdict} |")
    for name, result in report["benchmarks"].items():
        lines += ["", f"**{name}** ({result['status']})", ""]
        for key, value in result.get("figures", {}).items():
            lines.append(f"* {key}: {_cell(value)}")
        lines += [f"* note: {note}" for note in result.get("notes", []) if "Traceback" not in note]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Read the result named on the command line and print it as Markdown; exit 2 with a
    one-line message when it cannot be read."""
    parser = argparse.ArgumentParser(description="Print a benchmark result (the JSON of run.py) as Markdown, "
                                                 "for docs/performance.md.")
    parser.add_argument("result", nargs="?", type=Path, default=ROOT / ".benchmarks" / "result.json",
                        help="the JSON run.py wrote (default: .benchmarks/result.json)")
    path = parser.parse_args(argv).result
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        parser.exit(2, f"report.py: cannot read {path}: {err}\n")
    print(markdown(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
