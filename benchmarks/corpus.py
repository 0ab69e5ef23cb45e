"""The replay corpus: complete 4-player games made by each game's seeded playout.

Records are written with the canonical writer, so they are exactly what ``burgundy
playout`` writes. Seeds are fixed (0, 1, 2, ...), so two runs measure the same games;
Castles of Burgundy seeds alternate between its editions.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Corpus:
    """Complete records of one game, written to files, and how many notation lines they hold."""

    name: str
    files: list[Path]
    lines: int


def game(name: str) -> Any:
    """The registered game ``name`` (its ``GAME`` object)."""
    from burgundy_cli.core.registry import GAMES

    return importlib.import_module(GAMES[name]).GAME


def count_lines(name: str, data: dict[str, Any]) -> int:
    """How many notation lines a record holds.

    The core does not know where a game keeps its move log, so every string outside the
    ``[game]`` and ``[result]`` tables is offered to the game's notation reader (its
    package's ``notation.parse_line``); the strings it reads as a command are the lines
    (setup values such as tile names do not parse as one).
    """
    from burgundy_cli.core.errors import RefereeError
    from burgundy_cli.core.registry import GAMES

    parse = importlib.import_module(GAMES[name] + ".notation").parse_line
    count = 0
    stack: list[Any] = [value for key, value in data.items() if key not in ("game", "result")]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                parse(item)
            except RefereeError:
                continue
            count += 1
    return count


def corpus(name: str, size: int, folder: Path) -> Corpus:
    """``size`` complete 4-player records of game ``name`` from seeds 0, 1, ..., written into ``folder``."""
    from burgundy_cli.core.record import dump_record

    played = game(name)
    editions = tuple(getattr(played, "editions", ()) or ()) or (None,)
    folder.mkdir(parents=True, exist_ok=True)
    files, lines = [], 0
    for seed in range(size):
        data = played.playout(4, seed, edition=editions[seed % len(editions)], stop_after=None)
        path = folder / f"{name}-{seed:04d}.toml"
        path.write_text(dump_record(data), encoding="utf-8")
        files.append(path)
        lines += count_lines(name, data)
    return Corpus(name, files, lines)
