"""3. Legal-move listing: time to list every legal action for the player to move.

Positions: Castles of Burgundy 4-player playouts stopped with ``stop_after`` at several
points of the game (opened once, not timed). Each position's time is the median of
repeated ``session.legal_moves()`` calls (generation and canonical notation included);
the figure is the median over positions (the slowest is reported too). Same-run
baseline: python-chess listing the legal moves of mid-game positions of the PGN corpus.
Target: < 1 ms per position. Robber Knights is measured as well, without a target.

Worst cases (issue 17, target 4: no listing explodes): the constructed positions of
``benchmarks/data/moves-worst-case*.toml`` (153,345 and 852,563 legal lines; and shields 14
and 15 at the end of a game with all five modules of part 1, 243 lines), and the shipped
record ``records/castles-of-burgundy/complete-4p-2019-all-modules.toml`` at its end: the
whole game replayed to open it, then shield 15's placement from the black depot with the
white die rolled (5,150 lines, 124 printed), the dearest whole ``burgundy moves`` of all
(round twelve). In process:
the grouped listing as ``burgundy moves`` prints it (``session.legal_moves().text()``,
CPU time, median of repeats) and its ``tracemalloc`` peak. Whole process: ``burgundy
moves FILE`` (wall and CPU medians, peak RSS through GNU time), alternating with the same
command on a shipped record whose listing is small (what any ``moves`` costs to start)
and with issue 17's import floor (same-run baselines). Targets: < 100 ms and < 40 MB, whole process and in process.
A full run also times ``burgundy moves --all`` once on the smaller worst case (what every
line costs; no target).

Tab completion on the worst cases (issue 17: it read every line): for each of
:data:`TYPED` (nothing typed, a word, and into the largest chains), what the table
session's Tab offers from a position's fresh listing (``legal_moves().completions``, CPU
time, median of repeats) and its ``tracemalloc`` peak; and shell completion
(``verdicts.legal_completions``, the record opened each time, as the shell does). The
figure is the slowest prefix. Targets: those of the grouped listing (< 100 ms, < 40 MB).
And bash's Tab after ``burgundy check FILE`` as a whole process, in the same alternating
rounds as ``burgundy moves`` (what the shell waits for; a figure, no target).
"""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path
from typing import Any

import chess_baseline
from corpus import midgame_positions
from harness import (
    CASTLES, DATA, GAMES, ROOT, Context, burgundy_command, clock, measured_env, median, not_available, peak_rss_kib,
    ratio_to_chess, run_process, section, target,
)

#: The constructed worst cases, and the small shipped record the whole-process figures are compared with.
WORST_CASES = (DATA / "moves-worst-case.toml", DATA / "moves-worst-case-k1.toml", DATA / "moves-worst-case-modules.toml",
               ROOT / "records" / "castles-of-burgundy" / "complete-4p-2019-all-modules.toml")
SMALL = ROOT / "records" / "castles-of-burgundy" / "rulebook-tile-7.toml"
MIB = 1024 * 1024
#: What is typed before Tab in the completion figures: nothing, a word, and into the chains
#: of the placements with the most continuations (a castle's any action, a city hall's placement).
TYPED = ("", "anna: p", "anna: place 1>6 castle b3 then", "anna: place 1>5 city-hall e2 then place city-hall c3 then p")


def _listing_seconds(session: Any, repeats: int) -> tuple[float, int]:
    samples = []
    count = 0
    for _ in range(repeats):
        start = clock()
        count = len(session.legal_moves().moves)  # every line: a listing is made when first read
        samples.append(clock() - start)
    return median(samples), count


def _grouped_listing(path: Path, repeats: int) -> dict[str, Any]:
    """The grouped listing of ``path`` in process: CPU ms (median) and the tracemalloc peak."""
    from burgundy_cli.core.session import open_record

    session = open_record(path)
    samples = []
    for _ in range(repeats):
        start = clock()
        text = session.legal_moves().text()
        samples.append(clock() - start)
    tracemalloc.start()
    session.legal_moves().text()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"ms": round(median(samples) * 1000, 2), "traced_peak_mib": round(peak / MIB, 2),
            "printed_lines": text.count("\n") + 1}


def _completion(path: Path, repeats: int) -> dict[str, Any]:
    """Tab completion on ``path`` in process, for each of :data:`TYPED`: the slowest prefix's
    CPU ms (median of ``repeats``, a fresh listing each time, table session and shell) and
    the largest tracemalloc peak."""
    from burgundy_cli.core.session import open_record
    from burgundy_cli.core.verdicts import legal_completions

    session = open_record(path)
    table, shell, peak, offered = [], [], 0, {}
    for typed in TYPED:
        samples, shells = [], []
        for _ in range(repeats):
            start = clock()
            offered[typed] = len(session.legal_moves().completions(typed))
            samples.append(clock() - start)
            start = clock()
            legal_completions(str(path), [], typed)
            shells.append(clock() - start)
        table.append(median(samples))
        shell.append(median(shells))
        tracemalloc.start()
        session.legal_moves().completions(typed)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    return {"table_ms": round(max(table) * 1000, 2), "shell_ms": round(max(shell) * 1000, 2),
            "traced_peak_mib": round(peak / MIB, 2), "offers": list(offered.values()),
            "table_ms_per_prefix": [round(value * 1000, 2) for value in table]}


def _tab_env(path: Path) -> dict[str, str]:
    """The environment bash's completion script (``burgundy --show-completion bash``) gives
    ``burgundy`` when Tab is pressed after ``burgundy check FILE `` (nothing typed)."""
    return {**measured_env(), "_BURGUNDY_COMPLETE": "complete_bash", "COMP_WORDS": f"burgundy check {path} ",
            "COMP_CWORD": "3"}


def _whole_process(paths: list[Path], rounds: int) -> dict[str, dict[str, Any]]:
    """``burgundy moves FILE`` for each of ``paths`` and the small record, and bash's Tab after
    ``burgundy check FILE`` for each of ``paths`` (``FILE Tab``), alternating with the import
    floor (issue 17's ``python -c "import typer, pydantic, tomllib"``): wall and CPU ms
    (medians; the fastest wall too), peak RSS (MiB, min of three)."""
    tool = burgundy_command()
    argvs = {"import floor": [sys.executable, "-c", "import typer, pydantic, tomllib"]}
    argvs.update({path.name: [*tool, "moves", str(path)] for path in [SMALL, *paths]})
    envs = {f"{path.name} Tab": _tab_env(path) for path in paths}
    argvs.update({name: tool for name in envs})
    runs: dict[str, list] = {name: [] for name in argvs}
    for name, argv in argvs.items():
        run_process(argv, env=envs.get(name))  # warm the bytecode and the file cache
    for _ in range(rounds):
        for name, samples in runs.items():
            samples.append(run_process(argvs[name], env=envs.get(name)))
    figures = {}
    for name, samples in runs.items():
        figures[name] = {"wall_ms": round(median([s.seconds for s in samples]) * 1000, 1),
                         "min_wall_ms": round(min(s.seconds for s in samples) * 1000, 1),
                         "cpu_ms": round(median([s.cpu_seconds for s in samples]) * 1000, 1),
                         "peak_rss_mib": round(min(peak_rss_kib(argvs[name], env=envs.get(name))
                                                   for _ in range(3)) / 1024, 1),
                         "exit_code": samples[-1].code}
    for name in argvs:
        if name != "import floor":
            for base in ("import floor", SMALL.name):
                if base != name:
                    figures[name][f"cpu_ratio_to_{base.replace(' ', '_')}"] = round(
                        figures[name]["cpu_ms"] / figures[base]["cpu_ms"], 2)
    return figures


def _every_line(path: Path) -> dict[str, Any]:
    """``burgundy moves FILE --all`` once: what listing every line costs."""
    argv = [*burgundy_command(), "moves", str(path), "--all"]
    done = run_process(argv)
    lines = sum(1 for line in done.out.splitlines() if line.startswith(b"    "))
    return {"wall_s": round(done.seconds, 2), "cpu_s": round(done.cpu_seconds, 2), "lines": lines,
            "peak_rss_mib": round(peak_rss_kib(argv) / 1024, 1)}


def worst_cases(ctx: Context) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The worst-case figures and targets (see the module docstring)."""
    paths = list(WORST_CASES)
    figures: dict[str, Any] = {}
    targets = []
    processes = _whole_process(paths, ctx.pick(3, 15))
    figures["import floor"] = processes["import floor"]
    figures[SMALL.name] = processes[SMALL.name]
    for path in paths:
        inside = _grouped_listing(path, ctx.pick(3, 15))
        whole = processes[path.name]
        tab = _completion(path, ctx.pick(3, 9))
        tab["whole_process"] = processes[f"{path.name} Tab"]
        figures[path.stem] = {"in_process": inside, "whole_process": whole, "tab_completion": tab}
        targets += [target(f"{path.stem}: grouped listing in process, CPU ms", inside["ms"], 100.0, "lower"),
                    target(f"{path.stem}: grouped listing in process, traced MiB", inside["traced_peak_mib"], 40.0,
                           "lower"),
                    target(f"{path.stem}: burgundy moves, wall ms", whole["wall_ms"], 100.0, "lower"),
                    target(f"{path.stem}: burgundy moves, peak RSS MiB", whole["peak_rss_mib"], 40.0, "lower"),
                    target(f"{path.stem}: Tab completion in process, CPU ms", tab["table_ms"], 100.0, "lower"),
                    target(f"{path.stem}: shell completion in process, CPU ms", tab["shell_ms"], 100.0, "lower"),
                    target(f"{path.stem}: Tab completion, traced MiB", tab["traced_peak_mib"], 40.0, "lower")]
    if not ctx.quick:
        figures[f"{paths[0].stem} --all"] = _every_line(paths[0])
    return figures, targets


def run(ctx: Context) -> dict[str, Any]:
    from burgundy_cli.core.session import open_record

    repeats = ctx.pick(3, 15)
    chess_missing = chess_baseline.missing()
    figures: dict[str, Any] = {}
    chess_ms = None
    if chess_missing:
        figures["python-chess"] = not_available(chess_missing)
    else:
        boards = chess_baseline.midgame_boards(count=ctx.pick(20, 100))
        chess_ms = median(chess_baseline.legal_moves_seconds(boards, repeats)) * 1000
        figures["python-chess"] = {"median_ms": round(chess_ms, 4), "positions": len(boards)}
    targets = []
    for name in GAMES:
        files = midgame_positions(ctx, name)
        if isinstance(files, str):
            figures[name] = not_available(files)
            if name == CASTLES:
                targets.append(target(f"{name} ms per position", None, 1.0, "lower"))
            continue
        per_position, counts = [], []
        for path in files:
            seconds, count = _listing_seconds(open_record(path), repeats)
            per_position.append(seconds * 1000)
            counts.append(count)
        value = median(per_position)
        figures[name] = {"median_ms": round(value, 4), "max_ms": round(max(per_position), 4),
                         "positions": len(files), "median_moves": median(counts), "max_moves": max(counts),
                         "ratio_to_chess": ratio_to_chess(value, chess_ms, 2)}
        if name == CASTLES:
            targets.append(target(f"{name} ms per position", round(value, 4), 1.0, "lower"))
    worst, worst_targets = worst_cases(ctx)
    figures["worst cases"] = worst
    return section(figures, targets + worst_targets,
                   [f"per position: median of {repeats} calls; figure: median over positions",
                    "worst cases: benchmarks/data/moves-worst-case*.toml and records/castles-of-burgundy/"
                    "complete-4p-2019-all-modules.toml; whole-process figures alternate with "
                    f"`burgundy moves {SMALL.relative_to(ROOT)}` (a small listing) and the import floor"])
