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


def _score_values(args):
    """What the fast path reads from a ``score`` command line (``None``: it goes to typer)."""
    return entry.COMMANDS["score"].read(args[1:]) if args and args[0] == "score" else None


def test_plain_score_command_lines_take_the_fast_path(record, tmp_path):
    assert _score_values(["score", record]) == {"paths": [record]}
    assert _score_values(["score", record, "--json"]) == {"paths": [record], "json": True}
    assert _score_values(["score", "--json", record]) == {"paths": [record], "json": True}
    assert _score_values(["score", str(tmp_path), record, "-j", "2"]) == {"paths": [str(tmp_path), record], "jobs": 2}
    assert _score_values(["score", "--jobs=1", record, "--json"]) == {"paths": [record], "json": True, "jobs": 1}
    assert _score_values(["score", record, "--jobs", "0", "--all"]) == {"paths": [record], "jobs": 0, "all": True}


@pytest.mark.parametrize("extra", [["--help"], ["--json", "--json"], ["-j"], ["-j", "-1"], ["--jobs=x"],
                                   ["-j", "2", "-j", "2"], ["-j2"], ["--"], ["--verbose"], ["--json=1"],
                                   ["-j", "\u0662"]])
def test_any_other_score_command_line_goes_to_typer(record, extra):
    assert _score_values(["score", record, *extra]) is None
    assert entry.fast_command(["score", record, *extra]) is None


def test_no_command_and_bare_commands_go_to_typer(record):
    assert entry.fast_command([]) is None
    assert entry.fast_command(["score"]) is None
    assert entry.fast_command(["score", "--json"]) is None
    assert entry.fast_command(["--help"]) is None
    assert entry.fast_command(["new", record]) is None


def test_missing_files_go_to_typer(tmp_path, record):
    assert entry.fast_command(["score", str(tmp_path / "missing.toml")]) is None
    assert entry.fast_command(["score", record, str(tmp_path / "missing.toml")]) is None
    assert entry.fast_command(["show", str(tmp_path / "missing.toml")]) is None


@pytest.mark.parametrize("text", ["a", "./a", "a/./b/", "//a", "///a", "/", ".", "", "a//b", "../a", "a/.."])
def test_file_names_are_read_as_typer_reads_a_path(text):
    from pathlib import Path

    assert entry.path_text(text) == str(Path(text))


def test_every_fast_command_reads_the_options_and_arguments_of_its_typer_command():
    """The fast path mirrors cli.py: the same option spellings, the same arguments in order."""
    import typer.main

    from burgundy_cli.cli import app

    commands = typer.main.get_command(app).commands
    for name, fast in entry.COMMANDS.items():
        group, _, sub = name.partition(" ")  # "archive sync": a command of the archive group
        params = (commands[group].commands[sub] if sub else commands[name]).params
        options = {spelling for p in params if p.param_type_name == "option" for spelling in p.opts}
        flags = {spelling for p in params if p.param_type_name == "option" and p.is_flag for spelling in p.opts}
        required = {p.name for p in params if p.param_type_name == "option" and p.required}
        assert set(fast.options) == options, name
        assert {s for s, (_, kind) in fast.options.items() if kind == "flag"} == flags, name
        assert len(fast.arguments) == len([p for p in params if p.param_type_name == "argument"]), name
        assert len(fast.required) == len(required), name


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
    assert entry.fast_command(["play", record, "anna: take 3 church", "--json"]) is not None
    assert entry.fast_command(["play", record]) is not None  # the table session (or its usage error)


@pytest.mark.parametrize("args", [
    ["check", "RECORD"], ["check", "RECORD", "a", "b"], ["check", "RECORD", "-x"], ["check", "RECORD", "a", "--help"],
    ["check", "RECORD", "a", "--json", "--json"], ["check", "missing.toml", "a"], ["play", "RECORD", "--", "a"],
    ["undo", "RECORD", "0"], ["undo", "RECORD", "1001"], ["undo", "RECORD", "1", "2"], ["show", "RECORD", "--svg"],
    ["playout", "robber-knights", "-p", "2", "-s", "1"], ["playout", "robber-knights", "-p", "5", "-s", "1", "-o", "x"],
    ["schema", "a", "b"], ["fmt", "RECORD", "-w", "--write"], ["--version", "--version"],
])
def test_other_unusual_command_lines_go_to_typer(record, args):
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


def _both_ways(monkeypatch, capsys, cli, args):
    """``burgundy ARGS`` through the fast path and through typer: both (code, stdout, stderr)."""
    fast = entry.fast_command(args)
    assert fast is not None, args
    code = console.run(fast)
    captured = capsys.readouterr()
    typer_result = cli(*args)
    return (code, captured.out, captured.err), (typer_result.exit_code, typer_result.stdout, typer_result.stderr)


RK_RECORD = str(RECORDS / "robber-knights" / "playout-3-players.toml")


@pytest.mark.parametrize("args", [
    ["show", "CASTLES"], ["show", "RK"], ["show", "CASTLES", "--json"], ["show", "CASTLES", "--at", "T3"],
    ["show", "RK", "--at=2", "--json"], ["show", "CASTLES", "--at", "Z9"], ["show", "CASTLES", "--position"],
    ["moves", "CASTLES"], ["moves", "CASTLES", "--all"],
    ["moves", "RK", "--json"], ["fmt", "CASTLES"], ["fmt", "RK", "--json"], ["chart", "RK", "--json"],
    ["schema", "robber-knights"], ["schema", "no-such-game"], ["summary", "RK", "CASTLES"],
    ["summary", "RK", "--json", "-j", "1"], ["--version"], ["play", "CASTLES"], ["score", "./CASTLES", "--all"],
    ["check", "./CASTLES", "bob: take 9 warehouse"],
])
def test_every_fast_command_prints_and_exits_the_same_both_ways(monkeypatch, capsys, cli, args):
    import os

    relative = "./" + os.path.relpath(CASTLES_OPENING)
    args = [arg.replace("./CASTLES", relative).replace("CASTLES", str(CASTLES_OPENING)).replace("RK", RK_RECORD)
            for arg in args]
    fast, typer_way = _both_ways(monkeypatch, capsys, cli, args)
    assert fast == typer_way


@pytest.mark.parametrize("args", [
    ["stats", "DIR", "-j", "1"], ["stats", "--db", "DB", "--json"], ["stats", "--db", "DB", "--markdown", "--by", "edition"],
    ["stats", "--db", "DB", "--vs", "Anna", "Ben", "--best", "3", "--csv", "--game", "castles-of-burgundy"],
    ["stats", "--db", "DB", "--players", "2", "--since", "2026-01-01", "--until=2026-12-31"],
    ["stats", "--db", "DB", "--json", "--csv"], ["stats", "--db", "DB", "--since", "yesterday"],
    ["archive", "sync", "DIR", "--json"], ["archive", "rebuild", "DIR", "-j", "1"], ["archive", "list", "DIR"],
    ["archive", "list", "--db", "DB", "--json"],
])
def test_stats_and_archive_print_and_exit_the_same_both_ways(monkeypatch, capsys, cli, tmp_path, args):
    """``stats`` and ``archive`` run without typer too; both ways say the same (the folder is
    synced once first, so both read the same archive)."""
    folder = tmp_path / "club"
    folder.mkdir()
    for path in (RECORDS / "robber-knights").glob("playout-*.toml"):
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "game.toml").write_bytes(CASTLES_OPENING.read_bytes())
    assert cli("archive", "sync", str(folder), "-j", "1").exit_code == 0
    args = [str(folder) if arg == "DIR" else str(folder / "burgundy.db") if arg == "DB" else arg for arg in args]
    assert entry.fast_command(args) is not None
    fast, typer_way = _both_ways(monkeypatch, capsys, cli, args)
    assert fast == typer_way


def test_stats_command_lines_read_as_typer_reads_them(tmp_path):
    read = entry.COMMANDS["stats"].read
    assert read([]) == {}
    assert read([str(tmp_path), "--vs", "a", "b", "-p", "3"]) == {"folder": str(tmp_path), "versus": ("a", "b"),
                                                                  "players": 3}
    for unusual in (["--vs", "a"], ["--vs=a", "b"], ["--vs", "a", "--json"], [str(tmp_path / "missing")],
                    ["-p", "-1"], ["--best"], [str(tmp_path), str(tmp_path)]):
        assert read(unusual) is None, unusual


@pytest.mark.parametrize("command", [["undo", "FILE"], ["undo", "FILE", "2"], ["fmt", "--write", "FILE"],
                                     ["show", "FILE", "--svg", "OUT"], ["chart", "FILE", "--svg", "OUT"],
                                     ["playout", "robber-knights", "-p", "3", "--seed=5", "-o", "OUT", "--json"],
                                     ["schema", "--out", "OUT"]])
def test_commands_that_write_write_the_same_both_ways(monkeypatch, capsys, cli, tmp_path, command):
    said, written = [], []
    for way in ("quick", "typer"):  # names of one length: a chart's width follows its title
        folder = tmp_path / way
        folder.mkdir()
        (folder / "game.toml").write_bytes(CASTLES_OPENING.read_bytes())
        out = folder / ("schemas" if "schema" in command else "out.svg" if "--svg" in command else "out.toml")
        if "schema" in command:
            out.mkdir()
        args = [str(folder / "game.toml") if arg == "FILE" else str(out) if arg == "OUT" else arg for arg in command]
        if way == "quick":
            code = console.run(entry.fast_command(args))
            captured = capsys.readouterr()
            result = (code, captured.out, captured.err)
        else:
            typer_result = cli(*args)
            result = (typer_result.exit_code, typer_result.stdout, typer_result.stderr)
        said.append(tuple(str(part).replace(str(folder), "DIR") for part in result))
        written.append(sorted((p.relative_to(folder).as_posix(), p.read_bytes().replace(bytes(folder), b"DIR"))
                              for p in folder.rglob("*")
                              if p.is_file() and p.name != "game.toml.lock"))
    assert said[0] == said[1]
    assert written[0] == written[1]


@pytest.mark.parametrize("args", [["--help"], ["score", "--help"], [], ["archive", "sync", "--help"]])
def test_help_is_typer_s_text_kept_and_printed_the_same_the_second_time(monkeypatch, capsys, tmp_path, args):
    from burgundy_cli import help_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = _run_entry(monkeypatch, capsys, args)
    assert first[0] in (0, 2) and "Usage: burgundy" in first[1] and first[2] == ""
    key, found = help_cache.kept(args)
    assert found == (first[0], first[1])
    import burgundy_cli.cli as typer_layer

    monkeypatch.setattr(typer_layer, "main", lambda: pytest.fail("the kept text was not used"))
    assert _run_entry(monkeypatch, capsys, args) == first
    monkeypatch.setenv("COLUMNS", "123")  # another terminal width: another key, typer again
    assert help_cache.kept(args)[0] != key


def test_only_plain_help_requests_are_kept(monkeypatch, tmp_path):
    from burgundy_cli import help_cache

    assert help_cache.is_help_request([]) and help_cache.is_help_request(["export", "csv", "--help"])
    assert not help_cache.is_help_request(["score", "x.toml", "--help", "--json"])
    assert not help_cache.is_help_request(["--json", "--help"])
    monkeypatch.setenv("_BURGUNDY_COMPLETE", "bash_complete")
    assert help_cache.kept(["--help"]) == (None, None)


def test_a_kept_text_that_does_not_read_back_is_ignored(monkeypatch, tmp_path):
    from burgundy_cli import help_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    key, _ = help_cache.kept(["--help"])
    help_cache.keep(key, 0, "Usage: burgundy\n")
    assert help_cache.kept(["--help"])[1] == (0, "Usage: burgundy\n")
    path = tmp_path / "burgundy" / "help" / key
    path.write_text(path.read_text(encoding="utf-8")[:-3], encoding="utf-8")  # cut short
    assert help_cache.kept(["--help"])[1] is None
