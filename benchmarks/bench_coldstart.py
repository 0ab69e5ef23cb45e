"""2. Cold start: whole-process wall time of ``burgundy score RECORD --json``.

Against the import floor of our stack, ``python -c "import typer, pydantic, tomllib"``,
and plain ``python -c pass``. Every command is run once to warm the bytecode caches, then
the commands run in alternation (so drift hits all of them alike) and the medians are
compared. Bytecode caching is ON in the measured processes (see ``measured_env``).
Target: ``score`` of a complete 4-player record of each game <= 1.3x the import floor.

``core path`` is always measured, games merged or not: ``burgundy score`` on a record of
an unregistered game goes through the command line, the record reader, TOML and the
``[game]`` header's validation, and stops at the registry (exit 1). It is the share of
the cold start the core is responsible for. ``one pydantic model`` (define one
``BaseModel``, validate once) is measured for comparison: what any command would pay
that validated with pydantic's Python layer, which ours no longer does (pydantic-core
validates our dataclass declarations directly, see burgundy_cli/core/schema.py).
"""

from __future__ import annotations

import sys
from typing import Any

from corpus import Corpus, corpus
from harness import GAMES, Context, Finished, burgundy_command, median, measured_env, run_process, section, target

#: What a process pays that validates with pydantic's ``BaseModel``: one model, one validation.
#: ``import pydantic`` alone is lazy (it loads pydantic-core only), so this costs more than the
#: import floor: the reason our declarations are validated by pydantic-core directly.
PYDANTIC_MODEL = """from pydantic import BaseModel
class Move(BaseModel):
    die: int
Move(die=4)
"""

UNKNOWN_GAME = """[game]
name = "benchmark-unregistered-game"
players = ["anna", "ben", "clara", "dirk"]
"""


def run(ctx: Context) -> dict[str, Any]:
    repeats = ctx.pick(5, 31)
    env = measured_env()
    core_record = ctx.workdir / "unregistered-game.toml"
    core_record.write_text(UNKNOWN_GAME, encoding="utf-8")
    commands: dict[str, list[str]] = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "import floor": [sys.executable, "-c", "import typer, pydantic, tomllib"],
        "one pydantic model": [sys.executable, "-c", PYDANTIC_MODEL],
        "core path": burgundy_command() + ["score", str(core_record), "--json"],
    }
    missing: dict[str, str] = {}
    for game in GAMES:
        found = corpus(ctx, game)
        if isinstance(found, Corpus):
            commands[f"burgundy score {game}"] = burgundy_command() + ["score", str(found.files[0]), "--json"]
        else:
            missing[game] = found
    for argv in commands.values():
        for _ in range(2):
            run_process(argv, env=env)
    samples: dict[str, list[Finished]] = {name: [] for name in commands}
    for _ in range(repeats):
        for name, argv in commands.items():
            samples[name].append(run_process(argv, env=env))
    floor = median([run.seconds for run in samples["import floor"]])
    floor_cpu = median([run.cpu_seconds for run in samples["import floor"]])
    figures: dict[str, Any] = {}
    for name, runs in samples.items():
        wall = median([run.seconds for run in runs])
        figures[name] = {"median_ms": round(wall * 1000, 2), "min_ms": round(min(run.seconds for run in runs) * 1000, 2),
                         "median_cpu_ms": round(median([run.cpu_seconds for run in runs]) * 1000, 2),
                         "ratio_to_import_floor": round(wall / floor, 3),
                         "cpu_ratio_to_import_floor": round(median([run.cpu_seconds for run in runs]) / floor_cpu, 3),
                         "exit_code": runs[-1].code}
    targets = [target("core path / import floor", figures["core path"]["ratio_to_import_floor"], 1.3, "lower")]
    for game in GAMES:
        name = f"burgundy score {game}"
        if game in missing:
            figures[name] = {"status": "not available", "reason": missing[game]}
        targets.append(target(f"{name} / import floor",
                              figures[name].get("ratio_to_import_floor"), 1.3, "lower"))
    notes = [f"median of {repeats} alternating runs after 2 warm-up runs each; bytecode caching on",
             "targets use wall time, as the issue asks; the CPU-time ratio is steadier on a shared machine",
             "core path: record of an unregistered game (exit 1 after header validation)"]
    return section(figures, targets, notes)
