"""Open a record file: read it, find its game, replay it, and compare its stored result."""

from __future__ import annotations

import os

from burgundy_cli.core.errors import Location, RecordError, RefereeError, toml_repr
from burgundy_cli.core.game import read_header
from burgundy_cli.core.journal import journal_path, lacking, read_journal
from burgundy_cli.core.record import RecordDoc, parse_record_text, read_record
from burgundy_cli.core.registry import find_game, table_helpers
from burgundy_cli.core.replay import check_tables

TYPE_CHECKING = False  # (not typing's: every command imports this module before its game)
if TYPE_CHECKING:
    from typing import Any

    from burgundy_cli.core.game import Game, GameHeader, Session

# (burgundy_cli.core.suggest, difflib's near misses, is imported only to word an error.)


def open_doc(doc: RecordDoc, *, verify_result: bool = True, journal: bool = True,
             refuse: str | None = None) -> Session:
    """Replay ``doc`` with its game and, if it stores a ``[result]``, check it matches.

    ``refuse``: the command opening it, which needs a position or the moves (a key of
    ``core.resultonly.NEEDS``): a result-only record, once read and checked, is refused in
    that command's words (``resultonly.refuse_result_only``).

    An error the game raises without a location is given the record's file name. With
    ``journal`` (every command but the table session, which reads its journal itself), a
    journal beside the record that holds lines the record lacks is refused
    (:func:`check_left_journal`).

    :raises RefereeError: anything wrong with the record, located.
    """
    header = read_header(doc)
    try:
        game = find_game(header.name)
    except RecordError as err:
        # located only on failure: locating builds the record's source map, which costs
        # about as much as parsing the TOML again (docs/performance.md)
        raise err.at(doc.location_of_key("game", "name")) from None
    check_edition(doc, header, game)
    if "final" in doc.data:  # a result-only record: final scores, nothing to replay
        from burgundy_cli.core.resultonly import open_result

        session: Any = open_result(doc, header)
        if verify_result and "result" in doc.data:
            verify_stored_result(doc, session)
        if refuse is not None:
            from burgundy_cli.core.resultonly import refuse_result_only

            refuse_result_only(doc, session, refuse)
        return session
    check_tables(doc, game.tables, game.name)
    try:
        session = game.open(doc, header)
    except RefereeError as err:
        raise err.at(Location(doc.name)) from None
    if journal and os.path.lexists(journal_path(doc.name)):
        check_left_journal(doc.name, session, locked=doc.locked)
    if verify_result and "result" in doc.data:
        verify_stored_result(doc, session)
    return session


def check_left_journal(path: str, session: Session, *, locked: bool = False) -> None:
    """Refuse a record whose table session did not end (a crash, a power cut) and left lines
    in its journal that the record lacks: the computer stopped before the record's last
    rewrites reached the disk. Scoring it, or writing lines after it, would go on without
    them; ``burgundy play FILE`` puts them back (docs/errors.md, "The session's journal").
    A journal whose lines the record holds, or one that does not read, is left to the next
    table session; so is one a session still open has just added a line to, which it is
    rewriting the record with in that instant (the record's lock is held by another process:
    a crashed session holds none; ``locked``: this process holds it, so no session is open),
    the record read a line before it.

    :raises RecordError: at the record, naming the lines and the journal.
    """
    from burgundy_cli.core.lock import held
    from burgundy_cli.core.words import counted

    missing = lines_left_in_journal(path, session)
    if missing and (locked or not held(path)):
        journal = journal_path(path)
        raise RecordError(f"the record lacks the last {counted(len(missing), 'line')} its table session recorded "
                          f"in {journal} (the session did not end, and the record's last writes did not reach "
                          f"the disk): {' | '.join(missing)}",
                          location=Location(path),
                          hint=f"'burgundy play {path}' puts them back; deleting {journal} drops them")


def lines_left_in_journal(path: str, session: Session) -> list[str]:
    """The lines the journal beside the record at ``path`` holds and the record (replayed
    as ``session``) lacks, as the table session puts them back; none when there is no
    journal that reads, or the record differs from it otherwise (the next table session
    says what it finds)."""
    journal = journal_path(path)
    try:
        found = read_journal(journal)
        if found is None:
            return []
        answered, start = journal_record(*found, journal)
        helpers = table_helpers(session)
    except (OSError, RefereeError):
        return []
    return lacking(helpers.lines(answered), helpers.lines(session), start) or []


def journal_record(base: str, lines: list[str], path: str) -> tuple[Session, int]:
    """The record a journal at ``path`` answered for: its ``base`` with its ``lines`` played
    (up to one refused, which no session answered); and how many log lines the base had.

    :raises RefereeError: the base does not read.
    """
    answered = open_doc(parse_record_text(base, path), verify_result=False, journal=False)
    start = len(table_helpers(answered).lines(answered))
    for line in lines:
        try:
            answered.play(line)
        except RefereeError:
            break
    return answered, start


def check_edition(doc: RecordDoc, header: GameHeader, game: Game) -> None:
    """Refuse an ``edition`` the game does not list (the game picks one when none is given).

    :raises RecordError: located at ``[game] edition``, with the closest edition as a hint.
    """
    if header.edition is not None and game.editions and header.edition not in game.editions:
        from burgundy_cli.core.suggest import did_you_mean

        raise RecordError(f"unknown edition '{header.edition}' of {game.name}",
                          location=doc.location_of_key("game", "edition"),
                          hint=did_you_mean(header.edition, game.editions))


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
            from burgundy_cli.core.suggest import did_you_mean

            raise RecordError(f"[result] has an unknown field '{key}'",
                              location=doc.location_of_key("result", key),
                              hint=did_you_mean(key, computed))
        path = _first_difference(value, computed[key], ("result", key))
        if path is not None:
            # (in the words of the record's kind: a score pad or an end has no log to replay)
            source, edited = (("the final scores", "[final]") if "final" in doc.data else
                              ("the end of the game", "[end]") if "end" in doc.data else ("the replay", "the log"))
            raise RecordError(f"[result] {'.'.join(path[1:])} = {_shown_at(stored, path[1:])} disagrees "
                              f"with {source}, which give{'' if source.endswith('s') else 's'} "
                              f"{_shown_at(computed, path[1:])}",
                              location=doc.location_of_key(*path),
                              hint=f"if {edited} was edited on purpose, 'burgundy fmt --write {doc.name}' "
                                   "recomputes [result]")


def _shown_at(table: dict[str, Any], path: tuple[str, ...]) -> str:
    """The value at ``path`` in nested tables, shortened, or "nothing" where it is absent."""
    value: Any = table
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return "nothing"
        value = value[key]
    return toml_repr(value)


def _first_difference(stored: Any, computed: Any, path: tuple[str, ...]) -> tuple[str, ...] | None:
    """Key path of the first place where ``stored`` differs from ``computed``, else None.

    Tables are compared key by key so that a wrong score points at that player's line.
    """
    if isinstance(stored, dict) and isinstance(computed, dict):
        for key in list(stored) + [k for k in computed if k not in stored]:
            if key not in stored or key not in computed:
                return path + (key,)
            inner = _first_difference(stored[key], computed[key], path + (key,))
            if inner is not None:
                return inner
        return None
    same = stored == computed and type(stored) is type(computed)
    return None if same else path
