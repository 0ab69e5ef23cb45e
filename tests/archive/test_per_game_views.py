"""``stats --vs`` and ``--best`` keep each game apart, as every other table does
(docs/archive.md, "Every table is per game (Castles and Robber Knights are never mixed)").
Before, a league night of Castles and Robber Knights gave "head-to-head: Ben v Dario, 3 games
together" with Ben's average 113.0, a Castles 168 and 150 and a Robber Knights 21 averaged
together, and the best games' top 3 were Castles totals only: a Robber Knights score, some
twenty points, could never be among them."""

from __future__ import annotations

import json

from burgundy_cli.archive.stats import report


def _game(kind: str, scores: dict[str, int], date: str = "2026-12-07", file: str = "") -> dict:
    ranked = sorted(scores, key=lambda name: -scores[name])
    return {"game": kind, "complete": True, "date": date, "file": file or f"{kind}-{len(scores)}.toml",
            "lines": [{"name": name, "total": scores[name], "rank": ranked.index(name) + 1,
                       "won": 1.0 if ranked.index(name) == 0 else 0.0, "breakdown": {"all": scores[name]}}
                      for name in scores]}


NIGHT = [
    _game("castles-of-burgundy", {"Ben": 168, "Cara": 171, "Dario": 150}, file="g3.toml"),
    _game("castles-of-burgundy", {"Ben": 150, "Dario": 140}, file="g4.toml"),
    _game("robber-knights", {"Ben": 21, "Dario": 19, "Anna": 17}, file="g7.toml"),
]


def test_head_to_head_is_per_game() -> None:
    h2h = report(NIGHT, head_to_head=("Ben", "Dario"))["head_to_head"]
    assert h2h["by_game"] == {
        "castles-of-burgundy": {"games": 2, "ahead": [2, 0], "level": 0, "average": [159.0, 145.0],
                                "average_margin": 14.0},
        "robber-knights": {"games": 1, "ahead": [1, 0], "level": 0, "average": [21.0, 19.0],
                           "average_margin": 2.0},
    }
    # the counts add up over the games; scores of two games are never averaged together
    assert (h2h["games"], h2h["ahead"], h2h["level"]) == (3, [3, 0], 0)
    assert h2h["average"] == [None, None] and h2h["average_margin"] is None


def test_head_to_head_of_one_game_keeps_its_averages() -> None:
    h2h = report(NIGHT[:2], head_to_head=("Ben", "Dario"))["head_to_head"]
    assert h2h["average"] == [159.0, 145.0] and h2h["average_margin"] == 14.0


def test_best_games_are_per_game() -> None:
    best = report(NIGHT, best=2)["best"]
    assert [(r["game"], r["total"]) for r in best["highest_totals"]] == [
        ("castles-of-burgundy", 171), ("castles-of-burgundy", 168), ("robber-knights", 21), ("robber-knights", 19)]
    assert [(r["game"], r["margin"]) for r in best["biggest_margins"]] == [
        ("castles-of-burgundy", 10), ("castles-of-burgundy", 3), ("robber-knights", 2)]


def test_the_text_has_a_table_per_game(tmp_path, cli) -> None:
    for index, game in enumerate(NIGHT):
        names = [line["name"] for line in game["lines"]]
        scores = ",".join(f"{line['name']}={line['total']}" for line in game["lines"])
        assert cli("new", str(tmp_path / f"g{index}.toml"), "--result", "--game", game["game"],
                   "--players", ",".join(names), "--scores", scores, "--date", "2026-12-07").exit_code == 0
    out = cli("stats", str(tmp_path), "--vs", "Ben", "Dario", "--best", "1").stdout
    assert "castles-of-burgundy head-to-head: Ben v Dario, 2 games together" in out
    assert "robber-knights head-to-head: Ben v Dario, 1 game together" in out
    assert "113.0" not in out
    assert "castles-of-burgundy highest totals" in out and "robber-knights highest totals" in out
    data = json.loads(cli("stats", str(tmp_path), "--json", "--vs", "Ben", "Dario").stdout)["head_to_head"]
    assert data["by_game"]["robber-knights"]["average"] == [21.0, 19.0]


def test_the_csv_names_each_tables_game(tmp_path, cli) -> None:
    """The CSV has no titles: each per-game table starts with a game column, as the player
    table's does (the two head-to-head tables, and the ratings', were otherwise the same
    columns with nothing to tell Castles' from Robber Knights')."""
    import csv
    import io

    for index, game in enumerate(NIGHT):
        names = [line["name"] for line in game["lines"]]
        scores = ",".join(f"{line['name']}={line['total']}" for line in game["lines"])
        assert cli("new", str(tmp_path / f"g{index}.toml"), "--result", "--game", game["game"],
                   "--players", ",".join(names), "--scores", scores, "--date", "2026-12-07").exit_code == 0
    out = cli("stats", str(tmp_path), "--csv", "--vs", "Ben", "Dario", "--best", "1", "--ratings").stdout
    blocks = [list(csv.reader(io.StringIO(block))) for block in out.split("\n\n")]
    assert all(block[0][0] == "game" for block in blocks), [block[0] for block in blocks]
    pairs = [block for block in blocks if block[0][1:] == ["player", "ahead", "level", "average"]]
    assert [(row[0], row[1], row[4]) for block in pairs for row in block[1:]] == [
        ("castles-of-burgundy", "Ben", "159.0"), ("castles-of-burgundy", "Dario", "145.0"),
        ("robber-knights", "Ben", "21.0"), ("robber-knights", "Dario", "19.0")]
    rated = [row[0] for block in blocks if block[0][1:3] == ["player", "rating"] for row in block[1:]]
    assert set(rated) == {"castles-of-burgundy", "robber-knights"}


def test_markdown_aligns_numbers_right_and_text_left() -> None:
    """``--markdown`` aligned the first column left and every other right, whatever it held:
    the best games' player, date and file right, their total left. Now as the terminal table:
    numbers right, text left."""
    from burgundy_cli.archive.output import markdown

    text = markdown(report(NIGHT, best=1))
    lines = text.splitlines()
    head = lines.index("| total | player | date | file |")
    assert lines[head + 1] == "| ---: | --- | --- | --- |"
    standings = lines.index("| player | played | wins | win% | average | best | avg rank |")
    assert lines[standings + 1] == "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
