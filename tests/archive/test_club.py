"""A club's results book (issue 35, "Done when"): a 60-record folder built from the shipped
records, games played out by ``burgundy playout`` and result-only records written by ``burgundy
new --result``, read by ``stats`` and exported for BG Stats and as CSV."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import RECORDS

#: Shipped game records left undated (every other game record gets a date; the positions stay as shipped).
UNDATED = ("complete-2p-2011.toml", "complete-3p-2019-inns.toml", "playout-2-players.toml")

#: (game, players, seed, modules) of the games played out.
PLAYOUTS = [("castles-of-burgundy", 2, 41, ""), ("castles-of-burgundy", 2, 42, ""), ("castles-of-burgundy", 2, 43, ""),
            ("castles-of-burgundy", 3, 41, ""), ("castles-of-burgundy", 3, 42, ""),
            ("castles-of-burgundy", 4, 48, "team-game"), ("castles-of-burgundy", 1, 43, "solo-game"),
            ("castles-of-burgundy", 1, 44, "solo-game"), ("robber-knights", 2, 43, ""), ("robber-knights", 2, 44, ""),
            ("robber-knights", 3, 45, ""), ("robber-knights", 4, 46, ""), ("robber-knights", 3, 47, "")]
#: (seeds apart from the shipped playouts': the same seed deals the same game)

#: ``new --result`` arguments of the result-only records.
RESULTS = [
    ["--game", "castles-of-burgundy", "--players", "Anna,Ben", "--scores", "Anna=182,Ben=170"],
    ["--game", "castles-of-burgundy", "--players", "Ben,Cara", "--scores", "Ben=150,Cara=150",
     "--tiebreak", "Ben=1,Cara=3"],
    ["--game", "castles-of-burgundy", "--players", "Anna,Cara,Dario", "--scores", "Anna=160,Cara=171,Dario=158"],
    ["--game", "castles-of-burgundy", "--edition", "2011", "--players", "Anna,Dario", "--scores", "Anna=140,Dario=139"],
    ["--game", "castles-of-burgundy", "--players", "Anna,Ben,Cara,Dario", "--modules", "team-game",
     "--teams", "A=Anna Cara,B=Ben Dario", "--scores", "Anna=150,Ben=170,Cara=160,Dario=120"],
    ["--game", "castles-of-burgundy", "--players", "Anna,Ben,Cara,Dario", "--modules", "team-game",
     "--teams", "A=Anna Ben,B=Cara Dario", "--scores", "Anna=140,Ben=141,Cara=150,Dario=160"],
    ["--game", "castles-of-burgundy", "--players", "Cara", "--modules", "solo-game", "--scores", "Cara=205",
     "--won", "yes"],
    ["--game", "castles-of-burgundy", "--players", "Ben", "--modules", "solo-game", "--scores", "Ben=180",
     "--won", "no"],
    ["--game", "robber-knights", "--players", "red,blue", "--scores", "red=15,blue=15", "--tiebreak", "red=2,blue=1"],
    ["--game", "robber-knights", "--players", "red,blue,green", "--scores", "red=12,blue=18,green=9"],
]


def _dated(path: Path, day: dt.date, place: str | None = None) -> None:
    """Give the record at ``path`` a date (and a place) in its ``[game]`` header."""
    extra = f"date = {day.isoformat()}\n" + (f'place = "{place}"\n' if place else "")
    path.write_text(path.read_text(encoding="utf-8").replace("[game]\n", "[game]\n" + extra, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def club_book(tmp_path_factory) -> Path:
    """The 63-record folder: 40 shipped (16 of them positions, 3 end-of-game records), 13 playouts,
    10 result-only."""
    from typer.testing import CliRunner

    from burgundy_cli.cli import app

    runner = CliRunner()
    folder = tmp_path_factory.mktemp("book") / "club"
    shutil.copytree(RECORDS, folder, ignore=shutil.ignore_patterns("*.md"))
    day = dt.date(2026, 9, 1)
    for path in sorted(folder.rglob("*.toml")):
        text = path.read_text(encoding="utf-8")
        if "[position]" not in text and path.name not in UNDATED and "\ndate = " not in text:
            _dated(path, day, "Club night" if path.stat().st_size % 2 else None)
            day += dt.timedelta(days=1)
    for number, (game, players, seed, modules) in enumerate(PLAYOUTS):
        out = folder / "playouts" / f"{number:02}-{game}.toml"
        out.parent.mkdir(exist_ok=True)
        args = ["playout", game, "--players", str(players), "--seed", str(seed), "--out", str(out)]
        done = runner.invoke(app, args + (["--modules", modules] if modules else []))
        assert done.exit_code == 0, done.output
        _dated(out, day)
        day += dt.timedelta(days=1)
    for number, args in enumerate(RESULTS):
        out = folder / "pads" / f"{number:02}.toml"
        out.parent.mkdir(exist_ok=True)
        done = runner.invoke(app, ["new", str(out), "--result", "--date", day.isoformat(), *args])
        assert done.exit_code == 0, done.output
        day += dt.timedelta(days=1)
    assert len(list(folder.rglob("*.toml"))) == 63
    return folder


def test_stats_of_the_club_book(club_book, cli) -> None:
    """Dated stats, the solo and team sections, the not-counted line, whole wins, 80 columns."""
    shown = cli("stats", str(club_book), "-j", "1")
    assert shown.exit_code == 0, shown.stderr
    text = shown.stdout
    lines = text.splitlines()
    assert "16 position records (rulebook examples) not counted" in lines[:4]
    assert f"{len(UNDATED)} without a date" in lines[:4]
    assert "10 result-only (final scores entered without the moves)" in lines[:4]
    assert "castles-of-burgundy solo games: won (the duchy filled) or lost" in lines
    assert any(line.startswith("castles-of-burgundy team games") for line in lines)
    assert max(map(len, lines)) <= 80
    solo = lines[lines.index("castles-of-burgundy solo games: won (the duchy filled) or lost") + 1:]
    assert solo[0].split() == ["player", "played", "won", "lost", "win%", "average", "best"]
    report = json.loads(cli("stats", "--db", str(club_book / "burgundy.db"), "--json").stdout)
    assert report["undated"] == len(UNDATED) and report["result_only"] == len(RESULTS)
    assert report["not_counted"] == {"positions": 16, "copies": 0, "failed": 0}
    solo_rows = {row["name"]: row for row in report["solo"]["castles-of-burgundy"]}
    assert solo_rows["Cara"]["won"] == 1 and solo_rows["Ben"]["lost"] >= 1
    teams = {row["team"]: row for row in report["teams"]["castles-of-burgundy"]}
    assert teams["Anna + Cara"]["won"] >= 1 and teams["Cara + Dario"]["won"] >= 1
    # the player tables hold normal games only: no solo or team game counted in them
    normal = {g["game"]: g for g in report["standings"]}
    assert report["games"] == sum(g["complete"] for g in normal.values()) + sum(
        row["played"] for row in report["solo"]["castles-of-burgundy"]) + sum(
        row["played"] for row in report["teams"]["castles-of-burgundy"]) // 2
    # wins are whole games in the table, a tie apart (Robber Knights' draws)
    rk = lines[lines.index(next(line for line in lines if line.startswith("robber-knights:"))) + 1:]
    assert rk[0].split()[:5] == ["player", "played", "wins", "ties", "win%"]
    assert all(row.split()[2].isdigit() for row in rk[1:5])
    # win% is one figure everywhere: a shared win counts 1/n, as --json's win_rate (and the site)
    rates = {p["name"]: p["win_rate"] for g in report["standings"] if g["game"] == "robber-knights" for p in g["players"]}
    for row in rk[1:5]:
        name, *cells = row.split()
        assert next(cell for cell in cells if cell.endswith("%")) == f"{rates[name]:.0%}"
    # dated: a date range keeps only the games in it
    since = json.loads(cli("stats", "--db", str(club_book / "burgundy.db"), "--json", "--since", "2026-09-01").stdout)
    assert since["games"] + since["in_progress"] == report["games"] + report["in_progress"] - len(UNDATED)
    listed = cli("archive", "list", "--db", str(club_book / "burgundy.db")).stdout
    assert "winner  " not in listed and not any(line.rstrip().endswith("winner") for line in listed.splitlines())
    assert "solo game won" in listed and "solo game lost" in listed
    solo = [line.split("  ")[-2] for line in listed.splitlines() if "solo game" in line]
    assert solo and not any(". " in players or "," in players for players in solo)   # (one player, no place)


def test_categories_are_asked_for_and_never_all_zero(club_book, cli) -> None:
    db = str(club_book / "burgundy.db")
    cli("archive", "sync", str(club_book), "--db", db, "-j", "1")
    plain = cli("stats", "--db", db).stdout
    assert "animals" not in plain
    detailed = cli("stats", "--db", db, "--categories").stdout
    assert "animals" in detailed and max(map(len, detailed.splitlines())) <= 80
    rows = [line.split() for line in detailed.splitlines()]
    # (corrections are 0 for every player of these games: no row of zeros; position holds the VP
    # track of the end-of-game records, issue 34.9, so its row is shown and not all zeros)
    assert not any(row and row[0] == "corrections" for row in rows)
    assert all(any(cell.replace(".", "", 1).isdigit() and float(cell) > 0 for cell in row[1:])
               for row in rows if row and row[0] == "position")


def test_bgstats_file_of_the_club_book(club_book, cli, tmp_path) -> None:
    """No position record, teams with their members, dates and places, result-only games."""
    out = tmp_path / "club.bgsplay"
    done = cli("export", "bgstats", str(club_book), "--out", str(out))
    assert done.exit_code == 0, done.stderr
    assert "16 position records (rulebook examples) left out" in done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    positions = [p.name for p in club_book.rglob("*.toml") if "[position]" in p.read_text(encoding="utf-8")]
    assert len(positions) == 16
    for play in data["plays"]:
        source = play["comments"].splitlines()[0]
        assert not any(source.endswith(f"/{name}.") for name in positions), source
    team_plays = [play for play in data["plays"] if play["usesTeams"]]
    assert len(team_plays) == 4  # (the shipped team game, the playout, the two result-only ones)
    for play in team_plays:
        assert sorted(entry["team"] for entry in play["playerScores"]) == ["A", "A", "B", "B"]
    dated = [play for play in data["plays"] if "playDate" in play]
    assert len(dated) >= len(data["plays"]) - len(UNDATED) and data["locations"]
    assert sum("Result only" in play["comments"] for play in data["plays"]) == len(RESULTS)
    assert any(game["usesTeams"] for game in data["games"])


def test_adding_a_place_keeps_the_play_ids(club_book, cli, tmp_path) -> None:
    """Re-exporting after a place is added to records (one with a uuid, one made before uuids)
    gives the same play ids: BG Stats updates the plays, never imports them twice."""
    folder = tmp_path / "copy"
    shutil.copytree(club_book, folder)
    first, again = tmp_path / "first.bgsplay", tmp_path / "again.bgsplay"
    assert cli("export", "bgstats", str(folder), "--out", str(first)).exit_code == 0
    with_uuid = folder / "pads" / "00.toml"
    without = folder / "playouts" / "00-castles-of-burgundy.toml"
    assert "uuid = " in with_uuid.read_text(encoding="utf-8") and "uuid = " not in without.read_text(encoding="utf-8")
    for path in (with_uuid, without):
        path.write_text(path.read_text(encoding="utf-8").replace("[game]\n", '[game]\nplace = "Town hall"\n', 1),
                        encoding="utf-8")
    assert cli("export", "bgstats", str(folder), "--out", str(again)).exit_code == 0
    ids = [{play["uuid"] for play in json.loads(path.read_text(encoding="utf-8"))["plays"]} for path in (first, again)]
    assert ids[0] == ids[1] and len(ids[0]) == len(json.loads(first.read_text(encoding="utf-8"))["plays"])


def test_csv_keeps_each_game_to_its_own_columns(club_book, cli) -> None:
    text = cli("export", "csv", str(club_book)).stdout
    sections = [list(csv.reader(io.StringIO(part))) for part in text.rstrip("\n").split("\n\n")]
    assert len(sections) == 2
    by_game = {rows[1][1]: rows[0] for rows in sections}
    assert "animals" in by_game["castles-of-burgundy"] and "castles" not in by_game["castles-of-burgundy"]
    assert "castles" in by_game["robber-knights"] and "animals" not in by_game["robber-knights"]
    assert "team" in by_game["castles-of-burgundy"] and "team" not in by_game["robber-knights"]
    assert all(len(row) == len(rows[0]) for rows in sections for row in rows)
