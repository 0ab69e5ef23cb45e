"""The bodies of ``burgundy archive sync|rebuild|list`` and ``burgundy stats``.

Each returns an :class:`~burgundy_cli.console.Outcome` (what to say and the exit code), like
the bodies in :mod:`burgundy_cli.subcommands`; ``cli.py`` only declares the options and
:mod:`burgundy_cli.console` prints. Exit codes: 0 done, 1 some record failed to verify
(listed, stored as failed), 2 bad usage or a database that cannot be used (one line;
nothing half-written).
"""

from __future__ import annotations

from dataclasses import dataclass
import json
import os
from collections.abc import Callable
from typing import Any

from burgundy_cli.archive import db, output
from burgundy_cli.archive.stats import Filters, archive_report, parse_splits
from burgundy_cli.console import Outcome
from burgundy_cli.core.words import counted

EXIT_FAILED_RECORDS = 1


def _outcome(out: str, failed: list[str], code: int = 0) -> Outcome:
    """``out`` on stdout (when there is any), each failure on stderr, and the exit code."""
    outcome = Outcome(code)
    if out:
        outcome.say(out)
    for error in failed:
        outcome.warn(f"burgundy: {error}")
    return outcome


def run_sync(folder: str, url: str | None, *, jobs: int = 0, rebuild: bool = False, as_json: bool = False,
             progress: Callable[[int], Callable[[int], None]] | None = None) -> Outcome:
    """``archive sync`` (or ``rebuild``): the report, failed records listed on stderr too."""
    from burgundy_cli.archive.sync import sync

    report = sync(folder, db.database_url(folder, url), jobs=jobs, rebuild=rebuild, progress=progress,
                  own=url is None)
    out = json.dumps(report.to_json(), ensure_ascii=False) if as_json else report.text()
    return _outcome(out, report.notes(), EXIT_FAILED_RECORDS if report.failed else 0)


def run_list(folder: str | None, url: str | None, *, as_json: bool = False) -> Outcome:
    """``archive list``: one line (or JSON object) per file in the archive; with both a
    folder and ``--db``, per file below the folder. A league's archive holds the folders of
    every club synced into it, and ``archive list clubB --db URL`` listed them all: the
    folder only said where a ``burgundy.db`` would be, and with ``--db`` it was passed over."""
    from pathlib import Path

    from burgundy_cli.archive.sync import listing

    folder = db.club_folder(folder, url)
    where = db.database_url(folder, url)
    below = None
    if folder is not None and url:
        if not os.path.isdir(folder):
            from burgundy_cli.core.bulk import shown_name

            raise db.ArchiveError(f"no such folder: {shown_name(folder)}")
        below = Path(folder).resolve()
    lines = []
    for row in listing(where):
        if below is not None and not Path(row["file"]).is_relative_to(below):
            continue
        if as_json:
            lines.append(json.dumps(row, ensure_ascii=False))
        elif row["status"] == "ok":
            lines.append(listed_line(row))
        else:
            lines.append(failed_line(row))
    empty = "the archive is empty" if below is None else f"the archive holds no file below {folder}"
    return _outcome("\n".join(lines) if lines else ("" if as_json else empty), [])


def failed_line(row: dict[str, Any]) -> str:
    """A failed record's line in ``archive list``: the file, FAILED, then where in it and what
    is wrong ("club/bad.toml  FAILED  line 3, column 1: invalid record: ..."), the file said
    once (the error, located as ``score`` locates it, had repeated it whole). An error not
    located in the file (it could not be read) is said as it is."""
    import re

    error = row["error"] or ""
    rest = error.removeprefix(row["file"])
    if rest != error:
        at = re.match(r":(\d+)(?::(\d+))?: ", rest)
        where = "" if at is None else f"line {at[1]}" + (f", column {at[2]}" if at[2] else "") + ": "
        error = where + (rest[at.end():] if at else rest.removeprefix(": "))
    return f"{_shown_file(row['file'])}  FAILED  {error}"


def listed_line(row: dict[str, Any]) -> str:
    """A verified record's line in ``archive list``, as a results book has it: the file, the
    date, the event (where the record names one), the game and edition, the players by place
    with their totals (:func:`~burgundy_cli.core.render.by_place`: "1. Anna 182, 2. Ben 170")
    and how it ended (:func:`_state`): a league's evenings told apart."""
    from burgundy_cli.core.render import by_place

    edition = f" {row['edition']}" if row["edition"] else ""
    players = ", ".join(by_place(row["seats"], row["complete"], row.get("mode"), row.get("teams"),
                                 start=row.get("start"))) or counted(row["players"], "player")
    event = [row["event"]] if row.get("event") else []
    return "  ".join([_shown_file(row["file"]), row["date"] or "undated", *event, f"{row['game']}{edition}",
                      players, _state(row)])


def _shown_file(file: str) -> str:
    """A listed file as a line shows it: relative to the current folder when it lies below it
    (``records/pads/n1.toml`` typed in the club's folder, as ``score records/`` names it), else
    as the archive stores it, whole (``--json`` always gives it whole)."""
    from pathlib import Path

    path, here = Path(file), Path.cwd()
    return str(path.relative_to(here)) if path.is_relative_to(here) and here != Path(here.anchor) else file


def _state(row: dict[str, Any]) -> str:
    """A listed game's state, in the words of ``score``'s line (``core.render.outcome``), a
    result-only record's said first, and a record that starts from a ``[position]`` (a rulebook
    example: no game played, which ``stats`` does not count) said to be one: its winner had
    read as a club game's."""
    from burgundy_cli.core.render import outcome

    result = "result only, " if row.get("start") == "result" and row["complete"] else ""
    ended = outcome(row["complete"], row["winner"], row.get("tiebreak"), row.get("mode"), row.get("teams"))
    if row.get("start") == "position":
        return f"position record (rulebook example), not counted: {ended}"
    return result + ended


@dataclass(slots=True)
class StatsArguments:
    """``burgundy stats``'s options, as the command line gives them."""

    folder: str | None
    url: str | None
    filters: Filters
    by: str | None = None
    versus: tuple[str, str] | None = None
    best: int = 0
    ratings: bool = False
    form: str = "text"  #: text, json, csv or markdown
    jobs: int = 0
    categories: bool = False  #: the average points per category too


def stats_body(folder: str | None, url: str | None, game: str | None = None, edition: str | None = None,
               players: int | None = None, board: str | None = None, modules: str | None = None,
               place: str | None = None, since: str | None = None, until: str | None = None,
               by: str | None = None, versus: tuple[str, str] | None = None, best: int = 0,
               ratings: bool = False, as_json: bool = False, as_csv: bool = False, as_markdown: bool = False,
               jobs: int = 0, categories: bool = False, event: str | None = None) -> Outcome:
    """``burgundy stats`` from its command line's values, as the typer command gives them.

    :raises UsageError: more than one of ``--json``, ``--csv`` and ``--markdown``; ``--vs``
        naming one player twice.
    """
    from burgundy_cli.console import progress_bar
    from burgundy_cli.core.errors import UsageError

    forms = [name for name, on in (("json", as_json), ("csv", as_csv), ("markdown", as_markdown)) if on]
    if len(forms) > 1:
        raise UsageError("choose one of --json, --csv and --markdown")
    from burgundy_cli.core.words import player_key

    if versus is not None and player_key(versus[0]) == player_key(versus[1]):
        raise UsageError(f"--vs {versus[0]} {versus[1]} names one player twice", hint="--vs takes two players: --vs Anna Ben")
    filters = Filters(game, edition, players, board, modules, place, since, until, event)
    args = StatsArguments(folder, url, filters, by, versus, best, ratings, forms[0] if forms else "text", jobs,
                          categories)
    return run_stats(args, progress=progress_bar)


def run_stats(args: StatsArguments,
              progress: Callable[[int], Callable[[int], None]] | None = None) -> Outcome:
    """``burgundy stats``: sync ``folder`` first when given, then report from the archive
    (the sync's failures on stderr, its exit code kept)."""
    splits = parse_splits(args.by)
    folder = db.club_folder(args.folder, args.url)
    url = db.database_url(folder, args.url)
    synced = Outcome()
    if folder is not None:
        synced = run_sync(folder, args.url, jobs=args.jobs, progress=progress)
    result = archive_report(url, args.filters, splits=splits, head_to_head=args.versus, best=args.best,
                            ratings=args.ratings)
    outcome = Outcome(synced.code).say(render(result, args.form, args.categories))
    outcome.said += [(to_stderr, text) for to_stderr, text in synced.said if to_stderr]
    return outcome


def render(result: dict[str, Any], form: str, categories: bool = False) -> str:
    """The report in ``form``: text, json, csv or markdown (``categories``: with the average
    points per category; the JSON always has them)."""
    if form == "json":
        return json.dumps(result, ensure_ascii=False)
    if form == "csv":
        return output.csv_text(result, categories).rstrip("\n")
    if form == "markdown":
        return output.markdown(result, categories)
    return output.text(result, categories)
