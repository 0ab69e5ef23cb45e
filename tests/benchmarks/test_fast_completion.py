"""Shell completion of a move without typer (burgundy_cli/completion.py) answers exactly as typer does.

Each request runs as the shells run it, in a fresh process with the completion variables
set: once through the ``burgundy`` entry point (which answers a move's completion itself)
and once through the typer app alone; the output and the exit code must be the same.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from burgundy_cli import completion
from tests.conftest import RECORDS

OPENING = str(RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml")
SMALL = str(RECORDS / "castles-of-burgundy" / "rulebook-tile-7.toml")
ENTRY = "from burgundy_cli.entry import main; main()"
TYPER = "from burgundy_cli.cli import main; main()"


def _bash(words: str, index: int) -> dict[str, str]:
    return {"_BURGUNDY_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(index)}


def _zsh(line: str) -> dict[str, str]:
    return {"_BURGUNDY_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": line}


def _fish(line: str, action: str) -> dict[str, str]:
    return {"_BURGUNDY_COMPLETE": "complete_fish", "_TYPER_COMPLETE_FISH_ACTION": action, "_TYPER_COMPLETE_ARGS": line}


#: Requests the entry point answers itself.
ANSWERED = {
    "bash, check, nothing typed": _bash(f"burgundy check {OPENING} ", 3),
    "bash, check, a word": _bash(f"burgundy check {OPENING} Anna", 3),
    "bash, check, case ignored": _bash(f"burgundy check {OPENING} aNNA", 3),
    "bash, check, a colon word": _bash(f"burgundy check {SMALL} Anna: take", 3),
    "bash, check, an open quote": _bash(f"burgundy check {SMALL} 'Anna: take 6 b", 3),
    "bash, play, after a typed line": _bash(f"burgundy play {OPENING} 'Anna: take 6 bank' ", 4),
    "bash, play, a line that is not legal typed": _bash(f"burgundy play {OPENING} 'Anna: fly' A", 4),
    "bash, nothing to offer": _bash(f"burgundy check {OPENING} Zed", 3),
    "zsh, check": _zsh(f"burgundy check {SMALL} 'Anna: take 6 b"),
    "zsh, play, line ends in a space": _zsh(f"burgundy play {OPENING} 'Anna: take 6 bank' "),
    "zsh, nothing to offer": _zsh(f"burgundy check {OPENING} Zed"),
    "fish, get-args": _fish(f"burgundy check {SMALL} 'Anna: take 6 b", "get-args"),
    "fish, get-args, nothing": _fish(f"burgundy check {SMALL} Zed", "get-args"),
    "fish, is-args": _fish(f"burgundy play {OPENING} ", "is-args"),
    "fish, is-args, nothing": _fish(f"burgundy play {OPENING} Zed", "is-args"),
}
#: Requests left to typer.
LEFT = {
    "an option": _bash(f"burgundy check {OPENING} --", 3),
    "an option typed before": _bash(f"burgundy play --json {OPENING} ", 4),
    "check's third argument": _bash(f"burgundy check {OPENING} 'Anna: take 6 bank' ", 4),
    "the file itself": _bash("burgundy check rec", 2),
    "a missing file": _bash("burgundy check no-such-file.toml A", 3),
    "another command": _bash(f"burgundy score {OPENING} ", 3),
    "a command name": _bash("burgundy ch", 1),
    "powershell": {"_BURGUNDY_COMPLETE": "complete_powershell", "_TYPER_COMPLETE_ARGS": f"burgundy check {OPENING} ",
                   "_TYPER_COMPLETE_WORD_TO_COMPLETE": ""},
    "fish without an action": _fish(f"burgundy check {OPENING} ", ""),
    "a script": {"_BURGUNDY_COMPLETE": "source_bash"},
}


def _run(code: str, variables: dict[str, str]) -> tuple[str, str, int]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("COMP_WORDS", "COMP_CWORD") and not key.startswith(("_TYPER_COMPLETE", "_BURGUNDY"))}
    done = subprocess.run([sys.executable, "-c", code], env={**env, **variables}, capture_output=True, text=True,
                          check=False)
    return done.stdout, done.stderr, done.returncode


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_a_move_s_completion_is_typer_s_without_typer(name, monkeypatch):
    for key, value in ANSWERED[name].items():
        monkeypatch.setenv(key, value)
    assert completion.answer() is not None
    probe = ENTRY.replace("main()", "\ntry:\n    main()\nfinally:\n    print('typer' in sys.modules, file=sys.stderr)")
    ours, typers = _run("import sys\n" + probe, ANSWERED[name]), _run(TYPER, ANSWERED[name])
    assert ours[0] == typers[0] and ours[2] == typers[2]
    assert ours[1].strip() == "False"


@pytest.mark.parametrize("name", sorted(LEFT))
def test_any_other_request_is_typer_s(name, monkeypatch):
    for key, value in LEFT[name].items():
        monkeypatch.setenv(key, value)
    assert completion.answer() is None
    assert _run(ENTRY, LEFT[name]) == _run(TYPER, LEFT[name])


def test_offers_exist_where_the_comparison_needs_them():
    """The answered requests above are not all empty: the comparison compares offers."""
    offered = _run(ENTRY, ANSWERED["bash, check, an open quote"])[0].splitlines()
    assert offered and all(line.startswith("Anna: take 6 b") for line in offered)
    assert "Anna: take 6 bank" in _run(ENTRY, ANSWERED["fish, get-args"])[0].splitlines()


@pytest.mark.parametrize(("text", "words"), [
    ("a 'b c' d", ["a", "b c", "d"]), ('a "b \\" c"', ["a", 'b " c']), ("a 'b c", ["a", "b c"]),
    ("a b\\", ["a", "b"]), ("a # b", ["a", "#", "b"]), ("", []),
])
def test_words_split_as_a_shell_splits_them(text, words):
    assert completion.split_words(text) == words
