"""Open a record file: read it, find its game, replay it, and compare its stored result."""

from __future__ import annotations

import os

from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.game import Session, read_header
from burgundy_cli.core.record import RecordDoc, read_record
from burgundy_cli.core.registry import find_game


def open_doc(doc: RecordDoc, *, verify_result: bool = True) -> Session:
    """Replay ``doc`` with its game and, if it stores a ``[result]``, check it matches.

    :raises RefereeError: anything wrong with the record, located.
    """
    header = read_header(doc)
    game = find_game(header.name, doc.location_of_key("game", "name"))
    session = game.open(doc, header)
    if verify_result and "result" in doc.data:
        verify_stored_result(doc, session)
    return session


def open_record(path: str | os.PathLike[str], *, verify_result: bool = True) -> Session:
    """Read the record at ``path`` and replay it (see :func:`open_doc`)."""
    return open_doc(read_record(path), verify_result=verify_result)


def verify_stored_result(doc: RecordDoc, session: Session) -> None:
    """Compare the record's ``[result]`` with the replay's; any difference is an error.

    Only the keys the record stores are compared, but every stored key must match.
    """
    stored = doc.data["result"]
    if not isinstance(stored, dict):
        raise RecordError("[result] must be a table", location=doc.location_of_key("result"))
    computed = session.score().stored_result()
    for key, value in stored.items():
        if key not in computed:
            raise RecordError(f"[result] has an unknown field '{key}'",
                              location=doc.location_of_key("result", key),
                              hint="expected: " + ", ".join(computed))
        if value != computed[key]:
            raise RecordError(f"stored result '{key}' = {value!r} disagrees with the replay, "
                              f"which gives {computed[key]!r}",
                              location=doc.location_of_key("result", key))
