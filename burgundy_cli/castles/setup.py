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
    routes = {anna = ["5 silver-2", "2 church", ...]}  # 2019 trade routes: each player's, declared

``[position]``: see :class:`PositionTable`.

``[duchies.<id>]``: a duchy the record defines (see :class:`DuchyTable`), named by its id in
``boards`` (``boards = {anna = "11c"}``) like a shipped one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal, TypeVar

from burgundy_cli.core.schema import Length, Range, ValidationError, data_path, table_class, validate
from burgundy_cli.core.value import field, replace

from burgundy_cli.castles import module_routes
from burgundy_cli.castles.boards import (CENTRE, ROW_LENGTHS, Board, adjacent, board, board_numbers, custom_board,
                                        depot_spaces, on_rim, provisional_board, provisional_ids, space_id,
                                        space_name)
from burgundy_cli.castles.commands import DieValue, GoodsType, PhaseLetter, SpaceName, TileName
from burgundy_cli.castles.modules import RESERVED, ruleset
from burgundy_cli.castles.state import PHASES, GameState, Options, PlayerState
from burgundy_cli.castles.tiles import (COLOUR_NAME, GOODS_PER_TYPE, PHASE_BONUS, area_vp, bonus_vp, catalogue,
                                        outside_piles, resolve_tile_name, sale_vp)
from burgundy_cli.core.errors import RecordError, toml_repr
from burgundy_cli.core.game import UNKNOWN_FIELD, GameHeader
from burgundy_cli.core.replay import PlayerNames

EDITIONS = ("2011", "2019")
_COLOUR_BY_NAME = {name: code for code, name in COLOUR_NAME.items()}


class SetupError(RecordError):
    """A record's setup or position is inconsistent; ``path`` is the key path to blame."""

    def __init__(self, message: str, path: tuple[str | int, ...], hint: str | None = None) -> None:
        super().__init__(f"[{'.'.join(map(str, path))}]: {message}", hint=hint)
        self.path = path


T = TypeVar("T")
_GoodsKey = Literal["1", "2", "3", "4", "5", "6"]
#: What comes next in a position (``GameState.stage``): a phase to begin, its reveals and
#: goods under way, a roll, a player's turn, or nothing (the game is over).
_Stage = Literal["phase", "setup", "roll", "turn", "over"]


#: A duchy: its printed number, or the id of a provisional or a record-defined duchy (``"11x"``).
_DuchyName = int | Annotated[str, Length(1, 40)]


@table_class
class DuchyTable:
    """A duchy the record defines (``[duchies.<id>]``), or a ``[position]`` player's duchy written whole.

    ``rows``: the 7 rows top to bottom as printed (4, 5, 6, 7, 6, 5 and 4 spaces), each
    space its colour code and die (``"C6 B5 B4 C3"``; C dark green, S blue, M grey, L light
    green, B beige, Y yellow); ``posts``: the border posts of a no. 11 duchy, each as the
    edge spaces it touches (``[["b1", "c1"], ...]``); ``start``: the start castle's space in
    the basic setup (default: the centre if it is dark green); ``source`` and
    ``confidence``: where the layout comes from and how sure it is (shown by ``show`` and in
    ``score``'s notes); ``name``: the duchy's id, in a ``[position]`` that writes it whole.
    ``right`` (2019 team game): a team board's right half, 7 rows like ``rows`` (then the left
    half), its ``d1`` the left half's ``d7`` (:func:`~burgundy_cli.castles.module_team.team_definition`).
    """

    rows: Annotated[list[Annotated[str, Length(1, 60)]], Length(7, 7)]
    name: Annotated[str, Length(1, 40)] | None = None
    posts: list[Annotated[list[SpaceName], Length(1, 2)]] = field(default_factory=list)
    start: SpaceName | None = None
    source: Annotated[str, Length(1, 300)] | None = None
    confidence: Annotated[str, Length(1, 300)] | None = None
    right: Annotated[list[Annotated[str, Length(1, 60)]], Length(7, 7)] | None = None


@table_class
class IslandTable:
    """One island of a duchy of islands (the 2019 solo duchies, 13A/13B): ``rows`` top to bottom,
    each space its colour code and die (``"L6 B4"``); ``x2``: each row's spaces' places in
    half-columns (a space's neighbours are 2 apart in its row, 1 apart in the rows above and
    below); ``at``: where the island lies in the duchy's picture (row, half-column)."""

    rows: Annotated[list[Annotated[str, Length(1, 60)]], Length(1, 7)]
    x2: list[list[Annotated[int, Range(0, 30)]]]
    at: Annotated[list[Annotated[int, Range(0, 30)]], Length(2, 2)]


@table_class
class IslandDuchyTable:
    """A duchy of islands the record defines (``[duchies.<id>]`` with ``islands``): the 2019 solo
    game's other side, not found in public sources. 37 spaces in all, named a1..g4 island by
    island in reading order; ``start``, ``source``, ``confidence`` and ``name`` as for
    :class:`DuchyTable` (the river joins the islands as option ``solo-river`` says)."""

    islands: Annotated[list[IslandTable], Length(1, 8)]
    name: Annotated[str, Length(1, 40)] | None = None
    start: SpaceName | None = None
    source: Annotated[str, Length(1, 300)] | None = None
    confidence: Annotated[str, Length(1, 300)] | None = None


@table_class
class SetupTable:
    """The ``[setup]`` table: boards, start castles, starting goods, start player.

    ``boards``: the duchy number for everyone, or per player (a number printed in the
    edition, or the id of a provisional or record-defined duchy); ``start``: the start
    castle space per player; ``shields`` (2019 shields module): the shield numbers dealt onto
    each depot ``"1"``..``"6"``; ``routes`` (2019 module ``trade-routes``): each player's trade
    route, left to right, as declared spaces (``"5 silver-2"``:
    :func:`~burgundy_cli.castles.module_routes.read_space`); ``teams`` (2019 ``team-game``): team
    letter (``A``, ``B``) -> its first and second player; ``boards``, ``start`` and ``goods`` are
    then the team's, by letter (:func:`~burgundy_cli.castles.module_team.team_setup`).
    """

    boards: _DuchyName | dict[str, _DuchyName] = 1
    start: dict[str, SpaceName] = field(default_factory=dict)
    goods: dict[str, Annotated[list[GoodsType], Length(3, 3)]]
    start_player: Annotated[str, Length(1)] | None = None
    shields: dict[_GoodsKey, list[Annotated[int, Range(1, 18)]]] | None = None
    routes: dict[str, list[str]] = field(default_factory=dict)
    teams: dict[str, list[Annotated[str, Length(1)]]] = field(default_factory=dict)


@table_class
class PlayerPosition:
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
    duchy: dict[SpaceName, TileName] = field(default_factory=dict)
    storage: list[TileName] = field(default_factory=list)  # (3 tiles, any number with shield 4: _storage_room)
    goods: dict[_GoodsKey, Annotated[int, Range(1, 7)]] = field(default_factory=dict)
    sold: dict[_GoodsKey, Annotated[int, Range(0, 7)]] = field(default_factory=dict)
    silver: Annotated[int, Range(ge=0)] = 1
    workers: Annotated[int, Range(ge=0)] = 0
    vp: Annotated[int, Range(ge=0)] | dict[str, int] = 0  # categories: _vp_categories_known
    bonuses: list[str] = field(default_factory=list)
    dice: Annotated[list[DieValue], Length(max=2)] = field(default_factory=list)
    shields: dict[SpaceName, Annotated[int, Range(1, 18)]] = field(default_factory=dict)
    crane: TileName | None = None
    route: list[str] = field(default_factory=list)
    route_goods: list[GoodsType] = field(default_factory=list)
    shared: Annotated[list[TileName], Length(max=2)] = field(default_factory=list)


@table_class
class TributeOrder:
    """A tribute said ahead for this phase's end (``anna: tribute drop 12 workers 1``)."""

    drop: list[Annotated[int, Range(1, 18)]] = field(default_factory=list)
    workers: Annotated[int, Range(0, 18)] | None = None


@table_class
class ShieldsPosition:
    """The 2019 shields off the duchies in a ``[position]``: on each depot ``"1"``..``"6"``,
    removed from the game, and shield 6's choices (holder -> lender). Shields named nowhere
    (not here, not on a player's castles) are in the box. The moment's open choices
    (``module_shields.position_moment``): ``ship``, the player whose ship of this round shield
    5's take may still follow, and ``swept`` the goods a solo ship removed that it may still
    take (option ``solo-shield5-first``); ``placed``: shields 14/15 used this phase, by holder;
    ``die16``: the player whose turn of this round shield 16 has set a die in; ``tribute``: the
    tributes said ahead for this phase's end, by player."""

    depots: dict[_GoodsKey, list[Annotated[int, Range(1, 18)]]] = field(default_factory=dict)
    removed: list[Annotated[int, Range(1, 18)]] = field(default_factory=list)
    borrowed: dict[str, str] = field(default_factory=dict)
    ship: str | None = None
    swept: dict[_GoodsKey, Annotated[int, Range(1, 42)]] = field(default_factory=dict)
    placed: dict[str, list[Annotated[int, Range(14, 15)]]] = field(default_factory=dict)
    die16: str | None = None
    tribute: dict[str, TributeOrder] = field(default_factory=dict)


@table_class
class SoloPosition:
    """The 2019 solo game's table in a ``[position]`` (``castles.module_solo``): where the VP
    counter stands, the target marker, the resets so far, the tiles the rounds removed (in
    order), the colours completed (codes, for #26), and what is still open this round:
    ``removal_due`` (the round is rolled, its removal not yet made), ``extra`` (reset extra
    actions), ``black`` (completed colours' black-depot tiles), ``exchange`` (a ship's 5-goods
    exchange), ``gained`` (VP were gained, so VP may be bought); ``goods_removed``: the goods
    tiles ships and exchanges removed from the game (their types), still among the 7 of a type."""

    counter: Annotated[int, Range(ge=0)] = 0
    target: Annotated[int, Range(5, 55)] = 50
    resets: Annotated[int, Range(ge=0)] = 0
    removed: list[TileName] = field(default_factory=list)
    colours: list[Literal["C", "S", "M", "L", "B", "Y"]] = field(default_factory=list)
    removal_due: bool = False
    extra: Annotated[int, Range(ge=0)] = 0
    black: Annotated[int, Range(ge=0)] = 0
    exchange: bool = False
    gained: bool = False
    goods_removed: list[GoodsType] = field(default_factory=list)


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
    has used their last die this round and may still make the turn's purchase.
    ``teams`` (2019 ``team-game``): as in ``[setup]``; the two players of a team then state the
    team's board, duchy, goods, sold goods, silver, workers, bonus tiles and ``shared`` storage
    alike (:func:`~burgundy_cli.castles.module_team.position_teams`).
    """

    phase: PhaseLetter = "A"
    round: Annotated[int, Range(1, 5)] = 1
    stage: _Stage | None = None
    players: dict[str, PlayerPosition]
    bridge: list[list[str]] = field(default_factory=list)
    order: list[str] | None = None
    to_move: str | None = None
    bought: bool = False
    late_buyer: str | None = None
    white: DieValue | None = None
    depots: dict[Literal["1", "2", "3", "4", "5", "6", "black"], list[TileName]] = field(default_factory=dict)
    depot_goods: dict[_GoodsKey, list[GoodsType]] = field(default_factory=dict)
    round_goods: list[GoodsType] | None = None
    supply: dict[TileName, Annotated[list[Annotated[int, Range(ge=0)]], Length(2, 2)]] = field(default_factory=dict)
    trusted: list[Annotated[str, Length(1)]] = field(default_factory=list)
    shields: ShieldsPosition | None = None
    teams: dict[str, list[Annotated[str, Length(1)]]] = field(default_factory=dict)
    solo: SoloPosition | None = None


# --- shared validation --------------------------------------------------------------------------


#: The 2019 modules' true/false options, by their key in ``[game.options]``: the field of :class:`Options`.
_FLAG_OPTIONS = {"inn-uncapped": "inn_uncapped", "white-castle-free-change": "white_free_change",
                 "shield-tribute-whole": "shield_tribute_whole", "shield17-uncapped": "shield17_uncapped",
                 "solo-shield5-first": "solo_shield5_first"}


#: The options of a record that chooses none (frozen: every such game shares it; a frozen class of
#: 14 fields costs about 4,000 instructions to make).
_DEFAULT_OPTIONS = Options()


def options_from_header(header: GameHeader) -> Options:
    """The rule options of ``[game.options]`` (see docs/rulings.md).

    :raises SetupError: unknown option or value.
    """
    values: dict = {}
    flags = _FLAG_OPTIONS
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
            values["modules"] = module_names(value, header.edition or "2019", path)
        elif key in flags:
            if not isinstance(value, bool):
                raise SetupError("must be true or false", path)
            values[flags[key]] = value
        elif key == "border-third-post":
            from burgundy_cli.castles.module_border import THIRD_POST

            if value not in THIRD_POST:
                raise SetupError("must be 'pairs', 'once' or 'none'", path)
            values["border_third_post"] = value
        elif key == "team-tiebreak-empty-spaces":
            if value not in ("most", "fewest"):
                raise SetupError("must be 'most' (the team game's text) or 'fewest' (the base game's)", path)
            values["team_tiebreak"] = value
        elif key == "solo-target":
            from burgundy_cli.castles.module_solo import TARGETS

            if not isinstance(value, int) or isinstance(value, bool) or value not in TARGETS:
                raise SetupError("must be a number from 45 to 55 (the solo game's start target VP)", path)
            values["solo_target"] = value
        elif key == "solo-river":
            from burgundy_cli.castles.module_solo import RIVER_MODES

            if value not in RIVER_MODES:
                raise SetupError("must be 'ships', 'ship-to-any' or 'printed'", path)
            values["solo_river"] = value
        elif key == "experienced-setup":
            if value not in ("open", "secret"):
                raise SetupError("must be 'open' (choices in turn order) or 'secret' (all at once)", path)
            values["experienced_setup"] = value
        else:
            raise SetupError("unknown option", path, "known: tiebreak-empty-spaces, k8-doubles-free-change, "
                             f"k6-mixed-payment, modules, {', '.join(flags)}, border-third-post, experienced-setup, "
                             "team-tiebreak-empty-spaces, solo-target, solo-river")
    return Options(**values) if values else _DEFAULT_OPTIONS


def module_names(value: object, edition: str, path: tuple) -> tuple[str, ...]:
    """The 2019 modules ``[game.options] modules`` names: a list of names or one string of
    comma-separated names, each a module of the 2019 rulebook (every one is refereed:
    :data:`~burgundy_cli.castles.modules.MODULES`), named once, and played with the 2019 edition.

    :raises SetupError: a misspelt name (with the closest name), a repeated name, or a module
        in a 2011 record.
    """
    from difflib import get_close_matches

    if isinstance(value, str):
        names = [name.strip() for name in value.split(",") if name.strip()]
    elif isinstance(value, list) and all(isinstance(name, str) for name in value):
        names = [name.strip() for name in value]
    else:
        raise SetupError("must be a list of module names", path, 'modules = ["inns"]')
    for index, name in enumerate(names):
        where = (*path, index) if isinstance(value, list) else path
        if name not in RESERVED:
            close = get_close_matches(name, RESERVED, n=1)
            raise SetupError(f"no 2019 module is called '{name}'", where,
                             f"did you mean '{close[0]}'?" if close else f"modules: {', '.join(RESERVED)}")
        if names.index(name) != index:
            raise SetupError(f"the '{name}' module is named twice", where)
        if edition != "2019":
            raise SetupError(f"the '{name}' module belongs to the 2019 edition; this record is {edition}", where,
                             'set [game] edition = "2019", or leave the module out')
    return tuple(names)


def _edition(header: GameHeader) -> str:
    edition = header.edition or "2019"
    if edition not in EDITIONS:
        raise SetupError(f"unknown edition '{edition}'", ("game", "edition"), "editions: 2011, 2019")
    if not 1 <= len(header.players) <= 4:  # 1: the 2019 solo game (checked with the options: _solo_players)
        raise SetupError(f"The Castles of Burgundy is played by 2 to 4 players, not {len(header.players)}",
                         ("game", "players"))
    keys = [PlayerNames.key(name) for name in header.players]
    for index, key in enumerate(keys):
        if key in keys[:index]:
            first = header.players[keys.index(key)]
            raise SetupError(f"players '{first}' and '{header.players[index]}' are the same name to the notation",
                             ("game", "players"), "names are matched ignoring case and repeated spaces")
    return edition


def _validate(declared: type[T], data: object, table: str | tuple[str, ...]) -> T:
    """``data`` validated as ``declared``; every key's error at once (the first raised, the
    others in its ``also``), each blamed on the deepest key path.

    A union (``boards = 1`` or ``{anna = 3}``) fails once per member; the member that got
    furthest into the data names the place (``boards.Anna``, not ``boards``).
    """
    try:
        return validate(declared, data)
    except ValidationError as err:
        errors = err.errors(include_url=False)
        paths = [data_path(data, error) for error in errors]
        # one error per key of the table, all reported at once; within a key, the union
        # member that got deepest names the place
        by_key: dict[object, int] = {}
        for index, path in enumerate(paths):
            key = path[0] if path else None
            if key not in by_key or len(path) > len(paths[by_key[key]]):
                by_key[key] = index
        prefix = table if isinstance(table, tuple) else (table,)
        found = [_setup_error(errors[index], (*prefix, *paths[index])) for index in by_key.values()]
        found[0].also = found[1:]
        raise found[0] from None


def _setup_error(error: Any, path: tuple[Any, ...]) -> SetupError:
    """One pydantic validation error of a table as a :class:`SetupError` at ``path``."""
    if error.get("type") == UNKNOWN_FIELD:
        message = "unknown field"
    else:
        message = error.get("msg", "invalid value")
        if not isinstance(error.get("input"), dict | list):
            message += f", got {toml_repr(error.get('input'))}"
    return SetupError(message, path)


def _names_known(players: list[str], names, path: tuple) -> None:
    for name in names:
        if name not in players:
            raise SetupError(f"no player called '{name}'", (*path, name), "players: " + ", ".join(players))


def _board(edition: str, number: int | str, path: tuple, duchies: dict[str, Board]) -> Board:
    """The duchy a player plays: a number printed in ``edition``, the id of a duchy the
    record defines (``duchies``), or of a provisional 2019 module duchy (``11x``; ``13x`` the
    solo duchy, whose river the solo game's setup sets as option ``solo-river`` says)."""
    if isinstance(number, str):
        if number in duchies:
            return duchies[number]
        from burgundy_cli.castles.module_team import provisional_team_board, provisional_team_ids

        if number in provisional_team_ids():  # a 2019 team board (12a)
            return provisional_team_board(number)
        if number == "13x":  # the 2019 solo duchy: islands, not a hexagon (castles/module_solo.py)
            from burgundy_cli.castles.module_solo import solo_board

            return solo_board()
        if number in provisional_ids():
            if edition != "2019":
                raise SetupError(f"duchy {number} belongs to the 2019 edition's modules; this record is {edition}",
                                 path)
            return provisional_board(number)
        defined = f"; the record defines {', '.join(duchies)}" if duchies else ""
        raise SetupError(f"no duchy '{number}'{defined}", path,
                         f"a printed number, a provisional duchy ({', '.join(provisional_ids())}) or a [duchies.<id>] "
                         "table of the record")
    if number not in board_numbers(edition):
        raise SetupError(f"the {edition} edition has no duchy {number}", path,
                         f"duchies: {', '.join(map(str, board_numbers(edition)))}")
    return board(edition, number)


def _start_space(duchy: Board, number: int | str, start: str | None, path: tuple) -> int:
    if start is None:
        if duchy.start is not None:
            return duchy.start
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
    numbers = list(used.values())
    for number in set(numbers):
        copies = 4 if number == 1 or (number == 2 and edition == "2019") else 1
        if numbers.count(number) > copies:  # (the owners are listed only then)
            owners = [name for name, n in used.items() if n == number]
            raise SetupError(f"the game has {copies} copy of duchy {number}, used by {', '.join(owners)}",
                             (*path, owners[-1]))


def _fresh_supply(players: int, modules: tuple[str, ...] = ()) -> dict[str, list[int]]:
    """The face-down piles at the start: every tile by back, less the start castles; a module's
    tiles shuffled into the piles (the crane, the white castles) only when ``modules`` has it."""
    supply = dict(_full_piles(modules))
    coloured, black = supply["castle"]
    supply["castle"] = [coloured - players, black]
    return supply


@cache
def _full_piles(modules: tuple[str, ...]) -> dict[str, list[int]]:
    """Every tile's ``[coloured backs, black backs]`` in the box, with ``modules`` (made once a
    process for each set of modules: a record's setup built it tile by tile, ~60,000
    instructions). The lists are shared by every supply made from them: a supply's count is
    replaced by a new list when it changes (:meth:`GameState.draw_each`), never changed in place."""
    return {name: [kind.coloured, kind.black] if kind.module is None or kind.module in modules else [0, 0]
            for name, kind in catalogue().items()}


def _goods_limit(counts: list[int], path: tuple) -> None:
    for good in range(1, 7):
        if counts[good] > GOODS_PER_TYPE:
            raise SetupError(f"{counts[good]} goods tiles of type {good}; the game has {GOODS_PER_TYPE}", path)


# --- [duchies]: duchies a record defines ---------------------------------------------------------

#: A space of a duchy's row: colour code and die.
_SPACE_CODES, _DICE = "CSMLBY", "123456"


def duchy_definitions(data: object) -> dict[str, Board]:
    """The duchies of a record's ``[duchies]`` table by id, each checked by :func:`duchy_definition`.

    :raises SetupError: not a table of tables, an id taken by a shipped duchy, or a bad duchy.
    """
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise SetupError("must be a table of duchies, one [duchies.<id>] each", ("duchies",))
    result = {}
    for name, entry in data.items():
        path = ("duchies", name)
        if name in provisional_ids() or name.isdigit():
            raise SetupError(f"'{name}' names a shipped duchy; give the record's own another id", path,
                             'like [duchies."11c"] or [duchies.home]')
        if not isinstance(entry, dict):
            raise SetupError("must be a table: rows, and posts, start, source, confidence if need be", path)
        if "islands" in entry:  # a solo duchy of islands (2019): castles/module_solo.py
            result[name] = _island_duchy(name, _validate(IslandDuchyTable, entry, path), path)
            continue
        result[name] = duchy_definition(name, _validate(DuchyTable, entry, path), path)
    return result


def duchy_definition(name: str, table: DuchyTable, path: tuple) -> Board:
    """The duchy ``table`` describes, checked: each row's length, each space a colour code
    and a die 1-6, a dark-green space for the start castle (``start`` one of them), and
    border posts that stand on the edge, each by one space or two neighbouring ones, no
    space touched by two posts, three posts or none.

    :raises SetupError: the first problem, at its key path under ``path``.
    """
    check_rows(table.rows, (*path, "rows"))
    if table.right is not None:  # a 2019 team board's two halves
        from burgundy_cli.castles.module_team import team_definition

        check_rows(table.right, (*path, "right"))
        return _team(team_definition, name, table, path)
    duchy = custom_board(name, table.rows, source=table.source, confidence=table.confidence)
    if not duchy.castles:
        raise SetupError("the duchy has no dark-green space for the start castle", (*path, "rows"))
    start = None
    if table.start is not None:
        start = space_id(table.start)
        if duchy.colour[start] != "C":
            raise SetupError(f"{table.start} is not a dark-green space", (*path, "start"),
                             "dark-green spaces: " + ", ".join(space_name(s) for s in duchy.castles))
    posts = tuple(_border_post(post, (*path, "posts", index)) for index, post in enumerate(table.posts))
    touched = [space for post in posts for space in post]
    for space in touched:
        if touched.count(space) > 1:
            raise SetupError(f"two border posts touch {space_name(space)}", (*path, "posts"))
    if len(posts) not in (0, 3):
        raise SetupError(f"{len(posts)} border posts; a border-post duchy (11a-11f) has three", (*path, "posts"))
    return replace(duchy, posts=posts, start=start)


def _team(step: Callable[..., T], *arguments: Any) -> T:
    """A 2019 team game's setup step (``castles.module_team``), its refusal raised as a SetupError."""
    from burgundy_cli.castles.module_team import SetupRefusal

    try:
        return step(*arguments)
    except SetupRefusal as refusal:
        raise SetupError(refusal.message, refusal.path, refusal.hint) from None


def check_rows(rows: list[str], path: tuple) -> None:
    """A duchy's (or a team board half's) 7 rows: 4, 5, 6, 7, 6, 5 and 4 spaces, each a colour
    code and a die. :raises SetupError: at the row's key path under ``path``."""
    for row, text in enumerate(rows):
        cells = text.split()
        letter = "abcdefg"[row]
        if len(cells) != ROW_LENGTHS[row]:
            raise SetupError(f"row {letter} has {len(cells)} spaces; a duchy's rows have 4, 5, 6, 7, 6, 5 and 4",
                             (*path, row))
        for col, cell in enumerate(cells):
            if len(cell) != 2 or cell[0] not in _SPACE_CODES or cell[1] not in _DICE:
                raise SetupError(f"'{cell}' ({letter}{col + 1}) is not a space", (*path, row),
                                 "a colour code (C dark green, S blue, M grey, L light green, B beige, Y yellow) "
                                 "and a die 1-6, like C6")


def _island_duchy(name: str, table: IslandDuchyTable, path: tuple) -> Board:
    """The duchy of islands ``table`` describes (``module_solo.island_definition``), its first
    problem located under ``path``."""
    from burgundy_cli.castles.module_solo import island_definition

    try:
        return island_definition(name, table)
    except ValueError as error:
        message, keys, hint = error.args
        raise SetupError(message, (*path, *keys), hint) from None


def _border_post(spaces: list[str], path: tuple) -> tuple[int, ...]:
    """One border post's spaces: edge spaces, next to each other (a post stands outside the edge)."""
    found = tuple(space_id(space) for space in spaces)
    for space, index in zip(spaces, found, strict=True):
        if not on_rim(index):
            raise SetupError(f"{space} is not on the duchy's edge; a border post stands outside it", path)
    if len(found) == 2 and not adjacent(*found):
        raise SetupError(f"{spaces[0]} and {spaces[1]} are not neighbours; a post touches one or two neighbouring "
                         "edge spaces", path)
    if len(set(found)) != len(found):
        raise SetupError("a space is named twice", path)
    return found


def duchy_data(duchy: Board) -> dict[str, Any]:
    """The :class:`DuchyTable` of ``duchy`` (what :func:`duchy_definition` reads back), or the
    :class:`IslandDuchyTable` of a duchy of islands."""
    from burgundy_cli.castles.module_team import is_team_board, team_rows

    if duchy.places is not None:
        from burgundy_cli.castles.module_solo import islands_data

        data: dict[str, Any] = {"name": duchy.name, "islands": islands_data(duchy)}
    elif is_team_board(duchy):  # a 2019 team board: its two halves
        left, right = team_rows(duchy)
        data = {"name": duchy.name, "rows": left, "right": right}
    else:
        data = {"name": duchy.name, "rows": duchy.rows()}
    if duchy.posts:
        data["posts"] = [[space_name(space) for space in post] for post in duchy.posts]
    if duchy.start is not None:
        data["start"] = space_name(duchy.start)
    for key in ("source", "confidence"):
        if getattr(duchy, key):
            data[key] = getattr(duchy, key)
    return data


def _border_duchies(options: Options, players: list[PlayerState], path) -> None:
    """With the border posts, every player plays a no. 11 duchy: one with border posts (``cob.border.duchy``)."""
    if "border-posts" not in options.modules:
        return
    for player in players:
        if not player.board.posts:
            from burgundy_cli.castles.render import duchy_number

            raise SetupError(f"duchy {duchy_number('2019', player)} has no border posts; with the border posts "
                             "every player plays a no. 11 duchy (cob.border.duchy)", path(player.name),
                             'the pictured one is "11x"; define the others in [duchies.<id>] with their posts')


def _experienced_choices(names: list[str], table: SetupTable) -> None:
    """The setup for players who know the game well (2011 'Those who know the game well', 2019
    'If you are already very familiar with the game'): each player receives a random duchy and
    chooses its side and the dark-green space of their start castle, so the record names
    each player's duchy and start space (``cob.setup.experienced``)."""
    if not isinstance(table.boards, dict):
        raise SetupError("in the experienced setup each player receives a duchy of their own: give boards per player "
                         "(cob.setup.experienced)", ("setup", "boards"), "boards = {Anna = 5, Bob = 3}")
    for name in names:
        if name not in table.start:
            raise SetupError(f"in the experienced setup each player chooses their start castle's dark-green space: "
                             f"name {name}'s (cob.setup.experienced)", ("setup", "start"), f'start = {{{name} = "d4"}}')


# --- [setup] ------------------------------------------------------------------------------------


def state_from_setup(header: GameHeader, data: object, duchies: dict[str, Board] | None = None) -> GameState:
    """The game state at the start of phase A from a ``[setup]`` table (``duchies``: the
    record's own, :func:`duchy_definitions`).

    :raises SetupError: invalid table or content, with the key path to blame.
    """
    duchies = duchies or {}
    edition = _edition(header)
    options = options_from_header(header)
    table: SetupTable = _validate(SetupTable, data, "setup")
    if "team-game" in options.modules:
        from burgundy_cli.castles.module_team import team_setup

        players, bridge, teams, goods_used = _team(team_setup, header, table, duchies, options)
        _goods_limit(goods_used, ("setup", "goods"))
        return GameState(edition, options, players, bridge, ruleset(options.modules), goods_used=goods_used,
                         supply=_fresh_supply(len(teams.members), options.modules), teams=teams)  # a castle a team
    names = header.players
    boards = table.boards if isinstance(table.boards, dict) else {name: table.boards for name in names}
    _names_known(header.players, boards, ("setup", "boards"))
    _names_known(header.players, table.start, ("setup", "start"))
    _names_known(header.players, table.goods, ("setup", "goods"))
    if options.experienced_setup is not None:
        _experienced_choices(names, table)
    for name in names:
        if name not in boards:
            raise SetupError(f"no duchy for {name}", ("setup", "boards"))
        if name not in table.goods:
            raise SetupError(f"no starting goods for {name}", ("setup", "goods"), "3 goods tiles per player")
    _solo_players(options, names)
    played = {name: _board(edition, number, ("setup", "boards", name) if isinstance(table.boards, dict)
                           else ("setup", "boards"), duchies) for name, number in boards.items()}
    _board_copies(edition, boards, ("setup", "boards"))
    _solo_duchies(options, played, ("setup", "boards"))
    first = names[0] if table.start_player is None else table.start_player
    if first not in names:
        raise SetupError(f"no player called '{first}'", ("setup", "start_player"))
    seats = names[names.index(first):] + names[:names.index(first)]
    goods_used = [0] * 7
    players = []
    for name in names:
        duchy_board = played[name]
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
    _names_known(header.players, table.routes, ("setup", "routes"))
    for player in players:
        player.route = _route(options, len(names), player.name, table.routes.get(player.name), ("setup", "routes"))
    _border_duchies(options, players, lambda name: ("setup", "boards", name) if isinstance(table.boards, dict)
                    else ("setup", "boards"))
    bridge = [[names.index(name) for name in reversed(seats)]]
    state = GameState(edition, options, players, bridge, ruleset(options.modules),
                      supply=_fresh_supply(len(names), options.modules), goods_used=goods_used,
                      shields=_dealt_shields(options, table.shields, len(names)))
    if "solo-game" in options.modules:
        from burgundy_cli.castles.module_solo import prepare

        prepare(state)
    return state


def _solo_duchies(options: Options, played: dict[str, Board], path: tuple) -> None:
    """In the solo game the duchy is a solo duchy, one of islands (``cob.solo.setup``)."""
    if "solo-game" not in options.modules:
        return
    from burgundy_cli.castles.module_solo import solo_duchy_refusal

    for name, duchy in played.items():
        refusal = solo_duchy_refusal(duchy, options.solo_river)
        if refusal is not None:
            raise SetupError(refusal, path, 'boards = "13x" (the pictured side) or a [duchies.<id>] with islands')


def _solo_players(options: Options, names: list[str]) -> None:
    """The solo game is played by 1 player, and 1 player plays only the solo game (``cob.solo.players``)."""
    if "solo-game" not in options.modules and len(names) != 1:
        return  # (the solo game's rules are imported only when a record may need them: start-up)
    from burgundy_cli.castles.module_solo import player_count_refusal

    refusal = player_count_refusal(options.modules, len(names))
    if refusal is not None:
        raise SetupError(refusal, ("game", "players"))


def _dealt_shields(options: Options, dealt: dict[str, list[int]] | None, players: int):
    """The shields table of a game with the shields module (None without it): ``[setup] shields``
    must say which shields lie on which depot (chance comes from the table)."""
    if "shields" not in options.modules:
        if dealt is not None:
            raise SetupError("shields are dealt only in a game with the shields module", ("setup", "shields"),
                             '[game.options] modules = ["shields"]')
        return None
    from burgundy_cli.castles.module_shields import table_from_setup

    shields, why, key = table_from_setup(dealt, players)
    if shields is None:
        raise SetupError(why, ("setup", "shields", key) if key else ("setup",),
                         "the shields lying face up on each depot at setup, by depot")
    return shields


def _route(options: Options, players: int, name: str, texts: list[str] | None,
           path: tuple) -> tuple[module_routes.RouteSpace, ...]:
    """``name``'s declared trade route: required with the module ``trade-routes``, refused without."""
    if "trade-routes" not in options.modules:
        if texts:
            raise SetupError(f"a trade route for {name}, but this game does not play the trade routes", path,
                             '[game.options] modules = ["trade-routes"] switches them on (2019 edition)')
        return ()
    needed = module_routes.spaces_needed(players)
    if texts is None:
        raise SetupError(f"no trade route for {name}", path,
                         f'add {name} = [...]: {needed} spaces, left to right, each "<goods type> <bonus>" like '
                         '"5 silver-2"; the printed card faces are not known, so the table declares each route '
                         "(docs/records.md)")
    try:
        return module_routes.read_route(texts, players)
    except ValueError as error:
        message, hint, index = error.args
        raise SetupError(f"{name}'s trade route: {message}", (*path, name) if index is None else (*path, name, index),
                         hint) from None


# --- [position] ---------------------------------------------------------------------------------


def _tile(name: str, path: tuple) -> str:
    canonical = resolve_tile_name(name)
    if canonical is None:
        raise SetupError(f"unknown tile '{name}'", path)
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


def _city_once(duchy: list[str | None], duchy_board: Board, path: tuple) -> None:
    """Without knowledge tile 1, a city holds each building type at most once."""
    for members in duchy_board.areas:
        buildings = [duchy[s] for s in members if duchy_board.colour[s] == "B" and duchy[s] is not None]
        for tile in set(buildings):
            if buildings.count(tile) > 1:
                where = next(space_name(s) for s in members if duchy[s] == tile)
                raise SetupError(f"the city at {where} holds {buildings.count(tile)} {tile} tiles", path,
                                 "one building of each type per city, unless knowledge tile 1 is placed")


def _position_player(edition: str, name: str, entry: PlayerPosition, duchies: dict[str, Board],
                     goods_types: int = 3, apart: bool = False) -> PlayerState:
    """One player's state (``apart``: their tiles need not join the start castle, shield 18)."""
    path = ("position", "players", name)
    if isinstance(entry.board, IslandDuchyTable):
        duchy_board = _island_duchy(entry.board.name or f"{name}'s", entry.board, (*path, "board"))
    elif isinstance(entry.board, DuchyTable):
        duchy_board = duchy_definition(entry.board.name or f"{name}'s", entry.board, (*path, "board"))
    else:
        duchy_board = _board(edition, entry.board, (*path, "board"), duchies)
    start = _start_space(duchy_board, duchy_board.name or entry.board, entry.start, (*path, "start"))
    duchy: list[str | None] = [None] * len(duchy_board.colour)  # (a 2019 team board has 73)
    duchy[start] = "castle"
    kinds = catalogue()
    for space_text, tile_text in entry.duchy.items():
        space = space_id(space_text)
        where = (*path, "duchy", space_text)
        if space is None or space >= len(duchy):
            raise SetupError(f"a duchy has no space {space_text}", where)
        if space == start:
            raise SetupError(f"{space_text} holds the start castle", where)
        tile = _tile(tile_text, where)
        if kinds[tile].colour not in (duchy_board.colour[space], "I", "X"):  # (an inn, a solo black hex: any colour)
            raise SetupError(f"{tile} ({COLOUR_NAME[kinds[tile].colour]}) cannot lie on {space_text} "
                             f"({COLOUR_NAME[duchy_board.colour[space]]})", where)
        duchy[space] = tile
    loose = {s for s in range(len(duchy)) if duchy[s] is not None} - _connected(duchy, start, duchy_board)
    if loose and not apart:
        raise SetupError(f"{space_name(min(loose))} is not connected to the start castle", (*path, "duchy"))
    if len(entry.goods) > goods_types:
        raise SetupError("goods storage holds at most 3 types", (*path, "goods"))
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
            raise SetupError(f"{name} has no crane in their duchy", (*path, "crane"))
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
    table: PositionTable = _validate(PositionTable, data, "position")
    names = header.players
    players = _position_players(edition, names, table, duchies or {}, 6 if "solo-game" in options.modules else 3)
    _border_duchies(options, players, lambda name: ("position", "players", name, "board"))
    state = GameState(edition, options, players, _position_bridge(names, table), ruleset(options.modules),
                      phase=PHASES.index(table.phase), round=table.round - 1, stage=_position_stage(table),
                      supply=_fresh_supply(0))
    from burgundy_cli.castles.module_team import position_teams

    _team(position_teams, state, table)  # 2019 team game: the teams, their property alike for both members
    _vp_categories_known(state, table)
    _position_routes(state, table)
    _lay_out_depots(state, table)
    _count_tiles(state, table)
    _count_goods(state, table)
    _claim_bonuses(state)
    for player in players:
        _vp_within_bound(state, player)
    _position_flow(state, table)
    _position_shields(state, table)
    _storage_room(state)
    _cities(state)
    _position_solo(state, table)
    state.unverified = list(table.trusted)
    return state


def _cities(state: GameState) -> None:
    """Each city holds each building type once (:func:`_city_once`) -- unless its player has
    knowledge tile 1: their own, or another's lent by the 2019 shield 6 (read with the shields),
    or possibly lent before shield 6 left the game (the buildings placed then stay)."""
    gone = state.shields is not None and 6 in state.shields.removed
    for player in state.players:
        if 1 not in player.knowledge and not gone:
            _city_once(player.duchy, player.board, ("position", "players", player.name, "duchy"))


def _storage_room(state: GameState) -> None:
    """Each player's storage holds at most its 3 spaces' tiles (``cob.storage.full``) -- any
    number while they hold the 2019 shield 4 ("unlimited storage"), and once shield 4 has left
    the game the tiles beyond 3 its holder kept (docs/rulings.md, the shields' abilities)."""
    from burgundy_cli.castles.actions import STORAGE

    gone = state.shields is not None and 4 in state.shields.removed
    for player in state.players:
        if len(player.storage) > STORAGE and not gone and not (player.shields and 4 in player.shields.values()):
            raise SetupError(f"{player.name}'s storage holds {STORAGE} tiles, not {len(player.storage)}",
                             ("position", "players", player.name, "storage"),
                             "only the 2019 shield 4 lets a storage hold more; its holder keeps them "
                             "once it leaves the game")


def _position_solo(state: GameState, table: PositionTable) -> None:
    """The solo game's part of a position (1 player; its counter, target, removed tiles); none
    of it in another game."""
    _solo_players(state.options, [player.name for player in state.players])
    _solo_duchies(state.options, {player.name: player.board for player in state.players}, ("position", "players"))
    if "solo-game" not in state.options.modules:
        if table.solo is not None:
            raise SetupError("a [position] solo table belongs to the solo game", ("position", "solo"),
                             '[game.options] modules = ["solo-game"]')
        return
    from burgundy_cli.castles.module_solo import position_state

    why = position_state(state, table.solo or SoloPosition())
    if why is not None:
        raise SetupError(why[0], ("position", "solo", *why[1:]))


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
    from burgundy_cli.castles.module_shields import SHIELDS
    from burgundy_cli.castles.state import ShieldTable

    off = table.shields or ShieldsPosition()
    shields = ShieldTable()
    seen: dict[int, tuple] = {}

    def once(number: int, path: tuple) -> None:
        if number in seen:
            raise SetupError(f"shield {number} lies in two places", path)
        seen[number] = path

    for depot, numbers in off.depots.items():
        for number in numbers:
            once(number, ("position", "shields", "depots", depot))
        shields.depots[int(depot)] = list(numbers)
    for number in off.removed:
        once(number, ("position", "shields", "removed"))
    shields.removed = list(off.removed)
    kinds = catalogue()
    for name, spaces in held.items():
        player = state.players[state.seat(name)]
        for space_text, number in spaces.items():
            path = ("position", "players", name, "shields", space_text)
            once(number, path)
            space = space_id(space_text)
            if space is None or player.duchy[space] is None or kinds[player.duchy[space]].type != "castle":
                raise SetupError(f"{space_text} holds no castle of {name}'s", path)
            player.shields[space] = number
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
        from burgundy_cli.castles.module_shields import refresh_knowledge

        refresh_knowledge(state)
    from burgundy_cli.castles.module_shields import position_moment

    why = position_moment(state, off)
    if why is not None:
        raise SetupError(why[0], ("position", "shields", *why[1:]))


def _vp_categories_known(state: GameState, table: PositionTable) -> None:
    """The VP categories a position gives are scored during play: the base game's
    (``scoring.PLAY_CATEGORIES``) and those of the record's modules (``ruleset.categories``)."""
    from burgundy_cli.castles.scoring import PLAY_CATEGORIES

    known = PLAY_CATEGORIES + state.ruleset.categories
    for name, entry in table.players.items():
        for category in entry.vp if isinstance(entry.vp, dict) else ():
            if category not in known:
                raise SetupError(f"unknown VP category '{category}'", ("position", "players", name, "vp", category),
                                 f"categories: {', '.join(known)}")


def _position_routes(state: GameState, table: PositionTable) -> None:
    """Each player's declared trade route and the goods laid on it: the first sold goods,
    as many as the route holds."""
    for player in state.players:
        entry = table.players[player.name]
        path = ("position", "players", player.name)
        player.route = _route(state.options, state.player_count, player.name, entry.route or None, (*path, "route"))
        if entry.route_goods and not player.route:
            raise SetupError("goods on a trade route, but this game does not play the trade routes",
                             (*path, "route_goods"))
        laid = min(len(player.route), sum(player.sold))
        if len(entry.route_goods) != laid:
            raise SetupError(f"{player.name}'s route holds {len(entry.route_goods)} goods; with "
                             f"{sum(player.sold)} sold it holds {laid}", (*path, "route_goods"),
                             "sold goods go onto the route first, left to right, until it is full")
        if any(entry.route_goods.count(good) > player.sold[good] for good in set(entry.route_goods)):
            raise SetupError(f"{player.name}'s route holds goods not sold", (*path, "route_goods"),
                             "every goods tile on the route is counted in 'sold'")
        player.route_goods = list(entry.route_goods)


def _position_players(edition: str, names: list[str], table: PositionTable,
                      duchies: dict[str, Board], goods_types: int = 3) -> list[PlayerState]:
    """Each player's state, in seat order; every player has an entry and only they do
    (``goods_types``: how many goods types a player may hold; the solo game: any)."""
    _names_known(names, table.players, ("position", "players"))
    for name in names:
        if name not in table.players:
            raise SetupError(f"no entry for {name}", ("position", "players"))
    if not table.teams:  # (2019 team game: a team's two players share its board; position_teams checks them)
        _board_copies(edition, {n: p.board.name or n if isinstance(p.board, (DuchyTable, IslandDuchyTable))
                                else p.board for n, p in table.players.items()}, ("position", "players"))
    # (2019 shield 18 lifts the adjacency rule for its holder: a tile placed then stays apart
    # once the shield is gone, so a player holding it, or anyone once it is removed from the game)
    removed = table.shields.removed if table.shields is not None else []
    return [_position_player(edition, name, table.players[name], duchies, goods_types,
                             18 in table.players[name].shields.values() or 18 in removed) for name in names]


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
            raise SetupError(f"{len(table.round_goods)} round goods left after {rolled} roll(s) of the phase; "
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


def _holders(state: GameState) -> list[PlayerState]:
    """The players whose duchy, goods, sold goods, bonus tiles and shared storage a position
    counts: everyone, or in the 2019 team game each team's first player (the team's are one)."""
    if state.teams is None:
        return state.players
    return [state.players[first] for first, _ in state.teams.members]


def _seen_tiles(state: GameState) -> dict[str, int]:
    """Copies of each tile kind the position shows: in duchies, storages and on depots."""
    seen: dict[str, int] = {}
    for player in state.players:
        for tile in player.storage:
            seen[tile] = seen.get(tile, 0) + 1
    for player in _holders(state):
        for tile in [t for t in player.duchy if t is not None] + player.shared:
            seen[tile] = seen.get(tile, 0) + 1
    for tiles in state.depots:
        for tile in tiles:
            seen[tile] = seen.get(tile, 0) + 1
    return seen


def default_supply(state: GameState) -> dict[str, list[int]]:
    """The face-down supply when every copy the position does not show is still in it, the
    copies shown having taken coloured backs first: [coloured backs left, black backs left]."""
    supply = _fresh_supply(0, state.ruleset.modules)
    kinds = catalogue()
    for tile, count in _seen_tiles(state).items():
        if outside_piles(kinds[tile]):
            continue            # a module's tile (an inn) never lies in the face-down piles
        coloured, black = supply[tile]
        supply[tile] = [max(0, coloured - count), black - max(0, count - coloured)]
    return supply


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
                raise SetupError(f"{count} {tile} tiles in the position; the game has {kinds[tile].count}",
                                 ("position",))
            continue
        total = kinds[tile].coloured + kinds[tile].black
        if count > total:
            raise SetupError(f"{count} {tile} tiles in the position; the game has {total}", ("position",))
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
                             f"has {kind.coloured} and {kind.black}, {seen.get(tile, 0)} of them in the position", path)
        state.supply[tile] = [coloured, black]


def _count_goods(state: GameState, table: PositionTable) -> None:
    """Goods within the box (7 of a type) and within what has been dealt by this point.

    Dealt so far: 3 per player at the start and 5 per phase begun (the phase's round
    goods, 2011 rules 'Before each phase'); every goods tile in a storage, sold, on a
    depot or on a round space is one of those.
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
    _goods_limit(goods_used, ("position",))
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
                raise SetupError(f"{player.name} and {taken[bonus]} both hold the {bonus} bonus tile", path)
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


def vp_bound(state: GameState, player: PlayerState) -> int:
    """The most VP ``player``'s duchy, sales and bonus tiles can have earned so far.

    The sum of: every completed area (but the start castle alone) at its size's VP plus
    the phase A bonus (10); for
    each pasture and animal type, ``k`` tiles of ``n`` animals in all score at most
    ``k * n`` (each placement scores the animals of that type already there and its own),
    plus ``k * (k + 1) / 2`` with knowledge tile 7; 4 per watchtower; the sale VP of every
    sold goods tile; the bonus tiles held. Base game, both editions: no other source
    scores during play. The 2019 extra tiles add the geese's (the other animals of their
    pasture, and 2 per other livestock tile there, doubled with tile 7) and a crane's 4 (a
    watchtower's effect).
    """
    duchy, board_ = player.duchy, player.board
    kinds = catalogue()
    bound = 0
    for members in board_.areas:
        if all(duchy[space] is not None for space in members) and members != (player.start,):  # placed, not dealt
            bound += area_vp(len(members)) + PHASE_BONUS[0]
        if board_.colour[members[0]] == "L":
            for animal in {kinds[duchy[s]].animal for s in members if duchy[s] is not None}:
                tiles = [kinds[duchy[s]].animals for s in members if duchy[s] is not None
                         and kinds[duchy[s]].animal == animal]
                bound += len(tiles) * sum(tiles) + (len(tiles) * (len(tiles) + 1) // 2 if 7 in player.knowledge else 0)
            if "geese" in board_.area_tiles[members[0]](duchy):  # 2019 geese: another type's VP, 2 per later tile
                others = [kinds[duchy[s]].animals for s in members if duchy[s] not in (None, "geese")]
                bound += sum(others) + 2 * len(others) + (2 * len(others) if 7 in player.knowledge else 0)
    bound += 4 * (duchy.count("watchtower") + duchy.count("crane"))  # (a 2019 crane may trigger a watchtower)
    bound += sale_vp(len(state.players)) * sum(player.sold)
    bound += sum(bonus_vp(len(state.players), bonus.endswith("large")) for bonus in player.bonuses)
    bound += module_routes.route_vp(player)
    return bound


def _vp_within_bound(state: GameState, player: PlayerState) -> None:
    if "shields" in state.options.modules or "solo-game" in state.options.modules:
        return  # shields 1, 7, 12 and 17, the solo game's monastery tiles and VP bought score beyond it (docs/records.md)
    vp = player.vp.get("position", 0)
    bound = vp_bound(state, player)
    if vp > bound:
        raise SetupError(f"{player.name} has {vp} VP; the duchy, sold goods and bonus tiles allow at most {bound}",
                         ("position", "players", player.name, "vp"),
                         "the bound counts completed areas with the phase A bonus, herds, watchtowers, sales, "
                         "bonus tiles (docs/records.md)")


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


def _position_flow(state: GameState, table: PositionTable) -> None:
    """What comes next: a player's turn (their dice and the round's order), a roll, a phase,
    or the end; and who may still buy after their last die."""
    names = [player.name for player in state.players]
    if state.stage == "turn":
        if table.to_move not in names:
            raise SetupError(f"no player called '{table.to_move}'", ("position", "to_move"))
        order = table.order or [state.players[s].name for s in state.bridge_order()]
        if sorted(order) != sorted(names):
            raise SetupError("the turn order must list every player once", ("position", "order"))
        state.order = [names.index(n) for n in order]
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


# --- writing a [position] -----------------------------------------------------------------------


def position_data(state: GameState) -> dict[str, Any]:
    """The ``[position]`` table of ``state``: what :func:`state_from_position` reads back.

    Written for any moment a record reaches (``show --position``): between phases, during a
    phase's setup, before a roll, in a turn (with the late buyer), after the game. Keys
    that hold their default are left out, so the table stays short. What the table does not
    carry: tiles returned to the box and which tiles were taken from depots whose reveal
    was never recorded -- the reader counts the supply from the tiles it sees, which
    trusts at least as much as the record did.
    """
    names = [player.name for player in state.players]
    stage = state.stage
    data: dict[str, Any] = {"phase": PHASES[state.phase], "round": state.round + 1}
    if stage == "turn":
        data["to_move"] = names[state.to_move()]
        if state.order != state.bridge_order():
            data["order"] = [names[seat] for seat in state.order]
        if state.bought:
            data["bought"] = True
        if state.white is not None:
            data["white"] = state.white
    elif stage != _position_stage_default(state):
        data["stage"] = stage
    if state.late_buyer >= 0:
        data["late_buyer"] = names[state.late_buyer]
    bridge = [[names[seat] for seat in reversed(stack)] for stack in state.bridge]
    while bridge and not bridge[-1]:
        bridge.pop()
    if bridge != [names]:
        data["bridge"] = bridge
    depots = {("black" if depot == 0 else str(depot)): list(state.depots[depot])
              for depot in (1, 2, 3, 4, 5, 6, 0) if state.revealed[depot] or state.depots[depot]}
    if depots:
        data["depots"] = depots
    goods = {str(depot): list(state.depot_goods[depot]) for depot in range(1, 7) if state.depot_goods[depot]}
    if goods:
        data["depot_goods"] = goods
    if state.round_goods is not None and stage != "phase":
        data["round_goods"] = list(state.round_goods)
    default = default_supply(state)
    supply = {tile: list(left) for tile, left in sorted(state.supply.items()) if left != default[tile]}
    if supply:
        data["supply"] = supply
    from burgundy_cli.castles.render import duchy_number

    data["players"] = {player.name: _player_data(player, _duchy_entry(player.board,
                                                                      duchy_number(state.edition, player)))
                       for player in state.players}
    if state.teams is not None:
        from burgundy_cli.castles.module_team import TEAMS

        data["teams"] = {TEAMS[team]: [names[seat] for seat in members]
                         for team, members in enumerate(state.teams.members)}
    if state.unverified:
        data["trusted"] = list(state.unverified)
    if state.shields is not None:
        names = [player.name for player in state.players]
        off = {"depots": {str(d): list(state.shields.depots[d]) for d in range(1, 7) if state.shields.depots[d]}}
        if state.shields.removed:
            off["removed"] = list(state.shields.removed)
        if state.shields.borrowed:
            off["borrowed"] = {names[h]: names[lender] for h, lender in state.shields.borrowed.items()}
        from burgundy_cli.castles.module_shields import moment_table

        data["shields"] = off | moment_table(state)
    if state.solo is not None:
        from burgundy_cli.castles.module_solo import position_table

        data["solo"] = position_table(state)
    return data


def _position_stage_default(state: GameState) -> str:
    """The stage :func:`_position_stage` reads from a table without ``stage`` for ``state``."""
    if state.round == 0:
        return "setup" if any(state.revealed) or any(state.depots) or state.round_goods is not None else "phase"
    return "roll"


def _duchy_entry(duchy: Board, number: int | str) -> int | str | dict[str, Any]:
    """A position's ``board``: the printed number or shipped id, or a record-defined duchy written whole."""
    from burgundy_cli.castles.module_team import provisional_team_ids

    shipped = (*provisional_ids(), *provisional_team_ids(), "13x")  # (13x: the shipped solo duchy)
    return duchy_data(duchy) if duchy.name is not None and duchy.name not in shipped else number


def _player_data(player: PlayerState, number: int | str | dict[str, Any]) -> dict[str, Any]:
    """One ``[position.players.<name>]`` table (defaults left out but ``silver`` and ``vp``)."""
    data: dict[str, Any] = {}
    if number != 1:
        data["board"] = number
    if player.start != CENTRE:
        data["start"] = space_name(player.start)
    duchy = {space_name(space): tile for space, tile in enumerate(player.duchy)
             if tile is not None and space != player.start}
    if duchy:
        data["duchy"] = duchy
    if player.storage:
        data["storage"] = list(player.storage)
    if player.goods:
        data["goods"] = {str(good): count for good, count in sorted(player.goods.items())}
    sold = {str(good): count for good, count in enumerate(player.sold) if good and count}
    if sold:
        data["sold"] = sold
    data["silver"] = player.silver
    if player.workers:
        data["workers"] = player.workers
    vp = {category: points for category, points in player.vp.items() if points}
    data["vp"] = vp.get("position", 0) if set(vp) <= {"position"} else vp
    if player.bonuses:
        data["bonuses"] = [f"{COLOUR_NAME[code]}-{size}" for code, size in (b.split("-", 1) for b in player.bonuses)]
    if player.dice:
        data["dice"] = list(player.dice)
    if player.shields:
        data["shields"] = {space_name(space): number for space, number in sorted(player.shields.items())}
    if player.crane is not None:
        data["crane"] = player.crane
    if player.route:
        data["route"] = [module_routes.space_text(space) for space in player.route]
        if player.route_goods:
            data["route_goods"] = list(player.route_goods)
    if player.shared:
        data["shared"] = list(player.shared)
    return data
