"""The die rules: what changing a die costs (Castles of Burgundy, both editions).

"Workers: each worker tile lets a player change the die result by 1, up or down; 1 and 6 are
adjacent" (``cob.die.workers``); knowledge tile 8 makes a worker change a die by 2; tiles
9-12 give a free change of 1 for the action they name (2 with tile 8 under option
``k8-doubles-free-change``); all of it is ``cob.die.workers``, whose passage quotes tiles 8-12. The one reckoning of it: the engine's check
and play (:func:`~burgundy_cli.castles.rules.engine.die_payment`), the 2019 white castle's
price, the move generator and the explanations (``views.effects``, ``record.clarify``) ask
these functions and never redo the arithmetic. Kept apart from the engine so that rules and
modules need no import of it (issue 32 point 7: the engine calls the rules, never the reverse).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from burgundy_cli.castles.rules.tiles import catalogue

if TYPE_CHECKING:
    from burgundy_cli.castles.rules.state import PlayerState


#: The knowledge tile that gives a free +/-1 to an action: a take (tile 12), or placing a
#: tile of each colour (tiles 9-11; the 2019 inn and solo black hex tile, which have no colour, none: 0 is no tile).
FREE_CHANGE_TILE = {"take": 12, "B": 9, "S": 10, "L": 10, "C": 11, "M": 11, "Y": 11, "I": 0, "X": 0}


def free_steps(player: PlayerState, number: int, options) -> int:
    """Free die steps knowledge tile ``number`` (9-12) gives ``player``: 0, 1, or 2 when knowledge
    tile 8 doubles it (option ``k8-doubles-free-change``)."""
    if number not in player.knowledge:
        return 0
    return steps_per_worker(player) if options.k8_doubles_free else 1


def free_change_tile(action) -> int:
    """The knowledge tile (9-12) whose free change ``action`` may use: 12 for a take, 9-11 by
    the colour placed; 0 for none (a sale, workers, a tile of no colour)."""
    kind = action.kind
    if kind == "take":
        return FREE_CHANGE_TILE["take"]
    if kind == "place":
        tile = catalogue().get(action.tile)
        return 0 if tile is None else FREE_CHANGE_TILE[tile.colour]
    return 0


def free_change(player: PlayerState, action, options) -> int:
    """Free die steps knowledge tiles 9-12 give ``action`` (:func:`free_change_tile`, :func:`free_steps`)."""
    if not player.knowledge:
        return 0
    return free_steps(player, free_change_tile(action), options)


def die_steps(rolled: int, value: int) -> int:
    """The steps a die showing ``rolled`` is changed by to be used as ``value``, 1 and 6
    adjacent (the shorter way round)."""
    steps = abs(rolled - value)
    return min(steps, 6 - steps)


def round_the_wrap(rolled: int, value: int) -> bool:
    """The shorter way from ``rolled`` to ``value`` goes round from 6 to 1 (or 1 to 6)."""
    return abs(rolled - value) > 3


def steps_per_worker(player: PlayerState) -> int:
    """The die steps one worker pays for: 1, or 2 with knowledge tile 8."""
    return 2 if 8 in player.knowledge else 1


def worker_cost(player: PlayerState, rolled: int, value: int, free: int = 0) -> int:
    """Workers needed to turn ``rolled`` into ``value``: :func:`die_steps` less ``free``, at
    :func:`steps_per_worker` steps a worker. The one reckoning of a die change's workers."""
    if rolled == value:
        return 0
    steps = max(0, die_steps(rolled, value) - free)
    per = steps_per_worker(player)
    return (steps + per - 1) // per


def workers_suffice(player: PlayerState, cost: int) -> bool:
    """``player`` has the ``cost`` workers a die change needs."""
    return cost <= player.workers
