"""4. Playouts: complete 4-player games per second for each game, on one core.

Times ``GAME.playout(4, seed)`` (deal, seeded policy, every action through the public
engine API, record data returned; writing the file is not included) for fixed seeds.
For scale, python-chess random legal games to the end are timed in the same run.
"""

from __future__ import annotations

from typing import Any

import chess_baseline
from corpus import PLAYOUT_MISSING, edition_for, playout_missing
from harness import GAMES, Context, clock, game_or_reason, not_available, ratio_to_chess, section


def _playouts(game: Any, budget: float, minimum: int) -> tuple[int, float]:
    games = 0
    start = clock()
    while True:
        game.playout(4, 500 + games, edition=edition_for(game, games), stop_after=None)
        games += 1
        elapsed = clock() - start
        if games >= minimum and elapsed >= budget:
            return games, elapsed


def run(ctx: Context) -> dict[str, Any]:
    budget = ctx.pick(0.5, 10.0)
    chess_missing = chess_baseline.missing()
    chess_rate = None
    if chess_missing:
        figures: dict[str, Any] = {"python-chess": not_available(chess_missing)}
    else:
        chess_games, plies, elapsed = chess_baseline.playouts(budget)
        chess_rate = chess_games / elapsed
        figures = {"python-chess": {"games_per_s": round(chess_rate, 2), "plies_per_s": round(plies / elapsed)}}
    for name in GAMES:
        game, reason = game_or_reason(name)
        if game is None:
            figures[name] = not_available(reason)
            continue
        try:
            games, elapsed = _playouts(game, budget, ctx.pick(1, 5))
        except PLAYOUT_MISSING as err:
            figures[name] = not_available(playout_missing(err))
            continue
        figures[name] = {"games_per_s": round(games / elapsed, 3), "games": games,
                         "ratio_to_chess": ratio_to_chess(games / elapsed, chess_rate, 3)}
    return section(figures, (), [f"about {budget:g} s of playouts per game, single process"])
