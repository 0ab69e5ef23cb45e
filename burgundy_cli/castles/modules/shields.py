"""The shields (2019 rulebook, "THE SHIELDS"), as one rule module.

Eighteen shields, dealt face up onto the depots' goods spaces at setup (2 players: one per
depot; 3 players: one on depots 1, 3, 5 and two on 2, 4, 6; 4 players: two per depot) and
never replaced. The record's ``[setup] shields`` says which shield lies on which depot:
chance comes from the table. On doubles (workers may make them) a player may, instead of
both dice actions, take a shield from the depot of that number and put it on one of their
castles, replacing (and removing from the game) a shield already there
(``anna: shield 3 5>3 12 c4``). At each phase end, before the mines pay, every shield costs
1 silverling of tribute; an unpaid shield is removed (``anna: tribute drop 12`` says ahead
which the player gives up, and how many shield 3 pays with workers). At the end each shield
in a duchy scores 12 (1-6), 8 (7-12) or 4 (13-18) VP.

The abilities, each with its rule id ``cob.shield.<n>`` (rules.py, citations.py):

1. all pastures count as one for animal scoring; 2. a worker whenever another player gets
workers; 3. tribute paid with workers too; 4. unlimited tile storage; 5. a ship also takes
every goods tile of one chosen type from all depots (``... goods 3 also 5``: written as the
ship's ``shield`` line, see :func:`check_ship_goods`); 6. the monastery tiles of one chosen
player count as one's own (``anna: shield borrow ben``); 7. bonus tiles score double;
8. mines pay double; 9. 1 silverling per goods tile sold; 10. VP monastery tiles score
double at the end; 11. a castle's extra action may take a shield (``then shield 12 c4``);
12. double VP per goods tile sold; 13. doubles the shields' end VP; 14./15. at each phase
end a tile from a numbered / the black depot straight into the duchy
(``anna: shield place k3 from 4 c5``); 16. one die a turn set to any number; 17. a
completed area scores as one size larger; 18. tiles go anywhere, not only next to others.

Readings the text leaves open are docs/rulings.md's "Shields" section; the named options
are ``shield-tribute-whole`` (tribute is all or nothing) and ``shield17-uncapped``; in the
team game, where a shield lies on the team's castle and is the team's (:func:`team_of`),
``team-shield-tribute`` and ``team-shield-others`` (:data:`TEAM_READINGS`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from burgundy_cli.castles.rules import noted, passed
from burgundy_cli.castles.rules.actions import (
    ActionRule, Effect, LineRule, bonus_tile_points, gain_goods, gain_silver, gain_workers, goods_types_free, illegal,
    noted_as, sale_points, score_vp,
)
from burgundy_cli.castles.rules.boards import space_id, space_name
from burgundy_cli.castles.rules.bounds import BASE_BOUNDS
from burgundy_cli.castles.rules.commands import ShieldAction, mended
from burgundy_cli.castles.rules.placement import ADJACENT
from burgundy_cli.castles.rules.state import GameState, PlayerState, ShieldTable
from burgundy_cli.castles.rules.tiles import catalogue
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.words import counted

SHIELDS = tuple(range(1, 19))
MODULE = "shields"
#: The team game's named options for the shields and their values, the default first
#: (docs/rulings.md): who pays a team's tribute, who is "another player" for shields 2 and 6.
TEAM_READINGS = {"team-shield-tribute": ("team", "each"), "team-shield-others": ("other-team", "teammate-too")}


def end_vp(shield: int) -> int:
    """A shield's VP at the end of the game: 12 (1-6), 8 (7-12) or 4 (13-18)."""
    return 12 if shield <= 6 else 8 if shield <= 12 else 4


def per_depot(players: int) -> tuple[int, ...]:
    """How many shields each of depots 1..6 gets at setup (index 0 unused). One player (the solo
    game, which "follow[s] the rules for the 2-player game for the rest of the game setup") gets
    the 2-player deal."""
    if players <= 2:
        return (0, 1, 1, 1, 1, 1, 1)
    if players == 3:
        return (0, 1, 2, 1, 2, 1, 2)
    return (0, 2, 2, 2, 2, 2, 2)


def team_of(state: GameState, seat: int) -> tuple[int, ...]:
    """The seats whose shields are ``seat``'s: in the team game both members of its team (a
    shield lies on the team's castle, in the team's duchy: docs/rulings.md, the team game with
    the shields), else ``seat`` alone."""
    teams = state.teams
    return (seat,) if teams is None else teams.members[teams.team(seat)]


def holds(player: PlayerState, shield: int) -> bool:
    """``shield`` lies on one of ``player``'s castles (its ability is active for them)."""
    return shield in player.shields.values()


def deal(order: list[int], players: int) -> dict[str, list[int]]:
    """The ``[setup] shields`` table for shields drawn in ``order`` (a shuffle of 1..18)."""
    counts = per_depot(players)
    table, at = {}, 0
    for depot in range(1, 7):
        table[str(depot)] = sorted(order[at:at + counts[depot]])
        at += counts[depot]
    return table


def table_from_setup(dealt: dict[str, list[int]] | None, players: int) -> tuple[ShieldTable | None, str | None, str]:
    """The shields table from ``[setup] shields`` (depot -> shield numbers), or (None, why
    not, the key to blame) when it is missing or breaks the setup rule."""
    counts = per_depot(players)
    if dealt is None:
        example = ", ".join(f'"{d}" = [{", ".join(["n"] * counts[d])}]' for d in range(1, 7))
        return None, f"the shields module needs the shields dealt onto the depots: add shields = {{{example}}}", ""
    table = ShieldTable()
    seen: set[int] = set()
    for depot in range(1, 7):
        numbers = dealt.get(str(depot), [])
        if len(numbers) != counts[depot]:
            return None, (f"depot {depot} gets {counts[depot]} shield{'s' if counts[depot] > 1 else ''} with "
                          f"{counted(players, 'player')}, not {len(numbers)}"), str(depot)
        for number in numbers:
            if number in seen:
                return None, f"shield {number} is dealt twice", str(depot)
            seen.add(number)
        table.depots[depot] = list(numbers)
    table.box = [n for n in SHIELDS if n not in seen]
    return table, None, ""


def on_table(state: GameState) -> list[int]:
    """Every shield's number once: on depots, on castles, removed and in the box (the
    conservation the property tests hold: always 1..18)."""
    table = state.shields
    numbers = [n for depot in table.depots for n in depot] + table.removed + table.box
    return sorted(numbers + [n for p in state.players for n in p.shields.values()])


# --- taking a shield --------------------------------------------------------------------------


def _castle_refusal(player: PlayerState, space_text: str) -> tuple[str, str] | None:
    space = space_id(space_text)  # (a team board's right half too)
    tile = None if space is None or space >= len(player.duchy) else player.duchy[space]
    if tile is None or catalogue()[tile].type != "castle":
        castles = [space_name(s) for s, t in enumerate(player.duchy) if t is not None and catalogue()[t].type == "castle"]
        return (f"{space_text} holds no castle of {player.name}'s", f"castles: {', '.join(castles)}")
    return None


def check_shield(state: GameState, player: PlayerState, shield: int, space: str, depot: int | None) -> None:
    """``player`` may take ``shield`` from ``depot`` (None: any depot, shield 11) onto their
    castle on ``space`` (``cob.shield.depot``, ``cob.shield.castle``)."""
    depots = state.shields.depots
    where = [d for d in range(1, 7) if shield in depots[d]]
    if depot is not None and shield not in depots[depot]:
        lying = ", ".join(map(str, depots[depot])) or "no shield"
        raise illegal("cob.shield.depot", f"shield {shield} does not lie on depot {depot}",
                      f"depot {depot} holds {lying}" + (f"; shield {shield} lies on depot {where[0]}" if where else ""))
    if not where:
        raise illegal("cob.shield.depot", f"shield {shield} lies on no depot",
                      "shields on the depots: " + ", ".join(f"{d}: {' '.join(map(str, depots[d]))}"
                                                           for d in range(1, 7) if depots[d]))
    refusal = _castle_refusal(player, space)
    if refusal is not None:
        raise illegal("cob.shield.castle", *refusal)
    passed("cob.shield.depot", "shield {} lies on depot {}", shield, where[0])
    old = player.shields.get(space_id(space))
    passed("cob.shield.castle", "{} holds a castle of {}'s{}", space, player.name,
           "" if old is None else f" (shield {old} there leaves the game)")


def put_shield(state: GameState, player: PlayerState, shield: int, space: str) -> None:
    """``shield`` leaves its depot for ``player``'s castle on ``space``; a shield there is removed."""
    table = state.shields
    for depot in table.depots:
        if shield in depot:
            depot.remove(shield)
            break
    index = space_id(space)
    old = player.shields.get(index)
    if old is not None:
        table.removed.append(old)
    player.shields[index] = shield
    if old is not None:
        lost(state, player, old)
    if shield == 6 or old == 6:
        refresh_knowledge(state, player)


def check_doubles(state: GameState, player: PlayerState, cmd, value: int) -> None:
    """A shield line on doubles: the shield lies on the depot of the doubles' number."""
    check_shield(state, player, cmd.shield, cmd.space, value)


def apply_doubles(state: GameState, player: PlayerState, cmd, value: int) -> None:
    put_shield(state, player, cmd.shield, cmd.space)


def _check_granted(state: GameState, player: PlayerState, action: ShieldAction, value: int | None = None,
                   spent: int = 0) -> None:
    """Shield 11: a castle's extra action takes a shield (from any depot)."""
    if not holds(player, 11):
        raise illegal("cob.shield.11", "only shield 11 lets a castle's extra action take a shield",
                      "take a shield with doubles instead")
    passed("cob.shield.11", "{} holds shield 11", player.name)
    check_shield(state, player, action.shield, action.space, None)


def _apply_granted(state: GameState, player: PlayerState, action: ShieldAction, value: int | None = None,
                   found=None) -> None:
    put_shield(state, player, action.shield, action.space)


def castle_grants_shield(castle: Effect) -> Effect:
    """The castle's extra action (the castle's effect so far: any action) with a shield too, for
    the holder of shield 11 (cob.shield.11): the grant extended, not written again."""
    return replace(castle, grants=replace(castle.grants, kinds=(*castle.grants.kinds, "shield")))
#: The granted shield action (shield 11).
GRANTED = ActionRule(_check_granted, _apply_granted)


def lost(state: GameState, player: PlayerState, shield: int) -> None:
    """What leaving a duchy undoes: shield 6's borrowed tiles (see :func:`refresh_knowledge`)."""
    if shield == 6:
        for seat in team_of(state, state.players.index(player)):
            state.shields.borrowed.pop(seat, None)


# --- tribute -----------------------------------------------------------------------------------


def check_tribute(state: GameState, cmd) -> None:
    """``<player>: tribute [drop <shields>] [workers <n>]``: a player's tribute for this phase's
    end, said ahead (the phase ends with its last die, and the tribute is paid then, before the
    mines pay): the shields given up must be theirs, workers pay only with shield 3 kept."""
    seat = state.seat(cmd.player)
    if seat < 0:
        raise illegal("cob.flow.turn-order", f"no player called '{cmd.player}'")
    player = state.players[seat]
    held = set(player.shields.values())
    if not held:
        raise illegal("cob.shield.tribute", f"{player.name} holds no shield to pay tribute for",
                      "the tribute is 1 silver coin per shield held")
    for shield in cmd.drop:
        if shield not in held:
            raise illegal("cob.shield.tribute", f"{player.name} has no shield {shield} to give up",
                          f"{player.name}'s shields: {' '.join(map(str, sorted(held)))}")
    if len(set(cmd.drop)) < len(cmd.drop):
        raise illegal("cob.shield.tribute", "a shield is given up twice", "name each shield once")
    if cmd.workers is not None:
        if 3 not in held or 3 in cmd.drop:
            raise illegal("cob.shield.3", "only shield 3, kept, lets tribute be paid with workers",
                          fix=mended(cmd, "leave out the workers", workers=None))
        kept, price = len(held) - len(set(cmd.drop)), tribute_price(state)
        if cmd.workers > kept * price:
            raise illegal("cob.shield.tribute", f"{counted(cmd.workers, 'worker')} for {counted(kept, 'shield')} kept",
                          f"{counted(price, 'silver coin')} or worker{'s' if price > 1 else ''} per shield; "
                          "the most they may pay", fix=cmd.model_copy(update={"workers": kept * price}))
        passed("cob.shield.3", "{} keeps shield 3, so workers may pay", player.name)
    kept = sorted(held - set(cmd.drop))
    passed("cob.shield.tribute", "{} holds shield{} {}: {}", player.name, "s" if len(held) > 1 else "",
           " ".join(map(str, sorted(held))),
           (f"gives up {' '.join(map(str, cmd.drop))}, " if cmd.drop else "")
           + (f"pays for {' '.join(map(str, kept))} at the phase end" if kept else "pays nothing")
           + ("" if cmd.workers is None else f", {counted(cmd.workers, 'worker')} of it"))


def apply_tribute(state: GameState, cmd) -> None:
    """The order stands for the player's shields: in the team game for the team's (either
    member's line is the team's, the later replacing the earlier; docs/rulings.md)."""
    for seat in team_of(state, state.seat(cmd.player)):
        state.shields.orders[seat] = (tuple(cmd.drop), cmd.workers)


def tribute_price(state: GameState) -> int:
    """What one shield costs at a phase end: 1 silverling (or worker, shield 3); in the team game
    with option ``team-shield-tribute = "each"``, 1 from each member of the team, paid from the
    team's one supply (docs/rulings.md)."""
    if state.teams is not None and state.options.team_shield_tribute == "each":
        return len(state.teams.members[0])
    return 1


def _give_up_order(player: PlayerState) -> list[int]:
    """The shields a player gives up first when the tribute falls short: the fewest end VP
    first, then the higher number (the default when the record says nothing)."""
    return sorted(player.shields.values(), key=lambda n: (end_vp(n), -n))


def tribute(state: GameState) -> None:
    """At each phase end, before the mines pay: 1 silverling per shield (shield 3: or a
    worker), the player's declared order first; unpaid shields are removed. Option
    ``shield-tribute-whole``: a player who cannot pay for every shield kept loses them all.
    In the team game each member's copy of the team's shields, silver and workers pays the
    same from the same order, so the team pays once (as the mines pay the team once); with
    option ``team-shield-tribute = "each"`` each member pays for the team's shields, so a
    shield costs the team :func:`tribute_price` (2) silverlings or workers."""
    table = state.shields
    for seat, player in enumerate(state.players):
        drop, workers = table.orders.pop(seat, ((), None))
        said = noted_as(state, seat)  # (the team game: the team pays once, said once)
        given_up = [shield for shield in drop if holds(player, shield)]
        for shield in given_up:  # (one replaced on its castle since the order is gone already)
            _remove(state, player, shield)
        if said and given_up:
            noted("cob.shield.tribute", "{} give{} up shield{} {} as said ahead", said, "" if " and " in said else "s",
                  "s" if len(given_up) > 1 else "", " ".join(map(str, given_up)))
        held = len(player.shields)
        if not held:
            continue
        price = tribute_price(state)
        owed = held * price
        by_workers = 0
        if holds(player, 3):
            by_workers = min(player.workers, owed if workers is None else workers)
            if workers is None:  # default: silver first, workers for the rest
                by_workers = min(player.workers, max(0, owed - player.silver))
        by_silver = min(player.silver, owed - by_workers)
        paid = (by_workers + by_silver) // price  # (shields paid for in full)
        if paid < held and state.options.shield_tribute_whole:
            paid = 0
        by_workers = min(by_workers, paid * price)
        by_silver = paid * price - by_workers
        player.workers -= by_workers
        player.silver -= by_silver
        unpaid = _give_up_order(player)[:held - paid]
        if said:
            _note_tribute(said, sorted(set(player.shields.values()) - set(unpaid)), by_silver, by_workers, unpaid)
        for shield in unpaid:
            _remove(state, player, shield)
    table.orders.clear()
    table.used.clear()  # (shields 14/15 act after this step: their use is of the phase that ended)


def _note_tribute(payer: str, kept: list[int], silver: int, workers: int, unpaid: list[int]) -> None:
    """Note what ``payer`` paid for the shields ``kept`` and which ``unpaid`` ones left the game."""
    plural = " and " in payer
    if kept:
        paid = " and ".join(part for part in (counted(silver, "silver coin") if silver else "",
                                                 f"{counted(workers, 'worker')} (shield 3)" if workers else "") if part)
        noted("cob.shield.tribute", "{} pay{} {} of tribute for shield{} {}", payer, "" if plural else "s",
              paid or "nothing", "s" if len(kept) > 1 else "", " ".join(map(str, kept)))
    if unpaid:
        noted("cob.shield.tribute", "{} cannot pay for shield{} {}: removed from the game", payer,
              "s" if len(unpaid) > 1 else "", " ".join(map(str, sorted(unpaid))))


def _remove(state: GameState, player: PlayerState, shield: int) -> None:
    space = next(s for s, n in player.shields.items() if n == shield)
    del player.shields[space]
    if shield not in state.shields.removed:  # (the team game: the teammate's copy removed it already)
        state.shields.removed.append(shield)
    lost(state, player, shield)
    if shield == 6:
        refresh_knowledge(state, player)


# --- the abilities ----------------------------------------------------------------------------


def one_pasture(pasture: Callable) -> Callable:
    """Shield 1 ("all pasture spaces count as connected, as if there was just one pasture"),
    on the pasture extension point: for its holder the pasture of a space is every pasture
    space of the duchy, so livestock scoring and the geese (and whatever else asks
    ``actions.pasture_of``) see one pasture; ``pasture``: the rule so far, for everyone else.
    Area completion asks it only with option ``shield1-one-area`` (:func:`one_pasture_area`,
    docs/rulings.md)."""
    def shield_pasture(state: GameState, player: PlayerState, space: int):
        if player.shields and holds(player, 1):
            return player.board.colour_spaces["L"]
        return pasture(state, player, space)
    return shield_pasture


def one_pasture_area(state: GameState, player: PlayerState, space: int):
    """Shield 1 with option ``shield1-one-area``, on the area extension point
    (``actions.area_spaces``): for its holder the pasture spaces are one area, completed when
    every one is filled and scored at its size (capped at 8 like any area counted larger).
    None (the printed area) without the option, for anyone else and off the pastures."""
    if (state.options.shield1_one_area and player.shields and holds(player, 1)
            and player.board.colour[space] == "L"):
        return player.board.colour_spaces["L"]
    return None


def workers_gained(state: GameState, player: PlayerState, amount: int, source: str) -> None:
    """Shield 2, a handler of the point "workers gained" (``actions.gain_workers``, every source
    of workers: docs/rulings.md): whenever ``player`` gets workers, each other player holding
    shield 2 takes a worker from the supply (once per gain, whatever the number).

    In the team game "another player" is by default a player of the other team (option
    ``team-shield-others``, docs/rulings.md): the teammate's gain is the team's own; with
    ``"teammate-too"`` a teammate's gain counts as well (shield 2's own worker then none, or
    the team's two members would hand it on without end). The shield is the team's: each
    member takes the worker on their copy of the team's workers (the team gets one). At a
    phase end both members' copies receive the team's income (the mines): one event, the
    first member's."""
    seat = state.players.index(player)
    excluded = team_of(state, seat)
    if state.teams is not None and state.round == 5 and seat != excluded[0]:
        return
    if state.options.team_shield_others == "teammate-too":
        if source == "shield 2":
            return
        excluded = (seat,)
    receiving = {other_seat for other_seat, other in enumerate(state.players)
                 if other_seat not in excluded and other.shields and holds(other, 2)}
    for other_seat in sorted({member for holder in receiving for member in team_of(state, holder)}):
        gain_workers(state, state.own_player(other_seat), 1, "shield 2")


def goods_sold(state: GameState, player: PlayerState, goods: int, count: int) -> None:
    """Shields 9 (1 silverling per goods tile sold, where the sale gives 1) and 12 (double VP
    per goods tile sold), a handler of the sale's point (``actions.apply_sell``): ``count``
    tiles sold."""
    if player.shields:
        if holds(player, 9):
            gain_silver(state, player, count - 1, "shield 9")
        if holds(player, 12):
            score_vp(state, player, "goods-sold", sale_points(state, count))


def check_ship_goods(state: GameState, player: PlayerState, goods: int) -> None:
    """Shield 5: a ship placed this turn also takes every goods tile of type ``goods`` (option
    ``solo-shield5-first``: also those the solo ship removed, :func:`swept_goods`), within the
    goods-types limit (``actions.goods_types_free``: none in the solo game)."""
    if not holds(player, 5):
        raise illegal("cob.shield.5", "only shield 5 lets a ship take goods of one type from every depot")
    if not any(goods in state.depot_goods[d] for d in range(1, 7)) and not swept_goods(state, player).get(goods):
        raise illegal("cob.shield.5", f"no depot holds goods of type {goods}")
    if goods not in player.goods and goods_types_free(state, player) <= 0:
        raise illegal("cob.ship.goods", f"{player.name} already stores {len(player.goods)} goods types")
    passed("cob.shield.5", "{} holds shield 5 and a depot holds goods of type {}", player.name, goods)
    passed("cob.ship.goods", "{} may store goods of type {}", player.name, goods)


def take_ship_goods(state: GameState, player: PlayerState, goods: int) -> None:
    swept = swept_goods(state, player).get(goods, 0)
    state.shields.ship = state.shields.swept = None
    if swept:  # (option solo-shield5-first: taken before the solo ship's removal, so back in play)
        gain_goods(state, player, goods, swept, "shield 5")
        state.solo.goods_out[goods] -= swept
    for depot in range(1, 7):
        lying = state.depot_goods[depot]
        count = lying.count(goods)
        if count:
            gain_goods(state, player, goods, count, "shield 5")
            state.depot_goods[depot] = [g for g in lying if g != goods]


def keep_swept(state: GameState, player: PlayerState, swept: dict[int, int]) -> None:
    """Option ``solo-shield5-first`` (2019 solo game): a solo ship of a holder of shield 5 keeps
    the goods it removed from the other depots, with the goods the player holds right after it,
    for shield 5's take (:func:`swept_goods`)."""
    table = state.shields
    table.swept = None
    if table.ship == (state.players.index(player), state.phase, state.round) and swept:
        table.swept = (tuple(sorted(player.goods.items())), tuple(sorted(swept.items())))


def swept_goods(state: GameState, player: PlayerState) -> dict[int, int]:
    """Option ``solo-shield5-first``: goods type -> count the last solo ship removed that shield
    5's take may still have, as if made before the removal ("You choose the order in which you
    take any (partial) game actions"). Empty unless the player's goods are still those they held
    right after that ship: once a sale, an exchange or another ship has changed them, the two
    orders no longer come to the same, and the take is of the depots alone."""
    swept = state.shields.swept
    if swept is None or tuple(sorted(player.goods.items())) != swept[0]:
        return {}
    return dict(swept[1])


def ship_then_shield_5(ship: Effect) -> Effect:
    """The ship's effect so far (the base game's, or the extra tiles' with #27's restack), and
    with shield 5 the right to take one goods type from every depot right after."""
    def apply(state: GameState, player: PlayerState, action, space: int, taking=None) -> None:
        ship.apply(state, player, action, space, taking)
        if player.shields and holds(player, 5):
            state.shields.ship = (state.players.index(player), state.phase, state.round)
    return replace(ship, apply=apply)


def refresh_knowledge(state: GameState, acting: PlayerState | None = None) -> None:
    """Shield 6: each player's knowledge tiles are their own plus, while they hold shield 6,
    those of the player they borrow from (the knowledge of the others is recomputed too); in
    the team game that player's duchy is their team's, read off both members' copies, the
    teammate's line not yet shared with the lender's copy (``team.after_line``).

    ``acting``: the player the caller is changing (a state's own, never shared with a branch
    or an undo copy), whose knowledge changes in place: the caller goes on with the same
    object (a tribute's next shield, a placement's granted action). Any other player is
    copied on write (:meth:`~burgundy_cli.castles.rules.state.GameState.own_player`)."""
    kinds = catalogue()
    own = [{kinds[t].number for t in p.duchy if t is not None and kinds[t].number is not None}
           for p in state.players]
    for seat, player in enumerate(state.players):
        lender = state.shields.borrowed.get(seat)
        lent = set().union(*(own[member] for member in team_of(state, lender))) \
            if lender is not None and holds(player, 6) else set()  # (the team game: the team's one duchy)
        knowledge = own[seat] | lent
        if knowledge != player.knowledge:
            (player if player is acting else state.own_player(seat)).knowledge = knowledge


def after_placement(state: GameState, player: PlayerState, space: int) -> None:
    """After every placement: shield 6's lent tiles follow a new monastery tile."""
    if state.shields.borrowed and catalogue()[player.duchy[space]].number is not None:
        refresh_knowledge(state, player)


def bonus_doubled(state: GameState, player: PlayerState, colour: str, bonus: str | None) -> None:
    """Shield 7, a handler of the point "a colour completed" (``actions.complete_colour``): the
    bonus tile just taken scores its VP once more."""
    if bonus is not None and player.shields and holds(player, 7):
        score_vp(state, player, "colour-bonus", bonus_tile_points(state, bonus))


def check_borrow(state: GameState, player: PlayerState, lender: str) -> int:
    if not holds(player, 6):
        raise illegal("cob.shield.6", "only shield 6 lends another player's monastery tiles")
    seat = state.seat(lender)
    own = state.players.index(player)
    if seat < 0 or seat in (team_of(state, own) if state.options.team_shield_others == "other-team" else (own,)):
        raise illegal("cob.shield.6", f"'{lender}' is no "
                      + ("player of the other team" if state.teams is not None and seat >= 0 else "other player"))
    if state.players.index(player) in state.shields.borrowed:
        raise illegal("cob.shield.6", f"{player.name} has chosen already",
                      f"shield 6 lends {state.players[state.shields.borrowed[state.players.index(player)]].name}'s")
    passed("cob.shield.6", "{} holds shield 6 and has not chosen yet; {} is another player", player.name,
           state.players[seat].name)
    return seat


def mines_doubled(state: GameState) -> None:
    """Shield 8 (after the mines pay): its holder's mines pay their silverlings again."""
    for seat, player in enumerate(state.players):
        if player.shields and holds(player, 8):
            mines = player.duchy.count("mine")
            gain_silver(state, player, mines, "shield 8")
            said = noted_as(state, seat)
            if said and mines:
                noted("cob.shield.8", "{}'s {} pay {} again", said, counted(mines, "mine"),
                      counted(mines, "silver coin"))


def may_set_die(state: GameState, player: PlayerState) -> bool:
    """Shield 16: its holder may set one die to any number, once in each of their turns."""
    return bool(player.shields) and holds(player, 16) and state.shields.die16 != _this_turn(state, player)


def set_die(state: GameState, player: PlayerState) -> None:
    """Shield 16 is used for this turn (the engine calls it when a die is changed by it)."""
    state.shields.die16 = _this_turn(state, player)


def _this_turn(state: GameState, player: PlayerState) -> tuple[int, int, int]:
    """A player's turn, as (seat, phase, round): each player has one turn a round."""
    return state.players.index(player), state.phase, state.round


def storage_unlimited(state: GameState, player: PlayerState, spaces: int) -> int | None:
    """Shield 4, a handler of the storage's size (``actions.storage_spaces``): its holder's
    storage is never full."""
    return None if player.shields and holds(player, 4) else spaces


def one_size_larger(state: GameState, player: PlayerState, space: int) -> tuple[int, bool]:
    """Shield 17, a handler of the point "an area completed" (``actions.area_points``): its
    holder's completed area counts one space larger (past size 8 with option ``shield17-uncapped``)."""
    if player.shields and holds(player, 17):
        return 1, state.options.shield17_uncapped
    return 0, False


def check_phase_placement(state: GameState, player: PlayerState, depot: int) -> int:
    """Shields 14/15: after the phase's last turn (before the next phase begins), one tile from a
    numbered depot (14) or the black depot (15, ``depot`` 0) straight into the duchy, once per
    phase. Returns the shield."""
    shield = 15 if depot == 0 else 14
    if not holds(player, shield):
        raise illegal(f"cob.shield.{shield}", f"only shield {shield} places a tile from "
                      f"{'the black depot' if shield == 15 else 'a numbered depot'} at a phase end")
    if state.stage != "phase" or state.round != 0 or state.phase == 0:  # (after phase E: cob.flow.over)
        raise illegal(f"cob.shield.{shield}", f"shield {shield} acts at the end of a phase, after the last turn")
    if any((seat, shield) in state.shields.used for seat in team_of(state, state.players.index(player))):
        raise illegal(f"cob.shield.{shield}", f"shield {shield} has placed its tile this phase")
    passed(f"cob.shield.{shield}", "{} holds shield {}, the phase has ended and the shield has not placed its tile",
           player.name, shield)
    return shield


def end_points(state: GameState, player: PlayerState) -> int:
    """The shields' final scoring: each shield's end VP (doubled by shield 13), and shield 10's
    second scoring of the VP monastery tiles."""
    if not player.shields:
        return 0
    points = sum(map(end_vp, player.shields.values()))
    if holds(player, 13):
        points *= 2
    if holds(player, 10):
        from burgundy_cli.castles.rules.scoring import knowledge_points
        points += sum(knowledge_points(state, player).values())
    return points


# --- the moment in a [position] ----------------------------------------------------------------


def moment_table(state: GameState) -> dict:
    """What of the moment a ``[position.shields]`` keeps (``setup.ShieldsPosition``): the choices
    still open now and the abilities used this phase or turn, as :func:`position_moment` reads
    them back. What can no longer act is left out: a ship or shield 16's die of an earlier
    round, goods a solo ship swept once the player's goods have changed."""
    table, names, now = state.shields, [player.name for player in state.players], (state.phase, state.round)
    out: dict = {}
    if table.ship is not None and table.ship[1:] == now:
        out["ship"] = names[table.ship[0]]
        swept = swept_goods(state, state.players[table.ship[0]])
        if swept:
            out["swept"] = {str(goods): count for goods, count in sorted(swept.items())}
    if table.used:
        out["placed"] = {names[seat]: sorted(s for held, s in table.used if held == seat)
                         for seat in sorted({seat for seat, _ in table.used})}
    if table.die16 is not None and table.die16[1:] == now:
        out["die16"] = names[table.die16[0]]
    if table.orders:
        out["tribute"] = {names[seat]: {"drop": list(drop), **({} if workers is None else {"workers": workers})}
                          for seat, (drop, workers) in sorted(table.orders.items())}
    return out


def position_moment(state: GameState, off) -> tuple[str, ...] | None:
    """Put :func:`moment_table`'s part of a ``[position.shields]`` (``off``) on ``state``.
    Returns (why, key, ...) when it cannot be right, else None."""
    table, now = state.shields, (state.phase, state.round)

    def seat_of(name: str, *key: str) -> int | tuple[str, ...]:
        seat = state.seat(name)
        return seat if seat >= 0 else (f"'{name}' is no player of the game", *key)

    for key in ("ship", "die16"):
        name = getattr(off, key)
        if name is None:
            continue
        seat = seat_of(name, key)
        if isinstance(seat, tuple):
            return seat
        setattr(table, key, (seat, *now))
    if off.swept:
        if table.ship is None or not state.options.solo_shield5_first:
            return ("goods swept by a solo ship are kept only for shield 5's take after it: name the ship's player "
                    "(ship) in a solo game with option solo-shield5-first", "swept")
        player = state.players[table.ship[0]]
        table.swept = (tuple(sorted(player.goods.items())), tuple((int(g), c) for g, c in sorted(off.swept.items())))
    for name, used in off.placed.items():
        seat = seat_of(name, "placed", name)
        if isinstance(seat, tuple):
            return seat
        table.used |= {(seat, shield) for shield in used}
    for name, order in off.tribute.items():
        seat = seat_of(name, "tribute", name)
        if isinstance(seat, tuple):
            return seat
        if len(set(order.drop)) < len(order.drop):
            return "a shield is given up twice", "tribute", name, "drop"
        table.orders[seat] = (tuple(order.drop), order.workers)
    return None


#: Shield 18: the adjacency rule, lifted for its holder (the same rule id: the same rule).
ADJACENT_UNLESS_18 = replace(ADJACENT, allows=lambda player, kind, space, value: 18 in player.shields.values()
                             or ADJACENT.allows(player, kind, space, value),
                             kept=lambda state, player, kind, space: "placed next to a filled space"
                             if ADJACENT.allows(player, kind, space, None)
                             else f"{player.name} holds shield 18: a tile goes on any space [cob.shield.18]")


# --- the module's lines -----------------------------------------------------------------------


def _player_of(state: GameState, name: str) -> PlayerState:
    seat = state.seat(name)
    if seat < 0:
        raise illegal("cob.flow.turn-order", f"no player called '{name}'")
    return state.players[seat]


def _check_goods_line(state: GameState, cmd) -> None:
    player = _player_of(state, cmd.player)
    seat = state.players.index(player)
    if state.shields.ship != (seat, state.phase, state.round) or state.stage != "turn":
        if not holds(player, 5):
            raise illegal("cob.shield.5", "only shield 5 lets a ship take goods of one type from every depot")
        raise illegal("cob.shield.5", "shield 5 acts right after its holder places a ship (once per ship)",
                      "place a ship first")
    check_ship_goods(state, player, cmd.goods)


def _apply_goods_line(state: GameState, cmd) -> None:
    take_ship_goods(state, _player_of(state, cmd.player), cmd.goods)


def _check_borrow_line(state: GameState, cmd) -> None:
    check_borrow(state, _player_of(state, cmd.player), cmd.lender)


def _apply_borrow_line(state: GameState, cmd) -> None:
    for seat in team_of(state, state.seat(cmd.player)):  # (the team game: the team's choice)
        state.shields.borrowed[seat] = state.seat(cmd.lender)
    refresh_knowledge(state)


def _lift(state: GameState, player: PlayerState, depot: int, tile: str) -> None:
    """Shields 14/15: the tile leaves its depot for the player's hand (placed at once)."""
    from burgundy_cli.castles.rules.actions import take_from_depot

    take_from_depot(state, depot, tile)
    player.storage.append(tile)


def _check_place_line(state: GameState, cmd) -> None:
    from burgundy_cli.castles.rules.actions import check_action, depot_offers

    player = _player_of(state, cmd.player)
    shield = check_phase_placement(state, player, cmd.depot)
    if _buys_inside(cmd.place):
        raise illegal("cob.buy.during", f"shield {shield}'s tile is placed at the phase end, after every player's "
                      "turn: no purchase is made during it", "a player still buying after their dice writes "
                      "the purchase as its own `buy` line")
    tile = cmd.place.tile
    if tile not in catalogue():
        raise illegal("cob.place.stored", f"there is no tile called '{tile}'")
    reason = depot_offers(state, cmd.depot, tile)
    if reason is not None:
        raise illegal(f"cob.shield.{shield}", f"no {tile} to take from "
                      f"{'the black depot' if cmd.depot == 0 else f'depot {cmd.depot}'}", reason)
    seat = state.players.index(player)
    branch = state.branch(seat)
    acting = branch.players[seat]
    _lift(branch, acting, cmd.depot, cmd.place.tile)
    check_action(branch, acting, cmd.place, None)


def _buys_inside(action) -> bool:
    """A purchase is made inside ``action`` or the actions it grants (a placement's ``buy``, down
    its ``then`` chain and a sale's route bonus actions)."""
    if getattr(action, "buy", None) is not None:
        return True
    then = getattr(action, "then", None)
    return any(map(_buys_inside, then)) if isinstance(then, tuple) else then is not None and _buys_inside(then)


def _apply_place_line(state: GameState, cmd) -> None:
    from burgundy_cli.castles.rules.actions import apply_action

    player = _player_of(state, cmd.player)
    state.shields.used.add((state.players.index(player), 15 if cmd.depot == 0 else 14))
    _lift(state, player, cmd.depot, cmd.place.tile)
    apply_action(state, player, cmd.place, None)


def _doubles_candidates(state: GameState, seat: int) -> list[tuple[str, object]]:
    """Every shield ``seat`` could take with doubles now (the engine then judges each)."""
    from burgundy_cli.castles.rules.commands import ShieldCommand

    player = state.players[seat]
    out = _ship_goods_candidates(state)
    if len(player.dice) != 2:
        return out
    first, second = player.dice
    castles = [space_name(s) for s, t in enumerate(player.duchy) if t is not None and catalogue()[t].type == "castle"]
    for value in range(1, 7):
        for shield in state.shields.depots[value]:
            for space in castles:
                command = ShieldCommand(player=player.name, dice=(first, second),
                                        value=None if first == second == value else value, shield=shield, space=space)
                out.append((f"shield: doubles of {value}, from depot {value} (tribute 1 silver a phase)", command))
    return out


def _ship_goods_candidates(state: GameState) -> list[tuple[str, object]]:
    """Shield 5's goods lines open to the player who placed a ship this round (their turn may
    have passed: the choice follows the ship)."""
    ship = state.shields.ship
    if ship is None or ship[1:] != (state.phase, state.round):
        return []
    from burgundy_cli.castles.rules.commands import ShieldGoodsCommand

    name = state.players[ship[0]].name
    offered = {g for d in range(1, 7) for g in state.depot_goods[d]} | set(swept_goods(state, state.players[ship[0]]))
    return [(f"shield 5 ({name}): goods of one type from every depot", ShieldGoodsCommand(player=name, goods=goods))
            for goods in sorted(offered)]


def _borrow_candidates(state: GameState, seat: int) -> list[tuple[str, object]]:
    """Shield 6's choice of ``seat``, one line per other player (the engine then judges each:
    :func:`check_borrow`). Any time, not only in the holder's turn: "at any point in the game"."""
    player = state.players[seat]
    if not player.shields:
        return []
    from burgundy_cli.castles.rules.commands import ShieldBorrowCommand

    return [(f"shield 6 ({player.name}): count one player's monastery tiles as one's own",
             ShieldBorrowCommand(player=player.name, lender=other.name))
            for other in state.players if other is not player]


def _place_candidates(state: GameState, seat: int) -> list[tuple[str, object]]:
    """Shields 14/15's tile of ``seat`` at a phase end: each tile a depot offers (14: the six
    numbered depots, 15: the black one), placed as a granted placement places it, on the state
    with the tile lifted as :func:`_lift` lifts it (the engine then judges each line:
    :func:`_check_place_line`)."""
    player = state.players[seat]
    if not player.shields:
        return []
    from burgundy_cli.castles.rules.commands import ShieldPlaceCommand
    from burgundy_cli.castles.movegen import depot_tiles, granted_placements

    out: list[tuple[str, object]] = []
    for shield, depots, where in ((14, range(1, 7), "a numbered depot"), (15, (0,), "the black depot")):
        try:
            check_phase_placement(state, player, depots[0])
        except IllegalMoveError:
            continue
        label = f"shield {shield} ({player.name}): a tile from {where} into the duchy at the phase end"
        for depot in depots:
            for tile in depot_tiles(state, depot):
                branch = state.branch(seat)
                branch.bought = True  # (no purchase inside: :func:`_check_place_line`)
                _lift(branch, branch.players[seat], depot, tile)
                out += [(label, ShieldPlaceCommand(player=player.name, depot=depot, place=place)) for place in granted_placements(branch, seat, tile)]
    return out


def _place_settled(state: GameState, cmd) -> bool:
    """A candidate of :func:`_place_candidates` is legal as made unless its placement chain
    holds a cost known only once carried out (``moves`` then asks ``engine.check``); the
    line spends no workers before its chain."""
    return _settled_chain()(state, cmd.place, spent=False)


@cache
def _settled_chain() -> Callable[..., bool]:
    """:func:`~burgundy_cli.castles.movegen.settled_chain`, imported when first asked for (the
    move generator is not loaded to replay a record), once, rather than an ``import`` statement run for
    each listed line."""
    from burgundy_cli.castles.movegen import settled_chain

    return settled_chain


def _tribute_candidates(state: GameState, seat: int) -> list[tuple[str, object]]:
    """The tribute lines ``seat`` may say ahead for this phase's end: each set of their shields
    to give up (in number order), with no workers named or each number of workers up to the
    shields kept (the engine then judges each: :func:`check_tribute`; workers need shield 3)."""
    player = state.players[seat]
    if not player.shields:
        return []
    from itertools import combinations

    from burgundy_cli.castles.rules.commands import TributeCommand

    held = sorted(player.shields.values())
    label = (f"tribute ({player.name}), said ahead for this phase's end: shields given up, 1 silver "
             f"{'or worker (shield 3) ' if 3 in held else ''}for each kept")
    return [(label, TributeCommand(player=player.name, drop=drop, workers=workers))
            for size in range(len(held) + 1) for drop in combinations(held, size)
            for workers in (None, *range((len(held) - size) * tribute_price(state) + 1))]


def _tribute_shorthand(lines: list[str]) -> list[str]:
    """One player's tribute lines as the grouped listing writes them when they are many: the
    plain line, and ``<player>: tribute drop ...`` and ``... tribute workers ...`` for the lines
    starting so (``moves --all`` lists each)."""
    out: list[str] = []
    for text in lines:
        head, _, rest = text.partition(" tribute")
        short = text if not rest else f"{head} tribute {rest.split()[0]} ..."
        if short not in out:
            out.append(short)
    return out


#: The module's lines by kind (the engine's dispatch asks these when its own tables have none).
LINES = {
    "shield": LineRule(check_doubles, apply_doubles, "pair", "cob.shield.doubles", _doubles_candidates),
    "tribute": LineRule(check_tribute, apply_tribute, candidates=_tribute_candidates, anyone=True,
                        shorten=_tribute_shorthand),
    "shield-goods": LineRule(_check_goods_line, _apply_goods_line),
    "shield-borrow": LineRule(_check_borrow_line, _apply_borrow_line, candidates=_borrow_candidates, anyone=True),
    "shield-place": LineRule(_check_place_line, _apply_place_line, candidates=_place_candidates, anyone=True,
                             settled=_place_settled, open_note="may still place a tile with shield 14 or 15"),
}

#: The tile effects the shields change: the castle's extra action (11), ships (5). Shield 1
#: changes the pasture (the module's ``pasture``), not the livestock's effect.
SHIELD_EFFECTS = {"castle": castle_grants_shield, "ship": ship_then_shield_5}
#: The action the shields add: the granted shield (11). Shield 2 listens to every worker
#: gained, 9 and 12 to the sale: the module's ``on_workers_gained`` and ``on_goods_sold``.
SHIELD_ACTIONS = {"shield": GRANTED}


# --- what a typed position can have scored (rules.bounds) ------------------------------------------


def _doubling(shield: int, once: Callable[[GameState, PlayerState], int]) -> Callable:
    """The bound of a category ``shield`` scores once more (7: bonus tiles, 12: goods sold): what
    ``once`` (the base game's bound) gives again for its holder; unknown (None) once the shield
    has left the game, as whoever held it may have scored with it."""
    def bound(state: GameState, player: PlayerState) -> int | None:
        if shield in state.shields.removed:
            return None
        return once(state, player) if holds(player, shield) else 0
    return bound


def _changed_by(*shields: int) -> Callable:
    """The bound of a category that ``shields`` change through the base game's own functions
    (1: the pasture, 17: an area's size; the base bound asks those functions, so a shield held
    now is counted): nothing more, or unknown (None) once one of them has left the game."""
    def bound(state: GameState, player: PlayerState) -> int | None:
        return None if any(shield in state.shields.removed for shield in shields) else 0
    return bound


def vp_bounds() -> dict[str, Callable]:
    """The shields' handlers of ``rules.bounds``: 7 doubles the bonus tiles' VP, 12 the sales',
    17 enlarges areas, 1 joins pastures (and with option ``shield1-one-area`` areas); what an inn
    adds to its area is counted on the same area (the inns' ``area_points``); 6 lends monastery
    tile 7, whose +1 a livestock tile (and the geese) scored while it was lent."""
    return {"colour-bonus": _doubling(7, BASE_BOUNDS["colour-bonus"]),
            "goods-sold": _doubling(12, BASE_BOUNDS["goods-sold"]),
            "areas": _changed_by(1, 17), "area-phase-bonus": _changed_by(1), "animals": _changed_by(1, 6),
            "geese": _changed_by(1, 6), "inns": _changed_by(1, 17)}
