"""The Castles of Burgundy (Stefan Feld; editions 2011 and 2019): rules, notation and records.

This module only defines :data:`GAME`, the object the command line talks to; everything
heavy (data files, engine, commands) is imported on first use, so that
``burgundy`` starts fast. Notation: :mod:`.notation`; records and replay: :mod:`.record`;
seeded playouts: :mod:`.playout`.
"""

from __future__ import annotations

from burgundy_cli.core.registry import LazyGame

GAME = LazyGame(
    name="castles-of-burgundy",
    editions=("2011", "2019"),
    tables=("game", "setup", "position", "duchies", "log", "result"),
    open_session="burgundy_cli.castles.record:open_session",
    play_out="burgundy_cli.castles.playout:playout",
)
