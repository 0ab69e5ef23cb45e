"""Starting a game: the record's ``[setup]`` table, or a typed ``[position]`` (like FEN).

Both tables are validated here, at the edge (pydantic-core, :mod:`burgundy_cli.core.schema`), and turned into a
:class:`~burgundy_cli.castles.state.GameState`. Problems in the content (a board the
edition lacks, eight goods of one type, a tile on a space of the wrong colour...) raise
:class:`SetupError`, a :class:`RecordError` carrying ``path``, the key path in the record
(``("setup", "goods", "anna")``) that the record layer turns into a line and column with
``doc.location_of_key(*err.path)``.

``[setup]`` (all keys but ``goods`` optional)::

    boards = 1                        # one duchy number for all, or {anna = 3, ben = 5}
    start = {anna = "d4"}             # start castle space per player (default: the central 6)
    goods = {anna = [1, 3, 3], ben = [2, 5, 6]}   # the 3 starting goods tiles of each player
    start_player = "anna"             # default: the first player of [game] players

``[position]``: see :class:`PositionTable`.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Literal, TypeVar

from burgundy_cli.core.schema import Length, Range, ValidationError, table_class, validate

from burgundy_cli.castles.boards import CENTRE, Board, board, board_numbers, space_id, space_name
from burgundy_cli.castles.commands import DieValue, GoodsType, PhaseLetter, SpaceName, TileName
from burgundy_cli.castles.modules import MODULES, ruleset
from burgundy_cli.castles.state import PHASES, GameState, Options, PlayerState
from burgundy_cli.castles.tiles import COLOUR_NAME, GOODS_PER_TYPE, catalogue, resolve_tile_name
from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.game import UNKNOWN_FIELD, GameHeader

EDITIONS = ("2011", "2019")
_COLOUR_BY_NAME = {name: code for code, name in COLOUR_NAME.items()}


class SetupError(RecordError):
    """A record's setup or position is inconsistent; ``path`` is the key path to blame."""

    def __init__(self, message: str, path: tuple[str | int, ...], hint: str | None = None) -> None:
        super().__init__(f"[{'.'.join(map(str, path))}]: {message}", hint=hint)
        self.path = path


T = TypeVar("T")
_GoodsKey = Literal["1", "2", "3", "4", "5", "6"]


@table_class
class SetupTable:
    """The ``[setup]`` table: boards, start castles, starting goods, start player.

    ``boards``: the duchy number for everyone, or per player; ``start``: the start castle
    space per player.
    """

    boards: int | dict[str, int] = 1
    start: dict[str, SpaceName] = field(default_factory=dict)
    goods: dict[str, Annotated[list[GoodsType], Length(3, 3)]]
    start_player: str | None = None


@table_class
class PlayerPosition:
    """One player in a ``[position]``: duchy, storage, goods and supplies.

    ``start``: the start castle space (default: the central 6); ``duchy``: the placed tiles
    besides the start castle; ``bonuses``: bonus tiles held (``blue-large``,
    ``grey-small``...); ``dice``: the dice not yet used this round.
    """

    board: int = 1
    start: SpaceName | None = None
    duchy: dict[SpaceName, TileName] = field(default_factory=dict)
    storage: Annotated[list[TileName], Length(max=3)] = field(default_factory=list)
    goods: dict[_GoodsKey, Annotated[int, Range(1, 7)]] = field(default_factory=dict)
    sold: dict[_GoodsKey, Annotated[int, Range(0, 7)]] = field(default_factory=dict)
    silver: Annotated[int, Range(ge=0)] = 1
    workers: Annotated[int, Range(ge=0)] = 0
    vp: Annotated[int, Range(ge=0)] = 0
    bonuses: list[str] = field(default_factory=list)
    dice: Annotated[list[DieValue], Length(max=2)] = field(default_factory=list)


@table_class
class PositionTable:
    """A typed mid-game position (the ``[position]`` table), like FEN for chess.

    ``to_move``: the player whose turn it is (their unused ``dice`` given); without it the
    next line is the round's roll (in round 1: the phase's reveals and goods may come first;
    depots and round goods given here count as already laid out).
    ``bridge``: the turn-order track from the start space on, each stack listed top first.
    ``order``: this round's turn order if ships changed the bridge during the round.
    ``depots``: tiles on depots ``"1"``..``"6"`` and ``"black"`` (depots left out are
    trusted like unrevealed ones); ``depot_goods``: goods on the numbered depots;
    ``round_goods``: goods still on the round spaces, top first.
    """

    phase: PhaseLetter = "A"
    round: Annotated[int, Range(1, 5)] = 1
    players: dict[str, PlayerPosition]
    bridge: list[list[str]] = field(default_factory=list)
    order: list[str] | None = None
    to_move: str | None = None
    bought: bool = False
    white: DieValue | None = None
    depots: dict[Literal["1", "2", "3", "4", "5", "6", "black"], list[TileName]] = field(default_factory=dict)
    depot_goods: dict[_GoodsKey, list[GoodsType]] = field(default_factory=dict)
    round_goods: list[GoodsType] | None = None


# --- shared validation --------------------------------------------------------------------------


def options_from_header(header: GameHeader) -> Options:
    """The rule options of ``[game.options]`` (see docs/rulings.md).

    :raises SetupError: unknown option or value.
    """
    values: dict = {}
    for key, value in header.options.items():
        path = ("game", "options", key)
        if key == "tiebreak-empty-spaces":
            if value not in ("fewest", "most"):
                raise SetupError("must be 'fewest' or 'most'", path)
            values["tiebreak_empty"] = value
        elif key in ("k8-doubles-free-change", "k6-mixed-payment"):
            if not isinstance(value, bool):
                raise SetupError("must be true or false", path)
            values["k8_doubles_free" if key.startswith("k8") else "k6_mixed"] = value
        elif key == "modules":
            modules = tuple(m.strip() for m in str(value).split(",") if m.strip())
            unknown = [m for m in modules if m not in MODULES]
            if unknown:
                raise SetupError(f"expansion module(s) {', '.join(unknown)} are not supported yet", path,
                                 "the base game of both editions is refereed")
            values["modules"] = modules
        else:
            raise SetupError("unknown option", path,
                             "known: tiebreak-empty-spaces, k8-doubles-free-change, k6-mixed-payment, modules")
    return Options(**values)


def _edition(header: GameHeader) -> str:
    edition = header.edition or "2019"
    if edition not in EDITIONS:
        raise SetupError(f"unknown edition '{edition}'", ("game", "edition"), "editions: 2011, 2019")
    if not 2 <= len(header.players) <= 4:
        raise SetupError(f"The Castles of Burgundy is played by 2 to 4 players, not {len(header.players)}",
                         ("game", "players"))
    if len(set(header.players)) != len(header.players):
        raise SetupError("player names must differ", ("game", "players"))
    return edition


def _validate(declared: type[T], data: object, table: str) -> T:
    try:
        return validate(declared, data)
    except ValidationError as err:
        first = err.errors(include_url=False)[0]
        loc = tuple(first.get("loc", ()))
        message = "unknown field" if first.get("type") == UNKNOWN_FIELD else first.get("msg", "invalid value")
        raise SetupError(message, (table, *loc)) from None


def _names_known(header: GameHeader, names, path: tuple) -> None:
    for name in names:
        if name not in header.players:
            raise SetupError(f"no player called '{name}'", (*path, name), "players: " + ", ".join(header.players))


def _board(edition: str, number: int, path: tuple) -> Board:
    if number not in board_numbers(edition):
        raise SetupError(f"the {edition} edition has no duchy {number}", path,
                         f"duchies: {', '.join(map(str, board_numbers(edition)))}")
    return board(edition, number)


def _start_space(duchy: Board, number: int, start: str | None, path: tuple) -> int:
    if start is None:
        if duchy.colour[CENTRE] != "C":
            raise SetupError(f"duchy {number}'s centre is not a castle space; name the start castle's space",
                             path, "castle spaces: " + ", ".join(space_name(s) for s in duchy.castles))
        return CENTRE
    space = space_id(start)
    if space is None or duchy.colour[space] != "C":
        raise SetupError(f"{start} is not a castle (dark-green) space of duchy {number}", path,
                         "castle spaces: " + ", ".join(space_name(s) for s in duchy.castles))
    return space


def _board_copies(edition: str, used: dict[str, int], path: tuple) -> None:
    """The box holds 4 copies of duchy 1 (and of the 2019 duchy 2), one of every other."""
    for number in set(used.values()):
        copies = 4 if number == 1 or (number == 2 and edition == "2019") else 1
        owners = [name for name, n in used.items() if n == number]
        if len(owners) > copies:
            raise SetupError(f"the game has {copies} copy of duchy {number}, used by {', '.join(owners)}",
                             (*path, owners[-1]))


def _fresh_supply(players: int) -> dict[str, list[int]]:
    supply = {name: [kind.coloured, kind.black] for name, kind in catalogue().items()}
    supply["castle"][0] -= players
    return supply


def _goods_limit(counts: list[int], path: tuple) -> None:
    for good in range(1, 7):
        if counts[good] > GOODS_PER_TYPE:
            raise SetupError(f"{counts[good]} goods tiles of type {good}; the game has {GOODS_PER_TYPE}", path)


# --- [setup] ------------------------------------------------------------------------------------


def state_from_setup(header: GameHeader, data: object) -> GameState:
    """The game state at the start of phase A from a ``[setup]`` table.

    :raises SetupError: invalid table or content, with the key path to blame.
    """
    edition = _edition(header)
    options = options_from_header(header)
    table: SetupTable = _validate(SetupTable, data, "setup")
    names = header.players
    boards = table.boards if isinstance(table.boards, dict) else {name: table.boards for name in names}
    _names_known(header, boards, ("setup", "boards"))
    _names_known(header, table.start, ("setup", "start"))
    _names_known(header, table.goods, ("setup", "goods"))
    for name in names:
        if name not in boards:
            raise SetupError(f"no duchy for {name}", ("setup", "boards"))
        if name not in table.goods:
            raise SetupError(f"no starting goods for {name}", ("setup", "goods"), "3 goods tiles per player")
    for name, number in boards.items():
        _board(edition, number, ("setup", "boards", name) if isinstance(table.boards, dict) else ("setup", "boards"))
    _board_copies(edition, boards, ("setup", "boards"))
    first = table.start_player or names[0]
    if first not in names:
        raise SetupError(f"no player called '{first}'", ("setup", "start_player"))
    seats = names[names.index(first):] + names[:names.index(first)]
    goods_used = [0] * 7
    players = []
    for name in names:
        duchy_board = board(edition, boards[name])
        start = _start_space(duchy_board, boards[name], table.start.get(name), ("setup", "start", name))
        duchy: list[str | None] = [None] * 37
        duchy[start] = "castle"
        goods: dict[int, int] = {}
        for good in table.goods[name]:
            goods[good] = goods.get(good, 0) + 1
            goods_used[good] += 1
        players.append(PlayerState(name, duchy_board, start, duchy, goods=goods, silver=1,
                                   workers=seats.index(name) + 1))
    _goods_limit(goods_used, ("setup", "goods"))
    bridge = [[names.index(name) for name in reversed(seats)]]
    return GameState(edition, options, players, bridge, ruleset(options.modules), supply=_fresh_supply(len(names)),
                     goods_used=goods_used)


# --- [position] ---------------------------------------------------------------------------------


def _tile(name: str, path: tuple) -> str:
    canonical = resolve_tile_name(name)
    if canonical is None:
        raise SetupError(f"unknown tile '{name}'", path)
    return canonical


def _connected(duchy: list[str | None], start: int, board_: Board) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for other in board_.neighbours[todo.pop()]:
            if duchy[other] is not None and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _city_once(duchy: list[str | None], duchy_board: Board, path: tuple) -> None:
    """Without knowledge tile 1, a city holds each building type at most once."""
    for members in duchy_board.areas:
        buildings = [duchy[s] for s in members if duchy_board.colour[s] == "B" and duchy[s] is not None]
        for tile in set(buildings):
            if buildings.count(tile) > 1:
                where = next(space_name(s) for s in members if duchy[s] == tile)
                raise SetupError(f"the city at {where} holds {buildings.count(tile)} {tile} tiles", path,
                                 "one building of each type per city, unless knowledge tile 1 is placed")


def _position_player(edition: str, name: str, entry: PlayerPosition) -> PlayerState:
    path = ("position", "players", name)
    duchy_board = _board(edition, entry.board, (*path, "board"))
    start = _start_space(duchy_board, entry.board, entry.start, (*path, "start"))
    duchy: list[str | None] = [None] * 37
    duchy[start] = "castle"
    kinds = catalogue()
    for space_text, tile_text in entry.duchy.items():
        space = space_id(space_text)
        where = (*path, "duchy", space_text)
        if space is None:
            raise SetupError(f"a duchy has no space {space_text}", where)
        if space == start:
            raise SetupError(f"{space_text} holds the start castle", where)
        tile = _tile(tile_text, where)
        if kinds[tile].colour != duchy_board.colour[space]:
            raise SetupError(f"{tile} ({COLOUR_NAME[kinds[tile].colour]}) cannot lie on {space_text} "
                             f"({COLOUR_NAME[duchy_board.colour[space]]})", where)
        duchy[space] = tile
    if not any(duchy[s] == "k1" for s in range(37)):
        _city_once(duchy, duchy_board, (*path, "duchy"))
    loose = {s for s in range(37) if duchy[s] is not None} - _connected(duchy, start, duchy_board)
    if loose:
        raise SetupError(f"{space_name(min(loose))} is not connected to the start castle", (*path, "duchy"))
    if len(entry.goods) > 3:
        raise SetupError("goods storage holds at most 3 types", (*path, "goods"))
    bonuses = []
    for index, text in enumerate(entry.bonuses):
        colour_name, _, size = text.partition("-")
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
    return PlayerState(name, duchy_board, start, duchy, storage, {int(g): c for g, c in entry.goods.items()},
                       sold, entry.silver, entry.workers, {"position": entry.vp} if entry.vp else {},
                       bonuses, knowledge, list(entry.dice))


def state_from_position(header: GameHeader, data: object) -> GameState:
    """The game state described by a ``[position]`` table.

    :raises SetupError: invalid table or content (component counts, colours, bonus tiles,
        goods), with the key path to blame.
    """
    edition = _edition(header)
    options = options_from_header(header)
    table: PositionTable = _validate(PositionTable, data, "position")
    names = header.players
    _names_known(header, table.players, ("position", "players"))
    for name in names:
        if name not in table.players:
            raise SetupError(f"no entry for {name}", ("position", "players"))
    _board_copies(edition, {n: p.board for n, p in table.players.items()}, ("position", "players"))
    players = [_position_player(edition, name, table.players[name]) for name in names]
    # bridge: default everyone on the start space in seat order
    stacks = table.bridge or [list(names)]
    listed = [name for stack in stacks for name in stack]
    if sorted(listed) != sorted(names):
        raise SetupError("every player's piece must be on the bridge exactly once", ("position", "bridge"))
    bridge = [[names.index(name) for name in reversed(stack)] for stack in stacks]
    phase = PHASES.index(table.phase)
    state = GameState(edition, options, players, bridge, ruleset(options.modules), phase=phase,
                      round=table.round - 1, supply=_fresh_supply(0))
    # depots
    kinds = catalogue()
    for key, tiles in table.depots.items():
        depot = 0 if key == "black" else int(key)
        state.depots[depot] = [_tile(t, ("position", "depots", key, i)) for i, t in enumerate(tiles)]
        state.revealed[depot] = True
    for key, goods in table.depot_goods.items():
        state.depot_goods[int(key)] = list(goods)
    state.round_goods = None if table.round_goods is None else list(table.round_goods)
    # component counts
    used: dict[str, int] = {}
    for player in players:
        for tile in [t for t in player.duchy if t is not None] + player.storage:
            used[tile] = used.get(tile, 0) + 1
    for tiles in state.depots:
        for tile in tiles:
            used[tile] = used.get(tile, 0) + 1
    for tile, count in used.items():
        total = kinds[tile].coloured + kinds[tile].black
        if count > total:
            raise SetupError(f"{count} {tile} tiles in the position; the game has {total}", ("position",))
        coloured_left = max(0, kinds[tile].coloured - count)
        state.supply[tile] = [coloured_left, kinds[tile].black - max(0, count - kinds[tile].coloured)]
    goods_used = [0] * 7
    for player in players:
        for good, count in player.goods.items():
            goods_used[good] += count
        for good in range(1, 7):
            goods_used[good] += player.sold[good]
    for goods in state.depot_goods:
        for good in goods:
            goods_used[good] += 1
    for good in state.round_goods or ():
        goods_used[good] += 1
    _goods_limit(goods_used, ("position",))
    state.goods_used = goods_used
    taken: dict[str, str] = {}
    for player in players:
        for bonus in player.bonuses:
            if bonus in taken:
                raise SetupError(f"{player.name} and {taken[bonus]} both hold the {bonus} bonus tile",
                                 ("position", "players", player.name, "bonuses"))
            taken[bonus] = player.name
            colour = bonus[0]
            state.bonus_taken[colour] = state.bonus_taken.get(colour, 0) + 1
    # flow
    if table.to_move is not None:
        if table.to_move not in names:
            raise SetupError(f"no player called '{table.to_move}'", ("position", "to_move"))
        order = table.order or [state.players[s].name for s in state.bridge_order()]
        if sorted(order) != sorted(names):
            raise SetupError("the turn order must list every player once", ("position", "order"))
        state.order = [names.index(n) for n in order]
        state.turn = order.index(table.to_move)
        state.stage = "turn"
        state.white = table.white
        state.bought = table.bought
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
    elif table.round == 1:
        # the phase has begun once any of its depots or goods are given; reveals may follow
        state.stage = "setup" if table.depots or table.round_goods is not None else "phase"
    else:
        state.stage = "roll"
    return state
