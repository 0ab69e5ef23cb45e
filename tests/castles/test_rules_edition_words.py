"""A refusal speaks its record's edition's words, not only its passage.

The two English rulebooks name the same things differently: 2011 "Silverlings", "six-sided
tiles", "worker tiles" and yellow "knowledge" tiles; 2019 "silver coins", "hex tiles" and
yellow "monastery" tiles (2011 rules 'Game components'; 2019 rules 'Game materials'). A rule
of both editions whose text uses one edition's word carries a text per edition
(castles/rules/__init__.py ``TEXTS``), so that a 2019 refusal never says "knowledge tile 5"
under a citation of 'The monastery tiles', tile 5, nor a 2011 one "hex tile" under 'Action
"Take six-sided tile from the game board"'.
"""

from __future__ import annotations

import re

import pytest

from burgundy_cli.castles.rules import EDITIONS, PASSAGES, RULES
from burgundy_cli.castles.rules.citations import cited
from tests.castles.test_citations_edition import SHARED, _plain, rulebook

#: Each edition's own word for a thing of the base game, as its rulebook prints it.
OWN_WORDS = {"2011": ("silverling", "six-sided", "worker tile", "knowledge"),
             "2019": ("silver coin", "hex tile", "monastery", "duchy")}


def _other(edition: str) -> str:
    return next(other for other in EDITIONS if other != edition)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the rulebooks are not beside the repository")
@pytest.mark.parametrize("edition", EDITIONS)
def test_each_editions_own_words_are_in_its_rulebook_only(edition):
    """The words are each rulebook's own: printed in it, never in the other edition's."""
    for word in OWN_WORDS[edition]:
        assert word in rulebook(edition), (edition, word)
        assert word not in rulebook(_other(edition)), (edition, word)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("rule_id", sorted(rule_id for rule_id, passages in PASSAGES.items()
                                           if set(passages) == set(EDITIONS)))
def test_a_rule_of_both_editions_speaks_the_records_edition(rule_id, edition):
    """2019 rules, tile 5 ('The monastery tiles'), cited in a 2019 record, is "monastery tile 5";
    2011 rules 'Action "Take six-sided tile from the game board"' takes "one six-sided tile"."""
    text = _plain(cited(RULES[rule_id], edition).text)
    for word in OWN_WORDS[_other(edition)]:
        assert not re.search(rf"\b{word}", text), (rule_id, edition, word, text)
