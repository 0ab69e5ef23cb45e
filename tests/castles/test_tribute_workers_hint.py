"""Too many workers said for a tribute are told the most that may pay, as a line.

2019 rules 'EXPANSIONS', 'THE SHIELDS', 'Important!': "Each shield costs 1 silver"; shield 3:
"you may pay tribute for your shields with workers instead of silver at the end of each
phase. Any combination of silver and workers is allowed." (cob.shield.tribute, cob.shield.3).
``tribute drop 4 workers 2`` with shields 3 and 4 was refused "2 workers for 1 shields kept;
1 silver coin or worker per shield" -- no line to type, and "1 shields". The refusal now
counts its nouns and ends with the tribute line that pays the most workers allowed, written by
the notation's writer (record/clarify.with_fix_hint), as every line a hint offers.
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.notation import parse_line
from burgundy_cli.castles.rules import engine
from tests.castles.engine_kit import assert_illegal_hinted
from tests.castles.test_rules_module_shields import table

HOLDER = {"shields": {"d4": 3, "b3": 4}, "duchy": {"b3": "castle", "c4": "k3"}, "workers": 5}


@pytest.mark.parametrize(("said", "message", "most"), [
    ("anna: tribute workers 3", "3 workers for 2 shields kept", "anna: tribute workers 2"),
    ("anna: tribute drop 4 workers 2", "2 workers for 1 shield kept", "anna: tribute drop 4 workers 1"),
])
def test_the_most_workers_a_tribute_may_pay_is_offered_as_a_line(said, message, most):
    """Shield 3 kept: 1 worker instead of 1 silver coin for each shield kept, no more."""
    err = assert_illegal_hinted(table(anna=HOLDER, shields={}), parse_line(said), "cob.shield.tribute")
    assert err.message == message
    assert err.hint == f"1 silver coin or worker per shield; the most they may pay: `{most}`"
    engine.check(table(anna=HOLDER, shields={}), parse_line(most))
