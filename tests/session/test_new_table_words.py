"""Refusals ``burgundy new`` shows are in the table's words, by flag and at the terminal: a
result-only or end record's own refusal speaks the record's syntax (``[game] players``,
``teams = { A = [...] }``, ``modules = ["team-game"]``, "no line for"), which ``new`` says as
its questions and flags do; the record's own refusal (``score`` of a written file) keeps it."""

from __future__ import annotations

import pytest

from burgundy_cli.core.newrecord import TABLE_WORDS, NewRecord, create, in_table_words

RECORD_SYNTAX = ("[game]", "[final", "[end", "= [", "= {", "modules =", "no line")


@pytest.mark.parametrize(("flags", "said"), [
    (["--players", "Anna,Ben", "--scores", "anna=100"],
     "--scores: must give each player a score: Ben missing; nothing was written"),
    (["--players", "Anna,Ben", "--scores", "anna=100,ben=90,cara=3"],
     "--scores: must give each player a score: cara is no player; nothing was written"),
    (["--players", "Anna,Ben,Cara,Dario", "--modules", "team-game", "--teams", "A=Anna Ben,B=Cara Eve",
      "--scores", "anna=1,ben=2,cara=3,dario=4"],
     "--teams: a team game names its two teams of two players, e.g. A=Anna Cara,B=Ben Dario; nothing was written"),
])
def test_a_result_refusal_by_flag_is_in_the_table_words(cli, tmp_path, flags, said):
    result = cli("new", str(tmp_path / "pad.toml"), "--game", "castles-of-burgundy", "--result", "--edition", "2019",
                 *flags)
    assert result.exit_code == 1 and result.stderr == f"burgundy: invalid record: {said}\n"
    assert not any(mark in result.stderr for mark in RECORD_SYNTAX)


def test_a_robber_knights_end_refusal_by_flag_is_in_the_table_words(cli, tmp_path):
    result = cli("new", str(tmp_path / "end.toml"), "--game", "robber-knights", "--end", "--players", "red,blue",
                 "--control", "red=3 castles", "--knights", "red=3,blue=4")
    assert result.exit_code == 1
    assert result.stderr.startswith("burgundy: invalid record: --control: nothing given for blue (e.g. ")


def test_a_result_refusal_at_the_terminal_is_in_the_table_words(tmp_path):
    """At the terminal the refusal is said in the same words, and the scores asked again."""
    answers = iter(["2019", "Anna,Ben", "", "anna=100", "", "", "", "", "anna=100,ben=90", "", "", "", ""])
    said: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        return next(answers)

    told = create(str(tmp_path / "pad.toml"), NewRecord(game="castles-of-burgundy", result=True), ask=True,
                  read=read, say=said.append)
    assert said == ["must give each player a score: Ben missing"] and "1. Anna 100, 2. Ben 90" in told


def test_every_table_word_mapping_leaves_no_record_syntax():
    for record_words, table_words in TABLE_WORDS:
        assert in_table_words(f"x {record_words} y") == f"x {table_words} y"
        assert not any(mark in table_words for mark in RECORD_SYNTAX)
    assert in_table_words("no line for blue") == "nothing given for blue"


def test_the_written_record_keeps_its_own_words(cli, tmp_path):
    """``score`` of a result-only record missing a score still names its tables: it is the
    file's refusal, located in it."""
    path = tmp_path / "pad.toml"
    path.write_text('[game]\nname = "castles-of-burgundy"\nedition = "2019"\nplayers = ["Anna", "Ben"]\n'
                    "[final.scores.Anna]\ntotal = 100\n")
    result = cli("score", str(path))
    assert result.exit_code == 1 and "must give each player of [game] players a score: Ben missing" in result.stderr
