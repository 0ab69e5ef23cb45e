"""The rulebook's worked examples ('Moving the knights', 'The end of the game and scoring'),
replayed from the position records that reconstruct them (records/robber-knights/example-*),
and its examples of the starting layout and of the 2-player area ('Getting ready to play',
'Size of the Playing Area'), built here."""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import IllegalMoveError, RecordError
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.session import open_record
from burgundy_cli.robber_knights.setup import position_data
from burgundy_cli.robber_knights.state import parse_cell
from tests.conftest import RECORDS
from tests.robber_knights.helpers import SETUP, open_text, position

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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_layout_of_4_6_or_8_tiles(players):
    """'Example of the starting layout: 4, 6 or 8 landscape tiles, according to the number of
    players' and 'All the tiles with the letter A have been shared out: two are on the table and
    the other two are held in the player's hand. The uppermost landscape tile of each player's
    pile should now show the letter B.' (rulebook, 'Getting ready to play'): two rows of
    2, 3 or 4 tiles, a castle and another tile in each hand, 20 tiles left in each pile; a
    layout of one tile more or less is refused."""
    names = ["red", "blue", "yellow", "green"][:players]
    rows = [" ".join(f"{name}:plain" for name in names), " ".join(f"{name}:mountains" for name in names)]
    hands = {name: ["castle-plain", "lake"] for name in names}
    record = {"game": {"name": "robber-knights", "players": names}, "setup": {"layout": rows, "hands": hands}}
    session = open_text(dump_record(record))
    assert len(session.state.board) == 2 * players
    assert [player.pile_size for player in session.state.players] == [20] * players
    record["setup"]["layout"] = [rows[0], rows[1] + f" {names[0]}:plain"]
    with pytest.raises(RecordError) as err:
        open_text(dump_record(record))
    assert f"a full rectangle of {2 * players} tiles (2 per player)" in err.value.message


def test_two_player_area_marked_in_green():
    """'Example: In this 2-player game, the borders of the playing area have been defined. This
    means that no landscape tiles can be laid outside the area marked in green.' (rulebook,
    'Size of the Playing Area'; '2 players: one row or column may contain a maximum of 7 tiles
    and the area may be a maximum of 7 x 7 tiles'). The picture is lost; here the laid tiles
    reach across 7 columns (d-j) and 7 rows (3-9), so the 7 x 7 area is fixed: every legal lay
    lies inside it, and one just outside each border is refused as 'rk.lay.area'."""
    cross = [f"{col}6" for col in "defghij"] + [f"g{row}" for row in (3, 4, 5, 7, 8, 9)]
    kinds = ["plain", "village-plain", "town-plain", "mountains", "village-forest", "castle-plain", "plain"]
    tiles = [f"{cell} {('red', 'blue')[i % 2]}:{kinds[(i // 2) % len(kinds)]}" for i, cell in enumerate(cross)]
    session = position(tiles, {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]})
    inside = {f"{col}{row}" for col in "defghij" for row in range(3, 10)}
    cells = {move.split()[3] for move in session.legal_moves().moves}
    assert cells and cells <= inside
    for outside in ("c6", "k6", "g2", "g10"):
        with pytest.raises(IllegalMoveError) as err:
            session.check(f"red: lay plain {outside}")
        assert err.value.rule.id == "rk.lay.area"


def test_tiles_join_by_an_edge_not_corner_to_corner():
    """'Players cannot lay tiles corner to corner... ... the tiles have to be joined by at least
    one edge.' (rulebook, 'How to play: Laying 1 to 3 tiles', the two pictures beside 'In
    doing this, at least one edge must border one of the tiles already laid out'). The
    pictures are lost; here the starting layout fills f6, g6, f7, g7: h8 touches g7 only at
    a corner and is refused, h7 shares g7's edge and is laid."""
    session = open_text(SETUP)
    with pytest.raises(IllegalMoveError) as err:
        session.check("red: lay town-plain h8")
    assert err.value.rule.id == "rk.lay.edge"
    assert "corner to corner" in err.value.rule.text
    assert session.play("red: lay town-plain h7") == "red: lay town-plain h7"
