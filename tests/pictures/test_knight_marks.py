"""A Robber Knights board's knights told apart without colour: each player's knights in a shape
of their own (the charts' markers, the pictures' colour-blind-safe convention), and on a phone,
where the map is scaled down, the knight on top of a tile with the count of those under it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from burgundy_cli.core.pictures import position_json
from burgundy_cli.core.svg import MARKERS
from burgundy_cli.robber_knights.svg import column_picture, picture
from tests.conftest import RECORDS

SVG = "{http://www.w3.org/2000/svg}"
FOUR = str(RECORDS / "robber-knights" / "playout-4-players.toml")


def _shape(d: str) -> tuple:
    """A mark's shape whatever its place and size: its corners relative to its box (a circle,
    drawn as two arcs, is "circle")."""
    if "a" in d:
        return ("circle",)
    points = [tuple(map(float, pair.split())) for pair in re.split("[ML]", d.rstrip("Z")) if pair]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return tuple((round((x - min(xs)) / (max(xs) - min(xs)), 1), round((y - min(ys)) / (max(ys) - min(ys)), 1))
                 for x, y in points)


def _marks(svg: str, cls: str) -> list[tuple[str, tuple]]:
    """Each knight mark of class ``cls`` as (its colour, its shape), in the order drawn."""
    return [(path.get("fill"), _shape(path.get("d"))) for path in ET.fromstring(svg).iter(f"{SVG}path")
            if path.get("class") == cls]


def test_each_players_knights_have_a_shape_of_their_own_in_both_forms() -> None:
    """The knights were circles told apart by colour alone (a 4-player map on a phone: dots of
    one or two pixels' difference in hue). Each player's knights, and the mark beside their name,
    are now in their own shape, a chart's marker by seat (circle, square, triangle, diamond)."""
    position = position_json(FOUR)
    knights = sum(len(tile["knights"]) for tile in position["tiles"])
    for svg, drawn in ((picture(position, "four"), knights),                              # every knight
                       (column_picture(position, "four"), sum(1 for t in position["tiles"] if t["knights"]))):
        marks = _marks(svg, "knight top") + _marks(svg, "knight")
        assert len(marks) == drawn + 4   # (the knights drawn, and one mark beside each player's name)
        shapes: dict[str, set] = {}
        for colour, shape in marks:
            shapes.setdefault(colour, set()).add(shape)
        assert len(shapes) == 4 and all(len(one) == 1 for one in shapes.values()), shapes
        assert len({shape for one in shapes.values() for shape in one}) == 4 == len(MARKERS[:4])


def test_on_a_phone_a_tile_shows_its_top_knight_and_how_many_are_under_it() -> None:
    """On a phone the knights of a tile were a row of dots 3-4 pixels across; a stack of four
    filled the tile. Each tile now shows its top knight, enlarged as its badge is, and "+3" for
    the knights under it, in the 9-pixel count of the key ("+2: two more under it")."""
    position = position_json(FOUR)
    svg = column_picture(position, "four")
    tops = _marks(svg, "knight top")
    stacks = [tile["knights"] for tile in sorted(position["tiles"], key=lambda t: (int(t["cell"][1:]), t["cell"][0]))
              if tile["knights"]]
    colours = dict((name, colour) for (colour, _), name in zip(_marks(svg, "knight")[-4:],
                                                               [p["name"] for p in position["players"]]))
    assert [colour for colour, _ in tops] == [colours[stack[0]] for stack in stacks]
    counts = re.findall(r'class="knight-count enlarged">\+(\d)<', svg)
    assert sorted(map(int, counts)) == sorted(len(stack) - 1 for stack in stacks if len(stack) > 1)
    assert "+2: two more under it" in svg
