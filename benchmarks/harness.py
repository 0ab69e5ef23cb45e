"""What the benchmarks share: paths, the measured processes' environment, timing helpers."""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
CASTLES = "castles-of-burgundy"
ROBBER = "robber-knights"

#: In-process timings use this process's CPU time: the machine may be shared, and wall time
#: then measures the neighbours as much as us. The benchmarks run single-threaded, so CPU
#: time is the single-core time the figures are about.
clock = time.process_time

median = statistics.median


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


def machine() -> dict[str, Any]:
    """CPU, core count, load, Python and library versions: what the figures were measured on."""
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    from importlib.metadata import PackageNotFoundError, version

    versions = {}
    for package in ("typer", "pydantic", "chess"):
        try:
            versions[package] = version(package)
        except PackageNotFoundError:
            versions[package] = None
    return {"cpu": cpu, "nproc": os.cpu_count(), "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
            "python": sys.version.split()[0], "packages": versions}
