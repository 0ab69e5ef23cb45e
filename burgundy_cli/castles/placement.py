"""Where a tile may be placed: the placement rules, each written once.

A :class:`PlacementRule` is one condition of the rulebook on the space a tile goes to --
an empty space, of the tile's colour, showing the die's number, next to a placed tile, one
building of a type per city. ``engine.check``, ``engine.play`` (and so replay) and the move
generator all ask the game's rules (``state.ruleset.placement``) through one function,
``state.ruleset.placement_refusal``, which :func:`compile_placement` generates from the
rules' conditions (in order, so the first rule broken names the error). A rule module
adds, replaces or lifts rules (:mod:`burgundy_cli.castles.modules`): the 2019 inns will add
"one inn per area", shield 18 lift adjacency.

A rule's condition is a Python expression over ``player``, ``kind`` (the tile kind),
``space`` (its index) and ``value`` (the number the space must show, None for any), kept
as text so that the rules in force are asked in one generated function, one call per
placement instead of one per rule: the engine asks them for every placement of every
replayed record, the move generator for every space it considers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from burgundy_cli.castles.boards import space_name
from burgundy_cli.castles.state import GameState, PlayerState
from burgundy_cli.castles.tiles import COLOUR_NAME, TileKind
from burgundy_cli.core.startcache import compiled
from dataclasses import dataclass, field

#: ``refusal(state, player, kind, space, value) -> (message, hint)``: why not, for the error.
Refusal = Callable[[GameState, PlayerState, TileKind, int, "int | None"], "tuple[str, str | None]"]
#: ``f(player, kind, space, value)``: the first rule broken, or None.
Refused = Callable[[PlayerState, TileKind, int, "int | None"], "PlacementRule | None"]
#: The names a condition may use besides its four arguments.
_GLOBALS = {"__builtins__": {}, "any": any}


@dataclass(frozen=True, slots=True)
class PlacementRule:
    """One condition on the space a tile is placed on.

    ``rule_id``: the rule of :data:`burgundy_cli.castles.rules.RULES` an error names.
    ``condition``: a Python expression over ``player``, ``kind``, ``space`` and ``value``,
    true when the rule allows the placement. ``refusal``: the error's message and hint when
    it does not. ``uses_value``: the condition looks at ``value`` (the move generator
    re-asks only such rules for each die value). ``spaces(board, kind)``: optional, the
    only spaces the rule can allow given the board alone (an index: the move generator
    starts from it, and still asks every rule of every space it yields). ``allows``: the
    condition as a function of the four (compiled from it).
    """

    rule_id: str
    condition: str
    refusal: Refusal
    uses_value: bool = False
    spaces: Callable[..., Iterable[int]] | None = None
    allows: Callable[[PlayerState, TileKind, int, "int | None"], bool] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        source = f"allows = lambda player, kind, space, value: ({self.condition})"
        object.__setattr__(self, "allows", _run(source, f"<{self.rule_id}>", dict(_GLOBALS))["allows"])


def _run(source: str, filename: str, namespace: dict[str, object]) -> dict[str, object]:
    """``namespace`` after running ``source`` in it, its code compiled once and kept beside the
    bytecode (:func:`burgundy_cli.core.startcache.compiled`: no ``compile()`` at start-up)."""
    exec(compiled(("placement", filename, source), lambda: source, filename), namespace)  # noqa: S102 (our rules)
    return namespace


def compile_rules(name: str, parameters: str, rules: tuple) -> Callable[..., object]:
    """One function ``name(parameters)`` asking ``rules`` in order: the first rule whose
    ``condition`` (a Python expression over ``parameters``) is false, or None when all hold.
    Generated from the rules' conditions, each written out once in it: one call instead of
    one per rule (the placement rules here, a purchase's payment rules in
    :mod:`burgundy_cli.castles.actions`)."""
    lines = [f"def {name}({parameters}):"]
    lines += [f"    if not ({rule.condition}):\n        return rules[{index}]" for index, rule in enumerate(rules)]
    lines.append("    return None")
    return _run("\n".join(lines), f"<{name}>", {**_GLOBALS, "rules": rules})[name]  # type: ignore[return-value]


def compile_placement(rules: tuple[PlacementRule, ...]) -> Refused:
    """One function asking ``rules`` in order: ``f(player, kind, space, value)`` -> the first
    rule that forbids placing ``kind`` on ``space``, or None when all allow it."""
    return compile_rules("placement_refusal", "player, kind, space, value", rules)  # type: ignore[return-value]


def allowed_spaces(state: GameState, player: PlayerState, kind: TileKind, value: int | None) -> list[int]:
    """Every space where ``player`` may place a tile of ``kind`` with ``value`` (None: any number)."""
    rules = state.ruleset
    candidates: Iterable[int] = range(len(player.duchy))  # (a 2019 team board has 73)
    for rule in rules.placement:
        if rule.spaces is not None:
            candidates = rule.spaces(player.board, kind)
            break
    refused = rules.placement_refusal
    return [space for space in candidates if refused(player, kind, space, value) is None]


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


def _other_number(state: GameState, player: PlayerState, kind: TileKind, space: int,
                  value: int | None) -> tuple[str, str | None]:
    shown = player.board.die[space]
    return f"{space_name(space)} shows {shown}, the die is used as {value}", f"use the die as {shown}"


def _alone(state: GameState, player: PlayerState, kind: TileKind, space: int,
           value: int | None) -> tuple[str, str | None]:
    return f"{space_name(space)} is not next to a placed tile", where_it_fits(state, player, kind, value)


def _city_has_one(state: GameState, player: PlayerState, kind: TileKind, space: int,
                  value: int | None) -> tuple[str, str | None]:
    other = next(other for other in player.board.area_of[space] if player.duchy[other] == kind.name)
    return f"this city already has a {kind.name} (on {space_name(other)})", "knowledge tile 1 lifts this limit"


EMPTY = PlacementRule("cob.place.empty", "player.duchy[space] is None", _not_empty)
COLOUR = PlacementRule("cob.place.colour", "player.board.colour[space] == kind.colour", _other_colour,
                       spaces=_spaces_of_colour)
DIE_NUMBER = PlacementRule("cob.die.value", "value is None or player.board.die[space] == value", _other_number,
                           uses_value=True)
#: (tile names are never empty, so any() is true when a neighbour holds a tile)
ADJACENT = PlacementRule("cob.place.adjacent", "any(player.board.neighbour_tiles[space](player.duchy))", _alone)
CITY_ONCE = PlacementRule("cob.place.city-once", 'kind.type != "building" or 1 in player.knowledge '
                          "or kind.name not in player.board.area_tiles[space](player.duchy)", _city_has_one)

#: The base game's placement rules, in the order they are checked (and errors are named).
PLACEMENT_RULES: tuple[PlacementRule, ...] = (EMPTY, COLOUR, DIE_NUMBER, ADJACENT, CITY_ONCE)
