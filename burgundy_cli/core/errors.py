"""The error model shared by every game.

Modelled on python-chess: a move that cannot be read is a different failure from a move
that reads fine but breaks a rule. (The notations need no move disambiguated: a line
names its tile, depot, space or cell, so no line can match several moves.)
Every illegal move names the rule it breaks (a stable id plus the rulebook wording) so a
table can look it up, and every error can carry where it happened (file, line, column).

Exit codes (used by the command line only):

* 1 -- the input was read but rejected: unparsable move, illegal move, invalid record;
* 2 -- the command was used wrongly (missing file, bad option).
"""

from __future__ import annotations

import re

from dataclasses import dataclass, replace

TYPE_CHECKING = False  # (not typing's: every command imports this module at its start)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def short_repr(value: object, width: int = 40) -> str:
    """A repr of ``value`` cut to ``width`` characters, for quoting untrusted input in messages.

    >>> short_repr("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def toml_repr(value: Any, width: int = 40) -> str:
    """``value`` as TOML writes it (``true``, ``"Anna"``, ``["a", "b"]``), cut to ``width``
    characters: the stored result is TOML, so an error quotes it as TOML, not as Python."""
    import json  # (only when an error is worded: not on every command's start)

    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, dict):
        text = "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_repr(v, width)}" for k, v in value.items()) + " }"
    elif isinstance(value, list | tuple):
        text = "[" + ", ".join(toml_repr(item, width) for item in value) + "]"
    elif isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, int) and value.bit_length() > 200:
        text = f"a number of {len(str(abs(value))) if value.bit_length() < 4000 else 'over 1200'} digits"
    else:
        text = str(value)
    return text if len(text) <= width else text[:width - 3] + "..."


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of a game, identified for good by ``id`` (for example ``cob.place.adjacent``).

    ``text`` is the rulebook wording (or a close paraphrase where the extraction is
    garbled) and ``ref`` says where in which rulebook it stands.
    """

    id: str
    text: str
    ref: str


@dataclass(frozen=True, slots=True)
class Location:
    """Where an error applies: a file and, when known, a 1-based line and column."""

    file: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


class RefereeError(ValueError):
    """Base of every error the tool reports to a user; the command line catches only this.

    ``message`` says what is wrong and, where possible, what was expected; ``location``
    says where. ``str(err)`` is the one-line form the command line prints.
    """

    kind = "error"
    exit_code = 1

    def __init__(self, message: str, *, location: Location | None = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location
        self.hint = hint
        #: Further errors found at the same time (every bad key of a table), each located:
        #: reported after this one, one line each.
        self.also: list[RefereeError] = []

    def at(self, location: Location) -> RefereeError:
        """Return this error with ``location`` filled in where it had none (for chaining)."""
        if self.location is None or self.location.file is None:
            merged = location if self.location is None else replace(
                location,
                line=self.location.line or location.line,
                column=self.location.column or location.column,
            )
            self.location = merged
        return self

    def on_typed_line(self) -> RefereeError:
        """This error, of a line typed alone (in the session or as a move on the command line):
        the column it gives is on line 1, the line typed, as :meth:`IllegalMoveError.placed`
        places a refusal at its word (a record's replay puts it at the line's place in the file
        instead)."""
        location = self.location
        if location is not None and location.column and location.file is None and location.line is None:
            self.location = Location(None, 1, location.column)
        return self

    def describe(self) -> str:
        """The message without the location: kind, rule (if any), text and hint."""
        text = f"{self.kind}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def __str__(self) -> str:
        prefix = f"{self.location}: " if self.location else ""
        return prefix + self.describe()


class ParseError(RefereeError):
    """The text could not be read as a move or a record entry (a syntax error)."""

    kind = "cannot parse"


class IllegalMoveError(RefereeError):
    """The move reads fine but breaks ``rule`` in the current position.

    ``blamed``: the word of the line the refusal is about, as the notation writes it (the
    space, the tile, the die), where one word is to blame; a record's replay places the error
    at that word's column, as a :class:`ParseError` is placed at its token's.

    ``fix``: the line the rules accept instead, as the game's command, where the rule knows
    one -- or, for a rule that checks one part of the line (an action inside it), that part
    mended, which the game's session puts back into the whole line; the session writes it with
    its notation's writer at the end of the hint (the rules know no notation: a hint's line is
    spelt in one place).
    """

    kind = "illegal"

    def __init__(self, rule: Rule, message: str, *, location: Location | None = None,
                 hint: str | None = None, blamed: str | None = None, fix: object | None = None) -> None:
        super().__init__(message, location=location, hint=hint)
        self.rule = rule
        self.blamed = blamed
        self.fix = fix

    def fix_written(self, write: Callable[[Any], str]) -> IllegalMoveError:
        """This error with :attr:`fix` written at the end of its hint as a line, by the game's
        notation writer ``write``, in backquotes as every whole line a hint proposes (docs/errors.md);
        ``fix`` is then cleared."""
        if self.fix is not None:
            line = f"`{write(self.fix)}`"
            self.hint, self.fix = (f"{self.hint}: {line}" if self.hint else line), None
        return self

    def placed(self, text: str, column_of: Callable[[str, str], int | None]) -> IllegalMoveError:
        """This error, a refusal of the typed line ``text``, placed at the word it blames
        (:attr:`blamed`, found by the game's ``column_of(text, word)``) where it has no place
        yet, as a parse error is placed at its token, and on line 1, the line typed
        (:meth:`on_typed_line`; a record's replay then puts it at the line's place in the file)."""
        if self.blamed is not None and self.location is None:
            column = column_of(text, self.blamed)
            if column is not None:
                self.location = Location(column=column)
        self.on_typed_line()
        return self

    def describe(self) -> str:
        text = f"illegal ({self.rule.id}): {self.message}"
        if self.hint:
            text += f"; {self.hint}"
        return text + f' -- rule: "{self.rule.text}" [{self.rule.ref}]'


class AmbiguousMoveError(RefereeError):
    """The move reads fine but could mean several moves in the current position (python-chess's
    ``AmbiguousMoveError``): the message names the readings and how to write each."""

    kind = "ambiguous"


class RecordError(RefereeError):
    """A record (or position) file is invalid: unreadable, malformed, inconsistent or wrong."""

    kind = "invalid record"

    def __init__(self, message: str, *, location: Location | None = None, hint: str | None = None,
                 path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message, location=location, hint=hint)
        #: The key path in the record to blame (``("setup", "goods", "Anna")``), where the
        #: check knows it: ``new`` names the answer (the flag, the question) it came from.
        self.path = path


class UsageError(RefereeError):
    """The command was used wrongly: a missing file, an unknown game, a bad option."""

    kind = "usage"
    exit_code = 2


#: Exit code of an internal error (a bug): the error model has no kind for it.
EXIT_INTERNAL = 3


#: A word longer than this (a 5,000-digit number, a pasted blob) is cut in an error line;
#: a path is cut only between its separators, so a file's name stays whole unless it is that long.
LONGEST_WORD = 60
#: Such a word (compiled when an error line is written: a command that succeeds writes none).
_LONG_WORD = r"[^\s'\"/\\]{%d,}" % (LONGEST_WORD + 1)


def one_line(text: str, cut: bool = True) -> str:
    """``text`` made safe for the one line of an error: every character Python does not
    call printable (control characters, line separators, direction marks, unassigned ones)
    escaped (``\\n``, ``\\u2028``) and, with ``cut``, any word longer than
    :data:`LONGEST_WORD` characters cut (``12345...(5000 characters)``); a file's path is
    escaped but never cut.

    >>> one_line("bad\\nname " + "9" * 100)
    'bad\\\\nname 999999999999999999999999999999999999999999999999999999999999...(100 characters)'
    """
    if not text.isprintable():  # a newline, an escape sequence, U+2028, a direction mark, ...
        text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    if cut:
        text = re.sub(_LONG_WORD, lambda m: f"{m.group()[:LONGEST_WORD]}...({len(m.group())} characters)", text)
    return text


def failure(err: BaseException) -> tuple[str, int]:
    """The one line a user sees for ``err`` (a line more for each error found with it, in
    ``err.also``) and the exit code; never a traceback.

    Whatever the error quotes (a name, a move, a number from the input) is escaped and cut
    by :func:`one_line`, so the line stays one readable line."""
    if isinstance(err, RefereeError):
        return "\n".join(_error_line(each) for each in [err, *err.also]), err.exit_code
    if isinstance(err, KeyboardInterrupt):
        return "burgundy: interrupted", 130
    return f"burgundy: {internal_error(err)}; please report this with the record that caused it", EXIT_INTERNAL


def _error_line(err: RefereeError) -> str:
    prefix = f"{one_line(str(err.location), cut=False)}: " if err.location else ""
    return f"burgundy: {prefix}{one_line(err.describe())}"


def internal_error(err: BaseException) -> str:
    """An unexpected exception as one short line (some span several)."""
    text = " ".join(str(err).split())
    return f"internal error ({type(err).__name__}: {text[:200] + '...' if len(text) > 200 else text})"
