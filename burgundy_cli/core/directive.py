"""The opening comments of a record (its ``#:schema`` first line among them), kept when the
tool rewrites the record.

A record's first line may point a TOML editor (Taplo / Even Better TOML) at the record's
JSON Schema (docs/records.md, :mod:`burgundy_cli.core.jsonschema`). Rewriting a record
(``play``, ``undo``, ``fmt``) writes its canonical form, which has no comments, so that line
and the other comments at the record's top are carried over here. A module of its own,
importing nothing, because ``play`` runs on the fast path.
"""

from __future__ import annotations


#: How a record's first line points a TOML editor (Taplo / Even Better TOML) at its schema.
DIRECTIVE = "#:schema "


def keep_directive(original: str | bytes, text: str) -> str:
    """``text``, a record about to replace ``original`` (the record as read: its text, or its
    bytes as the lock read them), with ``original``'s opening comments kept: the lines
    before its first key or table that are comments or blank, its first-line ``#:schema``
    directive among them. Rewriting a record (``play``, ``undo``, ``fmt``, the table
    session) writes its canonical form, which has no comments; it must not unhook the record
    from its schema, nor lose what a person wrote at its top (the game's story, a rulebook
    passage quoted: ``play`` dropped them silently). The caller has the record already read
    (the lock refuses a write if the file no longer has those bytes), so the file is not
    read again."""
    kept = opening_comments(original)
    if not kept:
        return text
    block = "".join(f"{line}\n" for line in kept)
    return text if text.startswith(block) else block + text


def opening_comments(original: str | bytes) -> list[str]:
    """The opening lines of the record ``original`` that :func:`keep_directive` keeps: those
    before its first key or table, comments and blank lines (none unless one is a comment)."""
    head = original[:65536] if isinstance(original, str) else original[:65536].decode("utf-8", "replace")
    kept = []
    for line in head.split("\n"):          # (TOML's line ends: \n and \r\n, no other)
        if line.strip() and not line.lstrip().startswith("#"):
            break
        kept.append(line.rstrip())
    else:
        return []                           # (all comments within the head, or none: no record to speak of)
    return kept if any(kept) else []
