"""Which games exist and where their packages live; a game is imported only when used."""

from __future__ import annotations

import importlib

from burgundy_cli.core.errors import Location, RecordError
from burgundy_cli.core.game import Game
from burgundy_cli.core.suggest import did_you_mean

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
        raise RecordError(f"unknown game '{name}'", location=location, hint=did_you_mean(name, GAMES))
    return importlib.import_module(module).GAME
