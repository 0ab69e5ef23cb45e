"""One test (at least) per Robber Knights rule id, each citing the rulebook passage it checks.

Rulebook: the English Robber Knights rules (``../shared/rules/robber-knights-rules.txt``).
The landscape most tests use is drawn in :data:`helpers.BASE_TILES`.
"""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.record import dump_record
from burgundy_cli.robber_knights import GAME
from burgundy_cli.robber_knights.rules import RULES
from tests.robber_knights.helpers import base, open_text, position


def illegal(session, line: str) -> IllegalMoveError:
    """The IllegalMoveError ``line`` raises in ``session`` (the test fails if it is legal)."""
    with pytest.raises(IllegalMoveError) as err:
        session.check(line)
    assert err.value.rule.id in RULES
    assert err.value.hint
    return err.value


def test_game_over():
    """'If all the tiles have been laid, the game is over and the scores are added up.'
    (rulebook, 'Size of the Playing Area'). Nothing may be played after the last tile."""
    session = open_text(dump_record(GAME.playout(2, 3)))
    assert session.state.over
    assert illegal(session, "Anna: lay plain f6").rule.id == "rk.game.over"


def test_turn_order():
    """'The oldest player begins; play then continues in a clockwise direction.'
    (rulebook, 'Getting ready to play')."""
    assert illegal(base(), "blue: lay plain d6").rule.id == "rk.turn.order"


def test_turn_passes_clockwise_after_end():
    """'play then continues in a clockwise direction' (rulebook, 'Getting ready to play')."""
    session = base()
    session.play("red: lay village-plain d6")
    session.play("red: draw plain")
    session.play("red: end")
    assert session.check("blue: lay plain d7") == "blue: lay plain d7"
    assert illegal(session, "red: lay plain d7").rule.id == "rk.turn.order"


def test_first_lay_is_compulsory():
    """'The first move is compulsory; each further move of the maximum of three is voluntary.'
    (rulebook, 'How to play: Laying 1 to 3 tiles')."""
    assert illegal(base(), "red: end").rule.id == "rk.turn.first-compulsory"


def test_at_most_three_lays():
    """'The player can carry out this action a total of three times when it is their turn.'
    (rulebook, 'How to play: Laying 1 to 3 tiles'). After the third the turn passes by itself."""
    session = base()
    for line in ("red: lay village-plain d6", "red: draw town-plain", "red: lay town-plain d7",
                 "red: draw mountains", "red: lay mountains d5", "red: draw castle-plain"):
        session.play(line)
    assert session.state.to_move == 1
    assert illegal(session, "red: lay castle-plain d8").rule.id == "rk.lay.three"


def test_an_end_after_the_third_lay_is_told_the_turn_ended_by_itself():
    """'The player can carry out this action a total of three times when it is their turn.'
    (rulebook, 'How to play: Laying 1 to 3 tiles'): the turn ends with the third tile's draw,
    so a player who says 'end' then, as players do at the table, is told that, not only "it
    is blue's turn, not red's"; a player whose last tile was laid likewise."""
    session = base()
    for line in ("red: lay village-plain d6", "red: draw town-plain", "red: lay town-plain d7",
                 "red: draw mountains", "red: lay mountains d5", "red: draw castle-plain"):
        session.play(line)
    err = illegal(session, "red: end")
    assert err.rule.id == "rk.lay.three"
    assert err.message == "red's turn ended by itself with the third tile laid"
    assert err.hint == "no 'end' is needed after a third tile; it is blue's turn"
    data = GAME.playout(3, 11)   # Anna lays her last tile while Ben still holds tiles
    last = open_text(dump_record({"game": data["game"], "setup": data["setup"]}))
    for line in data["play"]["moves"]:
        last.play(line)
        if not last.state.players[0].hand:
            break
    err = illegal(last, "Anna: end")
    assert err.rule.id == "rk.turn.order"
    assert err.message == "Anna's turn ended by itself with the last tile in hand laid"
    assert err.hint == f"it is {last.state.players[last.state.to_move].name}'s turn"


def test_draw_after_each_lay():
    """'The player then picks up the uppermost tile of his pile.' (rulebook, 'How to play:
    Laying 1 to 3 tiles'). The draw comes before anything else, and only after a lay."""
    session = base()
    assert illegal(session, "red: draw plain").rule.id == "rk.draw.after-lay"
    session.play("red: lay village-plain d6")
    assert illegal(session, "red: lay castle-plain d5").rule.id == "rk.draw.after-lay"
    assert illegal(session, "red: end").rule.id == "rk.draw.after-lay"
    assert illegal(session, "blue: lay plain d7").rule.id == "rk.draw.after-lay"


def test_draw_only_what_the_pile_holds():
    """'96 landscape tiles - 24 for each player ... Lake [1 per player]' (rulebook, 'Playing
    equipment'): red's lake is already laid, so red cannot draw another."""
    session = base()
    session.play("red: lay village-plain d6")
    err = illegal(session, "red: draw lake")
    assert err.rule.id == "rk.draw.pile"
    assert "castle-plain" in err.hint


def test_lay_from_hand():
    """'The player whose turn it is adds one of their two tiles to the starting layout.'
    (rulebook, 'How to play: Laying 1 to 3 tiles')."""
    err = illegal(base(), "red: lay lake d6")
    assert err.rule.id == "rk.lay.hand"
    assert "castle-plain, village-plain" in err.hint


def test_lay_on_an_empty_space():
    """A tile is added to the layout (rulebook, 'How to play: Laying 1 to 3 tiles'): never on
    top of a tile already laid."""
    assert illegal(base(), "red: lay village-plain e6").rule.id == "rk.lay.empty"


def test_lay_edge_to_edge():
    """'at least one edge must border one of the tiles already laid out ... Players cannot lay
    tiles corner to corner' (rulebook, 'How to play: Laying 1 to 3 tiles')."""
    assert illegal(base(), "red: lay village-plain d4").rule.id == "rk.lay.edge"
    assert illegal(base(), "red: lay village-plain i8").rule.id == "rk.lay.edge"
    assert base().check("red: lay village-plain i7") == "red: lay village-plain i7"


def test_area_two_players():
    """'2 players: one row or column may contain a maximum of 7 tiles and the area may be a
    maximum of 7 x 7 tiles.' (rulebook, 'Size of the Playing Area')."""
    kinds = ["plain", "village-plain", "town-plain", "castle-plain"]
    tiles = [f"{col}6 {'red' if i % 2 else 'blue'}:{kinds[i % 4]}" for i, col in enumerate("defghij")]
    session = position(tiles, {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]})
    err = illegal(session, "red: lay plain c6")
    assert err.rule.id == "rk.lay.area"
    assert "columns d-j" in err.hint
    assert illegal(session, "red: lay plain k6").rule.id == "rk.lay.area"
    assert session.check("red: lay plain d7") == "red: lay plain d7"


def test_area_outside_the_frame():
    """The area limit also rules out cells off the coordinate grid altogether
    (rulebook, 'Size of the Playing Area')."""
    tiles = [f"a{row} red:{kind}" for row, kind in enumerate(["plain", "mountains", "lake"], 1)] + ["b1 blue:plain"]
    session = position(tiles, {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]})
    assert illegal(session, "red: lay plain n1").rule.id == "rk.lay.area"   # a 4-player grid's cell, not a 2-player one's


def test_knights_only_with_a_castle():
    """'If a player adds a tile with a knights' castle on it, they can at the same time place
    up to five knights on this castle.' (rulebook, 'Laying a castle tile')."""
    assert illegal(base(), "red: lay village-plain d6 knights 1").rule.id == "rk.knights.castle"


def test_at_most_five_knights():
    """'they can at the same time place up to five knights on this castle.'
    (rulebook, 'Laying a castle tile')."""
    err = illegal(base(), "red: lay castle-plain d6 knights 6 east leave 1,1,1,1,2")
    assert err.rule.id == "rk.knights.five"


def test_knights_from_supply_only():
    """'it may happen that a player has already positioned all his knights ... In this case
    the player cannot bring any knights into play.' (rulebook, 'Moving the knights', note)."""
    full = "knights " + ",".join(["red"] * 4)
    kinds = ["castle-plain"] * 3 + ["village-plain"] * 3 + ["town-plain"]
    tiles = [f"{col}6 red:{kind} {full}" for col, kind in zip("cdefghi", kinds)]
    session = position(tiles, {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]})
    assert session.state.players[0].knights == 2
    assert illegal(session, "red: lay castle-plain c7 knights 3").rule.id == "rk.knights.supply"
    assert session.check("red: lay castle-plain c7 knights 2")


def test_a_player_without_knights_is_told_so():
    """'it may happen that a player has already positioned all his knights but still has one or
    more landscape tiles left which have a knights' castle on them. In this case the player
    cannot bring any knights into play.' (rulebook, 'Moving the knights', note). The refusal
    said "red has only 0 knights left" and, as the hint, that "a castle on the plain keeps at
    least 1", which is no reason: red has none to bring."""
    full = "knights " + ",".join(["red"] * 4)
    kinds = ["castle-plain"] * 3 + ["village-plain"] * 3 + ["town-plain"]
    tiles = [f"{col}6 red:{kind} {full}" for col, kind in zip("cdefghi", kinds)] + ["c7 red:plain knights red,red"]
    session = position(tiles, {"red": ["castle-plain", "castle-forest"], "blue": ["castle-plain", "plain"]})
    assert session.state.players[0].knights == 0
    for line in ("red: lay castle-plain c8 knights 1", "red: lay castle-forest c8 knights 2",
                 "red: lay castle-plain c8 knights 6"):   # (no 'a castle takes at most 5' either)
        err = illegal(session, line)
        assert err.rule.id == "rk.knights.supply"
        assert err.message == f"red has no knights left, not {line[-1]}"
        assert err.hint == f"lay the castle without knights: `{line.removesuffix(' knights ' + line[-1])}`"
        assert session.check(err.hint.split("`")[1])


def test_a_knights_hint_proposes_only_counts_the_rules_allow():
    """The refusal of too many knights proposed 'place at most 1' on a forest castle, where 1
    is illegal ('2 on a forest', rulebook 'Moving the knights'): the hint names only counts
    that may stay on the castle, or says to lay it without knights when none may."""
    full = "knights " + ",".join(["red"] * 4)
    kinds = ["castle-plain"] * 3 + ["village-plain"] * 3 + ["town-plain"]
    tiles = [f"{col}6 red:{kind} {full}" for col, kind in zip("cdefghi", kinds)] + ["c7 red:plain knights red"]
    hands = {"red": ["castle-forest", "castle-plain"], "blue": ["castle-plain", "plain"]}
    session = position(tiles, hands)
    assert session.state.players[0].knights == 1
    err = illegal(session, "red: lay castle-forest c8 knights 2")
    assert err.rule.id == "rk.knights.supply"
    assert err.hint == ("lay the castle without knights (a castle on the forest keeps at least 2, and 1 knight is "
                        "left): `red: lay castle-forest c8`")
    assert session.check(err.hint.split("`")[1])
    with pytest.raises(IllegalMoveError):   # what the hint would have said
        session.check("red: lay castle-forest c8 knights 1")
    assert illegal(session, "red: lay castle-plain c8 knights 2").hint == \
        "place 1 and leave it on the castle: `red: lay castle-plain c8 knights 1`"
    assert session.check("red: lay castle-plain c8 knights 1")
    five = illegal(base(), "red: lay castle-plain d6 knights 6 east leave 1,1,1,1,2")
    assert five.hint == "place 1 to 4 and leave them on the castle: `red: lay castle-plain d6 knights 4`"
    assert base().check("red: lay castle-plain d6 knights 4")


def test_move_in_line_without_gaps():
    """'The knights are always moved from one tile to the next without jumping over a tile or
    a space.' (rulebook, 'Moving the knights')."""
    assert illegal(base(), "red: lay castle-plain d6 knights 2 west leave 1,1").rule.id == "rk.move.gap"
    assert base().check("red: lay castle-plain d6 knights 4 east leave 1,1,1,1")


def test_no_lake():
    """'Knights cannot enter a tile with a lake on it.' (rulebook, 'Moving the knights')."""
    assert illegal(base(), "red: lay castle-plain e4 knights 2 south leave 1,1").rule.id == "rk.move.lake"


def test_enter_forest_and_mountains_with_enough_knights():
    """'Forest and mountains can only be entered when there are still enough knights left.'
    (rulebook, 'Moving the knights')."""
    assert illegal(base(), "red: lay castle-plain f4 knights 3 south leave 1,2").rule.id == "rk.move.enter"
    err = illegal(base(), "red: lay castle-plain d7 knights 2 east leave 1,1")
    assert (err.rule.id, err.message) == ("rk.move.enter", "1 knight cannot enter the forest at e7")
    assert base().check("red: lay castle-plain f4 knights 4 south leave 1,3")


def test_leave_the_minimum():
    """'on a tile with a plain: 1 knight; on a tile with a forest: 2 knights; on a tile with
    mountains: 3 knights' -- 'including on their knight's castle' (rulebook, 'Moving the knights')."""
    err = illegal(base(), "red: lay castle-plain d7 knights 4 east leave 1,1,2")
    assert (err.rule.id, err.message) == ("rk.move.minimum", "1 knight left on the forest at e7")
    blue = base(to_move="blue")
    assert illegal(blue, "blue: lay castle-forest i7 knights 2 west leave 1,1").rule.id == "rk.move.minimum"
    assert blue.check("blue: lay castle-forest i7 knights 3 west leave 2,1")


def test_never_more_than_four():
    """'More knights can be left on a tile but never more than 4 knights on any one tile. If
    moving the knight would exceed this limit, the tile concerned cannot be entered.'
    (rulebook, 'Moving the knights')."""
    assert illegal(base(), "red: lay castle-plain i6 knights 3 west leave 1,2").rule.id == "rk.move.max-four"
    assert illegal(base(), "red: lay castle-plain d6 knights 5").rule.id == "rk.move.max-four"


def test_no_room_for_the_minimum_means_the_tile_cannot_be_entered():
    """'More knights can be left on a tile but never more than 4 knights on any one tile. If
    moving the knight would exceed this limit, the tile concerned cannot be entered.' and
    'Forest and mountains can only be entered when there are still enough knights left'
    (rulebook, 'Moving the knights'). A forest holding 3 knights has room for 1, fewer than
    the 2 a stack must leave there: no stack enters it, whatever it would leave, and the
    verdict says so (it used to ask for 'at most 1' there, or 'at least 2', each breaking
    the other rule)."""
    tiles = ["c5 red:plain", "d4 blue:castle-plain knights blue", "d5 red:village-forest knights blue,blue,blue",
             "e5 red:plain"]
    session = position(tiles, {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]})
    for line in ("red: lay castle-plain b5 knights 4 east leave 1,1,2",
                 "red: lay castle-plain b5 knights 5 east leave 1,1,2,1",
                 "red: lay castle-plain b5 knights 4 east leave 1,1,1,1"):
        err = illegal(session, line)
        assert err.rule.id == "rk.move.max-four", line
        assert "d5" in err.message and "cannot be entered" in err.message, err.message
        assert err.hint.startswith("stop before d5: `")
        walk = err.hint.split("`")[1]   # the hint's walk is one the rules allow
        assert session.check(walk) == walk
    assert session.check("red: lay castle-plain b5 knights 3 east leave 2,1") == \
        "red: lay castle-plain b5 knights 3 east leave 2,1"


def test_new_knights_go_on_top_and_score_for_the_top():
    """'If knights are moved onto tiles on which there are already one or more knights, the new
    knights are placed on top.' and 'The player whose knight is on top on the tile in question
    is in control' (rulebook, 'Moving the knights'; 'The end of the game and scoring')."""
    session = base()
    for line in ("red: lay castle-plain d6 knights 3 east leave 1,1,1", "red: draw plain", "red: end"):
        session.play(line)
    assert session.score().players[0].breakdown == {"castles": 1, "villages": 2, "towns": 0}
    session.play("blue: lay castle-forest f8 knights 5 north leave 2,1,2")
    assert session.state.board[(5, 5)].knights == [0, 1, 1]
    breakdown = {line.name: line.breakdown for line in session.score().players}
    assert breakdown == {"red": {"castles": 1, "villages": 0, "towns": 0},
                         "blue": {"castles": 2, "villages": 2, "towns": 0}}


def test_pass_through_option():
    """Option 'pass-through' (docs/rulings.md): knights may cross a tile leaving none there,
    but the castle and the last tile keep their minimum and entry needs enough knights."""
    plain = base(options={"pass-through": True})
    assert plain.check("red: lay castle-plain d6 knights 3 east leave 1,0,2")
    assert illegal(plain, "red: lay castle-plain d6 knights 3 east leave 0,1,2").rule.id == "rk.move.minimum"
    assert illegal(base(), "red: lay castle-plain d6 knights 3 east leave 1,0,2").rule.id == "rk.move.minimum"


def test_pass_through_lets_a_tile_passed_take_fewer_than_its_minimum():
    """docs/rulings.md, ruling 2: with 'pass-through' a forest passed may keep 1 knight, not
    only 0 -- the option lifts the minimum on the tiles between ('Moving the knights': "on a
    tile with a forest: 2 knights"); without it the forest at e7 must keep 2."""
    line = "red: lay castle-plain d7 knights 4 east leave 1,1,2"
    assert base(options={"pass-through": True}).check(line)
    assert illegal(base(), line).rule.id == "rk.move.minimum"


def test_every_knight_may_stay_on_the_castle():
    """docs/rulings.md, ruling 1: "More knights can be left on a tile" ('Moving the knights')
    lets the pile stop on its castle: all 3 knights stay there, within the limit of 4."""
    assert base().check("red: lay castle-plain d6 knights 3")
    assert illegal(base(), "red: lay castle-plain d6 knights 5").rule.id == "rk.move.max-four"


def test_players_out_of_tiles_are_passed_over():
    """'Note: It may happen that not all players lay their last tile in the same round.'
    (rulebook, 'Size of the Playing Area'): a player with no tiles left is passed over and the
    others play on until every tile is laid."""
    data = GAME.playout(3, 11)
    session = open_text(dump_record({"game": data["game"], "setup": data["setup"]}))
    passed_over = 0
    for line in data["play"]["moves"]:
        session.play(line)
        state = session.state
        if not state.over:
            assert state.players[state.to_move].hand
            passed_over += any(not p.hand for p in state.players)
    assert passed_over and session.state.over


def test_the_last_player_with_tiles_ends_a_turn_and_begins_the_next():
    """'It may happen that not all players lay their last tile in the same round.' (rulebook,
    'Size of the Playing Area'): Ben, the only one still holding tiles, ends his turn and the
    next is his again; the line says so (it said 'nothing changed on the table')."""
    data = GAME.playout(3, 11)
    session = open_text(dump_record({"game": data["game"], "setup": data["setup"]}))
    for line in data["play"]["moves"][:144]:
        session.play(line)
    assert [player.hand == [] for player in session.state.players] == [True, False, True]
    assert session.effects("Ben: end") == ["turn passes to Ben again: no one else holds a tile"]
    session.play("Ben: end")
    assert session.state.to_move == 1 and session.state.lays == 0


@pytest.mark.parametrize(("players", "side"), [(3, 9), (4, 10)])
def test_area_three_and_four_players(players, side):
    """'3 players: 9 per row and column, 9 x 9 tiles. 4 players: 10 per row and column, 10 x 10
    tiles.' (rulebook, 'Size of the Playing Area')."""
    names = ("red", "blue", "yellow", "green")[:players]
    kinds = ["plain", "village-plain", "town-plain", "mountains"]
    tiles = [f"{chr(98 + i)}9 {names[i % players]}:{kinds[i // players]}" for i in range(side)]
    hands = {name: ["castle-plain", "plain"] for name in names}
    session = position(tiles, hands, players=names)
    assert illegal(session, "red: lay plain a9").rule.id == "rk.lay.area"
    assert illegal(session, f"red: lay plain {chr(98 + side)}9").rule.id == "rk.lay.area"
    assert session.check("red: lay plain b10") == "red: lay plain b10"


def test_the_last_tile_fits_in_a_full_area():
    """docs/rulings.md, Robber Knights 11: "There is always a legal lay while a player holds a
    tile" -- 2 players have 48 tiles ('Playing equipment': 24 each) and a 7 x 7 area ('Size of
    the Playing Area': 49 spaces), and an empty space inside a full-width area always shares
    an edge with a laid tile ('at least one edge must border one of the tiles already laid
    out'). The tightest case: 47 tiles fill the 7 x 7 area but for a corner and a middle
    space; blue's last tile goes on either, and nowhere outside the area. So no rule for a
    player who cannot lay is needed: the game ends only when every tile is laid."""
    from burgundy_cli.robber_knights.components import components

    kinds = [name for name, tile in components().tiles.items() for _ in range(tile.count)]
    owners = ["red"] * 24 + ["blue"] * 23
    blue_kinds = list(kinds)
    blue_kinds.remove("plain")   # blue's last tile, in hand
    cells = [f"{chr(100 + col)}{row + 4}" for row in range(7) for col in range(7)]
    cells = [cell for cell in cells if cell not in ("d4", "g7")]
    tiles = [f"{cell} {owner}:{kind}" for cell, owner, kind in zip(cells, owners, kinds + blue_kinds)]
    session = position(tiles, {"red": [], "blue": ["plain"]}, to_move="blue")
    assert session.legal_moves().moves == ["blue: lay plain d4", "blue: lay plain g7"]
    assert illegal(session, "blue: lay plain c5").rule.id == "rk.lay.area"
    session.play("blue: lay plain g7")
    assert session.state.over and session.score().complete


@pytest.mark.parametrize(("line", "rule_id", "hint"), [
    # 'without jumping over a tile or a space': d6 has no tile west of it
    ("red: lay castle-plain d6 knights 2 west leave 1,1", "rk.move.gap",
     "stop before c6: `red: lay castle-plain d6 knights 2`"),
    # ... and 5 knights cannot all stay on the castle ('never more than 4 knights on any one tile')
    ("red: lay castle-plain d6 knights 5 west leave 4,1", "rk.move.gap",
     "stop before c6 with fewer knights, or go another way"),
    # 'Knights cannot enter a tile with a lake on it'
    ("red: lay castle-plain e4 knights 2 south leave 1,1", "rk.move.lake",
     "stop before e5: `red: lay castle-plain e4 knights 2`"),
    # 'Forest and mountains can only be entered when there are still enough knights left'
    ("red: lay castle-plain d7 knights 2 east leave 1,1", "rk.move.enter",
     "entering forest needs at least 2 knights in the stack; or stop before e7: `red: lay castle-plain d7 knights 2`"),
])
def test_a_walk_that_cannot_go_on_is_told_where_it_may_stop(line, rule_id, hint):
    """Rulebook, 'Moving the knights': a walk refused on entering a tile is told to stop on the
    tile before it with the whole stack ("More knights can be left on a tile"), when the rules
    allow that walk (the engine's one statement of the walk, asked again), and otherwise to
    stop earlier or go another way (the hint used to say "leave the remaining 1 knight on the
    tile before it" even where that tile would then hold 5)."""
    err = illegal(base(), line)
    assert (err.rule.id, err.hint) == (rule_id, hint)
    if "`" in hint:
        assert base().check(hint.split("`")[1])


def test_pass_through_crosses_a_full_tile_but_leaves_nothing_there():
    """docs/rulings.md, ruling 2: with option 'pass-through' "the 4-knight limit still applies
    to the knights left" ('Moving the knights': "never more than 4 knights on any one tile. If
    moving the knight would exceed this limit, the tile concerned cannot be entered"): a stack
    that leaves none on a tile holding 4 exceeds nothing there, so it may cross it; it may not
    stop there, nor leave a knight. Without the option every tile entered keeps a knight, so a
    full tile cannot be entered at all."""
    tiles = ["c5 red:plain", "d5 blue:castle-plain knights blue,blue,blue,blue", "e5 red:plain"]
    hands = {"red": ["castle-plain", "plain"], "blue": ["castle-plain", "plain"]}
    crossing = position(tiles, hands, options={"pass-through": True})
    assert crossing.check("red: lay castle-plain b5 knights 3 east leave 1,1,0,1")
    for line in ("red: lay castle-plain b5 knights 3 east leave 1,1,1", "red: lay castle-plain b5 knights 4 east leave 1,1,1,1"):
        assert illegal(crossing, line).rule.id == "rk.move.max-four"
    standard = illegal(position(tiles, hands), "red: lay castle-plain b5 knights 3 east leave 1,1,0,1")
    assert standard.rule.id == "rk.move.max-four"
