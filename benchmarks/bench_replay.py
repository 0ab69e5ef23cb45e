"""1. Replay + verify throughput: our recorded actions/s against python-chess's PGN moves/s.

Ours: ``open_record(path)`` for each complete 4-player record of the corpus (read the
file, validate it, replay and verify every line, compare the stored ``[result]``), then
``score()``. python-chess: read and replay the shipped PGN corpus (see
``chess_baseline``). Both are cut into as many parts as there are rounds, and the rounds
alternate between the two so that both see the same machine state. Each record and each
game is replayed exactly once: Castles of Burgundy caches parsed lines (a study script
verifying an archive gains from lines repeated across games, but replaying the very same
record again would overstate it). Target: ours >= 2x python-chess.
``reading_share`` is the part of our time spent reading the files (TOML included), the
rest is header validation, replay, verification and scoring.
"""

from __future__ import annotations

from typing import Any

import chess_baseline
from corpus import Corpus, corpus
from harness import GAMES, Context, clock, not_available, ratio_to_chess, section, target


def _ours(files: list) -> float:
    from burgundy_cli.core.session import open_record

    start = clock()
    for path in files:
        open_record(path).score()
    return clock() - start


def _reading_share(files: list) -> float:
    """Share of the replay time spent reading the files (size checks, UTF-8, TOML)."""
    from burgundy_cli.core.record import read_record

    start = clock()
    for path in files:
        read_record(path)
    reading = clock() - start
    return reading / _ours(files)


def run(ctx: Context) -> dict[str, Any]:
    rounds = ctx.pick(1, 5)
    chess_missing = chess_baseline.missing()
    pgn_parts = [] if chess_missing else chess_baseline.split_corpus(rounds, ctx.workdir)
    corpora: dict[str, Corpus | str] = {name: corpus(ctx, name) for name in GAMES}
    chess_moves = chess_seconds = 0.0
    seconds: dict[str, float] = {name: 0.0 for name in GAMES}
    for index in range(rounds):
        if pgn_parts:
            start = clock()
            chess_moves += chess_baseline.replay_pgn(pgn_parts[index])[1]
            chess_seconds += clock() - start
        for name, found in corpora.items():
            if isinstance(found, Corpus):
                seconds[name] += _ours(found.files[index::rounds])
    baseline = chess_moves / chess_seconds if chess_seconds else None
    figures: dict[str, Any] = {"python-chess": not_available(chess_missing) if chess_missing else {
        "moves_per_s": round(baseline), "moves": int(chess_moves), "games": chess_baseline.PGN_GAMES}}
    targets = []
    for name, found in corpora.items():
        if not isinstance(found, Corpus):
            figures[name] = not_available(found)
            targets.append(target(f"{name} actions/s / python-chess moves/s", None, 2.0, "higher"))
            continue
        rate = found.total_actions / seconds[name]
        ratio = ratio_to_chess(rate, baseline, 3)
        figures[name] = {"actions_per_s": round(rate), "records": len(found.files), "source": found.source,
                         "actions": found.total_actions, "ratio_to_chess": ratio,
                         "reading_share": round(_reading_share(found.files), 3)}
        targets.append(target(f"{name} actions/s / python-chess moves/s",
                              ratio if isinstance(ratio, float) else None, 2.0, "higher"))
    return section(figures, targets, [f"{rounds} alternating round(s); every record and every PGN game is "
                                      "replayed once, so no cache sees the same record twice"])
