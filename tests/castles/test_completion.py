"""Tab completion (table session and shell) comes from the move generator without listing
every line (issue 17: the first Tab on the worst cases took seconds). A placement with more
than ``GRANTED_SHOWN`` granted continuations the typed text has not reached is offered as
``<line> then ``; typed past its line, its continuations are offered the same way, a level
further down. So: expanding every such offer gives back exactly every legal line; every
line offered is accepted by ``check``; where no placement is shortened, the offers are the
lines that start with the typed text, as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.movegen import completions
from burgundy_cli.core.game import starts_as_typed
from burgundy_cli.core.record import parse_record_bytes
from burgundy_cli.core.session import open_doc, open_record
from tests.castles.test_moves_grouping import LISTINGS, listing_text

WORST_CASES = [Path(__file__).resolve().parents[2] / "benchmarks" / "data" / name
               for name in ("moves-worst-case.toml", "moves-worst-case-k1.toml")]
MORE = " then "


def session_of(text: str):
    return open_doc(parse_record_bytes(text.encode(), "game.toml"))


def expanded(state, typed: str = "") -> list[str]:
    """Every line the completions of ``typed`` stand for: each ``<line> then `` offer expanded
    by completing ``<line> `` (what it grants, purchases placed with it included)."""
    lines = []
    for line in completions(state, typed):
        if line.endswith((MORE, " bonus ")):  # (a sale's trade-route bonuses go on with 'bonus')
            lines.extend(expanded(state, line.rsplit(" ", 2)[0].casefold() + " "))
        else:
            lines.append(line)
    return lines


@pytest.mark.parametrize("name", LISTINGS)
def test_completions_expand_back_to_every_legal_line(name):
    session = session_of(listing_text(name))
    listing = session.legal_moves()
    assert sorted(expanded(session.state)) == sorted(listing.moves)


@pytest.mark.parametrize("name", LISTINGS)
def test_where_nothing_is_shortened_the_offers_are_the_lines_that_start_as_typed(name):
    session = session_of(listing_text(name))
    listing = session.legal_moves()
    for typed in ("", "p", "t", "take 2", "anna: place", "buy", "sell", "workers", "pass", "zz"):
        offered = listing.completions(typed)
        if not any(line.endswith((MORE, " bonus ")) for line in offered):
            assert sorted(offered) == sorted(move for move in listing.moves if starts_as_typed(move, typed)), typed


@pytest.mark.parametrize("path", WORST_CASES, ids=lambda path: path.stem)
def test_every_line_offered_on_the_worst_cases_is_legal(path):
    session = open_record(path)
    offered = []
    for typed in ("", "p", "anna: place 1>6 castle b3 then", "place 1>6 castle b3 then place city-hall",
                  "place 1>5 city-hall e2 then place city-hall c3 ", "place 4>5 city-hall e2 then place castle b3 then t",
                  "place 1>3 city-hall c3 buy", "place 1 city-hall e5 then place castle b3 then place city-hall c3 b"):
        lines = session.legal_moves().completions(typed)
        assert lines, typed
        assert all(starts_as_typed(line, typed) for line in lines), typed
        offered += lines
    lines = [line for line in offered if not line.endswith(MORE)]
    assert any(" buy " in line for line in lines) and any(line.endswith(MORE) for line in offered)
    for line in lines:
        assert session.check(line) == line
    for line in offered:
        if line.endswith(MORE):  # typed on, it offers what the placement grants
            assert completions(session.state, line.removesuffix(MORE).casefold() + " "), line


def test_table_session_and_shell_offer_then_on_the_worst_case(tmp_path):
    from burgundy_cli.core.table import TableSession
    from burgundy_cli.core.verdicts import legal_completions

    path = tmp_path / "game.toml"
    path.write_bytes(WORST_CASES[1].read_bytes())
    table = TableSession(path)
    head = "Anna: place 1>6 castle b3"
    assert table.completions("place 1>6 ca") == [(head, head), (f"{head} then ", f"{head} then ...")]
    assert legal_completions(str(path), [], "Anna: place 1>6 ca") == [head, f"{head} then "]
    deeper = [text for text, _ in table.completions(f"{head} then place city-hall c3 then place city-hall b5")]
    assert deeper[0] == f"{head} then place city-hall c3 then place city-hall b5"
    assert table.play(deeper[0]).accepted


# --- a start typed in any spelling the reader takes ------------------------------------------

#: Canonical words -> a spelling the reader takes for them (docs/notation.md, "Forgiving input").
#: (One-word aliases: a word being typed is matched as the start of a canonical word, so the
#: first of two, 'town' of 'town hall', finds nothing until the second is typed.)
_SLOPPY_WORDS = {"take": "t", "place": "put", "sell": "s", "workers": "w", "then": "and", "goods": "g",
                 "discard": "drop", "city-hall": "TownHall", "boarding-house": "boardinghouse",
                 "carpenter": "carpenters", "market": "marketplace", "ship": "Boat"}


def _sloppy(line: str) -> str:
    """``line`` as a player types it: no colon after the name, short verbs, aliases, capitals,
    a knowledge tile by its colour and number, an animal tile in two words, ``5->4``."""
    name, _, rest = line.partition(": ")
    words = []
    for word in rest.split(" "):
        if word[:1] == "k" and word[1:].isdigit():
            words.append(f"yellow {word[1:]}")
        elif word.rstrip("234") in ("cow", "pig", "sheep", "chicken") and word[-1:].isdigit():
            words.append(f"{word[:-1].title()} {word[-1]}")
        elif len(word) == 3 and word[1] == ">":
            words.append(word.replace(">", "->"))
        else:
            words.append(_SLOPPY_WORDS.get(word, word))
    if words and words[0] == "w":  # 'w' after a place's die would be read as... nothing: keep the verb short
        words[0] = "wk"
    return " ".join([name.upper(), *words])


def _found(offered: list[str], line: str) -> bool:
    """``line`` is offered, or stands behind an offered ``<line> then `` (its continuations,
    a purchase placed with it included: ``<line> buy k14 then ...``)."""
    return any(offer == line or (offer.endswith((MORE, " bonus ")) and line.startswith(offer.rsplit(" ", 2)[0] + " "))
               for offer in offered)


@pytest.mark.parametrize("name", LISTINGS[:4])
def test_a_line_typed_in_the_readers_spellings_is_offered_at_every_word(name):
    """Tab never misses what the referee accepts: a legal line typed the way the reader takes
    it (``ANNA t 5->4 yellow 16``) is among the offers after each whole word and at the
    verb's first letter, as its canonical start would be."""
    from burgundy_cli.castles.notation import format_command, parse_line

    session = session_of(listing_text(name))
    for line in session.legal_moves().moves[:60]:
        typed = _sloppy(line)
        assert format_command(parse_line(typed)).casefold() == line.casefold(), typed  # the reader's spelling
        words = typed.split(" ")
        # after each whole word, and halfway through the verb (a word being typed is matched
        # as it stands, so only a canonical word's start can find its line: 'Bo' is no 'ship')
        starts = [" ".join(words[:count]) + " " for count in range(1, len(words))]
        starts += [typed, f"{words[0]} {words[1][:1]}"]
        for start in starts:
            offered = completions(session.state, " ".join(start.split()).casefold())
            assert _found(offered, line), (start, line)


def test_a_start_the_reader_reads_is_matched_as_its_canonical_line():
    from burgundy_cli.castles.notation import canonical_start

    assert canonical_start("ben take 2 c") == "ben: take 2 c"
    assert canonical_start("t 3 yellow 1") == "take 3 k1"
    assert canonical_start("anna: p 3 city hall c3 b k7 from 2 w 1 and then p k7 c") == \
        "anna: place 3 city-hall c3 buy k7 from 2 workers 1 then place k7 c"
    assert canonical_start("anna: p 4 ship c3 from depot 6 keep 1") == "anna: place 4 ship c3 goods 6 keep 1"
    assert canonical_start("anna: t 6 church from depot 3 d m") == "anna: take 6 church from 3 discard m"
    assert canonical_start("ben wk 6-") == "ben: workers 6>"
    assert canonical_start("ben: put") == "ben: place"
    assert canonical_start("anna t 3 town hall") == "anna: take 3 city-hall"  # a two-word name, typed out
    assert canonical_start("anna t 3 yellow") == "anna: take 3 k"
    assert canonical_start("anna t 3 yellow ") == "anna: take 3 k"
    assert canonical_start("anna t 3 boat") == "anna: take 3 ship"
    assert canonical_start("roll w 3 g") == "roll w 3 g"  # a table line: its forms complete it


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("akpt 0123456789:,>-→#\"") + ["yellow", "cow", "then", "and", "from",
                                                                    "depot", "town", "hall", "Anna"]),
                max_size=20).map("".join))
def test_any_start_reads_as_a_start_without_an_error(typed):
    """Tab runs on every key: whatever is typed, the canonical start is a string, never an error."""
    from burgundy_cli.castles.notation import canonical_start

    assert isinstance(canonical_start(typed), str)


# --- a correction's player, matched as the reader matches names ------------------------------

@pytest.mark.parametrize(("listed", "typed"), [
    ("Ｃｌａｒａ", "fix clara "),        # a name listed in full-width letters, typed plain
    ("Ｃｌａｒａ", "fix ｃｌａｒａ "),    # ... or in full-width lower case
    ("Ｃｌａｒａ", "fix CLA"),
    ("Zoe\u0308", "fix zoë "),          # listed with a combining diaeresis, typed composed
    ("ﬁona", "fix Fiona "),             # a ligature
])
def test_fix_completes_a_name_as_the_reader_matches_it(tmp_path, listed, typed):
    """``fix <player>``: Tab finds the player the reader takes the name for (``core.words.player_key``:
    Unicode's compatibility caseless match), and puts the name as the record lists it."""
    from burgundy_cli.core.table import TableSession
    from tests.castles.record_texts import NEW_2011

    path = tmp_path / "game.toml"
    path.write_text(NEW_2011.replace("Clara = ", '"Clara" = ').replace("Clara", listed), encoding="utf-8")
    table = TableSession(path)
    try:
        put = [text for text, _ in table.completions(typed)]
        assert put[0] == (f"fix {listed} silver " if typed.endswith(" ") else f"fix {listed} ")
        assert table.live_check(f"{put[0]}+1" if typed.endswith(" ") else f"{put[0]}vp +1").startswith("legal: ")
    finally:
        table.close()
