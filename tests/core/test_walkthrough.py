"""The README's walkthrough, run in order in a scratch folder as a user types it: every
command of its shell blocks succeeds, and every output its console blocks show is what the
tool prints, line for line (the table session's transcript too, through the session itself).

The README is read, not copied: a walkthrough edited without the tool, or the tool changed
without the walkthrough, fails here. Commands run in-process (``typer.testing.CliRunner``, as
tests/session/test_one_shot.py runs them); tests/reliability/test_cli_process.py covers the
real script's exit codes and messages.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from burgundy_cli.core.table import TableSession

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
#: Where the table session's transcript starts: the depots revealed, the goods turned up and
#: the dice rolled, as docs/table-session.md's session types them.
TABLE_OPENING = ("reveal 1 warehouse ship", "reveal 2 k9 castle", "reveal 3 cow3 church", "reveal 4 ship market",
                 "reveal 5 mine k10", "reveal 6 bank sheep2", "reveal black castle ship mine carpenter",
                 "goods 1 2 3 4 5", "roll white 2 good 1, Anna 6 4, Bob 3 3")


def walkthrough_blocks() -> list[tuple[str, list[str]]]:
    """The fenced blocks of the README's walkthrough (up to its club section), in order: the
    language and the lines of each."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Walkthrough"):text.index("### Club")]
    return [(language, body.splitlines())
            for language, body in re.findall(r"^```(\w+)\n(.*?)^```$", section, re.S | re.M)]


def interactive(args: list[str]) -> bool:
    """Whether ``burgundy ARGS`` asks its questions or opens the session: ``new FILE`` and
    ``play FILE`` alone, which a console block of their own shows instead."""
    return args[0] in ("new", "play") and len(args) == 2


def burgundy_args(line: str) -> list[str]:
    """A shell line's arguments after ``burgundy`` (its comment left out)."""
    args = shlex.split(line, comments=True)
    assert args[0] == "burgundy", line
    return args[1:]


def run(cli, args: list[str]):
    """``burgundy ARGS``, what it printed (stdout, then stderr) as lines, and its exit code."""
    result = cli(*args)
    return result.stdout.splitlines() + result.stderr.splitlines(), result.exit_code


def check_console(cli, lines: list[str]) -> None:
    """A console block of ``$ burgundy ...`` commands (and ``$ echo $?``): each prints what
    the block shows under it."""
    code = None
    index = 0
    while index < len(lines):
        command = lines[index]
        assert command.startswith("$ "), command
        shown = []
        index += 1
        while index < len(lines) and not lines[index].startswith("$ "):
            shown.append(lines[index])
            index += 1
        if command == "$ echo $?":
            assert shown == [str(code)]
            continue
        printed, code = run(cli, burgundy_args(command[2:]))
        assert printed == shown, command


def check_transcript(cli, lines: list[str], tmp_path: Path, new: list[str]) -> None:
    """The table session's transcript (``PROMPT > LINE`` and what the session answered) on a
    record made by ``burgundy NEW`` and played to the table's opening: each prompt is what
    the session says is due, each answer what it says of the line."""
    folder = tmp_path / "table"
    folder.mkdir()
    record = folder / "game.toml"
    assert cli(*[str(record) if arg == "game.toml" else arg for arg in new]).exit_code == 0
    assert cli("play", str(record), *TABLE_OPENING).exit_code == 0
    table = TableSession(record)
    try:
        index = 0
        while index < len(lines):
            prompt, _, typed = lines[index].partition(" > ")
            assert table.due() == prompt.rstrip(" >"), lines[index]
            index += 1
            shown = []
            while index < len(lines) and " > " not in lines[index] and not lines[index].endswith(" >"):
                shown.append(lines[index])
                index += 1
            if typed:
                assert table.play(typed).text.splitlines() == shown, typed
    finally:
        table.close()


def test_the_readme_walkthrough_runs_as_shown(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    blocks = walkthrough_blocks()
    assert [language for language, _ in blocks] == ["sh", "console", "console", "sh", "console", "console"]
    new = None
    for language, lines in blocks:
        if language == "sh":
            for line in lines:
                args = burgundy_args(line)
                if interactive(args):
                    continue
                printed, code = run(cli, args)
                assert code == 0, (line, printed)
                if args[0] == "new":
                    new = args
        elif lines[0].startswith("$ "):
            check_console(cli, lines)
        else:
            check_transcript(cli, lines, tmp_path, new)


@pytest.mark.parametrize("line", ["Bob: P 6->1 Warehouse E5 and sell 5  # comment"])
def test_forgiving_input_reads_as_the_readme_says(line):
    """'Input is forgiving (... reads the same)': the same line as its canonical form."""
    from burgundy_cli.castles.notation import format_command, parse_line

    assert format_command(parse_line(line)) == "Bob: place 6>1 warehouse e5 then sell 5"
