"""Reading and writing record files (TOML), safely.

A record is untrusted input: it is size-checked before it is read, must be UTF-8, must be
valid TOML of bounded nesting, and nothing in it is ever executed or used as a path.
Reading is lenient where it is harmless (case, spacing and aliases in move text are the
games' business); writing is strict and canonical, and always atomic so that a record
already on disk is never lost or half-written.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from functools import cache
from typing import TYPE_CHECKING, Any

import rtoml

from burgundy_cli.core.errors import Location, RecordError, RefereeError, UsageError, one_line
from dataclasses import dataclass, field

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from burgundy_cli.core.tomlsource import SourceMap

# burgundy_cli.core.tomlsource (the record's source map, and its lexer's nesting check) is
# imported where it is needed: to locate an error, or for a text with enough dots that it may
# nest too deeply.

#: Records larger than this are rejected before being read (a real game is a few KiB).
MAX_RECORD_BYTES = 1024 * 1024
#: Deepest nesting of tables and arrays accepted in a record.
MAX_NESTING = 12
#: Where rtoml's error message says the error is: "... at line 3 column 12".
_TOML_POSITION = re.compile(r" at line (\d+) column (\d+)\s*$")


@dataclass(slots=True)
class RecordDoc:
    """A record file as read: its display name, its text and its parsed TOML table."""

    name: str
    text: str
    data: dict[str, Any]
    #: Read under this process's lock on the file (:meth:`~burgundy_cli.core.lock.LockedRecord.read`):
    #: no other process, a table session included, holds the record meanwhile.
    locked: bool = False
    _line_starts: list[int] = field(default_factory=list, repr=False)
    #: The :class:`~burgundy_cli.core.tomlsource.SourceMap`, made by :meth:`source_map` (typed
    #: ``Any``: a field's type hint is evaluated, and the module is imported only when needed).
    _source: Any = field(default=None, repr=False)

    def location_of_offset(self, offset: int) -> Location:
        """The 1-based line and column (in characters) of a character offset into ``text``.

        Called for every move line of every record replayed, so it is kept lean.
        """
        starts = self._line_starts
        if not starts:
            starts = self._line_starts = [0, *(m.end() for m in re.finditer("\n", self.text))]
        from bisect import bisect_right

        line = bisect_right(starts, offset)
        return Location(self.name, line, offset - starts[line - 1] + 1)

    def source_map(self) -> SourceMap:
        """Where each key and string value of the record is written (built once, on demand)."""
        if self._source is None:
            from burgundy_cli.core.tomlsource import source_map

            self._source = source_map(self.text)
        return self._source

    def location_of_text(self, *path: str | int, column: int = 1) -> Location:
        """Location of character ``column`` (1-based) of the string value at ``path``.

        The one way a string is located in a record: a log line by its list and index
        (``("play", "moves", 7)``), found only when an error needs it (mapping the text
        costs about as much as parsing it). A line whose text also stands earlier in the
        record is still found at its own place, and a column within a line written with
        escapes (``\\"``) is counted as TOML reads them. Where ``path`` is not written,
        the deepest table or key on it that is gives the location; when none is, the file.
        """
        offset = self.source_map().offset_of(path)
        if offset is None:
            return Location(self.name)
        text = self.text
        opening = text[offset:offset + 3]
        if opening in ('"""', "'''"):
            offset += 4 if text.startswith("\n", offset + 3) else 3  # TOML trims that newline
            return self.location_of_offset(offset + column - 1)
        if opening[:1] == "'":
            return self.location_of_offset(offset + column)
        if opening[:1] != '"':
            return self.location_of_offset(offset)
        at = offset + 1
        for _ in range(column - 1):  # step over one character of the value, escapes included
            if at >= len(text) or text[at] in '"\n':
                break
            at += {"u": 6, "U": 10}.get(text[at + 1:at + 2], 2) if text[at] == "\\" else 1
        return self.location_of_offset(at)

    def location_of_key(self, *path: str | int) -> Location:
        """Location of a table, key or array item such as ``("game", "players", 1)``.

        Parts are indexed as the parsed data is: table and key names as strings, array
        items (including ``[[array of tables]]`` entries) as ints or digit strings. Keys
        written dotted (``options.tiebreak = ..``), quoted, or in inline tables are found
        too. When the full path is not written (a missing key), the deepest table or key
        on it that is gives the location; when none is, the file alone.
        """
        offset = self.source_map().offset_of(path)
        return Location(self.name) if offset is None else self.location_of_offset(offset)


#: What nests in parsed TOML: the reader makes plain dicts and lists, never subclasses.
_CONTAINERS = frozenset({dict, list})


def all_strings(items: list[Any]) -> bool:
    """Whether every item of ``items`` is a string (parsed TOML: ``str`` itself, never a
    subclass), asked of every list of a log: the types are gathered by ``map`` and a set,
    with no Python call an item."""
    return _STRING.issuperset(map(type, items))


_STRING = frozenset({str})


def _depth(value: Any, limit: int) -> int:
    """How deeply ``value`` (parsed TOML) nests, a table or an array counting one level for its
    items: counted until it passes ``limit`` (the depth then returned is the first past it)."""
    stack = [(value, 1)]
    deepest = 1
    while stack:
        item, depth = stack.pop()
        items = list(item.values()) if type(item) is dict else item
        if not items:
            continue
        below = depth + 1
        if below > deepest:
            deepest = below
            if deepest > limit:
                return deepest
        stack.extend((child, below) for child in items if type(child) in _CONTAINERS)
    return deepest


def _too_deep(name: str, text: str, offset: int | None) -> RecordError:
    location = Location(name) if offset is None else RecordDoc(name, text, {}).location_of_offset(offset)
    return RecordError(f"nested more deeply than the {MAX_NESTING} levels a record may use",
                       location=location, hint="tables, dotted keys and brackets count as levels")


def _not_toml(name: str, text: str, error: str) -> RecordError:
    """The located error for a text the TOML reader refused with the message ``error``: at
    the line and column the message names (the file alone when it names none), unless a
    character no TOML file may hold stands on that line or before it (:func:`_no_text`)."""
    found = _TOML_POSITION.search(error)
    control = _FORBIDDEN.search(text)
    if control is not None and (found is None or text.count("\n", 0, control.start()) < int(found[1])):
        return _no_text(name, text, control.start())
    message = " ".join(error[:found.start() if found else None].split())
    if found is None:
        return RecordError(f"not valid TOML: {message}", location=Location(name))
    location = Location(name, int(found[1]), int(found[2]))
    return RecordError(f"not valid TOML: {message}{_unseen(text, location)}", location=location)


#: The Unicode categories an editor shows as nothing or as a space: format characters, spaces
#: and line or paragraph separators, controls, private-use and unassigned code points.
_UNSEEN = frozenset(("Cf", "Zs", "Zl", "Zp", "Cc", "Co", "Cn"))


def _unseen(text: str, location: Location) -> str:
    """What the message adds when the character at ``location`` is one an editor shows as
    nothing or as a space (a byte order mark in the middle of a file, where two files were
    joined; a no-break or zero-width space): its code point and name, else nothing."""
    import unicodedata

    lines = text.split("\n", location.line or 0)
    line = lines[location.line - 1] if location.line and location.line <= len(lines) else ""
    char = line[location.column - 1:location.column] if location.column else ""
    if not char or char.isascii() or unicodedata.category(char) not in _UNSEEN:
        return ""
    named = unicodedata.name(char, "unnamed")
    return f"; the character there is U+{ord(char):04X} ({named}), which an editor may not show"


#: The characters TOML allows nowhere in a file, not even in a string or a comment: the C0
#: controls but tab and line feed, DEL, and a carriage return not ending a line (``\r\n``).
_FORBIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)")
#: How a message names the forbidden characters a text editor or a terminal may leave in a file.
_CONTROL_NAMES = {"\b": "a backspace", "\x0b": "a vertical tab", "\x0c": "a form feed",
                  "\x1b": "an escape character", "\x7f": "a delete character"}


def _no_text(name: str, text: str, offset: int) -> RecordError:
    """The error for the character at ``offset``, one of :data:`_FORBIDDEN`: located at it (the
    TOML reader's own message names a string or a key it was reading, and often another
    column), and saying what it is, since an editor shows none of them."""
    location = RecordDoc(name, text, {}).location_of_offset(offset)
    char = text[offset]
    if char == "\x00":
        utf16 = text.count("\x00") * 3 > len(text)  # (UTF-16 has one beside every ASCII letter)
        return RecordError("the file holds a NUL byte (\\0): a record is text", location=location,
                           hint="it looks like UTF-16: save the file as UTF-8" if utf16 else None)
    if char == "\r":
        return RecordError("the file holds a carriage return (\\r) that no line feed follows: a TOML "
                           "line ends with \\n or \\r\\n", location=location,
                           hint="save the file with LF or CRLF line ends")
    what = _CONTROL_NAMES.get(char, "a control character")
    return RecordError(f"the file holds {what} (U+{ord(char):04X}): TOML allows no such character, "
                       f"not even in a string or a comment", location=location,
                       hint=f"delete it; in a string, write it \\u{ord(char):04x}")


def _overflow(text: str) -> int | None:
    """Where ``text`` first nests deeper than :data:`MAX_NESTING` levels, if it does: the
    lexer of :func:`~burgundy_cli.core.tomlsource.nesting_overflow`, run only when its cheap
    pre-check says the text may."""
    from burgundy_cli.core.tomlsource import may_nest_deeper, nesting_overflow

    return nesting_overflow(text, MAX_NESTING) if may_nest_deeper(text, MAX_NESTING) else None


def parse_record_text(text: str, name: str = "<input>") -> RecordDoc:
    """Parse record text into a :class:`RecordDoc`.

    The TOML reader is rtoml, used through its package: a replay reads every record it
    scores, and with the standard ``tomllib`` (pure Python) reading took about 40 % of a
    Castles replay (docs/performance.md, "Design choices"). rtoml gives the same
    data in the same order, and its errors name the line and column. Nesting is bounded
    three ways, each time with the same error at the same place (:func:`_overflow`): before
    the reader sees a text with enough dots for a key of too many parts (the reader's time
    grows with the square of a key's parts); after a parse the reader refused (it stops at
    some depth of brackets with an error of its own); and on the data parsed. A record has
    a handful of dots, so the first test is one count over the text.

    :raises RecordError: invalid TOML (with its line and column) or nesting too deep.
    """
    if text.count(".") >= MAX_NESTING - 1:  # (a key of MAX_NESTING parts has that many dots)
        offset = _overflow(text)
        if offset is not None:
            raise _too_deep(name, text, offset)
    try:
        data = rtoml.loads(text)
    except rtoml.TomlParsingError as err:
        offset = _overflow(text)  # too deep for the reader too: said as for any text too deep
        if offset is not None:
            raise _too_deep(name, text, offset) from None
        raise _not_toml(name, text, str(err)) from None
    except RecursionError:  # nested deeper than the reader's recursion goes
        from burgundy_cli.core.tomlsource import nesting_overflow

        raise _too_deep(name, text, nesting_overflow(text, MAX_NESTING)) from None
    if _depth(data, MAX_NESTING) > MAX_NESTING:
        from burgundy_cli.core.tomlsource import nesting_overflow

        raise _too_deep(name, text, nesting_overflow(text, MAX_NESTING))
    doc = RecordDoc(name, text, data)
    if "\\u0000" in text or "\\U00000000" in text:  # (the only ways TOML writes a NUL)
        _refuse_nul(doc)
    return doc


def _refuse_nul(doc: RecordDoc) -> None:
    """Refuse a record that holds a NUL character (written ``\\u0000`` in a string or a key):
    no text of a game holds one, C strings end at it and PostgreSQL refuses it, so such a
    record is refused where it is read, not by whichever tool meets it next (issue 33 item 5).

    :raises RecordError: located at the first key or item that holds one.
    """
    found = _path_of_nul(doc.data, ())
    if found is not None:
        inner = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in found[1:]).lstrip(".")
        shown = f"[{found[0]}]" + (f" {inner}" if inner else "")
        raise RecordError(f"{one_line(shown)} holds a NUL character (U+0000), which no record may hold",
                          location=doc.location_of_key(*found))


def _path_of_nul(value: Any, path: tuple[str | int, ...]) -> tuple[str | int, ...] | None:
    """The key path of the first string or key under ``value`` that holds a NUL character."""
    if isinstance(value, str):
        return path if "\x00" in value else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if isinstance(key, str) and "\x00" in key:
            return path + (key,)
        found = _path_of_nul(item, path + (key,))
        if found is not None:
            return found
    return None


def comments_not_kept(doc: RecordDoc) -> list[int]:
    """The lines of ``doc`` with a TOML comment that rewriting the record drops: every one
    below its opening comments (which :func:`~burgundy_cli.core.directive.keep_directive`
    keeps). The canonical writer has no place for a comment between keys or log lines."""
    if "#" not in doc.text:
        return []
    from burgundy_cli.core.directive import opening_comments
    from burgundy_cli.core.tomlsource import comment_offsets

    top = len(opening_comments(doc.text))
    return sorted({line for line in (doc.location_of_offset(at).line for at in comment_offsets(doc.text))
                   if line is not None and line > top})


def read_record(path: str | os.PathLike[str]) -> RecordDoc:
    """Read (:func:`read_record_bytes`) and parse the record at ``path``.

    :raises UsageError: the path does not exist, is not a regular file, or is unreadable.
    :raises RecordError: too large, not UTF-8, not TOML, nested too deeply.
    """
    return parse_record_bytes(read_record_bytes(path), str(path))


def read_record_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the record at ``path``, refusing what no real record looks like.

    Only a regular file is read (a symbolic link named here is followed to one): a
    folder, FIFO, socket or device is refused before it is opened for reading, so the
    tool never blocks on it. The size is checked before reading, and at most
    :data:`MAX_RECORD_BYTES` + 1 bytes are ever read (:func:`parse_record_bytes` reads them:
    it drops a UTF-8 byte order mark and accepts CRLF line ends; :func:`content_hash` keys
    them as they are).

    :raises UsageError: the path does not exist, is not a regular file, or is unreadable.
    :raises RecordError: too large.
    """
    name = str(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise UsageError(f"{name} is a folder, not a record file")
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"{name} is not a regular file (a FIFO, socket or device is never read)")
        _check_size(name, info.st_size)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        try:
            info = os.fstat(fd)          # the file opened may not be the one stat()ed
            if not stat.S_ISREG(info.st_mode):
                raise UsageError(f"{name} is not a regular file (a FIFO, socket or device is never read)")
            _check_size(name, info.st_size)
            raw = _read_at_most(fd, MAX_RECORD_BYTES + 1)
        finally:
            os.close(fd)
    except RefereeError:
        raise
    except FileNotFoundError:
        raise UsageError(f"no such record file: {name}") from None
    except OSError as err:
        raise UsageError(f"cannot read {name}: {err.strerror or err}") from None
    except ValueError as err:        # an impossible path, e.g. with a NUL character
        raise UsageError(f"cannot read {name!r}: {err}") from None
    return raw


def content_hash(raw: bytes) -> str:
    """The key of a record's bytes, SHA-256 in hex: the archive keys its records by it, and
    two files with the same key are one game (``summary``, ``site``)."""
    import hashlib

    return hashlib.sha256(raw).hexdigest()


def parse_record_bytes(raw: bytes, name: str = "<input>") -> RecordDoc:
    """Decode (UTF-8, an optional byte order mark dropped) and parse record bytes.

    :raises RecordError: larger than :data:`MAX_RECORD_BYTES`, not UTF-8 (located at the
        first undecodable byte), not TOML, nested too deeply.
    """
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"record is larger than the limit of {MAX_RECORD_BYTES} bytes",
                          location=Location(name))
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RecordError("the file is UTF-16 text (it starts with a UTF-16 byte order mark), not UTF-8",
                          location=Location(name, 1, 1), hint="save the file as UTF-8")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        line_start = raw.rfind(b"\n", 0, err.start) + 1
        column = len(raw[line_start:err.start].decode("utf-8", "replace")) + 1
        raise RecordError(f"not UTF-8 text: byte 0x{raw[err.start]:02x} cannot be decoded",
                          location=Location(name, line, column),
                          hint="save the file as UTF-8") from None
    return parse_record_text(text.removeprefix("\ufeff"), name)


def _check_size(name: str, size: int) -> None:
    if size > MAX_RECORD_BYTES:
        raise RecordError(f"record is {size} bytes; the limit is {MAX_RECORD_BYTES} bytes",
                          location=Location(name))


def _read_at_most(fd: int, limit: int) -> bytes:
    """Read up to ``limit`` bytes from ``fd`` (a file may grow after its size was checked)."""
    chunks: list[bytes] = []
    left = limit
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def dump_record(data: dict[str, Any]) -> str:
    """The canonical TOML text of a record's data (tomli-w; lists one item per line)."""
    import tomli_w

    return tomli_w.dumps(data, multiline_strings=False, indent=4)


def write_atomic(path: str | os.PathLike[str], text: str, *,
                 before_replace: Callable[[], None] | None = None, replace: bool = True,
                 replaced: Callable[[str], None] | None = None, record: bool = True,
                 inputs: Iterable[str | os.PathLike[str]] = (), durable: bool = True) -> None:
    """Write ``text`` to ``path`` so that a file is always either old or new, never partial,
    and nothing that is not a file is ever replaced: the one writer of every record and
    every output file (``--out``, ``--svg``, ``export --out``, ``playout --out``).

    What is at ``path`` (the path as given: nothing is resolved here) decides how:

    - nothing, or a regular file: the text goes to a temporary file in the same folder
      (named ``.<name>.<random>.tmp``, so that no folder scan takes it for a record; the
      name's part is shortened so the temporary name fits where the target's does), is
      flushed and fsynced, then renamed over ``path`` (atomic on POSIX); the folder is
      fsynced so the rename persists. An existing file keeps its permission bits (never
      the set-user-id or set-group-id bit) and its owner and group; a new one gets the
      usual ``0o666 & ~umask``.
    - a character device or a FIFO (``/dev/null``, ``/dev/stdout`` on a terminal, a named
      pipe): written to, as any Unix tool writes to it, never replaced. A FIFO waits for
      its reader, as ``echo > FIFO`` does.
    - a symbolic link: written through by the system, following the link as given (so its
      rules for links in shared folders apply): what it names is written as above for a
      device or FIFO, or rewritten in place for a regular file (the link and the file stay;
      such a rewrite is not atomic), or created when it names nothing. A record's link to a
      regular file, once opened for writing through it, is resolved and the file replaced
      atomically in its own folder, as above (:func:`_record_behind`).
    - a socket, a block device or a folder: refused.

    ``before_replace`` runs once the new text is ready, just before the rename (or the
    write through a link); it may raise to cancel the write (the lock uses it to refuse a
    record that changed on disk). With ``replace=False`` an existing file is never
    replaced (``burgundy new``, ``playout`` without ``--force``): the new file is linked
    into place, which fails if the name is taken (a device or FIFO is still written to).

    ``replaced`` closes the window between ``before_replace`` and the rename where the
    system can swap two names atomically (Linux's ``renameat2`` with ``RENAME_EXCHANGE``):
    the new file and the record are swapped instead, ``replaced`` is called with the name
    the replaced file now has, and if it raises (the lock: that file is no longer what was
    read, an editor saved in between) the two are swapped back and the new file removed,
    so the file found on disk is kept; else the replaced file is removed. Elsewhere the
    rename is used, checked by ``before_replace`` alone.

    ``durable=False`` leaves out both syncs (the file's ``fsync`` and the folder's): the write is
    as atomic for every reader, but a power cut may undo it. Only the table session asks so,
    for a line it has already made durable in its journal (:mod:`burgundy_cli.core.journal`).

    What is refused, with nothing written: for a record (``record``, the default), a text
    of more than :data:`MAX_RECORD_BYTES` bytes (no command could read it back; an export
    or a picture has no such cap); a path that names one of ``inputs`` (the files the
    command read: ``show FILE --svg FILE`` would replace the record); a file its owner
    made read-only, or one this process may not write; a file with several hard links (a
    rename would give this name the new text and leave the old under the others); a file
    whose owner or group cannot be kept.

    :raises UsageError: any of those, the folder cannot be written, or ``path`` is a folder,
        a socket or a block device.
    """
    data = text.encode("utf-8")
    if record and len(data) > MAX_RECORD_BYTES:
        raise UsageError(f"cannot write {path}: the record would be {len(data)} bytes, more than the "
                         f"{MAX_RECORD_BYTES} bytes a record may have; nothing was written")
    target = os.fspath(path)
    try:
        info: os.stat_result | None = os.lstat(target)
    except FileNotFoundError:
        info = None                         # a new file
    except (OSError, ValueError) as err:
        raise UsageError(f"cannot write {path}: {getattr(err, 'strerror', None) or err}") from None
    if info is not None:
        _refuse_an_input(path, inputs)
        if not record:
            _refuse_a_record(path)
        if record and stat.S_ISLNK(info.st_mode):
            behind = _record_behind(path, target)
            if behind is not None:
                write_atomic(behind, text, before_replace=before_replace, replace=replace, replaced=replaced,
                             durable=durable)
                return
        if stat.S_ISLNK(info.st_mode) or stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode):
            _write_through(path, target, data, before_replace, replace)
            return
        _refuse_what_is_no_file(path, info)
        if not replace:
            raise UsageError(f"{path} already exists; nothing was written", hint="--force replaces it")
        _check_writable(path, target, info)
    folder, name = os.path.split(target)
    mode = 0o666 & ~_umask() if info is None else stat.S_IMODE(info.st_mode) & 0o777
    try:
        handle, temp = _temporary_file(folder, name)
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror or err}") from None
    try:
        try:
            if info is not None and (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid()):
                _keep_owner(path, handle, info)
            os.fchmod(handle, mode)
            _write_all(handle, data)
            if durable:
                os.fsync(handle)
        finally:
            os.close(handle)
        if before_replace is not None:
            before_replace()
        if not replace:
            os.link(temp, target)
            os.unlink(temp)
        elif replaced is None or not _exchange(temp, target):
            os.replace(temp, target)
        else:
            try:
                replaced(temp)          # (temp now names the file that was at target)
            except BaseException:
                try:
                    back = _exchange(temp, target)
                except OSError:
                    back = False
                if not back:            # (then the file found there stays under the temporary name)
                    temp = ""
                raise
            os.unlink(temp)
    except BaseException as err:
        try:
            if temp:
                os.unlink(temp)
        except FileNotFoundError:
            pass
        if isinstance(err, FileExistsError):
            raise UsageError(f"{path} already exists; nothing was written", hint="--force replaces it") from None
        if isinstance(err, OSError):
            raise UsageError(f"cannot write {path}: {err.strerror or err}") from None
        raise
    if durable:
        sync_folder(folder)


def sync_folder(folder: str) -> None:
    """``fsync`` ``folder`` (``""``: the current one), so that a rename or a new name in it
    survives a power cut; a folder that cannot be opened is left as it is."""
    try:
        dir_fd = os.open(folder or os.curdir, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _refuse_a_record(path: str | os.PathLike[str]) -> None:
    """Refuse to write an output (a picture, an export) over a game record, by any name: a
    record's name typed where the output's goes (``show --svg a.toml b.toml``) had turned
    a.toml into a picture. What counts as a record is a regular file, or what a link names,
    that is named ``*.toml`` (no output of this tool is TOML), or whose text has a ``[game]``
    table line, or reads as TOML with a ``[game]`` table: so a record with a mistake its
    player is about to mend (an unclosed bracket, a stray byte, too long) is kept as a
    readable one is. Anything else an output may replace, as any Unix tool's output does.

    :raises UsageError:
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return                          # (a device or a FIFO is written to, never replaced)
        with open(path, "rb") as handle:
            head = handle.read(MAX_RECORD_BYTES + 1)
    except OSError:
        return                              # (what cannot be read is refused or replaced as before)
    if _reads_as_a_record(head):
        raise _a_record(path, "a game record")
    if os.fspath(path).lower().endswith(".toml"):
        raise _a_record(path, "a TOML file, the kind a game record is")


def _reads_as_a_record(head: bytes) -> bool:
    """Whether the text ``head`` has a line opening a ``[game]`` table, or reads as TOML with
    a ``[game]`` table (written inline or dotted)."""
    if b"game" not in head:
        return False
    if _GAME_TABLE.search(head):
        return True
    try:
        data = rtoml.loads(head.decode("utf-8"))
    except ValueError:                      # (not text, or not TOML: rtoml's error is a ValueError)
        return False
    return isinstance(data.get("game"), dict)


#: A line that opens a record's ``[game]`` table, as a record with a mistake elsewhere still has.
_GAME_TABLE = re.compile(rb"^[ \t]*\[[ \t]*game[ \t]*\][ \t]*(#.*)?\r?$", re.MULTILINE)


def _a_record(path: str | os.PathLike[str], kind: str) -> UsageError:
    """The refusal of an output path that is ``kind`` (:func:`_refuse_a_record`)."""
    return UsageError(f"cannot write {path}: it is {kind}, which an output never replaces; "
                      "nothing was written", hint="give the output a name of its own")


def _refuse_an_input(path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]]) -> None:
    """Refuse to write over a file the command read (``show FILE --svg FILE``), by any name.

    :raises UsageError:
    """
    try:
        written = os.stat(path)
    except OSError:
        return                              # (a link to nothing: no input is there)
    for read in inputs:
        try:
            if os.path.samestat(written, os.stat(read)):
                raise UsageError(f"cannot write {path}: it is {os.fspath(read)}, which this command reads; "
                                 "nothing was written", hint="give another output path")
        except OSError:
            continue


def _refuse_what_is_no_file(path: str | os.PathLike[str], info: os.stat_result) -> None:
    """Refuse an output path that is a socket, a block device or a folder: none is ever
    written to or replaced.

    :raises UsageError:
    """
    kind = _KINDS.get(stat.S_IFMT(info.st_mode))
    if kind is not None:
        raise UsageError(f"cannot write {path}: it is {kind}, not a file; nothing was written")


#: What an output path may be that is never written to, as messages name it.
_KINDS = {stat.S_IFDIR: "a folder", stat.S_IFSOCK: "a socket", stat.S_IFBLK: "a block device"}


def _record_behind(path: str | os.PathLike[str], target: str) -> str | None:
    """The regular file a symbolic link to a record names, to be replaced atomically in its own
    folder (a record kept elsewhere and linked into the club's folder): written through the
    link in place, a failure midway (a full disk) left the record half old, half new. The
    system's rules for following the link are kept: it is opened for writing through the link
    first (``protected_symlinks`` refuses another user's link in a sticky folder), and the
    file found by resolving it must be the one opened. ``None`` when the link names no
    regular file (nothing, a device), or it cannot be opened for writing: then it is written
    through, or refused, as an output's is.

    :raises UsageError: the link changed between the open and the resolving.
    """
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        return None                         # (nothing there, a folder, not writable: said as for an output)
    try:
        opened = os.fstat(fd)
    finally:
        os.close(fd)
    if not stat.S_ISREG(opened.st_mode):
        return None
    real = os.path.realpath(target)
    try:
        same = os.path.samestat(opened, os.stat(real))
    except OSError:
        same = False
    if not same:
        raise UsageError(f"cannot write {path}: the link changed while it was followed; nothing was written",
                         hint="run the command again")
    return real


def _write_through(path: str | os.PathLike[str], target: str, data: bytes,
                   before_replace: Callable[[], None] | None, replace: bool) -> None:
    """Write ``data`` to a character device, a FIFO, or what a symbolic link names, opened
    by the system through the path as given (see :func:`write_atomic`).

    :raises UsageError: what it names is a socket, block device or folder, or is not
        writable; the open or a write fails.
    """
    try:
        behind = os.stat(target)
    except FileNotFoundError:
        behind = None                       # a link to nothing: the system creates its target
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror or err}") from None
    if behind is not None:
        _refuse_what_is_no_file(path, behind)
        if stat.S_ISREG(behind.st_mode):   # (rewritten in place: every hard link sees the new text)
            if not replace:
                raise UsageError(f"{path} already exists; nothing was written", hint="--force replaces it")
            _check_writable(path, target, behind, in_place=True)
    if before_replace is not None:
        before_replace()
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_NOCTTY | os.O_CLOEXEC, 0o666)
        try:
            info = os.fstat(fd)             # what was opened, which may not be what was stat()ed
            _refuse_what_is_no_file(path, info)
            _write_all(fd, data)
            if stat.S_ISREG(info.st_mode):  # a file through a link: its old tail goes
                os.ftruncate(fd, len(data))
                os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror or err}") from None


def _temporary_file(folder: str, name: str) -> tuple[int, str]:
    """A new empty file ``.<name>.<random>.tmp`` in ``folder``, open for writing, mode 0600
    (created exclusively, not following a link: the name cannot be someone else's file).

    :raises OSError: it cannot be created.
    """
    # A file name has at most 255 bytes (NAME_MAX): the name's part is cut by bytes, so that
    # the 18 added fit beside any name that fits (81 three-byte characters are 243 bytes).
    short = os.fsdecode(os.fsencode(name)[:80])
    for _ in range(100):
        temp = os.path.join(folder, f".{short}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {name}")


def _exchange(first: str, second: str) -> bool:
    """Swap the files named ``first`` and ``second`` atomically (``renameat2`` with
    ``RENAME_EXCHANGE``); ``False``, nothing done, where the system or the file system
    cannot (then a rename is the way).

    :raises OSError: the swap failed for another reason.
    """
    rename2 = _renameat2()
    if rename2 is None:
        return False
    import ctypes

    if rename2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE) == 0:
        return True
    error = ctypes.get_errno()
    if error in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(error, os.strerror(error), first)


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def swap_available() -> bool:
    """Whether :func:`write_atomic` can swap names here (``replaced``), loading what it needs:
    ``ctypes`` and the C library's function, which the table session loads when it opens a
    record rather than on its first line."""
    return _renameat2() is not None


@cache
def _renameat2() -> Callable[..., int] | None:
    """The C library's ``renameat2`` (Linux, glibc 2.28 and later), or ``None``."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


def _write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd`` (a write may take only part of it)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _check_writable(path: str | os.PathLike[str], target: str, info: os.stat_result, in_place: bool = False) -> None:
    """Refuse to replace a record that is a folder, read-only, not ours to write, or hard-linked.

    :raises UsageError:
    """
    if stat.S_ISDIR(info.st_mode):
        raise UsageError(f"cannot write {path}: it is a folder")
    if not info.st_mode & stat.S_IWUSR or not os.access(target, os.W_OK):
        raise UsageError(f"cannot write {path}: the file is read-only (mode {stat.S_IMODE(info.st_mode):o}); "
                         f"nothing was written", hint=f"to allow it: chmod u+w {path}")
    if stat.S_ISREG(info.st_mode) and info.st_nlink > 1 and not in_place:
        raise UsageError(f"cannot write {path}: it has {info.st_nlink} hard links, and writing would "
                         f"leave the old game under the other names; nothing was written",
                         hint=f"play a copy (cp {path} NEW.toml), or remove the other links")


def _keep_owner(path: str | os.PathLike[str], fd: int, info: os.stat_result) -> None:
    """Give the new file the record's owner and group (root rewriting a user's record).

    :raises UsageError: they cannot be kept (the rename would hand the record to us).
    """
    try:
        os.fchown(fd, info.st_uid, info.st_gid)
    except OSError:
        raise UsageError(f"cannot write {path}: its owner and group (uid {info.st_uid}, gid {info.st_gid}) "
                         f"could not be kept on the new file; nothing was written") from None


def _umask() -> int:
    """The process's file-creation mask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
