"""Robber Knights (R. Dorn): rules, data, notation and records for the ``burgundy`` tool.

Importing this package is cheap: the engine, the commands and the component data
load on first use, through the :data:`GAME` object the core's registry asks for.
Notation: :mod:`.notation`; records and replay: :mod:`.session`; seeded playouts:
:mod:`.playout`. Robber Knights has one edition, so records name none.
"""

from __future__ import annotations

from burgundy_cli.core.registry import LazyGame

GAME = LazyGame(
    name="robber-knights",
    editions=(),
    tables=("game", "setup", "position", "end", "play", "result"),
    open_session="burgundy_cli.robber_knights.session:open_session",
    play_out="burgundy_cli.robber_knights.playout:playout",
)
