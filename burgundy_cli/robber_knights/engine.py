"""The Robber Knights rules as a state machine: ``check`` a command, ``apply`` it in place.

``check`` raises :class:`IllegalMoveError` naming the ``rk.*`` rule broken and a hint on what
would be legal; ``apply`` trusts its input (records already checked replay through it fast);
``play`` is both. Player names in commands are the record's exact spellings.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import zip_longest

from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.robber_knights.commands import STEPS, DrawCommand, EndCommand, LayCommand
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.rules import rule
from burgundy_cli.robber_knights.state import Cell, Space, State, cell_name, cells_by_name, parse_cell
from burgundy_cli.core.words import counted

Command = LayCommand | DrawCommand | EndCommand
#: The rules a legal line passed, in the order checked, each with why it held (see :func:`rules_passed`).
Passed = list[tuple[str, str]]


def _illegal(rule_id: str, message: str, hint: str | None = None, *, blamed: str | None = None,
             fix: Command | None = None) -> IllegalMoveError:
    """The refusal of a line by rule ``rule_id``. ``blamed``: the word of the line to blame
    (``notation.blamed_column``'s words: ``player``, the action, the tile, the cell,
    ``knights``, or ``leave:N`` for the Nth tile of the walk); ``fix``: a line the rules accept instead,
    which the session writes at the end of ``hint`` (the rules know no notation)."""
    return IllegalMoveError(rule(rule_id), message, hint=hint, blamed=blamed, fix=fix)


def check(state: State, cmd: Command) -> None:
    """Raise :class:`IllegalMoveError` unless ``cmd`` is legal in ``state``.

    :raises IllegalMoveError: with the rule broken and a hint.
    """
    _check(state, cmd)


def rules_passed(state: State, cmd: Command) -> Passed:
    """The rules the legal ``cmd`` passed in ``state``, in the order :func:`check` asks them,
    each with why it held: the same checks, noting each rule as it lets the line through
    (what ``burgundy check`` says of a legal line).

    :raises IllegalMoveError: ``cmd`` is not legal.
    """
    passed: Passed = []
    _check(state, cmd, passed)
    return passed


def _check(state: State, cmd: Command, passed: Passed | None = None) -> Cell | None:
    """:func:`check`, giving the cell a tile is laid on (None for a draw or an end), for
    :func:`_apply`; each rule that holds is added to ``passed``, when given."""
    if state.over:
        raise _illegal("rk.game.over", "the game is over: every tile has been laid",
                       "nothing more can be played; run 'burgundy score' for the result", blamed=cmd.kind)
    player = state.index[cmd.player]
    if state.must_draw:  # only the player to move may act: by drawing
        if player != state.to_move or not isinstance(cmd, DrawCommand):
            raise _out_of_turn(state, cmd, player)
        if passed is not None:
            passed.append(("rk.turn.order", f"{cmd.player} is to move"))
        _check_draw(state, player, cmd, passed)
        return None
    if player != state.to_move:
        raise _out_of_turn(state, cmd, player)
    if passed is not None:
        passed.append(("rk.turn.order", f"{cmd.player} is to move"))
    if isinstance(cmd, LayCommand):
        return _check_lay(state, player, cmd, passed)
    if isinstance(cmd, DrawCommand):
        _check_draw(state, player, cmd, passed)
    elif state.lays == 0:
        raise _illegal("rk.turn.first-compulsory", f"{cmd.player} has not laid a tile this turn",
                       "lay at least one tile before ending the turn", blamed="end")
    elif passed is not None:
        passed.append(("rk.turn.first-compulsory", f"{cmd.player} has laid {counted(state.lays, 'tile')} this turn"))
    return None


def _out_of_turn(state: State, cmd: Command, player: int) -> IllegalMoveError:
    """The error for a line by a player who may not act now: a draw is due, or it is not their
    turn -- saying so when their own turn ended by itself (a third tile, or their last) and
    they go on as if it had not, before the next player has laid a tile (once they have, the
    line is simply out of turn)."""
    mover = state.players[state.to_move].name
    if state.must_draw and not (isinstance(cmd, DrawCommand) and player == state.to_move):
        pile = state.players[state.to_move].pile
        left = ", ".join(f"{count} {name}" for name, count in pile.items() if count)
        # (no line is proposed: which tile comes off the pile only the table knows)
        return _illegal("rk.draw.after-lay", f"{mover} must first draw the top tile of their pile",
                        f"record the tile drawn first, '{mover}: draw' and its name (the pile holds {left})",
                        blamed="player" if player != state.to_move else cmd.kind)
    just_ended = player == state.last_player and not state.lays   # (the next player has not laid yet)
    if just_ended and state.last_lays == components().max_lays_per_turn:
        if isinstance(cmd, EndCommand):   # said at the table after the third tile
            return _illegal("rk.lay.three", f"{cmd.player}'s turn ended by itself with the third tile laid",
                            f"no 'end' is needed after a third tile; it is {mover}'s turn", blamed="end")
        if isinstance(cmd, LayCommand):
            return _illegal("rk.lay.three", f"{cmd.player} has already laid "
                            f"{components().max_lays_per_turn} tiles this turn", f"it is {mover}'s turn",
                            blamed="lay")
    if isinstance(cmd, EndCommand) and just_ended and not state.players[player].hand:
        return _illegal("rk.turn.order", f"{cmd.player}'s turn ended by itself with the last tile in hand laid",
                        f"it is {mover}'s turn", blamed="player")
    return _illegal("rk.turn.order", f"it is {mover}'s turn, not {cmd.player}'s",
                    f"the next line must be by {mover}", blamed="player")


def _check_draw(state: State, player: int, cmd: DrawCommand, passed: Passed | None = None) -> None:
    who = state.players[player]
    if not state.must_draw and not who.pile_size:   # (laying another tile would not make one due)
        raise _illegal("rk.draw.after-lay", f"{who.name}'s pile is empty: no tile is drawn any more",
                       "lay a tile from hand" + (" or end the turn" if state.lays else ""), blamed="draw",
                       fix=EndCommand(player=who.name) if state.lays else None)
    if not state.must_draw:
        raise _illegal("rk.draw.after-lay", f"{who.name} has no draw due: a tile is drawn only right after "
                       "laying one, while the pile lasts", "lay a tile first", blamed="draw")
    if who.pile.get(cmd.tile, 0) == 0:
        left = ", ".join(f"{count} {name}" for name, count in who.pile.items() if count) or "nothing"
        raise _illegal("rk.draw.pile", f"{who.name}'s pile holds no {cmd.tile} any more",
                       f"the pile still holds {left}", blamed=cmd.tile)
    if passed is not None:
        passed.append(("rk.draw.after-lay", f"{who.name} laid a tile and draws"))
        passed.append(("rk.draw.pile", f"{who.name}'s pile holds {who.pile[cmd.tile]} {cmd.tile}"))


def _check_lay(state: State, player: int, cmd: LayCommand, passed: Passed | None = None) -> Cell:
    who = state.players[player]
    if cmd.tile not in who.hand:
        raise _illegal("rk.lay.hand", f"{who.name} holds no {cmd.tile}",
                       f"{who.name}'s hand: {', '.join(who.hand) or 'empty'}", blamed=cmd.tile)
    cell = cells_by_name()[cmd.cell]  # parse_cell's table, one call fewer a lay
    if place_refusal(state, cell) is not None:
        _check_place(state, cell, cmd.cell)
    if passed is not None:
        passed.extend(_placed(state, cell, who.name, cmd))
    if not cmd.leave:
        return cell
    tile = components().tiles[cmd.tile]
    bare = cmd.model_copy(update={"direction": None, "leave": ()})   # the tile laid without knights
    if not tile.is_castle:
        raise _illegal("rk.knights.castle", f"{cmd.tile} has no castle, so no knights come into play with it",
                       "lay it without knights", blamed="knights", fix=bare)
    refused = knights_refusal(who.knights, cmd.knights)
    if refused is not None and not who.knights:   # the rulebook's note: all his knights positioned
        raise _illegal("rk.knights.supply", f"{who.name} has no knights left, not {cmd.knights}",
                       "lay the castle without knights", blamed="knights", fix=bare)
    if refused is not None:
        hint, fix = _knights_hint(state, tile.terrain, who.knights, bare)
        raise _illegal(refused, f"{cmd.knights} knights placed on the castle; a castle takes at most "
                       f"{components().max_knights_per_castle}" if refused == "rk.knights.five" else
                       f"{who.name} has only {counted(who.knights, 'knight')} left, not {cmd.knights}",
                       hint, blamed="knights", fix=fix)
    if passed is not None:
        passed.extend((("rk.knights.castle", f"{cmd.tile} has a castle"),
                       ("rk.knights.five", f"{counted(cmd.knights, 'knight')}, at most "
                                           f"{components().max_knights_per_castle}"),
                       ("rk.knights.supply", f"{who.name} has {who.knights} left")))
    _check_march(state, cell, tile.terrain, cmd, passed)
    return cell


def _knights_hint(state: State, terrain: str, supply: int, bare: LayCommand, most: bool = True
                  ) -> tuple[str, LayCommand]:
    """What a player with ``supply`` knights may bring onto a castle of ``terrain`` instead,
    as a hint and its line (``bare``: the castle laid without knights): the counts that may
    all stay on it, as :func:`knights_refusal` and :func:`stop_refusal` allow them (a forest
    castle keeps at least 2, so 1 is never proposed there), the line with the most of them
    (too many were placed) or, not ``most``, the fewest (too few); or to lay the castle
    without knights when none may (``supply`` is 1 or more: a player with none is told so by
    :func:`_check_lay`). Walks onwards are the listing's (``moves``)."""
    staying = [count for count in range(1, components().max_knights_per_castle + 1)
               if knights_refusal(supply, count) is None and stop_refusal(state, terrain, 0, count, count, 0, True) is None]
    if not staying:
        least = components().minimum[terrain]
        return (f"lay the castle without knights (a castle on the {terrain} keeps at least {least}, and "
                f"{counted(supply, 'knight')} {'is' if supply == 1 else 'are'} left)", bare)
    counts = " or ".join(map(str, staying)) if len(staying) < 3 else f"{staying[0]} to {staying[-1]}"
    them = "it" if staying == [1] else "them"
    return (f"place {counts} and leave {them} on the castle",
            bare.model_copy(update={"leave": (staying[-1] if most else staying[0],)}))


def _placed(state: State, cell: Cell, name: str, cmd: LayCommand) -> Passed:
    """Why the lay of ``cmd`` on ``cell`` (allowed by :func:`place_refusal`) passed the hand
    and placement rules, for :func:`rules_passed`."""
    row, col = cell
    touching = [cell_name(near) for near in ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1))
                if near in state.board]
    return [("rk.lay.hand", f"{name} holds {cmd.tile}"),
            ("rk.lay.area", f"{cmd.cell} keeps the landscape within {state.side} x {state.side} tiles"),
            ("rk.lay.empty", f"{cmd.cell} is empty"),
            ("rk.lay.edge", f"{cmd.cell} shares an edge with {', '.join(touching)}")]


def place_refusal(state: State, cell: Cell) -> str | None:
    """The rule a tile laid on ``cell`` breaks, by id, or ``None``: inside the frame and the
    playing area, on an empty space, edge to edge with a laid tile.

    The one statement of these rules: :func:`check` words the refusal, the move generator
    keeps the cells this allows.
    """
    row, col = cell
    side = state.side
    frame = state.frame
    low_row, high_row, low_col, high_col = state.bounds
    # the laid tiles with this one span fewer than ``side`` rows and columns
    if not (0 <= row < frame and 0 <= col < frame and row - low_row < side and high_row - row < side
            and col - low_col < side and high_col - col < side
            and high_row - low_row < side and high_col - low_col < side):
        return "rk.lay.area"
    board = state.board
    if cell in board:
        return "rk.lay.empty"
    if (row - 1, col) not in board and (row + 1, col) not in board and \
            (row, col - 1) not in board and (row, col + 1) not in board:
        return "rk.lay.edge"
    return None


def _check_place(state: State, cell: Cell, name: str) -> None:
    """Where a tile may go (:func:`place_refusal`), as a worded refusal."""
    refused = place_refusal(state, cell)
    if refused == "rk.lay.area":
        raise _illegal(refused, f"{name} lies outside the playing area of at most {state.side} x {state.side} "
                       "tiles", _area_hint(state), blamed=name)
    if refused == "rk.lay.empty":
        raise _illegal(refused, f"{name} already holds a tile ({state.board[cell].tile.name})",
                       "choose an empty space next to the layout", blamed=name)
    if refused == "rk.lay.edge":
        raise _illegal(refused, f"{name} shares no edge with a laid tile",
                       "lay it so that one full edge touches a tile already laid (corners do not count)", blamed=name)


def _area_hint(state: State) -> str:
    """Which rows and columns a tile may still go to without breaking the area limit."""
    low_row, high_row, low_col, high_col = state.bounds
    last = state.frame - 1
    rows = max(0, high_row - state.side + 1), min(last, low_row + state.side - 1)
    cols = max(0, high_col - state.side + 1), min(last, low_col + state.side - 1)
    return (f"lay within rows {rows[0] + 1}-{rows[1] + 1} and columns "
            f"{cell_name((0, cols[0]))[0]}-{cell_name((0, cols[1]))[0]}")


def knights_refusal(supply: int, knights: int) -> str | None:
    """The rule ``knights`` brought onto a new castle break, by id, or ``None``: at most five,
    and no more than the player has in front of them."""
    if knights > components().max_knights_per_castle:
        return "rk.knights.five"
    if knights > supply:
        return "rk.knights.supply"
    return None


def entry_refusal(space: Space | None) -> str | None:
    """The rule a stack moving on breaks by entering ``space`` (the next cell's tile), or
    ``None``: no gap, no lake."""
    if space is None:
        return "rk.move.gap"
    if space.tile.terrain == "lake":
        return "rk.move.lake"
    return None


def stop_refusal(state: State, terrain: str, already: int, entering: int, left: int, step: int,
                 last: bool) -> str | None:
    """The rule one step of a knights' walk breaks, by id, or ``None``.

    ``step`` 0 is the castle itself (``entering``: every knight brought); later steps enter
    a tile of ``terrain`` holding ``already`` knights with ``entering`` knights in the
    stack and leave ``left`` there; ``last``: the walk ends on it. A stack enters a tile
    only with the terrain's minimum; it leaves at least that minimum on each tile (on the
    tiles it passes through, none with option ``pass-through``); no tile holds more than four,
    so a tile without room for the knights that must be left on it cannot be entered at all.
    """
    limits = components()
    minimum = limits.minimum[terrain]
    if step and entering < minimum:
        return "rk.move.enter"
    least = least_left(state, terrain, step, last)
    if already + least > limits.max_knights_per_tile or already + left > limits.max_knights_per_tile:
        return "rk.move.max-four"
    if left < least:
        return "rk.move.minimum"
    return None


def least_left(state: State, terrain: str, step: int, last: bool) -> int:
    """The fewest knights a walk may leave on a tile of ``terrain`` at ``step`` (0: the castle;
    ``last``: the walk ends there): the terrain's minimum, or none on a tile passed through
    with option ``pass-through``."""
    return 0 if state.pass_through and step and not last else components().minimum[terrain]


def march_refusal(state: State, castle: Cell, terrain: str, direction: str | None, leave: tuple[int, ...],
                  steps: list[tuple[Cell, str, int, int, int]] | None = None
                  ) -> tuple[str, Cell, str, int, int, int, int] | None:
    """The first rule the knights' walk ``leave`` from a castle of ``terrain`` newly laid on
    ``castle`` breaks, or ``None``: ``(rule id, cell, terrain, knights already there, knights
    in the stack on entering, knights left, the fewest it may leave there)`` of the step that
    breaks it.

    Each step asks :func:`entry_refusal` (no gap, no lake) and :func:`stop_refusal`: the one
    statement of the walk's rules, for :func:`check` and the move generator alike. Each step
    allowed is added to ``steps``, when given: (cell, terrain, knights already there, in the
    stack on entering, left).
    """
    d_row, d_col = STEPS[direction] if direction else (0, 0)
    remaining = sum(leave)
    cell = castle
    last = len(leave) - 1
    for step, left in enumerate(leave):
        already = 0
        if step:
            cell = (cell[0] + d_row, cell[1] + d_col)
            space = state.board.get(cell)
            refused = entry_refusal(space)
            if refused is not None:
                return refused, cell, terrain, already, remaining, left, 0
            terrain, already = space.tile.terrain, len(space.knights)
        refused = stop_refusal(state, terrain, already, remaining, left, step, step == last)
        if refused is not None:
            return refused, cell, terrain, already, remaining, left, least_left(state, terrain, step, step == last)
        if steps is not None:
            steps.append((cell, terrain, already, remaining, left))
        remaining -= left
    return None


def _check_march(state: State, castle: Cell, terrain: str, cmd: LayCommand, passed: Passed | None = None) -> None:
    """The knights' walk from the castle (:func:`march_refusal`), as a worded refusal; the
    walk's rules, each with why it held, added to ``passed`` when given."""
    steps: list[tuple[Cell, str, int, int, int]] | None = None if passed is None else []
    found = march_refusal(state, castle, terrain, cmd.direction, cmd.leave, steps)
    if found is None:
        if steps:
            passed.extend(_walked(cmd, steps))
        return
    terrain_of_castle = terrain
    refused, cell, terrain, already, remaining, left, least = found
    name = cell_name(cell)
    limits = components()
    step = abs(cell[0] - castle[0]) + abs(cell[1] - castle[1])   # the walk's tile refused, 0 the castle
    blamed = f"leave:{step}"

    def stop_before(message: str, needs: str = "") -> IllegalMoveError:
        """The refusal of entering ``cell``, saying ``message``, told to stop on the tile before
        it (or, ``needs`` saying what entering it takes, to enter it so)."""
        hint, fix = _stop_before(state, castle, terrain_of_castle, cmd, cell, needs)
        return _illegal(refused, message, hint, blamed=blamed, fix=fix)

    if refused == "rk.move.gap":
        raise stop_before(f"the knights reach {name}, where no tile lies")
    if refused == "rk.move.lake":
        raise stop_before(f"{name} is a lake")
    if refused == "rk.move.enter":
        raise stop_before(f"{counted(remaining, 'knight')} cannot enter the {terrain} at {name}",
                          f"entering {terrain} needs at least {limits.minimum[terrain]} knights in the stack")
    if refused == "rk.move.minimum":
        stop = _walk(state, castle, terrain_of_castle, cmd, [*cmd.leave[:step], sum(cmd.leave[step:])])
        nearest = _nearest_walk(state, castle, terrain_of_castle, cmd, prefer=stop)
        if nearest is None and cmd.knights < least:   # (only the castle: a stack entering a tile brings its minimum)
            hint, fix = _knights_hint(state, terrain, state.players[state.index[cmd.player]].knights,
                                      cmd.model_copy(update={"direction": None, "leave": ()}), most=False)
            raise _illegal(refused, f"{counted(cmd.knights, 'knight')} placed on the castle at {name}, where a "
                           f"castle on the {terrain} keeps at least {least}", hint, blamed=blamed, fix=fix)
        words = f"leave at least {limits.minimum[terrain]} there"
        raise _illegal(refused, f"{counted(left, 'knight')} left on the {terrain} at {name}",
                       f"{words}, the whole stack stopping there" if nearest is not None and nearest == stop
                       else _there(words, nearest, step), blamed=blamed, fix=nearest)
    room = limits.max_knights_per_tile - already
    if least > room:
        raise stop_before(f"the {terrain} at {name} holds {counted(already, 'knight')}, room for {room}, "
                          f"and a stack must leave {least} there: it cannot be entered"
                          if room else f"{name} holds {already} knights: it is full and cannot be entered")
    if not step:   # (all 5 knights on the castle: a walk leaves at least one elsewhere)
        hint, fix = _send_on(state, castle, terrain_of_castle, cmd, room)
        raise _illegal(refused, f"{name} would hold {left} knights", hint, blamed=blamed, fix=fix)
    onwards = [*cmd.leave[:step], room, *cmd.leave[step + 1:]]   # the rest carried on to the next tile
    if step + 1 < len(onwards):
        onwards[step + 1] += left - room
    else:   # (a tile after the castle: the walk goes on in its direction)
        onwards.append(left - room)
    nearest = _nearest_walk(state, castle, terrain_of_castle, cmd,
                            prefer=_walk(state, castle, terrain_of_castle, cmd, onwards))
    fix = nearest or _walk(state, castle, terrain_of_castle, cmd, [*cmd.leave[:step], room])   # (else placed no more)
    raise _illegal(refused, f"{name} would hold {already + left} knights",
                   _there(f"it holds {already}; leave at most {room} there", nearest, step), blamed=blamed, fix=fix)


def _send_on(state: State, castle: Cell, terrain: str, cmd: LayCommand, room: int
             ) -> tuple[str, LayCommand | None]:
    """The hint and its line for the knights of ``cmd``, more than a tile holds (``room``),
    brought onto a castle of ``terrain`` on ``castle`` without a walk: the rulebook has the
    player "then immediately [move] the pile of their knights away from the castle", so the
    nearest walk of them all that :func:`march_refusal` allows, in any direction; else as
    many as the castle holds, left on it."""
    walk = _nearest_walk(state, castle, terrain, cmd, towards=tuple(STEPS))
    if walk is not None:
        return f"leave at most {room} on the castle, or send them on", walk
    return f"leave at most {room} on the castle", _walk(state, castle, terrain, cmd, [room])


def _there(words: str, walk: LayCommand | None, step: int) -> str:
    """``words``, what a walk refused on its tile ``step`` must leave there, as the hint to
    the legal ``walk`` proposed instead: adding that it stops before that tile, when it does
    (one that reaches it leaves there what ``words`` say: ``march_refusal`` allowed it)."""
    if walk is None or step < len(walk.leave):
        return words
    return f"{words}, or stop before it"


def _nearest_walk(state: State, castle: Cell, terrain: str, cmd: LayCommand, *, towards: tuple[str, ...] = (),
                  tiles: int | None = None, prefer: LayCommand | None = None) -> LayCommand | None:
    """The walk of the knights of ``cmd`` from its castle of ``terrain`` on ``castle`` that
    :func:`march_refusal` allows and that moves the fewest of them from the tiles ``cmd``
    leaves them on (among those, the fewest tiles in all they are moved by, then the fewest
    tiles changed), or None: as many knights, in
    ``cmd``'s direction or, given, one of ``towards`` (all on the castle too); on at most
    ``tiles`` tiles, castle included, when given; ``prefer``, when it is as near (the line
    a refusal proposed before, which its words describe). The rules are asked, not restated:
    the walks tried are every split of the knights over the tiles laid next in line (none
    goes further, ``rk.move.gap``)."""
    typed, knights = cmd.leave, cmd.knights

    def moved(leave: tuple[int, ...]) -> tuple[int, int, int]:
        pairs = list(zip_longest(typed, leave, fillvalue=0))
        steps = sum(abs(sum(was - now for was, now in pairs[:at])) for at in range(1, len(pairs)))
        return sum(max(0, was - now) for was, now in pairs), steps, sum(was != now for was, now in pairs)

    tries: list[tuple[tuple[int, int, int], str | None, tuple[int, ...]]] = [(moved((knights,)), None, (knights,))]
    for direction in towards or ((cmd.direction,) if cmd.direction else ()):
        d_row, d_col = STEPS[direction]
        cell, laid = castle, 0
        while (cell := (cell[0] + d_row, cell[1] + d_col)) in state.board:
            laid += 1
        longest = laid + 1 if tiles is None else min(laid + 1, tiles)
        tries.extend((moved(leave), direction, leave) for length in range(2, longest + 1)
                     for leave in _splits(knights, length))
    tries.sort(key=lambda tried: tried[0])
    for near, direction, leave in tries:
        walk = _walk(state, castle, terrain, cmd, list(leave), direction)
        if walk is not None:
            if prefer is not None and prefer.knights == knights and moved(prefer.leave)[0] == near[0]:
                return prefer
            return walk
    return None


def _splits(knights: int, tiles: int) -> Iterator[tuple[int, ...]]:
    """Every way to leave ``knights`` on ``tiles`` tiles in a row, the last one at least 1 (a
    walk stops on the last tile it leaves knights on)."""
    if tiles == 1:
        if knights:
            yield (knights,)
        return
    for first in range(knights, -1, -1):
        for rest in _splits(knights - first, tiles - 1):
            yield (first, *rest)


def _walk(state: State, castle: Cell, terrain: str, cmd: LayCommand, leave: list[int],
          towards: str | None = None) -> LayCommand | None:
    """``cmd`` with the knights left ``leave`` instead (no direction when all stay on the
    castle; ``towards``, when given, for ``cmd``'s), when :func:`march_refusal` allows that
    walk from a castle of ``terrain`` on ``castle``; else None."""
    direction = (towards or cmd.direction) if len(leave) > 1 else None
    if not leave[-1] or march_refusal(state, castle, terrain, direction, tuple(leave)) is not None:
        return None
    return cmd.model_copy(update={"direction": direction, "leave": tuple(leave)})


def _stop_before(state: State, castle: Cell, terrain: str, cmd: LayCommand, cell: Cell, needs: str = ""
                 ) -> tuple[str, LayCommand | None]:
    """The hint (and its line) for a walk from a castle of ``terrain`` on ``castle`` that may
    not enter ``cell``: the nearest walk that stops before it (:func:`_nearest_walk`), the
    same knights all left on the tile before it when that is as near; with ``needs`` (what
    entering ``cell`` takes: ``rk.move.enter``) the nearest walk that enters it so, if nearer;
    else to stop earlier or go another way."""
    reached = abs(cell[0] - castle[0]) + abs(cell[1] - castle[1])   # the steps of the walk before ``cell``
    stop = _walk(state, castle, terrain, cmd, [*cmd.leave[:reached - 1], sum(cmd.leave[reached - 1:])])
    nearest = _nearest_walk(state, castle, terrain, cmd, tiles=None if needs else reached, prefer=stop)
    either = f"{needs}; or " if needs else ""
    name = cell_name(cell)
    if nearest is None:
        return f"{either}stop before {name} with fewer knights, or go another way", None
    if len(nearest.leave) > reached:   # (it enters ``cell``, with what ``needs`` says)
        return needs, nearest
    return f"{either}stop before {name}", nearest


def _walked(cmd: LayCommand, steps: list[tuple[Cell, str, int, int, int]]) -> Passed:
    """Why the knights' walk of ``cmd`` (its ``steps``, as :func:`march_refusal` allowed them)
    passed the walk's rules, for :func:`rules_passed`."""
    limits = components()
    onwards = steps[1:]
    passes: Passed = []
    if onwards:
        passes.append(("rk.move.gap", f"the knights go {cmd.direction} onto the laid tiles next in line: "
                                      + ", ".join(cell_name(cell) for cell, *_ in onwards)))
        passes.append(("rk.move.lake", "no lake on the way"))
        entered = [f"{entering} enter the {terrain} at {cell_name(cell)}"
                   for cell, terrain, _, entering, _ in onwards if limits.minimum[terrain] > 1]
        passes.append(("rk.move.enter", ", ".join(entered) or "no forest or mountains on the way"))
    passes.append(("rk.move.minimum", ", ".join(f"{left} left on the {terrain} at {cell_name(cell)}"
                                                for cell, terrain, _, _, left in steps)))
    fullest = max(steps, key=lambda step: step[2] + step[4])
    passes.append(("rk.move.max-four", f"at most {limits.max_knights_per_tile} on a tile: "
                                       f"{cell_name(fullest[0])} then holds {fullest[2] + fullest[4]}"))
    return passes


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
