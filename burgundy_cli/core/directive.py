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
    if not first.startswith(DIRECTIVE) or text.startswith(DIRECTIVE):
        return text
    return first.rstrip("\r\n") + "\n" + text
