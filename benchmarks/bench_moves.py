"""3. Legal-move listing: time to list every legal action for the player to move.

Positions: Castles of Burgundy 4-player playouts stopped with ``stop_after`` at several
points of the game (opened once, not timed). Each position's time is the median of
repeated ``session.legal_moves()`` calls (generation and canonical notation included);
the figure is the median over positions (the slowest is reported too). Same-run
baseline: python-chess listing the legal moves of mid-game positions of the PGN corpus.
Target: < 1 ms per position. Robber Knights is measured as well, without a target.
"""

from __future__ import annotations

from typing import Any

import chess_baseline
from corpus import midgame_positions
from harness import CASTLES, GAMES, Context, clock, median, not_available, ratio_to_chess, section, target


def _listing_seconds(session: Any, repeats: int) -> tuple[float, int]:
    samples = []
    count = 0
    for _ in range(repeats):
        start = clock()
        listing = session.legal_moves()
        samples.append(clock() - start)
        count = len(listing.moves)
    return median(samples), count


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
    return section(figures, targets, [f"per position: median of {repeats} calls; figure: median over positions"])
