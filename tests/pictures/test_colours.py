"""Colours a reader must tell apart: a chart's lines against its white plot (a player named
"white", #f4f4f4, drew a line, points and a legend sample that no one could see; a light colour
now has a grey edge), and a Robber Knights tile's owner stripe against its terrain."""

from __future__ import annotations

import re

from burgundy_cli.core.chart import chart_svg, light, rating_chart_svg
from burgundy_cli.core.pictures import chart_series
from burgundy_cli.core.svg import MORE_COLOURS, NAMED_COLOURS, SEAT_COLOURS, player_colours
from burgundy_cli.robber_knights import svg as knights
from tests.conftest import RECORDS


def _renamed(old: str, new: str) -> dict:
    series = chart_series(str(RECORDS / "castles-of-burgundy" / "complete-3p-2019.toml"))
    series["vp"] = {(new if name == old else name): vp for name, vp in series["vp"].items()}
    return series


def test_only_white_is_too_light_for_the_plot() -> None:
    assert [c for c in {*SEAT_COLOURS, *MORE_COLOURS, *NAMED_COLOURS.values()} if light(c)] == [NAMED_COLOURS["white"]]


def test_a_white_players_line_points_and_legend_have_an_edge() -> None:
    for phone in (False, True):
        svg = chart_svg(_renamed("Ben", "white"), phone=phone)
        white = player_colours(["white"])[0]
        line = re.search(rf'<polyline points="([^"]+)" class="series" stroke="{white}"/>', svg)
        assert line and f'<polyline points="{line.group(1)}" class="edge"/>' in svg   # the same points, under it
        assert svg.count('class="edge"') == 2                                          # the line and the legend's
        assert svg.count('class="point light"') == svg.count(f'fill="{white}"') > 10
        assert ".edge{" in svg and ".point.light" in svg


def test_a_chart_without_a_light_colour_has_no_edge() -> None:
    svg = chart_svg(_renamed("Ben", "Bea"))
    assert "edge" not in svg and "light" not in svg


def test_a_ratings_chart_edges_a_white_player_too() -> None:
    svg = rating_chart_svg("Ratings over time", ["game 1", "game 2", "game 3"],
                           {"white": [1.0, 2.0, 3.0], "Anna": [0.0, 1.5, 2.5]})
    assert svg.count('class="edge"') == 2 and 'class="marker light"' in svg
    assert "edge" not in rating_chart_svg("Ratings over time", ["game 1", "game 2"], {"Anna": [0.0, 1.0]})


def _luminance(colour: str) -> float:
    """sRGB's relative luminance of ``#rrggbb`` (WCAG)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    low, high = sorted((_luminance(a), _luminance(b)))
    return (high + 0.05) / (low + 0.05)


def test_a_knights_tiles_owner_stripe_is_edged_apart_from_every_terrain() -> None:
    """The owner's stripe at a tile's foot had no edge: green's stripe on a forest tile
    (contrast 1.3) and yellow's on a plain (1.8) were all but invisible, so whose tile it was
    could not be read. The stripe now has a dark edge, of contrast 3 at least against every
    terrain, whatever the player's colour."""
    css = knights.CSS
    edge = re.search(r"\.owner\{stroke:(#[0-9a-f]{3,6});stroke-width:([\d.]+)\}", css)
    assert edge and float(edge.group(2)) >= 0.8, css
    colour = edge.group(1) if len(edge.group(1)) == 7 else "#" + "".join(c * 2 for c in edge.group(1)[1:])
    terrains = dict(re.findall(r"\.(plain|forest|mountains|lake)\{fill:(#[0-9a-f]{6})\}", css))
    assert len(terrains) == 4
    assert {name: round(_contrast(colour, fill), 1) for name, fill in terrains.items()
            if _contrast(colour, fill) < 3} == {}
    assert _contrast(NAMED_COLOURS["green"], terrains["forest"]) < 1.5   # (why the edge is needed)
