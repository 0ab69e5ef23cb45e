"""Tab walks the roll line, typed every round, word by word: after the white die ``good``,
after each player's dice the next player's name (seat order), in the spellings the reader
takes (``w``, ``g``, dice as one word, commas optional); the numbers are the table's."""

from __future__ import annotations

import pytest

from burgundy_cli.core.table import TableSession


@pytest.mark.parametrize(("typed", "put"), [
    ("roll white 3 ", "roll white 3 good "),
    ("roll white 3 g", "roll white 3 good "),
    ("roll white 3 good 4 ", "roll white 3 good 4, Anna "),
    ("roll white 3 good 4, ", "roll white 3 good 4, Anna "),
    ("Roll W 3 G 4 anna 12 ", "Roll W 3 G 4 anna 12, Bob "),
    ("roll white 3 good 4, Anna 1 2, b", "roll white 3 good 4, Anna 1 2, Bob "),
    ("roll white 3 anna 1 2 ", "roll white 3 anna 1 2, Bob "),  # the good left out, as the reader allows
    ("roll white 3", "roll white 3 good "),  # Tab right after a number: what follows it
    ("roll white 3 good 5", "roll white 3 good 5, Anna "),
    ("roll white 3 good 5 anna 12", "roll white 3 good 5 anna 12, Bob "),
])
def test_tab_offers_the_roll_lines_next_word(castles_record, typed, put):
    table = TableSession(castles_record)  # the A4 roll is due
    assert [offer for offer, _ in table.completions(typed)] == [put]


@pytest.mark.parametrize("typed", ["roll white 3 good 4, Anna 1 2, Bob 3 4 ", "roll white 3 zz ",
                                   "roll white 3 good 4, Anna 1"])
def test_tab_offers_nothing_past_the_form_or_off_it(castles_record, typed):
    assert TableSession(castles_record).completions(typed) == []


def test_a_roll_completed_word_by_word_is_recorded(castles_record):
    table = TableSession(castles_record)
    text = "roll white 1"
    for numbers in ("4", "1 2", "3 4"):
        (text, _), = table.completions(text)
        text += numbers
    reply = table.handle(text)
    assert reply.accepted, reply.text
    assert "recorded: roll white 1 good 4, Anna 1 2, Bob 3 4" in reply.text
