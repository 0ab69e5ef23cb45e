"""The typer-free fast path of ``burgundy score FILE [--json]`` behaves exactly like the typer command.

It exists only for start-up time (docs/performance.md), so it must take exactly the plain
command lines it can answer identically, and give every other one to the typer app.
"""

from __future__ import annotations

import sys

import pytest

from burgundy_cli import entry

UNKNOWN_GAME = '[game]\nname = "no-such-game"\nplayers = ["anna", "ben"]\n'


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(UNKNOWN_GAME, encoding="utf-8")
    return str(path)


def test_plain_score_command_lines_take_the_fast_path(record):
    assert entry.fast_score_arguments(["score", record]) == (record, False)
    assert entry.fast_score_arguments(["score", record, "--json"]) == (record, True)
    assert entry.fast_score_arguments(["score", "--json", record]) == (record, True)


@pytest.mark.parametrize("extra", [["--help"], ["--json", "--json"], ["-j", "2"], ["--jobs=2"], ["SECOND"], ["--"]])
def test_any_other_score_command_line_goes_to_typer(record, extra):
    args = ["score", record] + [record if arg == "SECOND" else arg for arg in extra]
    assert entry.fast_score_arguments(args) is None


def test_other_commands_and_no_command_go_to_typer(record):
    assert entry.fast_score_arguments(["check", record, "anna: sell 4"]) is None
    assert entry.fast_score_arguments([]) is None


def test_folders_and_missing_files_go_to_typer(tmp_path):
    assert entry.fast_score_arguments(["score", str(tmp_path)]) is None
    assert entry.fast_score_arguments(["score", str(tmp_path / "missing.toml")]) is None


def _run_entry(monkeypatch, capsys, args):
    monkeypatch.setattr(sys, "argv", ["burgundy", *args])
    with pytest.raises(SystemExit) as stopped:
        entry.main()
    captured = capsys.readouterr()
    return stopped.value.code, captured.out, captured.err


@pytest.mark.parametrize("as_json", [False, True])
def test_a_rejected_record_gives_the_same_line_and_exit_code_both_ways(monkeypatch, capsys, cli, record, as_json):
    args = ["score", record] + (["--json"] if as_json else [])
    code, out, err = _run_entry(monkeypatch, capsys, args)
    typer_result = cli(*args)
    assert (code, out, err) == (typer_result.exit_code, typer_result.stdout, typer_result.stderr)
    assert code == 1 and "unknown game 'no-such-game'" in err


def test_an_internal_error_is_one_line_with_exit_code_3_never_a_traceback(monkeypatch, capsys, record):
    def broken(path, as_json):
        raise KeyError("boom")

    monkeypatch.setattr(entry, "score_file", broken)
    code, out, err = _run_entry(monkeypatch, capsys, ["score", record])
    assert code == entry.EXIT_INTERNAL and out == ""
    assert err.startswith("burgundy: internal error (KeyError") and "Traceback" not in err
