"""The referee's own messages speak the record's edition, as its quoted rule does.

2011 rules 'Game components', 'The yellow tiles ("knowledge")': "Silverlings", yellow
"knowledge" tiles, cities; 2019 rules 'Game materials', 'The monastery tiles': "silver coins",
"monastery tiles", towns ('Buildings': 'only once per town'). A refusal, a legal verdict's
reasons and a line's effects in a 2019 record say "monastery tile 6", "2 silver coins" and
"town", beside the 2019 passage they cite; in a 2011 record "knowledge tile 6", "2
silverlings" and "city" (castles/rules/terms.py, one word per edition).

The position: the 2011 opening of records/ (Anna and Bob) stopped before Anna's turn of
round A3 (dice 2 2, 2 silver, 1 worker), played once as 2011 and once as 2019.
"""

from __future__ import annotations

import re

import pytest

from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

OPENING = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"
#: The words of the other edition a message must not use (as whole words).
FOREIGN = {"2011": ("monastery", "silver coin", "town"), "2019": ("knowledge", "silverling", "city")}


@pytest.fixture(params=["2011", "2019"])
def session(request, tmp_path):
    """The opening, before Anna's turn of A3, in the edition of the parameter."""
    text = OPENING.read_text().replace('    "anna: take 2 k9",\n    "anna: place 2>1 k9 c4",\n', "")
    path = tmp_path / "game.toml"
    path.write_text(text.replace('edition = "2011"', f'edition = "{request.param}"'))
    return open_record(path)


def _refusal(session, line: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as refused:
        session.check(line)
    return refused.value


def _speaks(text: str | IllegalMoveError, edition: str) -> None:
    """``text`` (a refusal: its message, hint and rule, not the rule's id) uses no word of
    the other edition."""
    if isinstance(text, IllegalMoveError):
        text = f"{text.message}; {text.hint} -- {text.rule.text} [{text.rule.ref}]"
    for word in FOREIGN[edition]:
        assert not re.search(rf"\b{word}", text), (edition, word, text)


def test_a_purchase_from_a_numbered_depot_names_tile_6_in_the_editions_words(session):
    """2011 'The yellow tiles' tile 6 / 2019 'The monastery tiles' tile 6: buying from the
    numbered depots."""
    edition = session.state.edition
    err = _refusal(session, "anna: buy k9 from 2")
    assert err.hint == f"{WORDS[edition]['knowledge tile']} 6 allows buying from the numbered depots"
    _speaks(err, edition)


def test_workers_paying_a_purchase_are_refused_in_the_editions_words(session):
    """2011 'The central black depot': 'return 2 Silverlings'; 2019: 'The central "black
    depot"' and tile 6 ('2 worker chips instead of 2 silver coins')."""
    edition = session.state.edition
    err = _refusal(session, "anna: buy carpenter workers 2")
    assert f"2 {WORDS[edition]['silverlings']}" in err.message
    _speaks(err, edition)


def test_a_second_building_in_a_city_is_refused_in_the_editions_words(session):
    """2011 'Building (beige)': 'only occur once per city'; 2019 'Buildings': 'only once per
    town' -- and tile 1 lifts the limit."""
    edition = session.state.edition
    anna = session.state.players[0]
    anna.duchy[space_id("c5")] = "bank"  # (a bank already in the city of b5, c5, c6)
    anna.storage = ["bank"]
    err = _refusal(session, "anna: place 2>3 bank c6")
    assert err.rule.id == "cob.place.city-once"
    town, tile = WORDS[edition]["city"], WORDS[edition]["knowledge tile"]
    assert (err.message, err.hint) == (f"this {town} already has a bank (on c5)", f"{tile} 1 lifts this limit")
    _speaks(err, edition)


def test_a_legal_lines_reasons_and_effects_speak_the_editions_words(session):
    """A purchase's payment and a sale's income: 2 silverlings paid and 1 received in 2011,
    2 silver coins and 1 silver coin in 2019."""
    edition = session.state.edition
    words = WORDS[edition]
    reasons = [rule["why"] for rule in session.rules_passed("anna: buy carpenter")]
    assert f"paid with 2 {words['silverlings']} and 0 workers" in reasons
    assert session.effects("anna: buy carpenter") == [
        f"Anna: -2 {words['silverlings']}, stores carpenter from the black depot"]
    assert session.effects("anna: sell 2")[0].startswith(f"Anna: +1 {words['silverling']}, ")
    for text in reasons + session.effects("anna: buy carpenter") + session.effects("anna: sell 2"):
        _speaks(text, edition)


def test_a_yellow_tile_placed_is_named_in_the_editions_words(session):
    """2011 'The yellow tiles ("knowledge")' / 2019 'The monastery tiles': the tile placed."""
    edition = session.state.edition
    session.play("anna: take 2 k9")
    effects = session.effects("anna: place 2>1 k9 c4")
    assert f"{WORDS[edition]['knowledge tile']} 9 now in the duchy" in effects[0]
    _speaks(effects[0], edition)
