"""Disputes a Robber Knights rules lawyer brings to ``burgundy check``, each settled by the
rulebook passage it names (English rules, ``../shared/rules/robber-knights-rules.txt``): the
verdict's rule and what it says, as the command line prints them.
"""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import IllegalMoveError, ParseError
from burgundy_cli.core.record import dump_record
from burgundy_cli.robber_knights.playout import playout
from tests.robber_knights.helpers import BASE_HANDS, BASE_TILES, base, open_text, position, record_text

#: red's three tiles and their draws in the base landscape: red's turn then ends by itself.
THREE_LAYS = ("red: lay village-plain d6", "red: draw town-plain", "red: lay town-plain d7",
              "red: draw mountains", "red: lay mountains d5", "red: draw castle-plain")


def _refused(session, line: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        session.check(line)
    return caught.value


def test_a_line_after_the_next_player_has_laid_is_out_of_turn_not_a_fourth_tile():
    """'The player can carry out this action a total of three times when it is their turn.'
    and 'play then continues in a clockwise direction' (rulebook, 'How to play: Laying 1 to 3
    tiles'; 'Getting ready to play'). Right after red's third tile a lay or 'end' by red is
    told the turn ended by itself (rk.lay.three); once blue has laid a tile it is blue's turn
    under way, and red's line is out of turn -- it was still called red's fourth tile of a turn
    long over ("red has already laid 3 tiles this turn", "red's turn ended by itself")."""
    session = base()
    for line in THREE_LAYS:
        session.play(line)
    assert _refused(session, "red: lay castle-plain d8").rule.id == "rk.lay.three"
    session.play("blue: lay plain i6")
    session.play("blue: draw town-plain")
    for line in ("red: lay castle-plain d8", "red: end"):
        err = _refused(session, line)
        assert (err.rule.id, err.message, err.hint) == \
            ("rk.turn.order", "it is blue's turn, not red's", "the next line must be by blue"), line


def test_an_end_after_the_last_tile_once_the_next_player_has_laid_is_out_of_turn():
    """'Note: It may happen that not all players lay their last tile in the same round.'
    (rulebook, 'Size of the Playing Area'): Anna's turn ends by itself with her last tile; an
    'end' from her after the next player has laid is out of turn, not "Anna's turn ended by
    itself with the last tile in hand laid"."""
    data = playout(3, 11)
    session = open_text(dump_record({"game": data["game"], "setup": data["setup"]}))
    moves = iter(data["play"]["moves"])
    while session.state.players[0].hand:
        session.play(next(moves))
    assert _refused(session, "Anna: end").message == "Anna's turn ended by itself with the last tile in hand laid"
    while not session.state.lays or session.state.must_draw:   # the next player's lay and its draw
        session.play(next(moves))
    mover = session.state.players[session.state.to_move].name
    err = _refused(session, "Anna: end")
    assert (err.rule.id, err.message) == ("rk.turn.order", f"it is {mover}'s turn, not Anna's")


def test_a_draw_from_an_empty_pile_is_told_the_pile_is_empty(cli, tmp_path):
    """'The player then picks up the uppermost tile of his pile.' (rulebook, 'How to play:
    Laying 1 to 3 tiles'): Anna's pile is empty, so her lays draw nothing. A draw after them
    was told "lay a tile first", which gives her no draw either; it is told the pile is
    empty, and the turn may end (the line offered is one the referee accepts)."""
    path = tmp_path / "late.toml"
    path.write_text(dump_record(playout(2, 3, stop_after=82)), encoding="utf-8")
    session = open_text(path.read_text(encoding="utf-8"))
    anna = session.state.players[0]
    assert (session.state.to_move, anna.pile_size, session.state.lays) == (0, 0, 2)
    result = cli("check", str(path), "Anna: draw plain")
    assert result.exit_code == 1
    assert ("illegal (rk.draw.after-lay): Anna's pile is empty: no tile is drawn any more; "
            "lay a tile from hand or end the turn: `Anna: end`") in result.stderr
    assert cli("check", str(path), "Anna: end").exit_code == 0


def test_a_forest_castle_with_one_knight_is_told_the_count_it_keeps(cli, tmp_path):
    """'the player must leave behind knights on each tile as they move on from it, including
    on their knight's castle ... on a tile with a forest: 2 knights' (rulebook, 'Moving the
    knights'): 1 knight on a forest castle was told "1 knight left on the forest at i7; leave
    at least 2 there", with no line, though placing 2 is the obvious one; a player with a
    single knight left is told to lay the castle without knights."""
    path = tmp_path / "game.toml"
    path.write_text(record_text(BASE_TILES, BASE_HANDS, to_move="blue"), encoding="utf-8")
    result = cli("check", str(path), "blue: lay castle-forest i7 knights 1")
    assert result.exit_code == 1
    assert ("illegal (rk.move.minimum): 1 knight placed on the castle at i7, where a castle on the forest keeps "
            "at least 2; place 2 to 4 and leave them on the castle: `blue: lay castle-forest i7 knights 2`") \
        in result.stderr
    assert cli("check", str(path), "blue: lay castle-forest i7 knights 2").exit_code == 0
    full = "knights " + ",".join(["red"] * 4)   # red's 29 knights on the table, 1 left
    kinds = ["castle-plain"] * 3 + ["village-plain"] * 3 + ["town-plain"]
    tiles = [f"{col}6 red:{kind} {full}" for col, kind in zip("cdefghi", kinds)] + ["c7 red:plain knights red"]
    last = position(tiles, {"red": ["castle-forest", "castle-plain"], "blue": ["castle-plain", "plain"]})
    assert last.state.players[0].knights == 1
    err = _refused(last, "red: lay castle-forest c8 knights 1")
    assert (err.rule.id, err.hint) == ("rk.move.minimum", "lay the castle without knights (a castle on the forest "
                                       "keeps at least 2, and 1 knight is left): `red: lay castle-forest c8`")
    assert last.check("red: lay castle-forest c8")


@pytest.mark.parametrize(("line", "said"), [
    ("red: lay castle-plain d6 knights 2 northeast leave 1,1", "'northeast': knights move in a straight line, "
                                                               "not diagonally"),
    ("red lay cp d6 k 2 nw leave 1 1", "'nw': knights move in a straight line, not diagonally"),
    ("red: move f6 east", "'move': knights are moved only as they come into play, with the castle laid"),
])
def test_a_walk_diagonal_or_later_is_told_the_rule(cli, tmp_path, line, said):
    """'The player then immediately moves the pile of their knights away from the castle in a
    straight line in one of the possible directions (not diagonally).' and 'Knights are only
    moved immediately after being brought into play. After that, they are not moved again
    during the course of play.' (rulebook, 'Moving the knights'): a diagonal walk, or knights
    moved on their own, was told "unexpected 'northeast'" or "unknown action 'move'", as if
    the words were the trouble; the refusal now says the rule, at the word typed."""
    path = tmp_path / "game.toml"
    path.write_text(record_text(BASE_TILES, BASE_HANDS), encoding="utf-8")
    result = cli("check", str(path), line)
    assert result.exit_code == 1
    word = said.split("'")[1]
    column = line.index(f" {word} ") + 2
    assert result.stderr.startswith(f"burgundy: <move: {line}>:1:{column}: cannot parse: {said} ("), result.stderr
    with pytest.raises(ParseError):
        base().check(line)


def test_a_forest_castle_left_one_knight_is_told_the_nearest_split(cli, tmp_path):
    """'the player must leave behind knights on each tile as they move on from it, including on
    their knight's castle ... on a tile with a forest: 2 knights' (rulebook, 'Moving the
    knights'): blue's 5 knights walking east from a forest castle, 1 left on it and 4 on the
    plain next to it, were told "leave at least 2 there" with no line, although one knight
    moved back onto the castle, 'leave 2,3', is legal; the hint now proposes it."""
    path = tmp_path / "game.toml"
    path.write_text(record_text(BASE_TILES, BASE_HANDS, to_move="blue"), encoding="utf-8")
    result = cli("check", str(path), "blue: lay castle-forest d6 knights 5 east leave 1,4")
    assert result.exit_code == 1
    assert ("illegal (rk.move.minimum): 1 knight left on the forest at d6; leave at least 2 there: "
            "`blue: lay castle-forest d6 knights 5 east leave 2,3`") in result.stderr
    assert cli("check", str(path), "blue: lay castle-forest d6 knights 5 east leave 2,3").exit_code == 0


#: red's castle goes on b5, west of a row c5, d5, e5 (blue's castle on d4 only makes the
#: knights on d5 blue's): each refused walk east and the nearest legal one -- the fewest
#: knights moved, by the fewest tiles.
NEAREST = [
    # 'never more than 4 knights on any one tile': d5 holds 2; the knight over the limit cannot
    # go on into the lake, so it stays one tile back (it proposed 4 knights, not the 5 placed)
    (["c5 red:plain", "d5 blue:plain knights blue,blue", "e5 red:lake"], "red: lay castle-plain b5 knights 5 east leave 1,1,3",
     "rk.move.max-four", "it holds 2; leave at most 2 there: `red: lay castle-plain b5 knights 5 east leave 1,2,2`"),
    # 'Knights cannot enter a tile with a lake on it': the whole stack on d5 would make 5 there,
    # the knight meant for the lake left on c5 instead (it proposed no line)
    (["c5 red:plain", "d5 blue:plain knights blue,blue,blue", "e5 red:lake"], "red: lay castle-plain b5 knights 4 east leave 1,1,1,1",
     "rk.move.lake", "stop before e5: `red: lay castle-plain b5 knights 4 east leave 1,2,1`"),
    # 'Forest and mountains can only be entered when there are still enough knights left': one
    # knight more brought on enters the mountains; stopping before them moves two
    (["c5 red:plain", "d5 red:mountains", "e5 red:plain"], "red: lay castle-plain b5 knights 5 east leave 2,1,2",
     "rk.move.enter", "entering mountains needs at least 3 knights in the stack: "
                      "`red: lay castle-plain b5 knights 5 east leave 1,1,3`"),
    # 'on a tile with mountains: 3 knights': one knight moved back from the town, not two
    # (the whole stack stopping on the mountains, 'leave 1,4', moves two)
    (["c5 red:mountains", "d5 red:town-plain"], "red: lay castle-plain b5 knights 5 east leave 1,2,2",
     "rk.move.minimum", "leave at least 3 there: `red: lay castle-plain b5 knights 5 east leave 1,3,1`"),
]


@pytest.mark.parametrize(("tiles", "line", "rule_id", "hint"), NEAREST, ids=[case[2] for case in NEAREST])
def test_a_refused_walk_is_told_the_nearest_legal_split(tiles, line, rule_id, hint):
    """Rulebook, 'Moving the knights' (the passage each case quotes): a walk whose 'leave' list
    is refused is proposed the legal list nearest to it for the same castle, knights and
    direction -- the fewest knights moved from the tiles typed -- found by asking the walk's
    rules (``engine.march_refusal``) of the splits of the knights, and checked as typed."""
    tiles = [*tiles, "d4 blue:castle-plain knights blue"]
    session = position(tiles, {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]})
    err = _refused(session, line)
    assert (err.rule.id, err.hint) == (rule_id, hint)
    fix = hint.split("`")[1]
    assert session.check(fix) == fix


def test_a_walk_over_a_full_tile_may_be_told_to_stop_before_it():
    """docs/rulings.md, ruling 2 (option 'pass-through'), and 'never more than 4 knights on any
    one tile' (rulebook, 'Moving the knights'): a stack crossing d5, which holds 4, may leave
    none there; leaving one is refused, and with a lake beyond it the nearest legal walk stops
    before d5 -- the hint says so rather than only "leave at most 0 there"."""
    tiles = ["c5 red:plain", "d5 blue:castle-plain knights blue,blue,blue,blue", "e5 red:lake"]
    session = position(tiles, {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]},
                       options={"pass-through": True})
    err = _refused(session, "red: lay castle-plain b5 knights 4 east leave 1,1,1,1")
    assert (err.rule.id, err.hint) == ("rk.move.max-four", "it holds 4; leave at most 0 there, or stop before it: "
                                                           "`red: lay castle-plain b5 knights 4 east leave 1,3`")
    assert session.check("red: lay castle-plain b5 knights 4 east leave 1,3")


def test_five_knights_left_on_a_castle_are_told_to_walk_on(cli, tmp_path):
    """'If a player adds a tile with a knights' castle on it, they can at the same time place up
    to five knights on this castle.' and 'The player then immediately moves the pile of their
    knights away from the castle ... never more than 4 knights on any one tile' (rulebook,
    'Laying a castle tile'; 'Moving the knights'): 5 knights typed without a walk were told
    "it holds 0; leave at most 4 there" and proposed placing 4, though the rules let all 5 be
    placed and walk on; the hint now says so and proposes the nearest walk of all 5 (one
    knight on), in whichever direction allows it -- and, where none does (a lake the castle's
    only neighbour), the 4 the castle holds."""
    path = tmp_path / "game.toml"
    path.write_text(record_text(BASE_TILES, BASE_HANDS), encoding="utf-8")
    result = cli("check", str(path), "red: lay castle-plain d6 knights 5")
    assert result.exit_code == 1
    assert ("illegal (rk.move.max-four): d6 would hold 5 knights; leave at most 4 on the castle, or send them on: "
            "`red: lay castle-plain d6 knights 5 east leave 4,1`") in result.stderr
    assert cli("check", str(path), "red: lay castle-plain d6 knights 5 east leave 4,1").exit_code == 0
    hands = {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]}
    walled = position(["c5 red:lake", "d5 red:plain", "d4 blue:castle-plain knights blue"], hands)
    err = _refused(walled, "red: lay castle-plain b5 knights 5")
    assert (err.rule.id, err.hint) == ("rk.move.max-four",
                                       "leave at most 4 on the castle: `red: lay castle-plain b5 knights 4`")


def test_a_line_out_of_turn_is_placed_at_the_players_name(cli, tmp_path):
    """'The oldest player begins; play then continues in a clockwise direction.' (rulebook,
    'Getting ready to play') and 'The player then picks up the uppermost tile of his pile'
    ('How to play: Laying 1 to 3 tiles'): a line by a player whose turn it is not -- or by
    another player while the mover's draw is due -- blames the name, and is placed there as
    other refusals are at the word they blame; it had no column (``<move: Ben: end>:``)."""
    late = tmp_path / "late.toml"
    late.write_text(dump_record(playout(2, 3, stop_after=82)), encoding="utf-8")
    result = cli("check", str(late), "Ben: end")
    assert result.exit_code == 1
    assert result.stderr.startswith("burgundy: <move: Ben: end>:1:1: illegal (rk.turn.order): "
                                    "it is Anna's turn, not Ben's"), result.stderr
    path = tmp_path / "game.toml"
    path.write_text(record_text(BASE_TILES, BASE_HANDS), encoding="utf-8")
    assert cli("check", str(path), "  blue lay plain d6").stderr.startswith(
        "burgundy: <move:   blue lay plain d6>:1:3: illegal (rk.turn.order)")
    drawing = cli("check", str(path), "red: lay village-plain d6", "blue: lay plain i6")
    assert drawing.stderr.startswith("burgundy: <move 2: blue: lay plain i6>:1:1: illegal (rk.draw.after-lay)")
    text = record_text(BASE_TILES, BASE_HANDS, moves=["red: lay village-plain d6", "red: draw plain", "blue: end"])
    with pytest.raises(IllegalMoveError) as caught:
        open_text(text)
    row = text.splitlines()[caught.value.location.line - 1]
    assert caught.value.rule.id == "rk.turn.order"
    assert caught.value.location.column == row.index("blue: end") + 1, (row, caught.value.location)


def test_knights_moved_without_a_name_are_told_the_rule_not_an_unknown_action(cli, tmp_path):
    """'Knights are only moved immediately after being brought into play. After that, they are
    not moved again during the course of play.' (rulebook, 'Moving the knights'): 'move f5
    east' typed without a player's name read 'move' as the name and was told "unknown action
    'f5'"; it is told what 'red move f5 east' is told, at the word 'move'. A player whose
    name is such a word still plays under it ('Walk lay plain f5')."""
    path = tmp_path / "game.toml"
    path.write_text(record_text(BASE_TILES, BASE_HANDS), encoding="utf-8")
    said = ("cannot parse: 'move': knights are moved only as they come into play, with the castle laid (after that "
            "they are not moved again; a walk is part of the lay, e.g. 'red: lay castle-plain e4 knights 4 east leave 1,2,1')")
    for line, column in (("move f5 east", 1), ("red move f5 east", 5), (" move f5", 2)):
        result = cli("check", str(path), line)
        assert result.exit_code == 1
        assert result.stderr.startswith(f"burgundy: <move: {line}>:1:{column}: {said}"), result.stderr
    tiles = [tile.replace(" red:", " Walk:") for tile in BASE_TILES]
    walker = position(tiles, {"Walk": BASE_HANDS["red"], "blue": BASE_HANDS["blue"]}, to_move="Walk",
                      players=("Walk", "blue"))
    assert walker.check("Walk lay village-plain d6") == "Walk: lay village-plain d6"
