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

Both paths run the same command bodies (:mod:`burgundy_cli.subcommands`) through
:func:`burgundy_cli.console.run`, so they print the same output and error lines and exit
with the same codes. This module only reads ``argv``; it prints nothing itself. Every other command line -- help, other commands, missing files, any other
option, a move that starts with ``-``, anything unusual -- goes to the typer app.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import partial

from burgundy_cli import console, subcommands
from burgundy_cli.subcommands import ScoreArguments


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


def fast_command(args: list[str]) -> Callable[[], console.Outcome] | None:
    """What to run for ``args`` when it is one of the plain command lines above, else ``None``."""
    if not args:
        return None
    if args[0] == "score":
        arguments = fast_score_arguments(args)
        return None if arguments is None else partial(subcommands.score, arguments)
    if args[0] not in ("check", "play"):
        return None
    words = [arg for arg in args[1:] if arg != "--json"]
    flags = len(args) - 1 - len(words)
    if flags > 1 or len(words) < 2 or any(word.startswith("-") for word in words) or not os.path.isfile(words[0]):
        return None
    if args[0] == "check":
        return partial(subcommands.check, words[0], words[1], bool(flags)) if len(words) == 2 else None
    return None if flags else partial(subcommands.play, words[0], words[1:])


def main() -> None:
    """Run ``burgundy``: the fast path when it applies, otherwise the typer app."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    fast = fast_command(sys.argv[1:])
    if fast is None:
        from burgundy_cli.cli import main as typer_main

        typer_main()
        return
    code = console.run(fast)
    if code:
        sys.exit(code)
