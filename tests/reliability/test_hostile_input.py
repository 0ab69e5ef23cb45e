"""Issue 33, "Done when": the hostile-input script in a bounded, seeded form (a few seconds).

The full size (10,000+ inputs) runs by hand: docs/developing.md, "Hostile input".
"""

from __future__ import annotations

import pytest

from tests.reliability.hostile_input import run


@pytest.mark.parametrize("seed", [33])
def test_hostile_inputs_give_no_traceback_no_internal_error_replace_nothing_and_lose_no_line(seed) -> None:
    tally = run(150, seed)
    assert tally.total >= 150 and set(tally.inputs) == {"records", "names", "notation lines", "file kinds",
                                                        "output paths", "session"}
    assert tally.problems == []
