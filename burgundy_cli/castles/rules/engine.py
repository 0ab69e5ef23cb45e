"""The referee: what comes next, whether a command is legal, and what it does.

* :func:`expected` -- the kind of line due next: phase setup (reveals, phase goods), a
  roll, a player's move, or nothing (game over).
* :func:`check` -- raises :class:`IllegalMoveError` naming a rule of
  :data:`burgundy_cli.castles.rules.RULES` and a hint; never changes the state.
* :func:`apply` -- carries a command out *in place*; it does **not** check (use it to
  replay trusted lines fast, after :func:`check` or for generated legal moves).
* :func:`play` -- :func:`check` then :func:`apply`, along one path: the checks return
  what they looked up (the player, the die's worker cost, a placement's space and effect)
  and the action is carried out with it. Every rule is asked through the same functions
  (:mod:`~burgundy_cli.castles.rules.actions`, :mod:`~burgundy_cli.castles.rules.placement`) by
  :func:`check`, :func:`play` and the move generator; tests/castles/test_differential.py
  holds the paths to the same verdicts.

The flow: a phase starts with optional reveal and phase-goods lines, then each of its 5
rounds starts with a roll (every player's dice, the white die and the goods tile it
places). Players then move in the round's turn order; a turn ends when both dice are
used (or on ``pass``), and the round, phase and game end with the last turn. Phase-end
income (mines, knowledge tile 2) is paid as soon as the phase's last turn ends; the
depots are cleared when the next phase's first line arrives, so that a purchase right
after the last dice action (allowed by the rules) still finds the black depot.

>>> from burgundy_cli.castles.rules.commands import validate_command
>>> from burgundy_cli.castles.record.setup_table import state_from_setup
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
cob.die.workers | needs 3 worker tiles, anna has 1
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from operator import attrgetter

from burgundy_cli.castles.rules.actions import (
    apply_action, apply_grant, apply_purchase, check_action, check_grant, check_grants, check_module, switched_on,
    LineRule, check_purchase, goods_types_free, illegal, place_tile,
)
from burgundy_cli.castles.rules.boards import depot_spaces
# the die rules (what a die change costs), apart so that rules and modules need no engine
from burgundy_cli.castles.rules.dice import free_change, free_change_tile, steps_per_worker, worker_cost, workers_suffice
from burgundy_cli.castles.rules.commands import (
    BuyCommand, CorrectionCommand, DieCommand, PassCommand, PhaseGoodsEvent, PlaceAction, RevealEvent, RollEvent,
)
from burgundy_cli.castles.rules.state import PHASES, GameState, PlayerState
from burgundy_cli.castles.rules.terms import WORDS, counted_in
from burgundy_cli.castles.rules import passed, phase_end, recording_now
from burgundy_cli.castles.rules.tiles import GOODS_PER_TYPE, catalogue
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.words import counted


@dataclass(frozen=True, slots=True)
class Expected:
    """What line comes next.

    ``kind``: ``"phase"`` (a phase starts: reveal and phase-goods lines may come, then the
    roll), ``"roll"``, ``"player"`` (``player`` is to move), ``"over"``, or the kind of a
    module's table line that must come before the player to move acts (``LineRule.due``:
    ``"solo-remove"``, the 2019 solo game's removal; ``player`` is then the one who moves
    after it). ``phase`` is the letter, ``round`` 1..5. ``also_accepted``: other line kinds
    accepted now (``"reveal"``, ``"phase-goods"``, ``"buy"`` for a player who may still buy
    after their dice). ``missing``: the phase's table lines not yet in the record, as the
    table says them (``reveal 1`` .. ``reveal 6``, ``reveal black``, ``goods``), while the
    phase's first roll has not come; once all are in, the roll is due.
    """

    kind: str
    phase: str
    round: int
    player: str | None = None
    also_accepted: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()


#: A phase's table lines, as :attr:`Expected.missing` names them (depot 0 is the black depot).
PHASE_LINES = (*(f"reveal {depot}" for depot in range(1, 7)), "reveal black", "goods")


def expected(state: GameState) -> Expected:
    """What the record must say next (see :class:`Expected`)."""
    phase = PHASES[state.phase]
    rnd = state.round + 1
    late_buy = ("buy",) if state.late_buyer >= 0 else ()
    if state.stage == "over":
        return Expected("over", phase, 5, also_accepted=late_buy)
    if state.stage in ("phase", "setup"):
        missing = phase_lines_missing(state)
        if not missing:
            return Expected("roll", phase, rnd, also_accepted=late_buy)
        return Expected("phase", phase, rnd, also_accepted=("reveal", "phase-goods") + late_buy, missing=missing)
    if state.stage == "roll":
        return Expected("roll", phase, rnd, also_accepted=late_buy)
    mover = state.players[state.to_move()].name
    due = due_line(state)
    return Expected("player" if due is None else due[0], phase, rnd, mover,
                    also_accepted=() if state.bought and not late_buy else ("buy",))


def phase_lines_missing(state: GameState) -> tuple[str, ...]:
    """The reveals and goods of the phase about to start not yet recorded. In stage
    ``"phase"`` nothing of the new phase is: ``revealed`` and ``round_goods`` still describe
    the phase that ended (its depots stay for a late purchase) until the next line clears them."""
    if state.stage == "phase":
        return PHASE_LINES
    return tuple(line for line, depot in zip(PHASE_LINES, (1, 2, 3, 4, 5, 6, 0)) if not state.revealed[depot]) \
        + (("goods",) if state.round_goods is None else ())


def due_line(state: GameState) -> tuple[str, LineRule] | None:
    """(kind, rule) of a module's table line that must come before the player to move acts
    (``LineRule.due``: the 2019 solo game's removal), or None."""
    for kind, line in state.ruleset.lines.items():
        if line.due is not None and line.due(state):
            return kind, line
    return None


# --- a die line's cost (the die rules themselves: rules/dice.py) ------------------------------------


def free_die(state: GameState, player: PlayerState) -> bool:
    """A module lets ``player`` set one die to any number now, at no cost (2019 shield 16: once a
    turn): the ruleset's ``free_die`` hook, ``(may, use)``."""
    hook = state.ruleset.free_die
    return hook is not None and hook[0](state, player)


def _by_free_die(state: GameState, player: PlayerState, rolled: int, value: int, action) -> bool:
    """The die, changed at no worker cost (the caller has seen ``value != rolled`` and no cost:
    a test on every die line, the call only for these), is changed by the module's free change
    (:func:`free_die`), not by a knowledge tile's free step."""
    return (state.ruleset.free_die is not None
            and worker_cost(player, rolled, value, free_change(player, action, state.options)) > 0)


def die_payment(state: GameState, player: PlayerState, rolled: int, value: int, action) -> tuple[int, bool]:
    """What using the die showing ``rolled`` as ``value`` for ``action`` costs ``player``:
    (workers paid, set by a module's free change instead). The one costing of a die line: the
    check, the play and the line's explanation (``effects``) all ask it."""
    if value == rolled:
        return 0, False  # a die used as rolled costs nothing, whatever a free change
    cost = worker_cost(player, rolled, value, free_change(player, action, state.options))
    if cost and free_die(state, player):
        return 0, True
    return cost, False


# --- check ------------------------------------------------------------------------------------------


def _player(state: GameState, name: str) -> PlayerState:
    seat = state.seat(name)
    if seat < 0:
        raise illegal("cob.flow.turn-order", f"no player called '{name}'",
                      "players: " + ", ".join(p.name for p in state.players))
    return state.players[seat]


def _check_not_over(state: GameState) -> None:
    """Nothing is played after the fifth phase."""
    if state.stage == "over":
        raise illegal("cob.flow.over", "the game is over (phase E has ended)")


def _check_mover(state: GameState, cmd) -> PlayerState:
    """The command's player may act now (to move, or still buying after their dice)."""
    seat = state.seats.get(cmd.player, -1)
    if seat < 0:
        _player(state, cmd.player)
    if state.stage == "turn" and state.order[state.turn] == seat:
        passed("cob.flow.turn-order", "{} is to move", cmd.player)
        return state.players[seat]
    if state.late_buyer == seat and _purchase(state, cmd.kind):  # a purchase after the dice: still their turn
        passed("cob.flow.turn-order", "{} may still buy after their dice", cmd.player)
        return state.players[seat]
    _check_not_over(state)
    if cmd.kind == "buy" and _bought_as_turn_ended(state, seat):
        check_purchase(state, state.players[seat], cmd, True)  # (its refusal: once per turn)
    if state.stage != "turn":
        raise illegal("cob.flow.roll", f"round {state.round + 1} of phase {PHASES[state.phase]} has not been rolled",
                      "record the roll first")
    mover = state.players[state.order[state.turn]]
    raise illegal("cob.flow.turn-order", f"it is {mover.name}'s turn, not {cmd.player}'s")


def _bought_as_turn_ended(state: GameState, seat: int) -> bool:
    """``seat``'s turn is the last one played, nobody has acted since, and their purchase is no
    longer open (``late_buyer``): they made it, in the turn or after its dice. Another purchase
    now is refused as the second of that turn (2011 'The central black depot': "*once* per
    turn"), not as out of turn order or before a roll, which would send the buyer to wait for
    a turn that never lets them buy twice."""
    order = state.order
    if not order or state.late_buyer == seat:
        return False
    if state.stage == "turn":
        mover = state.players[order[state.turn]]
        return state.turn > 0 and order[state.turn - 1] == seat and len(mover.dice) == 2 and not state.bought
    # (the next roll due, or the pause after a phase's end: the last turn played is the round's last)
    return (state.stage == "roll" or (state.stage == "phase" and state.phase > 0)) and order[-1] == seat


def _purchase(state: GameState, kind: str) -> bool:
    """A ``buy`` line, or a module's purchase (``LineRule.who == "buyer"``: #28's ``hire``)."""
    if kind == "buy":
        return True
    line = state.ruleset.lines.get(kind)
    return line is not None and line.who == "buyer"


def _die_word(cmd: DieCommand) -> str:
    """The die of ``cmd`` as a line writes it (``4``, ``4>3``): what a refusal of the die blames."""
    return str(cmd.rolled) if cmd.value is None else f"{cmd.rolled}>{cmd.value}"


def _check_die_use(state: GameState, cmd: DieCommand, action, rule) -> tuple[PlayerState, int, int, int]:
    """A die line's checks up to the action's own: its player is to move, has the die, the
    value fits the action (``rule.bound`` of its :class:`~burgundy_cli.castles.rules.actions.ActionRule`) and the
    player has the workers to reach it. Returns (player, die as rolled, value, worker cost).

    Shared by :func:`check` and :func:`play_die`; a command's fields are read once and passed
    on (reading them is a good part of the cost of a line).
    """
    try:  # (a subscript, not a call of get: every die line comes here)
        seat = state.seats[cmd.player]
    except KeyError:
        seat = -1
    if state.stage == "turn" and state.order[state.turn] == seat:  # the usual case, without a call
        player = state.players[seat]
        passed("cob.flow.turn-order", "{} is to move", cmd.player)
    else:
        player = _check_mover(state, cmd)
    rolled = cmd.rolled
    if rolled not in player.dice:
        unused = ", ".join(map(str, player.dice)) or "none"
        raise illegal("cob.die.unused", f"{player.name} has no unused die showing {rolled}",
                      f"unused dice: {unused}", blamed=_die_word(cmd))
    passed("cob.die.unused", "die {} unused", rolled)
    value = cmd.value
    if value is None:
        value = rolled
    bound = rule.bound
    if bound is not None:
        given = getattr(action, bound[0])
        if given is not None and given != value:
            raise illegal("cob.die.value", f"a die used as {value} {bound[1]} {value}, not {given}",
                          f"use the die as {given}")
        passed("cob.die.value", "the die used as {} {} {}", value, bound[1], value)
    if value == rolled:
        return player, rolled, value, 0  # used as rolled: no change to pay for
    cost, by_shield = die_payment(state, player, rolled, value, action)
    if by_shield:
        passed("cob.shield.16", "die {} set to {} by shield 16", rolled, value)
        return player, rolled, value, 0
    if not workers_suffice(player, cost):
        raise illegal("cob.die.workers", f"{player.name} cannot turn {rolled} into {value}",
                      f"needs {counted_in(state.edition, cost, 'worker')}, {player.name} has {player.workers}",
                      blamed=_die_word(cmd))
    if recording_now():  # (how it was paid, said only for check --why: a replay makes no words)
        passed("cob.die.workers", "die {} changed to {} {}", rolled, value, _change_paid(state, player, action, cost))
    return player, rolled, value, cost


def _change_paid(state: GameState, player: PlayerState, action, cost: int) -> str:
    """How a die change was paid, naming the knowledge tiles that helped (8's two steps a
    worker, 9-12's free step): what a legal verdict says held for ``cob.die.workers``, so the
    tile a player relied on is named with the passage it stands in."""
    tile = WORDS[state.edition]["knowledge tile"]
    helped = []
    if cost and steps_per_worker(player) > 1:
        helped.append(f"{tile} 8's two steps a {WORDS[state.edition]['worker']}")
    if free_change(player, action, state.options):
        helped.append(f"{tile} {free_change_tile(action)}'s free step")
    if not cost:  # (a change that costs nothing is a free step's)
        return "by " + " and ".join(helped)
    paid = f"with {counted_in(state.edition, cost, 'worker')}"
    return f"{paid} ({', '.join(helped)})" if helped else paid


def _check_die(state: GameState, cmd: DieCommand) -> None:
    """The die line is legal (:func:`check`)."""
    action = cmd.action
    player, _, value, cost = _check_die_use(state, cmd, action, state.ruleset.actions[action.kind])
    check_action(state, player, action, value, cost)


def bought_this_turn(state: GameState, seat: int) -> bool:
    """``seat`` has made this turn's purchase already (a player buying after their dice, the
    late buyer, has not: the mover's purchase is another turn's)."""
    return state.bought and state.late_buyer != seat


def _check_buy(state: GameState, cmd: BuyCommand) -> None:
    player = _check_mover(state, cmd)
    check_purchase(state, player, cmd, state.bought and bought_this_turn(state, state.seats[cmd.player]))


def _check_roll(state: GameState, cmd: RollEvent) -> None:
    _check_not_over(state)
    stage = state.stage
    if stage == "turn":
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
    passed("cob.roll.players", "every player rolled two dice")
    goods = state.round_goods if stage != "phase" else None
    good = cmd.good
    if goods:
        if good is not None and good != goods[0]:
            raise illegal("cob.roll.good", f"the top goods tile of the round spaces is {goods[0]}, not {good}")
    elif good is None:
        raise illegal("cob.roll.good", "the goods tile the white die places must be recorded",
                      "add the good to the roll, or a phase-goods line at the start of the phase")
    elif state.goods_used[good] >= GOODS_PER_TYPE:
        raise illegal("cob.goods.count", f"all {GOODS_PER_TYPE} goods tiles of type {good} are already in play")
    else:
        passed("cob.goods.count", "a goods tile of type {} is left", good)
    passed("cob.roll.good", "the round's goods tile goes on the white die's depot")


#: A tile kind's colour code.
_COLOUR = attrgetter("colour")
#: The stages in which a phase's reveal and goods lines may come.
_PHASE_SETUP = ("phase", "setup")


def _check_phase_line(state: GameState) -> None:
    _check_not_over(state)
    if state.stage not in _PHASE_SETUP:
        raise illegal("cob.flow.phase-setup", f"phase {PHASES[state.phase]} is under way",
                      "reveals and phase goods come before the first roll of a phase")


@cache
def _depot_colours(players: int, phase: int) -> tuple[list[str], ...]:
    """Each depot's space colours (:func:`depot_spaces`) sorted, as a reveal's tiles' colours are
    compared with them: sorted once a process, not once a reveal."""
    return tuple(sorted(spaces) for spaces in depot_spaces(players, phase))


def _check_reveal(state: GameState, cmd: RevealEvent) -> dict[str, list[int]]:
    """The reveal is legal; returns the supply's new counts of its tiles (``tile -> [coloured
    backs left, black backs left]``, new pairs: supply pairs are shared between copies of a
    state), for :func:`_apply_reveal`: the check has each tile's count and pair in hand."""
    return _check_revealed_tiles(state, cmd.depot, cmd.tiles)


def reveal_continuations(state: GameState, depot: int, tiles: list[str]) -> list[str]:
    """The tiles that may lie next on ``depot`` after ``tiles`` in a reveal now: those the
    reveal's check lets through as the start of one (a space of their colour still free, one
    with the right back left in the supply, their module in the game). Tab offers them in
    the table session: a player reads the tile on the depot and finds its name here."""
    found = []
    for name in catalogue():
        try:
            check_reveal_start(state, depot, [*tiles, name])
        except IllegalMoveError:
            continue
        found.append(name)
    return found


def check_reveal_start(state: GameState, depot: int, tiles: list[str]) -> None:
    """The reveal's check of its first ``tiles`` on ``depot`` (fewer than its spaces, or all):
    what the table session says of a reveal still being typed, rather than its tile count.

    :raises IllegalMoveError: they cannot start a reveal of that depot now.
    """
    _check_revealed_tiles(state, depot, tiles, whole=False)


def _check_revealed_tiles(state: GameState, depot: int, tiles: list[str], whole: bool = True) -> dict[str, list[int]]:
    """:func:`_check_reveal` of ``tiles`` on ``depot``; with ``whole`` False, of the first
    tiles of a reveal (fewer than the depot's spaces, their colours among its spaces)."""
    if state.stage not in _PHASE_SETUP:
        _check_phase_line(state)
    if state.stage == "setup" and state.revealed[depot]:
        raise illegal("cob.reveal.repeat", f"depot {depot} was already replenished this phase")
    phase = state.phase
    wanted = _depot_colours(len(state.players), phase)[depot]  # its spaces sorted (their number too)
    kinds = catalogue()
    try:
        revealed = list(map(kinds.__getitem__, tiles))  # each tile's kind, looked up once
    except KeyError:
        unknown = next(tile for tile in tiles if tile not in kinds)
        raise illegal("cob.reveal.spaces", f"there is no tile called '{unknown}'") from None
    if len(tiles) != len(wanted) and (whole or len(tiles) > len(wanted)):
        raise illegal("cob.reveal.spaces", f"{'the black depot' if depot == 0 else f'depot {depot}'} takes "
                      f"{counted(len(wanted), 'tile')} with {counted(state.player_count, 'player')}, not {len(tiles)}")
    if depot:
        colours = sorted(map(_COLOUR, revealed))
        if colours != wanted and (whole or Counter(colours) - Counter(wanted)):
            raise illegal("cob.reveal.spaces", f"depot {depot}'s spaces are {' '.join(wanted)} in phase "
                          f"{PHASES[phase]}, the tiles are {' '.join(colours)}",
                          "colour codes: C castle, S ship, M mine, L animal, B building, Y knowledge")
    supply = state.supply
    left: dict[str, list[int]] = {}
    for kind in revealed:  # drawn one by one, from the counts left by the tiles before it
        name = kind.name
        if kind.module is not None:
            check_module(state, kind)
        coloured, black = left[name] if name in left else supply[name]
        if depot:
            if not coloured and kind.module is not None and kind.coloured == 0:
                raise illegal("cob.extra.piles", f"the {name} has a black back: it is shuffled into the black pile "
                              f"and comes only to the black depot")
            if not coloured:
                raise illegal("cob.supply.exhausted",
                              f"only {supply[name][0]} {name} with a coloured back left in the supply")
            left[name] = [coloured - 1, black]
        else:
            if kind.black == 0:
                raise illegal("cob.reveal.spaces", f"no {name} has a black back")
            if not black:
                raise illegal("cob.supply.exhausted", f"only {supply[name][1]} {name} with a black back left in the supply")
            left[name] = [coloured, black - 1]
    passed("cob.reveal.spaces", "the tiles fit the depot's spaces")
    passed("cob.supply.exhausted", "the supply still holds each tile")
    return left


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
        if not have and cmd.amount > 0 and goods_types_free(state, player) <= 0:
            raise illegal("cob.correction.range", f"{player.name} already stores {len(player.goods)} goods types",
                          f"goods storage holds at most {len(player.goods)} types")
    else:
        have = getattr(player, cmd.resource)
    if have + cmd.amount < 0:
        raise illegal("cob.correction.range", f"{player.name} has {have} {cmd.resource}; cannot add {cmd.amount}")


def _check_pass(state: GameState, cmd) -> PlayerState:
    """The mover may pass, once any table line due before they act is made (the 2019 solo
    game's removal: its module's ``first`` refuses the pass, or the removal would be lost)."""
    player = _check_mover(state, cmd)
    due = due_line(state)
    if due is not None and due[1].first is not None:
        due[1].first(state)
    return player


_CHECKS = {
    "die": _check_die, "buy": _check_buy, "pass": _check_pass, "correction": _check_correction,
    "roll": _check_roll, "reveal": _check_reveal, "phase-goods": _check_phase_goods,
}


#: The line kinds of the engine's own a record may still say once the game is over: a
#: visible correction by the table (docs/notation.md); a module's line says so itself
#: (``LineRule.after_end``).
AFTER_THE_END = frozenset({"correction"})


def said_after_the_end(state: GameState, kind: str) -> bool:
    """A line of ``kind`` may still be said once the game is over: a correction, or a module's
    line marked ``after_end`` (the crane's building at the final scoring, the solo game's
    choices after its last die)."""
    if kind in AFTER_THE_END:
        return True
    line = state.ruleset.lines.get(kind)
    return line is not None and line.after_end


def _check_game_goes_on(state: GameState, kind: str) -> None:
    """Once the game is over (the last die of phase E, docs/rulings.md) every line is refused
    with ``cob.flow.over`` but those :func:`said_after_the_end` allows: the one place every
    line kind passes, for ``check``, ``play``, the replay and ``moves`` alike, so a complete
    result can no longer change."""
    if state.stage == "over" and not said_after_the_end(state, kind):
        raise illegal("cob.flow.over", "the game is over (phase E has ended)",
                      "the game ends with its last die, so no purchase follows it (docs/rulings.md, 'No purchase "
                      "after the last die of the game'; a stored tile scores nothing)" if kind == "buy" else
                      "a finished game takes only corrections and the final scoring's choices")


def check(state: GameState, cmd) -> None:
    """Raise :class:`IllegalMoveError` if ``cmd`` is not legal in ``state``; change nothing."""
    if state.stage == "over":
        _check_game_goes_on(state, cmd.kind)
    checker = _CHECKS.get(cmd.kind)
    if checker is None:
        _check_module_line(state, cmd)
        return
    checker(state, cmd)


# --- lines a module adds ------------------------------------------------------------------------


def module_line(state: GameState, kind: str):
    """The ``LineRule`` of a line kind a module adds (``state.ruleset.lines``), or the refusal."""
    line = state.ruleset.lines.get(kind)
    if line is None:
        owner = state.ruleset.line_owner(kind) if state.ruleset.line_owner is not None else None
        raise illegal("cob.module.off", f"a '{kind}' line belongs to a 2019 module this game does not play",
                      switched_on(state, owner) if owner else None)
    return line


def pair_cost(state: GameState, player: PlayerState, first: int, second: int, value: int) -> int:
    """Workers that turn dice ``first`` and ``second`` into doubles of ``value`` (the costlier
    change free where a module sets one die free: 2019 shield 16)."""
    costs = (worker_cost(player, first, value), worker_cost(player, second, value))
    return sum(costs) - (max(costs) if max(costs) and free_die(state, player) else 0)


def _doubles_hint(state: GameState, player: PlayerState, first: int, second: int) -> str:
    """The cheapest doubles workers make of ``first`` and ``second``, offered when the player can
    pay for them, else with what they would cost (issue 36 item 11: a hint offers only what
    the player can pay for)."""
    cost, value = min((pair_cost(state, player, first, second, value), value) for value in range(1, 7))
    line, workers = f"{first} {second}>{value}", counted_in(state.edition, cost, "worker")
    if workers_suffice(player, cost):
        return f"say the number {WORDS[state.edition]['workers']} make of both: {line} ({workers})"
    return f"doubles of these dice cost at least {workers} ({line}); {player.name} has {player.workers}"


def _check_pair(state: GameState, cmd, rule_id: str) -> tuple[PlayerState, int, int]:
    """A line spending both of the mover's dice as doubles, instead of both actions: the player
    is to move with both dice unused, and (workers allowed) both show one number. Returns
    (player, that number, worker cost)."""
    player = _check_mover(state, cmd)
    first, second = cmd.dice
    if sorted(player.dice) != sorted((first, second)):
        unused = ", ".join(map(str, player.dice)) or "none"
        raise illegal("cob.die.unused", f"doubles need both of {player.name}'s dice unused: {first} and {second}",
                      f"unused dice: {unused}")
    value = cmd.value
    if value is None:
        if first != second:
            raise illegal(rule_id, f"{first} and {second} are no doubles", _doubles_hint(state, player, first, second))
        value = first
    cost = pair_cost(state, player, first, second, value)
    if not workers_suffice(player, cost):
        raise illegal("cob.die.workers", f"{player.name} cannot turn {first} and {second} into doubles of {value}",
                      f"needs {counted_in(state.edition, cost, 'worker')}, {player.name} has {player.workers}")
    passed("cob.die.unused", "both dice unused")
    passed(rule_id, "doubles of {}", value)
    if cost:
        passed("cob.die.workers", "dice changed to doubles with {}", counted_in(state.edition, cost, "worker"))
    return player, value, cost


def _check_module_line(state: GameState, cmd) -> PlayerState | tuple[PlayerState, int, int] | None:
    """Check a module's line (``LineRule.who`` says what the engine checks first); returns
    what its apply needs: nothing, the player, or (player, doubles' number, worker cost)."""
    line = module_line(state, cmd.kind)
    who = line.who
    if who == "any":
        line.check(state, cmd)
        return None
    if who != "pair":
        player = _check_mover(state, cmd) if who == "buyer" else _player(state, cmd.player)
        line.check(state, player, cmd)
        return player
    player, value, cost = found = _check_pair(state, cmd, line.pair)
    line.check(state, player, cmd, value)
    return found


def _play_module_line(state: GameState, cmd) -> None:
    """Check a module's line and carry it out with what the check found."""
    found = _check_module_line(state, cmd)
    line = state.ruleset.lines[cmd.kind]
    if found is None:
        line.apply(state, cmd)
        return
    if line.who != "pair":
        line.apply(state, found, cmd)
        return
    player, value, cost = found
    state.late_buyer = -1
    first, second = cmd.dice
    if max(worker_cost(player, first, value), worker_cost(player, second, value)) and free_die(state, player):
        state.ruleset.free_die[1](state, player)  # (the cost found is already without the dearer die)
    player.workers -= cost
    player.dice.clear()
    line.apply(state, player, cmd, value)
    _end_turn(state)


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
    state.late_buyer = -1
    state.stage = "setup"


def _end_turn(state: GameState) -> None:
    """The player to move has no dice left: pass the turn, and end round/phase/game as due."""
    state.late_buyer = -1 if state.bought else state.to_move()  # the mover may still buy unless they have
    state.bought = False
    state.turn += 1
    if state.turn < len(state.order):
        return
    state.round += 1
    state.stage = "roll"
    if state.round < 5:
        return
    late = state.late_buyer  # their purchase belongs to the turn just ended, before the phase end pays
    state.late_purse = None if late < 0 else (state.players[late].silver, state.players[late].workers)
    phase_end(state, state.ruleset.phase_end)
    if state.phase == 4:
        state.round = 4
        state.stage = "over"
        state.late_buyer = -1  # the game ends with its last die: no purchase after it (docs/rulings.md)
        return
    state.round = 0
    state.phase += 1
    state.stage = "phase"


def _use_die(state: GameState, player: PlayerState, rolled: int, cost: int, free: bool = False) -> None:
    """The die showing ``rolled`` is used: it leaves the player's unused dice and its worker
    ``cost`` is paid (``free``: a module's free change set it, and is used up: :func:`free_die`);
    a purchase still open to the previous player is no longer."""
    if free:
        state.ruleset.free_die[1](state, player)
    state.late_buyer = -1
    player.workers -= cost
    player.dice.remove(rolled)


def _apply_die(state: GameState, cmd: DieCommand) -> None:
    player = state.players[state.seat(cmd.player)]
    rolled, action = cmd.rolled, cmd.action
    value = rolled if cmd.value is None else cmd.value
    cost, free = die_payment(state, player, rolled, value, action)
    _use_die(state, player, rolled, cost, free)
    apply_action(state, player, action, value)
    if not player.dice:
        _end_turn(state)


def _apply_buy(state: GameState, cmd: BuyCommand) -> None:
    seat = state.seats[cmd.player]
    if state.late_buyer == seat:
        state.late_buyer = -1
    else:
        state.bought = True
    apply_purchase(state, state.players[seat], cmd)


def _apply_pass(state: GameState, cmd: PassCommand) -> None:
    state.late_buyer = -1
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
    _begin_phase(state)
    state.late_buyer = -1
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


def _apply_reveal(state: GameState, cmd: RevealEvent, left: dict[str, list[int]] | None = None) -> None:
    """The depot gets the tiles, drawn from the supply (``left``: the supply's new counts of
    them as :func:`_check_reveal` found them; None: drawn one by one)."""
    _begin_phase(state)
    depot, tiles = cmd.depot, cmd.tiles
    if left is None:
        state.draw_each(tiles, depot == 0)
    else:
        state.supply.update(left)
    state.depots[depot] = list(tiles)
    state.revealed[depot] = True


def _apply_phase_goods(state: GameState, cmd: PhaseGoodsEvent) -> None:
    if state.stage == "phase":
        _begin_phase(state)
    state.round_goods = list(cmd.goods)
    for good in cmd.goods:
        state.goods_used[good] += 1


_APPLIES = {
    "die": _apply_die, "buy": _apply_buy, "pass": _apply_pass, "correction": _apply_correction,
    "roll": _apply_roll, "reveal": _apply_reveal, "phase-goods": _apply_phase_goods,
}


def apply(state: GameState, cmd) -> None:
    """Carry ``cmd`` out on ``state`` in place. Does not check: call :func:`check` first (a
    module's line is checked again: its apply uses what the check finds)."""
    applier = _APPLIES.get(cmd.kind)
    if applier is None:
        _play_module_line(state, cmd)
    else:
        applier(state, cmd)
    if state.ruleset.after_line is not None:
        state.ruleset.after_line(state, cmd)


def play(state: GameState, cmd, kind: str | None = None) -> None:
    """Check ``cmd``, then apply it in place (``kind``: ``cmd.kind`` if the caller has read it).

    :raises IllegalMoveError: the command breaks a rule; ``state`` is unchanged.
    """
    if kind is None:
        kind = cmd.kind
    if state.stage == "over":
        _check_game_goes_on(state, kind)
    if kind == "die":
        play_die(state, cmd)
        return
    if kind == "reveal":  # its check hands the supply's new counts to its apply
        _apply_reveal(state, cmd, _check_reveal(state, cmd))
    elif kind not in _CHECKS:
        _play_module_line(state, cmd)
    else:
        _CHECKS[kind](state, cmd)
        _APPLIES[kind](state, cmd)
    if state.ruleset.after_line is not None:
        state.ruleset.after_line(state, cmd)


def play_die(state: GameState, cmd: DieCommand) -> None:
    """:func:`play` for a die line, the commonest line of a record: the checks of
    :func:`check`, then the action carried out with what they found.

    A placement with a purchase inside it or a granted action goes on to
    :func:`_play_placement_with_grants`. A module's step after every line runs last
    (``ruleset.after_line``).
    """
    action = cmd.action
    kind = action.kind
    ruleset = state.ruleset
    rule = ruleset.actions[kind]
    player, rolled, value, cost = _check_die_use(state, cmd, action, rule)
    found = rule.check(state, player, action, value, cost)
    free = not cost and value != rolled and _by_free_die(state, player, rolled, value, action)  # workers paid: not free
    if kind == "place" and found[3]:  # a purchase inside the placement or a granted action
        _play_placement_with_grants(state, player, rolled, action, cost, found, free)
    else:
        _use_die(state, player, rolled, cost, free)
        rule.apply(state, player, action, value, found)
        if not player.dice:
            _end_turn(state)
    if ruleset.after_line is not None:
        ruleset.after_line(state, cmd)


def _play_placement_with_grants(state: GameState, player: PlayerState, rolled: int, action: PlaceAction,
                                cost: int, placed, free: bool = False) -> None:
    """:func:`play_die` for a placement whose purchase inside it or granted action is still to
    be checked, which needs the state after placing.

    Instead of placing on a branch to check (as :func:`check` does) and then again to apply,
    the tile is placed once, here, the same checks are made, and the state is restored from
    an undo copy if they refuse.
    """
    if action.buy is None and placed[2].apply is None and state.teams is None:
        _play_placement_then(state, player, rolled, action, cost, placed, free)
        return
    seat = state.players.index(player)
    undo = state.branch(seat)
    try:
        _use_die(state, player, rolled, cost, free)
        place_tile(state, player, action, placed)
        check_grants(state, player, action, placed[2])
        then = action.then
        if then is not None:
            apply_grant(state, player, placed[2].grants, then)
    except BaseException:
        state.restore(undo, seat)
        raise
    if not player.dice:
        _end_turn(state)


def _play_placement_then(state: GameState, player: PlayerState, rolled: int, action: PlaceAction, cost: int,
                         placed, free: bool = False) -> None:
    """:func:`_play_placement_with_grants` for the usual case: a tile without an immediate
    effect (a castle, a building) granting an action, no purchase inside the placement, and
    no team game (teammates share parts of their state, which a branch keeps apart).

    What the die's use and the placement change is saved and put back if the granted action
    is refused: the player's dice, workers, storage, the space, VP and bonus tiles, the bonus
    tiles taken, an open late purchase, and the modules' tables -- the shields (shield 16's
    free die marks its turn there) and the solo game's counter (its steps after a placement).
    That is a smaller undo than :meth:`GameState.branch`, which copies every depot, the supply
    and the bridge, none of which a placement or the modules' steps after it change (their
    other steps add VP: geese, inns, border posts, shield 7). A tile that grants an action is
    no knowledge tile: the player's knowledge stays as it is, and so does every other
    player's (shield 6's lent tiles follow a new monastery tile only). The granted action's
    check changes nothing (what it grants in turn is checked on a branch); the granted
    action is then carried out as :func:`_play_placement_with_grants` does (a white
    castle's pays the workers that change the white die).
    """
    space, _, effect, _, _ = placed
    shields, solo = state.shields, state.solo
    saved = (player.dice.copy(), player.workers, player.storage.copy(), player.vp.copy(), len(player.bonuses),
             state.bonus_taken.copy(), state.late_buyer, None if shields is None else shields.copy(),
             None if solo is None else solo.copy())
    then = action.then
    try:
        _use_die(state, player, rolled, cost, free)
        place_tile(state, player, action, placed)
        check_grant(state, player, effect.grants, then)
    except BaseException:
        (player.dice, player.workers, player.storage, player.vp, bonuses, state.bonus_taken, state.late_buyer,
         state.shields, state.solo) = saved
        player.duchy[space] = None
        del player.bonuses[bonuses:]
        raise
    apply_grant(state, player, effect.grants, then)
    if not player.dice:
        _end_turn(state)
