"""Robber Knights as data and as a picture: ``show --json`` and ``show --svg``.

:func:`position_data` gives the documented plain-data form of a position (docs/pictures.md);
:func:`picture` draws that data: the landscape with its coordinates, each tile's terrain and
building, the knight stacks top colour first, and the scores. :func:`log_lines` and
:func:`step_done` tell the core timeline (``--at``, ``chart``) where the lines are and
where each turn ends.
"""

from __future__ import annotations

from typing import Any

from burgundy_cli.core.svg import Svg, marker_path, series_styles, wrap
from burgundy_cli.core.words import counted
from burgundy_cli.robber_knights.scoring import points, score
from burgundy_cli.robber_knights.state import State, cell_name


def play_vp(state: State) -> dict[str, int]:
    """Each player's points now: Robber Knights scores only what the knights hold, so
    nothing is added at the end."""
    held = points(state)
    return {player.name: sum(held[number].values()) for number, player in enumerate(state.players)}


# --- the record's lines -------------------------------------------------------------------------


def log_lines(data: dict[str, Any]) -> list[tuple[str | int, ...]]:
    """The key path of every line of ``[play] moves``, in order."""
    return [("play", "moves", index) for index in range(len(data.get("play", {}).get("moves", [])))]


def without_log(data: dict[str, Any]) -> dict[str, Any]:
    """The record's tables with no line played and no stored result: where replays start."""
    return {key: value for key, value in data.items() if key not in ("play", "result")}


def step_done(session: Any, path: tuple[str | int, ...], next_path: tuple[str | int, ...] | None,
              steps: int) -> str | None:
    """``T<n>`` when the line just played ended the n-th turn (a new turn began, or the game ended)."""
    state: State = session.state
    return f"T{steps}" if state.over or (state.lays == 0 and not state.must_draw) else None


# --- the position as data -----------------------------------------------------------------------


def due_data(state: State) -> dict[str, Any]:
    """What comes next: ``over``, or the player to move and whether they must draw."""
    if state.over:
        return {"kind": "over", "player": None, "lays": 0, "must_draw": False}
    return {"kind": "player", "player": state.players[state.to_move].name, "lays": state.lays,
            "must_draw": state.must_draw}


def position_data(state: State) -> dict[str, Any]:
    """The position in the documented JSON form (see docs/pictures.md).

    :raises RecordError: an end told without its map (``[end] control``): nothing to draw.
    """
    from burgundy_cli.robber_knights.setup import refuse_without_map

    refuse_without_map(state)
    names = [player.name for player in state.players]
    held = points(state)
    return {
        "game": "robber-knights",
        "area": state.side,
        "due": due_data(state),
        "tiles": [{"cell": cell_name(cell), "tile": space.tile.name, "terrain": space.tile.terrain,
                   "building": space.tile.building, "owner": names[space.owner],
                   "knights": [names[k] for k in reversed(space.knights)]}
                  for cell, space in sorted(state.board.items())],
        "players": [{"name": player.name, "points": sum(held[number].values()), "knights_left": player.knights,
                     "pile": player.pile_size, "hand": list(player.hand)}
                    for number, player in enumerate(state.players)],
        "score": score(state).to_json(),
    }


# --- the picture --------------------------------------------------------------------------------

CELL, MARGIN, PANEL_W = 56.0, 24.0, 250.0
#: Width of one character of the title, enough for the bold 15px font (the picture widens for a long title).
TITLE_EM = 9.0
#: Pixels per character of a player's heading (bold 11px) and of their supplies (10px), a
#: little more than DejaVu Sans's average: the panel's lines wrap by them, and the panel widens
#: for a name longer than a line.
HEADING_EM, TEXT_EM = 7.6, 6.4

CSS = """
text{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:10px;fill:#222}
.title{font-size:15px;font-weight:bold}
.heading{font-size:11px;font-weight:bold}
.small{font-size:10px;fill:#333}
.key{font-size:10px;fill:#333}
.mid{text-anchor:middle}
.coord{font-size:9px;fill:#222;opacity:.75}
.axis{font-size:9px;text-anchor:middle;fill:#555}
.box{fill:#fafafa;stroke:#999;stroke-width:1}
.tile{stroke:#555;stroke-width:1}
.plain{fill:#e6d98f}.forest{fill:#5f9a4c}.mountains{fill:#a39787}.lake{fill:#6aa9dd}
.owner{stroke:#222;stroke-width:.8}
.building{fill:#fff;stroke:#333;stroke-width:.8}
.building-label{font-size:9px;font-weight:bold;text-anchor:middle}
.knight{stroke:#111;stroke-width:.8}
.knight.top{stroke-width:1.8}
.knight-count{font-size:9px;font-weight:bold;fill:#111;stroke:#fff;stroke-width:2.4px;paint-order:stroke}
""".replace("\n", "")

_BUILDING = {"castle": "C 1", "village": "V 2", "town": "T 3"}
#: The key's lines under its terrains: the desktop's, and the phone's where its map is scaled
#: down (its tiles show the knight on top and how many are under it, :func:`_knights`).
KEY_LINES = ("C 1 castle, V 2 village, T 3 town (points)", "knights left to right, top first (ringed),",
             "each in its player's colour and shape;", "the stripe at the foot: whose tile it was")
COMPACT_KEY_LINES = (KEY_LINES[0], "the knight on top (its player's colour and", "shape) holds the tile; +2: two more under it;",
                     KEY_LINES[-1])


#: A player's look: their colour and the shape of their knights (a chart's marker, by seat:
#: circle, square, triangle, diamond), so that no one is told apart by colour alone.
Look = tuple[str, str]


def _map(position: dict[str, Any]) -> tuple[dict[str, Look], dict[tuple[int, int], Any], int, int, int, int]:
    """What both forms of the picture draw the map from: each player's look (:data:`Look`), the
    tiles by (row, column), the first row and column laid, and the map's width and height in cells."""
    names = [p["name"] for p in position["players"]]
    looks = {name: (colour, marker) for name, (colour, _, marker) in zip(names, series_styles(names))}
    cells = {_cell(tile["cell"]): tile for tile in position["tiles"]}
    rows = [r for r, _ in cells] or [0]
    cols = [c for _, c in cells] or [0]
    return looks, cells, min(rows), min(cols), max(cols) - min(cols) + 1, max(rows) - min(rows) + 1


def _draw_map(svg: Svg, mapped: tuple, x0: float, y0: float, cell: float, label_x: float, label_y: float) -> None:
    """The map (``mapped``: :func:`_map`'s) at (``x0``, ``y0``), ``cell`` pixels a tile (tiles
    drawn at :data:`CELL`, scaled to it), with its column letters above and row numbers beside
    it (``label_x`` left of the map, ``label_y`` down from a row's middle)."""
    looks, cells, top_row, left_col, width_cells, height_cells = mapped
    for col in range(width_cells):
        svg.label(x0 + (col + 0.5) * cell, y0 - 4, chr(97 + left_col + col), "axis")
    for row in range(height_cells):
        svg.label(x0 - label_x, y0 + (row + 0.5) * cell + label_y, str(top_row + row + 1), "axis")
    scale = cell / CELL
    if scale != 1:
        svg.open("g", transform=f"translate({x0:g} {y0:g}) scale({scale:.4g})")
        x0 = y0 = 0.0
    for (row, col), tile in sorted(cells.items()):
        _tile(svg, tile, looks, x0 + (col - left_col) * CELL, y0 + (row - top_row) * CELL, 1 / scale)
    if scale != 1:
        svg.close()


def picture(position: dict[str, Any], title: str) -> str:
    """The SVG of a position given as :func:`position_data`."""
    mapped = _map(position)
    looks, _, _, _, width_cells, height_cells = mapped
    map_w, map_h = width_cells * CELL, height_cells * CELL
    width = max(2 * MARGIN + map_w + PANEL_W + MARGIN, 2 * MARGIN + TITLE_EM * len(title))
    svg = Svg(width, 0.0, title, CSS)
    svg.label(MARGIN, 24, title, "title")
    status = wrap(_status(position), int((width - 2 * MARGIN) / HEADING_EM))   # (a tiebreak's words are long)
    svg.lines(MARGIN, 42, status, "heading", 18)
    x0, y0 = MARGIN + 8, 62.0 + 18 * (len(status) - 1)
    _draw_map(svg, mapped, x0, y0, CELL, 8, 3)
    players = _player_lines(position, int((PANEL_W - 18) / HEADING_EM), int((PANEL_W - 18) / TEXT_EM))
    foot = _panel(svg, players, looks, x0 + map_w + MARGIN, y0)
    return _finished(svg, max(y0 + 8 + map_h + MARGIN, foot + 40))


def _finished(svg: Svg, height: float) -> str:
    """The document, ``height`` pixels high (known once its panel is drawn), on its background."""
    svg.height = height
    svg.rect(0, 0, svg.width, height, "box")
    svg.parts.insert(0, svg.parts.pop())   # (the background behind everything)
    return svg.text()


#: A phone's form of the picture (a results website shows it at 700 pixels and less,
#: ``<picture>``): as wide as a phone's screen, the map scaled to that width, the players and
#: the key under it in larger text. The desktop's picture, 714 pixels and more, was shrunk to
#: 560 on a phone, its 8-pixel key read at about 6.
PHONE_W, PHONE_MARGIN, PHONE_MAP_W = 360.0, 10.0, 322.0
PHONE_CSS = CSS + ".title{font-size:14px}.heading{font-size:13px}.small{font-size:11px}.key{font-size:11px}.axis{font-size:10px}"
#: Characters of the phone picture's title (bold 14 px) and status (bold 13 px) on a line,
#: and of a player's heading (bold 13 px) and supplies (11 px) beside their knight.
PHONE_CHARS, PHONE_HEADING_CHARS, PHONE_TEXT_CHARS = 38, 34, 44


def column_picture(position: dict[str, Any], title: str) -> str:
    """The phone's form of :func:`picture`: title and status wrapped, the map as wide as the
    screen (its tiles scaled down, never up), then each player's score and supplies and the
    key, one under the other."""
    mapped = _map(position)
    looks, _, _, _, width_cells, height_cells = mapped
    scale = min(1.0, PHONE_MAP_W / (width_cells * CELL))
    cell = CELL * scale
    title_lines = wrap(title, PHONE_CHARS)
    status_lines = wrap(_status(position), PHONE_CHARS)
    y0 = 22.0 + 18.0 * len(title_lines) + 16.0 * len(status_lines) + 14.0
    x0 = PHONE_MARGIN + 18.0
    svg = Svg(PHONE_W, 0.0, title, PHONE_CSS + (f".building-label.enlarged,.knight-count.enlarged{{font-size:"
                                                 f"{9 / scale:.4g}px}}" if scale < 1 else ""))
    last = svg.lines(PHONE_MARGIN, 22, title_lines, "title", 18)
    svg.lines(PHONE_MARGIN, last + 18, status_lines, "heading", 16)
    _draw_map(svg, mapped, x0, y0, cell, 9, 4)
    x = PHONE_MARGIN
    top = y0 + height_cells * cell + 16.0
    for name, scored, supplies in _player_lines(position, PHONE_HEADING_CHARS, PHONE_TEXT_CHARS):
        _knight(svg, x + 7, top + 9, 6.5, looks[name], "knight")
        last = svg.lines(x + 20, top + 14, scored, "heading", 16)
        top = svg.lines(x + 20, last + 16, supplies, "small", 14) + 10
    key_y = top + 16
    svg.label(x, key_y, "key", "heading")
    for number, terrain in enumerate(("plain", "forest", "mountains", "lake")):
        svg.rect(x + number * 84, key_y + 8, 16, 16, f"tile {terrain}")
        svg.label(x + 20 + number * 84, key_y + 21, terrain, "key")
    key = COMPACT_KEY_LINES if scale < 1 else KEY_LINES
    return _finished(svg, svg.lines(x, key_y + 44, list(key), "key", 16) + 12)


def _cell(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - 97


def _status(position: dict[str, Any]) -> str:
    """The picture's status line: who is to move, or how the game ended in ``score``'s words
    (``core.render.outcome``: "winner red (tiebreak: red and blue tie on 14 points; most
    knights left decides (red 5, blue 3))", a draw's "shared win"), as ``show`` says it."""
    from burgundy_cli.core.render import outcome

    due, table = position["due"], position["score"]
    if due["kind"] == "over":
        return f"game over; {outcome(True, table['winner'], table.get('tiebreak'))}"
    doing = "to draw" if due["must_draw"] else f"to move ({due['lays']} laid this turn)"
    return f"{due['player']} {doing}"


def _tile(svg: Svg, tile: dict[str, Any], looks: dict[str, Look], x: float, y: float, enlarged: float = 1.0) -> None:
    """One square tile: terrain, its owner's stripe, coordinate, building badge, knights
    (:func:`_knights`). A tile drawn smaller than :data:`CELL` (the phone's map, scaled to the
    screen) has its badge ``enlarged`` as much as the tile is shrunk, so that it is drawn at its
    9 pixels, and no coordinate (the map's column letters and row numbers say it): at 0.575 of
    its size, a four-player map's, both were about 5 pixels, too small to read."""
    svg.rect(x, y, CELL, CELL, f"tile {tile['terrain']}")
    svg.rect(x + 1, y + CELL - 5, CELL - 2, 4, "owner", looks[tile["owner"]][0])
    if enlarged == 1:
        svg.label(x + 3, y + 9, tile["cell"], "coord")
    if tile["building"]:
        svg.rect(x + CELL - 3 - 21 * enlarged, y + 3, 21 * enlarged, 12 * enlarged, "building", rx=2.0)
        svg.label(x + CELL - 3 - 10.5 * enlarged, y + 3 + 9 * enlarged, _BUILDING[tile["building"]],
                  "building-label" if enlarged == 1 else "building-label enlarged")
    _knights(svg, tile["knights"], looks, x, y, enlarged)


def _knights(svg: Svg, knights: list[str], looks: dict[str, Look], x: float, y: float, enlarged: float) -> None:
    """A tile's knights (``knights``, top first), each in its player's colour and shape
    (:data:`Look`), the top one ringed. At the tile's own size, all of them left to right; on a
    map scaled down (``enlarged`` > 1, the phone's) the knight on top alone, enlarged as the
    badge is, and "+3" beside it for the knights under it: at 0.575 of their size, a four-player
    map's, the knights were dots 3-4 pixels across, told apart only by colour."""
    if enlarged == 1:
        for depth, knight in enumerate(knights):
            _knight(svg, x + 10 + depth * 12, y + CELL - 17, 6.0 if depth == 0 else 4.6, looks[knight],
                    "knight top" if depth == 0 else "knight")
        return
    if not knights:
        return
    cy = y + CELL - 5 - 8 * enlarged   # (over the stripe, under the badge)
    _knight(svg, x + 9 * enlarged, cy, 5.5 * enlarged, looks[knights[0]], "knight top")
    if len(knights) > 1:
        svg.label(x + 16 * enlarged, cy + 3.3 * enlarged, f"+{len(knights) - 1}", "knight-count enlarged")


def _knight(svg: Svg, x: float, y: float, size: float, look: Look, cls: str) -> None:
    """A knight (or a player's mark beside their name): their shape (a chart's marker,
    :func:`~burgundy_cli.core.svg.marker_path`) of ``size`` centred on (``x``, ``y``), in their colour."""
    colour, shape = look
    svg.add("path", {"d": marker_path(shape, x, y, size), "class": cls, "fill": colour})


def _player_lines(position: dict[str, Any], heading_chars: int, text_chars: int) -> list[tuple[str, list[str], list[str]]]:
    """Each player's (name, score lines, supplies lines), as both forms of the picture print
    them, wrapped to ``heading_chars`` and ``text_chars`` characters a line: the supplies on one
    line where it fits, else the knights and pile on one and the hand on the next ("27 knights
    left, pile 15, hand village-forest, town-plain" ran past the desktop picture's edge once
    it was as large as the picture's other text)."""
    ranks = {line["name"]: line["rank"] for line in position["score"]["players"]}
    lines = []
    for player in position["players"]:
        scored = f"{player['name']}: {counted(player['points'], 'point')} (rank {ranks[player['name']]})"
        stock = f"{counted(player['knights_left'], 'knight')} left, pile {player['pile']}"
        hand = f"hand {', '.join(player['hand']) or '-'}"
        whole = f"{stock}, {hand}"
        supplies = [whole] if len(whole) <= text_chars else [*wrap(stock, text_chars), *wrap(hand, text_chars)]
        lines.append((player["name"], wrap(scored, heading_chars), supplies))
    return lines


def _panel(svg: Svg, players: list[tuple[str, list[str], list[str]]], looks: dict[str, Look],
           x: float, y: float) -> float:
    """Scores and supplies per player (``players``: :func:`_player_lines`'s), each line under
    the last, then the key to the symbols; all in the picture's own size (10 pixels, ``.small``
    and ``.key``; both were 8, too small to read), the four terrains two a row (at 10 pixels
    "mountains" is wider than a quarter of the panel). Returns the baseline of its last line."""
    top = y + 18
    for name, scored, supplies in players:
        _knight(svg, x + 6, top + 4, 5.5, looks[name], "knight")
        last = svg.lines(x + 18, top + 8, scored, "heading", 13)
        top = svg.lines(x + 18, last + 12, supplies, "small", 12) + 10
    key_y = top + 18
    svg.label(x, key_y, "key", "heading")
    for number, terrain in enumerate(("plain", "forest", "mountains", "lake")):
        left, top = x + (number % 2) * 110, key_y + 8 + (number // 2) * 20
        svg.rect(left, top, 14, 14, f"tile {terrain}")
        svg.label(left + 19, top + 11, terrain, "key")
    return svg.lines(x, key_y + 64, list(KEY_LINES), "key", 14)


# --- the game outside the tool ------------------------------------------------------------------

#: The game as BoardGameGeek lists it: (BGG id, year published) by edition (one, ``None``).
#: The id is 0 (none): no source this project could consult confirmed it, and a guess would
#: link plays to another game; ``export bgstats --bgg-id robber-knights=ID`` supplies it
#: (docs/export.md, "BoardGameGeek ids").
BOARDGAMEGEEK = {None: (19989, 2005)}  # source: docs/export.md, "BoardGameGeek ids"
TITLE = "Robber Knights"
#: What the game's scores are called: the rulebook speaks of points, never of VP.
SCORE_WORD = "points"
