"""A chart's lines against its white plot: a player named "white" (#f4f4f4) drew a line, its
points and its legend sample that no one could see; a light colour now has a grey edge."""

from __future__ import annotations

import re

from burgundy_cli.core.chart import chart_svg, light, rating_chart_svg
from burgundy_cli.core.pictures import chart_series
from burgundy_cli.core.svg import MORE_COLOURS, NAMED_COLOURS, SEAT_COLOURS, player_colours
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
