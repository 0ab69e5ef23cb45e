"""The Castles of Burgundy (Stefan Feld; editions 2011 and 2019): rules, notation and records.

This module only defines :data:`GAME`, the object the command line talks to; everything
heavy (data files, engine, pydantic models) is imported on first use inside its methods,
so that ``burgundy`` starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from burgundy_cli.castles.commands import Command
    from burgundy_cli.core.game import GameHeader, Session
    from burgundy_cli.core.record import RecordDoc


class CastlesOfBurgundy:
    """The Castles of Burgundy as a :class:`burgundy_cli.core.game.Game`."""

    name: ClassVar[str] = "castles-of-burgundy"
    editions: ClassVar[tuple[str, ...]] = ("2011", "2019")

    def parse(self, text: str) -> Command:
        """Read one notation line (see docs/notation.md); syntax only."""
        from burgundy_cli.castles.notation import parse_line

        return parse_line(text)

    def open(self, doc: RecordDoc, header: GameHeader) -> Session:
        """Replay and verify a record; the first bad line stops it with a located error."""
        from burgundy_cli.castles.record import open_session

        return open_session(doc, header)

    def playout(self, players: int, seed: int, edition: str | None = None,
                stop_after: int | None = None) -> dict[str, Any]:
        """Deal and play a game from ``seed`` with a seeded policy; the record as data."""
        from burgundy_cli.castles.playout import playout

        return playout(players, seed, edition=edition, stop_after=stop_after)


GAME = CastlesOfBurgundy()
