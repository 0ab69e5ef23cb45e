"""Tab follows the reader's spellings as they are typed (audit-h): a two-word tile name's first
word (``town``, ``boarding``, ``market`` of ``market place``) already finds its tile, a word
the reader takes for several tiles (``tow``: the town hall and the tower) finds each, a
reveal's tiles are read in every spelling the reveal reader takes (``yellow 16``, ``cow 3``),
and full-width digits and punctuation (``５``, ``，``, ``：``) are read as their ASCII forms,
with columns still pointing at what was typed."""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.movegen import completions
from burgundy_cli.castles.notation import canonical_start, canonical_starts, format_command, parse_line
from burgundy_cli.core.errors import ParseError
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.registry import find_game
from burgundy_cli.core.table import TableSession
from tests.castles.record_texts import NEW_2011
from tests.castles.test_completion import session_of


@cache
def _dario_to_move() -> str:
    """A 2019 game of four in which Dario (dice 4) may take the boarding house (4>3), the
    city hall (4>2) and the watchtower (4>1)."""
    return dump_record(find_game("castles-of-burgundy").playout(4, 3, stop_after=120, edition="2019"))


@pytest.mark.parametrize(("typed", "line"), [
    ("dario t 4>2 town", "Dario: take 4>2 city-hall"),
    ("dario: take 4>2 town h", "Dario: take 4>2 city-hall"),
    ("dario take 4>2 city", "Dario: take 4>2 city-hall"),
    ("dario t 4>3 boarding", "Dario: take 4>3 boarding-house"),
    ("dario t 4>3 boarding h", "Dario: take 4>3 boarding-house"),
    ("dario t 4>1 watch", "Dario: take 4>1 watchtower"),
    ("dario t 4>1 tow", "Dario: take 4>1 watchtower"),     # 'tower' begun, as 'town' is
    ("dario t 4>2 tow", "Dario: take 4>2 city-hall"),
    ("dario t ４>２ town", "Dario: take 4>2 city-hall"),    # full-width digits
])
def test_a_two_word_name_s_first_word_finds_its_tile(typed: str, line: str) -> None:
    session = session_of(_dario_to_move())
    offered = completions(session.state, " ".join(typed.split()).casefold())
    assert line in offered, (typed, offered)
    assert all(session.check(put) for put in offered if not put.endswith(" then "))  # never a refused line


def test_the_starts_of_a_name_typed_in_words_the_reader_takes() -> None:
    assert canonical_starts("anna t 3 town") == ["anna: take 3 town", "anna: take 3 city-hall"]
    assert canonical_starts("anna t 3 boarding h") == ["anna: take 3 boarding h", "anna: take 3 boarding-house"]
    assert canonical_starts("anna t 3 market pl") == ["anna: take 3 market pl", "anna: take 3 market"]
    assert canonical_starts("anna t 3 white c") == ["anna: take 3 white-castle c", "anna: take 3 white-castle"]
    assert "anna: take 3 ship" in canonical_starts("anna t 3 boa")  # 'boat'
    assert canonical_starts("anna p 3 ship c") == ["anna: place 3 ship c"]  # a space, no tile, comes here
    assert canonical_start("anna t 3 town") == "anna: take 3 town"   # the first start: as typed
    # a clause word begun in another spelling: a placement's 'from' is its goods, 'and' is 'then'
    assert "anna: place 1 ship d2 goods" in canonical_starts("anna p 1 boat d2 fr")
    assert "anna: place 6 castle d2 then" in canonical_starts("anna p 6 castle d2 an")
    assert "anna: take 1 ship discard" in canonical_starts("anna t 1 ship dr")
    # a shields line's words the canonical line leaves out ('shield 13 on a2')
    assert canonical_starts("cara sh 4 4 13 on a") == ["cara: shield 4 4 13 a"]
    assert canonical_start("cara sh 4 4 shield 13 on a2") == "cara: shield 4 4 13 a2"
    assert canonical_start("cara sh p ship from 4 d") == "cara: shield place ship from 4 d"
    assert canonical_start("cara sh g 4") == "cara: shield goods 4"
    # '6-5' the reader refuses (a die is changed with '>', '->' or '→'): Tab does not make it '6>5'
    assert canonical_start("anna p 6-5") == "anna: place 6-5"
    assert canonical_start("anna p 6-") == "anna: place 6>"   # the start of '6->5'
    # a route bonus's verb in its short form, as after 'then'
    assert canonical_start("ben s 4 bonus t warehouse from 1 bonus t sheep 4 fr") == \
        "ben: sell 4 bonus take warehouse from 1 bonus take sheep4 fr"


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(list("akpt 0123456789:,>#") + ["town", "tow", "boarding", "market", "white",
                                                              "５", "：", "，", "Anna", "p", "then"]),
                max_size=16).map("".join))
def test_any_start_has_starts_without_an_error(typed: str) -> None:
    starts = canonical_starts(typed)
    assert starts and all(isinstance(start, str) for start in starts)




@pytest.mark.parametrize(("typed", "put"), [
    ("reveal 2 yellow 16 ", "reveal 2 k16 castle"),
    ("reveal 2 Yellow 1", "reveal 2 k16 "),
    ("reveal 2 monastery 16 c", "reveal 2 k16 castle"),
    ("reveal 2 y16 ", "reveal 2 k16 castle"),
    ("reveal 2 knowledge", "reveal 2 k16 "),
    ("reveal 2 yellow ", "reveal 2 k16 "),
    ("reveal 2 k16, c", "reveal 2 k16 castle"),
    ("reveal ２ yellow １６ ", "reveal 2 k16 castle"),
    ("reveal 3 cow 3 ", "reveal 3 cow3 bank"),
    ("reveal 3 cows 3", "reveal 3 cow3 "),
    ("reveal 6 Cow", "reveal 6 cow3 "),
    ("reveal 1 boa", "reveal 1 ship "),
    ("reveal black: town", "reveal black city-hall "),
    ("reveal black town h", "reveal black city-hall "),
    ("reveal black boarding", "reveal black boarding-house "),
    ("reveal black market pl", "reveal black market "),
])
def test_tab_in_a_reveal_takes_every_spelling_the_reader_takes(tmp_path, typed: str, put: str) -> None:
    path = tmp_path / "game.toml"
    path.write_text(NEW_2011, encoding="utf-8")
    table = TableSession(path)
    offered = [line for line, _ in table.completions(typed)]
    assert put in offered, (typed, offered)


def test_a_reveal_tab_put_together_is_recorded(tmp_path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(NEW_2011, encoding="utf-8")
    table = TableSession(path)
    typed = "reveal 2 yellow 16 "
    put = next(line for line, _ in table.completions(typed) if line.endswith("castle"))
    assert table.play(put).accepted
    assert table.completions("reveal 2 ") == []   # laid out
    assert [line for line, _ in table.completions("reveal 2 yellow 1")] == []
    assert [line for line, _ in table.completions("reveal 3 nope ")] == []   # no tile: nothing offered


@pytest.mark.parametrize(("typed", "canonical"), [
    ("anna: take ５ church", "anna: take 5 church"),
    ("anna： take 5 church，discard k3", "anna: take 5 church discard k3"),
    ("anna: ｐｌａｃｅ ５＞４ ship c3 goods ６", "anna: place 5>4 ship c3 goods 6"),
    ("ａｎｎａ: take 5 church", "ａｎｎａ: take 5 church"),   # a name as typed: it is the record's to match
    ("roll white ３ good ５， anna ２ ６", "roll white 3 good 5, anna 2 6"),
    ("anna　take 3 church", "anna: take 3 church"),                       # an ideographic space
    ('fix anna silver ＋１ "ｎｏｔｅ：５"', 'fix anna silver +1 "ｎｏｔｅ：５"'),  # the note as typed
    ("reveal black： mine， castle", "reveal black mine castle"),
])
def test_full_width_input_reads_as_its_ascii_form(typed: str, canonical: str) -> None:
    assert format_command(parse_line(typed)) == canonical
    assert format_command(parse_line(canonical)) == canonical   # the canonical line is unchanged


@pytest.mark.parametrize(("typed", "token", "column"), [
    ("anna: take ９ church", "9", 12),
    ("ａｎｎａ: take 5 chruch", "chruch", 14),
    ("anna： take ５ church ｆｒｏ ２", "fro", 21),
    ("ﬁx anna gold +1", "gold", 9),    # a ligature, two letters in one: columns still the typed ones
])
def test_a_refusal_in_full_width_input_points_at_the_typed_column(typed: str, token: str, column: int) -> None:
    with pytest.raises(ParseError) as info:
        parse_line(typed)
    assert f"'{token}'" in info.value.message
    assert info.value.location.column == column
    assert unicodedata.normalize("NFKC", typed[column - 1:]).startswith(token)  # the typed token is there


@pytest.mark.parametrize(("typed", "player"), [
    ("㉐: pass", "㉐"),        # NFKC would write 'PTE': a name is the record's, as typed
    ("0¨: pass", "0¨"),        # NFKC would put a space in it ('¨' is ' ̈')
    ("a：b: pass", "a：b"),    # a full-width colon in a name: the line as typed reads
    ("ａｎｎａ： pass", "ａｎｎａ"),
])
def test_a_player_s_name_is_read_as_typed(typed: str, player: str) -> None:
    assert parse_line(typed).player == player


@cache
def _cara_to_move() -> str:
    """The 2019 game with every module but the team and solo games, six lines before phase C
    ends: Cara (dice 1 3, storage full) to move."""
    import tomllib

    from burgundy_cli.castles.record.table import drop_last

    path = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy" / "complete-4p-2019-all-modules.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.pop("result", None)  # (the final score of the whole game)
    for _ in range(113):
        drop_last(data)
    return dump_record(data)


@pytest.mark.parametrize("typed", [
    "cara t 1 ship d k6 from 1",          # the clauses in another order, 'from' repeating the die
    "cara: take 1 ship discard k6 from 1",
    "t 1 ship drop k6 from depot 1",      # no name: each player's
    "cara t 1 ship from 1 d k6",
    "cara t １ ship，d k6",
])
def test_a_whole_line_the_reader_takes_is_found_by_tab(typed: str) -> None:
    session = session_of(_cara_to_move())
    assert session.check("Cara: take 1 ship discard k6")
    assert session.check(typed if typed.startswith("cara") else f"cara: {typed}")  # the referee takes it ...
    assert "Cara: take 1 ship discard k6" in completions(session.state, " ".join(typed.split()).casefold())  # ... Tab too


def test_a_sale_with_many_route_bonuses_is_offered_going_on_with_bonus() -> None:
    """A sale's trade-route bonuses are written after ``bonus``, not ``then``: Tab offered
    ``Cara: sell 5 then ``, which the reader refuses and after which Tab found nothing."""
    import tomllib

    from burgundy_cli.castles.record.table import drop_last

    path = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy" / "complete-4p-2019-all-modules.toml"
    whole = tomllib.loads(path.read_text(encoding="utf-8"))
    whole.pop("result", None)
    for _ in range(100):   # phase D's first roll: Cara (dice 2 5) may sell 5 with a church space's bonus
        drop_last(whole)
    session = session_of(dump_record(whole))
    offered = completions(session.state, "cara: sell 5")
    assert offered == ["Cara: sell 5", "Cara: sell 5 bonus "]
    assert session.check("Cara: sell 5 bonus take bank from 2 discard k6")
    further = completions(session.state, "cara: sell 5 bonus ")
    assert "Cara: sell 5 bonus take bank from 2 discard k6" in further
    assert all(session.check(line) for line in further)
