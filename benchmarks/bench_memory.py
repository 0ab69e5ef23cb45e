"""5. Memory: peak RSS of scoring one record, and RSS while verifying many in one process.

* ``burgundy score RECORD --json`` as its own process; its peak RSS comes from
  ``harness.peak_rss_kib`` (GNU ``time``). Target: < 60 MB. Same-run baselines: the peak RSS of
  ``python -c "import typer, pydantic, tomllib"`` and of ``python -c pass``.
* ``memory_worker.py`` verifies 1,000 records in one process and reports its RSS after
  100, 500 and 1,000. The records are 250 distinct playouts per game, cycled: a cache
  that keeps something per distinct line or record shows as growth until it is full.
  Target: no growth with the number of records -- RSS after 1,000 at most 2 MiB above
  RSS after 100 (allocator noise).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bench_coldstart import UNKNOWN_GAME
from corpus import Corpus, corpus
from harness import GAMES, Context, burgundy_command, measured_env, not_available, peak_rss_kib, run_process, section, target

WORKER = Path(__file__).resolve().parent / "memory_worker.py"
MIB = 1024
#: Distinct records verified (cycled to 1,000) when checking that memory does not grow.
DISTINCT_FOR_GROWTH = 250
#: RSS growth between the first and last checkpoint that still counts as "does not grow".
GROWTH_LIMIT_MIB = 2.0


def _peak_mib(argv: list[str], repeats: int) -> float:
    env = measured_env()
    return min(peak_rss_kib(argv, env=env) for _ in range(repeats)) / MIB


def _growth(ctx: Context, found: Corpus) -> dict[str, Any]:
    checkpoints = ctx.pick((20, 50, 100), (100, 500, 1000))
    argv = [sys.executable, str(WORKER), str(checkpoints[-1]), ",".join(map(str, checkpoints))]
    finished = run_process(argv + [str(f) for f in found.files], env=measured_env())
    if finished.code != 0:
        return {"status": "error", "reason": f"memory worker exited with {finished.code}"}
    report = json.loads(finished.out)
    after = {n: round(v["rss_kib"] / MIB, 2) for n, v in report["after"].items()}
    first, last = after[str(checkpoints[0])], after[str(checkpoints[-1])]
    return {"rss_mib_after": after, "peak_mib": round(report["after"][str(checkpoints[-1])]["peak_kib"] / MIB, 2),
            "distinct_records": len(found.files), "growth_mib": round(last - first, 2),
            "growth_ratio": round(last / first, 4)}


def run(ctx: Context) -> dict[str, Any]:
    repeats = ctx.pick(1, 5)
    python = sys.executable
    figures: dict[str, Any] = {
        "python -c pass": {"peak_mib": round(_peak_mib([python, "-c", "pass"], repeats), 2)},
        "import floor": {"peak_mib": round(_peak_mib([python, "-c", "import typer, pydantic, tomllib"], repeats), 2)},
    }
    floor = figures["import floor"]["peak_mib"]
    core_record = ctx.workdir / "unregistered-game.toml"
    core_record.write_text(UNKNOWN_GAME, encoding="utf-8")
    core = _peak_mib(burgundy_command() + ["score", str(core_record), "--json"], repeats)
    figures["core path"] = {"peak_mib": round(core, 2), "ratio_to_import_floor": round(core / floor, 3)}
    targets = []
    for name in GAMES:
        found = corpus(ctx, name)
        if not isinstance(found, Corpus):
            figures[f"score one {name} record"] = not_available(found)
            figures[f"verify many {name} records"] = not_available(found)
            targets.append(target(f"score one {name} record: peak MiB", None, 60, "lower"))
            continue
        peak = _peak_mib(burgundy_command() + ["score", str(found.files[0]), "--json"], repeats)
        figures[f"score one {name} record"] = {"peak_mib": round(peak, 2),
                                               "ratio_to_import_floor": round(peak / floor, 3)}
        targets.append(target(f"score one {name} record: peak MiB", round(peak, 2), 60, "lower"))
        distinct = corpus(ctx, name, size=ctx.pick(6, DISTINCT_FOR_GROWTH))
        growth = _growth(ctx, distinct if isinstance(distinct, Corpus) else found)
        figures[f"verify many {name} records"] = growth
        if "growth_mib" in growth:
            targets.append(target(f"verify many {name} records: RSS growth MiB, first to last checkpoint",
                                  growth["growth_mib"], GROWTH_LIMIT_MIB, "lower"))
    notes = ["MiB = 1024 KiB; peak RSS via GNU time's %M (min of the repeats) or /proc/self/status VmHWM",
             "verify-many cycles the distinct records it names (distinct_records); growth up to "
             f"{GROWTH_LIMIT_MIB} MiB counts as none (allocator noise)"]
    return section(figures, targets, notes)
