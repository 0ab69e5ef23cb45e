"""``show --position`` for Robber Knights: the ``[position]`` writer and reader agree at every moment.

Property (issue 15, item 4): a seeded playout (2-4 players) cut after any line -- mid-turn
after a lay with the draw still due, after a draw with more lays possible, between turns,
at the end -- written as a position record and continued with the rest of its moves,
scores exactly as the whole record does, and the position read back is the state at the
cut: landscape, hands, piles, knights left, whose turn and how far it has gone.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.position import position_record_data
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc
from burgundy_cli.robber_knights.playout import playout
from burgundy_cli.robber_knights.setup import position_data


def _record(data: dict, start: str, moves: list[str]):
    record = {"game": data["game"], start: data[start], "play": {"moves": moves}}
    return open_doc(parse_record_text(dump_record(record), "<cut>"), verify_result=False)


def _view(state) -> dict:
    return {
        "board": {cell: (space.tile.name, space.owner, space.knights) for cell, space in state.board.items()},
        "players": [(p.name, p.hand, p.pile, p.pile_size, p.knights) for p in state.players],
        "turn": (state.to_move, state.lays, state.must_draw, state.over),
    }


@settings(max_examples=20, deadline=None, derandomize=True)
@given(st.integers(2, 4), st.integers(0, 10**6), st.lists(st.floats(0, 1), min_size=4, max_size=4))
def test_position_after_any_prefix_continues_to_the_same_result(players, seed, fractions):
    data = playout(players, seed)
    moves = data["play"]["moves"]
    full = _record(data, "setup", moves)
    cuts = {0, len(moves), *(round(f * len(moves)) for f in fractions)}
    # the first cut mid-turn with a draw due, and the first after a draw with lays left
    session = _record(data, "setup", [])
    for index, move in enumerate(moves, start=1):
        session.play(move)
        if session.state.must_draw or session.state.lays:
            cuts.add(index)
            if len(cuts) > 8:
                break
    for cut in sorted(cuts):
        at_cut = _record(data, "setup", moves[:cut])
        record = position_record_data(at_cut)
        resumed = _record(record, "position", moves[cut:])
        assert resumed.score().to_json() == full.score().to_json(), (cut, record["position"])
        started = _record(record, "position", [])
        assert _view(started.state) == _view(at_cut.state), (cut, record["position"])
        assert position_data(started.state) == record["position"], cut


def _position(**changes):
    data = playout(2, 3)
    session = _record(data, "setup", data["play"]["moves"][:1])
    assert session.state.must_draw
    record = position_record_data(session)
    record["position"] |= changes
    return record


def test_mid_turn_position_reads_back():
    record = _position()
    assert record["position"]["lays"] == 1 and record["position"]["must-draw"] is True
    assert _record(record, "position", []).state.must_draw


@pytest.mark.parametrize(("changes", "message"), [
    ({"lays": 0}, "no tile laid this turn"),
    ({"must-draw": False}, "a hand is refilled to 2"),
    ({"lays": 4}, "lays"),
])
def test_impossible_turn_states_are_refused(changes, message):
    """Rulebook, 'Laying 1 to 3 tiles': a draw follows a lay; at most three lays a turn."""
    with pytest.raises(RecordError, match=message):
        _record(_position(**changes), "position", [])
