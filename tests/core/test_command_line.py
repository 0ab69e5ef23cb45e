"""The command line is typer's, all of it: ``-h`` and ``-V``, help in groups with no value type
shown for a flag, and shell completion -- of a move on ``check`` and ``play``, of a game, an
edition, modules -- answered through typer's ``autocompletion`` hooks, the way the shell asks
(the installed ``burgundy`` script, ``_BURGUNDY_COMPLETE`` and the words in the environment)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from burgundy_cli import __version__
from burgundy_cli.cli import CLUB, EXPORT, RECORD, REFEREE, app
from burgundy_cli.core.verdicts import legal_completions
from tests.conftest import RECORDS

#: The ``burgundy`` script pip installed beside this Python (``pip install -e .``).
SCRIPT = Path(sys.executable).with_name("burgundy")
OPENING = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"


def burgundy(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The installed script, as a user runs it; ``env`` added to a plain environment."""
    assert SCRIPT.exists(), f"install the project in this environment first: {SCRIPT}"
    done = subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=120,
                          env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "COLUMNS": "200", **env})
    assert "Traceback" not in done.stderr, done.stderr
    return done


def test_the_script_is_the_typer_app_behind_an_entry_that_imports_nothing():
    """The script's module imports nothing at its top, so that Ctrl-C while the app loads is
    the program's to handle (issue 33 item 18)."""
    import ast
    from importlib.metadata import entry_points

    from burgundy_cli import entry

    (script,) = [point for point in entry_points(group="console_scripts") if point.name == "burgundy"]
    assert script.value == "burgundy_cli.entry:main"
    with open(entry.__file__, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    assert not [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]


@pytest.mark.parametrize("args", [["-h"], ["--help"], ["score", "-h"], ["archive", "sync", "-h"],
                                  ["export", "csv", "-h"]])
def test_short_and_long_help(args):
    done = burgundy(*args)
    assert done.returncode == 0, done.stderr
    assert f"Usage: burgundy {' '.join(args[:-1])}".rstrip() in done.stdout


@pytest.mark.parametrize("args", [[], ["archive"], ["export"]])
def test_a_group_alone_is_its_help(args):
    """``burgundy`` alone, a newcomer's first command, printed its whole help as one usage
    error line, each line break written ``\n`` (exit 2): now it is ``burgundy -h``."""
    done = burgundy(*args)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == burgundy(*args, "-h").stdout and "\\n" not in done.stdout


@pytest.mark.parametrize(("args", "helped"), [
    (["playout", "--seed"], "burgundy playout"),         # click's parser gives no context here
    (["show", "--at"], "burgundy show"),                 # --at is also check's and moves'
    (["archive", "sync", "--db"], "burgundy archive sync"),
    (["score", "--nope", "x.toml"], "burgundy score"),   # errors with a context, as before
    (["show"], "burgundy show"),
    (["--nope"], "burgundy"),
])
def test_a_usage_error_points_at_the_help_of_the_command_it_was_given_to(args, helped):
    """An option without its value names the command's help, not the app's: the reader
    looks for what ``--seed`` takes where ``--seed`` is described."""
    done = burgundy(*args)
    assert done.returncode == 2
    assert done.stderr.startswith("burgundy: usage: ")
    assert f"see '{helped} --help'" in done.stderr, done.stderr


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_short_and_long_version(flag):
    done = burgundy(flag)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"burgundy {__version__}\n", "")


def _panels(text: str) -> dict[str, list[str]]:
    """The commands listed in each section of the help text (``Title:`` and the commands
    under it, two spaces in; a wrapped help line is further in), by section title."""
    panels: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.endswith(":") and not line.startswith(" "):
            current = panels.setdefault(line[:-1], [])
        elif line.startswith("  ") and line[2:3].isalpha() and current is not None:
            current.append(line.split()[0])
    return panels


def test_help_lists_the_commands_in_groups():
    text = burgundy("-h").stdout
    panels = _panels(text)
    # (playout writes a record, as new does: a newcomer looks for it there, not among the exports)
    assert panels[RECORD] == ["new", "play", "undo", "fmt", "playout"]
    assert panels[REFEREE] == ["check", "moves", "show", "score"]
    assert panels[CLUB] == ["stats", "summary", "site", "archive"]
    assert panels[EXPORT] == ["schema", "chart", "export"]
    assert "Commands" not in panels  # (every command is in a group)
    assert "╭" not in text  # plain help: typer's Rich panels cost 2x the floor (issue 31 point 5)


def _every_command() -> list[list[str]]:
    """The words that name each command and group of the app, the app itself first."""
    found: list[list[str]] = []

    def walk(command, words: list[str]) -> None:
        found.append(words)
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, [*words, name])

    walk(typer.main.get_command(app), [])
    return found


@pytest.mark.parametrize("words", _every_command(), ids=lambda words: " ".join(words) or "burgundy")
def test_no_help_shows_a_value_type_for_a_flag(words):
    result = CliRunner().invoke(app, [*words, "--help"], prog_name="burgundy", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output and re.search(r"-h, --help +Show", result.output)


@pytest.mark.parametrize("words", _every_command(), ids=lambda words: " ".join(words) or "burgundy")
def test_arguments_are_named_in_capitals_as_the_help_texts_name_them(words):
    """The usage line and the Arguments section name each argument as the commands' help
    does ("Say whether MOVE is legal at the end of FILE": ``FILE MOVE...``), not by typer's
    lower-case parameter name, and as click writes them: a required one bare, an optional one
    in brackets (``[FOLDER]``), several with ``...``; the Arguments section shows no Python
    type after the name (typer 0.29's ``FILE <path>``, ``MOVES <list[str]>``) and no braces
    (its ``{FILE}``)."""
    text = CliRunner().invoke(app, [*words, "--help"], prog_name="burgundy", env={"COLUMNS": "200"}).output
    usage, _, rest = text.partition("\n")
    pieces = usage.partition("[OPTIONS]")[2].split()
    assert pieces and all(re.fullmatch(r"\[?[A-Z]+\]?(\.\.\.)?", piece) for piece in pieces), usage
    named = [piece.strip("[].") for piece in pieces]
    section = rest.partition("\nArguments:\n")[2].partition("\n\n")[0]
    listed = re.findall(r"^  (\S+)", section, re.M)
    # (COMMAND [ARGS]...: a group's usage, naming its commands)
    assert [name.rstrip(".") for name in listed] == [name for name in named if name not in ("COMMAND", "ARGS")], text
    assert not re.search(r"[<>{}]", "".join(listed)), section
    if words == ["check"]:
        assert usage.endswith(" FILE MOVE...") and "MOVE is legal at the end of FILE" in text
        assert re.search(r"^  FILE +record or position file  \[required\]$", section, re.M), section
    if words == ["play"]:
        assert usage.endswith(" FILE [MOVES]...") and re.search(r"^  MOVES\.\.\. +notation lines", section, re.M)


@pytest.mark.parametrize("words", _every_command(), ids=lambda words: " ".join(words) or "burgundy")
def test_option_values_are_named_in_capitals_not_by_python_type(words):
    """An option's value is named by what it holds, in capitals as the arguments are
    (``--at WHEN``, ``--players NAMES``, ``--date YYYY-MM-DD``), not by the Python type typer
    would show (``--at <str>``, ``--layout <list[str]>``, ``--jobs <int range>``)."""
    text = CliRunner().invoke(app, [*words, "--help"], prog_name="burgundy", env={"COLUMNS": "200"}).output
    section = text.partition("\nOptions:\n")[2].partition("\n\n")[0]
    # each option's name column: its names and value, up to the gap before its help
    # (or the line's end, when a long name puts the help on the next line)
    names = re.findall(r"^  (-.*?)(?:  |$)", section, re.M)
    assert names and "-h, --help" in names, text
    for name in names:
        assert not re.search(r"<[^>]*>", name), f"a Python type shown for a value: {name!r}"
        value = re.sub(r"^(?:-[-\w]+, )*-[-\w]+ ?", "", name)
        assert value == value.upper(), f"a value not named in capitals: {name!r}"


def complete(words: str, shell: str = "bash", index: int | None = None) -> list[str]:
    """What the installed script offers to complete the last word of ``words``, the shell's
    word number ``index`` (bash; by default the last word split at spaces, or a new one
    after a final space)."""
    if shell == "bash":
        index = len(words.split()) - (0 if words.endswith(" ") else 1) if index is None else index
        done = burgundy(_BURGUNDY_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(index))
    else:
        done = burgundy(_BURGUNDY_COMPLETE=f"complete_{shell}", _TYPER_COMPLETE_ARGS=words)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_check_completes_the_legal_lines_of_the_player_to_move():
    offered = complete(f"burgundy check {OPENING} Anna")
    assert "Anna: buy ship" in offered
    assert offered == legal_completions(str(OPENING), [], "Anna")


def test_play_completes_the_line_after_those_already_typed():
    record = RECORDS / "castles-of-burgundy" / "rulebook-geese.toml"
    assert complete(f"burgundy play {record} 'Carla: workers", index=3)[0] == "Carla: workers 6"
    after = complete(f"burgundy play {record} 'Carla: workers 6' Ben", index=4)
    assert "Ben: workers 1" in after and after == legal_completions(str(record), ["Carla: workers 6"], "Ben")


def test_play_completes_a_reveal_word_by_word_as_the_session_does(tmp_path):
    """A reveal typed at the shell gets the table session's offers: the tiles that fit."""
    from tests.session.test_reveal_completion import NEW_2011

    record = tmp_path / "game.toml"
    record.write_text(NEW_2011, encoding="utf-8")
    offered = complete(f"burgundy play {record} 'reveal 2 k1", index=3)
    assert offered[:4] == ["reveal 2 k1 ", "reveal 2 k10 ", "reveal 2 k11 ", "reveal 2 k13 "]
    assert complete(f"burgundy play {record} 'reveal 2 k16 ", index=3) == ["reveal 2 k16 castle"]


def test_check_completes_a_later_move_after_those_typed_before_it():
    """``check FILE MOVE MOVE``: the second move is completed in the position after the first,
    as ``play``'s are."""
    record = RECORDS / "castles-of-burgundy" / "rulebook-geese.toml"
    after = complete(f"burgundy check {record} 'Carla: workers 6' Ben", index=4)
    assert "Ben: workers 1" in after and after == legal_completions(str(record), ["Carla: workers 6"], "Ben")


def test_zsh_gets_the_same_moves():
    assert '"Anna\\\\: buy ship"' in "\n".join(complete(f"burgundy check {OPENING} 'Anna: b", shell="zsh"))


@pytest.mark.parametrize(("words", "offered"), [
    ("burgundy playout ", ["castles-of-burgundy", "robber-knights"]),
    ("burgundy schema r", ["robber-knights"]),
    ("burgundy new game.toml --game c", ["castles-of-burgundy"]),
    ("burgundy playout castles-of-burgundy --edition ", ["2011", "2019"]),
    ("burgundy new game.toml --modules inns,tr", ["inns,trade-routes"]),
    ("burgundy stats --by edition,pl", ["edition,players", "edition,place"]),
    ("burgundy stats --modules n", ["none"]),
])
def test_choice_values_are_completed(words, offered):
    assert complete(words) == offered


def test_new_bridge_completes_whole_turn_orders_of_the_players_given():
    """``new --bridge``: Tab offers whole orders of ``--players``, each once, going on from
    what is typed (a name matched in any case, those before the last comma kept as typed),
    so one Tab after a first name finishes a two-player order; nothing for a name that is
    no player's, or without ``--players``."""
    two = "burgundy new x.toml --players Anna,Bob --bridge"
    assert complete(f"{two} ") == ["Anna,Bob", "Bob,Anna"]
    assert complete(f"{two} b") == ["bob,Anna"]
    three = "burgundy new x.toml --players Anna,Bob,Cara --bridge"
    assert complete(f"{three} B") == ["Bob,Anna,Cara", "Bob,Cara,Anna"]
    assert complete(f"{three} cara,A") == ["cara,Anna,Bob"]
    for nothing in (f"{three} zed,", f"{three} anna,anna,", "burgundy new x.toml --bridge a"):
        assert not any(complete(nothing)), nothing   # (bash's answer: one empty line)


def test_stats_board_says_it_takes_one_board():
    """``--board BOARDS  only games on these boards`` promised a list; it takes one id (``--board
    1,2`` matched no game): the help says so (docs/archive.md, "Filters")."""
    text = burgundy("stats", "-h").stdout
    assert "--board BOARD " in text and "these boards" not in text
