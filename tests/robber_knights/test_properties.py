"""Property tests over seeded playouts (issue 4): records round-trip, nothing is lost or
invented, points never fall in total, the game ends exactly when every tile is laid,
``legal_moves`` and ``check`` agree both ways, and notation round-trips.

CI-sized: about 60 games in all. A longer soak: ``RK_SOAK=2000 pytest -m soak tests/robber_knights``.
"""

from __future__ import annotations

import os
import random
from tests.line_forms import changed

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgundy_cli.core.errors import IllegalMoveError, ParseError
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc
from burgundy_cli.robber_knights import GAME
from burgundy_cli.robber_knights.commands import DrawCommand, EndCommand, LayCommand
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.notation import format_command, parse_line, read_canonical, read_lenient
from burgundy_cli.robber_knights.scoring import points
from burgundy_cli.robber_knights.state import cells_by_name

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYER_COUNTS = st.sampled_from([2, 3, 4])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def fresh(data: dict) -> object:
    """The record's start (setup only), opened as a session with no moves played."""
    start = {key: value for key, value in data.items() if key in ("game", "setup")}
    return open_doc(parse_record_text(dump_record(start), "<start>"))


def accounted(session) -> None:
    """Every player's 30 knights and 24 tiles are somewhere: in front, on the board, in hand, in the pile."""
    state = session.state
    limits = components()
    for number, player in enumerate(state.players):
        assert player.knights + state.knights_on_board(number) == limits.knights_per_player
        assert len(player.hand) + player.pile_size + state.tiles_laid(number) == limits.tiles_per_player
        assert player.pile_size == sum(player.pile.values())
    assert all(len(space.knights) <= limits.max_knights_per_tile for space in state.board.values())


def mutations(cmd, rng: random.Random) -> list:
    """Nearby commands, mostly illegal, to test that ``check`` rejects what ``legal_moves`` omits."""
    tiles = list(components().tiles)
    if isinstance(cmd, DrawCommand):
        return [DrawCommand(player=cmd.player, tile=rng.choice(tiles))]
    if isinstance(cmd, EndCommand):
        return [LayCommand(player=cmd.player, tile=rng.choice(tiles), cell="f6")]
    out = [changed(cmd, cell=f"{chr(97 + rng.randrange(19))}{rng.randrange(1, 20)}"),
           changed(cmd, tile=rng.choice(tiles))]
    if cmd.leave:
        leave = list(cmd.leave)
        leave[rng.randrange(len(leave))] += rng.choice([-1, 1])
        leave.append(rng.randrange(0, 4)) if rng.random() < 0.5 else None
        if min(leave) >= 0 and leave[-1]:   # (a walk ends on a tile it leaves knights on)
            out.append(LayCommand(player=cmd.player, tile=cmd.tile, cell=cmd.cell,
                                  direction=(cmd.direction or "north") if len(leave) > 1 else None,
                                  leave=tuple(leave)))
    return out


def agree(session, rng: random.Random, next_line: str) -> None:
    """``legal_moves`` lists exactly what ``check`` accepts (sampled both ways)."""
    listed = set(session.legal_moves().moves)
    assert next_line in listed
    for line in rng.sample(sorted(listed), min(25, len(listed))):
        assert session.check(line) == line
    for line in sorted(listed)[:3]:
        for other in mutations(parse_line(line), rng):
            text = format_command(other)
            try:
                accepted = session.check(text) == text
            except IllegalMoveError:
                accepted = False
            assert accepted == (text in listed), text


def replay_with_invariants(data: dict, seed: int) -> None:
    rng = random.Random(seed)
    session = fresh(data)
    moves = data["play"]["moves"]
    sampled = set(rng.sample(range(len(moves)), min(4, len(moves))))
    total = 0
    accounted(session)
    for index, line in enumerate(moves):
        assert not session.state.over
        cmd = parse_line(line)
        assert parse_line(format_command(cmd)) == cmd
        if index in sampled:
            agree(session, rng, line)
        session.play(line)
        accounted(session)
        now = sum(sum(p.values()) for p in points(session.state))
        assert now >= total
        total = now
    state = session.state
    all_laid = all(not p.hand and not p.pile_size for p in state.players)
    assert state.over == all_laid
    if state.over:
        assert session.legal_moves().player is None


def round_trip(data: dict) -> None:
    text = dump_record(data)
    session = open_doc(parse_record_text(text, "<playout>"))
    assert session.score().stored_result() == data["result"]
    assert dump_record(session.record_data()) == text


@SETTINGS
@given(players=PLAYER_COUNTS, seed=SEEDS)
def test_complete_playouts(players, seed):
    data = GAME.playout(players, seed)
    assert data["result"]["complete"]
    assert dump_record(GAME.playout(players, seed)) == dump_record(data)
    round_trip(data)
    replay_with_invariants(data, seed)


@SETTINGS
@given(players=PLAYER_COUNTS, seed=SEEDS, stop=st.integers(min_value=0, max_value=150))
def test_unfinished_playouts(players, seed, stop):
    data = GAME.playout(players, seed, stop_after=stop)
    assert len(data["play"]["moves"]) <= stop
    round_trip(data)
    replay_with_invariants(data, seed)


@SETTINGS
@given(players=PLAYER_COUNTS, seed=SEEDS)
def test_pass_through_playouts(players, seed):
    """The same invariants hold under the 'pass-through' option."""
    data = GAME.playout(players, seed, stop_after=60)
    data["game"]["options"] = {"pass-through": True}
    session = fresh(data)
    rng = random.Random(seed)
    for line in data["play"]["moves"]:
        if rng.random() < 0.2:
            agree(session, rng, line)
        session.play(line)
        accounted(session)


PLAYERS = st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,9}", fullmatch=True)
TILES = st.sampled_from(sorted(components().tiles))
CELLS = st.sampled_from(sorted(cells_by_name()))


@st.composite
def lay_commands(draw):
    leave = draw(st.lists(st.integers(min_value=0, max_value=5), max_size=5).filter(lambda v: not v or v[-1]))
    direction = draw(st.sampled_from(["north", "east", "south", "west"])) if len(leave) > 1 else None
    return LayCommand(player=draw(PLAYERS), tile=draw(TILES), cell=draw(CELLS), direction=direction,
                      leave=tuple(leave))


COMMANDS = st.one_of(lay_commands(), st.builds(DrawCommand, player=PLAYERS, tile=TILES),
                     st.builds(EndCommand, player=PLAYERS))


@settings(max_examples=300, deadline=None)
@given(cmd=COMMANDS)
def test_notation_round_trip(cmd):
    assert parse_line(format_command(cmd)) == cmd
    assert parse_line(format_command(cmd).upper().replace(cmd.player.upper(), cmd.player)) == cmd


#: Player names near the edges of what the reader takes: spaces, colons, '#', 40 characters.
ODD_NAMES = st.one_of(PLAYERS, st.text(alphabet="ab :#\t\xa0-", max_size=3),
                      st.text(alphabet="ab ", min_size=39, max_size=42))
#: Characters that make or break a canonical line.
NOISE = st.text(alphabet=" :#,-0123456789\t\n\xa0AEKLaeklnorstw", max_size=3)


@settings(max_examples=500, deadline=None)
@given(cmd=COMMANDS, name=ODD_NAMES, data=st.data())
def test_canonical_fast_path_agrees_with_lenient_reader(cmd, name, data):
    """Every line the writer produces is read by the fast path, to the command the lenient
    reader gives; and a line the fast path accepts, however it was damaged, is one the lenient
    reader reads to the same command and the writer writes back unchanged."""
    line = format_command(cmd)
    assert read_canonical(line) == read_lenient(line) == cmd
    line = name + line[len(cmd.player):]
    start = data.draw(st.integers(0, len(line)))
    end = data.draw(st.integers(start, min(len(line), start + 3)))
    text = line[:start] + data.draw(NOISE) + line[end:]
    fast = read_canonical(text)
    if fast is not None:
        assert read_lenient(text) == fast
        assert format_command(fast) == text


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_parses_or_fails_cleanly(text):
    try:
        cmd = parse_line(text)
    except ParseError as err:
        assert err.message
    else:
        assert cmd.kind in ("lay", "draw", "end")


@pytest.mark.soak
@pytest.mark.skipif("RK_SOAK" not in os.environ, reason="soak run: set RK_SOAK=<games>")
def test_soak_many_playouts():
    """Thousands of games (``RK_SOAK`` of them); not run by CI (marker ``soak``)."""
    count = int(os.environ["RK_SOAK"])
    for seed in range(count):
        data = GAME.playout(2 + seed % 3, seed)
        round_trip(data)
        replay_with_invariants(data, seed)


def test_the_generator_makes_every_line_form():
    """So the round trips above cover every form of line (tests/line_forms.py)."""
    from burgundy_cli.robber_knights.commands import Command
    from tests.line_forms import assert_generates_every_form, line_forms

    assert ("LayCommand", "leave", "empty") in line_forms(Command)
    assert_generates_every_form(COMMANDS, Command)
