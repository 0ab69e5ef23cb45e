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

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from burgundy_cli.castles.rules.state import GameState, PlayerState


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def _signed(number: int, word: str) -> str:
    return f"{'+' if number > 0 else '-'}{_count(abs(number), word)}"


def line_effects(before: GameState, after: GameState, command: Any) -> list[str]:
    """What ``command`` changed between ``before`` and ``after``, one phrase per change, the
    player's own changes first. Empty for a line that changes no player (a table line)."""
    effects: list[str] = []
    mover = after.seat(getattr(command, "player", None) or "")
    # 2019 team game: the team's parts are the same for both members; said once, as the mover's
    mate = after.teams.mate(mover) if after.teams is not None and mover >= 0 else -1
    for seat, (old, new) in enumerate(zip(before.players, after.players)):
        if seat != mate:
            effects.extend(_player_effects(before, after, seat, old, new, command))
    return effects


def _player_effects(before: GameState, after: GameState, seat: int, old: PlayerState, new: PlayerState,
                    command: Any) -> list[str]:
    said: list[str] = []
    paid = _die_change(before, old, command) if getattr(command, "player", None) == old.name else None
    workers = new.workers - old.workers
    if paid is not None:
        cost, text = paid
        said.append(text)
        workers += cost  # what the line brought besides the payment
    if workers:
        said.append(_signed(workers, "worker"))
    if new.silver != old.silver:
        said.append(_signed(new.silver - old.silver, "silverling"))
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
    for bonus in new.bonuses:
        if bonus not in old.bonuses:
            colour, size = bonus.split("-")
            said.append(f"takes the {size} bonus tile of colour {colour}")
    for number in sorted(new.knowledge - old.knowledge):
        said.append(f"knowledge tile {number} now in the duchy")
    said.extend(_shields(old, new))
    said.extend(_route(old, new))
    was, now = before.bridge_space(seat), after.bridge_space(seat)
    if now != was:
        said.append(f"moves on the bridge from space {was} to space {now}")
    if not said:
        return []
    return [f"{new.name}: {', '.join(said)}"]


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
    from burgundy_cli.castles.rules.dice import die_steps, round_the_wrap, steps_per_worker
    from burgundy_cli.castles.rules.engine import die_payment, free_change

    rolled, value = command.rolled, command.value
    cost, by_module = die_payment(before, player, rolled, value, command.action)
    steps = die_steps(rolled, value)
    if by_module:  # 2019 shield 16, the one free change of a die a module has
        return 0, (f"pays no worker: die {rolled} used as {value}, {_count(steps, 'step')}, "
                   "the turn's free change of one die [cob.shield.16]")
    free = free_change(player, command.action, before.options)
    reasons = []
    if round_the_wrap(rolled, value):
        reasons.append("round the 6-1 wrap")
    if free:
        reasons.append(f"{free} step{'s' if free != 1 else ''} free by a knowledge tile")
    per = steps_per_worker(player)
    if per > 1 and steps - free > 0:
        reasons.append(f"knowledge tile 8: {per} steps a worker")
    why = f"die {rolled} used as {value}, {_count(steps, 'step')}" + (f" ({'; '.join(reasons)})" if reasons else "")
    return cost, f"pays {_count(cost, 'worker')}: {why} [cob.die.workers]"


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
    said.extend(f"stores {tile}{_taken_from(before, after, tile)}" for tile in stored)
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


def _taken_from(before: GameState, after: GameState, tile: str) -> str:
    """`` from depot N`` (or the black depot) when that depot lost ``tile``; else nothing."""
    for depot, (was, now) in enumerate(zip(before.depots, after.depots)):
        if was.count(tile) > now.count(tile):
            return " from the black depot" if depot == 0 else f" from depot {depot}"
    return ""
