"""The layout of a Robber Knights record, for its JSON Schema (:mod:`burgundy_cli.core.jsonschema`).

``[setup]``, ``[position]`` and ``[end]`` are their declarations in
:mod:`burgundy_cli.robber_knights.setup`; ``[play]`` is written here because the session
checks it by hand (``robber_knights/session.py``): ``moves``, a list of notation lines.
"""

from __future__ import annotations

from typing import Any

from burgundy_cli.robber_knights.setup import EndTable, PositionTable, SetupTable

TITLE = "Robber Knights"

#: The tables of which a record has exactly one: how the game starts.
STARTS = ("setup", "position", "end")

PLAY: dict[str, Any] = {
    "type": "object",
    "description": "Every line of the game, in order.",
    "properties": {"moves": {"type": "array", "items": {"type": "string"}}},
    "additionalProperties": False,
}

TABLES: dict[str, Any] = {"setup": SetupTable, "position": PositionTable, "end": EndTable, "play": PLAY}
