"""An odd number of workers hired is told the pairs the player can pay for.

2019 rules 'EXPANSIONS', 'Workers (monastery/yellow #28)': "If this tile is in your duchy,
you can buy workers from the supply. 2 workers cost 1 silver coin." (cob.tile28.pay). Ben,
with #28 and 1 silver coin, who typed ``hire 3 workers`` was told ``hire 2 or 4 workers`` --
and ``hire 4 workers`` is refused next ("4 workers cost 2 silver coins; Ben has 1"). The
hint now offers only the pairs the player's silver coins pay for.
"""

from __future__ import annotations

import re

import pytest

from burgundy_cli.castles.rules import engine
from tests.castles.engine_kit import assert_illegal
from tests.castles.test_module_extra import hire, table


@pytest.mark.parametrize(("silver", "workers", "hint"), [
    (3, 3, "hire 2 or 4 workers"),
    (1, 3, "hire 2 workers"),
    (1, 1, "hire 2 workers"),
    (1, 7, "hire 2 workers, all that 1 silver coin buys"),
    (2, 9, "hire 4 workers, all that 2 silver coins buy"),
    (0, 3, "2 workers cost 1 silver coin, and there is none to pay with"),
])
def test_the_hint_for_an_odd_number_is_a_purchase_the_silver_pays_for(silver, workers, hint):
    """'2 workers cost 1 silver coin': each pair offered is paid for, and accepted."""
    owner = table(duchy={"c4": "k28"}, silver=silver)
    err = assert_illegal(owner, hire(workers), "cob.tile28.pay")
    assert err.hint == hint
    offered = re.match(r"hire ((?:\d+(?: or )?)+) workers", hint)
    for pairs in offered.group(1).split(" or ") if offered else ():
        engine.check(table(duchy={"c4": "k28"}, silver=silver), hire(int(pairs)))
