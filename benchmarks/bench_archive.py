"""7. Archive: ``archive sync`` against ``score DIR --json``, re-sync, ``stats``, memory.

Folders are filled with distinct records: the complete 4-player playouts of every game,
each copy given a comment line of its own (``# copy N``), so that every file has its own
content hash and is verified like a new game (identical files would be one record).

* **sync of new records**: ``burgundy archive sync DIR`` into an empty SQLite archive
  against ``burgundy score DIR --json`` on the same folder, whole processes, alternating;
  target: sync within 1.2x of score. Both are given the same ``--jobs N``, N the usable
  cores: with the default ``--jobs 0`` each process picks its own count from the load
  average at its start, and on a shared machine one pair could compare one process
  against two. The CPU ratio (workers included) is reported beside the wall ratio, and
  the same pair with ``--jobs 1`` on both (what ``--jobs 0`` picks on a busy machine: no
  target of its own; SQLAlchemy's import then runs beside nothing, the sync's worst case).
* **sync into an existing archive**: the same, into an archive that holds another game
  already (no target of its own; a first sync starts verifying while SQLAlchemy loads,
  this one cannot);
* **re-sync**: ``archive sync`` of a folder of ``BIG`` records already in the archive
  (nothing changed); target under 2 s.
* **stats**: ``burgundy stats --db ARCHIVE --json`` over ``BIG`` games (player tables),
  beside the same command matching no game (start-up and an empty query), and with
  ``--ratings --best 10 --vs``; target under 1 s for the player tables.
* **memory**: peak RSS of ``archive sync --jobs 1`` (one process) of ``SMALL`` and of
  ``BIG`` new records (the latter is also the first sync of the large archive), and of
  ``stats --ratings`` over each archive; flat means the larger run peaks no more than
  ``FLAT_MIB`` higher.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

from corpus import Corpus, corpus
from harness import (GAMES, Context, Finished, burgundy_command, measured_env, median, peak_rss_kib,
                     run_process, section, target)

#: Records in the sync-versus-score folder, and in the large archive (full mode).
SMALL, BIG = 1_000, 10_000
#: Growth of peak RSS from SMALL to BIG records still counted as flat (allocator noise).
FLAT_MIB = 8


def _fill(folder: Path, sources: list[Path], count: int) -> Path:
    """Write ``count`` distinct records into ``folder``, cycling through ``sources``."""
    folder.mkdir(parents=True, exist_ok=True)
    texts = [source.read_text(encoding="utf-8") for source in sources]
    for index in range(count):
        (folder / f"record-{index:05d}.toml").write_text(f"{texts[index % len(texts)]}# copy {index}\n",
                                                         encoding="utf-8")
    return folder


def _timed(argv: list[str], env: dict[str, str], before: Any = None) -> Finished:
    if before is not None:
        before()
    finished = run_process(argv, env=env)
    if finished.code != 0:
        raise RuntimeError(f"{' '.join(argv[-4:])} exited with {finished.code}")
    return finished


def _pair(sync_argv: list[str], score_argv: list[str], env: dict[str, str], before: Any,
          repeats: int) -> dict[str, Any]:
    """``score`` then ``sync`` (``before`` run ahead of each sync), alternating ``repeats``
    times: the medians of wall and CPU time (workers included) and their ratios."""
    syncs, scores = [], []
    for _ in range(repeats):
        scores.append(_timed(score_argv, env))
        syncs.append(_timed(sync_argv, env, before))
    sync_s, score_s = median([r.seconds for r in syncs]), median([r.seconds for r in scores])
    sync_cpu, score_cpu = median([r.cpu_seconds for r in syncs]), median([r.cpu_seconds for r in scores])
    return {"sync_s": round(sync_s, 3), "score_json_s": round(score_s, 3), "ratio": round(sync_s / score_s, 3),
            "sync_cpu_s": round(sync_cpu, 3), "score_cpu_s": round(score_cpu, 3),
            "cpu_ratio": round(sync_cpu / score_cpu, 3)}


def run(ctx: Context) -> dict[str, Any]:
    corpora = [found for name in GAMES if isinstance(found := corpus(ctx, name), Corpus)]
    if not corpora:
        return {"status": "not available", "reason": "no game package with a playout is merged yet",
                "figures": {}, "targets": [], "notes": []}
    sources = [path for found in corpora for path in found.files]
    small, big = ctx.pick(40, SMALL), ctx.pick(120, BIG)
    env = measured_env()
    cli = burgundy_command()
    jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    figures: dict[str, Any] = {"games": [found.name for found in corpora], "distinct_sources": len(sources),
                               "jobs": jobs}
    notes = ["whole-process wall time, process start included; medians of alternating runs",
             f"sync and score both run with --jobs {jobs} (the usable cores): like with like, whatever the load",
             "SQLite archive in the run's scratch folder; the machine is shared (load average below)"]
    try:
        # --- sync of new records against score --json -------------------------------------
        folder = _fill(ctx.workdir / "archive-small", sources, small)
        database = ctx.workdir / "archive-small.db"

        def fresh() -> None:
            for suffix in ("", "-journal", "-wal"):
                Path(f"{database}{suffix}").unlink(missing_ok=True)

        sync_argv = cli + ["archive", "sync", str(folder), "--db", str(database), "--jobs", str(jobs)]
        score_argv = cli + ["score", str(folder), "--json", "--jobs", str(jobs)]
        _timed(score_argv, env), _timed(sync_argv, env, fresh)  # warm-up: caches, bytecode
        figures["sync_new"] = {"records": small} | _pair(sync_argv, score_argv, env, fresh, ctx.pick(1, 5))
        # the same pair in one process each (--jobs 1): what --jobs 0 picks on a busy machine;
        # nothing runs beside SQLAlchemy's import then, so this is the sync's worst case
        one_sync = sync_argv[:-1] + ["1"]
        figures["sync_new_one_process"] = {"records": small} | _pair(one_sync, score_argv[:-1] + ["1"], env, fresh,
                                                                     ctx.pick(1, 3))
        # the same records into an archive that exists already (it holds one other game): the
        # stored files must be read before anything is verified, so verifying cannot start
        # while SQLAlchemy loads, as it does for a first sync
        seed_folder = _fill(ctx.workdir / "archive-seed", sources[:1], 1)
        seed = ctx.workdir / "archive-seed.db"
        seed.unlink(missing_ok=True)
        _timed(cli + ["archive", "sync", str(seed_folder), "--db", str(seed)], env)

        def seeded() -> None:
            fresh()
            shutil.copyfile(seed, database)

        figures["sync_new_into_existing"] = {"records": small} | _pair(sync_argv, score_argv, env, seeded,
                                                                       ctx.pick(1, 4))
        fresh()
        small_rss = peak_rss_kib(one_sync, env=env)
        small_stats_rss = peak_rss_kib(cli + ["stats", "--db", str(database), "--json", "--ratings"], env=env)

        # --- the large archive: re-sync, stats, memory ---------------------------------------
        big_folder = _fill(ctx.workdir / "archive-big", sources, big)
        big_db = ctx.workdir / "archive-big.db"
        big_sync = cli + ["archive", "sync", str(big_folder), "--db", str(big_db)]
        started = time.perf_counter()
        big_rss = peak_rss_kib(big_sync + ["--jobs", "1"], env=env)  # the first sync, in one process
        figures["first_sync_big"] = {"records": big,
                                     "seconds_one_process": round(time.perf_counter() - started, 2)}
        resyncs = [_timed(big_sync, env) for _ in range(ctx.pick(2, 5))]
        figures["resync_unchanged"] = {"records": big, "seconds": round(median([r.seconds for r in resyncs]), 3),
                                       "cpu_seconds": round(median([r.cpu_seconds for r in resyncs]), 3)}
        stats_argv = cli + ["stats", "--db", str(big_db), "--json"]
        empty_argv = stats_argv + ["--game", "no-such-game"]  # start-up and an empty query
        rated_argv = stats_argv + ["--ratings", "--best", "10", "--vs", "Anna", "Ben"]
        _timed(stats_argv, env)
        plain, empty = [], []
        for _ in range(ctx.pick(2, 5)):
            plain.append(_timed(stats_argv, env))
            empty.append(_timed(empty_argv, env))
        rated = [_timed(rated_argv, env) for _ in range(ctx.pick(1, 3))]
        figures["stats"] = {"games": big, "seconds": round(median([r.seconds for r in plain]), 3),
                            "cpu_seconds": round(median([r.cpu_seconds for r in plain]), 3),
                            "start_up_and_empty_query_s": round(median([r.seconds for r in empty]), 3),
                            "with_ratings_best_and_vs_s": round(median([r.seconds for r in rated]), 3)}
        big_stats_rss = peak_rss_kib(cli + ["stats", "--db", str(big_db), "--json", "--ratings"], env=env)
        figures["peak_rss_mib"] = {f"sync {small}": round(small_rss / 1024, 1), f"sync {big}": round(big_rss / 1024, 1),
                                   f"stats {small}": round(small_stats_rss / 1024, 1),
                                   f"stats {big}": round(big_stats_rss / 1024, 1)}
    except RuntimeError as err:
        return {"status": "error", "reason": str(err), "figures": figures, "targets": [], "notes": notes}
    figures["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    growth = max(big_rss - small_rss, big_stats_rss - small_stats_rss) / 1024
    targets = [
        target("sync of new records / score --json", figures["sync_new"]["ratio"], 1.2, "lower"),
        target(f"re-sync of {big} unchanged records, s", figures["resync_unchanged"]["seconds"], 2.0, "lower"),
        target(f"stats over {big} games, s", figures["stats"]["seconds"], 1.0, "lower"),
        target(f"peak RSS growth from {small} to {big} records, MiB", round(growth, 1), FLAT_MIB, "lower"),
    ]
    return section(figures, targets, notes)
