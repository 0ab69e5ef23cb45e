"""Every legal action of the player to move, generated directly from the position.

:func:`legal_commands` lists each legal command once, in its canonical form (a die used
as rolled has no ``>value``; a take by die names no depot; a ship names ``keep`` only when
its storage forces a choice). It does not try commands and ask :func:`engine.check`:
it builds them from what the position offers -- the reachable die values and their worker
cost, the tiles lying on each depot, the open duchy spaces of each colour -- and expands
the choices a placed tile brings (a ship's depot(s) and kept goods, a castle's or
building's granted action, recursively, on a scratch copy like the engine does). The
property tests check that this agrees with :func:`engine.check` both ways.

:func:`legal_moves` formats them with the canonical writer of
:mod:`burgundy_cli.castles.notation` and groups them by die: ``die 3 (0 workers)``,
``die 5 as 4 (1 worker)``, ``die 6 as 1 (1 worker, round the 6-1 wrap, 1 step)``, then the
purchases and ``pass``. A die reaches each value at one cost -- the cheaper way round the
1-6 wrap, tile 8's double steps and the free change of knowledge tiles 9-12 -- so each value
is listed once per kind of action, with what made it cheaper in its group's label.

The granted actions follow the base game's tiles (castle, warehouse, carpenter, church,
market, city hall); an expansion module that adds a tile granting an action must add it
to :func:`_granted`, and the agreement tests will say so if it is forgotten.
"""

from __future__ import annotations

from itertools import combinations

from burgundy_cli.castles.actions import STORAGE, apply_place_tile, apply_purchase, depot_offers
from burgundy_cli.castles.boards import space_name
from burgundy_cli.castles.commands import (
    BuyCommand, DieCommand, PassCommand, PlaceAction, SellAction, TakeAction, WorkersAction,
)
from burgundy_cli.castles.engine import worker_cost
from burgundy_cli.castles.state import GameState, PlayerState
from burgundy_cli.castles.tiles import catalogue
from burgundy_cli.core.game import MoveList

#: Tile colours each building's granted take may choose (as in the base game's effects).
_TAKE_COLOURS = {"carpenter": "B", "church": "MYC", "market": "SL"}
#: Knowledge tile giving a free +/-1 to placing a tile of each colour (take: tile 12).
_FREE_PLACE = {"B": 9, "S": 10, "L": 10, "C": 11, "M": 11, "Y": 11}
_WORKERS = WorkersAction()


def _unique(items) -> list:
    return list(dict.fromkeys(items))


def _discards(player: PlayerState) -> list[str | None]:
    """What a tile going into storage may displace: nothing, or one stored tile when full."""
    return _unique(player.storage) if len(player.storage) >= STORAGE else [None]


def depot_tiles(state: GameState, depot: int) -> list[str]:
    """The tile kinds that can be taken from ``depot`` now (0 = the black depot).

    A revealed depot offers what lies on it; an unrevealed one every kind the engine would
    trust to be there (a free space of its colour, a copy left in the supply).
    """
    if state.revealed[depot]:
        return _unique(state.depots[depot])
    return [name for name in catalogue() if depot_offers(state, depot, name) is None]


def _takes(state: GameState, player: PlayerState, depot: int | None, tiles: list[str]) -> list[TakeAction]:
    return [TakeAction(tile=tile, depot=depot, discard=discard)
            for tile in tiles for discard in _discards(player)]


def _open_spaces(player: PlayerState, colour: str) -> list[int]:
    """Empty spaces of ``colour`` next to a placed tile."""
    board, duchy = player.board, player.duchy
    return [space for space in board.colour_spaces[colour] if duchy[space] is None
            and any(duchy[n] is not None for n in board.neighbours[space])]


def _city_allows(player: PlayerState, tile: str, space: int) -> bool:
    """One building of each type per city, unless knowledge tile 1 lifts the limit."""
    if catalogue()[tile].type != "building" or 1 in player.knowledge:
        return True
    board = player.board
    return all(player.duchy[other] != tile for other in board.areas[board.area[space]])


def placements(state: GameState, seat: int, value: int | None, only: str | None = None) -> list[PlaceAction]:
    """Every legal placement of a stored tile on a space showing ``value`` (None: any number).

    ``only``: just the placements of that tile kind.
    """
    player = state.players[seat]
    kinds = catalogue()
    die = player.board.die
    result: list[PlaceAction] = []
    spaces_by_colour: dict[str, list[int]] = {}
    for tile in _unique(player.storage) if only is None else [only]:
        colour = kinds[tile].colour
        spaces = spaces_by_colour.get(colour)
        if spaces is None:
            spaces = spaces_by_colour[colour] = _open_spaces(player, colour)
        for space in spaces:
            if (value is None or die[space] == value) and _city_allows(player, tile, space):
                result.extend(_place_variants(state, seat, tile, space_name(space)))
    return result


def _place_variants(state: GameState, seat: int, tile: str, space: str) -> list[PlaceAction]:
    """Placing ``tile`` on ``space`` with every choice its effect offers."""
    kind = catalogue()[tile]
    if kind.type == "ship":
        return [PlaceAction(tile=tile, space=space, goods=goods, goods2=goods2, keep=keep, then=None,
                                            buy=None)
                for goods, goods2, keep in ship_choices(state, state.players[seat])]
    base = PlaceAction(tile=tile, space=space, goods=None, goods2=None, keep=None, then=None, buy=None)
    effects = state.ruleset.effects
    effect = effects.get(tile) or effects[kind.type]
    if effect.then is None:
        return [base]
    scratch = state.copy()
    apply_place_tile(scratch, scratch.players[seat], base)
    return [base] + [PlaceAction(tile=tile, space=space, goods=None, goods2=None, keep=None, then=then,
                                                 buy=None)
                     for then in _granted(scratch, seat, tile)] + _buying_placements(scratch, seat, tile, space)


def _buying_placements(state: GameState, seat: int, tile: str, space: str) -> list[PlaceAction]:
    """2019: placing ``tile`` on ``space``, buying a tile and placing it with the granted action.

    ``state``: after the placement. Only a castle or city hall grants a placement, and the
    engine accepts a purchase inside the placement only when the granted placement puts the
    bought tile, not already stored, into the duchy (docs/rulings.md); the placement has
    just freed a storage space, so the purchase never discards.
    """
    if state.edition != "2019" or state.bought or tile not in ("castle", "city-hall"):
        return []
    player = state.players[seat]
    kinds = catalogue()
    result: list[PlaceAction] = []
    thens: dict[tuple[int | None, str], list[PlaceAction]] = {}
    for buy in purchases(state, seat):
        bought = buy.tile
        if bought in player.storage or not _open_spaces(player, kinds[bought].colour):
            continue
        key = (buy.depot, bought)
        if key not in thens:
            scratch = state.branch(seat)
            apply_purchase(scratch, scratch.players[seat], buy)
            scratch.bought = True
            thens[key] = placements(scratch, seat, None, bought)
        result.extend(PlaceAction(tile=tile, space=space, goods=None, goods2=None, keep=None,
                                                  then=then, buy=buy) for then in thens[key])
    return result


def _granted(state: GameState, seat: int, tile: str) -> list:
    """The actions a just-placed ``tile`` grants (``state``: after placing it)."""
    player = state.players[seat]
    sells = [SellAction(goods=goods) for goods in sorted(player.goods)]
    if tile == "warehouse":
        return sells
    if tile in _TAKE_COLOURS:
        colours = _TAKE_COLOURS[tile]
        kinds = catalogue()
        return [take for depot in range(1, 7) for take in
                _takes(state, player, depot, [t for t in depot_tiles(state, depot) if kinds[t].colour in colours])]
    places = placements(state, seat, None)
    if tile == "city-hall":
        return places
    takes = [take for depot in range(1, 7) for take in _takes(state, player, depot, depot_tiles(state, depot))]
    return takes + places + sells + [_WORKERS]


def ship_choices(state: GameState, player: PlayerState) -> list[tuple[int | None, int | None, tuple | None]]:
    """(goods depot, second depot, kept types) for every legal way a ship takes goods.

    No depot only when no depot has goods the player could store. With knowledge tile 5 a
    neighbouring depot with goods may be added. ``keep`` lists the new types taken, only
    when storage (3 types) cannot hold every new type offered.
    """
    held = player.goods.keys()
    free = 3 - len(held)
    depot_goods = state.depot_goods
    with_goods = [d for d in range(1, 7) if depot_goods[d]]
    choices: list[tuple[int | None, int | None, tuple | None]] = []
    if not any(free > 0 or any(g in held for g in depot_goods[d]) for d in with_goods):
        choices.append((None, None, None))
    k5 = 5 in player.knowledge
    for depot in with_goods:
        seconds = [None]
        if k5:
            seconds += [d for d in (depot % 6 + 1, (depot - 2) % 6 + 1) if depot_goods[d]]
        for second in seconds:
            offered = set(depot_goods[depot])
            if second is not None:
                offered.update(depot_goods[second])
            new = sorted(offered - held)
            if len(new) > free > 0:
                choices.extend((depot, second, keep) for keep in combinations(new, free))
            else:
                choices.append((depot, second, None))
    return choices


# --- die actions ------------------------------------------------------------------------------


def _die_values(player: PlayerState, rolled: int, free: int) -> list[tuple[int, int]]:
    """(value, worker cost) of every value ``rolled`` reaches with the player's workers."""
    reach = []
    for value in range(1, 7):
        cost = worker_cost(player, rolled, value, free)
        if cost <= player.workers:
            reach.append((value, cost))
    return reach


def _purchase_workers(place: PlaceAction) -> int:
    """Workers a purchase inside ``place`` (or a placement it grants) pays.

    Placements are listed per die value, before the die's worker cost is known; that cost
    is the only thing about a placement chain that depends on it (no castle or city hall
    placed before the purchase brings workers), so it is charged here.
    """
    while place is not None:
        if place.buy is not None:
            return place.buy.pay_workers
        place = place.then if isinstance(place.then, PlaceAction) else None
    return 0


def _free(player: PlayerState, number: int, options) -> int:
    if number not in player.knowledge:
        return 0
    return 2 if options.k8_doubles_free and 8 in player.knowledge else 1


def _die_label(player: PlayerState, rolled: int, value: int, cost: int, free: int, tile: int) -> str:
    """``die 5 as 4 (1 worker)``, noting the wrap, tile 8 and the free change of ``tile`` that make it cheaper."""
    workers = f"{cost} worker{'s' if cost != 1 else ''}"
    if value == rolled:
        return f"die {rolled} ({workers})"
    notes = []
    steps = abs(rolled - value)
    if 6 - steps < steps:
        notes.append(f"round the 6-1 wrap, {6 - steps} step{'s' if 6 - steps != 1 else ''}")
    if 8 in player.knowledge and cost < min(steps, 6 - steps) - free:
        notes.append("2 steps a worker with tile 8")
    if free and worker_cost(player, rolled, value, 0) > cost:
        notes.append(f"free change {free} with tile {tile}")
    return f"die {rolled} as {value} ({workers}{', ' + ', '.join(notes) if notes else ''})"


def _die_moves(state: GameState, seat: int, out: list[tuple[str, object]]) -> None:
    player = state.players[seat]
    name = player.name
    options = state.options
    kinds = catalogue()
    free_take = _free(player, 12, options)
    groups: dict[tuple[int, int, int, tuple[int, int]], list] = {}
    plain_cost = {(rolled, value): worker_cost(player, rolled, value, 0) for rolled in player.dice
                  for value in range(1, 7)}

    def add(rolled: int, value: int, cost: int, free: tuple[int, int], action) -> None:
        """File the command under its die use; a free change that saves nothing is no distinction."""
        command = DieCommand(player=name, rolled=rolled, value=None if value == rolled else value,
                                             action=action)
        key = free if cost < plain_cost[rolled, value] else (0, 0)
        groups.setdefault((rolled, cost, value, key), []).append(command)

    place_cache: dict[int, list[PlaceAction]] = {}
    for rolled in sorted(set(player.dice)):
        for value, cost in _die_values(player, rolled, 0):
            add(rolled, value, cost, (0, 0), _WORKERS)
            if value in player.goods:
                add(rolled, value, cost, (0, 0), SellAction(goods=value))
        for value, cost in _die_values(player, rolled, free_take):
            for take in _takes(state, player, None, depot_tiles(state, value)):
                add(rolled, value, cost, (free_take, 12), take)
        if not player.storage:
            continue
        for colour in _unique(kinds[t].colour for t in player.storage):
            tile = _FREE_PLACE[colour]
            free = _free(player, tile, options)
            for value, cost in _die_values(player, rolled, free):
                if value not in place_cache:
                    place_cache[value] = placements(state, seat, value)
                for place in place_cache[value]:
                    if kinds[place.tile].colour == colour and _purchase_workers(place) <= player.workers - cost:
                        add(rolled, value, cost, (free, tile), place)
    for (rolled, cost, value, (free, tile)), commands in sorted(groups.items(), key=lambda item: (
            item[0][0], item[0][2] != item[0][0], item[0][1], item[0][2])):
        label = _die_label(player, rolled, value, cost, free, tile)
        out.extend((label, command) for command in commands)


# --- purchases and pass -----------------------------------------------------------------------


def purchases(state: GameState, seat: int) -> list[BuyCommand]:
    """Purchases ``seat`` may make: the black depot (any depot with tile 6), silver or workers."""
    player = state.players[seat]
    k6 = 6 in player.knowledge
    payments = [0] if player.silver >= 2 else []
    if k6 and state.edition == "2019":
        if player.workers >= 2:
            payments.append(2)
        if state.options.k6_mixed and player.silver >= 1 and player.workers >= 1:
            payments.append(1)
    if not payments:
        return []
    return [BuyCommand(player=player.name, tile=tile, depot=depot or None, discard=discard,
                                       pay_workers=pay)
            for depot in (range(7) if k6 else (0,)) for tile in depot_tiles(state, depot)
            for discard in _discards(player) for pay in payments]


def _buys(state: GameState, seat: int, label: str, out: list[tuple[str, object]]) -> None:
    """The purchase lines open to ``seat``, labelled by depot and payment."""
    for buy in purchases(state, seat):
        depot, pay = buy.depot, buy.pay_workers
        where = "black depot" if depot is None else f"depot {depot} (knowledge tile 6)"
        paid = "2 silver" if pay == 0 else "2 workers" if pay == 2 else "1 silver + 1 worker"
        out.append((f"{label}{where}, {paid}", buy))


def _generate(state: GameState) -> tuple[str | None, list[tuple[str, object]]]:
    """(player to move, [(group label, command)]) in listing order."""
    out: list[tuple[str, object]] = []
    seat = state.to_move()
    if state.lingering >= 0 and state.lingering != seat:
        lingering = state.players[state.lingering]
        _buys(state, state.lingering, f"{lingering.name} may still buy: ", out)
    if seat < 0:
        return (state.players[state.lingering].name if out else None), out
    _die_moves(state, seat, out)
    if not state.bought:
        _buys(state, seat, "buy: ", out)
    out.append(("pass", PassCommand(player=state.players[seat].name)))
    return state.players[seat].name, out


def legal_commands(state: GameState) -> list:
    """Every legal command for the player to move (and a purchase still open to the last mover).

    Empty outside a turn (a roll or the phase setup is due, or the game is over) unless the
    player who just used their last die may still buy.
    """
    return [command for _, command in _generate(state)[1]]


def legal_moves(state: GameState) -> MoveList:
    """:func:`legal_commands` in canonical notation, grouped by die value and worker cost."""
    from burgundy_cli.castles.notation import format_command

    player, moves = _generate(state)
    groups: dict[str, list[str]] = {}
    for label, command in moves:
        groups.setdefault(label, []).append(format_command(command))
    return MoveList(player=player, groups=groups)
