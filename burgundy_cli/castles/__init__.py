"""The Castles of Burgundy (Stefan Feld; editions 2011 and 2019): rules, notation and records.

This module only defines :data:`GAME`, the object the command line talks to, and
:data:`PARTS`; everything heavy (data files, engine, commands) is imported on first use, so
that ``burgundy`` starts fast. One package per concern: the base game's rules and engine
(:mod:`.rules`), the 2019 modules (:mod:`.modules`), records and their tables
(:mod:`.record`), the game as shown (:mod:`.views`); notation: :mod:`.notation`; move
generation: :mod:`.movegen`; seeded playouts: :mod:`.playout`.
"""

from __future__ import annotations

from burgundy_cli.core.registry import LazyGame

GAME = LazyGame(
    name="castles-of-burgundy",
    editions=("2011", "2019"),
    tables=("game", "setup", "position", "end", "duchies", "log", "result"),
    open_session="burgundy_cli.castles.record.session:open_session",
    play_out="burgundy_cli.castles.playout:playout",
)

#: Where the parts the core reads a game through live (``core.registry.game_module``), each in
#: its concern's package; the notation is ``notation``, where the core looks by default.
PARTS = {
    "setup": "burgundy_cli.castles.record.setup",
    "scoring": "burgundy_cli.castles.rules.scoring",
    "svg": "burgundy_cli.castles.views.svg",
    "table": "burgundy_cli.castles.record.table",
    "jsonschema": "burgundy_cli.castles.record.jsonschema",
}
