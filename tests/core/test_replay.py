"""The one replay of core.replay, for both games: tables, comments, names, locations."""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import ParseError, RecordError
from burgundy_cli.core.record import parse_record_text
from burgundy_cli.core.replay import PlayerNames, split_comment
from burgundy_cli.core.session import open_doc
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"
ROBBER_KNIGHTS = RECORDS / "robber-knights" / "playout-2-players.toml"
BOTH = pytest.mark.parametrize("path", [CASTLES, ROBBER_KNIGHTS], ids=["castles", "robber-knights"])


def _open(text: str, name: str = "r.toml"):
    return open_doc(parse_record_text(text, name))


def _refusal(text: str) -> RecordError:
    with pytest.raises(RecordError) as raised:
        _open(text)
    return raised.value


@BOTH
def test_a_misspelt_result_table_is_refused_not_skipped(path):
    """Under [Result] a false stored result would never be compared with the replay."""
    text = path.read_text(encoding="utf-8")
    assert "\n[result]\n" in text
    wrong = text.replace("\n[result]\n", "\n[Result]\n").replace("complete = true", "complete = false")
    err = _refusal(wrong)
    assert "unknown table [Result]" in err.message and err.hint == "did you mean 'result'?"
    assert err.location.line == wrong.splitlines().index("[Result]") + 1


@BOTH
def test_an_unknown_top_level_key_is_refused_too(path):
    text = 'comment = "played at the club"\n' + path.read_text(encoding="utf-8")
    err = _refusal(text)
    assert "unknown top-level key 'comment'" in err.message and err.location.line == 1


@BOTH
def test_a_bad_line_is_located_at_its_own_place_and_column(path):
    """A line naming no player, added after the first list's last line, is reported where it stands."""
    text = path.read_text(encoding="utf-8")
    data = parse_record_text(text).data
    last_line = (data["log"]["A1"] if "log" in data else data["play"]["moves"])[-1]
    bad = text.replace(f'"{last_line}"', f'"{last_line}",\n    "zed: pass"', 1)
    with pytest.raises(ParseError) as raised:
        _open(bad)
    line_number = next(n for n, line in enumerate(bad.splitlines(), 1) if '"zed: pass"' in line)
    assert (raised.value.location.line, raised.value.location.column) == (line_number, 6)
    assert "unknown player 'zed'" in raised.value.message


@BOTH
def test_comments_are_kept_in_both_games(path):
    text = path.read_text(encoding="utf-8")
    doc = parse_record_text(text)
    key = ("log", "A1") if "log" in doc.data else ("play", "moves")
    first = doc.data[key[0]][key[1]][0]
    commented = text.replace(f'"{first}"', f'"# before the first line",\n    "{first}  # on the first line"', 1)
    lines = _open(commented).record_data()[key[0]][key[1]]
    assert lines[:2] == ["# before the first line", f"{first}  # on the first line"]


def test_player_names_resolve_case_and_spacing_and_suggest_the_closest():
    names = PlayerNames(["Anna", "Big  Bob"])
    assert names.resolve("ANNA") == "Anna" and names.resolve("big bob") == "Big  Bob"
    with pytest.raises(ParseError) as raised:
        names.resolve("anan", "anan: pass")
    assert raised.value.message == "unknown player 'anan'" and raised.value.location.column == 1
    assert raised.value.hint == "did you mean 'Anna'?"
    with pytest.raises(ParseError) as raised:
        names.resolve("zzz")
    assert raised.value.hint == "players: Anna, Big  Bob"


def test_split_comment_leaves_a_hash_inside_a_quoted_note():
    assert split_comment('fix anna vp +1 "a # b"  # late') == ('fix anna vp +1 "a # b"  ', "late")
    assert split_comment("anna: pass") == ("anna: pass", None)
    assert split_comment("# only") == ("", "only")


def test_a_column_after_escapes_is_counted_as_toml_reads_it():
    doc = parse_record_text('moves = ["a \\"b\\" c", \'d \\\\ e\']\n')
    assert doc.data["moves"] == ['a "b" c', "d \\\\ e"]
    assert doc.location_of_text("moves", 0, column=7).column == 19  # the c, after two escapes
    assert doc.location_of_text("moves", 1, column=3).column == 26  # a literal string has none
