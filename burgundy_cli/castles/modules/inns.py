"""The inns (2019 rulebook, "EXPANSIONS", "The Inns"), as one rule module.

Five inn tiles, kept outside the piles. At the start of each phase one inn is laid beside
the central black depot, on top of any inn still there; inns are never cleared at a phase
end. An inn is bought like a black-depot tile (2 silverlings, into storage; it is the turn's
one purchase) and placed by the normal rules on an empty space of *any* colour, at most one
inn per area. It has no effect of its own; the area it lies in scores as one space larger
when completed (the rulebook's example: a size-4 area with an inn scores 15 VP, not 10):
the board's table under ``areas``, what the inn adds under ``inns`` (5 in the example).

The stack beside the black depot is not kept as state: inns are laid out one per phase
begun and only ever leave it by a purchase, so what lies there is the number of phases
begun less the inns bought (stored, placed or discarded). A record or a ``[position]``
says everything the stack depends on.

Two details come from the Traditional Chinese 2019 rulebook only (medium confidence; see
docs/rulings.md): the enlarged area scores at most as a size-8 area (option
``inn-uncapped`` lifts that cap, as the 2023 Special Edition does), and buying an inn is
the turn's black-depot purchase.
"""

from __future__ import annotations

from dataclasses import replace

from burgundy_cli.castles.rules.actions import area_points as base_area_points
from burgundy_cli.castles.rules.actions import area_spaces, score_vp
from burgundy_cli.castles.rules.boards import space_name
from burgundy_cli.castles.rules.bounds import completed_areas
from burgundy_cli.castles.rules.placement import COLOUR, PlacementRule
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.castles.rules.tiles import COLOUR_NAME, TileKind, tile

INN = "inn"


def laid_out(state: GameState) -> int:
    """Inns laid beside the black depot so far: one at the start of each phase begun."""
    return state.phase + (state.stage != "phase")


def bought(state: GameState) -> int:
    """Inns that have left the stack: in storage, in a duchy or discarded."""
    return sum(p.storage.count(INN) + p.duchy.count(INN) for p in state.players) + state.removed.count(INN)


def inns_left(state: GameState) -> int:
    """Inns lying beside the black depot now (at most the five the module has)."""
    return min(laid_out(state), tile(INN).count) - bought(state)


def area_points(state: GameState, player: PlayerState, space: int, extra: int = 1) -> int:
    """VP for the completed area of ``space`` counted ``extra`` spaces larger (an inn's one): the
    base game's :func:`~burgundy_cli.castles.rules.actions.area_points`, past size 8 with option
    ``inn-uncapped``."""
    return base_area_points(state, player, space, extra, bool(extra) and state.options.inn_uncapped)


#: The VP category of what the inns add to their areas' VP in the score breakdown.
CATEGORY = "inns"


def score_inn(state: GameState, player: PlayerState, space: int) -> None:
    """After a placement completing the area of ``space`` (an ``area_completed`` step: the base
    game has scored it, under ``areas``): what an inn in it adds, under ``inns``."""
    duchy = player.duchy
    if any(duchy[other] == INN for other in area_spaces(state, player, space)):
        score_vp(state, player, CATEGORY, area_points(state, player, space) - base_area_points(state, player, space))


def _any_colour_spaces(board, kind: TileKind):
    return range(len(board.colour)) if kind.type == INN else board.colour_spaces[kind.colour]


def _second_inn(state: GameState, player: PlayerState, kind: TileKind, space: int,
                value: int | None) -> tuple[str, str | None]:
    colour = COLOUR_NAME[player.board.colour[space]]
    return f"this {colour} area already has an inn", "at most one inn per area"


def _any_colour_kept(state: GameState, player: PlayerState, kind: TileKind, space: int) -> str:
    """Why the colour rule let ``kind`` on ``space`` through: an inn goes on any colour -- not
    by the colour rule, which the verdict cites, but by the inns' own passage, so the words
    name it (``cob.inn.area`` cites it)."""
    if kind.type == INN:
        return f"the inns lift it: an inn goes on a space of any colour ({space_name(space)}; cob.inn.area)"
    return f"{kind.name} has the colour of {space_name(space)}"


def _one_per_area_kept(state: GameState, player: PlayerState, kind: TileKind, space: int) -> str:
    """Why the one-inn-per-area rule let ``kind`` on ``space`` through."""
    if kind.type != INN:
        return f"the limit is on inns, and {kind.name} is none"
    return f"no other inn in the area of {space_name(space)}"


#: The colour rule, with the inn allowed on any colour (the same rule id: it is the same rule).
ANY_COLOUR = replace(COLOUR, allows=lambda player, kind, space, value: kind.type == INN
                     or COLOUR.allows(player, kind, space, value), spaces=_any_colour_spaces, kept=_any_colour_kept)
#: At most one inn per area.
ONE_PER_AREA = PlacementRule("cob.inn.area", lambda player, kind, space, value: kind.type != INN
                             or INN not in player.board.area_tiles[space](player.duchy), _second_inn,
                             kept=_one_per_area_kept)


def vp_bound(state: GameState, player: PlayerState) -> int:
    """The most the inns can have added to ``player``'s completed areas (``rules.bounds``): what
    :func:`score_inn` adds, for each completed area holding an inn."""
    duchy = player.duchy
    return sum(area_points(state, player, space) - base_area_points(state, player, space)
               for space in completed_areas(state, player)
               if any(duchy[other] == INN for other in area_spaces(state, player, space)))
