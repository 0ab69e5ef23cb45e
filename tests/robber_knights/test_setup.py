"""Setups and positions that cannot occur are refused with a located RecordError; scoring ties."""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import ParseError, RecordError
from tests.robber_knights.helpers import BASE_HANDS, BASE_TILES, SETUP, open_text, position, record_text



def refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as err:
        open_text(text)
    assert err.value.location is not None and err.value.location.file == "test.toml"
    return err.value


def test_setup_is_placed_in_the_middle():
    session = open_text(SETUP)
    assert sorted(session.state.board) == [(5, 5), (5, 6), (6, 5), (6, 6)]
    assert [p.pile_size for p in session.state.players] == [20, 20]


def test_layout_must_be_a_rectangle():
    err = refused(SETUP.replace('"blue:lake red:village-forest"', '"blue:lake"'))
    assert "rectangle" in err.message and err.location.line == 6


def test_two_layout_tiles_per_player():
    err = refused(SETUP.replace("red:castle-plain blue:plain", "red:castle-plain red:plain"))
    assert err.message == "[setup] red has 3 tiles in the starting layout, not 2 (rulebook, 'Holding tiles in your hand')"


def test_hand_keeps_a_castle():
    """'Each player picks up 1 castle and 1 other tile of their choice from the tiles marked with
    the letter A.' (rulebook, 'Holding tiles in your hand')."""
    err = refused(SETUP.replace('blue = ["castle-forest", "mountains"]', 'blue = ["plain", "mountains"]'))
    assert "castle" in err.message and err.location.line == 10


@pytest.mark.parametrize(("old", "new", "passage"), [
    ('"blue:lake red:village-forest"', '"blue:lake"', "Starting Layout"),
    ("red:castle-plain blue:plain", "red:castle-plain red:plain", "Holding tiles in your hand"),
    ('blue = ["castle-forest", "mountains"]', 'blue = ["plain", "mountains"]', "Holding tiles in your hand"),
    ('blue = ["castle-forest", "mountains"]', 'blue = ["castle-forest", "lake"]', "Playing equipment"),
])
def test_a_setup_refused_by_a_rule_names_its_passage(old, new, passage):
    """Every verdict names the rulebook passage it rests on, the setup's too: 'These tiles are
    laid together to form a rectangle' ('Starting Layout'); 'Each player picks up 1 castle and
    1 other tile ... lays both their remaining tiles face down to form the starting layout'
    ('Holding tiles in your hand'); 'Lake [1 per player]' ('Playing equipment')."""
    err = refused(SETUP.replace(old, new))
    assert err.message.endswith(f"(rulebook, '{passage}')"), err.message


def test_unknown_tile_in_setup_suggests():
    err = refused(SETUP.replace("blue:lake", "blue:lak"))
    assert err.hint == "did you mean 'lake'?" and err.location.line == 6


def test_unknown_player_in_hands_suggests():
    err = refused(SETUP.replace("blue = [", "blu = ["))
    assert "blue" in err.hint


def test_missing_start_and_both_starts():
    refused(SETUP.split("[setup]")[0])
    both = SETUP + '\n[position]\nto-move = "red"\ntiles = ["f6 red:plain"]\n'
    refused(both)


def test_unknown_table_and_field():
    assert "unknown table" in refused(SETUP + "\n[moves]\nx = 1\n").message
    assert "unknown field" in refused(SETUP.replace("[setup.hands]", "extra = 1\n[setup.hands]")).message
    assert "unknown field" in refused(SETUP + '\n[play]\nmoves = []\nlines = []\n').message


def test_moves_must_be_strings():
    assert "strings" in refused(SETUP + "\n[play]\nmoves = [1, 2]\n").message


def test_edition_and_player_count():
    assert "single edition" in refused(SETUP.replace('players =', 'edition = "2011"\nplayers =')).message
    assert "2 to 4" in refused(SETUP.replace('["red", "blue"]', '["red"]')).message
    assert "same name" in refused(SETUP.replace('["red", "blue"]', '["red", "Red"]')).message
    assert "notation" in refused(SETUP.replace('["red", "blue"]', '["red", "bl:ue"]')).message


def test_two_unicode_forms_of_one_name_are_one_player():
    """A composed "ë" and "e" + combining diaeresis are one name (``core.words.player_key``), as
    everywhere else in the project; so are names differing in case or repeated spaces."""
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    err = refused(SETUP.replace('["red", "blue"]', f'["{composed}", "{decomposed}"]'))
    assert f"players '{composed}' and '{decomposed}' are the same name to the notation" in err.message
    assert err.location.line == 3 and "Unicode form" in err.hint
    assert "same name" in refused(SETUP.replace('["red", "blue"]', '["Anna  Lena", "anna lena"]')).message


def test_position_problems_are_located():
    def bad(tiles, hands=BASE_HANDS, **kwargs):
        return refused(record_text(tiles, hands, **kwargs))

    assert "listed twice" in bad(BASE_TILES + ["e5 red:plain"]).message
    assert "not joined" in bad(BASE_TILES + ["e9 red:plain"]).message
    assert "lake" in bad(["e5 red:lake knights red", "e6 blue:plain"]).message
    assert "cannot read" in bad(BASE_TILES + ["e9"]).message
    assert "not a grid cell" in bad(BASE_TILES + ["99 red:plain"]).message
    assert "outside the 13 x 13 grid" in bad(["n1 red:plain"]).message
    assert "not a grid cell" in bad(["z1 red:plain"]).message   # past every game's grid
    span = [f"{c}6 {'red' if i % 2 else 'blue'}:{k}" for i, (c, k) in
            enumerate(zip("abcdefgh", ["plain", "lake", "plain", "mountains", "town-plain", "mountains",
                                       "village-plain", "town-plain"]))]
    assert "playing area" in bad(span).message


def test_position_counts_must_agree():
    text = record_text(BASE_TILES, BASE_HANDS).replace("[position.hands]", "[position.knights]\nred = 29\n\n[position.hands]")
    err = refused(text)
    assert "implies 30" in err.message


def test_too_many_knights_for_a_player():
    full = "knights " + ",".join(["red"] * 4)
    kinds = ["castle-plain"] * 6 + ["village-plain"] * 2
    tiles = [f"{c}{r} red:{k} {full}" for (c, r), k in zip([(c, r) for r in (5, 6) for c in "cdef"], kinds)]
    err = refused(record_text(tiles, {"red": ["plain", "lake"], "blue": ["plain", "lake"]}))
    assert "32 knights" in err.message


def test_hand_must_be_refilled():
    err = refused(record_text(BASE_TILES, {"red": ["castle-plain"], "blue": ["castle-forest", "plain"]}))
    assert "refilled" in err.message


def test_unknown_player_in_a_move_is_a_parse_error():
    with pytest.raises(ParseError) as err:
        position(BASE_TILES, BASE_HANDS).check("rde: end")
    assert err.value.hint == "did you mean 'red'?"


def test_tie_on_points_goes_to_most_knights_left():
    """'If two players have the same number of points, the player who still has the most knights
    in front of them is the winner. If some players are still equal, the game is declared a
    draw.' (rulebook, 'The end of the game and scoring')."""
    tiles = ["e5 red:castle-plain knights red", "f5 blue:castle-plain knights blue,blue", "e6 red:plain"]
    table = position(tiles, {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]}).score()
    assert [line.total for line in table.players] == [1, 1]
    assert [line.rank for line in table.players] == [1, 2]
    assert "most knights left" in table.tiebreak
    even = ["e5 red:castle-plain knights red", "f5 blue:castle-plain knights blue", "e6 red:plain"]
    table = position(even, {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]}).score()
    assert [line.rank for line in table.players] == [1, 1] and "draw" in table.tiebreak


def test_a_draw_names_the_players_still_equal():
    """'If two players have the same number of points, the player who still has the most knights
    in front of them is the winner. If some players are still equal, the game is declared a
    draw.' (rulebook, 'The end of the game and scoring'): of three players on 1 point, yellow
    has a knight fewer left; the draw is red's and blue's, and the tiebreak says whose (it said
    "red and blue and yellow tie ...: still equal, a draw", as if yellow were in it)."""
    tiles = ["e5 red:castle-plain knights red", "f5 blue:castle-plain knights blue",
             "g5 yellow:castle-plain knights yellow,yellow", "e6 red:plain"]
    hands = {name: ["castle-plain", "plain"] for name in ("red", "blue", "yellow")}
    table = position(tiles, hands, players=("red", "blue", "yellow")).score()
    assert [line.rank for line in table.players] == [1, 1, 3]
    assert table.tiebreak == ("red, blue and yellow tie on 1 point; most knights left decides "
                              "(red 29, blue 29, yellow 28): red and blue still equal, a draw")


@pytest.mark.parametrize("old, new", [
    ("[position.hands]", "[position.knights]\nred = true\nblue = 26\n\n[position.hands]"),
    ("[position.hands]", '[position.knights]\nred = "29"\nblue = 26\n\n[position.hands]'),
    ("[position.hands]", "[position.knights]\nred = 29.0\nblue = 26\n\n[position.hands]"),
])
def test_counts_are_strict_integers(old, new):
    """Issue 16, item 3: a boolean, a string or a float is no count of knights (core/models.py
    validates scalars strictly for both games)."""
    err = refused(record_text(BASE_TILES, BASE_HANDS).replace(old, new))
    assert "knights.red" in err.message and "a whole number is wanted" in err.message


def test_knights_come_from_a_castle_of_their_player_in_line():
    """'If a player adds a tile with a knights' castle on it, they can ... place up to five knights
    on this castle', then 'moves the pile of their knights away from the castle in a straight
    line', leaving knights 'on each tile as they move on from it' and never entering a lake
    (rulebook, 'Laying the castle tiles and moving the knights'). Issue 16, item 5."""
    hands = {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]}
    fine = ["e5 red:castle-plain knights red", "f5 blue:plain knights red", "g5 blue:castle-plain knights blue"]
    assert position(fine, hands).score().players
    no_castle = ["e5 red:plain knights red", "f5 blue:castle-plain knights blue"]
    text = record_text(no_castle, hands)
    err = refused(text)
    assert "red's knights on e5" in err.message and "e5 red:plain" in text.splitlines()[err.location.line - 1]
    diagonal = ["e5 red:castle-plain knights red", "f5 red:plain", "f6 blue:plain knights red"]
    assert "red's knights on f6" in refused(record_text(diagonal, hands)).message
    skipped = ["e5 red:castle-plain knights red", "f5 blue:plain", "g5 blue:plain knights red"]
    assert "red's knights on g5" in refused(record_text(skipped, hands)).message
    # option pass-through: the tiles between may hold none, but a lake still stops the stack
    assert position(skipped, hands, options={"pass-through": True}).score().players
    lake = ["e5 red:castle-plain knights red", "f5 blue:lake", "g5 blue:plain knights red"]
    assert "g5" in refused(record_text(lake, hands, options={"pass-through": True})).message


def test_knights_left_on_forest_and_mountains():
    """'on a tile with a forest: 2 knights - on a tile with mountains: 3 knights' are left behind
    by a stack that enters (rulebook, 'Moving the knights'). Issue 16, item 5."""
    hands = {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]}
    forest = ["e5 red:castle-forest knights red", "f5 blue:castle-plain knights blue"]
    assert "e5 holds 1 knight of red; a forest tile keeps at least 2" in refused(record_text(forest, hands)).message
    mountains = ["e5 red:castle-plain knights red", "f5 blue:mountains knights red,red",
                 "g5 blue:castle-plain knights blue"]
    assert "at least 3" in refused(record_text(mountains, hands)).message
    three = ["e5 red:castle-plain knights red", "f5 blue:mountains knights red,red,red",
             "g5 blue:castle-plain knights blue"]
    assert position(three, hands).score().players


@pytest.mark.parametrize("cell", ["f\u0665", "\uff465", "f\u00b2"])
def test_cells_use_ascii_digits_only(cell):
    """Issue 16, item 5: 'f\u0665' (an Arabic-Indic five) was read as f5; a cell is an ASCII column
    letter and row number, as in the notation."""
    err = refused(record_text(BASE_TILES + [f"{cell} red:plain"], BASE_HANDS))
    assert "not a grid cell" in err.message


#: one refused position per check docs/records.md lists: (tiles, hands, fragment of the message)
_HANDS2 = {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]}
POSITION_CHECKS = {
    "types": (BASE_TILES, {"red": ["castle-plain", 1], "blue": ["castle-forest", "plain"]}, "text in quotes is wanted, not 1"),
    "entry-shape": (BASE_TILES + ["e9"], BASE_HANDS, "cannot read"),
    "cell": (BASE_TILES + ["99 red:plain"], BASE_HANDS, "not a grid cell"),
    "players": (BASE_TILES + ["e8 zed:plain"], BASE_HANDS, "unknown player"),
    "tile": (BASE_TILES + ["e8 red:swamp"], BASE_HANDS, "swamp"),
    "four-knights": (BASE_TILES[:7] + ["h6 blue:castle-forest knights blue,blue,blue,blue,blue"] + BASE_TILES[8:],
                     BASE_HANDS, "at most 4"),
    "lake": (["e5 red:lake knights red", "e6 blue:plain"], BASE_HANDS, "lake"),
    "area": ([f"{c}6 {'red' if i % 2 else 'blue'}:{k}" for i, (c, k) in
              enumerate(zip("abcdefgh", ["plain", "lake", "plain", "mountains", "town-plain", "mountains",
                                         "village-plain", "town-plain"]))], BASE_HANDS, "playing area"),
    "joined": (BASE_TILES + ["e9 red:plain"], BASE_HANDS, "not joined"),
    "hands": (BASE_TILES, {"red": ["castle-plain", "plain", "lake"], "blue": ["castle-forest", "plain"]},
              "at most 2"),
    "tiles-per-player": (BASE_TILES, {"red": ["lake", "plain"], "blue": ["castle-forest", "plain"]},
                         "2 lake tiles laid or in hand"),
    "thirty-knights": ([f"{c}{r} red:{k} knights red,red,red,red" for (c, r), k in
                        zip([(c, r) for r in (5, 6) for c in "cdef"], ["castle-plain"] * 6 + ["village-plain"] * 2)],
                       {"red": ["plain", "lake"], "blue": ["plain", "lake"]}, "32 knights"),
    "refilled": (BASE_TILES, {"red": ["castle-plain"], "blue": ["castle-forest", "plain"]}, "refilled"),
    "terrain-minimum": (["e5 red:castle-forest knights red", "f5 blue:castle-plain knights blue"], _HANDS2,
                        "at least 2"),
    "from-castle": (["e5 red:plain knights red", "f5 blue:castle-plain knights blue"], _HANDS2,
                    "in line with no castle"),
    "counts": (BASE_TILES, BASE_HANDS, "implies 30"),
    "to-move": (BASE_TILES, BASE_HANDS, "no tiles left"),
    "turn-state": (BASE_TILES, BASE_HANDS, "a third lay ends the turn"),
}


#: the rulebook passage each check of a rule rests on, which its refusal names
POSITION_PASSAGES = {
    "four-knights": "Moving the knights", "lake": "Moving the knights", "terrain-minimum": "Moving the knights",
    "from-castle": "Moving the knights", "area": "Size of the Playing Area",
    "joined": "How to play: Laying 1 to 3 tiles", "hands": "How to play: Laying 1 to 3 tiles",
    "refilled": "How to play: Laying 1 to 3 tiles", "turn-state": "How to play: Laying 1 to 3 tiles",
    "tiles-per-player": "Playing equipment", "thirty-knights": "Playing equipment",
}


@pytest.mark.parametrize("name", sorted(POSITION_PASSAGES))
def test_a_position_refused_by_a_rule_names_its_passage(name):
    """Every verdict names its rulebook passage: a typed position refused by a rule of the
    box or of play says which ('never more than 4 knights on any one tile', 'Knights cannot
    enter a tile with a lake on it': 'Moving the knights'; '9 x 9 tiles': 'Size of the
    Playing Area'; 'at least one edge must border', 'one of their two tiles', 'picks up the
    uppermost tile', 'a total of three times': 'How to play: Laying 1 to 3 tiles'; '24 for each
    player', '30 knights per player': 'Playing equipment')."""
    err = refused(_case_text(name))
    assert POSITION_CHECKS[name][2] in err.message
    assert err.message.endswith(f"(rulebook, '{POSITION_PASSAGES[name]}')"), err.message


def _case_text(name: str) -> str:
    tiles, hands, _ = POSITION_CHECKS[name]
    text = record_text(tiles, hands)
    if name == "counts":
        return text.replace("[position.hands]", "[position.knights]\nred = 29\n\n[position.hands]")
    if name == "turn-state":  # three lays and no draw due: the turn would have ended
        return text.replace("[position.hands]", "lays = 3\n\n[position.hands]")
    if name == "to-move":  # red has laid all 24 tiles and is named to move
        kinds = [kind for kind, count in (("lake", 1), ("mountains", 2), ("plain", 3), ("village-plain", 3),
                                          ("castle-plain", 6), ("town-plain", 3), ("village-forest", 3),
                                          ("castle-forest", 2), ("town-forest", 1)) for _ in range(count)]
        cells = [f"{c}{r}" for r in range(1, 6) for c in "abcde"]
        laid = [f"{cell} red:{kind}" for cell, kind in zip(cells, kinds)] + [f"{cells[24]} blue:plain"]
        return record_text(laid, {"red": [], "blue": BASE_HANDS["blue"]})
    return text


def test_every_documented_position_check_refuses():
    """docs/records.md lists every check a Robber Knights position gets (issue 16, item 5); each
    listed check refuses a position here, and every case here is listed."""
    from tests.castles.test_rules_setup import documented_checks

    assert documented_checks("Robber Knights") == list(POSITION_CHECKS)
    for name, (_, _, fragment) in POSITION_CHECKS.items():
        assert fragment in refused(_case_text(name)).message, name


def test_pass_through_position_keeps_fewer_on_a_tile_passed():
    """docs/rulings.md, Robber Knights 2: with option 'pass-through' "a tile passed may receive
    any number below its minimum" (rulebook, 'Moving the knights': "on a tile with a forest: 2
    knights"), so a legal game's position with 1 knight on a forest the stack went on from is
    written by ``show --position`` and read back; a forest where the stack stopped (nothing of
    its player beyond it, in line from their castle) still keeps 2."""
    from burgundy_cli.core.position import position_record_data
    from burgundy_cli.core.record import dump_record

    hands = {"red": ["castle-plain", "plain"], "blue": ["plain", "lake"]}
    played = position(["f6 blue:village-forest", "g6 blue:plain", "f7 blue:plain"], hands,
                      options={"pass-through": True}, moves=["red: lay castle-plain e6 knights 3 east leave 1,1,1"])
    written = open_text(dump_record(position_record_data(played)))
    assert "f6 blue:village-forest knights red" in written.record_data()["position"]["tiles"]
    stopped = ["e6 red:castle-plain knights red", "f6 blue:village-forest knights red", "g6 blue:plain"]
    err = refused(record_text(stopped, {"red": ["castle-plain", "plain"], "blue": ["plain", "lake"]},
                              options={"pass-through": True}))
    assert "f6 holds 1 knight of red; a forest tile keeps at least 2" in err.message
