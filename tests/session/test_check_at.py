"""``check FILE --at LINE MOVE`` asks about the position after a given line (issue 34.10); ``moves --at``
lists the lines legal there; ``check FILE MOVE MOVE...`` judges the last after the others."""

from __future__ import annotations

import json

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
        assert "ends at line 262" in result.output and "Traceback" not in result.output


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
    assert beyond.exit_code == 2 and "ends at line 262" in beyond.output


def test_check_after_lines_played_in_memory_judges_the_last(tmp_path):
    """``check FILE MOVE MOVE...``: the lines before the last are played in turn on the position
    (nothing is written) and the last is judged there: Ben, before A1's first line, may take the
    church from depot 3 and place it on b5 with his 5 turned to 4 (as he did: lines 43-44), not on
    g1 (cob.place.colour); a line before the last that is refused is named by its number, and
    ``--json`` says the lines it judged after."""
    before = open(RECORD, encoding="utf-8").read()
    runner = CliRunner()
    take, place = "Ben: take 3 church", "Ben: place 5>4 church b5"
    legal = runner.invoke(app, ["check", RECORD, "--at", "42", take, place])
    assert legal.exit_code == 0 and legal.stdout.startswith(f"after: {take}\nlegal: {place} -- "), legal.output
    alone = runner.invoke(app, ["check", RECORD, "--at", "42", place])
    assert alone.exit_code == 1 and "cob.place.stored" in alone.output   # (not stored before the take)
    wrong = runner.invoke(app, ["check", RECORD, "--at", "42", take, "Ben: place 5>4 church g1"])
    assert wrong.exit_code == 1 and "<move 2: Ben: place 5>4 church g1>:1:23: illegal (cob.place.colour)" in wrong.output
    first = runner.invoke(app, ["check", RECORD, "--at", "42", "Ben: take 4 church", place])
    assert first.exit_code == 1 and "<move 1: Ben: take 4 church>:1:11: illegal (cob.die.unused)" in first.output
    data = json.loads(runner.invoke(app, ["check", RECORD, "--at", "42", "--json", take, place]).stdout)
    assert data["legal"] and data["after"] == [take] and data["message"].startswith(f"legal: {place}")
    assert open(RECORD, encoding="utf-8").read() == before


def test_a_castles_refusal_on_the_command_line_is_placed_at_the_word_it_refuses(cli, tmp_path):
    """A refused line given to ``check`` or ``play`` is placed at the word its rule refuses,
    line 1 of the line typed, as a record's refused line is at FILE:LINE:COLUMN and as a
    Robber Knights refusal is (docs/notation.md); it was placed at the line alone. 2011 rules,
    'Additional rules for placing six-sided tiles': the tile "must always first place it onto a
    storage space" -- the tile, ship, is the word blamed."""
    game = tmp_path / "game.toml"
    assert cli("new", str(game), "--game", "castles-of-burgundy", "--edition", "2011", "--players", "Anna,Bob",
               "--goods", "Anna=1 2 3,Bob=4 5 6").exit_code == 0
    assert cli("play", str(game), "roll white 3 good 4, anna 6 4, bob 1 5").exit_code == 0
    checked = cli("check", str(game), "anna: place 4 ship c2")
    assert checked.exit_code == 1 and "<move: anna: place 4 ship c2>:1:15: illegal (cob.place.stored)" in checked.output
    played = cli("play", str(game), "anna: take 6 bank", "anna: place 4 ship c2")
    assert played.exit_code == 1 and "<move 2: anna: place 4 ship c2>:1:15: illegal (cob.place.stored)" in played.output
