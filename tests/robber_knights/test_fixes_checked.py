"""A line a Robber Knights refusal proposes is one the referee accepts when it is typed next.

The engine's rules know the line they would accept instead of a refused one (``err.fix``: the
castle laid without knights, the knights that may stay on it, the walk stopping before a tile
it may not enter, the count that fits a tile); the session writes it at the end of the hint
only when the engine's ``check`` accepts it in the same position
(``robber_knights/session._told``), as Castles does (``castles/record/clarify._line_written``).
Here seeded playouts are walked and, at positions along them, legal lays are perturbed the ways
a player slips -- knights miscounted, a walk too long or turned the wrong way, a tile laid on a
bad cell, knights on a tile without a castle, more than five or than the player has -- and
every line a refusal proposes is typed next.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest
from pydantic import ValidationError

from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc
from burgundy_cli.robber_knights.commands import STEPS, LayCommand
from burgundy_cli.robber_knights.movegen import legal_commands
from burgundy_cli.robber_knights.notation import format_command
from burgundy_cli.robber_knights.playout import playout
from burgundy_cli.robber_knights.rules import rule
from burgundy_cli.robber_knights.session import RobberKnightsSession, _told
from burgundy_cli.robber_knights.state import State, cell_name
from tests.robber_knights.helpers import BASE_HANDS, BASE_TILES, position

#: The rules whose refusals know a line to propose: every one is met by the walk below.
FIXING = {"rk.knights.castle", "rk.knights.supply", "rk.knights.five", "rk.move.gap", "rk.move.lake",
          "rk.move.enter", "rk.move.minimum", "rk.move.max-four"}


def proposed(hint: str | None) -> list[str]:
    """The whole lines a hint proposes (written between backquotes, as Castles writes its own)."""
    return re.findall(r"`([^`]+)`", hint or "")


def _lay(cmd: LayCommand, **update: object) -> LayCommand | None:
    """``cmd`` changed, or None when the change is no line at all (the notation refuses it)."""
    try:
        return LayCommand.model_validate({**cmd.model_dump(), **update})
    except ValidationError:
        return None


def slips(state: State, rng: random.Random) -> Iterator[LayCommand]:
    """Lays near the legal ones of ``state``, most of them refused: a sample of the legal lays
    with knights and without, each changed the ways a player slips."""
    lays = [cmd for _, cmd in legal_commands(state) if isinstance(cmd, LayCommand)]
    walks, bare = [cmd for cmd in lays if cmd.leave], [cmd for cmd in lays if not cmd.leave]
    laid = sorted(state.board)
    supply = state.players[state.to_move].knights
    for cmd in rng.sample(walks, min(4, len(walks))):
        for step in range(len(cmd.leave)):   # a count miscounted on one tile of the walk
            for more in (-1, 1, 2):
                leave = list(cmd.leave)
                leave[step] += more
                if min(leave) >= 0:
                    yield _lay(cmd, leave=tuple(leave))
        direction = cmd.direction or rng.choice(list(STEPS))
        yield _lay(cmd, direction=direction, leave=(*cmd.leave, 1))     # the walk goes a tile too far
        yield _lay(cmd, direction=direction, leave=(*cmd.leave, 2))
        if cmd.leave[-1] > 1:
            yield _lay(cmd, direction=direction, leave=(*cmd.leave[:-1], cmd.leave[-1] - 1, 1))
        if cmd.direction is not None:   # the wrong way
            yield from (_lay(cmd, direction=other) for other in STEPS if other != cmd.direction)
        yield _lay(cmd, cell=cell_name(rng.choice(laid)))   # on a laid tile
        yield _lay(cmd, direction=None, leave=(6,))
        yield _lay(cmd, direction=None, leave=(supply + 1,))
    for cmd in rng.sample(bare, min(3, len(bare))):
        yield _lay(cmd, cell=cell_name(rng.choice(laid)))
        yield _lay(cmd, cell=cell_name((rng.randrange(state.frame), rng.randrange(state.frame))))
        for knights in (1, 3, 5):   # knights brought (or a castle's, walked)
            yield _lay(cmd, leave=(knights,))
            yield _lay(cmd, direction=rng.choice(list(STEPS)), leave=(1, max(knights - 1, 1)))


def _walked(seed: int, options: dict[str, bool]) -> Iterator[RobberKnightsSession]:
    """The session of playout ``seed`` (2 to 4 players) replayed under ``options``, at every
    other position where a lay may come (the playout's lines are legal under either rule)."""
    data = playout(2 + seed % 3, seed)
    game = {**data["game"], **({"options": options} if options else {})}
    session = open_doc(parse_record_text(dump_record({"game": game, "setup": data["setup"]}), f"seed {seed}"),
                       verify_result=False)
    for number, line in enumerate(data["play"]["moves"]):
        if not session.state.must_draw and number % 2 == seed % 2:
            yield session
        session.play(line)


@pytest.mark.parametrize("options", [{}, {"pass-through": True}], ids=["base", "pass-through"])
def test_every_line_a_refusal_proposes_is_accepted_when_typed(options):
    """'Laying a castle tile' and 'Moving the knights' (rulebook): each refusal that proposes a
    line proposes one the referee accepts as typed, in the same position -- over slips made
    from the legal lays of seeded playouts, each rule that knows a fix met."""
    tally: Counter[str] = Counter()
    rng = random.Random(7)
    for seed in range(4):
        for session in _walked(seed, options):
            for cmd in filter(None, slips(session.state, rng)):
                line = format_command(cmd)
                try:
                    session.check(line)
                except IllegalMoveError as err:
                    tally["refused"] += 1
                    lines = proposed(err.hint)
                    if lines:
                        tally[err.rule.id] += 1
                    for fix in lines:
                        assert session.check(fix) == fix, (line, err.hint)
    assert FIXING <= set(tally), tally
    assert tally["refused"] > 1000, tally


def test_a_fix_the_engine_refuses_is_not_offered():
    """A hint never proposes a line the referee then refuses (docs/errors.md, IllegalMoveError):
    a refusal whose fix the engine's ``check`` refuses in the same position keeps its words and
    offers no line -- here a fix of 5 knights on a castle ('never more than 4 knights on any one
    tile', rulebook 'Moving the knights'), where one the engine accepts is written at the end
    of the hint."""
    session = position(BASE_TILES, BASE_HANDS)
    typed = "red: lay castle-plain d6 knights 6"
    refused = LayCommand(player="red", tile="castle-plain", cell="d6", leave=(5,))
    accepted = LayCommand(player="red", tile="castle-plain", cell="d6", leave=(4,))
    made = [_told(session.state, IllegalMoveError(rule("rk.knights.five"), "6 knights placed", hint="fewer",
                                                  blamed="knights", fix=fix), typed) for fix in (refused, accepted)]
    assert [err.hint for err in made] == ["fewer", "fewer: `red: lay castle-plain d6 knights 4`"]
    assert all(err.fix is None for err in made)
