"""The ``burgundy`` script's entry point, with a fast path for ``burgundy score FILE [--json]``.

Scoring one record is what a table runs between turns, so its start-up time is what
people feel. typer (0.2x) builds a pydantic ``TypeAdapter`` for every parameter each time
it parses a command line, which alone costs more than importing typer, pydantic and
tomllib (see docs/performance.md). So a command line that is exactly ``score``, one
existing record file and at most ``--json`` is run here without importing typer; it
prints the same output, the same error lines and exits with the same codes as the typer
command. Every other command line -- help, other commands, folders, several files, any
other option, anything unusual -- goes to the typer app unchanged.
"""

from __future__ import annotations

import os
import sys

#: Exit code of an internal error (a bug): see burgundy_cli.cli.
EXIT_INTERNAL = 3


def failure(err: BaseException) -> tuple[str, int]:
    """The one line a user sees for ``err`` and the exit code; never a traceback."""
    from burgundy_cli.core.errors import RefereeError

    if isinstance(err, RefereeError):
        return f"burgundy: {err}", err.exit_code
    if isinstance(err, KeyboardInterrupt):
        return "burgundy: interrupted", 130
    return f"burgundy: {internal_error(err)}; please report this with the record that caused it", EXIT_INTERNAL


def internal_error(err: BaseException) -> str:
    """An unexpected exception as one short line (some, like pydantic's, span several)."""
    text = " ".join(str(err).split())
    return f"internal error ({type(err).__name__}: {text[:200] + '...' if len(text) > 200 else text})"


def fast_score_arguments(args: list[str]) -> tuple[str, bool] | None:
    """``(file, as_json)`` when ``args`` is plainly ``score FILE [--json]``, else ``None``."""
    if not args or args[0] != "score":
        return None
    rest = args[1:]
    as_json = "--json" in rest
    files = [arg for arg in rest if arg != "--json"]
    if len(rest) - len(files) > 1 or len(files) != 1 or files[0].startswith("-") or not os.path.isfile(files[0]):
        return None
    return files[0], as_json


def score_file(path: str, as_json: bool) -> str:
    """What ``burgundy score FILE`` prints for one record (the JSON object or the table)."""
    from burgundy_cli.core.session import open_record

    table = open_record(path).score()
    if as_json:
        import json

        return json.dumps(table.to_json(), ensure_ascii=False, sort_keys=False)
    from burgundy_cli.core.render import score_table_text

    return score_table_text(table)


def main() -> None:
    """Run ``burgundy``: the fast path when it applies, otherwise the typer app."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    fast = fast_score_arguments(sys.argv[1:])
    if fast is None:
        from burgundy_cli.cli import main as typer_main

        typer_main()
        return
    try:
        output = score_file(*fast)
    except (Exception, KeyboardInterrupt) as err:  # noqa: BLE001 - no traceback ever reaches the user
        message, code = failure(err)
        if code == EXIT_INTERNAL and os.environ.get("BURGUNDY_DEBUG"):
            raise
        sys.stderr.write(message + "\n")
        sys.exit(code)
    try:
        sys.stdout.write(output + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader of stdout went away (``| head``): end quietly, as the typer path does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
