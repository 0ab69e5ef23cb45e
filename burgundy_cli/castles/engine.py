"""The referee: what comes next, whether a command is legal, and what it does.

* :func:`expected` -- the kind of line due next: phase setup (reveals, phase goods), a
  roll, a player's move, or nothing (game over).
* :func:`check` -- raises :class:`IllegalMoveError` naming a rule of
  :data:`burgundy_cli.castles.rules.RULES` and a hint; never changes the state.
* :func:`apply` -- carries a command out *in place*; it does **not** check (use it to
  replay trusted lines fast, after :func:`check` or for generated legal moves).
* :func:`play` -- :func:`check` then :func:`apply`.

The flow: a phase starts with optional reveal and phase-goods lines, then each of its 5
rounds starts with a roll (every player's dice, the white die and the goods tile it
places). Players then move in the round's turn order; a turn ends when both dice are
used (or on ``pass``), and the round, phase and game end with the last turn. Phase-end
income (mines, knowledge tile 2) is paid as soon as the phase's last turn ends; the
depots are cleared when the next phase's first line arrives, so that a purchase right
after the last dice action (allowed by the rules) still finds the black depot.

>>> from burgundy_cli.castles.commands import validate_command
>>> from burgundy_cli.castles.setup import state_from_setup
>>> from burgundy_cli.core.errors import IllegalMoveError
>>> from burgundy_cli.core.game import GameHeader
>>> header = GameHeader(name="castles-of-burgundy", edition="2011", players=["anna", "ben"])
>>> state = state_from_setup(header, {"goods": {"anna": [1, 2, 3], "ben": [4, 5, 6]}})
>>> expected(state).kind
'phase'
>>> play(state, validate_command(
...     {"kind": "roll", "white": 2, "good": 4, "dice": {"anna": (1, 5), "ben": (3, 3)}}))
>>> expected(state).player
'anna'
>>> try:
...     check(state, validate_command(
...         {"kind": "die", "player": "anna", "rolled": 1, "value": 4, "action": {"kind": "workers"}}))
... except IllegalMoveError as err:
...     print(err.rule.id, "|", err.hint)
cob.die.workers | needs 3 workers, anna has 1
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from burgundy_cli.castles.actions import (
    STORAGE, apply_action, apply_purchase, apply_sell, apply_workers, check_place, check_placement, check_purchase,
    check_sell, check_take, effect_of, illegal, place_and_check_grants, score_completion,
)
from burgundy_cli.castles.boards import SPACE_IDS, depot_spaces
from burgundy_cli.castles.commands import (
    BuyCommand, CorrectionCommand, DieCommand, PassCommand, PhaseGoodsEvent, PlaceAction, RevealEvent, RollEvent,
)
from burgundy_cli.castles.state import PHASES, GameState, PlayerState
from burgundy_cli.castles.tiles import GOODS_PER_TYPE, catalogue


@dataclass(frozen=True, slots=True)
class Expected:
    """What line comes next.

    ``kind``: ``"phase"`` (a phase starts: reveal and phase-goods lines may come, then the
    roll), ``"roll"``, ``"player"`` (``player`` is to move) or ``"over"``. ``phase`` is the
    letter, ``round`` 1..5. ``optional``: other line kinds accepted now (``"reveal"``,
    ``"phase-goods"``, ``"buy"`` for a player who may still buy after their dice).
    """

    kind: str
    phase: str
    round: int
    player: str | None = None
    optional: tuple[str, ...] = ()


def expected(state: GameState) -> Expected:
    """What the record must say next (see :class:`Expected`)."""
    phase = PHASES[state.phase]
    rnd = state.round + 1
    linger = ("buy",) if state.lingering >= 0 else ()
    if state.stage == "over":
        return Expected("over", phase, 5, optional=linger)
    if state.stage in ("phase", "setup"):
        return Expected("phase", phase, rnd, optional=("reveal", "phase-goods") + linger)
    if state.stage == "roll":
        return Expected("roll", phase, rnd, optional=linger)
    mover = state.players[state.to_move()].name
    return Expected("player", phase, rnd, mover, optional=() if state.bought else ("buy",))


# --- worker cost ----------------------------------------------------------------------------------


#: The knowledge tile that gives a free +/-1 when placing a tile of each colour.
_FREE_TILE = {"B": 9, "S": 10, "L": 10, "C": 11, "M": 11, "Y": 11}


def free_change(player: PlayerState, action, options) -> int:
    """Free die steps knowledge tiles 9-12 give this action (0, 1, or 2 with tile 8 by option)."""
    knowledge = player.knowledge
    if not knowledge:
        return 0
    free = False
    if action.kind == "take":
        free = 12 in knowledge
    elif action.kind == "place":
        kind = catalogue().get(action.tile)
        free = kind is not None and _FREE_TILE[kind.colour] in knowledge
    if free and options.k8_doubles_free and 8 in player.knowledge:
        return 2
    return int(free)


def worker_cost(player: PlayerState, rolled: int, value: int, free: int = 0) -> int:
    """Workers needed to turn ``rolled`` into ``value`` (1 and 6 adjacent; tile 8: 2 steps a worker)."""
    if rolled == value:
        return 0
    steps = abs(rolled - value)
    steps = max(0, min(steps, 6 - steps) - free)
    return (steps + 1) // 2 if 8 in player.knowledge else steps


# --- check ------------------------------------------------------------------------------------------


def _player(state: GameState, name: str) -> PlayerState:
    seat = state.seat(name)
    if seat < 0:
        raise illegal("cob.flow.turn-order", f"no player called '{name}'",
                      "players: " + ", ".join(p.name for p in state.players))
    return state.players[seat]


def _check_mover(state: GameState, cmd) -> PlayerState:
    """The command's player may act now (to move, or still buying after their dice)."""
    seat = state.seats.get(cmd.player, -1)
    if seat < 0:
        _player(state, cmd.player)
    if state.stage == "turn" and state.order[state.turn] == seat:
        return state.players[seat]
    if cmd.kind == "buy" and state.lingering == seat:
        return state.players[seat]
    if state.stage == "over":
        raise illegal("cob.flow.over", "the game is over (phase E has ended)")
    if state.stage != "turn":
        raise illegal("cob.flow.roll", f"round {state.round + 1} of phase {PHASES[state.phase]} has not been rolled",
                      "record the roll first")
    mover = state.players[state.order[state.turn]]
    raise illegal("cob.flow.turn-order", f"it is {mover.name}'s turn, not {cmd.player}'s")


def _check_die(state: GameState, cmd: DieCommand) -> None:
    """The die line is legal (:func:`check`)."""
    action = cmd.action
    _check_die_line(state, cmd, action, action.kind, check_place)


def _check_die_line(state: GameState, cmd: DieCommand, action, kind: str,
                    place) -> tuple[PlayerState, int, int, int]:
    """The die line ``cmd`` (its ``action`` and that action's ``kind`` already read) is legal:
    its player, the die as rolled, the value it is used as, and its worker cost.

    ``place`` checks a placement: :func:`check_place`, or for :func:`play` ``check_placement``,
    which leaves the purchase and granted action inside it to :func:`_play_granting_placement`.
    A command's fields are read once and passed on: reading them is a good part of the cost
    of a line.
    """
    seat = state.seats.get(cmd.player, -1)
    if state.stage == "turn" and state.order[state.turn] == seat:  # the usual case, without a call
        player = state.players[seat]
    else:
        player = _check_mover(state, cmd)
    rolled = cmd.rolled
    if rolled not in player.dice:
        unused = ", ".join(map(str, player.dice)) or "none"
        raise illegal("cob.die.unused", f"{player.name} has no unused die showing {rolled}",
                      f"unused dice: {unused}")
    value = cmd.value
    if value is None:
        value = rolled
    # placements first: the commonest die line (each kind's test is its own, so order is free)
    if kind == "place":
        if action.tile not in catalogue():
            raise illegal("cob.place.stored", f"there is no tile called '{action.tile}'")
    elif kind == "take":
        depot = action.depot
        if depot is not None and depot != value:
            raise illegal("cob.die.value", f"a die used as {value} takes from depot {value}, not {depot}",
                          f"use the die as {depot}")
    elif kind == "sell":
        goods = action.goods
        if goods != value:
            raise illegal("cob.die.value", f"a die used as {value} sells goods of type {value}, not {goods}",
                          f"use the die as {goods}")
    # a die used as rolled costs nothing, whatever free change a knowledge tile would give
    cost = 0 if value == rolled else worker_cost(player, rolled, value, free_change(player, action, state.options))
    if cost > player.workers:
        raise illegal("cob.die.workers", f"{player.name} cannot turn {rolled} into {value}",
                      f"needs {cost} worker{'s' if cost != 1 else ''}, {player.name} has {player.workers}")
    # actions.check_action for a die-bound action, dispatched here: one call fewer per die line
    if kind == "place":
        place(state, player, action, value, cost)
    elif kind == "take":
        check_take(state, player, action, value)
    elif kind == "sell":
        check_sell(player, goods)
    return player, rolled, value, cost


def _check_buy(state: GameState, cmd: BuyCommand) -> None:
    player = _check_mover(state, cmd)
    lingering = state.lingering >= 0 and state.players[state.lingering] is player
    check_purchase(state, player, cmd, state.bought and not lingering)


def _check_roll(state: GameState, cmd: RollEvent) -> None:
    if state.stage == "over":
        raise illegal("cob.flow.over", "the game is over (phase E has ended)")
    if state.stage == "turn":
        raise illegal("cob.flow.turn-order", f"round {state.round + 1} is still being played",
                      f"{state.players[state.to_move()].name} is to move")
    dice = cmd.dice
    if len(dice) != len(state.players) or dice.keys() != state.seats.keys():  # the same names, in any order
        names = [p.name for p in state.players]
        missing = [n for n in names if n not in cmd.dice]
        extra = [n for n in cmd.dice if n not in names]
        hint = "; ".join(f"{what}: {', '.join(names)}" for what, names in (("missing", missing), ("unknown", extra))
                         if names)
        raise illegal("cob.roll.players", "every player rolls their two dice", hint or None)
    goods = state.round_goods if state.stage != "phase" else None
    good = cmd.good
    if goods:
        if good is not None and good != goods[0]:
            raise illegal("cob.roll.good", f"the top goods tile of the round spaces is {goods[0]}, not {good}")
    elif good is None:
        raise illegal("cob.roll.good", "the goods tile the white die places must be recorded",
                      "add the good to the roll, or a phase-goods line at the start of the phase")
    elif state.goods_used[good] >= GOODS_PER_TYPE:
        raise illegal("cob.goods.count", f"all {GOODS_PER_TYPE} goods tiles of type {good} are already in play")


#: A tile kind's colour code.
_COLOUR = attrgetter("colour")
#: The stages in which a phase's reveal and goods lines may come.
_PHASE_SETUP = ("phase", "setup")


def _check_phase_line(state: GameState) -> None:
    if state.stage == "over":
        raise illegal("cob.flow.over", "the game is over (phase E has ended)")
    if state.stage not in _PHASE_SETUP:
        raise illegal("cob.flow.phase-setup", f"phase {PHASES[state.phase]} is under way",
                      "reveals and phase goods come before the first roll of a phase")


def _check_reveal(state: GameState, cmd: RevealEvent) -> None:
    if state.stage not in _PHASE_SETUP:
        _check_phase_line(state)
    depot = cmd.depot
    if state.stage == "setup" and state.revealed[depot]:
        raise illegal("cob.reveal.repeat", f"depot {depot} was already replenished this phase")
    phase = state.phase
    spaces = depot_spaces(len(state.players), phase)[depot]
    kinds = catalogue()
    tiles = cmd.tiles
    if not all(map(kinds.__contains__, tiles)):
        unknown = next(tile for tile in tiles if tile not in kinds)
        raise illegal("cob.reveal.spaces", f"there is no tile called '{unknown}'")
    if len(tiles) != len(spaces):
        raise illegal("cob.reveal.spaces", f"{'the black depot' if depot == 0 else f'depot {depot}'} takes "
                      f"{len(spaces)} tiles with {state.player_count} players, not {len(tiles)}")
    if depot:
        colours = sorted(map(_COLOUR, map(kinds.__getitem__, tiles)))
        if colours != sorted(spaces):
            raise illegal("cob.reveal.spaces", f"depot {depot}'s spaces are {' '.join(sorted(spaces))} in phase "
                          f"{PHASES[phase]}, the tiles are {' '.join(colours)}",
                          "colour codes: C castle, S ship, M mine, L animal, B building, Y knowledge")
    back = 1 if depot == 0 else 0
    supply = state.supply
    for name in set(tiles):
        if back == 1 and kinds[name].black == 0:
            raise illegal("cob.reveal.spaces", f"no {name} has a black back")
        if tiles.count(name) > supply[name][back]:
            raise illegal("cob.supply.exhausted", f"only {state.supply[name][back]} {name} with a "
                          f"{'black' if back else 'coloured'} back left in the supply")


def _check_phase_goods(state: GameState, cmd: PhaseGoodsEvent) -> None:
    if state.stage not in _PHASE_SETUP:
        _check_phase_line(state)
    if state.stage == "setup" and state.round_goods is not None:
        raise illegal("cob.reveal.repeat", "this phase's goods were already laid out")
    for good in set(cmd.goods):
        if state.goods_used[good] + cmd.goods.count(good) > GOODS_PER_TYPE:
            raise illegal("cob.goods.count", f"only {GOODS_PER_TYPE} goods tiles of type {good} exist; "
                          f"{state.goods_used[good]} are already in play")


def _check_correction(state: GameState, cmd: CorrectionCommand) -> None:
    player = _player(state, cmd.player)
    if cmd.resource == "vp":
        return
    if cmd.resource.startswith("goods"):
        good = int(cmd.resource[5:])
        have = player.goods.get(good, 0)
        if not have and cmd.amount > 0 and len(player.goods) >= 3:
            raise illegal("cob.correction.range", f"{player.name} already stores 3 goods types",
                          "goods storage holds at most 3 types")
    else:
        have = getattr(player, cmd.resource)
    if have + cmd.amount < 0:
        raise illegal("cob.correction.range", f"{player.name} has {have} {cmd.resource}; cannot add {cmd.amount}")


_CHECKS = {
    "die": _check_die, "buy": _check_buy, "pass": _check_mover, "correction": _check_correction,
    "roll": _check_roll, "reveal": _check_reveal, "phase-goods": _check_phase_goods,
}


def check(state: GameState, cmd) -> None:
    """Raise :class:`IllegalMoveError` if ``cmd`` is not legal in ``state``; change nothing."""
    _CHECKS[cmd.kind](state, cmd)


# --- apply ------------------------------------------------------------------------------------------


def _begin_phase(state: GameState) -> None:
    """Clear the depots of the last phase (their tiles go back to the box) for a new phase."""
    if state.stage != "phase":
        return
    for tiles in state.depots:
        state.removed.extend(tiles)
    state.depots[:] = [[] for _ in range(7)]
    state.taken[:] = [[] for _ in range(7)]
    state.revealed[:] = [False] * 7
    state.round_goods = None
    state.lingering = -1
    state.stage = "setup"


def _end_turn(state: GameState) -> None:
    """The player to move has no dice left: pass the turn, and end round/phase/game as due."""
    # the mover may still buy unless they have (state.to_move(), without the call)
    state.lingering = -1 if state.bought or state.stage != "turn" else state.order[state.turn]
    state.bought = False
    state.turn += 1
    if state.turn < len(state.order):
        return
    state.round += 1
    state.stage = "roll"
    if state.round < 5:
        return
    for income in state.ruleset.phase_end:
        income(state)
    if state.phase == 4:
        state.round = 4
        state.stage = "over"
        state.lingering = -1  # the game ends with its last die: no purchase after it (docs/rulings.md)
        return
    state.round = 0
    state.phase += 1
    state.stage = "phase"


def _apply_die(state: GameState, cmd: DieCommand) -> None:
    player = state.players[state.seat(cmd.player)]
    rolled, action = cmd.rolled, cmd.action
    value = rolled if cmd.value is None else cmd.value
    _spend_die(state, player, rolled, action, action.kind, value,
               worker_cost(player, rolled, value, free_change(player, action, state.options)))


def _spend_die(state: GameState, player: PlayerState, rolled: int, action, kind: str, value: int, cost: int) -> None:
    """Carry out a checked die line: pay ``cost`` workers, use the die ``rolled`` as ``value``
    for ``action`` (of ``kind``)."""
    state.lingering = -1
    player.workers -= cost
    dice = player.dice
    dice.remove(rolled)
    apply_action(state, player, action, value, kind)
    if not dice:
        _end_turn(state)


def _play_granting_placement(state: GameState, player: PlayerState, rolled: int, action: PlaceAction,
                             cost: int) -> None:
    """:func:`play` for a die placing a tile that grants an action or buys inside it, once
    :func:`_check_die` has checked all but the purchase and the granted action.

    Those have to be checked on the state after the placement; instead of placing on a
    branch to check and then again to apply, the tile is placed once, here, and the state
    is restored from an undo copy if the purchase or the granted action is illegal.
    """
    seat = state.players.index(player)
    undo = state.branch(seat)
    try:
        state.lingering = -1
        player.workers -= cost
        player.dice.remove(rolled)
        place_and_check_grants(state, player, action, effect_of(state, action.tile))
        then = action.then
        if then is not None:
            apply_action(state, player, then, None)
    except BaseException:
        state.restore(undo, seat)
        raise
    if not player.dice:
        _end_turn(state)


def _apply_buy(state: GameState, cmd: BuyCommand) -> None:
    seat = state.seat(cmd.player)
    if state.lingering == seat:
        state.lingering = -1
    else:
        state.bought = True
    apply_purchase(state, state.players[seat], cmd)


def _apply_pass(state: GameState, cmd: PassCommand) -> None:
    state.lingering = -1
    state.players[state.seat(cmd.player)].dice.clear()
    _end_turn(state)


def _apply_correction(state: GameState, cmd: CorrectionCommand) -> None:
    player = state.players[state.seat(cmd.player)]
    if cmd.resource == "vp":
        player.add_vp("corrections", cmd.amount)
    elif cmd.resource.startswith("goods"):
        good = int(cmd.resource[5:])
        count = player.goods.get(good, 0) + cmd.amount
        if count:
            player.goods[good] = count
        else:
            player.goods.pop(good, None)
    else:
        setattr(player, cmd.resource, getattr(player, cmd.resource) + cmd.amount)


def _apply_roll(state: GameState, cmd: RollEvent) -> None:
    if state.stage == "phase":  # (the test of _begin_phase, without its call on every roll)
        _begin_phase(state)
    state.lingering = -1
    dice = cmd.dice
    for player in state.players:
        player.dice = list(dice[player.name])
    if state.round_goods:
        good = state.round_goods.pop(0)
    else:
        good = cmd.good
        state.goods_used[good] += 1
    white = state.white = cmd.white
    state.depot_goods[white].append(good)
    state.order = state.bridge_order()
    state.turn = 0
    state.bought = False
    state.stage = "turn"


def _apply_reveal(state: GameState, cmd: RevealEvent) -> None:
    _begin_phase(state)
    depot, tiles = cmd.depot, cmd.tiles
    state.draw_each(tiles, depot == 0)
    state.depots[depot] = list(tiles)
    state.revealed[depot] = True


def _apply_phase_goods(state: GameState, cmd: PhaseGoodsEvent) -> None:
    _begin_phase(state)
    state.round_goods = list(cmd.goods)
    for good in cmd.goods:
        state.goods_used[good] += 1


_APPLIES = {
    "die": _apply_die, "buy": _apply_buy, "pass": _apply_pass, "correction": _apply_correction,
    "roll": _apply_roll, "reveal": _apply_reveal, "phase-goods": _apply_phase_goods,
}


def apply(state: GameState, cmd) -> None:
    """Carry ``cmd`` out on ``state`` in place. Does not check: call :func:`check` first."""
    _APPLIES[cmd.kind](state, cmd)


def play(state: GameState, cmd, kind: str | None = None) -> None:
    """Check ``cmd``, then apply it in place (``kind``: ``cmd.kind`` if the caller has read it).

    :raises IllegalMoveError: the command breaks a rule; ``state`` is unchanged.
    """
    if kind is None:
        kind = cmd.kind
    if kind == "die":
        play_die(state, cmd)
        return
    _CHECKS[kind](state, cmd)
    _APPLIES[kind](state, cmd)


def play_die(state: GameState, cmd: DieCommand) -> None:
    """:func:`play` for a die line, the commonest line of a record.

    The usual legal line -- its player to move, a die they have, a take from a revealed
    depot into a free storage space, a placement without a purchase inside it (granting
    no action, or one checked by :func:`_place_granting`), a sale, workers -- is checked
    and carried out in one pass, every field and table read once. Any test of that pass
    that fails sends the line, state untouched, the full way (:func:`_play_die_checked`),
    which makes every check in the rulebook's order and raises the error: so the verdicts
    and errors are those of :func:`check`.
    """
    action = cmd.action
    seat = state.seats.get(cmd.player, -1)
    if state.stage != "turn" or state.order[state.turn] != seat:
        return _play_die_checked(state, cmd)
    player = state.players[seat]
    dice = player.dice
    rolled = cmd.rolled
    if rolled not in dice:
        return _play_die_checked(state, cmd)
    value = cmd.value
    if value is None or value == rolled:
        value = rolled
        cost = 0
    else:
        cost = worker_cost(player, rolled, value, free_change(player, action, state.options))
        if cost > player.workers:
            return _play_die_checked(state, cmd)
    kind = action.kind
    if kind == "place":  # check_placement's tests, each passing, then apply_place_tile
        tile = action.tile
        tile_kind = catalogue().get(tile)
        space = SPACE_IDS.get(action.space)
        if tile_kind is None or space is None or action.buy is not None or tile not in player.storage:
            return _play_die_checked(state, cmd)
        duchy = player.duchy
        board = player.board
        tile_type = tile_kind.type
        if (duchy[space] is not None or board.colour[space] != tile_kind.colour or board.die[space] != value
                or not any(board.neighbour_tiles[space](duchy))
                or (tile_type == "building" and tile in board.area_tiles[space](duchy)
                    and 1 not in player.knowledge)
                or (tile_type != "ship"
                    and (action.goods is not None or action.goods2 is not None or action.keep is not None))):
            return _play_die_checked(state, cmd)
        effects = state.ruleset.effects
        effect = effects.get(tile) or effects[tile_type]
        if effect.check is not None:
            effect.check(state, player, action)
        then = action.then
        if then is None:
            _put(state, player, action, tile_kind, space, effect)
        elif effect.then is not None and effect.apply is None and (then.kind != "place" or not _buys_within(then)):
            _place_granting(state, player, action, space, tile_kind, effect)
        else:
            return _play_die_checked(state, cmd)
    elif kind == "take":  # check_take's tests for a revealed depot and a free storage space
        tile = action.tile
        depot = action.depot
        storage = player.storage
        if ((depot is not None and depot != value) or action.discard is not None or len(storage) >= STORAGE
                or not state.revealed[value] or tile not in state.depots[value] or tile not in catalogue()):
            return _play_die_checked(state, cmd)
        state.depots[value].remove(tile)
        storage.append(tile)
    elif kind == "sell":
        if action.goods != value or not player.goods.get(value):
            return _play_die_checked(state, cmd)
        apply_sell(state, player, value)
    else:
        apply_workers(player)
    state.lingering = -1
    player.workers -= cost
    dice.remove(rolled)
    if not dice:
        _end_turn(state)


def _put(state: GameState, player: PlayerState, action: PlaceAction, kind, space: int, effect) -> None:
    """:func:`apply_place_tile` for a checked placement whose tile ``kind``, ``space`` and
    ``effect`` the check found: the tile leaves storage, scores what it completes, acts."""
    tile = action.tile
    player.storage.remove(tile)
    player.duchy[space] = tile
    if kind.number is not None:
        player.knowledge.add(kind.number)
    score_completion(state, player, space)
    if effect.apply is not None:
        effect.apply(state, player, action, space)


def _buys_within(action: PlaceAction) -> bool:
    """A purchase is made inside the placement ``action`` or a placement it grants (2019)."""
    while action is not None and action.kind == "place":
        if action.buy is not None:
            return True
        action = action.then
    return False


def _place_granting(state: GameState, player: PlayerState, action: PlaceAction, space: int, kind,
                    effect) -> None:
    """Place a tile that grants ``action.then`` (the tile has no immediate effect, and no
    purchase is made inside the placement or a placement it grants), check the granted
    action on the result, and carry it out. What the placement changes -- storage, the
    space, knowledge, VP, bonus tiles -- is saved first and put back if the granted action
    is illegal: a small undo instead of :meth:`GameState.branch`, which this case does not
    need (without a purchase, the granted action's check does not look at the dice or the
    workers, which are spent after it, and checks a granted placement's own grants on a
    branch)."""
    storage, knowledge, vp = player.storage.copy(), player.knowledge.copy(), player.vp.copy()
    bonuses, bonus_taken = len(player.bonuses), state.bonus_taken.copy()
    _put(state, player, action, kind, space, effect)
    then = action.then
    try:
        effect.then(state, player, then)
    except BaseException:
        player.storage, player.knowledge, player.vp = storage, knowledge, vp
        player.duchy[space] = None
        del player.bonuses[bonuses:]
        state.bonus_taken = bonus_taken
        raise
    apply_action(state, player, then, None)


def _play_die_checked(state: GameState, cmd: DieCommand) -> None:
    """:func:`play` for a die line, every check made in order (the reuse of what the check
    found instead of finding it again is why this is not :func:`check` then :func:`apply`)."""
    action = cmd.action
    action_kind = action.kind
    player, rolled, value, cost = _check_die_line(state, cmd, action, action_kind, check_placement)
    if action_kind == "place" and (action.then is not None or action.buy is not None):
        _play_granting_placement(state, player, rolled, action, cost)
    else:
        _spend_die(state, player, rolled, action, action_kind, value, cost)
