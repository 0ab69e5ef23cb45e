"""Castles of Burgundy records: TOML in, replay through the engine, canonical TOML out.

A record (see docs/records.md) has four tables::

    [game]      name, edition, players, date, place, event, notes, [game.options]
    [setup]     the deal (duchies, start castles, bridge order, ...) -- or [position] instead,
                a typed mid-game position (like FEN)
    [log]       the lines of the game grouped by round: keys "A1".."E5" (phase letter and
                round number), each a list of notation lines, table lines included
    [result]    complete, winner, scores -- what the replay must reproduce

Opening a record replays every line with its file:line:column; the first bad line stops
the replay with a located error. The session then answers score/check/play/show and
writes the record back canonically.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import repeat
from typing import TYPE_CHECKING, Any

from burgundy_cli.castles import commands as c
from burgundy_cli.castles import engine
from burgundy_cli.castles.notation import format_command, parse_line, split_comment
from burgundy_cli.core.errors import Location, ParseError, RecordError, RefereeError
from burgundy_cli.core.game import GameHeader, MoveList, ScoreTable
from burgundy_cli.core.record import RecordDoc
from burgundy_cli.core.schema import to_data

if TYPE_CHECKING:
    from burgundy_cli.castles.state import GameState

#: A round group of the log: phase letter A-E and round number 1-5.
_GROUP = re.compile(r"^([A-E])([1-5])$")
_PHASES = "ABCDE"
#: Characters that would end a player's name early in a notation line.
_NAME_BREAKERS = re.compile(r'[:,;#"]')
#: The kinds of line that name no player.
_NAMELESS = frozenset({"reveal", "phase-goods"})
#: The table lines (chance): each opens or prepares a round. Tested by ``kind``, which is
#: cheaper than a chain of ``isinstance`` tests.
_TABLE_KINDS = frozenset({"roll", "reveal", "phase-goods"})


#: Every ``[log]`` key in round order: A1..A5, B1, ... E5.
_GROUP_NAMES = tuple(f"{phase}{round_}" for phase in _PHASES for round_ in range(1, 6))
#: The position of each ``[log]`` key in round order.
_GROUP_ORDER = {name: index for index, name in enumerate(_GROUP_NAMES)}


def group_name(phase: int, round_: int) -> str:
    """The ``[log]`` key of a round: ``group_name(0, 0) == "A1"`` (clamped to E5 at the end)."""
    return _GROUP_NAMES[min(phase, 4) * 5 + min(round_, 4)]


def _group_order(name: str) -> int:
    return _PHASES.index(name[0]) * 5 + int(name[1]) - 1


class PlayerNames:
    """Resolves player names as typed to the spelling of ``[game] players``.

    Case and repeated spaces do not matter; an unknown name is a :class:`ParseError` that
    suggests the closest player.
    """

    def __init__(self, players: list[str]) -> None:
        self.players = players
        self._exact = frozenset(players)
        self._by_key = {self.key(name): name for name in players}

    @staticmethod
    def key(name: str) -> str:
        return " ".join(name.split()).casefold()

    def resolve(self, name: str, line: str) -> str:
        if name in self._exact:
            return name
        found = self._by_key.get(self.key(name))
        if found is not None:
            return found
        from difflib import get_close_matches  # only for a hint: imported when one is needed

        close = get_close_matches(self.key(name), list(self._by_key), n=1, cutoff=0.5)
        column = max(line.find(name), 0) + 1
        hint = f"did you mean '{self._by_key[close[0]]}'?" if close else "players: " + ", ".join(self.players)
        raise ParseError(f"unknown player '{name}' at column {column}", location=Location(column=column),
                         hint=hint)

    def command(self, command: c.Command, line: str) -> c.Command:
        """``command`` with every player name in the header's spelling."""
        kind = command.kind
        if kind in _NAMELESS:
            return command
        if kind == "roll":
            if self._exact.issuperset(command.dice):  # the common case: the names as listed
                return command
            dice = {self.resolve(name, line): pair for name, pair in command.dice.items()}
            return command if list(dice) == list(command.dice) else replace(command, dice=dice)
        player = command.player
        if player in self._exact:
            return command
        resolved = self.resolve(player, line)
        return command if resolved == player else replace(command, player=resolved)


class CastlesSession:
    """A Castles record replayed to its last line (the core :class:`Session` protocol)."""

    def __init__(self, header: GameHeader, start_table: str, start_data: dict[str, Any],
                 state: GameState) -> None:
        self.header = header
        self.start_table = start_table
        self.start_data = start_data
        self.state = state
        self.names = PlayerNames(header.players)
        #: Every line played: (round group, command with names resolved).
        self.lines: list[tuple[str, c.Command]] = []
        #: The round the latest table line (roll, reveal, goods) opened; None before any.
        self.round_group: str | None = None
        #: ``#`` comments typed on a line, by the line's index in :attr:`lines`.
        self.comments: dict[int, str] = {}
        #: Lines that are only a comment: (index of the line they stand before, group, text).
        self.comment_lines: list[tuple[int, str, str]] = []
        #: The last score table and the number of lines played when it was made (every
        #: change of the state is a line played).
        self._scored: tuple[int, ScoreTable] | None = None

    # --- reading lines ----------------------------------------------------------------------

    def read(self, text: str) -> c.Command:
        """Parse ``text`` and resolve its player names (no position consulted)."""
        return self.names.command(parse_line(text), text)

    def group_of(self, command: c.Command) -> str:
        """The ``[log]`` round a line is written under if played now.

        A table line belongs to the round it opens (or, for reveals and phase goods, the
        round they prepare); a player line to the round of the latest table line -- so a
        2011 purchase after the last turn of a round stays in that round.
        """
        if self.round_group is None or command.kind in _TABLE_KINDS:
            return group_name(self.state.phase, self.state.round)
        return self.round_group

    def _play(self, command: c.Command, group: str | None = None) -> None:
        """Check and apply ``command``, logging it under ``group`` (default: :meth:`group_of`)."""
        group = group or self.group_of(command)
        engine.play(self.state, command)
        if command.kind in _TABLE_KINDS:
            self.round_group = group
        self.lines.append((group, command))

    # --- the Session protocol ---------------------------------------------------------------

    def check(self, text: str) -> str:
        command = self.read(text)
        engine.check(self.state, command)
        return format_command(command)

    def play(self, text: str) -> str:
        """Check and apply one line (a comment-only line is kept as it is); its canonical form."""
        body, comment = split_comment(text)
        if not body.strip() and comment is not None:
            return self.keep_comment(comment)
        command = self.read(text)
        self._play(command)
        if comment:
            self.comments[len(self.lines) - 1] = comment
        return self._line_text(len(self.lines) - 1)

    def keep_comment(self, comment: str, group: str | None = None) -> str:
        """Keep a comment-only log line where it stands (in ``group``, by default the current
        round); its canonical form (``# text``)."""
        group = group or self.round_group or group_name(self.state.phase, self.state.round)
        self.comment_lines.append((len(self.lines), group, comment))
        return f"# {comment}"

    def _line_text(self, index: int) -> str:
        """Canonical text of line ``index``, with the comment typed on it."""
        text = format_command(self.lines[index][1])
        comment = self.comments.get(index)
        return f"{text}  # {comment}" if comment else text

    def score(self) -> ScoreTable:
        """The score table of the position reached; computed once per position (opening a
        record asks twice: to compare the stored ``[result]``, then for the caller)."""
        scored = self._scored
        if scored is None or scored[0] != len(self.lines):
            from burgundy_cli.castles.scoring import score

            scored = self._scored = (len(self.lines), score(self.state))
        return scored[1]

    def show(self) -> str:
        from burgundy_cli.castles.render import render

        return render(self.state)

    def legal_moves(self) -> MoveList:
        from burgundy_cli.castles.movegen import legal_moves

        return legal_moves(self.state)

    def record_data(self) -> dict[str, Any]:
        """The canonical record: header, setup/position as read, every line canonical, result.

        Comments typed in log lines are kept (``line  # comment``, or ``# comment`` alone).
        """
        game = to_data(self.header)
        if not game.get("options"):
            game.pop("options", None)
        log: dict[str, list[str]] = {}
        pending = iter(self.comment_lines)
        comment_line = next(pending, None)
        for index, (group, _) in enumerate(self.lines):
            while comment_line is not None and comment_line[0] == index:
                log.setdefault(comment_line[1], []).append(f"# {comment_line[2]}")
                comment_line = next(pending, None)
            log.setdefault(group, []).append(self._line_text(index))
        for _, group, comment in [comment_line, *pending] if comment_line else ():
            log.setdefault(group, []).append(f"# {comment}")
        data: dict[str, Any] = {"game": game, self.start_table: self.start_data}
        if log:
            data["log"] = log
        data["result"] = self.score().stored_result()
        return data


# --- opening a record -------------------------------------------------------------------------


def _start(doc: RecordDoc, header: GameHeader) -> tuple[str, dict[str, Any], GameState]:
    """The state the log starts from: the ``[setup]`` deal or a typed ``[position]``."""
    from burgundy_cli.castles import setup

    has_setup, has_position = "setup" in doc.data, "position" in doc.data
    if has_setup == has_position:
        raise RecordError("a Castles of Burgundy record needs exactly one of [setup] or [position]",
                          location=doc.location_of_key("position" if has_position else "game"))
    table = "setup" if has_setup else "position"
    data = doc.data[table]
    if not isinstance(data, dict):
        raise RecordError(f"[{table}] must be a table", location=doc.location_of_key(table))
    try:
        state = setup.state_from_setup(header, data) if has_setup else setup.state_from_position(header, data)
    except setup.SetupError as err:
        raise err.at(doc.location_of_key(*map(str, err.path))) from None
    return table, data, state


def _log_groups(doc: RecordDoc) -> list[tuple[str, list[Any]]]:
    """The ``[log]`` table as (key as written, lines), checked for shape and round order.

    Keys are read in any case (``a1`` is ``A1``); the canonical writer uses capitals.
    """
    log = doc.data.get("log", {})
    if not isinstance(log, dict):
        raise RecordError("[log] must be a table of rounds (A1 = [...], A2 = [...], ...)",
                          location=doc.location_of_key("log"))
    groups = []
    last = -1
    for key, lines in log.items():
        name = key.upper()
        order = _GROUP_ORDER.get(name)  # a canonical key, without the pattern and the arithmetic
        if order is None:
            if not _GROUP.match(name):
                raise RecordError(f"[log] key '{key}' is not a round (A1..E5: phase letter, round number)",
                                  location=doc.location_of_key("log", key))
            order = _group_order(name)
        if order <= last:
            raise RecordError(f"[log] round {key} is out of order (rounds go A1, A2, ... E5)",
                              location=doc.location_of_key("log", key))
        last = order
        if not isinstance(lines, list) or not all(map(isinstance, lines, repeat(str))):
            raise RecordError(f"[log] {key} must be a list of notation lines (strings)",
                              location=doc.location_of_key("log", key))
        groups.append((key, lines))
    return groups


class _LineFinder:
    """Finds each log string in the record's text, in order, to locate errors on its line.

    Like the core :class:`StringLocator`, but it only remembers the offset and turns it
    into a line and column when an error needs it: replaying a valid record (the common
    case, thousands of times in a benchmark) never pays for locations.
    The quoted string is searched first (so one line is never found inside another), a
    literal ``'...'`` string next; a line written with escapes is not found.
    """

    __slots__ = ("text", "cursor")

    def __init__(self, text: str, start: int) -> None:
        self.text = text
        self.cursor = start

    def find(self, line: str) -> int | None:
        """Offset of the first character of ``line`` inside its quotes, or None."""
        for quote in ('"', "'"):
            found = self.text.find(quote + line + quote, self.cursor)
            if found >= 0:
                self.cursor = found + len(line) + 2
                return found + 1
        return None


def _locate(err: RefereeError, offset: int | None, doc: RecordDoc, group: str) -> RefereeError:
    """Place an error raised for one line at that line in the file.

    The column is the line's start plus the column the error gives within the line; a line
    that cannot be found verbatim is reported at its round's key.
    """
    if offset is None:
        err.location = doc.location_of_key("log", group)
        return err
    start = doc.location_of_offset(offset)
    column = start.column or 1
    if err.location is not None and err.location.column is not None:
        column += err.location.column - 1
    err.location = Location(start.file, start.line, column)
    return err


def open_session(doc: RecordDoc, header: GameHeader) -> CastlesSession:
    """Replay ``doc`` from its setup or position through every line of its log.

    :raises RefereeError: the first problem, located at its file:line:column.
    """
    for name in header.players:
        if _NAME_BREAKERS.search(name) or not name.strip() or name.split()[-1].isdigit():
            raise RecordError(f"player name '{name}' cannot be written in the notation",
                              location=doc.location_of_key("game", "players"),
                              hint="use letters, digits and spaces, without : , ; # or quotes, "
                                   "and not ending in a number on its own")
    table, data, state = _start(doc, header)
    session = CastlesSession(header, table, data, state)
    groups = _log_groups(doc)
    # The loop below is CastlesSession.read, group_of and _play written out: it runs once per
    # recorded action, and the calls cost as much as a simple action's check and apply.
    resolve = session.names.command
    listed = frozenset(header.players)
    played = session.lines
    append = played.append
    play, play_die = engine.play, engine.play_die
    round_group = None  # session.round_group, kept in a local during the loop
    for group_index, (group, lines) in enumerate(groups):
        upper = group.upper()
        for line_index, text in enumerate(lines):
            comment = None
            if "#" in text:  # most lines have no comment: no call for them
                body, comment = split_comment(text)
                if comment is not None and not body.strip():
                    session.keep_comment(comment, upper)
                    continue
            try:
                command = parse_line(text)
                kind = command.kind
                if kind in _TABLE_KINDS:
                    if kind == "roll":
                        command = resolve(command, text)
                    expected = group_name(state.phase, state.round)
                    if upper != expected and state.stage != "over":
                        raise _misplaced(expected, group)
                    play(state, command, kind)
                    session.round_group = round_group = expected
                else:
                    if command.player not in listed:  # a name typed in another spelling
                        command = resolve(command, text)
                    expected = round_group or group_name(state.phase, state.round)
                    if upper != expected and state.stage != "over":
                        raise _misplaced(expected, group)
                    if kind == "die":  # the commonest line, on the shortest path
                        play_die(state, command)
                    else:
                        play(state, command, kind)
                append((expected, command))
            except RefereeError as err:
                raise _locate(err, _line_offset(doc, groups, group_index, line_index), doc, group) from None
            if comment:
                session.comments[len(played) - 1] = comment
    return session


def _misplaced(expected: str, group: str) -> RecordError:
    """A line listed under another round than the one it belongs to."""
    return RecordError(f"this line belongs to round {expected}, but it is listed under {group}")


def _line_offset(doc: RecordDoc, groups: list[tuple[str, list[Any]]], group_index: int,
                 line_index: int) -> int | None:
    """Offset of line ``line_index`` of round ``group_index`` in the record's text, or None.

    Only a failing line is located: the finder runs over every log line before it, in order,
    so the line is found where a finder advanced line by line during the replay would find it.
    """
    log_header = re.search(r"^\s*\[\s*log\s*\]", doc.text, re.M)
    finder = _LineFinder(doc.text, log_header.end() if log_header else 0)
    for _, lines in groups[:group_index]:
        for text in lines:
            finder.find(text)
    for text in groups[group_index][1][:line_index]:
        finder.find(text)
    return finder.find(groups[group_index][1][line_index])
