"""The typer-free fast path of ``burgundy score`` behaves exactly like the typer command.

It exists only for start-up time (docs/performance.md), so it must take exactly the plain
command lines it can answer identically, and give every other one to the typer app.
"""

from __future__ import annotations

import sys

import pytest

from burgundy_cli import console, entry, subcommands
from burgundy_cli.core.errors import EXIT_INTERNAL
from tests.conftest import RECORDS

UNKNOWN_GAME = '[game]\nname = "no-such-game"\nplayers = ["anna", "ben"]\n'


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(UNKNOWN_GAME, encoding="utf-8")
    return str(path)


def test_plain_score_command_lines_take_the_fast_path(record, tmp_path):
    arguments = entry.ScoreArguments
    assert entry.fast_score_arguments(["score", record]) == arguments([record])
    assert entry.fast_score_arguments(["score", record, "--json"]) == arguments([record], as_json=True)
    assert entry.fast_score_arguments(["score", "--json", record]) == arguments([record], as_json=True)
    assert entry.fast_score_arguments(["score", str(tmp_path), record, "-j", "2"]) == \
        arguments([str(tmp_path), record], jobs=2)
    assert entry.fast_score_arguments(["score", "--jobs=1", record, "--json"]) == \
        arguments([record], as_json=True, jobs=1)
    assert entry.fast_score_arguments(["score", record, "--jobs", "0"]) == arguments([record])


@pytest.mark.parametrize("extra", [["--help"], ["--json", "--json"], ["-j"], ["-j", "-1"], ["--jobs=x"],
                                   ["-j", "2", "-j", "2"], ["-j2"], ["--"], ["--verbose"]])
def test_any_other_score_command_line_goes_to_typer(record, extra):
    assert entry.fast_score_arguments(["score", record, *extra]) is None


def test_other_commands_and_no_command_go_to_typer(record):
    assert entry.fast_score_arguments(["check", record, "anna: sell 4"]) is None
    assert entry.fast_score_arguments([]) is None
    assert entry.fast_score_arguments(["score"]) is None
    assert entry.fast_score_arguments(["score", "--json"]) is None


def test_missing_files_go_to_typer(tmp_path, record):
    assert entry.fast_score_arguments(["score", str(tmp_path / "missing.toml")]) is None
    assert entry.fast_score_arguments(["score", record, str(tmp_path / "missing.toml")]) is None


def _run_entry(monkeypatch, capsys, args):
    """Run ``burgundy ARGS`` through the entry point: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["burgundy", *args])
    try:
        entry.main()
        code = 0
    except SystemExit as stopped:
        code = stopped.code
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("as_json", [False, True])
def test_a_rejected_record_gives_the_same_line_and_exit_code_both_ways(monkeypatch, capsys, cli, record, as_json):
    args = ["score", record] + (["--json"] if as_json else [])
    code, out, err = _run_entry(monkeypatch, capsys, args)
    typer_result = cli(*args)
    assert (code, out, err) == (typer_result.exit_code, typer_result.stdout, typer_result.stderr)
    assert code == 1 and "unknown game 'no-such-game'" in err


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize("name", ["playout-4-players.toml", "playout-2-players-tiebreak.toml"])
def test_a_scored_record_prints_the_same_both_ways(monkeypatch, capsys, cli, name, as_json):
    path = str(RECORDS / "robber-knights" / name)
    args = ["score", path] + (["--json"] if as_json else [])
    monkeypatch.setattr(sys, "argv", ["burgundy", *args])
    entry.main()  # returns normally: exit code 0
    captured = capsys.readouterr()
    typer_result = cli(*args)
    assert typer_result.exit_code == 0
    assert (captured.out, captured.err) == (typer_result.stdout, typer_result.stderr)
    assert "red" in captured.out


@pytest.mark.parametrize("extra", [[], ["--json"], ["-j", "1"], ["--jobs=2", "--json"]])
def test_folders_and_several_records_print_the_same_both_ways(monkeypatch, capsys, cli, tmp_path, extra):
    folder = tmp_path / "records"
    folder.mkdir()
    for name in ("playout-4-players.toml", "playout-2-players-tiebreak.toml"):
        (folder / name).write_bytes((RECORDS / "robber-knights" / name).read_bytes())
    (folder / "broken.toml").write_text(UNKNOWN_GAME, encoding="utf-8")
    args = ["score", str(folder), str(RECORDS / "robber-knights" / "playout-3-players.toml"), *extra]
    code, out, err = _run_entry(monkeypatch, capsys, args)
    typer_result = cli(*args)
    assert (code, out, err) == (typer_result.exit_code, typer_result.stdout, typer_result.stderr)
    assert code == 1 and len(out.splitlines()) == (4 if "--json" in extra else 3)
    assert "unknown game 'no-such-game'" in (out if "--json" in extra else err)


def test_a_folder_with_one_record_prints_its_table(monkeypatch, capsys, cli, tmp_path):
    (tmp_path / "game.toml").write_bytes((RECORDS / "robber-knights" / "playout-4-players.toml").read_bytes())
    monkeypatch.setattr(sys, "argv", ["burgundy", "score", str(tmp_path)])
    entry.main()
    assert capsys.readouterr().out == cli("score", str(tmp_path / "game.toml")).stdout


def test_an_internal_error_is_one_line_with_exit_code_3_never_a_traceback(monkeypatch, capsys, record):
    def broken(path, as_json, show_all=False):
        raise KeyError("boom")

    monkeypatch.setattr(subcommands, "score_file", broken)
    code, out, err = _run_entry(monkeypatch, capsys, ["score", record])
    assert code == EXIT_INTERNAL and out == ""
    assert err.startswith("burgundy: internal error (KeyError") and "Traceback" not in err


def test_burgundy_debug_lets_an_internal_error_through_for_developers(monkeypatch, record):
    def broken(path, as_json, show_all=False):
        raise KeyError("boom")

    monkeypatch.setattr(subcommands, "score_file", broken)
    monkeypatch.setenv("BURGUNDY_DEBUG", "1")
    monkeypatch.setattr(sys, "argv", ["burgundy", "score", record])
    with pytest.raises(KeyError, match="boom"):
        entry.main()


def test_plain_check_and_play_command_lines_take_the_fast_path(record):
    assert entry.fast_command(["check", record, "anna: take 3 church"]) is not None
    assert entry.fast_command(["check", "--json", record, "anna: take 3 church"]) is not None
    assert entry.fast_command(["play", record, "anna: take 3 church", "anna: sell 4"]) is not None


@pytest.mark.parametrize("args", [
    ["check", "RECORD"], ["check", "RECORD", "a", "b"], ["check", "RECORD", "-x"], ["check", "RECORD", "a", "--help"],
    ["check", "RECORD", "a", "--json", "--json"], ["check", "missing.toml", "a"], ["play", "RECORD"],
    ["play", "RECORD", "a", "--json"], ["play", "RECORD", "--", "a"], ["show", "RECORD"], ["moves", "RECORD"],
])
def test_other_check_and_play_command_lines_go_to_typer(record, args):
    assert entry.fast_command([record if arg == "RECORD" else arg for arg in args]) is None


CASTLES_OPENING = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"


@pytest.mark.parametrize("move", ["bob: take 1 warehouse", "anna: take 5>4 market", "anna: nonsense",
                                  "fix anna vp +1", ""])
@pytest.mark.parametrize("as_json", [False, True])
def test_check_prints_the_same_both_ways(monkeypatch, capsys, cli, move, as_json):
    args = ["check", str(CASTLES_OPENING), move] + (["--json"] if as_json else [])
    fast = entry.fast_command(args)
    assert fast is not None
    code = console.run(fast)
    captured = capsys.readouterr()
    typer_result = cli(*args)
    assert (code, captured.out, captured.err) == (typer_result.exit_code, typer_result.stdout, typer_result.stderr)


@pytest.mark.parametrize("moves", [["bob: take 1 warehouse"], ["bob: take 1 warehouse", "anna: nonsense"]])
def test_play_records_the_same_both_ways_and_writes_nothing_on_a_bad_line(monkeypatch, capsys, cli, tmp_path,
                                                                         moves):
    fast_file, typer_file = tmp_path / "fast.toml", tmp_path / "typer.toml"
    for path in (fast_file, typer_file):
        path.write_bytes(CASTLES_OPENING.read_bytes())
    code, out, err = _run_entry(monkeypatch, capsys, ["play", str(fast_file), *moves])
    typer_result = cli("play", str(typer_file), *moves)
    assert (code, out) == (typer_result.exit_code, typer_result.stdout)
    assert err.replace(str(fast_file), "FILE") == typer_result.stderr.replace(str(typer_file), "FILE")
    assert fast_file.read_bytes() == typer_file.read_bytes()
    if code:
        assert fast_file.read_bytes() == CASTLES_OPENING.read_bytes()
    else:
        assert fast_file.read_bytes() != CASTLES_OPENING.read_bytes()
