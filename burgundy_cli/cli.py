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
    add_completion=True,        # --install-completion / --show-completion for bash, zsh and fish
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Referee and score The Castles of Burgundy and Robber Knights games played at a real table.",
)
export_app = typer.Typer(no_args_is_help=True, help="Write records for score-tracking apps: BG Stats, CSV.")
app.add_typer(export_app, name="export")

T = TypeVar("T")


def _print_version(value: bool) -> None:
    if value:
        from burgundy_cli import __version__

        typer.echo(f"burgundy {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Referee and score The Castles of Burgundy and Robber Knights games played at a real table."""


def _complete_move(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a move: the legal lines of the player to move (after the lines
    already typed on a ``play`` command line)."""
    from burgundy_cli.core.verdicts import legal_completions

    file = ctx.params.get("file")
    if file is None:
        return []
    before = [line for line in ctx.params.get("moves") or [] if line != incomplete]
    return legal_completions(str(file), before, incomplete)


def _echo_json(value: Any) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, sort_keys=False))


def _iso(value: Any) -> str:
    """JSON for what TOML has and JSON lacks: dates and times as ISO 8601 text."""
    if hasattr(value, "isoformat"):
        return value.isoformat()
    raise TypeError(f"not JSON: {value!r}")


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
    show_all: Annotated[bool, typer.Option("--all", help="show categories that are 0 for every player too")] = False,
) -> None:
    """Replay and verify records, then print each player's score by category.

    The table is coloured on a terminal and plain text in a pipe or with NO_COLOR set.

    Example: burgundy score records/castles-of-burgundy/two-players-2019.toml
    """
    _exit_with(partial(run_score, ScoreArguments([str(path) for path in paths], as_json, jobs, show_all)))


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
    move: Annotated[str, typer.Argument(help='one notation line, e.g. "anna: take 3 church"',
                                        autocompletion=_complete_move)],
    as_json: Annotated[bool, typer.Option("--json", help='print {"legal", "rule", "message"}')] = False,
) -> None:
    """Say whether MOVE is legal at the end of FILE, and which rule forbids it if not.

    Example: burgundy check game.toml "anna: place 5>4 ship c3 goods 6"
    """
    _exit_with(partial(run_check, str(file), move, as_json))


@app.command()
def play(
    file: Annotated[Path, typer.Argument(help="record file to extend")],
    moves: Annotated[list[str], typer.Argument(help="notation lines, in order", autocompletion=_complete_move)],
    as_json: Annotated[bool, typer.Option("--json", help='print {"verdicts", "written", "due"}')] = False,
) -> None:
    """Check MOVES one by one and append them to FILE (written atomically).

    Nothing is written unless every line is legal, so the record on disk is never lost.

    Example: burgundy play game.toml "anna: take 3 church" "anna: sell 4"
    """
    if not as_json:
        _exit_with(partial(run_play, str(file), moves))
        return

    def run() -> int:
        from burgundy_cli.core.verdicts import play_verdicts

        result, code = play_verdicts(str(file), moves)
        _echo_json(result)
        return code

    _exit_with(run)


AtOption = Annotated[str | None, typer.Option(
    "--at", help="the position after a round (C3), a turn (T12) or a line number of FILE, not at its end")]


@app.command()
def show(
    file: Annotated[Path, typer.Argument(help="record or position file")],
    svg: Annotated[Path | None, typer.Option("--svg", help="write the position as an SVG picture to this file")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the position as JSON (docs/pictures.md)")] = False,
    at: AtOption = None,
) -> None:
    """Draw the position at the end of FILE: boards with the notation's coordinates, supplies, turn order.

    Example: burgundy show game.toml --svg game.svg --at C3
    """
    def run() -> None:
        if svg is None and not as_json and at is None:
            from burgundy_cli.core.session import open_record

            typer.echo(open_record(file).show())
            return
        from burgundy_cli.core import pictures

        if svg is not None:
            _write_file(svg, pictures.board_svg(str(file), at))
        if as_json:
            _echo_json(pictures.position_json(str(file), at))
        elif svg is None:
            typer.echo(pictures.position_text(str(file), at))

    _guard(run)


def _write_file(path: Path, text: str) -> None:
    """Write an output file atomically and say so on stderr (stdout stays for --json)."""
    from burgundy_cli.core.record import write_atomic

    write_atomic(path, text)
    typer.echo(f"wrote {path}", err=True)


@app.command()
def chart(
    file: Annotated[Path, typer.Argument(help="record file")],
    svg: Annotated[Path | None, typer.Option("--svg", help="write the chart as an SVG picture to this file")] = None,
    as_json: Annotated[bool, typer.Option("--json", help='print {"steps", "vp", ...} as JSON')] = False,
) -> None:
    """Chart each player's VP after every round (Castles) or turn (Robber Knights), final scoring last.

    Example: burgundy chart game.toml --svg chart.svg
    """
    def run() -> None:
        from burgundy_cli.core.pictures import chart_series

        series = chart_series(str(file))
        if svg is not None:
            from burgundy_cli.core.chart import chart_svg

            _write_file(svg, chart_svg(series))
        if as_json or svg is None:
            _echo_json(series)

    _guard(run)


@export_app.command("bgstats")
def export_bgstats(
    paths: Annotated[list[Path], typer.Argument(help="record files, or folders of *.toml records")],
    out: Annotated[Path, typer.Option("--out", "-o", help="the .bgsplay file to write")],
) -> None:
    """Write the complete games as a BG Stats import file (open it with the app to import).

    Re-importing the same records does not duplicate plays: each play's id comes from its
    record's content. Example: burgundy export bgstats records/ --out plays.bgsplay
    """
    def run() -> int:
        from burgundy_cli.core.export import bgstats

        played, code = _played(paths)
        data = bgstats(played)
        _write_file(out, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        typer.echo(f"{len(data['plays'])} plays, {len(played) - len(data['plays'])} unfinished games left out",
                   err=True)
        return code

    _exit_with(run)


@export_app.command("csv")
def export_csv(
    paths: Annotated[list[Path], typer.Argument(help="record files, or folders of *.toml records")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="CSV file to write (default: print it)")] = None,
) -> None:
    """Write one CSV row per player per game with every scoring category.

    Example: burgundy export csv records/ --out scores.csv
    """
    def run() -> int:
        from burgundy_cli.core.export import csv_text

        played, code = _played(paths)
        text = csv_text(played)
        if out is None:
            typer.echo(text, nl=False)
        else:
            _write_file(out, text)
        return code

    _exit_with(run)


def _played(paths: list[Path]) -> tuple[list[Any], int]:
    """The verified records below ``paths``; failures go to stderr and give exit code 1."""
    from burgundy_cli.core.bulk import record_files
    from burgundy_cli.core.export import read_played

    played, failed = read_played([str(f) for f in record_files(paths)])
    for bad in failed:
        typer.echo(f"burgundy: {bad['error']}", err=True)
    return played, max((bad["exit"] for bad in failed), default=0)


@app.command()
def schema(
    game: Annotated[str | None, typer.Argument(help="castles-of-burgundy or robber-knights (default: every game)")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write <game>.schema.json files into this folder")] = None,
) -> None:
    """Print the JSON Schema (draft-07) of a game's records, for TOML editors (docs/records.md).

    Without GAME: every game's schema, keyed by game name.
    Example: burgundy schema castles-of-burgundy > castles.schema.json
    """
    def run() -> None:
        from burgundy_cli.core.jsonschema import record_schema, schema_text
        from burgundy_cli.core.registry import GAMES, find_game

        if game is not None:
            try:
                find_game(game)
            except RefereeError as err:
                raise UsageError(err.message, hint=err.hint) from None
        names = [game.strip().lower()] if game is not None else list(GAMES)
        if out is not None:
            for name in names:
                _write_file(out / f"{name}.schema.json", schema_text(name))
        elif game is not None:
            typer.echo(schema_text(names[0]), nl=False)
        else:
            typer.echo(json.dumps({name: record_schema(name) for name in names}, ensure_ascii=False, indent=2))

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
    as_json: Annotated[bool, typer.Option("--json", help="print the canonical record as JSON (dates as text)")] = False,
) -> None:
    """Print FILE in canonical form (every line in canonical notation, result recomputed).

    Example: burgundy fmt --write game.toml
    """
    def run() -> None:
        from burgundy_cli.core.record import dump_record, write_atomic
        from burgundy_cli.core.session import open_record

        from burgundy_cli.core.directive import keep_directive

        data = open_record(file, verify_result=False).record_data()
        text = keep_directive(file, dump_record(data))
        if write:
            write_atomic(file, text)
        if as_json:
            typer.echo(json.dumps(data, ensure_ascii=False, default=_iso))
        elif not write:
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
    as_json: Annotated[bool, typer.Option("--json", help='print {"file", "game", "players", "seed", "result"}')] = False,
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
        if as_json:
            _echo_json({"file": str(out), "game": found.name, "edition": data["game"].get("edition"),
                        "players": data["game"]["players"], "seed": seed, "result": data["result"]})
        else:
            typer.echo(f"wrote {out}")

    _guard(run)


def main() -> None:
    """Entry point of the ``burgundy`` script."""
    try:
        app(prog_name="burgundy")
    except KeyboardInterrupt:
        sys.stderr.write("burgundy: interrupted\n")
        sys.exit(130)
