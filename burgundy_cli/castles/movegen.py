"""Every legal action of the player to move, generated from the position.

:func:`legal_commands` lists each legal command once, in its canonical form (a die used
as rolled has no ``>value``; a take by die names no depot; a ship names ``keep`` only when
its storage forces a choice). It does not try every conceivable line on
:func:`engine.check`, but it reaches its verdicts through the same rule code: the spaces
a tile may go to are those the game's placement rules allow
(:func:`~burgundy_cli.castles.rules.placement.allowed_spaces`), a take's tiles those
:func:`~burgundy_cli.castles.rules.actions.depot_offers` offers, discards those
:func:`~burgundy_cli.castles.rules.actions.storage_refusal` accepts, ship choices those
:func:`~burgundy_cli.castles.rules.actions.ship_refusal` accepts, payments those of
:data:`~burgundy_cli.castles.rules.actions.PAYMENT`, worker costs and free changes those of
:mod:`~burgundy_cli.castles.rules.engine`, and a placed tile's granted actions are those its
effect's :class:`~burgundy_cli.castles.rules.actions.Grant` declares, expanded on a scratch copy
like the engine does. tests/castles/test_differential.py checks that this agrees with
:func:`engine.check` both ways.

:func:`legal_moves` formats them with the canonical writer of
:mod:`burgundy_cli.castles.notation` and groups them by die: ``die 3 (0 workers)``,
``die 5 as 4 (1 worker)``, ``die 6 as 1 (1 worker, round the 6-1 wrap, 1 step)``, then the
purchases and ``pass``. A die reaches each value at one cost -- the cheaper way round the
1-6 wrap, tile 8's double steps and the free change of knowledge tiles 9-12 -- so each value
is listed once per kind of action, with what made it cheaper in its group's label. Its
``choices``, what ``burgundy moves`` prints, are made apart and first: a tile's spaces
joined (:func:`spaces_together`) and a placement with more than :data:`GRANTED_SHOWN`
granted continuations written once as ``<line> then ...``, its chains (a tree of
:data:`Node`, made as read, as far as needed) never all made: a position with 850,000
lines lists in milliseconds. Tab completion (:func:`completions`) reads the same tree only
where the typed text reaches it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache, partial
from itertools import combinations
from typing import Any

from burgundy_cli.castles.rules.actions import (
    DURING, Grant, LineRule, apply_purchase, check_purchase_during, copied_effect, depot_offers, first_refused, locate,
    goods_types_free, neighbour_depots, payment_refusal, place_tile, ship_refusal, storage_refusal, take_colour_allows,
)
from burgundy_cli.castles.rules.boards import SPACE_IDS, space_name
from burgundy_cli.castles.rules.commands import (
    BuyCommand, DieCommand, PassCommand, PlaceAction, SellAction, TakeAction, WorkersAction,
)
from burgundy_cli.castles.rules.dice import (
    FREE_CHANGE_TILE, die_steps, free_steps, round_the_wrap, steps_per_worker, worker_cost, workers_suffice,
)
from burgundy_cli.castles.rules.engine import bought_this_turn, check, expected, free_die
from burgundy_cli.castles.notation import holds_sale_bonuses
from burgundy_cli.castles.rules.placement import allowed_spaces
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.castles.rules.terms import WORDS, counted_in
from burgundy_cli.castles.rules.tiles import catalogue
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.game import MoveList

_WORKERS = WorkersAction()

#: An action and what it grants after it: a function making those as nodes again (each
#: the action with one granted action as its ``then``), or None when it grants nothing.
#: The flat listing reads the tree in order (:func:`_flat`); completion reads only the
#: branches a typed prefix reaches (:func:`completions`).
Node = tuple[Any, "Callable[[], Iterator[Node]] | None"]


def _flat(nodes: Iterable[Node]) -> Iterator:
    """Every action of ``nodes`` and of what they grant, each before what it grants."""
    for action, more in nodes:
        yield action
        if more is not None:
            yield from _flat(more())


def _unique(items) -> list:
    return list(dict.fromkeys(items))


def _discards(state: GameState, player: PlayerState) -> list[tuple[str | None, bool]]:
    """Where a tile going into storage may go and what it may displace: ``(discard, shared)``
    pairs, the candidates (nothing, each stored tile) the storage rule accepts; ``shared``
    (a module's storage: the 2019 team game's) into the team's shared storage."""
    storage = state.ruleset.storage
    if storage is not None:
        return storage.choices(state, player)
    return [(discard, False) for discard in [None, *_unique(player.storage)]
            if storage_refusal(state, player, discard) is None]


def _stored(state: GameState, player: PlayerState) -> list[tuple[str, bool]]:
    """The tile kinds ``player`` may place from storage, each with whether it comes from the
    team's shared storage (2019 team game)."""
    storage = state.ruleset.storage
    if storage is not None:
        return storage.tiles(player)
    return [(tile, False) for tile in _unique(player.storage)]


def depot_tiles(state: GameState, depot: int) -> list[str]:
    """The tile kinds that can be taken from ``depot`` now (0 = the black depot).

    A revealed depot offers what lies on it; an unrevealed one every kind the engine would
    trust to be there (a free space of its colour, a copy left in the supply); then the tiles
    a module lays beside it (the inns), when one lies there.
    """
    stock = [name for name in state.ruleset.stock if depot_offers(state, depot, name) is None]
    if state.revealed[depot]:
        return _unique(state.depots[depot]) + stock
    return [name for name in catalogue() if name not in stock and depot_offers(state, depot, name) is None] + stock


def _placements(state: GameState, seat: int, value: int | None, only: str | None = None,
                ships: list | None = None) -> Iterator[PlaceAction]:
    """Every legal placement of a stored tile on a space showing ``value`` (None: any number),
    each granted chain made as it is read.

    ``only``: just the placements of that tile kind. ``ships``: :func:`ship_choices` of the
    position, when the caller has them.
    """
    return _flat(_placement_nodes(state, seat, value, only, ships))


def _placement_nodes(state: GameState, seat: int, value: int | None, only: str | None = None,
                     ships: list | None = None, only_shared: bool | None = None) -> Iterator[Node]:
    """:func:`_placements` as a tree: each placement granting nothing yet, with what it grants.
    ``only_shared``: just the placements from the team's shared storage (True) or from the
    player's own (False)."""
    player = state.players[seat]
    kinds = catalogue()
    for tile, shared in _stored(state, player):
        if (only is not None and tile != only) or (only_shared is not None and shared != only_shared):
            continue
        kind = kinds[tile]
        spaces = allowed_spaces(state, player, kind, value)
        if ships is None and spaces and kind.type == "ship":  # (the same on every space: asked once)
            ships = ship_choices(state, player)
        if spaces:
            yield from _place_heads(state, seat, tile, list(map(space_name, spaces)), ships, shared)


def _placements_by_value(state: GameState, seat: int) -> dict[int, list[tuple[PlaceAction, Iterable | None]]]:
    """The placements of each die value 1..6 as (placement granting nothing yet, what it may
    grant after it or None), the rules asked once per tile and space: the spaces allowed
    with any number, then, for each value, the rules that look at the value. A granted
    chain is made when first read and kept for the next die value reaching the space."""
    player = state.players[seat]
    kinds = catalogue()
    value_rules = tuple(rule for rule in state.ruleset.placement if rule.uses_value)
    stored = _stored(state, player)
    ships = ship_choices(state, player) if any(kinds[t].type == "ship" for t, _ in stored) else None
    by_value: dict[int, list[tuple[PlaceAction, Iterable | None]]] = {value: [] for value in range(1, 7)}
    for tile, shared in stored:
        kind = kinds[tile]
        for space in allowed_spaces(state, player, kind, None):
            heads = None
            for value in range(1, 7):
                if all(rule.allows(player, kind, space, value) for rule in value_rules):
                    if heads is None:
                        heads = [(head, None if more is None else _Remade(more))
                                 for head, more in _place_heads(state, seat, tile, [space_name(space)], ships, shared)]
                    by_value[value].extend(heads)
    return by_value


def _place_heads(state: GameState, seat: int, tile: str, spaces: list[str], ships: list | None,
                 shared: bool = False) -> list[Node]:
    """Placing ``tile`` (from the team's shared storage: ``shared``) on each of ``spaces``, in
    order: each choice of the tile's own (a ship's goods, the crane's building) as a
    :data:`Node` (the placement granting nothing, and its granted actions as placements, made
    when read, or None when it grants none)."""
    kind = catalogue()[tile]
    if kind.type == "ship":
        choices = ship_choices(state, state.players[seat]) if ships is None else ships
        return [(PlaceAction(tile=tile, space=space, goods=goods, goods2=goods2, keep=keep, shared=shared), None)
                for space in spaces for goods, goods2, keep in choices]
    effects = state.ruleset.effects
    effect = effects.get(tile) or effects[kind.type]
    if effect.copies is not None:  # the 2019 crane: no effect, or each building's it may trigger
        copies = (None, *effect.copies(state))
        return [(head, _granting(state, seat, head, copied_effect(state, tile, effect, copy).grants))
                for space in spaces for copy in copies
                for head in (PlaceAction(tile=tile, space=space, copy=copy, shared=shared),)]
    grant = effect.grants
    bases = (PlaceAction(tile=tile, space=space, shared=shared) for space in spaces)
    if grant is None or not _ready(state, seat, grant):
        return [(base, None) for base in bases]
    return [(base, partial(_granting_variants, state, seat, base, grant)) for base in bases]


def _granting(state: GameState, seat: int, base: PlaceAction,
              grant: Grant | None) -> Callable[[], Iterator[Node]] | None:
    """What makes the placement ``base`` with every action its tile's ``grant`` allows (None:
    it grants none, or none can be used now: :func:`_ready`)."""
    if grant is None or not _ready(state, seat, grant):
        return None
    return partial(_granting_variants, state, seat, base, grant)


def _granting_variants(state: GameState, seat: int, base: PlaceAction, grant: Grant) -> Iterator[Node]:
    """:func:`_granting`'s chains: the tile placed on a branch of ``state``, as the engine does
    (:func:`~burgundy_cli.castles.rules.actions.check_grants_on_branch`), then each granted action
    and each purchase placed with it."""
    scratch = state.branch(seat)
    acting = scratch.players[seat]
    place_tile(scratch, acting, base, locate(scratch, acting, base))
    yield from _under(base, _granted_nodes(scratch, seat, grant))
    yield from _buying_placements(scratch, seat, base, grant)


def _under(base: PlaceAction, nodes: Iterable[Node], buy: BuyCommand | None = None) -> Iterator[Node]:
    """``nodes`` granted by the placement ``base``: each as ``base`` with it as its ``then``
    (and ``buy``, a purchase placed with the granted placement), what it grants likewise."""
    for action, more in nodes:
        yield (base.model_copy(update={"then": action, "buy": buy}),
               None if more is None else partial(_under_made, base, more, buy))


def _under_made(base: PlaceAction, more: Callable[[], Iterator[Node]], buy: BuyCommand | None) -> Iterator[Node]:
    return _under(base, more(), buy)


class _Remade:
    """A placement's granted chain, read flat (:func:`_flat`) by making it again each time it
    is read: every die use reaching the space reads it, and keeping what the first made held
    every continuation of every space at once (2.4 GB for the 852,563 lines of
    ``moves --all`` on ``moves-worst-case-k1.toml``). ``tree``: what makes it (completion
    reads only the branches a typed text reaches)."""

    __slots__ = ("tree",)

    def __init__(self, tree: Callable[[], Iterator[Node]]) -> None:
        self.tree = tree

    def __iter__(self) -> Iterator:
        return _flat(self.tree())


class _Kept:
    """An iterator's items, kept as they are first read, so that it can be read again (and
    again only as far as needed): a granted chain shared by several die uses. ``tree``:
    what made them, when they are the flat reading of a tree (completion reads that)."""

    __slots__ = ("_items", "_kept", "tree")

    def __init__(self, items: Iterator, tree: Callable[[], Iterator[Node]] | None = None) -> None:
        self._items = items
        self._kept: list = []
        self.tree = tree

    def __iter__(self) -> Iterator:
        kept = self._kept
        index = 0
        while True:
            if index < len(kept):
                yield kept[index]
            else:
                item = next(self._items, _END)
                if item is _END:
                    return
                kept.append(item)
                yield item
            index += 1


_END = object()


def _buying_placements(state: GameState, seat: int, base: PlaceAction, grant: Grant) -> Iterator[Node]:
    """2019: placing ``tile`` on ``space``, buying a tile and placing it with the granted action.

    ``state``: after the placement. The engine accepts a purchase inside the placement only
    when the granted placement puts the bought tile into the duchy (docs/rulings.md):
    each purchase the player could make is asked of
    :func:`~burgundy_cli.castles.rules.actions.check_purchase_during` with such a placement.
    """
    if "place" not in grant.kinds:
        return
    space = base.space
    player = state.players[seat]
    thens: dict[tuple[int | None, str, bool, str | None], _Kept] = {}
    buys = purchases(state, seat)
    # (the conditions on buying during an action ask only who buys, the same for each: asked once)
    if not buys or first_refused(DURING, state, player, buys[0]) is not None:
        return
    for buy in buys:
        try:
            check_purchase_during(state, player, buy, PlaceAction(tile=buy.tile, space=space, shared=buy.shared))
        except IllegalMoveError:
            continue
        # the storage the tile went into (shared: 2019 team game) and what it displaced change the placements after
        key = (buy.depot, buy.tile, buy.shared, buy.discard)
        if key not in thens:
            scratch = state.branch(seat)
            apply_purchase(scratch, scratch.players[seat], buy)
            scratch.bought = True
            # the bought tile, placed from where it went (2019 team game)
            nodes = _placement_nodes(scratch, seat, None, buy.tile, only_shared=buy.shared)
            if grant.value is not None:  # a number from a die (2019 white castle): what the workers can pay for
                nodes = _affordable_nodes(scratch, scratch.players[seat], grant, nodes)
            thens[key] = _Kept(nodes)
        yield from _under(base, thens[key], buy)


def sales(state: GameState, seat: int, goods: int) -> list[SellAction]:
    """Selling ``goods``, with every choice of the actions its bonuses grant (2019 trade routes:
    the ruleset's ``grants`` of a sale), each chosen on the state the earlier ones leave; a
    bonus may be declined, so every shorter choice is listed too."""
    sale, more = _sale_head(state, seat, goods)
    return [sale, *(more or ())]


def _sale_head(state: GameState, seat: int, goods: int) -> tuple[SellAction, Iterator[SellAction] | None]:
    """Selling ``goods`` without a bonus action, and the sales with them (made when read; None
    when sales grant none)."""
    sale = SellAction(goods=goods)
    grants = state.ruleset.actions["sell"].grants
    if grants is None:
        return sale, None
    return sale, (SellAction(goods=goods, then=then) for then in _bonus_choices(state, seat, sale, (), grants))


def _bonus_choices(state: GameState, seat: int, sale: SellAction, chosen: tuple, grants,
                   answered: tuple[GameState, list] | None = None) -> Iterator[tuple]:
    """Every way to go on answering ``sale``'s bonuses after the actions ``chosen`` (``answered``:
    ``grants`` of them, when already made). A sale among them brings its bonuses onto the same
    list, never a list of its own (the notation's form). An action with a white castle in its
    chain (:func:`_die_bound_grant`) is carried out before it is listed: the workers an earlier
    action of the chain spent are known only then, and the engine's refusal leaves it out."""
    after, due = grants(state, seat, sale, chosen) if answered is None else answered
    if not due:
        return
    for action in _granted(after, seat, due[0]):
        if holds_sale_bonuses(action):
            continue
        answer = (*chosen, action)
        now = None
        if _die_bound_grant(after, action):
            try:
                now = grants(state, seat, sale, answer)
            except IllegalMoveError:
                continue
        yield answer
        yield from _bonus_choices(state, seat, sale, answer, grants, now)


def granted_placements(state: GameState, seat: int, tile: str) -> list[PlaceAction]:
    """Every placement of the stored ``tile`` with any number, as a granted action places it,
    chains included (the 2019 solo game's completed-colour tile)."""
    return list(_placements(state, seat, None, tile))


def granted_actions(state: GameState, seat: int, grant: Grant) -> list:
    """Every action ``grant`` allows now, chains included (the 2019 solo game's extra action)."""
    return list(_granted(state, seat, grant))


def _granted(state: GameState, seat: int, grant: Grant) -> Iterator:
    """The actions a just-placed tile's ``grant`` allows (``state``: after placing it), made
    as they are read; none when the grant's ``ready`` refuses (:func:`_ready`)."""
    if not _ready(state, seat, grant):
        return iter(())
    return _flat(_granted_nodes(state, seat, grant))


def _granted_nodes(state: GameState, seat: int, grant: Grant) -> Iterator[Node]:
    """:func:`_granted` as a tree, its ``ready`` asked by the caller (:func:`_granted`, or
    :func:`_place_heads` and :func:`_granting` once per placed tile, before its branch)."""
    player = state.players[seat]
    if grant.value is None:
        return _granted_kinds(state, seat, player, grant)
    # a number from a die (2019 white castle): what the workers can pay for
    return _affordable_nodes(state, player, grant, _granted_kinds(state, seat, player, grant))


def _affordable_nodes(state: GameState, player: PlayerState, grant: Grant, nodes: Iterable[Node]) -> Iterator[Node]:
    """The actions of ``nodes`` whose workers the player can pay (:func:`_affordable`), and of what they grant."""
    for action, more in nodes:
        if _affordable(state, player, grant, action):
            yield action, None if more is None else partial(_affordable_made, state, player, grant, more)


def _affordable_made(state: GameState, player: PlayerState, grant: Grant,
                     more: Callable[[], Iterator[Node]]) -> Iterator[Node]:
    return _affordable_nodes(state, player, grant, more())


def _granted_kinds(state: GameState, seat: int, player: PlayerState, grant: Grant) -> Iterator[Node]:
    kinds = catalogue()
    if "take" in grant.kinds:
        discards = _discards(state, player)
        for depot in range(1, 7):
            for tile in depot_tiles(state, depot):
                if take_colour_allows(kinds[tile], grant.colours):
                    for discard, shared in discards:
                        yield TakeAction(tile=tile, depot=depot, discard=discard, shared=shared), None
    if "place" in grant.kinds:
        yield from _placement_nodes(state, seat, None)
    if "sell" in grant.kinds:
        for goods in sorted(player.goods):
            yield from ((sale, None) for sale in sales(state, seat, goods))
    if "workers" in grant.kinds:
        yield _WORKERS, None
    for kind in grant.kinds:
        more = _GRANTED_BY_MODULE.get(kind)
        if more is not None and kind in state.ruleset.actions:
            yield from ((action, None) for action in more(state, player))


def _granted_shields(state: GameState, player: PlayerState) -> list:
    """A castle's extra action taking a shield (shield 11): each shield on a depot onto each castle."""
    from burgundy_cli.castles.rules.commands import ShieldAction

    # (only a holder of shield 11 can have any: the rule below says so, cob.shield.11; this only
    # saves asking it for every shield and castle. modules.shields is not imported here: it
    # imports this module for its own lines' candidates)
    if state.shields is None or 11 not in player.shields.values():
        return []
    kinds = catalogue()
    castles = [space_name(s) for s, t in enumerate(player.duchy) if t is not None and kinds[t].type == "castle"]
    rule = state.ruleset.actions["shield"]
    return [action for action in (ShieldAction(shield=shield, space=space) for depot in state.shields.depots
                                  for shield in depot for space in castles) if _allowed(rule, state, player, action)]


def _allowed(rule, state: GameState, player: PlayerState, action) -> bool:
    """The granted action's own ``ActionRule`` check accepts ``action`` (any number)."""
    try:
        rule.check(state, player, action, None)
    except IllegalMoveError:
        return False
    return True


def _ready(state: GameState, seat: int, grant: Grant) -> bool:
    """No refusal holds for every action of ``grant`` (its ``ready``: the 2019 white castle's
    white die not rolled). Such a refusal depends neither on the action nor on the placement
    granting it, so it is asked once per placed tile, before the tile is placed on a branch:
    none of the grant's actions (nor a purchase placed with one) is made when it refuses."""
    if grant.ready is None:
        return True
    try:
        grant.ready(state, state.players[seat])
    except IllegalMoveError:
        return False
    return True


def _affordable(state: GameState, player: PlayerState, grant: Grant, action) -> bool:
    """The player can pay the workers ``grant.value`` asks for ``action``."""
    try:
        grant.value(state, player, action)
    except IllegalMoveError:
        return False
    return True


#: Granted action kinds a module adds -> f(state, player): its candidate actions, those the
#: kind's ``ActionRule`` check accepts.
_GRANTED_BY_MODULE = {"shield": _granted_shields}


def ship_choices(state: GameState, player: PlayerState) -> list[tuple[int | None, int | None, tuple | None]]:
    """(goods depot, second depot, kept types) for every legal way a ship takes goods.

    The candidates -- no depot; each depot with goods, alone or with a neighbouring depot
    with goods; ``keep`` listing the new types taken, written only when storage cannot hold
    every new type offered -- are those :func:`~burgundy_cli.castles.rules.actions.ship_refusal`
    accepts.
    """
    if state.solo is not None:  # 2019 solo game: no limit on goods types; the game's ship effect judges
        return _ships_checked(state, player)
    held = player.goods.keys()
    free = goods_types_free(state, player)
    depot_goods = state.depot_goods
    candidates: list[tuple[int | None, int | None, tuple | None]] = [(None, None, None)]
    for depot in range(1, 7):
        if not depot_goods[depot]:
            continue
        for second in (None, *(d for d in neighbour_depots(depot) if depot_goods[d])):
            offered = set(depot_goods[depot])
            if second is not None:
                offered.update(depot_goods[second])
            new = sorted(offered - held)
            if len(new) > free > 0:
                candidates.extend((depot, second, keep) for keep in combinations(new, free))
            else:
                candidates.append((depot, second, None))
    return [choice for choice in candidates if ship_refusal(state, player, *choice) is None]


def _ships_checked(state: GameState, player: PlayerState) -> list[tuple[int | None, int | None, None]]:
    """:func:`ship_choices` where the ruleset's ship effect has its own goods rule (the 2019 solo
    game): no depot, each depot, each with a neighbour, as that effect's check accepts them."""
    check = state.ruleset.effects["ship"].check
    choices = []
    for goods, second in [(None, None)] + [(depot, second) for depot in range(1, 7)
                                           for second in (None, *neighbour_depots(depot))]:
        try:
            check(state, player, PlaceAction(tile="ship", space="a1", goods=goods, goods2=second))
        except IllegalMoveError:
            continue
        choices.append((goods, second, None))
    return choices


# --- die actions ------------------------------------------------------------------------------


#: The group key's "tile" of a die set to any number by a module's free change (shield 16).
ANY_NUMBER = -16


def _die_values(player: PlayerState, rolled: int, free: int, any_number: bool = False) -> list[tuple[int, int]]:
    """(value, worker cost) of every value ``rolled`` reaches with the player's workers
    (``any_number``: a module's free change may set it to any number, :func:`engine.free_die`)."""
    reach = []
    for value in range(1, 7):
        cost = 0 if any_number else worker_cost(player, rolled, value, free)
        if workers_suffice(player, cost):
            reach.append((value, cost))
    return reach


def _purchase_workers(action) -> int:
    """Workers a purchase inside the placement ``action`` (or a placement it grants, or one
    among a sale's route bonus actions) pays.

    Placements are listed per die value, before the die's worker cost is known, so a die
    line whose placement chain buys with workers is asked of ``engine.check`` as a whole.
    """
    while isinstance(action, PlaceAction):
        if action.buy is not None:
            return action.buy.pay_workers
        action = action.then
    if isinstance(action, SellAction):  # (a die's sale, or one granted at the chain's end)
        return sum(map(_purchase_workers, action.then or ()))
    return 0


def _die_grant(effects: dict, kinds: dict, place: PlaceAction) -> Grant | None:
    """The grant of the tile ``place`` places (of the building a crane triggers, ``copy``) when
    its action's number comes from a die (:attr:`Grant.value`: a 2019 white castle), else None."""
    name = place.copy or place.tile
    grant = (effects.get(name) or effects[kinds[name].type]).grants
    return grant if grant is not None and grant.value is not None else None


def _die_bound_place(state: GameState, action) -> PlaceAction | None:
    """The first placement of the chain ``action`` taking a granted action whose number comes
    from a die (see :func:`_die_bound_grant`), or None (a sale's bonuses are not looked into)."""
    effects = state.ruleset.effects
    kinds = catalogue()
    while isinstance(action, PlaceAction) and action.then is not None:
        if _die_grant(effects, kinds, action) is not None:
            return action
        action = action.then
    return None


def _die_bound_grant(state: GameState, action) -> bool:
    """A placement in the chain ``action`` (or among a sale's route bonus actions) grants an
    action whose number comes from a die (a 2019 white castle, or a crane triggering one),
    and the chain takes it: listed before the die's worker cost (and an outer white castle's)
    is known, so the line is asked of ``engine.check``. A placement taking no granted action
    (no ``then``) uses no die: the check asks the grant nothing (``check_grants``)."""
    if _die_bound_place(state, action) is not None:
        return True
    while isinstance(action, PlaceAction):  # (the chain's end)
        action = action.then
    if isinstance(action, SellAction):  # (a die's sale, or one granted at the chain's end)
        return any(_die_bound_grant(state, granted) for granted in action.then or ())
    return False


def _die_bound_note(state: GameState, player: PlayerState, action) -> str:
    """``; white die 3 as 4 (1 worker)``: the number and worker cost of a granted action bound to
    a die (a 2019 white castle's, :attr:`Grant.value`) in the placement chain ``action``, for
    the group label; empty for any other line."""
    if not (state.ruleset.modules and isinstance(action, PlaceAction) and _die_bound_grant(state, action)):
        return ""
    effects = state.ruleset.effects
    kinds = catalogue()
    while isinstance(action, PlaceAction) and action.then is not None:
        grant = _die_grant(effects, kinds, action)
        if grant is not None:
            try:
                value, cost = grant.value(state, player, action.then)
            except IllegalMoveError:
                return ""
            change = "" if value == state.white else f" as {value}"
            return f"; white die {state.white}{change} ({cost} worker{'s' if cost != 1 else ''})"
        action = action.then
    return ""


def _die_label(edition: str, player: PlayerState, rolled: int, value: int, cost: int, free: int, tile: int) -> str:
    """``die 5 as 4 (1 worker)``, noting the wrap, tile 8 and the free change of ``tile`` that make it
    cheaper (each asked of the engine's die rules: ``die_steps``, ``round_the_wrap``,
    ``steps_per_worker``, ``worker_cost``); in ``edition``'s words: 2011's ``(1 worker tile)``
    ('Action "Take worker tiles"', tile 8: "per worker tile that he pays")."""
    workers = counted_in(edition, cost, "worker")
    if value == rolled:
        return f"die {rolled} ({workers})"
    if tile == ANY_NUMBER:
        return f"die {rolled} as {value} ({workers}, any number with shield 16)"
    notes = []
    steps = die_steps(rolled, value)
    if round_the_wrap(rolled, value):
        notes.append(f"round the 6-1 wrap, {steps} step{'s' if steps != 1 else ''}")
    per = steps_per_worker(player)
    if per > 1 and cost < steps - free:
        notes.append(f"{per} steps a {WORDS[edition]['worker']} with tile 8")
    if free and worker_cost(player, rolled, value, 0) > cost:
        notes.append(f"free change {free} with tile {tile}")
    return f"die {rolled} as {value} ({workers}{', ' + ', '.join(notes) if notes else ''})"


def _die_moves(state: GameState, seat: int, out: list[tuple[str, object]]) -> None:
    """The die lines of ``seat``, labelled by die use, cheapest first (see the module docstring)."""
    player = state.players[seat]
    for label, uses in _labelled_die_uses(state, seat):
        for rolled, value, head, more in uses:
            for action in (head, *(more or ())):
                command = _die_command(state, player, rolled, value, action)
                if command is not None:
                    out.append((label + _die_bound_note(state, player, action), command))


#: How many granted continuations of one placement (or sale) the grouped listing writes out;
#: with more, it writes the placement once more followed by ``then ...`` (:func:`legal_moves`).
GRANTED_SHOWN = 8
#: What stands for "then any of the granted actions" in a grouped line; after a sale, for
#: any of its trade route bonus actions, which the notation writes with ``bonus``.
MORE = "then ..."
BONUS_MORE = "bonus ..."


def _die_choices(state: GameState, seat: int, out: list[tuple[str, object]]) -> None:
    """:func:`_die_moves` as the grouped listing has them: a placement or sale whose granted
    continuations are more than :data:`GRANTED_SHOWN` is written alone (when declining is
    legal) and as ``<line> then ...``, filed under its die use's label; only as many
    continuations are made as it takes to know that."""
    from burgundy_cli.castles.notation import format_command

    player = state.players[seat]
    for label, uses in _labelled_die_uses(state, seat):
        for rolled, value, head, more in uses:
            command = _die_command(state, player, rolled, value, head)
            if command is not None:
                out.append((label, command))
            if more is None:
                continue
            shown = _few(state, player, rolled, value, more)
            if shown is None:
                head_line = format_command(DieCommand(player=player.name, rolled=rolled,
                                                      value=None if value == rolled else value, action=head))
                out.append((label, f"{head_line} {BONUS_MORE if head.kind == 'sell' else MORE}"))
            else:
                out.extend((label + _die_bound_note(state, player, action), granted) for action, granted in shown)


def _few(state: GameState, player: PlayerState, rolled: int, value: int,
         actions: Iterable) -> list[tuple[object, DieCommand]] | None:
    """The legal lines of die ``rolled`` as ``value`` for ``actions`` (a placement's granted
    continuations) as (action, line), or None when they are more than :data:`GRANTED_SHOWN`
    (only as many are made as it takes to know)."""
    shown = []
    for action in actions:
        granted = _die_command(state, player, rolled, value, action)
        if granted is not None:
            shown.append((action, granted))
            if len(shown) > GRANTED_SHOWN:
                return None
    return shown


def completions(state: GameState, typed: str) -> list[str]:
    """What Tab offers for ``typed`` (casefolded, one space between words, the player's name
    may be left out): the legal lines starting with it, in listing order, except that a
    placement or sale with more than :data:`GRANTED_SHOWN` continuations the typed text has
    not yet reached stands for them as ``<line> then `` (its own line first when declining
    is legal), as the grouped listing writes ``<line> then ...``. Typed up to or past
    ``<line> then``, the continuations are offered the same way, one level further down.

    Made from the same generator as every line: a chain is read only where the typed text
    reaches it, so the first Tab on a position with 850,000 lines costs milliseconds.
    """
    from burgundy_cli.castles.notation import canonical_starts, format_command, reordered_start

    state = state.copy()
    # as typed, and as the canonical lines it may begin (short forms, aliases, a tile name's
    # first word, no colon after a name): what the reader accepts is found as it is typed
    forms = {typed, *canonical_starts(typed)}
    for start in tuple(forms):
        if ":" not in start:
            forms.update(f"{player.name.casefold()}: {start}" for player in state.players)
    # clauses typed in another order than the canonical line's, or with one it writes before
    # them left out ('buy castle workers 2 ' of 'buy castle from 3 workers 2'): the lines of
    # the action they belong to are made, and tested clause by clause
    heads, tests = set(), []
    for start, test in filter(None, map(reordered_start, tuple(forms))):
        if test is None:
            forms.add(start)
        else:
            heads.add(start)
            tests.append(test)
    _, out = _generate(state, partial(_die_completions, forms=tuple(forms | heads)))
    lines = [command if isinstance(command, str) else format_command(command) for _, command in out]
    return [line for line in lines if any(line.casefold().startswith(form) for form in forms)
            or any(test(line) for test in tests)]


def _die_completions(state: GameState, seat: int, out: list[tuple[str, object]], forms: tuple[str, ...]) -> None:
    """:func:`completions`' die lines, as text (``forms``: the typed text, with each player's name before it)."""
    player = state.players[seat]
    for _, uses in _labelled_die_uses(state, seat):
        for rolled, value, head, more in uses:
            tree = getattr(more, "tree", None)
            if more is not None and tree is None:   # a sale's bonuses: a flat list of continuations
                tree = partial(_leaves, more)
            _complete_node(state, player, rolled, value, head, tree, forms, out)


def _leaves(actions: Iterable) -> Iterator[Node]:
    return ((action, None) for action in actions)


def _complete_node(state: GameState, player: PlayerState, rolled: int, value: int, action: object,
                   more: Callable[[], Iterator[Node]] | None, forms: tuple[str, ...], out: list) -> None:
    """The completions among die ``rolled`` as ``value`` for ``action`` and what it grants."""
    from burgundy_cli.castles.notation import format_command

    line = format_command(DieCommand(player=player.name, rolled=rolled,
                                     value=None if value == rolled else value, action=action))
    folded = line.casefold()
    if more is not None and any(form.startswith(f"{folded} ") for form in forms):
        for granted, further in more():     # typed past the line: only what it grants can match
            _complete_node(state, player, rolled, value, granted, further, forms, out)
        return
    if not any(folded.startswith(form) for form in forms):
        return
    if _die_command(state, player, rolled, value, action):
        out.append(("", line))
    if more is not None:
        shown = _few(state, player, rolled, value, _flat(more()))
        out.extend([("", f"{line} {_joiner(player, rolled, value, line, more)} ")] if shown is None else
                   [("", format_command(granted)) for _, granted in shown])


def _joiner(player: PlayerState, rolled: int, value: int, line: str, more: Callable[[], Iterator[Node]]) -> str:
    """The word the continuations of ``line`` go on with, as the notation writes them:
    ``then`` (a granted action) or ``bonus`` (a trade route's bonus after a sale): Tab offers
    ``<line> <word> ``, which the reader takes and Tab then goes on from."""
    from burgundy_cli.castles.notation import format_command

    for action, _ in more():
        text = format_command(DieCommand(player=player.name, rolled=rolled,
                                         value=None if value == rolled else value, action=action))
        if text[len(line):].split()[:1] == ["bonus"]:
            return "bonus"
        break
    return MORE.split()[0]  # (a granted action's, after a purchase placed with it too: '... buy k7 then ...')


def _labelled_die_uses(state: GameState, seat: int) -> Iterator[tuple[str, list[tuple]]]:
    """(group label, die uses) of ``seat`` in listing order: cheapest first, by die."""
    player = state.players[seat]
    for (rolled, cost, value, (free, tile)), uses in sorted(_die_uses(state, seat).items(), key=lambda item: (
            item[0][0], item[0][2] != item[0][0], item[0][1], item[0][2])):
        yield _die_label(state.edition, player, rolled, value, cost, free, tile), uses


def _die_command(state: GameState, player: PlayerState, rolled: int, value: int, action) -> DieCommand | None:
    """The line using die ``rolled`` as ``value`` for ``action``, or None when the engine refuses
    it: a purchase or a white castle's action inside paying workers the die (or another) spent."""
    command = DieCommand(player=player.name, rolled=rolled, value=None if value == rolled else value, action=action)
    if not settled_chain(state, action) and not _accepted(state, command):
        return None
    return command


def settled_chain(state: GameState, action, spent: bool = True) -> bool:
    """The action chain ``action``, as the generator makes it, is legal without asking
    ``engine.check``: no purchase in it pays workers (:func:`_purchase_workers`) and no
    granted action takes its number from a die (:func:`_die_bound_grant`), whose costs are
    known only once the line is carried out. ``spent``: the line may spend workers before
    the chain (a die's change); a line that spends none (a shield's phase-end placement) is
    also settled with one die-bound grant in a chain of placements, the first: the generator
    asked its ``value`` on the state the check asks it on, with no workers spent before it."""
    if not isinstance(action, _CHAINS):  # (a take or workers: no chain)
        return True
    # one walk down the chain's placements for both (every listed line asks this)
    effects = state.ruleset.effects
    kinds = catalogue()
    bound = 0 if spent else 1  # the die-bound grants the chain may still take
    bought = False  # (only the first purchase's workers count: :func:`_purchase_workers`)
    while isinstance(action, PlaceAction):
        if not bought and action.buy is not None:
            if action.buy.pay_workers:
                return False
            bought = True
        if action.then is not None and _die_grant(effects, kinds, action) is not None:
            if not bound:
                return False
            bound = 0
        action = action.then
    if not isinstance(action, SellAction):  # (the chain's end: a sale's route bonus actions are looked into)
        return True
    return not ((not bought and _purchase_workers(action)) or any(_die_bound_grant(state, granted)
                                                                 for granted in action.then))


#: The actions that may hold a chain (what :func:`settled_chain` looks into).
_CHAINS = (PlaceAction, SellAction)


def _die_uses(state: GameState, seat: int) -> dict[tuple[int, int, int, tuple[int, int]], list[tuple]]:
    """Every die use of ``seat`` as (die rolled, value, action granting nothing yet, what it may
    grant after it or None), filed under (die rolled, worker cost, value, (free change,
    knowledge tile giving it))."""
    player = state.players[seat]
    options = state.options
    kinds = catalogue()
    free_take = free_steps(player, FREE_CHANGE_TILE["take"], options)
    groups: dict[tuple[int, int, int, tuple[int, int]], list] = {}
    plain_cost = {(rolled, value): worker_cost(player, rolled, value, 0) for rolled in player.dice
                  for value in range(1, 7)}
    any_number = free_die(state, player)

    def filed(rolled: int, value: int, cost: int, free: tuple[int, int]) -> list:
        """The die uses filed under the key of die ``rolled`` as ``value`` at ``cost`` with the free
        change ``free``; a free change that saves nothing is no distinction."""
        key = free if cost < plain_cost[rolled, value] else (0, 0)
        if any_number and value != rolled and worker_cost(player, rolled, value, free[0]):
            key = (0, ANY_NUMBER)
        return groups.setdefault((rolled, cost, value, key), [])

    def add(rolled: int, value: int, cost: int, free: tuple[int, int], action, more: Iterable | None = None) -> None:
        """File ``action`` (and what it leads to, ``more``) under its die use."""
        filed(rolled, value, cost, free).append((rolled, value, action, more))

    stored = _stored(state, player)
    by_value = _placements_by_value(state, seat) if stored else {}
    discards = _discards(state, player)
    offered: dict[int, list[TakeAction]] = {}  # depot -> its takes, asked once for every die reaching it
    for rolled in sorted(set(player.dice)):
        for value, cost in _die_values(player, rolled, 0, any_number):
            add(rolled, value, cost, (0, 0), _WORKERS)
            if value in player.goods:
                add(rolled, value, cost, (0, 0), *_sale_head(state, seat, value))
        for value, cost in _die_values(player, rolled, free_take, any_number):
            takes = offered.get(value)
            if takes is None:
                takes = offered[value] = [TakeAction(tile=tile, discard=discard, shared=shared)
                                          for tile in depot_tiles(state, value) for discard, shared in discards]
            filed(rolled, value, cost, (free_take, FREE_CHANGE_TILE["take"])).extend(
                (rolled, value, take, None) for take in takes)
        for colour in _unique(kinds[t].colour for t, _ in stored):
            tile = FREE_CHANGE_TILE[colour]
            free = free_steps(player, tile, options)
            for value, cost in _die_values(player, rolled, free, any_number):
                for place, more in by_value[value]:
                    if kinds[place.tile].colour == colour:
                        add(rolled, value, cost, (free, tile), place, more)
    return groups


def _accepted(state: GameState, command) -> bool:
    """``engine.check`` accepts ``command``."""
    try:
        check(state, command)
    except IllegalMoveError:
        return False
    return True


# --- purchases and pass -----------------------------------------------------------------------


def purchases(state: GameState, seat: int) -> list[BuyCommand]:
    """Purchases ``seat`` may make: each depot and payment :data:`~burgundy_cli.castles.rules.actions.PAYMENT`
    allows, each tile the depot offers, each discard the storage rule accepts."""
    player = state.players[seat]
    paid = [(depot, pay) for depot in range(7) for pay in (0, 2, 1)
            if payment_refusal(state, player, depot, pay) is None]
    if not paid:
        return []
    discards = _discards(state, player)
    tiles = {depot: depot_tiles(state, depot) for depot in dict.fromkeys(depot for depot, _ in paid)}
    return [BuyCommand(player=player.name, tile=tile, depot=depot or None, discard=discard, pay_workers=pay,
                       shared=shared)
            for depot in tiles for tile in tiles[depot] for discard, shared in discards
            for pay in (pay for known, pay in paid if known == depot)]


def _buys(state: GameState, seat: int, label: str, out: list[tuple[str, object]]) -> None:
    """The purchase lines open to ``seat``, labelled by depot and payment."""
    tile_6 = f"{WORDS[state.edition]['knowledge tile']} 6"
    for buy in purchases(state, seat):
        depot, pay = buy.depot, buy.pay_workers
        where = "black depot" if depot is None else f"depot {depot} ({tile_6})"
        workers = counted_in(state.edition, pay, "worker")
        silver = WORDS[state.edition]["silver"]  # (2011 "2 silverlings"; paying workers is 2019's tile 6)
        paid = {0: f"2 {silver}", 1: f"1 {silver} + {workers}", 2: workers}[pay]
        out.append((f"{label}{where}, {paid}", buy))


def _late_purchases(state: GameState, seat: int, out: list[tuple[str, object]]) -> str | None:
    """The purchases still open to the player who moved last (the late buyer), not ``seat``,
    added to ``out``; that player's name if there are any."""
    late = state.late_buyer
    if late < 0 or late == seat:
        return None
    label = f"{state.players[late].name} may still buy: "
    before = len(out)
    _buys(state, late, label, out)
    _module_lines(state, late, label, out, purchases=True)
    return state.players[late].name if len(out) > before else None


def late_buyer_can_buy(state: GameState) -> bool:
    """The player who moved last has a purchase still open that the referee accepts (the
    prompt says "may still buy" only then: not to a player without the silverlings)."""
    return _late_purchases(state, state.to_move(), []) is not None


def _generate(state: GameState, die_moves=_die_moves, grouped: bool = False, out=None
              ) -> tuple[str | None, Any]:
    """(player to move, ``out`` with every (group label, command) added in listing order: a
    new list, or a :class:`_Lines` that keeps their text); ``die_moves``: the die lines' part
    (:func:`_die_moves`, or :func:`_die_choices` for the grouped listing, which gives some
    lines as text, as ``grouped`` has :func:`_anyone_lines` do)."""
    if out is None:
        out = []
    seat = state.to_move()
    buyer = _late_purchases(state, seat, out)
    if seat < 0:  # no one to move: a late buyer's purchases, and lines any player may say meanwhile
        _anyone_lines(state, out, grouped)
        return buyer, out
    moving = expected(state).kind == "player"  # (else a module's table line comes first: the solo game's removal)
    if moving:
        die_moves(state, seat, out)
    _module_lines(state, seat, "", out, purchases=False)
    if not bought_this_turn(state, seat):
        _buys(state, seat, "buy: ", out)
    _module_lines(state, seat, "", out, purchases=True)
    _anyone_lines(state, out, grouped)
    if moving:
        out.append(("pass", PassCommand(player=state.players[seat].name)))
    return state.players[seat].name, out


def _module_lines(state: GameState, seat: int, prefix: str, out: list[tuple[str, object]], purchases: bool) -> None:
    """The candidates of the modules' line kinds for ``seat`` that ``engine.check`` accepts:
    their purchases (``LineRule.who == "buyer"``, listed after the buys) or their other lines."""
    for line in state.ruleset.lines.values():
        if line.candidates is not None and not line.anyone and (line.who == "buyer") == purchases:
            out.extend((prefix + _line_label(state, seat, label, command), command)
                       for label, command in line.candidates(state, seat) if _accepted(state, command))


def _anyone_lines(state: GameState, out: list[tuple[str, object]], grouped: bool = False) -> None:
    """The candidates of the modules' lines any player may say outside their turn
    (``LineRule.anyone``: shield 6's choice, shields 14/15's tile at a phase end, the shields'
    tribute) that ``engine.check`` accepts, for every player, the one to move first.
    ``grouped``: for the grouped listing, a player's lines of a kind with a ``shorten`` are
    written by it when they are more than :data:`GRANTED_SHOWN`."""
    over = state.stage == "over"  # (then only the lines said after the end: engine.said_after_the_end)
    lines = [line for line in state.ruleset.lines.values()
             if line.anyone and line.candidates is not None and (line.after_end or not over)]
    if not lines:
        return
    seats = range(len(state.players))
    mover = state.to_move()
    for seat in sorted(seats, key=lambda s: s != mover):
        for line in lines:
            accepted = [(label, command) for label, command in line.candidates(state, seat)
                        if _line_accepted(state, line, command)]
            if grouped and line.shorten is not None and len(accepted) > GRANTED_SHOWN:
                from burgundy_cli.castles.notation import format_command

                label = accepted[0][0]
                accepted = [(label, text) for text in line.shorten([format_command(c) for _, c in accepted])]
            out.extend(accepted)


def open_notes(state: GameState) -> list[str]:
    """For the prompt while no one is to move: each player who may still say a module's line
    that has an ``open_note`` (``LineRule.open_note``), as ``Anna may still place a tile with
    shield 14 or 15``, a candidate accepted as :func:`_anyone_lines` accepts it
    (:func:`_line_accepted`)."""
    notes = []
    for line in state.ruleset.lines.values():
        if line.open_note is None or line.candidates is None:
            continue
        for seat, player in enumerate(state.players):
            if any(_line_accepted(state, line, command) for _, command in line.candidates(state, seat)):
                notes.append(f"{player.name} {line.open_note}")
    return notes


def _line_accepted(state: GameState, line: LineRule, command) -> bool:
    """A module line's candidate is legal: settled as it was made (``LineRule.settled``), or
    accepted by ``engine.check``."""
    return (line.settled is not None and line.settled(state, command)) or _accepted(state, command)


def _line_label(state: GameState, seat: int, label: str, command) -> str:
    """A module line's group label, with the workers it costs when it spends both dice as doubles."""
    dice = getattr(command, "dice", None)
    if dice is None:
        return label
    player = state.players[seat]
    value = dice[0] if command.value is None else command.value
    cost = sum(worker_cost(player, die, value) for die in dice)
    return f"{label}, {cost} worker{'s' if cost != 1 else ''}"


def legal_commands(state: GameState) -> list:
    """Every legal command for the player to move (and a purchase still open to the last mover).

    Empty outside a turn (a roll or the phase setup is due, or the game is over) unless the
    player who just used their last die may still buy.
    """
    return [command for _, command in _generate(state)[1]]


def legal_moves(state: GameState) -> MoveList:
    """The legal lines in canonical notation, grouped by die value and worker cost.

    ``choices`` (what ``burgundy moves`` prints) is made first and alone: a placement's
    granted chains are made only as far as :data:`GRANTED_SHOWN` needs, so a position with
    hundreds of thousands of lines lists in milliseconds. ``groups`` (every line,
    :func:`legal_commands` in notation: ``--all``, ``--json``, completion) is made when
    first asked for. ``choices`` is exactly :func:`grouped` of ``groups``.
    """
    state = state.copy()  # the session's may change before a listing is read
    seat = state.to_move()
    player = state.players[seat].name if seat >= 0 else _late_purchases(state, seat, [])  # a late buyer, or no one
    return MoveList(player=player, every=lambda: _generate(state, out=_Lines())[1].groups,
                    grouped=lambda: {label: spaces_together(lines) for label, lines
                                     in _generate(state, _die_choices, grouped=True, out=_Lines())[1].groups.items()},
                    completing=partial(completions, state), notes=GROUPING_NOTES)


#: What the grouped listing's shorthand means (:func:`spaces_together`, the granted actions
#: shortened, the shields' tribute), said under it when it is used.
GROUPING_NOTES = (("|", "c3|d4: any one of those spaces"),
                  (" then ...", "then ...: one of the many actions the tile grants"),
                  (" bonus ...", "bonus ...: one of the many actions the sale's route bonuses grant"),
                  (" tribute drop ...", "tribute drop ... and tribute workers ...: any shields given up, workers paid"))


class _Lines:
    """A listing's lines in canonical notation, by group label, each written as the move
    generator adds it (``append``/``extend`` of (label, command or text), as to a list): a
    position with 150,000 legal lines (``moves --all``) holds their text, never their
    150,000 commands as well."""

    def __init__(self) -> None:
        from burgundy_cli.castles.notation import format_command

        self._format = format_command
        self.groups: dict[str, list[str]] = {}
        self._count = 0

    def append(self, move: tuple[str, object]) -> None:
        label, command = move
        self.groups.setdefault(label, []).append(command if isinstance(command, str) else self._format(command))
        self._count += 1

    def extend(self, moves: Iterable[tuple[str, object]]) -> None:
        for move in moves:
            self.append(move)

    def __len__(self) -> int:
        return self._count


@cache
def _space_word() -> re.Pattern:
    """A word of a line that is a space's name, with the blank before it (the line is read with
    one put in front): one alternative per first letter, so the pattern engine tries a few
    letters at each blank, not each of the 37 names (letters and digits: nothing to escape)."""
    rows: dict[str, str] = {}
    for name in SPACE_IDS:
        rows[name[:-1]] = rows.get(name[:-1], "") + name[-1]
    names = "|".join(f"{head}[{tails}]" for head, tails in rows.items())
    return re.compile(f" ({names})(?![^ ])")


def spaces_together(lines: list[str]) -> list[str]:
    """``lines`` with those that differ only in one space written as one line, the spaces
    joined by ``|`` in board order (a1 ... g4, so the result depends only on which lines
    there are, not on their order): ``place 3 castle c3|d4|e5``.

    Applied again as long as it merges, so a placed tile whose granted placement may go to
    several spaces, on each of several spaces of its own, becomes one line
    (``place 6 city-hall c3|d4 then place 2 castle e5|f2``) when the granted spaces are the
    same for each. A line that can be typed is never changed: a line with one space stays.
    """
    # each row: (the line, the text around its spaces, their names, the one it is merged by
    # next, last first (-1: none), and what it is merged by: the line but that space). A line
    # is cut at its spaces once, by the pattern engine; a merged name (``c3|d4``) is no
    # space, so the next pass merges on the space before it
    cut = _space_word().split
    rows = []
    for line in lines:
        parts = cut(" " + line)
        if len(parts) == 1:  # (names no space)
            rows.append((line, (), [], -1, line))
        else:
            rows.append(_row(line, tuple(parts[::2]), parts[1::2], len(parts) // 2 - 1))
    while True:
        merged: dict[object, list[tuple]] = {}
        for row in rows:
            same = merged.get(row[4])
            if same is None:
                merged[row[4]] = [row]
            else:
                same.append(row)
        if len(merged) == len(rows):
            return [row[0] for row in rows]
        rows = []
        for same in merged.values():
            row = same[0]
            at = row[3]
            if len(same) > 1 and at >= 0:
                word = "|".join(sorted({space for other in same for space in other[2][at].split("|")},
                                       key=SPACE_IDS.get))
                texts, names = row[1], row[2].copy()
                names[at] = word
                line = "".join([text + " " + name for text, name in zip(texts, names)]) + texts[-1]
                row = _row(line[1:], texts, names, at if word in SPACE_IDS else at - 1)
            rows.append(row)


def _row(line: str, texts: tuple[str, ...], names: list[str], at: int) -> tuple:
    """:func:`spaces_together`'s row of ``line``: merged by its text and names but the name at ``at``."""
    if at < 0:
        return line, texts, names, at, line
    return line, texts, names, at, (texts, tuple(names[:at]), tuple(names[at + 1:]))
