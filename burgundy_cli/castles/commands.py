"""The typed commands of The Castles of Burgundy: what one notation line means, before legality.

This module is the contract between the notation (text -> command, command -> canonical
text) and the engine (command + state -> verdict / new state). A command here has been
*read*; nothing in it has been checked against a position. Each kind is a slotted
dataclass (a value, never changed once read) with a kebab-case ``kind`` tag, and
:data:`Command` is their union, told apart by ``kind``. The notation reader builds commands directly (it checks every field itself);
:func:`validate_command` validates one given as plain data (tests, tools) with
pydantic-core, from these same declarations (see :mod:`burgundy_cli.core.schema`).

Conventions used by every model:

* ``player`` is a player name exactly as listed in the record's ``[game] players``;
* a tile is named by its canonical tile name from :mod:`burgundy_cli.castles.tiles`
  (``castle``, ``mine``, ``ship``, ``cow2``..``cow4``, ``pig2``.., ``sheep2``.., ``chicken2``..,
  ``warehouse``, ``carpenter``, ``church``, ``market``, ``boarding-house``, ``bank``,
  ``city-hall``, ``watchtower``, ``k1``..``k26`` for the yellow knowledge/monastery tiles);
* a duchy space is a coordinate ``<row letter a-g><column 1..n>`` read on the printed board
  (row a has 4 spaces, b 5, c 6, d 7, e 6, f 5, g 4; ``d4`` is the centre);
* a depot is 1..6 (numbered depots); the black depot is never numbered.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from burgundy_cli.core.schema import Length, Pattern, Range, command_class, validate

DieValue = Annotated[int, Range(1, 6)]
DepotNumber = Annotated[int, Range(1, 6)]
#: Goods are typed by die value 1-6.
GoodsType = Annotated[int, Range(1, 6)]
TileName = Annotated[str, Length(1, 32)]
SpaceName = Annotated[str, Pattern(r"^[a-g][1-7]$")]
PlayerName = Annotated[str, Length(1, 40)]
PhaseLetter = Literal["A", "B", "C", "D", "E"]



# --- actions: what a die (or an effect granting an extra action) does --------------------


@command_class
class TakeAction:
    """Take a hex tile from a numbered depot into storage.

    With a die, the depot is the die value as used; an effect (carpenter, church, market,
    castle) names the depot itself. ``discard`` names the stored tile given up when the
    3 storage spaces are already full.
    """

    kind: Literal["take"] = "take"
    tile: TileName
    depot: DepotNumber | None = None
    discard: TileName | None = None


@command_class
class PlaceAction:
    """Place a stored tile on an empty duchy space, with the choices its effect needs.

    ``goods``: the depot a ship takes goods from (None: no goods anywhere to take).
    ``goods2``: with knowledge tile 5, a second depot next to ``goods`` (1 and 6 are
    neighbours) whose goods the ship also takes.
    ``keep``: the goods types the ship takes when storage (3 types) cannot hold every
    type offered; None means "everything that fits" (only valid when that is no choice).
    ``then``: the action granted by the placed tile -- a castle's extra action, a
    warehouse's sale, a carpenter's/church's/market's take, a city hall's placement.
    ``buy``: 2019 only -- the turn's black-depot purchase made *during* this action, after
    the tile is placed and before ``then``; its ``player`` is the line's player. The engine
    accepts it only when ``then`` places the bought tile (any other purchase is written as
    its own buy line; docs/rulings.md, ``cob.buy.during-use``).
    """

    kind: Literal["place"] = "place"
    tile: TileName
    space: SpaceName
    goods: DepotNumber | None = None
    goods2: DepotNumber | None = None
    keep: tuple[GoodsType, ...] | None = None
    then: Action | None = None
    buy: BuyCommand | None = None


@command_class
class SellAction:
    """Sell every goods tile of one type (the die value, or any type via a warehouse).

    ``then``: with the 2019 trade routes, the actions granted by the choice bonuses of the
    route spaces the sold goods matched, in route order (a bonus left out is declined).
    """

    kind: Literal["sell"] = "sell"
    goods: GoodsType
    then: tuple[Action, ...] = ()


@command_class
class WorkersAction:
    """Take 2 worker tiles (any die value)."""

    kind: Literal["workers"] = "workers"


Action = Union[TakeAction, PlaceAction, SellAction, WorkersAction]


# --- commands: one notation line each ------------------------------------------------------


@command_class
class DieCommand:
    """A player spends one of their two dice on an action.

    ``rolled`` is the die as it lies on the table; ``value`` the number it is used as
    (defaults to ``rolled``). The engine computes the workers it costs (1 per step,
    6 and 1 adjacent) and any free change a knowledge tile allows.
    """

    kind: Literal["die"] = "die"
    player: PlayerName
    rolled: DieValue
    value: DieValue | None = None
    action: Action


@command_class
class BuyCommand:
    """Buy one tile from the black depot for 2 silverlings (once per turn).

    ``depot``: 2011 knowledge tile 6 buys from a numbered depot instead. ``pay_workers``:
    2019 knowledge tile 6 pays workers instead of silverlings.
    """

    kind: Literal["buy"] = "buy"
    player: PlayerName
    tile: TileName
    depot: DepotNumber | None = None
    discard: TileName | None = None
    pay_workers: Annotated[int, Range(0, 2)] = 0


@command_class
class PassCommand:
    """A player gives up the dice they have not used this turn."""

    kind: Literal["pass"] = "pass"
    player: PlayerName


@command_class
class CorrectionCommand:
    """A manual correction by the table, kept visible in the log (Terra Mystica style).

    Adds ``amount`` (may be negative) of ``resource`` to ``player``: ``silver``,
    ``workers``, ``vp`` or ``goods<N>``. Used when the table fixes a mistake the record
    cannot otherwise express; it is never needed in a game recorded correctly.
    """

    kind: Literal["correction"] = "correction"
    player: PlayerName
    resource: Literal["silver", "workers", "vp", "goods1", "goods2", "goods3", "goods4", "goods5", "goods6"]
    amount: int
    note: str = ""


# --- table events: what chance brought (dice, reveals, goods) -------------------------------


@command_class
class RollEvent:
    """The dice rolled at the start of a round: every player's two dice and the white die.

    ``good`` is the type of the goods tile the white die puts on its depot (the top tile
    of the phase's stack); None when the record does not say which good it was.
    """

    kind: Literal["roll"] = "roll"
    white: DieValue
    good: GoodsType | None = None
    dice: dict[PlayerName, tuple[DieValue, DieValue]]


@command_class
class RevealEvent:
    """The tiles laid out at the start of a phase on one depot (``depot`` 0 = the black depot)."""

    kind: Literal["reveal"] = "reveal"
    depot: Annotated[int, Range(0, 6)]
    tiles: list[TileName]


@command_class
class PhaseGoodsEvent:
    """The five goods tiles of a phase's stack, in the order they will come out."""

    kind: Literal["phase-goods"] = "phase-goods"
    goods: Annotated[list[GoodsType], Length(5, 5)]


Command = Union[DieCommand, BuyCommand, PassCommand, CorrectionCommand, RollEvent, RevealEvent, PhaseGoodsEvent]


def validate_command(data: Any) -> Command:
    """A command from plain data (``{"kind": "die", "player": ..., "action": {...}}``).

    :raises pydantic_core.ValidationError: what does not fit the declarations above.
    """
    return validate(Command, data)
