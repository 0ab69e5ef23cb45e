"""Robber Knights (R. Dorn): rules, data, notation and records for the ``burgundy`` tool.

Importing this package is cheap: the engine, the pydantic models and the component data
load on first use, through the :data:`GAME` object the core's registry asks for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from burgundy_cli.core.game import GameHeader
    from burgundy_cli.core.record import RecordDoc
    from burgundy_cli.robber_knights.session import RobberKnightsSession


class RobberKnights:
    """The :class:`burgundy_cli.core.game.Game` of Robber Knights (one edition, 2-4 players)."""

    name: ClassVar[str] = "robber-knights"
    editions: ClassVar[tuple[str, ...]] = ()

    def parse(self, text: str) -> Any:
        """Read one notation line into a command (see :mod:`.notation`)."""
        from burgundy_cli.robber_knights.notation import parse_line

        return parse_line(text)

    def open(self, doc: RecordDoc, header: GameHeader) -> RobberKnightsSession:
        """Replay and verify a record (see :mod:`.session`)."""
        from burgundy_cli.robber_knights.session import open_session

        return open_session(doc, header)

    def playout(self, players: int, seed: int, edition: str | None = None,
                stop_after: int | None = None) -> dict[str, Any]:
        """Deal a game from ``seed`` and play it with a seeded policy (see :mod:`.playout`)."""
        from burgundy_cli.robber_knights.playout import playout

        return playout(players, seed, edition=edition, stop_after=stop_after)


GAME = RobberKnights()
