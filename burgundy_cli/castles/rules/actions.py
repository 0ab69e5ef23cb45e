"""The four actions (take, place, sell, workers), the purchase, and what a placed tile does.

Each rule is written once, here or in :mod:`burgundy_cli.castles.rules.placement`, and
``engine.check``, ``engine.play`` and the move generator all reach their verdicts through
it. An action of a die line or a granted action is looked up in the game's ruleset
(``state.ruleset.actions``: an :class:`ActionRule` per kind, base game: :data:`ACTIONS`);
the immediate effect of a placed tile likewise (``state.ruleset.effects``, by tile kind,
then by tile type; base game: :data:`EFFECTS`), and the phase-end steps
(:data:`PHASE_END`). A rule module changes those tables instead of the engine
(see :mod:`burgundy_cli.castles.modules`).

An action is *die-bound* when a die (or a white castle) gives its value; the extra
actions of castles and buildings pass ``value=None`` ("any number").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from burgundy_cli.castles.rules.boards import SPACE_IDS, depot_spaces, space_id, space_name
from burgundy_cli.castles.rules.commands import (BuyCommand, Mended, PlaceAction, SellAction, TakeAction, WorkersAction,
                                                 mended)
from burgundy_cli.castles.rules import RULES, noted, noting_now, passed, recording_now
from burgundy_cli.castles.rules.state import PHASES, GameState, PlayerState
from burgundy_cli.castles.rules.terms import WORDS, counted_in
from burgundy_cli.castles.rules.tiles import COLOUR_NAME, PHASE_BONUS, TileKind, area_vp, bonus_vp, catalogue, sale_vp
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.words import counted

#: The spaces of a player's storage for hex tiles (the ruleset's ``storage_size`` handlers may lift it).
STORAGE = 3
#: The goods types a player may hold at once (the ruleset's ``goods_types`` says, in a game).
GOODS_TYPES = 3


#: :func:`catalogue` once loaded: the checks of every take and placement read a global, not call it.
_KINDS: dict[str, TileKind] | None = None


def _load_kinds() -> dict[str, TileKind]:
    global _KINDS
    _KINDS = catalogue()
    return _KINDS


def illegal(rule_id: str, message: str, hint: str | None = None, blamed: str | None = None,
            fix: object | None = None) -> IllegalMoveError:
    """An :class:`IllegalMoveError` for the registered rule ``rule_id`` (``blamed``: the word
    of the line it is about, where the record locates it; ``fix``: the command the rules accept
    instead, or the part of it mended (:func:`~burgundy_cli.castles.rules.commands.mended`, its
    words the hint when ``hint`` is None), which the session writes whole at the end of
    ``hint``: ``record/clarify.with_fix_hint``)."""
    if hint is None and isinstance(fix, Mended):
        hint = fix.words
    return IllegalMoveError(RULES[rule_id], message, hint=hint, blamed=blamed, fix=fix)


# --- gains: the extension points ---------------------------------------------------------------
# Every worker, silverling, goods tile and VP a player gains during play is given by one of
# these functions, whatever gives it (an action, a tile's effect, a phase end, a module's line
# or bonus); each then runs the handlers the game's modules registered on it
# (``Ruleset.on_workers_gained`` ...: :class:`~burgundy_cli.castles.modules.Module`). The
# base game never knows who listens. Payments, setup and a record's corrections are no gains.
# docs/developing.md, "Extension points".


def gain_workers(state: GameState, player: PlayerState, amount: int, source: str) -> None:
    """``player`` gets ``amount`` workers from the supply (``source``: what gives them, e.g.
    ``"workers action"``, ``"tile 28"``); then the ``on_workers_gained`` handlers (shield 2)."""
    if not amount:
        return
    player.workers += amount
    for handler in state.ruleset.on_workers_gained:
        handler(state, player, amount, source)


def gain_silver(state: GameState, player: PlayerState, amount: int, source: str) -> None:
    """``player`` gets ``amount`` silverlings (``source``: what gives them); then the
    ``on_silver_gained`` handlers."""
    if not amount:
        return
    player.silver += amount
    for handler in state.ruleset.on_silver_gained:
        handler(state, player, amount, source)


def gain_goods(state: GameState, player: PlayerState, goods: int, count: int, source: str) -> None:
    """``player`` gets ``count`` goods tiles of type ``goods`` (``source``: what gives them);
    then the ``on_goods_gained`` handlers. The goods-types limit is the caller's check."""
    if not count:
        return
    player.goods[goods] = player.goods.get(goods, 0) + count
    for handler in state.ruleset.on_goods_gained:
        handler(state, player, goods, count, source)


def score_vp(state: GameState, player: PlayerState, category: str, amount: int) -> None:
    """``player`` scores ``amount`` VP of ``category`` during play (the VP track); then the
    ``on_vp_scored`` handlers. The final scoring is :mod:`~burgundy_cli.castles.rules.scoring`'s."""
    if not amount:
        return
    player.add_vp(category, amount)
    for handler in state.ruleset.on_vp_scored:
        handler(state, player, category, amount)


# --- take -------------------------------------------------------------------------------------


def depot_offers(state: GameState, depot: int, tile: str) -> str | None:
    """Why ``tile`` cannot be taken from ``depot`` now, or None when it can.

    A tile a module lays beside the depot is asked of the module (``state.ruleset.stock``).
    A revealed depot must hold the tile. An unrevealed one (the record left its reveal
    out) is trusted to hold it as long as one of its spaces has the tile's colour and has
    not been emptied already this phase, and the supply still has such a tile.
    """
    stock = state.ruleset.stock
    if stock and tile in stock:
        if depot:
            return f"the {tile}s lie beside the black depot, not on depot {depot}"
        if stock[tile](state) <= 0:
            return f"no {tile} lies beside the black depot now"
        return None
    if state.revealed[depot]:
        if tile in state.depots[depot]:
            return None
        lying = ", ".join(state.depots[depot]) or "nothing"
        return f"depot {depot} holds {lying}" if depot else f"the black depot holds {lying}"
    colours = depot_spaces(len(state.players), current_phase(state))[depot]  # (the pause: the ended phase's tiles)
    colour = "X" if depot == 0 else (_KINDS or _load_kinds())[tile].colour
    if state.taken[depot].count(colour) >= colours.count(colour):
        where = f"depot {depot}" if depot else "the black depot"
        return f"{where} has no {COLOUR_NAME.get(colour, 'black-backed')} space left this phase"
    if state.supply[tile][1 if depot == 0 else 0] <= 0:
        return f"no {tile} with a {'black' if depot == 0 else 'coloured'} back is left in the supply"
    return None


def storage_spaces(state: GameState, player: PlayerState, printed: int = STORAGE) -> int | None:
    """The spaces of ``player``'s storage: ``printed`` (:data:`STORAGE`; the team game's
    private or shared spaces), through the ruleset's ``storage_size`` handlers
    ``f(state, player, spaces) -> spaces or None`` (None: no limit; 2019 shield 4: the storage
    is never full)."""
    spaces: int | None = printed
    for handler in state.ruleset.storage_size:
        if spaces is not None:
            spaces = handler(state, player, spaces)
    return spaces


def goods_types_free(state: GameState, player: PlayerState) -> int:
    """How many more goods types ``player`` may hold: the ruleset's limit (3; 2019 solo game:
    all six, no limit) less the types held. The one reckoning of the goods-types limit: the
    ship, shield 5, the move generator and a correction ask it."""
    return state.ruleset.goods_types - len(player.goods)


def storage_refusal(state: GameState, player: PlayerState, discard: str | None,
                    storing: TakeAction | BuyCommand | None = None) -> IllegalMoveError | None:
    """Why a tile cannot go into storage with ``discard`` (None: nothing discarded), or None
    when it can: a free space and no discard, or a full storage (:func:`storage_spaces`) and
    one of its tiles discarded. ``storing``: the take or purchase of the line, whose refused
    discard the fix leaves out (None: the move generator's question, no fix)."""
    spaces = storage_spaces(state, player) if len(player.storage) >= STORAGE else STORAGE  # (handlers only enlarge)
    if spaces is not None and len(player.storage) >= spaces:
        if discard is None:
            return illegal("cob.storage.full", f"{player.name}'s storage is full ({', '.join(player.storage)})",
                           f"add `discard <tile>`, one of {', '.join(player.storage)}")
        if discard not in player.storage:
            return illegal("cob.storage.discard", f"{player.name} has no {discard} in storage",
                           f"stored: {', '.join(player.storage)}")
    elif discard is not None:
        words = "leave out the discard"
        return illegal("cob.storage.discard", f"{player.name}'s storage has a free space; nothing is discarded",
                       words, fix=None if storing is None else mended(storing, words, discard=None))
    return None


def no_shared_storage(storing: TakeAction | BuyCommand | PlaceAction) -> IllegalMoveError:
    """The refusal of ``shared`` storage in a game that has none (only the 2019 team game has):
    the fix is ``storing``, the take, purchase or placement, from the player's own storage."""
    words = "leave out 'shared'"
    return illegal("cob.module.off", "only the 2019 team game has shared storage",
                   f'[game.options] modules = ["team-game"] switches it on; else {words}',
                   fix=mended(storing, words, shared=False))


def check_module(state: GameState, kind: TileKind) -> None:
    """A tile of a 2019 module (the inn) is in play only when the record switches its module on."""
    if not kind.in_game(state.ruleset.modules):
        raise illegal("cob.module.off", f"the {kind.name} belongs to the 2019 '{kind.module}' module, which this "
                      "game does not play", switched_on(state, kind.module))


def switched_on(state: GameState, module: str) -> str:
    """How a record switches a 2019 module on, said to a record of ``state``'s edition: a 2019
    record names it in its options; a 2011 record cannot ('EXPANSIONS' are the 2019 rulebook's),
    so it is told the edition the module needs too (as ``setup.module_names`` says)."""
    if state.edition == "2019":
        return f'[game.options] modules = ["{module}"] switches it on'
    return f'a module is played only in a 2019 game: [game] edition = "2019" and [game.options] modules = ["{module}"]'


def check_storage(state: GameState, player: PlayerState, storing: TakeAction | BuyCommand) -> None:
    """The tile ``storing`` takes or buys can go into storage (:func:`storage_refusal`)."""
    refusal = storage_refusal(state, player, storing.discard, storing)
    if refusal is not None:
        raise refusal


def take_colour_allows(kind: TileKind, colours: str | None) -> bool:
    """A take limited to ``colours`` (a building's granted take; None: any) may take ``kind``."""
    return colours is None or kind.colour in colours


def _building_takes(state: GameState, colours: str) -> str:
    """What the building whose take allows tiles of ``colours`` may take, in the record's
    edition's words: 2011 'The buildings', 'Market': 'one ship (blue) or animal (light green)
    tile', 'Church': 'one mine (grey), "knowledge" (yellow) or castle (dark green) tile'; 2019
    'Market': 'one ship (blue), or livestock (light green) tile', 'Church': 'or monastery
    (yellow)'."""
    words = WORDS[state.edition]
    return {"B": "a carpenter's workshop takes a building",
            "MYC": f"a church takes a mine, {words['knowledge tile']} or castle",
            "SL": f"a market takes a ship or {words['animal']} tile"}[colours]


def _cannot_take(state: GameState, tile: str, colours: str) -> IllegalMoveError:
    """The refusal of a building's take of a tile of a colour it does not take."""
    return illegal("cob.building.take", f"this building cannot take a {tile}", _building_takes(state, colours))


def _take_without_depot(state: GameState, grant: Grant, action: TakeAction) -> IllegalMoveError:
    """Why a building's take written without its depot is refused: the tile is of a colour the
    building does not take; no numbered depot offers it (2011 'The buildings': "from any
    numbered depot (*not from the black depot!*)"; a building whose advantage cannot be used
    "may still be added (although the advantage is lost in this case)"), said with where it
    lies; or else the grant's own words (name the depot: the session fills in a lone one)."""
    tile = action.tile
    kind = (_KINDS or _load_kinds()).get(tile)
    if kind is not None and not take_colour_allows(kind, grant.colours):
        return _cannot_take(state, tile, grant.colours)
    if kind is None or any(depot_offers(state, depot, tile) is None for depot in range(1, 7)):
        return illegal(*grant.refusal)
    black = ("; it lies in the black depot, which a building's take never reaches"
             if depot_offers(state, 0, tile) is None else "")
    return illegal("cob.building.take", f"no numbered depot holds a {tile}{black}",
                   f"the building is still placed without its take (its advantage is lost): leave out `then take {tile}`")


def check_take(state: GameState, player: PlayerState, action: TakeAction, value: int | None, spent: int = 0,
               colours: str | None = None) -> int:
    """Taking ``action.tile`` into storage is legal: from the depot ``value`` (a die's), or for
    a granted take (``value`` None) from the depot it names; ``colours``: the tile colours a
    building's take allows. Returns the depot (``spent``: unused, see :class:`ActionRule`)."""
    depot = action.depot if value is None else value
    if depot is None:
        raise illegal("cob.take.depot", "an extra action's take must name its depot", "add 'from <depot>'")
    tile = action.tile
    try:
        kind = (_KINDS or _load_kinds())[tile]
    except KeyError:
        raise illegal("cob.take.depot", f"there is no tile called '{tile}'") from None
    check_module(state, kind)
    if colours is not None and not take_colour_allows(kind, colours):
        raise _cannot_take(state, tile, colours)
    reason = depot_offers(state, depot, tile)
    if reason is not None:
        lying = depots_holding(state, tile, range(1, 7), depot)
        # a building's take is bound to no die: its own rule says where it may take from
        rule_id = "cob.take.depot" if colours is None else "cob.building.take"
        fix = None
        if lying and value is not None:  # (the session adds the die change: record/clarify.with_fix_hint)
            reason += f"; {tile} lies in depot{'s' if len(lying) > 1 else ''} {', '.join(map(str, lying))}"
        elif lying:
            fix = mended(action, f"`then take {tile} from {lying[0]}`", depot=lying[0])
            reason += f"; {tile} lies in depot {lying[0]}: {fix.words}"
        raise illegal(rule_id, f"no {tile} to take from depot {depot}", reason, blamed=tile, fix=fix)
    passed("cob.take.depot", "{} taken from depot {}", tile, depot)
    discard = action.discard
    storage = state.ruleset.storage
    if storage is not None:  # a module's storage (2019 team game)
        refusal = storage.refusal(state, player, action)
        if refusal is not None:
            raise refusal
    elif action.shared:
        raise no_shared_storage(action)
    else:
        check_storage(state, player, action)
        if discard is not None:
            passed("cob.storage.full", "{} discarded from a full storage", discard)
    return depot


def take_from_depot(state: GameState, depot: int, tile: str) -> None:
    """Remove ``tile`` from ``depot`` (or account for it in the supply if the depot was not revealed;
    a module's tile beside the depot leaves a stack the module counts, nothing to remove)."""
    if tile in state.ruleset.stock:
        return
    if state.revealed[depot]:
        state.depots[depot].remove(tile)
        return
    state.taken[depot].append("X" if depot == 0 else catalogue()[tile].colour)
    state.draw(tile, depot == 0)
    where = f"depot {depot}" if depot else "the black depot"
    note = (f"phase {PHASES[state.phase]}: {where} was not revealed in the record; takes from it were trusted "
            "(die value, depot space colours and tile counts checked)")
    if note not in state.unverified:
        state.unverified.append(note)


def store(state: GameState, player: PlayerState, tile: str, discard: str | None) -> None:
    if discard is not None:
        player.storage.remove(discard)
        state.removed.append(discard)
    player.storage.append(tile)


def apply_take(state: GameState, player: PlayerState, action: TakeAction, value: int | None,
               depot: int | None = None) -> None:
    """Carry out a checked take from ``depot`` (None: the die's ``value``, or the depot named)."""
    if depot is None:
        depot = value if action.depot is None else action.depot
    tile = action.tile
    take_from_depot(state, depot, tile)
    if state.ruleset.storage is not None:
        state.ruleset.storage.store(state, player, action)
    else:
        store(state, player, tile, action.discard)


# --- the black-depot purchase ---------------------------------------------------------------------


#: The hint of a second purchase with the 2019 inns, whose tables argue that an inn is no
#: black-depot tile (the ruling, docs/rulings.md "The inns (2019 module)").
_ONE_WITH_INNS = ("an inn is the turn's one black-depot purchase too ('The Inns': 'Like every other hex tile from "
                  "the black depot, inns can be bought')")


def check_purchase(state: GameState, player: PlayerState, cmd: BuyCommand, bought: bool) -> None:
    """``player`` may buy ``cmd.tile`` now (``bought``: they have bought this turn already)."""
    if bought:
        raise illegal("cob.buy.once", f"{player.name} has already bought a tile this turn",
                      _ONE_WITH_INNS if "inn" in state.ruleset.stock else None)
    passed("cob.buy.once", "{}'s one purchase this turn", player.name)
    try:
        kind = (_KINDS or _load_kinds())[cmd.tile]
    except KeyError:
        raise illegal("cob.buy.depot", f"there is no tile called '{cmd.tile}'") from None
    check_module(state, kind)
    depot = cmd.depot or 0
    broken = payment_refusal(state, player, depot, cmd.pay_workers)
    if broken is not None:
        raise _payment_refused(state, player, cmd, depot, broken)
    if recording_now():  # (what held, said only for check --why: a replay makes no words)
        passed_all(PAYMENT, "paid with {1}", *_purchase_said(state, depot, cmd.pay_workers))
    reason = depot_offers(state, depot, cmd.tile)
    if reason is not None:
        if cmd.tile in state.ruleset.stock:
            raise illegal("cob.buy.stock", f"no {cmd.tile} to buy", reason)
        where, fix = _bought_elsewhere(state, player, cmd)
        raise illegal("cob.buy.depot", f"no {cmd.tile} to buy", reason + where, blamed=cmd.tile, fix=fix)
    storage = state.ruleset.storage
    if storage is None and cmd.shared:
        raise no_shared_storage(cmd)
    refusal = storage_refusal(state, player, cmd.discard, cmd) if storage is None else storage.refusal(state, player, cmd)
    if refusal is not None:
        raise refusal


def _purchase_said(state: GameState, depot: int, pay: int) -> tuple[str, str]:
    """Where a legal purchase came from and what paid for it, in the edition's words, for
    the rules it passed: ``depot 5 (monastery tile 6)``, ``2 silver coins``, ``2 workers
    (monastery tile 6)`` -- the tile named where it is what allowed the purchase."""
    tile6 = f"{WORDS[state.edition]['knowledge tile']} 6"
    paid = " and ".join(counted_in(state.edition, count, noun)
                        for count, noun in ((2 - pay, "silverling"), (pay, "worker")) if count)
    return (f"depot {depot} ({tile6})" if depot else "the black depot",
            f"{paid} ({tile6})" if pay else paid)


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition of a rule, asked by the check and by the move generator alike:
    ``allows(state, player, subject, detail) -> bool`` and, when it does not,
    ``refusal(state, player, subject, detail) -> (message, hint)``."""

    rule_id: str
    allows: Callable[..., bool]
    refusal: Callable[..., tuple[str, str | None]]
    kept: str = ""


def passed_all(conditions, why: str, *args) -> None:
    """Each of ``conditions`` (a :class:`Condition` or a placement rule: they have a
    ``rule_id``), all asked and none refusing, has passed: ``why`` says what held."""
    for condition in conditions:
        passed(condition.rule_id, getattr(condition, "kept", "") or why, *args)


def first_refused(conditions: tuple[Condition, ...], state: GameState, player: PlayerState, subject,
                  detail=None) -> Condition | None:
    """The first of ``conditions`` that does not allow ``(state, player, subject, detail)``, or None."""
    for condition in conditions:
        if not condition.allows(state, player, subject, detail):
            return condition
    return None


def _before_income(state: GameState, player: PlayerState) -> str:
    """The words of a payment's refusal saying the phase end's income came too late, when it did."""
    return "" if purse(state, player) == (player.silver, player.workers) else \
        " (the phase end's income comes after this turn's purchase)"


def purse(state: GameState, player: PlayerState) -> tuple[int, int]:
    """The (silverlings, workers) ``player`` may pay a purchase with now: what they hold, or
    for the late buyer of a phase's last turn, no more than they held when that turn ended
    (``state.late_purse``). 2011 rules, 'The central black depot': the purchase is made "during
    his turn: before, between or after the dice actions", and 'End of a phase': "A phase ends
    after five rounds. Players with mines now receive ..." -- the mines pay after that turn,
    so their income cannot pay for its purchase (2019 rules alike)."""
    held = _late_purse(state, player)
    if held is None:
        return player.silver, player.workers
    return min(player.silver, held[0]), min(player.workers, held[1])


def _late_purse(state: GameState, player: PlayerState) -> tuple[int, int] | None:
    """``state.late_purse`` when ``player`` is the late buyer of a phase's last turn, else None."""
    held = state.late_purse
    if held is None or state.stage != "phase" or state.late_buyer < 0 or state.players[state.late_buyer] is not player:
        return None
    return held


def pay_in_turn(state: GameState, player: PlayerState, silver: int, bought_workers: int = 0) -> None:
    """``player`` pays ``silver`` silverlings in their turn for ``bought_workers`` workers (the
    caller gains them with :func:`gain_workers`, which other modules answer). After the last
    die of a phase the turn's purse (:func:`purse`) changes with them: a 2019 #28 worker
    purchase made then is paid from what was held before the phase end's income, and the
    workers it buys may pay the turn's purchase (tile 6)."""
    held = _late_purse(state, player)
    if held is not None:
        state.late_purse = (held[0] - silver, held[1] + bought_workers)
    player.silver -= silver


#: Who may buy from where, paying how, in the order they are checked (and errors are named):
#: each asked as ``allows(state, player, depot, pay)``, ``depot`` 0 for the black depot and
#: ``pay`` the workers paid instead of silverlings.
PAYMENT: tuple[Condition, ...] = (
    Condition("cob.buy.depot", lambda state, player, depot, pay: not depot or 6 in player.knowledge,
              lambda state, player, depot, pay: ("purchases come from the black depot",
                                                 f"{WORDS[state.edition]['knowledge tile']} 6 "
                                                 "allows buying from the numbered depots"),
              kept="bought from {0}"),
    Condition("cob.buy.silver",
              lambda state, player, depot, pay: not pay or (6 in player.knowledge and state.edition == "2019"),
              lambda state, player, depot, pay: _workers_refused(state)),
    Condition("cob.buy.silver", lambda state, player, depot, pay: pay != 1 or state.options.k6_mixed,
              lambda state, player, depot, pay: (f"{WORDS[state.edition]['knowledge tile']} 6 pays 2 workers instead "
                                                 f"of {counted_in(state.edition, 2, 'silverling')}, not a mix",
                                                 f"option k6-mixed-payment allows {counted_in(state.edition, 1, 'silverling')}"
                                                 " + 1 worker")),
    Condition("cob.buy.silver", lambda state, player, depot, pay: purse(state, player)[0] >= 2 - pay,
              lambda state, player, depot, pay: (f"a purchase costs {counted_in(state.edition, 2 - pay, 'silverling')}",
                                                 f"{player.name} has {purse(state, player)[0]}"
                                                 + _before_income(state, player))),
    Condition("cob.buy.silver", lambda state, player, depot, pay: purse(state, player)[1] >= pay,
              lambda state, player, depot, pay: (f"a purchase paid with workers costs {counted_in(state.edition, pay, 'worker')}",
                                                 f"{player.name} has {purse(state, player)[1]}"
                                                 + _before_income(state, player))),
)


def _legal_purchase(state: GameState, player: PlayerState, fix: BuyCommand) -> BuyCommand | None:
    """``fix`` when the purchase's own check accepts it, else None: what a payment's refusal
    says depends on whether the other payment is allowed (:func:`_payment_refused`)."""
    try:
        check_purchase(state, player, fix, False)
    except IllegalMoveError:
        return None
    return fix


def depots_holding(state: GameState, tile: str, depots, named: int) -> list[int]:
    """Which of ``depots`` (0: the black depot) other than ``named`` are revealed holding
    ``tile``: where a refusal's hint points a take or a purchase the depot named cannot serve."""
    return [depot for depot in depots if depot != named and state.revealed[depot] and tile in state.depots[depot]]


def _bought_elsewhere(state: GameState, player: PlayerState, cmd: BuyCommand) -> tuple[str, BuyCommand | None]:
    """The hint's words for a tile the depot named does not hold but another depot the buyer
    may buy from does (the black depot; with knowledge tile 6 the numbered ones too: 2011 "not
    only from the central black depot but also from the other six depots", 2019 "from all
    depots"), and that purchase as the fix (offered when the rules accept it, as every fix is:
    ``record/clarify.with_fix_hint``). A purchase is no die action, so nothing else binds the depot."""
    lying = depots_holding(state, cmd.tile, range(7) if 6 in player.knowledge else (0,), cmd.depot or 0)
    if not lying:
        return "", None
    where = f"depot {lying[0]}" if lying[0] else "the black depot"
    return f"; it lies in {where}", cmd.model_copy(update={"depot": lying[0] or None})


def _workers_refused(state: GameState) -> tuple[str, str]:
    """Why workers may not pay a purchase, in the record's edition's terms: in 2011 never (its
    tile 6 widens only where one buys), in 2019 only with monastery tile 6."""
    if state.edition == "2011":
        return ("in the 2011 rules a purchase is paid with 2 silverlings, never with worker tiles",
                "leave out `workers`")
    return "a purchase is paid with 2 silver coins", "monastery tile 6 allows paying with 2 workers instead"


def _payment_refused(state: GameState, player: PlayerState, cmd: BuyCommand, depot: int,
                     broken: Condition) -> IllegalMoveError:
    """The refusal of :data:`PAYMENT`'s ``broken`` rule, its fix the purchase that pays as the
    rules allow when there is one: a 2011 purchase without its `workers` (or, short of 2
    silverlings too, what the buyer holds), a 2019 one short of silver paid with 2 workers by
    monastery tile 6 ("2 worker chips instead of 2 silver coins")."""
    message, hint = broken.refusal(state, player, depot, cmd.pay_workers)
    fix = blamed = None
    if cmd.pay_workers and state.edition == "2011":
        blamed = "workers"  # (the clause the 2011 rules never allow: the record places the error there)
        fix = _legal_purchase(state, player, cmd.model_copy(update={"pay_workers": 0}))
        if fix is None:  # (nor can silverlings pay: no line to offer)
            hint = f"{player.name} has {counted_in(state.edition, purse(state, player)[0], 'silverling')}"
    elif (broken.rule_id == "cob.buy.silver" and not cmd.pay_workers and state.edition == "2019"
          and 6 in player.knowledge):
        fix = _legal_purchase(state, player, cmd.model_copy(update={"pay_workers": 2}))
        if fix is not None:
            hint = f"{hint}; with monastery tile 6 pay 2 workers instead"
    return illegal(broken.rule_id, message, hint, blamed=blamed, fix=fix)


def payment_refusal(state: GameState, player: PlayerState, depot: int, pay: int) -> Condition | None:
    """The first rule of :data:`PAYMENT` a purchase from ``depot`` paying ``pay`` workers (and
    2 silverlings less that many) breaks, or None; asked by the purchase's check and the move
    generator alike."""
    return first_refused(PAYMENT, state, player, depot, pay)


def apply_purchase(state: GameState, player: PlayerState, cmd: BuyCommand) -> None:
    """Pay and take the tile into storage (the caller marks the turn's purchase as made)."""
    player.silver -= 2 - cmd.pay_workers
    player.workers -= cmd.pay_workers
    take_from_depot(state, cmd.depot or 0, cmd.tile)
    if state.ruleset.storage is not None:
        state.ruleset.storage.store(state, player, cmd)
    else:
        store(state, player, cmd.tile, cmd.discard)


#: The hint for a purchase that belongs on its own line.
OWN_LINE = "write the purchase as its own `buy` line before or after the action"


#: When a purchase may be made during an action (arguments: state, acting player, purchase, None).
DURING: tuple[Condition, ...] = (
    Condition("cob.buy.during", lambda state, player, buy, _: state.edition == "2019",
              lambda state, player, buy, _: ("in the 2011 rules the purchase comes before, between or after the "
                                          "dice actions, not during one", OWN_LINE)),
    Condition("cob.buy.during", lambda state, player, buy, _: buy.player == player.name,
              lambda state, player, buy, _: (f"{player.name} is acting; {buy.player} cannot buy now", None)),
)


def check_purchase_during(state: GameState, player: PlayerState, cmd: BuyCommand, then) -> None:
    """2019: a purchase during an action, between a placement and the action it grants.

    ``state``: after the placement. Written inside the placement only when that makes a
    difference no purchase line could make: the granted action (``then``) places the bought
    tile, which the player did not already store. Any other purchase during the action
    reaches exactly what a ``buy`` line after the action reaches (the placement only frees
    a storage space and scores; a granted take, sale or worker action does not need the
    purchase), so it is refused and each move keeps one spelling (docs/rulings.md).
    """
    broken = first_refused(DURING, state, player, cmd)
    if broken is not None:
        raise illegal(broken.rule_id, *broken.refusal(state, player, cmd, None))
    check_purchase(state, player, cmd, state.bought)
    if not isinstance(then, PlaceAction) or then.tile != cmd.tile:
        granted = "grants no further action" if then is None else f"grants a {then.kind} action"
        raise illegal("cob.buy.during-use", f"a purchase during this placement makes no difference: it "
                      f"{granted}, not the placement of the bought {cmd.tile}", OWN_LINE)
    storage = state.ruleset.storage
    if (cmd.tile in player.storage) if storage is None else storage.holds(player, then):
        raise illegal("cob.buy.during-use", f"{player.name} already stores a {cmd.tile} for the granted "
                      "placement to place", OWN_LINE)


# --- sell and workers ---------------------------------------------------------------------------


def check_sell(state: GameState, player: PlayerState, action: SellAction, value: int | None = None,
               spent: int = 0) -> None:
    """Selling goods of type ``action.goods`` is legal: the player holds some, and the sale
    grants no further action (only a 2019 trade route's bonus does: its own check)."""
    goods = action.goods
    if not player.goods.get(goods):
        held = ", ".join(f"{count}x{kind}" for kind, count in sorted(player.goods.items())) or "none"
        raise illegal("cob.sell.none", f"{player.name} has no goods of type {goods} to sell", f"goods held: {held}")
    passed("cob.sell.none", "{} holds goods of type {}", player.name, goods)
    if action.then:
        raise illegal("cob.effect.none", "a sale grants no further action",
                      "only a trade route's bonus does (2019 module 'trade-routes')")


def sale_points(state: GameState, count: int) -> int:
    """The VP ``count`` goods tiles sold score (per tile, by the player count)."""
    return count * sale_vp(state.player_count)


def apply_sell(state: GameState, player: PlayerState, action: SellAction, value: int | None = None,
               found: None = None) -> None:
    goods = action.goods
    count = player.goods.pop(goods)
    player.sold[goods] += count
    gain_silver(state, player, 2 if 3 in player.knowledge else 1, "sale")
    if 4 in player.knowledge:
        gain_workers(state, player, 1, "knowledge tile 4")
    score_vp(state, player, "goods-sold", sale_points(state, count))
    for handler in state.ruleset.on_goods_sold:  # the sale's extension point (shields 9 and 12)
        handler(state, player, goods, count)


def check_workers(state: GameState, player: PlayerState, action: WorkersAction, value: int | None = None,
                  spent: int = 0) -> None:
    """Taking workers is always legal."""


def apply_workers(state: GameState, player: PlayerState, action: WorkersAction, value: int | None = None,
                  found: None = None) -> None:
    gain_workers(state, player, 4 if 14 in player.knowledge else 2, "workers action")
    if 13 in player.knowledge:
        gain_silver(state, player, 1, "knowledge tile 13")


# --- place --------------------------------------------------------------------------------------

#: What the checks of a placement found, for carrying it out without looking again:
#: ``(space index, tile kind, effect, grants pending, effect's findings)``, grants pending
#: true when the placement has a purchase inside it or a granted action, checked on the state
#: after placing (:func:`check_grants`); the effect's findings: what its ``check`` returned,
#: for its ``apply`` (:class:`Effect`; None: the apply looks it up itself).
Placed = tuple[int, TileKind, "Effect", bool, object]


def check_placement(state: GameState, player: PlayerState, action: PlaceAction, value: int | None,
                    spent: int = 0) -> Placed:
    """Placing ``action.tile`` on ``action.space`` is legal up to the placement itself: the tile
    is stored, the space exists, the game's placement rules allow it (with ``value``, the number
    the space must show, None for "any number"), and the effect's own choices (a ship's goods)
    are legal. The purchase inside the placement and the granted action need the state after
    placing: :func:`check_grants`. ``spent`` is unused here (an :class:`ActionRule` check)."""
    if action.order is not None and state.solo is None:
        raise illegal("cob.module.off", "the order of a placement's gains is the solo game's (its VP counter)",
                      fix=mended(action, f"leave out 'order {' '.join(action.order)}'", order=None))
    tile = action.tile
    try:
        kind = (_KINDS or _load_kinds())[tile]
    except KeyError:
        raise illegal("cob.place.stored", f"there is no tile called '{tile}'") from None
    storage = state.ruleset.storage
    if storage is not None:  # a module's storage (2019 team game)
        refusal = storage.place_refusal(state, player, action)
        if refusal is not None:
            raise refusal
    elif tile not in player.storage or action.shared:
        if action.shared:
            raise no_shared_storage(action)
        raise illegal("cob.place.stored", f"{player.name} has no {tile} in storage",
                      f"stored: {', '.join(player.storage) or 'nothing'}", blamed=tile)
    name = action.space
    space = space_id(name)
    if space is None or space >= len(player.duchy):  # (a team board's right half: 37..72)
        raise illegal("cob.place.space", f"the {WORDS[state.edition]['duchy']} has no space {name}",
                      "rows a-g have 4, 5, 6, 7, 6, 5, 4 spaces",
                      blamed=name)
    broken = state.ruleset.placement_refusal(player, kind, space, value)
    if broken is not None:
        raise illegal(broken.rule_id, *broken.refusal(state, player, kind, space, value), blamed=name)
    if recording_now():  # (only `check --why` asks: a replay names no space for the rules that held)
        if storage is None:  # (a module's storage said where the tile came from itself)
            passed("cob.place.stored", "{} from {}'s storage", tile, player.name)
        for rule in state.ruleset.placement:  # (every rule placement_refusal asked, all allowing)
            if rule.uses_value and value is None:  # (a granted placement: any number, no die)
                passed(rule.rule_id, "a granted placement is bound to no die's number")
            elif callable(rule.kept):
                passed(rule.rule_id, rule.kept(state, player, kind, space))
            else:
                passed(rule.rule_id, rule.kept or "{} allows {} on {}", rule.rule_id, tile, space_name(space))
    tile_type = kind.type
    effects = state.ruleset.effects
    effect = effects[tile] if tile in effects else effects[tile_type]
    if effect.copies is not None or action.copy is not None:
        effect = copied_effect(state, tile, effect, action.copy, action)
    if tile_type != "ship" and (action.goods is not None or action.goods2 is not None or action.keep is not None):
        raise illegal("cob.effect.none", f"only a ship takes goods; {tile} does not")
    if action.livestock is not None and (kind.animal is None or effect.check is None):
        raise illegal("cob.effect.none", f"{tile} scores no other livestock type",
                      fix=mended(action, f"leave out 'with {action.livestock}'", livestock=None))
    findings = None if effect.check is None else effect.check(state, player, action)
    then = action.then
    if effect.grants is None and then is not None:
        raise illegal("cob.effect.none", f"placing {tile} grants no further action")
    return space, kind, effect, then is not None or action.buy is not None, findings


def check_grants_on_branch(state: GameState, player: PlayerState, action: PlaceAction, placed: Placed,
                           spent: int) -> None:
    """:func:`check_grants` on a branch of ``state``, which stays unchanged (``spent``: workers the
    die paid, gone before a purchase inside the placement pays workers)."""
    seat = state.players.index(player)
    branch = state.branch(seat)
    acting = branch.players[seat]
    acting.workers -= spent
    place_tile(branch, acting, action, placed)
    check_grants(branch, acting, action, placed[2])


def check_grants(state: GameState, player: PlayerState, action: PlaceAction, effect: Effect) -> None:
    """On the state right after placing: check and make the purchase inside the placement
    (2019), then check the granted action (it is not carried out). ``state`` is changed: a
    branch, or ``engine.play``'s own state, which it restores when this raises."""
    buy = action.buy
    if buy is not None:
        check_purchase_during(state, player, buy, action.then)
        state.bought = True
        apply_purchase(state, player, buy)
    if action.then is not None:
        check_grant(state, player, effect.grants, action.then)


def locate(state: GameState, player: PlayerState, action: PlaceAction) -> Placed:
    """What :func:`check_placement` finds, for a placement trusted without checks."""
    name = action.space
    space = SPACE_IDS.get(name)
    if space is None:
        space = space_id(name)
    kind = catalogue()[action.tile]
    effects = state.ruleset.effects
    effect = effects.get(action.tile) or effects[kind.type]
    if effect.copies is not None:
        effect = copied_effect(state, action.tile, effect, action.copy)
    return space, kind, effect, action.then is not None or action.buy is not None, None


def copied_effect(state: GameState, tile: str, effect: Effect, copy: str | None,
                  placing: PlaceAction | None = None) -> Effect:
    """The effect a placed ``tile`` has when it triggers the effect of the building ``copy``
    (the 2019 crane, ``as <building>``; None: it triggers none, an effect of its own).
    ``placing``: the placement of the line, which a refusal's fix mends (None: no fix)."""
    if effect.copies is None:
        words = f"leave out 'as {copy}'"
        raise illegal("cob.crane.copy", f"only a crane triggers another building's effect; {tile} does not", words,
                      fix=None if placing is None else mended(placing, words, copy=None))
    if copy is None:
        return effect
    choices = effect.copies(state)
    if copy not in choices:
        raise illegal("cob.crane.copy", f"a {tile} triggers the effect of a building, not of {copy}",
                      "buildings: " + ", ".join(choices))
    passed("cob.crane.copy", "a {} triggers the effect of any building: the {}'s", tile, copy)
    effects = state.ruleset.effects
    return effects.get(copy) or effects[catalogue()[copy].type]


def place_tile(state: GameState, player: PlayerState, action: PlaceAction, placed: Placed) -> None:
    """The placement itself: the tile leaves storage for its space, the ruleset's steps after a
    placement run -- those for a completed area first, when the tile closes its area (base
    game: :func:`score_completion`), then those after every placement -- and the tile has its
    immediate effect (the purchase inside it and the granted action aside), with what its
    check found; last the ruleset's steps after the whole placement (the 2019 solo game moves
    its VP counter by the placement's gains there, in the order the player chose). An area is complete when none of its spaces is empty: the test is here,
    once, so a placement that leaves its area open (most do) calls no completion step."""
    space, kind, effect, _, findings = placed
    tile = action.tile
    rules = state.ruleset
    if rules.storage is None:
        player.storage.remove(tile)
    else:
        rules.storage.unstore(player, action)
    duchy = player.duchy
    duchy[space] = tile
    if kind.number is not None:
        player.knowledge.add(kind.number)
    if area_complete(state, player, space):
        for step in rules.area_completed:
            step(state, player, space)
    for step in rules.after_placement:
        step(state, player, space)
    if effect.apply is not None:
        effect.apply(state, player, action, space, findings)
    for step in rules.after_effect:
        step(state, player, action, space)


def apply_place(state: GameState, player: PlayerState, action: PlaceAction, value: int | None,
                placed: Placed | None = None) -> None:
    """Place the tile, make the purchase inside the placement, carry out the granted action."""
    place_tile(state, player, action, locate(state, player, action) if placed is None else placed)
    buy = action.buy
    if buy is not None:
        state.bought = True
        apply_purchase(state, player, buy)
    then = action.then
    if then is not None:
        apply_grant(state, player, (locate(state, player, action) if placed is None else placed)[2].grants, then)


def apply_grant(state: GameState, player: PlayerState, grant: Grant, action) -> None:
    """Carry out the checked ``action`` a placed tile's ``grant`` allows; one that takes its
    number from a die (a 2019 white castle) pays the workers that change it."""
    value = None
    if grant.value is not None:
        value, cost = grant.value(state, player, action)
        player.workers -= cost
    apply_action(state, player, action, value)


# --- an area completed, a colour completed ----------------------------------------------------------
# Two named points (docs/developing.md, "Extension points"): every VP for a completed area's size
# is :func:`area_points`, every phase bonus :func:`phase_bonus`, every colour bonus tile's value
# :func:`bonus_points`, and a completed colour is :func:`complete_colour`'s, which takes its
# bonus tile and then runs the ``colour_completed`` handlers. Modules enlarge an area
# (``area_size``: shield 17; an inn through ``extra``) or react to a colour (shield 7, the solo
# game's black-depot tile), never by re-reading the tables.

#: The largest area size the board's table scores; an area counted larger scores as this size
#: unless a named option carries the table on (``inn-uncapped``, ``shield17-uncapped``).
AREA_CAP = 8


def sized_points(size: int, uncapped: bool = False) -> int:
    """VP for completing an area that counts as ``size`` spaces: the table (1, 3, 6, ... 36),
    which ends at size 8 (:data:`AREA_CAP`), or with ``uncapped`` its rule carried on
    (1 + 2 + ... + size)."""
    return size * (size + 1) // 2 if uncapped else area_vp(min(size, AREA_CAP))


def area_spaces(state: GameState, player: PlayerState, space: int) -> tuple[int, ...]:
    """The spaces of the area ``space`` belongs to, for its completion and size: the printed
    area, or what the ruleset's ``area`` says (``f(state, player, space) -> spaces``, None for
    the printed area; 2019 shield 1 with option ``shield1-one-area``: every pasture space)."""
    joined = state.ruleset.area
    spaces = None if joined is None else joined(state, player, space)
    return player.board.area_of[space] if spaces is None else spaces


def area_complete(state: GameState, player: PlayerState, space: int) -> bool:
    """None of the spaces of the area of ``space`` is empty (:func:`area_spaces`)."""
    if state.ruleset.area is None:  # the printed area, looked up in one step
        return None not in player.board.area_tiles[space](player.duchy)
    duchy = player.duchy
    return all(duchy[other] is not None for other in area_spaces(state, player, space))


def area_points(state: GameState, player: PlayerState, space: int, extra: int = 0, uncapped: bool = False) -> int:
    """VP for the completed area of ``space``, counted ``extra`` spaces larger (an inn's one,
    past the cap when ``uncapped``): the one function for an area's size VP. The ruleset's
    ``area_size`` handlers, ``f(state, player, space) -> (spaces more, uncapped)``, enlarge it
    (2019 shield 17: one size larger)."""
    size = len(area_spaces(state, player, space)) + extra
    for handler in state.ruleset.area_size:
        more, beyond = handler(state, player, space)
        size += more
        uncapped = uncapped or bool(more and beyond)
    return sized_points(size, uncapped)


def phase_bonus(phase: int) -> int:
    """The VP a completed area scores on top in phase ``phase`` (0..4: 10, 8, 6, 4, 2): also the
    value of the 2019 border posts' joined pair."""
    return PHASE_BONUS[phase]


def current_phase(state: GameState) -> int:
    """The phase whose value a placement scores ("depending on the current phase: The empty phase
    space ... indicating the current phase"): ``state.phase``, except in the pause after a
    phase's last turn (stage ``"phase"``, the next phase's goods still on its phase space), where
    it is the phase that ended -- the moment of the 2019 shields 14/15's tile and of a solo
    game's choice still open."""
    return state.phase - 1 if state.stage == "phase" and state.phase > 0 else state.phase


def bonus_points(state: GameState, large: bool) -> int:
    """The VP of a colour's large (first) or small (second) bonus tile for the game's player count."""
    return bonus_vp(state.player_count, large)


def bonus_tile_points(state: GameState, bonus: str) -> int:
    """The VP of bonus tile ``bonus`` (``"<colour>-large"`` or ``"<colour>-small"``)."""
    return bonus_points(state, bonus.endswith("-large"))


def colour_completed(player: PlayerState, space: int) -> bool:
    """Every space of the colour of ``space`` holds a tile (the placement on ``space`` completed
    the colour, when it was the last)."""
    return None not in player.board.colour_tiles[space](player.duchy)


def complete_colour(state: GameState, player: PlayerState, space: int) -> None:
    """``player`` has completed the colour of ``space``: the next of its two bonus tiles (large,
    then small; none after two) is taken and scored, then the ruleset's ``colour_completed``
    handlers run, ``f(state, player, colour, bonus taken or None)``."""
    colour = player.board.colour[space]
    taken = state.bonus_taken.get(colour, 0)
    bonus = None
    if taken < 2:
        state.bonus_taken[colour] = taken + 1
        bonus = f"{colour}-{'small' if taken else 'large'}"
        player.bonuses.append(bonus)
        score_vp(state, player, "colour-bonus", bonus_points(state, not taken))
    for handler in state.ruleset.colour_completed:
        handler(state, player, colour, bonus)


def score_completion(state: GameState, player: PlayerState, space: int) -> None:
    """Score the area the placement on ``space`` completed (:func:`area_points`, +
    :func:`phase_bonus`) and a colour it completed (:func:`complete_colour`): the base game's
    step for a completed area (:func:`place_tile` asks whether the area is complete; a
    colour is complete only when its last open area is, an area being spaces of one colour)."""
    score_vp(state, player, "areas", area_points(state, player, space))
    score_vp(state, player, "area-phase-bonus", phase_bonus(current_phase(state)))
    if colour_completed(player, space):
        complete_colour(state, player, space)


# --- the actions as a table ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionRule:
    """One kind of action (take, place, sell, workers; a module may add one).

    ``check(state, player, action, value, spent) -> found``: the action is legal with
    ``value`` (the die's, None for a granted action: any number), ``found`` being what the
    check looked up, for ``apply(state, player, action, value, found)`` (``found`` None:
    look it up again), which carries out a checked action. ``bound``: for a die's action,
    ``(field, wording)`` when the action names the die's value in a field of its own (a
    take its depot, a sale its goods type), which must then match the value (checked
    before the die's worker cost). ``grants(state, seat, action) -> (state after, grants)``:
    for the move generator, the further actions the action may come with (a sale on a 2019
    trade route: its choice bonuses), as :class:`Grant` s in order, with the state they
    are chosen in; None when the kind grants none.
    """

    check: Callable
    apply: Callable
    bound: tuple[str, str] | None = None
    grants: Callable | None = None


@dataclass(frozen=True, slots=True)
class LineRule:
    """A line kind a module adds (#28's ``hire``, the crane's ``crane as``, the shields'
    lines): :mod:`~burgundy_cli.castles.rules.engine` asks it for any kind it does not know.

    ``who`` says what the engine checks before the rule's own check, and what it passes:

    * ``"pair"``: a line that spends both dice as doubles instead of both actions (``pair``
      is then its rule id): the engine checks the turn, the dice and their worker cost, then
      calls ``check(state, player, cmd, value)`` and ``apply(state, player, cmd, value)``;
    * ``"buyer"``: a purchase, said by the player to move or by one still buying after
      their dice: ``check(state, player, cmd)``, ``apply(state, player, cmd)``;
    * ``"player"``: a line of the named player at any time: ``check(state, player, cmd)``,
      ``apply(state, player, cmd)``;
    * ``"any"``: ``check(state, cmd)`` and ``apply(state, cmd)``; the rule finds the player.

    ``candidates(state, seat)``: (label, command) candidates for ``moves``, each then asked
    of ``engine.check``. ``due(state)``: for a table line of the module (the 2019 solo game's
    removal), true while it must come before the player to move acts (``moves`` lists no die
    use then); ``first(state)`` then raises the refusal of what the player would do instead
    (the engine asks it before a pass; the module's own action rules ask it before a die use).
    ``anyone``: its ``candidates`` are asked for every player, whoever is to move and when no
    one is (a line a player may say outside their turn: shield 6's choice, shields 14/15's
    tile at a phase end); otherwise only for the player to move.
    ``settled(state, command)``: true when a candidate is legal as it was made, so ``moves``
    lists it without asking ``engine.check`` again -- as the dice lines are listed (shields
    14/15: a placement from the move generator's granted placements on the state its check
    builds, unless its chain holds a cost known only once carried out,
    :func:`~burgundy_cli.castles.movegen.settled_chain`); ``tests/castles/test_differential.py``
    holds the listing to ``check``'s verdicts both ways.
    ``after_end``: the line may still be said once the game is over (``engine.check`` refuses
    every other line then, ``cob.flow.over``): a choice of the final scoring (the crane's
    building) or the rest of the game's last action (the 2019 solo game's choices after its last
    die).
    ``shorten(lines)``: how the grouped listing (``moves`` without ``--all``) writes one
    player's accepted lines of this kind (canonical text) when they are more than
    ``movegen.GRANTED_SHOWN`` (the shields' tribute: ``anna: tribute drop ...``); None: in full.
    ``open_note``: what the table session's prompt says of a player who may still say such a
    line while no one is to move (``may still place a tile with shield 14 or 15``), so that a
    choice open between rounds or phases is not missed; None: nothing.
    """

    check: Callable
    apply: Callable
    who: str = "any"
    pair: str | None = None
    candidates: Callable | None = None
    due: Callable | None = None
    first: Callable | None = None
    anyone: bool = False
    settled: Callable | None = None
    shorten: Callable | None = None
    after_end: bool = False
    open_note: str | None = None


#: The base game's actions by kind.
ACTIONS: dict[str, ActionRule] = {
    "take": ActionRule(check_take, apply_take, ("depot", "takes from depot")),
    "place": ActionRule(check_placement, apply_place),
    "sell": ActionRule(check_sell, apply_sell, ("goods", "sells goods of type")),
    "workers": ActionRule(check_workers, apply_workers),
}


def check_action(state: GameState, player: PlayerState, action, value: int | None, spent: int = 0) -> None:
    """``action`` is legal with ``value`` (None: any number, as for a castle's extra action),
    including what a placement grants (checked on a branch). ``spent``: the workers a die paid
    to reach ``value`` (a purchase inside a placement may pay workers too)."""
    kind = action.kind
    found = state.ruleset.actions[kind].check(state, player, action, value, spent)
    if kind == "place" and found[3]:  # a purchase inside the placement or a granted action
        check_grants_on_branch(state, player, action, found, spent)


def apply_action(state: GameState, player: PlayerState, action, value: int | None, found=None) -> None:
    """Carry out a checked ``action``; a take by die uses ``value`` as its depot."""
    state.ruleset.actions[action.kind].apply(state, player, action, value, found)


# --- effects of placed tiles ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Grant:
    """The further action a placed tile grants, as data that the check and the move generator
    both read. ``kinds``: the action kinds allowed; ``colours``: for a building's take, the
    tile colours it may choose (and it names its numbered depot); ``refusal``: ``(rule id,
    message, hint)`` for a granted action of another kind; ``value``: for an action bound to a
    die's number (2019 white castle: the white die), ``value(state, player, action) -> (number
    the action uses, workers it costs)``, raising the refusal when the player cannot pay;
    ``ready``: for a refusal that does not depend on the action (the white die not rolled),
    ``ready(state, player)`` raising it -- ``value`` raises it too (it calls ``ready``), so
    the check needs no more; the move generator asks it once per granting placement and
    lists none of the grant's actions when it refuses."""

    kinds: tuple[str, ...]
    colours: str | None = None
    refusal: tuple[str, str, str] | None = None
    value: Callable | None = None
    ready: Callable | None = None


#: An action kind in words, for what a legal verdict says held (2019's words; :func:`action_words`
#: says a base-game action in the record's edition's).
ACTION_WORDS = {"take": "a take", "place": "a placement", "sell": "a sale", "workers": "taking workers",
                "shield": "taking a shield"}


def action_words(state: GameState, kind: str) -> str:
    """An action kind in the words of ``state``'s edition: 2011 'Action "Take worker tiles"',
    "taking worker tiles"; 2019 "taking workers" (:data:`ACTION_WORDS`)."""
    return f"taking {WORDS[state.edition]['workers']}" if kind == "workers" else ACTION_WORDS[kind]


def check_grant(state: GameState, player: PlayerState, grant: Grant, action) -> None:
    """The action granted by a placed tile (``state``: after placing it) is legal."""
    if action.kind not in grant.kinds:
        raise illegal(*grant.refusal)
    if grant.colours is not None and action.depot is None:
        raise _take_without_depot(state, grant, action)
    if grant.refusal is not None:
        passed(grant.refusal[0], "{} is an action the grant allows", action_words(state, action.kind))
    if grant.value is not None:
        value, cost = grant.value(state, player, action)
        check_action(state, player, action, value, cost)
    elif grant.colours is not None:
        check_take(state, player, action, None, 0, grant.colours)
    else:
        check_action(state, player, action, None)


@dataclass(frozen=True, slots=True)
class Effect:
    """What placing a tile does at once.

    ``check(state, player, place_action) -> findings``: the effect's own choices are legal
    (ship goods); it returns what it found for the apply (a ship: the goods types it takes),
    or None. ``apply(state, player, place_action, space, findings)``: the immediate effect
    (VP, goods, silver...), given what the check returned, or None when it was not asked
    (``engine.apply`` of a trusted line): the apply then finds it out itself.
    ``grants``: the further action it grants (:class:`Grant`), or None.
    ``copies``: for a tile that triggers another building's effect instead (2019 crane),
    ``copies(state) -> the building kinds it may trigger``; the placement names one
    (:func:`copied_effect`).
    """

    check: Callable | None = None
    apply: Callable | None = None
    grants: Grant | None = None
    copies: Callable | None = None


def neighbour_depots(depot: int) -> tuple[int, int]:
    """The two depots next to numbered depot ``depot`` around the board (1-2, ..., 6-1): where a
    ship's second depot lies with knowledge tile 5."""
    return depot % 6 + 1, (depot - 2) % 6 + 1


def _ship_offer(state: GameState, player: PlayerState, goods: int | None,
                goods2: int | None) -> tuple[set[int], set[int], int]:
    """(goods types offered, new types among them, free goods spaces) for a ship's choice."""
    offered = set(state.depot_goods[goods]) if goods is not None else set()
    if goods2 is not None:
        offered.update(state.depot_goods[goods2])
    return offered, offered.difference(player.goods), goods_types_free(state, player)


def ship_refusal(state: GameState, player: PlayerState, goods: int | None, goods2: int | None,
                 keep: tuple[int, ...] | None) -> IllegalMoveError | None:
    """Why a ship cannot take the goods of depot ``goods`` (and ``goods2``, knowledge tile 5),
    keeping the new types ``keep``, or None when it can."""
    return _ship_choice(state, player, goods, goods2, keep)[0]


def goods_lying(state: GameState) -> str | None:
    """Where goods lie now, as a ship's refusal hints it ("goods lie on depots 1, 3"; a lone
    depot in the singular); None when no depot holds goods."""
    with_goods = [str(d) for d in range(1, 7) if state.depot_goods[d]]
    if not with_goods:
        return None
    return f"goods lie on depot{'s' if len(with_goods) > 1 else ''} {', '.join(with_goods)}"


def _ship_choice(state: GameState, player: PlayerState, goods: int | None, goods2: int | None,
                 keep: tuple[int, ...] | None) -> tuple[IllegalMoveError | None, set[int] | None]:
    """(:func:`ship_refusal`'s refusal, the goods types the ship takes when it is legal): the
    types offered that the player stores already, and the new types that fit (all of them, or
    those named by ``keep``); None for a ship that names no depot (it takes nothing)."""
    if goods is None:
        if goods2 is not None or keep is not None:
            return illegal("cob.ship.goods", "name the depot the ship takes goods from first"), None
        for depot in range(1, 7):
            lying = state.depot_goods[depot]
            if any(g in player.goods for g in lying) or (lying and goods_types_free(state, player) > 0):
                return illegal("cob.ship.goods", "a ship must take the goods of one depot",
                               f"depot {depot} has goods {player.name} can store"), None
        return None, None
    if not state.depot_goods[goods]:
        return illegal("cob.ship.goods", f"depot {goods} has no goods", goods_lying(state) or "leave out the depot"), None
    if goods2 is not None:
        if 5 not in player.knowledge:
            return illegal("cob.ship.second-depot",
                           f"only {WORDS[state.edition]['knowledge tile']} 5 lets a ship take from a second depot"), None
        if goods2 not in neighbour_depots(goods):
            return illegal("cob.ship.second-depot", f"depot {goods2} is not next to depot {goods}",
                           "neighbours: 1-2, 2-3, 3-4, 4-5, 5-6, 6-1"), None
        if not state.depot_goods[goods2]:
            return illegal("cob.ship.second-depot", f"depot {goods2} has no goods"), None
    offered, new, free = _ship_offer(state, player, goods, goods2)
    if keep is None:
        if len(new) <= free:
            return None, offered  # every new type fits (the usual case)
        if free > 0:
            return illegal("cob.ship.goods", f"{player.name} can store only {counted(free, 'more goods type')} "
                           f"of {', '.join(map(str, sorted(new)))}", "say which with 'keep'"), None
        return None, offered - new  # no room for a new type: the types stored already
    keep_new = set(keep).difference(player.goods)
    if not set(keep) <= offered:
        return illegal("cob.ship.goods", f"goods type(s) {sorted(set(keep) - offered)} are not offered",
                       f"offered: {', '.join(map(str, sorted(offered)))}"), None
    if len(keep_new) != min(free, len(new)):
        return illegal("cob.ship.goods", f"the ship takes every type that fits: {counted(min(free, len(new)), 'new type')}, "
                       f"not {len(keep_new)}"), None
    return None, (offered - new) | keep_new


def _check_ship(state: GameState, player: PlayerState, action: PlaceAction) -> set[int] | None:
    """A ship's choice of goods is legal; returns the goods types it takes (:func:`_ship_choice`)."""
    refusal, taking = _ship_choice(state, player, action.goods, action.goods2, action.keep)
    if refusal is not None:
        raise refusal
    if action.goods is None:
        passed("cob.ship.goods", "no depot holds goods {} can store", player.name)
    else:
        passed("cob.ship.goods", "the goods of depot {}, as far as {}'s goods storage takes them", action.goods,
               player.name)
    if action.goods2 is not None:
        passed("cob.ship.second-depot", "depot {} is next to depot {}", action.goods2, action.goods)
    return taking


def _apply_ship(state: GameState, player: PlayerState, action: PlaceAction, space: int,
                taking: set[int] | None = None) -> None:
    """The ship takes the goods types ``taking`` (its check's findings; None: found out here)
    from its depot(s), and its owner moves one space on the bridge."""
    if action.goods is not None:
        if taking is None:
            taking = _ship_choice(state, player, action.goods, action.goods2, action.keep)[1]
        taken: dict[int, int] = {}  # goods type -> tiles, in the order the depots hold them
        for depot in (action.goods, action.goods2):
            if depot is None:
                continue
            left = []
            for good in state.depot_goods[depot]:
                if good in taking:
                    taken[good] = taken.get(good, 0) + 1
                else:
                    left.append(good)
            state.depot_goods[depot] = left
        for good, count in taken.items():
            gain_goods(state, player, good, count, "ship")
    seat = state.players.index(player)
    bridge = state.bridge
    here = state.bridge_space(seat)
    bridge[here].remove(seat)
    if here + 1 == len(bridge):
        bridge.append([])
    bridge[here + 1].append(seat)


def base_pasture(state: GameState, player: PlayerState, space: int) -> tuple[int, ...]:
    """The base game's pasture of ``space``: the spaces of its printed area."""
    return player.board.area_of[space]


def pasture_of(state: GameState, player: PlayerState, space: int):
    """The spaces counted together with ``space`` as one pasture (``space`` among them): the
    extension point every livestock rule asks (livestock scoring, the 2019 geese), the
    ruleset's ``pasture`` (base game: :func:`base_pasture`; 2019 shield 1: every pasture
    space of the duchy, as if there were one pasture)."""
    return state.ruleset.pasture(state, player, space)


def livestock_points(state: GameState, player: PlayerState, space: int, animal: str) -> int:
    """VP the livestock of type ``animal`` on the pasture of ``space`` score when a tile of that
    type is placed there (:func:`herd_points` of every such tile on the pasture, the placed one
    included, + 1 per tile with knowledge tile 7). Asked by the livestock's effect and by the
    2019 geese for their "one other livestock type" (one formula, on :func:`pasture_of`)."""
    kinds = catalogue()
    duchy = player.duchy
    herd = [other for other in pasture_of(state, player, space)
            if duchy[other] is not None and kinds[duchy[other]].animal == animal]
    return herd_points(duchy, herd, 1 if 7 in player.knowledge else 0)


def herd_points(duchy: list[str | None], herd: Iterable[int], per_tile: int = 0) -> int:
    """VP a livestock placement scores when its herd -- the tiles of its type on its pasture, the
    placed one included -- lies on the spaces ``herd`` of ``duchy``: the animals they show (2011
    'Animal': "he scores all tiles with the same animal type again in addition to the
    newly-placed tile"), + ``per_tile`` for each tile (1 with knowledge tile 7). The one count
    of livestock VP: the placement's (:func:`livestock_points`) and the least a typed
    position's herds must have scored."""
    kinds = catalogue()
    animals = [kinds[duchy[space]].animals for space in herd]
    return sum(animals) + per_tile * len(animals)


def _apply_animal(state: GameState, player: PlayerState, action: PlaceAction, space: int, found: None = None) -> None:
    score_vp(state, player, "animals", livestock_points(state, player, space, catalogue()[action.tile].animal))


#: The VP a watchtower scores when placed.
WATCHTOWER_VP = 4


def _gain(silver: int = 0, workers: int = 0, watchtower: int = 0) -> Callable:
    def apply(state: GameState, player: PlayerState, action: PlaceAction, space: int, found: None = None) -> None:
        gain_silver(state, player, silver, action.tile)
        gain_workers(state, player, workers, action.tile)
        score_vp(state, player, "watchtowers", watchtower)
    return apply


def _building_take(colours: str) -> Grant:
    return Grant(("take",), colours, ("cob.building.take", "this building grants a take from a numbered depot",
                                      "then: take <tile> from <depot>"))


#: What a castle's extra action may be: any of the four actions, with any number.
CASTLE_ACTION = ("cob.castle.action", "a castle grants one of the four actions",
                 "then: take <tile> from <depot>, place <tile> <space>, sell <goods type> or workers")

#: Immediate effects of the base game by tile kind, falling back to tile type.
EFFECTS: dict[str, Effect] = {
    "castle": Effect(grants=Grant(tuple(ACTIONS), None, CASTLE_ACTION)),
    "ship": Effect(check=_check_ship, apply=_apply_ship),
    "mine": Effect(),
    "animal": Effect(apply=_apply_animal),
    "knowledge": Effect(),
    "building": Effect(),
    "warehouse": Effect(grants=Grant(("sell",), None, ("cob.building.warehouse", "a warehouse grants a sale, "
                                                       "nothing else", "then: sell <goods type>"))),
    "carpenter": Effect(grants=_building_take("B")),
    "church": Effect(grants=_building_take("MYC")),
    "market": Effect(grants=_building_take("SL")),
    "boarding-house": Effect(apply=_gain(workers=4)),
    "bank": Effect(apply=_gain(silver=2)),
    "city-hall": Effect(grants=Grant(("place",), None, ("cob.building.city-hall", "a city hall grants a placement, "
                                                        "nothing else", "then: place <tile> <space>"))),
    "watchtower": Effect(apply=_gain(watchtower=WATCHTOWER_VP)),
}


def mine_income(state: GameState) -> None:
    """1 silverling per mine at each phase end (knowledge tile 2: also 1 worker per mine), noted
    for the line that ended the phase (``cob.mine.income``)."""
    for seat, player in enumerate(state.players):
        mines = player.duchy.count("mine")
        gain_silver(state, player, mines, "mines")
        workers = mines if 2 in player.knowledge else 0
        gain_workers(state, player, workers, "knowledge tile 2")
        said = noted_as(state, seat)
        if said and mines:
            noted("cob.mine.income", "{} receive{} {}{} for {}", said, "" if " and " in said else "s",
                  counted_in(state.edition, mines, "silverling"),
                  f" and {counted_in(state.edition, workers, 'worker')} ({WORDS[state.edition]['knowledge tile']} 2)" if workers
                  else "", counted(mines, "mine"))


def noted_as(state: GameState, seat: int) -> str | None:
    """Who a phase-end note (:func:`~burgundy_cli.castles.rules.noted`) names for ``seat``: the
    player, or in the 2019 team game the team (its members in seat order, as the line's effects
    name it), at its first member's seat only (both members' copies receive and pay the same,
    once); None at the second's, and while no note is taken."""
    if not noting_now():
        return None
    teams = state.teams
    if teams is None:
        return state.players[seat].name
    members = teams.members[teams.team(seat)]
    return " and ".join(state.players[member].name for member in sorted(members)) if seat == members[0] else None
