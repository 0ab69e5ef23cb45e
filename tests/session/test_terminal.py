"""The real ``burgundy play FILE`` in a pseudo-terminal (pexpect): a few rounds with Tab
completion, a refusal, undo and Ctrl-D, checking the record on disk after every line (the screen read as :mod:`tests.session.terminals`
says).
"""

from __future__ import annotations

import time

import pexpect

from tests.session.terminals import log_lines, spawn


def test_a_few_rounds_at_a_real_terminal(castles_record, tmp_path):
    child, screen = spawn(["play", str(castles_record)], tmp_path)
    try:
        screen.expect_exact("A4 · roll due · Anna may still buy -- Tab completes")
        child.send("ro")
        time.sleep(0.2)
        child.send("\t")                                       # completes the table form
        screen.expect_exact("ll white")                     # drawn after the "ro" typed
        child.send("1 good 4, Anna 1 2, Bob 3 4\r")
        screen.expect_exact("recorded: roll white 1 good 4, Anna 1 2, Bob 3 4")
        screen.expect_exact("A4 · Bob to move · dice 3 4 · worker tiles 4 -- Tab completes")
        assert log_lines(castles_record)[-1] == "roll white 1 good 4, Anna 1 2, Bob 3 4"

        child.send("take 3>4 m")
        time.sleep(0.2)
        child.send("\t")                                       # the one legal line that fits
        # (the check under the line once Tab has put it there: "market" alone was already on
        # the screen in the check of "take 3>4 m", 'Tab: 1 legal line begins so: ... market',
        # whenever the redraw wrote that word whole, and Enter then came before the Tab)
        screen.expect_exact("legal: Bob: take 3>4 market")
        child.send("\r")
        screen.expect_exact("recorded: Bob: take 3>4 market -- Bob: pays 1 worker tile: die 3 used as 4")
        screen.expect_exact("A4 · Bob to move · dice 4 · worker tiles 3 -- Tab completes")
        assert log_lines(castles_record)[-1] == "Bob: take 3>4 market"

        before = castles_record.read_bytes()
        child.send("bob: take 6 sheep2\r")                     # a die Bob does not have
        screen.expect_exact("refused, nothing written: illegal (cob.")
        screen.expect_exact("legal now: ")
        assert castles_record.read_bytes() == before

        child.send("undo\r")
        screen.expect_exact("undone: Bob: take 3>4 market")
        screen.expect_exact("A4 · Bob to move · dice 3 4 · worker tiles 4 -- Tab completes")
        assert log_lines(castles_record)[-1] == "roll white 1 good 4, Anna 1 2, Bob 3 4"

        child.send("bob: take 3 cow3\r")
        screen.expect_exact("recorded: Bob: take 3 cow3 -- Bob: stores cow3 from depot 3")
        assert log_lines(castles_record)[-1] == "Bob: take 3 cow3"

        # Ctrl-D at the prompt (typed between prompts, the terminal's own line discipline
        # would take it: no person types that fast)
        screen.expect_exact("A4 · Bob to move · dice 4 · worker tiles 4 -- Tab completes")
        child.sendcontrol("d")
        screen.expect_exact("left the session")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert log_lines(castles_record)[-2:] == ["roll white 1 good 4, Anna 1 2, Bob 3 4", "Bob: take 3 cow3"]
