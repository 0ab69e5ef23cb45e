"""The layout of a Castles of Burgundy record, for its JSON Schema (:mod:`burgundy_cli.core.jsonschema`).

The ``[setup]``, ``[position]``, ``[end]`` and ``[duchies]`` tables are their declarations in
:mod:`burgundy_cli.castles.record.setup` and its neighbours; ``[log]`` is written here because the record reader
checks it by hand (``castles/record/session.py``): rounds ``A1``..``E5`` (any case), each a list of
notation lines.
"""

from __future__ import annotations

from typing import Any

from burgundy_cli.castles.record.end_table import EndTable
from burgundy_cli.castles.record.position_table import PositionTable
from burgundy_cli.castles.record.setup import DuchyTable, IslandDuchyTable
from burgundy_cli.castles.record.setup_table import SetupTable

TITLE = "The Castles of Burgundy"

#: The tables of which a record has exactly one: how the game starts.
STARTS = ("setup", "position", "end")

LOG: dict[str, Any] = {
    "type": "object",
    "description": "Every line of the game, by round: A1, A2, ... E5 (phase letter, round number), in game order.",
    "propertyNames": {"pattern": "^[A-Ea-e][1-5]$"},
    "additionalProperties": {"type": "array", "items": {"type": "string"}},
}

TABLES: dict[str, Any] = {"setup": SetupTable, "position": PositionTable, "end": EndTable, "duchies": dict[str, DuchyTable | IslandDuchyTable],
                          "log": LOG}
