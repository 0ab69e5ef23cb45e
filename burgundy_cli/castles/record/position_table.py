"""A record's ``[position]`` table (a typed mid-game position, like FEN) read into the game state.

Every check a position gets is listed in docs/records.md ("What a position must satisfy").
Kept apart from :mod:`burgundy_cli.castles.record.setup` (what both a ``[setup]`` and a
``[position]`` read, and the position's writer, :func:`~burgundy_cli.castles.record.setup.position_data`)
and from :mod:`burgundy_cli.castles.record.setup_table` (a new game's ``[setup]``), so that opening a
record loads the reader of its own table only.
The table is validated at the edge (a pydantic ``BaseModel``); problems in its content raise
:class:`~burgundy_cli.castles.record.setup.SetupError` with the key path to blame.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from burgundy_cli.core.models import Count, TableModel

from burgundy_cli.castles.rules.boards import Board, depot_spaces, space_id, space_name
from burgundy_cli.castles.rules.commands import DieValue, GoodsType, PhaseLetter, SpaceName, TileName
from burgundy_cli.castles.modules import ruleset
from burgundy_cli.castles.record.setup import (_COLOUR_BY_NAME, _DuchyName, DuchyTable, _GoodsKey, IslandDuchyTable,
                                        SetupError, _board, _board_copies, _border_duchies, default_supply,
                                        duchy_definition, _edition, _fresh_supply, _goods_limit, _holders, passage,
                                        _island_duchy, _names_known, options_from_header, _route, _seen_tiles,
                                        _solo_duchies, _solo_players, _start_space, _team, _validate)
from burgundy_cli.castles.rules.state import PHASES, GameState, PlayerState
from burgundy_cli.castles.rules.terms import WORDS, indefinite
from burgundy_cli.castles.rules.bounds import category_bounds
from burgundy_cli.castles.rules.tiles import COLOUR_NAME, catalogue, outside_piles, resolve_tile_name
from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.words import counted


#: What comes next in a position (``GameState.stage``): a phase to begin, its reveals and
#: goods under way, a roll, a player's turn, or nothing (the game is over).
_Stage = Literal["phase", "setup", "roll", "turn", "over"]


class PlayerPosition(TableModel):
    """One player in a ``[position]``: duchy, storage, goods and supplies.

    ``start``: the start castle space (default: the central 6); ``duchy``: the placed tiles
    besides the start castle; ``vp``: the VP track, or its parts by scoring category
    (``{areas = 8, animals = 3}``; a module's categories too, with the module on);
    ``bonuses``: bonus tiles held (``blue-large``, ``grey-small``...); ``dice``: the dice not
    yet used this round; ``crane``: 2019 extra tiles, the building type the player's crane
    counts as at the final scoring, once said; ``route`` and ``route_goods`` (2019 trade
    routes): the declared route and the goods types laid on it so far, left to right.
    """

    board: _DuchyName | DuchyTable | IslandDuchyTable = 1
    start: SpaceName | None = None
    duchy: dict[SpaceName, TileName] = Field(default_factory=dict)
    storage: list[TileName] = Field(default_factory=list)  # (3 tiles, any number with shield 4: _storage_room)
    goods: dict[_GoodsKey, Annotated[int, Field(ge=1, le=7)]] = Field(default_factory=dict)
    sold: dict[_GoodsKey, Annotated[int, Field(ge=0, le=7)]] = Field(default_factory=dict)
    silver: Count = 1
    workers: Count = 0
    vp: Count | dict[str, int] = 0  # categories: _vp_categories_known
    bonuses: list[str] = Field(default_factory=list)
    dice: Annotated[list[DieValue], Field(max_length=2)] = Field(default_factory=list)
    shields: dict[SpaceName, Annotated[int, Field(ge=1, le=18)]] = Field(default_factory=dict)
    crane: TileName | None = None
    route: list[str] = Field(default_factory=list)
    route_goods: list[GoodsType] = Field(default_factory=list)
    shared: list[TileName] = Field(default_factory=list)  # (the team game: 2 tiles, shield 4 any: _storage_room)


class TributeOrder(TableModel):
    """A tribute said ahead for this phase's end (``anna: tribute drop 12 workers 1``)."""

    drop: list[Annotated[int, Field(ge=1, le=18)]] = Field(default_factory=list)
    workers: Annotated[int, Field(ge=0, le=18)] | None = None


class ShieldsPosition(TableModel):
    """The 2019 shields off the duchies in a ``[position]``: on each depot ``"1"``..``"6"``,
    removed from the game, and shield 6's choices (holder -> lender). Shields named nowhere
    (not here, not on a player's castles) are in the box. The moment's open choices
    (``modules.shields.position_moment``): ``ship``, the player whose ship of this round shield
    5's take may still follow, and ``swept`` the goods a solo ship removed that it may still
    take (option ``solo-shield5-first``); ``placed``: shields 14/15 used this phase, by holder;
    ``die16``: the player whose turn of this round shield 16 has set a die in; ``tribute``: the
    tributes said ahead for this phase's end, by player."""

    depots: dict[_GoodsKey, list[Annotated[int, Field(ge=1, le=18)]]] = Field(default_factory=dict)
    removed: list[Annotated[int, Field(ge=1, le=18)]] = Field(default_factory=list)
    borrowed: dict[str, str] = Field(default_factory=dict)
    ship: str | None = None
    swept: dict[_GoodsKey, Annotated[int, Field(ge=1, le=42)]] = Field(default_factory=dict)
    placed: dict[str, list[Annotated[int, Field(ge=14, le=15)]]] = Field(default_factory=dict)
    die16: str | None = None
    tribute: dict[str, TributeOrder] = Field(default_factory=dict)


class SoloPosition(TableModel):
    """The 2019 solo game's table in a ``[position]`` (``castles.modules.solo``): where the VP
    counter stands, the target marker, the resets so far, the tiles the rounds removed (in
    order), the colours completed (codes, for #26), and what is still open this round:
    ``removal_due`` (the round is rolled, its removal not yet made), ``extra`` (reset extra
    actions), ``black`` (completed colours' black-depot tiles), ``exchange`` (a ship's 5-goods
    exchange), ``gained`` (VP were gained, so VP may be bought); ``goods_removed``: the goods
    tiles ships and exchanges removed from the game (their types), still among the 7 of a type."""

    counter: Count = 0
    target: Annotated[int, Field(ge=5, le=55)] = 50
    resets: Count = 0
    removed: list[TileName] = Field(default_factory=list)
    colours: list[Literal["C", "S", "M", "L", "B", "Y"]] = Field(default_factory=list)
    removal_due: bool = False
    extra: Annotated[int, Field(ge=0)] = 0
    black: Annotated[int, Field(ge=0)] = 0
    exchange: bool = False
    gained: bool = False
    goods_removed: list[GoodsType] = Field(default_factory=list)


class LatePurse(TableModel):
    """What the late buyer of a phase's last turn held as that turn ended, before the phase end
    paid its income (``[position] late_purse``): their purchase is paid from it."""

    silver: Count = 0
    workers: Count = 0


class PositionTable(TableModel):
    """A typed mid-game position (the ``[position]`` table), like FEN for chess.

    ``to_move``: the player whose turn it is (their unused ``dice`` given); without it the
    next line is the round's roll (in round 1: the phase's reveals and goods may come first;
    depots and round goods given here count as already laid out).
    ``bridge``: the turn-order track from the start space on, each stack listed top first.
    ``order``: this round's turn order if ships changed the bridge during the round (after the
    game: the last round's, for 2011's last tiebreak with option ``tiebreak-turn-order``).
    ``depots``: tiles on depots ``"1"``..``"6"`` and ``"black"`` (depots left out are
    trusted like unrevealed ones); ``depot_goods``: goods on the numbered depots;
    ``round_goods``: goods still on the round spaces, top first.
    ``supply``: tile kind -> [coloured backs, black backs] left face down, for the kinds
    whose count is not simply every copy the position does not show (tiles returned to the
    box at a phase end, black-backed copies bought); a kind left out keeps those.
    ``trusted``: what the record before the position left the referee to trust (takes
    from depots whose reveal was not recorded), kept for the score's notes.
    ``stage``: what comes next when ``to_move`` does not say it: ``phase`` (the phase's
    reveals and goods, or its first roll; the depots still hold the last phase's
    leftovers), ``setup`` (the phase has begun: its reveals and goods are under way; the
    depots given are this phase's), ``roll``, ``turn`` (``to_move`` is to move) or ``over``
    (phase E has ended: ``phase = "E"``, ``round = 5``). ``late_buyer``: the player who
    has used their last die this round and may still make the turn's purchase; ``late_purse``:
    when that turn was the phase's last (stage ``phase``), the silverlings and workers they held
    as it ended, before the phase end's income (left out: what they hold now).
    ``teams`` (2019 ``team-game``): as in ``[setup]``; the two players of a team then state the
    team's board, duchy, goods, sold goods, silver, workers, bonus tiles and ``shared`` storage
    alike (:func:`~burgundy_cli.castles.modules.team.position_teams`).
    """

    phase: PhaseLetter = "A"
    round: Annotated[int, Field(ge=1, le=5)] = 1
    stage: _Stage | None = None
    players: dict[str, PlayerPosition]
    bridge: list[list[str]] = Field(default_factory=list)
    order: list[str] | None = None
    to_move: str | None = None
    bought: bool = False
    late_buyer: str | None = None
    late_purse: LatePurse | None = None
    white: DieValue | None = None
    depots: dict[Literal["1", "2", "3", "4", "5", "6", "black"], list[TileName]] = Field(default_factory=dict)
    depot_goods: dict[_GoodsKey, list[GoodsType]] = Field(default_factory=dict)
    round_goods: list[GoodsType] | None = None
    supply: dict[TileName, Annotated[list[Annotated[int, Field(ge=0)]], Field(min_length=2, max_length=2)]] = Field(default_factory=dict)
    trusted: list[Annotated[str, Field(min_length=1)]] = Field(default_factory=list)
    shields: ShieldsPosition | None = None
    teams: dict[str, list[Annotated[str, Field(min_length=1)]]] = Field(default_factory=dict)
    solo: SoloPosition | None = None


def _tile(name: str, path: tuple) -> str:
    """``name`` as its canonical tile name; a name that is no tile is refused where it stands,
    with the closest tile name (a typed ``bnak`` is a ``bank``)."""
    canonical = resolve_tile_name(name)
    if canonical is None:
        from burgundy_cli.core.suggest import closest

        close = closest(name, catalogue())
        raise SetupError(f"unknown tile '{name}'", path, f"did you mean '{close}'?" if close else
                         "tiles are named as the notation names them: bank, ship, cow3, k22 (docs/notation.md)")
    return canonical


def _connected(duchy: list[str | None], start: int, board_: Board) -> set[int]:
    """The placed spaces a chain of placed tiles joins to ``start`` (across a solo duchy's river too)."""
    links = board_.neighbours
    if board_.river:  # the 2019 solo duchy: the river joins spaces both ways
        links = tuple((*near, *board_.river[s], *(t for t in range(len(links)) if s in board_.river[t]))
                      for s, near in enumerate(links))
    seen, todo = {start}, [start]
    while todo:
        for other in links[todo.pop()]:
            if duchy[other] is not None and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _city_once(duchy: list[str | None], duchy_board: Board, path: tuple, edition: str) -> None:
    """Without knowledge tile 1, a city holds each building type at most once (said in
    ``edition``'s words)."""
    for members in duchy_board.areas:
        buildings = [duchy[s] for s in members if duchy_board.colour[s] == "B" and duchy[s] is not None]
        for tile in set(buildings):
            if buildings.count(tile) > 1:
                where = next(space_name(s) for s in members if duchy[s] == tile)
                words = WORDS[edition]
                raise SetupError(f"the {words['city']} at {where} holds {buildings.count(tile)} {tile} tiles"
                                 + passage("cob.place.city-once", edition), path,
                                 f"one building of each type per {words['city']}, unless {words['knowledge tile']}"
                                 " 1 is placed")


def _position_player(edition: str, name: str, entry: PlayerPosition, duchies: dict[str, Board],
                     goods_types: int = 3, apart: bool = False) -> PlayerState:
    """One player's state (``apart``: their tiles need not join the start castle, shield 18)."""
    path = ("position", "players", name)
    if isinstance(entry.board, IslandDuchyTable):
        duchy_board = _island_duchy(entry.board.name or f"{name}'s", entry.board, (*path, "board"))
    elif isinstance(entry.board, DuchyTable):
        duchy_board = duchy_definition(entry.board.name or f"{name}'s", entry.board, (*path, "board"), edition)
    else:
        duchy_board = _board(edition, entry.board, (*path, "board"), duchies)
    start = _start_space(duchy_board, duchy_board.name or entry.board, entry.start, (*path, "start"), edition)
    duchy: list[str | None] = [None] * len(duchy_board.colour)  # (a 2019 team board has 73)
    duchy[start] = "castle"
    kinds = catalogue()
    for space_text, tile_text in entry.duchy.items():
        space = space_id(space_text)
        where = (*path, "duchy", space_text)
        if space is None or space >= len(duchy):
            raise SetupError(f"{indefinite(WORDS[edition]['duchy'])} has no space {space_text}" + passage("cob.place.space", edition),
                             where)
        if space == start:
            raise SetupError(f"{space_text} holds the start castle", where)
        tile = _tile(tile_text, where)
        if kinds[tile].colour not in (duchy_board.colour[space], "I", "X"):  # (an inn, a solo black hex: any colour)
            raise SetupError(f"{tile} ({COLOUR_NAME[kinds[tile].colour]}) cannot lie on {space_text} "
                             f"({COLOUR_NAME[duchy_board.colour[space]]})" + passage("cob.place.colour", edition),
                             where)
        duchy[space] = tile
    loose = {s for s in range(len(duchy)) if duchy[s] is not None} - _connected(duchy, start, duchy_board)
    if loose and not apart:
        raise SetupError(f"{space_name(min(loose))} is not connected to the start castle"
                         + passage("cob.place.adjacent", edition), (*path, "duchy"))
    if len(entry.goods) > goods_types:
        raise SetupError(f"{name}'s goods storage holds {len(entry.goods)} goods types, at most {goods_types}"
                         + passage("cob.ship.goods", edition), (*path, "goods"))
    bonuses = []
    for index, text in enumerate(entry.bonuses):
        colour_name, _, size = text.rpartition("-")
        code = _COLOUR_BY_NAME.get(colour_name) or _COLOUR_BY_NAME.get(f"{colour_name}-green")
        if code is None or size not in ("large", "small"):
            raise SetupError(f"unknown bonus tile '{text}'", (*path, "bonuses", index),
                             "like 'blue-large', 'dark-green-small'")
        if any(duchy[s] is None for s in duchy_board.colour_spaces[code]):
            raise SetupError(f"{name} has not covered every {COLOUR_NAME[code]} space", (*path, "bonuses", index))
        bonuses.append(f"{code}-{size}")
    sold = [0] * 7
    for good, count in entry.sold.items():
        sold[int(good)] = count
    knowledge = {kinds[t].number for t in duchy if t is not None and kinds[t].number is not None}
    storage = [_tile(t, (*path, "storage", i)) for i, t in enumerate(entry.storage)]
    vp = entry.vp if isinstance(entry.vp, dict) else {"position": entry.vp}
    for category, points in vp.items():
        if points < 0 and category != "corrections":
            raise SetupError(f"{category} VP cannot be negative", (*path, "vp", category),
                             "only corrections can take VP away")
    player = PlayerState(name, duchy_board, start, duchy, storage, {int(g): c for g, c in entry.goods.items()},
                         sold, entry.silver, entry.workers, {c: p for c, p in vp.items() if p},
                         bonuses, knowledge, list(entry.dice))
    player.shared = [_tile(t, (*path, "shared", i)) for i, t in enumerate(entry.shared)]
    if entry.crane is not None:
        if "crane" not in duchy:
            raise SetupError(f"{name} has no crane in their {WORDS[edition]['duchy']}", (*path, "crane"))
        player.crane = _tile(entry.crane, (*path, "crane"))
    return player


def state_from_position(header: GameHeader, data: object, duchies: dict[str, Board] | None = None) -> GameState:
    """The game state described by a ``[position]`` table.

    Every check a position gets is listed in docs/records.md ("What a position must
    satisfy"); ``tests/castles/test_rules_setup.py`` holds that list true.

    :raises SetupError: invalid table or content (component counts, colours, bonus tiles,
        goods, depots, VP), with the key path to blame.
    """
    edition = _edition(header)
    options = options_from_header(header)
    if "team-game" in options.modules:   # (before the duchies: a module apart from it is the header's to blame)
        from burgundy_cli.castles.modules.team import check_apart

        _team(check_apart, options)
    table: PositionTable = _validate(PositionTable, data, "position")
    names = header.players
    _solo_players(options, names)   # (before the duchies: two players on the solo duchy are the header's to blame)
    players = _position_players(edition, names, table, duchies or {}, 6 if "solo-game" in options.modules else 3)
    _border_duchies(options, players, lambda name: ("position", "players", name, "board"))
    state = GameState(edition, options, players, _position_bridge(names, table), ruleset(options.modules),
                      phase=PHASES.index(table.phase), round=table.round - 1, stage=_position_stage(table),
                      supply=_fresh_supply(0))
    _position_teams(state, table)
    _vp_categories_known(state, table)
    _position_routes(state, table)
    _lay_out_depots(state, table)
    _count_tiles(state, table)
    _count_goods(state, table)
    _claim_bonuses(state)
    _position_flow(state, table)
    _position_shields(state, table)
    _storage_room(state)
    _cities(state)
    _position_solo(state, table)
    _vp_within_bound(state, table)
    state.unverified = list(table.trusted)
    return state


def _shield_place(path: tuple) -> str:
    """Where the position's key ``path`` puts a shield, in the table's words."""
    if path[1] == "players":   # ("position", "players", name, "shields", space)
        return f"{path[2]}'s castle on {path[4]}"
    return "removed from the game" if path[2] == "removed" else f"depot {path[3]}"


def _cities(state: GameState) -> None:
    """Each city holds each building type once (:func:`_city_once`) -- unless its player has
    knowledge tile 1: their own, or another's lent by the 2019 shield 6 (read with the shields),
    or possibly lent before shield 6 left the game (the buildings placed then stay)."""
    gone = state.shields is not None and 6 in state.shields.removed
    for player in state.players:
        if 1 not in player.knowledge and not gone:
            _city_once(player.duchy, player.board, ("position", "players", player.name, "duchy"), state.edition)


def _storage_room(state: GameState) -> None:
    """Each player's storage holds at most its 3 spaces' tiles (``cob.storage.full``) -- any
    number while they hold the 2019 shield 4 ("unlimited storage"), and once shield 4 has left
    the game the tiles beyond 3 its holder kept (docs/rulings.md, the shields' abilities).
    In the team game: 2 private spaces each and the team's 2 shared ones (``cob.team.storage``),
    which shield 4 lifts alike (it is the team's: docs/rulings.md)."""
    from burgundy_cli.castles.rules.actions import STORAGE

    rooms: tuple[tuple[str, int, str], ...] = (("storage", STORAGE, "storage"),)
    if state.teams is not None:
        from burgundy_cli.castles.modules.team import PRIVATE_SPACES, SHARED_SPACES

        rooms = (("storage", PRIVATE_SPACES, "private storage"), ("shared", SHARED_SPACES, "shared storage"))
    gone = state.shields is not None and 4 in state.shields.removed
    for player in state.players:
        for part, room, which in rooms:
            held = len(getattr(player, part))
            if held > room and not gone and not (player.shields and 4 in player.shields.values()):
                raise SetupError(f"{player.name}'s {which} holds {room} tiles, not {held}"
                                 + (" (cob.team.storage)" if state.teams is not None else ""),
                                 ("position", "players", player.name, part),
                                 "only the 2019 shield 4 lets a storage hold more; its holder keeps them "
                                 "once it leaves the game")


def _position_teams(state: GameState, table: PositionTable) -> None:
    """The team game's part of a position: its teams, their property alike for both members
    (:func:`~burgundy_cli.castles.modules.team.position_teams`); none of it in another game
    (as :func:`_position_shields` and :func:`_position_solo`: the module loaded only when played)."""
    if "team-game" not in state.options.modules:
        shared = next((player.name for player in state.players if player.shared), None)
        if table.teams or shared is not None:
            raise SetupError("teams and shared storage belong to the 2019 team game",
                             ("position", "teams") if table.teams else ("position", "players", shared, "shared"),
                             '[game.options] modules = ["team-game"]')
        return
    from burgundy_cli.castles.modules.team import position_teams

    _team(position_teams, state, table)


def _position_solo(state: GameState, table: PositionTable) -> None:
    """The solo game's part of a position (1 player; its counter, target, removed tiles); none
    of it in another game (its player count is checked before the duchies)."""
    _solo_duchies(state.options, {player.name: player.board for player in state.players}, ("position", "players"))
    if "solo-game" not in state.options.modules:
        if table.solo is not None:
            raise SetupError("a solo table belongs to the solo game", ("position", "solo"),
                             '[game.options] modules = ["solo-game"]')
        return
    from burgundy_cli.castles.modules.solo import position_state

    why = position_state(state, table.solo or SoloPosition())
    if why is not None:
        raise SetupError(why[0], ("position", *why[1:]))


def _position_shields(state: GameState, table: PositionTable) -> None:
    """The shields module's part of a position: each shield at most once, on a castle of its
    holder; none of it in a game without the module."""
    held = {name: entry.shields for name, entry in table.players.items() if entry.shields}
    if "shields" not in state.options.modules:
        if table.shields is not None or held:
            raise SetupError("shields lie only in a game with the shields module",
                             ("position", "shields") if table.shields is not None else
                             ("position", "players", next(iter(held)), "shields"), '[game.options] modules = ["shields"]')
        return
    from burgundy_cli.castles.modules.shields import SHIELDS
    from burgundy_cli.castles.rules.state import ShieldTable

    off = table.shields or ShieldsPosition()
    shields = ShieldTable()
    seen: dict[int, tuple] = {}

    def once(number: int, path: tuple) -> None:
        if number in seen:
            first, second = _shield_place(seen[number]), _shield_place(path)
            raise SetupError(f"shield {number} is {first} twice: the game has one" if first == second else
                             f"shield {number} lies in two places: {first} and {second}", path)
        seen[number] = path

    for depot, numbers in off.depots.items():
        for number in numbers:
            once(number, ("position", "shields", "depots", depot))
        shields.depots[int(depot)] = list(numbers)
    for number in off.removed:
        once(number, ("position", "shields", "removed"))
    shields.removed = list(off.removed)
    kinds = catalogue()
    mates = {}  # (the team game: a team's shields lie on its castles, stated alike for both members)
    if state.teams is not None:
        mates = {second: first for first, second in state.teams.members}
    for name, spaces in held.items():
        player = state.players[state.seat(name)]
        for space_text, number in spaces.items():
            path = ("position", "players", name, "shields", space_text)
            if state.seat(name) not in mates:
                once(number, path)
            space = space_id(space_text)
            if space is None or player.duchy[space] is None or kinds[player.duchy[space]].type != "castle":
                raise SetupError(f"{space_text} holds no castle of {name}'s", path)
            player.shields[space] = number
    for first, second in (state.teams.members if mates else ()):
        if state.players[first].shields != state.players[second].shields:
            raise SetupError(f"{state.players[first].name} and {state.players[second].name} are a team: the shields "
                             "on the team's castles must be stated alike (cob.team.private)",
                             ("position", "players", state.players[second].name, "shields"))
    for holder, lender in off.borrowed.items():
        path = ("position", "shields", "borrowed", holder)
        if state.seat(holder) < 0 or state.seat(lender) < 0 or holder == lender:
            raise SetupError(f"shield 6: '{holder}' borrows from '{lender}', not two players of the game", path)
        if 6 not in state.players[state.seat(holder)].shields.values():
            raise SetupError(f"{holder} holds no shield 6", path)
        shields.borrowed[state.seat(holder)] = state.seat(lender)
    shields.box = [number for number in SHIELDS if number not in seen]
    state.shields = shields
    if shields.borrowed:
        from burgundy_cli.castles.modules.shields import refresh_knowledge

        refresh_knowledge(state)
    from burgundy_cli.castles.modules.shields import position_moment

    why = position_moment(state, off)
    if why is not None:
        raise SetupError(why[0], ("position", "shields", *why[1:]))


def _vp_categories_known(state: GameState, table: PositionTable) -> None:
    """The VP categories a position gives are scored during play: the base game's
    (``scoring.PLAY_CATEGORIES``) and those of the record's modules (``ruleset.categories``)."""
    from burgundy_cli.castles.rules.scoring import PLAY_CATEGORIES

    known = PLAY_CATEGORIES + state.ruleset.categories
    for name, entry in table.players.items():
        for category in entry.vp if isinstance(entry.vp, dict) else ():
            if category not in known:
                raise SetupError(f"unknown VP category '{category}'", ("position", "players", name, "vp", category),
                                 f"categories: {', '.join(known)}")


def _position_routes(state: GameState, table: PositionTable) -> None:
    """Each player's declared trade route and the goods laid on it: the first sold goods,
    as many as the route holds. In the 2019 team game the team's sold goods fill both members'
    routes (each sale the seller's): together they hold every goods tile sold unless one of them
    is full; with one route per team (option ``team-routes = "team"``) the members state it alike."""
    for player in state.players:
        entry = table.players[player.name]
        path = ("position", "players", player.name)
        player.route = _route(state.options, state.player_count, player.name, entry.route or None, (*path, "route"))
        if entry.route_goods and not player.route:
            raise SetupError("goods on a trade route, but this game does not play the trade routes",
                             (*path, "route_goods"))
        if len(entry.route_goods) > len(player.route):
            raise SetupError(f"{player.name}'s route holds {len(player.route)} goods, not {len(entry.route_goods)}",
                             (*path, "route_goods"))
        player.route_goods = list(entry.route_goods)
    groups = [(seat,) for seat in range(len(state.players))] if state.teams is None else state.teams.members
    for group in groups:
        members = [state.players[seat] for seat in group]
        if state.options.team_routes == "team" and len(members) == 2:
            first, second = members
            if (second.route, second.route_goods) != (first.route, first.route_goods):
                raise SetupError(f"one route per team (team-routes = \"team\"): {second.name} states "
                                 f"{first.name}'s route and its goods alike", ("position", "players", second.name,
                                                                               "route"))
            members = [first]
        last = members[-1]
        path = ("position", "players", last.name, "route_goods")
        sold = last.sold  # (the team's in the team game: both members state it alike)
        laid = [good for member in members for good in member.route_goods]
        full = any(len(member.route_goods) == len(member.route) for member in members)
        if len(laid) > sum(sold) or (len(laid) < sum(sold) and not full):
            whose = " and ".join(f"{member.name}'s" for member in members)
            holds = min(len(last.route), sum(sold)) if len(members) == 1 else "every one sold unless a route is full"
            raise SetupError(f"{whose} route holds {len(laid)} goods; with {sum(sold)} sold it holds {holds}", path,
                             "sold goods go onto the route first, left to right, until it is full")
        if any(laid.count(good) > sold[good] for good in set(laid)):
            raise SetupError(f"{last.name}'s route holds goods not sold", path,
                             "every goods tile on the route is counted in 'sold'")


def _position_players(edition: str, names: list[str], table: PositionTable,
                      duchies: dict[str, Board], goods_types: int = 3) -> list[PlayerState]:
    """Each player's state, in seat order; every player has an entry and only they do
    (``goods_types``: how many goods types a player may hold; the solo game: any)."""
    _names_known(names, table.players, ("position", "players"))
    for name in names:
        if name not in table.players:
            raise SetupError(f"no entry for {name}", ("position", "players"))
    # (2019 shield 18 lifts the adjacency rule for its holder: a tile placed then stays apart
    # once the shield is gone, so a player holding it, or anyone once it is removed from the game)
    removed = table.shields.removed if table.shields is not None else []
    players = [_position_player(edition, name, table.players[name], duchies, goods_types,
                                18 in table.players[name].shields.values() or 18 in removed) for name in names]
    if not table.teams:  # (2019 team game: a team's two players share its board; position_teams checks them)
        # (after each board is known to be one of the box: 'no duchy 99' says more than '1 copy of duchy 99')
        _board_copies(edition, {n: p.board.name or n if isinstance(p.board, (DuchyTable, IslandDuchyTable))
                                else p.board for n, p in table.players.items()}, ("position", "players"), ("board",))
    return players


def _position_bridge(names: list[str], table: PositionTable) -> list[list[int]]:
    """The bridge's stacks as seats, bottom first; default: everyone on the start space in seat order."""
    stacks = table.bridge or [list(names)]
    listed = [name for stack in stacks for name in stack]
    if sorted(listed) != sorted(names):
        raise SetupError("every player's piece must be on the bridge exactly once", ("position", "bridge"))
    return [[names.index(name) for name in reversed(stack)] for stack in stacks]


def _lay_out_depots(state: GameState, table: PositionTable) -> None:
    """The depots' tiles and goods and the round goods, each within what the board allows.

    A numbered depot holds at most its spaces for the player count and phase, of their
    colours, drawn from coloured-backed tiles; the black depot holds black-backed tiles
    only (2011 rules, 'Game setup' and 'Before each phase').
    """
    kinds = catalogue()
    leftovers = state.stage == "phase" and state.phase > 0  # the last phase's depots, not yet cleared
    spaces = depot_spaces(len(state.players), state.phase - leftovers)
    for key, names in table.depots.items():
        depot = 0 if key == "black" else int(key)
        tiles = [_tile(t, ("position", "depots", key, i)) for i, t in enumerate(names)]
        _depot_fits(depot, tiles, spaces[depot], ("position", "depots", key), kinds)
        state.depots[depot] = tiles
        state.revealed[depot] = True
    for key, goods in table.depot_goods.items():
        state.depot_goods[int(key)] = list(goods)
    if table.round_goods is not None:
        if state.stage == "phase":
            raise SetupError("a phase's goods are laid out once it has begun (stage 'setup')",
                             ("position", "round_goods"))
        rolled = _ROLLS_MADE[state.stage](table.round)
        if len(table.round_goods) > 5 - rolled:
            raise SetupError(f"{len(table.round_goods)} round goods left after {counted(rolled, 'roll')} of the phase; "
                             f"a phase lays out 5 and each roll takes one", ("position", "round_goods"))
        state.round_goods = list(table.round_goods)


#: Rolls made in the phase, by stage, from the position's round 1..5.
_ROLLS_MADE = {"setup": lambda _: 0, "roll": lambda r: r - 1, "turn": lambda r: r, "over": lambda _: 5}


def _depot_fits(depot: int, tiles: list[str], spaces: tuple[str, ...], path: tuple, kinds: dict) -> None:
    name = "the black depot" if depot == 0 else f"depot {depot}"
    if len(tiles) > len(spaces):
        raise SetupError(f"{name} has {len(spaces)} spaces in this phase, not {len(tiles)}", path)
    free = list(spaces)
    for index, tile in enumerate(tiles):
        kind = kinds[tile]
        if depot == 0 and kind.black == 0:
            raise SetupError(f"no {tile} has a black back; the black depot holds black-backed tiles", (*path, index))
        if depot and kind.coloured == 0:
            raise SetupError(f"every {tile} has a black back; only the black depot holds it", (*path, index))
        if depot and kind.colour not in free:
            raise SetupError(f"{name}'s spaces take {' '.join(sorted(spaces))} in this phase; no free space for "
                             f"{tile} ({COLOUR_NAME[kind.colour]})", (*path, index))
        if depot:
            free.remove(kind.colour)


def _count_tiles(state: GameState, table: PositionTable) -> None:
    """No more copies of a tile than the game has; the supply keeps the rest, or what
    ``supply`` says is left of a kind (never more than the copies not shown, of each back)."""
    kinds = catalogue()
    seen = _seen_tiles(state)
    for tile, count in seen.items():
        module = kinds[tile].module
        if module is not None and module not in state.ruleset.modules:
            raise SetupError(f"the {tile} belongs to the 2019 '{module}' module, which this game does not play",
                             ("position",), f'[game.options] modules = ["{module}"]')
        if outside_piles(kinds[tile]):  # a module's tile outside the piles (an inn): its module counts it
            if count > kinds[tile].count:
                raise SetupError(f"{count} {tile} tiles on the table; the game has {kinds[tile].count}"
                                 + passage("cob.supply.exhausted", state.edition), ("position",))
            continue
        total = kinds[tile].coloured + kinds[tile].black
        if count > total:
            raise SetupError(f"{count} {tile} tiles on the table; the game has {total}"
                             + passage("cob.supply.exhausted", state.edition), ("position",))
    state.supply = default_supply(state)
    for name, (coloured, black) in table.supply.items():
        path = ("position", "supply", name)
        tile = _tile(name, path)
        kind = kinds[tile]
        if kind.module is not None and kind.module not in state.ruleset.modules and (coloured or black):
            raise SetupError(f"the {tile} belongs to the 2019 '{kind.module}' module, which this game does not play",
                             path, f'[game.options] modules = ["{kind.module}"]')
        unseen = kind.coloured + kind.black - seen.get(tile, 0)
        if coloured > kind.coloured or black > kind.black or coloured + black > unseen:
            raise SetupError(f"{coloured} coloured- and {black} black-backed {tile} tiles cannot be left: the game "
                             f"has {kind.coloured} and {kind.black}, {seen.get(tile, 0)} of them on the table", path)
        state.supply[tile] = [coloured, black]


def _count_goods(state: GameState, table: PositionTable) -> None:
    """Goods within the box (7 of a type) and within what has been dealt by this point.

    Dealt so far: 3 per player at the start and 5 per phase begun (the phase's round
    goods, 2011 rules 'Before each phase'); every goods tile in a storage, sold, on a
    depot or on a round space is one of those. On the depots only the round goods placed
    by a roll (2019 rules, 'Game play': "place the first face up goods tile from the round
    spaces on the depot that matches the result of the white die"): 5 per phase ended and
    one per roll of this phase; the starting goods go to the players.
    """
    goods_used = [0] * 7
    held = 0
    for player in _holders(state):
        for good, count in player.goods.items():
            goods_used[good] += count
        for good in range(1, 7):
            goods_used[good] += player.sold[good]
        held += sum(player.goods.values()) + sum(player.sold)
    for goods in state.depot_goods:
        for good in goods:
            goods_used[good] += 1
    for good in state.round_goods or ():
        goods_used[good] += 1
    _goods_limit(goods_used, ("position",), state.edition)
    on_depots = sum(len(goods) for goods in state.depot_goods)
    placed = 5 * state.phase + (_ROLLS_MADE[state.stage](table.round) if state.stage in _ROLLS_MADE else 0)
    if on_depots > placed:
        raise SetupError(f"{on_depots} goods tiles on the depots; only {placed} can have been placed there by phase "
                         f"{PHASES[state.phase]} round {table.round}", ("position", "depot_goods"),
                         "each roll places one of the phase's 5 round goods on a depot; the players' starting "
                         "goods never lie on one")
    begun = state.phase + (0 if state.stage == "phase" or (state.stage == "setup" and table.round_goods is None)
                           else 1)
    dealt = 3 * len(_holders(state)) + 5 * begun
    if sum(goods_used) > dealt:
        raise SetupError(f"{sum(goods_used)} goods tiles in play ({held} held or sold by the players); only "
                         f"{dealt} can have been dealt by phase {PHASES[state.phase]} round {table.round}",
                         ("position",), "3 per player at the start, 5 per phase")
    state.goods_used = goods_used


def _claim_bonuses(state: GameState) -> None:
    """Each bonus tile held once; the small one of a colour only after the large one, by another player.

    2011 rules, 'Bonus tiles': the first player to cover a colour takes the large tile,
    the second the small one.
    """
    taken: dict[str, str] = {}
    for player in _holders(state):
        for bonus in player.bonuses:
            path = ("position", "players", player.name, "bonuses")
            if bonus in taken:
                colour, _, size = bonus.partition("-")
                tile = f"the {size} {COLOUR_NAME[colour]} bonus tile"
                raise SetupError(f"{player.name} holds {tile} twice" if taken[bonus] == player.name else
                                 f"{taken[bonus]} and {player.name} both hold {tile}", path,
                                 "each colour has one large and one small bonus tile")
            taken[bonus] = player.name
            colour = bonus[0]
            state.bonus_taken[colour] = state.bonus_taken.get(colour, 0) + 1
    for bonus, holder in taken.items():
        colour, size = bonus.split("-")
        large = taken.get(f"{colour}-large")
        path = ("position", "players", holder, "bonuses")
        if size == "small" and large is None:
            raise SetupError(f"{holder} holds the small {COLOUR_NAME[colour]} bonus tile while the large one is "
                             "unclaimed", path, "the first player to cover a colour takes the large tile")
        if size == "small" and large == holder:
            raise SetupError(f"{holder} holds both {COLOUR_NAME[colour]} bonus tiles", path,
                             "a player covers a colour once: the large or the small tile")
    if "solo-game" not in state.options.modules:  # (the solo game has no bonus tiles)
        _covered_colours_claimed(state, taken)


def _covered_colours_claimed(state: GameState, taken: dict[str, str]) -> None:
    """A player who has covered every space of a colour holds one of its bonus tiles, unless
    other players hold both: the first to cover a colour "immediately takes" the large tile,
    the second the small one (2011 rules, 'Additional rules for placing six-sided tiles';
    2019 'Additional rules for placing hex tiles'); third and fourth receive nothing."""
    from burgundy_cli.castles.rules.actions import colour_completed   # (the placement's own test)

    for player in _holders(state):
        for colour, spaces in player.board.colour_spaces.items():
            if not spaces or not colour_completed(player, spaces[0]):
                continue
            holders = [taken.get(f"{colour}-{size}") for size in ("large", "small")]
            if player.name in holders or None not in holders:
                continue
            left = "large" if holders[0] is None else "small"
            raise SetupError(f"{player.name} has covered every {COLOUR_NAME[colour]} space but holds no "
                             f"{COLOUR_NAME[colour]} bonus tile, and the {left} one is still unclaimed",
                             ("position", "players", player.name, "bonuses"),
                             f"add {COLOUR_NAME[colour]}-{left} to {player.name}'s bonuses")


def vp_bound(state: GameState, player: PlayerState) -> int | None:
    """The most VP ``player``'s duchy, sales and bonus tiles can have earned so far: the sum of
    every category's bound (:func:`~burgundy_cli.castles.rules.bounds.category_bounds`, each asked of
    the functions that score it during play), None when some category has no bound."""
    bounds = category_bounds(state, player).values()
    return None if None in bounds else sum(bounds)


#: Where each edition's rulebook says what scores VP during play -- a completed area (its size and
#: the phase), a bonus tile, livestock, a watchtower, a sale -- which a position's VP track is held
#: to (the most it can be here, the least at a game's end: ``record.end_table``).
SCORED_IN_PLAY = {
    "2011": " (2011 rules, 'Additional rules for placing six-sided tiles': a completed region and a bonus "
            "tile; 'Animal'; 'Watchtower'; 'Action \"Sell goods\"')",
    "2019": " (2019 rules, 'Additional rules for placing hex tiles': a completed area and a bonus tile; "
            "'Livestock (light green)'; 'Watchtower'; 'Action \"Sell Goods\"')",
}


def _vp_within_bound(state: GameState, table: PositionTable) -> None:
    """Every VP category a player states is within what the position can have earned in it
    (:func:`~burgundy_cli.castles.rules.bounds.category_bounds`), and all of them with the VP
    stated as one number (``position``) within their sum (:func:`vp_bound`); ``corrections`` are
    manual and not bounded. In the 2019 team game the team's duchy earned both members' VP, so
    the bound holds for the two together."""
    teams = state.teams.members if state.teams is not None else [(seat,) for seat in range(len(state.players))]
    for seats in teams:
        members = [state.players[seat] for seat in seats]
        bounds = category_bounds(state, members[0])
        stated: dict[str, int] = {}
        for player in members:
            for category, points in player.vp.items():
                if category != "corrections":
                    stated[category] = stated.get(category, 0) + points
        for category, points in stated.items():
            bound = sum(bounds.values()) if category == "position" and None not in bounds.values() else (
                None if category == "position" else bounds.get(category))
            if category == "position":
                points = sum(stated.values())
            if bound is not None and points > bound:
                _vp_refusal(state, table, members, category, points, bound)


def _vp_refusal(state: GameState, table: PositionTable, members: list[PlayerState], category: str, points: int,
                bound: int) -> None:
    player = next(member for member in reversed(members) if member.vp.get(category))
    whose = player.name if len(members) == 1 else f"{members[0].name} and {members[1].name}'s team"
    number = isinstance(table.players[player.name].vp, int)
    path = ("position", "players", player.name, "vp", *(() if number else (category,)))
    what = "VP" if category == "position" else f"{category} VP"
    duchy = WORDS[state.edition]["duchy"]
    raise SetupError(f"{whose} has {points} {what}; the {duchy}, sold goods and bonus tiles allow at most {bound}"
                     + SCORED_IN_PLAY[state.edition], path,
                     f"each category is bounded by what the {duchy}, sold goods and bonus tiles it shows can have "
                     "scored in it (docs/records.md, vp-bound)")


def _position_stage(table: PositionTable) -> str:
    """What comes next: the table's ``stage``, or what ``to_move`` and the round imply.

    Without ``stage``: a player's turn when ``to_move`` is given; else in round 1 the
    phase's setup if any of its depots or goods are given (reveals may follow), the phase
    still to begin if not; else the round's roll.
    """
    stage = table.stage
    if stage is None:
        if table.to_move is not None:
            return "turn"
        if table.round == 1:
            return "setup" if table.depots or table.round_goods is not None else "phase"
        return "roll"
    path = ("position", "stage")
    if (stage == "turn") != (table.to_move is not None):
        raise SetupError("a player is to move in stage 'turn', and only then", path,
                         "give to_move with stage 'turn', or leave stage out")
    if stage in ("phase", "setup") and table.round != 1:
        raise SetupError(f"stage '{stage}' comes before a phase's first round, not in round {table.round}", path)
    if stage == "over" and (table.phase, table.round) != ("E", 5):
        raise SetupError("the game is over only after phase E round 5", path)
    return stage


def _turn_order(state: GameState, order: list[str]) -> list[int]:
    """The seats of ``order``, the ``[position] order`` (every player once)."""
    names = [player.name for player in state.players]
    if sorted(order) != sorted(names):
        raise SetupError("the turn order must list every player once", ("position", "order"))
    return [names.index(name) for name in order]


def _position_flow(state: GameState, table: PositionTable) -> None:
    """What comes next: a player's turn (their dice and the round's order), a roll, a phase,
    or the end; and who may still buy after their last die."""
    names = [player.name for player in state.players]
    if state.stage == "over" and table.order:  # the last round's order (option tiebreak-turn-order)
        state.order = _turn_order(state, table.order)
    if state.stage == "turn":
        if table.to_move not in names:
            raise SetupError(f"no player called '{table.to_move}'", ("position", "to_move"))
        order = table.order or [state.players[s].name for s in state.bridge_order()]
        state.order = _turn_order(state, order)
        state.turn = order.index(table.to_move)
        state.white = table.white
        state.bought = table.bought
        _dice_in_turn_order(state)
    else:
        for player in state.players:
            if player.dice:
                raise SetupError(f"{player.name} holds dice outside a turn; a round's dice are used or given up "
                                 "by its end", ("position", "players", player.name, "dice"))
    if table.late_buyer is not None:
        _late_buyer(state, table.late_buyer)
    if table.late_purse is not None:
        if state.late_buyer < 0 or state.stage != "phase":
            raise SetupError("only the late buyer of a phase's last turn has a purse held from before the phase end",
                             ("position", "late_purse"), "leave out late_purse, or name the late_buyer at stage \"phase\"")
        state.late_purse = (table.late_purse.silver, table.late_purse.workers)


def _late_buyer(state: GameState, name: str) -> None:
    """The late buyer has used their dice and is the player whose turn came last.

    2011 rules, 'The central black depot': a player buys "at any point during his turn:
    before, between or after the dice actions" -- so also after their last die.
    """
    path = ("position", "late_buyer")
    seat = state.seat(name)
    if seat < 0:
        raise SetupError(f"no player called '{name}'", path)
    if state.stage == "turn" and (state.turn == 0 or state.order[state.turn - 1] != seat):
        raise SetupError(f"{name} did not move just before {state.players[state.to_move()].name}", path,
                         "the late buyer is the player whose turn ended last")
    if state.stage == "setup":
        raise SetupError("a purchase left open ends when the next phase's tiles are laid out", path)
    if state.stage != "turn" and state.phase == 0 and state.round == 0 and state.stage != "over":
        raise SetupError("no turn has been played yet", path)
    state.late_buyer = seat


def _dice_in_turn_order(state: GameState) -> None:
    """The player to move has dice left, those before have none, those after have both."""
    mover = state.players[state.order[state.turn]]
    if not mover.dice:
        raise SetupError(f"{mover.name} is to move but has no unused dice", ("position", "players", mover.name, "dice"))
    for index, seat in enumerate(state.order):
        player = state.players[seat]
        if index < state.turn and player.dice:
            raise SetupError(f"{player.name} has had this round's turn; unused dice are given up",
                             ("position", "players", player.name, "dice"))
        if index > state.turn and len(player.dice) != 2:
            raise SetupError(f"{player.name} moves later this round and needs their 2 dice",
                             ("position", "players", player.name, "dice"))
