"""The Robber Knights rules as a state machine: ``check`` a command, ``apply`` it in place.

``check`` raises :class:`IllegalMoveError` naming the ``rk.*`` rule broken and a hint on what
would be legal; ``apply`` trusts its input (records already checked replay through it fast);
``play`` is both. Player names in commands are the record's exact spellings.
"""

from __future__ import annotations

from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.robber_knights.commands import STEPS, DrawCommand, EndCommand, LayCommand
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.rules import rule
from burgundy_cli.robber_knights.state import Cell, Space, State, cell_name, parse_cell

Command = LayCommand | DrawCommand | EndCommand


def _illegal(rule_id: str, message: str, hint: str | None = None) -> IllegalMoveError:
    return IllegalMoveError(rule(rule_id), message, hint=hint)


def check(state: State, cmd: Command) -> None:
    """Raise :class:`IllegalMoveError` unless ``cmd`` is legal in ``state``.

    :raises IllegalMoveError: with the rule broken and a hint.
    """
    _check(state, cmd)


def _check(state: State, cmd: Command) -> Cell | None:
    """:func:`check`, giving the cell a tile is laid on (None for a draw or an end), for :func:`_apply`."""
    if state.over:
        raise _illegal("rk.game.over", "the game is over: every tile has been laid",
                       "nothing more can be played; run 'burgundy score' for the result")
    player = state.index[cmd.player]
    if state.must_draw:  # only the player to move may act: by drawing
        if player != state.to_move or not isinstance(cmd, DrawCommand):
            raise _out_of_turn(state, cmd, player)
        _check_draw(state, player, cmd)
        return None
    if player != state.to_move:
        raise _out_of_turn(state, cmd, player)
    if isinstance(cmd, LayCommand):
        return _check_lay(state, player, cmd)
    if isinstance(cmd, DrawCommand):
        _check_draw(state, player, cmd)
    elif state.lays == 0:
        raise _illegal("rk.turn.first-compulsory", f"{cmd.player} has not laid a tile this turn",
                       "lay at least one tile before ending the turn")
    return None


def _out_of_turn(state: State, cmd: Command, player: int) -> IllegalMoveError:
    """The error for a line by a player who may not act now: a draw is due, or it is not their turn."""
    mover = state.players[state.to_move].name
    if state.must_draw and not (isinstance(cmd, DrawCommand) and player == state.to_move):
        return _illegal("rk.draw.after-lay", f"{mover} must first draw the top tile of their pile",
                        f"record the draw first, e.g. '{mover}: draw <tile>'")
    if isinstance(cmd, LayCommand) and player == state.last_player and \
            state.last_lays == components().max_lays_per_turn:
        return _illegal("rk.lay.three", f"{cmd.player} has already laid "
                        f"{components().max_lays_per_turn} tiles this turn", f"it is {mover}'s turn")
    return _illegal("rk.turn.order", f"it is {mover}'s turn, not {cmd.player}'s",
                    f"the next line must be by {mover}")


def _check_draw(state: State, player: int, cmd: DrawCommand) -> None:
    who = state.players[player]
    if not state.must_draw:
        raise _illegal("rk.draw.after-lay", f"{who.name} has no draw due: a tile is drawn only right after "
                       "laying one, while the pile lasts", "lay a tile first")
    if who.pile.get(cmd.tile, 0) == 0:
        left = ", ".join(f"{count} {name}" for name, count in who.pile.items() if count) or "nothing"
        raise _illegal("rk.draw.pile", f"{who.name}'s pile holds no {cmd.tile} any more",
                       f"the pile still holds {left}")


def _check_lay(state: State, player: int, cmd: LayCommand) -> Cell:
    who = state.players[player]
    if cmd.tile not in who.hand:
        raise _illegal("rk.lay.hand", f"{who.name} holds no {cmd.tile}",
                       f"{who.name}'s hand: {', '.join(who.hand) or 'empty'}")
    cell = parse_cell(cmd.cell)
    _check_place(state, cell, cmd.cell)
    if not cmd.leave:
        return cell
    tile = components().tiles[cmd.tile]
    if not tile.is_castle:
        raise _illegal("rk.knights.castle", f"{cmd.tile} has no castle, so no knights come into play with it",
                       f"lay it without knights: '{who.name}: lay {cmd.tile} {cmd.cell}'")
    most = components().max_knights_per_castle
    knights = cmd.knights
    if knights > most:
        raise _illegal("rk.knights.five", f"{knights} knights placed on the castle",
                       f"place at most {most}")
    if knights > who.knights:
        raise _illegal("rk.knights.supply", f"{who.name} has only {who.knights} knights left, not {knights}",
                       f"place at most {who.knights}" if who.knights else "lay the castle without knights")
    _check_march(state, cell, tile.terrain, cmd)
    return cell


def _check_place(state: State, cell: Cell, name: str) -> None:
    """Where a tile may go: inside the frame and the area, on an empty space, edge to edge."""
    row, col = cell
    side = state.side
    low_row, high_row, low_col, high_col = state.bounds
    if row >= state.frame or col >= state.frame or \
            max(high_row, row) - min(low_row, row) >= side or max(high_col, col) - min(low_col, col) >= side:
        raise _illegal("rk.lay.area", f"{name} lies outside the playing area of at most {side} x {side} tiles",
                       _area_hint(state))
    if cell in state.board:
        raise _illegal("rk.lay.empty", f"{name} already holds a tile ({state.board[cell].tile.name})",
                       "choose an empty space next to the layout")
    board = state.board
    if (row - 1, col) not in board and (row + 1, col) not in board and \
            (row, col - 1) not in board and (row, col + 1) not in board:
        raise _illegal("rk.lay.edge", f"{name} shares no edge with a laid tile",
                       "lay it so that one full edge touches a tile already laid (corners do not count)")


def _area_hint(state: State) -> str:
    """Which rows and columns a tile may still go to without breaking the area limit."""
    low_row, high_row, low_col, high_col = state.bounds
    last = state.frame - 1
    rows = max(0, high_row - state.side + 1), min(last, low_row + state.side - 1)
    cols = max(0, high_col - state.side + 1), min(last, low_col + state.side - 1)
    return (f"lay within rows {rows[0] + 1}-{rows[1] + 1} and columns "
            f"{cell_name((0, cols[0]))[0]}-{cell_name((0, cols[1]))[0]}")


def _check_march(state: State, castle: Cell, terrain: str, cmd: LayCommand) -> None:
    """The knights' walk from the castle: every tile's minimum, the 4-knight limit, no lake, no gap."""
    limits = components()
    minimum = limits.minimum
    remaining = cmd.knights
    d_row, d_col = STEPS[cmd.direction] if cmd.direction else (0, 0)
    cell = castle
    last = len(cmd.leave) - 1
    for step, left in enumerate(cmd.leave):
        if step == 0:
            name, already = cell_name(cell), 0
        else:
            cell = (cell[0] + d_row, cell[1] + d_col)
            name = cell_name(cell)
            space = state.board.get(cell)
            if space is None:
                raise _illegal("rk.move.gap", f"the knights reach {name}, where no tile lies",
                               f"stop before {name}: leave the remaining {remaining} knight(s) on the tile before it")
            terrain = space.tile.terrain
            if terrain == "lake":
                raise _illegal("rk.move.lake", f"{name} is a lake", "stop the knights before the lake")
            if remaining < minimum[terrain]:
                raise _illegal("rk.move.enter", f"{remaining} knight(s) cannot enter the {terrain} at {name}",
                               f"entering {terrain} needs at least {minimum[terrain]} knights in the stack")
            already = len(space.knights)
        least = 0 if state.pass_through and 0 < step < last else minimum[terrain]
        if left < least:
            raise _illegal("rk.move.minimum", f"{left} knight(s) left on the {terrain} at {name}",
                           f"leave at least {minimum[terrain]} there")
        if already + left > limits.max_knights_per_tile:
            raise _illegal("rk.move.max-four", f"{name} would hold {already + left} knights",
                           f"it holds {already}; leave at most {limits.max_knights_per_tile - already}"
                           if already < limits.max_knights_per_tile else f"{name} is full and cannot be entered")
        remaining -= left


def apply(state: State, cmd: Command) -> None:
    """Apply a command already checked; does not check."""
    _apply(state, cmd, parse_cell(cmd.cell) if isinstance(cmd, LayCommand) else None)


def _apply(state: State, cmd: Command, cell: Cell | None) -> None:
    """:func:`apply`, with the cell of a lay already read."""
    player = state.index[cmd.player]
    who = state.players[player]
    if cell is not None:
        tile = cmd.tile
        who.hand.remove(tile)
        space = Space(components().tiles[tile], player, [])
        state.put(cell, space)
        if cmd.leave:
            _march(state, cell, space, player, cmd)
            who.knights -= cmd.knights
        state.lays += 1
        if who.pile_size:
            state.must_draw = True
            return
    elif isinstance(cmd, DrawCommand):
        who.pile[cmd.tile] -= 1
        who.pile_size -= 1
        who.hand.append(cmd.tile)
        state.must_draw = False
    else:
        _next_turn(state)
        return
    if state.lays == components().max_lays_per_turn or not who.hand:
        _next_turn(state)


def _march(state: State, cell: Cell, castle: Space, player: int, cmd: LayCommand) -> None:
    """Stand the knights of ``cmd`` on the castle just laid and the tiles they walk on to."""
    castle.knights.extend([player] * cmd.leave[0])
    d_row, d_col = STEPS[cmd.direction] if cmd.direction else (0, 0)
    board = state.board
    for left in cmd.leave[1:]:
        cell = (cell[0] + d_row, cell[1] + d_col)
        board[cell].knights.extend([player] * left)


def _next_turn(state: State) -> None:
    """Pass the turn clockwise to the next player who still holds tiles; none left ends the game."""
    state.last_player, state.last_lays = state.to_move, state.lays
    state.lays = 0
    count = len(state.players)
    for offset in range(1, count + 1):
        candidate = (state.to_move + offset) % count
        if state.players[candidate].hand:
            state.to_move = candidate
            return
    state.over = True


def play(state: State, cmd: Command) -> None:
    """Check ``cmd``, then apply it.

    :raises IllegalMoveError:
    """
    _apply(state, cmd, _check(state, cmd))
