"""Every quoted passage is from the record's own edition (issue 36 item 10).

A citation in a 2011 record quotes the 2011 rulebook (../shared/rules/castles-of-burgundy-2011-
rules.*.txt) and one in a 2019 record the 2019 rulebook: every rule id, in every edition, is
cited (castles/rules/citations.py ``cited``) and each quoted passage of its citation is looked up in
that edition's rulebook text. A rule whose wording differs per edition carries both texts
(castles/rules/__init__.py ``TEXTS``); neither names the other edition.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from burgundy_cli.castles.rules.citations import cited
from burgundy_cli.castles.rules import EDITIONS, PASSAGES, RULES, TEXTS
from burgundy_cli.core.session import open_record
from burgundy_cli.core.errors import IllegalMoveError

SHARED = Path(__file__).resolve().parents[3] / "shared" / "rules"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/rules")
RECORDS = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy"
#: A quoted passage: between single quotes that are no apostrophes.
QUOTE = re.compile(r"(?<![A-Za-z])'(.+?)'(?![A-Za-z])")


def _plain(text: str) -> str:
    """Text as compared: curly quotes straight, emphasis marks gone, blanks single, lower case."""
    text = text.translate(str.maketrans("\u2019\u2018\u201c\u201d", "''\"\""))
    return re.sub(r"\s+", " ", re.sub(r"[*_]", "", text)).lower()


@cache
def rulebook(edition: str) -> str:
    names = {"2011": "castles-of-burgundy-2011-rules.*.txt", "2019": "castles-of-burgundy-2019-rules-with-expansions.txt"}
    return _plain(" ".join(path.read_text() for path in sorted(SHARED.glob(names[edition]))))


def _quotes(text: str) -> list[str]:
    """The passages ``text`` quotes, each cut at its ellipses."""
    return [part for quote in QUOTE.findall(text) for part in (_plain(p).strip(" ,.") for p in quote.split("..."))
            if part]


def _other(edition: str) -> str:
    return next(other for other in EDITIONS if other != edition)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the rulebooks are not beside the repository")
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_a_citation_quotes_only_its_own_edition(rule_id, edition):
    """No citation in a 2011 game quotes 2019-only text, and none in a 2019 game 2011-only text:
    every passage a citation quotes stands in its own edition's rulebook."""
    rule = cited(RULES[rule_id], edition)
    for passage in _quotes(rule.ref) + _quotes(rule.text):
        assert passage in rulebook(edition), (rule_id, edition, passage)
    if not PASSAGES[rule_id]:  # (a rule of the notation's own cites the notation)
        assert rule.ref.startswith("burgundy notation")
    elif edition in PASSAGES[rule_id]:
        assert rule.ref.startswith(f"{edition} rules "), rule.ref
        assert f"{_other(edition)} rules" not in rule.ref
        if _other(edition) in PASSAGES[rule_id]:  # (a rule of both editions names neither)
            assert _other(edition) not in rule.text, rule.text
    else:  # (a 2019 module's rule, met in a 2011 record only by a bug: it quotes nothing)
        assert not _quotes(rule.ref) and f"no passage in the {edition} rules" in rule.ref


@pytest.mark.parametrize("rule_id", sorted(TEXTS))
def test_a_rule_worded_differently_carries_both_texts(rule_id):
    """Each edition's text is its own: neither names the other edition."""
    for edition in EDITIONS:
        text = cited(RULES[rule_id], edition).text
        assert text == TEXTS[rule_id][edition]
        assert _other(edition) not in text


def test_a_2011_refusal_of_a_purchase_quotes_the_2011_rules():
    """2011 'The central black depot': 'the player must return 2 Silverlings to the general supply'
    -- a 2011 refusal of cob.buy.silver says nothing of 2019's monastery tile 6 and its workers."""
    session = open_record(RECORDS / "complete-2p-2011.toml")
    rule = cited(RULES["cob.buy.silver"], session.state.edition)
    assert rule.text == "A purchase costs 2 Silverlings." and "2019" not in rule.ref + rule.text
    assert "worker" not in rule.text
    rule = cited(RULES["cob.buy.silver"], "2019")
    assert "monastery tile 6" in rule.text and rule.ref.startswith("2019 rules")


def test_a_refusal_in_a_record_cites_its_edition():
    """The session re-cites a refusal with its record's edition, text and passage alike."""
    session = open_record(RECORDS / "complete-2p-2011.toml")
    with pytest.raises(IllegalMoveError) as refused:
        session.check("anna: buy castle")
    assert "2019" not in str(refused.value)


def test_the_section_and_page_where_the_rulebook_has_one():
    """Each citation names its rulebook section; the 2011 rulebook numbers the pages of its
    yellow tiles ('see pages 10 and 11') and of 'Sell goods' ('see page 9'), the 2019 one of
    the 2- and 3-player board ('See page 11')."""
    assert "(pp. 10-11)" in cited(RULES["cob.buy.depot"], "2011").ref
    assert "(p. 9)" in cited(RULES["cob.sell.none"], "2011").ref
    assert "(p. 11)" in cited(RULES["cob.reveal.spaces"], "2019").ref
    for rule_id, passages in PASSAGES.items():
        for edition in passages:
            assert QUOTE.search(cited(RULES[rule_id], edition).ref), (rule_id, edition)
