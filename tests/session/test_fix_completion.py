"""Tab offers the table's correction, ``fix``, which the referee accepts at any time: it was
the one line the session took that Tab never offered."""

from __future__ import annotations

from burgundy_cli.core.table import TableSession


def test_tab_walks_a_correction_word_by_word(castles_record):
    table = TableSession(castles_record)
    assert table.completions("fi") == [("fix ", 'fix <player> <silver|workers|vp|goods1-6> <+n|-n> ["note"]')]
    assert [put for put, _ in table.completions("fix ")] == ["fix Anna ", "fix Bob "]
    assert [put for put, _ in table.completions("fix b")] == ["fix Bob "]
    assert [put for put, _ in table.completions("fix  Anna g")][:2] == ["fix Anna goods1 ", "fix Anna goods2 "]
    assert table.completions("fix Anna silver ") == []  # the amount is the table's to say
    assert table.completions("check fix Anna v") == [("check fix Anna vp ", "fix Anna vp <+n|-n>")]
    # a space typed last after ``check ...`` goes on to the next word, as without ``check``
    # (it was dropped, and Tab offered the name again instead of what comes after it)
    assert [put for put, _ in table.completions("check fix Anna ")][:2] == ["check fix Anna silver ",
                                                                          "check fix Anna workers "]


def test_a_correction_completed_by_tab_is_accepted(castles_record):
    table = TableSession(castles_record)
    (line, _), = table.completions("fix Anna s")
    reply = table.handle(line + "+1")
    assert reply.accepted, reply.text
