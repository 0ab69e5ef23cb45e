"""What a typed position can have earned, VP category by VP category (issue 36 item 6).

A ``[position]`` states each player's VP, as one number or by category. Each category is
bounded by what the duchy, the goods sold and the bonus tiles it shows can have scored in
that category, each part asked of the function that scores it during play
(:mod:`burgundy_cli.castles.rules.actions`): the bound is a rule's answer, never a table read
again. A module adds the bound of a category it scores or changes (``Module.vp_bound``, the
handlers added up); a handler answers None when the position cannot know what the category
earned (a shield that doubled it has left the game), and the category is then not bounded.
Every handler is ``f(state, player) -> VP or None`` on the position as it is: every score
during play counts what lies in the duchy when the tile is placed, which a later position
still shows (tiles never leave a duchy), so the position's own count bounds each earlier one.
The other way, :func:`least_earned` is the fewest VP the same duchy, sales and bonus tiles must
have scored (the base game's end-of-game ``[end]`` table holds its VP track to it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from burgundy_cli.castles.rules.actions import (WATCHTOWER_VP, area_complete, area_points, area_spaces,
                                                bonus_tile_points, herd_points, livestock_points, pasture_of, phase_bonus,
                                                sale_points)
from burgundy_cli.castles.rules.scoring import PLAY_CATEGORIES
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.castles.rules.tiles import catalogue

#: A category's bound: ``f(state, player) -> the most VP it can have scored, or None``.
Bound = Callable[[GameState, PlayerState], "int | None"]


def completed_areas(state: GameState, player: PlayerState) -> Iterator[int]:
    """One space of each completed area (:func:`~actions.area_spaces`, so a joined area once), the
    start castle's one-space area left out: it is dealt, never placed, so it never scored."""
    seen: set[tuple[int, ...]] = set()
    for members in player.board.areas:
        spaces = tuple(area_spaces(state, player, members[0]))
        if spaces in seen or spaces == (player.start,) or not area_complete(state, player, members[0]):
            continue
        seen.add(spaces)
        yield spaces[0]


def pastures(state: GameState, player: PlayerState) -> Iterator[tuple[int, ...]]:
    """Each pasture of the duchy once, as :func:`~actions.pasture_of` joins them (2019 shield 1:
    all of them one)."""
    seen: set[tuple[int, ...]] = set()
    for space in player.board.colour_spaces["L"]:
        pasture = tuple(sorted(pasture_of(state, player, space)))
        if pasture not in seen:
            seen.add(pasture)
            yield pasture


def _areas(state: GameState, player: PlayerState) -> int:
    return sum(area_points(state, player, space) for space in completed_areas(state, player))


def _area_phase_bonus(state: GameState, player: PlayerState) -> int:
    return phase_bonus(0) * sum(1 for _ in completed_areas(state, player))  # phase A's bonus is the largest


def herds(state: GameState, player: PlayerState) -> Iterator[tuple[str, list[int]]]:
    """Each herd of the duchy -- the livestock tiles of one type on one pasture -- as (type, its
    spaces). The 2019 geese score under their own category (``modules.extra``): not a herd here."""
    kinds, duchy = catalogue(), player.duchy
    for pasture in pastures(state, player):
        found: dict[str, list[int]] = {}
        for space in pasture:
            animal = kinds[duchy[space]].animal if duchy[space] is not None else None
            if animal is not None and animal != "geese":  # (an inn on a pasture has none)
                found.setdefault(animal, []).append(space)
        yield from found.items()


def _animals(state: GameState, player: PlayerState) -> int:
    """For each herd with ``k`` tiles, ``k`` times what the last of them scored
    (:func:`~actions.livestock_points` on the pasture as it is: each placement scored at most that)."""
    return sum(len(spaces) * livestock_points(state, player, spaces[-1], animal)
               for animal, spaces in herds(state, player))


def _watchtowers(state: GameState, player: PlayerState) -> int:
    return WATCHTOWER_VP * player.duchy.count("watchtower")


def _goods_sold(state: GameState, player: PlayerState) -> int:
    return sale_points(state, sum(player.sold))


def _colour_bonus(state: GameState, player: PlayerState) -> int:
    return sum(bonus_tile_points(state, bonus) for bonus in player.bonuses)


#: The base game's categories scored during play (both editions: no other source scores).
BASE_BOUNDS: dict[str, Bound] = {
    "areas": _areas, "area-phase-bonus": _area_phase_bonus, "animals": _animals, "watchtowers": _watchtowers,
    "goods-sold": _goods_sold, "colour-bonus": _colour_bonus,
}


def category_bounds(state: GameState, player: PlayerState) -> dict[str, int | None]:
    """Each VP category the game scores during play -> the most ``player`` can have scored in it
    (None: the position cannot know), the ruleset's handlers of each added up; a module's handler
    of a category the game does not score (the shields' geese without the extra tiles) is not asked."""
    bounds: dict[str, int | None] = {}
    for category in PLAY_CATEGORIES + state.ruleset.categories:
        handlers = state.ruleset.vp_bound.get(category)
        if handlers is None:  # (the VP a position started with, corrections: not scored by a rule)
            continue
        answers = [handler(state, player) for handler in handlers]
        bounds[category] = None if None in answers else sum(answers)
    return bounds


def least_earned(state: GameState, player: PlayerState) -> int | None:
    """The fewest VP ``player``'s duchy, goods sold and bonus tiles must have scored so far, in
    the base game: each completed area its size's VP and at least the current phase's bonus
    (the phase bonus only falls), each bonus tile, watchtower and goods tile sold its VP, and
    each herd at least what it scores placed smallest first (:func:`~actions.herd_points` of
    the tiles before each, itself included; knowledge tile 7's VP left out, as it may have come
    after them). None with
    any 2019 module on: a module can lose VP (the solo counter's resets), enlarge an area or
    move what a team's duchy earned to either member, which a position does not tell."""
    if state.options.modules:
        return None
    least = sum(area_points(state, player, space) + phase_bonus(state.phase)
                for space in completed_areas(state, player))
    least += _colour_bonus(state, player) + _watchtowers(state, player) + _goods_sold(state, player)
    kinds, duchy = catalogue(), player.duchy
    for _, spaces in herds(state, player):
        smallest_first = sorted(spaces, key=lambda space: kinds[duchy[space]].animals)
        least += sum(herd_points(duchy, smallest_first[:placed]) for placed in range(1, len(spaces) + 1))
    return least
