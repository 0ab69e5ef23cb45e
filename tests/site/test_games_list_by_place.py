"""The site's lists of games (the index's, a player's page) give each game's players by place
with their totals, as an event's page and ``archive list`` do (docs/archive.md, "A results
website"): "1. Anna 182, 2. Ben 170". Before, the index named the players in seat order with
no score, and how a game went could be read only on its own page."""

from __future__ import annotations

import re

PAD = """[game]
name = "castles-of-burgundy"
edition = "2019"
players = ["Ben", "Anna", "Cara"]
date = 2026-11-06
place = "Club night"

[final.scores.Ben]
total = 170
[final.scores.Anna]
total = 182
[final.scores.Cara]
total = 151
"""


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_the_index_and_a_players_page_list_the_players_by_place(cli, tmp_path) -> None:
    club = tmp_path / "club"
    club.mkdir()
    (club / "night.toml").write_text(PAD, encoding="utf-8")
    site = tmp_path / "site"
    assert cli("site", str(club), "--out", str(site)).exit_code == 0
    for page in (site / "index.html", *(site / "players").glob("*.html")):
        html = page.read_text(encoding="utf-8")
        games = html[html.index("<h2>Games</h2>"):] if "<h2>Games</h2>" in html else html
        assert "players by place" in games, page
        assert "1. Anna 182, 2. Ben 170, 3. Cara 151" in _text(games), page


def test_the_index_says_how_many_games_were_score_pads(cli, tmp_path) -> None:
    """As ``stats`` opens its report ("1 result-only (final scores entered without the moves)"):
    the index had said how many games it read and how many had no date, not that some were
    only final scores, with no moves behind them."""
    club = tmp_path / "club"
    club.mkdir()
    (club / "night.toml").write_text(PAD, encoding="utf-8")
    site = tmp_path / "site"
    assert cli("site", str(club), "--out", str(site)).exit_code == 0
    said = cli("stats", str(club)).stdout.splitlines()[1]
    assert said == "1 result-only (final scores entered without the moves)"
    assert f"1 game from club; {said}." in _text((site / "index.html").read_text(encoding="utf-8"))
