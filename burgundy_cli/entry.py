"""The ``burgundy`` script's entry point, with a fast path for ``score``, ``check`` and ``play``.

Scoring, checking a move and recording it are what a table runs between turns, so their
start-up time is what people feel, and scoring folders of records is what people who
study the game run. typer (0.2x) builds a pydantic ``TypeAdapter`` for every parameter
each time it parses a command line, which alone costs more than importing typer,
pydantic and tomllib (docs/performance.md). So these plain command lines run here
without importing typer:

* ``score`` with existing record files or folders, at most one ``--json`` and at most
  one ``--jobs N`` (``-j N``, ``--jobs=N``);
* ``check FILE MOVE`` with an existing file and at most one ``--json``;
* ``play FILE MOVE...`` with an existing file.

Both paths run the same functions (:func:`run_score`, :func:`run_check`,
:func:`run_play`), so they print the same output and error lines and exit with the same
codes. Every other command line -- help, other commands, missing files, any other
option, a move that starts with ``-``, anything unusual -- goes to the typer app.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
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


def fast_command(args: list[str]) -> Callable[[], int] | None:
    """What to run for ``args`` when it is one of the plain command lines above, else ``None``."""
    if not args:
        return None
    if args[0] == "score":
        arguments = fast_score_arguments(args)
        return None if arguments is None else partial(run_score, arguments)
    if args[0] not in ("check", "play"):
        return None
    words = [arg for arg in args[1:] if arg != "--json"]
    flags = len(args) - 1 - len(words)
    if flags > 1 or len(words) < 2 or any(word.startswith("-") for word in words) or not os.path.isfile(words[0]):
        return None
    if args[0] == "check":
        return partial(run_check, words[0], words[1], bool(flags)) if len(words) == 2 else None
    return None if flags else partial(run_play, words[0], words[1:])


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


def run_check(path: str, move: str, as_json: bool) -> int:
    """Run ``burgundy check``: whether ``move`` is legal at the end of the record, and why not.

    :raises RefereeError: the record cannot be opened, or a usage error.
    """
    import json

    from burgundy_cli.core.errors import IllegalMoveError, RefereeError, UsageError
    from burgundy_cli.core.session import open_record

    session = open_record(path)
    try:
        canonical = session.check(move)
    except RefereeError as err:
        if isinstance(err, UsageError):
            raise
        rule = err.rule.id if isinstance(err, IllegalMoveError) else None
        if as_json:
            _write(sys.stdout, json.dumps({"legal": False, "rule": rule, "message": err.describe()}, ensure_ascii=False))
        else:
            _write(sys.stderr, f"burgundy: {err}")
        return 1
    if as_json:
        _write(sys.stdout, json.dumps({"legal": True, "rule": None, "message": f"legal: {canonical}"},
                                      ensure_ascii=False))
    else:
        _write(sys.stdout, f"legal: {canonical}")
    return 0


def run_play(path: str, moves: list[str]) -> int:
    """Run ``burgundy play``: check ``moves`` in order and append them to the record, atomically;
    then say what the record needs next.

    Nothing is written unless every line is legal, so the record on disk is never lost. The
    record is locked from reading to writing (:mod:`burgundy_cli.core.lock`), so two runs at
    once take turns instead of one losing the other's line.

    :raises RefereeError: the record cannot be opened, a move is not legal (located at it),
        or the record changed on disk meanwhile.
    """
    from burgundy_cli.core.errors import Location, RefereeError
    from burgundy_cli.core.lock import locked
    from burgundy_cli.core.record import dump_record
    from burgundy_cli.core.session import open_doc
    from burgundy_cli.core.table import due_text

    with locked(path) as record:
        session = open_doc(record.read())
        played = []
        for index, line in enumerate(moves, start=1):
            try:
                played.append(session.play(line))
            except RefereeError as err:
                raise err.at(Location(f"<move {index}: {line}>")) from None
        record.write(dump_record(session.record_data()))
    for line in played:
        _write(sys.stdout, f"recorded: {line}")
    _write(sys.stdout, f"next: {due_text(session)}")
    return 0


def run_undo(path: str, count: int) -> int:
    """Run ``burgundy undo``: remove the last ``count`` lines of the record (under its lock).

    :raises RefereeError: the record cannot be opened or written.
    """
    from burgundy_cli.core.lock import locked
    from burgundy_cli.core.session import open_doc
    from burgundy_cli.core.table import due_text, rewritten_without_last

    with locked(path) as record:
        session, removed, text = rewritten_without_last(open_doc(record.read()), count, path)
        if removed:
            record.write(text)
    for line in removed:
        _write(sys.stdout, f"undone: {line}")
    if not removed:
        _write(sys.stdout, "nothing to undo: the record has no lines")
    _write(sys.stdout, f"next: {due_text(session)}")
    return 0


def _write(stream: TextIO, line: str) -> None:
    stream.write(line + "\n")


def main() -> None:
    """Run ``burgundy``: the fast path when it applies, otherwise the typer app."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    fast = fast_command(sys.argv[1:])
    if fast is None:
        from burgundy_cli.cli import main as typer_main

        typer_main()
        return
    try:
        code = fast()
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
