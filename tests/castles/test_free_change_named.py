"""A die changed for free says which monastery tile changed it.

2019 rules 'The monastery tiles', 9) "whenever you want to place a building (= beige tile) in
your duchy, you may change the die result by 1 (just as if you were using a worker)"; 11) the
same for a castle, mine or monastery tile; 12) for a take from the game board. A line that
used such a step said "1 step free by a monastery tile" -- at a table with several of 9-12 in
a duchy, which one? It now names it, as tile 8's steps are named.
"""

from __future__ import annotations

import pytest

from tests.castles.test_module_verdicts import _check


@pytest.mark.parametrize(("record", "line", "said"), [
    ("complete-4p-2019-team.toml", "Dario: place 2>1 mine shared re2",
     "Dario: pays no worker: die 2 used as 1, 1 step (1 step free by monastery tile 11) [cob.die.workers]"),
    ("complete-3p-2019-trade-routes.toml", "Anna: place 5>3 city-hall c3",
     "Anna: pays 1 worker: die 5 used as 3, 2 steps (1 step free by monastery tile 9) [cob.die.workers]"),
    ("complete-3p-2019-border-posts.toml", "Ben: take 2>1 ship",
     "Ben: pays no worker: die 2 used as 1, 1 step (1 step free by monastery tile 12) [cob.die.workers]"),
])
def test_the_free_step_names_its_monastery_tile(record, line, said):
    """'The monastery tiles' 9 (a building), 11 (a mine), 12 (a take); a change the free step
    pays for entirely "pays no worker" (it had said "pays 0 workers")."""
    assert _check(record, line)["effects"][0].startswith(said)
