"""The two Castles line readers agree: the canonical fast path and the lenient token reader.

:func:`parse_line` reads a line spelt exactly as :func:`format_command` writes it with
:func:`read_canonical` (word by word, a pattern for the rare forms; issue 5: records are
replayed from text, and the token reader cost most of a cold replay), and anything else
with :func:`read_lenient`. Replaying a record, the canonical reader knows the record's
players (:func:`known_names`) and takes their names without checking them again; every
test below reads each line both ways, knowing the names and not. The fast path must never change what a line means: on every
line it reads, it gives the command the token reader gives, and it leaves every other
spelling (case, spacing, aliases, comments, odd player names) to the token reader.
"""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.notation import format_command, known_names, parse_line, read_canonical, read_lenient
from burgundy_cli.core.replay import split_comment
from burgundy_cli.core.errors import ParseError
from tests.castles.test_notation import _COMMANDS, mutated
from tests.conftest import RECORDS


def _lenient_or_error(text: str):
    try:
        return read_lenient(text)
    except ParseError as err:
        return err


def assert_readers_agree(text: str, players: list[str] = ()) -> None:
    """The fast path reads ``text`` to the token reader's command, or leaves it alone, whether
    it knows ``players`` as a record's players or not."""
    for names in (None, known_names(list(players))):
        fast = read_canonical(text) if names is None else read_canonical(text, names)
        if fast is not None:
            assert _lenient_or_error(text) == fast, (text, players)


def _players(command) -> list[str]:
    """The player names ``command`` holds."""
    if command.kind == "roll":
        return list(command.dice)
    return [name for name in (getattr(command, "player", None), getattr(command, "lender", None)) if name]


# --- canonical lines: the fast path reads every one, to the same command -------------------


@settings(max_examples=400, deadline=None)
@given(_COMMANDS)
def test_fast_path_reads_every_canonical_line_as_the_token_reader_does(command) -> None:
    text = format_command(command)
    assert read_canonical(text) == command
    assert read_canonical(text, known_names(_players(command))) == command
    assert read_lenient(text) == command


def _record_lines() -> list[tuple[str, str]]:
    """(record name, line) for every log line of every shipped Castles record (comments kept)."""
    found = []
    for path in sorted((RECORDS / "castles-of-burgundy").glob("*.toml")):
        log = tomllib.loads(path.read_text("utf-8")).get("log", {})
        for lines in log.values():
            found.extend((path.name, line) for line in lines if split_comment(line)[0].strip())
    return found


def test_shipped_records_have_lines() -> None:
    assert len(_record_lines()) > 1000


def test_every_shipped_record_line_reads_the_same_both_ways() -> None:
    for name, line in _record_lines():
        command = read_lenient(line)
        fast = read_canonical(line)
        assert fast is None or fast == command, f"{name}: {line}"
        if format_command(command) == line:
            assert fast == command, f"{name}: canonical line left to the token reader: {line}"
        assert read_canonical(format_command(command)) == command, f"{name}: {line}"


def _followers() -> list[str]:
    """Every word a canonical line can put right after a tile name."""
    from burgundy_cli.castles.rules.boards import SPACES, space_name
    from burgundy_cli.castles.rules.tiles import catalogue

    return [*catalogue(), *(space_name(index) for index in range(SPACES)),
            "from", "discard", "workers", "goods", "keep", "buy", "then"]


def test_no_canonical_tile_joins_with_the_word_after_it() -> None:
    """The token reader joins a tile word with the next one when both make a name (``cow 3``).

    The fast path takes a canonical tile word as it is, which is right only because no
    canonical tile name followed by a word a canonical line puts after it reads as a tile.
    """
    from burgundy_cli.castles.rules.tiles import catalogue, resolve_tile_name

    joined = [(tile, word) for tile in catalogue() for word in _followers()
              if resolve_tile_name(tile + word) is not None]
    assert joined == []


# --- other spellings: left to the token reader, which still reads them ---------------------

#: A spelling of each tile that is not its canonical name but reads as it.
_ALIASES = {"city-hall": "town hall", "boarding-house": "Boarding House", "carpenter": "carpenter's workshop",
            "watchtower": "tower", "ship": "boat", "warehouse": "storehouse"}


def _alias(word: str) -> str:
    from burgundy_cli.castles.rules.tiles import catalogue

    if word not in catalogue():
        return word.upper()
    if word in _ALIASES:
        return _ALIASES[word]
    head = word.rstrip("0123456789")
    if head == "k":
        return f"Yellow {word[1:]}"
    return f"{head.title()} {word[len(head):]}" if head != word else word.title()


def _sloppy(text: str) -> str:
    """``text`` typed carelessly: words in other case, tiles by an alias, wide spaces, a comment.

    Only the words after ``<player>:`` and those of reveal and goods lines are changed: a
    player's name is never respelt.
    """
    name, colon, body = text.partition(": ") if not text.startswith(("reveal ", "goods ")) else ("", "", text)
    return name + (" : " if colon else "") + "  ".join(_alias(word) for word in body.split(" ")) + "  # typed late"


#: (roll, correction and shield 6's borrow lines hold names after the colon, never respelt)
_RESPELLABLE = _COMMANDS.filter(lambda command: command.kind not in ("roll", "correction", "shield-borrow"))


@settings(max_examples=300, deadline=None)
@given(_RESPELLABLE)
def test_carelessly_typed_lines_are_left_to_the_token_reader_and_mean_the_same(command) -> None:
    text = _sloppy(format_command(command))
    assert read_canonical(text) is None
    assert parse_line(text) == command


@pytest.mark.parametrize(("typed", "canonical"), [
    ("Roll W 3 G 5 anna 26 bob 1/1", "roll white 3 good 5, anna 2 6, bob 1 1"),
    ("roll white 3 good 5,  anna 2 6, bob 1 1", "roll white 3 good 5, anna 2 6, bob 1 1"),
    ("fix anna silver 1", "fix anna silver +1"),
    ("anna: fix VP -2", "fix anna vp -2"),
    ("FIX anna goods 3 +1", "fix anna goods3 +1"),
    ("reveal blk ship", "reveal black ship"),
    ("goods 35116", "goods 3 5 1 1 6"),
    ("anna: take 3 ship 3", "anna: take 3 ship from 3"),
    ("anna: take 3 ship from 3 d mine", "anna: take 3 ship from 3 discard mine"),
    ("anna: place 5 ship c3 g 6 & 1", "anna: place 5 ship c3 goods 6+1"),
    ("anna: place 4 ship c3 goods 3 keep 2,5", "anna: place 4 ship c3 goods 3 keep 2 5"),
    ("anna: sell 5 goods 5", "anna: sell 5"),
    ("anna: buy ship workers 0", "anna: buy ship"),
])
def test_other_spellings_of_table_and_player_lines_read_to_the_canonical_command(typed: str,
                                                                                  canonical: str) -> None:
    assert parse_line(typed) == read_canonical(canonical)
    assert format_command(parse_line(typed)) == canonical


# --- player names the token reader reads otherwise: never taken by the fast path -------------

_ODD_WORDS = ["roll", "Roll", "dice", "REVEAL", "rev", "goods", "fix", "vp", "Silver", "workers", "goods3",
              "good", "white", "w", "2", "26", "2-6", "2/6", "3po", "²", "١", "x" * 41, "anna", "Anna", "bob",
              "Zoë", "李", "a>b", "-1", "+1", "then"]
_ODD_NAMES = st.lists(st.sampled_from(_ODD_WORDS) | st.text(st.characters(blacklist_categories=("Cs",)),
                                                          min_size=1, max_size=6), min_size=1, max_size=3)


@st.composite
def _lines_with_odd_names(draw) -> tuple[str, list[str]]:
    """Canonical-looking lines whose player names use table verbs, resource words, digits, ..."""
    first, second = (" ".join(draw(_ODD_NAMES)) for _ in range(2))
    template = draw(st.sampled_from([
        "{a}: pass", "{a}: take 3 ship from 2", "{a}: place 5>4 castle d4 then take k7 from 3",
        "{a}: buy mine workers 1", "{a}: sell 2 goods 3", "{a}: workers 6", "fix {a} vp +1", 'fix {a} goods2 -3 "x"',
        "roll white 3, {a} 2 6", "roll white 3 good 5, {a} 2 6, {b} 1 1", "roll white 1, {a} 1 1, {a} 2 2"]))
    return template.format(a=first, b=second), [first, second]


@settings(max_examples=500, deadline=None)
@given(_lines_with_odd_names())
def test_lines_with_odd_player_names_read_the_same_both_ways(line: tuple[str, list[str]]) -> None:
    assert_readers_agree(*line)


@st.composite
def _near_misses(draw) -> tuple[str, list[str]]:
    """A canonical line with one edit, and the players of the line before the edit."""
    command = draw(_COMMANDS)
    return mutated(draw, format_command(command)), _players(command)


@settings(max_examples=500, deadline=None)
@given(_near_misses())
def test_near_miss_lines_read_the_same_both_ways(line: tuple[str, list[str]]) -> None:
    assert_readers_agree(*line)


@pytest.mark.parametrize("text", [
    "roll x: pass", "Fix anna: pass", "reveal anna: pass", "anna 2: pass", "roll white 3, Anna 2 6, anna 1 1",
    "roll white 3, player 2 1 1", "roll white 3, ² 1 1", "fix vp anna silver +1", "x" * 41 + ": pass",
    "anna: take 3 ship # from 2", 'fix anna vp +1 "a # b"', "anna:  pass", " anna: pass", "anna: pass ",
    "anna: take 3 Ship", "anna: place 3 ship C3", "anna: place 3 ship h1", "anna: take 7 ship",
    "reveal 0 ship", "reveal 7 ship", "goods 1 2 3 4 0", "goods 1 2 3 4", "anna: sell 5 goods 5",
])
def test_edge_lines_read_the_same_both_ways(text: str) -> None:
    assert_readers_agree(text, ["anna", "Anna", "²", "x" * 41, "roll x", "3po"])


@pytest.mark.parametrize("text", [
    "anna:", "anna: ", "anna: take", "anna: take 3", "anna: take 3 ship from", "anna: take 3 ship discard",
    "anna: take 3 ship shared shared", "anna: place 3 ship", "anna: place 3 castle d4 then",
    "anna: place 3 castle d4 then take", "anna: place 3 castle d4 then workers 2", "anna: place 3 ship c3 keep",
    "anna: place 3 ship c3 goods 1 keep none 2", "anna: place 3 ship c3 goods 1+", "anna: place 3 ship c3 goods 7",
    "anna: place 3 castle d4 as", "anna: place 3 city-hall d4 buy", "anna: place 3 city-hall d4 buy ship then",
    "anna: place 3 city-hall d4 buy ship workers 3 then place ship c3", "anna: sell", "anna: sell 3 goods",
    "anna: sell 3 bonus", "anna: sell 3 bonus workers bonus", "anna: sell 3 bonus bonus workers",
    "anna: workers", "anna: workers 3 4", "anna: buy", "anna: buy ship workers", "anna: buy ship workers 3",
    "anna: pass pass", "anna: place 3 castle d4 then shield 0 a1", "anna: place 3 castle d4 then shield 19 a1",
    "anna: place 3 castle d4 then shield 3 h1", "anna: place 3 castle d4 then shield 3 g7",
    "roll white 3 good 5, anna 2 6, anna 1 1", "roll white 3, anna 2 6, bob 1", "roll white 3, anna 2 6 bob 1 1",
    "roll white 3 good 5, anna 2 6,, bob 1 1", "roll white 3 good 5 anna 2 6", "roll white 3, anna 2 6, bob 1 1,",
    "roll white 3, anna 2 6, Bob 1 1", "roll white 3, good 2 6, bob 1 1", "roll white 7, anna 2 6",
    "roll white 3 good, anna 2 6", "roll black 3, anna 2 6", "reveal", "reveal 1", "reveal black",
])
def test_edge_lines_of_known_players_read_the_same_both_ways(text: str) -> None:
    assert_readers_agree(text, ["anna", "bob"])
