"""What each ``burgundy`` subcommand does, without a terminal: one function per subcommand.

A body takes its arguments as plain values and returns a
:class:`~burgundy_cli.console.Outcome` (what to say on stdout and stderr, and the exit
code); it prints nothing and never exits the process. It raises a
:class:`~burgundy_cli.core.errors.RefereeError` for a failure that ends the command, which
:func:`burgundy_cli.console.run` turns into the one line a user sees. The typer commands
of :mod:`burgundy_cli.cli` and the typer-free fast path of :mod:`burgundy_cli.entry` call
the same bodies, so both print the same.

Everything a body needs is imported inside it: ``burgundy score`` must not pay at start-up
for what ``burgundy playout`` uses.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from burgundy_cli.console import Outcome


@dataclass(frozen=True)
class ScoreArguments:
    """What ``burgundy score`` was asked: the record files and folders, ``--json``, ``--jobs``."""

    paths: list[str]
    as_json: bool = False
    jobs: int = 0


def _json(value: object) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, sort_keys=False)


def score_file(path: str, as_json: bool) -> str:
    """What ``burgundy score FILE`` prints for one record (the JSON object or the table)."""
    from burgundy_cli.core.session import open_record

    table = open_record(path).score()
    if as_json:
        return _json(table.to_json())
    from burgundy_cli.core.render import score_table_text

    return score_table_text(table)


def score(arguments: ScoreArguments) -> Outcome:
    """``burgundy score``: each record's score (or its error); the exit code is the worst.

    One record gives its table (or JSON object); several give one line (or JSON line)
    per record, errors on stderr.

    :raises RefereeError: one record that fails, or nothing to score.
    """
    from burgundy_cli.core.bulk import record_files

    files = [str(path) for path in record_files(arguments.paths)]
    if len(files) == 1:
        return Outcome().say(score_file(files[0], arguments.as_json))
    from burgundy_cli.core.bulk import score_many

    outcome = Outcome()
    for result in score_many(files, arguments.jobs):
        outcome.ending(result.get("exit", 0))
        if arguments.as_json:
            outcome.say(_json(result))
        elif "error" in result:
            outcome.warn(f"burgundy: {result['error']}")
        else:
            totals = ", ".join(f"{p['name']} {p['total']}" for p in result["players"])
            state = f"winner {', '.join(result['winner'])}" if result["complete"] else "in progress"
            outcome.say(f"{result['file']}: {totals}; {state}")
    return outcome


def summary(paths: Sequence[str | os.PathLike[str]], as_json: bool, jobs: int) -> Outcome:
    """``burgundy summary``: verify many records and sum them up per game and player.

    Records that fail are listed (their errors on stderr, exit code the worst), not counted.
    """
    from burgundy_cli.core.bulk import record_files, score_many
    from burgundy_cli.core.summary import summarise, summary_text

    scored = score_many([str(f) for f in record_files(paths)], jobs)
    result = summarise(scored)
    outcome = Outcome().say(_json(result) if as_json else summary_text(result))
    for failed in (r for r in scored if "error" in r):
        outcome.warn(f"burgundy: {failed['error']}")
    return outcome.ending(max((r.get("exit", 0) for r in scored), default=0))


def check(path: str, move: str, as_json: bool) -> Outcome:
    """``burgundy check``: whether ``move`` is legal at the end of the record, and why not (exit 1).

    :raises RefereeError: the record cannot be opened, or a usage error.
    """
    from burgundy_cli.core.errors import IllegalMoveError, RefereeError, UsageError
    from burgundy_cli.core.session import open_record

    session = open_record(path)
    try:
        canonical = session.check(move)
    except RefereeError as err:
        if isinstance(err, UsageError):
            raise
        if as_json:
            rule = err.rule.id if isinstance(err, IllegalMoveError) else None
            return Outcome(code=1).say(_json({"legal": False, "rule": rule, "message": err.describe()}))
        return Outcome(code=1).warn(f"burgundy: {err}")
    if as_json:
        return Outcome().say(_json({"legal": True, "rule": None, "message": f"legal: {canonical}"}))
    return Outcome().say(f"legal: {canonical}")


def play(path: str, moves: Sequence[str]) -> Outcome:
    """``burgundy play``: check ``moves`` in order and append them to the record, atomically.

    Nothing is written unless every line is legal, so the record on disk is never lost.

    :raises RefereeError: the record cannot be opened, or a move is not legal (located at it).
    """
    from burgundy_cli.core.errors import Location, RefereeError
    from burgundy_cli.core.record import dump_record, write_atomic
    from burgundy_cli.core.session import open_record

    session = open_record(path)
    played = []
    for index, line in enumerate(moves, start=1):
        try:
            played.append(session.play(line))
        except RefereeError as err:
            raise err.at(Location(f"<move {index}: {line}>")) from None
    write_atomic(path, dump_record(session.record_data()))
    outcome = Outcome()
    for line in played:
        outcome.say(f"recorded: {line}")
    return outcome


def show(path: str | os.PathLike[str]) -> Outcome:
    """``burgundy show``: the position at the end of the record, drawn as text."""
    from burgundy_cli.core.session import open_record

    return Outcome().say(open_record(path).show())


def moves(path: str | os.PathLike[str], as_json: bool) -> Outcome:
    """``burgundy moves``: every legal action of the player to move, grouped."""
    from burgundy_cli.core.session import open_record

    listing = open_record(path).legal_moves()
    if as_json:
        return Outcome().say(_json({"player": listing.player, "moves": listing.moves}))
    if listing.player is None:
        return Outcome().say("the game is over: no moves")
    outcome = Outcome().say(f"{listing.player} to move:")
    for group, lines in listing.groups.items():
        outcome.say(f"  {group}:")
        for line in lines:
            outcome.say(f"    {line}")
    return outcome


def fmt(path: str | os.PathLike[str], write: bool) -> Outcome:
    """``burgundy fmt``: the record in canonical form, printed or written back atomically."""
    from burgundy_cli.core.record import dump_record, write_atomic
    from burgundy_cli.core.session import open_record

    text = dump_record(open_record(path, verify_result=False).record_data())
    if write:
        write_atomic(path, text)
        return Outcome()
    return Outcome().say(text, end="")


def playout(game: str, players: int, seed: int, out: str | os.PathLike[str], edition: str | None,
            stop_after: int | None) -> Outcome:
    """``burgundy playout``: deal a game from ``seed``, play it out, write the record.

    :raises UsageError: an unknown game or edition.
    """
    from burgundy_cli.core.errors import RefereeError, UsageError
    from burgundy_cli.core.record import dump_record, write_atomic
    from burgundy_cli.core.registry import find_game

    try:
        found = find_game(game)
    except RefereeError as err:
        raise UsageError(err.message, hint=err.hint) from None
    if edition is not None and edition not in found.editions:
        raise UsageError(f"unknown edition '{edition}' for {game}; editions: {', '.join(found.editions)}")
    data = found.playout(players, seed, edition=edition, stop_after=stop_after)
    write_atomic(out, dump_record(data))
    return Outcome().say(f"wrote {out}")
