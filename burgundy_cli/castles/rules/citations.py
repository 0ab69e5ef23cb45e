"""Where each Castles rule stands in each edition's rulebook: the citation an error gives.

The passages are :mod:`burgundy_cli.castles.rules`' (``PASSAGES``, beside each rule's id and
text, and ``TEXTS``, the text in each edition's words where they differ); this module makes a
refusal (and a legal verdict's rules) in a 2019 record quote the 2019 rules and one in a 2011
record the 2011 rules (the session re-cites every refusal with its record's edition). A rule
the edition has no passage for (a 2019 module's, met in a 2011 record only by a bug) cites no
other edition's words: it says the edition has no such rule.
"""

from __future__ import annotations

from dataclasses import replace

from burgundy_cli.castles.rules import EDITIONS, PASSAGES, TEXTS
from burgundy_cli.core.errors import IllegalMoveError, Rule

#: edition -> rule id -> that edition's citation (``CITATIONS``: made by the first refusal
#: cited, not at every start).
_CITATIONS: dict[str, dict[str, str]] = {}


def _citations() -> dict[str, dict[str, str]]:
    """:data:`_CITATIONS`, made on first use from :data:`~burgundy_cli.castles.rules.PASSAGES`."""
    if not _CITATIONS:
        _CITATIONS.update({edition: {rule_id: f"{edition} rules {passages[edition]}"
                                     for rule_id, passages in PASSAGES.items() if edition in passages}
                           for edition in EDITIONS})
    return _CITATIONS


def __getattr__(name: str) -> dict[str, dict[str, str]]:
    """``CITATIONS`` still readable as a module attribute (made on first read, :func:`_citations`)."""
    if name == "CITATIONS":
        return _citations()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def cited(rule: Rule, edition: str) -> Rule:
    """``rule`` citing ``edition``'s rulebook, in its words (unchanged for a rule of the
    notation's own, which no rulebook has).

    >>> from burgundy_cli.castles.rules import rule
    >>> cited(rule("cob.storage.full"), "2019").ref.startswith("2019 rules")
    True
    >>> cited(rule("cob.buy.silver"), "2011").text
    'A purchase costs 2 Silverlings.'
    """
    passages = PASSAGES.get(rule.id)
    if not passages:
        return rule
    ref = (_CITATIONS or _citations()).get(edition, {}).get(rule.id)
    if ref is None:
        ref = f"no passage in the {edition} rules: " + " and ".join(passages) + " only"
    text = TEXTS[rule.id].get(edition, rule.text) if rule.id in TEXTS else rule.text
    return rule if ref == rule.ref and text == rule.text else replace(rule, text=text, ref=ref)


def cite_edition(err: IllegalMoveError, edition: str) -> IllegalMoveError:
    """``err`` with its rule citing ``edition``'s rulebook (the same error object, for ``raise``)."""
    err.rule = cited(err.rule, edition)
    return err

