"""Replaying a record's log, the same way for every game.

A game keeps its lines in one or more TOML lists of strings (Castles: ``[log] A1 = [...]``
... ``E5``; Robber Knights: ``[play] moves = [...]``). What is the same for every game
lives here, once:

* walking the lists in order (:func:`replay`), each line played through the session's
  one method for a line, :meth:`LoggedSession.play_logged`, which is also what
  ``burgundy play`` calls -- a line means the same in a record and on the command line;
* comments: a ``# text`` line on its own is kept where it stands, a ``# text`` after a
  line is kept with the line (:func:`split_comment`);
* player names typed in another case or spacing (:class:`PlayerNames`);
* locating the first bad line at file:line:column: the place of the list item in the
  record's text (:meth:`RecordDoc.location_of_text`, looked up only when a line fails),
  plus the column the error gives within the line (:func:`locate_in_line`);
* refusing top-level tables and keys the game does not define (:func:`check_tables`);
* letting a caller look at the session between lines (:func:`watching`): the archive
  takes each round's VP from the one replay ``burgundy score`` runs, not from a second.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from burgundy_cli.core.errors import Location, ParseError, RecordError, RefereeError
from burgundy_cli.core.record import RecordDoc, all_strings

# (burgundy_cli.core.suggest, difflib's near misses, is imported only to word an error.)

if TYPE_CHECKING:
    from contextvars import ContextVar


def split_comment(text: str) -> tuple[str, str | None]:
    """Split a line at its ``#`` comment (outside a quoted note): ``(body, comment or None)``.

    A comment ends where its line ends: one that holds a line break or another control
    character is refused, so a line typed as ``Ben: take 3 church # c<newline>anna: sell 6``
    never keeps the second line inside its comment while it reads as played (issue 33
    item 24).

    >>> split_comment('fix anna vp +1 "a # b"  # typed late')
    ('fix anna vp +1 "a # b"  ', 'typed late')

    :raises ParseError: the comment holds a control character (located at it).
    """
    if "#" not in text:
        return text, None
    if '"' not in text:
        body, _, comment = text.partition("#")
        return body, _one_line_comment(text, len(body) + 1, comment)
    quoted = escaped = False
    for index, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\" and quoted:
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return text[:index], _one_line_comment(text, index + 1, text[index + 1:])
    return text, None


def _one_line_comment(text: str, start: int, comment: str) -> str:
    """``comment`` (which starts after column ``start`` of ``text``) stripped, when it is
    one line of text. :raises ParseError: it holds a line break or a control character."""
    if not comment.isprintable():
        for index, char in enumerate(comment, start=start + 1):
            if char != "\t" and (char < " " or "\x7f" <= char <= "\x9f" or char in "\u2028\u2029"):
                raise ParseError(f"a comment holds a line break or control character (U+{ord(char):04X})",
                                 location=Location(column=index),
                                 hint="a comment ends with its line: give each line of the game on its own")
    return comment.strip()


class PlayerNames:
    """Resolves player names as typed to the spelling of ``[game] players``.

    Case and repeated spaces do not matter; an unknown name is a :class:`ParseError` that
    suggests the closest player.
    """

    def __init__(self, players: Sequence[str]) -> None:
        self.players = list(players)
        #: The names exactly as listed: the common case, answered by one set lookup.
        self.exact = frozenset(players)
        self._by_key = {self.key(name): name for name in players}

    @staticmethod
    def key(name: str) -> str:
        """What two spellings of one name share: words one space apart, case folded, and
        Unicode's compatibility forms made plain (a composed "ë" and "e" + combining
        diaeresis are one letter, full-width ``Ａｎｎａ`` is ``Anna``): the club side's
        matching of players across records too, ``core.words.player_key``."""
        from burgundy_cli.core.words import player_key

        return player_key(name)

    def resolve(self, name: str, line: str | None = None, column: int | None = None) -> str:
        """The listed spelling of ``name``.

        :raises ParseError: no such player; located at ``column``, or where ``name`` stands
            in ``line``; the hint names the closest player, or all of them.
        """
        if name in self.exact:
            return name
        found = self._by_key.get(self.key(name))
        if found is not None:
            return found
        if column is None and line is not None:
            column = max(line.find(name), 0) + 1
        from burgundy_cli.core.suggest import closest

        close = closest(self.key(name), self._by_key, cutoff=0.5)
        hint = f"did you mean '{self._by_key[close]}'?" if close else "players: " + ", ".join(self.players)
        raise ParseError(f"unknown player '{name}'", location=Location(column=column), hint=hint)


class LoggedSession(Protocol):
    """What :func:`replay` needs of a game's session."""

    def play_logged(self, text: str, group: str | None = None) -> str | None:
        """Check and apply one line of the log written under ``group`` (None: where it
        belongs now); a comment-only line is kept. :raises RefereeError:"""
        ...

    # A session may also have ``play_lines(lines, group, failed)``: :meth:`play_logged` for
    # each of ``lines`` in order, in one call, raising ``failed(error, index)`` for the first
    # line refused; :func:`replay` then plays each list (or its lines between a watcher's
    # stops) with it.


class Watcher(Protocol):
    """Looks at the session of a replay before the lines it names (see :func:`watching`)."""

    def stops(self, group: str, lines: list[str]) -> Collection[int]:
        """The indices of the lines of ``group`` before which to call :meth:`before`."""
        ...

    def before(self, session: Any, group: str, index: int) -> None:
        """Look at ``session`` as the lines before line ``index`` of ``group`` left it."""
        ...


#: What watches the replays run in this context, if anything (see :func:`watching`): a
#: ``contextvars.ContextVar`` made by the first :func:`watching` (the archive's), so that
#: no other command imports :mod:`contextvars`.
_watcher: ContextVar[Watcher | None] | None = None


@contextmanager
def watching(watcher: Watcher) -> Iterator[None]:
    """Within the block, every :func:`replay` asks ``watcher`` which lines of each list it
    wants to stop at, and calls ``watcher.before(session, group, index)`` before each.

    A watcher looks and must not change the session. The archive uses it to read a record's
    VP at the start of every round from the replay that verifies the record; a replay no
    one watches pays one test a line.
    """
    global _watcher
    if _watcher is None:
        from contextvars import ContextVar

        _watcher = ContextVar("replay_watcher", default=None)
    token = _watcher.set(watcher)
    try:
        yield
    finally:
        _watcher.reset(token)


def replay(doc: RecordDoc, session: LoggedSession, lists: Iterable[tuple[tuple[str, ...], str, list[str]]]) -> None:
    """Play every line of ``lists`` -- (key path of the list, its group, its lines) -- in order
    (stopping where the watcher of :func:`watching`, if any, asks to).

    A session with ``play_lines`` plays the lines between two stops in one call (a whole
    list when no one watches); a watched replay (the archive's) pays a call a stop, not a
    call a line.

    :raises RefereeError: the first bad line's error, located at that line in the file.
    """
    play_lines = getattr(session, "play_lines", None)
    watcher = None if _watcher is None else _watcher.get()
    for path, group, lines in lists:
        if play_lines is None:
            _replay_line_by_line(doc, session, path, group, lines, watcher)
            continue
        if watcher is None:  # the whole list in one call (LoggedSession)
            play_lines(lines, group, lambda err, index: locate_in_line(err, doc, (*path, index)))  # noqa: B023
            continue
        start = 0
        for stop in sorted({index for index in watcher.stops(group, lines) if 0 <= index < len(lines)}):
            if stop > start:
                play_lines(lines[start:stop], group,
                           lambda err, index: locate_in_line(err, doc, (*path, start + index)))  # noqa: B023
            watcher.before(session, group, stop)
            start = stop
        if start < len(lines):
            play_lines(lines[start:] if start else lines, group,
                       lambda err, index: locate_in_line(err, doc, (*path, start + index)))  # noqa: B023


def _replay_line_by_line(doc: RecordDoc, session: LoggedSession, path: tuple[str, ...], group: str,
                         lines: list[str], watcher: Watcher | None) -> None:
    """:func:`replay` of one list for a session without ``play_lines``: a call a line."""
    play = session.play_logged
    stops = () if watcher is None else watcher.stops(group, lines)
    for index, text in enumerate(lines):
        try:
            if watcher is not None and index in stops:  # (None: one test a line)
                watcher.before(session, group, index)
            play(text, group)
        except RefereeError as err:
            raise locate_in_line(err, doc, (*path, index)) from None


def locate_in_line(err: RefereeError, doc: RecordDoc, path: tuple[str | int, ...]) -> RefereeError:
    """Place ``err``, raised for the line at ``path`` (a list and an index), at that line in the file.

    An error that gives a column within the line (and no file) is placed at that column.
    """
    inner = err.location.column if err.location is not None and err.location.file is None else None
    err.location = doc.location_of_text(*path, column=inner or 1)
    return err


def check_tables(doc: RecordDoc, tables: Sequence[str], game: str) -> None:
    """Refuse a top-level table or key that the game's records do not have.

    A misspelt table (``[Result]``, ``[logs]``) would otherwise be skipped unread: its
    lines never played, its stored result never compared.

    :raises RecordError: located at the first unknown one, with the closest name as a hint.
    """
    for key in doc.data:
        if key not in tables:
            from burgundy_cli.core.suggest import did_you_mean

            what = f"table [{key}]" if isinstance(doc.data[key], dict) else f"top-level key '{key}'"
            raise RecordError(f"unknown {what} in a {game} record",
                              location=doc.location_of_key(key),
                              hint=did_you_mean(key, tables))


def string_list(doc: RecordDoc, path: tuple[str, ...], value: Any, what: str) -> list[str]:
    """``value`` if it is a list of strings (the lines of a log), else a located error.

    :raises RecordError: ``what`` says what the list should hold; ``{key}`` in it stands for
        the list's key (the last part of ``path``), put in only then (a Castles record asks
        once a round: formatting each message beforehand cost ~15 % of checking its log).
    """
    if not isinstance(value, list) or not all_strings(value):
        raise RecordError(what.format(key=path[-1]), location=doc.location_of_key(*path))
    return value
