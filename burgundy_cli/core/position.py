"""``show --position``: the position a record reaches, as a small record of its own (like FEN).

The record is verified whole, replayed to the point asked for (``--at``, as for pictures),
and its state written by the game's ``<package>.setup.position_data`` -- the writer kept
beside the reader of ``[position]`` -- under the record's ``[game]`` header. The result is
read back through the game's reader before it is printed, so what is printed is a record
``score``, ``check``, ``moves`` and ``play`` accept, in its canonical form, with the
position's ``[result]``.
"""

from __future__ import annotations

from typing import Any

from burgundy_cli.core.game import Session
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.registry import game_module
from burgundy_cli.core.session import open_doc


def position_record_data(session: Session, source: str | None = None) -> dict[str, Any]:
    """The ``[game]`` header of ``session``'s record and the ``[position]`` table of its state.

    ``source`` (``"game.toml, after C3"``) becomes the header's ``notes``: the position
    record says where it was taken from, not what the whole game's notes said.
    """
    header = session.header
    game = header.model_dump(exclude_none=True)
    if not game.get("options"):
        game.pop("options", None)
    if source is not None:
        game["notes"] = f"The position of {source}, written by `burgundy show --position`."
    writer = game_module(header.name, "setup").position_data
    return {"game": game, "position": writer(session.state)}


def position_record(path: str, at: str | None = None) -> str:
    """The TOML text of the position record at the end of the record at ``path`` (or ``at``).

    :raises RefereeError: the record (or the position written from it) does not read.
    """
    from burgundy_cli.core.pictures import Timeline

    timeline = Timeline(path)
    session, where = timeline.session_at(at)
    data = position_record_data(session, f"{timeline.doc.name}, {where}")
    doc = parse_record_text(dump_record(data), f"{timeline.doc.name} (position)")
    return dump_record(open_doc(doc, verify_result=False).record_data())
