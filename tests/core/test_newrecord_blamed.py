"""``new`` finds the answer a refusal blames in one way (``newrecord._blamed_in``).

A refusal of the answers is said of the answer (the question asked again, or the flag named)
it is about: an answer that cannot be split names itself, without any record written; a
refusal with a key path names the answer the path is under; one located only at a line of
the record the answers make is read at that line of their record's text. The ends' checks,
the shield 18 retry, the flags' refusal and the questions' loop all ask this one helper.
"""

from __future__ import annotations

from burgundy_cli.core.errors import Location, RecordError
from burgundy_cli.core.newrecord import AnswerError, NewRecord, _blamed_in, _tables
from burgundy_cli.core.record import dump_record

KEYS = ["edition", "players", "boards", "goods", "start_player"]
ANSWERS = NewRecord(game="castles-of-burgundy", edition="2011", players="Anna,Ben", boards="1",
                    goods="Anna=1 2 3,Ben=4 5 6", start_player="Anna")


def test_an_answer_that_cannot_be_split_names_itself_without_a_record():
    """No record is written for it: answers that could not make one still name the answer."""
    assert _blamed_in(AnswerError("goods", "cannot be read"), NewRecord(), "new.toml", KEYS) == "goods"


def test_a_refusal_with_a_key_path_names_the_answer_under_it():
    err = RecordError("[setup.goods.Ben]: too many", path=("setup", "goods", "Ben"))
    assert _blamed_in(err, ANSWERS, "new.toml", KEYS) == "goods"


def test_a_refusal_at_a_line_names_the_answer_written_there():
    lines = dump_record(_tables(ANSWERS)).splitlines()
    line = next(number for number, text in enumerate(lines, 1) if text.startswith("start_player"))
    err = RecordError("refused", location=Location("new.toml", line, 1))
    assert _blamed_in(err, ANSWERS, "new.toml", KEYS) == "start_player"
