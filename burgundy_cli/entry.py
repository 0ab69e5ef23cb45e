"""The ``burgundy`` script's entry point: plain command lines run without importing typer.

Every command is typed between the lines of a game or run over folders of records, so its
start-up time is what people feel. typer builds a pydantic ``TypeAdapter`` for every
parameter each time it parses a command line, which alone costs more than importing typer,
pydantic and tomllib (docs/performance.md, "Cold start"). So the plain command lines of
the commands in :data:`COMMANDS` -- every command but ``new`` and ``export`` -- are read
here (``archive sync``, ``rebuild`` and ``list`` by their two words), and ``--version`` too:

* positional arguments in order, record files and folders that exist;
* each option at most once, spelt exactly as in :mod:`burgundy_cli.cli` (``--jobs N``,
  ``-j N`` or ``--jobs=N``); numbers plain non-negative decimals within the command's range.

Both paths run the same command bodies (:mod:`burgundy_cli.subcommands`) through
:func:`burgundy_cli.console.run`, so they print the same output and error lines and exit
with the same codes; ``tests/benchmarks/test_fast_path.py`` checks that every option here
is the typer command's, and runs each command both ways. This module only reads ``argv``;
it prints nothing itself. Every other command line -- help, ``new`` and the rest, missing
files, an unknown or repeated option, a word that starts with ``-``, a number out of range,
anything unusual -- goes to the typer app, which gives its usage errors and help.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable

#: How many new objects the cycle collector lets pass before it looks at the young ones
#: (Python's default: 700). A command's start makes ~25,000 objects that live until the
#: process ends (modules, classes, functions, tables) and almost no cyclic garbage (about
#: 700 objects, in 38 collections that cost ``burgundy score`` ~6 M instructions, 2.5 %); so
#: collections are rarer, and at the end of a fast-path command
#: ``gc.freeze()`` spares the interpreter's exit a walk of every object (~21 M). Cyclic
#: garbage still waits for at most this many objects (a few MB), so a long run over many
#: records keeps its memory flat (docs/performance.md, "Round six").
GC_YOUNG = 20_000


def tune_collector() -> None:
    """Give this process the cycle collector's settings of a ``burgundy`` process (see
    :data:`GC_YOUNG`): :func:`main` does it first thing, and the benchmarks' own processes
    do it too, since they measure what a command's work costs in the process it runs in."""
    gc.set_threshold(GC_YOUNG)


# At import too: the ``burgundy`` script imports this module first, so that the command's own
# imports run with it (at Python's default they paid ~1 M instructions of young collections).
tune_collector()

from burgundy_cli import console, subcommands  # noqa: E402 (after the collector's settings)

#: A command body ready to run.
Body = Callable[[], console.Outcome]


class Command:
    """How one command's plain command lines read: its positional arguments and options,
    and how the values found become a body to run.

    ``arguments`` are ``(name, kind)`` in order; kinds: ``file`` (an existing file),
    ``paths`` (one or more existing files or folders), ``word`` (one word not starting with
    ``-``), ``words`` (any number of them), ``count`` (an optional number), ``folder`` (an
    optional existing folder), ``dir`` (an existing folder). ``options`` maps each spelling to ``(name, kind)``; kinds:
    ``flag`` (no value, ``True`` when given), ``text`` (one value), ``path`` (one value, a
    file name), ``int`` (a number), ``pair`` (two values, a tuple);
    ``ranges`` bounds numbers (``None``: unbounded above). ``required`` names the options
    the command cannot do without.
    """

    __slots__ = ("arguments", "options", "ranges", "required", "body")

    def __init__(self, arguments: tuple[tuple[str, str], ...], options: dict[str, tuple[str, str]],
                 body: Callable[..., Body], ranges: dict[str, tuple[int, int | None]] | None = None,
                 required: tuple[str, ...] = ()) -> None:
        self.arguments = arguments
        self.options = options
        self.body = body
        self.ranges = ranges or {}
        self.required = required

    def read(self, args: list[str]) -> dict[str, object] | None:
        """The values of ``args`` (the words after the command's name) by name, or ``None``
        when the command line is not plain (see the module's docstring)."""
        values: dict[str, object] = {}
        words: list[str] = []
        rest = iter(args)
        for arg in rest:
            if not arg.startswith("-"):
                words.append(arg)
                continue
            spelling, equals, value = arg.partition("=")
            found = self.options.get(spelling)
            if found is None or found[0] in values or (equals and found[1] in ("flag", "pair")):
                return None
            name, kind = found
            if kind == "flag":
                values[name] = True
                continue
            if kind == "pair":
                pair = (next(rest, "-"), next(rest, "-"))
                if any(value.startswith("-") for value in pair):
                    return None
                values[name] = pair
                continue
            if not equals:
                value = next(rest, "-")
                if value.startswith("-"):
                    return None
            if kind == "int":
                value = self.number(name, value)
                if value is None:
                    return None
            values[name] = path_text(value) if kind == "path" else value
        if any(name not in values for name in self.required):
            return None
        return values if self.positionals(words, values) else None

    def number(self, name: str, text: str) -> int | None:
        """``text`` as a number within the range of option or argument ``name``, else ``None``."""
        if not (text.isascii() and text.isdigit()) or len(text) > 6:
            return None
        low, high = self.ranges.get(name, (0, None))
        number = int(text)
        return number if number >= low and (high is None or number <= high) else None

    def positionals(self, words: list[str], values: dict[str, object]) -> bool:
        """Put ``words`` into ``values`` by the declared arguments; whether they fit."""
        words = list(words)
        for name, kind in self.arguments:
            if kind == "paths":
                if not words or not all(os.path.exists(word) for word in words):
                    return False
                values[name], words = [path_text(word) for word in words], []
            elif kind == "words":
                values[name], words = words, []
            elif kind == "count":
                if words:
                    number = self.number(name, words.pop(0))
                    if number is None:
                        return False
                    values[name] = number
            elif kind in ("folder", "dir"):
                if words:
                    if not os.path.isdir(words[0]):
                        return False
                    values[name] = path_text(words.pop(0))
                elif kind == "dir":
                    return False
            elif not words or (kind == "file" and not os.path.isfile(words[0])):
                return False
            else:
                word = words.pop(0)
                values[name] = path_text(word) if kind == "file" else word
        return not words


def path_text(text: str) -> str:
    """``text`` as typer hands a ``Path`` argument on: ``str(pathlib.Path(text))``, so that both
    paths name a file alike in what they print (``./game.toml`` is ``game.toml``) -- without
    importing pathlib on POSIX: repeated slashes and ``.`` parts go, a trailing slash goes,
    a leading ``//`` (and only exactly two) stays."""
    if os.sep != "/":
        from pathlib import Path

        return str(Path(text))
    lead = "//" if text.startswith("//") and not text.startswith("///") else "/" if text.startswith("/") else ""
    return lead + "/".join(part for part in text.split("/") if part not in ("", ".")) or "."


def _play(file: str, moves: list[str], json: bool = False) -> Body:
    if not moves:
        return lambda: subcommands.table_session(file)
    return lambda: subcommands.play(file, moves, json)


def _call(function: Callable[..., console.Outcome], *names: str, **defaults: object) -> Callable[..., Body]:
    """A body maker that calls ``function`` with the values of ``names``, in order (missing
    ones from ``defaults``, else ``None``)."""
    def make(**values: object) -> Body:
        arguments = [values.get(name, defaults.get(name)) for name in names]
        return lambda: function(*arguments)

    return make


def _stats(**values: object) -> Body:
    """``stats [FOLDER]``: the archive's statistics (its body imports the archive only when run)."""
    def body() -> console.Outcome:
        from burgundy_cli.archive.commands import stats_body

        return stats_body(values.pop("folder", None), values.pop("db", None), **values)  # type: ignore[arg-type]

    return body


def _archive(rebuild: bool) -> Callable[..., Body]:
    """``archive sync|rebuild FOLDER``: the archive in line with the folder."""
    def make(folder: str, db: str | None = None, jobs: int = 0, json: bool = False) -> Body:
        def body() -> console.Outcome:
            from burgundy_cli.archive.commands import run_sync

            return run_sync(folder, db, jobs=jobs, rebuild=rebuild, as_json=json, progress=console.progress_bar)

        return body

    return make


def _archive_list(folder: str | None = None, db: str | None = None, json: bool = False) -> Body:
    def body() -> console.Outcome:
        from burgundy_cli.archive.commands import run_list

        return run_list(folder, db, as_json=json)

    return body


JSON = {"--json": ("json", "flag")}
JOBS = {"--jobs": ("jobs", "int"), "-j": ("jobs", "int")}
FILE = (("file", "file"),)

#: The commands read here, by name; each mirrors its typer command in :mod:`burgundy_cli.cli`.
COMMANDS: dict[str, Command] = {
    "score": Command((("paths", "paths"),), {**JSON, **JOBS, "--all": ("all", "flag")},
                     _call(subcommands.score, "paths", "json", "jobs", "all", json=False, jobs=0, all=False)),
    "summary": Command((("paths", "paths"),), {**JSON, **JOBS},
                       _call(subcommands.summary, "paths", "json", "jobs", json=False, jobs=0)),
    "check": Command((*FILE, ("move", "word")), JSON,
                     _call(subcommands.check, "file", "move", "json", json=False)),
    "play": Command((*FILE, ("moves", "words")), JSON, _play),
    "undo": Command((*FILE, ("count", "count")), {}, _call(subcommands.undo, "file", "count", count=1),
                    ranges={"count": (1, 1000)}),
    "show": Command(FILE, {**JSON, "--svg": ("svg", "path"), "--at": ("at", "text"),
                           "--position": ("position", "flag")},
                    _call(subcommands.show, "file", "svg", "json", "at", "position", json=False, position=False)),
    "chart": Command(FILE, {**JSON, "--svg": ("svg", "path")},
                     _call(subcommands.chart, "file", "svg", "json", json=False)),
    "moves": Command(FILE, {**JSON, "--all": ("all", "flag")},
                     _call(subcommands.moves, "file", "json", "all", json=False, all=False)),
    "fmt": Command(FILE, {**JSON, "--write": ("write", "flag"), "-w": ("write", "flag")},
                   _call(subcommands.fmt, "file", "write", "json", write=False, json=False)),
    "schema": Command((("game", "words"),), {"--out": ("out", "path"), "-o": ("out", "path")},
                      lambda game, out=None: _schema(game, out)),
    "playout": Command(
        (("game", "word"),),
        {**JSON, "--players": ("players", "int"), "-p": ("players", "int"), "--seed": ("seed", "int"),
         "-s": ("seed", "int"), "--out": ("out", "path"), "-o": ("out", "path"),
         "--edition": ("edition", "text"), "-e": ("edition", "text"), "--stop-after": ("stop_after", "int"),
         "--modules": ("modules", "text"), "--force": ("force", "flag")},
        _call(subcommands.playout, "game", "players", "seed", "out", "edition", "stop_after", "json", "modules",
              "force", json=False, force=False),
        ranges={"players": (1, 4)}, required=("players", "seed", "out")),
    "stats": Command(
        (("folder", "folder"),),
        {"--db": ("db", "text"), **{f"--{name}": (name, "text") for name in
                                    ("game", "edition", "board", "modules", "place", "since", "until", "by")},
         "--players": ("players", "int"), "-p": ("players", "int"), "--vs": ("versus", "pair"),
         "--best": ("best", "int"), "--ratings": ("ratings", "flag"), "--json": ("as_json", "flag"),
         "--csv": ("as_csv", "flag"), "--markdown": ("as_markdown", "flag"), **JOBS},
        _stats),
    "archive sync": Command((("folder", "dir"),), {"--db": ("db", "text"), **JOBS, **JSON}, _archive(False)),
    "archive rebuild": Command((("folder", "dir"),), {"--db": ("db", "text"), **JOBS, **JSON}, _archive(True)),
    "archive list": Command((("folder", "folder"),), {"--db": ("db", "text"), **JSON}, _archive_list),
}


def _schema(game: list[str], out: str | None) -> Body | None:
    """``schema [GAME]``: at most one game."""
    if len(game) > 1:
        return None
    return lambda: subcommands.schema(game[0] if game else None, out)


def fast_command(args: list[str]) -> Body | None:
    """What to run for ``args`` when it is a plain command line (see above), else ``None``."""
    if args == ["--version"]:
        return subcommands.version
    words = 2 if args[:1] == ["archive"] else 1  # a command of a group is named by two words
    command = COMMANDS.get(" ".join(args[:words])) if len(args) >= words else None
    if command is None:
        return None
    values = command.read(args[words:])
    return None if values is None else command.body(**values)


def main() -> None:
    """Run ``burgundy``: a shell's request to complete a move answered without typer
    (:mod:`burgundy_cli.completion`), the fast path when it applies, kept help text for a help
    request seen before (:mod:`burgundy_cli.help_cache`), otherwise the typer app."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    tune_collector()  # (again: a caller may have changed it since)
    if "_BURGUNDY_COMPLETE" in os.environ and _complete_a_move():
        return
    args = sys.argv[1:]
    fast = fast_command(args)
    if fast is not None:
        code = console.run(fast)
        gc.freeze()  # the process ends here: no last walk of every object the start made (see GC_YOUNG)
        if code:
            sys.exit(code)
        return
    from burgundy_cli import help_cache

    if not help_cache.is_help_request(args):
        from burgundy_cli.cli import main as typer_main

        typer_main()
        return
    key, found = help_cache.kept(args)
    if found is not None:
        code, text = found
        sys.stdout.write(text)
        sys.stdout.flush()
        if code:
            sys.exit(code)
        return
    _help_through_typer(key)


#: Modules whose objects close something outside the process when Python finalizes them at
#: exit (a database connection, the terminal's modes): a process that loaded one ends the
#: ordinary way (see :func:`end`).
FINALIZED_AT_EXIT = ("sqlite3", "psycopg", "prompt_toolkit")


def script() -> None:
    """The ``burgundy`` script (``[project.scripts]``): :func:`main`, then :func:`end` with its
    exit code. A ``SystemExit`` carrying a message rather than a number ends the ordinary
    way (Python prints the message)."""
    try:
        main()
    except SystemExit as stop:
        if stop.code is not None and not isinstance(stop.code, int):
            raise
        end(stop.code or 0)
    end(0)


def end(code: int) -> None:
    """End the process with exit ``code`` as Python would, without finalizing the interpreter.

    At exit Python runs the ``atexit`` functions, flushes stdout and stderr, then frees every
    module and everything they hold, one object at a time: ~4 M instructions after a
    ``burgundy moves`` or ``score`` (2-3 % of the process) spent on memory the system takes
    back at once (docs/performance.md, "Round thirteen: h-core"). Here the ``atexit``
    functions run (the start-up file is written by one) and the streams are flushed, then
    ``os._exit`` ends the process. Every file the commands write is closed (and renamed)
    before their bodies return. The ordinary exit is kept where it does more: another thread
    still runs (Python waits for it), a flush fails (Python reports it, with exit code 120),
    or a module of :data:`FINALIZED_AT_EXIT` was loaded."""
    threading = sys.modules.get("threading")
    if (threading is not None and threading.active_count() > 1) or any(
            name in sys.modules for name in FINALIZED_AT_EXIT):
        sys.exit(code)
    atexit = sys.modules.get("atexit")
    if atexit is not None:
        atexit._run_exitfuncs()  # (as Python does: before the streams' last flush)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:  # (None: the process was started with it closed)
                stream.flush()
    except (OSError, ValueError):
        sys.exit(code)
    os._exit(code)


def _complete_a_move() -> bool:
    """Answer a shell's request to complete the move of ``check`` or ``play`` without typer
    (:mod:`burgundy_cli.completion`); whether it was one."""
    from burgundy_cli import completion

    found = completion.answer()
    if found is None:
        return False
    text, code = found
    sys.stdout.write(text)
    sys.stdout.flush()
    gc.freeze()
    if code:
        sys.exit(code)
    return True


def _keep_compiled() -> None:
    """Before a command makes its classes and patterns: what Python compiled for them in an
    earlier run, read back (:mod:`burgundy_cli.core.startcache`). Called when this module
    is imported (below)."""
    from burgundy_cli.core.startcache import install

    install()


def _help_through_typer(key: str | None) -> None:
    """Run the typer app for a help request, keeping what it printed under ``key``."""
    from burgundy_cli import help_cache
    from burgundy_cli.cli import main as typer_main

    out, err = help_cache.Tee(sys.stdout), help_cache.Tee(sys.stderr)
    sys.stdout, sys.stderr = out, err  # type: ignore[assignment]
    code: int | None = None
    try:
        typer_main()
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else None
        raise
    finally:
        sys.stdout, sys.stderr = out.stream, err.stream
        text = out.text()
        if key is not None and code in (0, 2) and not err.parts and text is not None:
            help_cache.keep(key, code, text)


# At import, not in main: the ``burgundy`` script pip writes compiles a pattern of its own
# between importing this module and calling :func:`script` (``re.sub`` takes a
# ``-script.pyw`` or ``.exe`` end off ``argv[0]``), ~0.6 M instructions unless its code is
# kept too (docs/performance.md, "Round thirteen: h-core").
_keep_compiled()
