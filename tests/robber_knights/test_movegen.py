"""The move generator against the engine's rules, by brute force (docs/developing.md, "One
rule, one place").

The generator builds knight walks a step at a time and lays tiles on the state's frontier;
these tests hold what it lists equal to what the engine's whole-walk and placement rules
accept when every candidate is put to them: every (direction, leave) up to a length, and
every cell of the frame.
"""

from __future__ import annotations

import pytest

from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc
from burgundy_cli.robber_knights import GAME
from burgundy_cli.robber_knights.commands import STEPS
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.engine import knights_refusal, march_refusal, place_refusal
from burgundy_cli.robber_knights.movegen import lay_cells, marches

#: Walks up to this many tiles (the castle included) are tried one by one.
LONGEST = 6


def positions(pass_through: bool):
    """Sessions at several points of seeded 2- and 4-player playouts."""
    for players, seed in ((2, 3), (4, 11), (4, 12)):
        data = GAME.playout(players, seed)
        start = {key: value for key, value in data.items() if key in ("game", "setup")}
        if pass_through:
            start["game"] = {**start["game"], "options": {"pass-through": True}}
        session = open_doc(parse_record_text(dump_record(start), "<start>"))
        for index, line in enumerate(data["play"]["moves"]):
            if index % 23 == 7 and not session.state.must_draw:
                yield session.state
            session.play(line)


def leaves(length: int, most: int):
    """Every tuple of ``length`` counts from 0 summing to at most ``most`` (one past the most
    knights a castle takes, so that the rules see a count too many as well)."""
    if length == 0:
        yield ()
        return
    for first in range(most + 1):
        for rest in leaves(length - 1, most - first):
            yield (first, *rest)


def every_walk(state, castle, terrain, supply):
    """Each (direction, leave) of at most :data:`LONGEST` tiles the engine accepts, tried one by one."""
    walks = []
    for length in range(1, LONGEST + 1):
        for leave in leaves(length, components().max_knights_per_castle + 1):
            if not sum(leave) or knights_refusal(supply, sum(leave)) is not None:
                continue
            for direction in (None,) if length == 1 else STEPS:
                if march_refusal(state, castle, terrain, direction, leave) is None:
                    walks.append((direction, leave))
    return walks


@pytest.mark.parametrize("pass_through", [False, True], ids=["standard", "pass-through"])
def test_the_walks_listed_are_every_walk_the_rules_accept(pass_through):
    """rk.knights.*, rk.move.*: stepping a walk and asking each new step gives what asking
    the whole walk gives, in the listing order (castle count, staying first, direction, leave)."""
    checked = 0
    for state in positions(pass_through):
        supply = state.players[state.to_move].knights
        for cell in lay_cells(state)[::5]:
            for terrain in ("plain", "forest"):
                listed = marches(state, cell, terrain, supply)
                expected = every_walk(state, cell, terrain, supply)
                assert [walk for walk in listed if len(walk[1]) <= LONGEST] == sorted(
                    expected, key=lambda walk: (walk[1][0], -1 if walk[0] is None else list(STEPS).index(walk[0]),
                                                walk[1]))
                assert all(march_refusal(state, cell, terrain, *walk) is None for walk in listed)
                assert pass_through or all(len(walk[1]) <= LONGEST for walk in listed)
                checked += len(listed)
    assert checked > 1000


def test_the_cells_listed_are_every_cell_the_placement_rules_accept():
    """rk.lay.area, rk.lay.empty, rk.lay.edge: the frontier loses no cell the rules allow."""
    for state in positions(False):
        frame = range(state.frame)
        assert lay_cells(state) == [(row, col) for row in frame for col in frame
                                    if place_refusal(state, (row, col)) is None]
