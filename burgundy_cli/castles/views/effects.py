"""What a Castles line does, read off the position: the state before it against the state after.

:func:`line_effects` compares two states (nothing here re-implements a rule: the engine
played the line; this module only reads the difference) and says, in the rulebook's
words, what the line cost and brought: workers paid and why, workers, silverlings and VP
gained by category, goods taken and sold, tiles taken, stored, discarded and placed,
bonus tiles, a move on the bridge. A die changed by workers names the rule that allows it,
and says when the change goes round from 6 to 1.

Used for a legal verdict (``burgundy check``) and meant for any "what that line did"
summary (the interactive session's): one function, given the two positions.
"""

from __future__ import annotations

from itertools import groupby
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from burgundy_cli.castles.rules import PHASE_STEP
from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.castles.rules.tiles import COLOUR_NAME

if TYPE_CHECKING:
    from collections.abc import Sequence

    from burgundy_cli.castles.rules.state import GameState, PlayerState


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def _bridge_space(space: int) -> str:
    """A space of the bridge as the picture labels it: ``the start space``, then ``space 1`` on."""
    return "the start space" if space == 0 else f"space {space}"


def _placed_over(was: list[int], now: list[int], seat: int) -> bool:
    """Whether the piece of ``seat``, on the same space of the bridge before and after a line
    (stacks bottom first), now lies above a piece that was above it or has come onto the space:
    2019 #27's "always placed on top ... actively and passively", the team game's ship from the
    last space. (A piece leaving the top uncovers the one below: no piece went under it.)"""
    below = now[:now.index(seat)]
    return any(other not in was or was.index(other) > was.index(seat) for other in below)


def _signed(number: int, word: str) -> str:
    return f"{'+' if number > 0 else '-'}{_count(abs(number), word)}"


def line_effects(before: GameState, after: GameState, command: Any,
                 noted: Sequence[tuple[str, Any]] = ()) -> list[str]:
    """What ``command`` changed between ``before`` and ``after``, one phrase per change, the
    player's own changes first; then, for a line that ended a phase, what each of the phase
    end's steps did: the step's notes (``rules.noting`` around the play: who paid or received
    what, and by which rule), or for a step that notes nothing what it changed. The notes the
    line's own rules made (why the border posts scored so much) follow its players. The line's own
    changes are read off the state before the phase end (``rules.phase_end`` marks each step
    among the notes), so a payment of the phase end is said once, as the phase end's, never
    as the line's too. Empty for a line that changes no player (a table line)."""
    marks = [at for at, (rule_id, _) in enumerate(noted) if rule_id == PHASE_STEP]
    if not marks:
        return _players_said(before, after, command) + _notes_said(noted)
    effects = _players_said(before, noted[marks[0]][1], command) + _notes_said(noted[:marks[0]])
    ended = f"end of phase {'ABCDE'[before.phase]}"
    for start, end in zip(marks, marks[1:]):
        notes = noted[start + 1:end]
        if not notes:  # (a step that notes nothing: what it changed, if anything a player sees;
            # the line's die payment is the line's, never read into a step)
            effects.extend(f"{ended}: {said}"
                           for said in _players_said(noted[start][1], noted[end][1], command, step=True))
        effects.extend(_notes_said(notes, ended))
    return effects


def _notes_said(notes: Sequence[tuple[str, Any]], ended: str | None = None) -> list[str]:
    """The notes of one rule said together, one phrase a rule, in the order the rules ran: a
    phase-end step's (``ended``: ``"end of phase C"``, which leads the phrase) or the line's own
    (the border posts' score, its rule last as a die payment's is)."""
    said = []
    for rule_id, notes_of_rule in groupby(notes, key=itemgetter(0)):
        what = ", ".join(what for _, what in notes_of_rule)
        said.append(f"{ended} [{rule_id}]: {what}" if ended else f"{what} [{rule_id}]")
    return said


def _players_said(before: GameState, after: GameState, command: Any, step: bool = False) -> list[str]:
    """``name: phrase, phrase`` for each player ``command`` changed between ``before`` and
    ``after``, the line's player first; ``step``: the change is a phase-end step's that
    ``command`` set off, not the line's own (no die payment of the line is said in it)."""
    effects: list[str] = []
    mover = after.seat(getattr(command, "player", None) or "")
    teams = after.teams
    # 2019 team game: the team's parts are the same for both members' copies, so they are said
    # once: the mover's team as the mover's (the mate's copy is skipped), another team once, as
    # the team's (its second member saying only what differs, which a line never makes).
    mate = teams.mate(mover) if teams is not None and mover >= 0 else -1
    said: dict[int, list[str]] = {}
    seats = range(len(after.players))
    for seat in ([mover, *(other for other in seats if other != mover)] if mover >= 0 else seats):
        if seat == mate:
            continue
        old, new = before.players[seat], after.players[seat]
        phrases = _player_effects(before, after, seat, old, new, command, step)
        other = teams.mate(seat) if teams is not None else -1
        name = new.name
        if other in said:
            phrases = [phrase for phrase in phrases if phrase not in said[other]]
        elif other >= 0 and other != mover and seat != mover:
            name = f"{new.name} and {after.players[other].name}"
        said[seat] = phrases
        if phrases:
            effects.append(f"{name}: {', '.join(phrases)}")
    return effects


def _player_effects(before: GameState, after: GameState, seat: int, old: PlayerState, new: PlayerState,
                    command: Any, step: bool = False) -> list[str]:
    """The phrases of what changed for the player in ``seat`` (unnamed: the caller names them)."""
    said: list[str] = []
    line_player = not step and getattr(command, "player", None) == old.name
    paid = _die_change(before, old, command) if line_player else None
    workers = new.workers - old.workers
    if paid is not None:
        cost, text = paid
        said.append(text)
        workers += cost  # what the line brought besides the payment
    if workers:
        said.append(_signed(workers, WORDS[after.edition]["worker"]))
    if new.silver != old.silver:
        said.append(_signed(new.silver - old.silver, WORDS[after.edition]["silverling"]))
    for category in sorted(set(new.vp) | set(old.vp)):
        gained = new.vp.get(category, 0) - old.vp.get(category, 0)
        if gained:
            said.append(f"{'+' if gained > 0 else ''}{gained} VP ({category})")
    said.extend(_tiles(before, after, old, new))
    for good in sorted(set(new.goods) | set(old.goods)):
        change = new.goods.get(good, 0) - old.goods.get(good, 0)
        if change > 0:
            said.append(f"takes {_count(change, 'goods tile')} of type {good}")
    for good, (was, now) in enumerate(zip(old.sold, new.sold)):
        if now > was:
            said.append(f"sells {_count(now - was, 'goods tile')} of type {good}")
    given = _goods_given(old, new)
    if given:
        said.append(f"gives up goods tiles {' '.join(map(str, given))}")
    for bonus in new.bonuses:
        if bonus not in old.bonuses:
            colour, size = bonus.split("-")
            said.append(f"takes the {size} {COLOUR_NAME.get(colour, colour)} bonus tile")
    for number in sorted(new.knowledge - old.knowledge):
        said.append(f"{WORDS[after.edition]['knowledge tile']} {number} now in the {WORDS[after.edition]['duchy']}")
    said.extend(_shields(old, new))
    said.extend(_route(old, new))
    was, now = before.bridge_space(seat), after.bridge_space(seat)
    bridge = WORDS[after.edition]["bridge"]
    if now != was:
        said.append(f"moves on the {bridge} from {_bridge_space(was)} to {_bridge_space(now)}")
    elif _placed_over(before.bridge[was], after.bridge[now], seat):
        said.append(f"is placed on top of its stack on the {bridge} ({_bridge_space(now)})")
    if after.solo is not None:
        said.extend(_solo_counter(before, after))
    if getattr(command, "kind", None) == "solo-exchange" and command.player == new.name:
        said = _exchange(said, given)
    return said


def _goods_given(old: PlayerState, new: PlayerState) -> list[int]:
    """The goods tiles the player gave up other than by selling them (the 2019 solo exchange, a
    correction), type by type, each tile once: ``[1, 3, 3]``."""
    given = []
    for good in sorted(set(old.goods) | set(new.goods)):
        sold = new.sold[good] - old.sold[good] if good < len(new.sold) else 0
        given.extend([good] * (old.goods.get(good, 0) - new.goods.get(good, 0) - sold))
    return given


def _exchange(said: list[str], given: list[int]) -> list[str]:
    """2019 solo game, 'THE SOLO GAME': "exchange any 5 of your goods for a single hex tile from
    the central black depot": the goods given and the tile stored said as one exchange."""
    stored = next((phrase for phrase in said if phrase.startswith("stores ") and "face down" in phrase), None)
    gave = f"gives up goods tiles {' '.join(map(str, given))}"
    if stored is None or gave not in said:
        return said
    tile = stored[len("stores "):]
    rest = [phrase for phrase in said if phrase not in (stored, gave)]
    return [f"exchanges goods tiles {' '.join(map(str, given))} for {tile} [cob.solo.exchange]", *rest]


def _solo_counter(before: GameState, after: GameState) -> list[str]:
    """2019 solo game: where the VP counter moved, and each reset ('When you reach the target
    victory point marker, place your counter back on the start space (any remaining victory
    points are lost), then move the target marker down 5 spaces')."""
    from burgundy_cli.castles.rules.solo_standing import counter

    was, now = counter(before), counter(after)
    resets = after.solo.resets - before.solo.resets
    if not resets:
        return [] if was == now else [f"moves the VP counter from {was} to {now} (target {after.solo.target}) "
                                      "[cob.solo.counter]"]
    from burgundy_cli.castles.modules.solo import lowered

    targets = [before.solo.target]
    while len(targets) < resets:
        targets.append(lowered(targets[-1]))
    reached = " and ".join(map(str, targets))
    return [f"moves the VP counter from {was} to {now}: it reached the target {reached}, so back to the start "
            f"space (VP beyond the target lost), target now {after.solo.target}, "
            f"{_count(resets, 'extra dice action')} [cob.solo.counter]"]


def _shields(old: PlayerState, new: PlayerState) -> list[str]:
    """2019 shields: a shield put on a castle, one given up (tribute, or replaced)."""
    from burgundy_cli.castles.rules.boards import space_name

    said = [f"shield {number} on {space_name(space)}" for space, number in sorted(new.shields.items())
            if old.shields.get(space) != number]
    lost = sorted(set(old.shields.values()) - set(new.shields.values()))
    return said + [f"shield {number} removed from the game" for number in lost]


def _route(old: PlayerState, new: PlayerState) -> list[str]:
    """2019 trade routes: the goods laid on the route, and the spaces whose colour they matched."""
    laid = new.route_goods[len(old.route_goods):]
    if not laid:
        return []
    start = len(old.route_goods)
    matched = [f"space {start + i + 1} ({new.route[start + i][1]})" for i, good in enumerate(laid)
               if new.route[start + i][0] == good]
    return [f"lays {_count(len(laid), 'goods tile')} on the trade route"
            + (f", matching {', '.join(matched)}" if matched else "")]


def _die_change(before: GameState, player: PlayerState, command: Any) -> tuple[int, str] | None:
    """The workers a die line paid to change its die and why, from the engine's own costing
    (:func:`~burgundy_cli.castles.rules.engine.die_payment`, asked of the position the line was
    played on: what the engine charged, not a second reckoning; the steps, the wrap and tile
    8's steps a worker are the engine's too)."""
    if getattr(command, "kind", None) != "die" or command.value is None or command.value == command.rolled:
        return None
    from burgundy_cli.castles.rules.dice import die_steps, free_change_tile, round_the_wrap, steps_per_worker
    from burgundy_cli.castles.rules.engine import die_payment, free_change

    rolled, value = command.rolled, command.value
    cost, by_module = die_payment(before, player, rolled, value, command.action)
    steps = die_steps(rolled, value)
    if by_module:  # 2019 shield 16, the one free change of a die a module has
        return 0, (f"pays no {WORDS[before.edition]['worker']}: die {rolled} used as {value}, {_count(steps, 'step')}, "
                   "the turn's free change of one die [cob.shield.16]")
    free = free_change(player, command.action, before.options)
    reasons = []
    if round_the_wrap(rolled, value):
        reasons.append("round the 6-1 wrap")
    if free:
        reasons.append(f"{free} step{'s' if free != 1 else ''} free by {WORDS[before.edition]['knowledge tile']} "
                       f"{free_change_tile(command.action)}")
    per = steps_per_worker(player)
    if per > 1 and steps - free > 0:
        reasons.append(f"{WORDS[before.edition]['knowledge tile']} 8: {per} steps a {WORDS[before.edition]['worker']}")
    why = f"die {rolled} used as {value}, {_count(steps, 'step')}" + (f" ({'; '.join(reasons)})" if reasons else "")
    paid = _count(cost, WORDS[before.edition]['worker']) if cost else f"no {WORDS[before.edition]['worker']}"
    return cost, f"pays {paid}: {why} [cob.die.workers]"


def _tiles(before: GameState, after: GameState, old: PlayerState, new: PlayerState) -> list[str]:
    """Tiles placed in the duchy, stored (and from which depot), discarded."""
    from burgundy_cli.castles.rules.boards import space_name

    said = [f"places {now} on {space_name(space)}"
            for space, (was, now) in enumerate(zip(old.duchy, new.duchy)) if was is None and now is not None]
    placed = [now for was, now in zip(old.duchy, new.duchy) if was is None and now is not None]
    stored, left = beyond(new.storage, old.storage), beyond(old.storage, new.storage)
    shared_stored, shared_left = beyond(new.shared, old.shared), beyond(old.shared, new.shared)  # (2019 team game)
    for tile in placed:
        for pool in (left, shared_left):
            if tile in pool:
                pool.remove(tile)
                break
    said.extend(_stored(before, after, tile) for tile in stored)
    said.extend(f"stores {tile} in the team's shared storage{_taken_from(before, after, tile)}"
                for tile in shared_stored)
    said.extend(f"discards {tile}" for tile in left)
    said.extend(f"discards {tile} from the team's shared storage" for tile in shared_left)
    return said


def beyond(tiles: list[Any], others: list[Any]) -> list[Any]:
    """The items of ``tiles`` beyond those of ``others`` (as multisets), in their order."""
    rest = list(tiles)
    for tile in others:
        if tile in rest:
            rest.remove(tile)
    return rest


def _stored(before: GameState, after: GameState, tile: str) -> str:
    """``stores <tile> from <depot>``; a 2019 solo black hex tile as the tile that left the black
    depot for it, face down."""
    if after.solo is not None:  # (only the solo game loads its module)
        from burgundy_cli.castles.modules.solo import BLACK_HEX

        gone = beyond(before.depots[0], after.depots[0]) if tile == BLACK_HEX else []
        if len(gone) == 1:
            return f"stores {gone[0]} from the black depot face down (a black hex tile)"
    return f"stores {tile}{_taken_from(before, after, tile)}"


def _taken_from(before: GameState, after: GameState, tile: str) -> str:
    """`` from depot N`` (or the black depot) when that depot lost ``tile``; else nothing."""
    for depot, (was, now) in enumerate(zip(before.depots, after.depots)):
        if was.count(tile) > now.count(tile):
            return " from the black depot" if depot == 0 else f" from depot {depot}"
    return ""
