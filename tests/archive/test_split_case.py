"""``stats --by event`` and ``--by place`` put a tournament's games in one group whatever the
case its score pads write the event and place in, as ``--event`` and ``--place`` match them
and the site gives an event one page (docs/archive.md, "Splits"); the group is named as its
first game spells it. "Winter Cup" and "winter cup" had been two groups, the standings of
one tournament cut in two. Both engines, and both ways of summing (by the database, and game
by game when ``--best`` is asked)."""

from __future__ import annotations

import json

import pytest


def _pads(cli, folder) -> None:
    pads = [("r1-t1", "Anna=150,Ben=120", "2026-12-05", "Winter Cup", "Club hall"),
            ("r2-t1", "Anna=110,Ben=130", "2026-12-06", "winter cup", "club hall"),
            ("r3-t1", "Anna=100,Ben=90", "2026-12-07", "WINTER CUP", "CLUB HALL")]
    for name, scores, date, event, place in pads:
        made = cli("new", str(folder / f"{name}.toml"), "--result", "-g", "castles-of-burgundy", "-e", "2019",
                   "-p", "Anna,Ben", "--scores", scores, "--date", date, "--event", event, "--place", place)
        assert made.exit_code == 0, made.output


@pytest.mark.parametrize("asked", [(), ("--best", "1")])
def test_a_split_by_event_and_place_is_one_group_whatever_the_case(cli, tmp_path, archive_url, asked) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    _pads(cli, folder)
    assert cli("archive", "sync", str(folder), "--db", archive_url).exit_code == 0
    result = cli("stats", "--db", archive_url, "--by", "event,place", "--json", *asked)
    assert result.exit_code == 0, result.output
    groups = json.loads(result.stdout)["standings"]
    assert [(g["split"], g["complete"]) for g in groups] == [({"event": "Winter Cup", "place": "Club hall"}, 3)]
    anna = next(p for p in groups[0]["players"] if p["name"] == "Anna")
    assert (anna["played"], anna["wins"], anna["average"]) == (3, 2, 120.0)
