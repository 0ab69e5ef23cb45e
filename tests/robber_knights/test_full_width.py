"""Robber Knights reads what a phone or an East-Asian keyboard types (audit-names), as the
Castles reader does: a line in Unicode NFKC (``core.words.normalised``, the one reading both
readers share), so full-width letters, digits and punctuation (``ｌａｙ ｃｐ ｅ４``, ``：``,
``，``) are their ASCII forms; a refusal's column is the typed character's; the player's
name is taken as typed, for the record's players to match (``core.words.player_key``)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.core.errors import ParseError
from burgundy_cli.core.words import player_key
from burgundy_cli.robber_knights.notation import canonical_start, format_command, parse_line
from tests.robber_knights.test_properties import COMMANDS
from tests.session.conftest import RK_SETUP


def wide(text: str) -> str:
    """``text`` in full-width forms: each printable ASCII character its full-width twin (one
    character for one, so every column stays), a space the ideographic space; ``#`` and
    ``"`` stay, as the readers keep their full-width forms as typed."""
    return "".join("\u3000" if char == " " else char if char in '#"' else chr(ord(char) + 0xFEE0)
                   for char in text)


@pytest.mark.parametrize(("typed", "canonical"), [
    ("red: ｌａｙ ｃｐ ｅ４ ｋ ２", "red: lay castle-plain e4 knights 2"),
    ("red： lay plain e4", "red: lay plain e4"),                         # a full-width colon
    ("red lay cf e8， knights ３ east leave ２，１", "red: lay castle-forest e8 knights 3 east leave 2,1"),
    ("red\u3000lay\u3000plain\u3000f7", "red: lay plain f7"),           # ideographic spaces
    ("red: ｄｒａｗ ｖｉｌｌａｇｅ－ｆｏｒｅｓｔ", "red: draw village-forest"),
    ("red: lay cp e4 k 4 e leave １－２－１  # ｆｉｒｓｔ castle", "red: lay castle-plain e4 knights 4 east leave 1,2,1"),
    ("ｒｅｄ： ｅｎｄ", "ｒｅｄ: end"),                                    # the name as typed, for the record to match
    ("a：b: end", "a：b: end"),                                          # a full-width colon in a name: the line as typed
    ("㉐: end", "㉐: end"),                                              # NFKC would write 'PTE': the name as typed
])
def test_full_width_input_reads_as_its_ascii_form(typed: str, canonical: str) -> None:
    assert format_command(parse_line(typed)) == canonical
    assert format_command(parse_line(canonical)) == canonical


@pytest.mark.parametrize(("typed", "token", "column"), [
    ("ｒｅｄ： ｌａｙ ｐｌｉａｎ ｅ４", "unknown tile 'plian'", 10),
    ("red: lay plain ｚ９９", "no game's grid has a cell 'z99'", 16),
    ("ｒｅｄ： ｌａｙ ｃｐ ｅ４ ｋ ３ ｅ ｌｅａｖｅ ２，１，１", "knights 3 but the knights left add up to 4", 18),
    ("red： lay cp e4 k 3 e leave １，，２", "empty item in 'leave 1,,2'", 29),
    ("ﬁ: ﬂy", "unknown action 'fly'", 4),        # a ligature: two letters in one, columns still the typed ones
    ("ｒｅｄ： ｌａｙ ｃｐ", "lay needs a cell", 12),   # the end of the line as typed
])
def test_a_refusal_points_at_the_typed_column(typed: str, token: str, column: int) -> None:
    """Before: ``unexpected 'ｅ４'``, ``unknown action 'ｌａｙ'`` -- nothing full-width read."""
    with pytest.raises(ParseError) as info:
        parse_line(typed)
    assert info.value.message.startswith(token) and info.value.location.column == column


def test_a_full_width_hash_is_refused_at_its_column_by_both_readers_not_dropped() -> None:
    """A comment is split off a line by ``#`` alone before it is read (core.replay.split_comment):
    the Castles reader, reading ``＃`` as ``#``, played ``anna: take 5 church ＃ a note`` and
    recorded ``anna: take 5 church``, the note lost. Both readers now keep ``＃`` as typed and
    refuse it where it stands, so the player types ``#`` and the note is kept."""
    from burgundy_cli.castles.notation import parse_line as castles_line

    for read, line in ((parse_line, "red: lay plain e4 ＃ a note"), (castles_line, "anna: take 5 church ＃ a note")):
        with pytest.raises(ParseError) as info:
            read(line)
        assert "unexpected '＃'" in info.value.message and line[info.value.location.column - 1] == "＃"


def test_a_full_width_line_is_played_and_recorded_canonically(cli, tmp_path) -> None:
    path = tmp_path / "rk.toml"
    path.write_text(RK_SETUP, encoding="utf-8")
    checked = cli("check", str(path), "ｒｅｄ： ｌａｙ ｃｐ ｆ５ ｋ ３ ｓ ｌｅａｖｅ １，２")
    assert checked.exit_code == 0 and checked.stdout.startswith("legal: red: lay castle-plain f5 knights 3 south leave 1,2")
    refused = cli("check", str(path), "ｒｅｄ： ｌａｙ ｐｌｉａｎ ｆ５")
    assert refused.exit_code != 0 and ">:1:10: cannot parse: unknown tile 'plian'" in refused.stderr   # column 10 as typed
    played = cli("play", str(path), "ｒｅｄ　ｌａｙ　ｐｌａｉｎ　ｆ５")
    assert played.exit_code == 0, played.output
    text = path.read_text(encoding="utf-8")
    assert '"red: lay plain f5",\n]' in text and "ｆ" not in text


def test_tab_reads_full_width_words() -> None:
    assert canonical_start("ｒｅｄ ｌ ｃｐ ｅ７ ｋ ２ ｅ") == "red: lay castle-plain e7 knights 2 e"
    from tests.robber_knights.helpers import open_text

    session = open_text(RK_SETUP)
    assert session.legal_moves().completions("ｌａｙ ｃｐ ｆ５ ｋ ３") == session.legal_moves().completions("lay cp f5 k 3")
    assert session.legal_moves().completions("ｌａｙ ｃｐ ｆ５ ｋ ３")


@settings(max_examples=300, deadline=None)
@given(cmd=COMMANDS, data=st.data())
def test_a_line_with_full_width_characters_reads_as_the_line_in_ascii(cmd, data) -> None:
    """Any line written by the writer, any of its characters after the name made full-width
    (one for one, so the columns are the same), and then -- for the refusals -- one character
    replaced, dropped or added: the widened line reads to the command the ASCII line reads
    to, or is refused with the same message at the same column."""
    line = format_command(cmd)
    at = data.draw(st.integers(len(cmd.player) + 2, len(line)))
    edit = data.draw(st.sampled_from(["none", "replace", "drop", "insert"]))
    char = data.draw(st.sampled_from(list(" :,-0123456789aeklnorstwx")))
    if edit == "replace":
        line = line[:at] + char + line[at + 1:]
    elif edit == "drop":
        line = line[:at] + line[at + 1:]
    elif edit == "insert":
        line = line[:at] + char + line[at:]
    start = len(cmd.player) + 1
    widened = {index for index in data.draw(st.sets(st.integers(start, max(start, len(line) - 1))))
               if index < len(line)}
    typed = "".join(wide(char) if index in widened else char for index, char in enumerate(line))
    try:
        expected = parse_line(line)
    except ParseError as err:
        with pytest.raises(ParseError) as info:
            parse_line(typed)
        assert (info.value.message, info.value.location.column) == (err.message, err.location.column)
    else:
        assert parse_line(typed) == expected


@settings(max_examples=200, deadline=None)
@given(cmd=COMMANDS)
def test_a_full_width_name_is_read_as_typed_and_matches_the_listed_one(cmd) -> None:
    name = wide(cmd.player)
    read = parse_line(wide(format_command(cmd)).replace("\uff1a", ":", 1))
    assert read == cmd.model_copy(update={"player": name})
    assert player_key(name) == player_key(cmd.player) and unicodedata.normalize("NFKC", name) == cmd.player


#: Text of the kind the readers meet: the notation's words and marks, in ASCII and full width,
#: ligatures, NFKC's expansions (``¼`` is three characters), combining marks, odd spaces.
_TYPED = st.text(alphabet=st.sampled_from(list("red: laycpfe4k2,-#1 ") + [wide(c) for c in "red:laycpfe4k2,-1 "]
                                          + ["ﬁ", "ﬂ", "¼", "㉐", "\u0308", "¨", "\u00a0", "\u3000", "＃", '"']),
                 max_size=30)


@settings(max_examples=400, deadline=None)
@given(text=_TYPED)
def test_any_typed_line_reads_or_is_refused_at_a_column_of_the_line(text: str) -> None:
    try:
        parse_line(text)
    except ParseError as err:
        assert err.location is not None and 1 <= err.location.column <= len(text) + 1, (text, err.message)
