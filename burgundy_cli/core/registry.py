"""Which games exist and where their packages live; a game is imported only when used."""

from __future__ import annotations

from dataclasses import dataclass
import sys

from burgundy_cli.core.errors import Location, RecordError, UsageError

TYPE_CHECKING = False  # (not typing's: every command imports this module before its game)
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

    from burgundy_cli.core.game import Game

#: Game name (as written in a record's ``[game] name``) -> module exposing ``GAME``.
GAMES: dict[str, str] = {
    "castles-of-burgundy": "burgundy_cli.castles",
    "robber-knights": "burgundy_cli.robber_knights",
}


@dataclass(frozen=True, slots=True)
class LazyGame:
    """A :class:`~burgundy_cli.core.game.Game` whose modules load on first use.

    A game package defines its ``GAME`` as one of these: its name, editions and the
    top-level tables its records have, and the functions behind ``open`` and ``playout``
    as ``"module:function"``; nothing of the game
    (engine, data, commands) is imported until a command calls one of them, so
    ``burgundy`` starts fast whatever the number of games.
    """

    name: str
    editions: tuple[str, ...]
    tables: tuple[str, ...]
    open_session: str
    play_out: str

    def open(self, doc: Any, header: Any) -> Any:
        """Replay and verify a record; the first bad line stops it with a located error."""
        return _function(self.open_session)(doc, header)

    def playout(self, players: int, seed: int, edition: str | None = None,
                stop_after: int | None = None, modules: tuple[str, ...] = ()) -> dict[str, Any]:
        """Deal and play a game from ``seed`` with a seeded policy; the record as data.
        ``modules``: expansion modules to play with (only games that have them take any)."""
        extra = {"modules": modules} if modules else {}
        return _function(self.play_out)(players, seed, edition=edition, stop_after=stop_after, **extra)


def _function(path: str) -> Any:
    """The function named ``"package.module:function"``, importing its module."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


def import_module(name: str) -> Any:
    """The module ``name`` (absolute), imported if it was not: ``importlib.import_module``
    without importing the ``importlib`` package at every command's start."""
    __import__(name)
    return sys.modules[name]


def game_module_name(game: str, part: str) -> str:
    """The absolute name of the module that is ``part`` of the game called ``game``: one of the
    parts the core reads a game through -- ``notation`` (``parse_line``), ``setup``
    (``position_data``), ``scoring`` (``ADJUSTMENTS``), ``svg``, ``table`` and ``jsonschema``.
    It is ``<package>.<part>`` unless the game's package maps the part elsewhere in its
    ``PARTS`` (Castles: a package per concern)."""
    package = GAMES[game]
    parts: dict[str, str] = getattr(import_module(package), "PARTS", {})
    return parts.get(part, f"{package}.{part}")


def game_module(game: str, part: str) -> Any:
    """The module that is ``part`` of the game called ``game`` (see :func:`game_module_name`)."""
    return import_module(game_module_name(game, part))


def game_key(name: str) -> str:
    """``name`` as the registry spells a game when it is one (``Castles-Of-Burgundy `` and
    ``Robber Knights`` are ``castles-of-burgundy`` and ``robber-knights``: case does not
    matter, and words may be joined by spaces, hyphens or underscores, as the box and the
    players write them), else ``name`` unchanged. The record's header reads its name through
    this, so every command sees the one spelling."""
    key = "-".join(name.replace("_", " ").replace("-", " ").split()).lower()
    return key if key in GAMES else name


def find_game(name: str, location: Location | None = None) -> Game:
    """The game registered as ``name`` (in any case and spacing, :func:`game_key`).

    :raises RecordError: no such game (with the closest name as a suggestion).
    """
    module = GAMES.get(game_key(name))
    if module is None:
        from burgundy_cli.core.suggest import did_you_mean

        raise RecordError(f"unknown game '{name}'", location=location, hint=did_you_mean(name, GAMES))
    return import_module(module).GAME


def table_helpers(session: Any) -> ModuleType:
    """The ``table`` module of a session's game (``burgundy_cli.castles.record.table``, ...):
    what the table session and a journal's check ask of the game.

    :raises UsageError: the game has none (a game may be refereed without a table session).
    """
    import importlib

    name = game_module_name(session.header.name, "table")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name is not None and not name.startswith(err.name):
            raise
        raise UsageError(f"{session.header.name} has no table session; play it line by line") from None
