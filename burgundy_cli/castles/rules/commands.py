"""The typed commands of The Castles of Burgundy: what one notation line means, before legality.

This module is the contract between the notation (text -> command, command -> canonical
text) and the engine (command + state -> verdict / new state). A command here has been
*read*; nothing in it has been checked against a position. Each kind is a frozen pydantic
``BaseModel`` (:class:`~burgundy_cli.core.models.CommandModel`) with a kebab-case ``kind`` tag, and
:data:`Command` is their discriminated union, told apart by ``kind``. The notation reader
builds commands by calling the models; :func:`validate_command` validates one given as
plain data (tests, tools).

Conventions used by every model:

* ``player`` is a player name exactly as listed in the record's ``[game] players``;
* a tile is named by its canonical tile name from :mod:`burgundy_cli.castles.rules.tiles`
  (``castle``, ``mine``, ``ship``, ``cow2``..``cow4``, ``pig2``.., ``sheep2``.., ``chicken2``..,
  ``warehouse``, ``carpenter``, ``church``, ``market``, ``boarding-house``, ``bank``,
  ``city-hall``, ``watchtower``, ``k1``..``k26`` for the yellow knowledge/monastery tiles);
* a duchy space is a coordinate ``<row letter a-g><column 1..n>`` read on the printed board
  (row a has 4 spaces, b 5, c 6, d 7, e 6, f 5, g 4; ``d4`` is the centre);
* a depot is 1..6 (numbered depots); the black depot is never numbered.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from burgundy_cli.core.models import CommandModel, FromList, patterned

DieValue = Annotated[int, Field(ge=1, le=6)]
DepotNumber = Annotated[int, Field(ge=1, le=6)]
#: Goods are typed by die value 1-6.
GoodsType = Annotated[int, Field(ge=1, le=6)]
TileName = Annotated[str, Field(min_length=1, max_length=32)]
SpaceName = patterned(r"^r?[a-g][1-7]$", "a duchy space, a row a-g and a place 1-7 like c2")  # r: a 2019 team board's right half
PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
PhaseLetter = Literal["A", "B", "C", "D", "E"]
#: The 2019 shields are numbered 1-18.
ShieldNumber = Annotated[int, Field(ge=1, le=18)]
#: A VP category one placement may score (its partial gains): the order a solo player moves
#: the VP counter by them is theirs to choose (2019 "THE SOLO GAME", the note).
PlacementGain = Literal["areas", "area-phase-bonus", "animals", "watchtowers", "monastery", "inns", "geese"]



# --- actions: what a die (or an effect granting an extra action) does --------------------


class TakeAction(CommandModel):
    """Take a hex tile from a numbered depot into storage.

    With a die, the depot is the die value as used; an effect (carpenter, church, market,
    castle) names the depot itself. ``discard`` names the stored tile given up when the
    3 storage spaces are already full. ``shared`` (2019 team game): into the team's shared
    storage, not the player's private one (the discard is then from the shared storage).
    """

    kind: Literal["take"] = "take"
    tile: TileName
    depot: DepotNumber | None = None
    discard: TileName | None = None
    shared: bool = False


# The field ``copy`` (the vocabulary's word, and its JSON key) hides ``BaseModel.copy``,
# pydantic v1's deprecated name of ``model_copy``, which this package never calls: pydantic
# warns about that when it makes the class, and the warning is no news to a user.
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message='Field name "copy" in "PlaceAction" shadows', category=UserWarning)

    class PlaceAction(CommandModel):
        """Place a stored tile on an empty duchy space, with the choices its effect needs.

        ``goods``: the depot a ship takes goods from (None: no goods anywhere to take).
        ``goods2``: with knowledge tile 5, a second depot next to ``goods`` (1 and 6 are
        neighbours) whose goods the ship also takes.
        ``keep``: the goods types the ship takes when storage (3 types) cannot hold every
        type offered; None means "everything that fits" (only valid when that is no choice).
        ``then``: the action granted by the placed tile -- a castle's extra action, a
        warehouse's sale, a carpenter's/church's/market's take, a city hall's placement, a
        2019 white castle's action with the white die (its depot, space or goods type says the
        number the white die is used as; workers pay for a change).
        ``copy``: 2019 crane -- the building whose effect the placed crane triggers (``as bank``);
        None: none (the crane's effect is a "may").
        ``livestock``: 2019 geese -- the other livestock type on their pasture whose VP they
        score (``with sheep``); None: the type that scores most.
        ``buy``: 2019 only -- the turn's black-depot purchase made *during* this action, after
        the tile is placed and before ``then``; its ``player`` is the line's player. The engine
        accepts it only when ``then`` places the bought tile (any other purchase is written as
        its own buy line; docs/rulings.md, ``cob.buy.during-use``).
        ``shared`` (2019 team game): the tile comes from the team's shared storage, not the
        player's private one.
        ``order`` (2019 solo game): the order in which the placement's gains (VP categories)
        move the VP counter ("You choose the order in which you take any (partial) game
        actions"); None: the order best for the player (docs/rulings.md).
        """

        kind: Literal["place"] = "place"
        tile: TileName
        space: SpaceName
        goods: DepotNumber | None = None
        goods2: DepotNumber | None = None
        keep: Annotated[tuple[GoodsType, ...], FromList] | None = None
        then: GrantedAction | None = None
        buy: BuyCommand | None = None
        copy: TileName | None = None
        livestock: Literal["cow", "sheep", "pig", "chicken"] | None = None
        order: Annotated[tuple[PlacementGain, ...], FromList] | None = None
        shared: bool = False


class SellAction(CommandModel):
    """Sell every goods tile of one type (the die value, or any type via a warehouse).

    ``then``: with the 2019 trade routes, the actions granted by the choice bonuses of the
    route spaces the sold goods matched, in route order (a bonus left out is declined).
    """

    kind: Literal["sell"] = "sell"
    goods: GoodsType
    then: Annotated[tuple[Action, ...], FromList] = ()


class WorkersAction(CommandModel):
    """Take 2 worker tiles (any die value)."""

    kind: Literal["workers"] = "workers"


class ShieldAction(CommandModel):
    """2019 shields, shield 11: a castle's extra action takes ``shield`` (from any depot) onto
    the castle on ``space``."""

    kind: Literal["shield"] = "shield"
    shield: ShieldNumber
    space: SpaceName


# An action inside a command is a plain union (each member's ``kind`` still tells them apart
# in data): the readers pass an action already made, which a plain union accepts by its
# class, where a tagged union would read its ``kind`` first -- measurably dearer a line.
Action = TakeAction | PlaceAction | SellAction | WorkersAction
#: What a placed tile may grant: an action, or (2019 shields, shield 11) a castle's shield.
GrantedAction = TakeAction | PlaceAction | SellAction | WorkersAction | ShieldAction


# --- commands: one notation line each ------------------------------------------------------


class DieCommand(CommandModel):
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


class BuyCommand(CommandModel):
    """Buy one tile from the black depot for 2 silverlings (once per turn).

    ``depot``: 2011 knowledge tile 6 buys from a numbered depot instead. ``pay_workers``:
    2019 knowledge tile 6 pays workers instead of silverlings. ``shared`` (2019 team game):
    into the team's shared storage.
    """

    kind: Literal["buy"] = "buy"
    player: PlayerName
    tile: TileName
    depot: DepotNumber | None = None
    discard: TileName | None = None
    pay_workers: Annotated[int, Field(ge=0, le=2)] = 0
    shared: bool = False


class HireCommand(CommandModel):
    """2019 extra tile #28 in the player's duchy: buy workers from the supply, 2 for 1 silverling.

    ``workers``: how many are bought (an even number: they come in pairs).
    """

    kind: Literal["hire"] = "hire"
    player: PlayerName
    workers: Annotated[int, Field(ge=1, le=98)]


class CraneCommand(CommandModel):
    """2019 crane: the building type the player's crane counts as at the final scoring
    (knowledge tiles 16-23 and 29), stated after the game's end; left out, the referee
    counts it as the type that scores most (docs/rulings.md)."""

    kind: Literal["crane"] = "crane"
    player: PlayerName
    building: TileName


class PassCommand(CommandModel):
    """A player gives up the dice they have not used this turn."""

    kind: Literal["pass"] = "pass"
    player: PlayerName


class CorrectionCommand(CommandModel):
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


class RollEvent(CommandModel):
    """The dice rolled at the start of a round: every player's two dice and the white die.

    ``good`` is the type of the goods tile the white die puts on its depot (the top tile
    of the phase's stack); None when the record does not say which good it was.
    """

    kind: Literal["roll"] = "roll"
    white: DieValue
    good: GoodsType | None = None
    dice: dict[PlayerName, Annotated[tuple[DieValue, DieValue], FromList]]


class RevealEvent(CommandModel):
    """The tiles laid out at the start of a phase on one depot (``depot`` 0 = the black depot)."""

    kind: Literal["reveal"] = "reveal"
    depot: Annotated[int, Field(ge=0, le=6)]
    tiles: list[TileName]


class PhaseGoodsEvent(CommandModel):
    """The five goods tiles of a phase's stack, in the order they will come out."""

    kind: Literal["phase-goods"] = "phase-goods"
    goods: Annotated[list[GoodsType], Field(min_length=5, max_length=5)]


# --- 2019 shields module -------------------------------------------------------------------


class ShieldCommand(CommandModel):
    """Doubles used to take ``shield`` from the depot of their number onto the castle on
    ``space``, instead of both dice actions. ``dice``: both dice as rolled; ``value``: the
    number workers turn both into (None: they show the same number)."""

    kind: Literal["shield"] = "shield"
    player: PlayerName
    dice: Annotated[tuple[DieValue, DieValue], FromList]
    value: DieValue | None = None
    shield: ShieldNumber
    space: SpaceName


class TributeCommand(CommandModel):
    """The tribute a player pays at this phase's end, said ahead: the shields given up
    (``drop``) and how many of the others shield 3 pays with workers (None: silver first)."""

    kind: Literal["tribute"] = "tribute"
    player: PlayerName
    drop: Annotated[tuple[ShieldNumber, ...], FromList] = ()
    workers: Annotated[int, Field(ge=0, le=18)] | None = None


class ShieldGoodsCommand(CommandModel):
    """Shield 5: right after placing a ship, every goods tile of type ``goods`` on the depots."""

    kind: Literal["shield-goods"] = "shield-goods"
    player: PlayerName
    goods: GoodsType


class ShieldBorrowCommand(CommandModel):
    """Shield 6: the player whose monastery tiles count as the holder's own."""

    kind: Literal["shield-borrow"] = "shield-borrow"
    player: PlayerName
    lender: PlayerName


class ShieldPlaceCommand(CommandModel):
    """Shields 14 (a numbered depot) and 15 (``depot`` 0, the black depot): at a phase end, a
    tile from the depot straight into the duchy, with its effect (``place``: the placement)."""

    kind: Literal["shield-place"] = "shield-place"
    player: PlayerName
    depot: Annotated[int, Field(ge=0, le=6)]
    place: PlaceAction


# --- 2019 solo game (castles/modules/solo.py) ------------------------------------------------


class SoloRemoveEvent(CommandModel):
    """Solo game: the hex tile removed from the game at a round's start, after the roll --
    the first tile left on the white die's depot, or on the next depot clockwise if that one
    is empty (``remove <depot> <tile>``)."""

    kind: Literal["solo-remove"] = "solo-remove"
    depot: DepotNumber
    tile: TileName


class SoloPlaceCommand(CommandModel):
    """Solo game: a completed colour's reward, a tile from the black depot placed straight
    into the duchy with its effect (``place``: the placement, without a die)."""

    kind: Literal["solo-place"] = "solo-place"
    player: PlayerName
    place: PlaceAction


class SoloExtraCommand(CommandModel):
    """Solo game: the dice action of the player's choice right after the VP counter is reset,
    as a castle's (``action``: any action, any number)."""

    kind: Literal["solo-extra"] = "solo-extra"
    player: PlayerName
    action: GrantedAction


class SoloVpCommand(CommandModel):
    """Solo game: VP bought for 1 silverling each, when VP are gained."""

    kind: Literal["solo-vp"] = "solo-vp"
    player: PlayerName
    vp: Annotated[int, Field(ge=1, le=99)]


class SoloExchangeCommand(CommandModel):
    """Solo game: right after placing a ship, 5 goods tiles (their types, ``goods``) given for a
    tile of the black depot (``tile``), which goes to storage face down as a black hex tile."""

    kind: Literal["solo-exchange"] = "solo-exchange"
    player: PlayerName
    goods: Annotated[tuple[GoodsType, ...], FromList, Field(min_length=1, max_length=99)]
    tile: TileName


@dataclass(frozen=True, slots=True)
class Mended:
    """The fix of a refusal raised while checking one part of a line (a placement, a take, a
    granted action, a purchase inside a placement), which cannot name the whole line: the
    ``part`` refused -- the very object in the command, found in it by identity -- and the
    part ``instead`` the rule accepts. ``words``: the hint's hand-spelt fix ("leave out
    'shared'"), said when no whole line can be offered; the session puts ``instead`` into the
    command, checks the mended line and, when the rules accept it, writes it whole in place of
    ``words`` (``record/clarify.with_fix_hint``). Made only when a refusal is raised."""

    part: CommandModel
    instead: CommandModel
    words: str


def mended(part: CommandModel, words: str, **changes: Any) -> Mended:
    """The :class:`Mended` fix of ``part`` with ``changes`` made (``shared=False``), the
    hint's hand-spelt ``words`` kept for when the mended line is refused too."""
    return Mended(part, part.model_copy(update=changes), words)


def with_part(command: CommandModel, part: CommandModel, instead: CommandModel) -> CommandModel | None:
    """``command`` with ``part`` (an object within it, found by identity: at any depth, a
    granted action, a ``then`` chain, a trade route's actions, a purchase inside a placement,
    or the command itself) replaced by ``instead``; None when ``part`` is not in it."""
    if command is part:
        return instead
    for name, value in command:
        if isinstance(value, CommandModel):
            inner = with_part(value, part, instead)
        elif isinstance(value, tuple) and value and isinstance(value[0], CommandModel):
            items = [with_part(item, part, instead) for item in value]
            found = next((i for i, item in enumerate(items) if item is not None), None)
            inner = None if found is None else value[:found] + (items[found],) + value[found + 1:]
        else:
            continue
        if inner is not None:
            return command.model_copy(update={name: inner})
    return None


#: Every command a notation line of the game reads as, told apart by ``kind``.
Command = Annotated[DieCommand | BuyCommand | PassCommand | CorrectionCommand | RollEvent | RevealEvent
                    | PhaseGoodsEvent | HireCommand | CraneCommand | ShieldCommand | TributeCommand
                    | ShieldGoodsCommand | ShieldBorrowCommand | ShieldPlaceCommand | SoloRemoveEvent
                    | SoloPlaceCommand | SoloExtraCommand | SoloVpCommand | SoloExchangeCommand,
                    Field(discriminator="kind")]

#: Validates a :data:`Command` given as plain data (built on first use).
COMMAND = TypeAdapter(Command, config=ConfigDict(defer_build=True))


def validate_command(data: Any) -> Command:
    """A command from plain data (``{"kind": "die", "player": ..., "action": {...}}``).

    :raises pydantic.ValidationError: what does not fit the declarations above.
    """
    return COMMAND.validate_python(data)
