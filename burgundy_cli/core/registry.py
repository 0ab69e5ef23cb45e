"""Which games exist and where their packages live; a game is imported only when used."""

from __future__ import annotations

import importlib
from difflib import get_close_matches

from burgundy_cli.core.errors import Location, RecordError
from burgundy_cli.core.game import Game

#: Game name (as written in a record's ``[game] name``) -> module exposing ``GAME``.
GAMES: dict[str, str] = {
    "castles-of-burgundy": "burgundy_cli.castles",
    "robber-knights": "burgundy_cli.robber_knights",
}


def find_game(name: str, location: Location | None = None) -> Game:
    """The game registered as ``name``.

    :raises RecordError: no such game (with the closest name as a suggestion).
    """
    module = GAMES.get(name.strip().lower())
    if module is None:
        close = get_close_matches(name.lower(), GAMES, n=1)
        hint = f"did you mean '{close[0]}'?" if close else "known games: " + ", ".join(GAMES)
        raise RecordError(f"unknown game '{name}'", location=location, hint=hint)
    return importlib.import_module(module).GAME
