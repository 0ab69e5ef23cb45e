"""The table session under hostile input (issue 33: items 3, 9, 15, 16, 21 and 24).

* 3: every line the session prints goes through the printable filter of the one-shot
  commands: a pasted escape sequence is echoed escaped, never obeyed.
* 9: a record changed on disk in a way the session cannot merge keeps the session's
  accepted lines safe in ``FILE.session-conflict``, and the session says what differs.
* 15: ``ESC [ 31 m`` typed or pasted at the prompt is no traceback.
* 16: a line longer than :data:`~burgundy_cli.core.table.MAX_TYPED` is refused as it is
  typed: the input stops growing, and memory with it.
* 21: ``undo`` (or ``play``) from another terminal while a session holds the record is
  refused, with a message saying so; the session's lines stay as they are.
* 24: a line break inside a comment never swallows the next line.
"""

from __future__ import annotations

import re
import tracemalloc

import pytest

from burgundy_cli.core.session import open_record
from burgundy_cli.core.table import MAX_TYPED, TableSession
from tests.session.conftest import RK_SETUP
from tests.session.terminals import typed_session

ENTER, CTRL_D = "\r", "\x04"
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
#: What must never reach a terminal from the session.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def moves(path) -> list[str]:
    return open_record(path).record_data()["play"]["moves"]


def test_item_3_what_the_session_says_is_printable(rk_record) -> None:
    evil = "red: lay \x1b]0;owned\x07\x1b[2J f5"
    code, said = typed_session(rk_record, [PASTE_START + evil + PASTE_END, ENTER, "score" + ENTER, CTRL_D],
                               pause=0.1)
    assert code == 0
    refusal = next(text for text in said if text.startswith("refused"))
    assert "\\u001b]0;owned\\u0007" in refusal
    assert not any(CONTROL.search(text) for text in said), said


@pytest.mark.parametrize("keys", ["\x1b[31m", PASTE_START + "\x1b[31m" + PASTE_END, "red: lay\x1b[0m plain f5"])
def test_item_15_a_colour_sequence_at_the_prompt_is_no_traceback(rk_record, keys, capfd) -> None:
    code, said = typed_session(rk_record, [keys, ENTER, "red: lay plain f5" + ENTER, CTRL_D], pause=0.1)
    captured = capfd.readouterr()
    assert code == 0
    assert "Traceback" not in captured.out + captured.err and "Unhandled exception" not in captured.out + captured.err
    assert moves(rk_record) == ["red: lay plain f5"]


def test_item_16_a_long_typed_line_is_refused_as_it_is_typed(rk_record) -> None:
    keys = "".join(chr(ord("a") + index % 26) for index in range(3 * MAX_TYPED))  # (not one key repeated)
    tracemalloc.start()
    try:
        code, said = typed_session(rk_record, [keys[start:start + 500] for start in range(0, len(keys), 500)]
                                   + [ENTER, CTRL_D], pause=0.1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 0
    assert f"a line of the game is at most {MAX_TYPED} characters; this one has" not in " ".join(said)
    refusal = next(text for text in said if text.startswith("refused"))
    assert "cannot parse" in refusal and moves(rk_record) == []
    # prompt_toolkit keeps the line per key for its undo: 3,000 keys of a growing line kept
    # 3,000 copies (4.5 M characters); stopped at 1,000 it keeps 1,000 of at most 1,000.
    assert peak < 40_000_000, peak


def test_item_16_a_long_line_is_refused_whole_however_it_arrives(rk_record) -> None:
    table = TableSession(rk_record)
    try:
        reply = table.handle("red: lay plain f5 # " + "x" * MAX_TYPED)
        assert reply.text == (f"refused, nothing written: a line of the game is at most {MAX_TYPED} characters; "
                              f"this one has {MAX_TYPED + 20}")
        assert not reply.accepted and moves(rk_record) == []
    finally:
        table.close()


@pytest.mark.parametrize("command", [["undo"], ["play", "red: lay plain f5"]])
def test_item_21_a_one_shot_write_is_refused_while_a_session_holds_the_record(cli, rk_record, command) -> None:
    table = TableSession(rk_record)
    try:
        assert table.play("red: lay plain g5").accepted      # (the session wrote: it holds the new file)
        before = rk_record.read_bytes()
        result = cli(command[0], str(rk_record), *command[1:])
        assert result.exit_code == 2
        assert f"{rk_record} is open in a table session ('burgundy play {rk_record}', another terminal); " \
               "nothing was written (play or undo at that session, or leave it first)" in result.stderr
        assert rk_record.read_bytes() == before
        assert table.handle("undo").text == "undone: red: lay plain g5"   # the session itself may
        assert table.play("red: lay plain f5").accepted
    finally:
        table.close()
    assert cli("undo", str(rk_record)).exit_code == 0                      # and once it is left, anyone
    assert moves(rk_record) == []


def test_item_21_a_second_session_on_the_record_is_refused(rk_record) -> None:
    from burgundy_cli.core.errors import UsageError

    table = TableSession(rk_record)
    try:
        with pytest.raises(UsageError, match="is open in a table session"):
            TableSession(rk_record)
    finally:
        table.close()
    TableSession(rk_record).close()


def test_item_24_a_line_break_in_a_typed_comment_never_swallows_the_next_line(cli, rk_record) -> None:
    result = cli("play", str(rk_record), "red: lay plain f5 # c\nblue: lay lake g5")
    assert result.exit_code == 1 and "recorded" not in result.stdout
    assert "a comment holds a line break or control character (U+000A)" in result.stderr
    assert moves(rk_record) == []
    table = TableSession(rk_record)
    try:
        reply = table.handle("red: lay plain f5 # c\u2028blue: lay lake g5")
        assert not reply.accepted and "U+2028" in reply.text and moves(rk_record) == []
    finally:
        table.close()


def test_item_24_a_record_line_whose_comment_holds_a_line_break_is_refused_located(cli, rk_record) -> None:
    text = rk_record.read_text(encoding="utf-8") + '\n[play]\nmoves = [\n    "red: lay plain f5 # c\\nblue: end",\n]\n'
    rk_record.write_text(text, encoding="utf-8")
    result = cli("score", str(rk_record))
    assert result.exit_code == 1
    assert re.search(r":\d+:\d+: cannot parse: a comment holds a line break", result.stderr), result.stderr


def test_item_9_an_edit_that_cannot_be_merged_keeps_the_session_s_lines_safe(rk_record) -> None:
    table = TableSession(rk_record)
    try:
        assert table.play("red: lay plain f5").accepted and table.play("red: draw lake").accepted
        ours = rk_record.read_text(encoding="utf-8")
        # an editor's stale copy (without the session's lines) with an edit of its own: a line
        # the session had not played, and a changed note
        stale = RK_SETUP.replace('players = ["red", "blue"]', 'players = ["red", "blue"]\nnotes = "edited"')
        rk_record.write_text(stale + '\n[play]\nmoves = ["red: lay castle-plain f5 knights 2"]\n', encoding="utf-8")
        note = table.reload_if_changed()
        conflict = rk_record.with_name(rk_record.name + ".session-conflict")
        assert conflict.read_text(encoding="utf-8") == ours
        assert note == (f"{rk_record} changed on disk: reloaded it (1 line); this session's record, with every "
                        f"line it accepted, is kept in {conflict}; the file on disk lacks 2 lines this session "
                        "recorded: red: lay plain f5 | red: draw lake; what differs (- this session, + the file on "
                        "disk): log line 1: -red: lay plain f5 | -red: draw lake | +red: lay castle-plain f5 knights 2")
        assert moves(rk_record) == ["red: lay castle-plain f5 knights 2"]
        # a second conflict never overwrites the first
        assert table.play("red: draw lake").accepted
        rk_record.write_text(stale, encoding="utf-8")
        assert "kept in " + str(conflict) + "-2;" in table.reload_if_changed()
        assert conflict.read_text(encoding="utf-8") == ours
    finally:
        table.close()


def test_item_9_a_record_that_no_longer_reads_keeps_the_session_s_lines_safe(rk_record) -> None:
    from burgundy_cli.core.errors import RefereeError

    table = TableSession(rk_record)
    try:
        assert table.play("red: lay plain f5").accepted
        ours = rk_record.read_text(encoding="utf-8")
        rk_record.write_text("[game\n", encoding="utf-8")
        with pytest.raises(RefereeError) as raised:
            table.reload_if_changed()
        conflict = rk_record.with_name(rk_record.name + ".session-conflict")
        assert f"kept in {conflict}" in str(raised.value) and "red: lay plain f5" in str(raised.value)
        assert conflict.read_text(encoding="utf-8") == ours
    finally:
        table.close()
