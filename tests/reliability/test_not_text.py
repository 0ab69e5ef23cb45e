"""A record holding what no TOML text may hold is refused at that character, saying what it is.

An editor shows none of these characters, so the TOML reader's own message ("invalid basic
string", "invalid unquoted key", often at another column) would leave the user looking for
a mistake they cannot see: the message names the character and points at it.
"""

from __future__ import annotations

import pytest

from .test_malformed_input import assert_located, located, score, write

# (case id, replaced text, replacement, expected line, expected column, words in the message)
CASES = [
    ("nul-in-a-line", '"anna: 3"', '"anna:\x00 3"', 8, 11, "the file holds a NUL byte (\\0): a record is text"),
    ("nul-before-a-key", "edition =", "\x00edition =", 3, 1, "the file holds a NUL byte (\\0): a record is text"),
    ("nul-in-a-comment", "[log]", "[log] # a \x00", 6, 11, "NUL byte"),
    ("nul-after-a-value", "complete = true", "complete = true\x00", 17, 16, "NUL byte"),
    ("nul-between-items", '"anna: 3",', '"anna: 3",\x00', 8, 15, "NUL byte"),
    ("lone-cr", "[log]\n", "[log]\r", 6, 6, "a carriage return (\\r) that no line feed follows"),
    ("lone-cr-in-a-string", '"bert: 5"', '"bert:\r 5"', 9, 11, "carriage return"),
    ("form-feed", "[log]\n", "[log]\n\x0c\n", 7, 1, "a form feed (U+000C): TOML allows no such character"),
    ("escape-in-a-string", '"anna: 2"', '"\x1b[1manna: 2"', 10, 6, "an escape character (U+001B)"),
    ("delete", "[result]", "[result]\x7f", 16, 9, "a delete character (U+007F)"),
    ("backspace-in-a-key", "edition =", "edit\bion =", 3, 5, "a backspace (U+0008)"),
]


@pytest.mark.parametrize(("old", "new", "line", "column", "words"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_character_no_toml_text_holds_is_named_where_it_stands(cli, tmp_path, tally, old, new, line, column, words):
    result = assert_located(cli, tmp_path, tally.replace(old, new, 1) if old in tally else None, line, column, words)
    assert "not valid TOML" not in result.stderr


def test_an_earlier_toml_mistake_is_told_first(cli, tmp_path, tally):
    """A control character further down waits: the first mistake in the file is the one told."""
    path = write(tmp_path, tally.replace('["anna", "bert"]', '["anna" "bert"]').replace("[result]", "[result]\x0c"))
    assert located(score(cli, path), path)[:2] == (4, 19)


def test_crlf_line_ends_are_no_lone_carriage_return(cli, tmp_path, tally):
    path = write(tmp_path, tally.replace("\n", "\r\n").replace('"anna" "bert"', "x"))
    assert score(cli, path).exit_code == 0


def test_a_nul_escape_is_still_refused_at_its_key(cli, tmp_path, tally):
    """``\\u0000`` is valid TOML: it is refused once read, at its key (issue 33 item 5)."""
    path = write(tmp_path, tally.replace('"anna: 3"', '"anna: \\u0000"'))
    result = score(cli, path)
    assert result.exit_code == 1 and "holds a NUL character (U+0000)" in result.stderr


def test_utf16_is_named(cli, tmp_path, tally):
    with_mark = write(tmp_path, tally.encode("utf-16"), "marked.toml")
    result = score(cli, with_mark)
    assert result.exit_code == 1 and located(result, with_mark)[:2] == (1, 1)
    assert "the file is UTF-16 text" in result.stderr and "save the file as UTF-8" in result.stderr
    without = write(tmp_path, tally.encode("utf-16-le"), "unmarked.toml")
    result = score(cli, without)
    assert result.exit_code == 1 and located(result, without)[:2] == (1, 2)
    assert "NUL byte" in result.stderr and "it looks like UTF-16: save the file as UTF-8" in result.stderr


@pytest.mark.parametrize(("char", "name"), [("\ufeff", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
                                            ("\xa0", "U+00A0 (NO-BREAK SPACE)"),
                                            ("\u200b", "U+200B (ZERO WIDTH SPACE)")])
def test_an_unseen_character_where_the_reader_stops_is_named(cli, tmp_path, tally, char, name):
    """A byte order mark in the middle of a file (two files joined), a no-break space typed
    for a space: valid in a string, so TOML's own message stands, with the character named."""
    path = write(tmp_path, tally.replace("edition =", char + "edition =", 1))
    result = score(cli, path)
    assert result.exit_code == 1 and located(result, path)[:2] == (3, 1)
    assert "not valid TOML" in result.stderr
    assert f"the character there is {name}, which an editor may not show" in result.stderr


def test_not_utf8_stays_located_at_the_byte(cli, tmp_path, tally):
    path = write(tmp_path, tally.encode().replace(b'"bert: 5"', b'"bert:\xff 5"'))
    result = score(cli, path)
    assert result.exit_code == 1 and located(result, path)[:2] == (9, 11)
    assert "not UTF-8 text: byte 0xff cannot be decoded" in result.stderr
