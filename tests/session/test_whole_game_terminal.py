"""Whole games at a real terminal, typing only what the prompt says is due (issue 34, "Done
when": a complete 2011 game and a complete 2019 game with shields, inns and trade routes).

The set-up of a shipped complete record is written without its log; ``burgundy play`` then
runs in a pseudo-terminal and the log is typed into it line by line. Before each line, the
prompt must name it as due: the roll when the roll is due, a reveal of that depot or the
goods while the phase's lines are due, a player's line when that player is to move (or may
still buy). At the end the record holds every phase's reveals and goods, exactly as the
shipped log, and scores the shipped result.
"""

from __future__ import annotations

import json
import re
import tomllib

import pexpect
import pytest
from typer.testing import CliRunner

from burgundy_cli.cli import app
from burgundy_cli.core.record import dump_record
from tests.conftest import RECORDS
from tests.session.terminals import Screen, log_lines, spawn

PROMPT_END = " -- Tab completes"


def prompt_text(screen: Screen) -> str:
    """The due part of the next prompt on the screen (what comes before ``-- Tab completes``)."""
    screen.expect_exact(PROMPT_END)
    plain = screen.plain()
    end = plain.rfind(PROMPT_END, 0, screen.seen)
    start = max(plain.rfind("\n", 0, end), plain.rfind("\r", 0, end)) + 1
    return plain[start:end].strip()


def names_as_due(prompt: str, line: str) -> bool:
    """Whether ``prompt`` says that ``line`` is due: its player, or its table line."""
    head, _, rest = line.partition(":")
    if " " not in head and rest:                       # "Anna: take 3 cow3": Anna's turn (or buy)
        return re.search(rf"\b{re.escape(head)}\b", prompt) is not None
    words = line.split()
    if words[0] == "roll":
        return "roll due" in prompt
    if words[0] == "reveal":
        due = re.search(r"reveal ([^,]+), goods due", prompt)
        return due is not None and words[1] in due.group(1).split()
    if words[0] == "goods":
        return "goods due" in prompt
    return False


@pytest.mark.parametrize("name", ["complete-2p-2011.toml", "complete-4p-2019-all-modules.toml"])
def test_a_whole_game_typing_only_what_the_prompt_says_is_due(name: str, tmp_path) -> None:
    shipped = tomllib.loads((RECORDS / "castles-of-burgundy" / name).read_text(encoding="utf-8"))
    setup = {key: value for key, value in shipped.items() if key not in ("log", "result")}
    lines = [line for group in shipped["log"].values() for line in group]
    path = tmp_path / name
    path.write_text(dump_record(setup), encoding="utf-8")
    child, screen = spawn(["play", str(path)], tmp_path, columns=200)
    try:
        for number, line in enumerate(lines, 1):
            prompt = prompt_text(screen)
            assert names_as_due(prompt, line), f"line {number} {line!r}, but the prompt says {prompt!r}"
            child.send(line + "\r")
            screen.expect_exact(f"recorded: {line}")
        screen.expect_exact("the game is complete:")   # the final table, then the session ends
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert log_lines(path) == lines                    # every phase's reveals and goods are in it
    scored = json.loads(CliRunner().invoke(app, ["score", "--json", str(path)]).stdout)
    assert {player["name"]: player["total"] for player in scored["players"]} == \
        shipped["result"]["scores"]
