"""A small builder of deterministic SVG text, shared by every picture the tool draws.

Pictures are written by hand, as python-chess draws its boards: a handful of shapes, one
``<style>`` block of CSS classes per picture, coordinates rounded to one decimal, and no
randomness or timestamps, so the same position always gives the same bytes and a
snapshot test can hold the text. Nothing here knows a game.
"""

from __future__ import annotations

import math

#: Seat colours for players whose name is no colour: distinct, and readable on white.
SEAT_COLOURS = ("#c0392b", "#2e6fb7", "#d4a017", "#6c3483")

#: Player names that are colours keep their colour (Robber Knights players are often named so):
#: the palette's own where it has one, so that naming a colour takes it from the seat that
#: has it (a "yellow" of its own, #e0b400, was drawn beside the seat's yellow, too alike to tell).
NAMED_COLOURS = {
    "red": "#c0392b", "blue": "#2e6fb7", "yellow": "#d4a017", "green": "#2e8b3a", "white": "#f4f4f4",
    "black": "#333333", "orange": "#e67e22", "purple": "#6c3483",
}


#: The characters XML 1.0 cannot hold at all, not even as a character reference: the C0
#: controls but tab, line feed and carriage return, surrogates, U+FFFE and U+FFFF.
_NOT_XML = "[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"


def escape(text: str) -> str:
    """``text`` as XML character data: ``&``, ``<`` and ``>`` as entities, and each character
    XML cannot hold (:data:`_NOT_XML`) as U+FFFD, the replacement character, so a picture
    stays well-formed whatever text it shows (issue 33 item 11; a record's names cannot hold
    them, but a comment or a position's text may).

    Written here rather than taken from ``xml.sax.saxutils``, which imports
    ``urllib.request`` (and with it http, ssl and email) at ``show --json``'s start, for
    three replacements.
    """
    if not text.isprintable():  # (every character XML refuses is unprintable: most text skips this)
        import re

        text = re.sub(_NOT_XML, "\ufffd", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """``text`` as a quoted XML attribute value: escaped, line breaks and tabs as character
    references, in double quotes (single ones when the text has only double quotes)."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'


def num(value: float) -> str:
    """A coordinate as short, stable text: one decimal at most, no ``-0``."""
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def wrap(text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` characters, between words, a word longer
    than a line cut into pieces a line long (a 40-letter player name without a space ran past
    a phone's chart): SVG text does not wrap by itself, and a status line or title cut off at
    the picture's edge loses what it says last."""
    lines = [""]
    pieces = (word[start:start + width] for word in text.split() for start in range(0, len(word), max(1, width)))
    for word in pieces:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append("")
        lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return lines


#: Colours after the four seat colours, for a chart of more players (a club's ratings): each
#: far from the others and from the named colours' hues, readable on white.
MORE_COLOURS = ("#2e8b3a", "#e67e22", "#17a2b8", "#8b5a2b", "#e84393", "#7f8c8d", "#333333", "#9acd32")


def player_colours(names: list[str]) -> list[str]:
    """One fill colour per player: the named colour when the name is one (its first holder),
    else the seat's colour -- unless a player named after a colour holds it ("Anna" at seat 1
    beside "red"), then the first colour no one holds. No two players share a colour while
    colours last (4 seat colours and 8 more: 12); beyond that they repeat, and a chart tells
    such players apart by dash and marker too (:func:`series_styles`)."""
    named = [NAMED_COLOURS.get(name.strip().lower()) for name in names]
    taken = {colour for colour in named if colour}
    palette = [*SEAT_COLOURS, *MORE_COLOURS]
    colours: list[str] = []
    for seat, (name, colour) in enumerate(zip(names, named)):
        if colour and colour not in colours:
            colours.append(colour)
            continue
        unnamed = [c for c in palette if c not in taken]   # (a named player's colour is theirs alone)
        free = [c for c in unnamed if c not in colours]
        seat_colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        colours.append(seat_colour if seat_colour in free else free[0] if free else unnamed[seat % len(unnamed)])
    return colours


#: Dash patterns of a chart's lines (stroke-dasharray; "" solid) and the markers on them: with
#: the colours, what tells one player's line from another's when colours run out or look alike.
DASHES = ("", "7 4", "2 3", "9 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "cross")


def series_styles(names: list[str]) -> list[tuple[str, str, str]]:
    """Each player's (colour, dash, marker) on a chart of many lines: the colour of
    :func:`player_colours`, a marker by place in the list, and a dash pattern that changes
    each time the markers come round again -- so no two players have the same three, for up to
    24 players even where colours repeat, and two players sharing a colour never share a marker."""
    colours = player_colours(names)
    styles: list[tuple[str, str, str]] = []
    for index, colour in enumerate(colours):
        marker = MARKERS[index % len(MARKERS)]
        dash = DASHES[(index // len(MARKERS)) % len(DASHES)]
        clash = [m for c, _, m in styles if c == colour]   # (a colour repeated: its markers so far)
        if marker in clash:
            marker = next((m for m in MARKERS if m not in clash), marker)
        styles.append((colour, dash, marker))
    return styles


def marker_path(kind: str, x: float, y: float, size: float = 3.2) -> str:
    """The SVG path of a chart marker (:data:`MARKERS`) centred on (``x``, ``y``)."""
    r = size
    shapes = {
        "circle": [],
        "square": [(-r, -r), (r, -r), (r, r), (-r, r)],
        "triangle": [(0, -r * 1.2), (r * 1.1, r * .8), (-r * 1.1, r * .8)],
        "diamond": [(0, -r * 1.3), (r * 1.1, 0), (0, r * 1.3), (-r * 1.1, 0)],
        "triangle-down": [(0, r * 1.2), (r * 1.1, -r * .8), (-r * 1.1, -r * .8)],
        "cross": [(-r * .4, -r * 1.2), (r * .4, -r * 1.2), (r * .4, -r * .4), (r * 1.2, -r * .4), (r * 1.2, r * .4),
                  (r * .4, r * .4), (r * .4, r * 1.2), (-r * .4, r * 1.2), (-r * .4, r * .4), (-r * 1.2, r * .4),
                  (-r * 1.2, -r * .4), (-r * .4, -r * .4)],
    }
    points = shapes[kind]
    if not points:  # a circle as two arcs
        return f"M{num(x - r)} {num(y)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0Z"
    return "M" + "L".join(f"{num(x + dx)} {num(y + dy)}" for dx, dy in points) + "Z"


class Svg:
    """An SVG document built element by element; :meth:`text` gives the finished document."""

    def __init__(self, width: float, height: float, title: str, css: str) -> None:
        self.width, self.height, self.title, self.css = width, height, title, css
        self.parts: list[str] = []

    def add(self, tag: str, attributes: dict[str, object], content: str | None = None) -> None:
        """One element; attributes whose value is None are left out, numbers are rounded."""
        attrs = "".join(f" {key}={quoteattr(num(value) if isinstance(value, float) else str(value))}"
                        for key, value in attributes.items() if value is not None)
        self.parts.append(f"<{tag}{attrs}/>" if content is None else f"<{tag}{attrs}>{content}</{tag}>")

    def open(self, tag: str = "g", **attributes: object) -> None:
        """Start a group (closed by :meth:`close`); ``class_`` gives the CSS class."""
        attrs = "".join(f" {key.rstrip('_')}={quoteattr(str(value))}" for key, value in attributes.items()
                        if value is not None)
        self.parts.append(f"<{tag}{attrs}>")

    def close(self, tag: str = "g") -> None:
        self.parts.append(f"</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, cls: str, fill: str | None = None,
             rx: float | None = None) -> None:
        self.add("rect", {"x": float(x), "y": float(y), "width": float(w), "height": float(h),
                          "rx": None if rx is None else float(rx), "class": cls, "fill": fill})

    def circle(self, x: float, y: float, r: float, cls: str, fill: str | None = None) -> None:
        self.add("circle", {"cx": float(x), "cy": float(y), "r": float(r), "class": cls, "fill": fill})

    def line(self, x1: float, y1: float, x2: float, y2: float, cls: str) -> None:
        self.add("line", {"x1": float(x1), "y1": float(y1), "x2": float(x2), "y2": float(y2), "class": cls})

    def polygon(self, points: list[tuple[float, float]], cls: str, fill: str | None = None) -> None:
        self.add("polygon", {"points": _points(points), "class": cls, "fill": fill})

    def polyline(self, points: list[tuple[float, float]], cls: str, stroke: str | None = None,
                 dash: str | None = None) -> None:
        """A line through ``points``; ``dash``: its stroke-dasharray ("7 4"), None or "" solid."""
        self.add("polyline", {"points": _points(points), "class": cls, "stroke": stroke,
                              "stroke-dasharray": dash or None})

    def label(self, x: float, y: float, text: str, cls: str) -> None:
        """Text at baseline ``y``, anchored and coloured as its CSS classes say (CSS wins over
        presentation attributes, so text is coloured by class only)."""
        self.add("text", {"x": float(x), "y": float(y), "class": cls or None}, escape(text))

    def lines(self, x: float, y: float, lines: list[str], cls: str, step: float) -> float:
        """Each of ``lines`` as a label, the first at baseline ``y``, the next ``step`` lower;
        returns the baseline of the last."""
        for number, text in enumerate(lines):
            self.label(x, y + number * step, text, cls)
        return y + (len(lines) - 1) * step

    def hexagon(self, x: float, y: float, r: float, cls: str, fill: str | None = None) -> None:
        """A pointy-topped hexagon of circumradius ``r`` centred on ``(x, y)``, as on a duchy."""
        self.polygon(hex_corners(x, y, r), cls, fill)

    def text(self) -> str:
        """The finished document (a title for screen readers, the CSS, then the shapes)."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{num(self.width)}" '
                f'height="{num(self.height)}" viewBox="0 0 {num(self.width)} {num(self.height)}">')
        return "\n".join([head, f"<title>{escape(self.title)}</title>", f"<style>{self.css}</style>",
                          *self.parts, "</svg>"]) + "\n"


def hex_corners(x: float, y: float, r: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-topped hexagon, clockwise from the top."""
    return [(x + r * math.sin(math.radians(a)), y - r * math.cos(math.radians(a))) for a in range(0, 360, 60)]


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)
