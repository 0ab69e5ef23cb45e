"""2. Cold start: whole-process wall time of ``burgundy score RECORD --json``.

Against the import floor of our stack, ``python -c "import typer, pydantic, tomllib"``,
and plain ``python -c pass``. Every command is run once to warm the bytecode caches, then
the commands run in alternation (so drift hits all of them alike) and the medians are
compared. Bytecode caching is ON in the measured processes (see ``measured_env``).
Target: ``score`` <= 1.3x the import floor.

``core path`` is always measured, games merged or not: ``burgundy score`` on a record of
an unregistered game goes through the command line, the record reader, TOML and the
pydantic header, and stops at the registry (exit 1). It is the share of the cold start
the core is responsible for. ``one pydantic model`` (define one model, validate once) is
measured too: it is the least any command that validates with pydantic can cost.
"""

from __future__ import annotations

import sys
from typing import Any

from corpus import Corpus, corpus
from harness import CASTLES, Context, Finished, burgundy_command, median, measured_env, run_process, section, target

#: The least a process that validates anything with pydantic pays: one model, one validation.
#: ``import pydantic`` alone is lazy (it loads pydantic-core only), so this costs more than the
#: import floor; it shows how much of our start-up is pydantic's first use, not our code.
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
    found = corpus(ctx, CASTLES)
    if isinstance(found, Corpus):
        commands["burgundy score"] = burgundy_command() + ["score", str(found.files[0]), "--json"]
    for argv in commands.values():
        for _ in range(2):
            run_process(argv, env=env)
    samples: dict[str, list[Finished]] = {name: [] for name in commands}
    for _ in range(repeats):
        for name, argv in commands.items():
            samples[name].append(run_process(argv, env=env))
    floor = median([run.seconds for run in samples["import floor"]])
    figures: dict[str, Any] = {}
    for name, runs in samples.items():
        wall = median([run.seconds for run in runs])
        figures[name] = {"median_ms": round(wall * 1000, 2), "min_ms": round(min(run.seconds for run in runs) * 1000, 2),
                         "median_cpu_ms": round(median([run.cpu_seconds for run in runs]) * 1000, 2),
                         "ratio_to_import_floor": round(wall / floor, 3), "exit_code": runs[-1].code}
    targets = [target("core path / import floor", figures["core path"]["ratio_to_import_floor"], 1.3, "lower")]
    if "burgundy score" in figures:
        targets.append(target("burgundy score / import floor", figures["burgundy score"]["ratio_to_import_floor"],
                              1.3, "lower"))
    else:
        figures["burgundy score"] = {"status": "not available", "reason": found}
        targets.append(target("burgundy score / import floor", None, 1.3, "lower"))
    notes = [f"median of {repeats} alternating runs after 2 warm-up runs each; bytecode caching on",
             "core path: record of an unregistered game (exit 1 after header validation)"]
    return section(figures, targets, notes)
