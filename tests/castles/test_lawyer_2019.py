"""Table disputes the 2019 rulebook's modules decide, asked as a player asks them (docs/rulings.md).

Each test names the 2019 passage that decides its dispute
(``castles-of-burgundy-2019-rules-with-expansions.txt``, "EXPANSIONS" and the solo game) and
holds the referee to it: the verdict, the rule it names, and the words a player reads.
"""

from __future__ import annotations

from tests.castles.test_rules_module_solo import refused, rolled


def test_a_solo_ship_naming_no_depot_hints_the_depots_in_the_plural_when_several_hold_goods():
    """2019 'THE SOLO GAME', 'Playing the game': "take all goods from a depot of your choice".
    A ship naming no depot while goods lie on depots 2 and 5 is refused (cob.solo.ship) with a
    hint a player reads as English -- "goods lie on depots 2, 5" -- and "depot 4" alone in the
    singular, the words of the base game's ship refusal."""
    state = rolled(white=2, dice=(1, 1))
    state.depot_goods[2] = [4, 5]
    state.depot_goods[5] = [6]
    state.players[0].storage[:] = ["ship"]
    assert refused(state, "Solo: place 1 ship b3", "cob.solo.ship").hint == "goods lie on depots 2, 5"
    state.depot_goods[2] = []
    state.depot_goods[5] = []
    state.depot_goods[4] = [3]
    assert refused(state, "Solo: place 1 ship b3", "cob.solo.ship").hint == "goods lie on depot 4"
