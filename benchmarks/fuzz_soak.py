"""Soak fuzzing: run the fuzz targets of tests/reliability for 100,000+ inputs (not run by CI).

Usage (from the repository root, in the project's virtual environment)::

    .venv/bin/python benchmarks/fuzz_soak.py                  # 100,000 inputs
    .venv/bin/python benchmarks/fuzz_soak.py --count 1000000  # longer
    .venv/bin/python benchmarks/fuzz_soak.py --seed 7         # reproducible run

The inputs are shared out between the targets: notation lines of every game that
imports, mutated records of every game that has records under ``records/``, lines
checked against the end of each record, and the core's own path on the ``tally`` test
record. Prints the count per target and the total; exits 1 with hypothesis's minimal
failing input if any input produced anything but a result or a RefereeError.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from burgundy_cli.core import registry  # noqa: E402
from tests.reliability import fuzzing  # noqa: E402
from tests.reliability.conftest import TALLY_RECORD  # noqa: E402

#: Inputs per hypothesis run; each run gets its own seed.
CHUNK = 2_000


def targets() -> list[tuple[str, st.SearchStrategy, Callable]]:
    """(name, strategy, function) of every fuzz target available in this checkout."""
    registry.GAMES["tally"] = "tests.reliability.tally"
    found = [("core: mutated tally records",
              fuzzing.mutated_record([TALLY_RECORD, TALLY_RECORD.replace("\n", "\r\n")]),
              fuzzing.open_mutated)]
    for name, game in fuzzing.game_objects().items():
        if name == "tally":
            continue
        found.append((f"{name}: notation lines", fuzzing.notation_strategy(name),
                      lambda line, game=game: fuzzing.parse_line(game, line)))
        texts = fuzzing.record_texts().get(name, [])
        if texts:
            found.append((f"{name}: mutated records", fuzzing.mutated_record([t for _, t in texts]),
                          fuzzing.open_mutated))
        for path, _ in texts:
            found.append((f"{name}: lines checked at the end of {path}", fuzzing.notation_strategy(name),
                          lambda line, path=path: fuzzing.check_line(path, line)))
    return found


def soak(strategy: st.SearchStrategy, function: Callable, count: int, run_seed: int) -> int:
    """Call ``function`` on at least ``count`` inputs drawn from ``strategy``; return the count."""
    calls = 0

    def counted(value):
        nonlocal calls
        calls += 1
        function(value)

    rounds = 0
    while calls < count:
        # hypothesis slows down as one run grows: run chunks with a seed each instead
        test = settings(max_examples=min(count - calls, CHUNK), deadline=None, database=None,
                        phases=[Phase.generate, Phase.shrink],
                        suppress_health_check=list(HealthCheck))(given(strategy)(counted))
        seed(run_seed + rounds)(test)()
        rounds += 1
    return calls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100_000, help="inputs in all (default 100000)")
    parser.add_argument("--seed", type=int, default=int(time.time()), help="random seed")
    args = parser.parse_args()
    found = targets()
    share = -(-args.count // len(found))
    total = 0
    started = time.perf_counter()
    print(f"soak: {len(found)} targets, {share} inputs each, seed {args.seed}")
    for name, strategy, function in found:
        begun = time.perf_counter()
        try:
            done = soak(strategy, function, share, args.seed)
        except Exception as err:  # noqa: BLE001 - report the failing target, then stop
            print(f"FAILED {name}: {type(err).__name__}: {err}")
            return 1
        total += done
        print(f"  {done:>9,} inputs  {time.perf_counter() - begun:7.1f} s  {name}")
    print(f"soak: {total:,} inputs, no failure, {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
