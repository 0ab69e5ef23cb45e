"""A result-only Castles pad refuses option ``tiebreak-turn-order``, located at the option.

The option (2011 only, docs/rulings.md) chooses which turn order the 2011 last tiebreak reads,
"the tied player who went later in turn order" (2011 rules, 'Game end'): the track's at the
end or the order the last round was played in. A score pad holds neither, so on a pad the
option changes nothing; it is refused where it is written, as a 2019 record refuses it and an
``[end]`` table refuses ``last-round``.
"""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.record import parse_record_text
from burgundy_cli.core.session import open_doc

PAD = ('[game]\nname = "castles-of-burgundy"\nedition = "{edition}"\nplayers = ["Anna", "Ben"]\n'
       '[game.options]\ntiebreak-turn-order = "{order}"\n'
       '[final.scores.Anna]\ntotal = 150\ntiebreak = 2\n[final.scores.Ben]\ntotal = 150\ntiebreak = 2\n')


@pytest.mark.parametrize("order", ["last-round", "bridge"])
def test_a_2011_pad_refuses_the_option_at_its_key(order):
    with pytest.raises(RecordError) as refused:
        open_doc(parse_record_text(PAD.format(edition="2011", order=order), "pad.toml"))
    err = refused.value
    assert "[game.options.tiebreak-turn-order]: a result-only record holds no turn order" in err.message
    assert (err.location.file, err.location.line, err.location.column) == ("pad.toml", 6, 1)


def test_a_2019_pad_refuses_it_as_before():
    with pytest.raises(RecordError) as refused:
        open_doc(parse_record_text(PAD.format(edition="2019", order="last-round"), "pad.toml"))
    assert "the 2019 rules say" in refused.value.message and refused.value.location.line == 6


def test_a_2011_pad_without_the_option_still_scores():
    text = PAD.format(edition="2011", order="x").replace('[game.options]\ntiebreak-turn-order = "x"\n', "")
    table = open_doc(parse_record_text(text, "pad.toml")).score()
    assert [line.total for line in table.players] == [150, 150]
