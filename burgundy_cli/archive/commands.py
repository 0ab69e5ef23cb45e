"""The bodies of ``burgundy archive sync|rebuild|list`` and ``burgundy stats``.

Each returns what to print and the exit code; ``cli.py`` only declares the options and
prints. Exit codes: 0 done, 1 some record failed to verify (listed, stored as failed),
2 bad usage or a database that cannot be used (one line; nothing half-written).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from burgundy_cli.archive import db, output
from burgundy_cli.archive.stats import Filters, archive_report, parse_splits

EXIT_FAILED_RECORDS = 1


@dataclass
class Printed:
    """What a command prints on stdout and stderr, and its exit code."""

    out: str
    err: str = ""
    code: int = 0


def run_sync(folder: str, url: str | None, *, jobs: int = 0, rebuild: bool = False, as_json: bool = False,
             progress: Callable[[int], Callable[[int], None]] | None = None) -> Printed:
    """``archive sync`` (or ``rebuild``): the report, failed records listed on stderr too."""
    from burgundy_cli.archive.sync import sync

    report = sync(folder, db.database_url(folder, url), jobs=jobs, rebuild=rebuild, progress=progress)
    out = json.dumps(report.to_json(), ensure_ascii=False) if as_json else report.text()
    err = "\n".join(f"burgundy: {error}" for _, error in report.failed)
    return Printed(out, err, EXIT_FAILED_RECORDS if report.failed else 0)


def run_list(folder: str | None, url: str | None, *, as_json: bool = False) -> Printed:
    """``archive list``: one line (or JSON object) per file in the archive."""
    from burgundy_cli.archive.sync import listing

    lines = []
    for row in listing(db.database_url(folder, url)):
        if as_json:
            lines.append(json.dumps(row, ensure_ascii=False))
        elif row["status"] == "ok":
            state = "won by " + ", ".join(row["winner"]) if row["complete"] else "in progress"
            edition = f" {row['edition']}" if row["edition"] else ""
            lines.append(f"{row['file']}  {row['game']}{edition}  {row['players']} players  "
                         f"{row['date'] or 'undated'}  {state}")
        else:
            lines.append(f"{row['file']}  FAILED  {row['error']}")
    return Printed("\n".join(lines) if lines else ("" if as_json else "the archive is empty"))


@dataclass
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


def run_stats(args: StatsArguments,
              progress: Callable[[int], Callable[[int], None]] | None = None) -> Printed:
    """``burgundy stats``: sync ``folder`` first when given, then report from the archive."""
    splits = parse_splits(args.by)
    url = db.database_url(args.folder, args.url)
    err, code = "", 0
    if args.folder is not None:
        synced = run_sync(args.folder, args.url, jobs=args.jobs, progress=progress)
        err, code = synced.err, synced.code
    result = archive_report(url, args.filters, splits=splits, head_to_head=args.versus, best=args.best,
                            ratings=args.ratings)
    return Printed(render(result, args.form), err, code)


def render(result: dict[str, Any], form: str) -> str:
    """The report in ``form``: text, json, csv or markdown."""
    if form == "json":
        return json.dumps(result, ensure_ascii=False)
    if form == "csv":
        return output.csv_text(result).rstrip("\n")
    if form == "markdown":
        return output.markdown(result)
    return output.text(result)


def on_terminal() -> bool:
    """Whether stderr is a terminal (a progress bar is drawn only there)."""
    try:
        return os.isatty(2)
    except OSError:
        return False
