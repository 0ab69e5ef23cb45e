"""1. Replay + verify throughput: our recorded actions/s against python-chess's PGN moves/s.

Ours: ``open_record(path)`` for each complete 4-player record of the corpus (read the
file, validate it, replay and verify every line, compare the stored ``[result]``), then
``score()``. python-chess: read and replay the shipped PGN corpus (see
``chess_baseline``). Rounds alternate between the two so that both see the same machine
state; the figure is the median rate over the rounds. Target: ours >= 2x python-chess.
``reading_share`` is the part of our time spent reading the files (TOML included), the
rest is header validation, replay, verification and scoring.
"""

from __future__ import annotations

import time
from typing import Any

import chess_baseline
from corpus import Corpus, corpus
from harness import GAMES, Context, median, not_available, section, target


def _ours(files: list) -> float:
    from burgundy_cli.core.session import open_record

    start = time.perf_counter()
    for path in files:
        open_record(path).score()
    return time.perf_counter() - start


def _reading_share(files: list) -> float:
    """Share of the replay time spent reading the files (size checks, UTF-8, TOML)."""
    from burgundy_cli.core.record import read_record

    start = time.perf_counter()
    for path in files:
        read_record(path)
    reading = time.perf_counter() - start
    return reading / _ours(files)


def run(ctx: Context) -> dict[str, Any]:
    rounds = ctx.pick(1, 5)
    chess_missing = chess_baseline.missing()
    chess_moves = 0 if chess_missing else chess_baseline.replay_pgn()[1]
    corpora: dict[str, Corpus | str] = {name: corpus(ctx, name) for name in GAMES}
    chess_rates: list[float] = []
    rates: dict[str, list[float]] = {name: [] for name in GAMES}
    for _ in range(rounds):
        if not chess_missing:
            start = time.perf_counter()
            chess_baseline.replay_pgn()
            chess_rates.append(chess_moves / (time.perf_counter() - start))
        for name, found in corpora.items():
            if isinstance(found, Corpus):
                rates[name].append(found.total_actions / _ours(found.files))
    baseline = median(chess_rates) if chess_rates else None
    figures: dict[str, Any] = {"python-chess": not_available(chess_missing) if chess_missing else {
        "moves_per_s": round(baseline), "moves": chess_moves, "games": chess_baseline.PGN_GAMES}}
    targets = []
    for name, found in corpora.items():
        if not isinstance(found, Corpus):
            figures[name] = not_available(found)
            targets.append(target(f"{name} actions/s / python-chess moves/s", None, 2.0, "higher"))
            continue
        rate = median(rates[name])
        ratio = round(rate / baseline, 3) if baseline else None
        figures[name] = {"actions_per_s": round(rate), "records": len(found.files), "source": found.source,
                         "actions": found.total_actions, "ratio_to_chess": ratio,
                         "reading_share": round(_reading_share(found.files), 3)}
        targets.append(target(f"{name} actions/s / python-chess moves/s", ratio, 2.0, "higher"))
    return section(figures, targets, [f"median of {rounds} alternating round(s)"])
