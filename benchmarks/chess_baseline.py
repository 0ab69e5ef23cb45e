"""The python-chess baselines, measured in the same run as our figures.

The PGN corpus (``data/random-games.pgn``) is our own: seeded random legal games made
with python-chess by this module (``python benchmarks/chess_baseline.py`` rewrites it,
byte for byte the same), not downloaded or copied games.

The replay baseline (:func:`replay_pgn`) is ``chess.pgn.read_game(handle,
Visitor=chess.pgn.BoardBuilder)``: python-chess's fastest reading that still parses every
SAN move against the board (so each move is legality-checked, and an illegal one raises),
building only the final board, whose outcome is then asked for, like a score of the game.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

PGN_FILE = Path(__file__).resolve().parent / "data" / "random-games.pgn"
PGN_GAMES = 200
PGN_SEED = 2026
#: A cap on plies so the random games are about as long as real ones (and not 500 plies).
MAX_PLIES = 160


def missing() -> str | None:
    """Why the python-chess baselines cannot run here (``None`` when they can)."""
    from importlib.util import find_spec

    if find_spec("chess") is None:
        return "python-chess is not installed (it is the 'bench' extra: pip install -e '.[bench]')"
    return None


def random_game(rng: random.Random, max_plies: int = MAX_PLIES) -> Any:
    """One random legal game as a ``chess.pgn.Game`` (ends at mate/draw or at ``max_plies``)."""
    import chess
    import chess.pgn

    board = chess.Board()
    while not board.is_game_over(claim_draw=False) and board.ply() < max_plies:
        moves = list(board.legal_moves)
        board.push(moves[rng.randrange(len(moves))])
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = "burgundy benchmark: seeded random legal game"
    game.headers["Site"] = "generated"
    game.headers["Result"] = board.result(claim_draw=False)
    return game


def write_corpus(path: Path = PGN_FILE, games: int = PGN_GAMES, seed: int = PGN_SEED) -> Path:
    """Write the shipped PGN corpus: ``games`` random games from ``seed``."""
    rng = random.Random(seed)
    out = io.StringIO()
    for number in range(1, games + 1):
        game = random_game(rng)
        game.headers["Round"] = str(number)
        out.write(str(game) + "\n\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def split_corpus(parts: int, folder: Path, path: Path = PGN_FILE) -> list[Path]:
    """The corpus cut into ``parts`` files of whole games, so that each is replayed only once."""
    games = path.read_text(encoding="utf-8").strip().split("\n\n[Event ")
    games = [games[0]] + ["[Event " + game for game in games[1:]]
    size = -(-len(games) // parts)
    files = []
    for index in range(parts):
        part = folder / f"pgn-part-{index}.pgn"
        part.write_text("\n\n".join(games[index * size:(index + 1) * size]) + "\n", encoding="utf-8")
        files.append(part)
    return files


def replay_pgn(path: Path = PGN_FILE) -> tuple[int, int]:
    """Read every game of ``path`` to its final board, each move checked: (games, moves).

    ``BoardBuilder``'s error handler raises, so an illegal or unreadable move stops the
    run instead of being skipped.
    """
    import chess.pgn

    games = moves = 0
    with path.open(encoding="utf-8") as handle:
        while (board := chess.pgn.read_game(handle, Visitor=chess.pgn.BoardBuilder)) is not None:
            moves += len(board.move_stack)
            board.outcome(claim_draw=False)
            games += 1
    return games, moves


if __name__ == "__main__":
    print(f"wrote {write_corpus()}")
