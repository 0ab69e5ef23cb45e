"""``burgundy new FILE``: a new record from flags, asking on a terminal for what is missing.

The answers are turned into the record's tables, then the record is read back exactly as
every command reads one (the game's own setup checks, then the replay of an empty log);
only a record that opens is written, so a new record always scores as an empty game. On a
terminal, a refused answer is explained and asked again; without one, the error is the
command's answer. The file is never replaced unless ``--force`` says so.

``--result`` makes a result-only record instead (:mod:`burgundy_cli.core.resultonly`): the
same header, then a ``[final]`` table of the final scores asked for (``--scores``), with the
tiebreak figures, a team game's teams and a solo game's outcome where given; it is checked
as every command reads it (scores for every player, counts the game is played by, a stated
winner that follows the tiebreak) before it is written.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import datetime as _dt
import os
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from burgundy_cli.core.errors import RefereeError, UsageError
from burgundy_cli.core.record import dump_record, parse_record_text, write_atomic
from burgundy_cli.core.registry import find_game
from burgundy_cli.core.session import open_doc


@dataclass(frozen=True, slots=True)
class NewRecord:
    """The answers: each ``None`` until given (by a flag or at the terminal)."""

    game: str | None = None
    edition: str | None = None
    players: str | None = None
    boards: str | None = None
    start: str | None = None
    goods: str | None = None
    start_player: str | None = None
    modules: str | None = None
    shields: str | None = None
    routes: str | None = None
    teams: str | None = None
    layout: list[str] | None = None
    hands: str | None = None
    date: str | None = None
    place: str | None = None
    event: str | None = None
    result: bool = False            #: a result-only record: the final scores, no moves
    scores: str | None = None       #: its final scores: anna=182,bob=170
    tiebreak: str | None = None     #: the tiebreak figure of tied players: anna=2,bob=3
    won: str | None = None          #: a solo game: yes (won against the target) or no


#: Answers asked only when the record plays a module: answer -> that module.
FOR_MODULE = {"shields": "shields", "routes": "trade-routes", "teams": "team-game", "won": "solo-game"}

#: The questions every game asks last: when, where and why the game is played. The date's
#: default, ``today``, is the day the record is made.
WHEN_AND_WHERE: list[tuple[str, str, str | None]] = [
    ("date", "date played, YYYY-MM-DD", "today"),
    ("place", "where it is played (empty: not said)", ""),
    ("event", "event, e.g. league night or a tournament round (empty: none)", ""),
]

#: Per game: the questions asked, in order, as (field, question, default or None if required).
QUESTIONS: dict[str, list[tuple[str, str, str | None]]] = {
    "castles-of-burgundy": [
        ("edition", "edition (2011 or 2019)", "2019"),
        ("players", "players in seat order, clockwise (e.g. anna,bob)", None),
        ("boards", "duchy board: 1 for everyone, or per player anna=3,bob=5 (experienced players)", "1"),
        ("start", "start castle spaces, e.g. anna=c2 (empty: the central castle)", ""),
        ("goods", "each player's 3 starting goods tiles, e.g. anna=1 2 3,bob=4 5 6", None),
        ("start_player", "start player (empty: the first listed)", ""),
        ("modules", "2019 expansion modules, comma-separated (empty: the base game)", ""),
        ("shields", "shields lying face up on each depot, e.g. 1=4,2=7 12,3=9,... (shields module)", ""),
        ("routes", "each player's trade route, spaces left to right split by ;, e.g. "
                   "anna=5 silver-2;2 church;...,bob=... (trade-routes module)", ""),
        ("teams", "the two teams, first and second player each, e.g. A=anna cara,B=ben dario (team-game module; "
                  "goods and start then by team: A=1 2 3,B=4 5 6)", ""),
        *WHEN_AND_WHERE,
    ],
    "robber-knights": [
        ("players", "players in seat order, clockwise (e.g. red,blue)", None),
        ("layout", "starting layout, rows separated by / (e.g. red:castle-plain blue:lake / blue:plain red:plain)",
         None),
        ("hands", "each player's 2 tiles in hand, e.g. red=castle-plain plain,blue=castle-forest lake", None),
        *WHEN_AND_WHERE,
    ],
}


#: The questions of a result-only record (``new --result``), per game: who played, then the
#: final scores, then what decides a tie, a team game's teams and a solo game's outcome.
RESULT_QUESTIONS: dict[str, list[tuple[str, str, str | None]]] = {
    "castles-of-burgundy": [
        ("edition", "edition (2011 or 2019)", "2019"),
        ("players", "players in seat order, clockwise (e.g. anna,bob)", None),
        ("modules", "2019 expansion modules, comma-separated (empty: the base game)", ""),
        ("scores", "each player's final score, e.g. anna=182,bob=170", None),
        ("tiebreak", "for players tied on points, their empty duchy spaces, e.g. anna=2,bob=3 (empty: no tie)", ""),
        ("teams", "the two teams, e.g. A=anna cara,B=ben dario (team-game module)", ""),
        ("won", "solo game won against its target? yes or no (solo-game module)", None),
        *WHEN_AND_WHERE,
    ],
    "robber-knights": [
        ("players", "players in seat order, clockwise (e.g. red,blue)", None),
        ("scores", "each player's final score, e.g. red=18,blue=15", None),
        ("tiebreak", "for players tied on points, their knights left, e.g. red=2,blue=0 (empty: no tie)", ""),
        *WHEN_AND_WHERE,
    ],
}


class AnswerError(UsageError):
    """An answer that cannot be split into its parts; ``key`` says which answer."""

    def __init__(self, key: str, message: str, hint: str | None = None) -> None:
        super().__init__(f"{key.replace('_', ' ')}: {message}", hint=hint)
        self.key = key


def _pairs(text: str, key: str) -> dict[str, str]:
    """``anna=1 2 3,bob=4 5 6`` as ``{"anna": "1 2 3", ...}``.

    :raises AnswerError: an entry without ``=``.
    """
    pairs = {}
    for part in filter(str.strip, text.split(",")):
        name, equals, value = part.partition("=")
        if not equals or not name.strip():
            raise AnswerError(key, f"'{part.strip()}' should be name=value", hint=_example(key))
        pairs[name.strip()] = value.strip()
    return pairs


def _example(key: str) -> str:
    """The example the question for ``key`` gives (``e.g. ...``), else the goods' one."""
    for questions in (*QUESTIONS.values(), *RESULT_QUESTIONS.values()):
        for asked, question, _ in questions:
            if asked == key and "e.g. " in question:
                return "e.g. " + question.partition("e.g. ")[2].partition(" (")[0]
    return "e.g. anna=1 2 3,bob=4 5 6"


def _number(text: str) -> int | str:
    """A whole number as an int; anything else as typed, for the game's check to refuse."""
    return int(text) if text.strip().isdigit() else text.strip()


def played_on(text: str | None) -> _dt.date:
    """The ``--date`` answer as a date: ``today`` (or nothing) is the day the record is made.

    :raises AnswerError: text that is no ISO date.
    """
    if text is None or text.strip().lower() in ("", "today"):
        return _dt.date.today()
    try:
        return _dt.date.fromisoformat(text.strip())
    except ValueError:
        raise AnswerError("date", f"'{text.strip()}' is not a date", hint="e.g. 2026-12-05 (YYYY-MM-DD)") from None


def header_data(answers: NewRecord) -> dict[str, Any]:
    """The ``[game]`` table from the answers: name, edition, players, then the date (today
    unless given), place and event, and the game's ``uuid``, made once here: the exports'
    play ids derive from it, so the record keeps its identity when edited later."""
    players = [name.strip() for name in (answers.players or "").split(",") if name.strip()]
    game: dict[str, Any] = {"name": answers.game}
    if answers.edition and answers.game != "robber-knights":
        game["edition"] = answers.edition
    game["players"] = players
    game["date"] = played_on(answers.date)
    for key in ("place", "event"):
        value = (getattr(answers, key) or "").strip()
        if value:
            game[key] = value
    game["uuid"] = str(uuid.uuid4())
    modules = [name.strip() for name in (answers.modules or "").split(",") if name.strip()]
    if modules and answers.game != "robber-knights":
        game["options"] = {"modules": modules}   # a list, as in every record (the team game's too)
    return game


def record_data(answers: NewRecord) -> dict[str, Any]:
    """The record's tables from the answers (unchecked: opening the record checks them).

    :raises UsageError: an answer that cannot even be split into its parts.
    """
    game = header_data(answers)
    if answers.game == "robber-knights":
        rows = [row.strip() for text in answers.layout or [] for row in text.split("/") if row.strip()]
        hands = {name: value.split() for name, value in _pairs(answers.hands or "", "hands").items()}
        return {"game": game, "setup": {"layout": rows, "hands": hands}}
    setup: dict[str, Any] = {}
    default = "12a" if answers.teams else "1"  # (2019 team game: the shipped team board)
    boards = (answers.boards or default).strip()
    if answers.teams and boards == "1":
        boards = default
    setup["boards"] = {name: _number(value) for name, value in _pairs(boards, "boards").items()} \
        if "=" in boards else _number(boards)
    if answers.start:
        setup["start"] = _pairs(answers.start, "start")
    setup["goods"] = {name: [_number(g) for g in value.split()]
                      for name, value in _pairs(answers.goods or "", "goods").items()}
    if answers.start_player:
        setup["start_player"] = answers.start_player.strip()
    if answers.shields:
        setup["shields"] = {depot: [_number(n) for n in value.split()]
                            for depot, value in _pairs(answers.shields, "shields").items()}
    if answers.routes:
        setup["routes"] = {name: [space.strip() for space in value.split(";") if space.strip()]
                           for name, value in _pairs(answers.routes, "routes").items()}
    if answers.teams:
        setup["teams"] = {team: value.split() for team, value in _pairs(answers.teams, "teams").items()}
    return {"game": game, "setup": setup}


def final_data(answers: NewRecord) -> dict[str, Any]:
    """The tables of a result-only record from the answers: ``[game]`` and ``[final]``
    (unchecked: opening the record checks them).

    :raises AnswerError: a score or tiebreak figure that is no whole number, a solo game's
        outcome that is neither yes nor no.
    """
    game = header_data(answers)
    figures = {}
    for key in ("scores", "tiebreak"):
        figures[key] = {}
        for name, value in _pairs(getattr(answers, key) or "", key).items():
            number = value.strip().lstrip("-")
            if not number.isdigit():
                raise AnswerError(key, f"{name}={value}: a whole number is wanted", hint=_example(key))
            figures[key][name] = int(value)
    final: dict[str, Any] = {"scores": {name: {"total": total, **({"tiebreak": figures["tiebreak"][name]}
                                                                  if name in figures["tiebreak"] else {})}
                                        for name, total in figures["scores"].items()}}
    if answers.teams:
        final["teams"] = {team: value.split() for team, value in _pairs(answers.teams, "teams").items()}
    if answers.won is not None:
        said = answers.won.strip().lower()
        if said not in ("yes", "no", "won", "lost", "true", "false"):
            raise AnswerError("won", f"'{answers.won.strip()}': say yes (won against the target) or no")
        final["won"] = said in ("yes", "won", "true")
    return {"game": game, "final": final}


def checked_text(path: str, answers: NewRecord) -> tuple[str, Any]:
    """The new record's canonical text and its session, read back as every command reads it.

    :raises RefereeError: the answers do not make a record the game accepts.
    """
    doc = parse_record_text(dump_record(final_data(answers) if answers.result else record_data(answers)), path)
    session = open_doc(doc)
    return dump_record(session.record_data()), session


#: Where in a record each answer goes, as the game's errors name it.
_WHERE = {"edition": "edition", "players": "game.players", "boards": "setup.boards", "start": "setup.start",
          "goods": "setup.goods", "start_player": "start_player", "modules": "game.options",
          "shields": "setup.shields", "routes": "setup.routes", "teams": "setup.teams",
          "layout": "setup.layout", "hands": "setup.hands", "date": "game.date", "place": "game.place",
          "event": "game.event", "scores": "final.scores", "tiebreak": "final", "won": "final"}


def _blamed(err: RefereeError, questions: list[tuple[str, str, str | None]]) -> list[str]:
    """The answers an error is about, else every one."""
    if isinstance(err, AnswerError):
        return [err.key]
    message = str(err)
    named = [key for key, _, _ in questions
             if _WHERE[key] + "]" in message or _WHERE[key] + "." in message or _WHERE[key] + " " in message]
    return named or [key for key, _, _ in questions]


def create(path: str, given: NewRecord, *, force: bool = False, ask: bool = False,
           read: Callable[[str], str] = input, say: Callable[[str], None] = print) -> str:
    """Make the record at ``path`` from ``given``, asking through ``read`` when ``ask`` is set;
    the line that says what was written.

    :raises UsageError: ``path`` exists (without ``force``), or a required answer is missing
        without a terminal to ask; :raises RefereeError: the game refuses the record.
    """
    if os.path.lexists(path) and not force:
        raise UsageError(f"{path} already exists; nothing was written", hint="--force replaces it")
    answers = given
    if answers.game is None:
        answers = replace(answers, game=_ask("game (castles-of-burgundy or robber-knights)", "castles-of-burgundy",
                                            read) if ask else None)
    if answers.game is None:
        raise UsageError("say which game: --game castles-of-burgundy or --game robber-knights")
    try:
        game = find_game(answers.game)
    except RefereeError as err:
        raise UsageError(err.message, hint=err.hint) from None
    answers = replace(answers, game=game.name)
    questions = (RESULT_QUESTIONS if answers.result else QUESTIONS)[game.name]
    missing = [key for key, _, _ in questions if getattr(answers, key) is None]
    if not any(default is None for key, _, default in questions if key in missing):
        ask = False                  # everything required was given: the rest takes its default
    while True:
        for key, question, default in questions:
            if key in missing and _asked(key, answers):
                answers = replace(answers, **{key: _answer(key, question, default, ask, read)})
        try:
            text, session = checked_text(path, answers)
            break
        except RefereeError as err:
            if not ask:
                raise
            say(f"not a record yet: {err.describe()}")
            missing = _blamed(err, questions)
    write_atomic(path, schema_directive(path, game.name) + text, replace=force)
    from burgundy_cli.core.table import due_text

    if answers.result:
        return f"wrote {path}: {game.name}, result only: " + \
            ", ".join(f"{line.name} {line.total}" for line in session.score().players)
    return f"wrote {path}: {game.name}, {', '.join(session.header.players)}; next: {due_text(session)}"


def _asked(key: str, answers: NewRecord) -> bool:
    """An answer a module needs is asked only when the answers so far name that module."""
    module = FOR_MODULE.get(key)
    return module is None or module in (answers.modules or "")


def _answer(key: str, question: str, default: str | None, ask: bool, read: Callable[[str], str]) -> Any:
    """One answer: asked when there is a terminal, else the default (or an error if required)."""
    if not ask:
        if default is None:
            raise UsageError(f"missing --{key.replace('_', '-')}: {question}")
        return default or None
    text = _ask(question, default, read)
    if key == "layout":
        return [text] if text else None
    return text or None


def _ask(question: str, default: str | None, read: Callable[[str], str]) -> str:
    """Ask until an answer is given (a default counts).

    :raises UsageError: the input ended (Ctrl-D) before an answer.
    """
    while True:
        suffix = f" [{default}]" if default else ""
        try:
            text = read(f"{question}{suffix}: ").strip()
        except EOFError:
            raise UsageError("no answer (the input ended); nothing was written") from None
        if text or default is not None:
            return text or (default or "")


def schema_path(game: str) -> Path:
    """The JSON Schema of ``game``'s records installed with the package (``burgundy_cli/schemas``),
    by its absolute path: what ``burgundy schema --path`` prints and ``new`` points at."""
    return Path(__file__).resolve().parents[1] / "schemas" / f"{game}.schema.json"


def schema_directive(path: str, game: str) -> str:
    """The ``#:schema`` first line that hooks a new record to its game's JSON Schema, so a
    TOML editor checks and completes it (docs/records.md, "Editor support"): the schema
    installed with the package, by its absolute path, which still resolves when the record
    is moved (and in a non-editable install, where no checkout is beside the package);
    nothing when that file is not there."""
    from burgundy_cli.core.directive import DIRECTIVE

    schema = schema_path(game)
    if not schema.is_file():
        return ""
    return f"{DIRECTIVE}{schema.as_posix()}\n"
