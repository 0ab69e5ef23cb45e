"""The solo game (2019 rulebook, "THE SOLO GAME"), as one rule module.

One player plays the solo duchy (``13x``: the one side pictured in the rulebook, four islands
split by a river; data with its provenance, :func:`solo_board`) with 1 silverling, 2 workers,
3 goods and a castle on a dark-green space of their choice, and the white die rolled with
their two dice each of the 25 rounds (the ``roll`` line as in the base game). The depots are
laid out as for 2 players. What the module changes:

* **The round's removal** (``cob.solo.remove``): after the roll, the first tile still lying
  on the white die's depot -- in the order its reveal listed them, which is the depot's
  order top to bottom (left to right for depots 1 and 4) -- leaves the game; an empty depot
  passes the removal to the next depot clockwise (1, 2, ... 6, 1). The table types it
  (``remove <depot> <tile>``); no dice action comes before it.
* **Rivers** (``cob.solo.river``): the islands touch nowhere; the river joins them
  (option ``solo-river``: ``ships``, the ship spaces of all islands are joined to one another;
  ``ship-to-any``, every space is joined to the ship spaces of the other islands). The base
  game's adjacency rule is lifted for this one, which also accepts a neighbour by river.
* **Ships** (``cob.solo.ship``): a ship takes every goods tile of one depot (no limit on goods
  types, ``cob.solo.goods``), then every other goods tile on the depots leaves the game; right
  after, and only then, 5 goods tiles may buy a black-depot tile (``solo exchange``,
  ``cob.solo.exchange``), which goes to storage face down as a ``black-hex`` tile.
* **Black hex tiles** (``cob.solo.black-hex``): placed on a space of any colour (the colour
  rule is replaced), with no effect.
* **Monastery tiles score when placed** (``cob.solo.monastery``), in the ``monastery``
  category; #26 gives 3 VP per colour completed so far. The final scoring scores them no more.
* **A completed colour** (``cob.solo.colour``) gives no bonus tile (none is in play) but a
  tile from the black depot placed straight into the duchy, with its effect
  (``solo place ...``); one completing another colour earns another.
* **The VP counter** (``cob.solo.counter``): the VP gained move a counter towards the target
  marker (start 50, option ``solo-target`` 45-55); reaching it puts the counter back to 0 (VP
  beyond are lost), moves the target down 5 and grants a dice action of the player's choice
  (``solo extra <action>``, as a castle's). VP may be bought for 1 silverling each when VP are
  gained (``solo vp <n>``, ``cob.solo.vp``). A placement's gains move the counter after it, in
  the order its line names (``order areas area-phase-bonus``), else in two steps: its area
  with all scored with it, then its tile's effect (docs/rulings.md).
* **Won or lost** (``cob.solo.end``): won if all 37 spaces are filled within the 25 rounds.

The open choices (a completed colour's tile, a reset's extra action, a ship's exchange, buying
VP) may be taken in any order (the rulebook's note: "You choose the order in which you take any
(partial) game actions") until the next roll, when they lapse (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from burgundy_cli.castles.rules.actions import (
    ActionRule, Effect, LineRule, apply_action, apply_grant, check_action, check_grant, depot_offers, gain_goods,
    goods_lying, illegal, place_tile, score_vp, ship_refusal, storage_spaces, take_from_depot,
)
from burgundy_cli.castles.rules.actions import colour_completed as colour_covered
from burgundy_cli.castles.rules import passed
from burgundy_cli.castles.rules.boards import SPACE_IDS, SPACES, Board, _build, provisional_layouts, space_name
from burgundy_cli.castles.rules.commands import mended
from burgundy_cli.castles.rules.placement import ADJACENT, PlacementRule
from burgundy_cli.castles.rules.solo_standing import counter, rounds_rolled
from burgundy_cli.castles.rules.state import GameState, PlayerState, SoloState
from burgundy_cli.castles.rules.tiles import COLOUR_NAME, catalogue
from burgundy_cli.core.words import counted

NAME = "solo-game"
#: The goods types a player may hold: all six ("no limit on goods types", ``cob.solo.setup``).
GOODS_TYPES = 6
#: The id of the pictured solo duchy (13a or 13b: not legible) and its key in the data.
BOARD_ID = "13x"
_DATA_KEY = "13?"
BLACK_HEX = "black-hex"
START_SILVER, START_WORKERS = 1, 2
#: The islands of the pictured duchy, in the order its spaces are numbered (a1.. in reading
#: order, island after island), and where each lies in the picture (row and half-column offset).
ISLANDS = {"NW": (0, 0), "NE": (0, 7), "SW": (4, 0), "SE": (4, 7)}
RIVER_MODES = ("ships", "ship-to-any", "printed")
TARGETS = range(45, 56)
#: The target marker never goes below this (docs/rulings.md: the text stops at "40, etc.").
LOWEST_TARGET = 5
#: VP a monastery tile #26 gives per colour completed, in the solo game.
K26_PER_COLOUR = 3
CATEGORY, BOUGHT = "monastery", "solo-vp"
_COLOURS = "CSMLBY"


# --- the duchy ------------------------------------------------------------------------------------


def island_board(name: str, islands: list[tuple[list[str], list[list[int]], tuple[int, int]]],
                 source: str | None = None, confidence: str | None = None, river: str = "ships",
                 printed: tuple[tuple[int, int], ...] = ()) -> Board:
    """A duchy of islands: each island its rows, its spaces' half-columns and where it lies
    (row, half-column); spaces named a1..g4 island by island, in reading order. The river is
    set as ``river`` says (:func:`with_river`); ``printed``: the pairs of spaces a source reads
    the painted river as joining."""
    cells, places = [], []
    for rows, columns, (row0, col0) in islands:
        for row, (text, xs) in enumerate(zip(rows, columns, strict=True)):
            for cell, x2 in zip(text.split(), xs, strict=True):
                cells.append(cell)
                places.append((row0 + row, col0 + x2))
    island_of = [index for index, (rows, _, _) in enumerate(islands) for text in rows for _ in text.split()]
    steps = ((0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))
    at = {place: index for index, place in enumerate(places)}
    neighbours = tuple(tuple(sorted(at[(r + dr, x + dx)] for dr, dx in steps
                                    if (r + dr, x + dx) in at and island_of[at[(r + dr, x + dx)]] == island_of[i]))
                       for i, (r, x) in enumerate(places))
    board = _build(f"solo:{name}", {"rows": [" ".join(cells)]}, neighbours)
    return with_river(replace(board, name=name, source=source, confidence=confidence, places=tuple(places),
                              printed_river=printed), river)


def islands_of(board: Board) -> tuple[int, ...]:
    """The island of each space: the pieces the duchy's adjacency splits it into, numbered in
    the order of their first space."""
    island = [-1] * len(board.colour)
    for first in range(len(island)):
        if island[first] < 0:
            number, todo = max(island) + 1, [first]
            island[first] = number
            while todo:
                for other in board.neighbours[todo.pop()]:
                    if island[other] < 0:
                        island[other] = number
                        todo.append(other)
    return tuple(island)


@cache
def with_river(board: Board, river: str) -> Board:
    """``board`` with its river as option ``solo-river`` says: ``ships``, the ship spaces of the
    islands joined to one another; ``ship-to-any``, every space joined to the ship spaces of the
    other islands; ``printed``, the pairs of spaces its source reads the painted river as
    joining (``board.printed_river``)."""
    if river == "printed":
        return replace(board, river=tuple(tuple(sorted({b if a == i else a for a, b in board.printed_river
                                                        if i in (a, b)})) for i in range(len(board.colour))))
    island = islands_of(board)
    ships = [space for space, colour in enumerate(board.colour) if colour == "S"]
    links = tuple(tuple(s for s in ships if island[s] != island[i]) if river == "ship-to-any" or i in ships else ()
                  for i in range(len(island)))
    return replace(board, river=links)


@cache
def solo_board() -> Board:
    """The pictured solo duchy (``13x``), its spaces named a1..g4 island by island (NW, NE, SW,
    SE, each in reading order), the river joining its ship spaces."""
    entry = provisional_layouts("solo")[_DATA_KEY]
    islands = [(entry["islands"][island]["rows"], entry["islands"][island]["x2"], at) for island, at in ISLANDS.items()]
    printed = tuple((SPACE_IDS[a], SPACE_IDS[b]) for a, b in entry["river"]["links"])
    return island_board(BOARD_ID, islands, entry["source"], entry["confidence"], printed=printed)


def _refused(message: str, keys: tuple, hint: str | None = None) -> ValueError:
    """A refusal of :func:`island_definition`: the message, the keys under the table, a hint."""
    return ValueError(message, keys, hint)


def island_definition(name: str, table) -> Board:
    """The duchy of islands a record defines (``setup.IslandDuchyTable``), checked: each row a
    space per half-column given, each space a colour code and a die, 37 spaces, no two on one
    place, each island in one piece with a ship space (the river reaches it there), a dark-green
    space (``start`` one of them).

    :raises ValueError: ``(message, keys under the table, hint)`` of the first problem (the
        caller, ``setup``, locates it).
    """
    islands = []
    for number, island in enumerate(table.islands):
        where = ("islands", number)
        if len(island.x2) != len(island.rows):
            raise _refused(f"{counted(len(island.rows), 'row')} but {counted(len(island.x2), 'list')} of half-columns",
                           (*where, "x2"))
        for row, (text, xs) in enumerate(zip(island.rows, island.x2, strict=True)):
            cells = text.split()
            if len(cells) != len(xs):
                raise _refused(f"{counted(len(cells), 'space')} but {counted(len(xs), 'half-column')}",
                               (*where, "x2", row))
            for cell in cells:
                if len(cell) != 2 or cell[0] not in _COLOURS or cell[1] not in "123456":
                    raise _refused(f"'{cell}' is not a space", (*where, "rows", row),
                                     "a colour code (C S M L B Y) and a die 1-6, like C6")
        islands.append((island.rows, island.x2, tuple(island.at)))
    count = sum(len(text.split()) for rows, _, _ in islands for text in rows)
    if count != SPACES:
        raise _refused(f"{counted(count, 'space')}; a duchy has {SPACES}", ("islands",))
    places = [(r0 + r, c0 + x) for rows, xs, (r0, c0) in islands for r, row in enumerate(xs) for x in row]
    if len(set(places)) != len(places):
        raise _refused("two spaces lie on one place", ("islands",), "check each island's at and x2")
    board = island_board(name, islands, table.source, table.confidence)
    island = islands_of(board)
    start = 0
    for number, (rows, _, _) in enumerate(islands):
        size = sum(len(text.split()) for text in rows)
        spaces = range(start, start + size)
        if {island[s] for s in spaces} != {island[start]} or any(island[s] == island[start] for s in range(SPACES)
                                                              if s not in spaces):
            raise _refused("the island is not in one piece (or touches another)", ("islands", number))
        if not any(board.colour[s] == "S" for s in spaces):
            raise _refused("the island has no ship (blue) space: the river reaches an island there",
                             ("islands", number))
        start += size
    if not board.castles:
        raise _refused("the duchy has no dark-green space for the start castle", ("islands",))
    if table.start is not None:
        from burgundy_cli.castles.rules.boards import space_id

        space = space_id(table.start)
        if board.colour[space] != "C":
            raise _refused(f"{table.start} is not a dark-green space", ("start",))
        board = replace(board, start=space)
    return board


def islands_data(board: Board) -> list[dict]:
    """The ``islands`` of a duchy of islands as a record writes them (what
    :func:`island_definition` reads back)."""
    island = islands_of(board)
    out = []
    for number in range(max(island) + 1):
        spaces = [s for s in range(len(island)) if island[s] == number]
        row0 = min(board.places[s][0] for s in spaces)
        col0 = min(board.places[s][1] for s in spaces)
        rows: dict[int, list[int]] = {}
        for space in spaces:
            rows.setdefault(board.places[space][0] - row0, []).append(space)
        out.append({"rows": [" ".join(f"{board.colour[s]}{board.die[s]}" for s in rows[r]) for r in sorted(rows)],
                    "x2": [[board.places[s][1] - col0 for s in rows[r]] for r in sorted(rows)], "at": [row0, col0]})
    return out


def solo_duchy_refusal(board: Board, river: str = "ships") -> str | None:
    """Why the solo game cannot be played on ``board`` with option ``solo-river`` = ``river``
    (``cob.solo.setup``), or None."""
    if board.places is None:
        from burgundy_cli.castles.rules.boards import board as printed, board_numbers

        number = board.name or next((n for n in board_numbers("2019") if printed("2019", n).layout == board.layout),
                                    board.layout)   # the number printed on it, as the table names it
        return (f"the solo game is played on a solo duchy (13A/13B): \"13x\" or a [duchies.<id>] with islands, "
                f"not duchy {number} (cob.solo.setup)")
    if river == "printed" and not board.printed_river:
        return (f"solo-river = \"printed\" follows a source's reading of the painted river, which only the "
                f"shipped duchy 13x has; duchy {board.name} has none (cob.solo.setup)")
    return None


# --- setup ----------------------------------------------------------------------------------------


def player_count_refusal(modules: tuple[str, ...], players: int) -> str | None:
    """Why ``players`` cannot play with ``modules`` (``cob.solo.players``), or None."""
    if NAME in modules and players != 1:
        return f"the solo game is played by 1 player, not {players} (cob.solo.players)"
    if NAME not in modules and players == 1:
        return "1 player plays the solo game, the 2019 module solo-game (cob.solo.players)"
    return None


def prepare(state: GameState) -> None:
    """The solo game's setup on a state built by the base game's: 1 silverling and 2 workers
    (the 3 goods and the castle as recorded), the duchy's river as the record's option says,
    no colour bonus tiles in play, the counter at 0 and the target marker on the record's start
    target."""
    player = state.players[0]
    player.board = with_river(player.board, state.options.solo_river)
    player.silver, player.workers = START_SILVER, START_WORKERS
    state.bonus_taken = dict.fromkeys(_COLOURS, 2)  # no bonus tile to take: completing a colour earns a tile
    state.solo = SoloState(target=state.options.solo_target)


def deal_setup(rng, name: str) -> dict:
    """A playout's solo ``[setup]``: the solo duchy, a random dark-green space for the castle,
    3 random goods tiles (``rng``: the playout's seeded ``random.Random``)."""
    board = solo_board()
    pool = [good for good in range(1, 7) for _ in range(7)]
    rng.shuffle(pool)
    return {"boards": BOARD_ID, "start": {name: space_name(rng.choice(board.castles))}, "goods": {name: sorted(pool[:3])}}


# --- the round's count and the removal ------------------------------------------------------------


def _way(state: GameState) -> list[int]:
    """The depots the removal may come from, in order: the white die's, then clockwise."""
    return [(state.white - 1 + step) % 6 + 1 for step in range(6)]


def _trusted(state: GameState, depot: int) -> list[str]:
    """The tiles an unrevealed ``depot`` may still hold (its spaces' colours, the supply)."""
    return sorted(name for name in catalogue() if depot_offers(state, depot, name) is None)


def removal_depot(state: GameState) -> int | None:
    """The depot the round's removal takes from: the white die's, else the next clockwise that
    holds a tile (one whose reveal the record left out counts if it may still hold one); None
    when no depot holds a tile."""
    for depot in _way(state):
        if state.depots[depot] if state.revealed[depot] else _trusted(state, depot):
            return depot
    return None


def removal_due(state: GameState) -> bool:
    """The round has been rolled and its removal not yet typed, and some depot holds a tile."""
    solo = state.solo
    if solo is None or state.stage != "turn" or solo.removals >= rounds_rolled(state):
        return False
    return removal_depot(state) is not None


def _check_remove(state: GameState, cmd) -> None:
    solo = state.solo
    if solo is None:
        raise illegal("cob.module.off", "a 'remove' line belongs to the solo game",
                      '[game.options] modules = ["solo-game"]')
    if not removal_due(state):
        raise illegal("cob.solo.remove", "no removal is due now: one tile leaves the game after each round's roll, "
                      "before the dice actions")
    depot = removal_depot(state)
    why = "" if depot == state.white else f" (depot {state.white} is empty: the next clockwise)"
    if not state.revealed[depot]:  # its reveal left out: any tile it may still hold is trusted
        reason = depot_offers(state, depot, cmd.tile) if cmd.tile in catalogue() else "no such tile"
        if cmd.depot != depot or reason is not None:
            raise illegal("cob.solo.remove", f"the removal takes a tile of depot {depot}{why}",
                          reason if cmd.depot == depot else f"remove {depot} <tile>")
        passed("cob.solo.remove", "the round's removal takes a tile of depot {}{} (its order not revealed: trusted)",
               depot, why)
        return
    first = state.depots[depot][0]
    if cmd.depot != depot or cmd.tile != first:
        raise illegal("cob.solo.remove", f"the removal takes the first tile of depot {depot}{why}: {first}",
                      f"remove {depot} {first}")
    passed("cob.solo.remove", "the round's removal takes the first tile of depot {}{}: {}", depot, why, first)


def _apply_remove(state: GameState, cmd) -> None:
    solo = state.solo
    if state.revealed[cmd.depot]:
        state.depots[cmd.depot].remove(cmd.tile)
    else:
        take_from_depot(state, cmd.depot, cmd.tile)
    state.removed.append(cmd.tile)
    solo.removed.append(cmd.tile)
    solo.removals = rounds_rolled(state)


def removal_line(state: GameState) -> str | None:
    """The removal the table types now (for playouts and tests: a depot whose reveal was left
    out gives its first possible tile by name), or None when none is due."""
    if not removal_due(state):
        return None
    depot = removal_depot(state)
    tile = state.depots[depot][0] if state.revealed[depot] else _trusted(state, depot)[0]
    return f"remove {depot} {tile}"


def _removal_candidates(state: GameState, seat: int) -> list[tuple[str, object]]:
    """For ``moves``: the round's removal while it is due (the table types it; no dice action before it)."""
    from burgundy_cli.castles.rules.commands import SoloRemoveEvent

    line = removal_line(state)
    if line is None:
        return []
    depot, tile = line.split()[1:]
    return [("the round's removal first (a table line)", SoloRemoveEvent(depot=int(depot), tile=tile))]


def _no_removal_due(state: GameState) -> None:
    """Refuse a dice action, doubles spent instead of both, or a pass while the round's removal
    is due ("At the beginning of each round ... Then remove a hex tile ... Next, perform your 2
    dice actions": a pass ends the turn, and the round's removal would be lost)."""
    if removal_due(state):
        raise illegal("cob.solo.remove", "the round's removal comes first (before the dice actions and a pass)",
                      removal_line(state) or "remove <depot> <tile>")


def _removal_first(rule: ActionRule) -> ActionRule:
    """An action's rule that first asks for the round's removal (no dice action before it)."""
    def check(state, player, action, value, spent=0):
        _no_removal_due(state)
        return rule.check(state, player, action, value, spent)
    return ActionRule(check, rule.apply, rule.bound, rule.grants)


def removal_before_doubles(line: LineRule) -> LineRule:
    """Another module's line that spends both dice as doubles instead of both actions (``who ==
    "pair"``: the shields' take) first asks for the round's removal too; other lines unchanged."""
    if line.who != "pair":
        return line

    def check(state, player, cmd, value):
        _no_removal_due(state)
        return line.check(state, player, cmd, value)
    return replace(line, check=check)


def _settling(rule: ActionRule) -> ActionRule:
    """An action's rule that moves the VP counter after it (a sale gains VP)."""
    def apply(state, player, action, value=None, found=None):
        rule.apply(state, player, action, value, found)
        settle(state, player)
    return ActionRule(rule.check, apply, rule.bound, rule.grants)


def _gains_named(rule: ActionRule) -> ActionRule:
    """The placement's rule, which also checks the ``order`` its line names: each gain once, and
    only gains the placement scores (played on a branch to see them)."""
    def check(state, player, action, value, spent=0):
        placed = rule.check(state, player, action, value, spent)
        named = action.order
        if named:
            twice = sorted({gain for gain in named if named.count(gain) > 1})
            if twice:
                raise illegal("cob.solo.counter", f"the order names {', '.join(twice)} twice")
            seat = state.players.index(player)
            branch = state.branch(seat)
            acting = branch.players[seat]
            before = dict(acting.vp)
            place_tile(branch, acting, action, placed)
            scored = {category for category, vp in acting.vp.items() if vp != before.get(category, 0)}
            missing = [gain for gain in named if gain not in scored]
            if missing:
                raise illegal("cob.solo.counter", f"placing {action.tile} on {action.space} scores no "
                              f"{', '.join(missing)}", f"it scores {', '.join(sorted(scored)) or 'no VP'}")
            passed("cob.solo.counter", "its gains move the VP counter in the order named: {}", " ".join(named))
        return placed
    return ActionRule(check, rule.apply, rule.bound, rule.grants)


def _removal_then_settle(rule: ActionRule) -> ActionRule:
    return _settling(_removal_first(rule))


# --- placement: the river and black hex tiles -----------------------------------------------------


def _cut_off(state: GameState, player: PlayerState, kind, space: int, value: int | None) -> tuple[str, str | None]:
    from burgundy_cli.castles.rules.placement import where_it_fits

    return (f"{space_name(space)} is not next to a placed tile, nor joined to one by the river",
            where_it_fits(state, player, kind, value))


def _spaces_for(board: Board, kind) -> tuple[int, ...] | range:
    return range(len(board.colour)) if kind.colour in "XI" else board.colour_spaces[kind.colour]


def _other_colour(state: GameState, player: PlayerState, kind, space: int, value: int | None) -> tuple[str, str | None]:
    from burgundy_cli.castles.rules.placement import where_it_fits

    return (f"{space_name(space)} is {COLOUR_NAME[player.board.colour[space]]}, {kind.name} is "
            f"{COLOUR_NAME[kind.colour]}", where_it_fits(state, player, kind, value))


def _adjacent(player: PlayerState, kind, space: int, value: int | None) -> bool:
    """The adjacency rule in force on the island: the base game's (``placement.ADJACENT``), or for
    a player holding shields the shields' (shield 18 lifts it: ``shields.ADJACENT_UNLESS_18``)."""
    if player.shields:  # (only a game with the shields has them: their module is loaded)
        from burgundy_cli.castles.modules.shields import ADJACENT_UNLESS_18 as rule
    else:
        rule = ADJACENT
    return rule.allows(player, kind, space, value)


def _river_kept(state: GameState, player: PlayerState, kind, space: int) -> str:
    """Why the river rule let a tile on ``space`` through: a neighbour on the island, else the river."""
    if _adjacent(player, kind, space, None):
        return "placed next to a filled space" + (" (or anywhere: shield 18)" if 18 in player.shields.values() else "")
    return f"{space_name(space)} is joined by the river to a placed tile"


def _colour_kept(state: GameState, player: PlayerState, kind, space: int) -> str:
    """Why the colour rule let ``kind`` on ``space`` through (a black hex tile or an inn: any colour)."""
    if kind.colour == "X":
        return f"a black hex tile goes on a space of any colour ({space_name(space)})"
    if kind.colour == "I":
        return f"an inn goes on a space of any colour ({space_name(space)})"
    return f"{kind.name} has the colour of {space_name(space)}"


#: The solo game's adjacency: the base game's on the island (with the shields, shield 18 lifts
#: it as it lifts the base game's: docs/rulings.md), or a placed tile across the river.
RIVER = PlacementRule("cob.solo.river", lambda player, kind, space, value: _adjacent(player, kind, space, value)
                      or any(player.duchy[other] is not None for other in player.board.river[space]), _cut_off,
                      kept=_river_kept)
#: The colour rule with black hex tiles (any colour; an inn's too, if the inns are on).
COLOUR = PlacementRule("cob.place.colour", lambda player, kind, space, value: kind.colour in "XI"
                       or player.board.colour[space] == kind.colour, _other_colour, spaces=_spaces_for,
                       kept=_colour_kept)


# --- ships and the exchange -----------------------------------------------------------------------


def _check_ship(state: GameState, player: PlayerState, action) -> None:
    """The solo ship's own rules -- nothing to keep (no limit on goods types), and a depot named
    while goods lie anywhere -- then the base game's ship rule (``actions.ship_refusal``: the
    depot's goods, knowledge tile 5's second depot next to it)."""
    goods, second = action.goods, action.goods2
    if action.keep is not None:
        raise illegal("cob.solo.goods", "in the solo game a ship takes every goods tile of its depot: there is no "
                      "limit on goods types, nothing to keep", fix=mended(action, "leave out 'keep'", keep=None))
    if goods is None and second is None:
        lying = goods_lying(state)
        if lying is not None:
            raise illegal("cob.solo.ship", "a ship takes all goods of a depot of the player's choice", lying)
        return
    refusal = ship_refusal(state, player, goods, second, None)
    if refusal is not None:
        raise refusal


def _apply_ship(state: GameState, player: PlayerState, action, space: int, ship: Callable[..., None]) -> None:
    """All goods of the chosen depot(s) to the player, every other goods tile out of the game,
    the rest of the ship's effect in force (``ship``: the base game's bridge move, and another
    module's part -- the extra tiles' #27 restacking, shield 5's goods right), and the exchange
    opened."""
    taken: dict[int, int] = {}  # goods type -> tiles, in the order the depots hold them
    for depot in (action.goods, action.goods2):
        if depot is not None:
            for good in state.depot_goods[depot]:
                taken[good] = taken.get(good, 0) + 1
            state.depot_goods[depot] = []
    for good, count in taken.items():
        gain_goods(state, player, good, count, "solo ship")
    solo = _open(state)
    swept: dict[int, int] = {}
    for depot in range(1, 7):
        for good in state.depot_goods[depot]:
            solo.goods_out[good] += 1
            swept[good] = swept.get(good, 0) + 1
        state.depot_goods[depot] = []
    ship(state, player, action.model_copy(update={"goods": None, "goods2": None, "keep": None}), space, None)
    if state.shields is not None and state.options.solo_shield5_first:
        from burgundy_cli.castles.modules.shields import keep_swept

        keep_swept(state, player, swept)
    solo.ship = solo.shipped = True


def _solo_ship(effect: Effect) -> Effect:
    """The solo ship in place of the ship's effect in force (``effect``), which it still carries out
    after its own goods rule."""
    return replace(effect, check=_check_ship,
                   apply=lambda state, player, action, space, found=None: _apply_ship(state, player, action, space,
                                                                                      effect.apply))


#: The lines that are the player's next action after a ship (a die, a purchase, a pass, a
#: reset's extra action): with option ``solo-exchange-only-now`` the exchange lapses with them.
NEXT_ACTIONS = frozenset(("die", "buy", "pass", "solo-extra"))


def after_line(state: GameState, cmd) -> None:
    """With option ``solo-exchange-only-now``: a ship's exchange lapses with the player's next
    action ("you now *(and only now!)* have the option", docs/rulings.md); buying VP and
    placing a completed colour's tile, partial actions of the ship's placement, leave it open.
    Without the option it stays open until the next roll (:func:`_open`)."""
    solo = state.solo
    if solo.shipped:  # the line that placed the ship opened it
        solo.shipped = False
    elif solo.ship and state.options.solo_exchange_only_now and cmd.kind in NEXT_ACTIONS:
        solo.ship = False


def _check_exchange(state: GameState, cmd) -> None:
    player = _mover(state, cmd)
    solo = state.solo
    if not (solo.ship and solo.stamp == rounds_rolled(state)):
        if state.options.solo_exchange_only_now:
            raise illegal("cob.solo.exchange", "5 goods buy a black-depot tile right after a ship is placed, before "
                          "the player's next action (option solo-exchange-only-now)",
                          "place a ship first (a black ship does not count)")
        raise illegal("cob.solo.exchange", "5 goods buy a black-depot tile only once for a ship placed this round "
                      "(the exchange stays open until the next roll: docs/rulings.md)",
                      "place a ship first (a black ship does not count)")
    if len(cmd.goods) != 5:
        raise illegal("cob.solo.exchange", f"the exchange gives any 5 of your goods, not {len(cmd.goods)}",
                      "solo exchange 1 1 2 3 3 for k5")
    for good in set(cmd.goods):
        if player.goods.get(good, 0) < cmd.goods.count(good):
            raise illegal("cob.solo.exchange", f"{player.name} has {counted(player.goods.get(good, 0), 'goods tile')} of "
                          f"type {good}, not {cmd.goods.count(good)}")
    reason = depot_offers(state, 0, cmd.tile)
    if reason is not None:
        raise illegal("cob.solo.exchange", f"no {cmd.tile} to take from the black depot", reason)
    if storage_full(state, player):
        raise illegal("cob.storage.full", f"{player.name}'s {len(player.storage)} storage spaces are full",
                      "the black hex tile goes to a storage space: place a stored tile first")
    passed("cob.solo.exchange", "{} placed a ship this round, and gives 5 goods they hold ({}) for {} of the black "
           "depot", player.name, " ".join(map(str, cmd.goods)), cmd.tile)
    passed("cob.storage.full", "a storage space is free for the black hex tile")


def storage_full(state: GameState, player: PlayerState) -> bool:
    """No storage space is free for the exchange's black hex tile (``actions.storage_spaces``:
    3, none with shield 4)."""
    spaces = storage_spaces(state, player)
    return spaces is not None and len(player.storage) >= spaces


def _apply_exchange(state: GameState, cmd) -> None:
    player = _mover(state, cmd)
    for good in cmd.goods:
        state.solo.goods_out[good] += 1
        player.goods[good] -= 1
        if not player.goods[good]:
            del player.goods[good]
    take_from_depot(state, 0, cmd.tile)
    state.removed.append(cmd.tile)  # face down: only its black back counts from now on
    player.storage.append(BLACK_HEX)
    state.solo.ship = False


# --- completed colours, monastery tiles, the counter ----------------------------------------------


def _open(state: GameState) -> SoloState:
    """The solo table with the open choices of an earlier round lapsed."""
    solo = state.solo
    now = rounds_rolled(state)
    if solo.stamp != now:
        solo.stamp, solo.extra, solo.black, solo.ship, solo.gained = now, 0, 0, False, False
    return solo


def monastery_points(state: GameState, player: PlayerState, number: int) -> int:
    """The VP monastery tile ``number`` gives the moment it is placed (its final scoring in the
    game's rules, the other modules' included -- #29, the crane counted for 16-23 --, on the
    duchy as it is; #26: 3 VP per colour completed so far)."""
    if number == 26:
        return K26_PER_COLOUR * len(state.solo.colours)
    scoring = state.ruleset.end_scoring.get(number)
    if scoring is None:
        return 0
    return scoring(state, player)


def colour_completed(state: GameState, player: PlayerState, colour: str, bonus: str | None) -> None:
    """A handler of the point "a colour completed" (``actions.complete_colour``; the solo game
    takes no bonus tile): the colour counts for #26, and it earns a black-depot tile (if one
    lies there, or beside it: the inns, "Like every other hex tile from the black depot")."""
    solo = _open(state)
    if colour not in solo.colours:
        solo.colours.append(colour)
        beside = sum(left(state) for left in state.ruleset.stock.values())
        if len(state.depots[0]) + beside > solo.black or not state.revealed[0]:
            solo.black += 1


def after_placement(state: GameState, player: PlayerState, space: int) -> None:
    """A placement's solo step: a monastery tile scores at once. What the placement scored so
    far (its completed area, with everything added to it) is one step of the counter; the
    tile's effect (livestock, watchtower, geese) is the next (:func:`settle_placement`)."""
    number = catalogue()[player.duchy[space]].number
    if number is not None:
        score_vp(state, player, CATEGORY, monastery_points(state, player, number))
    state.solo.pending.append([])


def gain(state: GameState, player: PlayerState, category: str, amount: int) -> None:
    """A handler of the point "VP scored" (``actions.score_vp``): the gain waits for the counter
    to move (:func:`settle`), so that one placement's gains move it in the order chosen."""
    pending = state.solo.pending
    if not pending:
        pending.append([])
    pending[-1].append((category, amount))


def settle_placement(state: GameState, player: PlayerState, action, space: int) -> None:
    """After a placement and its effect: the counter moves by the placement's gains, those the
    line names (``order``) first, one by one, then the rest step by step (:func:`gain_parts`)."""
    settle(state, player, action.order or ())


def gain_parts(steps: list[list[tuple[str, int]]], named: tuple[str, ...]) -> tuple[int, ...]:
    """The VP the counter moves by, part by part: each category ``named`` on its own, in that
    order; then what is left of each step as one part, in the order scored (a placement's
    steps: its completed area with all it adds -- size, phase bonus, inn, monastery tile --
    then its tile's effect; docs/rulings.md, "solo-gains")."""
    first = tuple(sum(vp for step in steps for category, vp in step if category == name) for name in named)
    rest = tuple(sum(vp for category, vp in step if category not in named) for step in steps)
    return tuple(part for part in first + rest if part)


def settle(state: GameState, player: PlayerState, named: tuple[str, ...] = ()) -> None:
    """Move the VP counter by the VP gained since it was last moved, part by part
    (:func:`gain_parts`): a part reaching the target resets the counter (VP beyond are lost),
    moves the target down 5 and grants an extra action. VP changed outside ``score_vp`` (a
    correction) move it last."""
    solo = _open(state)
    points = player.points
    if points > solo.seen:
        solo.gained = True
    parts = gain_parts(solo.pending, named)
    solo.pending.clear()
    rest = points - solo.seen - sum(parts)
    running = solo.seen
    for part in parts + ((rest,) if rest else ()):
        running += part
        if running - solo.base >= solo.target:
            solo.base = running
            solo.resets += 1
            solo.target = lowered(solo.target)
            solo.extra += 1
    solo.seen = points


def settle_all(state: GameState) -> None:
    """The counter moved at a phase end (a step of the module's, after the mines pay)."""
    for player in state.players:
        settle(state, player)


# --- the module's player lines --------------------------------------------------------------------


def _mover(state: GameState, cmd) -> PlayerState:
    seat = state.seat(cmd.player)
    if seat < 0:
        raise illegal("cob.flow.turn-order", f"no player called '{cmd.player}'")
    if state.solo is None:
        raise illegal("cob.module.off", "a 'solo' line belongs to the solo game", '[game.options] modules = ["solo-game"]')
    if state.stage not in ("turn", "roll", "phase", "over") or rounds_rolled(state) == 0:
        raise illegal("cob.flow.roll", "the solo game's choices follow the round's actions", "record the roll first")
    return state.players[seat]


def _check_place(state: GameState, cmd) -> None:
    player = _mover(state, cmd)
    solo = state.solo
    if not (solo.black and solo.stamp == rounds_rolled(state)):
        raise illegal("cob.solo.colour", "a tile from the black depot goes straight into the duchy only when a colour "
                      "has been completed (this round)")
    tile = cmd.place.tile
    reason = depot_offers(state, 0, tile) if tile in catalogue() else f"there is no tile called '{tile}'"
    if reason is not None:
        raise illegal("cob.solo.colour", f"no {tile} to take from the black depot", reason)
    passed("cob.solo.colour", "a colour completed this round earns {} a tile of the black depot ({}), placed at once",
           player.name, tile)
    seat = state.players.index(player)
    branch = state.branch(seat)
    acting = branch.players[seat]
    take_from_depot(branch, 0, tile)
    acting.storage.append(tile)
    check_action(branch, acting, cmd.place, None)


def _apply_place(state: GameState, cmd) -> None:
    player = _mover(state, cmd)
    state.solo.black -= 1
    take_from_depot(state, 0, cmd.place.tile)
    player.storage.append(cmd.place.tile)
    apply_action(state, player, cmd.place, None)


def _check_extra(state: GameState, cmd) -> None:
    player = _mover(state, cmd)
    solo = state.solo
    if not (solo.extra and solo.stamp == rounds_rolled(state)):
        raise illegal("cob.solo.counter", "an extra dice action comes only in a round in which the VP counter reached "
                      "the target (it stays open until the next roll: docs/rulings.md)")
    passed("cob.solo.counter", "the VP counter reached the target this round: an extra dice action is open")
    check_grant(state, player, state.ruleset.effects["castle"].grants, cmd.action)


def _apply_extra(state: GameState, cmd) -> None:
    player = _mover(state, cmd)
    state.solo.extra -= 1
    apply_grant(state, player, state.ruleset.effects["castle"].grants, cmd.action)
    settle(state, player)


def _check_vp(state: GameState, cmd) -> None:
    player = _mover(state, cmd)
    solo = state.solo
    if not (solo.gained and solo.stamp == rounds_rolled(state)):
        raise illegal("cob.solo.vp", "VP are bought when VP are gained (this round)")
    if player.silver < cmd.vp:
        raise illegal("cob.solo.vp", f"{cmd.vp} VP {'costs' if cmd.vp == 1 else 'cost'} "
                      f"{counted(cmd.vp, 'silver coin')}; {player.name} has {player.silver}")
    passed("cob.solo.vp", "{} gained VP this round; {} VP cost {} silver coin{}, and {} has {}", player.name, cmd.vp,
           cmd.vp, "" if cmd.vp == 1 else "s", player.name, player.silver)


def _apply_vp(state: GameState, cmd) -> None:
    player = _mover(state, cmd)
    player.silver -= cmd.vp
    score_vp(state, player, BOUGHT, cmd.vp)
    settle(state, player)


def open_lines(state: GameState) -> list[tuple[str, object]]:
    """(label, command) for every solo choice open now: a completed colour's tile (each black-depot
    tile on each space), the reset's extra action (every granted action), VP bought (1 up to the
    player's silver), the ship's exchange (each tile, the goods given in the order held)."""
    from burgundy_cli.castles.rules.commands import SoloExchangeCommand, SoloExtraCommand, SoloPlaceCommand, SoloVpCommand
    from burgundy_cli.castles.movegen import depot_tiles, granted_actions, granted_placements

    solo = state.solo
    if solo is None or solo.stamp != rounds_rolled(state) or state.stage not in ("turn", "roll", "phase", "over"):
        return []
    player = state.players[0]
    name = player.name
    out: list[tuple[str, object]] = []
    black = depot_tiles(state, 0)  # (what the black depot offers as the checks ask it: the inns beside it too)
    if solo.black:
        for tile in black:
            branch = state.branch(0)
            take_from_depot(branch, 0, tile)
            branch.players[0].storage.append(tile)
            out += [("solo: a completed colour's black-depot tile", SoloPlaceCommand(player=name, place=action))
                    for action in granted_placements(branch, 0, tile)]
    if solo.extra:
        out += [("solo: the reset's extra action", SoloExtraCommand(player=name, action=action))
                for action in granted_actions(state, 0, state.ruleset.effects["castle"].grants)]
    if solo.gained:
        out += [("solo: VP bought", SoloVpCommand(player=name, vp=vp)) for vp in range(1, player.silver + 1)]
    held = [good for good in sorted(player.goods) for _ in range(player.goods[good])]
    if solo.ship and len(held) >= 5 and not storage_full(state, player):
        from itertools import combinations

        for goods in sorted(set(combinations(held, 5))):
            out += [("solo: 5 goods for a black-depot tile", SoloExchangeCommand(player=name, goods=goods, tile=tile))
                    for tile in black]
    return out


#: The module's lines by kind. The open choices' candidates are listed as lines said outside a
#: turn (``anyone``): they stay open after the round's last die, when no one is to move, until the
#: next roll -- listed only for the player to move, Tab and ``moves`` would drop them just then.
LINES = {
    "solo-remove": LineRule(_check_remove, _apply_remove, candidates=_removal_candidates, due=removal_due,
                            first=_no_removal_due),
    "solo-place": LineRule(_check_place, _apply_place, candidates=lambda state, seat: open_lines(state),
                           anyone=True, after_end=True, open_note="may still make the solo game's open choices"),
    "solo-extra": LineRule(_check_extra, _apply_extra, after_end=True),
    "solo-vp": LineRule(_check_vp, _apply_vp, after_end=True),
    "solo-exchange": LineRule(_check_exchange, _apply_exchange, after_end=True),
}

#: The actions: none before the round's removal; a sale (VP) moves the counter.
SOLO_ACTIONS = {"take": _removal_first, "place": lambda rule: _gains_named(_removal_first(rule)),
                "sell": _removal_then_settle,
                "workers": _removal_first}
#: The effects: ships (all of one depot, the rest away), black hex tiles (none) -- the ship
#: wrapping the effect in force (another module's too: #27's and shield 5's ship). The counter
#: moves after every placement (``after_effect``), by all its gains.
SOLO_EFFECTS = {"ship": _solo_ship, BLACK_HEX: Effect()}
#: Monastery tiles scored when placed: nothing more at the final scoring (the category, not each
#: tile's scoring, which :func:`monastery_points` asks when one is placed).
SOLO_END_POINTS = {"knowledge-tiles": lambda state, player: 0}


# --- [position] -----------------------------------------------------------------------------------


def position_state(state: GameState, table) -> tuple[str, ...] | None:
    """Put a ``[position]``'s solo table (``setup.SoloPosition``) on ``state``: the duchy with the
    record's river, no bonus tiles in play, the counter, target, removed tiles and open choices.
    Returns (why, key...) when the table cannot be right, else None: the keys under ``[position]``
    of what to blame (the solo table's, or the player's VP)."""
    player = state.players[0]
    player.board = with_river(player.board, state.options.solo_river)
    state.bonus_taken = dict.fromkeys(_COLOURS, 2)
    if table.counter >= table.target:
        return f"the counter ({table.counter}) has reached the target ({table.target}): it is reset then", "solo", "counter"
    start = state.options.solo_target
    why = _marker_refusal(start, table) or _scored_refusal(player, start, table)
    if why is not None:
        return why
    now = rounds_rolled(state)
    if len(table.removed) > now:
        return f"{counted(len(table.removed), 'tile')} removed after {counted(now, 'round')} rolled: one a round", "solo", "removed"
    if table.removal_due and state.stage != "turn":
        return "a removal is due only in a round rolled (to_move given)", "solo", "removal_due"
    kinds = catalogue()
    for index, tile in enumerate(table.removed):
        if tile not in kinds:
            return f"unknown tile '{tile}'", "solo", "removed", str(index)
    why = _colours_refusal(player, table.colours)
    if why is not None:
        return why
    state.removed.extend(table.removed)
    goods_out = [0] * 7
    for good in table.goods_removed:
        goods_out[good] += 1
        state.goods_used[good] += 1
        if state.goods_used[good] > 7:
            return f"more than 7 goods tiles of type {good} in play or removed", "solo", "goods_removed"
    points = player.points
    state.solo = SoloState(target=table.target, base=points - table.counter, seen=points, resets=table.resets,
                           removals=now - (1 if table.removal_due else 0), removed=list(table.removed),
                           extra=table.extra, black=table.black, ship=table.exchange, gained=table.gained, stamp=now,
                           colours=list(table.colours), goods_out=goods_out)
    return None


def lowered(target: int) -> int:
    """Where the target marker goes at a reset: "move the target marker down 5 spaces (e.g. from
    50 to 45, next time to 40, etc.)", no lower than :data:`LOWEST_TARGET`."""
    return max(LOWEST_TARGET, target - 5)


def resets_shown(start: int, target: int) -> int | None:
    """How many resets moved the target marker from ``start`` to ``target`` (:func:`lowered`);
    None when it never stands there, or stands at its lowest, where it stays however often the
    counter is reset then."""
    if target > start or target <= LOWEST_TARGET or (start - target) % 5:
        return None
    return (start - target) // 5


def _targets(start: int, resets: int) -> list[int]:
    """Where the target marker stood at each of ``resets`` resets, from ``start``; the last
    item is where it stands after them."""
    stands = [start]
    for _ in range(resets):
        stands.append(lowered(stands[-1]))
    return stands


def _marker_refusal(start: int, table) -> tuple[str, ...] | None:
    """A position's target marker stands where its resets moved it from the record's start
    target (cob.solo.counter): a space the marker never reaches is the target's mistake, another
    the resets'."""
    if table.target != LOWEST_TARGET and resets_shown(start, table.target) is None:
        return (f"the target marker starts on {start} and moves down 5 at each reset: it never stands on "
                f"{table.target} (cob.solo.counter)", "solo", "target")
    shown = _targets(start, table.resets)[-1]
    if shown != table.target:
        moved = (f"with no reset the target marker stays on {start}" if table.resets == 0 else
                 f"{counted(table.resets, 'reset')} {'moves' if table.resets == 1 else 'move'} the target marker "
                 f"from {start} to {shown}")
        return f"{moved}, not on {table.target} (cob.solo.counter)", "solo", "resets"
    return None


def _scored_refusal(player: PlayerState, start: int, table) -> tuple[str, ...] | None:
    """The VP scored cover the counter and every target the counter reached before a reset
    (VP beyond a target are lost, so the VP scored may be more, never less; cob.solo.counter)."""
    if player.points < table.counter:
        return f"the counter ({table.counter}) is beyond the VP scored ({player.points})", "solo", "counter"
    if table.resets == 0 and player.points > table.counter:   # (VP are lost only at a reset)
        return (f"the VP scored ({player.points}) are more than the counter ({table.counter}) with no reset: the "
                f"counter moves with every VP, and VP are lost only when it reaches the target (cob.solo.counter)",
                "solo", "resets")
    reached = _targets(start, table.resets)[:-1]
    if player.points < table.counter + sum(reached):
        targets = (f"the target the counter reached before its reset ({reached[0]}" if len(reached) == 1 else
                   f"the {len(reached)} targets the counter reached before its resets "
                   f"({' + '.join(map(str, reached))} = {sum(reached)}")
        return (f"the VP scored ({player.points}) are fewer than the counter ({table.counter}) and {targets}; "
                f"cob.solo.counter)", "players", player.name, "vp")
    return None


def _colours_refusal(player: PlayerState, colours: list[str]) -> tuple[str, ...] | None:
    """The colours a position names as completed (those #26 counts: "3 victory points for each
    color you have completed") each once, and each completed in the duchy: every space of it
    covered (the base game's test, ``actions.colour_completed``)."""
    for index, colour in enumerate(colours):
        if colour in colours[:index]:
            return f"{COLOUR_NAME[colour]} is named twice as completed", "solo", "colours", str(index)
    for index, colour in enumerate(colours):
        spaces = player.board.colour_spaces[colour]
        if not spaces or not colour_covered(player, spaces[0]):
            open_ = sum(1 for space in spaces if player.duchy[space] is None)
            return (f"{COLOUR_NAME[colour]} is named as completed, but {counted(open_, 'space')} of "
                    f"{len(spaces)} lie empty", "solo", "colours", str(index))
    return None


def position_table(state: GameState) -> dict:
    """The solo table of ``show --position`` (what :func:`position_state` reads back), defaults left out."""
    solo = state.solo
    now = rounds_rolled(state)
    open_now = solo.stamp == now
    data = {"counter": counter(state), "target": solo.target, "resets": solo.resets, "removed": list(solo.removed),
            "colours": list(solo.colours), "removal_due": removal_due(state),
            "extra": solo.extra if open_now else 0, "black": solo.black if open_now else 0,
            "exchange": solo.ship and open_now, "gained": solo.gained and open_now,
            "goods_removed": [good for good in range(1, 7) for _ in range(solo.goods_out[good])]}
    defaults = {"counter": 0, "target": 50, "resets": 0, "removed": [], "colours": [], "removal_due": False,
                "extra": 0, "black": 0, "exchange": False, "gained": False, "goods_removed": []}
    return {key: value for key, value in data.items() if value != defaults[key]}


# --- what a typed position can have scored (rules.bounds) ------------------------------------------


def _monastery_bound(state: GameState, player: PlayerState) -> int:
    """Each monastery tile placed scored :func:`monastery_points` once, on the duchy and the
    colours as they were then: the position's, which only grew since, bound each."""
    kinds = catalogue()
    return sum(monastery_points(state, player, kinds[tile].number) for tile in player.duchy
               if tile is not None and kinds[tile].number is not None)


#: The solo game's handlers of ``rules.bounds``: the monastery tiles scored when placed; VP bought
#: are not bounded (1 VP a silverling, and the position cannot say how many silverlings were spent).
VP_BOUNDS = {CATEGORY: _monastery_bound, BOUGHT: lambda state, player: None}
