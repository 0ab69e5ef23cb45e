"""The pictures as a browser draws them (headless Chromium, tests/browser.py): every text's
box measured, none running into another, none running out of the picture or out of the
box (a depot, a duchy's block) it is written in. Every shipped record is drawn at its end
and after some of its rounds (turns), with its chart, and each Castles game's board in the
one column a results website offers a phone (a Robber Knights board's too); a results website's
ratings chart with a long run of dated games; and a Robber Knights position of the longest
lines its players' panel prints (a 40-letter name, two 14-letter tiles in every hand), both
forms."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from burgundy_cli.core.chart import chart_svg, rating_chart_svg
from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.pictures import board_svg, chart_series, game_pictures, position_json
from tests.browser import measure, need_chromium
from burgundy_cli.robber_knights.svg import column_picture, picture
from tests.conftest import RECORDS

#: Run in each picture: its texts' boxes, and which of them collide or stick out.
LAYOUT = r"""
const svg = page.documentElement;
const width = svg.width.baseVal.value, height = svg.height.baseVal.value;
// (a box in the picture's own pixels: a scaled group's, such as a phone's map, scaled with it)
const drawn = e => { const b = e.getBBox(), m = e.getCTM();
  return {x: m.a * b.x + m.e, y: m.d * b.y + m.f, width: m.a * b.width, height: m.d * b.height}; };
const boxes = [...svg.querySelectorAll("rect")].filter(r => /\bbox\b/.test(r.getAttribute("class") || ""))
  .map(drawn).filter(b => b.width < width - 1);
const texts = [...svg.querySelectorAll("text")].map(t => { const m = t.getCTM();
  return {text: t.textContent, box: drawn(t), x: m.a * +t.getAttribute("x") + m.e, y: m.d * +t.getAttribute("y") + m.f,
          axis: /\baxis x\b/.test(t.getAttribute("class") || ""),
          size: m.a * parseFloat(getComputedStyle(t).fontSize)}; });
const inside = (b, r) => b.x >= r.x - .5 && b.y >= r.y - .5 && b.x + b.width <= r.x + r.width + .5
  && b.y + b.height <= r.y + r.height + .5;
const outside = [], overflowing = [], overlapping = [];
for (const t of texts) {
  if (!inside(t.box, {x: 0, y: 0, width, height})) outside.push(t.text);
  const holder = boxes.filter(r => inside({x: t.x, y: t.y, width: 0, height: 0}, r))
    .sort((a, b) => a.width * a.height - b.width * b.height)[0];
  if (holder && !inside(t.box, holder)) overflowing.push(t.text);
}
for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
  const a = texts[i].box, b = texts[j].box;
  const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (across > (texts[i].axis && texts[j].axis ? -2 : .5) && down > 2) overlapping.push([texts[i].text, texts[j].text]);
}
// (each text drawn under 9 pixels, in the picture's own pixels: its font size times its scale)
const small = texts.filter(t => t.size < 8.95).map(t => [t.text, Math.round(t.size * 10) / 10]);
// (a Robber Knights board: the knights on top of their tiles, the narrowest across as drawn)
const tops = [...svg.querySelectorAll("path.knight.top, circle.knight.top")].map(drawn);
const knight = tops.length ? Math.round(Math.min(...tops.map(b => Math.min(b.width, b.height))) * 10) / 10 : null;
report.push({src: frame.getAttribute("src"), width, outside, overflowing, overlapping, small, knight});
"""

PLAYED = sorted(path for path in RECORDS.rglob("*.toml") if not path.name.startswith(("rulebook-", "example-")))


def _steps(path: Path) -> list[str | None]:
    """The end and a step on the way (a round of Castles, a turn of Robber Knights): the end
    holds the longest texts, the middle a round's dice, goods and due line."""
    return [None, "C3" if "castles" in str(path) else "T12"]


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> dict[str, dict]:
    """Every picture drawn into one folder and measured in one Chromium: its report by file name."""
    need_chromium()
    folder = tmp_path_factory.mktemp("layout")
    for path in PLAYED:
        for at in _steps(path):
            try:
                svg = board_svg(str(path), at)
            except UsageError:  # (a record that stops before that step)
                continue
            (folder / f"{path.stem}-{at or 'end'}.svg").write_text(svg)
        (folder / f"{path.stem}-chart.svg").write_text(chart_svg(chart_series(str(path))))
        if "[final]" not in path.read_text():  # (a result-only record: no board)
            (folder / f"{path.stem}-column.svg").write_text(game_pictures(str(path))[2])
    longest = _longest_knights_panel()
    (folder / "knights-longest-lines.svg").write_text(picture(longest, "red, blue, yellow, green (after T12)"))
    (folder / "knights-longest-lines-column.svg").write_text(column_picture(longest, "red, blue, yellow, green"))
    day = dt.date(2026, 1, 1)
    labels = [f"game {n}" for n in range(1, 14)] + [str(day + dt.timedelta(days=3 * n)) for n in range(15)]
    values = {name: [float((n * (seat + 3)) % 11) for n in range(len(labels))]
              for seat, name in enumerate(("Anna", "Ben", "Cara", "Dario"))}
    for count in range(len(labels) - 5, len(labels) + 1):  # (where the last label lands varies with the count)
        (folder / f"ratings-{count}.svg").write_text(
            rating_chart_svg("Ratings over time", labels[:count], {n: v[:count] for n, v in values.items()}))
    pictures = sorted(path.name for path in folder.glob("*.svg"))
    return {Path(entry["src"]).name: entry for entry in measure(folder, pictures, LAYOUT)}


#: The longest name a record takes: 40 letters, no space.
LONG_NAME = "MaximilianeWilhelminaVonHohenzollernEtAl"


def _longest_knights_panel() -> dict:
    """A four-player Robber Knights position (``playout-4-players`` after T12) whose panel has
    the longest lines it can print: "red" renamed to a 40-letter name, and every hand two
    "village-forest" tiles (the longest tile name), 27 knights left and a pile of 15."""
    position = json.loads(json.dumps(position_json(str(RECORDS / "robber-knights" / "playout-4-players.toml"), "T12"))
                          .replace('"red"', json.dumps(LONG_NAME)))
    for player in position["players"]:
        player.update(hand=["village-forest", "village-forest"], knights_left=27, pile=15)
    return position


def test_chart_axis_labels_keep_apart(drawn) -> None:
    """The ratings chart of a results website wrote its last date over the one before it
    ("2026-01-132026-01-22"), and its dates over each other wherever the games came close."""
    charts = {name: entry["overlapping"] for name, entry in drawn.items() if "chart" in name or "ratings" in name}
    assert len(charts) > 20
    assert {name: pairs for name, pairs in charts.items() if pairs} == {}


def test_board_texts_do_not_run_into_each_other(drawn) -> None:
    """Six-letter tile names in neighbouring hexes ran together ("CHURCHMARKET" in the
    3-player 2019 game, "CHURCHCHURCH" in the game of all modules)."""
    boards = {name: entry["overlapping"] for name, entry in drawn.items() if "chart" not in name
              and "ratings" not in name}
    assert len(boards) > 60
    assert {name: pairs for name, pairs in boards.items() if pairs} == {}


def test_every_castles_game_has_its_one_column_board_measured(drawn) -> None:
    """The phone's form of a Castles board (``column_picture``) is among the pictures measured
    by the two tests around this one, one for every shipped Castles game played."""
    columns = [name for name in drawn if name.endswith("-column.svg")]
    assert len(columns) >= 12 and "complete-4p-2019-team-column.svg" in columns
    assert "complete-1p-2019-solo-column.svg" in columns


def test_the_robber_knights_players_lines_are_measured_at_their_longest(drawn) -> None:
    """The desktop picture printed each player's supplies ("27 knights left, pile 15, hand
    village-forest, town-plain") in 8-pixel text, too small to read; at the picture's 10 pixels
    the longest ran past the picture's right edge. They now wrap (the hand on a line of its
    own): the position of the longest lines, in both forms, is among the pictures the tests
    around this one measure, and every Robber Knights board's phone form is too."""
    assert {"knights-longest-lines.svg", "knights-longest-lines-column.svg",
            "playout-4-players-column.svg"} <= set(drawn)
    svg = picture(_longest_knights_panel(), "red, blue, yellow, green")
    assert "hand village-forest, village-forest" in svg and LONG_NAME[:20] in svg
    style = svg.split("<style>")[1].split("</style>")[0]
    assert min(float(size) for size in re.findall(r"font-size:([\d.]+)px", style)) >= 9, style   # none under 9 px


def test_board_texts_stay_in_their_boxes_and_the_picture(drawn) -> None:
    """A two-player trade route of 15 spaces ran off the right of the picture; twelve
    knowledge tiles of a team ran out of the team's block; the solo duchy's panel ran out of
    its player's block."""
    assert {name: (entry["outside"], entry["overflowing"]) for name, entry in drawn.items()
            if entry["outside"] or entry["overflowing"]} == {}


def test_castles_panel_and_notes_are_in_the_pictures_own_9_pixels() -> None:
    """A duchy's VP by category, its knowledge tiles, dice, goods sold, the notes under the
    depots (the shields, the inns, the solo game) and a duchy's provenance were in 7-pixel text
    (``.small``), too small to read; they are now the picture's own 9 pixels, wrapped to the
    panel (the tests above measure that nothing runs into another or out of its block). The
    labels inside the hexes are 9 pixels too, as drawn: the maps are enlarged
    (``test_a_desktop_pictures_text_is_9_pixels_at_least``)."""
    svg = board_svg(str(RECORDS / "castles-of-burgundy" / "complete-4p-2019-all-modules.toml"))
    style = svg.split("<style>")[1].split("</style>")[0]
    sizes = dict(re.findall(r"(?:^|\})(text|\.[\w-]+)\{[^}]*?font-size:([\d.]+)px", style))
    assert float(sizes[".small"]) >= float(sizes["text"]) == 9, sizes
    small = re.findall(r'class="small">([^<]*)<', svg)
    assert any(text.startswith("monastery tiles: ") for text in small) and any(text.startswith("shields on depots") for text in small)
    assert any(text.startswith("goods sold") for text in small) and any(text.startswith("areas ") for text in small)


def test_a_duchys_provenance_is_cut_only_where_its_block_has_no_room() -> None:
    """A border-post duchy's provenance, under its panel, was cut at three lines: at 9 pixels
    "confidence: not a printed duchy", the note's last words, was lost. It now takes the room
    under the panel (cut, with "...", only where the block ends first)."""
    svg = board_svg(str(RECORDS / "castles-of-burgundy" / "complete-3p-2019-border-posts.toml"))
    notes = re.findall(r'class="small">([^<]*)<', svg)
    for stand_in in ("duchy stand-in-10:", "duchy stand-in-5:"):
        start = next(i for i, text in enumerate(notes) if text.startswith(stand_in))
        note = " ".join(notes[start:start + 5])
        assert "confidence: not a printed duchy" in note and "..." not in note, note


def test_a_desktop_pictures_text_is_9_pixels_at_least(drawn) -> None:
    """The desktop picture of a Castles board (``show --svg``) drew the labels in its hexes at
    6.5-7.5 pixels (a depot's and a storage space's 6, a trade route's 8, a shield's number 8.5),
    too small to read. Its duchies' hexes are now enlarged as the phone's are (to a circumradius
    of 26 pixels: the team board, the solo game's duchy of islands, the shields and the border
    posts with them), its storage spaces and depots' hexes to 24, and none of its texts -- the
    hex labels included, measured as the tests above measure them -- is drawn under 9 pixels,
    nor is any of a Robber Knights board's, at its end and after some of its rounds or turns."""
    boards = {name: entry for name, entry in drawn.items()
              if not name.endswith(("-column.svg", "-chart.svg")) and not name.startswith("ratings-")}
    assert len(boards) > 40 and "complete-4p-2019-team-end.svg" in boards and "complete-1p-2019-solo-end.svg" in boards
    assert {"complete-3p-2019-trade-routes-end.svg", "complete-4p-2019-shields-end.svg"} <= set(boards)
    assert {name: entry["small"] for name, entry in boards.items() if entry["small"]} == {}


def test_a_robber_knights_boards_knights_are_large_enough_to_tell_apart(drawn) -> None:
    """On a phone a four-player Robber Knights map is scaled to 0.575, and its knights were
    dots 7.5 pixels across (the one on top; those under it 5.75), told apart by colour alone.
    The knight on top of each tile is now drawn enlarged as the badge is, 11 pixels across or
    more (in its player's shape, with the count of those under it: test_pictures.py), and at
    its own size on the desktop picture (12)."""
    knights = {name: entry["knight"] for name, entry in drawn.items()
               if name.startswith(("playout-", "end-2-players", "knights-")) and "chart" not in name}
    assert "playout-4-players-column.svg" in knights and "playout-4-players-end.svg" in knights
    assert {name: size for name, size in knights.items() if size is None or size < 10.9} == {}


def test_a_phones_picture_fits_a_phone_and_its_text_is_9_pixels_at_least(drawn) -> None:
    """On a phone the hex labels of a Castles board were 6.5-7.5 pixels (a depot's and a storage
    space's 6), the Robber Knights map's coordinates and badges about 5 (a four-player map
    scaled to 0.575), too small to read; and the team game's board was 494 pixels across, wider
    than a phone. Every phone form (``-column``) is now at most 360 pixels wide and none of its
    texts is drawn under 9 pixels -- except the labels in the hexes of the solo game's duchy of
    islands, nine spaces and a river across: they are enlarged only as far as the column
    allows (7.1-7.6 pixels; they were 6.5-7.5), where a larger six-letter label would run into
    its neighbour's."""
    columns = {name: entry for name, entry in drawn.items() if name.endswith("-column.svg")}
    assert len(columns) >= 20 and "complete-4p-2019-team-column.svg" in columns
    assert {name: entry["width"] for name, entry in columns.items() if entry["width"] > 360} == {}
    islands = columns.pop("complete-1p-2019-solo-column.svg")
    assert {name: entry["small"] for name, entry in columns.items() if entry["small"]} == {}
    assert islands["small"] and min(size for _, size in islands["small"]) >= 7, islands["small"]
