"""The four actions (take, place, sell, workers) and what a placed tile does.

Each action has a ``check_*`` (pure: raises :class:`IllegalMoveError`, changes nothing)
and an ``apply_*`` (changes the state in place, trusts that the check passed). The
immediate effect of a placed tile is looked up in the game's ruleset (base game:
:data:`EFFECTS`) by tile kind, then by tile type, so an expansion module (white castles,
crane, geese, inns...) adds entries there instead of touching the engine; the base game's
phase-end payouts are :data:`PHASE_END` (see :mod:`burgundy_cli.castles.modules`).

An action is *die-bound* when a die (or a white castle) gives its value; the extra
actions of castles and buildings pass ``value=None`` ("any number").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from burgundy_cli.castles.boards import SPACE_IDS, depot_spaces, space_id, space_name
from burgundy_cli.castles.commands import BuyCommand, PlaceAction, SellAction, TakeAction
from burgundy_cli.castles.rules import RULES
from burgundy_cli.castles.state import PHASES, GameState, PlayerState
from burgundy_cli.castles.tiles import COLOUR_NAME, PHASE_BONUS, bonus_vp, catalogue, sale_vp
from burgundy_cli.core.errors import IllegalMoveError

STORAGE = 3
GOODS_TYPES = 3


def illegal(rule_id: str, message: str, hint: str | None = None) -> IllegalMoveError:
    """An :class:`IllegalMoveError` for the registered rule ``rule_id``."""
    return IllegalMoveError(RULES[rule_id], message, hint=hint)


# --- take -------------------------------------------------------------------------------------


def depot_offers(state: GameState, depot: int, tile: str) -> str | None:
    """Why ``tile`` cannot be taken from ``depot`` now, or None when it can.

    A revealed depot must hold the tile. An unrevealed one (the record left its reveal
    out) is trusted to hold it as long as one of its spaces has the tile's colour and has
    not been emptied already this phase, and the supply still has such a tile.
    """
    if state.revealed[depot]:
        if tile in state.depots[depot]:
            return None
        lying = ", ".join(state.depots[depot]) or "nothing"
        return f"depot {depot} holds {lying}" if depot else f"the black depot holds {lying}"
    colours = depot_spaces(state.player_count, state.phase)[depot]
    colour = "X" if depot == 0 else catalogue()[tile].colour
    if state.taken[depot].count(colour) >= colours.count(colour):
        where = f"depot {depot}" if depot else "the black depot"
        return f"{where} has no {COLOUR_NAME.get(colour, 'black-backed')} space left this phase"
    if state.supply[tile][1 if depot == 0 else 0] <= 0:
        return f"no {tile} with a {'black' if depot == 0 else 'coloured'} back is left in the supply"
    return None


def check_storage(player: PlayerState, discard: str | None) -> None:
    """A tile can go into storage: a free space, or ``discard`` names a stored tile of a full storage."""
    if len(player.storage) >= STORAGE:
        if discard is None:
            raise illegal("cob.storage.full", f"{player.name}'s storage is full ({', '.join(player.storage)})",
                          "name the stored tile to discard")
        if discard not in player.storage:
            raise illegal("cob.storage.discard", f"{player.name} has no {discard} in storage",
                          f"stored: {', '.join(player.storage)}")
    elif discard is not None:
        raise illegal("cob.storage.discard", f"{player.name}'s storage has a free space; nothing is discarded",
                      "leave out the discard")


def check_take(state: GameState, player: PlayerState, action: TakeAction, depot: int,
               colours: str | None = None) -> None:
    """Taking ``action.tile`` from ``depot`` into storage is legal (``colours``: allowed tile colours)."""
    tile = action.tile
    kind = catalogue().get(tile)
    if kind is None:
        raise illegal("cob.take.depot", f"there is no tile called '{tile}'")
    if colours is not None and kind.colour not in colours:
        raise illegal("cob.building.take", f"this building cannot take a {tile}",
                      "carpenter's workshop: a building; church: mine, knowledge or castle; market: ship or animal")
    if not (state.revealed[depot] and tile in state.depots[depot]):  # else it lies there: no call
        reason = depot_offers(state, depot, tile)
        if reason is not None:
            raise illegal("cob.take.depot", f"no {tile} to take from depot {depot}", reason)
    discard = action.discard
    if discard is not None or len(player.storage) >= STORAGE:  # else a free space: no call
        check_storage(player, discard)


def take_from_depot(state: GameState, depot: int, tile: str) -> None:
    """Remove ``tile`` from ``depot`` (or account for it in the supply if the depot was not revealed)."""
    if state.revealed[depot]:
        state.depots[depot].remove(tile)
        return
    state.taken[depot].append("X" if depot == 0 else catalogue()[tile].colour)
    state.draw(tile, depot == 0)
    where = f"depot {depot}" if depot else "the black depot"
    note = (f"phase {PHASES[state.phase]}: {where} was not revealed in the record; takes from it were trusted "
            "(die value, depot space colours and tile counts checked)")
    if note not in state.skipped:
        state.skipped.append(note)


def store(state: GameState, player: PlayerState, tile: str, discard: str | None) -> None:
    if discard is not None:
        player.storage.remove(discard)
        state.removed.append(discard)
    player.storage.append(tile)


def apply_take(state: GameState, player: PlayerState, action: TakeAction, depot: int) -> None:
    tile = action.tile
    take_from_depot(state, depot, tile)
    store(state, player, tile, action.discard)


# --- the black-depot purchase ---------------------------------------------------------------------


def check_purchase(state: GameState, player: PlayerState, cmd: BuyCommand, bought: bool) -> None:
    """``player`` may buy ``cmd.tile`` now (``bought``: they have bought this turn already)."""
    if bought:
        raise illegal("cob.buy.once", f"{player.name} has already bought a tile this turn")
    if cmd.tile not in catalogue():
        raise illegal("cob.buy.depot", f"there is no tile called '{cmd.tile}'")
    k6 = 6 in player.knowledge
    depot = cmd.depot or 0
    if depot and not k6:
        raise illegal("cob.buy.depot", "purchases come from the black depot",
                      "knowledge tile 6 allows buying from the numbered depots")
    if cmd.pay_workers:
        if not (k6 and state.edition == "2019"):
            raise illegal("cob.buy.silver", "a purchase is paid with 2 silverlings",
                          "the 2019 knowledge tile 6 allows paying with 2 workers")
        if cmd.pay_workers == 1 and not state.options.k6_mixed:
            raise illegal("cob.buy.silver", "knowledge tile 6 pays 2 workers instead of 2 silverlings, not a mix",
                          "option k6-mixed-payment allows 1 silverling + 1 worker")
    silver, workers = 2 - cmd.pay_workers, cmd.pay_workers
    if player.silver < silver:
        raise illegal("cob.buy.silver", f"a purchase costs {silver} silverling{'s' if silver != 1 else ''}",
                      f"{player.name} has {player.silver}")
    if player.workers < workers:
        raise illegal("cob.buy.silver", f"paying with workers needs {workers}",
                      f"needs {workers} workers, {player.name} has {player.workers}")
    reason = depot_offers(state, depot, cmd.tile)
    if reason is not None:
        raise illegal("cob.take.depot" if depot else "cob.buy.depot", f"no {cmd.tile} to buy", reason)
    check_storage(player, cmd.discard)


def apply_purchase(state: GameState, player: PlayerState, cmd: BuyCommand) -> None:
    """Pay and take the tile into storage (the caller marks the turn's purchase as made)."""
    player.silver -= 2 - cmd.pay_workers
    player.workers -= cmd.pay_workers
    take_from_depot(state, cmd.depot or 0, cmd.tile)
    store(state, player, cmd.tile, cmd.discard)


#: The hint for a purchase that belongs on its own line.
OWN_LINE = "write the purchase as its own `buy` line before or after the action"


def _check_purchase_during(state: GameState, player: PlayerState, cmd: BuyCommand, then) -> None:
    """2019: a purchase during an action, between a placement and the action it grants.

    ``state``: after the placement. Written inside the placement only when that makes a
    difference no purchase line could make: the granted action (``then``) places the bought
    tile, which the player did not already store. Any other purchase during the action
    reaches exactly what a ``buy`` line after the action reaches (the placement only frees
    a storage space and scores; a granted take, sale or worker action does not need the
    purchase), so it is refused and each move keeps one spelling (docs/rulings.md).
    """
    if state.edition != "2019":
        raise illegal("cob.buy.during", "in the 2011 rules the purchase comes before, between or after the "
                      "dice actions, not during one", OWN_LINE)
    if cmd.player != player.name:
        raise illegal("cob.buy.during", f"{player.name} is acting; {cmd.player} cannot buy now")
    check_purchase(state, player, cmd, state.bought)
    if not isinstance(then, PlaceAction) or then.tile != cmd.tile:
        granted = "grants no further action" if then is None else f"grants a {then.kind} action"
        raise illegal("cob.buy.during-use", f"a purchase during this placement makes no difference: it "
                      f"{granted}, not the placement of the bought {cmd.tile}", OWN_LINE)
    if cmd.tile in player.storage:
        raise illegal("cob.buy.during-use", f"{player.name} already stores a {cmd.tile} for the granted "
                      "placement to place", OWN_LINE)


# --- sell and workers ---------------------------------------------------------------------------


def check_sell(player: PlayerState, goods: int) -> None:
    if not player.goods.get(goods):
        held = ", ".join(f"{count}x{kind}" for kind, count in sorted(player.goods.items())) or "none"
        raise illegal("cob.sell.none", f"{player.name} has no goods of type {goods} to sell", f"goods held: {held}")


def apply_sell(state: GameState, player: PlayerState, goods: int) -> None:
    count = player.goods.pop(goods)
    player.sold[goods] += count
    player.silver += 2 if 3 in player.knowledge else 1
    if 4 in player.knowledge:
        player.workers += 1
    player.add_vp("goods-sold", count * sale_vp(state.player_count))


def apply_workers(player: PlayerState) -> None:
    player.workers += 4 if 14 in player.knowledge else 2
    if 13 in player.knowledge:
        player.silver += 1


# --- place --------------------------------------------------------------------------------------


def check_place(state: GameState, player: PlayerState, action: PlaceAction, value: int | None,
                spent: int = 0) -> None:
    """Placing ``action.tile`` on ``action.space`` is legal, with its effect's choices.

    ``value``: the die value the space must show, or None for "any number" (castle, city hall).
    ``spent``: workers the die paid for this action, already gone when a purchase inside it
    pays workers.
    """
    effect = check_placement(state, player, action, value)
    if action.then is not None or action.buy is not None:
        seat = state.players.index(player)
        scratch = state.branch(seat)
        acting = scratch.players[seat]
        acting.workers -= spent
        place_and_check_grants(scratch, acting, action, effect)


def check_placement(state: GameState, player: PlayerState, action: PlaceAction, value: int | None,
                    spent: int = 0) -> Effect:
    """:func:`check_place` up to the placement: all but the purchase made inside it and the
    granted action, which are checked on the state after placing (where ``spent`` matters:
    it is taken for the same call as :func:`check_place`). Returns the tile's effect."""
    tile = action.tile
    if tile not in player.storage:
        raise illegal("cob.place.stored", f"{player.name} has no {tile} in storage",
                      f"stored: {', '.join(player.storage) or 'nothing'}")
    board = player.board
    name = action.space
    space = SPACE_IDS.get(name)
    if space is None:
        space = space_id(name)
    if space is None:
        raise illegal("cob.place.space", f"a duchy has no space {action.space}", "rows a-g have 4, 5, 6, 7, 6, 5, 4 spaces")
    duchy = player.duchy
    if duchy[space] is not None:
        raise illegal("cob.place.empty", f"{action.space} already holds {duchy[space]}")
    kind = catalogue()[tile]
    if board.colour[space] != kind.colour:
        raise illegal("cob.place.colour", f"{action.space} is {COLOUR_NAME[board.colour[space]]}, "
                      f"{tile} is {COLOUR_NAME[kind.colour]}", _open_spaces(player, kind.colour, value))
    if value is not None and board.die[space] != value:
        raise illegal("cob.die.value", f"{action.space} shows {board.die[space]}, the die is used as {value}",
                      f"use the die as {board.die[space]}")
    if not any(board.neighbour_tiles[space](duchy)):  # tile names are never empty
        raise illegal("cob.place.adjacent", f"{action.space} is not next to a placed tile",
                      _open_spaces(player, kind.colour, value))
    tile_type = kind.type
    if tile_type == "building" and 1 not in player.knowledge:
        for other in board.area_of[space]:
            if duchy[other] == tile:
                raise illegal("cob.place.city-once", f"this city already has a {tile} (on {space_name(other)})",
                              "knowledge tile 1 lifts this limit")
    effects = state.ruleset.effects
    effect = effects.get(tile) or effects[tile_type]
    if tile_type != "ship" and (action.goods is not None or action.goods2 is not None or action.keep is not None):
        raise illegal("cob.effect.none", f"only a ship takes goods; {tile} does not")
    if effect.check is not None:
        effect.check(state, player, action)
    if effect.then is None and action.then is not None:
        raise illegal("cob.effect.none", f"placing {tile} grants no further action")
    return effect


def effect_of(state: GameState, tile: str) -> Effect:
    """What placing ``tile`` does under the game's ruleset: its own entry, else its type's."""
    effects = state.ruleset.effects
    return effects.get(tile) or effects[catalogue()[tile].type]


def place_and_check_grants(state: GameState, player: PlayerState, action: PlaceAction, effect: Effect) -> None:
    """Place the tile (checked by :func:`check_placement`), check and make the purchase inside
    the placement, and check the granted action on the result (it is not carried out).

    ``state`` is changed: :func:`check_place` passes a branch; ``engine.play`` its own state,
    which it restores when this raises.
    """
    apply_place_tile(state, player, action)
    buy = action.buy
    if buy is not None:
        _check_purchase_during(state, player, buy, action.then)
        state.bought = True
        apply_purchase(state, player, buy)
    if action.then is not None:
        effect.then(state, player, action.then)


def _open_spaces(player: PlayerState, colour: str, value: int | None) -> str:
    """A hint naming the spaces where a tile of ``colour`` could go with ``value`` (None: any)."""
    board, duchy = player.board, player.duchy
    spaces = [space_name(s) for s in board.colour_spaces[colour]
              if duchy[s] is None and (value is None or board.die[s] == value)
              and any(duchy[n] is not None for n in board.neighbours[s])]
    number = "" if value is None else f" showing {value}"
    if not spaces:
        return f"no empty {COLOUR_NAME[colour]} space{number} lies next to {player.name}'s tiles"
    return f"empty {COLOUR_NAME[colour]} spaces{number} next to {player.name}'s tiles: {', '.join(spaces)}"


def apply_place(state: GameState, player: PlayerState, action: PlaceAction) -> None:
    """Place the tile, score what it completes, then carry out its effect (and ``then``)."""
    apply_place_tile(state, player, action)
    buy = action.buy
    if buy is not None:
        state.bought = True
        apply_purchase(state, player, buy)
    then = action.then
    if then is not None:
        apply_action(state, player, then, None)


def apply_place_tile(state: GameState, player: PlayerState, action: PlaceAction) -> None:
    """Everything a placement does except the granted ``then`` action."""
    tile, name = action.tile, action.space
    space = SPACE_IDS.get(name)
    if space is None:
        space = space_id(name)
    player.storage.remove(tile)
    player.duchy[space] = tile
    kind = catalogue()[tile]
    if kind.number is not None:
        player.knowledge.add(kind.number)
    score_completion(state, player, space)
    effects = state.ruleset.effects
    effect = effects.get(tile) or effects[kind.type]
    if effect.apply is not None:
        effect.apply(state, player, action, space)


def score_completion(state: GameState, player: PlayerState, space: int) -> None:
    """Score an area the placement completed (size + phase bonus) and a colour completed (bonus tile)."""
    board, duchy = player.board, player.duchy
    if None in board.area_tiles[space](duchy):
        return  # the area is open, so is the colour (an area is spaces of one colour)
    vp = player.vp  # PlayerState.add_vp written out: both amounts are never 0
    vp["areas"] = vp.get("areas", 0) + board.area_points[space]
    vp["area-phase-bonus"] = vp.get("area-phase-bonus", 0) + PHASE_BONUS[state.phase]
    colour = board.colour[space]
    taken = state.bonus_taken.get(colour, 0)
    if taken < 2 and None not in board.colour_tiles[space](duchy):
        state.bonus_taken[colour] = taken + 1
        player.bonuses.append(f"{colour}-{'small' if taken else 'large'}")
        player.add_vp("colour-bonus", bonus_vp(state.player_count, not taken))


def check_action(state: GameState, player: PlayerState, action, value: int | None, spent: int = 0) -> None:
    """An action granted with ``value`` (None = any number, as for a castle) is legal.

    ``spent``: the workers a die paid to reach ``value`` (see :func:`check_place`).
    """
    kind = action.kind
    if kind == "take":
        if value is None and action.depot is None:
            raise illegal("cob.take.depot", "an extra action's take must name its depot", "add 'from <depot>'")
        check_take(state, player, action, action.depot if value is None else value)
    elif kind == "place":
        check_place(state, player, action, value, spent)
    elif kind == "sell":
        check_sell(player, action.goods)


def apply_action(state: GameState, player: PlayerState, action, value: int | None, kind: str | None = None) -> None:
    """Carry out ``action`` (trusted); a take by die uses ``value`` as its depot. ``kind``:
    the action's kind when the caller has read it already."""
    if kind is None:
        kind = action.kind
    if kind == "place":
        apply_place(state, player, action)
    elif kind == "take":
        depot = action.depot
        apply_take(state, player, action, value if depot is None else depot)
    elif kind == "sell":
        apply_sell(state, player, action.goods)
    else:
        apply_workers(player)


# --- effects of placed tiles ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """What placing a tile does at once.

    ``check(state, player, place_action)``: the effect's own choices are legal (ship goods).
    ``apply(state, player, place_action, space)``: the immediate effect (VP, goods, silver...).
    ``then(state_after_placing, player, action)``: checks the granted action, or None when
    the tile grants none (the granted action is applied by :func:`apply_action`).
    """

    check: Callable | None = None
    apply: Callable | None = None
    then: Callable | None = None


def _ship_offer(state: GameState, player: PlayerState, action: PlaceAction) -> tuple[set[int], set[int], int]:
    """(goods types offered, new types among them, free goods spaces) for a ship's choice."""
    offered = set(state.depot_goods[action.goods]) if action.goods is not None else set()
    if action.goods2 is not None:
        offered |= set(state.depot_goods[action.goods2])
    new = offered - player.goods.keys()
    return offered, new, GOODS_TYPES - len(player.goods)


def _check_ship(state: GameState, player: PlayerState, action: PlaceAction) -> None:
    if action.goods is None:
        if action.goods2 is not None or action.keep is not None:
            raise illegal("cob.ship.goods", "name the depot the ship takes goods from first")
        for depot in range(1, 7):
            goods = state.depot_goods[depot]
            if any(g in player.goods for g in goods) or (goods and len(player.goods) < GOODS_TYPES):
                raise illegal("cob.ship.goods", "a ship must take the goods of one depot",
                              f"depot {depot} has goods {player.name} can store")
        return
    if not state.depot_goods[action.goods]:
        with_goods = [str(d) for d in range(1, 7) if state.depot_goods[d]]
        raise illegal("cob.ship.goods", f"depot {action.goods} has no goods",
                      f"goods lie on depot {', '.join(with_goods)}" if with_goods else "leave out the depot")
    if action.goods2 is not None:
        if 5 not in player.knowledge:
            raise illegal("cob.ship.second-depot", "only knowledge tile 5 lets a ship take from a second depot")
        if (action.goods2 - action.goods) % 6 not in (1, 5):
            raise illegal("cob.ship.second-depot", f"depot {action.goods2} is not next to depot {action.goods}",
                          "neighbours: 1-2, 2-3, 3-4, 4-5, 5-6, 6-1")
        if not state.depot_goods[action.goods2]:
            raise illegal("cob.ship.second-depot", f"depot {action.goods2} has no goods")
    offered, new, free = _ship_offer(state, player, action)
    if action.keep is None:
        if len(new) > free > 0:
            raise illegal("cob.ship.goods", f"{player.name} can store only {free} more goods type(s) "
                          f"of {', '.join(map(str, sorted(new)))}", "say which with 'keep'")
        return
    keep_new = set(action.keep) - player.goods.keys()
    if not set(action.keep) <= offered:
        raise illegal("cob.ship.goods", f"goods type(s) {sorted(set(action.keep) - offered)} are not offered",
                      f"offered: {', '.join(map(str, sorted(offered)))}")
    if len(keep_new) != min(free, len(new)):
        raise illegal("cob.ship.goods", f"the ship takes every type that fits: {min(free, len(new))} new type(s), "
                      f"not {len(keep_new)}")


def _apply_ship(state: GameState, player: PlayerState, action: PlaceAction, space: int) -> None:
    if action.goods is not None:
        offered, new, free = _ship_offer(state, player, action)
        if action.keep is not None:
            chosen = set(action.keep)
        else:
            chosen = new if len(new) <= free else set()
        taking = (offered - new) | chosen
        for depot in (action.goods, action.goods2):
            if depot is None:
                continue
            left = []
            for good in state.depot_goods[depot]:
                if good in taking:
                    player.goods[good] = player.goods.get(good, 0) + 1
                else:
                    left.append(good)
            state.depot_goods[depot] = left
    seat = state.players.index(player)
    bridge = state.bridge
    here = state.bridge_space(seat)
    bridge[here].remove(seat)
    if here + 1 == len(bridge):
        bridge.append([])
    bridge[here + 1].append(seat)


def _apply_animal(state: GameState, player: PlayerState, action: PlaceAction, space: int) -> None:
    kinds = catalogue()
    kind = kinds[action.tile]
    board, duchy = player.board, player.duchy
    scoring = [kind.animals]
    for other in board.area_of[space]:
        if other != space and duchy[other] is not None and kinds[duchy[other]].animal == kind.animal:
            scoring.append(kinds[duchy[other]].animals)
    bonus = len(scoring) if 7 in player.knowledge else 0
    player.add_vp("animals", sum(scoring) + bonus)


def _then_castle(state: GameState, player: PlayerState, action) -> None:
    check_action(state, player, action, None)


def _then_warehouse(state: GameState, player: PlayerState, action) -> None:
    if not isinstance(action, SellAction):
        raise illegal("cob.building.warehouse", "a warehouse grants a sale, nothing else", "then: sell <goods type>")
    check_sell(player, action.goods)


def _then_take(colours: str) -> Callable:
    def check(state: GameState, player: PlayerState, action) -> None:
        if not isinstance(action, TakeAction) or action.depot is None:
            raise illegal("cob.building.take", "this building grants a take from a numbered depot",
                          "then: take <tile> from <depot>")
        check_take(state, player, action, action.depot, colours)
    return check


def _then_city_hall(state: GameState, player: PlayerState, action) -> None:
    if not isinstance(action, PlaceAction):
        raise illegal("cob.building.city-hall", "a city hall grants a placement, nothing else",
                      "then: place <tile> <space>")
    check_place(state, player, action, None)


def _gain(silver: int = 0, workers: int = 0, watchtower: int = 0) -> Callable:
    def apply(state: GameState, player: PlayerState, action: PlaceAction, space: int) -> None:
        player.silver += silver
        player.workers += workers
        player.add_vp("watchtowers", watchtower)
    return apply


#: Immediate effects of the base game by tile kind, falling back to tile type.
EFFECTS: dict[str, Effect] = {
    "castle": Effect(then=_then_castle),
    "ship": Effect(check=_check_ship, apply=_apply_ship),
    "mine": Effect(),
    "animal": Effect(apply=_apply_animal),
    "knowledge": Effect(),
    "building": Effect(),
    "warehouse": Effect(then=_then_warehouse),
    "carpenter": Effect(then=_then_take("B")),
    "church": Effect(then=_then_take("MYC")),
    "market": Effect(then=_then_take("SL")),
    "boarding-house": Effect(apply=_gain(workers=4)),
    "bank": Effect(apply=_gain(silver=2)),
    "city-hall": Effect(then=_then_city_hall),
    "watchtower": Effect(apply=_gain(watchtower=4)),
}


def _mine_income(state: GameState) -> None:
    """1 silverling per mine at each phase end (knowledge tile 2: also 1 worker per mine)."""
    for player in state.players:
        mines = player.duchy.count("mine")
        player.silver += mines
        if 2 in player.knowledge:
            player.workers += mines


#: What happens at the end of every phase in the base game, in order.
PHASE_END: list[Callable[[GameState], None]] = [_mine_income]
