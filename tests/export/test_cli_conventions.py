"""The usual command-line conventions: --version, --json everywhere, score --all, colour on
a terminal only, shell completion offering the record's legal moves."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from burgundy_cli import __version__
from burgundy_cli.core.game import ScoreLine, ScoreTable
from burgundy_cli.core.render import score_json, score_table_for, score_table_rich, score_table_text, shown_categories
from burgundy_cli.core.session import open_record
from burgundy_cli.core.verdicts import legal_completions
from tests.conftest import RECORDS, ROOT

OPENING = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"
COMPLETE = RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"


class _Terminal:
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_version(cli) -> None:
    result = cli("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"burgundy {__version__}"


def test_score_hides_categories_at_zero_for_everyone_unless_all(cli) -> None:
    """--all shows the game's scoring categories at 0 for everyone; never the bookkeeping
    rows (position, corrections) when no one has any (docs/records.md, "Score table")."""
    opening = open_record(OPENING).score()
    shown = score_table_text(opening)
    assert "animals" not in shown and "categories at 0 for everyone not shown; --all shows them" in shown
    full = cli("score", "--all", str(OPENING)).stdout
    assert "animals" in full and "colour-bonus" in full and "not shown" not in full
    assert "position " not in full and "corrections" not in full
    table = open_record(COMPLETE).score()
    assert "watchtowers" in score_table_text(table)  # zero for Ben, not for Anna
    assert "not shown" not in score_table_text(table)  # only position and corrections are at 0
    assert "corrections" not in cli("score", "--all", str(COMPLETE)).stdout


def test_bookkeeping_rows_show_when_someone_has_points_in_them() -> None:
    corrected = ScoreTable(game="castles-of-burgundy", edition="2011", complete=False, winner=[], players=[
        ScoreLine(name="Anna", total=3, rank=1, breakdown={"position": 0, "animals": 0, "corrections": 3}),
        ScoreLine(name="Ben", total=0, rank=2, breakdown={"position": 0, "animals": 0, "corrections": 0})])
    assert shown_categories(corrected) == ["corrections"]
    assert shown_categories(corrected, show_all=True) == ["animals", "corrections"]
    robber = ScoreTable(game="robber-knights", edition=None, complete=False, winner=[], players=[
        ScoreLine(name="red", total=0, rank=1, breakdown={"castles": 0, "villages": 0, "towns": 0})])
    assert shown_categories(robber, show_all=True) == ["castles", "villages", "towns"]


def test_score_json_carries_date_place_and_event(cli) -> None:
    payload = json.loads(cli("score", "--json", str(OPENING)).stdout)
    assert list(payload)[:5] == ["game", "edition", "date", "place", "event"]
    assert (payload["date"], payload["place"], payload["event"]) == ("2026-11-20", "Club night", None)
    several = cli("score", "--json", "--jobs", "1", str(OPENING), str(COMPLETE)).stdout.splitlines()
    assert [json.loads(line)["place"] for line in several] == ["Club night", None]


def test_rich_table_on_a_terminal_plain_text_otherwise(monkeypatch) -> None:
    session = open_record(COMPLETE)
    table = session.score()
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = score_table_for(table, _Terminal())
    assert "\x1b[" in coloured and "Ben" in coloured and "129" in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert score_table_for(table, _Terminal()) == score_table_text(table)
    monkeypatch.delenv("NO_COLOR")
    assert score_table_for(table, _Pipe()) == score_table_text(table)
    assert score_json(table, session.header)["place"] is None


class _Pipe:
    def isatty(self) -> bool:
        return False


def test_a_piped_score_is_plain_text() -> None:
    done = subprocess.run([sys.executable, "-m", "burgundy_cli", "score", str(COMPLETE)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    assert "\x1b[" not in done.stdout and done.stdout.startswith("castles-of-burgundy (2011 edition)")


def test_show_json_and_text_at_a_round(cli) -> None:
    payload = json.loads(cli("show", "--json", str(COMPLETE)).stdout)
    assert payload["due"] == {"kind": "over", "player": None, "also_accepted": [], "lines": [], "missing": []}
    text = cli("show", str(COMPLETE), "--at", "A2").stdout
    assert "after A2" in text and "phase A, round 3" in text


def test_play_json_gives_each_verdict_and_what_is_due(cli, tmp_path) -> None:
    record = tmp_path / "game.toml"
    shutil.copy(OPENING, record)
    before = record.read_text()
    refused = cli("play", "--json", str(record), "Anna: buy ship", "Bob: take 9 church")
    assert refused.exit_code == 1
    payload = json.loads(refused.stdout)
    assert [v["legal"] for v in payload["verdicts"]] == [True, False] and payload["written"] is False
    assert record.read_text() == before
    accepted = json.loads(cli("play", "--json", str(record), "Anna: buy ship").stdout)
    assert accepted["written"] is True and accepted["verdicts"][0]["line"] == "Anna: buy ship"
    assert accepted["due"]["kind"] in ("player", "roll")
    assert "Anna: buy ship" in record.read_text()


def test_fmt_and_playout_json(cli, tmp_path) -> None:
    data = json.loads(cli("fmt", "--json", str(OPENING)).stdout)
    assert data["game"]["date"] == "2026-11-20" and "log" in data
    out = tmp_path / "p.toml"
    result = json.loads(cli("playout", "robber-knights", "-p", "2", "-s", "3", "--out", str(out), "--json").stdout)
    assert result["file"] == str(out) and result["result"]["complete"] is True and out.exists()


def test_completion_offers_the_legal_moves() -> None:
    moves = open_record(OPENING).legal_moves().moves
    assert legal_completions(str(OPENING), [], "") == moves
    assert legal_completions(str(OPENING), [], "anna: BUY") == [m for m in moves if m.startswith("Anna: buy")]
    assert legal_completions(str(OPENING), ["no such line"], "") == []
    assert legal_completions("missing.toml", [], "") == []


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_scripts_and_move_completion(shell) -> None:
    """Through the real entry point, as the shell calls it.

    typer finds the shell of ``--show-completion`` among the process's ancestors, so the
    script would be bash's whichever shell is named, and none at all when no shell is an
    ancestor (pytest started by a CI runner or a service). typer's own switch for tests
    makes the option take the shell named instead.
    """
    script = subprocess.run([sys.executable, "-m", "burgundy_cli", "--show-completion", shell], cwd=ROOT,
                            capture_output=True, text=True,
                            env={"PATH": "/usr/bin:/bin", "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    assert script.returncode == 0, script.stderr
    assert {"bash": "_burgundy_completion()", "zsh": "#compdef burgundy",
            "fish": "complete --command burgundy"}[shell] in script.stdout
    env = {"PATH": "/usr/bin:/bin", "_BURGUNDY_COMPLETE": "complete_bash",
           "COMP_WORDS": f"burgundy check {OPENING} Anna", "COMP_CWORD": "3"}
    done = subprocess.run([sys.executable, "-m", "burgundy_cli"], cwd=ROOT, capture_output=True, text=True, env=env)
    assert "Anna: buy ship" in done.stdout.splitlines()


def test_one_hidden_category_is_said_in_the_singular() -> None:
    """The note under a score table counts its hidden categories in words: a game with one
    category no one has scored in yet said "(1 categories at 0 ...)"."""
    from burgundy_cli.core.render import _footer
    from burgundy_cli.core.session import open_record
    from tests.conftest import RECORDS

    table = open_record(RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml").score()
    assert _footer(table, 1)[-1] == "(1 category at 0 for everyone not shown; --all shows them)"
    assert _footer(table, 4)[-1] == "(4 categories at 0 for everyone not shown; --all shows them)"


def test_a_table_without_points_has_one_rule_and_an_unbroken_headline(tmp_path, cli) -> None:
    """A record in which nobody has any points yet (a new game; a result-only record without
    breakdowns) has no category row: one rule under the names, never two rules in a row; on a
    terminal the headline is one line, not wrapped at the width of a two-column table."""
    made = cli("new", str(tmp_path / "new.toml"), "--game", "castles-of-burgundy", "--edition", "2019",
               "--players", "anna,bob", "--goods", "anna=1 2 3,bob=4 5 6")
    assert made.exit_code == 0, made.output
    text = cli("score", str(tmp_path / "new.toml")).stdout.splitlines()
    assert [line.split() for line in text[1:5]] == [["bob", "anna"], ["-----", "-----"], ["total", "0", "0"],
                                                     ["rank", "1", "1"]]
    coloured = score_table_rich(open_record(tmp_path / "new.toml").score(), width=100)
    assert "castles-of-burgundy (2019 edition), 2 players, in progress (scores so far, no final scoring)" in coloured


def test_a_team_game_is_won_by_a_team_not_shared(cli) -> None:
    """2019 rulebook, 'The team game', 'Final scoring': "The team with more victory points wins
    the game." ``score`` of the shipped team game said "shared win: Dario, Ben" (a tie between
    two players) where the team of Dario and Ben won; a shared win of a normal game keeps its words."""
    team = cli("score", str(RECORDS / "castles-of-burgundy" / "complete-4p-2019-team.toml")).stdout
    assert "winner: team Dario + Ben\n" in team and "shared win" not in team
    draw = cli("score", str(RECORDS / "robber-knights" / "playout-4-players-draw.toml")).stdout
    assert "shared win: red, green\n" in draw
