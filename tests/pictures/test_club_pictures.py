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
    assert wrap("averyverylongword x", 5) == ["averyverylongword", "x"]


def test_trade_route_chips_are_readable_at_normal_size() -> None:
    svg = board_svg(str(CASTLES / "complete-3p-2019-trade-routes.toml"))
    root = ET.fromstring(svg)
    chips = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "route"]
    assert chips and all(float(r.get("width")) >= 20 and float(r.get("height")) >= 16 for r in chips)
    css = root.find(f"{SVG}style").text
    assert ".route-label{font-size:8px" in css


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
