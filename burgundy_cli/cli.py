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
from burgundy_cli.entry import ScoreArguments, run_check, run_play, run_score

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
    counted; games in progress are counted, not scored. The player tables are those of
    `burgundy stats`, which keeps an archive and adds filters, splits, head-to-head, best
    games and ratings.

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


archive_app = typer.Typer(no_args_is_help=True, help="The club archive: records indexed in SQLite or PostgreSQL.")
app.add_typer(archive_app, name="archive")

DbOption = Annotated[str | None, typer.Option(
    "--db", help="SQLite file or postgresql://USER@HOST:PORT/NAME (default: DIR/burgundy.db)")]


def _print(printed: Any) -> None:
    """Print a :class:`burgundy_cli.archive.commands.Printed` and end with its exit code."""
    if printed.out:
        typer.echo(printed.out)
    if printed.err:
        typer.echo(printed.err, err=True)
    if printed.code:
        raise typer.Exit(printed.code)


def _progress_bar(total: int) -> Callable[[int], None] | None:
    """A progress bar on stderr when it is a terminal: the function that advances it."""
    from burgundy_cli.archive.commands import on_terminal

    if not on_terminal() or total < 2:
        return None
    bar = typer.progressbar(length=total, label="verifying", file=sys.stderr)
    bar.__enter__()

    def advance(done: int) -> None:
        bar.update(done)
        if bar.pos >= total:
            bar.__exit__(None, None, None)

    return advance


def _sync_command(folder: Path, db: str | None, jobs: int, as_json: bool, rebuild: bool) -> None:
    def run() -> None:
        from burgundy_cli.archive.commands import run_sync

        _print(run_sync(str(folder), db, jobs=jobs, rebuild=rebuild, as_json=as_json, progress=_progress_bar))

    _guard(run)


FolderArgument = Annotated[Path, typer.Argument(help="folder of *.toml records")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", min=0, help="processes (0 = all cores)")]
JsonOption = Annotated[bool, typer.Option("--json", help="print JSON")]


@archive_app.command("sync")
def archive_sync(folder: FolderArgument, db: DbOption = None, jobs: JobsOption = 0,
                 as_json: JsonOption = False) -> None:
    """Verify the records below FOLDER and bring the archive in line: new and changed records
    stored, removed ones dropped, unchanged ones skipped; failures listed and stored as failed.

    Example: burgundy archive sync records/
    """
    _sync_command(folder, db, jobs, as_json, rebuild=False)


@archive_app.command("rebuild")
def archive_rebuild(folder: FolderArgument, db: DbOption = None, jobs: JobsOption = 0,
                    as_json: JsonOption = False) -> None:
    """Empty the archive and verify every record below FOLDER again.

    Example: burgundy archive rebuild records/ --db postgresql://club@localhost/league
    """
    _sync_command(folder, db, jobs, as_json, rebuild=True)


@archive_app.command("list")
def archive_list(folder: Annotated[Path | None, typer.Argument(help="folder holding burgundy.db")] = None,
                 db: DbOption = None, as_json: JsonOption = False) -> None:
    """List the files in the archive: game, players, date and winner, or the error of a failed one.

    Example: burgundy archive list records/
    """
    def run() -> None:
        from burgundy_cli.archive.commands import run_list

        _print(run_list(None if folder is None else str(folder), db, as_json=as_json))

    _guard(run)


@app.command()
def stats(
    folder: Annotated[Path | None, typer.Argument(help="folder of records (synced first)")] = None,
    db: DbOption = None,
    game: Annotated[str | None, typer.Option(help="only this game")] = None,
    edition: Annotated[str | None, typer.Option(help="only this edition")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="only games of this many players")] = None,
    board: Annotated[str | None, typer.Option(help="only games on these boards")] = None,
    modules: Annotated[str | None, typer.Option(help='only games with these modules ("none": without)')] = None,
    place: Annotated[str | None, typer.Option(help="only games played here")] = None,
    since: Annotated[str | None, typer.Option(help="only games on or after this date (YYYY-MM-DD)")] = None,
    until: Annotated[str | None, typer.Option(help="only games on or before this date (YYYY-MM-DD)")] = None,
    by: Annotated[str | None, typer.Option(help="split by: edition,players,boards,modules,place,event,year")] = None,
    versus: Annotated[tuple[str, str] | None, typer.Option("--vs", help="head-to-head of two players")] = None,
    best: Annotated[int, typer.Option(min=0, help="the N highest totals and biggest margins")] = 0,
    ratings: Annotated[bool, typer.Option("--ratings", help="openskill ratings (mu - 3 sigma), in date order")] = False,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="print CSV")] = False,
    as_markdown: Annotated[bool, typer.Option("--markdown", help="print Markdown tables")] = False,
    jobs: JobsOption = 0,
) -> None:
    """Per player games, wins, win rate, average and best score, average rank and category
    averages; filtered, split, head-to-head, best games and ratings. Reads the archive
    (FOLDER/burgundy.db, synced first, or --db).

    Example: burgundy stats records/ --by edition,players --ratings
    """
    def run() -> None:
        from burgundy_cli.archive.commands import StatsArguments, run_stats
        from burgundy_cli.archive.stats import Filters

        forms = [name for name, on in (("json", as_json), ("csv", as_csv), ("markdown", as_markdown)) if on]
        if len(forms) > 1:
            raise UsageError("choose one of --json, --csv and --markdown")
        filters = Filters(game, edition, players, board, modules, place, since, until)
        args = StatsArguments(None if folder is None else str(folder), db, filters, by, versus, best, ratings,
                              forms[0] if forms else "text", jobs)
        _print(run_stats(args, progress=_progress_bar))

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
    moves: Annotated[list[str], typer.Argument(help="notation lines, in order")],
) -> None:
    """Check MOVES one by one and append them to FILE (written atomically).

    Nothing is written unless every line is legal, so the record on disk is never lost.

    Example: burgundy play game.toml "anna: take 3 church" "anna: sell 4"
    """
    _exit_with(partial(run_play, str(file), moves))


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
        from burgundy_cli.core.record import dump_record, write_atomic
        from burgundy_cli.core.session import open_record

        text = dump_record(open_record(file, verify_result=False).record_data())
        if write:
            write_atomic(file, text)
        else:
            typer.echo(text, nl=False)

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
