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
from itertools import groupby
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from burgundy_cli.castles.rules import commands as c
from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.notation import (
    format_command, known_names, parse_line, read_canonical, read_lenient, word_column,
)
from burgundy_cli.core.errors import IllegalMoveError, ParseError, RecordError, RefereeError
from burgundy_cli.core.game import GameHeader, MoveList, ScoreTable
from burgundy_cli.core.record import RecordDoc
from burgundy_cli.core.replay import PlayerNames, replay, split_comment, string_list

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from burgundy_cli.castles.rules.state import GameState
#: A round group of the log: phase letter A-E and round number 1-5.
_GROUP = re.compile(r"^([A-E])([1-5])$")
_PHASES = "ABCDE"
#: What a ``[log]`` round must be (``{key}``: the round's key, see ``core.replay.string_list``).
_LOG_LIST = "[log] {key} must be a list of notation lines (strings)"
#: Characters that would end a player's name early in a notation line.
_NAME_BREAKERS = re.compile(r'[:,;#"]')
#: The kinds of line that name no player.
_NAMELESS = frozenset({"reveal", "phase-goods", "solo-remove"})
#: The table lines (chance): each opens or prepares a round. Tested by ``kind``, which is
#: cheaper than a chain of ``isinstance`` tests.
_TABLE_KINDS = frozenset({"roll", "reveal", "phase-goods", "solo-remove"})  # solo-remove: the 2019 solo game's removal


#: Every ``[log]`` key in round order: A1..A5, B1, ... E5.
_GROUP_NAMES = tuple(f"{phase}{round_}" for phase in _PHASES for round_ in range(1, 6))
#: The position of each ``[log]`` key in round order.
_GROUP_ORDER = {name: index for index, name in enumerate(_GROUP_NAMES)}


#: The ``[log]`` key of each (phase, round) a game state can be in, by ``[phase][round]``
#: (phase 0..4, round 0..4; a fifth of each, clamped to E5, for the end): read by every
#: table line, without a call and two ``min``.
_GROUP_AT = tuple(tuple(_GROUP_NAMES[min(phase, 4) * 5 + min(round_, 4)] for round_ in range(6)) for phase in range(6))


def group_name(phase: int, round_: int) -> str:
    """The ``[log]`` key of a round: ``group_name(0, 0) == "A1"`` (clamped to E5 at the end)."""
    return _GROUP_AT[min(phase, 5)][min(round_, 5)]


def latest_round(state: GameState) -> str | None:
    """The ``[log]`` key of the round the latest table line of ``state``'s game opened (its
    roll, or its phase's reveals and goods); None before the first."""
    stage, phase, round_ = state.stage, state.phase, state.round
    if stage in ("turn", "setup", "over"):
        return group_name(phase, round_)
    if round_ > 0:
        return group_name(phase, round_ - 1)
    return group_name(phase - 1, 4) if phase > 0 else None


def _group_order(name: str) -> int:
    return _PHASES.index(name[0]) * 5 + int(name[1]) - 1


def _with_granted_depots(state: GameState, command: c.Command) -> c.Command:
    """``command`` with the depot a granted take left out filled in
    (:func:`~burgundy_cli.castles.record.clarify.with_granted_depots`); any other line as it is,
    without importing ``clarify``."""
    action = command.action if command.kind == "die" else None
    if action is None or action.kind != "place" or action.then is None:
        return command
    from burgundy_cli.castles.record.clarify import with_granted_depots

    return with_granted_depots(state, command)


def _cited(state: GameState, command: c.Command | None, err: IllegalMoveError) -> IllegalMoveError:
    """A refused line's error with the obvious fix as a hint and the edition's rulebook
    passage (:mod:`~burgundy_cli.castles.record.clarify`, :mod:`~burgundy_cli.castles.rules.citations`:
    imported by the first refusal, not by every start). ``command``: None for a line refused
    as it is read (a white die written as changed), which has no command to mend."""
    from burgundy_cli.castles.rules.citations import cite_edition
    from burgundy_cli.castles.record.clarify import with_fix_hint

    return cite_edition(err if command is None else with_fix_hint(state, command, err), state.edition)


def with_listed_names(names: PlayerNames, command: c.Command, line: str) -> c.Command:
    """``command`` with every player name in the spelling of ``[game] players``.

    :raises ParseError: a name that is no player's.
    """
    kind = command.kind
    if kind in _NAMELESS:
        return command
    if kind == "roll":
        if names.exact.issuperset(command.dice):  # the common case: the names as listed
            return command
        dice = {names.resolve(name, line): pair for name, pair in command.dice.items()}
        return command if list(dice) == list(command.dice) else command.model_copy(update={"dice": dice})
    if kind == "shield-borrow" and command.lender not in names.exact:  # (shield 6 names a second player)
        command = command.model_copy(update={"lender": names.resolve(command.lender, line)})
    player = command.player
    if player in names.exact:
        return command
    resolved = names.resolve(player, line)
    if resolved == player:
        return command
    field = _ACTION_FIELD.get(kind)
    if field is not None:  # a purchase inside the action is the line's player's (it names no one)
        return command.model_copy(update={"player": resolved, field: _bought_by(getattr(command, field), resolved)})
    return command.model_copy(update={"player": resolved})


#: The line kinds holding an action, by the field that holds it: a die line's, and the 2019
#: modules' placements and actions outside a die (shields 14/15's tile, the solo game's
#: completed colour's tile and reset's extra action), each of which may hold a purchase.
_ACTION_FIELD = {"die": "action", "shield-place": "place", "solo-place": "place", "solo-extra": "action"}


def _bought_by(action, player: str):
    """``action`` with each purchase made inside it, and inside the actions it grants, made by
    ``player`` (the notation writes no name there: the buyer is the line's player)."""
    update = {}
    buy = getattr(action, "buy", None)
    if buy is not None and buy.player != player:
        update["buy"] = buy.model_copy(update={"player": player})
    then = getattr(action, "then", None)
    if isinstance(then, tuple):  # a sale's route bonuses
        granted = tuple(_bought_by(each, player) for each in then)
        if granted != then:
            update["then"] = granted
    elif then is not None:
        granted = _bought_by(then, player)
        if granted is not then:
            update["then"] = granted
    return action.model_copy(update=update) if update else action


class CastlesSession:
    """A Castles record replayed to its last line (the core :class:`Session` protocol)."""

    def __init__(self, header: GameHeader, start_table: str, start_data: dict[str, Any],
                 state: GameState) -> None:
        self.header = header
        self.start_table = start_table
        self.start_data = start_data
        self.state = state
        #: The record's ``[duchies]`` table as read (its own duchies), kept for the canonical record.
        self.duchies: dict[str, Any] | None = None
        self.names = PlayerNames(header.players)
        #: The players' names as listed: the common case, one set lookup a line.
        self.listed = self.names.exact
        #: The same, as the canonical reader takes them without checking their spelling a line.
        self.known = known_names(header.players)
        #: Every line played: its command with names resolved, and its round group (two lists
        #: of one length, not a list of pairs: a pair a line is one more object for the
        #: garbage collector to walk, ~0.7 % of a replay; :attr:`lines` gives the pairs).
        self.commands: list[c.Command] = []
        self.groups: list[str] = []
        #: The round the latest table line (roll, reveal, goods) opened; None before any.
        #: A typed position starts in the round it was taken in (a late purchase stays there).
        self.round_group: str | None = latest_round(state)
        #: ``#`` comments typed on a line, by the line's index in :attr:`lines`.
        self.comments: dict[int, str] = {}
        #: Lines that are only a comment: (index of the line they stand before, group, text).
        self.comment_lines: list[tuple[int, str, str]] = []
        #: The last score table and the number of lines played when it was made (every
        #: change of the state is a line played).
        self._scored: tuple[int, ScoreTable] | None = None
        #: The canonical text of the first lines played (:meth:`record_data` writes the record
        #: after every line at the table; a line, once played, never changes).
        self._texts: list[str] = []
        #: What the phase-end steps did after the last line :meth:`play` played, (rule id, what)
        #: as they noted it (``rules.noting``): the table session says it with the line.
        self.noted: list[tuple[str, str]] = []

    @property
    def lines(self) -> list[tuple[str, c.Command]]:
        """Every line played: (round group, command with names resolved)."""
        return list(zip(self.groups, self.commands))

    # --- reading and playing lines ------------------------------------------------------------

    def read(self, text: str) -> c.Command:
        """Parse ``text`` and resolve its player names (no position consulted); a line that
        cannot be read is refused in the record's rules' words (its edition's nouns, and no 2019
        module's word offered in a game without the module)."""
        try:
            command = parse_line(text, self.state.edition, self.state.options.modules)
            return with_listed_names(self.names, command, text)
        except IllegalMoveError as err:  # (refused as it is read: a white die written as changed)
            raise _cited(self.state, None, err).placed(text, word_column) from None
        except ParseError as err:
            raise err.on_typed_line() from None

    def _judged(self, command: c.Command, judge, text: str) -> c.Command:
        """``judge(state, command)`` (the engine's check or play) on ``command``, read from the
        typed line ``text``, with a granted take's left-out depot filled in; a refusal gets the
        obvious fix as a hint and the edition's passage (:func:`_cited`, as a record's line does)
        and is placed at the word it blames."""
        state = self.state
        command = _with_granted_depots(state, command)
        try:
            judge(state, command)
        except IllegalMoveError as err:
            raise _cited(state, command, err).placed(text, word_column) from None
        return command

    def play_logged(self, text: str, group: str | None = None) -> None:
        """Check and apply one line written under the ``[log]`` round ``group`` (in capitals;
        None: the round it belongs to now); keep a comment-only line, and a comment typed on a line.

        ``burgundy play`` comes here; replaying a record plays each ``[log]`` list with
        :meth:`play_lines`, which is what this does for one line.

        :raises RefereeError: the line cannot be read, is listed under another round, or is
            illegal (the column, if any, counts within the line).
        """
        self.play_lines((text,), group)

    def play_lines(self, lines: Sequence[str], group: str | None = None,
                   failed: Callable[[RefereeError, int], RefereeError] | None = None) -> None:
        """Check and apply ``lines`` in order, all written under the ``[log]`` round ``group``
        (see :meth:`play_logged`); the first line refused stops them, its error given to
        ``failed`` with the line's index, if given, which returns the error to raise (the
        replay locates it in the file).

        The round a line belongs to: a table line, the round it opens (or, for reveals and
        phase goods, the round they prepare); a player line, the round of the latest table
        line -- so a 2011 purchase after the last turn of a round stays in that round.

        The one way a line is played: replaying a record (core.replay) and ``burgundy
        play`` both come here. A replay plays a whole list in one call, so that what every
        line reads is read once a list.

        A refusal cites the rulebook of the record's edition.
        """
        known, listed, state, commands, groups = self.known, self.listed, self.state, self.commands, self.groups
        round_group = self.round_group  # (kept here, and in the session when a table line changes it)
        for index, text in enumerate(lines):
            command = None  # (until this line is read: a line refused as it is read has none)
            try:
                comment = None
                if "#" in text:
                    body, comment = split_comment(text)
                    if comment is not None and not body.strip():
                        self.keep_comment(comment, group)
                        continue
                command = read_canonical(text, known)  # a record's lines are mostly canonical
                if command is None:
                    command = read_lenient(text, state.edition, state.options.modules)
                kind = command.kind
                if kind in _TABLE_KINDS:
                    if kind == "roll":
                        command = with_listed_names(self.names, command, text)
                    belongs = group_name(state.phase, state.round)
                else:
                    if command.player not in listed or kind == "shield-borrow":  # a name typed in another spelling
                        command = with_listed_names(self.names, command, text)
                    belongs = round_group or group_name(state.phase, state.round)
                if group != belongs and group is not None and state.stage != "over":
                    raise RecordError(f"this line belongs to round {belongs}, but it is listed under {group}")
                if kind == "die":
                    command = _with_granted_depots(state, command)
                    engine.play_die(state, command)
                else:
                    engine.play(state, command, kind)
                    if kind in _TABLE_KINDS:
                        self.round_group = round_group = belongs
                commands.append(command)
                groups.append(belongs)
                if comment:
                    self.comments[len(commands) - 1] = comment
            except IllegalMoveError as err:
                cited = _cited(state, command, err).placed(text, word_column)
                raise cited if failed is None else failed(cited, index) from None
            except RefereeError as err:
                raise err.on_typed_line() if failed is None else failed(err, index) from None

    # --- the Session protocol ---------------------------------------------------------------

    def check(self, text: str) -> str:
        return format_command(self._judged(self.read(text), engine.check, text))

    def rules_passed(self, text: str) -> list[dict[str, str]]:
        """The rules the legal line ``text`` passed, each as its check found it (``citations.
        recording`` around the same ``engine.check`` a refusal comes from): id, why it held, and
        the rule's text and passage in the record's edition."""
        from burgundy_cli.castles.rules import recording, rule
        from burgundy_cli.castles.rules.citations import cited

        command = self.read(text)
        with recording() as rules:
            self._judged(command, engine.check, text)
        edition = self.state.edition
        out = []
        for rule_id, why in rules:
            quoted = cited(rule(rule_id), edition)
            out.append({"id": rule_id, "why": why, "text": quoted.text, "ref": quoted.ref})
        return out

    def effects(self, text: str) -> list[str]:
        """What the legal line ``text`` would do, from the position before and after it
        (:func:`castles.views.effects.line_effects`); the session's own state is not changed."""
        from burgundy_cli.castles.rules import noting
        from burgundy_cli.castles.views.effects import line_effects

        command = self._judged(self.read(text), engine.check, text)
        after = self.state.copy()
        with noting() as noted:
            engine.play(after, command)
        return line_effects(self.state, after, command, noted)

    def play(self, text: str) -> str:
        """Check and apply one line (a comment-only line is kept as it is); its canonical form.

        A line refused leaves the position as it was, also when what refuses it comes after
        its check passed (a bug, or a module step that looks again while carrying the line
        out): the table session goes on from the position after a refusal, so this keeps an
        undo copy of the state for the line (a replay, which stops at its first
        refusal, plays its lists with :meth:`play_lines` and keeps none).
        """
        from burgundy_cli.castles.rules import noting

        played = len(self.commands)
        before = self.state.copy()
        self.noted = []
        try:
            with noting() as noted:
                self.play_logged(text)
        except BaseException:
            self.state = before
            raise
        self.noted = noted
        if len(self.commands) == played:
            return f"# {self.comment_lines[-1][2]}"
        return self._line_text(played)

    def keep_comment(self, comment: str, group: str | None = None) -> None:
        """Keep a comment-only log line where it stands (in ``group``, by default the current round)."""
        group = group or self.round_group or group_name(self.state.phase, self.state.round)
        self.comment_lines.append((len(self.commands), group, comment))

    def _line_text(self, index: int) -> str:
        """Canonical text of line ``index``, with the comment typed on it."""
        text = format_command(self.commands[index])
        comment = self.comments.get(index)
        return f"{text}  # {comment}" if comment else text

    def score(self) -> ScoreTable:
        """The score table of the position reached; computed once per position (opening a
        record asks twice: to compare the stored ``[result]``, then for the caller)."""
        scored = self._scored
        if scored is None or scored[0] != len(self.commands):
            from burgundy_cli.castles.rules.scoring import score

            scored = self._scored = (len(self.commands), score(self.state))
        return scored[1]

    def running_totals(self) -> dict[str, int]:
        """Each player's total as :meth:`score` gives it now, without building the table: the
        VP track (``PlayerState.points``) during play, the final totals once the game is over.
        The archive reads it at the end of every round (tests/archive check it against ``score``)."""
        state = self.state
        if state.stage == "over":
            return {line.name: line.total for line in self.score().players}
        return {player.name: player.points for player in state.players}

    def show(self) -> str:
        from burgundy_cli.castles.views.render import render

        return render(self.state)

    def legal_moves(self) -> MoveList:
        from burgundy_cli.castles.movegen import legal_moves

        return legal_moves(self.state)

    def record_data(self) -> dict[str, Any]:
        """The canonical record: header, setup/position as read, every line canonical, result.

        Comments typed in log lines are kept (``line  # comment``, or ``# comment`` alone).
        Each line's text is made once (kept in ``_texts``): the table session asks after
        every line.
        """
        game = self.header.model_dump(exclude_none=True)
        if not game.get("options"):
            game.pop("options", None)
        log: dict[str, list[str]] = {}
        texts = self._texts  # (lines are only ever added to a session: the texts made stay true)
        texts.extend(self._line_text(index) for index in range(len(texts), len(self.commands)))
        done = 0
        for before, group, comment in self.comment_lines:  # (in the order typed: ``before`` grows)
            done = self._add_lines(log, done, before)
            log.setdefault(group, []).append(f"# {comment}")
        self._add_lines(log, done, len(texts))
        data: dict[str, Any] = {"game": game, self.start_table: self.start_data}
        if self.duchies is not None:
            data["duchies"] = self.duchies
        if log:
            data["log"] = log
        data["result"] = self.score().stored_result()
        return data

    def _add_lines(self, log: dict[str, list[str]], start: int, end: int) -> int:
        """Append the text of lines ``start`` to ``end`` (not included) to their ``[log]`` rounds,
        a run of lines of one round at a time; ``end``."""
        groups, texts = self.groups, self._texts
        for group, run in groupby(zip(groups[start:end], texts[start:end]), itemgetter(0)):
            log.setdefault(group, []).extend(map(itemgetter(1), run))
        return max(start, end)


# --- opening a record -------------------------------------------------------------------------


#: The reader of each start table, once imported (:func:`_reader`).
_READERS: dict[str, Callable[..., GameState]] = {}


def _reader(table: str) -> Callable[..., GameState]:
    """The reader of a ``[setup]``, a ``[position]`` or an ``[end]``, each in its own module so
    that a record loads its own table's only; kept in :data:`_READERS`, so that a replay of
    many records runs the ``import`` once."""
    if table == "setup":
        from burgundy_cli.castles.record.setup_table import state_from_setup as read
    elif table == "end":  # an end-of-game record: a position after phase E (issue 34 item 9)
        from burgundy_cli.castles.record.end_table import state_from_end as read
    else:
        from burgundy_cli.castles.record.position_table import state_from_position as read
    _READERS[table] = read
    return read


def _start(doc: RecordDoc, header: GameHeader) -> tuple[str, dict[str, Any], GameState]:
    """The state the log starts from: the ``[setup]`` deal, a typed ``[position]`` or the
    ``[end]`` of a game not logged move by move."""
    from burgundy_cli.castles.record import setup

    starts = [table for table in ("setup", "position", "end") if table in doc.data]
    if len(starts) != 1:
        raise RecordError("a Castles of Burgundy record needs exactly one of [setup], [position] or [end]",
                          location=doc.location_of_key(starts[-1] if starts else "game"))
    table = starts[0]
    data = doc.data[table]
    if not isinstance(data, dict):
        raise RecordError(f"[{table}] must be a table", location=doc.location_of_key(table))
    read = _READERS.get(table) or _reader(table)
    try:
        state = read(header, data, setup.duchy_definitions(doc.data.get("duchies"), setup._edition(header)))
    except setup.SetupError as err:
        for each in err.also:
            each.at(doc.location_of_key(*map(str, each.path)))
        raise err.at(doc.location_of_key(*map(str, err.path))) from None
    return table, data, state


def _log_groups(doc: RecordDoc) -> list[tuple[tuple[str, ...], str, list[str]]]:
    """The ``[log]`` table as (key path, round in capitals, lines), checked for shape and round order.

    Keys are read in any case (``a1`` is ``A1``); the canonical writer uses capitals.
    """
    log = doc.data.get("log", {})
    if not isinstance(log, dict):
        raise RecordError("[log] must be a table of rounds (A1 = [...], A2 = [...], ...)",
                          location=doc.location_of_key("log"))
    groups = []
    last = -1
    for key, lines in log.items():
        order = _GROUP_ORDER.get(key)  # a canonical key, without upper(), the pattern and the arithmetic
        name = key if order is not None else key.upper()
        if order is None:
            if not _GROUP.match(name):
                raise RecordError(f"[log] key '{key}' is not a round (A1..E5: phase letter, round number)",
                                  location=doc.location_of_key("log", key))
            order = _group_order(name)
        if order <= last:
            raise RecordError(f"[log] round {key} is out of order (rounds go A1, A2, ... E5)",
                              location=doc.location_of_key("log", key))
        last = order
        path = ("log", key)
        groups.append((path, name, string_list(doc, path, lines, _LOG_LIST)))
    return groups


def _check_player_names(doc: RecordDoc, header: GameHeader) -> None:
    """Every player's name can be written in a notation line (where ``:`` ends it, ...).

    :raises RecordError: at ``[game] players``.
    """
    for name in header.players:
        if _NAME_BREAKERS.search(name) or not name.strip() or name.split()[-1].isdigit():
            raise RecordError(f"player name '{name}' cannot be written in the notation",
                              location=doc.location_of_key("game", "players"),
                              hint="use letters, digits and spaces, without : , ; # or quotes, "
                                   "and not ending in a number on its own")


def open_session(doc: RecordDoc, header: GameHeader) -> CastlesSession:
    """Replay ``doc``: its players' names, its start (setup or position), every line of its log.

    :raises RefereeError: the first problem, located at its file:line:column.
    """
    _check_player_names(doc, header)
    session = CastlesSession(header, *_start(doc, header))
    session.duchies = doc.data.get("duchies")
    replay(doc, session, _log_groups(doc))
    return session
