"""The real ``burgundy new FILE`` in a pseudo-terminal (pexpect), for each game and mode
(2011, 2019 with modules, team, solo, Robber Knights): one mistake per question, told at
once, and only that answer typed again -- the refused answer stands on the line to be
mended (Ctrl-U clears it here). Up recalls an answer given before (prompt_toolkit's history).
"""

from __future__ import annotations

import pexpect
import pytest

from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record
from tests.session.test_new_questions import SCRIPTS
from tests.session.terminals import spawn

CTRL_U = "\x15"
UP = "\x1b[A"


def questions_of(script, tmp_path) -> list[str]:
    """The questions ``script`` meets, in order (the same run, in the process)."""
    answers = [answer for answer, _ in script]
    asked: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        asked.append(question)
        return answers.pop(0)

    create(str(tmp_path / "dry.toml"), NewRecord(), ask=True, read=read, say=lambda _: None)
    return asked


@pytest.mark.parametrize("mode", list(SCRIPTS))
def test_one_mistake_per_question_at_a_real_terminal(mode, tmp_path):
    script = SCRIPTS[mode]
    questions = questions_of(script, tmp_path)
    path = tmp_path / "game.toml"
    child, screen = spawn(["new", str(path)], tmp_path, rows=40, columns=300)
    try:
        again = False
        for question, (answer, refusal) in zip(questions, script, strict=True):
            screen.expect_exact(question.rstrip())
            child.send((CTRL_U if again else "") + answer + "\r")   # a question asked again shows its answer
            if refusal:
                screen.expect_exact(refusal)
            again = refusal is not None
        screen.expect_exact(f"wrote {path}")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert open_record(path).score().complete is False


def test_a_refused_answer_stands_on_the_line_and_up_recalls_answers(tmp_path):
    """The refused trade-route card comes back on the line to be mended, not retyped; Up
    brings back the card typed before."""
    path = tmp_path / "game.toml"
    child, screen = spawn(["new", str(path)], tmp_path, rows=40, columns=300)
    try:
        screen.expect_exact("game (castles-of-burgundy or robber-knights) [castles-of-burgundy]:")
        child.send("\r")
        screen.expect_exact("record: log (log the game), end (score the end) or result (the result only) [log]:")
        child.send("\r")
        screen.expect_exact("edition (2011 or 2019) [2019]:")
        child.send("\r")
        screen.expect_exact("players in seat order")
        child.send("Anna,Bob\r")
        screen.expect_exact("2019 expansion modules")
        child.send("trade-routes\r")
        screen.expect_exact("duchy board")
        child.send("\r")
        screen.expect_exact("start castle spaces")
        child.send("\r")
        screen.expect_exact("each player's 3 starting goods tiles")
        child.send("anna=1 2 3,bob=4 5 6\r")
        screen.expect_exact("start player")
        child.send("\r")
        screen.expect_exact("Anna's trade route, card 1 of 5")
        child.send("5 silver-2;2 chruch;1 vp-1\r")
        screen.expect_exact("card 1: unknown route bonus 'chruch'")
        screen.expect_exact("Anna's trade route, card 1 of 5")
        # the refused card is on the line: mend the typo only (cursor left over "h;1 vp-1")
        child.send("\x1b[D" * len("h;1 vp-1") + "\x7f\x7f\x7f" + "urc" + "\r")
        for name, card in [("Anna", card) for card in range(2, 6)] + [("Bob", card) for card in range(1, 6)]:
            screen.expect_exact(f"{name}'s trade route, card {card} of 5")
            child.send(UP)                                 # the card before, recalled
            screen.expect_exact("1 vp-1:")                     # the end of the question's example
            screen.expect_exact("5 silver-2;2 church;1 vp-1")  # then the card recalled
            child.send("\r")
        screen.expect_exact("date played")
        child.send("\r\r\r")
        screen.expect_exact(f"wrote {path}")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    route = open_record(path).state.players[1].route
    assert route[1] == (2, "church") and len(route) == 15
