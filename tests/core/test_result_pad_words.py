"""A result-only score pad typed at the end of a club night: a misspelt name is told as one,
with the player meant, and a refused winner is quoted as the record writes it (TOML), not as
Python prints a list."""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.record import parse_record_text
from burgundy_cli.core.session import open_doc

PAD = ('[game]\nname = "castles-of-burgundy"\nedition = "2011"\nplayers = ["Anna", "Benno", "Cara"]\n'
       '[final]\nwinner = ["{winner}"]\n[final.scores.Anna]\ntotal = 150\ntiebreak = 4\n'
       '[final.scores.{second}]\ntotal = 150\ntiebreak = 2\n[final.scores.Cara]\ntotal = 140\n')


def _refused(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        open_doc(parse_record_text(text, "pad.toml"))
    return caught.value.describe()


def test_a_misspelt_player_is_named_with_the_player_meant() -> None:
    said = _refused(PAD.replace("{winner}", "Benno").replace("{second}", "Beno"))
    assert said.endswith("[final.scores] must give each player of [game] players a score: Beno is no player "
                         "and Benno missing (did you mean 'Benno' for 'Beno'?)")


def test_a_winner_against_the_tiebreak_is_quoted_as_toml() -> None:
    """2011 rules, 'Game end': "In the case of a tie, the winning player is the tied player with the
    fewest empty estate spaces": Anna and Benno tie on 150, Benno has 2 empty spaces, Anna 4."""
    text = PAD.replace("{second}", "Benno")
    assert open_doc(parse_record_text(text.replace("{winner}", "Benno"), "pad.toml")).score().winner == ["Benno"]
    said = _refused(text.replace("{winner}", "Anna"))
    assert said.endswith('[final] winner = ["Anna"] disagrees with the scores, which give ["Benno"]')


def test_a_tie_without_its_figures_names_the_tiebreak_as_a_decided_one_does() -> None:
    """2011 rules, 'Game end': "the tied player with the fewest empty estate spaces. Should there
    still be a tie, ... the tied player who went later in turn order". Without the figures no
    winner is named, and the tiebreak is said in the words a decided tie uses ("fewest empty
    estate spaces", the 2011 pad's edition's), not "with the fewest ..."."""
    text = PAD.replace("{second}", "Benno").replace('[final]\nwinner = ["{winner}"]\n', "")
    assert "[final]" not in text
    table = open_doc(parse_record_text(text.replace("tiebreak = 4\n", "").replace("tiebreak = 2\n", ""),
                                       "pad.toml")).score()
    assert table.winner == [] and [line.rank for line in table.players] == [1, 1, 3]
    assert table.tiebreak == "fewest empty estate spaces, then later in turn order: not in the record"


def test_at_the_terminal_a_score_refused_names_its_player(tmp_path) -> None:
    """The scores are one answer for every player: a refused one says whose it is, as the flag's
    refusal does (``--scores (Cara): at least 0, not -2``), and only that question comes again."""
    from burgundy_cli.core.newrecord import NewRecord, create

    answers = iter(["2011", "Anna,Ben,Cara", "Anna=150,Ben=140,Cara=-2", "Anna=150,Ben=140,Cara=2", "", "", "", ""])
    said: list[str] = []
    written = create(str(tmp_path / "pad.toml"), NewRecord(game="castles-of-burgundy", result=True), ask=True,
                     read=lambda question, choices: next(answers), say=said.append)
    assert said == ["Cara: at least 0, not -2"] and "1. Anna 150, 2. Ben 140, 3. Cara 2; winner Anna" in written


def test_the_pads_questions_give_their_examples_in_the_players_names(tmp_path) -> None:
    """As the end's and a new game's questions do: ``e.g. Anna=182,Ben=170`` for Anna and Ben."""
    from burgundy_cli.core.newrecord import NewRecord, create

    answers = iter(["2011", "Anna,Ben", "Anna=150,Ben=150", "", "", "", ""])
    asked: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        asked.append(question)
        return next(answers)

    create(str(tmp_path / "pad.toml"), NewRecord(game="castles-of-burgundy", result=True), ask=True, read=read,
           say=lambda _: None)
    assert asked[1].startswith("players in seat order, clockwise (e.g. Anna,Bob)")
    assert asked[2] == "each player's final score, e.g. Anna=182,Ben=170: "
    assert asked[3].startswith("Anna and Ben tie on 150 VP: their empty estate spaces, e.g. Anna=2,Ben=3")
