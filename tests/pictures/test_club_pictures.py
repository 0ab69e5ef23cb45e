"""Pictures a club can post (issue 35, items 10 and 11): shields on their castles, a status
line and title that wrap, the title from the record's header, readable trade-route chips,
and a chart whose last round is the VP from play and whose final step is the final scoring."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from burgundy_cli.castles.views.svg import STATUS_CHARS, picture
from burgundy_cli.core.pictures import board_svg, chart_series, position_json
from burgundy_cli.core.svg import wrap
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"
SHIELDS = CASTLES / "complete-4p-2019-shields.toml"
SVG = "{http://www.w3.org/2000/svg}"


def _texts(svg: str, cls: str) -> list[str]:
    return [node.text or "" for node in ET.fromstring(svg).iter(f"{SVG}text") if node.get("class") == cls]


def test_each_shield_is_drawn_on_its_castle() -> None:
    position = position_json(str(SHIELDS))
    held = {n for spaces in position["shields"]["castles"].values() for n in spaces.values()}
    assert held, "the record's players hold shields"
    svg = board_svg(str(SHIELDS))
    root = ET.fromstring(svg)
    assert len([p for p in root.iter(f"{SVG}polygon") if p.get("class") == "shield"]) == len(held)
    assert sorted(map(int, _texts(svg, "shield-label"))) == sorted(held)


def test_the_title_is_date_place_and_players_never_the_path(tmp_path) -> None:
    record = tmp_path / "typed" / "path.toml"
    record.parent.mkdir()
    text = (CASTLES / "complete-2p-2011.toml").read_text()
    record.write_text(text.replace('[game]\n', '[game]\ndate = 2026-03-12\nplace = "Café <Zum Löwen>"\n', 1))
    svg = board_svg(str(record))
    assert _texts(svg, "title") == ["2026-03-12 · Café <Zum Löwen> · Anna, Ben"]
    assert "typed" not in svg and "&lt;Zum" in svg
    assert chart_series(str(record))["title"] == "2026-03-12 · Café <Zum Löwen> · Anna, Ben"
    assert board_svg(str(record), "C3").count("(after C3)") == 2  # <title> and the drawn title


def test_a_long_status_line_wraps_instead_of_running_off() -> None:
    position = json.loads(json.dumps(position_json(str(SHIELDS))).replace('"Anna"', f'"Anna {"von " * 25}Burgund"'))
    svg = picture(position, "a title")
    status = _texts(svg, "heading")[:3]
    assert len(_texts(picture(position_json(str(SHIELDS)), "t"), "heading")[0]) < STATUS_CHARS
    assert "final scoring" in status[0] and "winner Dario" in " ".join(status)
    assert all(len(line) <= STATUS_CHARS for line in status)
    height = float(ET.fromstring(svg).get("height"))
    assert height > float(ET.fromstring(picture(position_json(str(SHIELDS)), "t")).get("height"))


def test_wrap_breaks_between_words() -> None:
    assert wrap("aa bb cc dd", 5) == ["aa bb", "cc dd"]
    # a word longer than a line is cut a line at a time: a 40-letter name without a space ran
    # past the edge of a phone's chart (its title) and of the Robber Knights panel
    assert wrap("averyverylongword x", 5) == ["avery", "veryl", "ongwo", "rd x"]


def test_trade_route_chips_are_readable_at_normal_size() -> None:
    svg = board_svg(str(CASTLES / "complete-3p-2019-trade-routes.toml"))
    root = ET.fromstring(svg)
    chips = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "route"]
    assert chips and all(float(r.get("width")) >= 20 and float(r.get("height")) >= 16 for r in chips)
    css = root.find(f"{SVG}style").text
    assert ".route-label{font-size:9px" in css   # (the picture's own 9 pixels; they were 8)


def test_the_chart_keeps_end_of_game_vp_for_the_final_column() -> None:
    series = chart_series(str(SHIELDS))
    position = position_json(str(SHIELDS))
    assert series["steps"][-2:] == ["E5", "final"]
    during_play = {player["name"]: player["vp"] for player in position["players"]}
    totals = {line["name"]: line["total"] for line in position["score"]["players"]}
    assert {name: vp[-2] for name, vp in series["vp"].items()} == during_play
    assert {name: vp[-1] for name, vp in series["vp"].items()} == totals
    assert any(line["breakdown"]["shields"] for line in position["score"]["players"])


def test_chart_prints_a_table_by_round_and_json_on_request(cli) -> None:
    table = cli("chart", str(SHIELDS))
    assert table.exit_code == 0
    lines = table.stdout.splitlines()
    assert lines[1].split() == ["round", "Anna", "Ben", "Cara", "Dario"]
    assert lines[-3].split() == ["E5", "84", "80", "82", "108"]
    assert lines[-2].split() == ["final", "105", "110", "115", "129"]
    assert lines[-1] == "winner: Dario"
    data = json.loads(cli("chart", str(SHIELDS), "--json").stdout)
    assert data["vp"]["Anna"][-2:] == [84, 105]


def test_the_picture_says_what_lies_beside_the_black_depot_and_the_solo_counter() -> None:
    """``show`` prints the inns left beside the black depot and the solo game's VP counter,
    target and resets; the picture left both out."""
    modules = " ".join(_texts(board_svg(str(CASTLES / "complete-4p-2019-all-modules.toml")), "small"))
    assert "beside the black depot: 4 inn" in modules
    solo = " ".join(_texts(board_svg(str(CASTLES / "complete-1p-2019-solo.toml")), "small"))
    assert "solo game: VP counter 18, target 30, 4 resets, 25 tiles removed by the rounds" in solo


def _shape(d: str) -> str:
    """Which marker a path draws, wherever it is: a circle's arcs, else its corners (4: a square
    whose first edge is level, or a diamond; 3: a triangle pointing up or down; 12: a cross)."""
    import re

    if "a" in d:
        return "circle"
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    xs, ys = numbers[0::2], numbers[1::2]
    if len(xs) == 4:
        return "square" if abs(ys[0] - ys[1]) < .2 else "diamond"
    if len(xs) == 3:
        return "triangle" if ys[0] < ys[1] else "triangle-down"
    return {12: "cross"}[len(xs)]


def test_every_player_of_a_big_club_has_a_line_of_their_own_and_the_legend_says_which() -> None:
    """The ratings chart of a club of 15 (one named "red"): beyond four players the colours
    came from a list in which the fifth repeated no one's but "red" was drawn in a seat's
    blue, and past 16 they came round again. Now each player's (colour, dash, marker) is
    theirs alone, a player named after a colour has it and no one else does, and the
    legend's line and marker for a name are those of that name's line."""
    from burgundy_cli.core.chart import rating_chart_svg
    from burgundy_cli.core.svg import NAMED_COLOURS

    names = ["Anna", "Ben", "Cara", "Dario", "Eva", "Finn", "Greta", "Hugo", "Ida", "Jon", "Kai", "Lena", "Mo",
             "red", "Olga"]
    labels = [f"2026-02-{day:02d}" for day in range(1, 21)]
    series = {name: [None if day < seat else 1.0 + seat * .7 + day * .1 for day in range(20)]
              for seat, name in enumerate(names)}
    root = ET.fromstring(rating_chart_svg("Ratings over time", labels, series))
    # in the order drawn: each line, then its markers; then the legend's line, marker, name
    drawn: list[list] = []   # per player: colour, dash, marker shapes
    legend: list[tuple] = []  # (line, marker)
    for node in root.iter():
        tag, cls = node.tag.removeprefix(SVG), node.get("class")
        if tag == "polyline":
            drawn.append([node.get("stroke"), node.get("stroke-dasharray") or "", set()])
        elif tag == "line" and cls == "series":
            legend.append((node, None))
        elif tag == "path" and cls == "marker":
            if legend:
                legend[-1] = (legend[-1][0], node)
            else:
                drawn[-1][2].add(_shape(node.get("d")))
    legend_names = [n.text.rsplit(" ", 1)[0] for n in root.iter(f"{SVG}text") if n.get("class") is None][-len(names):]
    assert len(drawn) == len(legend) == len(names)
    style = {name: (colour, dash, frozenset(shapes)) for name, (colour, dash, shapes) in zip(names, drawn)}
    assert all(len(shapes) == 1 for _, _, shapes in style.values())   # one marker a player, all along
    assert len(set(style.values())) == len(names)
    assert len({colour for colour, _, _ in style.values()}) == 12   # every colour in use before one repeats
    assert style["red"][0] == NAMED_COLOURS["red"]
    assert [n for n, (colour, _, _) in style.items() if colour == NAMED_COLOURS["red"]] == ["red"]
    for name, (line, mark) in zip(legend_names, legend):
        colour, dash, shapes = style[name]
        assert (line.get("stroke"), line.get("stroke-dasharray") or "") == (colour, dash), name
        assert mark.get("fill") == colour and _shape(mark.get("d")) in shapes, name
    # two players sharing a colour never share a marker
    by_colour: dict[str, list[tuple]] = {}
    for colour, dash, shapes in style.values():
        by_colour.setdefault(colour, []).append(shapes)
    assert all(len(set(marks)) == len(marks) for marks in by_colour.values())


def test_a_player_named_after_a_colour_keeps_it_beside_players_who_are_not() -> None:
    """``Anna`` at the first seat took the seat's red, and ``red`` beside her was drawn in blue."""
    from burgundy_cli.core.svg import NAMED_COLOURS, SEAT_COLOURS, player_colours

    assert player_colours(["Anna", "red"]) == [SEAT_COLOURS[1], NAMED_COLOURS["red"]]
    assert player_colours(["Anna", "Ben", "Cara", "Dario"]) == list(SEAT_COLOURS)   # (pictures unchanged)
    assert player_colours(["red", "blue", "green", "yellow"]) == [NAMED_COLOURS[c] for c in
                                                                    ("red", "blue", "green", "yellow")]


def test_a_player_named_yellow_and_a_seat_of_yellow_are_never_both_drawn() -> None:
    """Players "Anna", "Ben", "Cara", "yellow": Cara, at the seat of yellow, was drawn in the
    seat's yellow (#d4a017) and the player named yellow in another yellow (#e0b400) beside her:
    two knights, two lines of a chart, that could not be told apart. A named colour is now the
    palette's own, so naming it takes it from the seat."""
    from burgundy_cli.core.svg import NAMED_COLOURS, SEAT_COLOURS, player_colours

    yellows = {SEAT_COLOURS[2], NAMED_COLOURS["yellow"]}
    for seat in range(4):
        names = ["Anna", "Ben", "Cara", "Dario"]
        names[seat] = "yellow"
        colours = player_colours(names)
        assert len(set(colours)) == 4 and [c for c in colours if c in yellows] == [colours[seat]], (names, colours)
    assert player_colours(["Anna", "Ben", "Cara", "yellow"])[2] == SEAT_COLOURS[3]


def test_a_ratings_chart_of_one_rated_game_draws_it_in_the_middle_and_says_so() -> None:
    """A club with one rated game: every point, its tick and its label sat on the chart's left
    edge, on the y axis. They are now in the middle of the plot, and the axis says there is
    one rated game so far."""
    from burgundy_cli.core.chart import LEFT, rating_chart_svg

    root = ET.fromstring(rating_chart_svg("Ratings over time", ["2026-03-01"], {"Anna": [2.5], "Ben": [-1.5]}))
    frame = next(n for n in root.iter(f"{SVG}line") if n.get("class") == "frame" and n.get("x1") == n.get("x2")
                 and float(n.get("y2")) - float(n.get("y1")) > 100)   # the y axis
    right = max(float(n.get("x2")) for n in root.iter(f"{SVG}line") if n.get("class") == "grid")
    middle = (LEFT + right) / 2
    assert float(frame.get("x1")) == LEFT
    marks = [n for n in root.iter(f"{SVG}path") if n.get("class") == "marker"][:2]   # (then the legend's)
    assert len(marks) == 2
    for mark in marks:
        x = float(mark.get("d").split()[0].lstrip("M").split(",")[0])
        assert abs(x - middle) < 8, mark.get("d")
    label = next(n for n in root.iter(f"{SVG}text") if n.text == "2026-03-01")
    assert float(label.get("x")) == middle
    assert "one rated game so far; rating = mu - 3 sigma" in [n.text for n in root.iter(f"{SVG}text")]


def test_a_robber_knights_board_has_a_phone_form_as_wide_as_a_screen_its_text_larger() -> None:
    """A results website gave a phone the 714-pixel (four players: 882) desktop picture shrunk
    to 560 pixels, its key's 8-pixel text read at about 6. Its phone form is 360 pixels wide:
    every tile of the map, scaled to that width, the players and the key under it, no text
    under 10 pixels outside the tiles; the desktop picture is the same as before (snapshots)."""
    import re

    from burgundy_cli.core.pictures import game_pictures

    for record in ("playout-2-players.toml", "playout-4-players.toml"):
        path = str(RECORDS / "robber-knights" / record)
        board, _, column = game_pictures(path)
        assert column is not None
        root = ET.fromstring(column)
        assert float(root.get("width")) == 360
        tiles = [n for n in root.iter(f"{SVG}rect") if (n.get("class") or "").startswith("tile ")]
        assert len(tiles) == len([n for n in ET.fromstring(board).iter(f"{SVG}rect")
                                  if (n.get("class") or "").startswith("tile ")])
        sizes = dict(re.findall(r"\.(title|heading|small|axis)\{font-size:(\d+)px", column.split("</style>")[0]))
        assert all(int(size) >= 10 for size in sizes.values()), sizes
        texts = [n.text for n in root.iter(f"{SVG}text")]
        assert "key" in texts and any(t.endswith("(rank 1)") for t in texts)
        bottom = max(float(n.get("y")) for n in root.iter(f"{SVG}text"))
        assert bottom < float(root.get("height")) - 4


def test_the_robber_knights_key_is_as_large_as_the_pictures_other_text() -> None:
    """The desktop picture's key -- the terrains, what the badges mean, how knights and
    stripes read -- was in 8-pixel text (``.small``), smaller than the picture's own 10-pixel
    text and its 9-pixel axis labels: too small to read. It is now 10 pixels (``.key``), the
    terrains two a row so that "mountains" keeps clear of the next swatch; that no text runs
    into another or out of the picture is measured in Chromium by tests/pictures/test_layout.py."""
    import re

    lines = {"C 1 castle, V 2 village, T 3 town (points)", "knights left to right, top first (ringed),",
             "each in its player's colour and shape;", "the stripe at the foot: whose tile it was"}
    for record in ("playout-2-players.toml", "playout-4-players.toml"):
        svg = board_svg(str(RECORDS / "robber-knights" / record))
        style = svg.split("<style>")[1].split("</style>")[0]
        sizes = {name: int(size) for name, size in re.findall(r"(?:^|\})\.?([\w-]+)\{[^}]*font-size:(\d+)px", style)}
        key = {node.text: node.get("class") for node in ET.fromstring(svg).iter(f"{SVG}text")
               if node.text in {"plain", "forest", "mountains", "lake", *lines}}
        assert len(key) == 8, key
        for text, cls in key.items():
            assert sizes[cls] >= max(sizes["text"], sizes["axis"]), (text, cls, sizes)


def test_the_games_of_one_evening_are_dated_once_under_the_ratings_chart() -> None:
    """A tournament day rates every game of one date: its x axis said "2026-04-18" under each
    of the six games. The ticks stay; the date is said under the first of them, and again
    where the next day begins."""
    from burgundy_cli.core.chart import rating_chart_svg

    labels = ["2026-04-18"] * 6 + ["2026-04-25"] * 2
    root = ET.fromstring(rating_chart_svg("Ratings over time", labels,
                                          {"Anna": [float(i) for i in range(8)], "Ben": [1.0] * 8}))
    dates = [n.text for n in root.iter(f"{SVG}text") if n.get("class") == "axis x" and n.text.startswith("2026")]
    assert dates == ["2026-04-18", "2026-04-25"]
    ticks = [n for n in root.iter(f"{SVG}line") if n.get("class") == "frame" and n.get("x1") == n.get("x2")
             and float(n.get("y2")) - float(n.get("y1")) == 4]
    assert len(ticks) > len(dates)   # (the ticks of the evening's later games, unlabelled)
