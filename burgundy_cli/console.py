"""The one module that writes to the terminal.

A command body (:mod:`burgundy_cli.subcommands`) prints nothing: it returns an
:class:`Outcome`, the lines it has to say on stdout and stderr, in order, and its exit
code. :func:`run` runs a body, writes its outcome, and turns any failure into the one line
a user sees (:func:`burgundy_cli.core.errors.failure`) -- never a traceback. Every typer
command of :mod:`burgundy_cli.cli` runs its body through it.

What happens when stdout cannot take the output, and on Ctrl-C, is decided here too
(docs/errors.md, "Exit codes"):

* the reader went away (``| head -1``): the rest of the output is dropped quietly and the
  command ends with its own exit code;
* stdout is full, closed or broken (``> /dev/full``, ``>&-``): one line on stderr and exit
  :data:`EXIT_OUTPUT` -- unless the command had already written a file (``play``,
  ``undo``, ``playout --out``...): then the line says that the file *was* written, and the
  exit code is the command's own (0), so a script does not run it again;
* Ctrl-C while a body runs raises ``KeyboardInterrupt`` in it (locks are released, temporary
  files removed) and ends in ``burgundy: interrupted``, exit 130; at any other moment
  (loading the command line, parsing it, exiting) it ends the process as SIGINT's default
  action does, which a shell reports as 130 too. No traceback either way.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

#: Exit code of a command whose output could not be written to stdout (full, closed, broken)
#: and that wrote no file.
EXIT_OUTPUT = 4


class Outcome:
    """What a command says and how it ends: text for stdout and stderr, in order, the exit
    code, and the files it wrote.

    A plain slotted class: it needs none of the methods a dataclass would give it.

    >>> Outcome().say("legal: anna: pass").code
    0
    """

    __slots__ = ("said", "code", "streams", "written")

    def __init__(self, code: int = 0) -> None:
        #: (to stderr?, text) in the order said; each text ends with its own line break.
        self.said: list[tuple[bool, str]] = []
        self.code = code
        #: Streams said after ``said``: (parts, how many, label, bar over results?), see :meth:`stream`.
        self.streams: list[tuple[Iterable[tuple[bool, str]], int, str, bool]] = []
        #: The files the command wrote (a record, a picture), named when its output fails.
        self.written: list[str] = []

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

    def wrote(self, path: str | os.PathLike[str]) -> Outcome:
        """Note that the command wrote the file ``path`` (said if its output then fails)."""
        self.written.append(str(path))
        return self


def write(outcome: Outcome) -> None:
    """Write what ``outcome`` says to stdout and stderr, in order, then its streams as they come.

    A stream's lines are flushed one by one. On a terminal (stderr) a progress bar counts
    the work, unless the results themselves go to that terminal (see :meth:`Outcome.stream`).

    :raises OutputError: stdout could not take a line.
    """
    for to_stderr, text in outcome.said:
        _put(to_stderr, text)
    _flush_stdout()
    for parts, total, label, bar_over_results in outcome.streams:
        advance = progress_bar(total, label) if bar_over_results or not _isatty(1) else None
        done = 0
        for to_stderr, text in parts:
            _end_if_interrupted()
            done += 1
            drawn = advance is not None and done <= total
            if text:
                text = printable(text)
                if drawn and to_stderr:
                    _put(True, "\r\x1b[K")  # the bar's line: cleared for the message, then redrawn
                _put(to_stderr, text)
                _flush_stdout()
            if drawn:
                advance(done)
        if advance is not None and 0 < done < total:
            _put(True, "\n")  # fewer parts than expected: end the bar's line


class OutputError(Exception):
    """stdout could not be written: ``cause`` is the system's error (``None``: no stdout at all)."""

    def __init__(self, cause: OSError | None) -> None:
        super().__init__(cause)
        self.cause = cause

    @property
    def reader_gone(self) -> bool:
        """Whether the reader of a pipe went away (``| head -1``): not a failure of the command."""
        return isinstance(self.cause, BrokenPipeError)

    def describe(self) -> str:
        """What went wrong, in a few words: ``No space left on device``, ``it is closed``."""
        if self.cause is None or self.cause.errno == errno.EBADF:
            return "it is closed"
        return self.cause.strerror or str(self.cause)


def _put(to_stderr: bool, text: str) -> None:
    """Write ``text`` to stderr or stdout. A failing stdout raises :class:`OutputError`; a
    failing stderr loses the text (there is nowhere left to say anything)."""
    if to_stderr:
        try:
            sys.stderr.write(text)
        except (OSError, ValueError, AttributeError):  # closed, full, or None
            pass
        return
    if sys.stdout is None:
        raise OutputError(None)
    try:
        sys.stdout.write(text)
    except OSError as err:  # (a stream that is not :class:`_Stdout`: a test's)
        raise OutputError(err) from None


def _flush_stdout() -> None:
    """Flush stdout (what it buffers reaches its reader now). :raises OutputError: it cannot."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except OSError as err:
        raise OutputError(err) from None


def _isatty(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


def run(body: Callable[[], Outcome], passthrough: tuple[type[BaseException], ...] = ()) -> int:
    """Run a command body, write its outcome, and return its exit code.

    A :class:`~burgundy_cli.core.errors.RefereeError` (and any other failure, a bug
    included) is written as one line on stderr with its exit code; ``BURGUNDY_DEBUG``
    set lets a bug's traceback through for developers. Output that stdout cannot take and
    Ctrl-C end as the module's docstring says. Exceptions of the types in ``passthrough``
    (the typer layer's own exits) are not caught.
    """
    outcome: Outcome | None = None
    try:
        with _interruptible():
            outcome = body()
            _end_if_interrupted()
            write(outcome)
            _end_if_interrupted()
        return outcome.code
    except passthrough:
        raise
    except OutputError as err:
        return output_failed(err, outcome)
    except (Exception, KeyboardInterrupt) as err:  # noqa: BLE001 - the last line of defence against tracebacks
        from burgundy_cli.core.errors import EXIT_INTERNAL

        if _interrupted:
            err = KeyboardInterrupt()  # (whatever the interruption became on its way here)
        if os.environ.get("BURGUNDY_DEBUG") and _failure(err)[1] == EXIT_INTERNAL:
            raise
        code = fail(err)
        if outcome is not None and outcome.written:
            _put(True, printable(f"burgundy: {_files(outcome.written)} written before that") + "\n")
        return code


def output_failed(err: OutputError, outcome: Outcome | None = None) -> int:
    """End a command whose output stdout could not take (see the module's docstring); its
    exit code. stdout is then pointed at the null device, so that Python's own last flush
    at exit finds nothing left to fail on."""
    _silence_stdout()
    if err.reader_gone:
        return outcome.code if outcome is not None else 0
    if outcome is not None and outcome.written:
        _put(True, printable(f"burgundy: {_files(outcome.written)} written, but what the command says could not "
                             f"be printed: stdout: {err.describe()}") + "\n")
        return outcome.code
    _put(True, f"burgundy: cannot write to stdout: {err.describe()}\n")
    return EXIT_OUTPUT


def finish() -> int | None:
    """Flush stdout before the process ends: ``None`` when all went out, else the exit code
    :func:`output_failed` gives (nothing written by a command is pending here: :func:`run`
    flushed after its body)."""
    try:
        _flush_stdout()
    except OutputError as err:
        return output_failed(err)
    return None


def _files(paths: list[str]) -> str:
    return " and ".join(paths) + (" was" if len(paths) == 1 else " were")


class _Stdout:
    """stdout as the ``burgundy`` script sees it (:func:`guard_stdout`): the same stream,
    whose failures raise :class:`OutputError`, so that whoever writes to it -- a command's
    body, typer's help, Rich, click's completion -- a failing stdout is told apart from any
    other failing file, and ends the same way."""

    def __init__(self, stream: object) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)  # type: ignore[attr-defined]
        except OSError as err:
            raise OutputError(err) from None

    def flush(self) -> None:
        try:
            self.stream.flush()  # type: ignore[attr-defined]
        except OSError as err:
            raise OutputError(err) from None

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


def guard_stdout() -> None:
    """For the ``burgundy`` script's process: standard streams closed at start held
    (:func:`hold_standard_streams`), and stdout's failures told apart (:class:`_Stdout`)."""
    hold_standard_streams()
    if not isinstance(sys.stdout, _Stdout):
        sys.stdout = _Stdout(sys.stdout)  # type: ignore[assignment]


def hold_standard_streams() -> None:
    """A standard stream closed when the process started (``>&-``) is held by the null
    device, so that no file the command opens (a record, its temporary copy) takes its
    descriptor and receives what is meant for the terminal. stdout is held open for
    reading only: every write to it fails as on a closed descriptor, and is reported so.
    stdin reads as empty; stderr loses what is written to it."""
    for fd, stream, mode in ((0, "stdin", os.O_RDONLY), (1, "stdout", os.O_RDONLY), (2, "stderr", os.O_WRONLY)):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        os.open(os.devnull, mode)  # (the lowest free descriptor: this one, the lower ones being open)
        setattr(sys, stream, open(fd, "r" if stream == "stdin" else "w", encoding="utf-8", closefd=False))


#: Whether Ctrl-C was pressed while the body of :func:`run` ran or its streams were written:
#: a library may turn the ``KeyboardInterrupt`` into an error of its own (pydantic, building
#: a schema, does), and a stream that reports each record's error in its place (``score
#: DIR``) would then go on as if one record had failed.
_interrupted = False


def _end_if_interrupted() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed but did not raise where it fell:
    in a place that cannot raise (:func:`_on_unraisable`), or in code that turned it into an
    error of its own and went on (see :data:`_interrupted`)."""
    if _interrupted:
        raise KeyboardInterrupt


def _on_ctrl_c(signum: int, frame: object) -> None:
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def _on_unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    """``sys.unraisablehook`` while a command body runs: a Ctrl-C that fell in a place that
    cannot raise (a weak reference's callback in the import system, an object's finaliser) is
    not printed as "Exception ignored" but noted, and :func:`run` ends the command as
    interrupted when its body returns, before anything is said. (Raising the signal again
    here would run the handler inside this hook, where its exception is the one Python prints.)
    Any other unraisable exception goes to the hook that was there before."""
    global _interrupted
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        _interrupted = True
        return
    _hook_before(unraisable)


_hook_before = sys.unraisablehook


@contextmanager
def _interruptible() -> Iterator[None]:
    """While a command body runs, Ctrl-C raises ``KeyboardInterrupt`` in it, as Python's own
    handler does, so that its locks are released and temporary files removed on the way out."""
    global _interrupted
    _interrupted = False
    if signal.getsignal(signal.SIGINT) is not signal.SIG_DFL:
        yield  # (already so: a test's process, or the main thread is not ours)
        return
    global _hook_before
    _hook_before, sys.unraisablehook = sys.unraisablehook, _on_unraisable
    signal.signal(signal.SIGINT, _on_ctrl_c)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        sys.unraisablehook = _hook_before


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
    _put(True, printable(message) + "\n")
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
        fd = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError, OutputError):
        return  # not a real file (a test's capture): nothing will be flushed to a closed pipe
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)
