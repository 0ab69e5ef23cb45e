"""Figures are rounded as a club secretary rounds by hand, a half away from zero
(``archive.output.rounded``): Anna's 477 points in 4 games average 119.25, shown 119.3, and
her places 2, 2, 1 and 4 average 2.25, shown 2.3. Python's rounding to the even digit had
shown 119.2 and 2.2, beside 130.8 for Ben's 130.75: a hand check of the standings failed."""

from __future__ import annotations

import json

import pytest

from burgundy_cli.archive.output import one_decimal, percent, rounded


@pytest.mark.parametrize(("value", "places", "expected"), [
    (119.25, 1, 119.3), (130.75, 1, 130.8), (2.25, 1, 2.3), (0.15, 1, 0.2), (-2.25, 1, -2.3),
    (12.5, 0, 13.0), (2 / 3, 2, 0.67), (0.375, 2, 0.38)])
def test_a_half_is_rounded_away_from_zero(value, places, expected):
    assert rounded(value, places) == expected


def test_the_tables_show_a_half_rounded_up():
    assert one_decimal(119.25) == "119.3" and one_decimal(2.25) == "2.3" and one_decimal(-0.04) == "0.0"
    assert percent(0.125) == "13%" and percent(0.375) == "38%" and percent(1 / 3) == "33%"


def test_stats_averages_of_four_games_round_a_half_up(cli, tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    games = [("Anna=113,Ben=103", "2026-12-01"), ("Anna=119,Ben=129", "2026-12-02"),
             ("Anna=150,Ben=100", "2026-12-03"), ("Anna=95,Ben=96", "2026-12-04")]
    for number, (scores, date) in enumerate(games, start=1):
        made = cli("new", str(folder / f"g{number}.toml"), "--result", "-g", "castles-of-burgundy", "-e", "2019",
                   "-p", "Anna,Ben", "--scores", scores, "--date", date)
        assert made.exit_code == 0, made.output
    result = cli("stats", str(folder), "--json")
    anna = next(p for p in json.loads(result.stdout)["standings"][0]["players"] if p["name"] == "Anna")
    assert anna["average"] == 119.3 and anna["average_rank"] == 1.5      # 477 / 4 = 119.25
    text = cli("stats", str(folder)).stdout
    row = next(line for line in text.splitlines() if line.startswith("Anna"))
    assert row.split()[1:] == ["4", "2", "50%", "119.3", "150", "1.5"]
    ben = next(line for line in text.splitlines() if line.startswith("Ben"))
    assert ben.split()[4] == "107.0"   # (428 / 4)


def test_an_average_rank_is_rounded_once():
    """22 games whose places sum to 45: 2.045, one decimal 2.0. Rounded to two decimals first
    (2.05) and then, for the table, to one, it had been 2.1."""
    from burgundy_cli.archive.stats import PlayerTally

    tally = PlayerTally("Anna")
    for rank in [3] * 1 + [2] * 21:
        tally.add({"total": 100, "won": 0.0, "rank": rank, "breakdown": {}})
    assert tally.ranks / tally.played == pytest.approx(2.045, abs=1e-3)
    figures = tally.to_json()
    assert figures["average_rank"] == 2.0 and one_decimal(figures["average_rank"]) == "2.0"
