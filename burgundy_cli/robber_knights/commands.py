"""The typed commands of Robber Knights: what one notation line means, before legality.

A command has been *read*, not checked against a position. Each kind is a frozen pydantic
model with a kebab-case ``kind`` tag; :data:`Command` is their discriminated union.

* ``player`` is a player name as in the record's ``[game] players``;
* ``tile`` is a canonical tile name from ``components.toml`` (``castle-plain``, ``lake``...);
* ``cell`` is a grid coordinate as ``burgundy show`` prints it: column letter, row number
  (``f6``); row 1 is the top row, north is up.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
TileName = Annotated[str, Field(min_length=1, max_length=32)]
CellName = Annotated[str, Field(pattern=r"^[a-z][1-9][0-9]?$")]
Direction = Literal["north", "east", "south", "west"]

#: Grid step (row, column) of each direction; row numbers grow southwards.
STEPS: dict[str, tuple[int, int]] = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LayCommand(_Model):
    """Lay a tile from hand on ``cell``; for a castle, bring knights into play and move them.

    ``leave`` lists the knights left on each tile the stack visits, the castle first, in
    ``direction``; its sum is the number of knights placed (0 to 5). With a single entry
    (or none) the stack does not move and ``direction`` is None.
    """

    kind: Literal["lay"] = "lay"
    player: PlayerName
    tile: TileName
    cell: CellName
    direction: Direction | None = None
    leave: tuple[Annotated[int, Field(ge=0, le=30)], ...] = ()

    @model_validator(mode="after")
    def _direction_iff_moving(self) -> LayCommand:
        if (self.direction is not None) != (len(self.leave) > 1):
            raise ValueError("a direction is given exactly when knights are left on more than one tile")
        if self.leave and not sum(self.leave):
            raise ValueError("knights placed on a castle number at least 1 (no knights: leave nothing)")
        return self

    @property
    def knights(self) -> int:
        """How many knights are placed on the castle (and then moved)."""
        return sum(self.leave)


class DrawCommand(_Model):
    """The player picks up the top tile of their pile after laying one; the record says which."""

    kind: Literal["draw"] = "draw"
    player: PlayerName
    tile: TileName


class EndCommand(_Model):
    """The player ends their turn after laying one or two tiles (after three it ends by itself)."""

    kind: Literal["end"] = "end"
    player: PlayerName


Command = Annotated[Union[LayCommand, DrawCommand, EndCommand], Field(discriminator="kind")]



@cache
def command_adapter() -> TypeAdapter[Command]:
    """Validates a command from plain data (tests, fuzzing); built on first use."""
    return TypeAdapter(Command)
