"""Legal-move generation: every line the player to move could play, built from the engine's rules.

The generator mirrors :mod:`engine` check by check (tests make both agree in each
direction over many positions). It works in layers -- the cells a tile may go to, the
knight marches from a castle -- which the playout policy also uses.
"""

from __future__ import annotations

from collections.abc import Iterator

from burgundy_cli.robber_knights.commands import STEPS, DrawCommand, EndCommand, LayCommand
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.state import Cell, State, cell_name

Command = LayCommand | DrawCommand | EndCommand


def lay_cells(state: State) -> list[Cell]:
    """Empty cells sharing an edge with a laid tile and keeping the area within its limit."""
    board = state.board
    side, frame = state.side, state.frame
    low_row, high_row, low_col, high_col = state.bounds
    found: set[Cell] = set()
    for row, col in board:
        for cell in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            r, c = cell
            if cell in board or not (0 <= r < frame and 0 <= c < frame):
                continue
            if max(high_row, r) - min(low_row, r) < side and max(high_col, c) - min(low_col, c) < side:
                found.add(cell)
    return sorted(found)


def marches(state: State, castle: Cell, terrain: str, supply: int) -> Iterator[tuple[str | None, tuple[int, ...]]]:
    """Every (direction, leave) for knights brought onto a castle newly laid on ``castle``."""
    limits = components()
    minimum = limits.minimum
    most = min(limits.max_knights_per_castle, supply)
    for first in range(minimum[terrain], min(limits.max_knights_per_tile, most) + 1):
        yield None, (first,)
        if first < most:
            for direction, step in STEPS.items():
                for leave in _onwards(state, castle, step, (first,), most):
                    yield direction, leave


def _onwards(state: State, cell: Cell, step: tuple[int, int], prefix: tuple[int, ...],
             most: int) -> Iterator[tuple[int, ...]]:
    """Leave sequences continuing ``prefix`` from the tile after ``cell`` (at most ``most`` knights)."""
    limits = components()
    minimum = limits.minimum
    chain = []  # (minimum, room) of each tile the stack could reach in this direction
    row, col = cell
    while True:
        row, col = row + step[0], col + step[1]
        space = state.board.get((row, col))
        if space is None or space.tile.terrain == "lake":
            break
        chain.append((minimum[space.tile.terrain], limits.max_knights_per_tile - len(space.knights)))
    pass_through = state.pass_through

    def extend(index: int, leave: tuple[int, ...], used: int) -> Iterator[tuple[int, ...]]:
        if index >= len(chain):
            return
        least, room = chain[index]
        budget = most - used
        if budget < least:
            return
        for left in range(0 if pass_through else least, min(room, budget) + 1):
            longer = leave + (left,)
            if left >= least and _entries_ok(longer, chain):
                yield longer
            if used + left < most:
                yield from extend(index + 1, longer, used + left)

    yield from extend(0, prefix, sum(prefix))


def _entries_ok(leave: tuple[int, ...], chain: list[tuple[int, int]]) -> bool:
    """Each tile after the castle is entered with at least its minimum still in the stack."""
    remaining = sum(leave)
    for left, (least, _) in zip(leave, [(0, 0)] + chain):
        if remaining < least:
            return False
        remaining -= left
    return True


def legal_commands(state: State) -> list[tuple[str, Command]]:
    """Every legal command for the player to move, each with the group it is listed under."""
    if state.over:
        return []
    player = state.players[state.to_move]
    name = player.name
    if state.must_draw:
        return [("draw", DrawCommand(player=name, tile=tile)) for tile, count in player.pile.items() if count]
    result: list[tuple[str, Command]] = []
    cells = lay_cells(state)
    tiles = components().tiles
    for tile in dict.fromkeys(player.hand):
        group = f"lay {tile}"
        terrain = tiles[tile].terrain
        for cell in cells:
            where = cell_name(cell)
            result.append((group, LayCommand(player=name, tile=tile, cell=where)))
            if tiles[tile].is_castle and player.knights:
                for direction, leave in marches(state, cell, terrain, player.knights):
                    result.append((f"{group} with knights", LayCommand(player=name, tile=tile, cell=where,
                                                     direction=direction, leave=leave)))
    if state.lays:
        result.append(("end turn", EndCommand(player=name)))
    result.sort(key=lambda item: item[0].endswith("with knights"))  # plain lays first, stable otherwise
    return result
