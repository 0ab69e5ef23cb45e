"""``burgundy new FILE``: a new record from flags, asking on a terminal for what is missing.

The answers are turned into the record's tables, then the record is read back exactly as
every command reads one (the game's own setup checks, then the replay of an empty log);
only a record that opens is written, so a new record always scores as an empty game. On a
terminal (a prompt_toolkit prompt: line editing, history, Tab for the choices) each answer
is checked as it is given, the answers still to come stood in for (:func:`_stand_ins`), and
a refused one is explained in the table's words and only that question asked again, the
refused answer on the line to be mended; the questions and their defaults follow the
answers before them (a 2011 game is never asked about modules; the solo game defaults to
its duchy; the team game asks for its teams before the goods, dealt per team; the trade
routes are asked card by card). Without a terminal, the refusal is the command's answer.
The file is never replaced unless ``--force`` says so.
``--result`` makes a result-only record instead (:mod:`burgundy_cli.core.resultonly`): the
same header, then a ``[final]`` table of the final scores asked for (``--scores``), with the
tiebreak figures, a team game's teams and a solo game's outcome where given; it is checked
as every command reads it (scores for every player, counts the game is played by, a stated
winner that follows the tiebreak) before it is written.
``--end`` makes an end-of-game record (docs/records.md, "End-of-game records"): the same header,
then an ``[end]`` table of the box as it lies at the game's end, asked in the order the box is
tidied away (each duchy, the shields on its castles, the bonus tiles, the goods sold, each trade
route card by card and the goods on it, the team game's shared storage, the goods, silverlings and
workers left, the solo game's removed tiles, and last the VP track on the game board, with the solo
game's VP counter and target marker; Robber Knights: the castles, villages and towns each
player's knight is on top of and the knights left, or the whole map by flag; the team game
asks for its teams first and for the team's property per team), each answer checked as it is
given by the game's own checks of a position.
On a terminal, without ``--result`` or ``--end``, the first question after the game says which
of the three is made.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
import datetime as _dt
import os
import re
import uuid
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from burgundy_cli.core.errors import RecordError, RefereeError, UsageError
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
    colours: str | None = None
    date: str | None = None
    place: str | None = None
    event: str | None = None
    result: bool = False            #: a result-only record: the final scores, no moves
    scores: str | None = None       #: its final scores: anna=182,bob=170
    tiebreak: str | None = None     #: the tiebreak figure of tied players: anna=2,bob=3
    won: str | None = None          #: a solo game: yes (won: the duchy filled) or no
    end: bool = False               #: an end-of-game record: the box as it lies at the end
    duchy: str | None = None        #: its duchies: anna=c3:bank c4:k22,bob=...
    castle_shields: str | None = None  #: its shields on castles: anna=d4:13 b3:10
    borrowed: str | None = None     #: shield 6: the player each holder chose, anna=ben
    shields_removed: str | None = None  #: the shields removed from the game (tribute unpaid): 4 12
    bonuses: str | None = None      #: its bonus tiles: anna=grey-large,bob=blue-small
    sold: str | None = None         #: its goods sold, a tile each: anna=1 1 4
    goods_left: str | None = None   #: its goods left in storage, a tile each: anna=5 5 6
    silver: str | None = None       #: its silverlings left: anna=3,bob=0
    workers: str | None = None      #: its workers left: anna=5,bob=1
    vp: str | None = None           #: its VP track: anna=98,bob=87
    shared: str | None = None       #: the team game: each team's shared storage, A=ship cow3,B=
    route_goods: str | None = None  #: its goods on each trade route, left to right: anna=4 4 2
    tiles_removed: str | None = None  #: the solo game: the hex tiles the rounds removed, in order
    goods_removed: str | None = None  #: the solo game: the goods tiles ships and exchanges removed
    vp_counter: str | None = None   #: the solo game: where the VP counter stands
    target_marker: str | None = None  #: the solo game: where the target VP marker stands
    resets: str | None = None       #: the solo game: how often the counter was reset
    bridge: str | None = None       #: the turn order on the bridge at the end, first to last: ben,anna
    map: str | None = None          #: Robber Knights: the map at the end, tile entries split by ;
    control: str | None = None      #: Robber Knights: what each knight on top holds: anna=3 castles 1 town
    knights: str | None = None      #: Robber Knights: knights left in front: anna=4,bob=8


#: Answers asked only when the record plays a module: answer -> that module.
FOR_MODULE = {"teams": "team-game", "shared": "team-game", "shields": "shields", "shields_removed": "shields",
              "routes": "trade-routes", "route_goods": "trade-routes", "won": "solo-game", "tiles_removed": "solo-game",
              "goods_removed": "solo-game", "vp_counter": "solo-game", "target_marker": "solo-game", "resets": "solo-game"}

#: The questions every game asks last: when, where and why the game is played. The date's
#: default, ``today``, is the day the record is made.
WHEN_AND_WHERE: list[tuple[str, str, str | None]] = [
    ("date", "date played, YYYY-MM-DD", "today"),
    ("place", "where it is played (empty: not said)", ""),
    ("event", "event, e.g. league night or a tournament round (empty: none)", ""),
]

#: The trade routes' question, asked card by card on a terminal (:func:`_ask_routes`): in a new
#: game the routes as dealt, at its end the routes as they lie (the same cards).
ROUTES_QUESTION = ("routes", "each player's trade route, spaces left to right split by ;, e.g. "
                             "Anna=5 silver-2;2 church;...,Bob=...", None)

#: The team game's teams, asked before the boards in a new game and at its end alike: the
#: boards, starting goods and (at the end) the team's property are then given per team.
TEAMS_QUESTION = ("teams", "the two teams, first and second player each, e.g. A=Anna Cara,B=Ben Dario", None)

#: Shield 6's choice, asked at the end only of a holder of shield 6 (:func:`shield_6_holders`):
#: "Any monastery tiles in that player's duchy count as if they were in your own duchy ... You
#: also gain points from any monastery scoring tiles that player may have if you have this
#: shield still at the end of the game" (2019 rules, "THE SHIELDS", 6): the final scoring
#: needs it. ``nobody`` for a holder who never chose.
BORROWED_QUESTION = ("borrowed", "shield 6: the player whose monastery tiles count as its holder's own, "
                                 "e.g. Anna=Bob (Anna=nobody: never chosen)", None)

#: Per game: the questions asked, in order, as (field, question, default or None if required).
#: Each answer is checked as it is given; a question's words and default may follow the
#: answers before it (:func:`_question`, :func:`_default`): the modules come before the
#: boards, so that the solo game defaults to its duchy and the team game asks for its teams
#: before the goods, which it deals per team.
QUESTIONS: dict[str, list[tuple[str, str, str | None]]] = {
    "castles-of-burgundy": [
        ("edition", "edition (2011 or 2019)", "2019"),
        ("players", "players in seat order, clockwise (e.g. Anna,Bob)", None),
        ("modules", "2019 expansion modules, comma-separated (empty: the base game)", ""),
        TEAMS_QUESTION,
        ("boards", "duchy board: 1 for everyone, or per player Anna=3,Bob=5 (experienced players)", "1"),
        ("start", "start castle spaces, e.g. Anna=c2 (empty: the central castle)", ""),
        ("goods", "each player's 3 starting goods tiles, e.g. Anna=1 2 3,Bob=4 5 6", None),
        ("start_player", "start player (empty: the first listed)", ""),
        ("shields", "shields lying face up on each depot, e.g. 1=4,2=7 12,3=9,...", None),
        ROUTES_QUESTION,
        *WHEN_AND_WHERE,
    ],
    "robber-knights": [
        ("players", "players in seat order, clockwise (e.g. Anna,Bob)", None),
        ("colours", "the colour each player plays, e.g. Anna=yellow,Bob=red", ""),
        ("layout", "starting layout, rows separated by / (e.g. red:castle-plain blue:lake / blue:plain red:plain)",
         None),
        ("hands", "each player's 2 tiles in hand, e.g. red=castle-plain plain,blue=castle-forest mountains", None),
        *WHEN_AND_WHERE,
    ],
}

#: A trade route card as the question shows one: its three spaces, left to right.
ROUTE_CARD_EXAMPLE = "5 silver-2;2 church;1 vp-1"


#: The questions of a result-only record (``new --result``), per game: who played, then the
#: final scores, then what decides a tie, a team game's teams and a solo game's outcome.
RESULT_QUESTIONS: dict[str, list[tuple[str, str, str | None]]] = {
    "castles-of-burgundy": [
        ("edition", "edition (2011 or 2019)", "2019"),
        ("players", "players in seat order, clockwise (e.g. Anna,Bob)", None),
        ("modules", "2019 expansion modules, comma-separated (empty: the base game)", ""),
        TEAMS_QUESTION,
        ("scores", "each player's final score, e.g. Anna=182,Bob=170", None),
        ("tiebreak", "for players tied on points, their empty duchy spaces, e.g. Anna=2,Bob=3 (empty: no tie)", ""),
        ("won", "solo game won, every duchy space filled within the 25 rounds? yes or no (solo-game module)", None),
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
        self.said = message


#: Where the solo game's target VP marker starts ("the other as "target victory point marker" on
#: space 50", 2019 rulebook, "THE SOLO GAME"; ``new`` sets no ``solo-target`` option).
SOLO_START_TARGET = "50"

#: The questions of an end-of-game record (``new --end``), per game, in the order the box is
#: tidied away: the shields removed from the game (set aside as it went), each duchy's tiles
#: come off (with the shields on its castles, and shield 6's choice of player), the bonus
#: tiles, the goods sold, the trade route cards and the goods on them, the hex tiles on the
#: team game's shared storage, the goods, silverlings and workers left go back, the solo
#: game's removed hex and goods tiles, and last the VP track is read off the game board,
#: which is folded last (the solo game: its VP counter, target marker and the resets the
#: marker shows). Each answer is checked with those before it only (a bonus tile against the duchy, the VP track against all of it). In the team game
#: the teams are asked first, and the team's property (its board, duchy, goods, silverlings...:
#: :func:`_team_answer`) is given per team, the VP track per player.
END_QUESTIONS: dict[str, list[tuple[str, str, str | None]]] = {
    "castles-of-burgundy": [
        ("edition", "edition (2011 or 2019)", "2019"),
        ("players", "players in seat order, clockwise (e.g. Anna,Bob)", None),
        ("modules", "2019 expansion modules, comma-separated (empty: the base game)", ""),
        TEAMS_QUESTION,
        ("boards", "duchy board: 1 for everyone, or per player Anna=3,Bob=5 (experienced players)", "1"),
        ("start", "start castle spaces, e.g. Anna=c2 (empty: the central castle)", ""),
        ("shields_removed", "the shields removed from the game (their tribute not paid), e.g. 4 12 (empty: none)", ""),
        ("duchy", "each player's duchy, the tiles placed as space:tile, e.g. Anna=c3:bank c4:k22,Bob=d3:ship", ""),
        ("castle_shields", "the shields on each player's castles as space:shield, e.g. Anna=d4:13 b3:10", ""),
        BORROWED_QUESTION,
        ("bonuses", "each player's bonus tiles, e.g. Anna=grey-large blue-small (empty: none)", ""),
        ("sold", "each player's goods tiles sold, one number a tile, e.g. Anna=1 1 4,Bob=2 3 (empty: none)", ""),
        ROUTES_QUESTION,
        ("route_goods", "the goods tiles lying on each player's trade route, left to right, e.g. Anna=4 4 2,Bob=6 "
                        "(empty: none)", ""),
        ("shared", "the hex tiles on each team's 2 shared storage spaces, e.g. A=ship cow3,B=k12 (empty: none)", ""),
        ("goods_left", "each player's goods tiles left in storage, e.g. Anna=5 5 6,Bob=2 (empty: none)", ""),
        ("silver", "each player's silverlings left, e.g. Anna=3,Bob=0 (empty: none)", ""),
        ("workers", "each player's workers left, e.g. Anna=5,Bob=1 (empty: none)", ""),
        ("tiles_removed", "the hex tiles the rounds removed from the game, in order, e.g. ship bank k21 "
                          "(empty: none)", ""),
        ("goods_removed", "the goods tiles ships and exchanges removed from the game, e.g. 1 1 2 5 (empty: none)", ""),
        ("vp", "each player's VP on the track, e.g. Anna=98,Bob=87", None),
        ("vp_counter", "where the VP counter stands, e.g. 18", None),
        ("target_marker", "where the target VP marker stands, e.g. 30", SOLO_START_TARGET),
        ("resets", "how often the VP counter was reset (the marker moved down 5 each time)", None),
        *WHEN_AND_WHERE,
    ],
    "robber-knights": [
        ("players", "players in seat order, clockwise (e.g. Anna,Bob)", None),
        ("control", "the castles, villages and towns each player's knight is on top of, e.g. "
                    "Anna=3 castles 2 villages 1 town,Bob=4 castles (Bob=none: nothing)", None),
        ("knights", "knights left in front of each player, e.g. Anna=4,Bob=8", None),
        ("map", "the map at the end, every tile as cell owner:tile [knights top,...], split by ; "
                "(e.g. e6 Anna:castle-plain knights Anna,Bob; f6 Bob:plain)", ""),
        *WHEN_AND_WHERE,
    ],
}

#: The ``[end.players.<name>]`` key each end answer fills, and how a value is read.
_END_KEYS = {"duchy": "duchy", "castle_shields": "shields", "bonuses": "bonuses", "sold": "sold",
             "routes": "route", "route_goods": "route_goods", "shared": "shared", "goods_left": "goods",
             "silver": "silver", "workers": "workers", "vp": "vp"}

#: The ``[end.solo]`` key each of the solo game's end answers fills.
_SOLO_KEYS = {"tiles_removed": "removed", "goods_removed": "goods_removed", "vp_counter": "counter",
              "target_marker": "target", "resets": "resets"}


# --- the answers as the record's tables -------------------------------------------------------


def _names(text: str | None) -> list[str]:
    """A comma-separated list of names (players, modules), each trimmed."""
    return [name.strip() for name in (text or "").split(",") if name.strip()]


def _holders(answers: NewRecord, key: str) -> list[str]:
    """Who the answer ``key`` is given for: the players, or in the 2019 team game the teams A
    and B where it is the team's (:func:`_team_answer`)."""
    if key == "borrowed":
        return shield_6_holders(answers)
    if _team_answer(key, answers):
        from burgundy_cli.castles.modules.team import TEAMS

        return list(TEAMS)
    return _names(answers.players)


def shield_6_holders(answers: NewRecord) -> list[str]:
    """Who the castle shields answer gives shield 6 (players, or in the team game teams):
    those asked whose monastery tiles it borrows; none while that answer cannot be read (its
    own question refuses it)."""
    try:
        pairs = _pairs(answers.castle_shields or "", "castle_shields", _holders(answers, "castle_shields"))
        return [holder for holder, value in pairs.items() if 6 in _end_value("castle_shields", value).values()]
    except AnswerError:
        return []


def _team_answer(key: str, answers: NewRecord) -> bool:
    """Whether ``key`` is given per team: in the 2019 team game the board, start castle and
    starting goods (cob.team.supplies), and at the end what the team module counts as the
    team's (``team.team_parts``: duchy, goods, silverlings, workers, shared storage...), the
    VP track and the trade routes staying each player's."""
    if not _plays(answers, "team-game"):
        return False
    if key in ("boards", "start", "goods"):
        return True
    if key == "borrowed":   # (the team's choice, as its shields are the team's)
        key = "castle_shields"
    from burgundy_cli.castles.modules.team import team_parts
    from burgundy_cli.castles.rules.state import Options

    return _END_KEYS.get(key) in team_parts(Options(modules=tuple(_names(answers.modules))))


def _per_team(text: str, teams: list[str]) -> str:
    """A question or example of a player's answer in the team game's words: each team's, given
    as ``A=...,B=...``."""
    return text.replace("each player's", "each team's").replace("Anna=", f"{teams[0]}=") \
        .replace("Bob=", f"{teams[-1]}=")


def _teams(answers: NewRecord) -> dict[str, list[str]]:
    """The teams answer as team letter -> its players, each as the players are spelt (``a=anna
    cara`` for ``A = ["Anna", "Cara"]``); nothing when no teams are given."""
    from burgundy_cli.castles.modules.team import TEAMS

    players = _names(answers.players)
    return {_spelling(team, list(TEAMS)): [_spelling(name, players) for name in value.split()]
            for team, value in _pairs(answers.teams or "", "teams").items()}


def _by_holder(answers: NewRecord, key: str, text: str, value_of: Callable[[str], Any] = str) -> dict[str, Any]:
    """An answer split per player and each part read by ``value_of``: ``name=value`` for each
    player, or in the team game per team for the team's property (:func:`_team_answer`), each
    team's value then both its players' (a refusal's example then given by team too).

    :raises AnswerError: an entry without ``=`` or a value ``value_of`` refuses, or a player
        named where the team is wanted.
    """
    holders = _holders(answers, key)
    team = _team_answer(key, answers)
    try:
        pairs = {holder: value_of(value) for holder, value in _pairs(text, key, holders).items()}
    except AnswerError as err:   # (the example in the holders' own names)
        hint = err.hint and (_per_team(err.hint, holders) if team else _in_names(err.hint, holders))
        raise AnswerError(key, err.said, hint=hint) from None
    if not team:
        return pairs
    stray = next((holder for holder in pairs if holder not in holders), None)
    if stray is not None:
        raise AnswerError(key, f"'{stray}' is no team: in the team game this is the team's, given per team "
                               f"({' and '.join(holders)})", hint=_per_team(_example(key) or "", holders))
    teams = _teams(answers)
    return {name: value for holder, value in pairs.items() for name in teams.get(holder, [])}


def _plays(answers: NewRecord, module: str) -> bool:
    return module in _names(answers.modules)


def _spelling(name: str, names: list[str]) -> str:
    """``name`` as ``names`` spell it when it is one of them but for case and spacing (people type
    ``anna`` for ``Anna``); else as typed, for the game's check to refuse."""
    from burgundy_cli.core.replay import PlayerNames

    wanted = PlayerNames.key(name)
    return next((known for known in names if PlayerNames.key(known) == wanted), name.strip())


def _pairs(text: str, key: str, names: list[str] | None = None) -> dict[str, str]:
    """``anna=1 2 3,bob=4 5 6`` as ``{"Anna": "1 2 3", ...}``: each name as ``names`` spell it;
    with one name only, ``1 2 3`` alone is that name's.

    :raises AnswerError: an entry without ``=``, or a name given twice (``Anna=5,anna=0``: the
        one meant is not known, and keeping either would drop the other without a word).
    """
    names = names or []
    if "=" not in text and len(names) == 1 and text.strip():
        return {names[0]: text.strip()}
    pairs: dict[str, str] = {}
    for part in filter(str.strip, text.split(",")):
        name, equals, value = part.partition("=")
        if not equals or not name.strip():
            raise AnswerError(key, f"'{part.strip()}' should be name=value", hint=_example(key, names))
        name = _spelling(name, names)
        if name in pairs:
            raise AnswerError(key, f"{name} is given twice; give each once", hint=_example(key, names))
        pairs[name] = value.strip()
    return pairs


def _example(key: str, names: list[str] | None = None, game: str | None = None) -> str | None:
    """The example the question for ``key`` gives (``e.g. ...``), if it gives one, in the
    players' ``names`` when given (:func:`_in_names`); ``game``'s own questions first (a Robber
    Knights score pad's refusal showed the Castles example, ``anna=182,bob=170``)."""
    own = [asked_by.get(game, []) for asked_by in (QUESTIONS, RESULT_QUESTIONS, END_QUESTIONS)] if game else []
    for questions in (*own, *QUESTIONS.values(), *RESULT_QUESTIONS.values(), *END_QUESTIONS.values()):
        for asked, question, _ in questions:
            if asked == key and "e.g. " in question:
                before, _, after = question.partition("e.g. ")
                example = after.partition(" (")[0]
                return _in_names("e.g. " + (example[:-1] if before.endswith("(") and example.endswith(")")
                                            else example), names or [])
    return None


#: The stand-in names the questions' examples are written with (a Castles and a Robber Knights
#: game's), and how they are written before an answer (``Anna=``) or a tile (``red:``).
_EXAMPLE_NAMES = (("Anna", "Bob"), ("red", "blue"))


def _in_names(text: str, names: list[str]) -> str:
    """A question or example in the players' own names: ``Anna=...,Bob=...`` (or ``red=``,
    ``red:``, ``knights Anna,Bob``) as the first two of ``names``; as it is with fewer than two."""
    if len(names) < 2:
        return text
    for first, second in _EXAMPLE_NAMES:
        for mark in ("=", ":"):
            text = text.replace(first + mark, names[0] + mark).replace(second + mark, names[1] + mark)
        text = text.replace("=" + second, "=" + names[1]).replace(f"{first},{second}", f"{names[0]},{names[1]}")
    return text


def _number(text: str) -> int | str:
    """A whole number as an int; anything else as typed, for the game's check to refuse.

    Decimal digits of any script are read (``١٢`` and ``１２`` are 12, as ``int()`` reads them);
    a digit that is no decimal one (``²``, which ``str.isdigit`` passes and ``int()`` refuses)
    and a number of more digits than ``int()`` reads (4,300) stay text, refused as such."""
    text = text.strip()
    if text.isdecimal():
        try:
            return int(text)
        except ValueError:   # (past sys.get_int_max_str_digits)
            pass
    return text


def played_on(text: str | None) -> _dt.date:
    """The ``--date`` answer as a date: ``today`` (or nothing) is the day the record is made.

    :raises AnswerError: text that is no ISO date.
    """
    if text is None or text.strip().lower() in ("", "today"):
        return _dt.date.today()
    try:
        return _dt.date.fromisoformat(text.strip())
    except ValueError:
        raise AnswerError("date", f"'{text.strip()}' is not a date", hint="YYYY-MM-DD, e.g. 2026-12-05") from None


def header_data(answers: NewRecord) -> dict[str, Any]:
    """The ``[game]`` table from the answers: name, edition, players, then the date (today
    unless given), place and event, and the game's ``uuid``, made once here: the exports'
    play ids derive from it, so the record keeps its identity when edited later."""
    game: dict[str, Any] = {"name": answers.game}
    if answers.edition and answers.game != "robber-knights":
        game["edition"] = answers.edition
    game["players"] = _names(answers.players)
    game["date"] = played_on(answers.date)
    for key in ("place", "event"):
        value = (getattr(answers, key) or "").strip()
        if value:
            game[key] = value
    game["uuid"] = str(uuid.uuid4())
    modules = _names(answers.modules)
    if modules and answers.game != "robber-knights":
        game["options"] = {"modules": modules}   # a list, as in every record (the team game's too)
    return game


def record_data(answers: NewRecord) -> dict[str, Any]:
    """The record's tables from the answers (unchecked: opening the record checks them).

    :raises UsageError: an answer that cannot even be split into its parts.
    """
    game = header_data(answers)
    players = game["players"]
    if answers.game == "robber-knights":
        rows = [" ".join(_cell(cell, players) for cell in row.split())
                for text in answers.layout or [] for row in text.split("/") if row.strip()]
        hands = {name: value.split() for name, value in _pairs(answers.hands or "", "hands", players).items()}
        colours = _pairs(answers.colours or _default("colours", answers, "") or "", "colours", players)
        return {"game": game, "setup": {"layout": rows, "hands": hands} | ({"colours": colours} if colours else {})}
    setup: dict[str, Any] = {}
    boards = (answers.boards or _default("boards", answers, "1") or "1").strip()
    setup["boards"] = {name: _number(value) for name, value in _pairs(boards, "boards",
                                                                      _holders(answers, "boards")).items()} \
        if "=" in boards else _number(boards)
    if answers.start:
        setup["start"] = _pairs(answers.start, "start", _holders(answers, "start"))
    setup["goods"] = {name: [_number(g) for g in value.split()]
                      for name, value in _pairs(answers.goods or "", "goods", _holders(answers, "goods")).items()}
    if answers.start_player:
        setup["start_player"] = _spelling(answers.start_player, players)
    if answers.shields:
        setup["shields"] = {depot: [_number(n) for n in value.split()]
                            for depot, value in _pairs(answers.shields, "shields").items()}
    if answers.routes:
        setup["routes"] = {name: [space.strip() for space in value.split(";") if space.strip()]
                           for name, value in _pairs(answers.routes, "routes", players).items()}
    if answers.teams:
        setup["teams"] = _teams(answers)
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
        for name, value in _pairs(getattr(answers, key) or "", key, _names(answers.players)).items():
            number = _number(value.strip().removeprefix("-"))
            if not isinstance(number, int):
                raise AnswerError(key, f"{name}={value}: a whole number is wanted",
                                  hint=_example(key, _names(answers.players), answers.game))
            figures[key][name] = -number if value.strip().startswith("-") else number
    stray = [name for name in figures["tiebreak"] if name not in figures["scores"] and name not in _names(answers.players)]
    if stray:   # (kept, a misspelt name's figure would be dropped without a word)
        raise AnswerError("tiebreak", f"{stray[0]} is none of the players ({', '.join(_names(answers.players))})",
                          hint=_example("tiebreak", _names(answers.players), answers.game))
    final: dict[str, Any] = {"scores": {name: {"total": total, **({"tiebreak": figures["tiebreak"][name]}
                                                                  if name in figures["tiebreak"] else {})}
                                        for name, total in figures["scores"].items()}}
    if answers.teams:
        final["teams"] = _teams(answers)
    if answers.won is not None:
        said = answers.won.strip().lower()
        if said not in ("yes", "no", "won", "lost", "true", "false"):
            raise AnswerError("won", f"'{answers.won.strip()}': say yes (won: the duchy filled within the 25 rounds) or no")
        final["won"] = said in ("yes", "won", "true")
    return {"game": game, "final": final}


def end_data(answers: NewRecord) -> dict[str, Any]:
    """The tables of an end-of-game record from the answers: ``[game]`` and ``[end]``
    (unchecked: opening the record checks them).

    :raises AnswerError: an answer that cannot be split into its parts.
    """
    game = header_data(answers)
    players = game["players"]
    if answers.game == "robber-knights":
        if answers.map is not None and answers.control:
            raise AnswerError("control", "the buildings held and the whole map are two ways of telling the end: "
                                         "give --control or --map, not both")
        end: dict[str, Any] = {"control": _control(answers.control or "", players)} if answers.map is None else \
            {"tiles": [entry.strip() for entry in answers.map.split(";") if entry.strip()]}
        if answers.map is not None and not end["tiles"]:   # (an empty --map: said of the map, in its words)
            example = _example("map", players) or ""
            raise AnswerError("map", "no tile given: the map at the end lists every tile laid", hint=example)
        if answers.knights:
            end["knights"] = {name: _number(value) for name, value in _pairs(answers.knights, "knights", players).items()}
        return {"game": game, "end": end}
    table: dict[str, dict[str, Any]] = {name: {} for name in players}
    boards = (answers.boards or "1").strip()
    for name, value in (_by_holder(answers, "boards", boards).items() if "=" in boards else
                        ((name, boards) for name in players)):
        table.setdefault(name, {})["board"] = _number(value)
    for name, value in _by_holder(answers, "start", answers.start or "").items():
        table.setdefault(name, {})["start"] = value
    for key, field in _END_KEYS.items():
        for name, value in _by_holder(answers, key, getattr(answers, key) or "", partial(_end_value, key)).items():
            table.setdefault(name, {})[field] = value
    solo = {field: _end_value(key, getattr(answers, key)) for key, field in _SOLO_KEYS.items()
            if getattr(answers, key) is not None}
    teams = {"teams": _teams(answers)} if answers.teams else {}
    bridge = {"bridge": [_bridge_order(answers.bridge, players)]} if answers.bridge else {}
    off = {"removed": _end_value("shields_removed", answers.shields_removed or ""),
           "borrowed": _borrowed(answers, players)}
    shields = {"shields": {key: value for key, value in off.items() if value}} if any(off.values()) else {}
    return {"game": game, "end": {"players": table} | teams | bridge | shields | ({"solo": solo} if solo else {})}


def _control(answer: str, players: list[str]) -> dict[str, Any]:
    """Robber Knights' control answer as ``[end] control`` holds it: player -> buildings held,
    read by the game's words (:func:`~burgundy_cli.robber_knights.setup.control_answer`).

    :raises AnswerError: a player's part the game cannot read.
    """
    from burgundy_cli.robber_knights.setup import control_answer

    control = {}
    for name, value in _pairs(answer, "control", players).items():
        try:
            control[name] = control_answer(value)
        except RefereeError as err:
            raise AnswerError("control", f"{name}: {err.message}", hint=err.hint) from None
    return control


def _borrowed(answers: NewRecord, players: list[str]) -> dict[str, str]:
    """Shield 6's choices as ``[end.shields] borrowed`` holds them: holder -> the player chosen,
    each as the players are spelt (in the team game both teammates', the team's choice); a
    holder who chose nobody left out.

    :raises AnswerError: a choice given while no castle holds shield 6.
    """
    if not answers.borrowed:
        return {}
    if not shield_6_holders(answers):
        raise AnswerError("borrowed", "no castle holds shield 6 (--castle-shields): the choice is its holder's",
                          hint="leave it out, or give the castle with shield 6")
    chosen = {}
    for holder, value in _by_holder(answers, "borrowed", answers.borrowed).items():
        lender = _spelling(value, players)
        if lender in players or lender.lower() != "nobody":
            chosen[_spelling(holder, players)] = lender
    return chosen


def _bridge_order(answer: str, players: list[str]) -> list[str]:
    """The turn order on the bridge at the end, first to last, as ``[end] bridge`` holds it:
    one stack, top first (only the order tells the tie; where the pieces stood does not).

    :raises AnswerError: a name that is no player's, or a player named twice or left out.
    """
    order = [_spelling(name, players) for name in _names(answer)]
    unknown = [name for name in order if name not in players]
    if unknown or sorted(order) != sorted(players):
        wrong = f"'{unknown[0]}' is not a player" if unknown else "every player once"
        raise AnswerError("bridge", f"{wrong}: the turn order names {', '.join(players)} once each, first to last",
                          hint=f"e.g. {','.join(reversed(players))}")
    return order


def _end_value(key: str, value: str) -> Any:
    """An end answer (one player's or team's, or the solo game's) as its ``[end]`` value: a
    number, a list of bonus tiles, removed tiles or tiles on shared storage, goods tiles counted
    by type or in order (on a trade route, removed in the solo game), a trade route's spaces,
    or spaces with their tile or shield.

    :raises AnswerError: a count that is no whole number, a space given without its tile
        (``c3`` for ``c3:bank``), or a space given twice (a space holds one tile, a castle one
        shield: the later would replace the earlier without a word).
    """
    words = value.replace(",", " ").split()
    if key in ("silver", "workers", "vp", "vp_counter", "target_marker", "resets"):
        number = _number(value)
        if not isinstance(number, int):
            negative = isinstance(_number(value.strip().removeprefix("-")), int)
            raise AnswerError(key, f"'{value.strip()}': {'a count, 0 or more,' if negative else 'a whole number'} "
                                   "is wanted", hint=_example(key))
        return number
    if key in ("bonuses", "tiles_removed", "shared"):
        return words
    if key in ("route_goods", "goods_removed", "shields_removed"):
        return [_number(word) for word in words]
    if key == "routes":
        return [space.strip() for space in value.split(";") if space.strip()]
    if key in ("sold", "goods_left"):
        counts: dict[str, Any] = {}
        for word in words:
            counts[word] = counts.get(word, 0) + 1
        return counts
    spaces: dict[str, Any] = {}
    for word in words:
        space, colon, what = word.partition(":")
        if not colon or not what:
            raise AnswerError(key, f"'{word}' should be space:{'shield' if key == 'castle_shields' else 'tile'}",
                              hint=_example(key))
        if space.lower() in spaces:
            holds = "a castle holds one shield" if key == "castle_shields" else "a space holds one tile"
            raise AnswerError(key, f"{space.lower()} is given twice: {holds}", hint=_example(key))
        spaces[space.lower()] = _number(what) if key == "castle_shields" else what
    return spaces


def _cell(cell: str, players: list[str]) -> str:
    """A Robber Knights layout cell ``owner:tile`` with the owner as the players spell it."""
    owner, colon, tile = cell.partition(":")
    return f"{_spelling(owner, players)}:{tile}" if colon else cell


def _tables(answers: NewRecord) -> dict[str, Any]:
    """The record's tables from the answers, by the kind of record asked for."""
    return final_data(answers) if answers.result else end_data(answers) if answers.end else record_data(answers)


def checked_text(path: str, answers: NewRecord) -> tuple[str, Any]:
    """The new record's canonical text and its session, read back as every command reads it.

    :raises RefereeError: the answers do not make a record the game accepts.
    """
    doc = parse_record_text(dump_record(_tables(answers)), path)
    session = open_doc(doc, journal=False)  # (the text to write, not a file's)
    return dump_record(session.record_data()), session


# --- what is asked, and how -------------------------------------------------------------------


def _asked(key: str, answers: NewRecord) -> bool:
    """Whether the answers so far call for ``key``'s question: a module's own answer only with
    that module, the modules only in the 2019 edition, the start player not in the solo and
    team games (one player; the teams' order), the bonus tiles not in the solo game (none is
    in play: a completed colour earns a black-depot tile instead)."""
    if key in FOR_MODULE:
        return _plays(answers, FOR_MODULE[key])
    if key == "bonuses":
        return not _plays(answers, "solo-game")
    if key == "castle_shields":
        return _plays(answers, "shields")
    if key == "borrowed":
        return _plays(answers, "shields") and bool(shield_6_holders(answers))
    if key == "modules":
        return (answers.edition or "2019") == "2019"
    if key == "control":   # (Robber Knights: what the final scoring reads, unless the whole map is given)
        return answers.map is None
    if key == "map":       # (never asked: a flag gives it, in place of the control)
        return answers.map is not None
    if key == "start_player":
        return len(_names(answers.players)) > 1 and not _plays(answers, "team-game")
    if key == "tiebreak":   # (a score pad's: its figure decides a tie on points only)
        return bool(tied_on_points(answers))
    return True


def tied_on_points(answers: NewRecord) -> list[tuple[int, list[str]]]:
    """The players level on the final scores answered, each group with its total, highest
    first: those the tiebreak figure decides between (docs/records.md, "Result-only
    records"). In the team game the teams' sums decide, so the two teams when level, each
    as its members (either gives the team's figure). None while the scores cannot be read
    (their own question refuses them)."""
    try:
        scores = {name: _number(value) for name, value in
                  _pairs(answers.scores or "", "scores", _names(answers.players)).items()}
        teams = _teams(answers) if _plays(answers, "team-game") else {}
    except AnswerError:
        return []
    totals = {name: total for name, total in scores.items() if isinstance(total, int)}
    if teams:
        sums = {team: sum(totals.get(name, 0) for name in members) for team, members in teams.items()}
        level = len(teams) == 2 and len(set(sums.values())) == 1
        return [(next(iter(sums.values())), [name for members in teams.values() for name in members])] if level else []
    groups: dict[int, list[str]] = {}
    for name, total in totals.items():
        groups.setdefault(total, []).append(name)
    return [(total, names) for total, names in sorted(groups.items(), reverse=True) if len(names) > 1]


def _default(key: str, answers: NewRecord, default: str | None) -> str | None:
    """The default that fits the answers so far: one player plays the solo game on its solo
    duchy 13x, and names the start castle (13x's centre is no castle); a team game plays the
    team board 12a; Robber Knights players play the box's colours in seat order; at a solo
    game's end the resets are those the target marker shows, 5 spaces down each from where it
    started (none to default once it is at its lowest, where it stays)."""
    if key == "modules" and len(_names(answers.players)) == 1:
        return "solo-game"
    if key == "colours" and answers.players:
        # (a name given twice has one colour: the players' refusal, not the colours' "given twice")
        return ",".join(f"{name}={colour}" for name, colour in seat_colours(_distinct(_names(answers.players))).items())
    if key == "boards" and _plays(answers, "solo-game"):
        return "13x"
    if key == "boards" and _plays(answers, "team-game"):
        return "12a"
    if key == "start" and _plays(answers, "solo-game"):
        return None
    if key == "resets":
        return _resets_shown(answers.target_marker)
    if key == "knights" and answers.map is not None:
        return ""   # (counted from the map)
    return default


def _resets_shown(marker: str | None) -> str | None:
    """The resets a solo game's target marker shows at the end, from where it started
    (:func:`~burgundy_cli.castles.modules.solo.resets_shown`); None when it shows none."""
    from burgundy_cli.castles.modules.solo import resets_shown

    text = (marker or SOLO_START_TARGET).strip()
    target = _number(text)
    shown = resets_shown(int(SOLO_START_TARGET), target) if isinstance(target, int) else None
    return None if shown is None else str(shown)


def seat_colours(players: list[str]) -> dict[str, str]:
    """Robber Knights: the colour each player plays unless told: their name where it is a
    colour of the box (players called red and blue), else the box's colours in seat order."""
    from burgundy_cli.robber_knights.setup import COLOURS

    named = [name.strip().lower() for name in players]
    if all(name in COLOURS for name in named) and len(set(named)) == len(named):
        return dict(zip(players, named))
    return dict(zip(players, COLOURS))


def _question(key: str, answers: NewRecord, question: str) -> str:
    """The question in the words of the game being set up: its players or teams in the examples,
    the castle spaces of the duchy played, and a Castles game's things in its edition's words
    (:func:`_in_edition`)."""
    text = _question_text(key, answers, question)
    return _in_edition(text, answers) if answers.game == "castles-of-burgundy" else text


#: The nouns a Castles question names that the editions word differently (castles/rules/terms.py).
_EDITION_NOUNS = re.compile(r"\b(duchy|duchies|silverlings|workers|bridge)\b")


def _in_edition(text: str, answers: NewRecord) -> str:
    """``text``, a Castles question written in 2019's words, in the words of the edition being
    set up: 2011's "estate" ('The player boards': "The estate, with a total of 37 spaces"),
    "Silverlings", "worker tiles" ('Action "Take worker tiles"') and "turn order track" ('Ship
    (blue)' 2.); 2019's "duchy", "silver coins", "workers" and "bridge"."""
    from burgundy_cli.castles.rules.terms import WORDS

    words = WORDS[answers.edition or "2019"]
    return _EDITION_NOUNS.sub(lambda found: words[found.group(1)], text)


def _question_text(key: str, answers: NewRecord, question: str) -> str:
    """:func:`_question` before its edition's words."""
    holders = _holders(answers, key)
    one = len(holders) == 1
    if key == "teams":
        players = _names(answers.players) + ["Anna", "Ben", "Cara", "Dario"]
        return (f"the two teams, first and second player each, e.g. A={players[0]} {players[2]},"
                f"B={players[1]} {players[3]}")
    if key == "boards" and _plays(answers, "solo-game"):
        return "solo duchy (13x: the pictured side, or a duchy the record defines)"
    if key == "boards" and _plays(answers, "team-game"):
        return "team board (12a: the shipped one)"
    if key == "start":
        spaces = ", ".join(castle_spaces(answers))
        offered = f" (castle spaces: {spaces})" if spaces else ""
        if one:
            return f"{holders[0]}'s start castle space{offered}"
        if "=" in (answers.boards or ""):
            return (f"start castle spaces, e.g. {holders[0]}=c2,{holders[1]}=d4 "
                    "(empty: each duchy's central castle)")
        if spaces:
            return f"start castle spaces, e.g. {holders[0]}={castle_spaces(answers)[0]} (empty: the central castle)"
        return f"start castle spaces, e.g. {holders[0]}=c2 (empty: the central castle)"
    if key == "goods" and holders:
        if one:
            return f"{holders[0]}'s 3 starting goods tiles, e.g. 1 2 3"
        whose = "team" if _plays(answers, "team-game") else "player"
        return f"each {whose}'s 3 starting goods tiles, e.g. {holders[0]}=1 2 3,{holders[1]}=4 5 6"
    players = _names(answers.players)
    if key == "tiebreak" and tied_on_points(answers):   # (asked only then: :func:`_asked`)
        return _tie_question(answers)
    if key == "scores" and len(players) == 1:   # (the solo game: one score, given alone)
        return f"{players[0]}'s final score, e.g. {question.partition('=')[2].partition(',')[0]}"
    if key == "colours" and len(players) >= 2:
        return f"the colour each player plays, e.g. {players[0]}=yellow,{players[1]}=red"
    if key in ("layout", "hands") and len(players) >= 2:
        first, second = players[:2]
        if key == "layout":
            return (f"starting layout, rows separated by / (e.g. {first}:castle-plain {second}:lake / "
                    f"{second}:plain {first}:plain)")
        return f"each player's 2 tiles in hand, e.g. {first}=castle-plain plain,{second}=castle-forest mountains"
    if key == "shields" and holders:
        from burgundy_cli.castles.modules.shields import per_depot

        counts = per_depot(len(_names(answers.players)))
        each = ", ".join(f"{counts[depot]} on depot {depot}" for depot in range(1, 7))
        return f"the shields lying face up ({each}), e.g. {'1=4,2=7 12,3=9,...' if max(counts) > 1 else '1=4,2=7,3=9,...'}"
    if key == "borrowed" and holders:   # (shield 6's holders only)
        if one:
            who = f"team {holders[0]}" if _team_answer(key, answers) else holders[0]
            return f"{who}'s shield 6: the player whose monastery tiles count as {who}'s own (nobody: never chosen)"
        return f"shield 6: the player each holder chose, e.g. {holders[0]}=...,{holders[1]}=... (nobody: never chosen)"
    if key == "boards" and len(holders) > 1:
        return f"duchy board: 1 for everyone, or per player {holders[0]}=3,{holders[1]}=5 (experienced players)"
    if key == "sold" and _plays(answers, "trade-routes"):
        question = question.replace("goods tiles sold,", "goods tiles sold, those on the trade route too,")
    if key in _END_KEYS and _team_answer(key, answers):   # the team's property: each team's, A=...,B=...
        return _per_team(question, holders)
    if key == "vp" and _plays(answers, "solo-game") and one:
        return f"{holders[0]}'s VP gained in the game, in all (not the counter, which is asked next), e.g. 197"
    names = holders if len(holders) >= 2 else players
    return _in_names(question, names)


def _tie_question(answers: NewRecord) -> str:
    """The tiebreak question of a score pad about the players tied on points only, named with
    their total ("Ben and Cara tie on 160 VP: their empty duchy spaces, e.g. Ben=2,Cara=3"),
    or in the team game the two teams level on their sums."""
    from burgundy_cli.core.render import listed
    from burgundy_cli.core.resultonly import rules_of   # (the pad's own words for a tie)

    rules = rules_of(answers.game or "castles-of-burgundy", answers.edition)
    groups = tied_on_points(answers)
    example = _example("tiebreak", [], answers.game) or ""
    if _plays(answers, "team-game"):
        teams = _teams(answers)
        said = " and ".join(f"team {team} ({' + '.join(members)})" for team, members in teams.items()) + \
            f" tie on {groups[0][0]} {rules.unit}: each team's empty spaces, given for one of its players"
        return f"{said}, {_in_names(example, [members[0] for members in teams.values()])} (empty: not known)"
    (total, names), *more = groups
    said = f"{listed(names)} tie on {total} {rules.unit}" + \
        "".join(f", {listed(others)} on {level} {rules.unit}" for level, others in more)
    return f"{said}: their {rules.tiebreak}, {_in_names(example, names)} (empty: not known)"


def castle_spaces(answers: NewRecord) -> list[str]:
    """The castle spaces of the duchy everyone plays, so far as the answers say one."""
    from burgundy_cli.castles.record.setup import castle_spaces as of_duchy

    boards = answers.boards or _default("boards", answers, "1") or "1"
    return [] if "=" in boards else of_duchy(answers.edition or "2019", boards.strip())


def _choices(key: str, answers: NewRecord) -> list[str]:
    """What Tab offers at ``key``'s question."""
    players = _names(answers.players)
    if key == "game":
        return ["castles-of-burgundy", "robber-knights"]
    if key == "edition":
        return ["2011", "2019"]
    if key == "modules":
        from burgundy_cli.castles.modules import RESERVED

        return list(RESERVED)
    if key == "start":
        return castle_spaces(answers) + _holders(answers, key)
    if key == "boards" and _plays(answers, "team-game"):
        from burgundy_cli.castles.modules.team import provisional_team_ids

        return [*provisional_team_ids(), *_holders(answers, key)]
    if key in ("start_player", "teams", "boards", "goods", "hands", "layout", "map", "control", "knights",
               "silver", "workers", "vp", "sold", "goods_left", "castle_shields", "route_goods"):
        return _holders(answers, key)
    if key == "borrowed":   # (one holder: the answer alone, a player or nobody)
        holders = _holders(answers, key)
        return [name for name in players if name not in holders] + ["nobody"] if len(holders) == 1 else \
            holders + players
    if key in ("duchy", "tiles_removed", "shared"):
        from burgundy_cli.castles.rules.tiles import catalogue

        return sorted(catalogue()) + (_holders(answers, key) if key == "shared" else [])
    if key == "bonuses":
        return [f"{colour}-{size}" for colour in ("dark-green", "blue", "grey", "light-green", "beige", "yellow")
                for size in ("large", "small")]
    if key == "colours":
        from burgundy_cli.robber_knights.setup import COLOURS

        return [*players, *COLOURS]
    if key == "routes":
        from burgundy_cli.castles.modules.routes import CHOICE_BONUSES

        return [*CHOICE_BONUSES, "silver-1", "silver-2", "workers-2", "vp-1", "vp-2", "vp-3", "vp-4"]
    return []


def _stand_ins(answers: NewRecord) -> tuple[NewRecord, set[str]]:
    """The answers with each one not yet given filled by its default, or if it has none by one
    the game accepts with the answers so far (each key so filled is returned too), so that an
    answer is checked as it is given, before the questions after it are answered."""
    for key, _, default in QUESTIONS[answers.game or "castles-of-burgundy"]:
        if getattr(answers, key) is None and _asked(key, answers) and key != "layout":
            answers = replace(answers, **{key: _default(key, answers, default) or None})  # as it will be
    players = _distinct(_names(answers.players))
    holders = _distinct(_holders(answers, "goods"))
    filled: dict[str, Any] = {}
    if answers.game == "robber-knights":
        if answers.layout is None:
            row = " ".join(f"{name}:plain" for name in players)
            filled["layout"] = [f"{row} / {row}"]
        if answers.hands is None:
            filled["hands"] = ",".join(f"{name}=castle-plain plain" for name in players)
        return replace(answers, **filled), set(filled)
    if answers.teams is None and _plays(answers, "team-game"):
        filled["teams"] = _teams_stand_in(players)
    if answers.goods is None and holders:
        filled["goods"] = ",".join(f"{name}={'1 2 3' if seat % 2 == 0 else '4 5 6'}"
                                   for seat, name in enumerate(holders))
    if answers.shields is None and _plays(answers, "shields") and players:
        from burgundy_cli.castles.modules.shields import per_depot

        counts = per_depot(len(players))
        numbers = iter(range(1, 19))
        filled["shields"] = ",".join(f"{depot}={' '.join(str(next(numbers)) for _ in range(counts[depot]))}"
                                     for depot in range(1, 7))
    if answers.routes is None and _plays(answers, "trade-routes") and players:
        filled["routes"] = ",".join(f"{name}={_route_stand_in(len(players))}" for name in players)
    return replace(answers, **filled), set(filled)


def _distinct(names: list[str]) -> list[str]:
    """``names`` each once, as the notation matches them (ignoring case and spacing): a stand-in
    names each player once, so a players answer naming someone twice is refused in the game's
    words ("the same name"), not as a stand-in that gives a player twice."""
    from burgundy_cli.core.replay import PlayerNames

    first: dict[str, str] = {}
    for name in names:
        first.setdefault(PlayerNames.key(name), name)
    return list(first.values())


def _teams_stand_in(players: list[str]) -> str:
    """Teams for the answers before the teams question: the players in seat order A1, B1, A2,
    B2 (other than 4 players: a stand-in the game refuses, as it should)."""
    seat = [*players, "", "", "", ""]
    return f"A={seat[0]} {seat[2]},B={seat[1]} {seat[3]}"


def _route_stand_in(players: int, typed: list[str] | None = None) -> str:
    """A whole route: the spaces ``typed`` so far, then spaces any route may hold."""
    from burgundy_cli.castles.modules.routes import spaces_needed

    typed = typed or []
    return ";".join(typed + ["1 silver-1"] * (spaces_needed(players) - len(typed)))


# --- which answer a refusal is about ----------------------------------------------------------


#: Where in a record each answer goes: the key path the game's refusals name (the trade routes:
#: ``[setup]`` in a new game; an end record's player keys say their answer, :data:`_END_ANSWER`).
_WHERE = {**{key: ("end", "players") for key in _END_KEYS},
          **{key: ("end", "solo", field) for key, field in _SOLO_KEYS.items()},
          "edition": ("game", "edition"), "players": ("game", "players"), "modules": ("game", "options"),
          "teams": ("setup", "teams"), "boards": ("setup", "boards"), "start": ("setup", "start"),
          "goods": ("setup", "goods"), "start_player": ("setup", "start_player"),
          "shields": ("setup", "shields"), "routes": ("setup", "routes"), "layout": ("setup", "layout"),
          "hands": ("setup", "hands"), "colours": ("setup", "colours"), "date": ("game", "date"), "place": ("game", "place"),
          "event": ("game", "event"), "scores": ("final", "scores"), "tiebreak": ("final",), "won": ("final",),
          "map": ("end", "tiles"), "control": ("end", "control"), "knights": ("end", "knights"),
          "borrowed": ("end", "shields", "borrowed"),
          "shields_removed": ("end", "shields", "removed")}

#: The end answer each ``[end.players.<name>]`` key comes from (a refusal names the key).
_END_ANSWER = {field: key for key, field in _END_KEYS.items()} | {"board": "boards", "start": "start"}


def _blamed(err: RefereeError, text: str, path: str, keys: list[str]) -> str | None:
    """The answer a refusal is about: the key path it names, else the answer written on the
    line it points at (Robber Knights' refusals carry a line only); None if neither says."""
    if isinstance(err, AnswerError):
        return err.key
    where = getattr(err, "path", None)
    if where:
        return _answer_at(where, keys)[0]
    line = err.location.line if err.location is not None else None
    if not line:
        return None
    doc = parse_record_text(text, path)
    starts = []
    for key in keys:
        # (a result-only record keeps its teams in [final], beside the scores)
        where = ("final", "teams") if key == "teams" and "final" in doc.data else _WHERE[key]
        if where == ("final", "teams") and "teams" not in doc.data["final"]:
            continue   # (no teams given: the [final] table's own line is no answer's)
        try:
            start = doc.location_of_key(*where).line
        except (KeyError, LookupError, RefereeError):
            continue
        if start and start <= line:
            starts.append((start, len(where), key))   # (on one line, the key deepest in the record)
    return max(starts)[2] if starts else None


def _blamed_in(err: RefereeError, answers: NewRecord, path: str, keys: list[str]) -> str | None:
    """:func:`_blamed` of a refusal of ``answers``: the text its line is read in is their
    record's, written for it (none for an :class:`AnswerError`, which names its answer).

    :raises AnswerError: an answer that cannot be split into its parts, as the text is written.
    """
    return _blamed(err, "" if isinstance(err, AnswerError) else dump_record(_tables(answers)), path, keys)


def _answer_at(where: tuple[Any, ...], keys: list[str]) -> tuple[str | None, tuple[str, ...]]:
    """The answer a refusal's key path is about (None: no answer's), and the player or key
    within it (``("Anna", "c3")`` for ``end.players.Anna.duchy.c3``; a list's index left out)."""
    where = tuple(str(key) for key in where if not isinstance(key, int))
    if where[:2] in (("end", "teams"), ("final", "teams")):   # an end's or result's teams: as in [setup]
        return "teams", where[2:]
    if where[:2] == ("final", "scores") and len(where) > 3:   # a player's score or tiebreak figure
        return ("tiebreak" if where[3] == "tiebreak" else "scores"), where[2:3]
    if where[:2] == ("end", "players"):   # an end record's player: the key says the answer
        return (_END_ANSWER.get(where[3]) if len(where) > 3 else None), where[2:3] + where[4:]
    key = next((key for key in keys if where[:len(_WHERE[key])] == _WHERE[key]), None)
    return key, (where[len(_WHERE[key]):] if key is not None else ())


def _refusal(path: str, answers: NewRecord, keys: list[str], index: int) -> RefereeError | None:
    """The game's refusal of the answers up to question ``index`` (the rest stood in for);
    None when the game accepts them. A refusal of a later answer waits for its question,
    unless that answer was stood in for: a stand-in fits any answers the game accepts, so
    the answers so far are refused. A players answer that names no one (``,``) is refused
    at once: every later question is asked of the players; so is a name holding ``=``, which
    would part every later answer per player in the wrong place."""
    if answers.players is not None and not _names(answers.players) and index >= keys.index("players"):
        return AnswerError("players", f"'{answers.players.strip()}' names no player", hint=_example("players"))
    split = next((name for name in _names(answers.players) if "=" in name), None)
    if split is not None:   # (every answer per player is name=value; given by flag: before the edition's check)
        return AnswerError("players", f"'{split}': a name cannot hold '=', which parts a player's name from "
                                      "their answer (Anna=1 2 3)", hint=_example("players"))
    if answers.result:
        return _result_refusal(path, answers, keys, index)
    if answers.end:
        return _end_refusal(path, answers, keys, index)
    trial, stood_in = _stand_ins(answers)
    try:
        text = dump_record(record_data(trial))
    except AnswerError as err:
        blamed: str | None = err.key
        refusal: RefereeError = err
    else:
        try:
            open_doc(parse_record_text(text, path), journal=False)
            return None
        except RefereeError as err:
            blamed, refusal = _blamed(err, text, path, keys), err
    if blamed in keys and keys.index(blamed) > index and blamed not in stood_in:
        # a later answer given by flag waits for its question; the answers so far are checked
        # with it stood in for (--players anna,ANNA --goods "anna=...,ANNA=...": the players'
        # refusal, not the goods' "anna is given twice")
        given = getattr(answers, blamed)
        return None if given is None else _refusal(path, replace(answers, **{blamed: None}), keys, index)
    return refusal


def _result_refusal(path: str, answers: NewRecord, keys: list[str], index: int) -> RefereeError | None:
    """The game's refusal of a result-only record's answers up to question ``index``, so that a
    score pad's answer is refused at its question (``Daro=150`` for Dario, a date that is none),
    not after the questions that follow it: the answers after it are left out (each then takes
    its default), the scores stood in for by 0 each, the teams as in a new game, a solo game's
    outcome by "won". A refusal of a later answer (a stand-in's, or one given by flag) waits
    for its question. None when the game accepts them."""
    later = keys[index + 1:]
    trial = replace(answers, **{key: None for key in later if key not in ("scores", "teams", "won")})
    players = _distinct(_names(trial.players))
    stood_in = {}
    if "scores" in later and trial.scores is None:
        stood_in["scores"] = ",".join(f"{name}=0" for name in players)
    if "teams" in later and trial.teams is None and _plays(trial, "team-game"):
        stood_in["teams"] = _teams_stand_in(players)
    if "won" in later and trial.won is None and _plays(trial, "solo-game"):
        stood_in["won"] = "yes"
    try:
        checked_text(path, replace(trial, **stood_in))
        return None
    except RefereeError as err:
        blamed = _blamed_in(err, replace(trial, **stood_in), path, keys)
        return None if blamed in later else err


def _end_refusal(path: str, answers: NewRecord, keys: list[str], index: int) -> RefereeError | None:
    """The game's refusal of an end-of-game record's answers up to question ``index``: the
    box's answers after it left out (each has a default of nothing, and none depends on a
    later one but the duchy, whose tiles may lie apart by a shield 18 on one of its castles,
    below) but the VP track, stood in for by 0 each, and the trade routes, stood in for as in
    a new game (:func:`_routes_stood_in`); the header's answers still to come take
    their defaults (one player: the solo game on its duchy), the team game's teams as in a new
    game (:func:`_teams_stand_in`); a Robber Knights record is checked from its map on. A
    refusal of a later answer given by flag waits for its question, and a duchy refused for a
    tile apart waits for the castle shields (:func:`_lifted_by_shield_18`). None when the
    game accepts them."""
    later = [key for key in keys[index + 1:]
             if key in _END_KEYS or key in _SOLO_KEYS or key in ("knights", "borrowed", "shields_removed")]
    trial = replace(answers, **dict.fromkeys(later))
    for key, _, default in END_QUESTIONS[answers.game or "castles-of-burgundy"][index + 1:]:
        if key not in later and getattr(trial, key) is None and _asked(key, trial):   # as it will be
            trial = replace(trial, **{key: _default(key, trial, default) or None})
    if not _names(trial.players) or (trial.game == "robber-knights" and trial.map is None and trial.control is None):
        return None
    stood_in = set()
    if trial.teams is None and _plays(trial, "team-game"):
        trial, stood_in = replace(trial, teams=_teams_stand_in(_names(trial.players))), {"teams"}
    if trial.vp is None:
        trial = replace(trial, vp=",".join(f"{name}=0" for name in _distinct(_names(trial.players))))
    try:
        trial = _routes_stood_in(trial, later)
        checked_text(path, trial)
        return None
    except RefereeError as err:
        blamed = _blamed_in(err, trial, path, keys)
        if blamed in keys and keys.index(blamed) > index and blamed not in stood_in:
            return None
        if blamed == "duchy" and "castle_shields" in later and _lifted_by_shield_18(path, trial, keys, later):
            return None
        return err


def _lifted_by_shield_18(path: str, trial: NewRecord, keys: list[str], later: list[str]) -> bool:
    """Whether the duchies refused before the castle shields are asked would be accepted with
    shield 18 in the game ("you are allowed to place hex tiles on any space in your duchy",
    2019 "THE SHIELDS"): a tile apart from the start castle may be the doing of a shield 18 on
    a castle, asked after the duchy (its castles hold it). The castle shields' own check then
    tells, and a refusal goes back to the duchy; a refusal of an answer still to be asked
    (``later``: a covered colour's bonus tile) is that answer's, not the duchy's."""
    said = (trial.shields_removed or "").split()
    lifted = replace(trial, shields_removed=" ".join(said if "18" in said else [*said, "18"]))
    try:
        checked_text(path, lifted)
    except RefereeError as err:
        return _blamed_in(err, lifted, path, keys) in later
    return True


def _routes_stood_in(answers: NewRecord, later: list[str]) -> NewRecord:
    """An end's answers with the trade routes still to be asked (``later``) stood in for
    (:func:`_route_stand_in`), and the goods on them: each player's first goods sold, as many
    as the route holds ("sold goods go onto the route first"; in the team game the team's,
    onto its first player's route and then its second's), so that the answers before them
    are checked whole.

    :raises AnswerError: the goods sold or a route cannot be split into their parts.
    """
    if not _plays(answers, "trade-routes"):
        return answers
    players = _distinct(_names(answers.players))
    routes = answers.routes if "routes" not in later else \
        ",".join(f"{name}={_route_stand_in(len(players))}" for name in players)
    if "route_goods" in later:
        holds = {name: len(_end_value("routes", value)) for name, value in _pairs(routes or "", "routes", players).items()}
        teams = _teams(answers) if _team_answer("sold", answers) else {}
        laid: dict[str, list[str]] = {}
        for holder, value in _pairs(answers.sold or "", "sold", _holders(answers, "sold")).items():
            goods = value.split()
            for name in teams.get(holder, [holder]):   # (a team's goods sold fill its players' routes in turn)
                laid[name], goods = goods[:holds.get(name, 0)], goods[holds.get(name, 0):]
        answers = replace(answers, route_goods=",".join(f"{name}={' '.join(goods)}" for name, goods in laid.items()))
    return replace(answers, routes=routes)


def _flag_refusal(err: RefereeError, path: str, answers: NewRecord, keys: list[str]) -> RefereeError:
    """The game's refusal of answers given by flags, said of the flag whose answer it blames
    and of the player or key within it (``--duchy (Anna c3): ...``), not at a line of a
    record that was never written; a refusal that blames no answer is left as the game said it."""
    if isinstance(err, AnswerError):   # (said of its answer: by its flag, as typed)
        return UsageError(f"--{err.key.replace('_', '-')}: {err.said}; nothing was written", hint=err.hint)
    where = getattr(err, "path", None)
    if where:
        blamed, part = _answer_at(where, keys)
    else:
        try:
            blamed, part = _blamed_in(err, answers, path, keys), ()
        except AnswerError as unread:   # (a later flag's answer that cannot be split: said as such)
            return _flag_refusal(unread, path, answers, keys)
    if blamed is None:   # (no answer blamed: the game's words, its record syntax said as the table says it)
        if not isinstance(err, RecordError):
            return err
        if getattr(err, "path", None):   # (a key of the whole table, e.g. [end] for the goods of everyone: said
            # without the line of a record never written, as an answer's refusal is)
            return RecordError(f"{_said(err, '')}; nothing was written")
        if in_table_words(err.message) == err.message:
            return err
        return RecordError(in_table_words(err.message), location=err.location, hint=err.hint)
    flag = f"--{blamed.replace('_', '-')}" + (f" ({' '.join(part)})" if part else "")
    return RecordError(f"{flag}: {_said(err, blamed)}; nothing was written")


def _told(err: RefereeError, key: str, answers: NewRecord, keys: list[str]) -> str:
    """:func:`_said` at the terminal, with the player (or team) it is about where the answer holds
    everyone's and the words do not name them (``Cara: at least 0, not -2``), as a flag's refusal
    names them (``--scores (Cara)``)."""
    said = _said(err, key)
    where = getattr(err, "path", None)
    holders = _holders(answers, key)
    if where and len(holders) > 1:
        blamed, part = _answer_at(where, keys)
        if blamed == key != "duchy" and part and part[0] in holders and part[0] not in said:
            return f"{part[0]}: {said}"
    return said


def _said(err: RefereeError, key: str) -> str:
    """A refusal in the table's words: without the record's key path (``[setup.goods.Anna]``),
    and with the question's example where the hint is written in the record's syntax."""
    if isinstance(err, AnswerError):
        message = err.said
    else:
        message = err.message
        if message.startswith("[") and "]" in message:
            message = message.partition("]")[2]
            named, colon, rest = message.partition(": ")   # ("[final] scores.Anna.total: ...": its key too)
            message = rest if colon and named.startswith(" ") and " " not in named.strip() else message.lstrip(":").strip()
    hint = err.hint
    if hint and any(mark in hint for mark in ('= [', '= {', '= "', "[game", "[setup")):
        hint = _example(key)
    return in_table_words(message) + (f" ({hint})" if hint else "")


#: A record's refusal in its own syntax (the text the record's readers raise, in
#: ``core/resultonly.py`` and the games' end tables) -> the same said in the words of ``new``'s
#: questions and flags, where ``new`` shows it: no TOML keys, tables or list syntax.
TABLE_WORDS = [
    ("must give each player of [game] players a score", "must give each player a score"),
    ('e.g. teams = { A = ["Anna", "Cara"], B = ["Ben", "Dario"] }', "e.g. A=Anna Cara,B=Ben Dario"),
    ('(modules = ["team-game"])', "(the team-game module)"),
    ('(modules = ["solo-game"])', "(the solo-game module)"),
    ("won = true or false: a solo game is won (its duchy filled within the 25 rounds) or lost",
     "a solo game is won (its duchy filled within the 25 rounds) or lost: yes or no"),
    ("control: no line for ", "control: nothing given for "),
    ("won = true, but ", "won (yes), but "),
    ("won = false, but ", "lost (no), but "),
]


def in_table_words(message: str) -> str:
    """``message`` with the record syntax of :data:`TABLE_WORDS` said in the table's words."""
    for record_words, table_words in TABLE_WORDS:
        message = message.replace(record_words, table_words)
    if message.startswith("no line for "):   # (its "[end] control: " already left off by _said)
        message = "nothing given for " + message.removeprefix("no line for ")
    return message


# --- asking -----------------------------------------------------------------------------------


Reader = Callable[[str, list[str]], str]


class Asked(str):
    """A question's prompt as the reader is given it, carrying which question it is
    (``key``: the answer's field, or the duchy or trade-route card by its place), so that an
    answer is remembered by its question and not by its words: the words change with earlier
    answers (the players' names in an example, a team game's goods), the question does not.
    A reader that takes it as plain text reads the words."""

    key: str

    def __new__(cls, text: str, key: str) -> Asked:
        asked = super().__new__(cls, text)
        asked.key = key
        return asked


class Back(Exception):
    """The person typed ``back`` at a question: the question before it is asked again, its
    answer on the line (:data:`BACK`)."""


#: What typed alone at a question, or after the earlier answer on the line (or PageUp, whatever
#: is on the line: :func:`terminal_reader`)
#: goes back to the question before (case and spaces aside): the answer given there stands on
#: the line to be mended or taken again with Enter, and the answers after it are asked again
#: the same way, so nothing typed is lost.
BACK = "back"


def create(path: str, given: NewRecord, *, force: bool = False, ask: bool = False, read: Reader | None = None,
           say: Callable[[str], None] = print, written: list[str] | None = None) -> str:
    """Make the record at ``path`` from ``given``, asking through ``read`` (a question and the
    words Tab offers -> the answer; default: a prompt_toolkit prompt) when ``ask`` is set; the
    line that says what was written.

    Each answer is checked as it is given, with the answers not given yet stood in for; a
    refused answer is explained and only that question asked again. ``back`` at a question
    asks the one before again (the game and the kind of record too, when they were asked).
    Without a terminal (``ask`` unset) the refusal is the command's answer.

    On a terminal nothing typed is lost when the write fails after the questions (the disk
    full, the folder removed or made read-only meanwhile): the answers are kept
    (:func:`_keep_answers`), another file may be named at once, and ``burgundy new FILE``
    run again on a terminal offers to resume with them (:func:`_resumed`). ``written``
    gets the file the record went to.

    :raises UsageError: ``path`` exists (without ``force``), or a required answer is missing
        without a terminal to ask, or the record could not be written (where its answers
        are kept said); :raises RefereeError: the game refuses the record.
    """
    _refuse_target(path, force)
    if ask:
        given, read = _resumed(path, given, read, say)
    if ask and read is None:
        read = terminal_reader()
    game_asked = ask and given.game is None
    step = "game"
    while True:   # (the game, the kind of record, the questions: 'back' may return to each asked)
        if step == "game":
            game = _game(given.game, ask, read, say)
            step = "mode"
        answers = replace(given, game=game.name)
        mode_asked = ask and not (answers.result or answers.end) and _required_missing(answers, QUESTIONS[game.name])
        if mode_asked:
            try:
                answers = _ask_mode(answers, read, say, before=game_asked)
            except Back:
                step = "game"
                continue
        try:
            answers, text, session = _ask_all(path, answers, ask, read, say, before=mode_asked or game_asked)
            break
        except Back:
            step = "mode" if mode_asked else "game"
    try:
        write_atomic(path, schema_directive(path, game.name) + text, replace=force)
    except UsageError as err:
        if not ask:   # (every answer is on the command line: running it again loses nothing)
            raise
        path = _write_elsewhere(path, err, answers, text, game.name, read, say)
    _drop_kept(path)
    if written is not None:
        written.append(path)
    from burgundy_cli.core.table import due_text

    if answers.result or answers.end:
        from burgundy_cli.core.render import by_place, outcome
        from burgundy_cli.core.resultonly import game_mode, modules_of

        table, mode, teams = session.score(), game_mode(modules_of(session.header)), _teams(answers)
        ended = outcome(table.complete, table.winner, table.tiebreak, mode, teams)
        players = by_place([{"name": line.name, "total": line.total, "rank": line.rank} for line in table.players],
                           table.complete, mode, teams)
        # (a pad is often typed after the game: a day no one gave, and no one was asked, is said)
        dated = "" if ask or given.date is not None else \
            f"\ndated today, {played_on(None).isoformat()}: --date gives the day it was played"
        return f"wrote {path}: {game.name}, {'result only' if answers.result else 'scored from the end'}: " + \
            ", ".join(players) + f"; {ended}{dated}"
    return f"wrote {path}: {game.name}, {', '.join(session.header.players)}; next: {due_text(session)}"


def kept_answers_file(path: str) -> Path:
    """Where the answers of a ``new`` whose write failed are kept for ``path`` (by its absolute
    path): beside the prompt's history, outside the record's folder, which may be the very
    thing that failed (full, removed, read-only)."""
    import hashlib

    from burgundy_cli.core.journal import state_folder

    target = os.path.abspath(path)
    digest = hashlib.sha256(os.fsencode(target)).hexdigest()[:16]
    return state_folder() / "new-kept" / f"{os.path.basename(target)}.{digest}.json"


def _keep_answers(path: str, answers: NewRecord) -> Path | None:
    """Keep ``answers`` for ``path`` (:func:`kept_answers_file`); where, or ``None`` when they
    could not be kept either."""
    import json

    kept = kept_answers_file(path)
    # ("today" is the day the game was typed in, not the day it is resumed)
    answers = replace(answers, date=played_on(answers.date).isoformat())
    data = {"record": os.path.abspath(path), "answers": {item.name: getattr(answers, item.name)
                                                          for item in fields(NewRecord)}}
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(kept, json.dumps(data, indent=1) + "\n", replace=True)
    except (OSError, UsageError):
        return None
    return kept


def _drop_kept(path: str) -> None:
    """The record at ``path`` is written: the answers kept for it are not needed any more."""
    try:
        kept_answers_file(path).unlink()
    except OSError:
        pass   # (none kept, or no longer there)


def _resumed(path: str, given: NewRecord, read: Reader | None,
             say: Callable[[str], None]) -> tuple[NewRecord, Reader | None]:
    """The answers to ask with: those kept when a ``new`` of ``path`` could not write it, if
    there are some and the person takes them (the answers given by flag now win), else
    ``given``; and the reader, made when it had to ask."""
    import json

    kept = kept_answers_file(path)
    try:
        data = json.loads(kept.read_text(encoding="utf-8"))
        answers = NewRecord(**data["answers"])
    except (OSError, ValueError, TypeError, KeyError):
        return given, read   # (none kept, or not as this tool keeps them: asked afresh)
    if read is None:
        read = terminal_reader()
    while True:
        said = _ask(f"the answers typed for {path} before its write failed are kept in {kept}: "
                    f"resume with them (yes) or start afresh (no, they are deleted)", "yes", read,
                    ["yes", "no"], key="resume").strip().lower()
        if said in ("yes", "y"):
            flags = {item.name: getattr(given, item.name) for item in fields(NewRecord)
                     if getattr(given, item.name) not in (None, False)}
            return replace(answers, **flags), read
        if said in ("no", "n"):
            _drop_kept(path)
            return given, read
        say(f"'{said}' is neither yes nor no")


def _write_elsewhere(path: str, err: UsageError, answers: NewRecord, text: str, game: str,
                     read: Reader | None, say: Callable[[str], None]) -> str:
    """The write of ``path`` failed after the questions (``err``): the answers are kept first
    (said where, outside the record's folder), then another file may be named to write the
    record to instead (its own target checks); the file written.

    :raises UsageError: no other file named (empty, or the input ended): the first failure,
        and where the answers are kept and how to resume with them -- or, when they could
        not be kept either, the record's text is said so that it can be copied.
    """
    reason = err.message.removesuffix("; nothing was written")
    kept = _keep_answers(path, answers)
    if kept is not None:
        say(f"{reason}; the answers are kept in {kept} (outside the record's folder)")
    else:
        say(f"{reason}, and the answers could not be kept; the record, to copy:\n{text}")
    if read is None:
        read = terminal_reader()
    while True:
        try:
            other = _ask("write the record to another file instead (empty: not now)", "", read, key="elsewhere")
        except (Back, UsageError):   # ('back': the questions are over; the input ended: not now)
            other = ""
        if not other.strip():
            break
        other = os.path.expanduser(other.strip())
        try:
            _refuse_target(other, False)
            write_atomic(other, schema_directive(other, game) + text)
        except UsageError as failed:
            say(failed.message + (f" ({failed.hint})" if failed.hint else ""))
            continue
        if kept is not None:
            _drop_kept(path)
        return other
    if kept is None:
        raise UsageError(f"{reason}; the answers could not be kept: the record's text is above, to copy")
    import shlex

    raise UsageError(f"{reason}; the answers are kept in {kept}",
                     hint=f"once the folder is there, writable and with room on its disk, run "
                          f"'burgundy new {shlex.quote(path)}' again on a terminal to resume with them")


def _refuse_target(path: str, force: bool) -> None:
    """Refuse, before any question is asked, a record that could not be written after them: a
    folder, a file that exists (without ``force``), a folder that is not there or is read-only
    (the answers of a whole game would otherwise be typed for nothing).

    :raises UsageError: what stands in the way, and nothing was written.
    """
    if os.path.isdir(path):
        raise UsageError(f"{path} is a folder, not a record file; nothing was written",
                         hint=f"name the record inside it, e.g. {os.path.join(path, 'game.toml')}")
    if os.path.lexists(path) and not force:
        raise UsageError(f"{path} already exists; nothing was written", hint="--force replaces it")
    folder = os.path.dirname(os.path.abspath(path))
    shown = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise UsageError(f"cannot write {path}: there is no folder {shown}; nothing was written",
                         hint="make the folder first, or name the record in one that exists")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"cannot write {path}: the folder {shown} is read-only; nothing was written")


def _ask_all(path: str, answers: NewRecord, ask: bool, read: Reader | None, say: Callable[[str], None], *,
             before: bool) -> tuple[NewRecord, str, Any]:
    """The questions of the kind of record ``answers`` asks for, in order, each answer checked
    as it is given (see :func:`create`), then a Castles end's bridge when it tells the winner;
    the answers, the record's text and its session.

    ``back`` at a question asks the one answered before it again, its answer cleared (and those
    after it: each is asked again, the reader putting the answer given before on the line).

    :raises Back: ``back`` at the first question asked, while ``before``: a question was asked
        before these (the game or the kind of record).
    """
    game = answers.game or "castles-of-burgundy"
    asked_by = RESULT_QUESTIONS if answers.result else END_QUESTIONS if answers.end else QUESTIONS
    questions = asked_by[game]
    keys = [key for key, _, _ in questions]
    _refuse_unused(answers, asked_by, game)
    terminal = ask
    ask = ask and _required_missing(answers, questions)  # all required given: the rest takes its default
    if ask and read is None:
        read = terminal_reader()
    index = 0
    settled: set[str] = set()   # asked already, an empty answer included: not asked twice
    answered: list[int] = []    # the questions answered at the terminal: where 'back' goes
    resume: dict[str, str] = {}  # a question asked a part at a time, gone back to: its parts given

    def go_back(index: int) -> int:
        """The question before ``index`` answered at the terminal, its answer and those after
        it cleared to be asked again; :raises Back: none, and a question came before these."""
        nonlocal answers
        earlier = [asked for asked in answered if asked < index]
        if not earlier:
            if before:
                raise Back
            say("this is the first question")
            return index
        back_to = max(earlier)
        if keys[back_to] == "duchy" or (keys[back_to] == "routes" and answers.routes):
            resume[keys[back_to]] = getattr(answers, keys[back_to]) or ""   # (back to its last part, not its first)
        for asked in [asked for asked in answered if asked >= back_to]:
            answers = replace(answers, **{keys[asked]: None})
            answered.remove(asked)
        settled.difference_update(keys[back_to:])   # (one not asked before may be now: a tie in mended scores)
        return back_to

    while True:
        while index < len(questions):
            key, question, default = questions[index]
            if _asked(key, answers) and getattr(answers, key) is None and key not in settled:
                try:
                    if key == "routes" and ask:
                        answers = _ask_routes(path, answers, keys, read, say, resume.pop(key, None))
                    elif key == "duchy" and ask:
                        answers = _ask_duchies(path, answers, keys, read, say, resume.pop(key, None))
                    else:
                        answers = replace(answers, **{key: _answer(key, _question(key, answers, question),
                                                                   _default(key, answers, default), ask, read,
                                                                   _choices(key, answers))})
                except Back:
                    index = go_back(index)
                    continue
                if ask and index not in answered:
                    answered.append(index)
            err = _refusal(path, answers, keys, index)
            if err is None:
                settled.add(key)
                if key == "modules":   # (answered, or left to its default: the modules played are known)
                    _refuse_off_module(answers)
                index += 1
                continue
            if not ask or not _asked(key, answers):   # (an answer given by flag that no question asks for)
                raise _flag_refusal(err, path, answers, keys)
            if answers.result or answers.end:   # (back to the earlier answer a refusal blames)
                blamed = _blamed_in(err, answers, path, keys)
                if blamed in keys and keys.index(blamed) < index and _asked(blamed, answers):
                    settled.add(key)   # (the last answer stands: the blamed one is asked again)
                    key, index = blamed, keys.index(blamed)
            say(_told(err, key, answers, keys))       # the answer just given is refused: that question again
            answers = replace(answers, **{key: None})
            settled.discard(key)
            if index in answered:
                answered.remove(index)
        text, session = checked_text(path, answers)
        if answers.end and game == "castles-of-burgundy" and answers.bridge is None and _bridge_decides(session):
            try:
                answers = _ask_bridge(answers, terminal, read or (terminal_reader() if terminal else None), say,
                                      session)
            except Back:   # (after the last question: back to the last one answered)
                index = go_back(len(questions))
                continue
            text, session = checked_text(path, answers)
        return answers, text, session


def _bridge_decides(session: Any) -> bool:
    """Whether the end's winner is told by the bridge: the first two tie on VP and on empty
    duchy spaces (2011 "later in turn order", 2019 "farthest behind on the bridge"). Asked on
    a terminal whether the other answers came by flag or not."""
    from burgundy_cli.castles.rules.scoring import turn_order_words

    return turn_order_words(getattr(session.score(), "tiebreak", None)) is not None


def _ask_bridge(answers: NewRecord, ask: bool, read: Reader | None, say: Callable[[str], None],
                session: Any) -> NewRecord:
    """The turn order on the bridge at the end, asked only when it tells the winner (asked
    again while it does not name every player once); without a terminal, ``--bridge`` is
    required then: the seat order would make a winner the table did not see.

    :raises UsageError: no terminal to ask.
    """
    from burgundy_cli.castles.rules.scoring import turn_order_words

    question = _in_edition(f"the turn order on the bridge at the end, first to last: the tie on VP and empty "
                           f"spaces goes to the one {turn_order_words(session.score().tiebreak)} "
                           f"(e.g. {','.join(reversed(_names(answers.players)))})", answers)
    while True:
        answer = _answer("bridge", question, None, ask, read, _names(answers.players))
        try:
            _bridge_order(answer or "", _names(answers.players))
            return replace(answers, bridge=answer)
        except AnswerError as err:
            if not ask:
                raise
            say(_said(err, "bridge"))


#: Each kind of record ``new`` makes, as a refused flag names it, and the questions it asks.
_KINDS = {"a record logged move by move": QUESTIONS, "an end-of-game record (--end)": END_QUESTIONS,
          "a result-only record (--result)": RESULT_QUESTIONS}


def _taken(kind: dict[str, list[tuple[str, str, str | None]]], game: str) -> set[str]:
    """The answers a kind of record (its questions, by game) of ``game`` takes: its questions',
    and a Castles end's bridge, asked after them only when it tells the winner."""
    late = {"bridge"} if kind is END_QUESTIONS and game == "castles-of-burgundy" else set()
    return {key for key, _, _ in kind[game]} | late


def _refuse_unused(answers: NewRecord, asked_by: dict[str, list[tuple[str, str, str | None]]], game: str) -> None:
    """Refuse an answer given by flag that this kind of record (``asked_by``: its questions,
    by game) of ``game`` never asks for (``--scores`` without ``--result``, ``--layout`` for
    The Castles of Burgundy): left unread, it would make a record other than the one meant.

    :raises UsageError: the first such flag, and which kind of record or game takes it.
    """
    taken = _taken(asked_by, game) | {"game", "result", "end"}
    for key in (field.name for field in fields(answers)):
        if key in taken or getattr(answers, key) in (None, [], ""):
            continue
        kind = next(name for name, questions in _KINDS.items() if questions is asked_by)
        takers = [(name, other) for name, questions in _KINDS.items() for other in questions
                  if key in _taken(questions, other)]
        mine = [name for name, other in takers if other == game]
        said = (f"is for {' or '.join(mine)}, not {kind}" if mine else
                f"is for {' and '.join(dict.fromkeys(other for _, other in takers))}, not {game}")
        raise UsageError(f"--{key.replace('_', '-')} {said}; nothing was written")


#: The module each module's own answer belongs to (:data:`FOR_MODULE`, and the end's castle
#: shields and shield 6's choice).
_MODULE_OF = FOR_MODULE | {"castle_shields": "shields", "borrowed": "shields"}


def _refuse_off_module(answers: NewRecord) -> None:
    """Refuse an answer given for a module the record does not play (``--shields-removed``
    without the shields): left unread, it would make a record other than the one meant, and
    the game would refuse a table the user never wrote.

    :raises UsageError: the first such answer, and the module it is for.
    """
    for key, module in _MODULE_OF.items():
        if getattr(answers, key) not in (None, "") and not _plays(answers, module):
            raise UsageError(f"--{key.replace('_', '-')} is for the {module} module, which this record does not "
                             f"play (--modules {module}); nothing was written")


#: The kinds of record ``new`` makes, as the mode question names them.
MODES = {"log": "log the game", "end": "score the end", "result": "the result only"}


def _ask_mode(answers: NewRecord, read: Reader | None, say: Callable[[str], None], before: bool = False) -> NewRecord:
    """Which record to make: the game logged move by move, scored from how it ended (an
    end-of-game record), or its final scores only (asked again until one of the three).

    :raises Back: ``back``, while ``before``: the game was asked before it."""
    while True:
        try:
            said = _ask("record: log (log the game), end (score the end) or result (the result only)", "log", read,
                        list(MODES), key="record").strip().lower()
        except Back:
            if before:
                raise
            say("this is the first question")
            continue
        mode = next((key for key, words in MODES.items() if said in (key, words)), None)
        if mode is not None:
            return replace(answers, end=mode == "end", result=mode == "result")
        say(f"'{said}' is none of log, end, result")


def _game(name: str | None, ask: bool, read: Reader | None, say: Callable[[str], None]) -> Any:
    """The game the record is of: as given, else asked (again while no game is called so).

    :raises UsageError: no game, or an unknown one, without a terminal to ask."""
    while True:
        if name is None and ask:
            try:
                name = _ask("game (castles-of-burgundy or robber-knights)", "castles-of-burgundy", read,
                            _choices("game", NewRecord()), key="game")
            except Back:
                say("this is the first question")
                continue
        if name is None:
            raise UsageError("say which game: --game castles-of-burgundy or --game robber-knights")
        try:
            return find_game(name)
        except RefereeError as err:
            if not ask:
                raise UsageError(err.message, hint=err.hint) from None
            say(err.message + (f" ({err.hint})" if err.hint else ""))
            name = None


def _required_missing(answers: NewRecord, questions: list[tuple[str, str, str | None]]) -> bool:
    """Whether a question that has no default is unanswered, each question's default taken in turn."""
    for key, _, default in questions:
        if not _asked(key, answers) or getattr(answers, key) is not None:
            continue
        value = _default(key, answers, default)
        if value is None:
            return True
        answers = replace(answers, **{key: (value or None) if key != "layout" else None})
    return False


def _answer(key: str, question: str, default: str | None, ask: bool, read: Reader | None,
            choices: list[str]) -> Any:
    """One answer: asked when there is a terminal, else the default (or an error if required)."""
    if not ask or read is None:
        if default is None:
            raise UsageError(f"missing --{key.replace('_', '-')}: {question}")
        return default or None
    text = _ask(question, default, read, choices, key=key)
    if key == "layout":
        return [text] if text else None
    return text or None


def _ask_routes(path: str, answers: NewRecord, keys: list[str], read: Reader | None,
                say: Callable[[str], None], resume: str | None = None) -> NewRecord:
    """Each player's trade route, card by card: the 3 spaces of each card left to right, each
    card checked as it is given (the spaces not given yet stood in for). ``back`` asks the
    card before again (the previous player's last card after a first card). ``resume``: the
    routes given before, the question gone back to from a later one: their last card is asked
    again, the others kept.

    :raises Back: ``back`` at the first player's first card.
    """
    from burgundy_cli.castles.modules.routes import CARD_SPACES, ROUTE_CARDS

    players = _names(answers.players)
    cards = ROUTE_CARDS[max(len(players), 2)]
    given: list[list[str]] = []   # the cards given so far, each player's in turn
    if resume:
        spaces = [space for value in _pairs(resume, "routes", players).values() for space in _end_value("routes", value)]
        given = [spaces[at:at + CARD_SPACES] for at in range(0, len(spaces), CARD_SPACES)][:-1]
    while len(given) < len(players) * cards:
        name, card = players[len(given) // cards], len(given) % cards + 1
        try:
            text = _ask(f"{name}'s trade route, card {card} of {cards}: its {CARD_SPACES} spaces left to right, "
                        f"e.g. {ROUTE_CARD_EXAMPLE}", None, read, _choices("routes", answers),
                        key=f"routes {len(given)}")   # (the card by its place: the seat's name may change)
        except Back:
            if not given:
                raise
            given.pop()
            continue
        typed = [space.strip() for space in text.replace(",", ";").split(";") if space.strip()]
        if len(typed) != CARD_SPACES:
            say(f"a trade route card has {CARD_SPACES} spaces, not {len(typed)} (e.g. {ROUTE_CARD_EXAMPLE})")
            continue
        trial = _route_spaces([*given, typed], players, cards)
        text = ",".join(f"{who}={_route_stand_in(len(players), trial.get(who))}" for who in players)
        refused = _refusal(path, replace(answers, routes=text), keys, keys.index("routes"))
        if refused is not None:
            say(_said(refused, "routes").replace(f"{name}'s trade route: ", f"card {card}: "))
            continue
        given.append(typed)
    routes = _route_spaces(given, players, cards)
    return replace(answers, routes=",".join(f"{name}={';'.join(spaces)}" for name, spaces in routes.items()))


def _route_spaces(given: list[list[str]], players: list[str], cards: int) -> dict[str, list[str]]:
    """The cards given so far (``cards`` a player, in seat order) as each player's route spaces."""
    return {name: [space for card in given[seat * cards:(seat + 1) * cards] for space in card]
            for seat, name in enumerate(players) if given[seat * cards:]}


def _ask_duchies(path: str, answers: NewRecord, keys: list[str], read: Reader | None,
                 say: Callable[[str], None], resume: str | None = None) -> NewRecord:
    """Each player's duchy at the end, one question a player (in the team game a team, on both
    halves of its team board): the tiles placed as ``space:tile``, each duchy checked as it is
    given (colours, the city rule, joined to the start castle, no tile more often than the game has).
    ``back`` asks the duchy before again. ``resume``: the duchies given before, the question
    gone back to from a later one: the last is asked again, the others kept.

    :raises Back: ``back`` at the first duchy.
    """
    teams = _teams(answers) if _team_answer("duchy", answers) else {}
    holders = _holders(answers, "duchy")
    duchies: dict[str, str] = {}
    if resume is not None:
        given = _pairs(resume, "duchy", holders)
        duchies = {holder: given.get(holder, "") for holder in holders[:-1]}
    while len(duchies) < len(holders):
        name = holders[len(duchies)]
        whose, example = (f"team {name}'s duchy ({' and '.join(teams.get(name, []))})", "c3:bank rc4:k22 rd3:ship") \
            if teams else (f"{name}'s duchy", "c3:bank c4:k22 d3:ship")
        try:
            text = _ask(_in_edition(f"{whose}: the tiles placed as space:tile, e.g. {example} (empty: none)", answers),
                        "", read, _choices("duchy", answers), key=f"duchy {len(duchies)}").strip()
        except Back:
            if not duchies:
                raise
            duchies.popitem()
            continue
        trial = {**duchies, name: text}
        typed = ",".join(f"{who}={value}" for who, value in trial.items() if value)
        refused = _refusal(path, replace(answers, duchy=typed), keys, keys.index("duchy"))
        if refused is None:
            duchies[name] = text
            continue
        say(_said(refused, "duchy"))
    return replace(answers, duchy=",".join(f"{name}={value}" for name, value in duchies.items() if value))


def _ask(question: str, default: str | None, read: Reader | None, choices: list[str] | None = None, *,
         key: str | None = None) -> str:
    """Ask until an answer is given (a default counts); ``key`` names the question whatever its
    words (:class:`Asked`; default: its words). Enter alone at a question without a default
    asks it again saying that it needs an answer (it had come back unexplained).

    :raises UsageError: the input ended (Ctrl-D) before an answer; :raises Back: the answer
        was :data:`BACK`.
    """
    assert read is not None
    suffix = f" [{default}]" if default else ""
    needed = ""
    while True:
        try:
            text = read(Asked(f"{question}{suffix}{needed}: ", key or question), choices or []).strip()
        except EOFError:
            raise UsageError("no answer (the input ended); nothing was written") from None
        if text.casefold() == BACK:
            raise Back
        if text or default is not None:
            return text or (default or "")
        needed = " -- an answer is needed (Ctrl-D quits, nothing written)"


def choice_completer(choices: list[str]) -> Any:
    """What Tab completes at a question: the word being typed, wherever it stands in the answer
    (after a space, a comma, ``=``, ``:``, ``;`` or ``/``: ``c3:ba`` offers ``bank``), from
    ``choices``. prompt_toolkit finds that word by searching the text before the cursor
    *reversed*, so the pattern matches the word's letters from its end: at the start."""
    import re

    from prompt_toolkit.completion import WordCompleter

    return WordCompleter(choices, pattern=re.compile(r"^[^\s,;=/:]*"))


#: The line under each question of ``new`` at a terminal: the keys and words it takes.
HELP_LINE = f" PageUp or {BACK}: the question before · Tab: choices · Ctrl-D: quit, nothing written"


def typed_back(answer: str, earlier: str) -> bool:
    """Whether ``answer``, typed at a line that started as ``earlier`` (the answer given to the
    question before), is :data:`BACK` typed on the end of it: typing ``back`` at a pre-filled
    line appends to it (``c3:bankback``), which no one means as an answer. ``back`` over the
    pre-filled text is the word alone, which the questions take as it is.

    >>> typed_back("c3:bankback", "c3:bank"), typed_back("c3:bank back", "c3:bank")
    (True, True)
    >>> typed_back("c3:bankback", "c3:ban"), typed_back("back", "")
    (False, False)
    """
    line = answer.rstrip()
    return bool(earlier.strip()) and line[-len(BACK):].casefold() == BACK \
        and line[:-len(BACK)].rstrip() == earlier.rstrip()


def terminal_reader(**prompt_options: Any) -> Reader:
    """The questions' prompt on a terminal: prompt_toolkit's line editing, the answers given
    before (Up, kept across runs beside the table session's history) and Tab completing the
    question's choices (``prompt_options`` go to ``PromptSession``: tests pass ``input`` and
    ``output``)."""
    from prompt_toolkit import PromptSession

    from burgundy_cli.core.tableui import history_file

    from prompt_toolkit.key_binding import KeyBindings

    given: dict[str, str] = {}   # each question asked so far (:class:`Asked`) -> the answer typed to it last
    left: list[str] = []         # the line as it was when PageUp left it
    keys = KeyBindings()

    @keys.add("pageup")
    def _back(event: Any) -> None:
        """PageUp: back to the question before, whatever is on the line (kept for this one)."""
        left[:] = [event.current_buffer.text]
        event.app.exit(result=BACK)

    session: Any = PromptSession(history=history_file("new-history"), complete_while_typing=False,
                                 bottom_toolbar=HELP_LINE, key_bindings=keys, **prompt_options)

    def read(question: str, choices: list[str]) -> str:
        # a question asked again (its answer refused, or gone back to, or asked again after
        # going back further) starts from the answer typed to it, to be mended or taken with Enter
        left.clear()
        asked = getattr(question, "key", question)   # (which question: its words may have changed)
        earlier = given.get(asked, "")
        answer = session.prompt(str(question), default=earlier,
                                completer=choice_completer(choices) if choices else None)
        if left:                                     # (PageUp: what was on the line waits here)
            given[asked] = left[0]
        elif typed_back(answer, earlier):            # (the earlier answer waits here, as with PageUp)
            return BACK
        elif answer.strip().casefold() != BACK:
            given[asked] = answer
        return answer

    return read


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
