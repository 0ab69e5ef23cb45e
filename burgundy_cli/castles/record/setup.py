"""Starting a game: the record's ``[setup]`` table, or a typed ``[position]`` (like FEN).

Both tables are validated at the edge (pydantic models, :mod:`burgundy_cli.core.models`) and turned into a
:class:`~burgundy_cli.castles.rules.state.GameState`: ``[setup]`` by
:func:`~burgundy_cli.castles.record.setup_table.state_from_setup`, ``[position]`` by
:func:`~burgundy_cli.castles.record.position_table.state_from_position`, each in its own module so
that opening a record loads the reader of its own table only; this module holds what both
read (the options, the boards and duchies, the routes, the solo game's duchy, the default
supply) and the position's writer, :func:`position_data`. Its steps with a leading underscore are the two
readers' shared steps: private to these three modules. Problems in the content (a board the
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

``[position]``: see :class:`~burgundy_cli.castles.record.position_table.PositionTable`.

``[duchies.<id>]``: a duchy the record defines (see :class:`DuchyTable`), named by its id in
``boards`` (``boards = {anna = "11c"}``) like a shipped one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from dataclasses import replace

from pydantic import BaseModel, Field, ValidationError

from burgundy_cli.core.models import TableModel, data_path, union_message

from burgundy_cli.castles.rules.boards import (CENTRE, ROW_LENGTHS, SPACES, Board, adjacent, board, board_numbers,
                                         custom_board, on_rim, provisional_board, provisional_ids, space_id, space_name,
                                         team_layout)
from burgundy_cli.castles.rules.commands import SpaceName
from burgundy_cli.castles.modules import RESERVED
from burgundy_cli.castles.rules.state import PHASES, GameState, Options, PlayerState
from burgundy_cli.castles.rules.terms import WORDS, empty_spaces, indefinite
from burgundy_cli.castles.rules.tiles import COLOUR_NAME, GOODS_PER_TYPE, catalogue, outside_piles
from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.replay import PlayerNames
from burgundy_cli.core.words import counted

if TYPE_CHECKING:
    from burgundy_cli.castles.modules import routes  # (at run time only with the trade routes: _route)

EDITIONS = ("2011", "2019")
_COLOUR_BY_NAME = {name: code for code, name in COLOUR_NAME.items()}


class SetupError(RecordError):
    """A record's setup or position is inconsistent; ``path`` is the key path to blame."""

    def __init__(self, message: str, path: tuple[str | int, ...], hint: str | None = None) -> None:
        super().__init__(f"[{'.'.join(map(str, path))}]: {message}", hint=hint, path=path)


def passage(rule_id: str, edition: str) -> str:
    """`` (2019 rules, 'Place hex tile in your duchy')``: where the rule a setup's or position's
    refusal holds to stands in ``edition``'s rulebook (:data:`burgundy_cli.castles.rules.PASSAGES`),
    to end the refusal's words with, as a refusal of a line cites its rule."""
    from burgundy_cli.castles.rules import PASSAGES

    return f" ({edition} rules, {PASSAGES[rule_id][edition]})"


T = TypeVar("T", bound=BaseModel)
_GoodsKey = Literal["1", "2", "3", "4", "5", "6"]


#: A duchy: its printed number, or the id of a provisional or a record-defined duchy (``"11x"``).
_DuchyName = int | Annotated[str, Field(min_length=1, max_length=40)]


class DuchyTable(TableModel):
    """A duchy the record defines (``[duchies.<id>]``), or a ``[position]`` player's duchy written whole.

    ``rows``: the 7 rows top to bottom as printed (4, 5, 6, 7, 6, 5 and 4 spaces), each
    space its colour code and die (``"C6 B5 B4 C3"``; C dark green, S blue, M grey, L light
    green, B beige, Y yellow); ``posts``: the border posts of a no. 11 duchy, each as the
    edge spaces it touches (``[["b1", "c1"], ...]``); ``start``: the start castle's space in
    the basic setup (default: the centre if it is dark green); ``source`` and
    ``confidence``: where the layout comes from and how sure it is (shown by ``show`` and in
    ``score``'s notes); ``name``: the duchy's id, in a ``[position]`` that writes it whole.
    ``right`` (2019 team game): a team board's right half, 7 rows like ``rows`` (then the left
    half), its ``d1`` the left half's ``d7`` (:func:`~burgundy_cli.castles.modules.team.team_definition`).
    """

    rows: Annotated[list[Annotated[str, Field(min_length=1, max_length=60)]], Field(min_length=7, max_length=7)]
    name: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    posts: list[Annotated[list[SpaceName], Field(min_length=1, max_length=2)]] = Field(default_factory=list)
    start: SpaceName | None = None
    source: Annotated[str, Field(min_length=1, max_length=300)] | None = None
    confidence: Annotated[str, Field(min_length=1, max_length=300)] | None = None
    right: Annotated[list[Annotated[str, Field(min_length=1, max_length=60)]], Field(min_length=7, max_length=7)] | None = None


class IslandTable(TableModel):
    """One island of a duchy of islands (the 2019 solo duchies, 13A/13B): ``rows`` top to bottom,
    each space its colour code and die (``"L6 B4"``); ``x2``: each row's spaces' places in
    half-columns (a space's neighbours are 2 apart in its row, 1 apart in the rows above and
    below); ``at``: where the island lies in the duchy's picture (row, half-column)."""

    rows: Annotated[list[Annotated[str, Field(min_length=1, max_length=60)]], Field(min_length=1, max_length=7)]
    x2: list[list[Annotated[int, Field(ge=0, le=30)]]]
    at: Annotated[list[Annotated[int, Field(ge=0, le=30)]], Field(min_length=2, max_length=2)]


class IslandDuchyTable(TableModel):
    """A duchy of islands the record defines (``[duchies.<id>]`` with ``islands``): the 2019 solo
    game's other side, not found in public sources. 37 spaces in all, named a1..g4 island by
    island in reading order; ``start``, ``source``, ``confidence`` and ``name`` as for
    :class:`DuchyTable` (the river joins the islands as option ``solo-river`` says)."""

    islands: Annotated[list[IslandTable], Field(min_length=1, max_length=8)]
    name: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    start: SpaceName | None = None
    source: Annotated[str, Field(min_length=1, max_length=300)] | None = None
    confidence: Annotated[str, Field(min_length=1, max_length=300)] | None = None




# --- shared validation --------------------------------------------------------------------------


#: The 2019 modules' true/false options, by their key in ``[game.options]``: the field of :class:`Options`.
_FLAG_OPTIONS = {"inn-uncapped": "inn_uncapped", "white-castle-free-change": "white_free_change",
                 "shield-tribute-whole": "shield_tribute_whole", "shield17-uncapped": "shield17_uncapped",
                 "shield1-one-area": "shield1_one_area", "solo-shield5-first": "solo_shield5_first",
                 "solo-exchange-only-now": "solo_exchange_only_now"}


#: The options that change a 2019 module's rules, with the modules they need: an option
#: whose module the record does not play would change nothing, so it is refused as a
#: misspelt one is (the record says something the game does not do).
_MODULE_OPTIONS = {
    "inn-uncapped": ("inns",), "white-castle-free-change": ("white-castles",),
    "shield-tribute-whole": ("shields",), "shield17-uncapped": ("shields",), "shield1-one-area": ("shields",),
    "border-third-post": ("border-posts",), "team-tiebreak-empty-spaces": ("team-game",),
    "team-routes": ("team-game", "trade-routes"), "team-shield-tribute": ("team-game", "shields"),
    "team-shield-others": ("team-game", "shields"), "solo-target": ("solo-game",), "solo-river": ("solo-game",),
    "solo-shield5-first": ("solo-game", "shields"), "solo-exchange-only-now": ("solo-game",),
}

#: The options of a record that chooses none (frozen: every such game shares it, made once).
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
        elif key == "tiebreak-turn-order":
            if value not in ("bridge", "last-round"):
                raise SetupError("must be 'bridge' (the track at the end) or 'last-round' (the order the last "
                                 "round was played in)", path)
            values["tiebreak_order"] = value
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
            from burgundy_cli.castles.modules.border import THIRD_POST

            if value not in THIRD_POST:
                raise SetupError("must be 'pairs', 'once' or 'none'", path)
            values["border_third_post"] = value
        elif key == "team-tiebreak-empty-spaces":
            if value not in ("most", "fewest"):
                raise SetupError("must be 'most' (the team game's text) or 'fewest' (the base game's)", path)
            values["team_tiebreak"] = value
        elif key == "team-routes":
            from burgundy_cli.castles.modules.team import ROUTE_MODES

            if value not in ROUTE_MODES:
                raise SetupError("must be 'own' (each player's route, the seller's) or 'team' (one route per team)",
                                 path)
            values["team_routes"] = value
        elif key in ("team-shield-tribute", "team-shield-others"):
            from burgundy_cli.castles.modules.shields import TEAM_READINGS

            if value not in TEAM_READINGS[key]:
                raise SetupError(f"must be {' or '.join(repr(v) for v in TEAM_READINGS[key])}", path)
            values[key.replace("-", "_")] = value
        elif key == "solo-target":
            from burgundy_cli.castles.modules.solo import TARGETS

            if not isinstance(value, int) or isinstance(value, bool) or value not in TARGETS:
                raise SetupError("must be a number from 45 to 55 (the solo game's start target VP)", path)
            values["solo_target"] = value
        elif key == "solo-river":
            from burgundy_cli.castles.modules.solo import RIVER_MODES

            if value not in RIVER_MODES:
                raise SetupError("must be 'ships', 'ship-to-any' or 'printed'", path)
            values["solo_river"] = value
        elif key == "experienced-setup":
            if value not in ("open", "secret"):
                raise SetupError("must be 'open' (choices in turn order) or 'secret' (all at once)", path)
            values["experienced_setup"] = value
        else:
            raise SetupError("unknown option", path, "known: tiebreak-empty-spaces, tiebreak-turn-order, "
                             "k8-doubles-free-change, "
                             f"k6-mixed-payment, modules, {', '.join(flags)}, border-third-post, experienced-setup, "
                             "team-tiebreak-empty-spaces, team-routes, team-shield-tribute, team-shield-others, "
                             "solo-target, solo-river")
    _refuse_options_without_their_game(header, values.get("modules", ()))
    return Options(**values) if values else _DEFAULT_OPTIONS


def _refuse_options_without_their_game(header: GameHeader, modules: tuple[str, ...]) -> None:
    """An option of a module the record does not play, or of the 2019 edition in a 2011
    record, is refused where it is written.

    :raises SetupError: naming the option and what it needs.
    """
    for key in header.options:
        path = ("game", "options", key)
        if key == "k6-mixed-payment" and header.edition == "2011":
            raise SetupError("is a reading of the 2019 knowledge tile 6; a 2011 record cannot use it", path,
                             "remove the option")
        if key == "tiebreak-turn-order" and header.edition != "2011":
            raise SetupError("is a reading of the 2011 rules' \"went later in turn order\"; the 2019 rules say "
                             "\"farthest behind on the bridge\"", path, "remove the option")
        missing = [module for module in _MODULE_OPTIONS.get(key, ()) if module not in modules]
        if missing:
            raise SetupError(f"is an option of the {' and '.join(_MODULE_OPTIONS[key])} module"
                             f"{'s' if len(_MODULE_OPTIONS[key]) > 1 else ''}, which this record does not play",
                             path, f"add {', '.join(repr(m) for m in missing)} to modules, or remove the option")


def most_tiebreak(header: GameHeader) -> tuple[int, str]:
    """The most empty duchy spaces (the tiebreak figure) a result-only record may give a player
    -- a team, in the team game, whose figure is its team board's -- and the words that say why,
    ending with the passage of the record's edition: every space of the duchy but the one the
    start castle takes at setup. A duchy, the solo duchy too, has :data:`SPACES` (37: 2011 'The
    player boards', 2019 'Game setup', the solo game's 'End of the game': "fill all 37 hex
    spaces"); a team board is two halves sharing one space (:func:`team_layout`, 73), with one
    castle for the team ('The team game', 'Game setup': "a castle; place it on the central dark
    green 1 hex space"). The header's options are checked already (:func:`options_from_header`)."""
    modules = options_from_header(header).modules
    edition = header.edition or "2019"
    if "team-game" in modules:
        what, spaces, passage = "a team board's", len(team_layout()), "'The team game', 'Game setup'"
    elif "solo-game" in modules:
        what, spaces, passage = "the solo duchy's", SPACES, "'The solo game', 'Game setup', 'End of the game'"
    else:
        what, spaces = f"{indefinite(WORDS[edition]['duchy'])}'s", SPACES
        passage = "'Game setup', 'The player boards'" if edition == "2011" else "'Game setup'"
    return spaces - 1, f": {what} {spaces} spaces less the start castle's ({edition} rules, {passage})"


def tiebreak_figure(edition: str | None) -> str:
    """What a result-only record's tiebreak figure counts, in the record's edition's words, as a
    full record's score table says it: "empty estate spaces" (2011), "empty duchy spaces" (2019)."""
    return empty_spaces(edition or "2019")


def check_final(header: GameHeader, won: bool | None, tiebreaks: dict[str, int | None]) -> None:
    """What a Castles score pad cannot say. Option ``tiebreak-turn-order`` (2011 only) chooses
    which turn order the last tiebreak reads, the track's at the end or the last round's
    (docs/rulings.md): a pad holds neither, so the option would change nothing and is refused,
    as an ``[end]`` table refuses ``last-round`` and a 2019 record the option. A result-only
    record of the 2019 solo game: ``won`` as its player's empty duchy spaces (the tiebreak
    figure, where given) say it must be -- "You win the game if you managed to fill all 37 hex
    spaces of your duchy within 25 rounds" (``cob.solo.end``, the rule's one test,
    :func:`~burgundy_cli.castles.rules.solo_standing.won_by`): a pad won with a space empty, or
    lost with none, has one of the two wrong.

    :raises RecordError: its ``path``: the option, or ``[final] won``.
    """
    from burgundy_cli.castles.rules.solo_standing import won_by

    if "tiebreak-turn-order" in header.options:
        raise SetupError("a result-only record holds no turn order (neither the track at the end nor the order "
                         "the last round was played in), so the option changes nothing",
                         ("game", "options", "tiebreak-turn-order"),
                         "remove the option; a tie on VP and empty spaces is decided by [final] winner")
    if won is None or "solo-game" not in options_from_header(header).modules:
        return
    for name, empty in tiebreaks.items():
        if empty is not None and won != won_by(empty):
            left = counted(empty, 'empty duchy space') if empty else "no empty duchy space"
            raise RecordError(f"[final] won = {str(won).lower()}, but {name} has {left}: the solo game is won by "
                              f"filling all {SPACES} spaces of the duchy within the 25 rounds (2019 rules, 'The solo game', "
                              "'End of the game')", path=("final", "won"))


def module_names(value: object, edition: str, path: tuple) -> tuple[str, ...]:
    """The 2019 modules ``[game.options] modules`` names: a list of names or one string of
    comma-separated names, each a module of the 2019 rulebook (every one is refereed:
    :data:`~burgundy_cli.castles.modules.MODULES`), named once, and played with the 2019 edition.

    :raises SetupError: a misspelt name (with the closest name), a repeated name, or a module
        in a 2011 record.
    """
    if isinstance(value, str):
        names = [name.strip() for name in value.split(",") if name.strip()]
    elif isinstance(value, list) and all(isinstance(name, str) for name in value):
        names = [name.strip() for name in value]
    else:
        raise SetupError("must be a list of module names", path, 'modules = ["inns"]')
    for index, name in enumerate(names):
        where = (*path, index) if isinstance(value, list) else path
        if name not in RESERVED:
            from difflib import get_close_matches  # (only for a misspelt name's hint)

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
                             ("game", "players"), "names are matched ignoring case, repeated spaces and Unicode form")
    return edition


def _validate(declared: type[T], data: object, table: str | tuple[str, ...]) -> T:
    """``data`` validated as ``declared``; every key's error at once (the first raised, the
    others in its ``also``), each blamed on the deepest key path.

    A union (``boards = 1`` or ``{anna = 3}``) fails once per member; the member that got
    furthest into the data names the place (``boards.Anna``, not ``boards``).
    """
    try:
        return declared.model_validate(data)
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
        found = [_setup_error([error for error, path in zip(errors, paths) if path == paths[index]],
                              (*prefix, *paths[index])) for index in by_key.values()]
        found[0].also = found[1:]
        raise found[0] from None


def _setup_error(errors: list[Any], path: tuple[Any, ...]) -> SetupError:
    """The pydantic validation errors of a table at ``path`` (one, or one a union member) as a
    :class:`SetupError`, in the table's words where the table has some: a player's starting
    goods, a goods tile's number, a space's name."""
    words = _table_words(errors[0], path)
    return SetupError(words if words is not None else union_message(errors), path)


def _table_words(error: Any, path: tuple[Any, ...]) -> str | None:
    """A validation error of a ``[setup]`` or ``[position]`` value as a player at the table
    says it ("Anna starts with 3 goods tiles, not 4"), or None where pydantic's words do."""
    kind, given = error.get("type"), error.get("input")
    if path[:2] == ("setup", "goods") and len(path) == 3 and kind in ("too_long", "too_short") \
            and isinstance(given, list):
        return f"{path[2]} starts with 3 goods tiles, not {len(given)}"
    if "players" in path and len(path) > 2 and path[-2] in ("goods", "sold") and isinstance(given, int) \
            and kind in ("less_than_equal", "greater_than_equal"):   # a player's count of a goods type
        return (f"{given} goods tiles of type {path[-1]}; the box has 7 of each type" if kind == "less_than_equal"
                else f"{given} goods tiles of type {path[-1]}: leave a type held by none out")
    if kind == "literal_error" and len(path) > 1 and path[-2] in ("goods", "sold") and path[-1] == given:
        return f"'{given}' is no goods type: a goods tile's type is the die number it shows, 1 to 6"
    if "goods" in path and kind in ("less_than_equal", "greater_than_equal") and isinstance(given, int):
        return f"a goods tile shows a die, 1 to 6, not {given}"
    if kind == "string_pattern_mismatch" and "[a-g][1-7]" in str((error.get("ctx") or {}).get("pattern")):
        return f"'{given}' is not a space: a row a-g and a place 1-7, like c2"
    return None


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
        from burgundy_cli.castles.modules.team import provisional_team_board, provisional_team_ids

        if edition != "2019" and number in (*provisional_ids(), *provisional_team_ids(), "13x"):
            raise SetupError(f"duchy {number} belongs to the 2019 edition's modules; this record is {edition}",
                             path, f"{WORDS[edition]['duchies']}: {', '.join(map(str, board_numbers(edition)))}")
        if number in provisional_team_ids():  # a 2019 team board (12a)
            return provisional_team_board(number)
        if number == "13x":  # the 2019 solo duchy: islands, not a hexagon (castles/modules/solo.py)
            from burgundy_cli.castles.modules.solo import solo_board

            return solo_board()
        if number in provisional_ids():
            return provisional_board(number)
        defined = f"; the record defines {', '.join(duchies)}" if duchies else ""
        provisional = f", a provisional duchy ({', '.join(provisional_ids())})" if edition == "2019" else ""
        raise SetupError(f"no {WORDS[edition]['duchy']} '{number}'{defined}", path,
                         f"a printed number{provisional} or a [duchies.<id>] table of the record")
    if number not in board_numbers(edition):
        words = WORDS[edition]
        raise SetupError(f"the {edition} edition has no {words['duchy']} {number}", path,
                         f"{words['duchies']}: {', '.join(map(str, board_numbers(edition)))}")
    return board(edition, number)


def castle_spaces(edition: str, number: int | str) -> list[str]:
    """The castle (dark-green) spaces of a shipped duchy, by name: where a start castle may go
    (what ``burgundy new`` offers; on a 2019 team board only those its team castle may take,
    ``team.start_castle_refusal``); none for a number that names no shipped duchy."""
    try:
        duchy = _board(edition, _number_of(number), ("setup", "boards"), {})
    except (SetupError, KeyError, ValueError):
        return []
    from burgundy_cli.castles.modules.team import is_team_board, start_castle_refusal

    spaces = [space for space in duchy.castles if not is_team_board(duchy) or start_castle_refusal(duchy, space) is None]
    return [space_name(space) for space in spaces]


def _number_of(text: int | str) -> int | str:
    """A duchy as typed: a printed number as an int, an id (``13x``) as its text."""
    return int(text) if isinstance(text, str) and text.strip().isdigit() else text


def _start_space(duchy: Board, number: int | str, start: str | None, path: tuple, edition: str) -> int:
    """The space of the start castle on ``duchy`` (its number or id as typed: ``number``): the
    space ``start`` names, which must be a castle space, else the duchy's own or its centre; a
    refusal names the duchy in ``edition``'s word (2011 "estate 1")."""
    if start is None:
        if duchy.start is not None:
            return duchy.start
        if duchy.colour[CENTRE] != "C":
            raise SetupError(f"{WORDS[edition]['duchy']} {number}'s centre is not a castle space; name the start "
                             "castle's space", path, "castle spaces: " + ", ".join(space_name(s) for s in duchy.castles))
        return CENTRE
    space = space_id(start)
    if space is None or duchy.colour[space] != "C":
        raise SetupError(f"{start} is not a castle (dark-green) space of {WORDS[edition]['duchy']} {number}", path,
                         "castle spaces: " + ", ".join(space_name(s) for s in duchy.castles))
    return space


def _board_copies(edition: str, used: dict[str, int], path: tuple, key: tuple = ()) -> None:
    """The box holds 4 copies of duchy 1 (and of the 2019 duchy 2), one of every other. A refusal
    is located at ``path``, the last owner and ``key`` (``[position.players.Ben.board]``)."""
    numbers = list(used.values())
    for number in set(numbers):
        copies = 4 if number == 1 or (number == 2 and edition == "2019") else 1
        if numbers.count(number) > copies:  # (the owners are listed only then)
            owners = [name for name, n in used.items() if n == number]
            raise SetupError(f"the game has {copies} copy of {WORDS[edition]['duchy']} {number}, used by "
                             f"{', '.join(owners)}",
                             (*path, owners[-1], *key))


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
    process for each set of modules, not tile by tile for each record's setup). The lists are shared by every supply made from them: a supply's count is
    replaced by a new list when it changes (:meth:`GameState.draw_each`), never changed in place."""
    return {name: [kind.coloured, kind.black] if kind.in_game(modules) else [0, 0]
            for name, kind in catalogue().items()}


def _goods_limit(counts: list[int], path: tuple, edition: str) -> None:
    for good in range(1, 7):
        if counts[good] > GOODS_PER_TYPE:
            raise SetupError(f"{counts[good]} goods tiles of type {good}; the game has {GOODS_PER_TYPE}"
                             + passage("cob.goods.count", edition), path)


# --- [duchies]: duchies a record defines ---------------------------------------------------------

#: A space of a duchy's row: colour code and die.
_SPACE_CODES, _DICE = "CSMLBY", "123456"


def duchy_definitions(data: object, edition: str) -> dict[str, Board]:
    """The duchies of a record's ``[duchies]`` table by id, each checked by :func:`duchy_definition`
    and refused in ``edition``'s words (a 2011 record's "estate").

    :raises SetupError: not a table of tables, an id taken by a shipped duchy, or a bad duchy.
    """
    if data is None:
        return {}
    words = WORDS[edition]
    if not isinstance(data, dict):
        raise SetupError(f"must be a table of {words['duchies']}, one [duchies.<id>] each", ("duchies",))
    result = {}
    for name, entry in data.items():
        path = ("duchies", name)
        if name in provisional_ids() or name.isdigit():
            raise SetupError(f"'{name}' names a shipped {words['duchy']}; give the record's own another id", path,
                             'like [duchies."11c"] or [duchies.home]' if edition == "2019" else "like [duchies.home]")
        if not isinstance(entry, dict):
            raise SetupError("must be a table: rows, and posts, start, source, confidence if need be", path)
        if "islands" in entry:  # a solo duchy of islands (2019): castles/modules/solo.py
            result[name] = _island_duchy(name, _validate(IslandDuchyTable, entry, path), path)
            continue
        result[name] = duchy_definition(name, _validate(DuchyTable, entry, path), path, edition)
    return result


def duchy_definition(name: str, table: DuchyTable, path: tuple, edition: str) -> Board:
    """The duchy ``table`` describes, checked: each row's length, each space a colour code
    and a die 1-6, a dark-green space for the start castle (``start`` one of them), and
    border posts that stand on the edge, each by one space or two neighbouring ones, no
    space touched by two posts, three posts or none.

    :raises SetupError: the first problem, at its key path under ``path``.
    """
    check_rows(table.rows, (*path, "rows"), edition)
    if table.right is not None:  # a 2019 team board's two halves
        from burgundy_cli.castles.modules.team import team_definition

        check_rows(table.right, (*path, "right"), edition)
        return _team(team_definition, name, table, path)
    duchy = custom_board(name, table.rows, source=table.source, confidence=table.confidence)
    if not duchy.castles:
        raise SetupError(f"the {WORDS[edition]['duchy']} has no dark-green space for the start castle", (*path, "rows"))
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
        raise SetupError(f"{counted(len(posts), 'border post')}; a border-post duchy (11a-11f) has three", (*path, "posts"))
    return replace(duchy, posts=posts, start=start)


def _team(step: Callable[..., T], *arguments: Any) -> T:
    """A 2019 team game's setup step (``castles.modules.team``), its refusal raised as a SetupError."""
    from burgundy_cli.castles.modules.team import SetupRefusal

    try:
        return step(*arguments)
    except SetupRefusal as refusal:
        raise SetupError(refusal.message, refusal.path, refusal.hint) from None


def check_rows(rows: list[str], path: tuple, edition: str) -> None:
    """A duchy's (or a team board half's) 7 rows: 4, 5, 6, 7, 6, 5 and 4 spaces, each a colour
    code and a die. :raises SetupError: at the row's key path under ``path``, in ``edition``'s words."""
    for row, text in enumerate(rows):
        cells = text.split()
        letter = "abcdefg"[row]
        if len(cells) != ROW_LENGTHS[row]:
            raise SetupError(f"row {letter} has {counted(len(cells), 'space')}; "
                             f"{indefinite(WORDS[edition]['duchy'])}'s rows have 4, 5, 6, 7, 6, 5 and 4",
                             (*path, row))
        for col, cell in enumerate(cells):
            if len(cell) != 2 or cell[0] not in _SPACE_CODES or cell[1] not in _DICE:
                raise SetupError(f"'{cell}' ({letter}{col + 1}) is not a space", (*path, row),
                                 "a colour code (C dark green, S blue, M grey, L light green, B beige, Y yellow) "
                                 "and a die 1-6, like C6")


def _island_duchy(name: str, table: IslandDuchyTable, path: tuple) -> Board:
    """The duchy of islands ``table`` describes (``modules.solo.island_definition``), its first
    problem located under ``path``."""
    from burgundy_cli.castles.modules.solo import island_definition

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


def _border_duchies(options: Options, players: list[PlayerState], path) -> None:
    """With the border posts, every player plays a no. 11 duchy: one with border posts (``cob.border.duchy``)."""
    if "border-posts" not in options.modules:
        return
    for player in players:
        if not player.board.posts:
            from burgundy_cli.castles.views.render import duchy_number

            raise SetupError(f"duchy {duchy_number('2019', player)} has no border posts; with the border posts "
                             "every player plays a no. 11 duchy (cob.border.duchy)", path(player.name),
                             'the pictured one is "11x"; define the others in [duchies.<id>] with their posts')






def _solo_duchies(options: Options, played: dict[str, Board], path: tuple) -> None:
    """In the solo game the duchy is a solo duchy, one of islands (``cob.solo.setup``)."""
    if "solo-game" not in options.modules:
        return
    from burgundy_cli.castles.modules.solo import solo_duchy_refusal

    for name, duchy in played.items():
        refusal = solo_duchy_refusal(duchy, options.solo_river)
        if refusal is not None:
            raise SetupError(refusal, path, 'boards = "13x" (the pictured side) or a [duchies.<id>] with islands')


def _solo_players(options: Options, names: list[str]) -> None:
    """The solo game is played by 1 player, and 1 player plays only the solo game (``cob.solo.players``)."""
    if "solo-game" not in options.modules and len(names) != 1:
        return  # (the solo game's rules are imported only when a record may need them: start-up)
    from burgundy_cli.castles.modules.solo import player_count_refusal

    refusal = player_count_refusal(options.modules, len(names))
    if refusal is not None:
        raise SetupError(refusal, ("game", "players"))


def _route(options: Options, players: int, name: str, texts: list[str] | None,
           path: tuple, missing: tuple | None = None) -> tuple[routes.RouteSpace, ...]:
    """``name``'s declared trade route, at key ``path`` (a missing one refused at ``missing``,
    else at ``path``): required with the module ``trade-routes``, refused without."""
    if "trade-routes" not in options.modules:
        if texts:
            raise SetupError(f"a trade route for {name}, but this game does not play the trade routes", path,
                             '[game.options] modules = ["trade-routes"] switches them on (2019 edition)')
        return ()
    from burgundy_cli.castles.modules import routes  # (a game without the routes never loads them)

    needed = routes.spaces_needed(players)
    if texts is None:
        raise SetupError(f"no trade route for {name}", path if missing is None else missing,
                         f'add {name} = [...]: {needed} spaces, left to right, each "<goods type> <bonus>" like '
                         '"5 silver-2"; the printed card faces are not known, so the table declares each route '
                         "(docs/records.md)")
    try:
        return routes.read_route(texts, players)
    except ValueError as error:
        message, hint, index = error.args
        raise SetupError(f"{name}'s trade route: {message}", path if index is None else (*path, index), hint) from None


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


# --- writing a [position] -----------------------------------------------------------------------


def position_data(state: GameState) -> dict[str, Any]:
    """The ``[position]`` table of ``state``: what
    :func:`~burgundy_cli.castles.record.position_table.state_from_position` reads back.

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
    if stage == "over" and state.order and state.order != state.bridge_order():  # (2011's last tiebreak may ask it)
        data["order"] = [names[seat] for seat in state.order]
    if state.late_buyer >= 0:
        data["late_buyer"] = names[state.late_buyer]
        late = state.players[state.late_buyer]
        if stage == "phase" and state.late_purse not in (None, (late.silver, late.workers)):
            data["late_purse"] = dict(zip(("silver", "workers"), state.late_purse))
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
    from burgundy_cli.castles.views.render import duchy_number

    data["players"] = {player.name: _player_data(player, _duchy_entry(player.board,
                                                                      duchy_number(state.edition, player)))
                       for player in state.players}
    if state.teams is not None:
        from burgundy_cli.castles.modules.team import TEAMS

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
        from burgundy_cli.castles.modules.shields import moment_table

        data["shields"] = off | moment_table(state)
    if state.solo is not None:
        from burgundy_cli.castles.modules.solo import position_table

        data["solo"] = position_table(state)
    return data


def _position_stage_default(state: GameState) -> str:
    """The stage :func:`~burgundy_cli.castles.record.position_table._position_stage` reads from a
    table without ``stage`` for ``state``."""
    if state.round == 0:
        return "setup" if any(state.revealed) or any(state.depots) or state.round_goods is not None else "phase"
    return "roll"


def _duchy_entry(duchy: Board, number: int | str) -> int | str | dict[str, Any]:
    """A position's ``board``: the printed number or shipped id, or a record-defined duchy written whole."""
    from burgundy_cli.castles.modules.team import provisional_team_ids

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
        from burgundy_cli.castles.modules import routes

        data["route"] = [routes.space_text(space) for space in player.route]
        if player.route_goods:
            data["route_goods"] = list(player.route_goods)
    if player.shared:
        data["shared"] = list(player.shared)
    return data


def duchy_data(duchy: Board) -> dict[str, Any]:
    """The :class:`~burgundy_cli.castles.record.setup.DuchyTable` of ``duchy`` (what
    :func:`~burgundy_cli.castles.record.setup.duchy_definition` reads back), or the
    :class:`~burgundy_cli.castles.record.setup.IslandDuchyTable` of a duchy of islands."""
    from burgundy_cli.castles.modules.team import is_team_board, team_rows

    if duchy.places is not None:
        from burgundy_cli.castles.modules.solo import islands_data

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
