"""A long soak of 2019 module games in which players say every kind of line (not run by CI).

``CASTLES_SOAK=300 pytest -m soak tests/castles/test_soak_every_kind.py`` plays that many seeds
of each module combination below with :func:`~burgundy_cli.castles.playout.play_game`'s
``every_kind`` (tributes said ahead, shield 6's choice, shields 14/15's tile, besides the
policy's lines) and holds, at every line, that tiles, goods and the 18 shields are conserved
and no silver or workers go negative; at every fourth position, that every line ``moves``
lists is one ``engine.check`` accepts; at the end, that the record reads back, replays and
scores the same, and that the position written at a dozen seeded cuts continues to the same
score. The soak of round eight (2,800 games, 390 cut games) found six bugs, each now a test of
its own (docs/performance.md, "Round eight, merged"; the tests name seeds 8, 30, 55, 104, 147).
"""

from __future__ import annotations

import os
import random

import pytest

from burgundy_cli.castles.modules import shields as module_shields
from burgundy_cli.castles.rules.engine import check
from burgundy_cli.castles.movegen import legal_commands
from burgundy_cli.castles.playout import play_game
from tests.castles.test_position_writer import _lines, _record, check_cut
from tests.castles.test_properties import goods_accounted, record_round_trip, tiles_accounted

#: The module combinations soaked (the team and solo games keep watchers of their own).
COMBINATIONS = (("shields",), ("extra-tiles", "white-castles", "inns", "trade-routes", "shields"),
                ("white-castles", "trade-routes"), ("extra-tiles", "trade-routes"),
                ("extra-tiles", "white-castles", "shields"), ("inns", "trade-routes", "shields"),
                ("border-posts", "shields"))


class Watcher:
    """Conservation at every line; ``moves`` against ``check`` at every fourth position."""

    def __init__(self, shields: bool) -> None:
        self.shields = shields
        self.lines = 0

    def __call__(self, session) -> None:
        state = session.state
        tiles_accounted(state)
        goods_accounted(state)
        if self.shields:
            assert module_shields.on_table(state) == list(range(1, 19))
        assert all(player.silver >= 0 and player.workers >= 0 for player in state.players)
        self.lines += 1
        if self.lines % 4 == 0:
            for command in legal_commands(state):
                check(state, command)


@pytest.mark.soak
@pytest.mark.skipif("CASTLES_SOAK" not in os.environ, reason="soak run: set CASTLES_SOAK=<seeds>")
@pytest.mark.parametrize("modules", COMBINATIONS, ids=lambda modules: "+".join(modules))
def test_soak_games_with_every_kind_of_line(modules):
    for seed in range(int(os.environ["CASTLES_SOAK"])):
        session = play_game(2 + seed % 3, seed, modules=modules, visit=Watcher("shields" in modules),
                            every_kind=True)
        record_round_trip(session)
        data = session.record_data()
        full = _record(data, "setup", _lines(data))
        count = len(_lines(data))
        rng = random.Random(seed)
        for cut in sorted({rng.randrange(count + 1) for _ in range(12)} | {count}):
            check_cut(data, full, cut)
