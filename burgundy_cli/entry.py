"""The ``burgundy`` script's entry point, with a fast path for ``burgundy score``.

Scoring a record is what a table runs between turns, so its start-up time is what people
feel, and scoring folders of records is what people who study the game run. typer (0.2x)
builds a pydantic ``TypeAdapter`` for every parameter each time it parses a command line,
which alone costs more than importing typer, pydantic and tomllib (docs/performance.md).
So a ``score`` command line made only of existing record files or folders, at most one
``--json`` and at most one ``--jobs N`` (``-j N``, ``--jobs=N``) is run here without
importing typer. Both paths run :func:`run_score`, so they print the same output and
error lines and exit with the same codes. Every other command line -- help, other
commands, missing files, any other option, anything unusual -- goes to the typer app.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TextIO


@dataclass(frozen=True)
class ScoreArguments:
    """What ``burgundy score`` was asked: the record files and folders, ``--json``, ``--jobs``."""

    paths: list[str]
    as_json: bool = False
    jobs: int = 0


def fast_score_arguments(args: list[str]) -> ScoreArguments | None:
    """The arguments when ``args`` is plainly a ``score`` command line (see above), else ``None``."""
    if not args or args[0] != "score":
        return None
    paths: list[str] = []
    as_json, jobs = False, None
    rest = iter(args[1:])
    for arg in rest:
        if arg == "--json" and not as_json:
            as_json = True
        elif arg in ("--jobs", "-j") or arg.startswith("--jobs="):
            value = arg.partition("=")[2] if arg.startswith("--jobs=") else next(rest, "")
            if jobs is not None or not value.isdigit() or len(value) > 4:
                return None
            jobs = int(value)
        elif arg.startswith("-") or not os.path.exists(arg):
            return None
        else:
            paths.append(arg)
    return ScoreArguments(paths, as_json, jobs or 0) if paths else None


def score_file(path: str, as_json: bool) -> str:
    """What ``burgundy score FILE`` prints for one record (the JSON object or the table)."""
    from burgundy_cli.core.session import open_record

    table = open_record(path).score()
    if as_json:
        import json

        return json.dumps(table.to_json(), ensure_ascii=False, sort_keys=False)
    from burgundy_cli.core.render import score_table_text

    return score_table_text(table)


def run_score(arguments: ScoreArguments) -> int:
    """Run ``burgundy score``: print each record's score (or its error) and return the exit code.

    One record prints its table (or JSON object); several print one line (or JSON line)
    per record, errors on stderr, and the exit code is the worst of them.

    :raises RefereeError: one record that fails, or nothing to score.
    """
    from burgundy_cli.core.bulk import record_files

    files = [str(path) for path in record_files(arguments.paths)]
    if len(files) == 1:
        _write(sys.stdout, score_file(files[0], arguments.as_json))
        return 0
    import json

    from burgundy_cli.core.bulk import score_many

    worst = 0
    for result in score_many(files, arguments.jobs):
        worst = max(worst, result.get("exit", 0))
        if arguments.as_json:
            _write(sys.stdout, json.dumps(result, ensure_ascii=False, sort_keys=False))
        elif "error" in result:
            _write(sys.stderr, f"burgundy: {result['error']}")
        else:
            totals = ", ".join(f"{p['name']} {p['total']}" for p in result["players"])
            outcome = f"winner {', '.join(result['winner'])}" if result["complete"] else "in progress"
            _write(sys.stdout, f"{result['file']}: {totals}; {outcome}")
    return worst


def _write(stream: TextIO, line: str) -> None:
    stream.write(line + "\n")


def main() -> None:
    """Run ``burgundy``: the fast path when it applies, otherwise the typer app."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    fast = fast_score_arguments(sys.argv[1:])
    if fast is None:
        from burgundy_cli.cli import main as typer_main

        typer_main()
        return
    try:
        code = run_score(fast)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader of stdout went away (``| head``): end quietly, as the typer path does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except (Exception, KeyboardInterrupt) as err:  # noqa: BLE001 - no traceback ever reaches the user
        from burgundy_cli.core.errors import EXIT_INTERNAL, failure

        message, code = failure(err)
        if code == EXIT_INTERNAL and os.environ.get("BURGUNDY_DEBUG"):
            raise
        sys.stderr.write(message + "\n")
    if code:
        sys.exit(code)
