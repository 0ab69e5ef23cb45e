"""Starting a Robber Knights game from a record: the dealt setup or a typed position.

A record starts either with ``[setup]`` (the starting layout and the two tiles each player
keeps in hand, as dealt at the table) or with ``[position]`` (a landscape with knight
stacks, hands and the player to move, like a chess FEN). Both are checked against the
components -- each player's 24 tiles, 30 knights, the area -- and every problem is a
:class:`RecordError` naming the place in the file. Writers give the canonical TOML data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Annotated, Any, TypeVar

from burgundy_cli.core.errors import Location, ParseError, RecordError
from burgundy_cli.core.game import GameHeader, record_error
from burgundy_cli.core.record import RecordDoc
from burgundy_cli.core.replay import PlayerNames
from pydantic import BaseModel, Field, ValidationError

from burgundy_cli.core.models import Count, TableModel
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.notation import tile_name
from burgundy_cli.robber_knights.state import (
    Cell, Player, Space, State, cell_name, cells_by_name, full_pile, parse_cell,
)
from burgundy_cli.core.words import counted, player_key

T = TypeVar("T", bound=BaseModel)

#: A grid cell in a typed position: a column letter and a row from 1, in ASCII only
#: (``str.isdigit`` would read ``f٥`` as ``f5``).

#: Named rule options a record may set in ``[game.options]``, with their defaults.
OPTIONS: dict[str, bool] = {"pass-through": False}

#: The colours of the players' knights and tiles in the box, in seat order when none is chosen.
COLOURS = ("red", "blue", "yellow", "green")


def _passage(name: str) -> str:
    """The rulebook passage a refusal of the box or the setup rests on, as its message ends:
    `` (rulebook, 'Starting Layout')``."""
    return f" (rulebook, '{name}')"


class SetupTable(TableModel):
    """``[setup]``: the starting layout rows (``player:tile`` cells), each player's hand and,
    optionally, the colour each person plays (``colours = {Anna = "yellow", Ben = "red"}``:
    the players are people, so their statistics follow them from game to game)."""

    layout: Annotated[list[str], Field(min_length=1, max_length=10)]
    hands: dict[str, list[str]]
    colours: dict[str, str] | None = None


class PositionTable(TableModel):
    """``[position]``: laid tiles with knights (top first), hands, player to move; counts optional.

    ``lays``: tiles the player to move has laid this turn (0-3; the third ends the turn once
    its draw is made);
    ``must-draw``: they have laid and must draw the top tile of their pile before anything else.
    """

    to_move: str = Field(alias="to-move")
    tiles: Annotated[list[str], Field(min_length=1, max_length=100)]
    hands: dict[str, list[str]]
    knights: dict[str, int] | None = None
    piles: dict[str, int] | None = None
    lays: Annotated[int, Field(ge=0, le=3)] = 0
    must_draw: bool = Field(default=False, alias="must-draw")


class _Where:
    """Locates errors inside one table of the record: its keys and the strings of its lists."""

    def __init__(self, doc: RecordDoc, table: str) -> None:
        self.doc, self.table = doc, table

    def text(self, key: str, index: int) -> Callable[[], Location]:
        """Where item ``index`` of the list ``key`` is written, found only when called
        (finding places in the text is the slow part of opening a record)."""
        return partial(self.doc.location_of_text, self.table, key, index)

    def key(self, *path: str) -> Location:
        return self.doc.location_of_key(self.table, *path)

    def error(self, message: str, location: Location, hint: str | None = None) -> RecordError:
        return RecordError(f"[{self.table}] {message}", location=location, hint=hint)


def check_header(doc: RecordDoc, header: GameHeader) -> list[str]:
    """Validate players and options of the ``[game]`` table; return the player names.

    :raises RecordError: wrong number of players, duplicate or unusable names, an edition,
        unknown options.
    """
    players = header.players
    if not 2 <= len(players) <= 4:
        raise RecordError(f"Robber Knights is for 2 to 4 players, not {len(players)}",
                          location=doc.location_of_key("game", "players"))
    for name in players:
        if not name.strip() or any(mark in name for mark in ":#,\n") or name != name.strip() or len(name) > 40:
            raise RecordError(f"player name {name!r} cannot be used in notation",
                              location=doc.location_of_key("game", "players"),
                              hint="use 1-40 characters without ':', '#', ',' or surrounding spaces")
    keys = [player_key(name) for name in players]  # the project's one rule of name identity
    for index, key in enumerate(keys):
        if key in keys[:index]:
            raise RecordError(f"players '{players[keys.index(key)]}' and '{players[index]}' are the same name "
                              "to the notation", location=doc.location_of_key("game", "players"),
                              hint="names are matched ignoring case, repeated spaces and Unicode form")
    if header.edition is not None:
        raise RecordError(f"Robber Knights has a single edition; remove edition = {header.edition!r}",
                          location=doc.location_of_key("game", "edition"))
    check_options(doc, header)
    return list(players)


def check_options(doc: RecordDoc, header: GameHeader) -> None:
    """``[game.options]``: only the game's options (``OPTIONS``), each true or false; the
    check of a record logged move by move and of a result-only one alike.

    :raises RecordError: located at the option to blame.
    """
    for key, value in header.options.items():
        if key not in OPTIONS:
            from difflib import get_close_matches  # only for a hint: imported when one is needed

            close = get_close_matches(key, list(OPTIONS), n=1)
            raise RecordError(f"unknown option '{key}'", location=doc.location_of_key("game", "options", key),
                              hint=f"did you mean '{close[0]}'?" if close else "options: " + ", ".join(OPTIONS))
        if not isinstance(value, type(OPTIONS[key])):
            raise RecordError(f"option '{key}' must be true or false", location=doc.location_of_key("game", "options", key))


def most_tiebreak(header: GameHeader) -> tuple[int, str]:
    """The most of the tiebreak figure (knights left) a result-only record may give a player,
    and the passage that says so: each player has 30 knights ('Playing equipment'), whatever
    the ``header``'s options (the core asks every game with the record's header)."""
    return components().knights_per_player, _passage("Playing equipment")


def resolve_player(name: str, players: list[str], column: int | None = None) -> str:
    """The record's spelling of player ``name`` (case and spacing do not matter).

    :raises ParseError: unknown player, with the closest name as a hint.
    """
    name = name.strip()
    return name if name in players else PlayerNames(players).resolve(name, column=column)


def _located(where: _Where, locate: Callable[[], Location], action: Callable[[], T]) -> T:
    """Run ``action``; turn a ParseError about a name into a RecordError at ``locate()``.

    The location is computed only when needed: finding keys in the text is the slow part
    of opening a record.
    """
    try:
        return action()
    except ParseError as err:
        location = locate()
        column = (location.column or 1) + (err.location.column - 1 if err.location and err.location.column else 0)
        raise RecordError(f"[{where.table}] {err.message}",
                          location=Location(location.file, location.line, column), hint=err.hint) from None


def _validate(doc: RecordDoc, table: str, declared: type[T]) -> T:
    try:
        return declared.model_validate(doc.data[table])
    except ValidationError as err:
        refused = record_error(err, doc, (table,), declared=declared)
        if refused.hint is None and refused.path[:2] == ("end", "control") and len(refused.path) == 4:
            # (a building misspelt in a player's control line: the buildings it may name)
            from burgundy_cli.core.suggest import did_you_mean

            refused.hint = did_you_mean(str(refused.path[3]), CONTROL_KEYS.values())
        raise refused from None


def _hands(where: _Where, hands: dict[str, list[str]], players: list[str]) -> dict[str, list[str]]:
    """Each player's hand, by record spelling, with canonical tile names."""
    result: dict[str, list[str]] = {}
    for key, tiles in hands.items():
        def location(key: str = key) -> Location:
            return where.key("hands", key)

        player = _located(where, location, lambda: resolve_player(key, players))
        if len(tiles) > 2:
            raise where.error(f"{player} holds {len(tiles)} tiles; a hand holds at most 2"
                              + _passage("How to play: Laying 1 to 3 tiles"), location())
        result[player] = [_located(where, location, lambda t=t: tile_name(t)) for t in tiles]
    for player in players:
        if player not in result:
            raise where.error(f"no hand for {player}", where.key("hands"), hint=f"add {player} = [\"...\", \"...\"]")
    return result


def _piles(where: _Where, players: list[str], laid: dict[str, list[str]], hands: dict[str, list[str]],
           location: Callable[[], Location]) -> list[dict[str, int]]:
    """What is left in each pile: the 24 tiles less those laid (``laid``: each player's tile
    names) and in hand; over-use is an error."""
    piles = []
    for player in players:
        pile = full_pile()
        used = laid[player] + hands[player]
        for name in used:
            pile[name] -= 1
            if pile[name] < 0:
                raise where.error(f"{player} has {used.count(name)} {name} tiles laid or in hand; a player has only "
                                  f"{components().tiles[name].count}{_passage('Playing equipment')}", location(),
                                  hint="each player's 24 tiles: 1 lake, 2 mountains, 3 plain, 3 village-plain, "
                                  "6 castle-plain, 3 town-plain, 3 village-forest, 2 castle-forest, 1 town-forest")
        piles.append(pile)
    return piles


def _laid(players: list[str], cells: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Each player's laid tile names, from (owner, tile) pairs."""
    laid: dict[str, list[str]] = {player: [] for player in players}
    for owner, tile in cells:
        laid[owner].append(tile)
    return laid


def _new_state(players: list[str], hands: dict[str, list[str]], piles: list[dict[str, int]],
               options: dict[str, Any]) -> State:
    side = components().area[len(players)]
    knights = components().knights_per_player
    return State([Player(name, list(hands[name]), pile, knights) for name, pile in zip(players, piles)],
                 side, options={**OPTIONS, **options})


def read_setup(doc: RecordDoc, header: GameHeader, players: list[str]) -> tuple[State, dict[str, Any]]:
    """Build the starting state from ``[setup]``; return it with the canonical ``[setup]`` data.

    :raises RecordError: located at the offending entry.
    """
    where = _Where(doc, "setup")
    table: SetupTable = _validate(doc, "setup", SetupTable)
    rows: list[list[tuple[str, str]]] = []
    for index, text in enumerate(table.layout):
        location = where.text("layout", index)
        row = []
        for part in text.split():
            owner, colon, tile = part.partition(":")
            if not colon:
                raise where.error(f"layout cell '{part}' should be player:tile", location(),
                                  hint="e.g. \"red:castle-plain blue:lake\"")
            row.append((_located(where, location, lambda o=owner: resolve_player(o, players)),
                        _located(where, location, lambda t=tile: tile_name(t))))
        rows.append(row)
    def layout_at() -> Location:
        return where.key("layout")

    count = 2 * len(players)
    side = components().area[len(players)]
    widths = {len(row) for row in rows}
    if len(widths) != 1 or sum(map(len, rows)) != count or len(rows) > side or max(widths) > side:
        raise where.error(f"the starting layout must be a full rectangle of {count} tiles "
                          f"(2 per player), rows of equal length{_passage('Starting Layout')}", layout_at(),
                          hint=f"e.g. 2 rows of {len(players)}")
    laid = _laid(players, (cell for row in rows for cell in row))
    for player in players:
        if len(laid[player]) != 2:
            raise where.error(f"{player} has {counted(len(laid[player]), 'tile')} in the starting layout, not 2"
                              + _passage("Holding tiles in your hand"), layout_at())
    hands = _hands(where, table.hands, players)
    for player, hand in hands.items():
        if len(hand) != 2 or not any(components().tiles[t].is_castle for t in hand):
            raise where.error(f"{player} must keep 1 castle tile and 1 other tile of the A group in hand"
                              + _passage("Holding tiles in your hand"),
                              where.key("hands", player), hint=f"{player} = [\"castle-plain\", \"lake\"]")
    state = _new_state(players, hands, _piles(where, players, laid, hands, layout_at), header.options)
    top, left = (state.frame - len(rows)) // 2, (state.frame - len(rows[0])) // 2
    for r, row in enumerate(rows):
        for c, (owner, tile) in enumerate(row):
            state.put((top + r, left + c), Space(components().tiles[tile], state.index[owner]))
    canonical = {"layout": [" ".join(f"{o}:{t}" for o, t in row) for row in rows],
                 "hands": {player: hands[player] for player in players}}
    if table.colours is not None:
        canonical["colours"] = _colours(where, table.colours, players)
    return state, canonical


def _colours(where: _Where, colours: dict[str, str], players: list[str]) -> dict[str, str]:
    """The colour each player plays, by record spelling: one of the box's, each once, for everyone.

    :raises RecordError: an unknown player or colour, a colour twice, a player without one.
    """
    chosen: dict[str, str] = {}
    for key, colour in colours.items():
        def location(key: str = key) -> Location:
            return where.key("colours", key)

        player = _located(where, location, lambda: resolve_player(key, players))
        typed, colour = colour, colour.strip().lower()
        if colour not in COLOURS:
            raise where.error(f"{player} plays '{typed}': the knights come in {', '.join(COLOURS)}", location())
        if colour in chosen.values():
            other = next(name for name, taken in chosen.items() if taken == colour)
            raise where.error(f"{other} and {player} both play {colour}: each colour is one player's", location())
        chosen[player] = colour
    for player in players:
        if player not in chosen:
            raise where.error(f"no colour for {player}", where.key("colours"),
                              hint=f"{player} = \"{next(c for c in COLOURS if c not in chosen.values())}\"")
    return {player: chosen[player] for player in players}


def read_position(doc: RecordDoc, header: GameHeader, players: list[str]) -> tuple[State, dict[str, Any]]:
    """Build the state from a typed ``[position]``; return it with the canonical ``[position]`` data.

    :raises RecordError: located at the offending entry.
    """
    state = _position_state(_Where(doc, "position"), _validate(doc, "position", PositionTable), header, players)
    return state, position_data(state)


class ControlLine(TableModel):
    """One player's line of ``[end] control``: how many castles, villages and towns their
    knight is on top of at the end (a building left out: none)."""

    castles: Count = 0
    villages: Count = 0
    towns: Count = 0


class EndTable(TableModel):
    """``[end]``: a game that was not logged move by move, scored from how it ended. Either
    ``control``, what the final scoring reads: each player's castles, villages and towns with
    their knight on top, and ``knights``, the knights left in front of each player (they
    decide a tie); or the whole map, ``tiles`` (every tile laid, ``cell owner:tile [knights
    a,b,...]``, knights top first, as in ``[position]``), with ``knights`` optional (checked:
    30 less those on the map)."""

    tiles: Annotated[list[str], Field(max_length=100)] | None = None
    control: dict[str, ControlLine] | None = None
    knights: dict[str, int] | None = None


def read_end(doc: RecordDoc, header: GameHeader, players: list[str]) -> tuple[State, dict[str, Any]]:
    """Build the state from an ``[end]`` table: the position in which every hand and pile is
    empty (rulebook, 'Size of the Playing Area': "If all the tiles have been laid, the game is
    over and the scores are added up"); return it with the canonical ``[end]`` data. A map
    gets every check a ``[position]`` gets; an end told by ``control`` the checks of
    :func:`_told_state`.

    :raises RecordError: located at the offending entry; a player whose 24 tiles are not all
        on the map, at ``tiles``.
    """
    where = _Where(doc, "end")
    end: EndTable = _validate(doc, "end", EndTable)
    if (end.tiles is None) == (end.control is None):
        raise where.error("give control (the buildings each player's knight is on top of) or tiles (the whole "
                          "map)" + (", not both" if end.tiles is not None else ""), where.key(),
                          "e.g. [end.control] red = { castles = 3, villages = 1, towns = 2 } and [end.knights] red = 4")
    if end.control is not None:
        state = _told_state(where, end, header, players)
        return state, {"control": {player.name: {CONTROL_KEYS[building]: count for building, count in told.items()}
                                   for player, told in zip(state.players, state.told)},
                       "knights": {player.name: player.knights for player in state.players}}
    per_player = components().tiles_per_player
    if not end.tiles:
        raise where.error(f"tiles is empty: the map at the game's end lists every tile laid, each player's "
                          f"{per_player}, as 'cell owner:tile [knights a,b,...]' (knights top first)",
                          where.key("tiles"), "e.g. tiles = [\"e4 red:castle-plain knights red,blue\", ...]; "
                          "without the map, give [end.control] and [end.knights] instead")
    laid: dict[str, int] = dict.fromkeys(players, 0)
    for index, text in enumerate(end.tiles):
        laid[_position_tile(where, text, where.text("tiles", index), players)[1]] += 1
    short = next((name for name in players if laid[name] < per_player), None)
    if short is not None:
        raise where.error(f"the game ends when every tile is laid; {short} has laid {laid[short]} of "
                          f"{per_player}", where.key("tiles"),
                          "a game not played to its end is recorded move by move or as a [position]")
    table = PositionTable.model_validate({"to-move": players[0], "tiles": end.tiles,
                                         "hands": {name: [] for name in players}, "knights": end.knights})
    state = _position_state(where, table, header, players)
    data = position_data(state)
    return state, {"tiles": data["tiles"], "knights": data["knights"]}


#: The ``[end] control`` key of each building.
CONTROL_KEYS = {"castle": "castles", "village": "villages", "town": "towns"}


def _near_building(word: str, fields: dict[str, str]) -> str | None:
    """The building ``word`` misspells (``twon``: ``town``), as a misspelt tile is told its near miss."""
    from burgundy_cli.core.suggest import closest

    return closest(word, [name for name in fields if len(name) > 1])


def control_answer(text: str) -> dict[str, int | str]:
    """One player's ``[end] control`` line from the words of ``burgundy new --end``:
    ``3 castles 2 villages 1 town`` (a number and a building, either order; ``c``, ``v``,
    ``t`` for short; a building left out: none); ``none`` or nothing for no building.
    A count that is no whole number stays text, for the record's check to refuse.

    :raises ParseError: a word that is no building, or a building without its count.
    """
    words = text.replace(",", " ").lower().split()
    if words in ([], ["none"], ["0"], ["nothing"]):
        return {}
    hint = "e.g. 3 castles 2 villages 1 town (a building left out: none)"
    fields = {word: field for building, field in CONTROL_KEYS.items()
              for word in (building, field, building[0])}
    line: dict[str, int | str] = {}
    count: str | None = None      # a count read, its building still to come
    building: str | None = None   # a building read, its count still to come
    for word in words:
        field = fields.get(word)
        near = None if field is not None or word.isdecimal() else _near_building(word, fields)
        if near is not None:   # (a misspelt building, before or after its count: its near miss)
            raise ParseError(f"'{word}' is no castle, village or town", hint=f"did you mean '{near}'?")
        if field is None and building is not None:
            line[building], building = _count(word), None
        elif field is None and count is None:
            count = word
        elif field is None:
            raise ParseError(f"'{word}' is no castle, village or town", hint=hint)
        elif field in line or field == building:
            raise ParseError(f"{field} given twice", hint=hint)
        elif count is not None:
            line[field], count = _count(count), None
        elif building is not None:
            raise ParseError(f"{building} without a count", hint=hint)
        else:
            building = field
    if building is not None:
        raise ParseError(f"{building} without a count", hint=hint)
    if count is not None:
        raise ParseError(f"'{count}' without castles, villages or towns after it", hint=hint)
    return line


def _count(word: str) -> int | str:
    """A count as a whole number, or as typed (``x``, ``1.5``) for the record's check to refuse."""
    return int(word) if word.isdecimal() else word


def _told_state(where: _Where, end: EndTable, header: GameHeader, players: list[str]) -> State:
    """The end told by ``[end] control`` and ``knights``: every hand and pile empty, no map,
    each player's buildings under their knight as told (``State.told``), checked as the box
    and the rules bound them:

    - a line for every player, no one else (a player on top of nothing: ``red = {}``);
    - no more castles, villages or towns held in all than the players' tiles have (each
      player's 24: 8 castles, 6 villages, 4 towns; 'Playing equipment');
    - knights left for every player, at most 30 ('Playing equipment': 30 knights per player);
    - a player holds no more buildings than they have knights on the map: "the player whose
      knight is on top on the tile in question is in control" ('The end of the game and
      scoring'), so each tile they hold has one of theirs.

    :raises RecordError: located at the key to blame, with its key path (``new`` names the answer).
    """
    def player_of(field: str, key: str) -> str:
        return _located(where, lambda: where.key(field, key), lambda: resolve_player(key, players))

    told: dict[str, dict[str, int]] = {}
    for key, line in end.control.items():
        name = player_of("control", key)
        if name in told:
            raise RecordError(f"[end] control: {name} is given twice", location=where.key("control", key),
                              path=("end", "control", key))
        told[name] = {building: getattr(line, field) for building, field in CONTROL_KEYS.items()}
    missing = next((name for name in players if name not in told), None)
    if missing is not None:
        raise RecordError(f"[end] control: no line for {missing}", location=where.key("control"), path=("end", "control"),
                          hint=f"{missing} = {{}} if no building has {missing}'s knight on top")
    for building, field in CONTROL_KEYS.items():
        box = len(players) * sum(tile.count for tile in components().tiles.values() if tile.building == building)
        held = sum(counts[building] for counts in told.values())
        if held > box:
            raise RecordError(f"[end] control: {held} {field} held in all, but {len(players)} players' tiles have "
                              f"only {box}{_passage('Playing equipment')}", location=where.key("control"),
                              path=("end", "control"))
    if end.knights is None:
        raise RecordError("[end] knights: the knights left in front of each player are needed: the most knights "
                          "left wins a tie on points", location=where.key(), path=("end", "knights"),
                          hint="e.g. [end.knights] red = 4")
    per_player = components().knights_per_player
    left: dict[str, int] = {}
    for key, count in end.knights.items():
        name = player_of("knights", key)
        if not 0 <= count <= per_player:
            raise RecordError(f"[end] knights: {name} has {count} knights left; a player has 0 to {per_player}"
                              + _passage("Playing equipment"),
                              location=where.key("knights", key), path=("end", "knights", key))
        held = sum(told[name].values())
        if held > per_player - count:
            raise RecordError(f"[end] knights: {name} has {count} knights left, so {per_player - count} on the map, "
                              f"yet {counted(held, 'building')} with {name}'s knight on top"
                              + _passage("The end of the game and scoring"),
                              location=where.key("knights", key), path=("end", "knights", key),
                              hint="each tile a player controls holds at least one of their knights")
        left[name] = count
    missing = next((name for name in players if name not in left), None)
    if missing is not None:
        raise RecordError(f"[end] knights: none given for {missing}", location=where.key("knights"),
                          path=("end", "knights"))
    empty = {name: 0 for name in full_pile()}
    state = State([Player(name, [], dict(empty), left[name]) for name in players], components().area[len(players)],
                  options={**OPTIONS, **header.options}, told=[told[name] for name in players])
    return state


def _position_state(where: _Where, table: PositionTable, header: GameHeader, players: list[str]) -> State:
    """The state a typed position describes, every check of docs/records.md's list made;
    errors located in ``where``'s table (``[position]``, or ``[end]``)."""
    side = components().area[len(players)]
    frame = 2 * side - 1
    cells: dict[Cell, tuple[str, str, list[str]]] = {}
    located: dict[Cell, Callable[[], Location]] = {}
    for index, text in enumerate(table.tiles):
        location = where.text("tiles", index)
        cell, owner, tile, knights = _position_tile(where, text, location, players)
        if cell[0] >= frame or cell[1] >= frame:
            raise where.error(f"{cell_name(cell)} is outside the {frame} x {frame} grid of a "
                              f"{len(players)}-player game", location())
        if cell in cells:
            raise where.error(f"{cell_name(cell)} is listed twice", location())
        if len(knights) > components().max_knights_per_tile:
            raise where.error(f"{cell_name(cell)} holds {len(knights)} knights; a tile holds at most "
                              f"{components().max_knights_per_tile}{_passage('Moving the knights')}", location())
        if knights and components().tiles[tile].terrain == "lake":
            raise where.error(f"{cell_name(cell)} is a lake, which knights never enter{_passage('Moving the knights')}",
                              location())
        cells[cell] = (owner, tile, knights)
        located[cell] = location
    def tiles_at() -> Location:
        return where.key("tiles")

    rows = [cell[0] for cell in cells]
    cols = [cell[1] for cell in cells]
    if max(rows) - min(rows) >= side or max(cols) - min(cols) >= side:
        raise where.error(f"the tiles span more than the {side} x {side} playing area"
                          + _passage("Size of the Playing Area"), tiles_at())
    _check_connected(where, set(cells), tiles_at)
    hands = _hands(where, table.hands, players)
    laid = _laid(players, ((owner, tile) for owner, tile, _ in cells.values()))
    piles = _piles(where, players, laid, hands, tiles_at)
    state = _new_state(players, hands, piles, header.options)
    for cell in sorted(cells):
        owner, tile, knights = cells[cell]
        state.put(cell, Space(components().tiles[tile], state.index[owner],
                              [state.index[k] for k in reversed(knights)]))
    state.to_move = state.index[_located(where, lambda: where.key("to-move"),
                                         lambda: resolve_player(table.to_move, players))]
    for number, player in enumerate(state.players):
        player.knights -= state.knights_on_board(number)
        if player.knights < 0:
            raise where.error(f"{player.name} has {state.knights_on_board(number)} knights on the board; "
                              f"a player has only {components().knights_per_player}{_passage('Playing equipment')}", tiles_at())
        drawing = table.must_draw and number == state.to_move  # laid a tile, not yet drawn its replacement
        if len(player.hand) + drawing != min(2, len(player.hand) + drawing + player.pile_size):
            raise where.error(f"{player.name} holds {counted(len(player.hand), 'tile')} with {player.pile_size} left in the "
                              "pile; a hand is refilled to 2 while the pile lasts" + _passage("How to play: Laying 1 to 3 tiles"),
                              where.key("hands", player.name))
    _check_knights_came_from_castles(where, state, located)
    _check_counts(where, table, state, players)
    _check_turn(where, table, state)
    return state


def _check_turn(where: _Where, table: PositionTable, state: State) -> None:
    """The player to move holds tiles; a draw is due only after a lay, from a pile that has tiles.

    Rulebook, 'Laying 1 to 3 tiles': a player lays a tile, "then picks up the uppermost tile
    of his pile", up to "a total of three times" a turn.
    """
    mover = state.players[state.to_move]
    if not state.over and not mover.hand and not table.must_draw:
        raise where.error(f"{mover.name} has no tiles left and cannot be the player to move", where.key("to-move"))
    if table.must_draw and (table.lays == 0 or not mover.pile_size):
        raise where.error(f"{mover.name} cannot owe a draw: " + ("no tile laid this turn" if table.lays == 0
                                                                  else "the pile is empty"),
                          where.key("must-draw"))
    if table.lays and state.over:
        raise where.error("the game is over: no turn is under way", where.key("lays"))
    if table.lays == 3 and not table.must_draw:
        raise where.error("a third lay ends the turn once its draw is made" + _passage("How to play: Laying 1 to 3 tiles"),
                          where.key("lays"))
    state.lays, state.must_draw = table.lays, table.must_draw
    state.over = state.over and not table.must_draw


def _position_tile(where: _Where, text: str, location: Callable[[], Location],
                   players: list[str]) -> tuple[Cell, str, str, list[str]]:
    """Read ``"f6 red:castle-plain knights blue,red"`` (knights top first)."""
    parts = text.split()
    shape_hint = "e.g. \"f6 red:castle-plain knights blue,red\" (knights top first)"
    if len(parts) not in (2, 4) or (len(parts) == 4 and parts[2].lower() not in ("knights", "k")) \
            or ":" not in parts[1]:
        raise where.error(f"cannot read tile entry '{text}'", location(), hint=shape_hint)
    name = parts[0].lower()
    if name not in cells_by_name():
        raise where.error(f"'{parts[0]}' is not a grid cell", location(), hint="a cell is column letter + row, e.g. f6")
    owner, _, tile = parts[1].partition(":")
    owner = _located(where, location, lambda: resolve_player(owner, players))
    tile = _located(where, location, lambda: tile_name(tile))
    knights = [_located(where, location, lambda k=k: resolve_player(k, players))
               for k in (parts[3].split(",") if len(parts) == 4 else [])]
    return parse_cell(name), owner, tile, knights


def _check_connected(where: _Where, cells: set[Cell], location: Callable[[], Location]) -> None:
    """Every laid tile shares an edge with the rest (tiles are only ever laid edge to edge)."""
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        row, col = todo.pop()
        for near in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    if len(seen) != len(cells):
        apart = sorted(cells - seen)[0]
        raise where.error(f"{cell_name(apart)} is not joined edge to edge with the other tiles"
                          + _passage("How to play: Laying 1 to 3 tiles"), location())


def _check_knights_came_from_castles(where: _Where, state: State,
                                     located: dict[Cell, Callable[[], Location]]) -> None:
    """Knights stand only where a move from a castle of their owner can have left them.

    Rulebook, 'Laying the castle tiles and moving the knights': knights enter on a castle
    tile their player lays and move "in a straight line", leaving "on a tile with a forest:
    2 knights, on a tile with mountains: 3 knights" and never entering a lake. So each
    player's knights on a tile number at least the terrain's minimum, and lie in line with
    a castle tile of that player that holds their knights, every tile between laid and no
    lake; without option ``pass-through`` every tile between holds their knights too
    (docs/rulings.md, Robber Knights 2).
    """
    minimum = components().minimum
    board = state.board
    for cell in sorted(board):
        space = board[cell]
        for number in sorted(set(space.knights)):
            name = state.players[number].name
            count = space.knights.count(number)
            need = minimum.get(space.tile.terrain, 1)
            castles = [castle for castle in _in_line(board, cell) if _line_from_castle(state, castle, cell, number)]
            if not castles:
                raise where.error(f"{name}'s knights on {cell_name(cell)} are in line with no castle tile of "
                                  f"{name}'s from which a move could have left them{_passage('Moving the knights')}",
                                  located[cell](),
                                  hint="knights move from the castle they entered on in a straight line")
            if count < need and not (state.pass_through and any(_passed(state, castle, cell, number)
                                                                 for castle in castles)):
                raise where.error(f"{cell_name(cell)} holds {counted(count, 'knight')} of {name}; a {space.tile.terrain} tile "
                                  f"keeps at least {need} of a stack that entered it{_passage('Moving the knights')}", located[cell](),
                                  hint="with option pass-through, fewer only on a tile the stack went on from"
                                  if state.pass_through else None)


def _in_line(board: dict[Cell, Space], cell: Cell) -> list[Cell]:
    """The laid cells in ``cell``'s row and column, ``cell`` included."""
    return [other for other in board if other[0] == cell[0] or other[1] == cell[1]]


def _passed(state: State, castle: Cell, cell: Cell, number: int) -> bool:
    """Could a stack of player ``number`` from ``castle`` have gone on from ``cell`` (not the
    castle itself): does a tile beyond it, in line from the castle, hold their knights that
    the stack can have left? With option ``pass-through`` such a tile may keep fewer than
    its terrain's minimum (docs/rulings.md, Robber Knights 2)."""
    if cell == castle:
        return False
    step = ((cell[0] > castle[0]) - (cell[0] < castle[0]), (cell[1] > castle[1]) - (cell[1] < castle[1]))
    beyond = (cell[0] + step[0], cell[1] + step[1])
    while beyond in state.board:
        if number in state.board[beyond].knights and _line_from_castle(state, castle, beyond, number):
            return True
        beyond = (beyond[0] + step[0], beyond[1] + step[1])
    return False


def _line_from_castle(state: State, castle: Cell, cell: Cell, number: int) -> bool:
    """Could a stack of player ``number`` entering on ``castle`` have left knights on ``cell``?"""
    start = state.board[castle]
    if not start.tile.is_castle or start.owner != number or number not in start.knights:
        return False
    (row, col), (end_row, end_col) = castle, cell
    step = ((end_row > row) - (end_row < row), (end_col > col) - (end_col < col))
    while (row, col) != cell:
        row, col = row + step[0], col + step[1]
        space = state.board.get((row, col))
        if space is None or space.tile.terrain == "lake":
            return False
        if (row, col) != cell and not state.pass_through and number not in space.knights:
            return False
    return True


def _check_counts(where: _Where, table: PositionTable, state: State, players: list[str]) -> None:
    """Optional ``knights``/``piles`` tables must agree with what the tiles and hands imply."""
    for field, stated in (("knights", table.knights), ("piles", table.piles)):
        for key, value in (stated or {}).items():
            def location(field: str = field, key: str = key) -> Location:
                return where.key(field, key)

            player = state.players[state.index[_located(where, location, lambda k=key: resolve_player(k, players))]]
            actual = player.knights if field == "knights" else player.pile_size
            if value != actual:
                raise where.error(f"{field} of {player.name} is {value}, but the position implies {actual}",
                                  location())


def refuse_without_map(state: State) -> None:
    """Refuse what needs the map (a picture, ``show --json``, ``show --position``) of an end
    told without it (``[end] control``: the buildings each player holds, no tiles).

    :raises RecordError: the state is such an end.
    """
    if state.told is not None:
        raise RecordError("this end was told as the buildings each player's knight is on top of: it has no map "
                          "to draw or write as a position", hint="'burgundy score' and 'burgundy show' print it")


def position_data(state: State) -> dict[str, Any]:
    """The canonical ``[position]`` data of ``state``, at any moment (``show --position``):
    what :func:`read_position` reads back; ``lays`` and ``must-draw`` only mid-turn.

    :raises RecordError: an end told without its map (:func:`refuse_without_map`).
    """
    refuse_without_map(state)
    names = [player.name for player in state.players]
    tiles = []
    for cell in sorted(state.board):
        space = state.board[cell]
        text = f"{cell_name(cell)} {names[space.owner]}:{space.tile.name}"
        if space.knights:
            text += " knights " + ",".join(names[k] for k in reversed(space.knights))
        tiles.append(text)
    return {
        "to-move": names[state.to_move],
        "tiles": tiles,
        "hands": {player.name: list(player.hand) for player in state.players},
        "knights": {player.name: player.knights for player in state.players},
        "piles": {player.name: player.pile_size for player in state.players},
    } | ({"lays": state.lays} if state.lays else {}) | ({"must-draw": True} if state.must_draw else {})
