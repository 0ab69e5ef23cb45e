"""A line that cannot be read is told what may come in its record's rules only.

The notation's syntax reads every 2019 module's words in any record (a line that uses one in a
game without the module is then refused by ``cob.module.off``); but an error listing what may
come at a word offers only the words of the record's edition and modules: no ``shield`` after
``then`` in a 2011 game ("THE SHIELDS" is a 2019 module), no sale ``bonus`` without the trade
routes (docs/notation.md, "Errors").
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.notation import parse_line
from burgundy_cli.core.errors import ParseError
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"


def _refusal(record: str, line: str) -> ParseError:
    session = open_record(CASTLES / record)
    with pytest.raises(ParseError) as refused:
        session.check(line)
    return refused.value


@pytest.mark.parametrize("record", ["opening-2p-2011.toml", "opening-3p-2019.toml"])
def test_a_game_without_the_shields_is_offered_no_shield_after_then(record):
    err = _refusal(record, "anna: place 6 church c5 then fly")
    assert err.message == "expected take, place, sell or workers after 'then', found 'fly'"
    assert err.location.column == 30


def test_a_game_with_the_shields_is_offered_the_shield():
    err = _refusal("end-2p-2019-shields.toml", "anna: place 6 church c5 then fly")
    assert err.message == "expected take, place, sell, workers or shield after 'then', found 'fly'"


def test_a_sales_bonus_is_offered_only_with_the_trade_routes():
    assert _refusal("opening-2p-2011.toml", "anna: sell 2 zzz").hint == "the sell action may go on with: goods"
    assert _refusal("complete-3p-2019-trade-routes.toml", "anna: sell 2 zzz").hint == (
        "the sell action may go on with: goods, bonus")


def test_a_line_of_a_record_is_refused_in_its_rules_words(tmp_path):
    """The replay of a 2011 record locates the line and lists the 2011 actions only."""
    text = (CASTLES / "opening-2p-2011.toml").read_text()
    path = tmp_path / "game.toml"
    path.write_text(text.replace('"anna: place 4>3 bank c3",', '"anna: place 4>3 bank c3 then fly",'))
    with pytest.raises(ParseError) as refused:
        open_record(path)
    assert "expected take, place, sell or workers after 'then'" in str(refused.value)
    assert str(refused.value.location).endswith("game.toml:27:35")


def test_the_reader_alone_knows_no_record_and_lists_every_word():
    """Without a record (``parse_line`` called directly) the syntax's whole list stands; the
    record's modules narrow it."""
    line = "anna: place 6 church c5 then fly"
    with pytest.raises(ParseError) as refused:
        parse_line(line)
    assert "workers or shield" in refused.value.message
    with pytest.raises(ParseError) as refused:
        parse_line(line, "2019", ("shields",))
    assert "workers or shield" in refused.value.message
    with pytest.raises(ParseError) as refused:
        parse_line(line, "2019", ("inns",))
    assert "shield" not in refused.value.message
