"""What every benchmark shares: the run context, timing helpers and the result shape.

A benchmark is a function ``run(ctx) -> dict`` returning a *section*: ``status``
(``"ok"``, ``"partial"``, ``"not available"`` or ``"error"``), ``figures`` (plain JSON
numbers, ratios included), ``targets`` (each ``{name, value, target, better, met}``) and
``notes``. A game package that is not merged yet makes its figures ``"not available"``
instead of failing the whole run.
"""

from __future__ import annotations

import gc
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
CASTLES = "castles-of-burgundy"
ROBBER = "robber-knights"
GAMES = (CASTLES, ROBBER)


#: In-process timings use this process's CPU time: the machine may be shared, and wall time
#: then measures the neighbours as much as us. The benchmarks run single-threaded, so CPU
#: time is the single-core time the figures are about.
clock = time.process_time


@dataclass
class Context:
    """One run of the harness: its mode, scratch folder and what was prepared once."""

    quick: bool
    workdir: Path
    cache: dict[str, Any] = field(default_factory=dict)

    def pick(self, quick: Any, full: Any) -> Any:
        """``quick`` in quick mode, else ``full`` (sizes and repeat counts)."""
        return quick if self.quick else full


def not_available(reason: str) -> dict[str, Any]:
    """A figure (or section) that cannot be measured yet, and why."""
    return {"status": "not available", "reason": reason}


def ratio_to_chess(value: float, baseline: float | None, digits: int) -> float | dict[str, Any]:
    """``value / baseline`` rounded, or "not available" when python-chess (the bench extra) is absent."""
    if not baseline:
        return not_available("python-chess is not installed (pip install -e '.[bench]')")
    return round(value / baseline, digits)


def target(name: str, value: float | None, limit: float, better: str) -> dict[str, Any]:
    """A target check: ``better`` is ``"higher"`` (value >= limit) or ``"lower"`` (value <= limit)."""
    if value is None:
        met = None
    elif better == "higher":
        met = value >= limit
    else:
        met = value <= limit
    return {"name": name, "value": value, "target": limit, "better": better, "met": met}


def section(figures: dict[str, Any], targets: Sequence[dict[str, Any]] = (),
            notes: Sequence[str] = ()) -> dict[str, Any]:
    """A benchmark's result; ``partial`` when some figure inside is not available."""
    missing = any(isinstance(v, dict) and v.get("status") == "not available" for v in figures.values())
    return {"status": "partial" if missing else "ok", "figures": figures,
            "targets": list(targets), "notes": list(notes)}


def game_or_reason(name: str) -> tuple[Any, str | None]:
    """The registered game object, or ``None`` and why it cannot be used yet."""
    from burgundy_cli.core.registry import GAMES as REGISTERED
    import importlib

    try:
        module = importlib.import_module(REGISTERED[name])
        return module.GAME, None
    except (ImportError, AttributeError) as err:
        return None, f"game package not merged yet ({type(err).__name__}: {err})"


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def measured_env() -> dict[str, str]:
    """The environment of measured processes: bytecode caching ON, as users have it.

    This machine sets ``PYTHONDONTWRITEBYTECODE=1``; a user's install writes and reuses
    ``__pycache__``, so the measured processes run without it (after a warm-up run).
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    return env


def burgundy_command() -> list[str]:
    """How a user starts the tool: the installed ``burgundy`` script beside this Python."""
    script = Path(sys.executable).parent / "burgundy"
    if script.exists():
        return [str(script)]
    found = shutil.which("burgundy")
    return [found] if found else [sys.executable, "-m", "burgundy_cli"]


@dataclass
class Finished:
    """A measured process: wall and CPU seconds (its own and its children's), exit code, stdout."""

    seconds: float
    cpu_seconds: float
    code: int
    out: bytes


def run_process(argv: Sequence[str], *, env: dict[str, str] | None = None) -> Finished:
    """Run ``argv`` to completion (stderr is dropped) and measure it.

    CPU time is reported beside wall time because the machine may be shared: when other
    work holds the cores, wall time grows but CPU time does not.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          env=env if env is not None else measured_env(), check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Finished(elapsed, cpu, proc.returncode, proc.stdout)


def peak_rss_kib(argv: Sequence[str], *, env: dict[str, str] | None = None) -> int:
    """Peak resident set size (KiB) of the process ``argv``, whole life long.

    ``getrusage``/``wait4`` of a child started from this process would report at least
    this process's own size: the forked child shares its pages until ``exec``, and
    Linux carries that high-water mark across ``exec``. So the child is started through
    GNU ``time`` (a 2 MiB process) when the machine has it; otherwise its ``VmHWM`` in
    ``/proc/PID/status`` (the mark of the new program only) is polled until it exits.
    """
    env = env if env is not None else measured_env()
    gnu_time = Path("/usr/bin/time")
    if gnu_time.exists():
        with tempfile.NamedTemporaryFile("r", suffix=".rss") as report:
            subprocess.run([str(gnu_time), "-f", "%M", "-o", report.name, *argv], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, env=env, check=False)
            return int(report.read().split()[-1])
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    peak = 0
    while proc.poll() is None:
        try:
            for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.001)
    return peak


def machine() -> dict[str, Any]:
    """nproc, CPU model, Python and library versions: what the figures were measured on."""
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = {}
    from importlib.metadata import PackageNotFoundError, version

    for package in ("typer", "pydantic", "pydantic-core", "rtoml", "tomli-w", "chess"):
        try:
            versions[package] = version(package)
        except PackageNotFoundError:
            versions[package] = None
    return {"nproc": os.cpu_count(), "usable_cpus": len(os.sched_getaffinity(0)), "cpu": cpu,
            "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
            "python": sys.version.split()[0], "implementation": sys.implementation.name,
            "platform": sys.platform, "packages": versions,
            "collector_thresholds": list(gc.get_threshold())}
