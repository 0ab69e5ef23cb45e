"""The README's walkthrough, run in order in a scratch folder as a user types it: every
command of its shell blocks succeeds, and every output its console blocks show is what the
tool prints, line for line (the table session's transcript too, through the session itself).
The console blocks of docs/notation.md and docs/records.md likewise; docs/table-session.md's
``burgundy new`` questions and both its sessions; docs/export.md's commands; and the playout
commands docs/moves-and-playouts.md gives for the shipped module games.

The docs are read, not copied: an example edited without the tool, or the tool changed
without the example, fails here. Commands run in-process (``typer.testing.CliRunner``, as
tests/session/test_one_shot.py runs them; ``new``'s questions through
``core.newrecord.create`` with the terminal's reader replaced), so the whole file takes a few
seconds; tests/reliability/test_cli_process.py covers the real script's exit codes and
messages. Nothing is matched loosely but a transcript's ``...`` line (questions left out of
docs/table-session.md, answered as the one before) and the prompt line of a session, whose
typed text is the line played; no example prints a time or an absolute path.
(docs/notation.md's table of typed and canonical lines is tests/castles/test_notation.py's;
docs/records.md's TOML examples tests/castles/test_records.py's. docs/moves-and-playouts.md's
listing is a sample of the format, not of a record, and has no command to run.)
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from burgundy_cli.core.table import TableSession

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
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
    """A shell line's arguments after ``burgundy`` (its comment left out); a shipped record
    (``records/...``) named by its place in the checkout."""
    args = shlex.split(line, comments=True)
    assert args[0] == "burgundy", line
    return [str(ROOT / arg) if arg.startswith("records/") else arg for arg in args[1:]]


def run(cli, args: list[str]):
    """``burgundy ARGS`` (``> FILE`` at the end: its stdout written there), what it printed
    (stdout, then stderr) as lines, and its exit code."""
    out = None
    if len(args) > 2 and args[-2] == ">":
        args, out = args[:-2], args[-1]
    result = cli(*args)
    if out is not None:
        Path(out).write_text(result.stdout, encoding="utf-8")
        return result.stderr.splitlines(), result.exit_code
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
    typed_into(TableSession(record), lines, answer=TableSession.play)


def typed_into(table: TableSession, lines: list[str], answer=TableSession.handle) -> None:
    """Type a transcript's lines into ``table``: each ``PROMPT > LINE`` prompt is what the
    session says is due, and the lines under it what ``answer`` (the session's ``handle``, or
    ``play`` for game lines only) says of LINE; the session is closed after."""
    try:
        index = 0
        while index < len(lines):
            prompt, _, typed = lines[index].partition(" > ")
            assert table.due() == prompt.removesuffix(" >"), lines[index]
            index += 1
            shown = []
            while index < len(lines) and " > " not in lines[index] and not lines[index].endswith(" >"):
                shown.append(lines[index])
                index += 1
            if typed:
                assert answer(table, typed).text.splitlines() == shown, typed
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


def test_forgiving_input_reads_as_the_readme_says():
    """'Input is forgiving (... reads the same)': the same line as its canonical form."""
    from burgundy_cli.castles.notation import format_command, parse_line

    typed = "Bob: P 6->1 Warehouse E5 and sell 5  # comment"
    assert f"`{typed}` reads the same" in README.read_text(encoding="utf-8")
    assert format_command(parse_line(typed)) == "Bob: place 6>1 warehouse e5 then sell 5"


def console_blocks(doc: str) -> list[list[str]]:
    """The ``console`` blocks of ``docs/DOC``, a block that makes its record (``$ burgundy
    new``) first: the others' commands run on what it made."""
    text = (DOCS / doc).read_text(encoding="utf-8")
    blocks = [body.splitlines() for body in re.findall(r"^```console\n(.*?)^```$", text, re.S | re.M)]
    return sorted(blocks, key=lambda lines: not lines[0].startswith("$ burgundy new "))


@pytest.mark.parametrize("doc", ["notation.md", "records.md"])
def test_the_docs_console_examples_print_what_they_show(cli, tmp_path, monkeypatch, doc):
    monkeypatch.chdir(tmp_path)
    blocks = console_blocks(doc)
    assert blocks
    for lines in blocks:
        check_console(cli, lines)


def test_the_playout_commands_the_docs_give_made_the_shipped_records():
    """docs/moves-and-playouts.md names the playout command of each shipped module game: each
    is the command its record's ``[game] notes`` says made it (tests/castles/test_playout.py
    remakes the base games byte for byte)."""
    import tomllib

    text = " ".join((DOCS / "moves-and-playouts.md").read_text(encoding="utf-8").split())
    named = re.findall(r"`(?:records/castles-of-burgundy/)?(complete-[\w-]+\.toml)` (?:is )?`(--players [^`]+)`", text)
    assert len(named) == 9
    for name, options in named:
        notes = tomllib.loads((ROOT / "records" / "castles-of-burgundy" / name).read_text(encoding="utf-8"))["game"]["notes"]
        made = re.search(r"`burgundy playout castles-of-burgundy (.*?)`", notes).group(1)
        assert made.replace(" --edition 2019", "") == options, name


def test_the_robber_knights_turn_in_docs_notation_is_canonical():
    """docs/notation.md's Robber Knights turn is written canonically: each line reads back to
    itself (its comment aside)."""
    from burgundy_cli.core.replay import split_comment
    from burgundy_cli.robber_knights.notation import format_command, parse_line

    text = (DOCS / "notation.md").read_text(encoding="utf-8")
    block = re.search(r"## Robber Knights\n.*?^```\n(.*?)^```$", text, re.S | re.M).group(1)
    lines = [split_comment(line)[0].strip() for line in block.splitlines()]
    assert len(lines) == 6
    assert [format_command(parse_line(line)) for line in lines] == lines


def session_transcript(doc: str, heading: str) -> list[str]:
    """The console block under ``heading`` in ``docs/DOC``: a ``$ burgundy new`` line, its
    answer, ``$ burgundy play FILE`` and the session it opened, to the shell's prompt."""
    text = (DOCS / doc).read_text(encoding="utf-8")
    return re.search(rf"^### {re.escape(heading)}\n.*?^```console\n(.*?)^```$", text, re.S | re.M).group(1).splitlines()


def asked_as_shown(path: Path, lines: list[str]) -> list[str]:
    """``burgundy new PATH`` on a terminal (``core.newrecord.create``'s questions, read and
    said as the terminal would) answered from a transcript: each ``question: answer`` line
    gives the answer to the question it shows, each other line is what ``new`` said, and the
    record's ``wrote ...`` line follows; a ``...`` line stands for questions left out of the
    transcript, each answered as the question before it was. The transcript's lines after
    the ``wrote`` line are returned."""
    from burgundy_cli.core.newrecord import NewRecord, create

    index = 0
    answer = ""

    def read(question: str, choices: list[str]) -> str:
        nonlocal index, answer
        if lines[index] == "...":
            if not lines[index + 1].startswith(question.rstrip()):
                return answer        # (a question the transcript leaves out: the same answer again)
            index += 1
        shown = lines[index]
        assert shown == question.rstrip() or shown.startswith(question), (question, shown)
        answer = shown[len(question):]
        index += 1
        return answer

    def say(text: str) -> None:
        nonlocal index
        if lines[index] != "...":
            assert text == lines[index], (text, lines[index])
            index += 1

    assert create(str(path), NewRecord(), ask=True, read=read, say=say) == lines[index]
    return lines[index + 1:]


def left_alone(path: Path) -> list[str]:
    """What the session on ``path`` (its prompt loop, ``core.tableui.run_session``) says when
    the table leaves at once with Ctrl-D: its opening line and its leaving line."""
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from burgundy_cli.core.tableui import run_session

    said: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text("\x04")
        assert run_session(str(path), say=said.append, history=InMemoryHistory(), input=pipe,
                           output=DummyOutput()) == 0
    return said


@pytest.mark.parametrize("heading", ["A session (Castles of Burgundy, 2011)", "A session (Robber Knights)"])
def test_the_sessions_in_docs_table_session_answer_as_shown(cli, tmp_path, monkeypatch, heading):
    """docs/table-session.md's sessions, typed again: ``burgundy new`` (by flags, or its
    questions answered as shown), then the session on the new record -- its opening and
    leaving lines (Ctrl-D), and each prompt and answer (a line recorded or refused, ``undo``,
    ``score``) line for line."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    new, *lines = session_transcript("table-session.md", heading)
    args = burgundy_args(new.removeprefix("$ "))
    record = Path(args[1])
    if interactive(args):
        lines = asked_as_shown(record, lines)
    else:
        wrote, *lines = lines
        assert run(cli, args) == ([wrote], 0)
    play, opening, *typed, left, shell = lines
    assert play == f"$ burgundy play {record}" and shell == "$"
    assert left_alone(record) == [opening, left]
    typed_into(TableSession(record), typed)


def test_the_new_questions_in_docs_table_session_are_asked_as_shown(tmp_path, monkeypatch):
    """docs/table-session.md's 2019 ``burgundy new`` on a terminal: every question in its
    words and order, the refused answers told as shown and asked again, and what it wrote."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    new, *lines = session_transcript("table-session.md", "The questions")
    assert new == "$ burgundy new game.toml"
    assert asked_as_shown(Path("game.toml"), lines) == []


def test_the_export_commands_write_what_docs_export_says(cli, tmp_path, monkeypatch):
    """docs/export.md's commands, on a copy of the shipped records: each succeeds and writes
    the file it names (the BoardGameGeek id given by ``--bgg-id`` is in the file)."""
    import json
    import shutil

    shutil.copytree(ROOT / "records", tmp_path / "records")
    monkeypatch.chdir(tmp_path)
    text = (DOCS / "export.md").read_text(encoding="utf-8")
    lines = re.search(r"^```sh\n(.*?)^```$", text, re.S | re.M).group(1).splitlines()
    assert len(lines) == 3
    for line in lines:
        args = shlex.split(line, comments=True)
        assert args[0] == "burgundy", line
        printed, code = run(cli, args[1:])
        out = Path(args[args.index("--out") + 1])
        assert code == 0 and printed[0] == f"wrote {out}", (line, printed)
        if "--bgg-id" in args:
            number = args[args.index("--bgg-id") + 1].partition("=")[2]
            games = json.loads(out.read_text(encoding="utf-8"))["games"]
            assert int(number) in {entry["bggId"] for entry in games}
