"""Locating keys and strings in record text: RecordDoc.location_of_key and location_of_text."""

from __future__ import annotations

import tomllib

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgundy_cli.core.record import MAX_NESTING, RecordDoc, _depth, parse_record_text
from burgundy_cli.core.tomlsource import nesting_overflow, source_map, string_value

TEXT = '''\
# a comment that mentions "anna: take 3 church" and [game]
[game]
name = "castles-of-burgundy"
players = ["anna", 'bert',
    "carl",  # the third seat
]
options.tiebreak = "most"
"quoted key" = 1
extra = { inner = { deepest = "x" } }

[game.more]
colour = "red"

[[rounds]]
moves = [
    "anna: take 3 church",
    'bert: take 4 mine',
    "carl: say \\"hi\\"",
    """anna: multi""",
]

[[rounds]]
moves = ["anna: take 3 church"]
[rounds.notes]
text = "second round"
'''


def where(path) -> tuple[int, int]:
    location = parse_record_text(TEXT, "r.toml").location_of_key(*path)
    return location.line, location.column


def test_plain_keys_and_tables():
    assert where(("game",)) == (2, 1)
    assert where(("game", "name")) == (3, 1)
    assert where(("game", "more", "colour")) == (12, 1)


def test_array_items_on_several_lines():
    assert where(("game", "players", 0)) == (4, 12)
    assert where(("game", "players", 1)) == (4, 20)
    assert where(("game", "players", "2")) == (5, 5)      # digit strings index arrays too


def test_dotted_and_quoted_keys():
    assert where(("game", "options")) == (7, 1)
    assert where(("game", "options", "tiebreak")) == (7, 9)
    assert where(("game", "quoted key")) == (8, 1)


def test_inline_tables():
    assert where(("game", "extra", "inner")) == (9, 11)
    assert where(("game", "extra", "inner", "deepest")) == (9, 21)


def test_arrays_of_tables():
    assert where(("rounds",)) == (14, 1)
    assert where(("rounds", 1)) == (22, 1)
    assert where(("rounds", 0, "moves", 2)) == (18, 5)
    assert where(("rounds", 1, "notes", "text")) == (25, 1)


def test_missing_key_falls_back_to_its_table_then_the_file():
    assert where(("game", "date")) == (2, 1)
    assert where(("rounds", 1, "moves", 7)) == (23, 1)
    assert parse_record_text(TEXT, "r.toml").location_of_key("nothing", "here").line is None


def test_comments_never_match():
    """The comment on line 1 quotes a move and a table header: neither is found there."""
    doc = parse_record_text(TEXT, "r.toml")
    assert doc.location_of_text("rounds", 0, "moves", 0).line == 16
    assert doc.location_of_key("game").line == 2


def test_list_items_are_located_inside_their_quotes_escapes_literals_and_repeats_alike():
    """The one locator of log lines: the item's place, so a line repeated later is found at its own."""
    doc = parse_record_text(TEXT, "r.toml")
    paths = [("rounds", 0, "moves", index) for index in range(4)] + [("rounds", 1, "moves", 0)]
    found = [doc.location_of_text(*path) for path in paths]
    assert [(f.line, f.column) for f in found] == [(16, 6), (17, 6), (18, 6), (19, 8), (23, 11)]


def test_an_item_not_written_falls_back_to_its_list():
    doc = parse_record_text(TEXT, "r.toml")
    assert doc.location_of_text("rounds", 1, "moves", 5).line == 23


def test_crlf_text_columns():
    doc = parse_record_text(TEXT.replace("\n", "\r\n"), "r.toml")
    assert (doc.location_of_key("game", "players", 2).line, doc.location_of_key("game", "players", 2).column) == (5, 5)
    assert doc.location_of_text("rounds", 0, "moves", 1).line == 17


# --- properties: every key path of any TOML document is located at its key ----------------

KEYS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=8)
SCALARS = st.one_of(st.text(max_size=12), st.integers(), st.booleans(),
                    st.floats(allow_nan=False, allow_infinity=False))
DOCS = st.recursive(
    SCALARS,
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(KEYS, children, max_size=4)),
    max_leaves=20,
).map(lambda value: value if isinstance(value, dict) else {"v": value})


def paths(value, prefix=()):
    """Every key path and array index of parsed TOML data, with the value found there."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield prefix + (key,), inner
            yield from paths(inner, prefix + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield prefix + (index,), inner
            yield from paths(inner, prefix + (index,))


def strings_of(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from strings_of(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from strings_of(inner)


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOCS, st.booleans())
def test_every_path_is_located(data, multiline):
    text = tomli_w.dumps(data, multiline_strings=multiline)
    mapped = source_map(text)
    for path, _value in paths(tomllib.loads(text)):
        assert path in mapped.keys, (path, text)
    assert sorted(string_value(token) for _, token in mapped.strings) == sorted(strings_of(tomllib.loads(text)))


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOCS)
def test_nesting_check_agrees_with_the_parsed_depth(data):
    text = tomli_w.dumps(data)
    too_deep = _depth(tomllib.loads(text), MAX_NESTING) > MAX_NESTING
    assert (nesting_overflow(text, MAX_NESTING) is not None) == too_deep


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.integers(1, 20), st.integers(0, 8), st.sampled_from(["[", "{x = "]))
def test_nesting_check_agrees_on_deep_shapes(keys, brackets, opener):
    closer = "]" if opener == "[" else "}"
    text = ".".join(["k"] * keys) + " = " + opener * brackets + "1" + closer * brackets
    too_deep = _depth(tomllib.loads(text), 100) > MAX_NESTING
    assert (nesting_overflow(text, MAX_NESTING) is not None) == too_deep


def test_record_doc_built_by_hand_is_still_located():
    doc = RecordDoc("x.toml", 'a = ["b"]\n', {"a": ["b"]})
    assert (doc.location_of_key("a").line, doc.location_of_text("a", 0).column) == (1, 7)
