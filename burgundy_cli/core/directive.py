"""The ``#:schema`` first line of a record, kept when the tool rewrites the record.

A record's first line may point a TOML editor (Taplo / Even Better TOML) at the record's
JSON Schema (docs/records.md, :mod:`burgundy_cli.core.jsonschema`). Rewriting a record
(``play``, ``fmt``) writes its canonical form, which has no comments, so the line is carried
over here. A module of its own, importing nothing, because ``play`` runs on the fast path.
"""

from __future__ import annotations


#: How a record's first line points a TOML editor (Taplo / Even Better TOML) at its schema.
DIRECTIVE = "#:schema "


def keep_directive(original: str | bytes, text: str) -> str:
    """``text``, a record about to replace ``original`` (the record as read: its text, or its
    bytes as the lock read them), with ``original``'s first-line ``#:schema`` directive kept:
    rewriting a record (``play``, ``fmt``, the table session) drops its comments, but must
    not unhook it from its schema. The caller has the record already read (the lock refuses
    a write if the file no longer has those bytes), so the file is not read again."""
    if not original.startswith(DIRECTIVE if isinstance(original, str) else DIRECTIVE.encode()) \
            or text.startswith(DIRECTIVE):
        return text
    from io import StringIO

    head = original[:8192] if isinstance(original, str) else original[:8192].decode("utf-8", "ignore")
    return StringIO(head, newline=None).readline(2000).rstrip("\r\n") + "\n" + text
