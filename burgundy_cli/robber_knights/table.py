"""Robber Knights at the table: what is due next, what a line did, undo.

Used by the table session (:mod:`burgundy_cli.core.table`). No rule is decided here: what
is due is read from the state the engine keeps, and what a line did from the state before
and after the engine played it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dataclasses import dataclass
from itertools import zip_longest
from burgundy_cli.robber_knights.commands import EndCommand, LayCommand
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.scoring import points
from burgundy_cli.robber_knights.state import Cell, State, cell_name, parse_cell
from burgundy_cli.core.words import counted

if TYPE_CHECKING:  # annotations only: the session imports this module for what a line does
    from burgundy_cli.robber_knights.notation import Command
    from burgundy_cli.robber_knights.session import RobberKnightsSession


@dataclass(frozen=True, slots=True)
class Before:
    """What :func:`effects` compares: laid cells, hands, knights left, points, whose turn."""

    cells: frozenset[Cell]
    hands: tuple[tuple[str, ...], ...]
    knights: tuple[int, ...]
    points: tuple[int, ...]
    to_move: int


def due(session: RobberKnightsSession) -> str:
    """What the record needs next, for the prompt: ``red to move · hand plain, lake · laid 1 of 3``."""
    state = session.state
    if state.over:
        return "game over"
    player = state.players[state.to_move]
    hand = ", ".join(player.hand) or "empty"
    if state.must_draw:
        return f"{player.name} to draw · hand {hand} · pile {player.pile_size}"
    return (f"{player.name} to move · hand {hand} · laid {state.lays} of {components().max_lays_per_turn}"
            f" · knights {player.knights}")


def table_forms(session: RobberKnightsSession) -> list[str]:
    """No table line of its own: a draw names the tile drawn, and ``moves`` lists the draws."""
    return []


def table_completions(session: RobberKnightsSession, typed: str) -> list[tuple[str, str]]:
    """No table line to complete word by word: ``moves`` and Tab list the draws whole."""
    return []


def meant(session: RobberKnightsSession, typed: str) -> str:
    """The canonical line ``typed`` reads as, legal or not: what the table session measures
    the legal lines against when it refuses a line (its nearest legal lines first:
    :func:`nearest_first`).

    :raises ParseError: ``typed`` does not read.
    """
    return session.read_with_line(typed)[1]


def nearest_first(meant: str, lines: list[str]) -> list[str]:
    """``lines`` (legal lines of the action of ``meant``, one cell each) with those nearest
    what ``meant`` -- the canonical line of a line refused by a rule -- meant first, by
    :func:`distance`; lines as near keep their order. A slip of one cell or one knight finds
    its fix first, where a measure of shared characters put ``lay plain e4`` before
    ``lay plain e8`` for ``lay plain e9``."""
    from burgundy_cli.robber_knights.notation import parse_line

    wanted = parse_line(meant)
    return sorted(lines, key=lambda line: distance(wanted, parse_line(line)))


def distance(meant: Command, other: Command) -> tuple[int, int, int, int]:
    """How far ``other`` is from what ``meant`` meant, in the order a player chooses a lay:
    the tile (the same, one sharing its terrain or building, another: 0, 1, 2); then how many
    steps its cell is from the meant one (rows and columns); then the knights -- how many
    left differ, tile by tile of the walk, plus 1 for another direction and 1 for placing
    none where some were meant or the other way round -- and, as near so, how many fewer or
    more are placed. Another action is farthest."""
    if type(meant) is not type(other):
        return 3, 0, 0, 0
    if isinstance(meant, EndCommand) or isinstance(other, EndCommand):
        return 0, 0, 0, 0
    near = 0 if meant.tile == other.tile else 1 if _alike(meant.tile, other.tile) else 2
    if not isinstance(meant, LayCommand) or not isinstance(other, LayCommand):
        return near, 0, 0, 0
    (row, col), (other_row, other_col) = parse_cell(meant.cell), parse_cell(other.cell)
    left = sum(abs(a - b) for a, b in zip_longest(meant.leave, other.leave, fillvalue=0))
    knights = left + (meant.direction != other.direction) + (bool(meant.leave) != bool(other.leave))
    return near, abs(row - other_row) + abs(col - other_col), knights, abs(meant.knights - other.knights)


def _alike(tile: str, other: str) -> bool:
    """Whether two kinds of tile share their terrain or their building (a forest and a plain
    castle; a plain castle and a plain)."""
    kinds = components().tiles
    first, second = kinds[tile], kinds[other]
    return first.terrain == second.terrain or (first.building is not None and first.building == second.building)


def snapshot(session: RobberKnightsSession) -> Before:
    """What :func:`effects` compares, taken before the session plays a line."""
    return state_snapshot(session.state)


def state_snapshot(state: State) -> Before:
    """What :func:`changes` compares, of ``state``."""
    return Before(frozenset(state.board), tuple(tuple(p.hand) for p in state.players),
                  tuple(p.knights for p in state.players), tuple(sum(p.values()) for p in points(state)),
                  state.to_move)


def effects(before: Before, session: RobberKnightsSession, line: str) -> list[str]:
    """What the last line (``line``) did, a short phrase each: tile laid, knights, points,
    draw, next turn."""
    return changes(before, session.state)


def changes(before: Before, state: State) -> list[str]:
    """What changed from ``before`` to ``state``, a phrase each: tile laid, each player's
    knights, points and draws, next turn (what the session says of a line played, and
    ``check`` of a legal line)."""
    parts = []
    for cell in sorted(set(state.board) - before.cells):
        space = state.board[cell]
        parts.append(f"{space.tile.name} on {cell_name(cell)}")
    now_points = [sum(p.values()) for p in points(state)]
    for number, player in enumerate(state.players):
        changes = []
        if player.knights != before.knights[number]:
            changes.append(f"{counted(before.knights[number] - player.knights, 'knight')} placed, {player.knights} left")
        if now_points[number] != before.points[number]:
            delta = now_points[number] - before.points[number]
            changes.append(f"{delta:+d} point{'' if abs(delta) == 1 else 's'}")
        drawn = [tile for tile in player.hand if tile not in before.hands[number]
                 or player.hand.count(tile) > before.hands[number].count(tile)]
        if drawn:
            changes.append("drew " + ", ".join(dict.fromkeys(drawn)))
        if changes:
            parts.append(f"{player.name} " + ", ".join(changes))
    if state.over:
        parts.append("the game is over")
    elif state.to_move != before.to_move:
        parts.append(f"turn passes to {state.players[state.to_move].name}")
    elif not state.lays:  # after any line but the turn's last, the tiles laid this turn are 1 or more
        parts.append(f"turn passes to {state.players[state.to_move].name} again: no one else holds a tile")
    return parts


def drop_last(data: dict[str, Any]) -> str | None:
    """Remove the last line of ``[play] moves`` from record ``data``; the line, or None if none."""
    moves = (data.get("play") or {}).get("moves") or []
    return moves.pop() if moves else None


def lines(session: RobberKnightsSession) -> list[str]:
    """The record's lines in order, as the record writes them."""
    return list(session.log)
