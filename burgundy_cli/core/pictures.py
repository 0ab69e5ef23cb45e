"""A record step by step: the position at any point (``--at``), pictures, and the score chart.

Each game has a module ``<game package>.svg`` offering ``log_lines(data)`` (the key path of
every line the record plays), ``without_log(data)`` (the tables a replay starts from),
``step_done(session, path, next_path, steps)`` (the name of the step -- a Castles round,
a Robber Knights turn -- that the line just played completes, else None),
``play_vp(state)`` (each player's VP from play alone, what ``show`` calls "during play":
the final scoring is a step of its own), ``position_data(state)`` and
``picture(position, title)``. The record is verified whole first; then a fresh session
from its start plays the lines again through the same :meth:`Session.play` as
``burgundy play``, so a picture never shows a position the referee would not reach.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.game import GameHeader, ScoreTable, Session
from burgundy_cli.core.record import RecordDoc, read_record
from burgundy_cli.core.registry import game_module
from burgundy_cli.core.resultonly import game_mode, modules_of
from burgundy_cli.core.session import open_doc


@dataclass(frozen=True, slots=True)
class Step:
    """The end of one round (Castles) or turn (Robber Knights): its name, the record line
    it ends on (0 for the start), the score table then and each player's VP from play alone
    (``play``: without the final scoring, even where the step ends the game)."""

    label: str
    line: int
    table: ScoreTable
    play: dict[str, int]


class Timeline:
    """A verified record, ready to be replayed to any of its steps."""

    def __init__(self, path: str, command: str = "show") -> None:
        """:raises RefereeError: the record does not open, or holds no position (a result-only
        record: final scores, nothing to draw, chart or step through), refused in the words of
        ``command``, the command asking (``core.resultonly.NEEDS``)."""
        self.doc = read_record(path)
        self.session = open_doc(self.doc, refuse=command)  # the whole record verified, errors located
        self.module = _game_module(self.session.header.name)
        self.paths = self.module.log_lines(self.doc.data)

    def fresh(self) -> Session:
        """A session at the record's start (its setup or position), no line played."""
        start = RecordDoc(self.doc.name, self.doc.text, self.module.without_log(self.doc.data))
        return open_doc(start, verify_result=False)

    def line_of(self, path: tuple[str | int, ...]) -> int:
        return self.doc.location_of_text(*path).line or 0

    def _text(self, path: tuple[str | int, ...]) -> str:
        value: Any = self.doc.data
        for key in path:
            value = value[key]
        return value

    def steps(self) -> list[Step]:
        """The start, then every step of the record with its score table."""
        session = self.fresh()
        steps = [self._step("start", 0, session)]
        for index, path in enumerate(self.paths):
            session.play(self._text(path))
            following = self.paths[index + 1] if index + 1 < len(self.paths) else None
            label = self.module.step_done(session, path, following, len(steps))
            if label is not None:
                steps.append(self._step(label, self.line_of(path), session))
        return steps

    def _step(self, label: str, line: int, session: Session) -> Step:
        return Step(label, line, session.score(), self.module.play_vp(session.state))

    def session_at(self, at: str | None) -> tuple[Session, str]:
        """The session after the step named ``at`` (``C3``, ``T12``) or after the record's
        line number ``at``; the whole record when ``at`` is None. Also says where it stopped.

        :raises UsageError: no such step or line in the record.
        """
        if at is None:
            return self.session, "end of the record"
        wanted = at.strip().upper()
        if not self.paths and not (wanted.isdigit() and int(wanted) == 0):   # (an end record, a bare position)
            raise UsageError(f"--at {at}: {self.doc.name} records no lines, so it has no step or line to stop at",
                             hint="leave --at out to ask at the position it records")
        session = self.fresh()
        if wanted.isdigit():
            number = int(wanted)
            last = self.line_of(self.paths[-1]) if self.paths else 0
            if number > last:
                raise UsageError(f"--at {at}: {self.doc.name} ends at line {last}",
                                 hint="leave --at out to ask at the end of the record")
            for path in self.paths:
                if self.line_of(path) > number:
                    break
                session.play(self._text(path))
            return session, f"line {number}"
        labels: list[str] = []
        for index, path in enumerate(self.paths):
            session.play(self._text(path))
            following = self.paths[index + 1] if index + 1 < len(self.paths) else None
            label = self.module.step_done(session, path, following, len(labels) + 1)
            if label is not None:
                labels.append(label)
                if label == wanted:
                    return session, f"after {label}"
        shown = f"{labels[0]}..{labels[-1]}" if labels else "none"
        raise UsageError(f"--at {at}: no such step in {self.doc.name}",
                         hint=f"steps: {shown}, or a line number of the record")


def _game_module(name: str) -> ModuleType:
    """The pictures module of the game called ``name`` (beside its package, see above)."""
    return game_module(name, "svg")


def position_json(path: str, at: str | None = None) -> dict[str, Any]:
    """``show --json``: the position at the end of the record (or at ``at``) as documented data."""
    timeline = Timeline(path)
    session, _ = timeline.session_at(at)
    return timeline.module.position_data(session.state)


def position_text(path: str, at: str | None = None) -> str:
    """``show --at``: the text drawing of the position at ``at``, headed by where that is."""
    timeline = Timeline(path)
    session, where = timeline.session_at(at)
    return f"{timeline.doc.name}, {where}:\n{session.show()}"


def board_svg(path: str, at: str | None = None) -> str:
    """``show --svg``: the picture of the position at the end of the record (or at ``at``)."""
    timeline = Timeline(path)
    session, where = timeline.session_at(at)
    title = game_title(timeline.session.header) + ("" if at is None else f" ({where})")
    return timeline.module.picture(timeline.module.position_data(session.state), title)


def game_title(header: GameHeader) -> str:
    """A picture's title: "date · place · players" from the record's ``[game]`` header (a
    field it lacks left out), never the path that was typed, which says nothing to the club
    a picture is posted for."""
    date = header.date
    if isinstance(date, _dt.datetime):
        date = date.strftime("%Y-%m-%d %H:%M")
    elif isinstance(date, _dt.date):
        date = date.isoformat()
    return " · ".join(part for part in (date, header.place, ", ".join(header.players)) if part)


#: The one step of a record scored from its end (``[end]``), before its final scoring.
END_OF_PLAY = "end of play"


def chart_series(path: str) -> dict[str, Any]:
    """Every player's VP after each step; a complete game ends with the final scoring as its
    own step, after the last step's VP from play alone (``show``'s "during play" figure: the
    end-of-game VP of every kind, a module's shields among them, only in the final step).

    :raises NotPlayed: a result-only record, which has no course of play."""
    return _series(Timeline(path, "chart"))


def game_pictures(path: str) -> tuple[str, dict[str, Any], str | None]:
    """The picture of the position at the end of the record, the chart's data and, for a game
    whose picture has a one-column form for a phone (``column_picture``: a Castles board, a Robber
    Knights board with its players and key under the map), that
    form of it, from one replay (a results website draws them all for every game)."""
    timeline = Timeline(path)
    position = timeline.module.position_data(timeline.session.state)
    title = game_title(timeline.session.header)
    column = getattr(timeline.module, "column_picture", None)
    return (timeline.module.picture(position, title), _series(timeline),
            None if column is None else column(position, title))


def _series(timeline: Timeline) -> dict[str, Any]:
    steps = timeline.steps()
    names = list(timeline.session.header.players)
    labels: list[str] = []
    series: dict[str, list[int]] = {name: [] for name in names}
    for step in steps:
        labels.append(step.label)
        for name in names:
            series[name].append(step.play[name])
    # (a record scored from its end, ``[end]``, has no rounds: its one step is the VP track as
    # play ended, which the chart had called the game's "start")
    from_end = not timeline.paths and isinstance(timeline.doc.data.get("end"), dict)
    if from_end:
        labels[0] = END_OF_PLAY
    last = steps[-1].table
    if last.complete:
        labels.append("final")
        totals = {line.name: line.total for line in last.players}
        for name in names:
            series[name].append(totals[name])
    return {"file": timeline.doc.name, "title": game_title(timeline.session.header),
            "game": timeline.session.header.name, "steps": labels, "vp": series,
            "complete": last.complete, "winner": list(last.winner), "tiebreak": last.tiebreak if last.complete else None,
            "from_end": from_end, "mode": game_mode(modules_of(timeline.session.header))}
