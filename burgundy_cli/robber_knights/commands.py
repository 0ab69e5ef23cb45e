"""The typed commands of Robber Knights: what one notation line means, before legality.

A command has been *read*, not checked against a position. Each kind is a slotted
value class (a value, never changed once read) with a kebab-case ``kind`` tag;
:data:`Command` is their union, told apart by ``kind``. The notation reader builds commands directly (it checks every field itself);
:func:`validate_command` validates one given as plain data (tests, tools) with
pydantic-core, from these same declarations (see :mod:`burgundy_cli.core.schema`).

* ``player`` is a player name as in the record's ``[game] players``;
* ``tile`` is a canonical tile name from ``components.toml`` (``castle-plain``, ``lake``...);
* ``cell`` is a grid coordinate as ``burgundy show`` prints it: column letter, row number
  (``f6``); row 1 is the top row, north is up.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from burgundy_cli.core.schema import Length, Pattern, Range, command_class, validate

PlayerName = Annotated[str, Length(1, 40)]
TileName = Annotated[str, Length(1, 32)]
CellName = Annotated[str, Pattern(r"^[a-z][1-9][0-9]?$")]
Direction = Literal["north", "east", "south", "west"]

#: Grid step (row, column) of each direction; row numbers grow southwards.
STEPS: dict[str, tuple[int, int]] = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}




@command_class
class LayCommand:
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
    leave: tuple[Annotated[int, Range(0, 30)], ...] = ()

    def check(self) -> None:
        """What the fields alone cannot say; run on validation (the reader checks it itself)."""
        if (self.direction is not None) != (len(self.leave) > 1):
            raise ValueError("a direction is given exactly when knights are left on more than one tile")
        if self.leave and not sum(self.leave):
            raise ValueError("knights placed on a castle number at least 1 (no knights: leave nothing)")

    @property
    def knights(self) -> int:
        """How many knights are placed on the castle (and then moved)."""
        return sum(self.leave)


@command_class
class DrawCommand:
    """The player picks up the top tile of their pile after laying one; the record says which."""

    kind: Literal["draw"] = "draw"
    player: PlayerName
    tile: TileName


@command_class
class EndCommand:
    """The player ends their turn after laying one or two tiles (after three it ends by itself)."""

    kind: Literal["end"] = "end"
    player: PlayerName


Command = Union[LayCommand, DrawCommand, EndCommand]


def validate_command(data: Any) -> Command:
    """A command from plain data (``{"kind": "lay", "player": ..., "tile": ..., "cell": ...}``).

    :raises pydantic_core.ValidationError: what does not fit the declarations above.
    """
    return validate(Command, data)
