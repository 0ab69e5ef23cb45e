"""What each ``burgundy`` subcommand does, without a terminal: one function per subcommand.

A body takes its arguments as plain values and returns a
:class:`~burgundy_cli.console.Outcome` (what to say on stdout and stderr, the exit code,
and the files it wrote); it prints nothing and never exits the process. It raises a
:class:`~burgundy_cli.core.errors.RefereeError` for a failure that ends the command, which
:func:`burgundy_cli.console.run` turns into the one line a user sees. The typer commands
of :mod:`burgundy_cli.cli` call them.

Everything a body needs is imported inside it: ``burgundy score`` must not pay at start-up
for what ``burgundy playout`` uses.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from burgundy_cli.console import Outcome

if TYPE_CHECKING:
    from burgundy_cli.core.record import RecordDoc


def _json(value: object) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, sort_keys=False, default=_iso)


def _iso(value: object) -> str:
    """JSON for what TOML has and JSON lacks: dates and times as ISO 8601 text."""
    if hasattr(value, "isoformat"):
        return value.isoformat()
    raise TypeError(f"not JSON: {value!r}")


def score_file(path: str, as_json: bool, show_all: bool = False) -> str:
    """What ``burgundy score FILE`` prints for one record: the JSON object (with the record's
    date, place and event), or the table -- Rich on a terminal, plain text in a pipe."""
    import sys

    from burgundy_cli.core.session import open_record

    session = open_record(path)
    table = session.score()
    if as_json:
        from burgundy_cli.core.render import score_json

        return _json(score_json(table, session.header))
    from burgundy_cli.core.render import score_table_for
    from burgundy_cli.core.resultonly import game_mode, modules_of

    return score_table_for(table, sys.stdout, show_all, game_mode(modules_of(session.header)))


def score(paths: Sequence[str], as_json: bool = False, jobs: int = 0, show_all: bool = False) -> Outcome:
    """``burgundy score``: each record's score (or its error); the exit code is the worst.
    ``show_all``: ``--all``, every scoring category in the table.

    One record gives its table (or JSON object); several give one line (or JSON line)
    per record, errors on stderr, each as soon as it is scored (a stream: with stdout
    redirected and stderr a terminal, a progress bar counts the records).

    :raises RefereeError: one record that fails, or nothing to score.
    """
    from burgundy_cli.core.bulk import walk_records

    walk = walk_records(paths)
    files = walk.files
    if len(files) == 1 and not walk.skipped:
        import sys

        from burgundy_cli.core.render import wants_colour

        styled = not as_json and wants_colour(sys.stdout)  # a Rich table: its names made printable
        return Outcome().say(score_file(files[0], as_json, show_all), styled=styled)
    from burgundy_cli.core.bulk import score_many
    from burgundy_cli.core.render import by_place, outcome

    said = Outcome()

    def lines() -> Iterator[tuple[bool, str]]:
        for note in walk.notes():
            yield True, note + "\n"
        # (a line in words says how a solo or team game ended: ``starts`` reads the game's mode
        # and teams; the JSON lines stay the ``score --json`` objects)
        for result in score_many(files, jobs, starts=not as_json):
            said.ending(result.get("exit", 0))
            if as_json:
                yield False, _json(result) + "\n"
            elif "error" in result:
                yield True, f"burgundy: {result['error']}\n"
            else:
                totals = ", ".join(by_place(result["players"], result["complete"], result["mode"], result["teams"],
                                            start=result.get("start")))
                yield False, f"{result['file']}: {totals}; {outcome(result['complete'], result['winner'], result['tiebreak'], result['mode'], result['teams'])}\n"

    return said.stream(lines(), len(files), "scoring")


def summary(paths: Sequence[str | os.PathLike[str]], as_json: bool, jobs: int) -> Outcome:
    """``burgundy summary`` (deprecated, said on stderr: ``stats`` is the one command): verify
    many records and sum them up per game and player.

    Records that fail are listed (their errors on stderr, exit code the worst), not counted.
    On a terminal a progress bar counts the records while they are verified.

    :raises UsageError: a path named that does not exist (``score``'s words, "no such record
        file"), before anything is summed: a summary without it would pass for the whole.
    """
    from burgundy_cli.core.bulk import refuse_missing, score_many, walk_records
    from burgundy_cli.core.summary import DEPRECATED, summarise, summary_text

    refuse_missing(paths)
    walk = walk_records(paths)
    files = walk.files
    outcome = Outcome()

    def parts() -> Iterator[tuple[bool, str]]:
        yield True, DEPRECATED + "\n"
        for note in walk.notes():
            yield True, note + "\n"
        scored = []
        for result in score_many(files, jobs, starts=True):
            outcome.ending(result.get("exit", 0))
            scored.append(result)
            yield True, ""  # one record done: the progress bar moves
        summed = summarise(scored)
        yield False, (_json(summed) if as_json else summary_text(summed)) + "\n"
        for failed in (r for r in scored if "error" in r):
            yield True, f"burgundy: {failed['error']}\n"

    return outcome.stream(parts(), len(files), "verifying", bar_over_results=True)


def check(path: str, moves: Sequence[str], as_json: bool, why: bool = False, at: str | None = None) -> Outcome:
    """``burgundy check``: whether the last of ``moves`` is legal at the end of the record (or
    after the round, turn or line ``at``, as ``show --at`` takes it), after the ones before it
    played there in turn (in memory: nothing is written), and the rules it passed (``why``:
    their passages, a line each), or the rule that refuses it or a line before it (exit 1).

    :raises RefereeError: the record cannot be opened, or a usage error (``at`` not in it).
    """
    from burgundy_cli.core.errors import IllegalMoveError, RefereeError, UsageError, failure
    from burgundy_cli.core.verdicts import as_typed

    session = _opened(path, at, "check")
    after: list[str] = []   # the lines before the last, as played
    numbered = len(moves) > 1
    for index, move in enumerate(moves, start=1):
        try:
            judge = session.play if index < len(moves) else session.check   # a line read as the table reads it
            canonical = as_typed(session, move, judge)
            if index < len(moves):
                after.append(canonical)
                continue
        except RefereeError as err:
            if isinstance(err, UsageError):
                raise
            if as_json:
                rule = err.rule.id if isinstance(err, IllegalMoveError) else None
                return Outcome(code=1).say(_json({"legal": False, "rule": rule, "message": err.describe(),
                                                  "after": after}))
            return Outcome(code=1).warn(failure(err.at(move_location(move, index if numbered else None)))[0])
    from burgundy_cli.core.verdicts import legal_verdict

    verdict, effects, rules = legal_verdict(session, canonical, why and not as_json)
    if as_json:
        return Outcome().say(_json({"legal": True, "rule": None, "message": verdict, "effects": effects,
                                    "rules": rules, "after": after}))
    return Outcome().say("".join(f"after: {line}\n" for line in after) + verdict)


def _opened(path: str | os.PathLike[str], at: str | None, command: str):
    """The record at ``path`` replayed to its end, or to ``at``: after a round (``C3``), a turn
    (``T12``) or a line number of the file, the forms ``show --at`` takes.

    :raises RefereeError: the record cannot be opened, or is result-only (refused in the words
        of ``command``, core.resultonly.NEEDS: at its [final], not as the move's fault, nor as a
        check's verdict); a usage error: ``at`` is not in it.
    """
    if at is None:
        from burgundy_cli.core.record import read_record
        from burgundy_cli.core.session import open_doc

        return open_doc(read_record(path), refuse=command)
    from burgundy_cli.core.pictures import Timeline

    return Timeline(str(path), command).session_at(at)[0]


def move_location(line: str, index: int | None = None):
    """Where a move given on the command line stands: ``<move 2: TEXT>`` (``play``, the 2nd
    move) or ``<move: TEXT>`` (``check``), TEXT cut to 60 characters (the column counts in it)."""
    from burgundy_cli.core.errors import Location

    shown = line if len(line) <= 60 else line[:57] + "..."
    return Location(f"<move{'' if index is None else f' {index}'}: {shown}>")


def play(path: str, moves: Sequence[str], as_json: bool = False) -> Outcome:
    """``burgundy play``: check ``moves`` in order and append them to the record, atomically;
    then say what the record needs next.

    Nothing is written unless every line is legal, so the record on disk is never lost. The
    record is locked from reading to writing (:mod:`burgundy_cli.core.lock`), so two runs at
    once take turns instead of one losing the other's line. Each line is said as the table
    session says it, with what it did (``recorded: LINE -- EFFECTS``). With ``as_json``: one
    object with a verdict per line (its effects too), whether it wrote, and what is due.

    :raises RefereeError: the record cannot be opened, a move is not legal (located at it),
        or the record changed on disk meanwhile.
    """
    if as_json and not moves:
        # no lines to play: the same object with no verdicts, nothing written, and what is due
        # ("kind": "over" for a finished game), read as every one-shot command reads a record
        from burgundy_cli.core.verdicts import due

        return Outcome().say(_json({"verdicts": [], "written": False, "due": due(_opened(path, None, "play"))}))
    if as_json:
        from burgundy_cli.core.verdicts import play_verdicts

        result, code = play_verdicts(path, list(moves))
        outcome = Outcome(code).say(_json(result))
        return outcome.wrote(path) if result["written"] else outcome
    from burgundy_cli.core.errors import RefereeError
    from burgundy_cli.core.lock import locked
    from burgundy_cli.core.record import dump_record
    from burgundy_cli.core.session import open_doc
    from burgundy_cli.core.table import due_text
    from burgundy_cli.core.verdicts import play_said, recorded_text

    with locked(path) as record:
        doc = record.read()
        session = open_doc(doc, refuse="play")
        said = []
        for index, line in enumerate(moves, start=1):
            try:
                said.append(recorded_text(*play_said(session, line)))
            except RefereeError as err:
                raise err.at(move_location(line, index)) from None
        record.write(dump_record(session.record_data()))
    outcome = _comments_said(Outcome().wrote(path), path, doc)
    for text in said:
        outcome.say(text)
    return outcome.say(f"next: {due_text(session)}")


def _comments_said(outcome: Outcome, path: str | os.PathLike[str], doc: RecordDoc) -> Outcome:
    """``outcome``, saying (stderr) which TOML comments of the record ``doc`` a rewrite did not
    keep (:func:`~burgundy_cli.core.record.comments_not_kept`): they went silently."""
    from burgundy_cli.core.record import comments_not_kept

    lines = comments_not_kept(doc)
    if not lines:
        return outcome
    where = f"line {lines[0]}" if len(lines) == 1 else f"lines {', '.join(map(str, lines))}"
    return outcome.warn(f"burgundy: {path}:{lines[0]}: note: the TOML {'comment' if len(lines) == 1 else 'comments'} "
                        f"on {where} could not be kept: a rewritten record keeps only the comments at its top "
                        '(keep a remark in [game] notes, or in the log as a "# ..." line)')


def table_session(path: str) -> Outcome:
    """``burgundy play FILE`` with no lines: the interactive table session, on a terminal only.

    The session talks to the terminal itself (prompt_toolkit); its exit code ends the command.
    Without a terminal the record is opened all the same, so that what a person wants to know
    comes first: a record that cannot be read says why, a finished game says it is over with
    its final score (as the session does on opening it; exit 0: nothing was asked that cannot
    be done), and a game in progress is a usage error that says what is due next.

    :raises UsageError: not on a terminal, the game in progress; :raises RefereeError: the
        record cannot be opened.
    """
    import sys

    from burgundy_cli.core.errors import UsageError

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        from burgundy_cli.core.session import open_record

        session = open_record(path)
        table = session.score()
        if table.complete:
            from burgundy_cli.core.render import score_table_text
            from burgundy_cli.core.resultonly import game_mode, modules_of

            return Outcome().say(f"{path}: the game is over, nothing is left to play; its final score:\n"
                                 f"{score_table_text(table, mode=game_mode(modules_of(session.header)))}")
        from burgundy_cli.core.table import due_text

        raise UsageError(f"give the lines to play (next: {due_text(session)}), or run 'burgundy play FILE' on a "
                         "terminal for the table session", hint='burgundy play game.toml "anna: take 6 bank"')
    from burgundy_cli.core.tableui import run_session

    return Outcome(run_session(path))


def undo(path: str, count: int) -> Outcome:
    """``burgundy undo``: remove the last ``count`` lines of the record (under its lock).

    :raises RefereeError: the record cannot be opened or written, or has fewer than ``count``
        lines (``TooFewLines``, exit 1: nothing is removed).
    """
    from burgundy_cli.core.lock import locked
    from burgundy_cli.core.session import open_doc
    from burgundy_cli.core.table import due_text, rewritten_without_last

    with locked(path) as record:
        doc = record.read()
        session, removed, text = rewritten_without_last(open_doc(doc, refuse="undo"), count, path)
        record.write(text)
    outcome = _comments_said(Outcome().wrote(path), path, doc)
    for line in removed:
        outcome.say(f"undone: {line}")
    return outcome.say(f"next: {due_text(session)}")


def new(path: str, given: object, force: bool) -> Outcome:
    """``burgundy new``: create a record from ``given`` (a ``core.newrecord.NewRecord``),
    asking on a terminal for what is missing."""
    import sys

    from burgundy_cli.core.newrecord import create

    written: list[str] = []   # (another file than ``path``, named when its write failed)
    said = create(path, given, force=force, ask=sys.stdin.isatty() and sys.stdout.isatty(), written=written)
    return Outcome().wrote(written[-1] if written else path).say(said)


def show(path: str | os.PathLike[str], svg: str | os.PathLike[str] | None = None, as_json: bool = False,
         at: str | None = None, position: bool = False) -> Outcome:
    """``burgundy show``: the position at the end of the record (or ``at`` a round, turn or
    line), drawn as text, written as an SVG picture, printed as JSON, or printed as a small
    record starting from its ``[position]`` table."""
    if position:
        from burgundy_cli.core.position import position_record

        if as_json:
            from burgundy_cli.core.errors import UsageError

            raise UsageError("--position and --json both say what to print; choose one")

        outcome = Outcome()
        if svg is not None:
            from burgundy_cli.core import pictures

            _write_file(outcome, svg, pictures.board_svg(str(path), at), [path])
        return outcome.say(position_record(str(path), at), end="")
    if svg is None and not as_json and at is None:
        from burgundy_cli.core.session import open_record

        return Outcome().say(open_record(path).show())
    from burgundy_cli.core import pictures

    outcome = Outcome()
    if svg is not None:
        _write_file(outcome, svg, pictures.board_svg(str(path), at), [path])
    if as_json:
        outcome.say(_json(pictures.position_json(str(path), at)))
    elif svg is None:
        outcome.say(pictures.position_text(str(path), at))
    return outcome


def chart(path: str | os.PathLike[str], svg: str | os.PathLike[str] | None, as_json: bool) -> Outcome:
    """``burgundy chart``: each player's VP after every round or turn, as SVG, JSON or a table
    of one row per round (turn) when neither is asked for."""
    from burgundy_cli.core.pictures import chart_series

    series = chart_series(str(path))
    outcome = Outcome()
    if svg is not None:
        from burgundy_cli.core.chart import chart_svg

        _write_file(outcome, svg, chart_svg(series), [path])
    if as_json:
        outcome.say(_json(series))
    elif svg is None:
        from burgundy_cli.core.chart import chart_table

        outcome.say(chart_table(series))
    return outcome


def _write_file(outcome: Outcome, path: str | os.PathLike[str], text: str,
                inputs: Sequence[str | os.PathLike[str]] = ()) -> None:
    """Write an output file (atomically, or to a device or FIFO) and say so on stderr (stdout
    stays for ``--json``); never over one of ``inputs``, the files the command read, and
    with no record's size cap (an export may be large)."""
    from burgundy_cli.core.record import write_atomic

    write_atomic(path, text, record=False, inputs=inputs)
    outcome.wrote(path).warn(f"wrote {path}")


def export_bgstats(paths: Sequence[str | os.PathLike[str]], out: str | os.PathLike[str],
                   bgg_ids: Sequence[str] = ()) -> Outcome:
    """``burgundy export bgstats``: the complete games as a BG Stats import file.

    :raises UsageError: a ``--bgg-id`` that names no game or edition, or no id.
    """
    import json

    from burgundy_cli.core.export import bgstats, copies_left_out, merged_players, parse_bgg_ids, shared_ids
    from burgundy_cli.core.words import counted

    given = parse_bgg_ids(bgg_ids)
    outcome = Outcome()
    played, read = _played(outcome, paths)
    data = bgstats(played, given)
    for line in [*merged_players(played), *copies_left_out(played)]:
        outcome.warn(line)
    for line in shared_ids(played):   # (a play the app would lose: a record to mend, exit 1)
        outcome.warn(line).ending(1)
    _write_file(outcome, out, json.dumps(data, ensure_ascii=False, indent=1) + "\n", read)
    for game in data["games"]:
        if not game["bggId"]:
            outcome.warn(f"{game['name']}: no BoardGameGeek id known, exported as 0 (docs/export.md); "
                         "give it with --bgg-id GAME=ID, or link the game in the app")
    unfinished = sum(not record.table.complete and record.start != "position" for record in played)
    apart = _positions_left_out(played)
    return outcome.warn(f"{counted(len(data['plays']), 'play')}, {counted(unfinished, 'unfinished game')} left out"
                        f"{f', {apart}' if apart else ''}")


def _positions_left_out(played: Sequence[object]) -> str | None:
    """What an export says of the records that start from a position, which it leaves out (no
    game was played: a rulebook example, a disputed moment); None when there are none."""
    from burgundy_cli.core.words import counted

    positions = sum(record.start == "position" for record in played)
    return f"{counted(positions, 'position record')} (rulebook examples) left out: no games played" \
        if positions else None


def export_csv(paths: Sequence[str | os.PathLike[str]], out: str | os.PathLike[str] | None) -> Outcome:
    """``burgundy export csv``: one row per player per game with every scoring category."""
    from burgundy_cli.core.export import copies_left_out, csv_text

    outcome = Outcome()
    played, read = _played(outcome, paths)
    text = csv_text(played)
    for line in copies_left_out(played):
        outcome.warn(line)
    if out is None:
        outcome.say(text, end="")
    else:
        _write_file(outcome, out, text, read)
    apart = _positions_left_out(played)
    if apart:   # (as export bgstats says it: they have no rows)
        outcome.warn(apart)
    return outcome


def _played(outcome: Outcome, paths: Sequence[str | os.PathLike[str]]) -> tuple[list[object], list[str]]:
    """The verified records below ``paths``, and every file read (no output may replace one);
    each failure and each entry skipped is said on stderr, a failure ends with its code.

    :raises UsageError: a path named that does not exist, before anything is written.
    """
    from burgundy_cli.core.bulk import refuse_missing, walk_records
    from burgundy_cli.core.export import read_played

    refuse_missing(paths)
    walk = walk_records(paths)
    for note in walk.notes():
        outcome.warn(note)
    played, failed = read_played(walk.files)
    for bad in failed:
        outcome.warn(f"burgundy: {bad['error']}").ending(bad["exit"])
    return played, walk.files


def schema(game: str | None, out: str | os.PathLike[str] | None, path: bool = False) -> Outcome:
    """``burgundy schema``: the JSON Schema (draft-07) of a game's records, or of every game's;
    with ``path``, where the schema installed with the package is (one line per game).

    :raises UsageError: an unknown game.
    """
    import json
    from pathlib import Path

    from burgundy_cli.core.errors import RefereeError, UsageError
    from burgundy_cli.core.jsonschema import record_schema, schema_text
    from burgundy_cli.core.registry import GAMES, find_game

    if game is not None:
        try:
            find_game(game)
        except RefereeError as err:
            raise UsageError(err.message, hint=err.hint) from None
    names = [game.strip().lower()] if game is not None else list(GAMES)
    outcome = Outcome()
    if path:
        from burgundy_cli.core.newrecord import schema_path

        if out is not None:
            raise UsageError("--path and --out both say what to do; choose one")
        for name in names:
            outcome.say(str(schema_path(name)) if game is not None else f"{name}\t{schema_path(name)}")
    elif out is not None:
        # --out is a folder, one file a game in it: said so of a file or a missing folder, not
        # as "cannot write FILE/game.schema.json: Not a directory"
        if os.path.exists(out) and not os.path.isdir(out):
            raise UsageError(f"--out {out} is a file, not a folder; nothing was written",
                             hint="--out names the folder the schemas are written into, one file a game")
        if not os.path.isdir(out):
            raise UsageError(f"--out {out}: there is no such folder; nothing was written",
                             hint="make the folder first, or name one that exists")
        for name in names:
            _write_file(outcome, Path(out) / f"{name}.schema.json", schema_text(name))
    elif game is not None:
        outcome.say(schema_text(names[0]), end="")
    else:
        outcome.say(json.dumps({name: record_schema(name) for name in names}, ensure_ascii=False, indent=2))
    return outcome


def version() -> Outcome:
    """``burgundy --version``."""
    from burgundy_cli import __version__

    return Outcome().say(f"burgundy {__version__}")


def moves(path: str | os.PathLike[str], as_json: bool, every_line: bool = False, at: str | None = None) -> Outcome:
    """``burgundy moves``: the legal actions of the player to move at the end of the record
    (or after the round, turn or line ``at``, as ``check --at`` takes it), grouped;
    equivalent lines as one (a tile's spaces together: ``c3|d4``) unless ``every_line``.
    ``--json`` gives every line, as ``check`` and ``play`` take them."""
    from burgundy_cli.core.verdicts import due

    session = _opened(path, at, "moves")
    listing = session.legal_moves()
    if as_json:
        return Outcome().say(_json({"player": listing.player, "due": due(session), "moves": listing.moves}))
    if listing.player is None:
        meanwhile = listing.text(every_line) if listing.choices or listing.groups else ""
        return Outcome().say("\n".join(filter(None, [
            _nothing_to_move(due(session), session.header.players, bool(meanwhile)), meanwhile])))
    return Outcome().say(listing.text(every_line))


def _nothing_to_move(due: dict[str, object], players: Sequence[str], meanwhile: bool = False) -> str:
    """What ``moves`` says when no player is to move: the table line due (a roll, a new
    phase's reveals and goods) in the notation, or that the game is over (with no moves left
    unless ``meanwhile``: a line a player may still say, the crane's type at the end)."""
    roll = "roll white <die> good <type>, " + ", ".join(f"{name} <die> <die>" for name in players)
    if due.get("kind") == "roll":
        return f"no player moves now: the table rolls next: {roll}"
    if due.get("kind") == "phase":
        return ("no player moves now: a phase starts: the table may record its depots "
                "(reveal <depot|black> <tile> ...) and goods (goods <type> <type> <type> <type> <type>), "
                f"then rolls: {roll}")
    return "the game is over" if meanwhile else "the game is over: no moves"


def fmt(path: str | os.PathLike[str], write: bool, as_json: bool = False) -> Outcome:
    """``burgundy fmt``: the record in canonical form (its ``#:schema`` line kept), printed,
    printed as JSON, or written back atomically under the record's lock (a ``play`` run
    meanwhile is not overwritten)."""
    from burgundy_cli.core.directive import keep_directive
    from burgundy_cli.core.record import dump_record
    from burgundy_cli.core.session import open_doc

    if write:
        from burgundy_cli.core.lock import locked

        with locked(path) as record:
            doc = record.read()
            data = open_doc(doc, verify_result=False).record_data()
            record.write(dump_record(data))
        outcome = _comments_said(Outcome().wrote(path), path, doc)
        return outcome.say(_json(data)) if as_json else outcome
    from burgundy_cli.core.record import read_record

    doc = read_record(path)
    data = open_doc(doc, verify_result=False).record_data()
    if as_json:
        return Outcome().say(_json(data))
    return Outcome().say(keep_directive(doc.text, dump_record(data)), end="")


def playout(game: str, players: int, seed: int, out: str | os.PathLike[str], edition: str | None,
            stop_after: int | None, as_json: bool = False, modules: str | None = None,
            force: bool = False) -> Outcome:
    """``burgundy playout``: deal a game from ``seed``, play it out, write the record.
    ``modules``: the expansion modules to play with, comma-separated (Castles 2019). An
    existing file is replaced only with ``force`` (as ``burgundy new``).

    :raises UsageError: an unknown game, edition or module.
    """
    from burgundy_cli.core.errors import RefereeError, UsageError
    from burgundy_cli.core.record import dump_record, write_atomic
    from burgundy_cli.core.registry import find_game

    try:
        found = find_game(game)
    except RefereeError as err:
        raise UsageError(err.message, hint=err.hint) from None
    if edition is not None and not found.editions:   # (no list of editions to name: "editions: " and nothing)
        raise UsageError(f"{found.name} has a single edition; leave out --edition")
    if edition is not None and edition not in found.editions:
        raise UsageError(f"unknown edition '{edition}' for {game}; editions: {', '.join(found.editions)}")
    named = tuple(name.strip() for name in (modules or "").split(",") if name.strip())
    if named and found.name != "castles-of-burgundy":
        raise UsageError(f"{found.name} has no expansion modules", hint="leave out --modules")
    if players == 1 and "solo-game" not in named:
        raise UsageError("--players 1 is The Castles of Burgundy's solo game", hint="add --modules solo-game")
    try:
        extra = {"modules": named} if named else {}  # (a game without modules takes no such argument)
        data = found.playout(players, seed, edition=edition, stop_after=stop_after, **extra)
    except RefereeError as err:
        raise UsageError(f"--modules: {err.message}", hint=err.hint) from None
    write_atomic(out, dump_record(data), replace=force)
    outcome = Outcome().wrote(out)
    if as_json:
        return outcome.say(_json({"file": str(out), "game": found.name, "edition": data["game"].get("edition"),
                                    "players": data["game"]["players"], "seed": seed, "result": data["result"]}))
    return outcome.say(f"wrote {out}")
