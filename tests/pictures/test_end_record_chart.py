"""``burgundy chart`` of a record scored from its end (``burgundy new --end``: an ``[end]``
table, no logged moves). Such a record has no rounds: its one step before the final scoring
is the VP track as play ended, which the chart called "start" (as if Ben had begun the game
with 52 VP) under the heading "VP after every round"."""

from __future__ import annotations

import json

from tests.conftest import RECORDS

END = RECORDS / "castles-of-burgundy" / "end-2p-2011-tie.toml"


def test_the_table_calls_the_step_the_end_of_play_not_the_start(cli) -> None:
    lines = cli("chart", str(END)).stdout.splitlines()
    assert lines[0].startswith("VP as play ended and after the final scoring: ")
    assert lines[1].split() == ["step", "Anna", "Ben"]
    assert lines[3].split() == ["end", "of", "play", "44", "52"] and lines[4].split() == ["final", "73", "73"]
    assert not any(line.startswith(("start", "round")) for line in lines)


def test_the_json_and_the_picture_say_the_same(cli, tmp_path) -> None:
    series = json.loads(cli("chart", str(END), "--json").stdout)
    assert series["steps"] == ["end of play", "final"] and series["from_end"] is True
    assert series["vp"] == {"Anna": [44, 73], "Ben": [52, 73]}
    picture = tmp_path / "end.svg"
    assert cli("chart", str(END), "--svg", str(picture)).exit_code == 0
    text = picture.read_text()
    assert ">end of play<" in text and ">start<" not in text and "after every round" not in text
    assert "scored from the end of the game, no rounds; the last step is the final scoring" in text


def test_a_robber_knights_end_told_by_its_buildings_is_no_turn_either(cli, tmp_path) -> None:
    record = tmp_path / "end.toml"
    assert cli("new", str(record), "--end", "--game", "robber-knights", "--players", "red,blue",
               "--control", "red=8 castles 3 villages,blue=6 castles 1 village 2 towns",
               "--knights", "red=5,blue=3").exit_code == 0
    lines = cli("chart", str(record)).stdout.splitlines()
    assert lines[0].startswith("points as play ended and after the final scoring: ")
    assert [line.split()[0] for line in lines[3:5]] == ["end", "final"]


def test_a_logged_game_keeps_its_rounds_and_its_start(cli) -> None:
    series = json.loads(cli("chart", str(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"),
                            "--json").stdout)
    assert series["steps"][0] == "start" and series["steps"][-1] == "final" and series["from_end"] is False
    assert cli("chart", str(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml")).stdout.startswith(
        "VP after every round: ")
