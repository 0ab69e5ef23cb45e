"""One record file turned into what the archive stores: header, scores, VP after each round.

A record is replayed once, through the games' public session API: the start of the record
(its ``[game]`` header and ``[setup]`` or ``[position]``) is opened as a game with no lines
played, then every line is played with ``Session.play`` and the session is scored at the
end of each round. The stored ``[result]`` is compared as ``burgundy score`` compares it.

Should anything in that pass fail, or should its rounds not be the record's, the verdict
is left to :func:`burgundy_cli.core.session.open_doc`, the very replay ``burgundy score``
runs: a record is stored as verified exactly when ``score`` accepts it, and a failure is
stored with the located one-line error ``score`` prints. Only records that pass both get
their rounds; one accepted by ``open_doc`` alone is stored without them.

Rounds: a record whose lines are grouped by round (the Castles ``[log]`` keys A1..E5) has
one entry per group; a record with one flat list of lines (Robber Knights ``[play]
moves``) starts a new round whenever the first seat's player plays after someone else.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from burgundy_cli.core.errors import failure
from burgundy_cli.core.record import MAX_RECORD_BYTES, RecordDoc, parse_record_bytes, read_record


def content_hash(raw: bytes) -> str:
    """The key of a record in the archive: SHA-256 of its bytes, in hex."""
    return hashlib.sha256(raw).hexdigest()


def verify_file(path: str) -> dict[str, Any]:
    """Read, hash and verify the record at ``path``: the row data the archive stores.

    Always returns (a record that fails is ``{"status": "failed", "error": ...}``), so one
    bad file never stops a sync. Keys: ``path``, ``hash``, ``size``, ``mtime_ns``,
    ``status`` and, for a verified record, ``header``, ``score`` (the ``score --json``
    object), ``boards``, ``modules`` and ``rounds`` (labels and each seat's VP, or None).
    """
    row: dict[str, Any] = {"path": path}
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            raw = handle.read(MAX_RECORD_BYTES + 1)
        row.update(hash=content_hash(raw), size=info.st_size, mtime_ns=info.st_mtime_ns)
        doc = parse_record_bytes(raw, path) if len(raw) <= MAX_RECORD_BYTES else read_record(path)
        row.update(_verified(doc))
    except Exception as err:  # noqa: BLE001 - stored as a failed record, never a traceback
        message, code = failure(err)
        row.setdefault("hash", content_hash(path.encode()))  # unreadable: keyed by its path
        row.update(status="failed", error=message.removeprefix("burgundy: "), exit=code)
    return row


def _verified(doc: RecordDoc) -> dict[str, Any]:
    """Verify ``doc`` (see the module's docstring); the stored fields of a verified record."""
    from burgundy_cli.core.session import open_doc

    try:
        session, rounds = _replay_by_rounds(doc)
    except Exception:  # noqa: BLE001 - the authoritative replay below gives the verdict
        session, rounds = open_doc(doc), None
    header = session.header
    setup = doc.data.get("setup") if isinstance(doc.data.get("setup"), dict) else {}
    modules = header.options.get("modules")
    return {
        "status": "ok",
        "header": header,
        "score": session.score().to_json(),
        "boards": None if setup.get("boards") is None else str(setup["boards"]),
        "modules": None if modules is None else str(modules),
        "rounds": rounds,
    }


def _replay_by_rounds(doc: RecordDoc) -> tuple[Any, dict[str, Any] | None]:
    """Replay ``doc`` line by line through the session API, scoring after every round.

    :raises Exception: anything wrong, or rounds that are not the record's own.
    """
    from burgundy_cli.core.game import read_header
    from burgundy_cli.core.registry import find_game
    from burgundy_cli.core.session import check_edition, verify_stored_result

    table, groups = _line_groups(doc.data, read_header(doc).players)
    start = RecordDoc(doc.name, doc.text, {k: v for k, v in doc.data.items() if k not in (table, "result")})
    header = read_header(start)
    game = find_game(header.name)
    check_edition(start, header, game)
    session = game.open(start, header)
    labels: list[str] = []
    totals: list[list[int]] = []
    for label, lines in groups:
        for line in lines:
            session.play(line)
        labels.append(label)
        totals.append([line.total for line in session.score().players])
    canonical = session.record_data()
    if table not in canonical:  # the game keeps its lines elsewhere: this table is not its log
        raise ValueError(f"the game writes no [{table}]")
    if table == "log" and not _same_rounds(groups, canonical["log"]):
        raise ValueError("the lines are not grouped as the replay groups them")
    if "result" in doc.data:
        verify_stored_result(doc, session)
    seats = [list(vp) for vp in zip(*totals)]
    return session, {"labels": labels, "vp": seats} if labels else None


def _line_groups(data: dict[str, Any], players: list[str]) -> tuple[str, list[tuple[str, list[str]]]]:
    """The table holding the record's lines and those lines in rounds (label, lines).

    :raises ValueError: no such table, or one of a shape the games' own readers refuse.
    """
    log, play = data.get("log"), data.get("play")
    if isinstance(log, dict) and play is None:
        groups = [(str(key).upper(), lines) for key, lines in log.items()]
        if all(isinstance(lines, list) and all(isinstance(x, str) for x in lines) for _, lines in groups):
            return "log", groups
    if isinstance(play, dict) and log is None and set(play) <= {"moves"}:
        moves = play.get("moves", [])
        if isinstance(moves, list) and all(isinstance(x, str) for x in moves):
            return "play", _rounds_by_first_seat(moves, players[0].casefold() if players else "")
    raise ValueError("no log of lines this reader knows")


def _rounds_by_first_seat(moves: list[str], first: str) -> list[tuple[str, list[str]]]:
    """Split a flat list of lines into rounds: one begins when the first seat plays again."""
    rounds: list[tuple[str, list[str]]] = []
    previous = None
    for line in moves:
        player = line.split(":", 1)[0].strip().casefold() if ":" in line else None
        if not rounds or (player == first and previous not in (None, first)):
            rounds.append((str(len(rounds) + 1), []))
        rounds[-1][1].append(line)
        previous = player if player is not None else previous
    return rounds


def _same_rounds(groups: list[tuple[str, list[str]]], canonical: dict[str, list[str]]) -> bool:
    """Whether each round of the record holds, in order, as many played lines as the replay puts in
    it (comment-only lines aside): then every line stands in the round it belongs to."""
    def played(lines: list[str]) -> int:
        return sum(1 for line in lines if not line.lstrip().startswith("#"))

    mine = [(label, played(lines)) for label, lines in groups if played(lines)]
    theirs = [(label, played(lines)) for label, lines in canonical.items() if played(lines)]
    return mine == theirs
