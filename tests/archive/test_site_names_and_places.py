"""The site names a player in every table as ``stats`` does: as their first game, in the date
order, spells them (docs/archive.md, "The statistics"), whatever kind of game that was; and
an event's page says each of its places once, case ignored as ``stats --place`` matches it."""

from __future__ import annotations

import json
import re


def _pads(cli, folder) -> None:
    """A tournament's score pads: round 1 a team game spelling "Eve", round 2 a normal game
    spelling "eve", typed at another table with "club hall" for "Club hall"."""
    common = ("--result", "-g", "castles-of-burgundy", "-e", "2019", "--event", "Winter Cup")
    made = [cli("new", str(folder / "r1-t1.toml"), *common, "-p", "Dario,Eve,Finn,Gus", "--modules", "team-game",
                "--teams", "A=Dario Eve,B=Finn Gus", "--scores", "Dario=140,Eve=130,Finn=150,Gus=110",
                "--date", "2026-12-05", "--place", "Club hall"),
            cli("new", str(folder / "r2-t1.toml"), *common, "-p", "eve,Finn", "--scores", "eve=150,Finn=120",
                "--date", "2026-12-06", "--place", "club hall")]
    assert all(result.exit_code == 0 for result in made), [result.output for result in made]


def _text(page) -> str:
    return re.sub(r"<[^>]+>", "", page.read_text())


def test_a_player_is_named_alike_in_every_table_of_the_site(cli, tmp_path) -> None:
    folder, out = tmp_path / "club", tmp_path / "site"
    folder.mkdir()
    _pads(cli, folder)
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    stats = json.loads(cli("stats", str(folder), "--json").stdout)
    assert [p["name"] for p in stats["standings"][0]["players"]] == ["Eve", "Finn"]
    for page in (out / "index.html", out / "players" / "eve.html", out / "events" / "winter-cup.html"):
        standings = _text(page).split("Standings" if page.name != "eve.html" else "Castles of Burgundy")[1]
        assert "Eve" in standings.split("Team games")[0], page
        assert not re.search(r"\beve\b", standings.split("Team games")[0]), page


def test_an_events_places_are_said_once_whatever_their_case(cli, tmp_path) -> None:
    folder, out = tmp_path / "club", tmp_path / "site"
    folder.mkdir()
    _pads(cli, folder)
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    assert "2 games, 2026-12-05 to 2026-12-06, Club hall." in _text(out / "events" / "winter-cup.html")
