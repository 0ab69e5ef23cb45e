"""Where each Castles rule stands in each edition's rulebook: the citation an error gives.

The passages are :mod:`burgundy_cli.castles.rules`' (``PASSAGES``, beside each rule's id and
text); this module makes a refusal in a 2019 record quote the 2019 rules and one in a 2011
record the 2011 rules (the session re-cites every refusal with its record's edition).
"""

from __future__ import annotations

from dataclasses import replace

from burgundy_cli.castles.rules import EDITIONS, PASSAGES
from burgundy_cli.core.errors import IllegalMoveError, Rule

#: edition -> rule id -> that edition's citation (``CITATIONS``: made by the first refusal
#: cited, not at every start -- docs/performance.md, "Round twelve").
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
    """``rule`` citing ``edition``'s rulebook (unchanged if the table has no passage for it).

    >>> from burgundy_cli.castles.rules import rule
    >>> cited(rule("cob.storage.full"), "2019").ref.startswith("2019 rules")
    True
    """
    ref = (_CITATIONS or _citations()).get(edition, {}).get(rule.id)
    return rule if ref is None or ref == rule.ref else replace(rule, ref=ref)


def cite_edition(err: IllegalMoveError, edition: str) -> IllegalMoveError:
    """``err`` with its rule citing ``edition``'s rulebook (the same error object, for ``raise``)."""
    err.rule = cited(err.rule, edition)
    return err
