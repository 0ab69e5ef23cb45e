"""What a Robber Knights refusal tells the table, rule family by rule family: every line a
hint proposes is a whole line that can be typed as it stands and is legal, and a refused line
of a record is placed at the word it is refused for (file:line:column), as a line that does
not read is placed at its token.

Rulebook: the English Robber Knights rules (``../shared/rules/robber-knights-rules.txt``);
the landscape is :data:`helpers.BASE_TILES`::

         e      f      g      h
    5    L      M      P      VF
    6    P      VP     TP     CF:BBBB
    7    VF     P      M      P
"""

from __future__ import annotations

import re

import pytest

from burgundy_cli.core.errors import IllegalMoveError, RefereeError
from tests.robber_knights.helpers import BASE_HANDS, BASE_TILES, base, open_text, position, record_text

#: (line, rule id, the line from the word refused on -- its column in a record). The rules'
#: passages are quoted in test_rules.py, one test per id.
REFUSED = [
    # 'How to play: Laying 1 to 3 tiles'
    ("red: lay lake d6", "rk.lay.hand", "lake d6"),
    ("red: lay castle-plain f6", "rk.lay.empty", "f6"),
    ("red: lay cp c3", "rk.lay.edge", "c3"),
    ("red: draw plain", "rk.draw.after-lay", "draw plain"),
    ("red: end", "rk.turn.first-compulsory", "end"),
    # 'Size of the Playing Area': 2 players, 7 x 7 (the landscape spans rows 5-7: row 12 is past a 7 x 7 area)
    ("red: lay cp e12", "rk.lay.area", "e12"),
    # 'Laying a castle tile'
    ("red: lay village-plain d6 knights 1", "rk.knights.castle", "1"),
    ("red: lay castle-plain d6 knights 6 east leave 1,1,1,1,2", "rk.knights.five", "6 east leave 1,1,1,1,2"),
    # 'Moving the knights': the count left on the tile the walk may not enter or fill
    ("red: lay castle-plain d6 knights 5", "rk.move.max-four", "5"),
    ("red: lay castle-plain i6 knights 3 west leave 1,2", "rk.move.max-four", "2"),
    ("red: lay castle-plain d6 knights 2 west leave 1,1", "rk.move.gap", "1"),
    ("red: lay castle-plain e4 knights 2 south leave 1,1", "rk.move.lake", "1"),
    ("red: lay castle-plain d7 knights 2 east leave 1,1", "rk.move.enter", "1"),
    ("red: lay castle-plain d7 knights 4 east leave 1,1,2", "rk.move.minimum", "1,2"),
    ("red: lay castle-plain f4 knights 5 south leave 1,2,2", "rk.move.minimum", "2,2"),
]


def _quoted_lines(hint: str) -> list[str]:
    """The lines a hint proposes, each in backquotes."""
    return re.findall(r"`([^`]+)`", hint)


@pytest.mark.parametrize(("line", "rule_id", "blamed"), REFUSED, ids=[case[1] for case in REFUSED])
def test_a_hint_proposes_whole_legal_lines(line, rule_id, blamed):
    """Each rule family's refusal (rulebook, 'How to play', 'Size of the Playing Area',
    'Laying a castle tile', 'Moving the knights'): a line the hint proposes is a whole line of
    the player to move, legal as it is typed -- it used to be a fragment ('stop before c6:
    'knights 2'') that no prompt takes, or no line at all ('leave at most 4')."""
    with pytest.raises(IllegalMoveError) as caught:
        base().check(line)
    err = caught.value
    assert err.rule.id == rule_id
    assert err.fix is None   # written into the hint by the session
    for proposed in _quoted_lines(err.hint or ""):
        assert proposed.startswith("red: "), err.hint
        assert base().check(proposed) == proposed


@pytest.mark.parametrize(("line", "rule_id", "hint"), [
    # 'on a tile with mountains: 3 knights': the stack stopping on the mountains, all of it there
    # (as near as any legal walk: one knight moved)
    ("red: lay castle-plain f4 knights 4 south leave 1,2,1", "rk.move.minimum",
     "leave at least 3 there, the whole stack stopping there: `red: lay castle-plain f4 knights 4 south leave 1,3`"),
    # 'never more than 4 knights on any one tile': the castle keeps 4, and 'The player then
    # immediately moves the pile of their knights away from the castle': the fifth goes on
    ("red: lay castle-plain d6 knights 5", "rk.move.max-four",
     "leave at most 4 on the castle, or send them on: `red: lay castle-plain d6 knights 5 east leave 4,1`"),
])
def test_a_count_refused_on_a_tile_is_told_a_walk_that_fits(line, rule_id, hint):
    """'on a tile with mountains: 3 knights' and 'never more than 4 knights on any one tile'
    (rulebook, 'Moving the knights'): a count refused on one tile of the walk is told a legal
    walk -- the rest of the stack left there, the knights over the limit carried on or not
    placed -- where
    it used to say only 'leave at least 3 there' or 'leave at most 4'."""
    with pytest.raises(IllegalMoveError) as caught:
        base().check(line)
    assert (caught.value.rule.id, caught.value.hint) == (rule_id, hint)


def test_a_draw_due_is_told_how_to_record_it_and_what_the_pile_holds():
    """'The player then picks up the uppermost tile of his pile' (rulebook, 'How to play: Laying
    1 to 3 tiles'): a lay while the draw is due is told to record the draw first, with what
    the pile still holds -- and no draw line of one tile: the piles lie face down, so which
    tile comes up only the table knows, and a proposed 'red: draw plain' could be copied for
    the tile really drawn."""
    session = base()
    session.play("red: lay village-plain d6")
    with pytest.raises(IllegalMoveError) as caught:
        session.check("red: lay castle-plain d5")
    assert caught.value.rule.id == "rk.draw.after-lay"
    hint = caught.value.hint
    assert hint.startswith("record the tile drawn first, 'red: draw' and its name (the pile holds ")
    assert _quoted_lines(hint) in ([], ["red: draw"])


@pytest.mark.parametrize(("line", "rule_id", "blamed"), REFUSED, ids=[case[1] for case in REFUSED])
def test_a_refused_record_line_is_placed_at_the_word_refused(line, rule_id, blamed):
    """A record whose line breaks a rule is reported at file:line:column of the word the rule
    refuses (the tile not in hand, the cell, the knights placed, the count left on the tile
    the walk may not enter), as a line that does not read is reported at its token; it used
    to point at the start of every refused line."""
    text = record_text(BASE_TILES, BASE_HANDS, moves=[line])
    with pytest.raises(RefereeError) as caught:
        open_text(text)
    err = caught.value
    assert isinstance(err, IllegalMoveError) and err.rule.id == rule_id
    row = text.splitlines()[err.location.line - 1]
    assert err.location.column == row.index(line) + len(line) - len(blamed) + 1, (row, err.location)


def test_a_checked_line_is_placed_at_its_word(cli, tmp_path):
    """``burgundy check`` of a refused line points at the word refused in the line typed, as
    it points at a token that does not read: ``<move: ...>:1:COLUMN``, here the cell c3 of a
    lay that touches no laid tile ('at least one edge must border one of the tiles already
    laid out', rulebook 'How to play: Laying 1 to 3 tiles'), typed with a tile's code."""
    path = tmp_path / "game.toml"
    path.write_text(record_text(BASE_TILES, BASE_HANDS), encoding="utf-8")
    result = cli("check", str(path), "red lay cp c3")
    assert result.exit_code == 1
    assert result.stderr.startswith("burgundy: <move: red lay cp c3>:1:12: illegal (rk.lay.edge)")


#: The rulebook's own words (English edition, its ``**`` emphasis dropped), as each rule that
#: quotes one sentence of it must quote it.
QUOTED = {
    "rk.game.over": "If all the tiles have been laid, the game is over and the scores are added up.",
    "rk.turn.order": "The oldest player begins; play then continues in a clockwise direction.",
    "rk.lay.three": "The player can carry out this action a total of three times when it is their turn.",
    "rk.lay.hand": "The player whose turn it is adds one of their two tiles to the starting layout",
    "rk.lay.empty": "The player whose turn it is adds one of their two tiles to the starting layout",
    "rk.move.lake": "Knights cannot enter a tile with a lake on it.",
    "rk.move.max-four": "More knights can be left on a tile but never more than 4 knights on any one tile. If "
                        "moving the knight would exceed this limit, the tile concerned cannot be entered.",
}


@pytest.mark.parametrize("rule_id", sorted(QUOTED))
def test_a_rule_quotes_the_rulebook_sentence_it_stands_on(rule_id):
    """A verdict's rule is printed in quotes, as the rulebook's words: a rule that stands on one
    sentence quotes it as the rulebook has it. 'rk.lay.empty' quoted 'A tile is added to the
    layout: it is laid on a space where no tile lies yet.', which the rulebook nowhere says;
    it is the reading of 'adds one of their two tiles to the starting layout' ('How to play:
    Laying 1 to 3 tiles'), now quoted, the reading in parentheses."""
    from burgundy_cli.robber_knights.rules import RULES

    assert QUOTED[rule_id] in RULES[rule_id].text


def test_a_line_played_before_the_one_checked_is_placed_at_its_word(cli, tmp_path):
    """``burgundy check FILE LINE...`` plays the lines before the last (and ``burgundy play``
    every line): a refusal of one of them points at its word as well, here the lake red's pile
    no longer holds ('The player then picks up the uppermost tile of his pile', rulebook 'How
    to play: Laying 1 to 3 tiles'; red's one lake is laid at e5) -- it lost its column."""
    path = tmp_path / "game.toml"
    path.write_text(record_text(BASE_TILES, BASE_HANDS), encoding="utf-8")
    for command in ("check", "play"):
        result = cli(command, str(path), "red: lay village-plain d6", "red: draw lake")
        assert result.exit_code == 1
        assert result.stderr.startswith("burgundy: <move 2: red: draw lake>:1:11: illegal (rk.draw.pile)"), command


def test_knights_over_the_limit_are_told_to_go_on_to_the_next_tile():
    """'More knights can be left on a tile but never more than 4 knights on any one tile.'
    (rulebook, 'Moving the knights'): red's 5 knights would leave 3 on d5, which holds 2 of
    blue's; the hint keeps the 5 knights red placed and carries the one over the limit on to
    the next tile, e5 (it proposed placing one knight fewer)."""
    tiles = ["c5 red:plain", "d4 blue:castle-plain knights blue", "d5 blue:plain knights blue,blue",
             "e5 red:town-plain", "f5 red:plain"]
    session = position(tiles, {"red": ["castle-plain", "village-plain"], "blue": ["castle-plain", "plain"]})
    with pytest.raises(IllegalMoveError) as caught:
        session.check("red: lay castle-plain b5 knights 5 east leave 1,1,3")
    err = caught.value
    assert (err.rule.id, err.message) == ("rk.move.max-four", "d5 would hold 5 knights")
    assert err.hint == "it holds 2; leave at most 2 there: `red: lay castle-plain b5 knights 5 east leave 1,1,2,1`"
    assert session.check(_quoted_lines(err.hint)[0])
