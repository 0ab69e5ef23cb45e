"""The White Castles (2019 rulebook, "EXPANSIONS", "The White Castles"), as one rule module.

Nine tiles are mixed into their piles at setup (``data/modules.json``, from the research in
``shared/data/castles-of-burgundy/modules-2019/white_castles.json``): eight white castles,
beige buildings, six with beige backs (the building pile) and two with black backs (the
black-depot pile), and knowledge tile #29 with a yellow back (the monastery pile).

Placing a white castle grants at once one action with the white die's result: a take from
the depot of that number, a placement on a space of that number, a sale of that goods type,
or 2 workers. Workers may change the number (1 per step, knowledge tile 8's double steps,
and the free +/-1 of tiles 9-12 unless option ``white-castle-free-change = false``); the
white die itself stays as rolled. The granted action is written like any granted action
(``then take ship from 4``): its depot, space or goods type says the number it uses, and
the referee charges the workers from the white die to that number (:func:`white_value`).

#29 scores 4 VP per white castle in its owner's duchy at the game's end (the crane of the
extra tiles may count as one, :func:`modules.extra.buildings_scoring`).
"""

from __future__ import annotations

from burgundy_cli.castles.rules import passed
from burgundy_cli.castles.rules.actions import ACTIONS, Effect, Grant, illegal
from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.rules.placement import space_number
from burgundy_cli.castles.rules.dice import free_change, worker_cost, workers_suffice
from burgundy_cli.castles.modules.extra import buildings_scoring
from burgundy_cli.castles.rules.state import GameState, PlayerState

WHITE_CASTLE = "white-castle"
#: The knowledge tile of the module: 4 VP per white castle.
TILE = 29


def used_number(state: GameState, player: PlayerState, action) -> int:
    """The number a white castle's ``action`` uses: the depot of a take (named, like every
    granted take's: the record's reader fills in the one depot offering the tile), the
    space's number of a placement, the goods type of a sale; workers take any number, so the
    white die's as rolled."""
    kind = action.kind
    if kind == "take":
        if action.depot is None:
            raise illegal("cob.take.depot", "an extra action's take must name its depot", "add 'from <depot>'")
        return action.depot
    if kind == "place":
        space = space_id(action.space)  # (a team board's right half too)
        return state.white if space is None or space >= len(player.duchy) else space_number(player, space)
    if kind == "sell":
        return action.goods
    return state.white


def white_die(state: GameState, player: PlayerState) -> int:
    """The white die as rolled: the ``ready`` of the white castle's
    :class:`~burgundy_cli.castles.rules.actions.Grant`; refused when it has not been rolled (after
    the game's end, or a turn whose position does not state it), whatever the action."""
    white = state.white
    if white is None:
        raise illegal("cob.white.die", "a white castle's action uses the white die, which has not been rolled",
                      "a [position] in a turn states the white die with `white`")
    return white


def white_value(state: GameState, player: PlayerState, action) -> tuple[int, int]:
    """(number the action uses, workers that turn the white die into it): the ``value`` of the
    white castle's :class:`~burgundy_cli.castles.rules.actions.Grant`; refused when the white die
    has not been rolled (:func:`white_die`) or the player lacks the workers."""
    white = white_die(state, player)
    value = used_number(state, player, action)
    free = free_change(player, action, state.options) if state.options.white_free_change else 0
    cost = worker_cost(player, white, value, free)
    if not workers_suffice(player, cost):
        raise illegal("cob.white.workers", f"the white die shows {white}; {player.name} cannot use it as {value}",
                      f"needs {cost} worker{'s' if cost != 1 else ''}, {player.name} has {player.workers}")
    passed("cob.white.workers", "the white die shows {}, used as {}{}", white, value,
           f" with {cost} worker{'s' if cost != 1 else ''}" if cost else "")
    return value, cost


#: A white castle's effect: any action, its number from the white die.
WHITE_EFFECT = Effect(grants=Grant(tuple(ACTIONS), None, (
    "cob.white.action", "a white castle grants one of the four actions, with the white die",
    "then: take <tile> from <depot>, place <tile> <space>, sell <goods type> or workers"), white_value, white_die))
#: #29: 4 VP per white castle (the crane counting as one if its owner says so).
WHITE_END_SCORING = {TILE: buildings_scoring(WHITE_CASTLE)}
