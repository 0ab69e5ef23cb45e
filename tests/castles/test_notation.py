"""The Castles of Burgundy notation: lenient reading, canonical writing, located errors.

The notation is specified in docs/notation.md (The Castles of Burgundy section); the
property test checks the contract ``parse_line(format_command(cmd)) == cmd`` over
generated commands, and every example in the doc is read and written back here too.
"""

from __future__ import annotations

import re
from tests.line_forms import changed
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.rules import commands as c
from burgundy_cli.castles.notation import GAINS, format_command, holds_sale_bonuses, parse_line
from burgundy_cli.core.errors import ParseError

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"


@pytest.mark.parametrize(("typed", "canonical"), [
    ("anna: place 5>4 ship c3 goods 6", "anna: place 5>4 ship c3 goods 6"),
    ("ANNA :  P 5 > 4  Ship C3 g 6   # the issue's example", "ANNA: place 5>4 ship c3 goods 6"),
    ("anna: place 5->4 ship C3 from 6", None),
    ("bob: t 3 yellow 16 discard cow 3", "bob: take 3 k16 discard cow3"),
    ("bob: take 3 City Hall", "bob: take 3 city-hall"),
    ("bob: take 2 carpenter's workshop", "bob: take 2 carpenter"),
    ("bob: take 2 market place", "bob: take 2 market"),  # the building's two-word name
    ("bob: place 2 Market Place c3 then take cow3 from 2", "bob: place 2 market c3 then take cow3 from 2"),
    ("reveal 1 market place castle", "reveal 1 market castle"),
    ("anna: place 6 castle d4 then take church from 3", "anna: place 6 castle d4 then take church from 3"),
    ("anna: place 6 castle d4 and t church 3", "anna: place 6 castle d4 then take church from 3"),
    ("anna: place 6 castle d4 and then take church 3", "anna: place 6 castle d4 then take church from 3"),
    ("anna: place 6 castle d4, and then sell 5", "anna: place 6 castle d4 then sell 5"),
    ("anna: place 2 warehouse b3 then sell 5", "anna: place 2 warehouse b3 then sell 5"),
    ("anna: place 1 townhall b1 then place church b2 then place mine e2",
     "anna: place 1 city-hall b1 then place church b2 then place mine e2"),
    ("anna: place 4 ship c3 goods 6 + 1 keep 1 3", "anna: place 4 ship c3 goods 6+1 keep 1 3"),
    ("anna: place 4 ship c3 keep none", "anna: place 4 ship c3 keep none"),
    ("anna: place 4 ship c3 goods 3 keep 2,5", "anna: place 4 ship c3 goods 3 keep 2 5"),
    ("anna: place 6 castle d4 then take church from depot 3", "anna: place 6 castle d4 then take church from 3"),
    ("anna: place 4 ship c3 from depot 3", "anna: place 4 ship c3 goods 3"),  # docs: 'from depot 3' for 'from 3'
    ("anna: place 4 ship c3 goods depot 6+1", "anna: place 4 ship c3 goods 6+1"),
    ("anna: sell 5>4", "anna: sell 5>4"),
    ("anna: s 5 goods 3", "anna: sell 5 goods 3"),
    ("anna: w 2", "anna: workers 2"),
    ("anna: buy church from 3 discard ship workers 1", "anna: buy church from 3 discard ship workers 1"),
    ("anna: b Mine", "anna: buy mine"),
    ("Anna Maria: pass", "Anna Maria: pass"),
    ('fix anna silver +1 "forgot mine income"', 'fix anna silver +1 "forgot mine income"'),
    ("anna: fix VP -2", "fix anna vp -2"),
    ("fix anna goods 3 1", "fix anna goods3 +1"),
    ("anna: take 3 → 4 mine", "anna: take 3>4 mine"),  # the arrow a phone or a Mac makes of '->'
    ("anna: place 5→4 ship c3 goods 6", "anna: place 5>4 ship c3 goods 6"),
    ("roll white 3 good 5, anna 2 6, bob 1 1", "roll white 3 good 5, anna 2 6, bob 1 1"),
    ("Roll W 3 G 5 anna 26 bob 1/1", "roll white 3 good 5, anna 2 6, bob 1 1"),
    ("reveal 3: church ship cow2 yellow 16", "reveal 3 church ship cow2 k16"),
    ("reveal black mine, castle", "reveal black mine castle"),
    ("goods 3 5 1 1 6", "goods 3 5 1 1 6"),
    ("goods 35116", "goods 3 5 1 1 6"),
])
def test_lenient_input_reads_to_the_canonical_line(typed: str, canonical: str | None) -> None:
    command = parse_line(typed)
    text = format_command(command)
    if canonical is not None:
        assert text == canonical
    assert parse_line(text) == command


def test_issue_example_means_die_5_used_as_4_ship_on_c3_goods_from_depot_6() -> None:
    command = parse_line("anna: place 5>4 ship c3 goods 6")
    assert command == c.DieCommand(player="anna", rolled=5, value=4,
                                   action=c.PlaceAction(tile="ship", space="c3", goods=6))


def test_die_sell_sells_the_goods_of_the_value_used() -> None:
    command = parse_line("anna: sell 5>4")
    assert command.action == c.SellAction(goods=4)
    assert (command.rolled, command.value) == (5, 4)


def test_a_die_used_as_rolled_has_no_separate_value() -> None:
    assert parse_line("anna: take 3 church").value is None
    assert parse_line("anna: take 3>3 church").value == 3


def test_correction_note_keeps_quotes_and_hashes() -> None:
    command = parse_line(r'fix anna silver -1 "paid \"twice\" # oops"  # a real comment')
    assert command.note == 'paid "twice" # oops'
    assert parse_line(format_command(command)) == command


@pytest.mark.parametrize(("line", "token", "column"), [
    ("anna: take 7 church", "7", 12),
    ("anna: take 0>3 church", "0>3", 12),
    ("anna: take 3>9 church", "3>9", 12),
    ("anna: place 3 church h1", "h1", 22),
    ("anna: place 3 church a5", "a5", 22),
    ("anna: place 3 church g5", "g5", 22),
    ("anna: take 3 chruch", "chruch", 14),
    ("anna: jump 3", "jump", 7),
    ("anna church 3", "anna", 1),  # no verb: the colon may be left out only before one
    ("anna: take 3 church extra", "extra", 21),
    ("roll white 3 good 5, anna 2 8", "8", 29),
    ("reveal 7 church", "7", 8),
    ("goods 1 2 3 4 9", "9", 15),
    ("anna: place 3 ship a2 goods 6+7", "6+7", 29),
    ("fix anna silver lots", "lots", 17),
    ("fix anna gold +1", "gold", 10),  # not 'the line ends' after a player 'anna gold +1'
    ("fix anna maria gold -2", "gold", 16),
    ('fix anna gold +1 "income"', "gold", 10),
    ("anna: place 6 castle d4 then dance", "dance", 30),
])
def test_bad_token_is_quoted_with_its_column(line: str, token: str, column: int) -> None:
    with pytest.raises(ParseError) as info:
        parse_line(line)
    assert f"'{token}'" in info.value.message
    assert "column" not in info.value.message  # (the location says where: the file's, or line 1 typed)
    assert info.value.location.column == column


@pytest.mark.parametrize(("line", "token", "column", "numbers"), [
    ("anna: take 3 yellow 99", "99", 21, "1-29"),
    ("anna: take 3 Yellow 0", "0", 21, "1-29"),
    ("anna: take 3 monastery 30", "30", 24, "1-29"),
    ("anna: take 3 k99", "k99", 14, "1-29"),
    ("anna: take 3 cow 9", "9", 18, "2-4"),
    ("anna: take 3 pig1", "pig1", 14, "2-4"),
    ("reveal 2 mine hen 5", "5", 19, "2-4"),
    ("anna: buy yellow 30", "30", 18, "1-29"),
])
def test_a_tile_number_the_box_lacks_is_refused_with_the_range(line: str, token: str, column: int,
                                                                numbers: str) -> None:
    """``yellow 99`` is a number out of range, not an unknown tile 'yellow': the number is
    quoted with its column and the numbers the box has."""
    with pytest.raises(ParseError) as info:
        parse_line(line)
    assert f" {numbers}" in info.value.message
    assert info.value.message.endswith(f"found '{token}'")
    assert info.value.location.column == column
    assert info.value.hint is not None and ".." in info.value.hint


@pytest.mark.parametrize(("line", "said", "hint"), [
    ("anna: take 3 yellow", "'yellow' needs the tile's number", "e.g. 'yellow 1' (k1..k29)"),
    ("anna: take 3 Cow #3", "'Cow' needs the tile's number", "e.g. 'Cow 2' (cow2..cow4)"),
])
def test_a_numbered_tile_without_its_number_says_so(line: str, said: str, hint: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_line(line)
    assert (info.value.message, info.value.hint) == (said, hint)


def test_a_hire_beyond_the_model_bound_is_a_located_parse_error() -> None:
    """``hire 99 workers`` is spelt canonically but the model allows 1-98: the fast reader
    leaves it to the lenient one, whose refusal is located (it was a pydantic error)."""
    with pytest.raises(ParseError) as info:
        parse_line("anna: hire 99 workers")
    assert info.value.message.endswith("1-98, found '99'") and info.value.location.column == 12
    assert parse_line("anna: hire 98 workers").workers == 98


@pytest.mark.parametrize(("line", "token", "column", "hint"), [
    ("ben: take 2 castle fro 2", "fro", 20, "did you mean 'from'?"),
    ("ben: take 2 castle 2 discrad mine", "discrad", 22, "did you mean 'discard'?"),
    ("ben: take 2 castle extra", "extra", 20, "the take action may go on with: from, discard"),
    ("ben: place 2 ship c3 goods 3 kep 2", "kep", 30, "did you mean 'keep'?"),
    ("ben: place 2 castle c3 thne workers", "thne", 24, "did you mean 'then'?"),
    ("ben: sell 2 bnus workers", "bnus", 13, "did you mean 'bonus'?"),
    ("ben: buy mine frm 3", "frm", 15, "did you mean 'from'?"),
    # a granted action's clause words, not its placement's: the take after 'then' went on
    ("ben: place 2 castle c3 then take mine fro 3", "fro", 39, "did you mean 'from'?"),
    ("ben: place 3 city-hall c3 buy k7 frm 2 then place k7 c4", "frm", 34, "did you mean 'from'?"),
    # a clause twice or out of order: its order, not itself as the fix
    ("ben: sell 3 goods 3 goods 4", "goods", 21, "'goods' is written once, in this order: goods, bonus"),
    ("ben: take 3 mine from 3 discard k3 from 3", "from", 36, "'from' is written once"),
    ("ben: place 4 ship c3 goods 3 goods 4", "goods", 30, "'goods' is written once"),
    # the die forgotten; a space in two words
    ("ben: place church c3", "church", 12, "the die comes before the tile: '<die> church'"),
    ("ben: place 3 church C 3", "C", 21, "write the space as one word: 'c3'"),
])
def test_a_word_the_action_cannot_take_is_met_with_its_clause_words(line: str, token: str, column: int,
                                                                     hint: str) -> None:
    """A misspelt clause word (``fro`` for ``from``), a clause twice, a forgotten die, a space
    in two words: each is quoted with its column and the fix."""
    with pytest.raises(ParseError) as info:
        parse_line(line)
    assert f"'{token}'" in info.value.message and info.value.location.column == column
    assert info.value.hint == hint


def test_unknown_tile_suggests_the_closest_name() -> None:
    with pytest.raises(ParseError) as info:
        parse_line("anna: take 3 watchtowr")
    assert info.value.hint == "did you mean 'watchtower'?"


def test_unknown_action_suggests_the_closest_verb() -> None:
    with pytest.raises(ParseError) as info:
        parse_line("anna: tkae 3 church")
    assert info.value.hint == "did you mean 'take'?"


def test_off_board_space_says_which_spaces_the_row_has() -> None:
    with pytest.raises(ParseError) as info:
        parse_line("anna: place 3 church a5")
    assert "off the board" in info.value.message
    assert info.value.hint == "row a has spaces a1..a4"


@pytest.mark.parametrize("line", [
    "", "   # only a comment", "anna:", "anna: take", "anna: take 3>", "anna: place 3 church",
    'fix anna silver +1 "unterminated', "roll white 3", "roll white 3, anna 2", "goods 1 2 3",
    "roll white 3, anna 2 3, Anna 4 5", "x" * 41 + ": pass", "anna: take 3 church from 9",
])
def test_incomplete_or_invalid_lines_are_parse_errors(line: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_line(line)
    assert info.value.location is not None and info.value.location.column is not None


# --- property: canonical lines read back to the same command ------------------------------

_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzAEIOU", min_size=1, max_size=8).filter(
    lambda w: w.lower() not in {"roll", "dice", "reveal", "rev", "goods", "fix", "good", "g", "white", "w",
                                "silver", "silverling", "silverlings", "coin", "coins", "worker", "workers",
                                "vp", "vps", "point", "points", "remove"})
_NAMES = st.builds(lambda words: " ".join(words), st.lists(_WORD, min_size=1, max_size=2))


def _tile_names() -> list[str]:
    from burgundy_cli.castles.rules.tiles import catalogue

    return sorted(catalogue())


_TILES = st.sampled_from(_tile_names())
_DEPOT = st.integers(1, 6)
_DIE = st.integers(1, 6)
_SPACES = st.sampled_from([f"{row}{col}" for row, n in zip("abcdefg", (4, 5, 6, 7, 6, 5, 4))
                           for col in range(1, n + 1)])
_TAKE = st.builds(c.TakeAction, tile=_TILES, depot=st.none() | _DEPOT, discard=st.none() | _TILES)
_SIMPLE = _TAKE | st.builds(c.SellAction, goods=_DIE) | st.just(c.WorkersAction())


#: A purchase during a placement; its player is set to the line's player by :func:`_bought_by`.
_PURCHASE = st.builds(c.BuyCommand, player=st.just("?"), tile=_TILES, depot=st.none() | _DEPOT,
                      discard=st.none() | _TILES, pay_workers=st.integers(0, 2))


def _place(then: st.SearchStrategy) -> st.SearchStrategy:
    return st.builds(
        lambda tile, space, goods, goods2, keep, buy, then, copy, livestock, order: c.PlaceAction(
            tile=tile, space=space, goods=goods, goods2=goods2 if goods is not None else None, keep=keep,
            buy=buy, then=then, copy=copy, livestock=livestock, order=order),
        _TILES, _SPACES, st.none() | _DEPOT, st.none() | _DEPOT,
        st.none() | st.lists(_DIE, max_size=3).map(tuple), st.none() | _PURCHASE, st.none() | then,
        st.none() | _TILES, st.none() | st.sampled_from(("cow", "sheep", "pig", "chicken")),
        st.none() | st.lists(st.sampled_from(GAINS), min_size=1, max_size=3).map(tuple))


def _bought_by(action, player: str):
    """``action`` with every purchase inside it made by ``player``: the line names no other buyer."""
    if isinstance(action, c.SellAction):
        return changed(action, then=tuple(_bought_by(granted, player) for granted in action.then))
    if not isinstance(action, c.PlaceAction):
        return action
    return changed(action, buy=None if action.buy is None else changed(action.buy, player=player),
                   then=None if action.then is None else _bought_by(action.then, player))


_SHIELD = st.integers(1, 18)
#: Shield 11: a castle's extra action takes a shield (only after ``then``).
_GRANTED_SHIELD = st.builds(c.ShieldAction, shield=_SHIELD, space=_SPACES)


def _doubles(player: str, first: int, second: int, value: int | None, shield: int, space: str) -> c.ShieldCommand:
    """A shield line; a number both dice already show is written as no change (value None)."""
    return c.ShieldCommand(player=player, dice=(first, second), value=None if first == second == value else value,
                           shield=shield, space=space)


#: The 2019 shields module's lines.
_SHIELD_LINES = st.one_of(
    st.builds(_doubles, _NAMES, _DIE, _DIE, st.none() | _DIE, _SHIELD, _SPACES),
    st.builds(c.TributeCommand, player=_NAMES, drop=st.lists(_SHIELD, max_size=3).map(tuple),
              workers=st.none() | st.integers(0, 18)),
    st.builds(c.ShieldGoodsCommand, player=_NAMES, goods=_DIE),
    st.builds(c.ShieldBorrowCommand, player=_NAMES, lender=_NAMES),
    st.builds(lambda player, depot, place: c.ShieldPlaceCommand(player=player, depot=depot,
                                                                place=_bought_by(place, player)),
              _NAMES, st.integers(0, 6), _place(_SIMPLE | _GRANTED_SHIELD)),
)
#: The 2019 solo game's lines (docs/notation.md, "The solo game").
_SOLO_LINES = st.one_of(
    st.builds(c.SoloRemoveEvent, depot=_DEPOT, tile=_TILES),
    st.builds(lambda player, place: c.SoloPlaceCommand(player=player, place=_bought_by(place, player)),
              _NAMES, _place(_SIMPLE)),
    st.builds(lambda player, action: c.SoloExtraCommand(player=player, action=_bought_by(action, player)),
              _NAMES, _SIMPLE | _place(_SIMPLE) | _GRANTED_SHIELD),
    st.builds(c.SoloVpCommand, player=_NAMES, vp=st.integers(1, 99)),
    st.builds(c.SoloExchangeCommand, player=_NAMES, goods=st.lists(_DIE, min_size=5, max_size=5).map(tuple),
              tile=_TILES),
)


def _sale(then: st.SearchStrategy) -> st.SearchStrategy:
    """A sale with the actions its trade-route bonuses grant (a sale among them has no bonus
    actions of its own: they follow on the outer sale's list)."""
    return st.builds(c.SellAction, goods=_DIE, then=st.lists(then, max_size=2).map(tuple)).filter(
        lambda sale: not any(map(holds_sale_bonuses, sale.then)))


#: A die's action; a castle's placement granting a placement is drawn on its own besides the
#: recursive draw, which made it about once in 2,000 commands (too rare for
#: test_the_generator_makes_every_line_form's 5,000 examples to be sure of it).
_ACTIONS = (st.recursive(_SIMPLE, lambda inner: _place(inner | _GRANTED_SHIELD) | _sale(inner), max_leaves=3)
            | _place(_place(_SIMPLE)))
_NOTE = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20)

_COMMANDS = st.one_of(
    st.builds(lambda player, rolled, value, action: c.DieCommand(
        player=player, rolled=rolled, value=value, action=_bought_by(action, player)),
        _NAMES, _DIE, st.none() | _DIE, _ACTIONS),
    st.builds(c.BuyCommand, player=_NAMES, tile=_TILES, depot=st.none() | _DEPOT, discard=st.none() | _TILES,
              pay_workers=st.integers(0, 2)),
    st.builds(c.PassCommand, player=_NAMES),
    st.builds(c.HireCommand, player=_NAMES, workers=st.integers(1, 98)),
    st.builds(c.CraneCommand, player=_NAMES, building=_TILES),
    st.builds(c.CorrectionCommand, player=_NAMES,
              resource=st.sampled_from(["silver", "workers", "vp"] + [f"goods{n}" for n in range(1, 7)]),
              amount=st.integers(-99, 99), note=_NOTE),
    st.builds(c.RollEvent, white=_DIE, good=st.none() | _DIE,
              dice=st.dictionaries(_NAMES, st.tuples(_DIE, _DIE), min_size=1, max_size=4).filter(
                  lambda d: len({k.lower() for k in d}) == len(d))),
    st.builds(c.RevealEvent, depot=st.integers(0, 6), tiles=st.lists(_TILES, max_size=8)),
    st.builds(c.PhaseGoodsEvent, goods=st.lists(_DIE, min_size=5, max_size=5)),
    _SHIELD_LINES,
    _SOLO_LINES,
)


@settings(max_examples=400, deadline=None)
@given(_COMMANDS)
def test_canonical_line_reads_back_to_the_same_command(command: c.Command) -> None:
    text = format_command(command)
    assert parse_line(text) == command
    assert format_command(parse_line(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_is_a_command_or_a_parse_error(text: str) -> None:
    try:
        command = parse_line(text)
    except ParseError as err:
        assert err.location is not None
    else:
        assert parse_line(format_command(command)) == command


@st.composite
def _mutated_lines(draw) -> str:
    """A canonical line with one edit: a character replaced, dropped or inserted."""
    return mutated(draw, format_command(draw(_COMMANDS)))


def mutated(draw, text: str) -> str:
    """``text`` with one edit drawn: a character replaced, dropped or inserted."""
    at = draw(st.integers(0, len(text)))
    char = draw(st.sampled_from(list("0123456789>+-:,# \"abcdegkx")))
    edit = draw(st.sampled_from(["replace", "drop", "insert"]))
    if edit == "replace":
        return text[:at] + char + text[at + 1:]
    if edit == "drop":
        return text[:at] + text[at + 1:]
    return text[:at] + char + text[at:]


@settings(max_examples=400, deadline=None)
@given(_mutated_lines())
@example('fix A silver +0 0\u00bc"')  # (NFKC writes the 1/4 in 3 characters: the column is the typed one)
@example("A: shield 2>2 2 1 a1")  # (doubles of 2 'used as 2' are the plain doubles the writer writes: '2 2')
def test_mutated_canonical_line_is_a_command_or_a_located_parse_error(text: str) -> None:
    """Issue 6: near-miss input reads or fails with the project's own error, never a crash."""
    try:
        command = parse_line(text)
    except ParseError as err:
        assert err.location is not None and err.location.column is not None
        assert 1 <= err.location.column <= len(text) + 1
    else:
        assert parse_line(format_command(command)) == command


# --- every example in docs/notation.md is a test --------------------------------------------


def _doc_examples() -> list[tuple[str, str]]:
    """``typed -> canonical`` pairs from the Castles section of docs/notation.md.

    The section's "Examples" table has rows ``| `typed` | `canonical` |``.
    """
    text = DOC.read_text("utf-8")
    section = text.split("<!-- The Castles of Burgundy section", 1)[1].split("<!-- end of The Castles", 1)[0]
    section = section.split("### Examples", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`", section, re.M)


def test_the_notation_doc_has_examples() -> None:
    assert len(_doc_examples()) >= 20


@pytest.mark.parametrize(("typed", "canonical"), _doc_examples())
def test_doc_example_reads_and_writes_back(typed: str, canonical: str) -> None:
    command = parse_line(typed)
    assert format_command(command) == canonical
    assert parse_line(canonical) == command


def test_the_generator_makes_every_line_form() -> None:
    """So the round trips above (and test_canonical_reading's) cover every form of line:
    a new command or optional field fails here until the generator makes it."""
    from tests.line_forms import assert_generates_every_form, line_forms

    assert ("PlaceAction", "then", "PlaceAction") in line_forms(c.Command)
    assert_generates_every_form(_COMMANDS, c.Command)


@pytest.mark.parametrize(("typed", "canonical"), [
    # a take's, a purchase's and a placement's clauses in any order: each names its own part
    ("ben: take 3 mine discard k3 from 3", "ben: take 3 mine from 3 discard k3"),
    ("ben: take 3 church discard cow 3 from 2", "ben: take 3 church from 2 discard cow3"),
    ("ben: take 3 ship from 4 shared", "ben: take 3 ship shared from 4"),
    ("ben: take 3 ship d mine shared", "ben: take 3 ship shared discard mine"),
    ("ben: buy castle workers 2 from 3", "ben: buy castle from 3 workers 2"),
    ("ben: buy castle discard mine workers 1 from 2", "ben: buy castle from 2 discard mine workers 1"),
    ("ben: buy k7 w 1 shared d mine", "ben: buy k7 shared discard mine workers 1"),
    ("ben: place 4 ship c3 keep 1 goods 6", "ben: place 4 ship c3 goods 6 keep 1"),
    ("ben: place 4 ship c3 keep 1 3 from 6+1", "ben: place 4 ship c3 goods 6+1 keep 1 3"),
    ("ben: place 3 crane c3 with cow as bank", "ben: place 3 crane c3 as bank with cow"),
    ("ben: place 4 ship c3 buy k7 goods 6", "ben: place 4 ship c3 goods 6 buy k7"),
    ("ben: place 3 city-hall c3 buy k7 from 2 keep 1 then place k7 c4",
     "ben: place 3 city-hall c3 keep 1 buy k7 from 2 then place k7 c4"),
    ("ben: place 6 castle d4 then take church discard k3 from 3", "ben: place 6 castle d4 then take church from 3 discard k3"),
    ("ben: place 3 city-hall c3 b k7 w 1 from 2 and p k7 c4", "ben: place 3 city-hall c3 buy k7 from 2 workers 1 then place k7 c4"),
])
def test_clauses_are_read_in_any_order_and_written_in_one(typed: str, canonical: str) -> None:
    """A lenient reader: a clause's word says what it is, so its place in the line does not
    matter; the writer keeps the one canonical order, which reads back to the same command."""
    command = parse_line(typed)
    assert format_command(command) == canonical
    assert parse_line(canonical) == command


@pytest.mark.parametrize(("line", "token"), [
    ("ben: take 3 mine d k3 3", "3"),                    # a bare depot only right after the tile
    ("ben: place 4 ship c3 buy k7 from 2 from 6", "from"),  # after a purchase 'from' is its depot, once
    ("ben: buy castle workers 1 workers 2", "workers"),
    ("ben: sell 3 bonus workers goods 3", "goods"),     # after a sale's bonus actions: theirs, not the sale's
])
def test_what_stays_refused_when_clauses_come_in_any_order(line: str, token: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_line(line)
    assert f"unexpected '{token}'" in info.value.message


@pytest.mark.parametrize(("typed", "canonical"), [
    # without the colon a verb followed by a die ends the name, ahead of a full verb further on
    ("anna p 3 ship c3 buy k7", "anna: place 3 ship c3 buy k7"),
    ("cara sh 4 4 shield 13 on a2", "cara: shield 4 4 13 a2"),
    ("anna t 3 church discard mine", "anna: take 3 church discard mine"),
    ("Anna P take 3 church", "Anna P: take 3 church"),   # a short form in a name, no die after it
])
def test_a_name_without_its_colon_ends_at_a_verb_with_its_die(typed: str, canonical: str) -> None:
    assert format_command(parse_line(typed)) == canonical
