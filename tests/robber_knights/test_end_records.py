"""Robber Knights end-of-game records (issue 34, item 9): the map and the knights at the end,
and the score follows, as for a logged game."""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc, open_record
from burgundy_cli.robber_knights.setup import position_data
from tests.conftest import RECORDS

KNIGHTS = RECORDS / "robber-knights"
PLAYOUTS = sorted(KNIGHTS.glob("playout-*.toml"))


def test_hand_worked_map_ties_and_knights_left_decide() -> None:
    """``end-2-players-tiebreak.toml``, by hand from the rulebook, 'The end of the game and
    scoring': "The player whose knight is on top ... for a castle 1 victory point, for a village
    2 victory points, for a town 3 victory points"; the tiles of the map with knights, top first:

    red on top: castles e4, e5, f5, h5, d6, e6, j6, d7 (8); villages f6, e7, f7 (3 x 2 = 6):
    14. blue on top: castles g4, h6, h7, i7, e8, i9 (6); village i8 (2); towns g5, g6 (2 x 3 = 6):
    14. "If two players have the same number of points, the player who still has the most
    knights in front of them is the winner": red 5, blue 3 (30 less those on the map): red.
    """
    table = open_record(KNIGHTS / "end-2-players-tiebreak.toml").score()
    assert {line.name: line.breakdown for line in table.players} == {
        "red": {"castles": 8, "villages": 6, "towns": 0}, "blue": {"castles": 6, "villages": 2, "towns": 6}}
    assert [line.total for line in table.players] == [14, 14] and table.winner == ["red"]
    assert "most knights left decides (red 5, blue 3)" in table.tiebreak


def _end_of(session) -> str:
    position = position_data(session.state)
    game = session.header.model_dump(exclude_none=True)
    if not game.get("options"):
        game.pop("options", None)
    return dump_record({"game": game, "end": {"tiles": position["tiles"], "knights": position["knights"]}})


@pytest.mark.parametrize("path", PLAYOUTS, ids=lambda p: p.stem)
def test_a_logged_games_map_typed_as_its_end_scores_the_same(path) -> None:
    """Issue 34.9: the final map of each complete logged game, typed as an ``[end]``, gives
    the log's score table, tiebreak and winner."""
    logged = open_record(path)
    assert open_doc(parse_record_text(_end_of(logged), "end.toml")).score() == logged.score()


def test_a_map_not_finished_and_knights_miscounted_are_refused() -> None:
    """Rulebook: "If all the tiles have been laid, the game is over" -- a map short of a
    player's 24 tiles is no end; knights left must be 30 less those on the map."""
    text = _end_of(open_record(PLAYOUTS[0]))
    short = text.replace(next(line for line in text.splitlines() if line.startswith('    "') and "lake" in line), "")
    with pytest.raises(RecordError) as refused:
        open_doc(parse_record_text(short, "end.toml"))
    assert "the game ends when every tile is laid" in refused.value.message
    assert "[end]" in refused.value.message
    knights = text.replace("[end.knights]\nred = ", "[end.knights]\nred = 1")
    with pytest.raises(RecordError) as refused:
        open_doc(parse_record_text(knights, "end.toml"))
    assert "knights of red is 1" in refused.value.message


def test_new_end_by_flags_and_by_questions(tmp_path) -> None:
    """``new --end --map ...`` writes the record that scores as the hand-worked one; on a
    terminal the map is asked after the players, a wrong one told and asked again alone."""
    tiles = open_record(KNIGHTS / "end-2-players-tiebreak.toml").record_data()["end"]["tiles"]
    create(str(tmp_path / "flags.toml"), NewRecord(game="robber-knights", players="red,blue", end=True,
                                                   map=";".join(tiles), knights="RED=5,blue=3"))
    assert open_record(tmp_path / "flags.toml").score() == open_record(KNIGHTS / "end-2-players-tiebreak.toml").score()
    script = iter(["robber-knights", "end", "red,blue", ";".join(tiles[1:]), ";".join(tiles), "", "", "", ""])
    said: list[str] = []
    questions: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        return next(script)

    create(str(tmp_path / "asked.toml"), NewRecord(), ask=True, read=read, say=said.append)
    assert len(said) == 1 and "the game ends when every tile is laid" in said[0]
    assert questions[3] == questions[4] and questions[3].startswith("the map at the end")
    assert open_record(tmp_path / "asked.toml").score().winner == ["red"]
