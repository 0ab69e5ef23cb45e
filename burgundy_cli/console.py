"""The one module that writes to the terminal.

A command body (:mod:`burgundy_cli.subcommands`) prints nothing: it returns an
:class:`Outcome`, the lines it has to say on stdout and stderr, in order, and its exit
code. :func:`run` runs a body, writes its outcome, and turns any failure into the one line
a user sees (:func:`burgundy_cli.core.errors.failure`) -- never a traceback. Both ways
into the program use it: the typer-free fast path of :mod:`burgundy_cli.entry` and the
typer commands of :mod:`burgundy_cli.cli`, so they print the same and exit the same.

Imports nothing beyond the standard library at start-up (the fast path's budget).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable


class Outcome:
    """What a command says and how it ends: text for stdout and stderr, in order, and the exit code.

    A plain slotted class: it needs none of the methods a dataclass would give it.

    >>> Outcome().say("legal: anna: pass").code
    0
    """

    __slots__ = ("said", "code", "streams")

    def __init__(self, code: int = 0) -> None:
        #: (to stderr?, text) in the order said; each text ends with its own line break.
        self.said: list[tuple[bool, str]] = []
        self.code = code
        #: Streams said after ``said``: (parts, how many, label, bar over results?), see :meth:`stream`.
        self.streams: list[tuple[Iterable[tuple[bool, str]], int, str, bool]] = []

    def stream(self, parts: Iterable[tuple[bool, str]], total: int, label: str, *,
               bar_over_results: bool = False) -> Outcome:
        """Say ``parts`` ((to stderr?, text) pairs, each text ending its line; an empty text
        says nothing) as they come, after everything :meth:`say` and :meth:`warn` added: a
        long command's results (``score DIR``) reach the reader one by one instead of all at
        the end. The first ``total`` parts are one item of work each (for the progress bar,
        ``label`` on it); producing them may call :meth:`ending` on this outcome, which is
        read once the stream is through. ``bar_over_results``: the bar shows on a terminal
        even when stdout is that terminal (nothing goes to stdout until the work is done)."""
        self.streams.append((parts, total, label, bar_over_results))
        return self

    def say(self, line: str, *, end: str = "\n", styled: bool = False) -> Outcome:
        """Add ``line`` for stdout, its control characters escaped (:func:`printable`);
        ``styled``: ``line`` holds terminal styles of our own, and every text from a record
        in it was made :func:`printable` where it was put in (a Rich table)."""
        text = line + end
        self.said.append((False, text if styled else printable(text)))
        return self

    def warn(self, line: str) -> Outcome:
        """Add ``line`` for stderr (a rejected record among several, an illegal move),
        its control characters escaped."""
        self.said.append((True, printable(line + "\n")))
        return self

    def ending(self, code: int) -> Outcome:
        """This outcome with exit code ``code`` (the worst so far is kept)."""
        self.code = max(self.code, code)
        return self


def write(outcome: Outcome) -> None:
    """Write what ``outcome`` says to stdout and stderr, in order, then its streams as they come.

    A stream's lines are flushed one by one. On a terminal (stderr) a progress bar counts
    the work, unless the results themselves go to that terminal (see :meth:`Outcome.stream`).
    """
    for to_stderr, text in outcome.said:
        (sys.stderr if to_stderr else sys.stdout).write(text)
    sys.stdout.flush()
    for parts, total, label, bar_over_results in outcome.streams:
        advance = progress_bar(total, label) if bar_over_results or not _isatty(1) else None
        done = 0
        for to_stderr, text in parts:
            done += 1
            drawn = advance is not None and done <= total
            if text:
                text = printable(text)
                if drawn and to_stderr:
                    sys.stderr.write("\r\x1b[K")  # the bar's line: cleared for the message, then redrawn
                (sys.stderr if to_stderr else sys.stdout).write(text)
                sys.stdout.flush()
            if drawn:
                advance(done)
        if advance is not None and 0 < done < total:
            sys.stderr.write("\n")  # fewer parts than expected: end the bar's line


def _isatty(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


def run(body: Callable[[], Outcome], passthrough: tuple[type[BaseException], ...] = ()) -> int:
    """Run a command body, write its outcome, and return its exit code.

    A :class:`~burgundy_cli.core.errors.RefereeError` (and any other failure, a bug
    included) is written as one line on stderr with its exit code; ``BURGUNDY_DEBUG``
    set lets a bug's traceback through for developers. When the reader of stdout went
    away (``| head``) the command ends quietly with exit code 1. Exceptions of the types
    in ``passthrough`` (the typer layer's own exits) are not caught.
    """
    try:
        outcome = body()
        write(outcome)
        return outcome.code
    except passthrough:
        raise
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except (Exception, KeyboardInterrupt) as err:  # noqa: BLE001 - the last line of defence against tracebacks
        from burgundy_cli.core.errors import EXIT_INTERNAL

        if os.environ.get("BURGUNDY_DEBUG") and _failure(err)[1] == EXIT_INTERNAL:
            raise
        return fail(err)


def progress_bar(total: int, label: str = "verifying") -> Callable[[int], None] | None:
    """A progress bar on stderr while it is a terminal: the function that moves it to ``done``
    of ``total`` (the bar ends its line at ``total``); ``None`` in a pipe or for one item."""
    if not _isatty(2) or total < 2:
        return None

    def advance(done: int) -> None:
        filled = 30 * min(done, total) // total
        sys.stderr.write(f"\r{label} [{'#' * filled}{' ' * (30 - filled)}] {min(done, total)}/{total}")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return advance


def fail(err: BaseException) -> int:
    """Write the one line a user sees for ``err`` on stderr; its exit code."""
    message, code = _failure(err)
    sys.stderr.write(printable(message) + "\n")
    return code


#: What :func:`printable` escapes: C0 controls but tab and line feed, DEL, C1 controls, and
#: the bidirectional embeddings, overrides and isolates (they reorder what follows them).
_CONTROL = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]"
_control = None


def printable(text: str) -> str:
    """``text`` safe to show on a terminal: each control character that could move the
    cursor, recolour, retitle or clear it (ESC starts them all) written as ``\\uXXXX``.

    A record can hold any character in a player's name, a place or a comment; printed as
    it is, ``\\u001b[2J`` would clear the screen of whoever runs ``burgundy show``. The
    ``\\uXXXX`` form is the escape JSON and TOML strings use, so JSON and TOML output keep
    their meaning (a reader decodes the same name), and plain text shows what is there.
    """
    global _control
    if _control is None:
        import re  # compiled on first use: most commands print before anything else needs re

        _control = re.compile(_CONTROL)
    if _control.search(text) is None:
        return text
    return _control.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def _failure(err: BaseException) -> tuple[str, int]:
    from burgundy_cli.core.errors import failure

    return failure(err)


def _silence_stdout() -> None:
    """Point stdout at the null device, so that flushing it at exit raises nothing more."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test's capture): nothing will be flushed to a closed pipe
