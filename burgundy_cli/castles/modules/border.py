"""The border posts (2019 rulebook, "EXPANSIONS", "New duchies (nos. 11a - 11f)"), as one rule module.

Every player plays a no. 11 duchy, which has three border posts printed outside its edge
(``Board.posts``: the edge spaces each post touches). A player who connects two posts with
hex tiles -- a chain of placed tiles from a space beside one post to a space beside the
other -- scores the current phase's value (10, 8, 6, 4 or 2 VP in phases A to E). The first
player to connect all three posts also scores the colour bonus's large value for the player
count (5, 6 or 7 VP), the second its small value (2, 3 or 4 VP); like a bonus tile for a
completed colour, later players get nothing. These VP are their own category,
``border-posts``; the all-three bonus is no bonus tile (knowledge tile 26 does not count it,
as the Traditional Chinese 2019 rulebook says under tile 26).

What a placement scores is read off the duchy before and after it, so nothing is kept as
state and a ``[position]`` needs no key for it: posts joined only grow. The rulebook does not
say what connecting the third post scores when two are already joined; option
``border-third-post`` (docs/rulings.md) chooses: ``pairs`` (the default: every pair of posts
joined scores once, so the third post joins two pairs -- the worked example of the Chinese
2019 rulebook, phase C: 6 + 6), ``once`` (the phase value once more) or ``none`` (only the
first two posts joined score).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from burgundy_cli.castles.rules import noted, noting_now
from burgundy_cli.castles.rules.actions import bonus_points, current_phase, phase_bonus, score_vp
from burgundy_cli.castles.rules.boards import board, board_numbers, provisional_board, space_name
from burgundy_cli.castles.rules.state import GameState, PlayerState

if TYPE_CHECKING:  # the dealing's generator, a type only: random is imported by the playout
    from random import Random

NAME = "border-posts"
#: The VP category of everything the border posts score.
CATEGORY = "border-posts"
#: What connecting a post to posts already joined scores (option ``border-third-post``): how
#: many times the phase value the posts joined so far have scored, by the pairs of them joined
#: (0, 1 or all 3: posts joined to the same one are joined to each other). ``pairs``: once a
#: pair; ``once``: once for the first two posts joined and once more for the third; ``none``:
#: once, for the first two. A placement scores the difference, so one that joins all three
#: at once (shield 18's tiles may lie apart) scores what joining them one by one would.
SCORINGS = {"pairs": len, "once": lambda pairs: min(len(pairs), 2), "none": lambda pairs: min(len(pairs), 1)}
THIRD_POST = tuple(SCORINGS)


def joined_pairs(player: PlayerState, empty: int | None = None) -> set[tuple[int, int]]:
    """The pairs of ``player``'s border posts (by number 0..2) joined by placed tiles,
    with space ``empty`` taken as empty (the duchy before a placement)."""
    board, duchy = player.board, player.duchy
    group: dict[int, int] = {}  # placed space -> the number of its chain of tiles
    for start in range(len(duchy)):
        if duchy[start] is None or start == empty or start in group:
            continue
        group[start], todo = start, [start]
        while todo:
            for other in board.neighbours[todo.pop()]:
                if duchy[other] is not None and other != empty and other not in group:
                    group[other] = start
                    todo.append(other)
    reached = [{group[space] for space in post if space in group} for post in board.posts]
    return {(a, b) for a, b in combinations(range(len(reached)), 2) if reached[a] & reached[b]}


def all_joined(player: PlayerState) -> bool:
    """Whether all three of ``player``'s posts are joined."""
    return len(joined_pairs(player)) == 3


def score_border_posts(state: GameState, player: PlayerState, space: int) -> None:
    """After a placement on ``space``: the phase value for posts it joins, and the all-three
    bonus if it joins the last of them (large for the first player, small for the second)."""
    if not player.board.posts:
        return
    before, after = joined_pairs(player, space), joined_pairs(player)
    if len(after) == len(before):
        return
    scorings = SCORINGS[state.options.border_third_post]
    phase, times = current_phase(state), scorings(after) - scorings(before)
    score_vp(state, player, CATEGORY, times * phase_bonus(phase))
    earlier = sum(all_joined(other) for other in state.players if other is not player) if len(after) == 3 else 2
    if earlier < 2:
        score_vp(state, player, CATEGORY, bonus_points(state, not earlier))
    if noting_now():
        noted("cob.border.posts", "{}", _joined_words(state, player, len(before), len(after), phase, times, earlier))


def _joined_words(state: GameState, player: PlayerState, pairs_before: int, pairs_after: int, phase: int,
                  times: int, earlier: int) -> str:
    """What a placement that joined border posts scored, and why so much: the value of
    ``phase``, ``times`` over (as option ``border-third-post`` counts the posts joined), and
    the all-three bonus for the first or second player to join all three (``earlier``:
    players who joined them before; 2 when this placement did not join the third post).
    ``pairs_before``, ``pairs_after``: the pairs of posts joined before and after the
    placement (0, 1 or all 3: posts joined to the same one are joined to each other)."""
    joined = ("two border posts" if pairs_after == 1 else "the third border post" if pairs_before else
              "all three border posts at once")
    value = f"{phase_bonus(phase)} VP" if times == 1 else f"{times} x {phase_bonus(phase)} VP" if times else "no VP"
    words = f"{player.name} joins {joined}: {value} in phase {'ABCDE'[phase]}"
    if times != 1:
        words += f" (option border-third-post = {state.options.border_third_post})"
    if earlier < 2:
        words += f", and is the {('first', 'second')[earlier]} to join all three: {bonus_points(state, not earlier)} VP"
    return words


def practice_duchies(rng: Random, edition: str, count: int) -> dict[str, dict]:
    """``count`` stand-in no. 11 duchies for a machine game (``burgundy playout --modules
    border-posts``), as a record's ``[duchies]`` table.

    Only one border-post duchy is known (``11x``, shipped as a provisional reading); a game of
    more players needs others. Each stand-in is a printed duchy's spaces with the posts where
    ``11x`` has them, and says so in its ``source``: a machine game's board, not a printed one.
    """
    posts = [[space_name(space) for space in post] for post in provisional_board("11x").posts]
    return {f"stand-in-{number}": {
        "rows": board(edition, number).rows(), "posts": posts,
        "source": f"made for a machine game: duchy No. {number}'s spaces with border posts where 11x has them",
        "confidence": "not a printed duchy"} for number in rng.sample(board_numbers(edition), count)}


def vp_bound(state: GameState, player: PlayerState) -> int:
    """The most ``player``'s border posts can have scored (``rules.bounds``): each pair joined
    once, at most at phase A's value (option ``border-third-post`` scores no more than that),
    and the large bonus tile's value once all three are joined."""
    pairs = joined_pairs(player) if player.board.posts else set()
    return len(pairs) * phase_bonus(0) + (bonus_points(state, True) if len(pairs) == 3 else 0)
