"""Invariants of the statistics over random games (hypothesis), and the CI switch that
makes a missing PostgreSQL a failure."""

from __future__ import annotations

import os
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.archive.stats import BestGames, HeadToHead, Ratings, Standings, report
from tests.conftest import ROOT

NAMES = ["Anna", "anna", "Ben", "Cara", "Dario"]


@st.composite
def games(draw) -> dict:
    """A complete game of 2-4 distinct players (names matched ignoring case), ranked by total,
    equal totals sharing a place."""
    keys = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique_by=str.casefold))
    totals = draw(st.lists(st.integers(0, 60), min_size=len(keys), max_size=len(keys)))
    ranked = sorted(totals, reverse=True)
    ranks = [1 + ranked.index(total) for total in totals]
    winners = [k for k, r in zip(keys, ranks) if r == 1]
    lines = [{"name": k, "total": t, "rank": r, "won": 1 / len(winners) if r == 1 else 0.0,
              "breakdown": {"a": t // 2, "b": t - t // 2}} for k, t, r in zip(keys, totals, ranks)]
    return {"game": "g", "edition": draw(st.sampled_from(["2011", "2019"])), "complete": True,
            "players": len(keys), "lines": lines, "date": None, "file": None}


@settings(max_examples=60, deadline=None)
@given(st.lists(games(), max_size=25))
def test_tables_add_up(played: list[dict]) -> None:
    result = report(played, splits=("edition",), head_to_head=("ANNA", "ben"), best=3, ratings=True)
    players = [p for group in result["standings"] for p in group["players"]]
    # every game has one win, shared or not (each player's wins are rounded to 2 places)
    assert abs(sum(p["wins"] for p in players) - len(played)) <= 0.005 * len(players) + 1e-9
    assert sum(p["played"] for p in players) == sum(len(g["lines"]) for g in played)
    for p in players:
        assert 0 <= p["win_rate"] <= 1 and 1 <= p["average_rank"] <= 4
        assert abs(sum(p["categories"].values()) - p["average"]) < 0.2  # categories sum to the total
    h2h = result["head_to_head"]
    assert sum(h2h["ahead"]) + h2h["level"] == h2h["games"]
    totals = [row["total"] for row in result["best"]["highest_totals"]]
    assert totals == sorted(totals, reverse=True)
    assert totals[:1] == sorted((line["total"] for g in played for line in g["lines"]), reverse=True)[:1]
    rated = {r["name"].casefold() for r in result["ratings"].get("g", [])}
    assert rated == {line["name"].casefold() for g in played for line in g["lines"]}


def test_views_ignore_games_in_progress() -> None:
    game = {"game": "g", "complete": False, "lines": [{"name": "a", "total": 5, "rank": 1, "won": 0.0,
                                                        "breakdown": {}}]}
    standings, pair, best, ratings = Standings(), HeadToHead("a", "b"), BestGames(3), Ratings()
    for view in (standings, pair, best, ratings):
        view.add(game)
    assert standings.to_json()[0]["in_progress"] == 1 and standings.to_json()[0]["players"] == []
    assert pair.to_json()["games"] == 0 and best.to_json()["highest_totals"] == [] and ratings.to_json() == {}


def test_a_required_postgres_that_is_missing_fails_the_run(tmp_path) -> None:
    """.ci/run sets BURGUNDY_REQUIRE_POSTGRES=1: without pg_config the PostgreSQL tests fail, not skip."""
    env = {**os.environ, "PATH": str(tmp_path), "BURGUNDY_REQUIRE_POSTGRES": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests/archive/test_bad_input.py::test_a_database_that_does_not_exist_on_the_server"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout
    assert "PostgreSQL is required" in done.stdout
    env.pop("BURGUNDY_REQUIRE_POSTGRES")
    skipped = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
                              "tests/archive/test_bad_input.py::test_a_database_that_does_not_exist_on_the_server"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert skipped.returncode == 0 and "PostgreSQL unavailable" in skipped.stdout
