"""``burgundy new --end`` and the last tiebreak: when the first two tie on VP and on empty
duchy spaces, the bridge tells the winner, so it is asked (``--bridge`` without a terminal).

2011 rulebook, end of the game: "Should there still be a tie, then the winning player is the
tied player who went later in turn order." 2019 rulebook: "If there is still a tie, the
player who is farthest behind on the bridge is the winner."
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record

#: Two duchies alike (the bank on c3 each) and 5 VP each: a tie on VP and on empty spaces.
TIED = NewRecord(game="castles-of-burgundy", edition="2011", players="Anna,Bob", end=True,
                 duchy="Anna=c3:bank,Bob=c3:bank", vp="Anna=5,Bob=5")


def asked(given: NewRecord, answers: list[str], tmp_path, name: str = "end.toml"):
    """``new`` on a terminal with ``given`` as flags: the record, the questions, what was told."""
    answers, questions, said = list(answers), [], []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        return answers.pop(0)

    path = tmp_path / name
    create(str(path), given, ask=True, read=read, say=said.append)
    assert not answers
    return open_record(path).score(), questions, said


@pytest.mark.parametrize(("order", "winner"), [("Bob,Anna", "Anna"), ("anna,bob", "Bob")])
def test_the_player_later_in_turn_order_wins_a_tie_on_vp_and_empty_spaces(tmp_path, order, winner) -> None:
    create(str(tmp_path / "end.toml"), replace(TIED, bridge=order))
    table = open_record(tmp_path / "end.toml").score()
    assert [line.total for line in table.players] == [5, 5]
    assert table.winner == [winner] and table.tiebreak.endswith(" and 35 empty estate spaces; later in turn order decides")


def test_without_a_terminal_the_bridge_is_required_only_when_it_tells_the_winner(tmp_path) -> None:
    with pytest.raises(UsageError, match="missing --bridge: .* the one later in turn order"):
        create(str(tmp_path / "end.toml"), TIED)
    assert not (tmp_path / "end.toml").exists()
    create(str(tmp_path / "apart.toml"), replace(TIED, vp="Anna=5,Bob=4"))       # no tie: not asked
    assert open_record(tmp_path / "apart.toml").score().winner == ["Anna"]


def test_on_a_terminal_the_bridge_is_asked_then_and_a_wrong_order_again(tmp_path) -> None:
    table, questions, said = asked(replace(TIED, edition="2019"), ["Bob", "Bob,Cara", "Bob,Anna"], tmp_path)
    assert questions[0].startswith("the turn order on the bridge at the end, first to last: the tie on VP and "
                                   "empty spaces goes to the one farthest behind on the bridge")
    assert len(questions) == 3 and len(set(questions)) == 1
    assert "every player once" in said[0] and "'Cara' is not a player" in said[1]
    assert table.winner == ["Anna"] and table.tiebreak.endswith("; farthest behind on the bridge decides")
    _, questions, _ = asked(replace(TIED, vp="Anna=5,Bob=4"), [], tmp_path, "apart.toml")   # no tie: nothing asked
    assert questions == []
