"""A 2019 module's rule speaks 2019's words.

The rulebook of the modules is the 2019 edition's, which calls the coin a "silver coin", the
tile a "hex tile" and the yellow tile a "monastery tile" (2019 rules 'Game materials'); the
words "Silverling", "six-sided tile", "worker tile" and "knowledge tile" are the 2011
rulebook's. A rule with a 2019 passage only (every module's, castles/rules/__init__.py) is
only ever cited in a 2019 record, so its text never uses a 2011 word: the solo game's
'Playing the game', "Each victory point costs 1 silver coin", refused "1 VP costs 1 silver
coin" under a rule that said "1 silverling each".
"""

from __future__ import annotations

import re

import pytest

from burgundy_cli.castles.rules import PASSAGES, RULES
from burgundy_cli.castles.rules.citations import cited
from tests.castles.test_citations_edition import _plain
from tests.castles.test_rules_edition_words import OWN_WORDS

#: The rules of the 2019 rulebook alone: the modules', and 2019's own base rules.
ONLY_2019 = sorted(rule_id for rule_id, passages in PASSAGES.items() if set(passages) == {"2019"})


@pytest.mark.parametrize("rule_id", ONLY_2019)
def test_a_2019_only_rule_uses_no_2011_word(rule_id):
    """2019 rules 'THE SOLO GAME', 'Game setup': 'You start the game with 1 silver coin'; and
    'Playing the game': 'Each victory point costs 1 silver coin.'"""
    text = _plain(cited(RULES[rule_id], "2019").text)
    for word in OWN_WORDS["2011"]:
        assert not re.search(rf"\b{word}", text), (rule_id, word, text)


def test_the_solo_vp_rule_says_silver_coin():
    """2019 rules 'THE SOLO GAME', 'Playing the game': 'Each victory point costs 1 silver coin.'"""
    assert "1 silver coin each" in cited(RULES["cob.solo.vp"], "2019").text
