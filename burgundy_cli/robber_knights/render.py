"""Text drawing of a Robber Knights position for ``burgundy show``.

The landscape is drawn with the coordinates the notation uses (column letters across,
row numbers down), each tile as its short code (``CP`` = castle on a plain) followed by
its knights top first (``CP:RRB`` = two red knights on top of a blue one); ``+`` marks the
spaces where a tile may be laid now. Players, hands, piles, knights and points follow.
"""

from __future__ import annotations

import textwrap

from burgundy_cli.core.render import TEXT_WIDTH, packed
from burgundy_cli.core.words import counted
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.movegen import lay_cells
from burgundy_cli.robber_knights.scoring import CATEGORIES, controlled, points, score
from burgundy_cli.robber_knights.state import State, cell_name


def knight_symbols(names: list[str]) -> list[str]:
    """One character per player for knight stacks: initials if unique, else seat numbers."""
    initials = [name[0].upper() for name in names]
    return initials if len(set(initials)) == len(initials) else [str(n + 1) for n in range(len(names))]


def show(state: State) -> str:
    """The whole position as text (an end told without its map: what each player holds)."""
    if state.told is not None:
        return _told(state)
    names = [player.name for player in state.players]
    symbols = knight_symbols(names)
    low_row, high_row, low_col, high_col = state.bounds
    last = state.frame - 1
    rows = range(max(0, low_row - 1), min(last, high_row + 1) + 1)
    cols = range(max(0, low_col - 1), min(last, high_col + 1) + 1)
    open_cells = set(lay_cells(state)) if not state.over else set()
    texts = {}
    for cell, space in state.board.items():
        stack = "".join(symbols[k] for k in reversed(space.knights))
        texts[cell] = space.tile.code.upper() + (f":{stack}" if stack else "")
    width = max([len(t) for t in texts.values()] + [2]) + 1
    lines = ["    " + "".join(cell_name((0, c))[0].ljust(width) for c in cols).rstrip()]
    for r in rows:
        cells = []
        for c in cols:
            cells.append(texts.get((r, c), "+" if (r, c) in open_cells else ".").ljust(width))
        lines.append(f"{r + 1:>3} " + "".join(cells).rstrip())
    tiles = components().tiles.values()
    lines.append("")
    lines.extend(packed("tiles:", [f"{t.code.upper()} {t.name}" for t in tiles], indent="  ", sep=","))
    lines.append("knights (top first): " + ", ".join(f"{s} {n}" for s, n in zip(symbols, names))
                 + "; + = a tile may be laid here")
    lines.append("")
    scores = points(state)
    width = max(len(n) for n in names)
    for number, player in enumerate(state.players):
        hand = ", ".join(player.hand) or "-"
        lines.append(f"{player.name.ljust(width)}  points {sum(scores[number].values()):>2}  knights left "
                     f"{player.knights:>2}  pile {player.pile_size:>2}  hand: {hand}")
    lines.append("")
    lines.extend(textwrap.wrap(_turn_line(state), TEXT_WIDTH, subsequent_indent="  ", break_on_hyphens=False))
    return "\n".join(lines)


def _told(state: State) -> str:
    """An end told as the buildings each player's knight is on top of (``[end] control``)."""
    width = max(len(player.name) for player in state.players)
    lines = ["game over: the end as told, without the map: the buildings each player's knight is on top of", ""]
    for player, held, scored in zip(state.players, controlled(state), points(state)):
        lines.append(f"{player.name.ljust(width)}  " + "  ".join(f"{CATEGORIES[b]} {n:>2}" for b, n in held.items())
                     + f"  points {sum(scored.values()):>2}  knights left {player.knights:>2}")
    lines.extend(["", ending(state)])
    return "\n".join(lines)


def ending(state: State) -> str:
    """How the finished game ended, in ``score``'s words (``core.render.outcome``): "winner
    blue", the tiebreak that decided a tie on points, a draw's "shared win red, blue"; what
    ``show`` and the picture's status line say."""
    from burgundy_cli.core.render import outcome

    table = score(state)
    return outcome(True, table.winner, table.tiebreak)


def _turn_line(state: State) -> str:
    if state.over:
        return f"game over: every tile has been laid; {ending(state)}"
    name = state.players[state.to_move].name
    if state.must_draw:
        return f"{name} to draw the top tile of their pile ({state.lays} laid this turn)"
    if state.lays:
        return f"{name} to move: {counted(state.lays, 'tile')} laid this turn; lay another or end"
    return f"{name} to move: lay 1 to 3 tiles"
