"""Where things stand in a TOML text: a linear-time lexer for locating keys and values.

``tomllib`` gives the data of a record but not where each key or value was written, and
its time grows with the square of the number of parts of a dotted key. This module fills
both gaps with one small lexer that never raises and never backtracks:

* :func:`nesting_overflow` runs on untrusted text and finds the first place where tables,
  dotted keys and brackets nest deeper than a limit, so that such a text is refused with a
  line and column: before parsing when a line may hold a dotted key of too many parts (the
  reader's time grows with the square of its parts), else after a parse the reader refused
  or whose data is too deep (``core.record.parse_record_text``);
* :func:`source_map` runs *after* a successful parse and maps every key path (table
  names, keys, array indices) to the offset where it is written, and lists the string
  values in document order, so that errors found in the data can point into the text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import re
import tomllib
from collections.abc import Iterator
from functools import cache


PathPart = str | int
KeyPath = tuple[PathPart, ...]

_TOKEN = re.compile(
    r"""
     [ \t\r]+
    |(?P<nl>\n)
    |(?P<comment>\#[^\n]*)
    |(?P<mlbasic>\"\"\"(?:[^"\\]|\\.|"(?!""))*(?:"{3,5}|\Z))
    |(?P<mlliteral>'''(?:[^']|'(?!''))*(?:'{3,5}|\Z))
    |(?P<basic>"(?:[^"\\\n]|\\[^\n])*"?)
    |(?P<literal>'[^'\n]*'?)
    |(?P<punct>[\[\]{}=,.])
    |(?P<atom>[^ \t\r\n\#"'\[\]{}=,.]+)
    """,
    re.X | re.S,
)
_STRINGS = frozenset(("mlbasic", "mlliteral", "basic", "literal"))
_KEY_TOKENS = frozenset(("basic", "literal", "atom"))


def _tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of every token of ``text``, whitespace and comments dropped; linear."""
    return ((match.lastgroup, *match.span()) for match in _TOKEN.finditer(text)
            if match.lastgroup is not None and match.lastgroup != "comment")


def comment_offsets(text: str) -> Iterator[int]:
    """Where each TOML comment of ``text`` starts (a ``#`` outside every string), in order."""
    return (match.start() for match in _TOKEN.finditer(text) if match.lastgroup == "comment")


def nesting_overflow(text: str, limit: int) -> int | None:
    """Offset of the first key, table or bracket nested deeper than ``limit``, else ``None``.

    Depth is counted as the parsed data has it (the document is level 1; each table-name
    part, key part and bracket adds one; a value is one level below its container), never
    more: a text found too deep here is too deep however it parses. Lexes the whole text; see :func:`may_nest_deeper` for the
    cheap test that tells when this is worth running.
    """
    table = 1          # depth of the container the keys of the current [table] go into
    base = 1           # depth of the container the key being read goes into
    parts = 0          # parts of the key (or table name) being read
    value_depth = 1    # depth of the value about to be read
    mode = "key"       # "key", "header" (inside [..] or [[..]]) or "value"
    stack: list[tuple[str, int]] = []   # open brackets of the current value, with their depth
    previous_end = -1
    for kind, start, end in _tokens(text):
        char = text[start] if kind == "punct" else ""
        if kind == "nl":
            if not stack:
                mode, base, parts = "key", table, 0
        elif mode == "header":
            if kind in _KEY_TOKENS:
                parts += 1
                if base + parts > limit:
                    return start
            elif char == "[" and start == previous_end and parts == 0:
                base = 2          # [[array of tables]]: the array is one level more
            elif char == "]":
                table, mode = base + parts, "value"
        elif mode == "key":
            if kind in _KEY_TOKENS:
                parts += 1
                if base + parts > limit:
                    return start
            elif char == "[" and not stack and parts == 0:
                mode, base = "header", 1
            elif char == "=":
                mode, value_depth = "value", base + parts
            elif char == "}" and stack:
                stack.pop()
                mode = "value"
                value_depth = stack[-1][1] + 1 if stack else value_depth
        elif value_depth > limit and (char in ("[", "{") or kind in _STRINGS or kind == "atom"):
            return start
        elif char == "[":
            stack.append(("[", value_depth))
            value_depth += 1
        elif char == "{":
            stack.append(("{", value_depth))
            mode, base, parts = "key", value_depth, 0
        elif char in ("]", "}") and stack:
            stack.pop()
            if stack and stack[-1][0] == "[":
                value_depth = stack[-1][1] + 1
        elif char == "," and stack and stack[-1][0] == "{":
            mode, base, parts = "key", stack[-1][1], 0
        previous_end = end
    return None


def may_nest_deeper(text: str, limit: int) -> bool:
    """Cheap test (linear, in C) for texts that may nest deeper than ``limit``.

    True when a line has ``limit - 1`` dots (the only way to write a key or table name of
    ``limit`` parts, which ``tomllib`` would handle in quadratic time) or when ``limit - 1``
    brackets open with none closing between them. Other deep texts are caught after
    parsing; the reader handles them in linear time.

    One pass keeps the characters both tests are about (dots, newlines and brackets, with
    ``bytes.translate`` on the UTF-8 text: every character kept is ASCII, and no byte of
    another character is), and each test looks for its run in what is left of that: the
    same answer as a search over the whole text, without a pattern run over every character.
    """
    runs = max(limit - 1, 1)
    dot_run, bracket_run = _run_patterns(runs)
    tested = text.encode("utf-8", "surrogatepass").translate(None, _ALL_BUT_TESTED)
    if tested.count(b".") >= runs and dot_run.search(tested.translate(None, _ALL_BUT_DOT_AND_NEWLINE)):
        return True
    brackets = tested.translate(None, _ALL_BUT_BRACKETS)
    return len(brackets) >= runs and bracket_run.search(brackets) is not None


@cache
def _run_patterns(runs: int) -> tuple[re.Pattern[bytes], re.Pattern[bytes]]:
    """The runs :func:`may_nest_deeper` looks for, ``runs`` dots and ``runs`` opening brackets,
    compiled once."""
    return re.compile(rb"\.{%d}" % runs), re.compile(rb"[\[{]{%d}" % runs)


def _all_bytes_but(kept: bytes) -> bytes:
    return _ALL_BYTES.translate(None, kept)


_ALL_BYTES = bytes(range(256))


_ALL_BUT_DOT_AND_NEWLINE = _all_bytes_but(b".\n")
_ALL_BUT_BRACKETS = _all_bytes_but(b"[]{}")
_ALL_BUT_TESTED = _all_bytes_but(b".\n[]{}")


@dataclass(slots=True)
class SourceMap:
    """Where the keys and string values of a (valid) TOML text are written.

    ``keys`` maps a key path -- table names, keys, and array indices as ints, exactly as
    the parsed data is indexed, e.g. ``("rounds", 2, "moves", 0)`` -- to the offset of
    the key (for a table: of its first ``[header]``; for an array item: of the item).
    ``strings`` lists ``(offset of the first character inside the quotes, token)`` of
    every string *value* (not keys) in document order.
    """

    keys: dict[KeyPath, int] = field(default_factory=dict)
    strings: list[tuple[int, str]] = field(default_factory=list)

    def offset_of(self, path: KeyPath) -> int | None:
        """Offset of the deepest prefix of ``path`` that is written in the text, if any.

        A part written as digits (``"2"``) also matches the array index ``2``.
        """
        best = None
        prefix: KeyPath = ()
        for part in path:
            step = prefix + (part,)
            if step not in self.keys and isinstance(part, str) and part.isdigit():
                step = prefix + (int(part),)
            if step not in self.keys:
                break
            prefix, best = step, self.keys[step]
        return best


def string_value(token: str) -> str:
    """The value of a string token as TOML defines it (escapes, line-ending backslashes)."""
    if token.startswith(("'''", '"""')) or (token.startswith('"') and "\\" in token):
        return tomllib.loads("v = " + token)["v"]
    return token[1:-1]


def content_offset(token: str, start: int) -> int:
    """Offset of the first character of a string's value (after quotes and a first newline)."""
    if token.startswith(("'''", '"""')):
        skip = 3
        if token.startswith("\r\n", 3):
            skip = 5
        elif token.startswith("\n", 3):
            skip = 4
        return start + skip
    return start + 1


class _Mapper:
    """Builds a :class:`SourceMap` by walking the tokens of a valid TOML text once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.map = SourceMap()
        self.arrays_of_tables: dict[KeyPath, int] = {}   # resolved path -> last index
        self.tokens = [*_tokens(text), ("end", len(text), len(text))]
        self.at = 0

    def peek(self) -> tuple[str, int, int]:
        return self.tokens[self.at]

    def take(self) -> tuple[str, int, int]:
        token = self.tokens[self.at]
        if token[0] == "end":
            raise ValueError("unexpected end of text")
        self.at += 1
        return token

    def char(self) -> str:
        kind, start, _ = self.tokens[self.at]
        return self.text[start] if kind == "punct" else ""

    def skip_newlines(self) -> None:
        while self.peek()[0] == "nl":
            self.at += 1

    def key(self) -> list[tuple[str, int]]:
        """A (dotted) key: its parts and their offsets."""
        parts = []
        while True:
            kind, start, end = self.take()
            if kind not in _KEY_TOKENS:
                raise ValueError("not a key")
            token = self.text[start:end]
            parts.append((string_value(token) if kind in ("basic", "literal") else token, start))
            if self.char() != ".":
                return parts
            self.at += 1

    def note(self, path: KeyPath, offset: int, *, replace: bool) -> None:
        if replace:
            self.map.keys[path] = offset
        else:
            self.map.keys.setdefault(path, offset)

    def note_key(self, base: KeyPath, parts: list[tuple[str, int]]) -> KeyPath:
        path = base
        for name, offset in parts:
            path += (name,)
            self.note(path, offset, replace=False)
        return path

    def value(self, path: KeyPath) -> None:
        kind, start, end = self.peek()
        if kind in _STRINGS:
            self.at += 1
            token = self.text[start:end]
            self.map.strings.append((content_offset(token, start), token))
            return
        char = self.char()
        if char == "[":
            self.at += 1
            index = 0
            while True:
                self.skip_newlines()
                if self.peek()[0] == "end":
                    raise ValueError("unclosed array")
                if self.char() == "]":
                    self.at += 1
                    return
                self.note(path + (index,), self.peek()[1], replace=True)
                self.value(path + (index,))
                index += 1
                self.skip_newlines()
                if self.char() == ",":
                    self.at += 1
        elif char == "{":
            self.at += 1
            while self.char() != "}":
                if self.peek()[0] == "end":
                    raise ValueError("unclosed inline table")
                if self.char() == ",":
                    self.at += 1
                    continue
                self.key_value(path)
            self.at += 1
        else:
            # a scalar: runs to the next ',', ']', '}', newline or comment
            while self.peek()[0] in ("atom", "punct") and self.char() not in (",", "]", "}"):
                self.at += 1

    def key_value(self, table: KeyPath) -> None:
        path = self.note_key(table, self.key())
        self.take()                                  # '='
        self.value(path)

    def header(self) -> KeyPath:
        _, start, _ = self.take()                    # '['
        array = self.char() == "["
        if array:
            self.at += 1
        resolved: KeyPath = ()
        parts = self.key()
        for position, (name, _offset) in enumerate(parts):
            resolved += (name,)
            self.note(resolved, start, replace=False)
            last = position == len(parts) - 1
            if resolved in self.arrays_of_tables and not (array and last):
                resolved += (self.arrays_of_tables[resolved],)
        if array:
            index = self.arrays_of_tables.get(resolved, -1) + 1
            self.arrays_of_tables[resolved] = index
            resolved += (index,)
        self.note(resolved, start, replace=True)
        while self.char() == "]":
            self.at += 1
        return resolved

    def run(self) -> SourceMap:
        table: KeyPath = ()
        while self.peek()[0] != "end":
            kind = self.peek()[0]
            if kind == "nl":
                self.at += 1
            elif self.char() == "[":
                table = self.header()
            else:
                self.key_value(table)
        return self.map


def source_map(text: str) -> SourceMap:
    """The :class:`SourceMap` of ``text``, which must be valid TOML (the TOML reader accepted it).

    Never raises: a text it cannot follow gives a map of what was read up to there.
    """
    mapper = _Mapper(text)
    try:
        return mapper.run()
    except (IndexError, ValueError, RecursionError):  # (tomllib's TOMLDecodeError is a ValueError)
        return mapper.map
