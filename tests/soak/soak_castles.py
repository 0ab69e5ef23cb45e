"""Soak test for Castles of Burgundy playouts: thousands of seeded games, every check on.

Not run by CI (pytest collects only ``test_*.py``). Each game is played by
:func:`burgundy_cli.castles.playout.play_game` with the property tests' watcher (tiles, goods,
silver and worker flows, VP, game end at every line), then its record is read back, replayed,
scored and rewritten byte for byte; every ``--agree-every``-th game also compares the move
generator with ``engine.check`` at its final position and at a mid-game position (the same
game stopped after ``seed * 37 % 180 + 1`` player actions). A failure prints the game's arguments
so that ``burgundy playout`` reproduces it.

Usage (from the repository root)::

    .venv/bin/python -m tests.soak.soak_castles --games 2000 --jobs 4
    .venv/bin/python -m tests.soak.soak_castles --games 200 --start 5000 --stop-after 80

Exit status 0 when every game passed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor


def game_arguments(index: int, stop_after: int | None) -> tuple[int, int, str, int | None]:
    """(players, seed, edition, stop_after) of the ``index``-th soak game: all 6 tables in turn."""
    players = 2 + index % 3
    edition = ("2011", "2019")[index // 3 % 2]
    return players, index, edition, stop_after


def run_game(arguments: tuple[int, int, str, int | None], agree: bool) -> str | None:
    """Play and verify one game; the failure text, or None when everything held."""
    from burgundy_cli.castles.movegen import legal_commands
    from burgundy_cli.castles.notation import format_command
    from burgundy_cli.castles.playout import play_game
    from tests.castles.movegen_oracle import accepted
    from tests.castles.test_properties import record_round_trip, watched_game

    players, seed, edition, stop_after = arguments
    try:
        session, _ = watched_game(players, seed, edition, stop_after)
        record_round_trip(session)
        if agree:
            middle = seed * 37 % 180 + 1
            for where, state in ((f"--stop-after {middle}", play_game(players, seed, edition, middle).state),
                                 ("the end", session.state)):
                assert {format_command(cmd) for cmd in legal_commands(state)} == accepted(state), \
                    f"moves and check disagree at {where}"
    except Exception:  # a soak run reports every failure and goes on
        command = f"burgundy playout castles-of-burgundy --players {players} --edition {edition} --seed {seed}"
        if stop_after is not None:
            command += f" --stop-after {stop_after}"
        return f"{command}\n{traceback.format_exc()}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    parser.add_argument("--start", type=int, default=0, help="first game index = first seed (default 0)")
    parser.add_argument("--stop-after", type=int, default=None, help="stop each game after K player actions")
    parser.add_argument("--agree-every", type=int, default=10, help="compare moves with check every Nth game")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    options = parser.parse_args(argv)
    indices = range(options.start, options.start + options.games)
    games = [game_arguments(index, options.stop_after) for index in indices]
    agree = [options.agree_every > 0 and index % options.agree_every == 0 for index in indices]
    started = time.perf_counter()
    if options.jobs > 1:
        with ProcessPoolExecutor(options.jobs) as pool:
            failures = [f for f in pool.map(run_game, games, agree, chunksize=8) if f]
    else:
        failures = [f for f in map(run_game, games, agree) if f]
    elapsed = time.perf_counter() - started
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"{len(games)} games, {len(failures)} failed, {elapsed:.1f} s ({len(games) / elapsed:.1f} games/s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
