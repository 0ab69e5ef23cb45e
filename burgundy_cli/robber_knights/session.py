"""A Robber Knights record replayed: the :class:`Session` the command line works with.

Opening a record validates the header, builds the start (``[setup]`` or ``[position]``),
then replays ``[play] moves`` line by line through the engine (the core's replay walks the
list, keeps comments and locates the first bad line at its file, line and column).
"""

from __future__ import annotations

from typing import Any

from burgundy_cli.core.errors import IllegalMoveError, Location, ParseError, RecordError
from burgundy_cli.core.game import GameHeader, MoveList, ScoreTable, starts_as_typed
from burgundy_cli.core.record import RecordDoc
from burgundy_cli.core.replay import PlayerNames, replay, split_comment, string_list
from burgundy_cli.robber_knights import engine
from burgundy_cli.robber_knights.engine import play as play_command
from burgundy_cli.robber_knights.commands import LayCommand
from burgundy_cli.robber_knights.notation import (
    Command, blamed_column, canonical_start, format_command, parse_line, read_canonical,
)
from burgundy_cli.robber_knights.scoring import points, score
from burgundy_cli.robber_knights.setup import check_header, read_end, read_position, read_setup
from burgundy_cli.robber_knights.state import State


class RobberKnightsSession:
    """A game replayed to its last line; ``play`` extends it, ``record_data`` writes it back."""

    def __init__(self, header: GameHeader, state: State, start: tuple[str, dict[str, Any]]) -> None:
        self.header = header
        self.state = state
        self.start = start
        #: The lines played, canonical, each with the comment typed on it; comment-only lines.
        self.log: list[str] = []
        self.players = [player.name for player in state.players]
        self.names = PlayerNames(self.players)
        #: the canonical lines read so far and their commands: a game repeats its draws and
        #: ends, and the memo lives and dies with the session (no growth over many records)
        self.canonical: dict[str, Command] = {}
        #: the last score table and the length of the log it was made at: opening a record
        #: scores it to check ``[result]``, and ``score`` asks again for the same position
        self.scored: tuple[int, ScoreTable] | None = None

    def read(self, text: str) -> Command:
        """Parse a line and give it the record's spelling of the player's name.

        :raises ParseError:
        """
        try:
            cmd = parse_line(text, self.state.players[self.state.to_move].name)  # examples name the mover
            if cmd.player not in self.state.index:
                column = len(text) - len(text.lstrip()) + 1
                cmd = cmd.model_copy(update={"player": self.names.resolve(cmd.player, column=column)})
        except ParseError as err:
            raise err.on_typed_line() from None
        return cmd

    def read_with_line(self, text: str) -> tuple[Command, str]:
        """:meth:`read` and the canonical line of the command (``text`` itself when it is one).

        :raises ParseError:
        """
        cmd = self.canonical.get(text)
        if cmd is None:
            cmd = read_canonical(text)
            if cmd is None or cmd.player not in self.state.index:
                cmd = self.read(text)
                return cmd, format_command(cmd)
            self.canonical[text] = cmd
        return cmd, text

    def score(self) -> ScoreTable:
        """The score table now (a frozen value: the same one while no line is played)."""
        if self.scored is None or self.scored[0] != len(self.log):
            self.scored = len(self.log), score(self.state)
        return self.scored[1]

    def running_totals(self) -> dict[str, int]:
        """Each player's total as :meth:`score` gives it now, without ranks and tiebreak: the
        points of the tiles they control. The archive reads it at the end of every round."""
        return {player.name: sum(held.values()) for player, held in zip(self.state.players, points(self.state))}

    def check(self, text: str) -> str:
        cmd, line = self.read_with_line(text)
        try:
            engine.check(self.state, cmd)
        except IllegalMoveError as err:
            raise _told(self.state, err, text) from None
        return line

    def rules_passed(self, text: str) -> list[dict[str, str]]:
        """The rules the legal line ``text`` passed (:func:`engine.rules_passed`, the checks a
        refusal comes from): id, why it held, the rule's text and its rulebook passage.

        :raises RefereeError: ``text`` does not read or is not legal.
        """
        from burgundy_cli.robber_knights.rules import rule

        try:
            passed = engine.rules_passed(self.state, self.read_with_line(text)[0])
        except IllegalMoveError as err:
            raise _told(self.state, err, text) from None
        return [{"id": rule_id, "why": why, "text": rule(rule_id).text, "ref": rule(rule_id).ref}
                for rule_id, why in passed]

    def effects(self, text: str) -> list[str]:
        """What the legal line ``text`` would do, from the position before and after it (as the
        table session says of a line played); the session's own position is not changed.

        :raises RefereeError: ``text`` does not read or is not legal.
        """
        from copy import deepcopy

        from burgundy_cli.robber_knights.table import changes, state_snapshot

        cmd = self.read_with_line(text)[0]
        try:
            engine.check(self.state, cmd)
        except IllegalMoveError as err:
            raise _told(self.state, err, text) from None
        after = deepcopy(self.state)
        engine.apply(after, cmd)
        return changes(state_snapshot(self.state), after)

    def play(self, text: str) -> str:
        """Check and apply one line (a comment-only line is kept); its canonical form."""
        return self.play_logged(text)

    def play_logged(self, text: str, group: str | None = None) -> str:
        """Check and apply one line of ``[play] moves`` (``group`` is always that list);
        keep a comment-only line, and a comment typed on a line. Its canonical form.

        :raises RefereeError: the column, if any, counts within the line.
        """
        comment = None
        if "#" in text:
            body, comment = split_comment(text)
            if comment is not None and not body.strip():
                self.log.append(f"# {comment}")
                return self.log[-1]
        line = text
        state = self.state
        cmd = self.canonical.get(text)  # a line read before: the canonical text of its command
        if cmd is None:
            index = state.index
            cmd = read_canonical(text, index)
            if cmd is None or cmd.player not in index:
                cmd, line = self.read_with_line(text)
            else:
                self.canonical[text] = cmd
        try:
            play_command(state, cmd)
        except IllegalMoveError as err:
            raise _told(self.state, err, text) from None
        if comment:
            line = f"{line}  # {comment}"
        self.log.append(line)
        return line

    def show(self) -> str:
        from burgundy_cli.robber_knights.render import show

        return show(self.state)

    def legal_moves(self) -> MoveList:
        if self.state.over:
            return MoveList(player=None)
        from burgundy_cli.robber_knights.movegen import legal_commands

        listing = legal_commands(self.state)
        groups: dict[str, list[str]] = {}
        for group, cmd in listing:
            groups.setdefault(group, []).append(format_command(cmd))
        every = [line for lines in groups.values() for line in lines]
        return MoveList(player=self.players[self.state.to_move], groups=groups,
                        grouped=lambda: cells_together(listing), notes=(("|", "f5|g5: any one of those cells"),),
                        completing=lambda typed: _completing(every, typed))

    def record_data(self) -> dict[str, Any]:
        game = self.header.model_dump(exclude_none=True)
        if not game.get("options"):
            game.pop("options", None)
        kind, data = self.start
        return {"game": game, kind: data, "play": {"moves": list(self.log)},
                "result": self.score().stored_result()}


def _told(state: State, err: IllegalMoveError, text: str) -> IllegalMoveError:
    """``err``, the engine's refusal of the typed line ``text`` in ``state``, as a user reads it:
    the line the rules accept instead (``err.fix``) written at the end of its hint by the
    notation's writer, when :func:`engine.check` accepts it in the same ``state`` (a hint never
    proposes a line the referee then refuses; else the hint keeps its words without the line),
    and the error placed at the word it blames (``err.blamed``) as
    :meth:`RobberKnightsSession.read` places a parse error at its token: line 1 (the line
    typed), its column (a record's replay puts it at the line's place in the file)."""
    if err.fix is not None:
        try:
            engine.check(state, err.fix)
        except IllegalMoveError:
            err.fix = None
    return err.fix_written(format_command).placed(text, blamed_column)


def _completing(every: list[str], typed: str) -> list[str]:
    """The lines of ``every`` that ``typed`` starts, its words read as the reader reads them
    (:func:`canonical_start`); the last word too, when it is a whole word of another spelling
    (``l cp`` Tab: a tile's code, ``castle-plain``, which no canonical word starts with)."""
    starts = {canonical_start(typed), canonical_start(f"{typed} ").rstrip(" ")}
    return [line for line in every if any(starts_as_typed(line, start) for start in starts)]


def cells_together(listing: list[tuple[str, Command]]) -> dict[str, list[str]]:
    """The legal ``listing`` by group, lays that differ only in the cell written as one line,
    the cells joined by ``|`` in the listing's order (``red: lay plain f5|g5|e6``; a walk
    ``... f5|g5 knights 2``): what ``burgundy moves`` shows, a tile's cells on one line."""
    cells: dict[tuple[str, Command], list[str]] = {}
    for group, cmd in listing:
        key = (group, cmd.model_copy(update={"cell": "a1"}) if isinstance(cmd, LayCommand) else cmd)
        cells.setdefault(key, []).append(cmd.cell if isinstance(cmd, LayCommand) else "")
    groups: dict[str, list[str]] = {}
    for (group, cmd), where in cells.items():
        line = format_command(cmd)
        if isinstance(cmd, LayCommand):
            player, _, rest = line.partition(": ")
            words = rest.split(" ")
            line = f"{player}: {' '.join(words[:2] + ['|'.join(where)] + words[3:])}"
        groups.setdefault(group, []).append(line)
    return groups


def open_session(doc: RecordDoc, header: GameHeader) -> RobberKnightsSession:
    """Validate and replay the record ``doc``.

    :raises RefereeError: located at the offending table, entry or move line.
    """
    players = check_header(doc, header)
    kind = _start_table(doc)
    state, data = {"setup": read_setup, "position": read_position, "end": read_end}[kind](doc, header, players)
    session = RobberKnightsSession(header, state, (kind, data))
    replay(doc, session, [(("play", "moves"), "moves", _moves(doc))])
    return session


def _start_table(doc: RecordDoc) -> str:
    """``"setup"``, ``"position"`` or ``"end"`` (a game not logged move by move): the one
    table the game starts from.

    :raises RecordError: none or several, or a table that is not one.
    """
    starts = [table for table in ("setup", "position", "end") if table in doc.data]
    if len(starts) != 1:
        raise RecordError("a record starts from one of [setup], [position] or [end] (exactly one of them)",
                          location=Location(doc.name, 1, 1))
    for table in ("setup", "position", "end", "play"):
        if table in doc.data and not isinstance(doc.data[table], dict):
            raise RecordError(f"[{table}] must be a table", location=doc.location_of_key(table))
    return starts[0]


def _moves(doc: RecordDoc) -> list[str]:
    """The lines of ``[play] moves``, the only key of ``[play]``.

    :raises RecordError: another key, or moves that are not a list of strings.
    """
    table = doc.data.get("play", {})
    extra = [key for key in table if key != "moves"]
    if extra:
        raise RecordError(f"[play] has an unknown field '{extra[0]}'", location=doc.location_of_key("play", extra[0]),
                          hint="[play] holds only moves = [...]")
    return string_list(doc, ("play", "moves"), table.get("moves", []),
                       "[play] moves must be a list of notation lines (strings)")
