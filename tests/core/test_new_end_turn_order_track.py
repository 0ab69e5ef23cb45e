"""``burgundy new --end`` asks a 2011 end's turn order at the end in 2011's words: the turn
order track (2011 'Ship (blue)' 2.: "moves his playing piece on the turn order track"; 'Game
end': "the tied player who went later in turn order"), never 2019's bridge."""

from __future__ import annotations

from burgundy_cli.core.newrecord import NewRecord, create

#: Two estates alike and 5 VP each: a tie on VP and on empty spaces, which the turn order tells.
TIED_2011 = NewRecord(game="castles-of-burgundy", edition="2011", players="Anna,Bob", end=True,
                      duchy="Anna=c3:bank,Bob=c3:bank", vp="Anna=5,Bob=5")


def test_a_2011_end_asks_the_turn_order_track(tmp_path):
    questions: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        return "Bob,Anna"

    create(str(tmp_path / "end.toml"), TIED_2011, ask=True, read=read, say=lambda text: None)
    assert questions[-1].startswith("the turn order on the turn order track at the end, first to last: the tie "
                                    "on VP and empty spaces goes to the one later in turn order")
    assert "bridge" not in questions[-1]
