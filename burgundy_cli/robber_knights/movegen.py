"""Legal-move generation: every line the player to move could play, decided by the engine's rules.

The generator states no rule of its own: it walks candidate cells and knight walks and
keeps what :mod:`engine`'s rule functions allow (:func:`~engine.place_refusal`,
:func:`~engine.knights_refusal`, :func:`~engine.entry_refusal`, :func:`~engine.stop_refusal`)
-- the same functions ``check`` words its refusals from (through
:func:`~engine.march_refusal` for a whole walk). A walk is extended one tile at a time
and only the new step is asked; ``tests/robber_knights/test_movegen.py`` holds the walks
listed equal to every walk :func:`~engine.march_refusal` accepts.
It works in layers -- the cells a tile may go to, the knight walks from a castle -- which
the playout policy also uses. The property tests hold ``moves`` and ``check`` together.
"""

from __future__ import annotations

from burgundy_cli.robber_knights.commands import STEPS, DrawCommand, EndCommand, LayCommand
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.engine import (
    entry_refusal, knights_refusal, place_refusal, stop_refusal,
)
from burgundy_cli.robber_knights.state import Cell, State, cell_name

Command = LayCommand | DrawCommand | EndCommand

#: Where each direction's walks come in the listing: after the walk that stays on the castle.
_DIRECTION_ORDER = {None: -1, **{direction: number for number, direction in enumerate(STEPS)}}


def lay_cells(state: State) -> list[Cell]:
    """The cells a tile may be laid on now: of the empty cells next to a laid tile (the
    state's frontier), those :func:`~engine.place_refusal` allows."""
    return sorted(cell for cell in state.frontier() if place_refusal(state, cell) is None)


def marches(state: State, castle: Cell, terrain: str, supply: int) -> list[tuple[str | None, tuple[int, ...]]]:
    """Every (direction, leave) for knights brought onto a castle of ``terrain`` newly laid
    on ``castle`` by a player with ``supply`` knights in front of them, in listing order:
    by the knights left on the castle, the walk that stays there first, then by direction
    and the knights left on each tile.

    A walk is built step by step for each number of knights brought (which
    :func:`~engine.knights_refusal` allows), so that the stack entering each tile is known:
    each step is asked of :func:`~engine.entry_refusal` and :func:`~engine.stop_refusal`
    once, exactly as :func:`~engine.march_refusal` asks it of the whole walk (a step
    refused ends every walk through it). The tiles each direction can enter are looked up
    once per castle.
    """
    rays = [(direction, ray) for direction, step in STEPS.items() if (ray := _ray(state, castle, step))]
    found: list[tuple[str | None, tuple[int, ...]]] = []
    brought = 1
    while knights_refusal(supply, brought) is None:
        if stop_refusal(state, terrain, 0, brought, brought, 0, True) is None:
            found.append((None, (brought,)))
        for left in range(brought + 1):
            if stop_refusal(state, terrain, 0, brought, left, 0, False) is None:
                for direction, ray in rays:
                    _onwards(state, ray, 0, brought - left, (left,), direction, found)
        brought += 1
    found.sort(key=lambda walk: (walk[1][0], _DIRECTION_ORDER[walk[0]], walk[1]))
    return found


def _ray(state: State, castle: Cell, step: tuple[int, int]) -> list[tuple[str, int]]:
    """(terrain, knights already there) of each tile from ``castle`` in one direction that a
    stack may enter (:func:`~engine.entry_refusal`), up to the first it may not."""
    ray = []
    row, col = castle
    board = state.board
    while True:
        row, col = row + step[0], col + step[1]
        space = board.get((row, col))
        if entry_refusal(space) is not None:
            return ray
        ray.append((space.tile.terrain, len(space.knights)))


def _onwards(state: State, ray: list[tuple[str, int]], index: int, entering: int, prefix: tuple[int, ...],
             direction: str, found: list[tuple[str | None, tuple[int, ...]]]) -> None:
    """Continue walks ``prefix`` onto tile ``index`` of ``ray`` with a stack of ``entering``
    knights: each number left there that the rules allow ends a walk (when it is all of
    them) or goes on to the next tile, if the ray has one."""
    terrain, already = ray[index]
    step = index + 1
    more = step < len(ray)
    for left in range(entering + 1):
        if left == entering and stop_refusal(state, terrain, already, entering, left, step, True) is None:
            found.append((direction, prefix + (left,)))
        if more and stop_refusal(state, terrain, already, entering, left, step, False) is None:
            _onwards(state, ray, step, entering - left, prefix + (left,), direction, found)


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
