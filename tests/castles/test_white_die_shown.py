"""What ``show`` says of the white die: the result of the round being played, and between rounds
that it lies with the next round's start player, not rolled yet (never the die of the round
just finished)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from burgundy_cli.cli import app

RECORD = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy" / "complete-3p-2019.toml"


def _show(*args: str) -> str:
    result = CliRunner().invoke(app, ["show", str(RECORD), *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_between_rounds_the_white_die_lies_with_the_next_start_player_unrolled():
    """2019 rules 'The five game rounds': "each player rolls their two dice. The starting player
    also rolls the white die", and after a ship "If you are now the next round's starting player,
    you receive the white die" (2011: "he also receives the white die"). After round A1 the die
    is in the next start player's hand, not showing A1's 4."""
    text = _show("--at", "A1")
    assert "white die: with Anna, the next round's start player, not rolled yet" in text.splitlines()
    assert "white die: 4" not in text
    assert json.loads(_show("--at", "A1", "--json"))["white_die"] is None


def test_during_a_round_the_white_die_is_the_rounds_roll():
    """In the round's turns the white die shows what the start player rolled (the white castles'
    action uses it): A2's roll is 'roll white 2 ...' in the record."""
    lines = RECORD.read_text().splitlines()
    roll = next(number for number, line in enumerate(lines, start=1) if line.strip().startswith('"roll white')
                and number > next(n for n, text in enumerate(lines, start=1) if text.startswith("A2 = [")))
    white = int(lines[roll - 1].split()[2])
    assert f"white die: {white}" in _show("--at", str(roll)).splitlines()
    assert json.loads(_show("--at", str(roll), "--json"))["white_die"] == white


def test_after_the_last_die_no_white_die_is_shown():
    """2019 rules 'End of the game': the game ends with phase E; no round follows, so no die lies
    ready for one."""
    assert "white die" not in _show()
