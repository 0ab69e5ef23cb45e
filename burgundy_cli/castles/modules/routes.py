"""The trade routes (2019 rulebook, "EXPANSIONS", "The Trade Routes"), as one rule module.

Each player gets trade route cards at random (2 players: 5 each, 3 players: 4, 4 players: 3),
three spaces to a card, laid in random order into one route. A sale no longer puts its goods
on the sold-goods space: they go one by one onto the route's free spaces, left to right, and
a goods tile whose colour matches its space's colour gives that space's bonus at once. Once
the route is full, sold goods go to the sold-goods space again. The goods on the route are
still sold goods (``PlayerState.sold``; knowledge tiles 15 and 25 count them).

The faces of the twelve cards are not in the rulebook text, and no public source we could
find lists them (``../shared/data/castles-of-burgundy/modules-2019/trade_routes.json``: three
pictured pieces, partly read). So a record *declares* each player's route in its
``[setup] routes``, one ``"<goods type> <bonus>"`` per space, left to right (a space's
colour is that of a goods type, and a goods type is named by its die value, as everywhere
in the notation). The bonuses (docs/records.md):

* ``silver-N``, ``workers-N``, ``vp-N``: gain N silverlings, workers or VP (the VP are
  scored in the ``trade-routes`` category);
* ``castle``, ``warehouse``, ``carpenter``, ``church``, ``market``, ``city-hall``: the
  action that building (or a castle) grants when placed, written after the sale as
  ``bonus <action>`` (``anna: sell 5 bonus take mine from 2``), one per such bonus in route
  order; one left out is declined. A sale among those actions (a castle's or warehouse's
  bonus) adds its own bonuses to the end of the list, answered by the next ``bonus`` actions
  of the same line: the notation then stays unambiguous.

The goods of one sale are all laid before its bonuses are taken, left to right (ruling in
docs/rulings.md, "Trade routes: a sale's bonuses").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from burgundy_cli.castles.rules import passed
from burgundy_cli.castles.rules.actions import (ACTION_WORDS, EFFECTS, Grant, action_words, apply_action, apply_sell, check_grant,
                                          check_sell, depot_offers, gain_silver, gain_workers, illegal, score_vp,
                                          take_colour_allows)
from burgundy_cli.castles.rules.commands import SellAction
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.castles.rules.tiles import catalogue
from burgundy_cli.core.words import counted

if TYPE_CHECKING:  # the dealing's generator, a type only: random is imported by the playout
    from random import Random

#: The VP category of the route bonuses in the score breakdown.
CATEGORY = "trade-routes"
#: Route cards per player, by player count.
ROUTE_CARDS = {2: 5, 3: 4, 4: 3}
CARD_SPACES = 3
#: Bonuses that grant an action: the action the building (or castle) of that name grants.
CHOICE_BONUSES = ("castle", "warehouse", "carpenter", "church", "market", "city-hall")
_GAIN = re.compile(r"(silver|workers|vp)-([1-9])")
#: The bonuses the seeded playout draws from when it generates declared routes.
PLAYOUT_BONUSES = ("silver-1", "silver-2", "workers-2", "vp-2", "vp-3", "vp-4", "castle", "carpenter", "church",
                   "market", "warehouse")

RouteSpace = tuple[int, str]


def spaces_needed(players: int) -> int:
    """Route spaces each player has: 3 per card, 5/4/3 cards for 2/3/4 players (the solo game's
    one player: the 2-player game's 5, as its setup follows the 2-player game)."""
    return ROUTE_CARDS[max(players, 2)] * CARD_SPACES


def read_space(text: str) -> RouteSpace:
    """``"5 silver-2"``: the goods type the space's colour asks for, and its bonus.

    :raises ValueError: ``(message, hint)`` when the text is no route space.
    """
    goods, _, bonus = text.strip().partition(" ")
    bonus = bonus.strip().lower()
    if goods not in tuple("123456"):
        raise ValueError(f"'{text}' does not start with a goods type 1-6 (the space's colour)",
                         'like "5 silver-2": goods type, then bonus')
    if bonus not in CHOICE_BONUSES and _GAIN.fullmatch(bonus) is None:
        raise ValueError(f"unknown route bonus '{bonus}'",
                         f"silver-N, workers-N, vp-N or the action of {', '.join(CHOICE_BONUSES)}")
    return int(goods), bonus


def space_text(space: RouteSpace) -> str:
    """The declared form of a route space (what :func:`read_space` reads)."""
    return f"{space[0]} {space[1]}"


def read_route(texts: list[str], players: int) -> tuple[RouteSpace, ...]:
    """A player's declared route; ValueError ``(message, hint, index)`` when it is not one."""
    needed = spaces_needed(players)
    if len(texts) != needed:
        raise ValueError(f"a trade route has {needed} spaces with {counted(players, 'player')}, not {len(texts)}",
                         f"{ROUTE_CARDS[max(players, 2)]} cards of {CARD_SPACES} spaces, left to right", None)
    route = []
    for index, text in enumerate(texts):
        try:
            route.append(read_space(text))
        except ValueError as error:
            raise ValueError(*error.args, index) from None
    return tuple(route)


def deal_routes(rng: Random, names: list[str]) -> dict[str, list[str]]:
    """Declared routes for a seeded playout: each space's colour and bonus drawn from ``rng``.

    Not the printed cards (unknown, see the module docstring): generated routes, declared in
    the record like any table's (docs/rulings.md, "Trade routes: the card faces").
    """
    needed = spaces_needed(len(names))
    return {name: [f"{rng.randint(1, 6)} {rng.choice(PLAYOUT_BONUSES)}" for _ in range(needed)] for name in names}


def grant_of(bonus: str) -> Grant | None:
    """The action a choice bonus grants (None for a gain of silverlings, workers or VP)."""
    return EFFECTS[bonus].grants if bonus in CHOICE_BONUSES else None


def filled(player: PlayerState) -> int:
    """Route spaces covered by goods so far."""
    return len(player.route_goods)


def lay(player: PlayerState, goods: int, count: int) -> list[int]:
    """Lay ``count`` sold goods of type ``goods`` on the route's free spaces, left to right;
    return the indices of the spaces whose colour they match (their bonuses are due)."""
    start = len(player.route_goods)
    end = min(len(player.route), start + count)
    player.route_goods.extend([goods] * (end - start))
    return [index for index in range(start, end) if player.route[index][0] == goods]


def _gain(state: GameState, player: PlayerState, bonus: str) -> None:
    what, amount = _GAIN.fullmatch(bonus).groups()
    if what == "silver":
        gain_silver(state, player, int(amount), "trade route")
    elif what == "workers":
        gain_workers(state, player, int(amount), "trade route")
    else:
        score_vp(state, player, CATEGORY, int(amount))


def sell_and_lay(state: GameState, player: PlayerState, goods: int) -> list[tuple[int, Grant]]:
    """The sale without its granted actions: the base game's sale, the goods laid on the route,
    the matched spaces' gains taken; returns ``(space index, grant)`` of the matched choice
    bonuses, in route order."""
    count = player.goods[goods]
    apply_sell(state, player, SellAction(goods=goods))
    due = []
    for index in lay(player, goods, count):
        bonus = player.route[index][1]
        grant = grant_of(bonus)
        if grant is None:
            _gain(state, player, bonus)
        else:
            due.append((index, grant))
    return due


def _check_bonus(state: GameState, player: PlayerState, index: int, grant: Grant, granted) -> None:
    """``granted`` is an action the choice bonus of route space ``index`` allows (``state``: as it is due)."""
    bonus = player.route[index][1]
    if granted.kind not in grant.kinds:
        kinds = " or ".join(action_words(state, kind) for kind in grant.kinds) if len(grant.kinds) < 4 else "any action"
        raise illegal("cob.route.bonus", f"route space {index + 1} ({bonus}) grants {kinds}, "
                      f"not {action_words(state, granted.kind)}")
    if grant.colours is not None:
        kind = catalogue().get(granted.tile)
        if granted.depot is None or (kind is not None and not take_colour_allows(kind, grant.colours)):
            raise illegal("cob.route.bonus", f"route space {index + 1} ({bonus}) grants a take of a tile "
                          f"a {bonus} takes, naming its depot", _bonus_takes(state, grant))
    passed("cob.route.bonus", "the goods laid on route space {} matched its colour: its {} bonus grants {}", index + 1,
           bonus, ACTION_WORDS[granted.kind])
    check_grant(state, player, grant, granted)


def _bonus_takes(state: GameState, grant: Grant) -> str:
    """The bonus takes a building's bonus allows now, as a line writes them (a refusal's hint):
    the tiles of its colours lying in the numbered depots."""
    kinds = catalogue()
    takes = [f"bonus take {tile} from {depot}" for depot in range(1, 7) for tile in dict.fromkeys(state.depots[depot])
             if tile in kinds and take_colour_allows(kinds[tile], grant.colours) and depot_offers(state, depot, tile) is None]
    return " | ".join(takes) if takes else "no depot holds such a tile: leave the bonus out (declined)"


#: The route bonuses due and not yet answered, one list per sale being carried out whose
#: ``then`` actions answer them: a sale inside those actions (a castle's or warehouse's bonus)
#: adds its own bonuses to the list instead of answering them itself.
_DUE: list[list[tuple[int, Grant]]] = []


def _answer(state: GameState, player: PlayerState, due: list[tuple[int, Grant]], then: tuple,
            check: bool) -> list[tuple[int, Grant]]:
    """Carry out the actions ``then`` answering the bonuses ``due`` in order (with ``check``,
    each checked first); returns the bonuses left unanswered (declined)."""
    queue = list(due)
    _DUE.append(queue)
    try:
        for answered, granted in enumerate(then):
            if not queue:
                raise illegal("cob.route.bonus", f"this sale grants {counted(answered, 'route bonus action')}, not {len(then)}",
                              "a bonus action answers a matched space's choice bonus, in route order")
            index, grant = queue.pop(0)
            if check:
                _check_bonus(state, player, index, grant, granted)
            apply_action(state, player, granted, None)
    finally:
        _DUE.pop()
    return queue


def check_sale(state: GameState, player: PlayerState, action: SellAction, value: int | None = None,
               spent: int = 0) -> None:
    """A sale on a trade route is legal: the base game's sale, and its ``then`` actions answer
    the choice bonuses it brings, in the order they come due (those of a sale among the
    actions after the sale's own), at most one each (checked on a branch after the sale,
    the ``spent`` workers the die paid gone first, as play takes them: a white castle among
    the bonus actions pays from what is left)."""
    check_sell(state, player, SellAction(goods=action.goods) if action.then else action)
    if not action.then:
        return
    if _DUE:
        raise illegal("cob.route.bonus", "a sale granted by a route bonus has no bonus actions of its own",
                      "its bonuses are answered by the line's later bonus actions, after those of the sale granting it")
    seat = state.players.index(player)
    branch = state.branch(seat)
    acting = branch.players[seat]
    acting.workers -= spent
    _answer(branch, acting, sell_and_lay(branch, acting, action.goods), action.then, check=True)


def apply_sale(state: GameState, player: PlayerState, action: SellAction, value: int | None = None,
               found: None = None) -> None:
    """Carry out a checked sale on a trade route, with the actions answering its bonuses."""
    due = sell_and_lay(state, player, action.goods)
    if _DUE:  # a sale among another sale's bonus actions: its bonuses are answered there
        _DUE[-1].extend(due)
    else:
        _answer(state, player, due, action.then, check=False)


def sale_grants(state: GameState, seat: int, action: SellAction, chosen: tuple = ()) -> tuple[GameState, list[Grant]]:
    """For the move generator: the state after the sale ``action`` and the bonus actions
    ``chosen`` (a branch; ``state`` is not changed), and the grants of the bonuses still due."""
    branch = state.branch(seat)
    acting = branch.players[seat]
    left = _answer(branch, acting, sell_and_lay(branch, acting, action.goods), chosen, check=False)
    return branch, [grant for _, grant in left]


def route_vp(player: PlayerState) -> int:
    """VP the route's bonuses have given so far: the ``vp-N`` spaces covered by matching goods."""
    return sum(int(bonus[3:]) for (goods, bonus), laid in zip(player.route, player.route_goods)
               if goods == laid and bonus.startswith("vp-"))


def vp_bound(state: GameState, player: PlayerState) -> int:
    """What the route can have scored (``rules.bounds``): exactly its covered ``vp-N`` spaces. In
    the 2019 team game, where the bound holds for the team, both members' routes (one with
    option ``team-routes = "team"``: both state it)."""
    if state.teams is None or state.options.team_routes == "team":
        return route_vp(player)
    return route_vp(player) + route_vp(state.players[state.teams.mate(state.seat(player.name))])
