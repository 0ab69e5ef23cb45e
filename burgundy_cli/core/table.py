"""The table session's logic: one record kept open while a table plays, line by line.

What the interactive ``burgundy play FILE`` does with each thing typed, without any
terminal: :class:`TableSession` answers the prompt (what is due), plays a line and writes
the record at once (under the record's lock, refusing to overwrite an edit made on disk
meanwhile: it reloads, says so and checks the line again), undoes lines, completes and
checks a line as it is typed. The terminal side is :mod:`burgundy_cli.core.tableui`.

The game's own session (``check``, ``play``, ``legal_moves``, ``show``, ``score``) decides
everything; each game's ``table`` module (``burgundy_cli.<game>.table``) says what is due,
what a line did (read off the state before and after) and how to drop a record's last line.
"""

from __future__ import annotations

from dataclasses import dataclass
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager

from burgundy_cli.core.directive import keep_directive
from burgundy_cli.core.errors import Location, ParseError, RecordError, RefereeError, UsageError
from burgundy_cli.core.game import MoveList, Session
from burgundy_cli.core.journal import Journal, journal_path, lacking, read_journal, sync_record
from burgundy_cli.core.lock import LockedRecord, RecordChanged, SessionLock, closing_queue, current_bytes
from burgundy_cli.core.record import (
    RecordDoc, dump_record, parse_record_bytes, parse_record_text, swap_available,
)
from burgundy_cli.core.recordtext import RecordText
from burgundy_cli.core.registry import table_helpers
from burgundy_cli.core.session import journal_record, open_doc
from burgundy_cli.core.verdicts import as_typed, line_effects, recorded_text
from burgundy_cli.core.words import counted

#: The words the session reads as its own commands rather than as game lines.
COMMANDS = {
    "undo": "undo [N]       remove the last line (or N lines) from the record",
    "check": "check LINE     is LINE legal now, and by which rules (their passages); nothing is written",
    "show": "show           draw the position",
    "moves": "moves          list every legal line now",
    "score": "score [--all]  the score table (--all: with the categories at 0 for everyone too)",
    "help": "help           this list",
    "quit": "quit           leave (Ctrl-D too); every accepted line is already written",
}
#: What ``score`` takes after it in the session: the command line's ``--all`` (the table's
#: footer names it), or the word alone.
SCORE_ALL = ("--all", "all")
#: How many legal lines a refusal suggests.
SUGGESTIONS = 6
#: The longest line the session takes: eight times the longest line of the shipped records
#: (117 characters, a placement with its chain of granted actions). A longer one is no line
#: of the game, and is refused as it is typed (issue 33 item 16).
MAX_TYPED = 1000


def due_text(session: Session) -> str:
    """What the record needs next (``B2 · Anna to move · dice 3 5 · workers 2``); for a game
    without a table module, who is to move, from its legal lines."""
    try:
        return table_helpers(session).due(session)
    except UsageError:
        player = session.legal_moves().player
        return f"{player} to move" if player else "no player to move"


class TooFewLines(RefereeError):
    """``undo N`` asked of a record with fewer than N lines (none, say): refused, nothing
    removed. Removing what is there instead would answer a request that was not made (a
    script's ``undo 3`` run twice), and saying "nothing to undo" with success would let a
    script take an empty record for one it changed."""

    kind = "cannot undo"

    def __init__(self, have: int, count: int, file: str | None = None) -> None:
        super().__init__("the record has no lines" if not have else
                         f"the record has only {counted(have, 'line')}, not {count}",
                         location=Location(file=file) if file else None,
                         hint=f"undo {have} removes {'it' if have == 1 else 'them all'}" if have else None)


def rewritten_without_last(session: Session, count: int, name: str) -> tuple[Session, list[str], str]:
    """The session with its last ``count`` lines removed, the lines removed (last first), and
    the record's new text with its ``[result]`` recomputed.

    :raises TooFewLines: the record has fewer than ``count`` lines (the error names ``name``).
    """
    data = session.record_data()
    removed = []
    for _ in range(count):
        line = table_helpers(session).drop_last(data)
        if line is None:
            raise TooFewLines(len(removed), count, name)
        removed.append(line)
    data.pop("result", None)
    shorter = open_doc(parse_record_text(dump_record(data), name), verify_result=False, journal=False)
    return shorter, removed, dump_record(shorter.record_data())


@dataclass(slots=True)
class Reply:
    """What the session says to one input: the text to print, whether a line was recorded,
    and whether the session ends (``quit``, or the game is complete)."""

    text: str
    accepted: bool = False
    done: bool = False


class TableSession:
    """A record open at the table: every accepted line is on disk before the next prompt.

    A line is made durable by one synced append to the session's journal, and the record
    rewritten at once without a sync (:mod:`burgundy_cli.core.journal`); every other write
    (an undo, lines put back after a reload) is synced as any command's, and begins the
    journal again from it. Where no journal can be kept, each line's write is synced.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.basis = b""
        self.session: Session
        self.version = 0
        self._moves: tuple[int, MoveList] | None = None
        self._shown: tuple[int, list[str]] | None = None
        self._checked: tuple[int, str, str] | None = None
        self._begun: tuple[int, str, list[str]] | None = None
        self._count: tuple[int, int] | None = None
        #: Positions (in the log, from 0) of the lines this session recorded.
        self.mine: set[int] = set()
        #: The record's canonical text, made after each line from the text made before.
        self.writer = RecordText()
        #: The journal each accepted line is synced to (None: each write is synced instead).
        self.journal: Journal | None = Journal(journal_path(self.path))
        #: What opening found that the table should hear first (lines put back from a journal).
        self.opening_note: str | None = None
        swap_available()        # what the writes need, loaded now rather than on the first line
        closing_queue()
        #: Held while the session is open: ``undo`` or ``play`` from another terminal is
        #: refused meanwhile, with a message that says so (issue 33 item 21).
        self.lock = SessionLock(self.path)
        try:
            with self.lock.writing(swap=True) as record:
                restored = self._open_or_restore(record)
                self.helpers = table_helpers(self.session)
                self.opening_note = restored or self._recover(record)
                self._begin_journal()
        except BaseException:
            if self.journal is not None:
                self.journal.close()
            self.lock.close()
            raise

    def close(self) -> None:
        """End the session: the record is synced, its journal removed, and the record let go
        (other commands may write it again)."""
        try:
            self._end_journal()
        finally:
            self.lock.close()

    # --- the journal ------------------------------------------------------------------------------

    def _begin_journal(self) -> None:
        """Begin the journal from the record as the session last read or wrote it; where it
        cannot be written, go on without one (each line's write is then synced)."""
        if self.journal is None:
            return
        try:
            self.journal.begin(self.basis.decode("utf-8"))
        except (UsageError, OSError, UnicodeDecodeError):
            self.journal.close()
            self.journal = None

    def _journal_line(self, line: str) -> str | None:
        """Sync the accepted ``line`` to the journal; if the journal cannot take it, sync the
        record instead and go on without a journal. A note when neither could be synced."""
        assert self.journal is not None
        try:
            self.journal.append(line)
            return None
        except OSError:
            journal, self.journal = self.journal, None
        try:
            sync_record(self.path)
        except OSError as err:
            journal.close()
            return (f"warning: {self.path} holds the line, but neither it nor {journal.path} could be synced "
                    f"({err.strerror or err}): a power cut now may lose it")
        journal.end()
        return None

    def _end_journal(self) -> None:
        """Sync the record and remove the journal; the journal stays when the record on disk is
        not what the session last wrote (changed since: the next opening compares the two) or
        cannot be synced."""
        journal, self.journal = self.journal, None
        if journal is None:
            return
        try:
            if current_bytes(self.path) == self.basis:
                sync_record(self.path)
                journal.end()
                return
        except (OSError, RefereeError):
            pass
        journal.close()

    def _recover(self, record: LockedRecord) -> str | None:
        """Compare the journal a session left without ending (a crash, a kill, a power cut)
        with the record just opened; what to tell the table, if anything.

        The journal's base with its lines played is the record that session answered for.
        If the record on disk has all those lines (and maybe more after them), nothing was
        lost. If it lacks only the last of them (its rewrites were not synced when the
        computer stopped), they are played again and the record written, synced. Any other difference (the record was
        edited since) is not merged: the session's record is kept in
        ``FILE.session-conflict`` and the note says what differs, the record left as it is.
        A file at the journal's name that is no journal is left alone, and no journal kept.
        """
        assert self.journal is not None
        path = self.journal.path
        try:
            found = read_journal(path)
        except OSError as err:
            self.journal = None
            return f"{path} cannot be read ({err.strerror or err}); left as it is"
        if found is None:
            if not os.path.lexists(path):
                return None
            self.journal = None
            return f"{path} is not a burgundy journal: left as it is (this session syncs each line's write instead)"
        try:
            answered, start = journal_record(*found, path)
        except RefereeError as err:
            self.journal = None
            return f"{path} does not hold a record that reads ({err.describe()}): left as it is"
        want, have = self.helpers.lines(answered), self.helpers.lines(self.session)
        missing = lacking(want, have, start)
        if missing == []:
            return None
        if missing:
            try:
                for line in missing:
                    self.session.play(line)
            except RefereeError:    # (the record's setup was edited too: not the same game)
                self._open(parse_record_bytes(self.basis, self.path), self.basis)
            else:
                return self._put_back(record, missing, start, len(want), path)
        kept = keep_directive(found[0], dump_record(answered.record_data())).encode("utf-8")
        return (f"{path} holds a session that did not end, and the record was changed since; "
                + self._keep_safe(kept, want, have, set(range(start, len(want)))))

    def _put_back(self, record: LockedRecord, missing: list[str], start: int, end: int, path: str) -> str:
        """Write the record with the ``missing`` lines :meth:`_recover` played again (synced);
        what to tell the table."""
        record.write(self.writer.text(self.session.record_data()))
        self.basis = record.basis or b""
        self.version += 1
        self.mine = set(range(start, end))
        return (f"{self.path} lacked {counted(len(missing), 'line')} the session before had recorded, kept "
                f"in its journal {path} (the computer stopped before the record's rewrite reached the disk): "
                f"put back: {' | '.join(missing)} (undo removes them)")

    def _open_or_restore(self, record: LockedRecord) -> str | None:
        """Open the record. When it does not read and a journal is beside it: a record a power
        cut left empty (zero length, or blocks of zeros: a rename that reached the disk before
        the text did, which some file systems allow) is written again from the journal,
        synced, and the note says so; any other record that does not read is not replaced (it
        may be an edit in progress), the journal's record is kept in ``FILE.session-conflict``
        and the error names it.

        :raises RefereeError: the record does not read (and was not empty with a journal).
        """
        try:
            self._open(record.read(), record.basis or b"")
            return None
        except RefereeError as err:
            failed = err
        path = journal_path(self.path)
        try:
            found = read_journal(path)
            answered, start = journal_record(*found, path) if found else (None, 0)
            raw = current_bytes(self.path)
        except (OSError, RefereeError):
            answered = None
        if answered is None:
            raise failed
        text = keep_directive(found[0], dump_record(answered.record_data()))
        lines = table_helpers(answered).lines(answered)
        if raw.strip(b"\0"):
            kept = self._keep_safe(text.encode("utf-8"), lines, None, set(range(start, len(lines))))
            failed.hint = "; ".join(filter(None, [failed.hint, f"{path} holds the session before: {kept}"]))
            raise failed
        record.basis = raw
        record.write(text)
        self._open(record.read(), record.basis or b"")
        return (f"{self.path} was empty (the computer stopped before its text reached the disk): written again "
                f"from its journal {path}, with its {counted(len(lines), 'line')}")

    # --- reading the record ---------------------------------------------------------------------

    def _open(self, doc: RecordDoc, raw: bytes) -> None:
        self.session = open_doc(doc, journal=False)  # (its journal: read by _recover)
        self.basis = raw
        self.version += 1
        self.writer.seed(self.session.record_data())

    def _reload(self, raw: bytes, record: LockedRecord) -> str:
        """Replay the record as it now is on disk (the lock held); the note that says so.

        When the file on disk is the session's record less its last lines, and this session
        recorded those lines, the file is an older copy saved over it (an editor that read
        the record before the session's last write): the lines are played again and written
        back, and the note says so (``undo`` removes them if the cut was meant).

        Any other change that drops a line this session recorded cannot be merged: the
        session's record, with every line it accepted, is kept in ``FILE.session-conflict``
        and the note says which lines differ (issue 33 item 9). So is it when the file on
        disk does not read (then the error is raised, the session keeping what it had).
        """
        before = self.helpers.lines(self.session)
        mine, kept = set(self.mine), self.basis
        try:
            self._open(parse_record_bytes(raw, self.path), raw)
        except RefereeError as err:
            if mine:
                err.hint = "; ".join(filter(None, [err.hint, self._keep_safe(kept, before, None, mine)]))
            raise
        now = self.helpers.lines(self.session)
        note = f"{self.path} changed on disk: reloaded it ({counted(len(now), 'line')})"
        missing = before[len(now):]
        self.mine = {index for index in mine if index < len(now) and now[index] == before[index]}
        if not missing or before[:len(now)] != now or not set(range(len(now), len(before))) <= mine:
            lost = [before[index] for index in sorted(mine - self.mine)]
            return f"{note}; {self._keep_safe(kept, before, now, mine)}" if lost else note
        try:
            for line in missing:
                self.session.play(line)
            record.basis = self.basis
            record.write(self.writer.text(self.session.record_data()))
        except RefereeError as err:
            self._open(parse_record_bytes(raw, self.path), raw)
            return f"{note}; {self._keep_safe(kept, before, now, mine)} (they cannot be put back: {err.describe()})"
        self.mine = mine
        self.basis = record.basis or b""
        self.version += 1
        return (f"{note}; the copy saved lacked {len(missing)} line(s) this session had recorded, put back: "
                f"{' | '.join(missing)} (undo removes them)")

    def _keep_safe(self, kept: bytes, before: list[str], now: list[str] | None, mine: set[int]) -> str:
        """Write ``kept`` (the record as this session last wrote it) to a free
        ``FILE.session-conflict`` name, next to the record; what to tell the user: where it
        is, the lines of this session the file on disk lacks, and the lines that differ
        (``now``: the file's lines, ``None`` when it does not read)."""
        from difflib import SequenceMatcher

        from burgundy_cli.core.record import write_atomic

        for number in range(1, 1000):
            name = f"{self.path}.session-conflict" + (f"-{number}" if number > 1 else "")
            try:
                write_atomic(name, kept.decode("utf-8"), replace=False)
                break
            except UsageError:
                if not os.path.lexists(name):
                    raise
        lost = [before[index] for index in sorted(mine) if now is None or index >= len(now) or now[index] != before[index]]
        said = (f"this session's record, with every line it accepted, is kept in {name}; the file on disk "
                f"lacks {counted(len(lost), 'line')} this session recorded: {' | '.join(lost)}")
        if now is not None:
            differ = []
            for kind, old_start, old_end, new_start, new_end in SequenceMatcher(None, before, now, autojunk=False).get_opcodes():
                if kind != "equal":
                    differ.append(f"log line {old_start + 1}: " + " | ".join(
                        [*(f"-{line}" for line in before[old_start:old_end]), *(f"+{line}" for line in now[new_start:new_end])]))
            said += "; what differs (- this session, + the file on disk): " + "; ".join(differ)
        return said

    def reload_if_changed(self) -> str | None:
        """Reload the record if it changed on disk since the session last read or wrote it.

        :raises RefereeError: the file now on disk does not read (the session keeps what it had).
        """
        if current_bytes(self.path) == self.basis:
            return None
        notes: list[str] = []
        with self._locked_current(notes):
            pass
        return "\n".join(notes) or None

    def lines_played(self) -> int:
        """How many lines the record has (kept per version: counting renders every line)."""
        if self._count is None or self._count[0] != self.version:
            self._count = (self.version, len(self.helpers.lines(self.session)))
        return self._count[1]

    def last_line(self) -> str | None:
        """The record's last line as the record writes it, or None when it has none (said as
        the session opens: rendering every line, so not asked per line)."""
        lines = self.helpers.lines(self.session)
        return lines[-1] if lines else None

    # --- what the prompt says ---------------------------------------------------------------

    def due(self) -> str:
        return self.helpers.due(self.session)

    def complete(self) -> bool:
        return self.session.score().complete

    def final_score(self, show_all: bool = False) -> str:
        """The score table as ``burgundy score`` prints it into a pipe (``show_all``: ``--all``)."""
        from burgundy_cli.core.render import score_table_text
        from burgundy_cli.core.resultonly import game_mode, modules_of

        return score_table_text(self.session.score(), show_all, mode=game_mode(modules_of(self.session.header)))

    # --- what was typed -----------------------------------------------------------------------

    def handle(self, text: str) -> Reply:
        """Answer one line typed at the prompt: a session command or a line of the game."""
        if len(text) > MAX_TYPED:
            return Reply(f"refused, nothing written: {_too_long(text)}")
        words = text.split()
        if not words:
            return Reply("")
        command = _command_word(words[0])
        if command == "check" and len(words) > 1:
            return Reply(self.verdict(_after_first_word(text)))
        misuse = _command_misuse(text)
        if misuse is not None:
            return Reply(f"refused, nothing written: {misuse}")
        if _session_command(words) is not None:
            return self._command(command, words[1:])
        return self.play(text.strip())

    def verdict(self, line: str) -> str:
        """``check LINE`` at the prompt: whether ``line`` is legal now and by which rules, each
        rule's passage quoted in the record's edition -- ``burgundy check --why``'s answer,
        settled at the table without starting a process. Nothing is written."""
        from burgundy_cli.core.verdicts import legal_verdict

        try:
            canonical = self._as_typed(line, self.session.check)
        except RefereeError as err:
            return f"{_said(err)} (nothing written)"
        return legal_verdict(self.session, canonical, why=True)[0]

    def _command(self, command: str, args: list[str]) -> Reply:
        if command == "undo":
            return self.undo(int(args[0]) if args else 1)  # (a count _command_misuse let through)
        if command == "check":
            example = (self.shown_lines() or ["Anna: take 3 church"])[0]
            return Reply(f"check takes a line of the game, e.g. check {example}")
        if command == "show":
            return Reply(self.session.show())
        if command == "moves":
            return Reply(self.session.legal_moves().text())
        if command == "score":
            return Reply(self.final_score(show_all=bool(args)))  # (an --all _command_misuse let through)
        if command == "help":
            return Reply("\n".join(["type a line of the game (Tab completes it), or:", *COMMANDS.values(),
                                    "Ctrl-C clears the line; Ctrl-D leaves"]))
        return Reply("", done=True)   # quit

    @contextmanager
    def _locked_current(self, notes: list[str]) -> Iterator[LockedRecord]:
        """The record locked, with the session reloaded first if the file changed on disk
        (the note that says so added to ``notes``)."""
        with self.lock.writing(swap=True) as record:
            raw = current_bytes(self.path)
            if raw != self.basis:
                notes.append(self._reload(raw, record))
                self._begin_journal()
            record.basis = self.basis
            yield record

    def play(self, text: str) -> Reply:
        """Check ``text`` and, if legal, write the record with it at once (under the lock).

        A record changed on disk since it was read is reloaded first (the reply says so)
        and the line checked against it. A refused line writes nothing.
        """
        notes = []
        for _ in range(3):      # a change on disk during the write: reload and try again
            try:
                with self._locked_current(notes) as record:
                    return self._play_locked(record, text, notes)
            except RecordChanged:
                continue
            except RefereeError as err:
                return Reply("\n".join([*notes, f"not written: {err.describe()}"]))
        return Reply("\n".join([*notes, "not written: the record keeps changing on disk; try again"]))

    def _play_locked(self, record: LockedRecord, text: str, notes: list[str]) -> Reply:
        before = self.helpers.snapshot(self.session)
        count = self.lines_played()  # before the line: one line played makes one more
        try:
            line = self._as_typed(text, self.session.play)
        except RefereeError as err:
            return Reply("\n".join([*notes, self.refusal(text, err)]))
        try:
            record.write(self.writer.text(self.session.record_data()), durable=self.journal is None)
        except BaseException:
            self._open(parse_record_bytes(self.basis, self.path), self.basis)  # the line is not kept
            raise
        self.basis = record.basis or b""
        if self.journal is not None:
            warning = self._journal_line(line)
            if warning:
                notes.append(warning)
        self.version += 1
        self._count = (self.version, count + 1)
        self.mine.add(count)
        notes.append(recorded_text(line, line_effects(self.helpers, before, self.session, line)))
        if self.complete():
            notes.append("the game is complete:\n" + self.final_score())
            return Reply("\n".join(notes), accepted=True, done=True)
        return Reply("\n".join(notes), accepted=True)

    def _as_typed(self, text: str, judge):
        """:func:`as_typed` at the table: the player to move read from the listing kept for
        the position."""
        return as_typed(self.session, text, judge, lambda: self.listing().player)

    def refusal(self, text: str, err: RefereeError) -> str:
        """A refused line: the message (rule id and text included) and what would be legal."""
        lines = [f"refused, nothing written: {_said(err)}"]
        if isinstance(err, RefereeError) and not isinstance(err, RecordError):
            legal = self.shown_lines()
            if legal:
                meant = self._meant(text, err)
                verb = _verb(meant or text)
                like = [move for move in legal if _verb(move) == verb]
                forms = [] if like or ":" in text else self.helpers.table_forms(self.session)
                if forms:   # a table line refused: what the table owes now, not a player's line
                    lines.append("due now: " + " | ".join(forms))
                    return "\n".join(lines)
                # a line of an action that is legal now: its nearest lines one by one (by what
                # it meant when the game's table module can say: ``nearest_first``); else the
                # grouped listing, which says more of what may be done instead
                nearest = getattr(self.helpers, "nearest_first", _closest_first)
                like = _closest_first(text, like or legal) if meant is None or not like else \
                    nearest(meant, [line for grouped in like for line in _alternatives(grouped)])
                shown = " | ".join(like[:SUGGESTIONS])
                more = len(like) - SUGGESTIONS
                lines.append(f"legal now: {shown}" + (f" (and {more} more: type moves)" if more > 0 else ""))
            else:
                forms = self.helpers.table_forms(self.session)
                if forms:
                    lines.append("due now: " + " | ".join(forms))
        return "\n".join(lines)

    def _meant(self, text: str, err: RefereeError) -> str | None:
        """The canonical line ``text`` reads as, when it reads (refused by a rule, not by the
        reader) and the game's table module can say it (``meant``): what a refusal's
        suggestions are measured against, each spelling made the record's. None otherwise."""
        meant = getattr(self.helpers, "meant", None)
        if meant is None or isinstance(err, ParseError):
            return None
        try:
            return self._as_typed(text, lambda line: meant(self.session, line))
        except RefereeError:
            return None

    def undo(self, count: int = 1) -> Reply:
        """Remove the last ``count`` lines from the record (written at once); say which."""
        notes = []
        try:
            with self._locked_current(notes) as record:
                shorter, removed, text = rewritten_without_last(self.session, count, self.path)
                record.write(text)
        except TooFewLines as err:
            hint = f" ({err.hint})" if err.hint else ""
            return Reply("\n".join([*notes, f"not undone: {err.message}{hint}"]))
        except RefereeError as err:
            return Reply("\n".join([*notes, f"not undone: {err.describe()}"]))
        self.session, self.basis = shorter, record.basis or b""
        self._begin_journal()
        self.version += 1
        kept = self.lines_played()
        self.mine = {index for index in self.mine if index < kept}
        notes.extend(f"undone: {line}" for line in removed)
        return Reply("\n".join(notes))

    # --- help while typing ------------------------------------------------------------------------

    def shown_lines(self) -> list[str]:
        """The legal lines as ``moves`` shows them (grouped where the game groups them: a
        refusal's suggestions), computed once a position; made without every line, which a
        position with long chains of granted actions has by the hundred thousand."""
        if self._shown is None or self._shown[0] != self.version:
            listing = self.listing()
            groups = listing.choices or listing.groups
            self._shown = (self.version, [line for lines in groups.values() for line in lines])
        return self._shown[1]

    def listing(self) -> MoveList:
        """The legal lines now (the same generator as ``burgundy moves``), kept for the position:
        each of its parts is made when first read."""
        if self._moves is None or self._moves[0] != self.version:
            self._moves = (self.version, self.session.legal_moves())
        return self._moves[1]

    def completions(self, text: str) -> list[tuple[str, str]]:
        """What Tab offers for ``text``: (text to put in the input, what to show), legal lines first.

        A legal line matches on its start, with or without the player's name typed
        (:meth:`MoveList.completions`: where a placement grants many continuations the typed
        text has not reached, Castles offers ``<line> then ``, shown ``<line> then ...``, and
        its continuations once the text reaches them); a table form is offered up to its
        first placeholder; session commands complete too.

        What is due comes first: while the table owes a line (a reveal, the roll), its forms
        lead, and the lines a player may still say meanwhile (a 2011 late purchase, the solo
        game's exchange or VP) follow them.
        """
        if _command_word(text.lstrip()).startswith("check "):
            return [(f"check {put}", shown) for put, shown in self.completions(_after_first_word(text, typing=True))]
        typed = " ".join(text.split()).casefold()
        found: list[tuple[str, str]] = list(self.helpers.table_completions(self.session, text.lstrip()))
        for form in self.helpers.table_forms(self.session):
            head = form.split("<")[0]
            if head.casefold().startswith(typed):
                found.append((head, form))
        found.extend((move, f"{move}..." if move.endswith(" ") else move) for move in self.lines_begun(text))
        if typed:
            found.extend((word, help_) for word, help_ in COMMANDS.items() if word.startswith(_command_word(typed)))
        return found

    def lines_begun(self, text: str) -> list[str]:
        """The legal lines Tab offers for ``text`` (:meth:`MoveList.completions`: its words
        one space apart, case folded), kept for the last text of the position: the live
        check asks first (a player's line stopping short), and Tab then finds them made."""
        typed = " ".join(text.split()).casefold()
        if self._begun is None or self._begun[:2] != (self.version, typed):
            self._begun = (self.version, typed, self.listing().completions(typed))
        return self._begun[2]

    def live_check(self, text: str) -> str:
        """One line under the prompt for what is typed: legal (canonical), or the rule and
        message; for a line that is only unfinished (``reveal 3``, ``goods 1 2``, a roll
        stopping at a player's dice, a player's line that legal lines begin), what is still to
        type instead (the game's table module's ``typing_note``): a refusal is worded for a
        line that is done, which this one is not yet."""
        body = text.strip()
        if not body:
            return f"{self.due()} -- Tab completes, 'help' lists commands"
        if len(text) >= MAX_TYPED:
            return f"a line of the game is at most {MAX_TYPED} characters: the input takes no more"
        typed = text.lstrip()   # (a space at the end says the word before it is whole)
        cached = self._checked
        if cached is not None and cached[0] == self.version and cached[1] == typed:
            return cached[2]
        words = body.split()
        if _command_word(words[0]) == "check" and len(words) > 1:
            return self.live_check(_after_first_word(typed, typing=True))
        misuse = _command_misuse(body)
        if misuse is not None:
            answer = misuse
        elif (command := _session_command(words)) is not None:
            answer = COMMANDS[command]
        else:
            try:
                answer = f"legal: {self._as_typed(body, self.session.check)}"
            except RefereeError as err:
                answer = self._typing_note(typed, err) or _said(err)
        self._checked = (self.version, typed, answer)
        return answer

    def _typing_note(self, typed: str, refusal: RefereeError) -> str | None:
        """What the game's table module says of ``typed`` refused only for stopping short
        (``typing_note``: what is still to type, given :meth:`lines_begun` for what Tab would
        offer), or the refusal of what is typed so far, which it may raise instead; None:
        ``refusal`` stands."""
        note = getattr(self.helpers, "typing_note", None)
        if note is None:
            return None
        try:
            return note(self.session, typed, refusal, self.lines_begun)
        except RefereeError as err:
            return _said(err)


#: The most lines one ``undo N`` removes.
MOST_UNDONE = 1000


def _command_misuse(text: str) -> str | None:
    """Why ``text``, a session command with words it does not take, is refused (``undo x``,
    ``show 3``), quoting the word and its column; None for anything else. A line with a
    colon is a game line (a player may be called Show)."""
    words = [(match.group(), match.start() + 1) for match in re.finditer(r"\S+", text)]
    if not words or ":" in text:
        return None
    command = _command_word(words[0][0])
    if command not in COMMANDS or command == "check" or len(words) == 1:
        return None
    if command == "undo":
        count, column = words[1]
        if not (count.isdecimal() and len(count) <= 4 and 0 < int(count) <= MOST_UNDONE):
            return f"undo takes a number of lines 1-{MOST_UNDONE}, found '{count}' at column {column}; e.g. undo 2"
        if len(words) == 2:
            return None
        word, column = words[2]
        return f"undo takes one number of lines, found '{word}' at column {column}; e.g. undo 2"
    if command == "score":
        extra = words[1] if words[1][0].lower() not in SCORE_ALL else words[2] if len(words) > 2 else None
        if extra is None:
            return None
        return f"'score' takes --all or nothing, found '{extra[0]}' at column {extra[1]}; type 'score' or 'score --all'"
    word, column = words[1]
    return f"'{command}' takes nothing after it, found '{word}' at column {column}; type '{command}' alone"


def _session_command(words: list[str]) -> str | None:
    """The session command the typed ``words`` are (``undo 2``, ``score --all``), that
    :func:`_command_misuse` let through; None for a line of the game."""
    command = _command_word(words[0])
    if command in COMMANDS and (len(words) == 1 or command in ("undo", "score") and len(words) == 2):
        return command
    return None


def _command_word(word: str) -> str:
    """A session command's word as typed, in NFKC and lower case: full-width letters and
    digits (``ｕｎｄｏ ２``, as phone and East-Asian keyboards type) are the command's.
    Only the command is read so: a line of the game is its reader's to read."""
    if word.isascii():
        return word.lower()
    import unicodedata

    return unicodedata.normalize("NFKC", word).lower()


def _said(err: RefereeError) -> str:
    """``err`` as the session says it: its kind, message and hint, and for a line that
    cannot be read the column it points at (the session has no file and line to print before
    it; a message never names its column, the location does)."""
    column = err.location.column if err.location is not None else None
    if not isinstance(err, ParseError) or column is None:
        return err.describe()
    return f"{err.kind}: {err.message} at column {column}" + (f" ({err.hint})" if err.hint else "")


def _after_first_word(text: str, typing: bool = False) -> str:
    """``text`` without its first word (a session command's) and the spaces around it;
    ``typing``: a space typed last is kept, where Tab goes on to the next word."""
    parts = text.split(maxsplit=1)
    rest = parts[1] if len(parts) > 1 else ""
    return rest if typing else rest.strip()


def _too_long(text: str) -> str:
    return f"a line of the game is at most {MAX_TYPED} characters; this one has {len(text)}"


def _closest_first(typed: str, lines: list[str]) -> list[str]:
    """``lines`` with those closest to what was typed first (its fix before an unrelated line:
    ``take 5>4 white-castle`` before ``workers 5`` for ``take 5 white-castle``); the player's
    name is left out of the comparison, as it may be typed or not. Ties keep the listing's order."""
    from difflib import SequenceMatcher

    def body(line: str) -> str:
        return (line.partition(":")[2] if ":" in line else line).strip().casefold()

    wanted = body(typed)
    return sorted(lines, key=lambda line: -SequenceMatcher(None, wanted, body(line)).ratio())


def _alternatives(line: str) -> list[str]:
    """The lines a grouped legal line stands for: each word of alternatives (``e8|f8``, "any
    one of those": ``MoveList``'s notes) taken one at a time, so that a refusal suggests the
    one line nearest what was meant (``... e8 knights 2``) rather than a group of them."""
    from itertools import product

    words = [word.split("|") if "|" in word else [word] for word in line.split(" ")]
    return [" ".join(choice) for choice in product(*words)]


def _verb(line: str) -> str:
    """The action word of a line (``take`` in ``Anna: take 3 church``; ``reveal`` in a table
    line, ``reveal 3 ship mine``), to suggest similar lines."""
    words = line.partition(":")[2].split() if ":" in line else line.split()
    return words[0].casefold() if words else ""

