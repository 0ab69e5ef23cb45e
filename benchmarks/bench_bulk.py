"""6. Bulk: ``burgundy score DIR --json`` over many records, on 1 core and on 2 cores.

Also (issue 17 item 3): how soon the first result line comes (target: within 0.3 s of the
start, on the largest folder), the peak-RSS growth per record of ``score DIR --json -j1``
between a small and a large folder (target: <= 1 KiB per record over 10,000 records, full
mode), and what ``--jobs 0`` (the default) chose and how fast it was beside 1 and 2.

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
import subprocess
import time
from pathlib import Path
from typing import Any

from corpus import Corpus, corpus
from harness import (GAMES, ROBBER, Context, Finished, burgundy_command, median, measured_env, peak_rss_kib,
                     run_process, section, target)

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
    jobs: dict[int, list[Finished]] = {0: [], 1: [], 2: []}
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
    figures["default_jobs_0_vs_best_of_1_2"] = round(
        figures["jobs 0"]["seconds"] / min(figures["jobs 1"]["seconds"], figures["jobs 2"]["seconds"]), 3)
    figures["usable_cpus"] = len(os.sched_getaffinity(0))
    figures["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    targets = []
    streaming = _streaming(ctx, corpora, env)
    figures.update(streaming)
    targets.append(target("first result line, seconds after start", streaming["first_line_s"], 0.3, "lower"))
    targets.append(target("peak RSS growth per record, KiB", streaming["growth_kib_per_record"], 1.0, "lower"))
    return section(figures, targets, [
        "whole-process wall time, process start included; median of the runs",
        "cpu_seconds includes the worker processes; on a busy machine wall time "
        "exceeds it and the speed-up says more about the neighbours than about us",
        "jobs 0 is the default: the usable cores the 1-minute load average leaves free, at least one"])


def _folder(ctx: Context, corpora: list[Corpus], count: int) -> Path:
    """A folder of ``count`` records: the corpora's files cycled (Robber Knights first: small records)."""
    folder = ctx.workdir / f"stream-{count}"
    if not folder.exists():
        folder.mkdir()
        sources = sorted((p for found in corpora for p in found.files), key=lambda p: ROBBER not in str(p))
        for index in range(count):
            shutil.copyfile(sources[index % len(sources)], folder / f"record-{index:05d}.toml")
    return folder


def _streaming(ctx: Context, corpora: list[Corpus], env: dict[str, str]) -> dict[str, Any]:
    """First-line latency on the large folder and the peak-RSS growth per record from small to large."""
    small, large = ctx.pick((40, 200), (1000, 10000))
    folders = {count: _folder(ctx, corpora, count) for count in (small, large)}
    peaks = {count: peak_rss_kib(burgundy_command() + ["score", str(folder), "--json", "-j", "1"], env=env)
             for count, folder in folders.items()}
    firsts = []
    for _ in range(ctx.pick(1, 3)):
        started = time.perf_counter()
        proc = subprocess.Popen(burgundy_command() + ["score", str(folders[large]), "--json", "-j", "1"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        assert proc.stdout is not None
        proc.stdout.readline()
        firsts.append(time.perf_counter() - started)
        proc.kill()
        proc.wait()
    return {"stream_records": [small, large], "peak_rss_kib": [peaks[small], peaks[large]],
            "growth_kib_per_record": round((peaks[large] - peaks[small]) / (large - small), 3),
            "first_line_s": round(median(firsts), 3)}
