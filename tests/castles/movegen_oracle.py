"""The test oracle for the move generator: a broad candidate space judged by ``engine.check``.

:func:`accepted` enumerates far more commands than can be legal -- every die value for
every action, every tile from every depot, every space of the duchy, every ship depot pair
and kept-goods subset, every granted action -- asks :func:`engine.check` about each, and
returns the accepted ones in canonical spelling (:func:`canonical`). Comparing that set with
the generator's output checks both directions of agreement.

To stay fast the space is pruned only where ``check`` rejects a placement before looking at
its choices: effect choices (ship goods, granted actions) are enumerated only for a space of
the tile's colour that is empty, next to a placed tile and, for a die placement, shows the
die value; other
placements are tried without choices; a tile that grants no action is tried with a few
granted actions only. A purchase during a placement (2019) is tried broadly -- every tile,
several depots, discards and payments -- with a few granted actions; only a purchase the
engine's purchase rules allow (in 2011 none: the edition is checked first) is also tried
with every placement of the bought tile after it (check refuses any other granted action
before looking into it).
"""

from __future__ import annotations

from tests.line_forms import changed
from itertools import combinations

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.actions import (
    apply_purchase, check_purchase, copied_effect, depot_offers, locate, place_tile, take_from_depot,
)
from burgundy_cli.castles.rules.boards import space_name
from burgundy_cli.castles.rules.commands import (
    BuyCommand, DieCommand, HireCommand, PassCommand, PlaceAction, SellAction, ShieldAction, ShieldBorrowCommand,
    ShieldCommand, ShieldGoodsCommand, ShieldPlaceCommand, TakeAction, TributeCommand, WorkersAction,
)
from burgundy_cli.castles.notation import format_command
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.castles.rules.tiles import catalogue
from burgundy_cli.core.errors import IllegalMoveError

TILES = tuple(catalogue())


def _subsets(items) -> list[tuple[int, ...]]:
    items = sorted(items)
    return [combo for size in range(len(items) + 1) for combo in combinations(items, size)]


def _ship_choices(state: GameState) -> list[dict]:
    choices = [{}]
    for goods in range(1, 7):
        for goods2 in (None, goods % 6 + 1, (goods - 2) % 6 + 1, (goods + 1) % 6 + 1):  # 2 neighbours, 1 not
            offered = set(state.depot_goods[goods]) | (set(state.depot_goods[goods2]) if goods2 else set())
            for keep in (None, *_subsets(offered)):
                choices.append({"goods": goods, "goods2": goods2, "keep": keep})
    return choices


def _tiles(state: GameState) -> tuple[str, ...]:
    """Tiles worth trying to take: every kind while a depot is unrevealed (the engine trusts
    any kind of a free space's colour), else those lying on a depot plus two that do not."""
    if not all(state.revealed):
        return TILES
    lying = {tile for depot in state.depots for tile in depot}
    absent = [tile for tile in TILES if tile not in lying][:2]
    return tuple(tile for tile in TILES if tile in lying) + tuple(absent)


def _storages(state: GameState, player: PlayerState) -> list[tuple[bool, list[str]]]:
    """(shared, its tiles) of each storage ``player`` may use: the one storage, or in the 2019
    team game the private one and the team's shared one."""
    return [(False, player.storage)] + ([(True, player.shared)] if state.teams is not None else [])


def _takes(state: GameState, player: PlayerState, depots) -> list[TakeAction]:
    return [TakeAction(tile=tile, depot=depot, discard=discard, shared=shared)
            for shared, stored in _storages(state, player)
            for tile in _tiles(state) for depot in depots for discard in (None, *dict.fromkeys(stored))]


def _places(state: GameState, seat: int, value: int | None, depth: int, only: str | None = None) -> list[PlaceAction]:
    """Placements of stored tiles (and one tile not stored) on every space, with broad choices.

    ``only``: just the placements of that tile.
    """
    player = state.players[seat]
    kinds = catalogue()
    storages = _storages(state, player)
    tiles = [(tile, shared) for shared, stored in storages for tile in dict.fromkeys(stored)] + \
        [(next(t for t in ("mine", "ship", "castle", "bank") if t not in player.storage), False)]
    if only is not None:
        tiles = [(only, shared) for shared, _ in storages]
    result = []
    for tile, shared in tiles:
        kind = kinds[tile]
        stored = player.shared if shared else player.storage
        for space in range(len(player.duchy)):
            name = space_name(space)
            result.append(PlaceAction(tile=tile, space=name, shared=shared))
            board, duchy = player.board, player.duchy
            if (tile not in stored or board.colour[space] != kind.colour or duchy[space] is not None
                    or (value is not None and board.die[space] != value)
                    or (all(duchy[n] is None for n in board.neighbours[space])
                        and 18 not in player.shields.values())):  # (2019 shield 18 lifts adjacency)
                continue
            if kind.type == "ship":
                result.extend(PlaceAction(tile=tile, space=name, shared=shared, **choice)
                              for choice in _ship_choices(state)[1:])
                continue
            own = state.ruleset.effects.get(tile) or state.ruleset.effects[kind.type]
            copies = (None,) if own.copies is None else (None, *own.copies(state), "k7")  # the 2019 crane
            for copy in copies:
                effect = own
                if copy is not None:
                    result.append(PlaceAction(tile=tile, space=name, copy=copy, shared=shared))
                    if copy not in own.copies(state):
                        continue
                    effect = copied_effect(state, tile, own, copy)
                if effect.grants is None:
                    # check refuses any granted action of such a tile first (cob.effect.none): a sample
                    result.extend(PlaceAction(tile=tile, space=name, then=then, copy=copy, shared=shared)
                                  for then in (WorkersAction(), SellAction(goods=1), TakeAction(tile="mine", depot=1)))
                    continue
                base = PlaceAction(tile=tile, space=name, copy=copy, shared=shared)
                scratch = state.copy()
                acting = scratch.players[seat]
                place_tile(scratch, acting, base, locate(scratch, acting, base))
                result.extend(changed(base, then=then) for then in _granted(scratch, seat, depth))
                result.extend(changed(action, copy=copy, shared=shared)
                              for action in _buying(scratch, seat, tile, name, depth))
    return result


def _buying(state: GameState, seat: int, tile: str, space: str, depth: int) -> list[PlaceAction]:
    """Placements of ``tile`` on ``space`` with a purchase inside (``state``: after placing it)."""
    player = state.players[seat]
    sample = (None, WorkersAction(), TakeAction(tile="mine", depot=1))
    if state.edition != "2019" or state.bought:  # check refuses the purchase before the granted action
        buys = [BuyCommand(player=player.name, tile=_tiles(state)[0])]
        return [PlaceAction(tile=tile, space=space, buy=buy, then=then) for buy in buys for then in sample]
    result = []
    for buy in (BuyCommand(player=player.name, tile=bought, depot=depot, discard=discard, pay_workers=pay,
                           shared=shared)
                for shared, stored in _storages(state, player)
                for bought in _tiles(state) for depot in (None, 1, 4)
                for discard in (None, *stored[:1]) for pay in (0, 1, 2)):
        thens: list = [*sample, PlaceAction(tile=buy.tile, space=space, shared=buy.shared)]
        try:
            check_purchase(state, player, buy, False)
        except IllegalMoveError:
            pass
        else:
            bought = state.copy()
            apply_purchase(bought, bought.players[seat], buy)
            bought.bought = True
            thens += _places(bought, seat, None, depth, buy.tile)  # one more tile: one more level
        result.extend(PlaceAction(tile=tile, space=space, buy=buy, then=then) for then in thens)
    return result


def _granted(state: GameState, seat: int, depth: int) -> list:
    """Every action a placed tile could be asked to grant (most are illegal for most tiles)."""
    player = state.players[seat]
    actions = [WorkersAction(), *(SellAction(goods=g) for g in range(1, 7)), *_takes(state, player, (None, *range(1, 7)))]
    if depth > 0:
        actions += _places(state, seat, None, depth - 1)
    if _routes(state):  # a granted sale with one bonus action (its goods held: others are refused first)
        actions += [SellAction(goods=g, then=(then,)) for g in sorted(player.goods) for then in _bonus_actions(state, seat)]
    return actions + _shield_actions(state, player)


def _shield_actions(state: GameState, player: PlayerState) -> list:
    """2019 shields (shield 11): a castle's extra action taking any shield onto any space with a tile."""
    if state.shields is None:
        return []
    spaces = [space_name(s) for s, tile in enumerate(player.duchy) if tile is not None]
    return [ShieldAction(shield=n, space=s) for n in range(1, 19) for s in spaces]


def _phase_places(state: GameState) -> list:
    """2019 shields 14/15: for a player holding either, every tile from every depot onto every
    space with broad choices (a tile the depot does not offer: one line, check refuses it before
    the placement); for the others one line (check refuses it first)."""
    out: list = []
    for seat, player in enumerate(state.players):
        if not {14, 15} & set(player.shields.values()):
            out.append(ShieldPlaceCommand(player=player.name, depot=0, place=PlaceAction(tile="castle", space="b3")))
            continue
        for depot in range(7):
            for tile in _tiles(state):
                if depot_offers(state, depot, tile) is not None:
                    out.append(ShieldPlaceCommand(player=player.name, depot=depot,
                                                  place=PlaceAction(tile=tile, space="b3")))
                    continue
                lifted = state.copy()
                take_from_depot(lifted, depot, tile)
                lifted.players[seat].storage.append(tile)
                out += [ShieldPlaceCommand(player=player.name, depot=depot, place=place)
                        for place in _places(lifted, seat, None, 2, tile)]
    return out


def _shield_lines(state: GameState) -> list:
    """2019 shields: doubles lines of the player to move for every number, shield and tiled space;
    shield 5's goods lines, shield 6's choice of every player (of every player, themselves
    included), shields 14/15's tiles (:func:`_phase_places`) and the tribute (:func:`_tributes`)."""
    out: list = [ShieldGoodsCommand(player=p.name, goods=g) for p in state.players for g in range(1, 7)]
    out += [ShieldBorrowCommand(player=p.name, lender=q.name) for p in state.players for q in state.players]
    out += _phase_places(state)
    out += _tributes(state)
    seat = state.to_move()
    if seat < 0:
        return out
    player = state.players[seat]
    dice = (tuple(player.dice) * 2)[:2] if player.dice else (1, 1)
    spaces = [space_name(s) for s, tile in enumerate(player.duchy) if tile is not None]
    out += [ShieldCommand(player=player.name, dice=dice, value=None if dice[0] == dice[1] == v else v, shield=n,
                          space=s) for v in range(1, 7) for n in range(1, 19) for s in spaces]
    return out


def _tributes(state: GameState) -> list:
    """The tribute of every player: each set of their shields and one shield not theirs given
    up, with no workers named or up to one more than those shields."""
    out: list = []
    for player in state.players:
        shields = {*player.shields.values(), next(n for n in range(1, 19) if n not in player.shields.values())}
        out += [TributeCommand(player=player.name, drop=drop, workers=workers) for drop in _subsets(shields)
                for workers in (None, *range(len(shields) + 1))]
    return out


def _routes(state: GameState) -> bool:
    return "trade-routes" in state.ruleset.modules


def _bonus_actions(state: GameState, seat: int) -> list:
    """Every action a trade route's bonus could be asked to grant (2019 trade routes)."""
    player = state.players[seat]
    return [WorkersAction(), *(SellAction(goods=g) for g in range(1, 7)), *_takes(state, player, range(1, 7)),
            *_places(state, seat, None, 0)]


def _sales_with_bonuses(state: GameState, seat: int, rolled: int, value: int) -> list[SellAction]:
    """Die sales with one bonus action, and with two where the first alone is accepted."""
    player = state.players[seat]
    broad = _bonus_actions(state, seat)
    sales = [SellAction(goods=g, then=(then,)) for g in sorted(player.goods) for then in broad]
    result = list(sales)
    for sale in sales:
        try:
            engine.check(state, DieCommand(player=player.name, rolled=rolled, value=value, action=sale))
        except IllegalMoveError:
            continue
        result.extend(SellAction(goods=sale.goods, then=(*sale.then, then)) for then in broad)
    return result


def candidates(state: GameState) -> list:
    """A broad space of player commands around ``state`` (most of them illegal)."""
    out: list = []
    for seat, player in enumerate(state.players):
        out.append(PassCommand(player=player.name))
        out.extend(HireCommand(player=player.name, workers=workers) for workers in range(1, 9))
        out.extend(BuyCommand(player=player.name, tile=tile, depot=depot, discard=discard, pay_workers=pay,
                              shared=shared)
                   for shared, stored in _storages(state, player)
                   for tile in _tiles(state) for depot in (None, *range(1, 7))
                   for discard in (None, *dict.fromkeys(stored)) for pay in (0, 1, 2))
    if state.shields is not None:
        out += _shield_lines(state)
    seat = state.to_move()
    if seat < 0:
        return out
    player = state.players[seat]
    by_value: dict[int, list] = {}  # the takes and placements of a die used as each value: alike for every die
    for rolled in range(1, 7):
        for value in range(1, 7):
            actions: list = [WorkersAction()]
            if rolled in player.dice:
                actions += [SellAction(goods=g) for g in range(1, 7)]
                if _routes(state):
                    actions += _sales_with_bonuses(state, seat, rolled, value)
                if value not in by_value:
                    by_value[value] = _takes(state, player, (None, value, value % 6 + 1)) + _places(state, seat, value, 2)
                actions += by_value[value]
            out.extend(DieCommand(player=player.name, rolled=rolled, value=value, action=action)
                       for action in actions)
    return out


def canonical(state: GameState, command):
    """The canonical spelling of an accepted command: what the generator lists for it.

    A die used as rolled writes no value; a take by die names no depot; a ship's ``keep``
    is written only when storage forces a choice, and then lists the new types taken; a
    tribute names the shields given up in number order.
    """
    if command.kind == "tribute":  # the shields given up, in number order
        return changed(command, drop=tuple(sorted(command.drop)))
    if not isinstance(command, DieCommand):
        return command
    value = command.value if command.value is not None else command.rolled
    player = state.players[state.seat(command.player)]
    action = _canonical_action(state, player, command.action, value)
    return changed(command, value=None if value == command.rolled else value, action=action)


def _canonical_action(state: GameState, player: PlayerState, action, value: int | None):
    if isinstance(action, TakeAction) and value is not None and action.depot == value:
        return changed(action, depot=None)
    if isinstance(action, SellAction) and action.then:
        return _canonical_sale(state, player, action)
    if not isinstance(action, PlaceAction):
        return action
    update: dict = {}
    if action.keep is not None:
        offered = set(state.depot_goods[action.goods])
        if action.goods2 is not None:
            offered |= set(state.depot_goods[action.goods2])
        held = player.goods.keys()
        new, free = offered - held, 3 - len(held)
        update["keep"] = tuple(sorted(set(action.keep) - held)) if len(new) > free > 0 else None
    if action.then is not None:
        update["then"] = _canonical_action(state, player, action.then, None)
    return changed(action, **update)


def _canonical_sale(state: GameState, player: PlayerState, action: SellAction) -> SellAction:
    """A sale whose bonus actions are each spelt as on the state it is chosen in (after the
    sale and the bonus actions before it: a ship's ``keep`` depends on the goods held then)."""
    seat = state.players.index(player)
    grants = state.ruleset.actions["sell"].grants
    chosen: tuple = ()
    for then in action.then:
        after, _ = grants(state, seat, changed(action, then=()), chosen)
        chosen += (_canonical_action(after, after.players[seat], then, None),)
    return changed(action, then=chosen)


def accepted(state: GameState) -> set[str]:
    """Canonical lines of every candidate :func:`engine.check` accepts."""
    lines = set()
    for command in candidates(state):
        try:
            engine.check(state, command)
        except IllegalMoveError:
            continue
        lines.add(format_command(canonical(state, command)))
    return lines
