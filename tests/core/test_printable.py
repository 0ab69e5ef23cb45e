"""Text from a record never drives the terminal: control characters in anything a record
may hold (its notes; names, places and events are refused at read, issue 33
item 19, see test_record_text_limits.py) are printed escaped, by every command, on both
ways in (typer and the fast path), and in the Rich score table."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import pytest

from burgundy_cli.console import printable
from burgundy_cli.core.game import ScoreLine, ScoreTable
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.render import score_table_rich
from burgundy_cli.robber_knights import GAME

#: Clears the screen, sets the window title, rings the bell, and reverses what follows.
EVIL = "r\x1b[2J\x1b]0;owned\x07\u202ed\x9b1m"
#: What must never reach a terminal raw.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_printable_escapes_what_drives_a_terminal_and_keeps_the_rest() -> None:
    assert printable(EVIL) == "r\\u001b[2J\\u001b]0;owned\\u0007\\u202ed\\u009b1m"
    assert printable("Änne\tand Zoë\n") == "Änne\tand Zoë\n"
    assert printable("a\rb\x7f") == "a\\u000db\\u007f"


@pytest.fixture
def evil_record(tmp_path):
    """A game whose notes hold :data:`EVIL` (a comment may not: it ends with its line, item 24)."""
    data = GAME.playout(2, 7)
    data["game"]["notes"] = EVIL
    path = tmp_path / "evil.toml"
    path.write_text(dump_record(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("args", [
    ["score"], ["score", "--all"], ["show"], ["summary"], ["moves"], ["moves", "--all"], ["fmt"],
    ["score", "--json"], ["show", "--json"],
])
def test_no_command_prints_a_control_character_from_a_record(cli, evil_record, args) -> None:
    result = cli(*args, evil_record)
    assert result.exit_code == 0, result.stderr
    assert CONTROL.search(result.stdout + result.stderr) is None
    if "--json" in args:
        json.loads(result.stdout)  # (what is escaped for the terminal is still JSON)


def test_errors_quote_names_escaped(cli, evil_record) -> None:
    result = cli("check", evil_record, f"x{EVIL}: end")
    assert result.exit_code != 0
    assert "\\x1b[2J" in result.stderr and CONTROL.search(result.stdout + result.stderr) is None


def test_the_fast_path_escapes_too(evil_record) -> None:
    done = subprocess.run([sys.executable, "-m", "burgundy_cli", "fmt", evil_record],
                          capture_output=True, text=True, check=True)
    assert "r\\u001b[2J" in done.stdout and CONTROL.search(done.stdout + done.stderr) is None


def test_rich_score_table_takes_names_as_text_not_markup() -> None:
    """A name that looks like Rich markup (``[/]`` once crashed the table) or holds escapes."""
    table = ScoreTable(game="robber-knights", edition=None, complete=True, winner=["[/]x"],
                       players=[ScoreLine(name="[/]x", total=1, rank=1, breakdown={"castles": 1}),
                                ScoreLine(name=EVIL, total=0, rank=2, breakdown={"castles": 0})],
                       notes=[f"knights left: {EVIL} 3"])
    shown = score_table_rich(table)
    assert "[/]x" in shown and "r\\u001b[2J" in shown
    assert "\x1b[2J" not in shown and "\x07" not in shown and "\u202e" not in shown
