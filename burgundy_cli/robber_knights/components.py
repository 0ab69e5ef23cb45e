"""The Robber Knights components (tile types, area sizes, knight limits), read once from data.

The numbers live in ``components.toml`` beside this module (provenance in ``SOURCES.md``);
this module turns them into plain objects the engine can use without further lookups.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

from burgundy_cli.core.data import package_text


@dataclass(frozen=True, slots=True)
class TileType:
    """One of the nine kinds of landscape tile: a terrain and, maybe, a building."""

    name: str
    terrain: str
    building: str | None
    code: str
    count: int

    @property
    def is_castle(self) -> bool:
        return self.building == "castle"


@dataclass(frozen=True, slots=True)
class Components:
    """Everything fixed by the rulebook that the engine needs."""

    tiles: dict[str, TileType]
    knights_per_player: int
    max_knights_per_tile: int
    max_knights_per_castle: int
    max_lays_per_turn: int
    area: dict[int, int]
    minimum: dict[str, int]
    points: dict[str, int]

    @property
    def tiles_per_player(self) -> int:
        return sum(tile.count for tile in self.tiles.values())


@cache
def components() -> Components:
    """The components, loaded from the package data on first use."""
    data = tomllib.loads(package_text(__package__, "components.toml"))
    tiles = {
        entry["name"]: TileType(entry["name"], entry["terrain"], entry.get("building"), entry["code"], entry["count"])
        for entry in data["tile"]
    }
    return Components(
        tiles=tiles,
        knights_per_player=data["knights_per_player"],
        max_knights_per_tile=data["max_knights_per_tile"],
        max_knights_per_castle=data["max_knights_per_castle"],
        max_lays_per_turn=data["max_lays_per_turn"],
        area={int(players): side for players, side in data["area"].items()},
        minimum=dict(data["minimum"]),
        points=dict(data["points"]),
    )
