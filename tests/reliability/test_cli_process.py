"""The real command (``python -m burgundy_cli``) in a separate process: exit codes, one-line
messages, and no Python traceback on stderr, whatever goes wrong."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import TALLY_MAIN, TALLY_RECORD

ROOT = Path(__file__).resolve().parents[2]


def burgundy(*args: str, tally: bool = False) -> subprocess.CompletedProcess[str]:
    """Run the command line in a fresh interpreter (with the tally game registered if asked)."""
    command = [sys.executable, "-c", TALLY_MAIN] if tally else [sys.executable, "-m", "burgundy_cli"]
    done = subprocess.run(command + list(args), cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    return done


@pytest.fixture
def record(tmp_path) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(TALLY_RECORD)
    return path


def test_score_succeeds(record):
    done = burgundy("score", "--json", str(record), tally=True)
    assert done.returncode == 0, done.stderr
    assert '"winner": ["anna"]' in done.stdout


def test_illegal_move_in_check_exits_1_with_the_rule(record):
    done = burgundy("check", "--json", str(record), "anna: 3", tally=True)
    assert done.returncode == 1
    assert '"rule": "tally.over"' in done.stdout and done.stderr == ""


def test_invalid_toml_exits_1_with_one_located_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[game]\nname = "tally"\nplayers = [\n')
    done = burgundy("score", str(path))
    assert done.returncode == 1
    assert done.stderr.startswith(f"burgundy: {path}:3:12: invalid record: not valid TOML: unclosed array")
    assert done.stderr.count("\n") == 1


def test_binary_garbage_exits_1(tmp_path):
    path = tmp_path / "garbage.toml"
    path.write_bytes(bytes(range(256)) * 4)
    done = burgundy("score", str(path))
    assert done.returncode == 1
    assert f"burgundy: {path}:" in done.stderr


@pytest.mark.parametrize("args", [
    ("score",),                                  # missing argument
    ("score", "--bogus", "x.toml"),              # unknown option
    ("frobnicate",),                             # unknown command
    ("playout", "tally", "--players", "9", "--seed", "1", "--out", "x.toml"),   # out of range
    ("playout", "tally", "--players", "two", "--seed", "1", "--out", "x.toml"),  # not a number
])
def test_command_line_misuse_exits_2(args):
    done = burgundy(*args)
    assert done.returncode == 2
    assert done.stdout == ""


def test_missing_file_exits_2_in_one_line(tmp_path):
    done = burgundy("show", str(tmp_path / "nope.toml"))
    assert (done.returncode, done.stderr) == (2, f"burgundy: usage: no such record file: {tmp_path / 'nope.toml'}\n")


def test_unknown_game_for_playout_exits_2_with_a_suggestion(tmp_path):
    done = burgundy("playout", "talley", "-p", "2", "-s", "1", "-o", str(tmp_path / "x.toml"), tally=True)
    assert done.returncode == 2
    assert "did you mean 'tally'?" in done.stderr


def test_playout_writes_a_record_that_scores(tmp_path):
    out = tmp_path / "x.toml"
    assert burgundy("playout", "tally", "-p", "3", "-s", "7", "-o", str(out), tally=True).returncode == 0
    assert burgundy("score", str(out), tally=True).returncode == 0


def test_closed_stdout_ends_quietly(record):
    """``burgundy show FILE | head -0``: the reader goes away; no traceback, no internal error."""
    reader = subprocess.Popen([sys.executable, "-c", TALLY_MAIN, "score", str(record)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    reader.stdout.close()
    stderr = reader.stderr.read()
    reader.wait(timeout=120)
    reader.stderr.close()
    assert "Traceback" not in stderr and "internal error" not in stderr


def test_internal_error_is_one_line_and_exit_3(cli, tally_file, monkeypatch):
    """A bug (any non-RefereeError) is reported as such, in one line, with exit code 3."""
    from burgundy_cli.core import session

    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(session, "open_record", broken)
    result = cli("show", str(tally_file))
    assert result.exit_code == 3
    assert result.stderr.startswith("burgundy: internal error (ZeroDivisionError: division by zero)")
    assert result.stderr.count("\n") == 1


def test_internal_error_with_a_long_multiline_text_is_still_one_line(cli, tally_file, monkeypatch):
    from burgundy_cli.core import session

    def broken(*args, **kwargs):
        raise ValueError("1 validation error for LayCommand\nleave.0\n  Input should be ..." + "x" * 500)

    monkeypatch.setattr(session, "open_record", broken)
    result = cli("show", str(tally_file))
    assert result.exit_code == 3
    assert result.stderr.count("\n") == 1 and len(result.stderr) < 400


def test_score_of_a_folder_reports_each_bad_record_and_the_worst_exit(cli, tmp_path, tally):
    (tmp_path / "good.toml").write_text(tally)
    (tmp_path / "bad.toml").write_text(tally.replace("bert = 10", "bert = 12"))
    (tmp_path / ".good.toml.x1y2.tmp").write_text("half a rec")
    result = cli("score", "--jobs", "1", str(tmp_path))
    assert result.exit_code == 1
    assert f"{tmp_path / 'good.toml'}: 1. anna 11, 2. bert 10; winner anna" in result.stdout
    assert f"burgundy: {tmp_path / 'bad.toml'}:19:23:" in result.stderr
    assert ".tmp" not in result.stdout + result.stderr
