"""One record file turned into the rows the archive stores: header, scores, VP after each round.

A record is verified by :func:`burgundy_cli.core.session.open_doc`, the very replay
``burgundy score`` runs, with its stored ``[result]`` compared as ``score`` compares it: a
record is stored as verified exactly when ``score`` accepts it, and a failure is stored
with the located one-line error ``score`` prints. The VP after each round come from that
same replay: the core's replay stops, for a watcher (:func:`burgundy_cli.core.replay.watching`),
before each line that opens a round, and the watcher asks the session for each player's
total so far (``running_totals``, the total ``score`` would give, without building
the score table) -- so the game is replayed once, and no rule is read anywhere but in the
game's own code.

Rounds: a record whose lines are grouped by round (the Castles ``[log]`` keys A1..E5) has
one entry per group; a record with one flat list of lines (Robber Knights ``[play]
moves``) starts a new round whenever the first seat's player plays after someone else.
In a complete game the last round's VP are the final scores.

The rows are built here, in the worker process that verified the record, so that the
process writing to the database only adds where the file was found.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Collection
from typing import Any

from burgundy_cli.archive.db import breakdown_columns
from burgundy_cli.core.errors import UsageError, failure
from burgundy_cli.core.game import GameHeader, ScoreTable
from burgundy_cli.core.record import MAX_RECORD_BYTES, RecordDoc, content_hash, parse_record_bytes, read_record
from burgundy_cli.core.words import player_key

#: The columns of a ``records`` row (besides ``hash``, ``status`` and ``path``).
RECORD_COLUMNS = ("game", "edition", "date", "place", "event", "players", "boards", "modules", "options",
                  "complete", "winners", "tiebreak", "notes", "rounds", "error", "start", "mode", "teams")


def verify_file(path: str) -> dict[str, Any]:
    """Read, hash and verify the record at ``path``: what the archive stores of it.

    Always returns (a record that fails is ``{"status": "failed", "error": ...}``), so one
    bad file never stops a sync. Keys: ``path``, ``hash``, ``size``, ``mtime_ns``,
    ``status``, ``record`` (the ``records`` row but for ``path``, where the file was found)
    and ``scores`` (the ``scores`` rows, one per seat; none for a failed record).
    """
    from burgundy_cli.core.bulk import shown_name

    row: dict[str, Any] = {"path": path}
    name = shown_name(path)     # (a name that is not UTF-8 is said and stored readably)
    try:
        # Never waits: a FIFO put where the walk found a file is refused, not opened for good.
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as err:  # (gone since the walk listed it, or not ours to read)
            raise UsageError(f"cannot read {name}: {err.strerror}") from None
        with open(fd, "rb") as handle:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise UsageError(f"{name} is not a regular file (a FIFO, socket or device is never read)")
            raw = handle.read(MAX_RECORD_BYTES + 1)
        row.update(hash=content_hash(raw), size=info.st_size, mtime_ns=info.st_mtime_ns)
        doc = parse_record_bytes(raw, name) if len(raw) <= MAX_RECORD_BYTES else read_record(path)
        row.update(_verified(doc, row["hash"]))
    except Exception as err:  # noqa: BLE001 - stored as a failed record, never a traceback
        message, code = failure(err)
        row.setdefault("hash", content_hash(os.fsencode(path)))  # unreadable: keyed by its path
        error = shown_name(message.removeprefix("burgundy: "))
        row.update(status="failed", error=error, exit=code, scores=[], boards=[],
                   record={**dict.fromkeys(RECORD_COLUMNS), "hash": row["hash"], "status": "failed", "error": error})
    return row


def _verified(doc: RecordDoc, key: str) -> dict[str, Any]:
    """Verify ``doc`` (see the module's docstring): its status and rows, keyed by ``key``."""
    from burgundy_cli.core.replay import watching
    from burgundy_cli.core.session import open_doc

    rounds = RoundTotals(doc)
    with watching(rounds):
        session = open_doc(doc)
    table = session.score()
    vp = rounds.finish(table)
    return {"status": "ok", "record": _record_row(doc, session.header, table, key, rounds.labels if vp else None),
            "scores": _score_rows(table, key, vp), "boards": _board_rows(doc, key)}


def _board_rows(doc: RecordDoc, key: str) -> list[dict[str, Any]]:
    """The ``boards`` rows of a verified record: its ``[setup] boards`` id, or each distinct id
    of a per-player table, as text (``1`` and ``"1"`` are the same board)."""
    setup = doc.data.get("setup") if isinstance(doc.data.get("setup"), dict) else {}
    boards = setup.get("boards")
    if boards is None:
        return []
    ids = boards.values() if isinstance(boards, dict) else (boards,)
    return [{"hash": key, "board": board} for board in sorted({str(board) for board in ids})]


def _record_row(doc: RecordDoc, header: GameHeader, table: ScoreTable, key: str,
                labels: list[str] | None) -> dict[str, Any]:
    """The ``records`` row of a verified record (``path`` aside)."""
    from burgundy_cli.core.resultonly import game_mode, modules_of, teams_of

    setup = doc.data.get("setup") if isinstance(doc.data.get("setup"), dict) else {}
    modules = modules_of(header)
    teams = teams_of(doc)
    date = header.date
    return {
        "hash": key, "status": "ok", "game": table.game, "edition": table.edition,
        "date": None if date is None else str(date.isoformat() if hasattr(date, "isoformat") else date),
        "place": header.place, "event": header.event, "players": len(table.players),
        "boards": None if setup.get("boards") is None else str(setup["boards"]),
        # (sorted: 'trade-routes, inns' and 'inns, trade-routes' are one set of modules, to --modules
        # and --by modules alike)
        "modules": ",".join(sorted(modules)) or None,
        "options": json.dumps(header.options, sort_keys=True), "complete": table.complete,
        "winners": json.dumps(list(table.winner)), "tiebreak": table.tiebreak, "notes": json.dumps(list(table.notes)),
        "rounds": None if labels is None else json.dumps(labels), "error": None,
        # a record that starts from a [position] (a rulebook example, a dispute written down
        # mid-game) is no game played, even when it reaches the final scoring
        # a result-only record ([final]) is a game played whose moves were not written down
        "start": "position" if "position" in doc.data else "result" if "final" in doc.data else "setup",
        "mode": game_mode(modules), "teams": json.dumps(teams) if teams else None,
    }


def _score_rows(table: ScoreTable, key: str, vp: dict[str, list[int]] | None) -> list[dict[str, Any]]:
    """The ``scores`` rows of a verified record: one per line of its score table, in rank order."""
    winners = {player_key(name) for name in table.winner}
    return [{"hash": key, "seat": seat, "name": line.name, "name_key": player_key(line.name), "total": line.total,
             "rank": line.rank, "won": 1 / len(winners) if player_key(line.name) in winners else 0.0,
             "rounds": None if vp is None else _int_list(vp[line.name]), **breakdown_columns(line.breakdown)}
            for seat, line in enumerate(table.players)]


def _int_list(values: list[int]) -> str:
    """``json.dumps(values)`` of a list of ints, written directly (one format, no encoder, for each seat)."""
    return f"[{', '.join(map(str, values))}]"


class RoundTotals:
    """Each player's total at the end of every round of a replay it watches (see the module's
    docstring): a :class:`burgundy_cli.core.replay.Watcher`; :meth:`finish` gives the result."""

    def __init__(self, doc: RecordDoc) -> None:
        #: Rounds are the log's groups, or begin when the first seat plays after another seat.
        self.by_group = isinstance(doc.data.get("log"), dict)
        game = doc.data.get("game")
        players = game.get("players") if isinstance(game, dict) else None
        self.first = player_key(str(players[0])) if isinstance(players, list) and players else ""
        self.labels: list[str] = []
        self.totals: list[dict[str, int]] = []

    def stops(self, group: str, lines: list[str]) -> Collection[int]:
        """The lines of ``group`` that open a round: its first, or (a flat list) each line of the
        first seat's player played after another player's line."""
        if self.by_group:
            return (0,)
        opening = {0}
        first = self.first
        head = previous = None
        for index, (name, colon, _) in enumerate([line.partition(":") for line in lines]):
            if name == head or not colon:  # the same player again, or a comment
                continue
            head = name
            player = player_key(name)   # (a line may name its player in any form the notation matches)
            if player == first and previous is not None and previous != first:
                opening.add(index)
            previous = player
        return opening

    def before(self, session: Any, group: str, index: int) -> None:
        """Keep the totals of ``session`` at the end of a round; the round that begins is named
        by its group, or numbered."""
        if self.labels:
            self.totals.append(session.running_totals())
        self.labels.append(group if self.by_group else str(len(self.labels) + 1))

    def finish(self, final: ScoreTable) -> dict[str, list[int]] | None:
        """Each player's VP after every round, by name (the last round's are those of ``final``,
        the session's score table now); None when no line was played."""
        if not self.labels:
            return None
        vp: dict[str, list[int]] = {line.name: [] for line in final.players}
        for totals in self.totals:
            for name, total in totals.items():
                vp[name].append(total)
        for line in final.players:
            vp[line.name].append(line.total)
        return vp
