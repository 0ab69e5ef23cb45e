"""A route bonus's take refused is told the takes the bonus allows, as a line writes them.

2019 rules 'EXPANSIONS', 'The Trade Routes': "If the color of a tile matches the color of the
trade route space, you immediately get the corresponding bonus" -- a church's bonus is the
church's take ('The buildings', 'Church': "one mine (gray), or monastery (yellow), or castle
(dark green) tile from any of the six depots"). A bonus take the church does not allow was
refused with the hint ``bonus take <tile> from <depot>``, a pattern and no line; it now names
the takes that would be accepted.
"""

from __future__ import annotations

from burgundy_cli.castles.notation import parse_line
from burgundy_cli.castles.rules.engine import check
from tests.castles.engine_kit import assert_illegal
from tests.castles.test_rules_module_routes import sell, table


def test_a_church_bonus_take_of_a_building_is_told_the_mine_and_the_monastery_tile():
    """Route space 2 (goods 2, church): depot 3 holds pig2 and bank, depot 5 a mine and k10."""
    state = table(route_goods=[5], sold={"5": 1})
    err = assert_illegal(state, sell(2, then=[{"kind": "take", "tile": "bank", "depot": 3}]), "cob.route.bonus")
    assert err.hint == "bonus take mine from 5 | bonus take k10 from 5"
    for take in err.hint.split(" | "):
        check(table(route_goods=[5], sold={"5": 1}), parse_line(f"anna: sell 2 {take}"))


def test_with_nothing_to_take_the_hint_says_to_decline():
    """The bonus may be left out (docs/rulings.md: a choice bonus may be declined)."""
    state = table(route_goods=[5], sold={"5": 1})
    state.depots[5] = ["pig3"]
    err = assert_illegal(state, sell(2, then=[{"kind": "take", "tile": "bank", "depot": 3}]), "cob.route.bonus")
    assert err.hint == "no depot holds such a tile: leave the bonus out (declined)"
    check(state, parse_line("anna: sell 2"))
