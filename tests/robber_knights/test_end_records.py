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


def test_new_end_by_the_whole_map_still_scores(tmp_path) -> None:
    """``new --end --map ...``: the full table, given by flag, writes the record that scores as
    the hand-worked one (the map is never asked for: the control is)."""
    tiles = open_record(KNIGHTS / "end-2-players-tiebreak.toml").record_data()["end"]["tiles"]
    create(str(tmp_path / "flags.toml"), NewRecord(game="robber-knights", players="red,blue", end=True,
                                                   map=";".join(tiles), knights="RED=5,blue=3"))
    assert open_record(tmp_path / "flags.toml").score() == open_record(KNIGHTS / "end-2-players-tiebreak.toml").score()


def _told(control: str, knights: str, players: tuple[str, ...] = ("red", "blue")) -> str:
    names = ", ".join(f'"{name}"' for name in players)
    return (f'[game]\nname = "robber-knights"\nplayers = [{names}]\n\n[end.control]\n{control}\n\n'
            f'[end.knights]\n{knights}\n')


def test_hand_scored_end_told_by_the_buildings_held() -> None:
    """Rulebook, 'The end of the game and scoring': "The player whose knight is on top on the
    tile in question is in control and is awarded the corresponding victory points: for a castle
    1 victory point, for a village 2 victory points, for a town 3 victory points. Landscape tiles
    without buildings score no points. ... If two players have the same number of points, the
    player who still has the most knights in front of them is the winner. If some players are
    still equal, the game is declared a draw." So the table need only say, per player, the
    castles, villages and towns their knight is on top of, and the knights left in front of them.

    By hand: blue 5 castles + 2 villages + 1 town = 5 + 4 + 3 = 12; red 4 castles + 1 village +
    2 towns = 4 + 2 + 6 = 12; yellow 3 castles + 3 villages = 3 + 6 = 9. Blue and red tie on 12;
    blue has 6 knights left, red 4: blue wins, red second, yellow third.
    """
    doc = parse_record_text(_told('blue = { castles = 5, villages = 2, towns = 1 }\n'
                                  'red = { castles = 4, villages = 1, towns = 2 }\n'
                                  'yellow = { castles = 3, villages = 3 }',
                                  "blue = 6\nred = 4\nyellow = 0", ("blue", "red", "yellow")), "told.toml")
    table = open_doc(doc).score()
    assert {line.name: line.breakdown for line in table.players} == {
        "blue": {"castles": 5, "villages": 4, "towns": 3}, "red": {"castles": 4, "villages": 2, "towns": 6},
        "yellow": {"castles": 3, "villages": 6, "towns": 0}}
    assert [(line.total, line.rank) for line in table.players] == [(12, 1), (12, 2), (9, 3)]
    assert table.complete and table.winner == ["blue"]
    assert "most knights left decides (blue 6, red 4)" in table.tiebreak
    # "If some players are still equal, the game is declared a draw"
    draw = open_doc(parse_record_text(_told("red = { towns = 1 }\nblue = { castles = 1, villages = 1 }",
                                            "red = 7\nblue = 7"), "draw.toml")).score()
    assert draw.winner == ["red", "blue"] and draw.tiebreak.endswith("still equal, a draw")


def test_an_end_told_and_its_map_score_alike() -> None:
    """The hand-worked map of ``end-2-players-tiebreak.toml``, told as the buildings each
    knight on top holds (red 8 castles 3 villages, blue 6 castles 1 village 2 towns) and the
    knights left, gives the map's score table: one scoring, read from either."""
    told = open_doc(parse_record_text(_told("red = { castles = 8, villages = 3 }\n"
                                            "blue = { castles = 6, villages = 1, towns = 2 }",
                                            "red = 5\nblue = 3"), "told.toml"))
    assert told.score() == open_record(KNIGHTS / "end-2-players-tiebreak.toml").score()


@pytest.mark.parametrize(("control", "knights", "said"), [
    # 'Playing equipment': each player's 24 tiles hold 6 + 2 castles, 3 + 3 villages, 3 + 1 towns
    ("red = { castles = 9 }\nblue = { castles = 8 }", "red = 5\nblue = 3",
     "17 castles held in all, but 2 players' tiles have only 16 (rulebook, 'Playing equipment')"),
    ("red = { villages = 7 }\nblue = { villages = 6 }", "red = 5\nblue = 3", "13 villages held in all"),
    ("red = { towns = 5 }\nblue = { towns = 4 }", "red = 5\nblue = 3", "9 towns held in all"),
    ("red = { castles = 1 }", "red = 5\nblue = 3", "no line for blue"),
    ("red = {}\nRed = {}\nblue = {}", "red = 5\nblue = 3", "red is given twice"),
    ("red = {}\ngreen = {}", "red = 5\nblue = 3", "green"),
    ("red = { forts = 1 }\nblue = {}", "red = 5\nblue = 3", "unknown field"),
    ("red = { towns = -1 }\nblue = {}", "red = 5\nblue = 3", "at least 0"),
    # 'Playing equipment': 30 knights per player
    ("red = {}\nblue = {}", "red = 31\nblue = 3", "red has 31 knights left; a player has 0 to 30 (rulebook, 'Playing equipment')"),
    ("red = {}\nblue = {}", "red = 5", "none given for blue"),
    # "the player whose knight is on top ... is in control": a tile held holds a knight of its holder
    ("red = { castles = 8, villages = 2 }\nblue = {}", "red = 21\nblue = 3",
     "red has 21 knights left, so 9 on the map, yet 10 buildings with red's knight on top (rulebook, 'The end "
     "of the game and scoring')"),
])
def test_an_end_told_is_checked_against_the_box(control: str, knights: str, said: str) -> None:
    """What the table tells is checked as the box and the rules bound it (docs/records.md,
    "End-of-game records"); each refusal says what is wrong, at the key to blame, and a bound
    of the box or the rules names its rulebook passage."""
    with pytest.raises(RecordError) as refused:
        open_doc(parse_record_text(_told(control, knights), "told.toml"))
    assert said in refused.value.message and "[end]" in refused.value.message


def test_an_end_told_needs_the_knights_left_and_one_form() -> None:
    """The knights left decide a tie ("the player who still has the most knights in front of
    them is the winner"), so an end told without its map states them; the map and the control
    are two ways of telling the same end, so exactly one is given."""
    base = '[game]\nname = "robber-knights"\nplayers = ["red", "blue"]\n\n'
    cases = {"[end.control]\nred = {}\nblue = {}\n": "the knights left in front of each player are needed",
             '[end]\ntiles = ["e4 red:plain"]\n[end.control]\nred = {}\nblue = {}\n': "not both",
             "[end]\n": "give control"}
    for text, said in cases.items():
        with pytest.raises(RecordError) as refused:
            open_doc(parse_record_text(base + text, "told.toml"))
        assert said in refused.value.message


def test_an_empty_map_says_what_the_end_needs(cli, tmp_path) -> None:
    """``[end] tiles = []``: the map of an end holds every tile laid ("If all the tiles have been
    laid, the game is over", 'Size of the Playing Area'), so the refusal says so, how a tile is
    written, and the other way to tell an end -- not a bare "at least 1 item"."""
    path = tmp_path / "end.toml"
    path.write_text('[game]\nname = "robber-knights"\nplayers = ["red", "blue"]\n\n'
                    "[end]\ntiles = []\n\n[end.knights]\nred = 5\nblue = 3\n", encoding="utf-8")
    result = cli("score", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"burgundy: {path}:6:1: invalid record: [end] tiles is empty: the map at the "
                                    "game's end lists every tile laid, each player's 24, as 'cell owner:tile")
    assert "without the map, give [end.control] and [end.knights] instead" in result.stderr
    path.write_text(path.read_text(encoding="utf-8") + "\n[end.control]\nred = {}\nblue = {}\n", encoding="utf-8")
    assert "give control (the buildings each player's knight is on top of) or tiles (the whole map), not both" \
        in cli("score", str(path)).stderr


def test_an_end_told_has_no_map_to_draw_and_no_move(tmp_path) -> None:
    """With no map, ``show`` prints what each player holds and the knights left; a picture or a
    position is refused in words (no traceback), and every line is refused as the game is over."""
    from burgundy_cli.core.errors import IllegalMoveError
    from burgundy_cli.core.pictures import board_svg, position_json
    from burgundy_cli.core.position import position_record

    path = tmp_path / "told.toml"
    path.write_text(_told("red = { castles = 2, towns = 1 }\nblue = { villages = 1 }", "red = 20\nblue = 26"))
    session = open_record(path)
    shown = session.show()
    assert "red   castles  2  villages  0  towns  1  points  5  knights left 20" in shown
    assert "blue  castles  0  villages  1  towns  0  points  2  knights left 26" in shown
    assert session.legal_moves().player is None
    with pytest.raises(IllegalMoveError) as refused:
        session.check("red: end")
    assert refused.value.rule.id == "rk.game.over"
    for needs_map in (position_record, board_svg, position_json):
        with pytest.raises(RecordError) as refused:
            needs_map(str(path), None)
        assert "no map to draw or write as a position" in refused.value.message


def test_new_end_asks_for_the_buildings_held_and_the_knights_left(tmp_path) -> None:
    """``new --end`` asks what the final scoring reads: after the players, the castles, villages
    and towns each player's knight is on top of, then the knights left; a wrong answer is told
    and only that question asked again. By flags, ``--control`` and ``--knights``."""
    script = iter(["robber-knights", "end", "red,blue", "red=8 castles 3 villages 1 fort",
                   "red=8 castles 3 villages,blue=6 c 1 v 2 t", "red=28,blue=3", "red=5,blue=3", "", "", ""])
    said: list[str] = []
    questions: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        return next(script)

    create(str(tmp_path / "asked.toml"), NewRecord(), ask=True, read=read, say=said.append)
    assert "'fort' is no castle, village or town" in said[0]
    assert "red has 28 knights left, so 2 on the map, yet 11 buildings" in said[1] and len(said) == 2
    assert questions[3] == questions[4] and questions[3].startswith("the castles, villages and towns")
    assert questions[5] == questions[6] and questions[5].startswith("knights left in front of each player")
    assert not any(question.startswith("the map") for question in questions)
    asked = open_record(tmp_path / "asked.toml")
    assert asked.score() == open_record(KNIGHTS / "end-2-players-tiebreak.toml").score()
    create(str(tmp_path / "flags.toml"), NewRecord(game="robber-knights", players="red,blue", end=True,
                                                   control="red=castles 8 villages 3,blue=6 castles 1 village 2 towns",
                                                   knights="red=5,blue=3"))
    assert open_record(tmp_path / "flags.toml").score() == asked.score()


@pytest.mark.parametrize("path", PLAYOUTS, ids=lambda p: p.stem)
def test_a_logged_games_end_told_without_its_map_scores_the_same(path) -> None:
    """Each complete logged game's end told as the table would tell it -- per player, the
    castles, villages and towns with their knight on top, counted off the final map, and the
    knights left -- gives the log's score table, tiebreak and winner."""
    logged = open_record(path)
    state = logged.state
    control = {}
    for number, player in enumerate(state.players):
        held = {"castles": 0, "villages": 0, "towns": 0}
        for space in state.board.values():
            if space.tile.building and space.knights and space.knights[-1] == number:
                held[space.tile.building + "s"] += 1
        control[player.name] = held
    game = logged.header.model_dump(exclude_none=True)
    game.pop("options", None)
    text = dump_record({"game": game, "end": {"control": control,
                                              "knights": {p.name: p.knights for p in state.players}}})
    assert open_doc(parse_record_text(text, "told.toml")).score() == logged.score()


def test_new_end_refuses_the_control_and_the_map_together(tmp_path) -> None:
    """Two ways of telling one end: given both, one would be left unread, so neither is taken
    and nothing is written."""
    from burgundy_cli.core.errors import UsageError

    tiles = open_record(KNIGHTS / "end-2-players-tiebreak.toml").record_data()["end"]["tiles"]
    with pytest.raises(UsageError) as refused:
        create(str(tmp_path / "both.toml"), NewRecord(game="robber-knights", players="red,blue", end=True,
                                                      map=";".join(tiles), control="red=1 castle,blue=none",
                                                      knights="red=5,blue=3"))
    assert "give --control or --map, not both" in refused.value.message
    assert not (tmp_path / "both.toml").exists()


def test_show_of_a_finished_game_says_who_won_and_by_which_rule() -> None:
    """Rulebook, 'The end of the game and scoring': "If two players have the same number of
    points, the player who still has the most knights in front of them is the winner. If some
    players are still equal, the game is declared a draw." ``show`` of a finished game says so,
    in ``score``'s words, for a game on its map and for an end told without one (it had said
    "game over: every tile has been laid" and no winner)."""
    shown = open_record(RECORDS / "robber-knights" / "end-2-players-tiebreak.toml").show()
    assert " ".join(shown.split()).endswith(
        "game over: every tile has been laid; winner red (tiebreak: red and blue tie on 14 points; "
        "most knights left decides (red 5, blue 3))")
    told = open_doc(parse_record_text(_told("red = { towns = 1 }\nblue = { castles = 1, villages = 1 }",
                                            "red = 7\nblue = 7"), "draw.toml")).show()
    assert told.splitlines()[-1] == ("shared win red, blue (tiebreak: red and blue tie on 3 points; most knights "
                                     "left decides (red 7, blue 7): still equal, a draw)")
