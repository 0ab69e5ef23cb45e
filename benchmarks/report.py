"""Print a benchmark result (the JSON of ``run.py``) as Markdown, for docs/performance.md.

    python benchmarks/report.py [.benchmarks/result.json]
"""

from __future__ import annotations

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


if __name__ == "__main__":
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".benchmarks" / "result.json"
    print(markdown(json.loads(path.read_text(encoding="utf-8"))))
