"""One-shot ``play`` says what is due next; ``undo FILE [N]``; ``play FILE`` without a terminal."""

from __future__ import annotations

from burgundy_cli.core.session import open_record

ROLL = "roll white 1 good 4, Anna 1 2, Bob 3 4"


def test_play_says_what_is_due_next(cli, castles_record):
    result = cli("play", str(castles_record), ROLL)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [f"recorded: {ROLL}", "next: A4 · Bob to move · dice 3 4 · workers 4"]


def test_undo_removes_the_last_lines_and_recomputes_the_result(cli, castles_record):
    cli("play", str(castles_record), ROLL, "bob: take 3 cow3")
    result = cli("undo", str(castles_record), "2")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["undone: Bob: take 3 cow3", f"undone: {ROLL}",
                                          "next: A4 · roll due · Anna may still buy"]
    session = open_record(castles_record)           # the stored [result] agrees with the replay
    assert [line for lines in session.record_data()["log"].values() for line in lines][-1] == "Anna: place 2>1 k9 c4"


def test_undo_of_an_empty_record_is_refused(cli, rk_record):
    result = cli("undo", str(rk_record))   # (tests/session/test_undo_refusals.py: more)
    assert result.exit_code == 1 and "cannot undo: the record has no lines" in result.stderr


def test_play_without_lines_and_without_a_terminal_is_a_usage_error(cli, castles_record):
    result = cli("play", str(castles_record))
    assert result.exit_code == 2 and "on a terminal for the table session" in result.stderr
