"""Fuzzy suggestions for tile and player words, and the closest fix first (issue 34.12)."""

from __future__ import annotations

from typer.testing import CliRunner

from burgundy_cli.cli import app
from burgundy_cli.core.table import TableSession, _closest_first


def test_a_misspelt_tile_word_gets_a_suggestion(castles_record):
    cases = {"knowlege": "did you mean 'knowledge <number>'?", "yelow 4": "did you mean 'k4'?",
             "cwo 3": "did you mean 'cow3'?", "chruch": "did you mean 'church'?"}
    for typed, hint in cases.items():
        result = CliRunner().invoke(app, ["check", str(castles_record), f"Anna: take 5 {typed}"])
        assert result.exit_code != 0 and hint in result.output, (typed, result.output)


def test_a_misspelt_player_gets_a_suggestion(castles_record):
    result = CliRunner().invoke(app, ["check", str(castles_record), "Ana: pass"])
    assert "did you mean 'Anna'?" in result.output


def test_legal_now_puts_the_fix_closest_to_what_was_typed_first():
    legal = ["Anna: workers 5", "Anna: workers 2", "Anna: take 2 ship", "Anna: take 5>4 white-castle"]
    assert _closest_first("take 5 white-castle", legal)[0] == "Anna: take 5>4 white-castle"
    assert _closest_first("Anna: workers 2", legal)[0] == "Anna: workers 2"


def test_a_refusal_lists_the_closest_legal_line_first(castles_record):
    table = TableSession(castles_record)
    roll = "roll white 2 good 4, Anna 3 5, Bob 1 6"
    assert table.handle(roll).accepted      # the A4 roll is due in the opening record
    mover = table.listing().player
    wanted = next(move for move in table.shown_lines() if ": take " in move and ">" not in move)
    body = wanted.partition(": ")[2]
    number, rest = body.split(" ", 2)[1], body.split(" ", 2)[2]
    typed = f"{mover}: take {int(number) % 6 + 1} {rest}"   # the wrong depot for that tile
    reply = table.handle(typed)
    assert not reply.accepted, reply.text
    suggested = reply.text.split("legal now: ")[1].split(" | ")
    assert rest in suggested[0], (typed, suggested)
