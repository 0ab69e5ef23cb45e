"""Legal-move generation: every line the player to move could play, decided by the engine's rules.

The generator states no rule of its own: it walks candidate cells and knight walks and
keeps what :mod:`engine`'s rule functions allow (:func:`~engine.place_refusal`,
:func:`~engine.knights_refusal`, :func:`~engine.entry_refusal`, :func:`~engine.stop_refusal`,
:func:`~engine.march_refusal`) -- the same functions ``check`` words its refusals from.
It works in layers -- the cells a tile may go to, the knight walks from a castle -- which
the playout policy also uses. The property tests hold ``moves`` and ``check`` together.
"""

from __future__ import annotations

from collections.abc import Iterator

from burgundy_cli.robber_knights.commands import STEPS, DrawCommand, EndCommand, LayCommand
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.engine import (
    entry_refusal, knights_refusal, march_refusal, place_refusal, stop_refusal,
)
from burgundy_cli.robber_knights.state import Cell, State, cell_name

Command = LayCommand | DrawCommand | EndCommand

#: A stack size no walk reaches: stands in for the knights entering a tile while a walk is
#: still being built (the entry rule is asked once the whole walk is known).
_ANY_STACK = 1 << 30


def lay_cells(state: State) -> list[Cell]:
    """The cells a tile may be laid on now: of the grid cells next to a laid tile, those
    :func:`~engine.place_refusal` allows."""
    found = {(row + d_row, col + d_col) for row, col in state.board for d_row, d_col in STEPS.values()}
    return sorted(cell for cell in found if min(cell) >= 0 and place_refusal(state, cell) is None)


def marches(state: State, castle: Cell, terrain: str, supply: int) -> Iterator[tuple[str | None, tuple[int, ...]]]:
    """Every (direction, leave) for knights brought onto a castle of ``terrain`` newly laid
    on ``castle`` by a player with ``supply`` knights in front of them."""
    for first in range(1, supply + 1):
        if knights_refusal(supply, first) is not None:
            return
        if march_refusal(state, castle, terrain, None, (first,)) is None:
            yield None, (first,)
        if stop_refusal(state, terrain, 0, _ANY_STACK, first, 0, False) is None:
            for direction, step in STEPS.items():
                for leave in _onwards(state, castle, terrain, direction, step, castle, (first,), supply):
                    yield direction, leave


def _onwards(state: State, castle: Cell, terrain: str, direction: str, step: tuple[int, int], cell: Cell,
             prefix: tuple[int, ...], supply: int) -> Iterator[tuple[int, ...]]:
    """Walks continuing ``prefix`` onto the tile after ``cell``: each one the engine allows
    is yielded, and each that may go on (a stop the rules allow on the way, one more knight
    still allowed) is continued."""
    cell = (cell[0] + step[0], cell[1] + step[1])
    space = state.board.get(cell)
    if entry_refusal(space) is not None:
        return
    here, already = space.tile.terrain, len(space.knights)
    used = sum(prefix)
    for left in range(supply - used + 1):
        if knights_refusal(supply, used + left) is not None:
            return
        longer = prefix + (left,)
        if march_refusal(state, castle, terrain, direction, longer) is None:
            yield longer
        if stop_refusal(state, here, already, _ANY_STACK, left, len(prefix), False) is None \
                and knights_refusal(supply, used + left + 1) is None:
            yield from _onwards(state, castle, terrain, direction, step, cell, longer, supply)


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
