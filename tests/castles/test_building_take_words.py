"""A church's take is refused in the record's edition's words.

2019 rules 'The buildings', 'Church': "take one mine (gray), or monastery (yellow), or castle
(dark green) tile" (2011 rules 'Building (beige)': a mine, castle or knowledge tile). The
refusal of a take no building allows named the church's tiles "mine, knowledge or castle" in a 2019 game too, beside the
2019 passage it cited (castles/rules/terms.py: one word per edition); the hint now names
the tiles of the building placed only.
"""

from __future__ import annotations

from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.rules.terms import WORDS
from tests.castles import test_message_edition_words as edition_words
from tests.castles.test_message_edition_words import _refusal, _speaks

#: The opening of records/ before Anna's turn of A3, once as 2011 and once as 2019.
session = edition_words.session


def test_a_take_the_church_does_not_allow_names_its_tiles_in_the_editions_words(session):
    """2019 'Church': 'one mine (gray), or monastery (yellow), or castle'; 2011: knowledge tiles."""
    edition = session.state.edition
    anna = session.state.players[0]
    anna.storage = ["church"]
    anna.duchy[space_id("c4")] = "k9"  # (c5, a town space showing 2, is next to it)
    err = _refusal(session, "anna: place 2 church c5 then take carpenter from 2")
    assert err.rule.id == "cob.building.take"
    assert err.hint == f"a church takes a mine, {WORDS[edition]['knowledge tile']} or castle"
    _speaks(err, edition)


def test_a_take_the_market_does_not_allow_names_its_tiles_only(session):
    """2011 'Market': "one ship (blue) or animal (light green) tile"; 2019 'Market': "one ship
    (blue), or livestock (light green) tile". The hint named all three buildings' tiles, and
    the market's "animal" in a 2019 game too; it names the market's, in the edition's word."""
    edition = session.state.edition
    anna = session.state.players[0]
    anna.storage = ["market"]
    anna.duchy[space_id("c4")] = "k9"
    err = _refusal(session, "anna: place 2 market c5 then take k10 from 5")
    assert err.rule.id == "cob.building.take"
    assert err.hint == f"a market takes a ship or {'animal' if edition == '2011' else 'livestock'} tile"
    _speaks(err, edition)

