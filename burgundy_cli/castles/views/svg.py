"""The Castles of Burgundy as data and as a picture: ``show --json`` and ``show --svg``.

:func:`position_data` turns a :class:`GameState` into the documented plain-data form of
a position (docs/pictures.md, "The position as JSON"); :func:`picture` draws that same
data as SVG, so the picture shows exactly what the JSON says. :func:`log_lines` tells the
core timeline (``--at``, ``chart``) where a record keeps its lines and how they group
into rounds.
"""

from __future__ import annotations

from typing import Any

from burgundy_cli.castles.rules.boards import ROW_LENGTHS, provenance_note, space_id, space_name, team_layout
from burgundy_cli.castles.rules.engine import expected
from burgundy_cli.castles.notation import format_command
from burgundy_cli.castles.views.render import (board_heading, duchy_number, round_white_die, scoring_said,
                                              team_names, tile_short)
from burgundy_cli.castles.rules.state import GameState
from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.castles.rules.tiles import COLOUR_NAME, catalogue
from burgundy_cli.core.svg import Svg, num, player_colours, wrap
from burgundy_cli.core.words import counted


def play_vp(state: GameState) -> dict[str, int]:
    """Each player's VP from play alone, the VP track (``show``'s "during play" figure): a
    chart shows the final scoring -- goods, silver, workers, knowledge tiles and a module's
    end VP such as the shields' -- as a step of its own."""
    return {player.name: player.points for player in state.players}


# --- the record's lines -------------------------------------------------------------------------


def log_lines(data: dict[str, Any]) -> list[tuple[str | int, ...]]:
    """The key path of every log line (``("log", "A1", 0)``), in order."""
    return [("log", group, index) for group, lines in data.get("log", {}).items() for index in range(len(lines))]


def step_done(session: Any, path: tuple[str | int, ...], next_path: tuple[str | int, ...] | None,
              steps: int) -> str | None:
    """The round (``A1``..``E5``) when the line at ``path`` is its round's last, else None."""
    return str(path[1]).upper() if next_path is None or next_path[1] != path[1] else None


def without_log(data: dict[str, Any]) -> dict[str, Any]:
    """The record's tables with no line played and no stored result: where replays start."""
    return {key: value for key, value in data.items() if key not in ("log", "result")}


# --- the position as data -----------------------------------------------------------------------


def position_data(state: GameState) -> dict[str, Any]:
    """The position in the documented JSON form (see docs/pictures.md)."""
    from burgundy_cli.castles.rules.scoring import score

    due = expected(state)
    names = [player.name for player in state.players]
    return {
        "game": "castles-of-burgundy",
        "edition": state.edition,
        "phase": due.phase,
        "round": due.round,
        "due": due_data(state),
        "white_die": round_white_die(state),
        "round_goods": None if state.round_goods is None else list(state.round_goods),
        "bridge": [[names[seat] for seat in reversed(stack)] for stack in state.bridge],
        "turn_order": [names[seat] for seat in state.bridge_order()],
        "depots": [{"depot": "black" if depot == 0 else depot, "tiles": list(state.depots[depot]),
                    "goods": list(state.depot_goods[depot]), "revealed": state.revealed[depot]}
                   for depot in (1, 2, 3, 4, 5, 6, 0)],
        "players": [_player_data(state, seat) for seat in range(len(state.players))],
        "score": score(state).to_json(),
        **({"beside_black_depot": {tile: left(state) for tile, left in state.ruleset.stock.items()}}
           if state.ruleset.stock else {}),
        **_shields_data(state),
        **_teams_data(state),
        **_solo_data(state),
        "trusted": list(state.unverified),
    }


def _solo_data(state: GameState) -> dict[str, Any]:
    """With the 2019 solo game: its table as ``show`` says it -- the VP counter, the target, the
    resets, the rounds rolled, the tiles the rounds removed and the colours completed."""
    if state.solo is None:
        return {}
    from burgundy_cli.castles.rules.solo_standing import counter, rounds_rolled

    solo = state.solo
    return {"solo": {"counter": counter(state), "target": solo.target, "resets": solo.resets,
                     "rounds": rounds_rolled(state), "removed": list(solo.removed),
                     "colours": [COLOUR_NAME[code] for code in solo.colours]}}


def _teams_data(state: GameState) -> dict[str, Any]:
    """With the 2019 team game: each team's players, first and second (``{"A": [...], "B": [...]}``)."""
    teams = team_names(state)
    return {} if teams is None else {"teams": teams}


def _shields_data(state: GameState) -> dict[str, Any]:
    """With the 2019 shields module: the shields on each depot, on each player's castles, removed."""
    if state.shields is None:
        return {}
    return {"shields": {"depots": {str(d): list(state.shields.depots[d]) for d in range(1, 7)},
                        "castles": {p.name: {space_name(s): n for s, n in sorted(p.shields.items())}
                                    for p in state.players},
                        "removed": list(state.shields.removed)}}


def _player_data(state: GameState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    return {
        "name": player.name,
        "seat": seat + 1,
        "duchy_number": duchy_number(state.edition, player),
        "duchy": [{"space": space_name(index), "colour": COLOUR_NAME[player.board.colour[index]],
                   "die": player.board.die[index], "tile": player.duchy[index]}
                  for index in range(len(player.duchy))],  # (a 2019 team board has 73)
        "border_posts": [[space_name(space) for space in post] for post in player.board.posts],
        **({"places": [list(place) for place in player.board.places],
            "river": sorted({space_name(s) for spaces in player.board.river for s in spaces})}
           if player.board.places is not None else {}),
        "duchy_note": provenance_note(player.board, state.edition),
        "storage": list(player.storage),
        "goods": {str(kind): count for kind, count in sorted(player.goods.items())},
        "sold": {str(kind): count for kind, count in enumerate(player.sold) if kind and count},
        "silver": player.silver,
        "workers": player.workers,
        "vp": player.points,
        "vp_by_category": {category: points for category, points in player.vp.items() if points},
        "bonus_tiles": [f"{COLOUR_NAME[code]}-{size}" for code, size in
                        (bonus.split("-", 1) for bonus in player.bonuses)],
        "knowledge": sorted(player.knowledge),
        "dice": list(player.dice),
        **({"shared_storage": list(player.shared)} if state.teams is not None else {}),
        **({"route": [{"goods": goods, "bonus": bonus,
                       "laid": player.route_goods[index] if index < len(player.route_goods) else None}
                      for index, (goods, bonus) in enumerate(player.route)]} if player.route else {}),
    }


# --- the picture --------------------------------------------------------------------------------

#: Hex circumradius, width and row step of a duchy (pointy-topped hexes, rows offset by half),
#: as a map is laid out; both pictures draw it enlarged by :data:`MAP_SCALE` (a phone's less
#: where its column is narrower).
R = 20.0
HEX_W = 3 ** 0.5 * R
ROW_STEP = 1.5 * R
#: How much a duchy's map (a team board) is enlarged: to a circumradius of 26 pixels, in which
#: a six-letter label is 9 pixels (:data:`CSS`' ``.map`` sizes) and still inside its hex. The
#: desktop picture drew its maps at 20 pixels, with 6.5-7.5-pixel labels, too small to read;
#: on a phone a seven-space row so fills the column.
MAP_SCALE = 1.3
#: The height of a map of seven rows as drawn (:data:`MAP_SCALE`).
MAP_H = MAP_SCALE * (6 * ROW_STEP + 2 * R)
#: A storage space's and a depot's hex: room for a 9-pixel label (``CASTLE``) inside it.
TILE_R = 24.0
#: The desktop picture's margins, and the width of one duchy block (map and its player's
#: panel): seven depots of three hex tiles a row fit across two of them.
BLOCK_W, MARGIN = 564.0, 16.0
#: The height of a duchy block: its heading, the map and under it room for a border post.
BLOCK_H = 34 + MAP_H + 20
_CODE = {name: code for code, name in COLOUR_NAME.items()}

CSS = """
text{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:9px;fill:#222}
.title{font-size:15px;font-weight:bold}
.heading{font-size:11px;font-weight:bold}
.small{font-size:9px;fill:#444}
.mid{text-anchor:middle}
.die{font-size:11px;font-weight:bold;text-anchor:middle;fill:#333}
.coord{font-size:7px;text-anchor:middle;fill:#333}
.tile-label{font-size:9px;font-weight:bold;text-anchor:middle;fill:#fff}
.tile-label.light{fill:#222}
.map .tile-label{font-size:7.5px}.map .tile-label.long,.map .tile-label.tiny{font-size:7px}
.on-dark{fill:#fff}
.hex{stroke:#fff;stroke-width:1.2}
.hex.empty{stroke:#fff}
.hex.C{fill:#2f6b3a}.hex.S{fill:#2f74b5}.hex.M{fill:#7d7d7d}.hex.L{fill:#7fb545}.hex.B{fill:#c9a46a}.hex.Y{fill:#d9b51f}
.hex.empty.C{fill:#bcd5c0}.hex.empty.S{fill:#c3d8ee}.hex.empty.M{fill:#dadada}.hex.empty.L{fill:#dcecc8}
.hex.empty.B{fill:#f0e2cb}.hex.empty.Y{fill:#f5ebb8}
.box{fill:#fafafa;stroke:#999;stroke-width:1}
.box.black{fill:#3a3a3a}
.goods{stroke:#333;stroke-width:.8}
.goods-label{font-size:9px;font-weight:bold;text-anchor:middle}
.disc{stroke:#222;stroke-width:.8}
.bonus{stroke:#333;stroke-width:.6}
""".replace("\n", "")

#: The styles of a trade route (2019), added only to pictures of games with the trade routes.
ROUTE_CSS = ".route{stroke:#333;stroke-width:.6}.route-frame{stroke:none}" \
    ".route-label{font-size:9px;font-weight:bold;text-anchor:middle}"
#: The styles of the shields (2019), added only to pictures of games with the shields.
SHIELD_CSS = ".shield{stroke:#fff;stroke-width:.8}.shield-label{font-size:8.5px;font-weight:bold;text-anchor:middle;" \
    "fill:#fff}"
#: The styles of the 2019 solo duchy (its river, the spaces it joins, black hex tiles), added
#: only to pictures of a duchy of islands.
SOLO_CSS = ".hex.X{fill:#1e1e1e}.river{fill:#9cc8ea;stroke:none}.river-mark{stroke:#2f74b5;stroke-width:1.4;" \
    "stroke-dasharray:3 2}"
#: A border post's tower.
POST_FILL = "#5a3b22"

#: A tile label this long or longer is drawn a size smaller on a duchy's space: at 7.5px
#: (before :data:`MAP_SCALE`) "CHURCH" is as wide as the hex, so two side by side ran together.
LONG_LABEL = 6

#: Goods tile colours by type 1-6 (the printed tiles' colours, near enough to tell apart).
GOODS_FILL = ("", "#e8d34a", "#c8862b", "#8fb6d9", "#b04a4a", "#6a9a4e", "#9a7bb4")


#: Characters of a line of the title (bold 15px) and of the status line (bold 11px) across
#: the picture: longer ones wrap onto the next line instead of running off its edge.
TITLE_CHARS, STATUS_CHARS = 104, 140
#: Pixels per character of a small (9px) line, a little more than DejaVu Sans's average
#: ("knowledge: k4, k6, ..., k25", 67 characters, is 296 pixels): a panel's lines wrap by it.
#: Small lines were 7 pixels, too small to read; they are the picture's own 9 now.
SMALL_EM = 4.7
#: From one small line's baseline to the next.
SMALL_STEP = 11
#: The narrowest a duchy's panel (storage, goods, VP, tiles) is drawn, in pixels.
PANEL_W = 210.0
#: The shield of the 2019 module, on a castle: its colour.
SHIELD_FILL = "#8e1b1b"


def _table_notes(position: dict[str, Any], width: float) -> list[str]:
    """The lines under the depots of what lies on the table and has no place drawn
    (:func:`_table_note_text`), wrapped to ``width`` pixels."""
    notes = _table_note_text(position)
    return wrap(notes, int(width / SMALL_EM)) if notes else []


def _table_note_text(position: dict[str, Any]) -> str:
    """What lies on the table and has no place drawn: the
    shields (2019) on the depots and those removed (those on castles are drawn on their
    castles, :func:`_castle_shields`), the tiles left beside the black depot (the inns), the
    solo game's VP counter, target, resets and tiles the rounds removed -- as ``show`` says them."""
    notes = []
    shields = position.get("shields")
    if shields is not None:
        on_depots = "; ".join(f"depot {d}: {' '.join(map(str, n))}" for d, n in shields["depots"].items() if n)
        removed = " ".join(map(str, shields["removed"])) or "none"
        notes.append(f"shields on depots: {on_depots or 'none'}; removed: {removed}; those on castles are drawn on them")
    beside = position.get("beside_black_depot", {})
    if beside:
        notes.append("beside the black depot: " + ", ".join(f"{left} {tile}" for tile, left in beside.items()))
    solo = position.get("solo")
    if solo is not None:
        notes.append(f"solo game: VP counter {solo['counter']}, target {solo['target']}, "
                     f"{counted(solo['resets'], 'reset')}, {counted(len(solo['removed']), 'tile')} removed by the rounds")
    return "; ".join(notes)


def picture(position: dict[str, Any], title: str) -> str:
    """The SVG of a position given as :func:`position_data`: status, bridge, depots, duchies."""
    players = position["players"]
    colours = player_colours([p["name"] for p in players])
    rows = (len(players) + 1) // 2
    titles, status = wrap(title, TITLE_CHARS), wrap(_status(position), STATUS_CHARS)
    width = 2 * BLOCK_W + 3 * MARGIN
    notes = _table_notes(position, width - 2 * MARGIN)
    below = 18 * (len(titles) - 1) + 14 * (len(status) - 1)  # what wrapping adds above the bridge
    svg = Svg(width, 0.0, title, _css(players, position))
    last = svg.lines(MARGIN, 24, titles, "title", 18)
    svg.lines(MARGIN, last + 18, status, "heading", 14)
    _bridge(svg, position, colours, MARGIN, 54 + below)
    foot = _depots(svg, position["depots"], MARGIN, 90 + below)
    top = svg.lines(MARGIN, foot + 13, notes, "small", SMALL_STEP) + 7 if notes else foot + 20
    block_h = TEAM_BLOCK_H if "teams" in position else BLOCK_H
    svg.height = top + rows * (block_h + MARGIN)
    _background(svg)
    castles = position.get("shields", {}).get("castles", {})
    totals = {line["name"]: line["total"] for line in position["score"]["players"]}
    if "teams" in position:  # 2019 team game: one wide block per team, its board between its players
        by_name = {player["name"]: seat for seat, player in enumerate(players)}
        for row, (letter, names) in enumerate(position["teams"].items()):
            members = [{**players[by_name[name]], "score": totals[name], "colour": colours[by_name[name]],
                        "shields": castles.get(name, {}), "edition": position["edition"]} for name in names]
            _team_block(svg, letter, members, MARGIN, top + row * (block_h + MARGIN))
        return svg.text()
    for seat, player in enumerate(players):
        player = {**player, "score": totals[player["name"]], "shields": castles.get(player["name"], {}),
                  "edition": position["edition"]}
        x = MARGIN + (seat % 2) * (BLOCK_W + MARGIN)
        y = top + (seat // 2) * (BLOCK_H + MARGIN)
        _duchy_block(svg, player, colours[seat], x, y)
    return svg.text()


def _css(players: list[dict[str, Any]], position: dict[str, Any]) -> str:
    """The picture's styles: :data:`CSS` and those of the modules the position has."""
    return (CSS + (ROUTE_CSS if any("route" in player for player in players) else "")
            + (SHIELD_CSS if "shields" in position else "")
            + (SOLO_CSS if any("places" in player for player in players) else ""))


def _background(svg: Svg) -> None:
    """The picture's background, drawn behind all (its height known only at the end)."""
    svg.rect(0, 0, svg.width, svg.height, "box")
    svg.parts.insert(0, svg.parts.pop())


#: Pixels per character across a line of the title (bold 15px), the status line and a
#: heading (bold 11px), and a plain line (9px), for wrapping the phone's picture's lines.
TITLE_EM, HEADING_EM, PLAIN_EM = 9.4, 7.0, 5.6
#: The phone's picture's margins: half the desktop's, so that the solo game's duchy of islands,
#: the widest, fits a 390-pixel phone's page without scrolling sideways.
COLUMN_MARGIN = 8.0
#: The phone's picture's width: a phone's page (a 390-pixel screen less its margins, 364) draws
#: it at about its own size, a 360-pixel one a little smaller.
COLUMN_W = 360.0


def column_picture(position: dict[str, Any], title: str) -> str:
    """The same position as :func:`picture` drawn for a phone: one column, each player's duchy
    (or a team's board, its halves one under the other) on its own, its map enlarged
    (:data:`MAP_SCALE`) and its panel under it, then the bridge, the depots
    (one a row) and what lies beside them, every line wrapped to the column. A results website
    offers it on a narrow screen, where the two columns of :func:`picture` are too small to
    read; ``show --svg`` draws :func:`picture` alone."""
    players = position["players"]
    colours = player_colours([p["name"] for p in players])
    # the column: a phone's, or the bridge's boxes where they need more (a two-player game has 7)
    inner = max(COLUMN_W - 2 * COLUMN_MARGIN, 44.0 * len(position["bridge"]) - 4)
    svg = Svg(inner + 2 * COLUMN_MARGIN, 0.0, title, _css(players, position))
    last = svg.lines(COLUMN_MARGIN, 24, wrap(title, int(inner / TITLE_EM)), "title", 18)
    y = svg.lines(COLUMN_MARGIN, last + 18, wrap(_status(position), int(inner / HEADING_EM)), "heading", 14) + 14
    castles = position.get("shields", {}).get("castles", {})
    totals = {line["name"]: line["total"] for line in position["score"]["players"]}
    if "teams" in position:
        by_name = {player["name"]: seat for seat, player in enumerate(players)}
        for letter, names in position["teams"].items():
            members = [{**players[by_name[name]], "score": totals[name], "colour": colours[by_name[name]],
                        "shields": castles.get(name, {}), "edition": position["edition"]} for name in names]
            y = _team_column(svg, letter, members, COLUMN_MARGIN, y, inner) + COLUMN_MARGIN
    else:
        for seat, player in enumerate(players):
            player = {**player, "score": totals[player["name"]], "shields": castles.get(player["name"], {}),
                      "edition": position["edition"]}
            y = _duchy_column(svg, player, colours[seat], COLUMN_MARGIN, y, inner) + COLUMN_MARGIN
    y = _bridge(svg, position, colours, COLUMN_MARGIN, y, narrow=int(inner / PLAIN_EM)) + 14
    y = _depots(svg, position["depots"], COLUMN_MARGIN, y, inner + 6, across=1) + 16
    notes = _table_note_text(position)
    if notes:   # (one long line under the desktop's depots: wrapped to the column here)
        y = svg.lines(COLUMN_MARGIN, y, wrap(notes, int(inner / SMALL_EM)), "small", SMALL_STEP)
    svg.height = y + COLUMN_MARGIN
    _background(svg)
    return svg.text()


def _block_box(svg: Svg, at: int, x: float, y: float, width: float, bottom: float) -> None:
    """A block's frame, drawn behind what was drawn since ``at`` (its height known only now)."""
    svg.rect(x, y, width, bottom - y, "box", rx=6.0)
    svg.parts.insert(at, svg.parts.pop())


def _duchy_column(svg: Svg, player: dict[str, Any], colour: str, x: float, y: float, width: float) -> float:
    """A player's block of the phone's picture: the heading (wrapped), the duchy, and the panel
    under it, as wide as the column; returns the block's foot."""
    at = len(svg.parts)
    svg.circle(x + 14, y + 14, 6, "disc", colour)
    total = f"{player['score']} VP" + (f" ({player['vp']} during play)" if player["score"] != player["vp"] else "")
    heading = wrap(f"{player['name']}: {total}; seat {player['seat']}, {board_heading(player['edition'], player['duchy_number'])}",
                   int((width - 34) / HEADING_EM))
    top = svg.lines(x + 26, y + 18, heading, "heading", 14) - 18 - y   # (how much the heading's wrapping adds)
    _, height = _duchy_map(svg, player, x + 14, y + top + 34, width - 28)
    bottom = _panel(svg, player, x + 14, y + top + 34 + height + 26, width - 28) + 10
    if player.get("duchy_note"):   # where this layout comes from, whole (the desktop cuts it at 3 lines)
        bottom = svg.lines(x + 14, bottom + 4, wrap(player["duchy_note"], int((width - 28) / SMALL_EM)), "small", SMALL_STEP) + 8
    _block_box(svg, at, x, y, width, bottom)
    return bottom


def _team_column(svg: Svg, letter: str, members: list[dict[str, Any]], x: float, y: float, width: float) -> float:
    """A 2019 team in the phone's picture: the team's total, its board, then each player's
    panel and the shared storage, one under the other; returns the block's foot."""
    at = len(svg.parts)
    total = sum(member["score"] for member in members)
    heading = wrap(f"team {letter}: {total} VP ({' + '.join(m['name'] for m in members)}); "
                   f"duchy {members[0]['duchy_number']}", int((width - 28) / HEADING_EM))
    line = svg.lines(x + 14, y + 18, heading, "heading", 14)
    layout = team_layout()
    duchy = members[0]["duchy"]
    # the board's two halves one under the other, each as wide as a duchy (the whole board, 13
    # spaces across, was 494 pixels: a phone scrolled it sideways); d7 is in both (team_layout
    # puts the right half 12 half-columns right of the left, its d1 on the left's d7)
    halves = (("left half", [(s, layout[space_id(s["space"])]) for s in duchy if not s["space"].startswith("r")]),
              ("right half (its d1 is the left half's d7)",
               [(s, (row, column - 12)) for s in duchy for row, column in [layout[space_id(s["space"])]]
                if s["space"].startswith("r") or s["space"] == "d7"]))
    for name, spaces in halves:
        line = svg.lines(x + 14, line + 16, wrap(name, int((width - 28) / SMALL_EM)), "small", SMALL_STEP)
        scale = _open_map(svg, x + 14, line + 8, 7 * HEX_W, width - 28)
        centres = {}
        for space, (row, column) in spaces:
            centres[space["space"]] = (HEX_W / 2 + column * HEX_W / 2, R + row * ROW_STEP)
            _space(svg, space, *centres[space["space"]])
        for member in members:
            _castle_shields(svg, member["shields"], centres)
        svg.close()
        line += 8 + scale * (max(cy for _, cy in centres.values()) + R)
    line += 4
    for member in members:
        svg.circle(x + 18, line + 14, 6, "disc", member["colour"])
        svg.label(x + 30, line + 18, f"{member['name']}: {member['score']} VP", "heading")
        line = _panel(svg, member, x + 14, line + 40, width - 28) + 14
        line = svg.lines(x + 14, line, wrap("shared storage: " + (", ".join(member["shared_storage"]) or "empty"),
                                            int((width - 28) / SMALL_EM)), "small", SMALL_STEP) + 8
    if members[0].get("duchy_note"):
        line = svg.lines(x + 14, line + 4, wrap(members[0]["duchy_note"], int((width - 28) / SMALL_EM)), "small", SMALL_STEP) + 8
    _block_box(svg, at, x, y, width, line)
    return line


def _open_map(svg: Svg, x: float, y: float, map_w: float, room: float) -> float:
    """Open the group a map is drawn in (:meth:`Svg.close` ends it): its
    corner at (``x``, ``y``), enlarged by :data:`MAP_SCALE`, or less where ``map_w`` pixels
    would then be wider than ``room``. Returns the scale."""
    scale = min(MAP_SCALE, room / map_w)
    svg.open("g", class_="map", transform=f"translate({num(x)} {num(y)}) scale({scale:.4g})")
    return scale


def _castle_shields(svg: Svg, shields: dict[str, int], centres: dict[str, tuple[float, float]]) -> None:
    """Each shield (2019 module) on the castle it lies on: a small shield with its number in
    the lower half of the castle's hex, under the tile's label."""
    for space, shield in shields.items():
        if space not in centres:
            continue
        x, y = centres[space]
        svg.polygon([(x - 7.5, y + 4), (x + 7.5, y + 4), (x + 7.5, y + 11), (x, y + 19), (x - 7.5, y + 11)],
                    "shield", SHIELD_FILL)
        svg.label(x, y + 13, str(shield), "shield-label")


#: Width of a team block's player panels (left and right of the team board).
TEAM_PANEL_W = 240.0
#: The height of a team block: a duchy block's, and under the board three lines of where its
#: layout comes from.
TEAM_BLOCK_H = BLOCK_H + 3 * SMALL_STEP


def _team_block(svg: Svg, letter: str, members: list[dict[str, Any]], x: float, y: float) -> None:
    """A 2019 team: its team board (both halves, ``d7`` shared) between its two players' panels,
    the team's total above."""
    width = 2 * BLOCK_W + MARGIN
    svg.rect(x, y, width, TEAM_BLOCK_H, "box", rx=6.0)
    total = sum(member["score"] for member in members)
    svg.label(x + width / 2, y + 18, f"team {letter}: {total} VP ({' + '.join(m['name'] for m in members)}); "
              f"duchy {members[0]['duchy_number']}", "heading mid")
    layout = team_layout()
    board_w = (max(column for _, column in layout) + 2) * HEX_W / 2
    _open_map(svg, x + (width - MAP_SCALE * board_w) / 2, y + 34, board_w, width)   # (between the panels)
    centres = {}
    for space in members[0]["duchy"]:
        row, column = layout[space_id(space["space"])]
        centres[space["space"]] = (HEX_W / 2 + column * HEX_W / 2, R + row * ROW_STEP)
        _space(svg, space, *centres[space["space"]])
    for member in members:
        _castle_shields(svg, member["shields"], centres)
    svg.close()
    for side, member in enumerate(members):
        px = x + 14 + side * (width - TEAM_PANEL_W)
        svg.circle(px + 4, y + 36, 6, "disc", member["colour"])
        svg.label(px + 16, y + 40, f"{member['name']}: {member['score']} VP", "heading")
        _panel(svg, member, px, y + 62, TEAM_PANEL_W - 22)
        svg.label(px, y + TEAM_BLOCK_H - 14, "shared storage: " + (", ".join(member["shared_storage"]) or "empty"),
                  "small")
    if members[0].get("duchy_note"):   # under the team board, between the panels
        note = wrap(members[0]["duchy_note"], int((width - 2 * TEAM_PANEL_W) / SMALL_EM))
        svg.lines(x + width / 2, y + TEAM_BLOCK_H - 6 - SMALL_STEP * (len(note) - 1), note, "small mid", SMALL_STEP)


def _status(position: dict[str, Any]) -> str:
    """The picture's status line: the round and who is to move with the VP so far, or the final
    scoring by place and how the game ended, as ``show`` says them (``render.scoring_said``)."""
    due = position["due"]
    said = scoring_said(position["score"], due["kind"] == "over", position.get("teams"))
    if due["kind"] == "over":
        return f"game over. {said}"
    where = f"phase {position['phase']}, round {position['round']}"
    doing = {"phase": "phase setup due", "roll": "the roll is due"}.get(due["kind"],
                                                                       f"{table_line_first(due)}{due['player']} to move")
    white = f", white die {position['white_die']}" if position["white_die"] is not None else ""
    return f"{where}: {doing}{white}. {said}"


def _bridge(svg: Svg, position: dict[str, Any], colours: list[str], x: float, y: float,
            narrow: int = 0) -> float:
    """The turn-order track: one box per space from the start space on, stacks top first; its
    name before it and the turn order after it, or with ``narrow`` (characters a line) its name
    above it and the turn order under it, wrapped (the track alone then is as wide as the
    phone's column). Its name is the edition's: 2019's bridge, 2011's turn order track.
    Returns the baseline of the turn order's last line."""
    seat = {p["name"]: index for index, p in enumerate(position["players"])}
    word = WORDS[position["edition"]]["bridge"]
    svg.label(x, y + 16, word, "heading")
    width = round(len(word) * HEADING_EM) + 8   # (the word, then the boxes: 50 pixels after "bridge")
    if narrow:
        x, y = x - width, y + 24   # (the boxes start under the word)
    for space, stack in enumerate(position["bridge"]):
        left = x + width + space * 44
        svg.rect(left, y, 40, 24, "box")
        svg.label(left + 20, y + 33, "start" if space == 0 else str(space), "small mid")
        for depth, name in reversed(list(enumerate(stack))):  # the top piece painted last, over the rest
            svg.circle(left + 9 + depth * 8, y + 12, 6, "disc", colours[seat[name]])
    order = " > ".join(position["turn_order"])
    if narrow:
        return svg.lines(x + width, y + 50, wrap(f"turn order: {order}", narrow), "", 12)
    svg.label(x + width + 10 + len(position["bridge"]) * 44, y + 16, f"turn order: {order}", "")
    return y + 16


def _depots(svg: Svg, depots: list[dict[str, Any]], x: float, y: float, total: float = 2 * BLOCK_W + MARGIN,
            across: int = 0) -> float:
    """Six numbered depots and the black one, each with its hex tiles (of :data:`TILE_R`, as
    many a row as fit) and goods: ``across`` a row (all of them by default) in ``total`` pixels,
    each further row 6 pixels under the tallest depot of the one before (a depot is 94 pixels
    high, more with more rows of tiles). Returns the foot of the last row."""
    tile_r = TILE_R
    kinds = catalogue()
    across = across or len(depots)
    width = total / across - 6
    pitch, row_h, grow = 2 * tile_r + 1, 2 * tile_r - 2, 2 * (tile_r - 14.0)
    per_row = max(1, int((width - 10) / pitch))
    top = foot = y
    for index, depot in enumerate(depots):
        if index and not index % across:
            top = foot + 6
        left = x + index % across * (width + 6)
        black = depot["depot"] == "black"
        lines = max(1, -(-len(depot["tiles"]) // per_row))
        below = grow + (lines - 1) * row_h if depot["goods"] else 0.0   # (where the goods go)
        # (the goods under the last row of tiles; without goods, room for the tiles alone)
        height = 74 + grow + (lines - 1) * row_h if depot["goods"] else \
            max(74 + grow, 20 + 2 * tile_r + (lines - 1) * row_h)
        foot = max(foot, top + height)
        svg.rect(left, top, width, height, "box black" if black else "box", rx=4.0)
        name = "black depot" if black else f"depot {depot['depot']}"
        svg.label(left + 6, top + 12, name, "heading on-dark" if black else "heading")
        for slot, tile in enumerate(depot["tiles"]):
            cx, cy = left + 4 + tile_r + (slot % per_row) * pitch, top + 18 + tile_r + (slot // per_row) * row_h
            _tile(svg, cx, cy, tile_r, kinds[tile].colour, tile)
        for slot, good in enumerate(depot["goods"]):
            svg.rect(left + 6 + slot * 16, top + 56 + below, 13, 13, "goods", GOODS_FILL[good], rx=2.0)
            svg.label(left + 12.5 + slot * 16, top + 66 + below, str(good), "goods-label")
        if not depot["revealed"] and not depot["tiles"]:
            svg.label(left + width / 2, top + 40, "not recorded", "small mid on-dark" if black else "small mid")
    return foot


def _tile(svg: Svg, x: float, y: float, r: float, colour: str, tile: str) -> None:
    """A hex tile of ``colour`` (code) with its short label; a six-letter label (``CHURCH``,
    ``MARKET``) a size smaller on a duchy's space, or it touches its neighbour's."""
    svg.hexagon(x, y, r, f"hex {colour}")
    light = " light" if colour in ("Y", "L", "B") else ""
    label = tile_short(tile)
    size = " long" if len(label) >= LONG_LABEL else ""
    svg.label(x, y + 2.5, label, "tile-label" + light + size)


def _duchy_block(svg: Svg, player: dict[str, Any], colour: str, x: float, y: float) -> None:
    """One player's duchy map with the coordinates and dice, and their supplies beside it. A
    duchy of islands (the solo game's, wider than a duchy) widens its block over the next
    column, which a solo game leaves empty, so its panel keeps its room."""
    width = MAP_SCALE * _map_width(player)
    block_w = max(BLOCK_W, 14 + width + 14 + PANEL_W)
    svg.rect(x, y, block_w, BLOCK_H, "box", rx=6.0)
    svg.circle(x + 14, y + 14, 6, "disc", colour)
    total = f"{player['score']} VP" + (f" ({player['vp']} during play)" if player["score"] != player["vp"] else "")
    svg.label(x + 26, y + 18, f"{player['name']}: {total}; seat {player['seat']}, {board_heading(player['edition'], player['duchy_number'])}",
              "heading")
    _duchy_map(svg, player, x + 14, y + 34, width)
    panel_x, panel_w = x + 14 + width + 14, block_w - (14 + width + 14) - 8
    end = _panel(svg, player, panel_x, y + 40, panel_w)
    if player.get("duchy_note"):  # beside the map, under the panel: where this layout comes from
        chars = int(panel_w / SMALL_EM)
        lines = wrap(player["duchy_note"], chars)
        # (its last line at the block's foot, or what fits under the panel, the rest cut: "...")
        first = max(end + 16, y + BLOCK_H - 12 - SMALL_STEP * (len(lines) - 1))
        shown = lines[:int((y + BLOCK_H - 12 - first) // SMALL_STEP) + 1]
        if len(shown) < len(lines):
            shown[-1] = shown[-1][:chars - 4] + " ..."
        svg.lines(panel_x, first, shown, "small", SMALL_STEP)


def _map_width(player: dict[str, Any]) -> float:
    """How wide a player's map is laid out (before :data:`MAP_SCALE`): seven spaces, or a duchy
    of islands' columns and river."""
    return _islands_width(player["places"]) if player.get("places") else 7 * HEX_W


def _duchy_map(svg: Svg, player: dict[str, Any], x: float, y: float, room: float) -> tuple[float, float]:
    """A player's duchy map, its corner at (``x``, ``y``), enlarged (:func:`_open_map`) to at
    most ``room`` pixels across: every space with its coordinate and die or tile, a duchy of
    islands' river (the 2019 solo duchy: each space where its picture puts it), the border posts
    and the shields on castles. Returns its scale and its height as drawn."""
    scale = _open_map(svg, x, y, _map_width(player), room)
    centres: list[tuple[float, float]] = []
    if player.get("places"):
        _islands(svg, player, -14.0, -34.0, centres)   # (its map's own corner at the group's origin)
    else:
        for row, length in enumerate(ROW_LENGTHS):
            for col in range(length):
                centres.append((HEX_W / 2 + (7 - length) * HEX_W / 2 + col * HEX_W, R + row * ROW_STEP))
                _space(svg, player["duchy"][len(centres) - 1], *centres[-1])
    names = [space["space"] for space in player["duchy"]]
    _border_posts(svg, player.get("border_posts", []), centres, names)
    _castle_shields(svg, player.get("shields", {}), dict(zip(names, centres)))
    svg.close()
    return scale, scale * (max(cy for _, cy in centres) + R)


def _islands_width(places: list[list[int]]) -> float:
    """How wide a duchy of islands is drawn (:func:`_islands`): its columns and the river."""
    return max(column for _, column in places) * HEX_W / 2 + HEX_W + HEX_W / 2


def _islands(svg: Svg, player: dict[str, Any], x: float, y: float, centres: list[tuple[float, float]]) -> float:
    """The spaces of a duchy of islands at their ``places`` (row, half-column), the river drawn
    between them (the row and the column no space uses, widened) and a dashed ring round each
    space the river joins; returns the map's width."""
    places = player["places"]
    half = HEX_W / 2
    left, top = x + 14 + half, y + 34 + R
    rows, columns = max(r for r, _ in places), max(c for _, c in places)
    gap = next(row for row in range(rows + 1) if all(r != row for r, _ in places))
    split = next(c for c in range(columns + 1) if all(col != c for _, col in places))
    width = _islands_width(places)
    svg.rect(x + 14, top + gap * ROW_STEP - R * 0.7, width, R * 1.4, "river", rx=6.0)
    svg.rect(left + split * half + half / 2 - R * 0.45, top - R, R * 0.9, rows * ROW_STEP + 2 * R, "river", rx=6.0)
    for index, (row, column) in enumerate(places):
        centres.append((left + column * half + (half if column > split else 0.0), top + row * ROW_STEP))
        _space(svg, player["duchy"][index], *centres[-1])
        if player["duchy"][index]["space"] in player.get("river", ()):
            svg.circle(*centres[-1], R * 0.92, "river-mark", "none")
    return width


def _border_posts(svg: Svg, posts: list[list[str]], centres: list[tuple[float, float]], names: list[str]) -> None:
    """Each border post as a dark tower just outside the edge spaces it touches (``centres``
    and ``names``: every space's centre and name, in reading order)."""
    middle = centres[names.index("d4")]
    for number, post in enumerate(posts, start=1):
        points = [centres[names.index(space)] for space in post]
        px, py = sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
        dx, dy = px - middle[0], py - middle[1]
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        tx, ty = px + dx / length * R * 1.15, py + dy / length * R * 1.15
        svg.rect(tx - 5, ty - 7, 10, 14, "disc", POST_FILL, rx=1.5)
        svg.label(tx, ty + 3, str(number), "tile-label tiny")


def _space(svg: Svg, space: dict[str, Any], x: float, y: float) -> None:
    code = _CODE[space["colour"]]
    if space["tile"] is None:
        svg.hexagon(x, y, R, f"hex empty {code}")
        svg.label(x, y - 7, space["space"], "coord")
        svg.label(x, y + 8, str(space["die"]), "die")
        return
    if space["tile"] == "black-hex":  # 2019 solo game: a tile face down, black whatever the space
        code = "X"
    _tile(svg, x, y, R, code, space["tile"])
    svg.label(x, y - 8, space["space"], "coord" if code in ("Y", "L", "B") else "coord on-dark")


def _panel(svg: Svg, player: dict[str, Any], x: float, y: float, width: float) -> float:
    """Storage, goods, silver, workers, VP by category, bonus and knowledge tiles, dice, goods
    sold and the trade route, in ``width`` pixels and in the words of the player's edition
    (``edition``: 2011's "silverlings", "worker tiles" and "knowledge tiles"): a long line of knowledge tiles wraps, each
    line under the last one written (no gap where a finished game has no dice). The storage
    spaces are hexes of :data:`TILE_R`. Returns the baseline of its last line, or the foot of the route (the phone's picture
    stacks on it)."""
    kinds = catalogue()
    svg.label(x, y, "storage", "heading")
    for slot in range(2 if "shared_storage" in player else 3):  # (2019 team game: 2 private spaces)
        cx = x + TILE_R + 1 + slot * (2 * TILE_R + 4)
        if slot < len(player["storage"]):
            tile = player["storage"][slot]
            _tile(svg, cx, y + 7 + TILE_R, TILE_R, kinds[tile].colour, tile)
        else:
            svg.hexagon(cx, y + 7 + TILE_R, TILE_R, "hex empty M")
    y += 2 * (TILE_R - 15.0)   # (what follows, under the storage)
    svg.label(x, y + 56, "goods", "heading")
    goods = [int(kind) for kind, count in player["goods"].items() for _ in range(count)]
    for slot, good in enumerate(goods):
        svg.rect(x + 40 + slot * 17, y + 45, 14, 14, "goods", GOODS_FILL[good], rx=2.0)
        svg.label(x + 47 + slot * 17, y + 55.5, str(good), "goods-label")
    if not goods:
        svg.label(x + 40, y + 56, "none", "")
    words = WORDS[player["edition"]]
    svg.label(x, y + 76, f"{words['silver']} {player['silver']}   {words['workers']} {player['workers']}", "")
    lines = [f"{category} {points}" for category, points in player["vp_by_category"].items()]
    for number, text in enumerate(lines):
        svg.label(x + (number % 2) * 102, y + 94 + (number // 2) * 12, text, "small")
    bonus_y = y + 134 + max(0, (len(lines) + 1) // 2 - 3) * 12  # room for a module's categories
    svg.label(x, bonus_y, "bonus", "heading")
    for slot, bonus in enumerate(player["bonus_tiles"]):
        name, _, size = bonus.rpartition("-")
        left = x + 40 + slot * 30
        svg.rect(left, bonus_y - 10, 26 if size == "large" else 18, 13, f"bonus hex {_CODE[name]}", rx=2.0)
        svg.label(left + (13 if size == "large" else 9), bonus_y, "L" if size == "large" else "S",
                  "tile-label" + (" light" if _CODE[name] in ("Y", "L", "B") else ""))
    if not player["bonus_tiles"]:
        svg.label(x + 40, bonus_y, "none", "")
    knowledge = ", ".join(f"k{n}" for n in player["knowledge"]) or "none"
    chars = int(width / SMALL_EM)   # (a small line's characters across the panel: its long lines wrap)
    line = svg.lines(x, bonus_y + 20, wrap(f"{words['knowledge tiles']}: {knowledge}", chars), "small", SMALL_STEP)
    if player["dice"]:
        line = svg.lines(x, line + 14, wrap("dice to use: " + " ".join(map(str, player["dice"])), chars),
                         "small", SMALL_STEP)
    sold = " ".join(f"{kind}x{count}" for kind, count in player["sold"].items())
    if sold:
        line = svg.lines(x, line + 14, wrap(f"goods sold (type x tiles): {sold}", chars), "small", SMALL_STEP)
    if "route" in player:
        return _route(svg, player["route"], x, line + 8, width)
    return line


#: A trade route space's pitch (a space 20 pixels wide, then a gap).
ROUTE_STEP, ROUTE_GAP = 21.5, 1.5
#: Short labels of the trade route bonuses (2019), for a route space 20 px wide.
_BONUS_SHORT = {"castle": "Ca", "warehouse": "Wh", "carpenter": "Cp", "church": "Ch", "market": "Mk",
                "city-hall": "CH", "silver": "$", "workers": "W", "vp": "V"}


def _route(svg: Svg, route: list[dict[str, Any]], x: float, y: float, width: float) -> float:
    """A trade route, left to right in rows as wide as ``width`` (a two-player route has 15
    spaces): each space framed in its goods colour with its bonus (``$2`` 2 silverlings,
    ``W2`` 2 workers, ``V3`` 3 VP, ``Ch`` a church's take...), filled with the colour of the
    goods tile covering it. Returns the foot of its last row."""
    across = max(1, int((width + ROUTE_GAP) // ROUTE_STEP))
    for index, space in enumerate(route):
        left, top = x + index % across * ROUTE_STEP, y + index // across * 20
        laid = space["laid"]
        svg.rect(left, top, 20, 17, "route", GOODS_FILL[laid] if laid is not None else "#fff", rx=2.0)
        svg.rect(left + 1, top + 1, 18, 3.5, "route-frame", GOODS_FILL[space["goods"]])
        what, _, amount = space["bonus"].partition("-")
        svg.label(left + 10, top + 14, _BONUS_SHORT[what] + amount, "route-label")
    return y + ((len(route) - 1) // across + 1) * 20 if route else y


# --- the game outside the tool ------------------------------------------------------------------

#: The game as BoardGameGeek lists it, per edition: (BGG id, year published) -- for exports.
BOARDGAMEGEEK = {"2011": (84876, 2011), "2019": (271320, 2019)}
TITLE = "The Castles of Burgundy"
#: What the game's scores are called: victory points.
SCORE_WORD = "VP"


def due_data(state: GameState) -> dict[str, Any]:
    """What comes next (``position_data``'s ``due``): ``phase``, ``roll``, ``player``, ``over``
    or a module's table line kind (``solo-remove``), the player to move, the other line kinds
    accepted now, a module's table line due as the table types it (``remove 3 sheep3``;
    what its ``LineRule.candidates`` give: the table session's prompt says the same), and the
    phase's reveals and goods not yet recorded (``missing``: :attr:`engine.Expected.missing`)."""
    due = expected(state)
    line = state.ruleset.lines.get(due.kind)
    lines = [] if line is None or line.candidates is None else \
        [format_command(command) for _, command in line.candidates(state, state.to_move())]
    return {"kind": due.kind, "player": due.player, "also_accepted": list(due.also_accepted), "lines": lines,
            "missing": list(due.missing)}


def table_line_first(due: dict[str, Any]) -> str:
    """``remove 3 sheep3 due, then `` when a module's table line comes before the player to move
    (``due``: :func:`due_data`), else nothing: the picture's status line and the table session's
    prompt say it so."""
    if due["kind"] in ("phase", "roll", "player", "over"):
        return ""
    return f"{' or '.join(due['lines']) or due['kind']} due, then "
