"""The ``burgundy`` command line: the only module that prints, reads argv or picks an exit code.

Exit codes: 0 success (or: the move is legal), 1 the input was rejected (illegal move,
invalid record), 2 usage error, 3 internal error (a bug: please report it). No Python
traceback ever reaches the user.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from burgundy_cli.core.errors import EXIT_INTERNAL, RefereeError, UsageError, failure
from burgundy_cli.entry import ScoreArguments, run_check, run_play, run_score, run_undo

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Referee and score The Castles of Burgundy and Robber Knights games played at a real table.",
)

T = TypeVar("T")


def _echo_json(value: Any) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, sort_keys=False))


def _guard(action: Callable[[], T]) -> T:
    """Run ``action``; report any failure as one line (see :func:`failure`) and its exit code."""
    try:
        return action()
    except (typer.Exit, typer.Abort, BrokenPipeError):
        raise                   # typer ends quietly (exit 1) when the reader of stdout went away
    except (Exception, KeyboardInterrupt) as err:  # noqa: BLE001 - the last line of defence against tracebacks
        message, code = failure(err)
        if code == EXIT_INTERNAL and os.environ.get("BURGUNDY_DEBUG"):
            raise
        typer.echo(message, err=True)
        raise typer.Exit(code) from None


def _exit_with(command: Callable[[], int]) -> None:
    """Run one of :mod:`burgundy_cli.entry`'s commands (shared with its fast path) under
    :func:`_guard`, and end with its exit code."""
    def run() -> None:
        code = command()
        if code:
            raise typer.Exit(code)

    _guard(run)


@app.command()
def score(
    paths: Annotated[list[Path], typer.Argument(help="record files, or folders of *.toml records")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON (one object; JSON lines for several)")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="processes for many records (0 = all cores)")] = 0,
) -> None:
    """Replay and verify records, then print each player's score by category.

    Example: burgundy score records/castles-of-burgundy/two-players-2019.toml
    """
    _exit_with(partial(run_score, ScoreArguments([str(path) for path in paths], as_json, jobs)))


@app.command()
def summary(
    paths: Annotated[list[Path], typer.Argument(help="record files, or folders of *.toml records")],
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as one JSON object")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="processes (0 = all cores)")] = 0,
) -> None:
    """Verify many records and sum them up per game and player: games, wins, average and best scores.

    Records that fail to verify are listed (with their errors on stderr, and exit code 1), not
    counted; games in progress are counted, not scored.

    Example: burgundy summary records/
    """
    def run() -> None:
        from burgundy_cli.core.bulk import record_files, score_many
        from burgundy_cli.core.summary import summarise, summary_text

        scored = score_many([str(f) for f in record_files(paths)], jobs)
        result = summarise(scored)
        if as_json:
            _echo_json(result)
        else:
            typer.echo(summary_text(result))
        for failed in (r for r in scored if "error" in r):
            typer.echo(f"burgundy: {failed['error']}", err=True)
        worst = max((r.get("exit", 0) for r in scored), default=0)
        if worst:
            raise typer.Exit(worst)

    _guard(run)


@app.command()
def check(
    file: Annotated[Path, typer.Argument(help="record or position file")],
    move: Annotated[str, typer.Argument(help='one notation line, e.g. "anna: take 3 church"')],
    as_json: Annotated[bool, typer.Option("--json", help='print {"legal", "rule", "message"}')] = False,
) -> None:
    """Say whether MOVE is legal at the end of FILE, and which rule forbids it if not.

    Example: burgundy check game.toml "anna: place 5>4 ship c3 goods 6"
    """
    _exit_with(partial(run_check, str(file), move, as_json))


@app.command()
def play(
    file: Annotated[Path, typer.Argument(help="record file to extend")],
    moves: Annotated[list[str] | None, typer.Argument(help="notation lines, in order (none: the table session)")] = None,
) -> None:
    """Check MOVES one by one and append them to FILE (written atomically); say what is due next.

    Nothing is written unless every line is legal, so the record on disk is never lost.
    Without MOVES, on a terminal: the table session (docs/table-session.md) -- a prompt
    that says what is due, Tab completion, undo, each accepted line written at once.

    Example: burgundy play game.toml "anna: take 3 church" "anna: sell 4"
    """
    if moves:
        _exit_with(partial(run_play, str(file), moves))
        return

    def session() -> int:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise UsageError("give the lines to play, or run 'burgundy play FILE' on a terminal for the "
                             "table session", hint='burgundy play game.toml "anna: take 3 church"')
        from burgundy_cli.core.tableui import run_session

        return run_session(str(file))

    _exit_with(session)


@app.command()
def undo(
    file: Annotated[Path, typer.Argument(help="record file")],
    count: Annotated[int, typer.Argument(min=1, max=1000, help="how many lines to remove")] = 1,
) -> None:
    """Remove the last COUNT lines of FILE (written atomically) and say which.

    Example: burgundy undo game.toml 2
    """
    _exit_with(partial(run_undo, str(file), count))


@app.command()
def new(
    file: Annotated[Path, typer.Argument(help="record file to create")],
    game: Annotated[str | None, typer.Option("--game", "-g", help="castles-of-burgundy or robber-knights")] = None,
    edition: Annotated[str | None, typer.Option("--edition", "-e", help="rulebook edition (Castles: 2011, 2019)")] = None,
    players: Annotated[str | None, typer.Option("--players", "-p", help="names in seat order: anna,bob")] = None,
    boards: Annotated[str | None, typer.Option(help="Castles duchy: 1, or per player anna=3,bob=5 (experienced)")] = None,
    start: Annotated[str | None, typer.Option(help="Castles start castle spaces: anna=c2 (default: the centre)")] = None,
    goods: Annotated[str | None, typer.Option(help="Castles starting goods: anna=1 2 3,bob=4 5 6")] = None,
    start_player: Annotated[str | None, typer.Option("--start-player", help="Castles: who starts")] = None,
    modules: Annotated[str | None, typer.Option(help="Castles 2019 modules, comma-separated")] = None,
    layout: Annotated[list[str] | None, typer.Option(help='Robber Knights layout row: "red:castle-plain blue:lake"')] = None,
    hands: Annotated[str | None, typer.Option(help="Robber Knights hands: red=castle-plain plain,blue=...")] = None,
    force: Annotated[bool, typer.Option("--force", help="overwrite FILE if it exists")] = False,
) -> None:
    """Create a new record from the flags, asking on a terminal for any that are missing.

    The record is checked as the game reads it (it scores as an empty game) before it is written.

    Example: burgundy new game.toml --game castles-of-burgundy --edition 2019 --players anna,bob --goods "anna=1 2 3,bob=4 5 6"
    """
    def run() -> int:
        from burgundy_cli.core.newrecord import NewRecord, create

        given = NewRecord(game=game, edition=edition, players=players, boards=boards, start=start, goods=goods,
                          start_player=start_player, modules=modules, layout=layout, hands=hands)
        typer.echo(create(str(file), given, force=force, ask=sys.stdin.isatty() and sys.stdout.isatty()))
        return 0

    _exit_with(run)


@app.command()
def show(file: Annotated[Path, typer.Argument(help="record or position file")]) -> None:
    """Draw the position at the end of FILE: boards with the notation's coordinates, supplies, turn order.

    Example: burgundy show game.toml
    """
    def run() -> None:
        from burgundy_cli.core.session import open_record

        typer.echo(open_record(file).show())

    _guard(run)


@app.command()
def moves(
    file: Annotated[Path, typer.Argument(help="record or position file")],
    as_json: Annotated[bool, typer.Option("--json", help='print {"player", "moves"}')] = False,
) -> None:
    """List every legal action of the player to move at the end of FILE.

    Example: burgundy moves game.toml
    """
    def run() -> None:
        from burgundy_cli.core.session import open_record

        listing = open_record(file).legal_moves()
        if as_json:
            _echo_json({"player": listing.player, "moves": listing.moves})
            return
        if listing.player is None:
            typer.echo("the game is over: no moves")
            return
        typer.echo(f"{listing.player} to move:")
        for group, lines in listing.groups.items():
            typer.echo(f"  {group}:")
            for line in lines:
                typer.echo(f"    {line}")

    _guard(run)


@app.command()
def fmt(
    file: Annotated[Path, typer.Argument(help="record file")],
    write: Annotated[bool, typer.Option("--write", "-w", help="rewrite FILE in place (atomically)")] = False,
) -> None:
    """Print FILE in canonical form (every line in canonical notation, result recomputed).

    Example: burgundy fmt --write game.toml
    """
    def run() -> None:
        from burgundy_cli.core.record import dump_record
        from burgundy_cli.core.session import open_doc, open_record

        if not write:
            typer.echo(dump_record(open_record(file, verify_result=False).record_data()), nl=False)
            return
        from burgundy_cli.core.lock import locked

        with locked(file) as record:        # a play run meanwhile is not overwritten
            record.write(dump_record(open_doc(record.read(), verify_result=False).record_data()))

    _guard(run)


@app.command()
def playout(
    game: Annotated[str, typer.Argument(help="castles-of-burgundy or robber-knights")],
    players: Annotated[int, typer.Option("--players", "-p", min=2, max=4, help="number of players")],
    seed: Annotated[int, typer.Option("--seed", "-s", help="random seed (same seed, same record)")],
    out: Annotated[Path, typer.Option("--out", "-o", help="record file to write")],
    edition: Annotated[str | None, typer.Option("--edition", "-e", help="rulebook edition")] = None,
    stop_after: Annotated[int | None, typer.Option("--stop-after", min=0, help="stop after K actions")] = None,
) -> None:
    """Deal a game from SEED and play it out with a simple seeded policy, writing the record.

    Example: burgundy playout castles-of-burgundy --players 4 --seed 7 --out game.toml
    """
    def run() -> None:
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
        typer.echo(f"wrote {out}")

    _guard(run)


def main() -> None:
    """Entry point of the ``burgundy`` script."""
    try:
        app(prog_name="burgundy")
    except KeyboardInterrupt:
        sys.stderr.write("burgundy: interrupted\n")
        sys.exit(130)
