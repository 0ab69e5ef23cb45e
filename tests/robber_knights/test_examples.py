"""The rulebook's worked examples ('Moving the knights', 'The end of the game and scoring'),
replayed from the position records that reconstruct them (records/robber-knights/example-*)."""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.session import open_record
from burgundy_cli.robber_knights.setup import position_data
from burgundy_cli.robber_knights.state import parse_cell
from tests.conftest import RECORDS
from tests.robber_knights.helpers import open_text

EXAMPLES = RECORDS / "robber-knights"


def stacks(session, *cells: str) -> list[list[str]]:
    """Knight stacks (bottom to top, by name) of the given cells."""
    names = [p.name for p in session.state.players]
    return [[names[k] for k in session.state.board[parse_cell(c)].knights] for c in cells]


def test_red_places_four_knights_leaving_1_2_1():
    """'red places 4 knights on the castle he has just laid. He decides to move to the right and
    leaves 1 knight on the castle (plain); 2 knights in the village (forest); and 1 knight in the
    town (plain).' (rulebook, 'Moving the knights', first example)."""
    session = open_record(EXAMPLES / "example-red-4-knights-1-2-1.toml")
    assert stacks(session, "c5", "d5", "e5") == [["red"], ["red", "red"], ["red"]]
    assert session.state.players[0].knights == 26
    assert {line.name: line.breakdown for line in session.score().players}["red"] == \
        {"castles": 1, "villages": 2, "towns": 3}


def test_yellow_uses_four_knights():
    """'yellow has decided to use 4 knights.' (rulebook, 'Moving the knights', second example)."""
    session = open_record(EXAMPLES / "example-yellow-4-knights.toml")
    assert stacks(session, "g6", "f6", "e6") == [["yellow"], ["yellow"], ["yellow", "yellow"]]
    assert session.state.players[1].knights == 26


def test_red_uses_five_knights_and_fills_the_village():
    """'it is then red's turn; red decides to use 5 knights. He therefore has control of these 4
    tiles at the moment. The tile with the village has reached its maximum number of knights and
    cannot be entered any more.' (rulebook, 'Moving the knights', third example)."""
    session = open_record(EXAMPLES / "example-red-5-knights-full-village.toml")
    cells = ("e8", "e7", "e6", "e5")
    assert [stack[-1] for stack in stacks(session, *cells)] == ["red"] * 4
    assert stacks(session, "e6") == [["yellow", "yellow", "red", "red"]]
    session.play("red: draw plain")
    session.play("red: end")
    data = position_data(session.state)
    data["hands"]["yellow"] = ["castle-plain", "plain"]  # give yellow a castle to try
    del data["piles"]
    after = open_text(dump_record({"game": {"name": "robber-knights", "players": ["red", "yellow"]},
                                   "position": data}))
    with pytest.raises(IllegalMoveError) as err:
        after.check("yellow: lay castle-plain d6 knights 3 east leave 1,2")
    assert err.value.rule.id == "rk.move.max-four"


def test_scoring_example_blue_1_red_2_yellow_3():
    """'Player Blue scores 1 point. Player Red scores 2 points. Player Yellow scores 3 points.'
    with 'castle 1, village 2, town 3' and 'Landscape tiles without buildings score no points'
    (rulebook, 'The end of the game and scoring'). The picture is lost; every player's knights
    enter on a castle of their own ('Laying the castle tiles and moving the knights'), so three
    castles score 3 points in all and red's 2 are two castles (the record's notes)."""
    table = open_record(EXAMPLES / "example-scoring-blue-1-red-2-yellow-3.toml").score()
    assert {line.name: (line.total, line.breakdown) for line in table.players} == {
        "blue": (1, {"castles": 1, "villages": 0, "towns": 0}),
        "red": (2, {"castles": 2, "villages": 0, "towns": 0}),
        "yellow": (3, {"castles": 0, "villages": 0, "towns": 3}),
    }
