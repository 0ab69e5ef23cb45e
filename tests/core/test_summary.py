"""`burgundy summary`: many records summed up per game and player."""

from __future__ import annotations

import doctest
import json

import burgundy_cli.core.summary as summary_module
from burgundy_cli.core.summary import summarise
from tests.conftest import RECORDS


def _game(winner: list[str], totals: dict[str, int], complete: bool = True) -> dict:
    ranked = sorted(totals.values(), reverse=True)
    return {"game": "g", "complete": complete, "winner": winner, "players": [
        {"name": name, "total": total, "rank": 1 + ranked.index(total), "breakdown": {"x": total}}
        for name, total in totals.items()]}


def test_doctests() -> None:
    assert doctest.testmod(summary_module).failed == 0


def test_wins_averages_and_shared_wins() -> None:
    result = summarise([
        _game(["Anna"], {"Anna": 120, "Bob": 100}),
        _game(["anna", "bob"], {"anna": 90, "bob": 90}),   # names match ignoring case; a shared win
        _game([], {"Anna": 10, "Bob": 50}, complete=False),  # in progress: counted, not scored
        {"file": "broken.toml", "error": "invalid record"},
    ])
    assert result["records"] == 4 and result["invalid"] == ["broken.toml"]
    game = result["games"]["g"]
    assert (game["complete"], game["in_progress"]) == (2, 1)
    anna, bob = game["players"]
    assert (anna["name"], anna["played"], anna["wins"], anna["average"], anna["best"]) == ("Anna", 2, 1.5, 105.0, 120)
    assert (bob["wins"], bob["average"], bob["average_rank"]) == (0.5, 95.0, 1.5)
    assert anna["categories"] == {"x": 105.0}


def test_summary_command_over_the_shipped_records(cli) -> None:
    result = cli("summary", str(RECORDS), "--json", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    shipped = sorted(RECORDS.rglob("*.toml"))
    assert data["records"] == len(shipped) and data["invalid"] == []
    assert set(data["games"]) == {"castles-of-burgundy", "robber-knights"}
    for game in data["games"].values():
        assert game["complete"] >= 3 and game["players"]
    text = cli("summary", str(RECORDS / "robber-knights"), "--jobs", "1")
    assert text.exit_code == 0 and "robber-knights:" in text.stdout and "win%" in text.stdout


def test_summary_reports_invalid_records_and_exits_1(cli, tmp_path) -> None:
    good = RECORDS / "robber-knights" / "playout-2-players.toml"
    (tmp_path / "good.toml").write_text(good.read_text())
    (tmp_path / "bad.toml").write_text('[game]\nname = "robber-knights"\n')
    result = cli("summary", str(tmp_path), "--json", "--jobs", "1")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["invalid"] == [str(tmp_path / "bad.toml")] and data["games"]["robber-knights"]["complete"] == 1
    assert "bad.toml" in result.stderr and "Traceback" not in result.stderr


def test_summary_is_a_deprecated_alias_that_says_so(cli) -> None:
    """Issue 35 item 4: `stats` is the one command; `summary` stays for scripts, says it is
    deprecated on stderr, and prints the tables of `stats` (the solo and team games apart)."""
    result = cli("summary", str(RECORDS / "castles-of-burgundy"), "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    assert "`summary` is deprecated" in result.stderr and "burgundy stats FOLDER" in result.stderr
    assert "castles-of-burgundy solo games: won (the duchy filled) or lost" in result.stdout
    assert "position records (rulebook examples) not counted" in result.stdout
    assert max(map(len, result.stdout.splitlines())) <= 80


def test_two_copies_of_one_record_are_one_game(cli, tmp_path) -> None:
    """A record copied into a second file is one game played, as ``stats`` (the archive keys
    records by their bytes) and the site count it; ``summary`` counted two, doubling the
    players' games and wins. The later copy is named and not counted."""
    record = (RECORDS / "robber-knights" / "playout-2-players.toml").read_text()
    (tmp_path / "a.toml").write_text(record)
    (tmp_path / "b-copy.toml").write_text(record)
    result = cli("summary", str(tmp_path), "--json", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["records"] == 2 and data["games"]["robber-knights"]["complete"] == 1
    assert data["copies"] == [f"{tmp_path / 'b-copy.toml'}: the same record as {tmp_path / 'a.toml'}"]
    assert [p["played"] for p in data["games"]["robber-knights"]["players"]] == [1, 1]
    text = cli("summary", str(tmp_path), "--jobs", "1").stdout
    assert "1 copy of another record not counted" in text and "b-copy.toml: the same record as" in text


def test_a_path_that_does_not_exist_is_the_usage_error_alone(cli, tmp_path) -> None:
    """``summary /no/such`` is refused as ``score`` and ``stats`` refuse it (exit 2, one line),
    before any summary: a table of 0 games, or of the records found beside the mistyped one,
    would pass for the whole (docs/archive.md: "as `score` and `summary` refuse it")."""
    for argv in ([str(tmp_path / "no-such")], [str(RECORDS / "robber-knights"), str(tmp_path / "no-such")]):
        result = cli("summary", *argv)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == f"burgundy: usage: no such record file: {tmp_path / 'no-such'}\n"
    one = tmp_path / "one.toml"
    one.write_text((RECORDS / "robber-knights" / "playout-2-players.toml").read_text())
    assert cli("summary", str(one)).stdout.startswith("1 record, 0 invalid\n")
