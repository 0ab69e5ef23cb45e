"""The typed commands of Robber Knights: what one notation line means, before legality.

A command has been *read*, not checked against a position. Each kind is a frozen
pydantic ``BaseModel`` (:class:`~burgundy_cli.core.models.CommandModel`) with a kebab-case ``kind``
tag; :data:`Command` is their discriminated union, told apart by ``kind``. The notation
reader builds commands by calling the models; :func:`validate_command` validates one given
as plain data (tests, tools).

* ``player`` is a player name as in the record's ``[game] players``;
* ``tile`` is a canonical tile name from ``components.toml`` (``castle-plain``, ``lake``...);
* ``cell`` is a grid coordinate as ``burgundy show`` prints it: column letter, row number
  (``f6``); row 1 is the top row, north is up.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter, model_validator

from burgundy_cli.core.models import CommandModel, FromList, patterned

PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
TileName = Annotated[str, Field(min_length=1, max_length=32)]
#: A cell of the largest grid (a 4-player game's, 19 x 19: ``state.cells_by_name``).
CellName = patterned(r"^[a-s](?:[1-9]|1[0-9])$", "a cell, a column letter a-s and a row number 1-19 like c4")
Direction = Literal["north", "east", "south", "west"]

#: Grid step (row, column) of each direction; row numbers grow southwards.
STEPS: dict[str, tuple[int, int]] = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}




class LayCommand(CommandModel):
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
    leave: Annotated[tuple[Annotated[int, Field(ge=0, le=30)], ...], FromList] = ()

    @model_validator(mode="after")
    def check(self) -> LayCommand:
        """What the fields alone cannot say (the reader checks it itself, with its own words)."""
        if (self.direction is not None) != (len(self.leave) > 1):
            raise ValueError("a direction is given exactly when knights are left on more than one tile")
        if self.leave and not sum(self.leave):
            raise ValueError("knights placed on a castle number at least 1 (no knights: leave nothing)")
        if self.leave and not self.leave[-1]:
            raise ValueError("the stack stops on the last tile it leaves knights on (leave ends with a knight)")
        return self

    @property
    def knights(self) -> int:
        """How many knights are placed on the castle (and then moved)."""
        return sum(self.leave)


class DrawCommand(CommandModel):
    """The player picks up the top tile of their pile after laying one; the record says which."""

    kind: Literal["draw"] = "draw"
    player: PlayerName
    tile: TileName


class EndCommand(CommandModel):
    """The player ends their turn after laying one or two tiles (after three it ends by itself)."""

    kind: Literal["end"] = "end"
    player: PlayerName


#: Every command a notation line of the game reads as, told apart by ``kind``.
Command = Annotated[LayCommand | DrawCommand | EndCommand, Field(discriminator="kind")]

#: Validates a :data:`Command` given as plain data (built on first use).
COMMAND = TypeAdapter(Command, config=ConfigDict(defer_build=True))


def validate_command(data: Any) -> Command:
    """A command from plain data (``{"kind": "lay", "player": ..., "tile": ..., "cell": ...}``).

    :raises pydantic.ValidationError: what does not fit the declarations above.
    """
    return COMMAND.validate_python(data)
