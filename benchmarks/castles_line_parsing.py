"""Castles line parsing, cold: ``parse_line`` on every log line of complete 4-player records,
its caches cleared before every line, against an earlier revision's notation in the same run.

    python benchmarks/castles_line_parsing.py [--base REV] [--records N] [--rounds N]

Not part of ``run.py``: it measures one function against an older version of itself
(``git show REV:burgundy_cli/castles/notation.py``, loaded as a separate module), which
is how the canonical fast path of issue 5 was measured. The records are the benchmark
corpus's (seeds 0, 1, ..., editions alternating); the rounds alternate the two versions
so that both see the same machine, and each version's figure is the median (and the
minimum) of its rounds, in microseconds per line of CPU time.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
NOTATION = "burgundy_cli/castles/notation.py"


def load_revision(rev: str) -> ModuleType:
    """The Castles notation module as it was at git revision ``rev``."""
    source = subprocess.run(["git", "show", f"{rev}:{NOTATION}"], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout
    spec = importlib.util.spec_from_loader(f"notation_at_{rev}", loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, f"{rev}:{NOTATION}", "exec"), module.__dict__)
    return module


def log_lines(records: int) -> list[str]:
    """Every log line of ``records`` complete 4-player playouts, in record order."""
    from burgundy_cli.castles.playout import playout

    lines = []
    for seed in range(records):
        data = playout(4, seed, edition=("2011", "2019")[seed % 2])
        for group in data["log"].values():
            lines.extend(group)
    return lines


def bounded_caches(module: ModuleType) -> list[Any]:
    """The module's ``lru_cache`` functions with a size bound: its caches of parsed text."""
    return [value for value in vars(module).values()
            if callable(getattr(value, "cache_parameters", None)) and value.cache_parameters()["maxsize"]]


def cold_parse(module: ModuleType, lines: list[str]) -> Callable[[], float]:
    """A timer: CPU microseconds per line of ``module.parse_line``, caches cleared before each line."""
    parse, clears = module.parse_line, [cached.cache_clear for cached in bounded_caches(module)]

    def run() -> float:
        start = time.process_time()
        for line in lines:
            for clear in clears:
                clear()
            parse(line)
        return (time.process_time() - start) / len(lines) * 1e6

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="e61a9d9", help="git revision to compare with (default: e61a9d9)")
    parser.add_argument("--records", type=int, default=20, help="complete 4-player records (default: 20)")
    parser.add_argument("--rounds", type=int, default=9, help="alternating rounds (default: 9)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from burgundy_cli.castles import notation

    lines = log_lines(args.records)
    timers = {args.base: cold_parse(load_revision(args.base), lines), "working tree": cold_parse(notation, lines)}
    for timer in timers.values():  # warm-up: data files, compiled patterns
        timer()
    figures: dict[str, list[float]] = {name: [] for name in timers}
    for _ in range(args.rounds):
        for name, timer in timers.items():
            figures[name].append(timer())
    print(f"{len(lines)} log lines ({len(set(lines))} distinct) of {args.records} records, {args.rounds} rounds")
    for name, values in figures.items():
        print(f"  {name}: median {statistics.median(values):.2f} us/line, min {min(values):.2f}")
    old, new = figures.values()
    print(f"  speed-up: {statistics.median(old) / statistics.median(new):.2f}x (medians), "
          f"{min(old) / min(new):.2f}x (minimums)")


if __name__ == "__main__":
    main()
