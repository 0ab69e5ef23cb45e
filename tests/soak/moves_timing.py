"""Time ``burgundy moves`` listings on mid-game Castles positions (not run by CI).

Collects the positions where a player is to move in phases B-D of seeded playouts (2-4
players, both editions), then times :func:`legal_moves` (generation + canonical notation)
on each and prints the median, 90th percentile and maximum. Issue 5's target is a median
below 1 ms; the benchmark suite proper belongs under benchmarks/.

    .venv/bin/python -m tests.soak.moves_timing --games 18 --every 7
"""

from __future__ import annotations

import argparse
import statistics
import time


def positions(games: int, every: int) -> list:
    from burgundy_cli.castles.playout import play_game

    found: list = []

    def visit(session) -> None:
        state = session.state
        if state.stage == "turn" and 1 <= state.phase <= 3:
            found.append(state.copy())

    for index in range(games):
        play_game(2 + index % 3, index, ("2011", "2019")[index // 3 % 2], visit=visit)
    return found[::every]


def main(argv: list[str] | None = None) -> None:
    from burgundy_cli.castles.movegen import legal_moves

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=18, help="playouts to take positions from")
    parser.add_argument("--every", type=int, default=7, help="keep every Nth position")
    options = parser.parse_args(argv)
    sample = positions(options.games, options.every)
    times = []
    moves = 0
    for state in sample:
        started = time.perf_counter()
        moves += len(legal_moves(state).moves)
        times.append(time.perf_counter() - started)
    times.sort()
    print(f"{len(sample)} positions, {moves / len(sample):.0f} moves on average: median "
          f"{statistics.median(times) * 1000:.3f} ms, p90 {times[int(0.9 * len(times))] * 1000:.3f} ms, "
          f"max {times[-1] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
