"""A legal line's verdict as ``check`` words it, what a line recorded did as the table session
and ``play`` say it, ``play --json`` and the legal moves offered by shell completion; and a
line typed without its player's name read as the player to move's (:func:`as_typed`), at the
table and by ``check`` alike.

``play --json`` reports a verdict for each line (legal or not, the canonical line, the
rule that refuses it) and what the record expects next, as one JSON object; as with
``play``, nothing is written unless every line is legal. Completion offers the legal lines
of the record's player to move, so a table can type ``burgundy check game.toml "anna: t<TAB>``.
"""

from __future__ import annotations

from dataclasses import replace

from burgundy_cli.core.errors import IllegalMoveError, ParseError, RefereeError, UsageError
from burgundy_cli.core.registry import game_module, table_helpers

TYPE_CHECKING = False  # (not typing's: `burgundy moves` imports this module before its game)
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

    from burgundy_cli.core.game import Session


def legal_verdict(session: Any, canonical: str, why: bool = False) -> tuple[str, list[str], list[dict[str, str]]]:
    """The verdict on a line found legal as ``canonical`` (:func:`as_typed` read it):
    ``legal: LINE -- the rules it passed -- what it does``, with ``why`` each rule's passage a
    line after it (the one wording of ``burgundy check`` and of ``check`` at the table
    session's prompt); and the effects and rules themselves (``check --json``)."""
    effects = session.effects(canonical) if hasattr(session, "effects") else []
    rules = session.rules_passed(canonical) if hasattr(session, "rules_passed") else []
    because = "; ".join(f"{rule['why']} ({rule['id']})" for rule in rules)
    verdict = f"legal: {canonical}" + (f" -- {because}" if because else "") + (f" -- {'; '.join(effects)}" if effects else "")
    if why:
        verdict += "".join(f'\n  {rule["id"]}: "{rule["text"]}" [{rule["ref"]}]' for rule in rules)
    return verdict, effects, rules


def play_said(session: Any, text: str) -> tuple[str, list[str] | None]:
    """Play ``text`` on ``session`` (read as the table reads it, :func:`as_typed`): its
    canonical line, and what it did as the table session says it (:func:`line_effects`; None
    for a game without a table module, which says nothing of a line). What one-shot
    ``burgundy play`` and ``play --json`` tell of each line.

    :raises RefereeError: the line does not read or is not legal (the session is unchanged).
    """
    try:
        helpers = table_helpers(session)
    except UsageError:
        return as_typed(session, text, session.play), None
    before = helpers.snapshot(session)
    line = as_typed(session, text, session.play)
    return line, line_effects(helpers, before, session, line)


def line_effects(helpers: ModuleType, before: object, session: Any, line: str) -> list[str]:
    """What the recorded ``line`` did, a phrase each, read off the position ``before`` it
    (``helpers.snapshot``) and now by the game's table module (``helpers.effects``); nothing
    for a comment-only line."""
    if _comment_only(line):
        return []
    return helpers.effects(before, session, line)


def recorded_text(line: str, effects: list[str] | None) -> str:
    """The answer to a line recorded: ``recorded: LINE -- what it did`` (its ``effects``, or
    that it is a comment kept, or that nothing changed); just ``recorded: LINE`` when the game
    cannot say (``effects`` None). The one wording of the table session and one-shot ``play``."""
    if effects is None:
        return f"recorded: {line}"
    did = "a comment, kept in the log" if _comment_only(line) else "; ".join(effects) or "nothing changed on the table"
    return f"recorded: {line} -- {did}"


def _comment_only(line: str) -> bool:
    """Whether the recorded ``line`` is a comment and nothing else (``# a note``)."""
    from burgundy_cli.core.replay import split_comment

    body, comment = split_comment(line)
    return comment is not None and not body.strip()


def due(session: Any) -> dict[str, Any]:
    """What the record expects next, in the form of ``show --json``'s ``due``."""
    return game_module(session.header.name, "svg").due_data(session.state)


def play_verdicts(path: str, moves: list[str]) -> tuple[dict[str, Any], int]:
    """Check ``moves`` in order and, when all are legal, append them to the record.

    Returns the ``play --json`` object -- ``verdicts`` (one per line up to the first
    refused one; a line played says what it did as the table session does, ``message`` and
    ``effects``, a refused one has no effects), ``written``, ``due`` (what is expected after
    the lines accepted: at a refused line, what it should have been) -- and the exit code (1
    when a line was refused).

    :raises RefereeError: the record cannot be opened or written.
    """
    from burgundy_cli.core.lock import locked
    from burgundy_cli.core.record import dump_record
    from burgundy_cli.core.session import open_doc

    with locked(path) as record:
        session = open_doc(record.read(), refuse="play")   # (a result-only record: its fault, not a verdict)
        verdicts: list[dict[str, Any]] = []
        for move in moves:
            try:
                line, effects = play_said(session, move)
            except RefereeError as err:
                if isinstance(err, UsageError):
                    raise
                rule = err.rule.id if isinstance(err, IllegalMoveError) else None
                verdicts.append({"move": move, "legal": False, "line": None, "rule": rule,
                                 "message": err.describe(), "effects": []})
                return {"verdicts": verdicts, "written": False, "due": due(session)}, 1
            verdicts.append({"move": move, "legal": True, "line": line, "rule": None,
                             "message": recorded_text(line, effects), "effects": effects or []})
        record.write(dump_record(session.record_data()))
    return {"verdicts": verdicts, "written": True, "due": due(session)}, 0


def legal_completions(path: str, before: list[str], incomplete: str) -> list[str]:
    """The legal lines after playing ``before`` on the record at ``path`` that start with
    ``incomplete`` (ignoring case); nothing when the record or a line does not read.

    As in the table session (:meth:`MoveList.completions`), a Castles placement with many
    granted continuations not yet reached by ``incomplete`` is offered as ``<line> then ``,
    and its continuations once ``incomplete`` reaches them: no listing of every line; a
    table line is completed where the game completes it word by word (a Castles reveal)."""
    from burgundy_cli.core.registry import table_helpers
    from burgundy_cli.core.session import open_record

    wanted = incomplete.casefold()
    try:
        session = open_record(path)
        for line in before:
            session.play(line)
        offered = session.legal_moves().completions(wanted)
        offered += [put for put, _ in table_helpers(session).table_completions(session, incomplete)]
    except Exception:  # noqa: BLE001 - completion offers nothing rather than an error in the shell
        return []
    return [move for move in offered if move.casefold().startswith(wanted)]


def _column(err: RefereeError) -> int:
    """The column ``err`` points at (0: none): how far the reading it ends got."""
    return (err.location.column or 0) if err.location is not None else 0


def as_typed(session: Session, text: str, judge, mover=None):
    """``judge(text)`` (the session's check or play); a line that does not read and names
    no player is read as the player to move's (``mover()``, by default the legal moves'
    player: ``take 6 bank``; Tab completes it so too) -- at the table, by ``burgundy check``
    and by one-shot ``burgundy play`` alike.
    When that reading does not read either, the error said is the one about what was
    typed: the line's own when it begins with a player's name (``Anna tkae 3``), else the
    player's reading's, its column counted in the line as typed (``lay lake``: the cell it
    lacks, not an action called ``lake``), unless the line's own reading got further (a
    table line stopping short while a late buyer may still buy: ``roll white 3``, whose
    own error is at its end, the player's at its first word)."""
    try:
        return judge(text)
    except ParseError as err:
        player = None if ":" in text or not text.strip() else (mover or (lambda: session.legal_moves().player))()
        # (an empty line: its own error)
        if player is None:
            raise
        first = err
    prefix = f"{player}: "
    try:
        return judge(prefix + text)
    except ParseError as err:
        theirs = _without_prefix(err, len(prefix))
        if _begins_with_a_player(session, text) or _column(first) > _column(theirs):
            raise first from None
        raise theirs from None
    except RefereeError as err:   # refused by a rule: placed at its word as typed, too
        raise _without_prefix(err, len(prefix)) from None


def _begins_with_a_player(session: Session, text: str) -> bool:
    """Whether ``text`` begins with a player's name and a space, the name spelt as the
    notation matches names (``core.words.player_key``)."""
    from burgundy_cli.core.words import player_key

    typed = player_key(text)
    return any(typed.startswith(player_key(name) + " ") for name in session.header.players)


def _without_prefix(err: RefereeError, length: int) -> RefereeError:
    """``err``, the error of a line read with ``length`` characters put before it (the player's
    name), its column counted in the line as typed."""
    location = err.location
    if location is None or not location.column or location.column <= length:
        return err
    column = location.column - length
    err.location = replace(location, column=column)
    return err
