"""``check FILE --at LINE MOVE`` asks about the position after a given line (issue 34.10)."""

from __future__ import annotations

from typer.testing import CliRunner

from burgundy_cli.cli import app
from tests.conftest import RECORDS

RECORD = str(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml")


def test_check_at_a_line_asks_about_the_position_after_it():
    # line 76 is A5's last line: phase B's reveals are legal there, not at the record's end
    at = CliRunner().invoke(app, ["check", RECORD, "reveal 1 bank ship", "--at", "76"])
    assert at.exit_code == 0 and at.stdout.startswith("legal: reveal 1 bank ship")
    end = CliRunner().invoke(app, ["check", RECORD, "reveal 1 bank ship"])
    assert end.exit_code == 1


def test_check_at_a_round_takes_the_forms_show_takes():
    result = CliRunner().invoke(app, ["check", RECORD, "reveal 1 bank ship", "--at", "A5"])
    assert result.exit_code == 0, result.output


def test_at_beyond_the_last_line_is_refused_with_a_clear_message():
    for command in (["check", RECORD, "Anna: pass", "--at", "9999"], ["show", RECORD, "--at", "9999"]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 2
        assert "ends at line 261" in result.output and "Traceback" not in result.output


def test_moves_at_a_point_lists_what_its_position_record_lists(tmp_path):
    """``moves --at`` takes the forms ``check --at`` and ``show --at`` take, and lists the legal
    lines of the position there: the same as ``moves`` on the position record ``show
    --position --at`` writes for that point. After a round the table rolls next."""
    runner = CliRunner()
    for at in ("75", "A4", "131"):
        asked = runner.invoke(app, ["moves", RECORD, "--json", "--at", at])
        assert asked.exit_code == 0, asked.output
        position = tmp_path / f"at-{at}.toml"
        position.write_text(runner.invoke(app, ["show", RECORD, "--position", "--at", at]).stdout, encoding="utf-8")
        there = runner.invoke(app, ["moves", str(position), "--json"])
        assert there.exit_code == 0, there.output
        assert asked.stdout == there.stdout
    after_round = runner.invoke(app, ["moves", RECORD, "--at", "A4"])
    assert after_round.stdout.startswith("no player moves now: the table rolls next: roll white <die>")
    assert runner.invoke(app, ["moves", RECORD]).stdout != runner.invoke(app, ["moves", RECORD, "--at", "75"]).stdout
    beyond = runner.invoke(app, ["moves", RECORD, "--at", "9999"])
    assert beyond.exit_code == 2 and "ends at line 261" in beyond.output
