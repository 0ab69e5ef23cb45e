"""The prompt itself, driven through prompt_toolkit's pipe input with a dummy output: Tab
completion, Enter, Ctrl-C, Ctrl-D, and the history kept across sessions."""

from __future__ import annotations

from burgundy_cli.core.session import open_record
from burgundy_cli.core.tableui import history_file
from tests.session.terminals import log_lines, typed_session

TAB, ENTER, CTRL_C, CTRL_D = "\t", "\r", "\x03", "\x04"


def run(path, keys: str, history=None) -> tuple[int, list[str]]:
    """Run a session on ``path`` typing ``keys``; the exit code and what it said.

    A Tab typed in the same read as the keys before it completes nothing (as no one types
    that fast), so each Tab is sent on its own, with a pause before and after it.
    """
    return typed_session(path, [part for piece in keys.split(TAB) for part in (piece, TAB)][:-1], history)


def test_tab_completes_a_table_form_and_a_legal_line(castles_record):
    keys = ("ro" + TAB + "1 good 4, Anna 1 2, Bob 3 4" + ENTER     # "roll white " completed
            + "take 3>4 m" + TAB + ENTER                              # the only legal line that fits
            + CTRL_D)
    code, said = run(castles_record, keys)
    assert code == 0
    assert said[1] == "recorded: roll white 1 good 4, Anna 1 2, Bob 3 4 -- depot 1 +goods 4; white die 1"
    assert said[2].startswith("recorded: Bob: take 3>4 market -- Bob: pays 1 worker tile: die 3 used as 4")
    assert said[-1].startswith("left the session")
    assert log_lines(castles_record)[-2:] == ["roll white 1 good 4, Anna 1 2, Bob 3 4", "Bob: take 3>4 market"]


def test_ctrl_c_clears_the_input_and_writes_nothing(castles_record):
    before = castles_record.read_bytes()
    code, said = run(castles_record, "roll white 1 good 4" + CTRL_C + CTRL_D)
    assert code == 0 and castles_record.read_bytes() == before
    assert not any(line.startswith(("recorded", "refused")) for line in said)


def test_refused_then_undo_then_quit(castles_record):
    keys = "bob: take 3 cow3" + ENTER + "undo" + ENTER + "quit" + ENTER
    code, said = run(castles_record, keys)
    assert code == 0
    assert said[1].startswith("refused, nothing written: illegal (cob.")
    assert said[2] == "undone: Anna: place 2>1 k9 c4"
    assert log_lines(castles_record)[-1] == "Anna: take 2 k9"


def test_history_is_kept_across_sessions(castles_record):
    keys = "roll white 1 good 4, Anna 1 2, Bob 3 4" + ENTER + CTRL_D
    run(castles_record, keys, history=history_file())
    assert "roll white 1 good 4, Anna 1 2, Bob 3 4" in list(history_file().load_history_strings())
    run(castles_record, "undo" + ENTER + CTRL_D, history=history_file())
    up = "\x1b[A"                                # the previous session's line comes back with Up
    code, said = run(castles_record, up + up + ENTER + CTRL_D, history=history_file())
    assert said[1].startswith("recorded: roll white 1 good 4")


def test_a_complete_game_opens_to_its_final_score(tmp_path):
    from tests.conftest import RECORDS

    code, said = run(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", "")
    assert code == 0 and "the game is complete" in said[0]


def test_robber_knights_at_the_prompt(rk_record):
    keys = "red: lay pl" + TAB + " f5" + ENTER + "red: draw lake" + ENTER + "red: end" + ENTER + CTRL_D
    code, said = run(rk_record, keys)
    assert said[1] == "recorded: red: lay plain f5 -- plain on f5"
    assert said[3].startswith("recorded: red: end -- turn passes to blue")
    assert open_record(rk_record).record_data()["play"]["moves"] == [
        "red: lay plain f5", "red: draw lake", "red: end"]
