"""An illegal line of a record is located at the word it blames, as a parse error is.

A refusal about one word of its line -- the space of a placement (2011 'Add six-sided tile to
your estate', 2019 'Place hex tile in your duchy'), the tile placed from storage or taken from
a depot ('Take six-sided tile'), the die ('A player's turn': 'exactly two actions, one per
die'; 'Worker tiles') -- gives file:line:column at that word; a parse error's token column takes
the same path (core.replay.locate_in_line). The record: the 2011 opening, Anna's A1 placement
``"anna: place 4>3 bank c3",`` on line 27, its string's first character at column 6.
"""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

OPENING = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"
START = 6  # the column of the line's first character in the file


@pytest.mark.parametrize(("old", "new", "rule_id", "word"), [
    ("anna: place 4>3 bank c3", "anna: place 4>3 bank a2", "cob.place.colour", "a2"),
    ("anna: place 4>3 bank c3", "anna: place 4>3 bank c6", "cob.place.adjacent", "c6"),
    ("anna: place 4>3 bank c3", "anna: place 4>3 church c3", "cob.place.stored", "church"),
    ("anna: place 4>3 bank c3", "anna: place 5>3 bank c3", "cob.die.unused", "5>3"),
    ("anna: place 4>3 bank c3", "anna: place 4>2 bank c3", "cob.die.workers", "4>2"),
    ("anna: take 6 bank", "anna: take 6 castle", "cob.take.depot", "castle"),
    ("anna: buy castle", "anna: buy pig3", "cob.buy.depot", "pig3"),
    # 2011 'The central black depot': "return 2 Silverlings" -- the workers paid are to blame
    ("anna: buy castle", "anna: buy castle workers 2", "cob.buy.silver", "workers"),
])
def test_a_refusal_is_located_at_the_word_it_blames(tmp_path, old, new, rule_id, word):
    text = OPENING.read_text()
    assert text.count(f'"{old}"') == 1
    path = tmp_path / "game.toml"
    path.write_text(text.replace(f'"{old}"', f'"{new}"'))
    with pytest.raises(IllegalMoveError) as refused:
        open_record(path)
    err = refused.value
    assert err.rule.id == rule_id
    line = next(number for number, row in enumerate(path.read_text().splitlines(), 1) if f'"{new}"' in row)
    assert (err.location.line, err.location.column) == (line, START + new.index(word))
    assert str(err).startswith(f"{path}:{line}:{START + new.index(word)}: illegal ({rule_id})")


def test_a_refusal_of_the_whole_line_stays_at_its_start(tmp_path):
    """A line out of turn ('The five game rounds') blames no one word: the line's start."""
    path = tmp_path / "game.toml"
    path.write_text(OPENING.read_text().replace('"anna: take 6 bank"', '"bob: take 6 bank"'))
    with pytest.raises(IllegalMoveError) as refused:
        open_record(path)
    assert refused.value.rule.id == "cob.flow.turn-order"
    assert refused.value.location.column == START
