"""The four extra hex tiles (2019 rulebook, "EXPANSIONS", "4 additional hex tiles"), as one rule module.

The tiles are shuffled into their piles at setup (``data/modules.json``: #27 and #28 with
yellow backs into the monastery pile, the crane and the geese with black backs into the
black-depot pile), so they come out of the reveals like any tile.

* **#27, bridge** (monastery): while it lies in its owner's duchy, the owner's turn-order
  piece is always on top of a stack on the bridge, actively and passively -- :func:`restack`
  after every ship placed (by anyone) and when #27 itself is placed.
* **#28, workers** (monastery): while it lies in its owner's duchy, the owner may buy workers
  from the supply, 2 for 1 silverling, in their turn: the line ``<p>: hire <n> workers``
  (:func:`check_hire`). The moment is a ruling (docs/rulings.md): while the player is to move,
  or may still make the purchase after their dice.
* **Crane** (building, black back): on placing it, the player may trigger the effect of any
  building, even one not in their duchy (``place 3 crane c3 as bank``; the effect table's
  ``copies``). At the final scoring it counts as one building type of the owner's choice for
  knowledge tiles 16-23 and 29, chosen then (``<p>: crane as <building>`` after the game's
  end; left out, the type that scores most, :func:`crane_counts_as`).
* **Geese** (livestock, black back): placing them scores 2 VP plus the VP of one other
  livestock type on the same pasture (the referee takes the type that scores most); every
  livestock tile placed later on that pasture scores 2 VP more for the geese. The geese are a
  livestock type of their own for knowledge tile 24. Their VP are the ``geese`` category.
"""

from __future__ import annotations

from dataclasses import replace

from burgundy_cli.castles.rules import passed, recording_now
from burgundy_cli.castles.rules.actions import (
    WATCHTOWER_VP, Effect, LineRule, gain_workers, illegal, livestock_points, pasture_of, pay_in_turn, purse,
    score_vp,
)
from burgundy_cli.castles.rules.bounds import pastures
from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.rules.commands import CraneCommand, HireCommand, PlaceAction, mended
from burgundy_cli.castles.rules.scoring import buildings_points
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.castles.rules.tiles import KNOWLEDGE_BUILDING, catalogue

CRANE = "crane"
GEESE = "geese"
#: What the geese score when another livestock tile joins their pasture (tile 7 adds 1).
LATER_VP = 2
#: Knowledge tiles 27 (bridge) and 28 (workers).
BRIDGE, WORKERS = 27, 28
#: The knowledge tiles the crane may count for at the final scoring, and the building each scores.
CRANE_TILES = {**KNOWLEDGE_BUILDING, 29: "white-castle"}
#: Workers #28 sells for one silverling.
WORKERS_PER_SILVER = 2


# --- the crane ------------------------------------------------------------------------------------


def crane_copies(state: GameState) -> tuple[str, ...]:
    """The buildings whose effect a crane may trigger: every building kind of the game's
    modules (the white castle too, with its module), but the crane itself."""
    modules = state.ruleset.modules
    return tuple(name for name, kind in catalogue().items()
                 if kind.type == "building" and name != CRANE and kind.in_game(modules))


def crane_counts_as(state: GameState, player: PlayerState) -> str | None:
    """The building type ``player``'s placed crane counts as at the final scoring: the one
    they said, else the building of their lowest-numbered scoring knowledge tile among 16-23
    and 29 (each such tile gives the crane 4 VP, so any of them is the most it can score;
    the lowest number makes the default one answer). None: no crane placed, or no such tile."""
    if CRANE not in player.duchy:
        return None
    if player.crane is not None:
        return player.crane
    scoring = state.ruleset.end_scoring
    numbers = sorted(number for number in player.knowledge if number in CRANE_TILES and number in scoring)
    return CRANE_TILES[numbers[0]] if numbers else None


def buildings_scoring(building: str):
    """Final scoring of a knowledge tile giving 4 VP per ``building`` in the duchy, the crane
    counting as one when its owner has it count as that type."""
    counted = buildings_points(building)

    def points(state: GameState, player: PlayerState) -> int:
        crane = 1 if crane_counts_as(state, player) == building else 0
        return counted(state, player) + 4 * crane
    return points


def check_crane(state: GameState, player: PlayerState, cmd: CraneCommand) -> None:
    """``<p>: crane as <building>``: said at the final scoring, once, by a player whose crane
    lies in their duchy, naming a building type."""
    if state.stage != "over":
        raise illegal("cob.crane.score", "the crane's building type is chosen at the final scoring, after phase E",
                      "write this line after the game's last action")
    if CRANE not in player.duchy:
        raise illegal("cob.crane.score", f"{player.name} has no crane in their duchy")
    if player.crane is not None:
        raise illegal("cob.crane.score", f"{player.name}'s crane already counts as a {player.crane}")
    choices = tuple(dict.fromkeys(CRANE_TILES[number] for number in sorted(CRANE_TILES)
                                  if number in state.ruleset.end_scoring))
    if cmd.building not in choices:
        raise illegal("cob.crane.score", f"the crane counts as a building type of monastery tiles 16-23 or 29, "
                      f"not as {cmd.building}", "types: " + ", ".join(choices))
    passed("cob.crane.score", "at the final scoring {}'s crane, not yet chosen, may count as a {} (a building type of "
           "monastery tiles 16-23 or 29)", player.name, cmd.building)


def apply_crane(state: GameState, player: PlayerState, cmd: CraneCommand) -> None:
    player.crane = cmd.building


# --- the geese ------------------------------------------------------------------------------------


def _geese_bonus(player: PlayerState, tiles: int) -> int:
    """Knowledge tile 7: +1 VP for every livestock tile that scores."""
    return tiles if 7 in player.knowledge else 0


def geese_others(state: GameState, player: PlayerState, space: int) -> dict[str, int]:
    """Livestock type -> the VP it scores on the pasture of ``space`` (the geese's), for each
    other livestock type there: the base game's livestock scoring on the pasture extension
    point (``actions.livestock_points``), so shield 1's one pasture reaches the geese."""
    kinds = catalogue()
    duchy = player.duchy
    types = dict.fromkeys(kinds[duchy[other]].animal for other in pasture_of(state, player, space)
                          if duchy[other] is not None and kinds[duchy[other]].animal not in (None, GEESE))
    return {animal: livestock_points(state, player, space, animal) for animal in types}


def check_geese(state: GameState, player: PlayerState, action: PlaceAction) -> None:
    """The other livestock type the line names (``with sheep``) lies on the geese's pasture;
    a legal verdict says what the geese score with (the type named, else the one scoring most)."""
    named = action.livestock
    if named is None and not recording_now():
        return
    others = geese_others(state, player, space_id(action.space))
    if named is not None and named not in others:
        words = "leave out 'with'"
        raise illegal("cob.geese.score", f"no {named} lies on the pasture of {action.space}",
                      "on it: " + (", ".join(others) or "no other livestock") + f"; or {words}",
                      fix=mended(action, words, livestock=None))
    own = catalogue()[GEESE].animals + _geese_bonus(player, 1)
    if not others:
        passed("cob.geese.score", "the geese score {} VP: no other livestock lies on the pasture of {}", own,
               action.space)
        return
    animal = named if named is not None else max(others, key=others.__getitem__)
    passed("cob.geese.score", "the geese score {} VP plus {} VP for the {} on the pasture of {}{}", own,
           others[animal], animal, action.space, "" if named is not None else " (the other type that scores most)")


def apply_geese(state: GameState, player: PlayerState, action: PlaceAction, space: int, found: None = None) -> None:
    """2 VP for the geese plus the VP of the other livestock type the line names, or else the
    one on the pasture that scores most."""
    others = geese_others(state, player, space)
    best = others[action.livestock] if action.livestock is not None else max(others.values(), default=0)
    score_vp(state, player, "geese", catalogue()[GEESE].animals + _geese_bonus(player, 1) + best)


def geese_follow_up(state: GameState, player: PlayerState, space: int) -> None:
    """A livestock tile placed on a pasture that holds the geese scores 2 VP more for them
    (the pasture as ``actions.pasture_of`` says: shield 1's is every pasture space)."""
    tile = player.duchy[space]
    if tile == GEESE or catalogue()[tile].animal is None:
        return
    duchy = player.duchy
    if any(duchy[other] == GEESE for other in pasture_of(state, player, space)):
        score_vp(state, player, "geese", follow_up_points(player))


def follow_up_points(player: PlayerState) -> int:
    """What the geese score when another livestock tile joins their pasture: 2 (+1 with tile 7)."""
    return LATER_VP + _geese_bonus(player, 1)


def geese_bound(state: GameState, player: PlayerState, space: int) -> int:
    """The most the geese on the pasture of ``space`` can have scored beyond their own VP (a bound
    on a typed position's VP): one other livestock type's VP when placed (at most every type's,
    :func:`geese_others`) and :func:`follow_up_points` for every other livestock tile there."""
    kinds = catalogue()
    duchy = player.duchy
    tiles = sum(1 for other in pasture_of(state, player, space)
                if duchy[other] is not None and kinds[duchy[other]].animal not in (None, GEESE))
    return sum(geese_others(state, player, space).values()) + tiles * follow_up_points(player)


# --- #27, the bridge ------------------------------------------------------------------------------


def restack(state: GameState) -> None:
    """The owners of knowledge tile 27 go above the pieces without it in their stacks on the
    bridge. Two owners in one stack (team mates, whose duchy is one) keep the order the base
    game's stacking gave them, the piece moved last on top: "always placed on top" cannot
    hold for both, so between them the base rule stands (docs/rulings.md)."""
    owners = {seat for seat, player in enumerate(state.players) if BRIDGE in player.knowledge}
    if not owners:
        return
    for stack in state.bridge:
        if owners.intersection(stack):
            stack[:] = [seat for seat in stack if seat not in owners] + [seat for seat in stack if seat in owners]


def ship_then_restack(ship: Effect) -> Effect:
    """The ship's effect so far, then #27's owner on top of their stack on the bridge."""
    def apply(state: GameState, player: PlayerState, action: PlaceAction, space: int, taking=None) -> None:
        ship.apply(state, player, action, space, taking)
        restack(state)
    return replace(ship, apply=apply)


def _apply_bridge(state: GameState, player: PlayerState, action: PlaceAction, space: int, found: None = None) -> None:
    restack(state)


# --- #28, workers ---------------------------------------------------------------------------------


def check_hire(state: GameState, player: PlayerState, cmd: HireCommand) -> None:
    """``<p>: hire <n> workers``: #28 lies in the player's duchy; pairs, paid 1 silverling each."""
    if WORKERS not in player.knowledge:
        raise illegal("cob.tile28", f"{player.name} has no monastery tile 28 in their duchy",
                      "only #28's owner buys workers from the supply")
    silver = purse(state, player)[0]  # (after a phase's last die: what was held before its income)
    if cmd.workers % WORKERS_PER_SILVER:
        raise illegal("cob.tile28.pay", f"workers are bought in pairs, not {cmd.workers}", _pairs_near(cmd.workers, silver))
    cost = cmd.workers // WORKERS_PER_SILVER
    if silver < cost:
        raise illegal("cob.tile28.pay", f"{cmd.workers} workers cost {cost} silver coin{'s' if cost != 1 else ''}",
                      f"{player.name} has {silver}"
                      + ("" if silver == player.silver else " (the phase end's income comes after this turn)"))
    passed("cob.tile28", "monastery tile 28 lies in {}'s duchy", player.name)
    passed("cob.tile28.pay", "{} workers cost {} silver coin{}; {} has {}", cmd.workers, cost,
           "" if cost == 1 else "s", player.name, silver)


def _pairs_near(workers: int, silver: int) -> str:
    """The hint for an odd number of workers: the pairs next to it that ``silver`` pays for (a
    line that would be accepted), or what the nearest pair costs."""
    affordable = silver * WORKERS_PER_SILVER
    pairs = [near for near in (workers - 1, workers + 1) if 0 < near <= affordable]
    if pairs:
        return f"hire {' or '.join(map(str, pairs))} workers"
    if affordable:
        return f"hire {affordable} workers, all that {silver} silver coin{' buys' if silver == 1 else 's buy'}"
    return f"{WORKERS_PER_SILVER} workers cost 1 silver coin, and there is none to pay with"


def apply_hire(state: GameState, player: PlayerState, cmd: HireCommand) -> None:
    pay_in_turn(state, player, cmd.workers // WORKERS_PER_SILVER, cmd.workers)
    gain_workers(state, player, cmd.workers, "tile 28")


def hire_candidates(state: GameState, seat: int) -> list[tuple[str, HireCommand]]:
    """For ``moves``: each number of workers ``seat`` could buy with #28 (2 per silverling)."""
    player = state.players[seat]
    if WORKERS not in player.knowledge:
        return []
    return [(f"workers with monastery tile 28, {silver} silver",
             HireCommand(player=player.name, workers=silver * WORKERS_PER_SILVER))
            for silver in range(1, purse(state, player)[0] + 1)]


def crane_candidates(state: GameState, seat: int) -> list[tuple[str, CraneCommand]]:
    """For ``moves``: once the game is over, each building type ``seat``'s crane could be said to
    count as (the engine then judges each: :func:`check_crane`; before the end none can be)."""
    if state.stage != "over":
        return []
    name = state.players[seat].name
    return [(f"the crane ({name}) counts as, at the final scoring", CraneCommand(player=name, building=building))
            for building in dict.fromkeys(CRANE_TILES[number] for number in sorted(CRANE_TILES))]


#: The module's line kinds: #28's purchase of workers (a purchase: by the player to move, or
#: one still buying after their dice), the crane's type at the final scoring (said by any
#: player with a crane once the game is over, when no one is to move: ``anyone``).
EXTRA_LINES = {
    "hire": LineRule(check_hire, apply_hire, "buyer", candidates=hire_candidates),
    "crane": LineRule(check_crane, apply_crane, "player", candidates=crane_candidates, anyone=True,
                      after_end=True),
}


#: The module's tile effects: the crane triggers a building's, the geese score, a ship and
#: #27 restack the bridge.
EXTRA_EFFECTS = {
    CRANE: Effect(copies=crane_copies),
    GEESE: Effect(check=check_geese, apply=apply_geese),
    "ship": ship_then_restack,
    f"k{BRIDGE}": Effect(apply=_apply_bridge),
}
#: Knowledge tiles 16-23 with the crane counted as a building of its owner's choice.
EXTRA_END_SCORING = {number: buildings_scoring(building) for number, building in KNOWLEDGE_BUILDING.items()}


# --- what a typed position can have scored (rules.bounds) ------------------------------------------


def geese_vp_bound(state: GameState, player: PlayerState) -> int:
    """The most the geese can have scored (``rules.bounds``): for each geese tile, its own VP
    as :func:`apply_geese` scores them and :func:`geese_bound` on its pasture."""
    duchy, bound = player.duchy, 0
    for pasture in pastures(state, player):
        geese = sum(1 for space in pasture if duchy[space] == GEESE)
        if geese:
            own = catalogue()[GEESE].animals + _geese_bonus(player, 1)
            bound += geese * (own + geese_bound(state, player, pasture[0]))
    return bound


def crane_watchtower_bound(state: GameState, player: PlayerState) -> int:
    """A crane may trigger a watchtower (``rules.bounds``): a watchtower's VP per crane placed."""
    return WATCHTOWER_VP * player.duchy.count(CRANE)
