"""``burgundy new`` refuses, before any question, a record it could not write after them, and
says of flags what is wrong in the table's words: one located line, an exit code, nothing
written and nothing already there touched."""

from __future__ import annotations

import os

import pytest

from burgundy_cli.core import newrecord
from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.newrecord import NewRecord, create

GIVEN = ("new", "--game", "castles-of-burgundy", "--edition", "2011", "--players", "anna,bob",
         "--goods", "anna=1 2 3,bob=4 5 6")


def _refused(cli, *args: str) -> tuple[int, str]:
    result = cli(*args)
    assert "Traceback" not in result.output + result.stderr and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return result.exit_code, lines[0]


def test_a_folder_is_no_record_file_even_with_force(cli, tmp_path):
    for force in ((), ("--force",)):
        code, line = _refused(cli, GIVEN[0], str(tmp_path), *GIVEN[1:], *force)
        assert code == 2 and line == (f"burgundy: usage: {tmp_path} is a folder, not a record file; nothing was "
                                      f"written (name the record inside it, e.g. {tmp_path / 'game.toml'})")
    assert list(tmp_path.iterdir()) == []


def test_a_missing_folder_is_said_before_any_question(tmp_path):
    """At a terminal no question is asked for a record that could not be written."""
    asked: list[str] = []
    with pytest.raises(UsageError) as info:
        create(str(tmp_path / "nowhere" / "game.toml"), NewRecord(), ask=True,
               read=lambda question, choices: asked.append(question) or "")
    assert asked == []
    assert str(info.value.message) == f"cannot write {tmp_path / 'nowhere' / 'game.toml'}: there is no folder " \
                                      f"{tmp_path / 'nowhere'}; nothing was written"


def test_a_read_only_folder_is_said_before_any_question(tmp_path, monkeypatch):
    """(The tests may run as root, whom a mode 555 folder does not stop: the folder is made
    read-only to the check itself.)"""
    monkeypatch.setattr(newrecord.os, "access", lambda path, mode: not (mode & os.W_OK and path == str(tmp_path)))
    with pytest.raises(UsageError) as info:
        create(str(tmp_path / "game.toml"), NewRecord(), ask=True, read=lambda question, choices: "")
    assert info.value.message == f"cannot write {tmp_path / 'game.toml'}: the folder {tmp_path} is read-only; " \
                                 "nothing was written"


def test_an_existing_record_is_left_as_it_was(cli, tmp_path):
    record = tmp_path / "game.toml"
    record.write_text("# ours\n", encoding="utf-8")
    code, line = _refused(cli, GIVEN[0], str(record), *GIVEN[1:])
    assert code == 2 and line.endswith("game.toml already exists; nothing was written (--force replaces it)")
    assert record.read_text(encoding="utf-8") == "# ours\n"


def test_players_named_twice_are_the_players_refusal_not_the_goods(cli, tmp_path):
    """``--players anna,ANNA`` with goods for both: the players are what is wrong (one name to
    the notation), not the goods ("anna is given twice"), which only follow them."""
    code, line = _refused(cli, "new", str(tmp_path / "game.toml"), "--game", "castles-of-burgundy",
                          "--players", "anna,ANNA", "--goods", "anna=1 2 3,ANNA=4 5 6")
    assert code == 1 and line.startswith("burgundy: invalid record: --players: players 'anna' and 'ANNA' are the "
                                         "same name")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("flags", "line"), [
    (["--silver", "anna=-1"], "burgundy: usage: --silver: '-1': a count, 0 or more, is wanted; nothing was written "
                              "(e.g. anna=3,bob=0)"),
    (["--workers", "anna=1e3"], "burgundy: usage: --workers: '1e3': a whole number is wanted; nothing was written "
                                "(e.g. anna=5,bob=1)"),
    (["--duchy", "anna=c3:bank c3:mine"], "burgundy: usage: --duchy: c3 is given twice: a space holds one tile; "
                                          "nothing was written (e.g. anna=c3:bank c4:k22,bob=d3:ship)"),
    (["--date", "yesterday"], "burgundy: usage: --date: 'yesterday' is not a date; nothing was written "
                              "(YYYY-MM-DD, e.g. 2026-12-05)"),
])
def test_a_flag_that_cannot_be_read_is_named_as_typed(cli, tmp_path, flags, line):
    """An answer given by flag that cannot be split into its parts is said of the flag as it
    is typed (``--silver``, not ``silver``), with ``nothing was written``; a negative count is
    told it is negative, not that it is no whole number. The example is in the players' names."""
    path = tmp_path / "end.toml"
    code, said = _refused(cli, "new", str(path), "--end", "--game", "castles-of-burgundy", "--edition", "2011",
                          "--players", "anna,bob", "--vp", "anna=0,bob=0", *flags)
    assert code == 2 and said == line
    assert not path.exists()


@pytest.mark.parametrize("mode", [["--goods", "a=b=1 2 3,c=4 5 6"], ["--end", "--vp", "a=b=0,c=0"],
                                  ["--result", "--scores", "a=b=0,c=0"]])
def test_a_name_holding_an_equals_sign_is_the_players_refusal(cli, tmp_path, mode):
    """Every answer per player is ``name=value``: a player called ``a=b`` would part each in
    the wrong place (``--goods "a=b=1 2 3"``: 'a whole number is wanted, not "b=1"'), so the
    players are refused, before any answer that follows them."""
    code, line = _refused(cli, "new", str(tmp_path / "game.toml"), *mode, "--game", "castles-of-burgundy",
                          "--edition", "2011", "--players", "a=b,c")
    assert code == 2 and line.startswith("burgundy: usage: --players: 'a=b': a name cannot hold '='")


def test_a_name_holding_an_equals_sign_is_asked_again_at_a_terminal(tmp_path):
    answers = iter(["2011", "a=b,c", "Anna,Cara"])
    said: list[str] = []
    with pytest.raises(StopIteration):
        create(str(tmp_path / "game.toml"), NewRecord(game="castles-of-burgundy"), ask=True,
               read=lambda question, choices: next(answers) if not question.startswith("record") else "log",
               say=said.append)
    assert said == ["'a=b': a name cannot hold '=', which parts a player's name from their answer (Anna=1 2 3) "
                    "(e.g. Anna,Bob)"]


@pytest.mark.parametrize(("flags", "example"), [
    (["--layout", "Anna:castle-plain Ben:lake / Ben:plain Anna:plain", "--hands", "Anna castle-plain plain"],
     "(e.g. Anna=castle-plain plain,Ben=castle-forest mountains)"),
    (["--end", "--control", "Anna=1 castle,Anna=2 castles"], "(e.g. Anna=3 castles 2 villages 1 town,Ben=4 castles)"),
    (["--end", "--map", ""], "(e.g. e6 Anna:castle-plain knights Anna,Ben; f6 Ben:plain)"),
])
def test_a_robber_knights_refusal_gives_its_example_in_the_players_names(cli, tmp_path, flags, example):
    """A refused answer's example names the players of the game being set up, not the
    questions' stand-ins (``red=``, ``Bob=``), which are no player of it; it is said of the flag
    as typed, also where an earlier answer is checked first (the layout, with the hands)."""
    code, said = _refused(cli, "new", str(tmp_path / "rk.toml"), "--game", "robber-knights",
                          "--players", "Anna,Ben,Cleo", *flags)
    assert code in (1, 2) and said.endswith(example), said
    assert said.startswith(f"burgundy: usage: {flags[-2]}: ") and "; nothing was written" in said
    assert list(tmp_path.iterdir()) == []


def test_the_robber_knights_examples_make_a_record_together(cli, tmp_path):
    """The layout and hands questions' examples, typed as given, make a record ``new`` writes:
    the hands example gave blue the lake the layout example had already laid, and the box
    holds one lake a player (rulebook, 'Playing equipment')."""
    layout = newrecord._example("layout").removeprefix("e.g. ")
    hands = newrecord._example("hands").removeprefix("e.g. ")
    result = cli("new", str(tmp_path / "rk.toml"), "--game", "robber-knights", "--players", "red,blue",
                 "--layout", layout, "--hands", hands)
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "rk.toml").exists()
