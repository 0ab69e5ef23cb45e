"""``burgundy --help`` without typer's start-up: the text typer printed last time, kept.

typer renders help with Rich; importing typer, its pydantic adapters and Rich costs more
than twice the import floor (docs/performance.md, "Cold start"). Help text depends only on
the command line, the program's code and versions, and the terminal it is printed on, so
the first ``--help`` of each kind goes through typer as before and what typer printed is
kept in the user's cache folder (``$XDG_CACHE_HOME/burgundy/help``, else
``~/.cache/burgundy/help``); the next one with the same key prints the kept text and exits
with the kept code. The key holds everything the text depends on:

* the command line (only help requests: ``burgundy``, ``burgundy --help``,
  ``burgundy COMMAND [SUBCOMMAND] --help``);
* this package's version and the size and time stamp of ``cli.py`` (where the help is
  declared), and those of typer's and Rich's installed modules;
* the terminal: whether stdin, stdout and stderr are terminals and their sizes, stdout's
  encoding, and the environment variables Rich and typer read (``COLUMNS``, ``TERM``,
  ``NO_COLOR``, ``FORCE_COLOR``, ``TERMINAL_WIDTH``, ``TYPER_*``, locale...).

Nothing is kept when typer wrote anything to stderr, when shell completion is asked for
(``_BURGUNDY_COMPLETE``) or when the cache folder cannot be written; a kept text that does
not read back as written is ignored. Both ways print the same bytes by construction:
the kept text is typer's own output.
"""

from __future__ import annotations

import os
import sys
from typing import Any

#: Environment variables whose value may change how typer and Rich print help.
_NAMES = ("COLUMNS", "LINES", "TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR", "PY_COLORS", "CLICOLOR",
          "CLICOLOR_FORCE", "TERMINAL_WIDTH", "GITHUB_ACTIONS", "TTY_COMPATIBLE", "TTY_INTERACTIVE",
          "PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES")
_PREFIXES = ("TYPER_", "_TYPER_", "RICH_", "JUPYTER_", "TERM_")


def is_help_request(args: list[str]) -> bool:
    """Whether ``args`` asks for help only: nothing, or command names followed by ``--help``."""
    if not args:
        return True
    return args[-1] == "--help" and len(args) <= 3 and not any(arg.startswith("-") for arg in args[:-1])


def _stamp(path: str | None) -> tuple[Any, ...]:
    try:
        info = os.stat(path) if path else None
    except OSError:
        info = None
    return (path, info.st_size, info.st_mtime_ns) if info else (path,)


def _terminal(fd: int) -> tuple[Any, ...]:
    try:
        if not os.isatty(fd):
            return (False,)
        size = os.get_terminal_size(fd)
        return (True, size.columns, size.lines)
    except OSError:
        return (None,)


def _key(args: list[str]) -> str | None:
    """The hex digest naming the kept text for ``args`` here and now; ``None``: do not keep."""
    if any(name.endswith("_COMPLETE") for name in os.environ):
        return None
    import hashlib
    from importlib.util import find_spec

    from burgundy_cli import __version__

    modules = []
    for name in ("typer", "rich"):
        try:
            spec = find_spec(name)
        except (ImportError, ValueError):
            spec = None
        modules.append(_stamp(spec.origin if spec else None))
    environment = sorted((name, value) for name, value in os.environ.items()
                         if name in _NAMES or name.startswith(_PREFIXES))
    parts = (args, __version__, _stamp(os.path.join(os.path.dirname(__file__), "cli.py")), modules,
             [_terminal(fd) for fd in (0, 1, 2)], getattr(sys.stdout, "encoding", None), environment,
             sys.version_info[:2])
    return hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _folder() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "burgundy", "help")


def kept(args: list[str]) -> tuple[str | None, tuple[int, str] | None]:
    """The key for ``args`` and the kept (exit code, text), if there is one."""
    key = _key(args)
    if key is None:
        return None, None
    try:
        with open(os.path.join(_folder(), key), encoding="utf-8", newline="") as stored:
            head, _, text = stored.read().partition("\n")
    except (OSError, UnicodeDecodeError):
        return key, None
    words = head.split()
    if len(words) != 3 or words[0] != key or not words[1].isdigit() or words[2] != str(len(text)):
        return key, None
    return key, (int(words[1]), text)


def keep(key: str, code: int, text: str) -> None:
    """Keep ``text`` (printed with exit ``code``) under ``key``; quietly nothing if it cannot."""
    import tempfile

    folder = _folder()
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(f"{key} {code} {len(text)}\n{text}")
        os.replace(temp, os.path.join(folder, key))
    except (OSError, UnicodeEncodeError):
        pass


class Tee:
    """A stream that passes everything to the real one and remembers what went through
    (:meth:`text`: ``None`` when bytes went through, which are not kept)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.parts: list[Any] = []

    def write(self, text: Any) -> int:
        self.parts.append(text)
        return self.stream.write(text)

    def text(self) -> str | None:
        if any(not isinstance(part, str) and part for part in self.parts):
            return None
        return "".join(part for part in self.parts if isinstance(part, str))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)
