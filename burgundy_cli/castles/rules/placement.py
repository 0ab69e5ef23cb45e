"""Where a tile may be placed: the placement rules, each written once.

A :class:`PlacementRule` is one condition of the rulebook on the space a tile goes to --
an empty space, of the tile's colour, showing the die's number, next to a placed tile, one
building of a type per city. ``engine.check``, ``engine.play`` (and so replay) and the move
generator all ask the game's rules (``state.ruleset.placement``) through one function,
``state.ruleset.placement_refusal``, which :func:`placement_check` makes from the rules in
force (asked in order, so the first rule broken names the error). A rule module adds,
replaces or lifts rules (:mod:`burgundy_cli.castles.modules`): the 2019 inns add "one inn
per area", shield 18 lifts adjacency.

A rule's condition is a function of ``player``, ``kind`` (the tile kind), ``space`` (its
index) and ``value`` (the number the space must show, None for any). The engine asks the
rules for every placement of every replayed record and the move generator for every space
it considers, so each condition reads what the board has worked out once per layout (a
space's colour, die, neighbours' and area's tiles by index), and the rules in force are
looped over as a tuple, made once per ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from burgundy_cli.castles.rules.boards import space_name
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.castles.rules.tiles import COLOUR_NAME, TileKind
from dataclasses import dataclass

#: ``allows(player, kind, space, value) -> bool``: whether a rule allows the placement.
Allows = Callable[[PlayerState, TileKind, int, "int | None"], bool]
#: ``refusal(state, player, kind, space, value) -> (message, hint)``: why not, for the error.
Refusal = Callable[[GameState, PlayerState, TileKind, int, "int | None"], "tuple[str, str | None]"]
#: ``f(player, kind, space, value)``: the first rule broken, or None.
Refused = Callable[[PlayerState, TileKind, int, "int | None"], "PlacementRule | None"]


@dataclass(frozen=True, slots=True)
class PlacementRule:
    """One condition on the space a tile is placed on.

    ``rule_id``: the rule of :data:`burgundy_cli.castles.rules.RULES` an error names.
    ``allows(player, kind, space, value)``: true when the rule allows the placement.
    ``refusal``: the error's message and hint when it does not. ``uses_value``: ``allows``
    looks at ``value`` (the move generator re-asks only such rules for each die value).
    ``spaces(board, kind)``: optional, the only spaces the rule can allow given the board
    alone (an index: the move generator starts from it, and still asks every rule of every
    space it yields). ``kept``: what held when the rule allowed a placement, said by a legal
    verdict (``{1}``: the tile, ``{2}``: the space; rules.passed), or a function
    ``kept(state, player, kind, space)`` giving it when why it held depends on the tile (or
    on the edition's words, :mod:`.terms`).
    """

    rule_id: str
    allows: Allows
    refusal: Refusal
    uses_value: bool = False
    spaces: Callable[..., Iterable[int]] | None = None
    kept: str | Callable[[GameState, PlayerState, TileKind, int], str] = ""


def placement_check(rules: tuple[PlacementRule, ...]) -> Refused:
    """One function asking ``rules`` in order: ``f(player, kind, space, value)`` -> the first
    rule that forbids placing ``kind`` on ``space``, or None when all allow it."""
    checks = tuple((rule.allows, rule) for rule in rules)

    def placement_refusal(player: PlayerState, kind: TileKind, space: int, value: int | None) -> PlacementRule | None:
        for allows, rule in checks:
            if not allows(player, kind, space, value):
                return rule
        return None

    return placement_refusal


def allowed_spaces(state: GameState, player: PlayerState, kind: TileKind, value: int | None) -> list[int]:
    """Every space where ``player`` may place a tile of ``kind`` with ``value`` (None: any number).

    The spaces are narrowed rule by rule, in the rules' order: each rule is asked of the
    spaces every earlier rule allowed, as :func:`placement_check` asks them of one space."""
    rules = state.ruleset.placement
    spaces: Iterable[int] = range(len(player.duchy))  # (a 2019 team board has 73)
    for rule in rules:
        if rule.spaces is not None:
            spaces = rule.spaces(player.board, kind)
            break
    for rule in rules:
        allows = rule.allows
        spaces = [space for space in spaces if allows(player, kind, space, value)]
    return list(spaces)


def where_it_fits(state: GameState, player: PlayerState, kind: TileKind, value: int | None) -> str:
    """A hint naming the spaces where a tile of ``kind`` could go with ``value`` (None: any)."""
    colour = COLOUR_NAME[kind.colour]
    number = "" if value is None else f" showing {value}"
    spaces = [space_name(space) for space in allowed_spaces(state, player, kind, value)]
    if not spaces:
        return f"no empty {colour} space{number} lies next to {player.name}'s tiles"
    return f"empty {colour} spaces{number} next to {player.name}'s tiles: {', '.join(spaces)}"


# --- the base game's placement rules, in the order they are checked ----------------------------


def _not_empty(state: GameState, player: PlayerState, kind: TileKind, space: int,
               value: int | None) -> tuple[str, str | None]:
    return f"{space_name(space)} already holds {player.duchy[space]}", None


def _other_colour(state: GameState, player: PlayerState, kind: TileKind, space: int,
                  value: int | None) -> tuple[str, str | None]:
    return (f"{space_name(space)} is {COLOUR_NAME[player.board.colour[space]]}, "
            f"{kind.name} is {COLOUR_NAME[kind.colour]}", where_it_fits(state, player, kind, value))


def _spaces_of_colour(board, kind: TileKind) -> tuple[int, ...]:
    return board.colour_spaces[kind.colour]


def space_number(player: PlayerState, space: int) -> int:
    """The die number ``space`` of ``player``'s duchy accepts (printed on it): the one reading
    of it, for the placement rule, its refusal and a 2019 white castle's price."""
    return player.board.die[space]


def _other_number(state: GameState, player: PlayerState, kind: TileKind, space: int,
                  value: int | None) -> tuple[str, str | None]:
    shown = space_number(player, space)
    return f"{space_name(space)} shows {shown}, the die is used as {value}", f"use the die as {shown}"


def _alone(state: GameState, player: PlayerState, kind: TileKind, space: int,
           value: int | None) -> tuple[str, str | None]:
    return f"{space_name(space)} is not next to a placed tile", where_it_fits(state, player, kind, value)


def _city_has_one(state: GameState, player: PlayerState, kind: TileKind, space: int,
                  value: int | None) -> tuple[str, str | None]:
    other = next(other for other in player.board.area_of[space] if player.duchy[other] == kind.name)
    words = WORDS[state.edition]
    return (f"this {words['city']} already has a {kind.name} (on {space_name(other)})",
            f"{words['knowledge tile']} 1 lifts this limit")


EMPTY = PlacementRule("cob.place.empty", lambda player, kind, space, value: player.duchy[space] is None,
                      _not_empty, kept="{2} was empty")
COLOUR = PlacementRule("cob.place.colour",
                       lambda player, kind, space, value: player.board.colour[space] == kind.colour,
                       _other_colour, spaces=_spaces_of_colour, kept="{1} has the colour of {2}")
DIE_NUMBER = PlacementRule("cob.die.value",
                           lambda player, kind, space, value: value is None or space_number(player, space) == value,
                           _other_number, uses_value=True, kept="{2} shows the die's number")
#: (tile names are never empty, so any() is true when a neighbour holds a tile)
ADJACENT = PlacementRule("cob.place.adjacent",
                         lambda player, kind, space, value: any(player.board.neighbour_tiles[space](player.duchy)),
                         _alone, kept="placed next to a filled space")
def _city_once_kept(state: GameState, player: PlayerState, kind: TileKind, space: int) -> str:
    """Why the one-building-type-per-city rule let ``kind`` on ``space`` through."""
    if kind.type != "building":
        return f"the limit is on buildings, and {kind.name} is none"
    if 1 in player.knowledge:
        return f"{WORDS[state.edition]['knowledge tile']} 1 lifts the limit"
    return f"no second {kind.name} in one {WORDS[state.edition]['city']}"


CITY_ONCE = PlacementRule("cob.place.city-once",
                          lambda player, kind, space, value: kind.type != "building" or 1 in player.knowledge
                          or kind.name not in player.board.area_tiles[space](player.duchy),
                          _city_has_one, kept=_city_once_kept)

#: The base game's placement rules, in the order they are checked (and errors are named).
PLACEMENT_RULES: tuple[PlacementRule, ...] = (EMPTY, COLOUR, DIE_NUMBER, ADJACENT, CITY_ONCE)
