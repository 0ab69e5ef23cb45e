"""``burgundy chart``: each player's VP after every step of a record, drawn as SVG.

The data come from :func:`burgundy_cli.core.pictures.chart_series` (rounds for The
Castles of Burgundy, turns for Robber Knights, then the final scoring as a step of its
own); this module draws them -- a grid, one line per player in the player's colour, and a
legend with the final totals -- or prints them as a table of one row per step. It also
draws a results website's ratings over time. Hand-built and deterministic, like every
picture.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from burgundy_cli.core.svg import Svg, marker_path, player_colours, series_styles, wrap
from burgundy_cli.core.words import padded, text_width

CSS = """
text{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:10px;fill:#222}
.title{font-size:15px;font-weight:bold}
.axis{font-size:9px;fill:#555}
.x{text-anchor:middle}
.y{text-anchor:end}
.background{fill:#fff;stroke:#999;stroke-width:1}
.grid{stroke:#ddd;stroke-width:1}
.frame{stroke:#555;stroke-width:1.2}
.final{stroke:#999;stroke-width:1;stroke-dasharray:4 3}
.series{fill:none;stroke-width:2.2;stroke-linejoin:round}
.point{stroke:#fff;stroke-width:.8}
""".replace("\n", "")

#: A player's colour this light (relative luminance, 0 to 1) is drawn on a chart with a grey
#: edge: a player named "white" (#f4f4f4) drew a line, points and a legend no one could see on
#: the white plot. :data:`LIGHT_CSS` is added only to a chart that has such a colour.
LIGHT = 0.7
LIGHT_CSS = ".edge{fill:none;stroke:#8a8a8a;stroke-width:4.2;stroke-linejoin:round}.point.light,.marker.light{stroke:#666}"

LEFT, TOP, RIGHT, BOTTOM = 56.0, 48.0, 170.0, 44.0
#: Width of one character of the title (bold 15px): the plot widens for a long title.
TITLE_EM = 9.0
#: The room between two labels of the x axis, in pixels: at least ``AXIS_GAP``, and
#: ``AXIS_STEP_GAP`` when choosing how many steps apart the labels go.
AXIS_GAP, AXIS_STEP_GAP = 4.0, 6.0


def label_width(label: str) -> float:
    """About how wide ``label`` is on an axis (9px DejaVu Sans): a digit or capital 5.8
    pixels, an m or w 8, another small letter 4.8, a space 2.9, a dash 3.4 -- near enough
    to keep labels apart ("start" 21.4 pixels in Chromium, "game 13" 39.9, "2026-01-13" 52.3)."""
    return sum(5.8 if c.isdigit() or c.isupper() else 8.0 if c in "mw" else 4.8 if c.isalpha()
               else 2.9 if c == " " else 3.4 for c in label)


def axis_ticks(labels: list[str], spacing: float) -> list[int]:
    """The steps of the x axis that get a label, ``spacing`` pixels apart: every k-th step,
    k as small as keeps the widest label clear of the next, and always the last step (a
    label the last would crowd is left out, so the last two never run into each other).

    >>> axis_ticks(["start", "T1", "T2", "T3", "T4", "T10", "T11", "final"], 22.0)
    [0, 2, 4, 7]
    """
    last = len(labels) - 1
    widths = [label_width(label) for label in labels]
    every = max(1, math.ceil((max(widths[1:-1] or [0.0]) + AXIS_STEP_GAP) / spacing)) if spacing > 0 else 1

    def clear(left: int, right: int) -> bool:
        return (right - left) * spacing >= (widths[left] + widths[right]) / 2 + AXIS_GAP

    kept: list[int] = []
    for index in range(0, last, every):
        if (not kept or clear(kept[-1], index)) and clear(index, last):
            kept.append(index)
    return [*kept, last]


def vp_axis(value: int) -> tuple[int, int]:
    """The top of the VP axis and its grid step: at most 10 steps of 5, 10, 20, 25, 50 or 100."""
    step = next((s for s in (5, 10, 20, 25, 50, 100) if value / s <= 10), 10 ** len(str(value)) // 10)
    return max(step, -(-value // step) * step), step


def score_word(game: str) -> str:
    """What ``game`` calls its scores: "VP" (The Castles of Burgundy), "points" (Robber Knights)."""
    from burgundy_cli.core.registry import game_module

    return game_module(game, "svg").SCORE_WORD


def light(colour: str) -> bool:
    """Whether ``colour`` (``#rrggbb``) is too light to see on the white plot without an edge
    (:data:`LIGHT`; sRGB's relative luminance)."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > LIGHT


def _line(svg: Svg, points: list[tuple[float, float]], colour: str, dash: str | None = None) -> None:
    """A player's line through ``points`` (a series, or the legend's sample): a light colour
    over a grey edge, so that it shows on the white plot."""
    if light(colour):
        svg.polyline(points, "edge")
    svg.polyline(points, "series", colour, dash)


def _light_css(colours: list[str]) -> str:
    """:data:`LIGHT_CSS` for a chart with a light colour among ``colours``, else nothing (a
    chart's bytes are as before where no colour is light)."""
    return LIGHT_CSS if any(light(colour) for colour in colours) else ""


def chart_heading(game: str, from_end: bool = False) -> str:
    """A score chart's heading: "VP after every round", "points after every turn"; of a record
    scored from its end (no rounds), "VP as play ended and after the final scoring"."""
    if from_end:
        return f"{score_word(game)} as play ended and after the final scoring"
    unit = "round" if game == "castles-of-burgundy" else "turn"
    return f"{score_word(game)} after every {unit}"


def _unit(series: dict[str, Any]) -> str:
    """What a step of the chart is: a round (Castles), a turn (Robber Knights), or a step of a
    record scored from its end (``from_end``: the VP as play ended, then the final scoring),
    which has neither."""
    if series.get("from_end"):
        return "step"
    return "round" if series["game"] == "castles-of-burgundy" else "turn"


#: A phone's form of a chart (a results website shows it at 700 pixels and less): as wide as
#: a phone's screen, its text larger, the title wrapped, the legend under the plot instead of
#: beside it. The desktop's chart, 590 pixels and more, was shrunk to 560 pixels in a box
#: scrolling sideways, its 9-pixel axis labels read at about 8.
PHONE_CSS = CSS + "text{font-size:12px}.title{font-size:14px}.axis{font-size:11px}"
PHONE_LEFT, PHONE_RIGHT, PHONE_PLOT_W, PHONE_PLOT_H = 40.0, 36.0, 280.0, 220.0
#: Characters of a phone chart's title (bold 14 px) on a line; pixels between its legend's rows.
PHONE_TITLE_CHARS, PHONE_ROW = 38, 18.0
#: How much wider a phone chart's axis labels (11 px) are than :func:`label_width`'s (9 px).
PHONE_AXIS_SCALE = 11 / 9


def _phone_layout(svg_title: str, rows: int) -> tuple[list[str], float, float, float]:
    """A phone chart's title lines, the plot's top, the legend's first row and the height."""
    lines = wrap(svg_title, PHONE_TITLE_CHARS)
    top = 22.0 + 18.0 * len(lines) + 8.0
    legend = top + PHONE_PLOT_H + 62.0
    return lines, top, legend, legend + PHONE_ROW * rows


def chart_svg(series: dict[str, Any], phone: bool = False) -> str:
    """The chart of :func:`~burgundy_cli.core.pictures.chart_series`'s data; with ``phone``,
    its phone form (:data:`PHONE_CSS`)."""
    labels: list[str] = series["steps"]
    names = list(series["vp"])
    colours = player_colours(names)
    unit = _unit(series)
    title = f"{chart_heading(series['game'], series.get('from_end', False))}: {series['title']}"
    top_vp, step = vp_axis(max([max(v) for v in series["vp"].values()] + [1]))
    if phone:
        left, plot_w, plot_h = PHONE_LEFT, PHONE_PLOT_W, PHONE_PLOT_H
        title_lines, top, legend_y, height = _phone_layout(title, len(names))
        width = left + plot_w + PHONE_RIGHT
        svg = Svg(width, height, title, PHONE_CSS + _light_css(colours))
        svg.rect(0, 0, width, height, "background")
        svg.lines(10, 22, title_lines, "title", 18)
    else:
        left, top = LEFT, TOP
        plot_w = max(360.0, 22.0 * (len(labels) - 1), TITLE_EM * len(title) - RIGHT)
        plot_h = 280.0
        width, height = left + plot_w + RIGHT, top + plot_h + BOTTOM
        svg = Svg(width, height, title, CSS + _light_css(colours))
        svg.rect(0, 0, width, height, "background")
        svg.label(left, 24, title, "title")

    def x_of(index: int) -> float:
        return left + plot_w * index / max(1, len(labels) - 1)

    def y_of(vp: float) -> float:
        return top + plot_h * (1 - vp / top_vp)

    for vp in range(0, top_vp + 1, step):
        svg.line(left, y_of(vp), left + plot_w, y_of(vp), "grid")
        svg.label(left - 6, y_of(vp) + 3, str(vp), "axis y")
    _x_labels(svg, labels, x_of, top + plot_h, PHONE_AXIS_SCALE if phone else 1.0)
    if labels[-1] == "final":
        svg.line(x_of(len(labels) - 2), top, x_of(len(labels) - 2), top + plot_h, "final")
    svg.line(left, top + plot_h, left + plot_w, top + plot_h, "frame")
    svg.line(left, top, left, top + plot_h, "frame")
    caption = "scored from the end of the game, no rounds" if series.get("from_end") else f"{unit}s"
    svg.label(left + plot_w / 2, top + plot_h + 36 if phone else height - 8,
              caption + ("; the last step is the final scoring" if labels[-1] == "final" else ""), "axis x")
    for name, colour in zip(names, colours):
        values = series["vp"][name]
        points = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
        _line(svg, points, colour)
        if len(points) <= 40:
            for x, y in points:
                svg.circle(x, y, 2.6, "point light" if light(colour) else "point", colour)
    ranked = sorted(names, key=lambda n: -series["vp"][n][-1])
    key_x = 10 - 16 if phone else left + plot_w   # (a phone's legend under the plot, on the left)
    for row, name in enumerate(ranked):
        y = legend_y + row * PHONE_ROW if phone else top + 10 + row * 20
        colour = colours[names.index(name)]
        if light(colour):
            svg.polyline([(key_x + 16, y - 4 if phone else y - 3), (key_x + 36, y - 4 if phone else y - 3)], "edge")
        svg.add("line", {"x1": key_x + 16, "y1": y - 4 if phone else y - 3, "x2": key_x + 36,
                         "y2": y - 4 if phone else y - 3, "class": "series", "stroke": colour})
        winner = " (winner)" if name in series["winner"] else ""
        svg.label(key_x + 42, y, f"{name} {series['vp'][name][-1]}{winner}", "")
    return svg.text()


def _x_labels(svg: Svg, labels: list[str], x_of: Callable[[int], float], bottom: float,
              scale: float = 1.0) -> None:
    """The x axis's ticks and labels under the plot (whose foot is at ``bottom``), those of
    :func:`axis_ticks` only (``scale``: the labels' size against the desktop's 9 pixels); a
    label the tick before already says (the games of one evening, each dated that day) is
    left out, its tick kept."""
    said = None
    for index in axis_ticks(labels, (x_of(1) - x_of(0)) / scale if len(labels) > 1 else 0.0):
        svg.line(x_of(index), bottom, x_of(index), bottom + 4, "frame")
        if labels[index] != said:
            svg.label(x_of(index), bottom + 16, labels[index], "axis x")
            said = labels[index]


def chart_table(series: dict[str, Any]) -> str:
    """``chart FILE``'s text: one row per round (turn), then the final scoring, one column per
    player, each cell the VP then; the winner named under it, and the tiebreak that decided a
    tie on the final row (red and blue both on 14, "winner: red" alone had read as a mistake), in
    ``score``'s words (a team game's team: it had named the team's players as winners)."""
    from burgundy_cli.core.render import winner_line

    names = list(series["vp"])
    unit = _unit(series)
    first = max(len(unit), *(len(label) for label in series["steps"]))
    widths = [max(text_width(name), 4) for name in names]  # (the columns a terminal shows: 李雷 takes 4)
    lines = [f"{chart_heading(series['game'], series.get('from_end', False))}: {series['title']}",
             "  ".join([unit.ljust(first), *(padded(name, w, right=True) for name, w in zip(names, widths))]),
             "  ".join(["-" * first, *("-" * w for w in widths)])]
    for index, label in enumerate(series["steps"]):
        cells = (str(series["vp"][name][index]).rjust(w) for name, w in zip(names, widths))
        lines.append("  ".join([label.ljust(first), *cells]).rstrip())
    if series["complete"]:   # (as ``score``'s table ends: a tie on the final row says what broke it)
        lines.append(winner_line(series["winner"], series.get("tiebreak"), series.get("mode")))
        if series.get("tiebreak"):
            lines.append(f"tiebreak: {series['tiebreak']}")
    else:
        lines.append(f"not complete: the last row is the {score_word(series['game'])} after {series['steps'][-1]}")
    return "\n".join(lines)


#: The ratings chart's own classes: its markers, ringed in white so they read on a line.
RATING_CSS = CSS + ".marker{stroke:#fff;stroke-width:.7}"
#: Markers along each line of the ratings chart: at most this many, besides its last point.
RATING_MARKS = 8


def rating_chart_svg(title: str, labels: list[str], series: dict[str, list[float | None]],
                     styles: dict[str, tuple[str, str, str]] | None = None, phone: bool = False) -> str:
    """Ratings over time (a results website): one line per player across the games in date
    order (``labels``: each game's date), None before a player's first game. A player's
    rating stays where it was between their games, so each line is drawn through every game
    from their first on. A club has many players: each line has its colour, dash pattern and
    marker (:func:`~burgundy_cli.core.svg.series_styles`: no two players alike), the markers
    spread along it (each player's at other games, so they do not sit on one another) and on
    its last point, and the legend shows each player's line with its marker. ``styles``: each
    player's (colour, dash, marker) as another chart drew them (a player's own page draws the
    player as the club's chart does), else :func:`~burgundy_cli.core.svg.series_styles`'s.
    ``phone``: its phone form (:data:`PHONE_CSS`, the legend under the plot)."""
    names = list(series)
    styles = [styles[name] for name in names] if styles else series_styles(names)
    values = [v for vs in series.values() for v in vs if v is not None] or [0.0]
    low, high = min(0.0, min(values)), max(values)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 1000) if (high - low) / s <= 10)
    axis_low, axis_high = step * math.floor(low / step), step * max(1, math.ceil(high / step))
    if phone:
        left, plot_w, plot_h = PHONE_LEFT, PHONE_PLOT_W, PHONE_PLOT_H
        title_lines, top, legend_y, height = _phone_layout(title, len(names))
        width = left + plot_w + PHONE_RIGHT
        svg = Svg(width, height, title, PHONE_CSS + ".marker{stroke:#fff;stroke-width:.7}"
                  + _light_css([colour for colour, _, _ in styles]))
        svg.rect(0, 0, width, height, "background")
        svg.lines(10, 22, title_lines, "title", 18)
    else:
        left, top = LEFT, TOP
        plot_w, plot_h = max(360.0, 14.0 * len(labels)), 240.0
        width, height = left + plot_w + RIGHT, max(top + plot_h + BOTTOM, top + 20.0 + 16.0 * len(names))
        svg = Svg(width, height, title, RATING_CSS + _light_css([colour for colour, _, _ in styles]))
        svg.rect(0, 0, width, height, "background")
        svg.label(left, 24, title, "title")

    def x_of(index: int) -> float:   # (one game: in the middle, not on the left edge)
        return left + (plot_w * index / (len(labels) - 1) if len(labels) > 1 else plot_w / 2)

    def y_of(value: float) -> float:
        return top + plot_h * (axis_high - value) / (axis_high - axis_low)

    def mark(kind: str, x: float, y: float, colour: str) -> None:
        svg.add("path", {"d": marker_path(kind, x, y), "class": "marker light" if light(colour) else "marker",
                         "fill": colour})

    for value in range(int(axis_low), int(axis_high) + 1, step):
        svg.line(left, y_of(value), left + plot_w, y_of(value), "grid")
        svg.label(left - 6, y_of(value) + 3, str(value), "axis y")
    _x_labels(svg, labels, x_of, top + plot_h, PHONE_AXIS_SCALE if phone else 1.0)
    svg.line(left, top + plot_h, left + plot_w, top + plot_h, "frame")
    svg.line(left, top, left, top + plot_h, "frame")
    order = "one rated game so far" if len(labels) == 1 else "games in date order"
    svg.label(left + plot_w / 2, top + plot_h + 34, f"{order}; rating = mu - 3 sigma", "axis x")
    for index, (name, (colour, dash, marker)) in enumerate(zip(names, styles)):
        points = [(x_of(i), y_of(v)) for i, v in enumerate(series[name]) if v is not None]
        if len(points) > 1:
            _line(svg, points, colour, dash)
        if not points:
            continue
        every = max(1, -(-len(points) // RATING_MARKS))
        shown = set(range(index % every, len(points) - 1, every)) | {len(points) - 1}
        for at in sorted(shown):
            mark(marker, *points[at], colour)
    last = {name: next((v for v in reversed(series[name]) if v is not None), 0.0) for name in names}
    key_x = 10 - 12 if phone else left + plot_w   # (a phone's legend under the plot, on the left)
    for row, name in enumerate(sorted(names, key=lambda n: -last[n])):
        y = legend_y + row * PHONE_ROW if phone else top + 10 + row * 16
        rise = 4 if phone else 3
        colour, dash, marker = styles[names.index(name)]
        if light(colour):
            svg.polyline([(key_x + 12, y - rise), (key_x + 38, y - rise)], "edge")
        svg.add("line", {"x1": key_x + 12, "y1": y - rise, "x2": key_x + 38, "y2": y - rise,
                         "class": "series", "stroke": colour, "stroke-dasharray": dash or None})
        mark(marker, key_x + 25, y - rise, colour)
        svg.label(key_x + 42, y, f"{name} {last[name]:.1f}", "")
    return svg.text()
