"""``burgundy export``: the BG Stats import file and CSV, checked against the score tables."""

from __future__ import annotations

import csv
import io
import json
import uuid

import pytest

from burgundy_cli.core.export import NAMESPACE, bgstats, csv_text, exported, play_uuid, read_played
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"
ALL = [str(p) for p in sorted(RECORDS.glob("*/*.toml"))]


def test_bgstats_holds_every_complete_game_with_scores_ranks_and_winners() -> None:
    played, failed = read_played(ALL)
    assert failed == []
    data = bgstats(played)
    complete = exported(played)  # (the complete games; no position record: no game played)
    assert len(data["plays"]) == len(complete) > 0
    assert not any(p.start == "position" for p in complete) and any(p.start == "position" for p in played)
    players = {p["id"]: p["name"] for p in data["players"]}
    games = {g["id"]: g for g in data["games"]}
    for play, record in zip(data["plays"], complete):
        lines = {line.name: line for line in record.table.players}
        for entry in play["playerScores"]:
            line = lines[players[entry["playerRefId"]]]
            assert entry["score"] == str(line.total) and entry["rank"] == line.rank
            assert entry["winner"] == (line.name in record.table.winner)
        assert sum(entry["startPlayer"] for entry in play["playerScores"]) == (record.start_player is not None)
        for line in record.table.players:
            assert f"{line.name} {line.total} (rank {line.rank})" in play["comments"]
        assert games[play["gameRefId"]]["name"].startswith(("The Castles of Burgundy", "Robber Knights"))


def test_bgstats_gives_each_edition_its_boardgamegeek_id() -> None:
    played, _ = read_played([str(CASTLES / "complete-2p-2011.toml"), str(CASTLES / "complete-3p-2019.toml")])
    ids = {game["name"]: game["bggId"] for game in bgstats(played)["games"]}
    assert ids == {"The Castles of Burgundy (2011)": 84876, "The Castles of Burgundy (2019)": 271320}


def test_the_start_player_is_the_one_the_setup_names() -> None:
    played, _ = read_played([str(CASTLES / "complete-2p-2011.toml")])
    assert played[0].start_player == "Ben"  # [setup] start_player = "Ben"


def test_a_play_id_follows_the_game_not_the_layout_nor_the_occasion(tmp_path) -> None:
    """Re-importing must not duplicate: the same game written differently, or given a place
    later, keeps its id; a changed game gets a new one."""
    original = CASTLES / "complete-2p-2011.toml"
    text = original.read_text()
    relaid = tmp_path / "relaid.toml"
    relaid.write_text("# typed at the club\n" + text.replace('"Anna: take 6 watchtower"', '"anna: TAKE 6 watchtower"'))
    placed = tmp_path / "placed.toml"
    placed.write_text(text.replace('players = [\n    "Anna",', 'place = "Club"\nplayers = [\n    "Anna",'))
    changed = tmp_path / "changed.toml"
    changed.write_text(text.replace("Anna", "Anne"))  # (another player: another game)
    (first, second, third, fourth), failed = read_played([str(original), str(relaid), str(placed), str(changed)])
    assert failed == []
    assert play_uuid(first) == play_uuid(second) == play_uuid(third) != play_uuid(fourth)
    again, _ = read_played([str(original)])
    assert play_uuid(again[0]) == play_uuid(first)


def test_players_and_places_keep_their_ids_across_exports() -> None:
    one = bgstats(read_played([str(CASTLES / "complete-2p-2011.toml")])[0])
    two = bgstats(read_played(ALL)[0])
    uuids = {p["name"]: p["uuid"] for p in two["players"]}
    for player in one["players"]:
        assert uuids[player["name"]] == player["uuid"]


def csv_sections(text: str) -> list[list[dict[str, str]]]:
    """The sections of an exported CSV (separated by an empty line), each as rows by column."""
    return [list(csv.DictReader(io.StringIO(part + "\n"))) for part in text.rstrip("\n").split("\n\n")]


def _yes(value: bool) -> str:
    return "true" if value else "false"


def test_csv_has_a_row_per_player_per_game_and_every_category() -> None:
    played, _ = read_played(ALL)
    sections = csv_sections(csv_text(played))
    assert [{row["game"] for row in rows} for rows in sections] == [{"castles-of-burgundy"}, {"robber-knights"}]
    rows = [row for rows in sections for row in rows]
    assert len(rows) == sum(len(p.header.players) for p in played if p.start != "position")   # (no game played)
    for row in rows:
        table = open_record(row["file"]).score()
        line = next(line for line in table.players if line.name == row["player"])
        assert int(row["score"]) == line.total
        assert {k: int(row[k]) for k in line.breakdown} == line.breakdown
        assert sum(int(row[k]) for k in line.breakdown) == line.total
    # who began: one "true" a game logged from its [setup]; a game scored from its end, a typed
    # position or the final scores alone does not say, and its cells are empty, not "false"
    began = {record.file: record.start_player for record in played}
    for row in rows:
        assert row["start_player"] == ("" if began[row["file"]] is None else _yes(row["player"] == began[row["file"]]))
    assert {row["file"].rsplit("/", 1)[1] for row in rows if not row["start_player"]} >= {
        "end-2p-2011-tie.toml", "end-2-players-tiebreak.toml"}
    opening = [row for row in rows if row["file"].endswith("opening-2p-2011.toml")]
    assert {row["date"] for row in opening} == {"2026-11-20"} and {row["place"] for row in opening} == {"Club night"}


def test_export_commands_write_files_and_report_bad_records(cli, tmp_path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[game]\nname = 'castles-of-burgundy'\n")
    out = tmp_path / "plays.bgsplay"
    result = cli("export", "bgstats", str(CASTLES / "complete-2p-2011.toml"), str(bad), "--out", str(out))
    assert result.exit_code == 1
    assert "bad.toml" in result.stderr
    assert len(json.loads(out.read_text())["plays"]) == 1
    result = cli("export", "csv", str(CASTLES / "complete-2p-2011.toml"))
    assert result.exit_code == 0 and result.stdout.count("\n") == 3


def test_date_and_place_become_the_plays_date_and_location(tmp_path) -> None:
    text = (CASTLES / "complete-2p-2011.toml").read_text()
    dated = tmp_path / "dated.toml"
    dated.write_text(text.replace('players = [\n    "Anna",', 'date = 2026-11-20\nplace = "Club night"\n'
                                  'event = "Autumn league"\nplayers = [\n    "Anna",'))
    data = bgstats(read_played([str(dated)])[0])
    (play,) = data["plays"]
    assert play["playDate"] == "2026-11-20 12:00:00"
    assert data["locations"][0]["name"] == "Club night" and play["locationRefId"] == data["locations"][0]["id"]
    assert "Event: Autumn league." in play["comments"]
    undated = bgstats(read_played([str(CASTLES / "complete-2p-2011.toml")])[0])["plays"][0]
    assert "playDate" not in undated and "locationRefId" not in undated


def test_a_date_written_as_a_string_is_a_date_alone_taken_as_noon(tmp_path) -> None:
    """``date = "2026-03-15"`` (quoted, as a secretary typing TOML by hand may write it; ``stats``
    reads it as that day) was exported as midnight, "2026-03-15 00:00:00", where the same date
    unquoted is noon, the hour docs/export.md gives a date alone so that no time zone moves
    the play to the day before. A date with its time keeps the time."""
    text = (CASTLES / "complete-2p-2011.toml").read_text()
    dates = {}
    for name, date in (("quoted", '"2026-03-15"'), ("bare", "2026-03-15"), ("timed", '"2026-03-15T20:30:00"')):
        path = tmp_path / f"{name}.toml"
        path.write_text(text.replace('players = [\n    "Anna",', f'date = {date}\nplayers = [\n    "Anna",'))
        dates[name] = bgstats(read_played([str(path)])[0])["plays"][0]["playDate"]
    assert dates == {"quoted": "2026-03-15 12:00:00", "bare": "2026-03-15 12:00:00", "timed": "2026-03-15 20:30:00"}


ROBBER = RECORDS / "robber-knights" / "playout-4-players.toml"


def test_robber_knights_bgg_id_and_one_given_instead(cli, tmp_path, monkeypatch) -> None:
    """Robber Knights is BoardGameGeek entry 19989 (docs/export.md gives the source); a game
    with no known id is exported as 0 with a warning; --bgg-id replaces a shipped id."""
    from burgundy_cli.robber_knights import svg

    played, _ = read_played([str(ROBBER)])
    assert [game["bggId"] for game in bgstats(played)["games"]] == [19989]
    out = tmp_path / "plays.bgsplay"
    result = cli("export", "bgstats", str(ROBBER), "--out", str(out))
    assert result.exit_code == 0 and "no BoardGameGeek id" not in result.stderr
    monkeypatch.setattr(svg, "BOARDGAMEGEEK", {None: (0, 2005)})
    result = cli("export", "bgstats", str(ROBBER), "--out", str(out))
    assert result.exit_code == 0 and "Robber Knights: no BoardGameGeek id known" in result.stderr
    result = cli("export", "bgstats", str(ROBBER), str(CASTLES / "complete-3p-2019.toml"), "--out", str(out),
                 "--bgg-id", "robber-knights=4242", "--bgg-id", "castles-of-burgundy:2019=1")
    assert result.exit_code == 0 and "no BoardGameGeek id" not in result.stderr
    ids = {game["name"]: game["bggId"] for game in json.loads(out.read_text())["games"]}
    assert ids == {"Robber Knights": 4242, "The Castles of Burgundy (2019)": 1}


@pytest.mark.parametrize(("given", "says"), [
    ("robber-knights", "expected GAME=ID"), ("robber-knights=0", "positive id"),
    ("robber-knights=12a", "positive id"), ("robber-knight=5", "did you mean 'robber-knights'"),
    ("castles-of-burgundy=84876", "say which"), ("robber-knights:2005=5", "a single edition"),
])
def test_a_bad_bgg_id_is_a_usage_error(cli, tmp_path, given, says) -> None:
    result = cli("export", "bgstats", str(ROBBER), "--out", str(tmp_path / "x"), "--bgg-id", given)
    assert result.exit_code == 2 and says in result.stderr
    assert not (tmp_path / "x").exists()


def _pad(path, names: list[str], scores: list[int], date: str) -> str:
    """A result-only 2011 record of ``names`` at ``date``, written to ``path``."""
    lines = [f'[game]\nname = "castles-of-burgundy"\nedition = "2011"\ndate = {date}\n'
             f"players = {json.dumps(names, ensure_ascii=False)}\n"]
    lines += [f"[final.scores.{json.dumps(name, ensure_ascii=False)}]\ntotal = {score}\n"
              for name, score in zip(names, scores)]
    path.write_text("".join(lines), encoding="utf-8")
    return str(path)


def test_spellings_of_one_name_are_one_bgstats_player_with_the_first_spellings_id(cli, tmp_path) -> None:
    """Zoë typed composed, decomposed ("e" + U+0308) and in lower case in three records: one
    player for ``stats`` and the site, three for BG Stats. Now one there too, named and
    identified as the earliest game spells her -- so a club that always wrote her one way
    keeps her id, and a later record spelling her otherwise never moves her -- and the export
    says on stderr which spellings it joined."""
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    files = [_pad(tmp_path / "a.toml", [decomposed, "Ben"], [150, 140], "2026-01-05"),
             _pad(tmp_path / "b.toml", [composed, "Ben"], [150, 160], "2026-01-02"),   # the earliest
             _pad(tmp_path / "c.toml", ["zo\u00eb", "ben "], [170, 120], "2026-02-01")]
    played, failed = read_played(files)
    assert not failed
    before = bgstats(read_played(files[1:2])[0])   # an export of the first game alone
    data = bgstats(played)
    assert [(p["name"], p["uuid"]) for p in data["players"]] == [(p["name"], p["uuid"]) for p in before["players"]]
    zoe = data["players"][0]
    assert zoe["name"] == composed and len(data["players"]) == 2
    assert all(score["playerRefId"] in (1, 2) for play in data["plays"] for score in play["playerScores"])
    assert sorted(s["playerRefId"] for play in data["plays"] for s in play["playerScores"]) == [1, 1, 1, 2, 2, 2]
    out = tmp_path / "plays.bgsplay"
    result = cli("export", "bgstats", *files, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (f"BG Stats: '{composed}' and '{decomposed}' (decomposed), 'zo\u00eb' are one player (the same name "
            f"but for case, spaces or Unicode form), exported as '{composed}' with its id") in result.stderr
    assert "'Ben' and 'ben ' are one player" in result.stderr
    assert json.loads(out.read_text())["players"] == data["players"]
    # stats and the BG Stats file agree: one Zoë with three games
    stats = json.loads(cli("stats", str(tmp_path), "--db", str(tmp_path / "s.db"), "--json").stdout)
    assert sorted((p["name"], p["played"]) for p in stats["standings"][0]["players"]) == [("Ben", 3), (composed, 3)]
    # a name spelled one way throughout keeps the id it always had, whatever its Unicode form
    alone = bgstats(read_played([files[0]])[0])["players"][0]
    assert alone["name"] == decomposed and alone["uuid"] == str(uuid.uuid5(NAMESPACE, f"player:{decomposed}")).upper()


def test_an_undated_pad_typed_in_later_never_takes_a_players_name_or_id(cli, tmp_path) -> None:
    """The name and id come from the player's first dated game: an old score pad added later
    without its date, spelling the name otherwise, leaves both as they were; ``stats`` and the
    site name the player the same way."""
    dated = _pad(tmp_path / "a.toml", ["Zo\u00eb", "Ben"], [150, 140], "2026-03-01")
    before = bgstats(read_played([dated])[0])["players"]
    undated = tmp_path / "old.toml"
    undated.write_text('[game]\nname = "castles-of-burgundy"\nedition = "2011"\nplayers = ["ZO\u00cb", "ben"]\n'
                       '[final.scores."ZO\u00cb"]\ntotal = 120\n[final.scores.ben]\ntotal = 110\n', encoding="utf-8")
    after = bgstats(read_played([str(undated), dated])[0])["players"]
    assert [(p["name"], p["uuid"]) for p in after] == [(p["name"], p["uuid"]) for p in before]
    stats = json.loads(cli("stats", str(tmp_path), "--db", str(tmp_path / "s.db"), "--json").stdout)
    assert sorted(p["name"] for p in stats["standings"][0]["players"]) == ["Ben", "Zo\u00eb"]
    assert cli("site", str(tmp_path), "--out", str(tmp_path / "site")).exit_code == 0
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert ">Zo\u00eb</a>" in page and ">Ben</a>" in page


@pytest.mark.parametrize("command", [["csv"], ["bgstats"]])
def test_a_path_that_does_not_exist_writes_no_export(cli, tmp_path, command) -> None:
    """``export csv records/ /no/such --out y.csv`` said "no such record file" (exit 2) and
    wrote y.csv all the same, the club's games without the mistyped folder's: an export that
    passes for the whole. A path that does not exist is refused first, nothing written."""
    out, missing = tmp_path / "out.x", tmp_path / "no-such"
    result = cli("export", *command, str(RECORDS), str(missing), "--out", str(out))
    assert result.exit_code == 2 and result.stderr == f"burgundy: usage: no such record file: {missing}\n"
    assert not out.exists()


def test_bgstats_counts_in_words_that_agree_with_the_number(cli, tmp_path) -> None:
    """"0 plays, 1 unfinished games left out" -> "1 unfinished game"."""
    made = cli("new", str(tmp_path / "game.toml"), "--game", "castles-of-burgundy", "--edition", "2019",
               "--players", "anna,bob", "--goods", "anna=1 2 3,bob=4 5 6")
    assert made.exit_code == 0, made.output
    result = cli("export", "bgstats", str(tmp_path / "game.toml"), "--out", str(tmp_path / "p.bgsplay"))
    assert result.exit_code == 0 and result.stderr.endswith("0 plays, 1 unfinished game left out\n"), result.stderr


def test_a_result_only_play_gives_each_total_without_saying_no_points(tmp_path) -> None:
    """A result-only record has final scores and no categories. Its BG Stats comment said
    "anna 160 (rank 1): no points" -- 160 points and no points on one line. It now gives the
    total and rank alone; a played game's line still lists its categories."""
    pad = tmp_path / "pad.toml"
    pad.write_text('[game]\nname = "castles-of-burgundy"\nedition = "2019"\nplayers = ["anna", "Ben"]\n'
                   "[final.scores.anna]\ntotal = 160\n[final.scores.Ben]\ntotal = 150\n")
    played, failed = read_played([str(pad), str(CASTLES / "complete-2p-2011.toml")])
    assert failed == []
    pad_play, game_play = (play["comments"].splitlines() for play in bgstats(played)["plays"])
    assert "anna 160 (rank 1)" in pad_play and "Ben 150 (rank 2)" in pad_play
    assert not any("no points" in line for line in pad_play)
    assert any(line.startswith("Anna 119 (rank 2): animals ") for line in game_play)
