"""SVG pictures and charts: deterministic text (snapshots), well-formed XML for every
shipped record, drawn once by a real renderer (cairosvg), and the positions and steps
they show checked against the referee's own replay."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest

from burgundy_cli.core.chart import chart_svg, vp_axis
from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.pictures import Timeline, board_svg, chart_series, position_json
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"
KNIGHTS = RECORDS / "robber-knights"
ALL = sorted(RECORDS.glob("*/*.toml"))
SVG = "{http://www.w3.org/2000/svg}"


def _relative(path) -> str:
    return str(path.relative_to(RECORDS.parent))


@pytest.fixture(autouse=True)
def _from_root(monkeypatch):
    """Titles name the record as given: run from the repository root for stable snapshots."""
    monkeypatch.chdir(RECORDS.parent)


@pytest.mark.parametrize("record", [
    "castles-of-burgundy/complete-2p-2011.toml", "castles-of-burgundy/opening-3p-2019.toml",
    "robber-knights/playout-3-players.toml"])
def test_board_picture_text_is_stable(record, snapshot) -> None:
    assert board_svg(f"records/{record}") == snapshot


@pytest.mark.parametrize("record", ["castles-of-burgundy/complete-3p-2019.toml", "robber-knights/playout-2-players.toml"])
def test_chart_text_is_stable(record, snapshot) -> None:
    assert chart_svg(chart_series(f"records/{record}")) == snapshot


def test_a_picture_at_a_round_is_stable(snapshot) -> None:
    assert board_svg("records/castles-of-burgundy/complete-2p-2011.toml", "C3") == snapshot


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_record_draws_well_formed_svg(path) -> None:
    root = ET.fromstring(board_svg(_relative(path)))
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}style") is not None
    shapes = [e for e in root.iter() if e.tag in (f"{SVG}polygon", f"{SVG}rect", f"{SVG}circle")]
    assert len(shapes) > 20


@pytest.mark.parametrize("path", [p for p in ALL if "rulebook" not in p.name and "example" not in p.name],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_played_record_charts_well_formed_svg(path) -> None:
    root = ET.fromstring(chart_svg(chart_series(_relative(path))))
    lines = [e for e in root.iter(f"{SVG}polyline")]
    assert len(lines) == len(open_record(path).header.players)


@pytest.mark.parametrize("kind", ["castles board", "knights board", "chart"])
def test_a_real_renderer_draws_each_kind(kind) -> None:
    """cairosvg (with the system's libcairo) turns each kind of picture into pixels: a picture
    that does not draw, or draws blank, fails here."""
    cairosvg = pytest.importorskip("cairosvg")
    svg = {"castles board": lambda: board_svg("records/castles-of-burgundy/complete-4p-2011.toml"),
           "knights board": lambda: board_svg("records/robber-knights/playout-4-players.toml"),
           "chart": lambda: chart_svg(chart_series("records/castles-of-burgundy/complete-4p-2011.toml"))}[kind]()
    png = cairosvg.svg2png(bytestring=svg.encode())
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert width > 400 and height > 300
    # a drawn picture compresses far worse than a blank page of the same size
    blank = cairosvg.svg2png(bytestring=(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
                                         f'height="{height}"/>').encode())
    assert len(png) > 10 * len(blank)


def test_the_position_json_is_the_replays_position() -> None:
    record = CASTLES / "complete-3p-2019.toml"
    position = position_json(str(record))
    table = open_record(record).score().to_json()
    assert position["score"] == table
    assert position["due"]["kind"] == "over"
    for player in position["players"]:
        assert [space["space"] for space in player["duchy"]][:4] == ["a1", "a2", "a3", "a4"]
        assert len(player["duchy"]) == 37
        assert sum(player["vp_by_category"].values()) == player["vp"]


def test_the_knights_position_json_lists_stacks_top_first() -> None:
    position = position_json(str(KNIGHTS / "playout-2-players.toml"))
    session = open_record(KNIGHTS / "playout-2-players.toml")
    names = [p.name for p in session.state.players]
    for tile in position["tiles"]:
        row, col = int(tile["cell"][1:]) - 1, ord(tile["cell"][0]) - 97
        space = session.state.board[(row, col)]
        assert tile["knights"] == [names[k] for k in reversed(space.knights)]


def test_at_the_last_line_or_step_is_the_end_of_the_record() -> None:
    record = str(CASTLES / "complete-2p-2011.toml")
    end = position_json(record)
    last_line = max(Timeline(record).line_of(path) for path in Timeline(record).paths)
    assert position_json(record, str(last_line)) == end
    assert position_json(record, "E5") == end
    assert position_json(record, "e5") == end


def test_at_a_round_is_the_position_the_record_reaches_there() -> None:
    """--at C3 equals replaying the record with its log cut after round C3."""
    import tomllib

    import tomli_w

    from burgundy_cli.castles.views.svg import position_data
    from burgundy_cli.core.record import parse_record_text
    from burgundy_cli.core.session import open_doc

    record = CASTLES / "complete-2p-2011.toml"
    data = tomllib.loads(record.read_text("utf-8"))
    keys = list(data["log"])
    data["log"] = {key: data["log"][key] for key in keys[:keys.index("C3") + 1]}
    data.pop("result")
    cut = open_doc(parse_record_text(tomli_w.dumps(data), "cut.toml"))
    assert position_json(str(record), "C3") == position_data(cut.state)


def test_at_an_unknown_step_is_a_usage_error_naming_the_steps() -> None:
    with pytest.raises(UsageError) as caught:
        position_json(str(KNIGHTS / "playout-2-players.toml"), "C3")
    assert "T1.." in str(caught.value.hint)


def test_castles_chart_has_every_round_then_the_final_scoring() -> None:
    record = CASTLES / "complete-2p-2011.toml"
    series = chart_series(str(record))
    rounds = [f"{phase}{n}" for phase in "ABCDE" for n in range(1, 6)]
    assert series["steps"] == ["start", *rounds, "final"]
    table = open_record(record).score()
    for line in table.players:
        values = series["vp"][line.name]
        assert values[-1] == line.total
        end = sum(v for k, v in line.breakdown.items() if k.startswith("end-") or k == "knowledge-tiles")
        assert values[-2] == line.total - end
        assert values == sorted(values)  # VP only ever grow in this game


def test_knights_chart_has_a_step_per_turn() -> None:
    record = KNIGHTS / "playout-2-players.toml"
    series = chart_series(str(record))
    moves = open_record(record).record_data()["play"]["moves"]
    ends = sum(1 for line in moves if line.endswith(": end"))
    assert series["steps"][0] == "start" and series["steps"][-1] == "final"
    assert len(series["steps"]) - 2 >= ends
    assert series["steps"][1:-1] == [f"T{n}" for n in range(1, len(series["steps"]) - 1)]


@pytest.mark.parametrize(("value", "top", "step"), [(1, 5, 5), (13, 15, 5), (161, 180, 20), (240, 250, 25)])
def test_vp_axis_is_round(value, top, step) -> None:
    assert vp_axis(value) == (top, step)


def test_show_svg_writes_the_picture(cli, tmp_path) -> None:
    out = tmp_path / "board.svg"
    result = cli("show", str(CASTLES / "opening-2p-2011.toml"), "--svg", str(out), "--at", "A1")
    assert result.exit_code == 0, result.stderr
    ET.parse(io.StringIO(out.read_text()))
    chart = tmp_path / "chart.svg"
    assert cli("chart", str(CASTLES / "opening-2p-2011.toml"), "--svg", str(chart)).exit_code == 0
    assert ET.parse(chart).getroot().tag == f"{SVG}svg"


DOCS = RECORDS.parent / "docs" / "pictures"
DOC_PICTURES = {
    "castles-3p-end.svg": lambda: board_svg("records/castles-of-burgundy/complete-3p-2019.toml"),
    "castles-3p-after-C3.svg": lambda: board_svg("records/castles-of-burgundy/complete-3p-2019.toml", "C3"),
    "castles-3p-chart.svg": lambda: chart_svg(chart_series("records/castles-of-burgundy/complete-3p-2019.toml")),
    "castles-border-posts-end.svg": lambda: board_svg("records/castles-of-burgundy/complete-3p-2019-border-posts.toml"),
    "knights-3p-end.svg": lambda: board_svg("records/robber-knights/playout-3-players.toml"),
    "knights-3p-chart.svg": lambda: chart_svg(chart_series("records/robber-knights/playout-3-players.toml")),
}


@pytest.mark.parametrize("name", list(DOC_PICTURES))
def test_the_pictures_in_the_docs_are_what_the_tool_draws(name) -> None:
    """docs/pictures.md shows these files; regenerate them with the commands listed there."""
    assert (DOCS / name).read_text() == DOC_PICTURES[name]()


@pytest.mark.parametrize("name", ["complete-1p-2019-solo.toml", "complete-3p-2019-inns.toml",
                                  "complete-4p-2019-all-modules.toml", "complete-4p-2019-team.toml",
                                  "complete-3p-2019-trade-routes.toml"])
@pytest.mark.parametrize("at", ["B2", None])
def test_show_json_holds_what_show_prints(name, at) -> None:
    """Issue 36 item 8: "Anything `show` prints as text is in the JSON": the shields on depots,
    castles and removed, the inns beside the black depot, the solo counter, target and resets,
    the trade routes with their goods, the team's shared storage, the notes of what was trusted."""
    import re

    from burgundy_cli.castles.views.render import render

    record = str(CASTLES / name)
    data = position_json(record, at)
    state = Timeline(record).session_at(at)[0].state
    text = render(state)
    for tile, count in re.findall(r"beside the black depot: (\d+) (\S+)", text):
        assert data["beside_black_depot"][count] == int(tile)
    for depot, numbers in re.findall(r"depot (\d)\s.*shields: ([\d ]+)", text):
        assert data["shields"]["depots"][depot] == [int(n) for n in numbers.split()]
    for numbers in re.findall(r"shields removed from the game: ([\d ]+)", text):
        assert data["shields"]["removed"] == [int(n) for n in numbers.split()]
    for counter, target, resets in re.findall(r"VP counter (\d+), target (\d+), (\d+)\s+reset", text):
        assert (data["solo"]["counter"], data["solo"]["target"], data["solo"]["resets"]) == tuple(
            map(int, (counter, target, resets)))
    for player in data["players"]:
        seat = player["seat"] - 1
        if state.players[seat].shields:
            assert len(data["shields"]["castles"][player["name"]]) == len(state.players[seat].shields)
        if state.players[seat].route:
            assert [space["laid"] for space in player["route"] if space["laid"]] == state.players[seat].route_goods
        if state.teams is not None:
            assert player["shared_storage"] == state.players[seat].shared
    assert data["trusted"] == state.unverified
    assert ("solo" in data) == ("VP counter" in text) == bool(re.search(r"VP counter \d+, target \d+, \d+\s+reset", text))
    assert ("beside_black_depot" in data) == ("beside the black depot" in text)


@pytest.mark.parametrize(("record", "word"), [("complete-2p-2011.toml", "turn order track"),
                                               ("complete-3p-2019.toml", "bridge")])
def test_the_turn_order_board_has_its_editions_name(record, word) -> None:
    """2011 rules, 'Ship (blue)' 2.: "moves his playing piece on the turn order track"; 2019
    rules, 'Ship (blue)': "move your playing piece on the bridge" -- the picture names the board
    as the record's edition does, as ``show`` does."""
    root = ET.fromstring(board_svg(str(CASTLES / record)))
    headings = [text.text for text in root.iter(f"{SVG}text") if text.get("class") == "heading"]
    assert word in headings and ({"bridge", "turn order track"} - {word}).isdisjoint(headings)
