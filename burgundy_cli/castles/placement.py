"""Where a tile may be placed: the placement rules, each written once.

A :class:`PlacementRule` is one condition of the rulebook on the space a tile goes to --
an empty space, of the tile's colour, showing the die's number, next to a placed tile, one
building of a type per city. ``engine.check``, ``engine.play`` (and so replay) and the move
generator all ask :func:`placement_refusal`, which runs the game's rules
(``state.ruleset.placement``) in order, so the first rule broken names the error. A rule
module adds, replaces or lifts rules there (:mod:`burgundy_cli.castles.modules`): the 2019
inns add "one inn per area", shield 18 lifts adjacency.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from burgundy_cli.castles.boards import SPACES, space_name
from burgundy_cli.castles.state import GameState, PlayerState
from burgundy_cli.castles.tiles import COLOUR_NAME, TileKind

#: ``allows(player, kind, space, value)``: the condition holds for placing a tile of ``kind``
#: on ``space`` (``value``: the number the space must show, None for "any number").
Allows = Callable[[PlayerState, TileKind, int, "int | None"], bool]
#: ``refusal(state, player, kind, space, value) -> (message, hint)``: why not, for the error.
Refusal = Callable[[GameState, PlayerState, TileKind, int, "int | None"], "tuple[str, str | None]"]


@dataclass(frozen=True, slots=True)
class PlacementRule:
    """One condition on the space a tile is placed on.

    ``rule_id``: the rule of :data:`burgundy_cli.castles.rules.RULES` an error names.
    ``uses_value``: the condition looks at ``value`` (the move generator re-asks only such
    rules for each die value). ``spaces(board, kind)``: optional, the only spaces the rule
    can allow given the board alone (an index: the move generator starts from it, and still
    asks ``allows`` of every space it yields).
    """

    rule_id: str
    allows: Allows
    refusal: Refusal
    uses_value: bool = False
    spaces: Callable[..., Iterable[int]] | None = None


def placement_refusal(rules: tuple[PlacementRule, ...], player: PlayerState, kind: TileKind, space: int,
                      value: int | None) -> PlacementRule | None:
    """The first of ``rules`` that forbids placing ``kind`` on ``space``, or None when all allow it."""
    for rule in rules:
        if not rule.allows(player, kind, space, value):
            return rule
    return None


def allowed_spaces(state: GameState, player: PlayerState, kind: TileKind, value: int | None) -> list[int]:
    """Every space where ``player`` may place a tile of ``kind`` with ``value`` (None: any number)."""
    rules = state.ruleset.placement
    candidates: Iterable[int] = range(SPACES)
    for rule in rules:
        if rule.spaces is not None:
            candidates = rule.spaces(player.board, kind)
            break
    return [space for space in candidates if placement_refusal(rules, player, kind, space, value) is None]


def where_it_fits(state: GameState, player: PlayerState, kind: TileKind, value: int | None) -> str:
    """A hint naming the spaces where a tile of ``kind`` could go with ``value`` (None: any)."""
    colour = COLOUR_NAME[kind.colour]
    number = "" if value is None else f" showing {value}"
    spaces = [space_name(space) for space in allowed_spaces(state, player, kind, value)]
    if not spaces:
        return f"no empty {colour} space{number} lies next to {player.name}'s tiles"
    return f"empty {colour} spaces{number} next to {player.name}'s tiles: {', '.join(spaces)}"


# --- the base game's placement rules, in the order they are checked ----------------------------


def _empty(player: PlayerState, kind: TileKind, space: int, value: int | None) -> bool:
    return player.duchy[space] is None


def _not_empty(state: GameState, player: PlayerState, kind: TileKind, space: int,
               value: int | None) -> tuple[str, str | None]:
    return f"{space_name(space)} already holds {player.duchy[space]}", None


def _colour(player: PlayerState, kind: TileKind, space: int, value: int | None) -> bool:
    return player.board.colour[space] == kind.colour


def _other_colour(state: GameState, player: PlayerState, kind: TileKind, space: int,
                  value: int | None) -> tuple[str, str | None]:
    return (f"{space_name(space)} is {COLOUR_NAME[player.board.colour[space]]}, "
            f"{kind.name} is {COLOUR_NAME[kind.colour]}", where_it_fits(state, player, kind, value))


def _spaces_of_colour(board, kind: TileKind) -> tuple[int, ...]:
    return board.colour_spaces[kind.colour]


def _die_number(player: PlayerState, kind: TileKind, space: int, value: int | None) -> bool:
    return value is None or player.board.die[space] == value


def _other_number(state: GameState, player: PlayerState, kind: TileKind, space: int,
                  value: int | None) -> tuple[str, str | None]:
    shown = player.board.die[space]
    return f"{space_name(space)} shows {shown}, the die is used as {value}", f"use the die as {shown}"


def _adjacent(player: PlayerState, kind: TileKind, space: int, value: int | None) -> bool:
    return any(player.board.neighbour_tiles[space](player.duchy))  # tile names are never empty


def _alone(state: GameState, player: PlayerState, kind: TileKind, space: int,
           value: int | None) -> tuple[str, str | None]:
    return f"{space_name(space)} is not next to a placed tile", where_it_fits(state, player, kind, value)


def _city_once(player: PlayerState, kind: TileKind, space: int, value: int | None) -> bool:
    return (kind.type != "building" or 1 in player.knowledge
            or kind.name not in player.board.area_tiles[space](player.duchy))


def _city_has_one(state: GameState, player: PlayerState, kind: TileKind, space: int,
                  value: int | None) -> tuple[str, str | None]:
    other = next(other for other in player.board.area_of[space] if player.duchy[other] == kind.name)
    return f"this city already has a {kind.name} (on {space_name(other)})", "knowledge tile 1 lifts this limit"


EMPTY = PlacementRule("cob.place.empty", _empty, _not_empty)
COLOUR = PlacementRule("cob.place.colour", _colour, _other_colour, spaces=_spaces_of_colour)
DIE_NUMBER = PlacementRule("cob.die.value", _die_number, _other_number, uses_value=True)
ADJACENT = PlacementRule("cob.place.adjacent", _adjacent, _alone)
CITY_ONCE = PlacementRule("cob.place.city-once", _city_once, _city_has_one)

#: The base game's placement rules, in the order they are checked (and errors are named).
PLACEMENT_RULES: tuple[PlacementRule, ...] = (EMPTY, COLOUR, DIE_NUMBER, ADJACENT, CITY_ONCE)
