"""Duchy (estate) boards: the layouts of both editions, with their geometry precomputed once.

A duchy has 37 hex spaces in 7 rows of 4, 5, 6, 7, 6, 5 and 4 (row ``a`` at the top of the
printed board, the storage spaces at the bottom). Spaces are *indexed* 0..36 in reading
order inside the engine and *named* ``a1``..``g4`` (row letter, 1-based column) in the
notation; ``d4`` (index 18) is the centre.

Board numbers differ by edition: the 2011 No. 2 is the 2019 No. 10, and 2019 has a new
No. 2 (see ``data/SOURCES.md``). Layouts are read from ``data/boards.json`` on first use;
each :class:`Board` is built once and shared by every game that uses it (never mutated).

>>> space_name(18), space_id("d4"), space_id("h1")
('d4', 18, None)
>>> b = board("2011", 1)
>>> b.colour[18], b.die[18], [space_name(n) for n in b.neighbours[0]]
('C', 6, ['a2', 'b1', 'b2'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from operator import itemgetter

from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.castles.rules.tiles import load_json

ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
ROW_LETTERS = "abcdefg"
SPACES = 37
CENTRE = 18
#: (row, column) of every space index, and the index of every (row, column).
_ROW_COL = tuple((row, col) for row, length in enumerate(ROW_LENGTHS) for col in range(length))
_INDEX = {rc: index for index, rc in enumerate(_ROW_COL)}
_NAMES = tuple(f"{ROW_LETTERS[row]}{col + 1}" for row, col in _ROW_COL)
#: Canonical space name -> index (what :func:`space_id` looks up first; hot code reads it directly).
SPACE_IDS = {name: index for index, name in enumerate(_NAMES)}


#: The 2019 team board (module ``team-game``): two duchy halves side by side sharing one space.
#: The left half's spaces are a duchy's (indices 0..36, ``a1``..``g4``); the right half's are
#: ``ra1``..``rg4`` (indices 37..72 in reading order), but for its ``rd1``, which is the
#: left half's ``d7`` (castles/modules/team.py).
TEAM_SHARED = _INDEX[(3, 6)]
_TEAM_RIGHT = tuple(f"r{name}" for name in _NAMES if name != "d1")
#: The right half's names -> index (``rd1`` reads as the shared ``d7``).
TEAM_IDS = {**{name: SPACES + index for index, name in enumerate(_TEAM_RIGHT)}, "rd1": TEAM_SHARED}


def space_name(index: int) -> str:
    """The notation name (``a1``..``g4``; on a team board ``ra1``..``rg4`` from 37) of space ``index``."""
    return _NAMES[index] if index < SPACES else _TEAM_RIGHT[index - SPACES]


def space_id(name: str) -> int | None:
    """The index (0..36; 37..72 a team board's right half) of the space called ``name``
    (case-insensitive), or None."""
    found = SPACE_IDS.get(name)  # a command's space is already canonical: skip the clean-up
    if found is not None:
        return found
    name = name.strip().lower()
    found = SPACE_IDS.get(name)
    return found if found is not None else TEAM_IDS.get(name)


def _axial(index: int) -> tuple[int, int]:
    row, col = _ROW_COL[index]
    r = row - 3
    return col + max(-3, -3 - r), r


@cache
def _neighbours() -> tuple[tuple[int, ...], ...]:
    """Adjacency of the hexagon, the same on every board."""
    by_axial = {_axial(i): i for i in range(SPACES)}
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    result = []
    for index in range(SPACES):
        q, r = _axial(index)
        result.append(tuple(sorted(by_axial[(q + dq, r + dr)] for dq, dr in steps if (q + dq, r + dr) in by_axial)))
    return tuple(result)


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """One duchy layout with everything the engine asks about it, precomputed.

    ``colour``/``die``: per space. ``area``: the index of the connected same-colour area
    each space belongs to; ``areas``: the spaces of each area. ``castles``: the dark-green
    spaces (where a start castle may go in the experienced-player setup).
    ``by_die_colour[(die, colour)]``: the spaces showing that die number and colour (where a
    die can place a tile of that colour -- for move generation).
    ``area_of[i]``: the spaces of space ``i``'s area, looked up in one step.
    ``neighbour_tiles[i]``/``area_tiles[i]``/``colour_tiles[i]``: given a duchy (the tile or
    None on each space), the tuple of what lies on ``i``'s neighbours, on its area, on the
    spaces of its colour -- an ``operator.itemgetter``, so that the engine's adjacency and
    completion tests (``any(...)``, ``None not in ...``) run without a Python loop.

    A duchy of the 2019 modules, or one a record defines (``[duchies.<id>]``), also has:
    ``name`` (its id: ``"11x"``, or the record's), ``posts`` (the border posts: the spaces
    each touches), ``start`` (its basic start castle space, None if the rulebook names
    none), ``source`` and ``confidence`` (its provenance, shown by ``show`` and ``score``).
    A duchy of another shape (the 2019 solo duchy's islands) gives ``places``: the
    (row, half-column) of each space in its picture, ``river``: per space, the spaces the
    river joins it to (as option ``solo-river`` reads the picture), and ``printed_river``: the
    pairs of spaces a source reads the painted river as joining, when one does
    (:mod:`~burgundy_cli.castles.modules.solo`).
    """

    layout: str
    colour: tuple[str, ...]
    die: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    area: tuple[int, ...]
    areas: tuple[tuple[int, ...], ...]
    colour_spaces: dict[str, tuple[int, ...]]
    castles: tuple[int, ...]
    by_die_colour: dict[tuple[int, str], tuple[int, ...]]
    area_of: tuple[tuple[int, ...], ...]
    neighbour_tiles: tuple[Callable[[list], tuple], ...]
    area_tiles: tuple[Callable[[list], tuple], ...]
    colour_tiles: tuple[Callable[[list], tuple], ...]
    name: str | None = None
    posts: tuple[tuple[int, ...], ...] = ()
    start: int | None = None
    source: str | None = None
    confidence: str | None = None
    places: tuple[tuple[int, int], ...] | None = None
    river: tuple[tuple[int, ...], ...] = ()
    printed_river: tuple[tuple[int, int], ...] = ()

    def rows(self) -> list[str]:
        """The layout as 7 row strings (``"C6 B5 B4 C3"``), as ``boards.json`` and a record write it."""
        cells = [f"{colour}{die}" for colour, die in zip(self.colour, self.die, strict=True)]
        starts = [sum(ROW_LENGTHS[:row]) for row in range(len(ROW_LENGTHS))]
        return [" ".join(cells[start:start + length]) for start, length in zip(starts, ROW_LENGTHS, strict=True)]


def _build(layout: str, entry: dict, neighbours: tuple[tuple[int, ...], ...] | None = None) -> Board:
    """The board of ``entry["rows"]``; ``neighbours``: the adjacency of another shape than a
    duchy's (a team board, ``castles.modules.team``), its spaces in the same order as the rows'."""
    cells = [cell for row in entry["rows"] for cell in row.split()]
    colour = tuple(cell[0] for cell in cells)
    die = tuple(int(cell[1]) for cell in cells)
    neighbours = _neighbours() if neighbours is None else neighbours
    spaces = len(cells)
    area = [-1] * spaces
    areas: list[tuple[int, ...]] = []
    for start in range(spaces):
        if area[start] >= 0:
            continue
        members, todo = [], [start]
        area[start] = len(areas)
        while todo:
            space = todo.pop()
            members.append(space)
            for other in neighbours[space]:
                if area[other] < 0 and colour[other] == colour[space]:
                    area[other] = len(areas)
                    todo.append(other)
        areas.append(tuple(sorted(members)))
    colour_spaces = {code: tuple(i for i in range(spaces) if colour[i] == code) for code in "CSMLBY"}
    by_die_colour: dict[tuple[int, str], tuple[int, ...]] = {}
    for index in range(spaces):
        by_die_colour[(die[index], colour[index])] = by_die_colour.get((die[index], colour[index]), ()) + (index,)
    area_of = tuple(areas[area[i]] for i in range(spaces))
    return Board(layout, colour, die, neighbours, tuple(area), tuple(areas), colour_spaces,
                 colour_spaces["C"], by_die_colour, area_of,
                 tuple(map(_getter, neighbours)), tuple(map(_getter, area_of)),
                 tuple(_getter(colour_spaces[colour[i]]) for i in range(spaces)))


def custom_board(name: str, rows: list[str], posts: tuple[tuple[int, ...], ...] = (), start: int | None = None,
                 source: str | None = None, confidence: str | None = None) -> Board:
    """A duchy from its 7 row strings (already checked: see ``setup.duchy_definition``), with
    its border posts, start castle space and provenance."""
    return replace(_build(f"custom:{name}", {"rows": rows}), name=name, posts=posts, start=start,
                   source=source, confidence=confidence)


@cache
def team_layout() -> tuple[tuple[int, int], ...]:
    """Where each space of a team board lies: ``(row, column)`` in double-width columns (a
    space's neighbours in its row are two columns away), the right half 12 columns to the right
    of the left, so that its d1 falls on the left half's d7 (0..24 across; ``show`` draws this)."""
    left = [(row, 7 - ROW_LENGTHS[row] + 2 * col) for row, col in _ROW_COL]
    right = [(row, 7 - ROW_LENGTHS[row] + 2 * col + 12)
             for row, col in (_ROW_COL[SPACE_IDS[name[1:]]] for name in _TEAM_RIGHT)]
    return (*left, *right)


@cache
def _team_neighbours() -> tuple[tuple[int, ...], ...]:
    """Adjacency of a team board: neighbours two columns apart in a row or one apart in the rows
    above and below (:func:`team_layout`)."""
    layout = team_layout()
    where = {place: index for index, place in enumerate(layout)}
    steps = ((0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))
    return tuple(tuple(sorted(where[(row + dr, x + dx)] for dr, dx in steps if (row + dr, x + dx) in where))
                 for row, x in layout)


def team_board(name: str, left: list[str], right: list[str], start: int | None, source: str | None,
               confidence: str | None) -> Board:
    """A 2019 team board (module ``team-game``) from its halves' 7 row strings each (the right
    half's ``d1`` is the left half's ``d7`` and is read from the left rows): 73 spaces."""
    right_cells = [cell for row in right for cell in row.split()]
    del right_cells[SPACE_IDS["d1"]]
    rows = [*left, " ".join(right_cells)]
    return replace(_build(f"team:{name}", {"rows": rows}, _team_neighbours()), name=name, start=start,
                   source=source, confidence=confidence)


def provenance_note(duchy: Board, edition: str) -> str | None:
    """What ``show`` and ``score``'s notes say of a provisional or record-defined duchy (None for a
    printed one), named in ``edition``'s word (a 2011 record's own board: "estate home")."""
    if duchy.name is None:
        return None
    word = WORDS[edition]["duchy"]
    if duchy.source is None:
        return f"{word} {duchy.name} is the record's own (no source given)"
    return f"{word} {duchy.name}: {duchy.source}; confidence: {duchy.confidence or 'not given'}"


def adjacent(space: int, other: int) -> bool:
    """Whether two spaces of a duchy are neighbours."""
    return other in _neighbours()[space]


def on_rim(space: int) -> bool:
    """Whether ``space`` lies on the duchy's edge (fewer than six neighbours): where a border post may stand."""
    return len(_neighbours()[space]) < 6


def _getter(spaces: tuple[int, ...]) -> Callable[[list], tuple]:
    """An ``itemgetter`` of ``spaces`` that returns a tuple even for one space."""
    return itemgetter(*spaces) if len(spaces) > 1 else itemgetter(*spaces, *spaces)


@cache
def _data() -> dict:
    return load_json("boards.json")


@cache
def board_numbers(edition: str) -> tuple[int, ...]:
    """The duchy numbers printed in ``edition`` (2011: 1-9, 2019: 1-10); sorted once a process
    (a record's setup asks once a player)."""
    return tuple(sorted(int(number) for number in _data()["editions"][edition]))


@cache
def board(edition: str, number: int) -> Board:
    """Duchy No. ``number`` of ``edition`` (cached); KeyError when the edition has no such board."""
    layout = _data()["editions"][edition][str(number)]
    return layout_board(layout)


@cache
def layout_board(layout: str) -> Board:
    """The board with layout id ``layout`` (``L1``, ``L2011_2``, ``L2019_2``, ``L3``..``L9``)."""
    return _build(layout, _data()["layouts"][layout])


@cache
def _provisional() -> dict:
    return load_json("boards_provisional.json")


def provisional_ids() -> tuple[str, ...]:
    """The ids of the 2019 module duchies shipped as provisional readings (``11x``)."""
    return tuple(_provisional()["duchies"])


@cache
def provisional_board(name: str) -> Board:
    """The provisional duchy ``name`` (cached); KeyError if none is shipped under that id."""
    entry = _provisional()["duchies"][name]
    posts = tuple(tuple(SPACE_IDS[space] for space in post) for post in entry.get("posts", ()))
    start = entry.get("start")
    return custom_board(name, entry["rows"], posts, None if start is None else SPACE_IDS[start],
                        entry["source"], entry["confidence"])


def provisional_layouts(kind: str) -> dict:
    """The team (``"team"``) or solo (``"solo"``) boards as ``data/boards_provisional.json``
    gives them: read by the team game's and the solo game's modules, which build their own
    boards from them (``modules/team.py``, ``modules/solo.py``)."""
    return _provisional()[kind]


# --- the main board's depots -----------------------------------------------------------------


@cache
def _main_board() -> dict:
    return load_json("main_board.json")


@cache
def depot_spaces(players: int, phase: int) -> tuple[tuple[str, ...], ...]:
    """Colour codes of the hex spaces each depot uses in ``phase`` (0..4) with ``players``.

    Index 0 is the black depot (its spaces have no colour: ``'X'`` each), 1..6 the
    numbered depots. The 2019 solo game (1 player) lays them out as for 2 players. With 3 players depot 6's dark-green space takes a mine in phases B
    and D (2019 rules p.11; printed on the 2011 board).

    >>> depot_spaces(2, 0)[6], depot_spaces(3, 1)[6], len(depot_spaces(4, 0)[0])
    (('B', 'L'), ('M', 'B', 'L'), 8)
    """
    data = _main_board()
    players = max(players, 2)
    result = [tuple("X" for need in data["black"] if need <= players)]
    for depot in range(1, 7):
        colours = []
        for entry in data["depots"][str(depot)]:
            if entry[1] > players:
                continue
            special = entry[2] if len(entry) > 2 and players == 3 else None
            colours.append(special["ABCDE"[phase]] if special else entry[0])
        result.append(tuple(colours))
    return tuple(result)
