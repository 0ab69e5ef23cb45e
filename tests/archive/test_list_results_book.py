"""``burgundy archive list`` reads as a results book (docs/archive.md, "Commands"): each game's
line says its date, its event, the game, its players by place with their totals and how it
ended, so a secretary can tell one league evening's game from another. Before, a line gave the
file, the game, "3 players", the date and the winner only: no event and no one but the winner."""

from __future__ import annotations

import json
import shutil

from tests.conftest import RECORDS

PAD = """[game]
name = "{game}"
{edition}players = [{players}]
date = {date}
place = "Club night"
event = "Autumn league"

{scores}"""


def _pad(folder, name: str, game: str, scores: dict[str, int], date: str, edition: str = "") -> None:
    lines = "".join(f"[final.scores.{player}]\ntotal = {total}\n" for player, total in scores.items())
    (folder / name).write_text(PAD.format(game=game, edition=f'edition = "{edition}"\n' if edition else "",
                                          players=", ".join(f'"{p}"' for p in scores), date=date, scores=lines))


def test_each_line_names_the_event_and_the_players_by_place(tmp_path, cli, archive_url, monkeypatch) -> None:
    club = tmp_path / "club"
    club.mkdir()
    _pad(club, "night-1.toml", "castles-of-burgundy", {"Ben": 170, "Anna": 182, "Cara": 151}, "2026-11-06", "2019")
    _pad(club, "night-2.toml", "robber-knights", {"red": 13, "blue": 17}, "2026-11-13")
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-4p-2019-team.toml", club / "team.toml")
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-1p-2019-solo.toml", club / "solo.toml")
    shutil.copy(RECORDS / "castles-of-burgundy" / "rulebook-tile-15.toml", club / "example.toml")
    assert cli("archive", "sync", str(club), "--db", archive_url, "--jobs", "1").exit_code == 0
    listed = cli("archive", "list", "--db", archive_url)
    assert listed.exit_code == 0, listed.stderr
    line = {row.split("  ")[0].rsplit("/", 1)[-1]: row.split("  ")[1:] for row in listed.stdout.splitlines()}
    # the file as typed in the club's folder (below the current folder), whole elsewhere
    monkeypatch.chdir(tmp_path)
    assert {row.split("  ")[0] for row in cli("archive", "list", "--db", archive_url).stdout.splitlines()} == {
        f"club/{name}" for name in line}
    assert all(row.startswith(str(club)) for row in listed.stdout.splitlines())
    assert line["night-1.toml"] == ["2026-11-06", "Autumn league", "castles-of-burgundy 2019",
                                    "1. Anna 182, 2. Ben 170, 3. Cara 151", "result only, winner Anna"]
    assert line["night-2.toml"] == ["2026-11-13", "Autumn league", "robber-knights", "1. blue 17, 2. red 13",
                                    "result only, winner blue"]
    # the team game's teams by place (its record: team A Dario 183 + Ben 174 = 357, team B 226 + 125 = 351)
    assert line["team.toml"][2:] == ["1. team A: Dario 183 + Ben 174, 2. team B: Cara 226 + Anna 125",
                                     "winner team A (Dario + Ben)"]
    # a solo game is won or lost, not placed; a rulebook example is said to be none of the club's games
    assert line["solo.toml"][2:] == ["Anna 210", "solo game lost"]
    assert line["example.toml"][-1].startswith("position record (rulebook example), not counted: ")
    rows = {json.loads(text)["file"].rsplit("/", 1)[-1]: json.loads(text)
            for text in cli("archive", "list", "--db", archive_url, "--json").stdout.splitlines()}
    night = rows["night-1.toml"]
    assert (night["event"], night["place"]) == ("Autumn league", "Club night")
    assert night["seats"] == [{"name": "Anna", "total": 182, "rank": 1}, {"name": "Ben", "total": 170, "rank": 2},
                              {"name": "Cara", "total": 151, "rank": 3}]
