"""``burgundy stats``: player tables, filters, splits, head-to-head, best games, ratings,
the output forms; ``summary`` is the same table. On SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
import json

import pytest

from burgundy_cli.archive import db

from burgundy_cli.archive.stats import MAX_PLAYERS, Filters, archive_report
from burgundy_cli.archive.sync import sync
from burgundy_cli.core.bulk import score_many
from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.summary import summarise



def test_player_tables_are_summarys(club, archive_url) -> None:
    sync(club, archive_url, jobs=2)
    report = archive_report(archive_url, Filters())
    summary = summarise(score_many([str(p) for p in sorted(club.rglob("*.toml"))], 1, starts=True))
    assert {g["game"]: g["players"] for g in report["standings"]} == \
           {name: game["players"] for name, game in summary["games"].items()}
    assert report["games"] == summary["complete"]
    assert (report["solo"], report["teams"]) == (summary["solo"], summary["teams"])


def test_positions_are_no_games_played(club, archive_url) -> None:
    """A record that starts from a [position] -- a rulebook example, even one that plays on to
    the final scoring (rulebook-tile-15 and others) -- is no game played: neither ``stats``
    nor ``summary`` counts it, as complete or in progress."""
    files = [str(p) for p in sorted(club.rglob("*.toml"))]
    scored = list(score_many(files, 1, starts=True))
    positions = [r for r in scored if r["start"] == "position"]
    assert any(r["complete"] for r in positions), "a position that reaches the final scoring"
    games = [r for r in scored if r["start"] == "setup"]
    sync(club, archive_url, jobs=1)
    report = archive_report(archive_url, Filters())
    assert report["games"] == sum(r["complete"] for r in games)
    assert report["in_progress"] == sum(not r["complete"] for r in games)
    summary = summarise(scored)
    assert summary["positions"] == len(positions)
    assert report["not_counted"] == {"positions": len(positions), "copies": 0, "failed": 0}
    assert summary["complete"] == report["games"]
    assert summary["in_progress"] == report["in_progress"]


def test_filters_and_splits(club, archive_url) -> None:
    sync(club, archive_url, jobs=1)
    two = archive_report(archive_url, Filters(game="castles-of-burgundy", players=2))
    assert {g["game"] for g in two["standings"]} == {"castles-of-burgundy"}
    assert all(sum(p["played"] for p in g["players"]) == 2 * g["complete"] for g in two["standings"])
    split = archive_report(archive_url, Filters(game="castles-of-burgundy"), splits=("edition", "players"))
    keys = {(g["split"]["edition"], g["split"]["players"]) for g in split["standings"]}
    assert ("2011", 4) in keys and ("2019", 3) in keys
    whole = archive_report(archive_url, Filters(game="castles-of-burgundy"))
    solo = sum(row["played"] for row in whole["solo"]["castles-of-burgundy"])
    teams = sum(row["played"] for row in whole["teams"]["castles-of-burgundy"]) // 2  # (two teams a game)
    assert sum(g["complete"] for g in split["standings"]) == whole["games"] - solo - teams
    none = archive_report(archive_url, Filters(players=MAX_PLAYERS))  # a filter no game passes: no games
    assert (none["games"], none["standings"]) == (0, [])
    with pytest.raises(UsageError, match="no edition of any game"):  # one no record can have: refused
        archive_report(archive_url, Filters(edition="1999"))


def test_head_to_head_best_games_and_ratings(club, archive_url) -> None:
    sync(club, archive_url, jobs=1)
    report = archive_report(archive_url, Filters(game="castles-of-burgundy"),
                            head_to_head=("anna", "BEN"), best=3, ratings=True)
    h2h = report["head_to_head"]
    assert h2h["games"] == sum(h2h["ahead"]) + h2h["level"] and h2h["games"] >= 2
    totals = [row["total"] for row in report["best"]["highest_totals"]]
    assert totals == sorted(totals, reverse=True) and len(totals) == 3
    everyone = max(p["best"] for g in report["standings"] for p in g["players"])
    assert totals[0] == everyone
    margins = report["best"]["biggest_margins"]
    assert margins[0]["margin"] >= margins[-1]["margin"] >= 0
    rows = report["ratings"]["castles-of-burgundy"]
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    # each figure is rounded to 2 places: mu - 3 sigma of the rounded figures is off by up to
    # 0.005 + 3 * 0.005 = 0.02
    assert all(abs(r["rating"] - (r["mu"] - 3 * r["sigma"])) <= 0.02 + 1e-9 for r in rows), rows


def test_ratings_follow_date_order_and_shared_wins_tie(tmp_path, archive_url) -> None:
    """A win shared is a tie (equal ratings); the later game moves ratings last."""
    from burgundy_cli.archive.stats import Ratings

    def game(date: str, ranks: dict[str, int]) -> dict:
        return {"game": "g", "complete": True, "date": date,
                "lines": [{"name": n, "total": 10 - r, "rank": r, "won": 0.0, "breakdown": {}}
                          for n, r in ranks.items()]}

    tied = Ratings()
    tied.add(game("2024-01-01", {"a": 1, "b": 1}))
    (a, b) = tied.to_json()["g"]
    assert a["rating"] == b["rating"]
    one, other = Ratings(), Ratings()
    for r in one, other:
        r.add(game("2024-01-01", {"a": 1, "b": 2}))
    one.add(game("2024-02-01", {"a": 2, "b": 1}))
    other.add(game("2024-02-01", {"a": 1, "b": 2}))
    assert {r["name"]: r["rating"] for r in one.to_json()["g"]}["b"] < \
           {r["name"]: r["rating"] for r in other.to_json()["g"]}["a"]


def test_dated_games_and_date_filters(club, archive_url) -> None:
    dated = club / "robber-knights" / "playout-2-players.toml"
    dated.write_text(dated.read_text().replace("[game]\n", '[game]\ndate = 2024-03-05\nplace = "Library"\n', 1))
    sync(club, archive_url, jobs=1)
    march = archive_report(archive_url, Filters(since="2024-03-05", until="2024-03-05"))
    assert march["games"] == 1 and march["standings"][0]["game"] == "robber-knights"
    assert archive_report(archive_url, Filters(until="2024-03-04"))["games"] == 0
    by_place = archive_report(archive_url, Filters(place="Library"), splits=("place", "year"))
    assert by_place["standings"][0]["split"] == {"place": "Library", "year": "2024"}


def test_the_games_of_one_event(club, archive_url) -> None:
    """``stats --event``: a league's table is the games whose record names that event, whatever
    the case it is typed in, and no other (a game of another event, or of none, is left out)."""
    for name, event in (("playout-2-players", "Spring league"), ("playout-3-players", "Spring league"),
                        ("playout-4-players", "Cup final")):
        record = club / "robber-knights" / f"{name}.toml"
        record.write_text(record.read_text().replace("[game]\n", f'[game]\nevent = "{event}"\n', 1))
    sync(club, archive_url, jobs=1)
    league = archive_report(archive_url, Filters(event="Spring league"))
    assert league["games"] == 2 and {row["game"] for row in league["standings"]} == {"robber-knights"}
    assert archive_report(archive_url, Filters(event="Cup final"))["games"] == 1
    assert archive_report(archive_url, Filters(event="spring league"))["games"] == 2   # (case ignored)


def _games_on(scored, board: str) -> int:
    """The complete games (not positions) among ``scored`` in which any player's duchy is ``board``."""
    from burgundy_cli.core.record import read_record

    count = 0
    for result in scored:
        if result["start"] != "setup" or not result["complete"]:
            continue
        boards = read_record(result["file"]).data.get("setup", {}).get("boards")
        ids = boards.values() if isinstance(boards, dict) else () if boards is None else (boards,)
        count += board in {str(i) for i in ids}
    return count


def test_board_filter_matches_any_players_board(club, archive_url) -> None:
    """docs/archive.md, ``--board``: a game matches when the board is any player's duchy, whether
    ``[setup] boards`` gives one duchy for everyone (``boards = 1``) or one per player
    (``[setup.boards] Anna = 1, Ben = 2``, a record's own duchy by its id)."""
    files = [str(p) for p in sorted(club.rglob("*.toml"))]
    scored = list(score_many(files, 1, starts=True))
    sync(club, archive_url, jobs=1)
    for board in ("1", "2", "9", "11x", "stand-in-10"):
        expected = _games_on(scored, board)
        assert archive_report(archive_url, Filters(boards=board))["games"] == expected > 0, board
    assert archive_report(archive_url, Filters(boards="2"))["games"] == 2  # (two records, each with Ben on 2)
    assert archive_report(archive_url, Filters(boards="{'Anna': 1, 'Ben': 2}"))["games"] == 0  # (a table is no id)
    assert archive_report(archive_url, Filters(boards="12"))["games"] == 0


def test_cli_forms(club, cli, archive_url) -> None:
    assert cli("archive", "sync", str(club), "--db", archive_url, "-j", "1").exit_code == 0
    base = ("stats", "--db", archive_url, "--game", "robber-knights")
    as_json = json.loads(cli(*base, "--json").stdout)
    players = as_json["standings"][0]["players"]
    rows = list(csv.DictReader(io.StringIO(cli(*base, "--csv").stdout)))
    assert [r["player"] for r in rows] == [p["name"] for p in players]
    assert float(rows[0]["win_rate"]) == round(players[0]["won_alone"] / players[0]["played"], 3)  # (ties apart)
    assert [(r["wins"], r["ties"]) for r in rows] == [(str(p["won_alone"]), str(p["tied_first"])) for p in players]
    markdown = cli(*base, "--markdown").stdout
    assert "| player | played |" in markdown and f"| {players[0]['name']} |" in markdown
    text = cli(*base, "--ratings", "--best", "2", "--vs", "red", "blue")
    assert text.exit_code == 0 and "ratings" in text.stdout and "head-to-head: red v blue" in text.stdout
    assert cli(*base, "--json", "--csv").exit_code == 2
    bad = cli(*base, "--by", "colour")
    assert bad.exit_code == 2 and bad.stderr.count("\n") == 1 and "--by takes" in bad.stderr


def test_stats_of_a_folder_syncs_it_first(club, cli) -> None:
    result = cli("stats", str(club), "--json", "-j", "1")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["games"] > 0 and (club / "burgundy.db").is_file()


@pytest.mark.parametrize("value_columns", [db.VALUE_COLUMNS, 3])
def test_player_tables_from_score_rows_are_those_of_whole_games(club, archive_url, monkeypatch,
                                                                value_columns) -> None:
    """``stats`` without head-to-head, best games or ratings sums the player tables in the
    database (``archived_standings``); game by game (``archived_games``) gives the same, also
    when the breakdowns have more categories than the value columns (3 here: kept as JSON and
    read one seat at a time)."""
    from burgundy_cli.archive.stats import archived_counts, archived_games, archived_standings, report

    (club / "dated.toml").write_text((club / "robber-knights" / "playout-3-players.toml").read_text()
                                     .replace("[game]\n", '[game]\ndate = 2026-03-01\nplace = "Club"\n', 1))
    monkeypatch.setattr(db, "VALUE_COLUMNS", value_columns)
    sync(club, archive_url, jobs=1)  # (in this process: the patch holds)
    engine = db.open_archive(archive_url, create=False)
    try:
        with engine.connect() as connection:
            wide = connection.execute(db.tables()["scores"].select().where(
                db.tables()["scores"].c.categories.is_(None))).all()
            assert bool(wide) == (value_columns == 3)
            for splits in ((), ("edition", "players"), ("year", "place"), ("boards", "modules", "event")):
                for filters in (Filters(), Filters(game="castles-of-burgundy"), Filters(since="2026-01-01")):
                    counted = archived_counts(connection, filters)
                    rows = report(archived_games(connection, filters, in_date_order=False, modes_only=True),
                                  splits=splits, standings=archived_standings(connection, filters, splits),
                                  counted=counted)
                    games = report(archived_games(connection, filters, in_date_order=False), splits=splits)
                    assert {key: games[key] for key in ("undated", "result_only")} == \
                        {key: counted[key] for key in ("undated", "result_only")}
                    games["not_counted"] = rows["not_counted"]  # (positions: counted by the database only)
                    assert json.dumps(rows) == json.dumps(games), (splits, filters)
    finally:
        engine.dispose()


def test_a_date_given_as_free_text_is_in_no_date_range_nor_year(tmp_path, cli, archive_url) -> None:
    """A record may give its date as free text ("spring 2025"). Compared as text it came after
    every ISO date, so ``--since 2026-01-01`` counted it, and ``--by year`` put it in a year
    "spri". It is now no date, as an undated game: outside any range, in no year. A date
    with a time of day is on its day (``--until`` that day holds it)."""
    folder = tmp_path / "club"
    folder.mkdir()
    for name, date in (("free", '"spring 2025"'), ("timed", "2024-05-01T20:00:00"), ("dated", "2025-01-01"),
                       ("fake", '"2025-sp-ri and more"')):
        (folder / f"{name}.toml").write_text(
            f'[game]\nname = "castles-of-burgundy"\nedition = "2019"\ndate = {date}\nplayers = ["Anna", "Ben"]\n'
            '[final.scores.Anna]\ntotal = 150\n[final.scores.Ben]\ntotal = 140\n')
    assert cli("archive", "sync", str(folder), "--db", archive_url, "-j", "1").exit_code == 0

    def games(*flags: str) -> int:
        result = cli("stats", "--db", archive_url, "--json", *flags)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["games"]

    assert games() == 4
    assert games("--since", "2026-01-01") == 0
    assert games("--since", "2024-01-01") == 2
    assert games("--until", "2024-05-01") == 1 and games("--since", "2024-05-01", "--until", "2024-05-01") == 1
    years = [group["split"] for group in json.loads(cli("stats", "--db", archive_url, "--json", "--by", "year")
                                                     .stdout)["standings"]]
    assert sorted(years, key=str) == sorted([{"year": None}, {"year": "2024"}, {"year": "2025"}], key=str), years


def test_one_set_of_modules_in_any_order_is_one(tmp_path, cli, archive_url) -> None:
    """Two games with the inns and the trade routes, one record listing them "trade-routes,
    inns", the other "inns, trade-routes" (as ``new --modules`` was typed): ``--by modules``
    made two groups of them and ``--modules inns,trade-routes`` found one game. A record's
    modules are stored sorted, and ``--modules`` is read the same way (order, spaces, case);
    an archive of version 6 has them sorted in place when first opened, every game kept."""
    folder = tmp_path / "club"
    folder.mkdir()
    for name, modules in (("one", '["trade-routes", "inns"]'), ("two", '["inns", "trade-routes"]')):
        (folder / f"{name}.toml").write_text(
            f'[game]\nname = "castles-of-burgundy"\nedition = "2019"\nplayers = ["Anna", "Ben"]\n'
            f'[game.options]\nmodules = {modules}\n[final.scores.Anna]\ntotal = 150\n[final.scores.Ben]\ntotal = 140\n')
    assert cli("archive", "sync", str(folder), "--db", archive_url, "-j", "1").exit_code == 0

    def split() -> list[tuple[str, int]]:
        report = json.loads(cli("stats", "--db", archive_url, "--json", "--by", "modules").stdout)
        return [(group["split"]["modules"], group["complete"]) for group in report["standings"]]

    assert split() == [("inns,trade-routes", 2)]
    for given in ("inns,trade-routes", "trade-routes,inns", "Inns, trade-routes "):
        assert json.loads(cli("stats", "--db", archive_url, "--json", "--modules", given).stdout)["games"] == 2
    assert cli("stats", "--db", archive_url, "--modules", " , ").exit_code == 2
    from sqlalchemy import text

    engine = db.connect(archive_url)
    meta = db.tables()["meta"]
    with engine.begin() as connection:   # the archive as version 6 left it: in each record's order
        connection.execute(text("UPDATE records SET modules = 'trade-routes,inns' WHERE modules LIKE '%,%' "
                                "AND hash IN (SELECT MIN(hash) FROM records)"))
        connection.execute(meta.update().where(meta.c.key == "version").values(value="6"))
    engine.dispose()
    assert split() == [("inns,trade-routes", 2)]   # (stats --db: migrated on reading, no sync)
    report = sync(folder, archive_url, jobs=1)
    assert (report.added, report.unchanged) == (0, 2)


def test_a_split_the_games_have_no_value_for_says_so_in_words(club, cli, archive_url) -> None:
    """``--by edition,modules`` titled Robber Knights' tables "(edition -, ...)" and the games
    without modules "(modules -)"; a title says "no edition", "no modules"."""
    assert cli("archive", "sync", str(club), "--db", archive_url, "-j", "1").exit_code in (0, 1)
    titles = [line for line in cli("stats", "--db", archive_url, "--by", "edition,modules").stdout.splitlines()
              if line.endswith("in progress") and "(" in line]
    assert "robber-knights (no edition, no modules): " in "\n".join(titles)
    assert any(title.startswith("castles-of-burgundy (edition 2019, no modules): ") for title in titles), titles
    assert not any(" -" in title for title in titles), titles


def test_a_player_is_named_alike_in_every_report_filtered_or_split(tmp_path, cli, archive_url) -> None:
    """A player is shown as their first game in the date order spells the name (docs/archive.md,
    "The statistics"): "Ben" here, whose first game writes "Ben" and a later score pad "ben".
    A report named each player by the first game *it* read, so ``--since`` the pad's day, a
    split by year, or the head-to-head and ratings read game by game showed "ben" (and "BEN"
    for the team games) where ``stats`` without filters, the site and the BG Stats export say
    "Ben". Every report now takes the name from the whole archive."""
    folder = tmp_path / "club"
    folder.mkdir()
    for name, date, first, second, modules in (
            ("first", "2024-12-01", "Ben", "Anna", ""), ("pad", "2025-03-01", "Anna", "ben", ""),
            ("solo", "2025-04-01", "BEN", None, "solo-game")):
        players = [first] if second is None else [first, second]
        options = f'[game.options]\nmodules = ["{modules}"]\n' if modules else ""
        scores = "".join(f"[final.scores.{player}]\ntotal = {150 - 10 * seat}\n" for seat, player in enumerate(players))
        won = "won = false\n" if second is None else ""
        (folder / f"{name}.toml").write_text(
            f'[game]\nname = "castles-of-burgundy"\nedition = "2019"\ndate = {date}\nplayers = {json.dumps(players)}\n'
            f'{options}[final]\n{won}{scores}')
    synced = cli("archive", "sync", str(folder), "--db", archive_url, "-j", "1")
    assert synced.exit_code == 0, synced.output

    def report(*flags: str) -> dict:
        result = cli("stats", "--db", archive_url, "--json", *flags)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    def names(got: dict) -> set[str]:
        return {player["name"] for group in got["standings"] for player in group["players"]}

    assert names(report()) == {"Anna", "Ben"}
    assert names(report("--since", "2025-01-01")) == {"Anna", "Ben"}
    assert names(report("--by", "year")) == {"Anna", "Ben"}
    asked = report("--since", "2025-01-01", "--vs", "Anna", "Ben", "--best", "1", "--ratings")
    assert names(asked) == {"Anna", "Ben"}
    assert {row["name"] for row in asked["ratings"]["castles-of-burgundy"]} == {"Anna", "Ben"}
    assert [row["name"] for row in report("--since", "2025-04-01")["solo"]["castles-of-burgundy"]] == ["Ben"]
