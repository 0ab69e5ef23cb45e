"""Reading and writing record files (TOML), safely.

A record is untrusted input: it is size-checked before it is read, must be UTF-8, must be
valid TOML of bounded nesting, and nothing in it is ever executed or used as a path.
Reading is lenient where it is harmless (case, spacing and aliases in move text are the
games' business); writing is strict and canonical, and always atomic so that a record
already on disk is never lost or half-written.
"""

from __future__ import annotations

import os
import re
import tomllib
from bisect import bisect_right
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from burgundy_cli.core.errors import Location, RecordError, UsageError

#: Records larger than this are rejected before being read (a real game is a few KiB).
MAX_RECORD_BYTES = 1024 * 1024
#: Deepest nesting of tables and arrays accepted in a record.
MAX_NESTING = 12

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


@dataclass
class RecordDoc:
    """A record file as read: its display name, its text and its parsed TOML table."""

    name: str
    text: str
    data: dict[str, Any]
    _line_starts: list[int] = field(default_factory=list, repr=False)

    def location_of_offset(self, offset: int) -> Location:
        """The 1-based line and column of a character offset into ``text``.

        Called for every move line of every record replayed, so it is kept lean.
        """
        starts = self._line_starts
        if not starts:
            starts = self._line_starts = [0, *(m.end() for m in re.finditer("\n", self.text))]
        line = bisect_right(starts, offset)
        return Location(self.name, line, offset - starts[line - 1] + 1)

    def location_of_key(self, *path: str) -> Location:
        """Best-effort location of a table or key such as ``("game", "players")``.

        Looks for the ``[table]`` header of the deepest table on the path, then for the
        key inside it; falls back to the file alone.
        """
        offset = 0
        found = False
        for depth in range(len(path), 0, -1):
            header = re.search(r"^\s*\[+\s*" + r"\s*\.\s*".join(map(re.escape, path[:depth])) + r"\s*\]+",
                               self.text, re.M)
            if header:
                offset, found = header.start(), True
                rest = path[depth:]
                if rest:
                    key = re.compile(r"^\s*" + re.escape(rest[0]) + r"\s*=", re.M).search(self.text, header.end())
                    if key:
                        offset = key.start() + len(key.group(0)) - len(key.group(0).lstrip())
                break
        if not found and path:
            key = re.search(r"^\s*" + re.escape(path[-1]) + r"\s*=", self.text, re.M)
            if key:
                offset, found = key.start() + len(key.group(0)) - len(key.group(0).lstrip()), True
        return self.location_of_offset(offset) if found else Location(self.name)


class StringLocator:
    """Finds successive string values in a record's text, to locate move lines.

    Values are searched in order from a moving cursor, so two identical lines in a log
    get their own positions. A value written with escapes that cannot be found verbatim
    falls back to the location of ``fallback``.
    """

    def __init__(self, doc: RecordDoc, fallback: Location | None = None, start: int = 0) -> None:
        self.doc = doc
        self.cursor = start
        self.fallback = fallback or Location(doc.name)

    def locate(self, value: str) -> Location:
        """Location of the first character of ``value`` at or after the cursor."""
        found = self.doc.text.find(value, self.cursor) if value else -1
        if found < 0:
            return self.fallback
        self.cursor = found + len(value)
        return self.doc.location_of_offset(found)


def _depth(value: Any, limit: int) -> int:
    """Nesting depth of a parsed TOML value, stopping early past ``limit``."""
    stack = [(value, 1)]
    deepest = 0
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def parse_record_text(text: str, name: str = "<input>") -> RecordDoc:
    """Parse record text into a :class:`RecordDoc`.

    :raises RecordError: invalid TOML (with its line and column) or nesting too deep.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        pos = _TOML_POSITION.search(message)
        if pos:
            location = Location(name, int(pos.group(1)), int(pos.group(2)))
        elif "end of document" in message:
            lines = text.split("\n")
            location = Location(name, len(lines), len(lines[-1]) + 1)
        else:
            location = Location(name)
        message = _TOML_POSITION.sub("", message).replace("(at end of document)", "").strip()
        raise RecordError(f"not valid TOML: {message}",
                          location=location) from None
    except RecursionError:
        raise RecordError(f"nested more deeply than the {MAX_NESTING} levels a record may use",
                          location=Location(name)) from None
    if _depth(data, MAX_NESTING) > MAX_NESTING:
        raise RecordError(f"nested more deeply than the {MAX_NESTING} levels a record may use",
                          location=Location(name))
    return RecordDoc(name, text, data)


def read_record(path: str | os.PathLike[str]) -> RecordDoc:
    """Read and parse the record at ``path``, refusing what no real record looks like.

    :raises UsageError: the path does not exist or is not a file.
    :raises RecordError: too large, not UTF-8, not TOML, nested too deeply.
    """
    name = str(path)
    file = Path(path)
    try:
        if not file.is_file():
            raise UsageError(f"no such record file: {name}" if not file.exists() else f"not a file: {name}")
        size = file.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise RecordError(f"record is {size} bytes; the limit is {MAX_RECORD_BYTES} bytes",
                              location=Location(name))
        with file.open("rb") as handle:
            raw = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise UsageError(f"cannot read {name}: {err.strerror}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"record is larger than the limit of {MAX_RECORD_BYTES} bytes",
                          location=Location(name))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        column = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise RecordError(f"not UTF-8 text: byte 0x{raw[err.start]:02x} cannot be decoded",
                          location=Location(name, line, column)) from None
    return parse_record_text(text.removeprefix("\ufeff"), name)


def dump_record(data: dict[str, Any]) -> str:
    """The canonical TOML text of a record's data (tomli-w; lists one item per line)."""
    import tomli_w

    return tomli_w.dumps(data, multiline_strings=False, indent=4)


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that the file is always either old or new, never partial.

    The text goes to a temporary file in the same folder, is flushed and fsynced, then
    renamed over ``path`` (atomic on POSIX); the folder is fsynced so the rename persists.
    """
    import tempfile

    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
