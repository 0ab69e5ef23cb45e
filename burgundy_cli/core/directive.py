"""The ``#:schema`` first line of a record, kept when the tool rewrites the record.

A record's first line may point a TOML editor (Taplo / Even Better TOML) at the record's
JSON Schema (docs/records.md, :mod:`burgundy_cli.core.jsonschema`). Rewriting a record
(``play``, ``fmt``) writes its canonical form, which has no comments, so the line is carried
over here. A module of its own, importing nothing, because ``play`` runs on the fast path.
"""

from __future__ import annotations

import os


#: How a record's first line points a TOML editor (Taplo / Even Better TOML) at its schema.
DIRECTIVE = "#:schema "


def keep_directive(path: str | os.PathLike[str], text: str) -> str:
    """``text``, a record about to replace the file at ``path``, with that file's first-line
    ``#:schema`` directive kept: rewriting a record (``play``, ``fmt``) drops its comments,
    but must not unhook it from its schema."""
    try:
        with open(path, encoding="utf-8") as record:
            first = record.readline(2000)
    except (OSError, UnicodeDecodeError):
        return text
    return _with_first_line(first, text)


def keep_directive_of(raw: bytes, text: str) -> str:
    """:func:`keep_directive` from the bytes of the record ``text`` replaces (as read under the
    record's lock, which refuses the write if the file no longer has them): the table session
    writes after every line, and need not read the file's first line again."""
    if not raw.startswith(DIRECTIVE.encode()):
        return text
    from io import StringIO

    return _with_first_line(StringIO(raw[:8192].decode("utf-8", "ignore"), newline=None).readline(2000), text)


def _with_first_line(first: str, text: str) -> str:
    """``text`` with ``first`` (a record's first line, as a text file reads it) put before it
    if that line is a ``#:schema`` directive and ``text`` has none."""
    if not first.startswith(DIRECTIVE) or text.startswith(DIRECTIVE):
        return text
    return first.rstrip("\r\n") + "\n" + text
