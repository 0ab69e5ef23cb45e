"""6. Bulk: ``burgundy score DIR --json`` over many records, on 1 core and on 2 cores.

The folder holds the complete 4-player records of every available game, each written
``COPIES`` times under other names, so that the scoring, which runs in parallel, and not
the start of the process, which does not, is what the figure compares. Copies cost as
much as new records: neither game keeps parsed lines from one record to the next (the
replay benchmark measures every record as never seen). ``--jobs 1`` scores them in the
one process; ``--jobs 2`` uses the command's process pool. Runs alternate; the figure
is the speed-up of the medians (ideal: 2.0 on a machine with 2 free cores), plus
records/s each way.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

from corpus import Corpus, corpus
from harness import GAMES, Context, Finished, burgundy_command, median, measured_env, run_process, section

#: How many times the corpus is written into the folder (full mode).
COPIES = 4


def run(ctx: Context) -> dict[str, Any]:
    corpora = [found for name in GAMES if isinstance(found := corpus(ctx, name), Corpus)]
    if not corpora:
        return {"status": "not available", "reason": "no game package with a playout is merged yet",
                "figures": {}, "targets": [], "notes": []}
    folder = ctx.workdir / "bulk"
    folder.mkdir(exist_ok=True)
    sources = [path for found in corpora for path in found.files] * ctx.pick(1, COPIES)
    count = len(sources)
    for index, source in enumerate(sources):
        shutil.copyfile(source, folder / f"record-{index:05d}.toml")
    env = measured_env()
    jobs: dict[int, list[Finished]] = {1: [], 2: []}
    for _ in range(ctx.pick(1, 5)):
        for n in jobs:
            finished = run_process(burgundy_command() + ["score", str(folder), "--json", "--jobs", str(n)], env=env)
            lines = finished.out.count(b"\n")
            if finished.code != 0 or lines != count:
                return {"status": "error", "reason": f"--jobs {n} exited with {finished.code}, printed {lines} lines",
                        "figures": {}, "targets": [], "notes": []}
            jobs[n].append(finished)
    figures: dict[str, Any] = {"records": count, "distinct_records": len(sources) // ctx.pick(1, COPIES),
                               "games": [found.name for found in corpora]}
    for n, runs in jobs.items():
        wall = median([run.seconds for run in runs])
        figures[f"jobs {n}"] = {"seconds": round(wall, 3), "cpu_seconds": round(median([r.cpu_seconds for r in runs]), 3),
                                "records_per_s": round(count / wall, 1)}
    figures["speedup_1_to_2"] = round(figures["jobs 1"]["seconds"] / figures["jobs 2"]["seconds"], 3)
    figures["usable_cpus"] = len(os.sched_getaffinity(0))
    figures["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    return section(figures, (), ["whole-process wall time, process start included; median of the runs",
                                 "cpu_seconds includes the worker processes; on a busy machine wall time "
                                 "exceeds it and the speed-up says more about the neighbours than about us"])
