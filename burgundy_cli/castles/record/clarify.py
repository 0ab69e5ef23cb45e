"""What the referee adds to a line around the engine's verdict, without judging it itself.

* Before the engine: a granted take written without its depot (``then take church``) gets
  the one numbered depot that offers the tile now (docs/notation.md: ``from`` may be left
  out then); when several do, the line is ambiguous and the error names them and how to
  write each.
* After a refusal: the obvious fix, where there is one -- the line a rule found legal instead
  (``IllegalMoveError.fix``: a purchase from the depot the tile lies in, or paid as the
  edition allows; the most workers a shields tribute may pay), or the part of the line a rule
  mended (:class:`~burgundy_cli.castles.rules.commands.Mended`: a placement from the storage
  the tile lies in, a take without its discard, a crane without ``as``) put back into the
  whole line; offered only when the engine's check accepts that line, and spelt by the
  notation's writer (:func:`~burgundy_cli.castles.notation.format_command`), since the rules
  know no notation;
  a die the player does not have, or a die's take refused at its depot, gets the cheapest
  worker change of a die they do have (``write 5>4 (1 worker)``) to the number the action
  needs: a placement's is the one its space shows, whatever the line said; a take's, the
  depot the tile lies in. It is offered only when the line with that die passes every other
  rule (``take 4 k3`` with a 3 in hand and no k3 in depot 4 is told no ``write 3>4``), with
  the workers it needs when the player lacks them (then it says what it would cost).

Every verdict stays the engine's: the depot is found with :func:`actions.depot_offers`, the
cost with :func:`engine.die_payment`, the costing the check and the play of a die line use
(workers, knowledge tiles 8-12, a module's free change).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from burgundy_cli.castles.rules import commands as c
from burgundy_cli.core.errors import AmbiguousMoveError, IllegalMoveError

if TYPE_CHECKING:
    from burgundy_cli.castles.rules.state import GameState, PlayerState


def with_granted_depots(state: GameState, command: c.Command) -> c.Command:
    """``command`` with the depot of each granted take that left it out filled in, when
    exactly one numbered depot offers the tile in ``state``; else ``command`` unchanged.

    :raises AmbiguousMoveError: several depots offer it (the error names them).
    """
    action = getattr(command, "action", None)
    if action is None or action.kind != "place" or action.then is None:
        return command  # the common case: nothing granted, nothing to fill in
    filled = _fill_place(state, action)
    return command if filled is action else command.model_copy(update={"action": filled})


def _fill_place(state: GameState, action: c.PlaceAction) -> c.PlaceAction:
    then = action.then
    if then is None:
        return action
    if then.kind == "place":
        inner = _fill_place(state, then)
        return action if inner is then else action.model_copy(update={"then": inner})
    if then.kind != "take" or then.depot is not None:
        return action
    return action.model_copy(update={"then": then.model_copy(update={"depot": _only_depot(state, then.tile)})})


def _only_depot(state: GameState, tile: str) -> int | None:
    """The one numbered depot offering ``tile``; None when none does (the engine says why)."""
    from burgundy_cli.castles.rules.actions import depot_offers
    from burgundy_cli.castles.rules.tiles import catalogue

    if tile not in catalogue():
        return None
    offering = [depot for depot in range(1, 7) if depot_offers(state, depot, tile) is None]
    if len(offering) > 1:
        ways = " or ".join(f"'then take {tile} from {depot}'" for depot in offering)
        raise AmbiguousMoveError(f"{tile} lies in depots {', '.join(map(str, offering))}: say which",
                                 hint=f"write {ways}")
    return offering[0] if offering else None


def with_fix_hint(state: GameState, command: c.Command, err: IllegalMoveError) -> IllegalMoveError:
    """``err`` with the obvious fix added to its hint, where there is one (the same error object):
    the line the rule found legal instead (``err.fix``, a command, or the part of ``command`` it
    mended), written whole by the notation's writer after the rule's words (``...; it lies in
    the black depot: `anna: buy bank```) when the engine accepts it (:func:`_line_written`), or the
    cheapest die change for a die the player does not have (cob.die.unused) or to the depot a
    die's take finds its tile in (cob.take.depot)."""
    if err.fix is not None:
        return _line_written(state, command, err)
    if command.kind != "die" or err.rule.id not in ("cob.die.unused", "cob.take.depot", "cob.die.value"):
        return err
    seat = state.seats.get(command.player, -1)
    if seat < 0:
        return err
    player = state.players[seat]
    if err.rule.id == "cob.die.value":  # (the rule's "use the die as 2" said how, and whether it is affordable)
        wanted = _number_asked(state, player, command)
        err.hint = None if wanted is None else _die_change(state, seat, command, wanted)
        return err
    wanted = _number_needed(player, command) if err.rule.id == "cob.die.unused" else _depot_holding(state, command)
    fix = None if wanted is None else _die_change(state, seat, command, wanted)
    if fix is not None:
        err.hint = f"{err.hint}; {fix}" if err.hint else fix
    return err


def _line_written(state: GameState, command: c.Command, err: IllegalMoveError) -> IllegalMoveError:
    """``err`` with its fix written as a whole line, when the rules accept that line in
    ``state`` (the engine's check: a hint never proposes a line the referee then refuses).
    A fix is the line itself, or the mended part of it (:class:`~c.Mended`) put into
    ``command`` and written in place of the hint's hand-spelt words (``leave out 'shared'``
    becomes ``write `Cara: place 3 chicken2 e4```); a refused line leaves the words as they are."""
    from burgundy_cli.castles.notation import format_command
    from burgundy_cli.castles.rules.engine import check

    fix = err.fix
    line = c.with_part(command, fix.part, fix.instead) if isinstance(fix, c.Mended) else fix
    err.fix = None
    if line is None:
        return err
    try:
        check(state, line)
    except IllegalMoveError:
        return err
    if not isinstance(fix, c.Mended):
        err.fix = line
        return err.fix_written(format_command)
    written = f"write `{format_command(line)}`"
    hint = err.hint or ""
    err.hint = hint.replace(fix.words, written) if fix.words in hint else f"{hint}; {written}" if hint else written
    return err


def _die_change(state: GameState, seat: int, command: c.DieCommand, wanted: int) -> str | None:
    """The cheapest change of a die the player in ``seat`` has to ``wanted``, in words: ``write
    5>4 (1 worker)``, ``write 3`` (a die they have), or what it would cost when they are short
    (``5>3 would need 2 workers, Ben has 1``); None when the line with that die would still be
    refused by another rule (with the workers it needs, when they are short): no fix."""
    from burgundy_cli.castles.rules.engine import check, die_payment
    from burgundy_cli.castles.rules.terms import counted_in

    player = state.players[seat]
    costs = sorted((die_payment(state, player, die, wanted, command.action)[0], die) for die in set(player.dice))
    if not costs:
        return None
    cost, die = costs[0]
    workers = counted_in(state.edition, cost, "worker")
    if die == wanted:  # (a die the player has, used as rolled: nothing to pay)
        change = fix = f"write {die}"
    else:
        change, fix = f"{die}>{wanted}", f"write {die}>{wanted} ({workers})"
    judged = state
    if cost > player.workers:  # (judged as if the workers were there: only they may be missing)
        fix = f"{change} would need {workers}, {player.name} has {player.workers}"
        judged = state.copy()
        judged.players[seat].workers = cost
    try:  # the line with that die must pass every other rule too, or it is no fix
        check(judged, command.model_copy(update={"rolled": die, "value": None if die == wanted else wanted}))
    except IllegalMoveError:
        return None
    return fix


def _depot_holding(state: GameState, command: c.DieCommand) -> int | None:
    """For a die's take refused at the depot its number names: the numbered depot the tile
    lies in that a die of the player's reaches for the fewest workers (the first of them on
    a tie), the number the die must be used as."""
    from burgundy_cli.castles.rules.actions import depots_holding
    from burgundy_cli.castles.rules.engine import die_payment

    action = command.action
    if action.kind != "take":
        return None
    used = command.rolled if command.value is None else command.value
    player = state.players[state.seats[command.player]]
    lying = depots_holding(state, action.tile, range(1, 7), used)
    return min(lying, key=lambda depot: min((die_payment(state, player, die, depot, action)[0] for die in player.dice),
                                            default=0), default=None)


def _number_asked(state: GameState, player: PlayerState, command: c.DieCommand) -> int | None:
    """For a die line refused because its action asks another number (cob.die.value): that
    number -- the one a placement's space shows, the depot a take names, the goods type a
    sale names (the action rule's ``bound``)."""
    action = command.action
    if action.kind == "place":
        return _number_needed(player, command)
    bound = state.ruleset.actions[action.kind].bound
    return None if bound is None else getattr(action, bound[0])


def _number_needed(player: PlayerState, command: c.DieCommand) -> int:
    """The number the die of ``command`` must be used as: for a placement the number its space
    shows (cob.die.value: the die says which space number to fill), so that ``place 2 castle
    c6`` on a space showing 3 is told ``write 3`` and not ``write 3>2``, which the space would
    refuse next; otherwise the number the line says."""
    from burgundy_cli.castles.rules.boards import space_id
    from burgundy_cli.castles.rules.placement import space_number

    action = command.action
    if action.kind == "place":
        space = space_id(action.space)
        if space is not None and space < len(player.duchy):
            return space_number(player, space)
    return command.value if command.value is not None else command.rolled
