"""Every example in ``burgundy -h`` works: each command's "Example:" is run, in the order a
newcomer meets them (``new`` makes game.toml, ``play`` rolls and takes on it, ``check`` asks
about the placement that follows, ...), in a folder holding a copy of the shipped records,
and must succeed. An example that names a record its command cannot take (a move that is not
legal where the example before leaves the game) is a help that misleads."""

from __future__ import annotations

import re
import shlex
import shutil

from typing import Any

import typer

from burgundy_cli.cli import app
from tests.conftest import RECORDS

#: Each command path with an example, in the order its example is meant to be run.
ORDER = ["new", "play", "check", "moves", "show", "chart", "undo", "fmt", "score", "stats", "summary", "site",
         "archive sync", "archive rebuild", "archive list", "export bgstats", "export csv", "schema", "playout"]


def _commands(group: Any, prefix: str = "") -> dict[str, Any]:
    """Every command below the group (click's), by its path: ``archive sync``."""
    found: dict[str, Any] = {}
    for name, command in group.commands.items():
        path = f"{prefix}{name}"
        if hasattr(command, "commands"):
            found |= _commands(command, path + " ")
        else:
            found[path] = command
    return found


def _examples(command: Any) -> list[str]:
    """The command lines of a help's "Example:" or "Examples:" (its paragraph, split at ';')."""
    match = re.search(r"Examples?(?: \([^)]*\))?: (.*?)(?:\n\n|$)", command.help or "", re.DOTALL)
    return [] if match is None else [line.strip() for line in " ".join(match[1].split()).split("; ")]


def test_every_command_with_an_example_is_run_below() -> None:
    commands = _commands(typer.main.get_command(app))
    with_example = {path for path, command in commands.items() if _examples(command)}
    assert with_example == set(ORDER) == set(commands)   # (every command has one, and it is run)


def test_the_examples_of_the_help_work_in_order(cli, tmp_path, monkeypatch) -> None:
    shutil.copytree(RECORDS, tmp_path / "records")
    monkeypatch.chdir(tmp_path)
    commands = _commands(typer.main.get_command(app))
    for path in ORDER:
        for line in _examples(commands[path]):
            words = shlex.split(line)
            assert words[0] == "burgundy" and " ".join(words[1:]).startswith(path), line
            if "postgresql://" in line:   # (the PostgreSQL server is tests/archive's: run on SQLite here)
                words = [word if not word.startswith("postgresql://") else str(tmp_path / "league.db")
                         for word in words]
            into = None
            if ">" in words:
                words, into = words[:words.index(">")], words[words.index(">") + 1]
            result = cli(*words[1:])
            assert result.exit_code == 0, f"{line}\n{result.output}"
            if into is not None:
                (tmp_path / into).write_text(result.stdout)
    assert (tmp_path / "game.svg").exists() and (tmp_path / "scores.csv").exists()
    # the position --position wrote is a record the referee reads
    assert cli("moves", "dispute.toml").exit_code == 0
