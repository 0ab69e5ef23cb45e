"""A knowledge tile's effect, as Tab shows it beside a reveal (``k16 · Game end: ...``), is
worded in the record's edition's words: 2011 "worker tiles", "silverlings", "estate",
"knowledge" and "animal" tiles (2011 rules 'Game components', 'The Yellow Tiles' pp. 10-11:
"receives one worker tile", "4 (instead of the usual 2) worker tiles"); 2019 "workers",
"silver coins", "duchy", "monastery" and "livestock" (2019 rules 'Game materials', 'The
monastery tiles'). A 2011 player plays the first edition, so its text needs no "(first
edition value)"."""

from __future__ import annotations

import re

import pytest

from burgundy_cli.castles.rules.tiles import knowledge_text

#: Words of one edition that the other edition's texts must not use (a bare "worker": 2011
#: says "worker tile").
NOT_IN = {
    "2011": (r"\bworkers?\b(?! tiles?)", r"\bsilver coins?\b", r"\bduchy\b", r"\bmonastery\b", r"\bhex tiles?\b",
             r"\blivestock\b", r"first edition"),
    "2019": (r"\bworker tiles?\b", r"\bsilverlings?\b", r"\bestate\b", r"\bknowledge\b", r"\bsix-sided\b",
             r"\banimal\b"),
}


@pytest.mark.parametrize("edition", sorted(NOT_IN))
@pytest.mark.parametrize("number", range(1, 27))
def test_a_knowledge_tiles_text_speaks_its_editions_words(number, edition):
    text = knowledge_text(number, edition)
    for word in NOT_IN[edition]:
        assert not re.search(word, text), (number, edition, word, text)
    assert text[:1].isupper() or text[:1] in "+", text


def test_tile_14_in_2011_says_worker_tiles():
    """2011 'The Yellow Tiles', 14: "receives 4 (instead of the usual 2) worker tiles"."""
    assert "4 worker tiles instead of 2" in knowledge_text(14, "2011")
