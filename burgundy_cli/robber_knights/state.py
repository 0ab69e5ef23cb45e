"""The Robber Knights position: the landscape grid with knight stacks, hands, piles, turn.

Plain mutable slotted dataclasses, changed in place by the engine, so that replaying a
record costs little more than reading it. Cells are ``(row, column)`` pairs counted from 0
in a square frame of ``2 * side - 1`` cells, with the starting layout in the middle: any
playing area of ``side x side`` tiles that contains the layout fits in the frame.
"""

from __future__ import annotations

from functools import cache

from dataclasses import dataclass, field
from burgundy_cli.robber_knights.components import TileType, components

Cell = tuple[int, int]
#: The four edge neighbours of a cell, as (row, column) steps.
_EDGES = ((-1, 0), (0, 1), (1, 0), (0, -1))


@dataclass(slots=True)
class Space:
    """A laid tile: its type, the player whose tile it was, and its knights bottom to top."""

    tile: TileType
    owner: int
    knights: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Player:
    """What one player has in front of them: hand, pile (tile counts by name), knights."""

    name: str
    hand: list[str]
    pile: dict[str, int]
    knights: int
    pile_size: int = 0

    def __post_init__(self) -> None:
        self.pile_size = sum(self.pile.values())


@dataclass(slots=True)
class State:
    """A whole position, plus whose turn it is and how far that turn has gone."""

    players: list[Player]
    side: int
    board: dict[Cell, Space] = field(default_factory=dict)
    to_move: int = 0
    lays: int = 0
    must_draw: bool = False
    over: bool = False
    options: dict[str, object] = field(default_factory=dict)
    #: the player whose turn ended last and how many tiles they laid (to explain a 4th lay)
    last_player: int | None = None
    last_lays: int = 0
    bounds: list[int] = field(default_factory=lambda: [0, -1, 0, -1])  # min row, max row, min col, max col
    index: dict[str, int] = field(default_factory=dict)
    #: :meth:`frontier` once asked for (then kept up to date by :meth:`put`); a replay never asks
    known_frontier: set[Cell] | None = field(default=None, init=False)
    #: cells per row and column of the coordinate frame (``2 * side - 1``)
    frame: int = field(init=False)
    #: option ``pass-through``: knights may cross a tile without leaving any there
    pass_through: bool = field(init=False)
    #: an end told without its map (``[end] control``): per player, how many tiles of each
    #: building (castle, village, town) their knight is on top of; None while the board tells
    told: list[dict[str, int]] | None = None

    def __post_init__(self) -> None:
        self.index = {player.name: number for number, player in enumerate(self.players)}
        self.over = not any(player.hand for player in self.players)
        self.frame = 2 * self.side - 1
        self.pass_through = bool(self.options.get("pass-through", False))

    def frontier(self) -> set[Cell]:
        """The empty cells that share an edge with a laid tile (off the frame too): where the
        move generator asks the placement rule. Worked out on first use, then kept by :meth:`put`."""
        if self.known_frontier is None:
            board = self.board
            self.known_frontier = {(row + d_row, col + d_col) for row, col in board for d_row, d_col in _EDGES
                                   if (row + d_row, col + d_col) not in board}
        return self.known_frontier

    def put(self, cell: Cell, space: Space) -> None:
        """Lay ``space`` on ``cell``; widen the bounding box of the laid tiles and move the
        frontier, if it is kept."""
        board = self.board
        board[cell] = space
        row, col = cell
        frontier = self.known_frontier
        if frontier is not None:
            frontier.discard(cell)
            for d_row, d_col in _EDGES:
                near = (row + d_row, col + d_col)
                if near not in board:
                    frontier.add(near)
        bounds = self.bounds
        if bounds[1] < bounds[0]:
            bounds[:] = [row, row, col, col]
            return
        if row < bounds[0]:
            bounds[0] = row
        elif row > bounds[1]:
            bounds[1] = row
        if col < bounds[2]:
            bounds[2] = col
        elif col > bounds[3]:
            bounds[3] = col

    def knights_on_board(self, player: int) -> int:
        """How many of ``player``'s knights stand on the landscape."""
        return sum(space.knights.count(player) for space in self.board.values())

    def tiles_laid(self, player: int) -> int:
        """How many of ``player``'s tiles lie in the landscape."""
        return sum(1 for space in self.board.values() if space.owner == player)


def cell_name(cell: Cell) -> str:
    """The notation name of a cell: column letter then 1-based row (``(5, 5)`` -> ``f6``)."""
    return f"{chr(97 + cell[1])}{cell[0] + 1}"


def parse_cell(name: str) -> Cell:
    """The cell of a canonical name such as ``f6`` (syntax already checked)."""
    return cells_by_name()[name]


def largest_frame() -> int:
    """The side of the largest grid a game has (a 4-player game's, ``2 * 10 - 1``): the box's
    bound on a cell's letter and number, whatever the number of players."""
    return 2 * max(components().area.values()) - 1


@cache
def cells_by_name() -> dict[str, Cell]:
    """Every cell of the largest grid (``a1`` ... ``s19``) by name: the one table the reader
    checks a cell against and the engine reads it from. A cell of that grid outside a smaller
    game's is the engine's to refuse (``rk.lay.area``)."""
    frame = largest_frame()
    return {f"{chr(97 + col)}{row + 1}": (row, col) for col in range(frame) for row in range(frame)}


def grid_bounds() -> str:
    """Each game's grid in words, by number of players, for a cell the reader refuses:
    ``2 players a1 to m13, 3 players a1 to q17, 4 players a1 to s19``."""
    return ", ".join(f"{players} players a1 to {cell_name((2 * side - 2, 2 * side - 2))}"
                     for players, side in sorted(components().area.items()))


def full_pile() -> dict[str, int]:
    """One player's 24 tiles by name, as counts."""
    return {name: tile.count for name, tile in components().tiles.items()}
