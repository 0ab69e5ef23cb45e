"""``burgundy export``: records as a BG Stats import file or as CSV, for score-tracking apps.

Every record is replayed and verified first; a record that fails is reported and left
out, never half exported. The BG Stats file (docs/export.md) holds one play per complete
game (result-only records too; never a record that starts from a position, a rulebook
example, which is no game played), with ids derived from the game's identity: its ``[game]
uuid``, written once by ``burgundy new`` (:func:`play_uuid`), so importing the same records
again -- even after a date, a place or a note was added -- updates those plays instead of
adding copies; and the player, place and game ids from their names, so every export agrees
on who is who. The CSV has a section per game, each with only that game's columns. No
account, password or network is involved: the file is imported by the app.
"""

from __future__ import annotations

from dataclasses import dataclass
import datetime as _dt
import hashlib
import io
import uuid
from collections.abc import Iterable
from typing import Any

from burgundy_cli.core.errors import failure
from burgundy_cli.core.game import GameHeader, ScoreTable
from burgundy_cli.core.record import content_hash, dump_record, parse_record_bytes, read_record_bytes
from burgundy_cli.core.registry import GAMES, game_module
from burgundy_cli.core.session import open_doc

#: The namespace of every id this tool gives BG Stats (a UUID5 of the tool's name).
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://pypi.org/project/burgundy-cli/")


@dataclass(frozen=True, slots=True)
class Played:
    """One verified record: its header, score table, start player, the canonical text of what
    identifies the game (:func:`identity_text`), where it starts (``setup``, ``position`` or
    ``result``) and the teams of a team game."""

    file: str
    header: GameHeader
    table: ScoreTable
    start_player: str | None
    canonical: str
    start: str = "setup"
    teams: dict[str, list[str]] | None = None
    digest: str = ""   #: the SHA-256 of the file's bytes (core.record.content_hash): the archive's key


    @property
    def result_only(self) -> bool:
        return self.start == "result"


def read_played(files: Iterable[str]) -> tuple[list[Played], list[dict[str, Any]]]:
    """Replay and verify ``files``; the records that pass, and ``{"file", "error", "exit"}``
    for those that do not."""
    from burgundy_cli.core.bulk import shown_name

    played, failed = [], []
    for path in files:
        file = shown_name(path)  # (a name that is not UTF-8, readably)
        try:
            raw = read_record_bytes(path)
            doc = parse_record_bytes(raw, str(path))
            session = open_doc(doc)
            table = session.score()
            data = session.record_data()
        except Exception as err:  # noqa: BLE001 - reported per file, never as a traceback
            message, code = failure(err)
            failed.append({"file": file, "error": shown_name(message.removeprefix("burgundy: ")), "exit": code})
            continue
        from burgundy_cli.core.resultonly import teams_of

        start = _first_mover(session.header.players, data) if "setup" in data else None
        where = "position" if "position" in doc.data else "result" if "final" in doc.data else "setup"
        played.append(Played(file, session.header, table, start, identity_text(data), where,
                             teams_of(doc) or None, content_hash(raw)))
    return played, failed


def copies(played: Iterable[Played]) -> dict[str, str]:
    """Each record that is a copy of an earlier one (the same bytes: one game, as ``stats`` and
    the site count it) -> the file of the first, in the order given (the folder walk's). An
    export leaves the copies out: they had been a second row of every player in the CSV and a
    second play with the same id in the BG Stats file."""
    first: dict[str, str] = {}
    out = {}
    for record in played:
        kept = first.setdefault(record.digest, record.file)
        if kept != record.file:
            out[record.file] = kept
    return out


def copies_left_out(played: Iterable[Played]) -> list[str]:
    """What an export says of the copies it leaves out, as ``stats`` names them: a line each,
    then how many."""
    from burgundy_cli.core.words import counted

    later = copies(played)
    lines = [f"copy: {copy}: the same record as {first}, left out" for copy, first in later.items()]
    return lines + ([f"{counted(len(later), 'copy', 'copies')} of another record left out: one game"] if later else [])


def shared_ids(played: Iterable[Played]) -> list[str]:
    """A line per set of different records (not copies: :func:`distinct`) that give one BG
    Stats play id -- the same ``[game] uuid``, a score pad copied to make the next table's, or
    one game saved twice with an edit: the app keeps one play of them (plays are told apart by
    this id), so a game would be lost there without a word. Each line names the files and
    both ways to mend them."""
    by_id: dict[str, list[str]] = {}
    for record in exported(distinct(played)):
        by_id.setdefault(play_uuid(record), []).append(record.file)
    return [f"BG Stats: {', '.join(files[:-1])} and {files[-1]} are one play to the app (one [game] uuid), which "
            "keeps only one of them: if they are one game, remove all but one file; if they are different games "
            "(a pad copied to make another), delete the copy's uuid line so it gets an id of its own"
            for files in by_id.values() if len(files) > 1]


def distinct(played: Iterable[Played]) -> list[Played]:
    """``played`` without the copies of earlier records (:func:`copies`)."""
    played = list(played)
    later = copies(played)
    return [record for record in played if record.file not in later]


#: What a record's ``[game]`` says about the occasion, not the game: a date, a place, an event
#: or a note added or corrected later leaves the game the one it was.
OCCASION = ("date", "place", "event", "notes", "uuid")


def identity_text(data: dict[str, Any]) -> str:
    """What identifies a game: ``uuid:`` and its ``[game] uuid`` (written once by ``new``), else
    the record's canonical text (:func:`~burgundy_cli.core.record.dump_record`) without the
    occasion's fields of ``[game]`` (:data:`OCCASION`) and without the ``[result]`` the replay
    recomputes."""
    if data["game"].get("uuid"):
        return "uuid:" + str(data["game"]["uuid"]).lower()
    game = {key: value for key, value in data["game"].items() if key not in OCCASION}
    return dump_record({"game": game, **{key: value for key, value in data.items() if key not in ("game", "result")}})


def _first_mover(players: list[str], data: dict[str, Any]) -> str | None:
    """The player of the first player line of a record started from its setup: who began."""
    module = game_module(data["game"]["name"], "svg")
    known = {name.lower(): name for name in players}
    for path in module.log_lines(data):
        value: Any = data
        for key in path:
            value = value[key]
        name = known.get(value.partition(":")[0].strip().lower()) if ":" in value else None
        if name is not None:
            return name
    return None


def play_uuid(played: Played) -> str:
    """A play's id: a UUID5 of the game's identity (:func:`identity_text`): its ``[game] uuid``,
    or for a record made before ``new`` wrote one, the canonical text of its game, players,
    options, setup and moves (comments, layout, date, place, event and notes aside)."""
    return str(uuid.uuid5(NAMESPACE, "play:" + hashlib.sha256(played.canonical.encode()).hexdigest())).upper()


def _name_uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{name}")).upper()


#: BoardGameGeek ids the user gives (``--bgg-id GAME[:EDITION]=ID``), by (game, edition).
BggIds = dict[tuple[str, str | None], int]


def parse_bgg_ids(given: Iterable[str]) -> BggIds:
    """``--bgg-id`` values (``robber-knights=1234``, ``castles-of-burgundy:2019=271320``) as
    ids by (game, edition): a game with editions needs one, a game with one edition none.

    :raises UsageError: an unknown game or edition, or an id that is no positive number.
    """
    from burgundy_cli.core.errors import UsageError
    from burgundy_cli.core.registry import find_game
    from burgundy_cli.core.suggest import did_you_mean

    ids: BggIds = {}
    for text in given:
        key, equals, number = text.partition("=")
        game_name, colon, edition = key.strip().partition(":")
        if not equals or not number.strip().isdecimal() or int(number) <= 0:
            raise UsageError(f"--bgg-id {text!r}: expected GAME=ID or GAME:EDITION=ID with a positive id",
                             hint="e.g. --bgg-id robber-knights=12345 (the number in the game's "
                                  "boardgamegeek.com/boardgame/<id> address)")
        if game_name not in GAMES:
            raise UsageError(f"--bgg-id: unknown game '{game_name}'", hint=did_you_mean(game_name, list(GAMES)))
        editions = find_game(game_name).editions
        if (edition or None) not in (editions or (None,)):
            raise UsageError(f"--bgg-id: {game_name} has " + (f"the editions {', '.join(editions)}: say which, "
                             f"as {game_name}:{editions[-1]}=ID" if editions else "a single edition: give "
                             f"{game_name}=ID"))
        ids[game_name, edition or None] = int(number)
    return ids


def _game_facts(played: Played, given: BggIds | None = None) -> tuple[str, str, int, int]:
    """The game's name with its edition, its BoardGameGeek name, id and year for the
    record's edition (the one the replay used, which a Castles record may leave to its default).
    An id in ``given`` wins over the game's own; 0 means none is known."""
    module = game_module(played.header.name, "svg")
    edition = played.table.edition
    bgg, year = module.BOARDGAMEGEEK[edition]
    bgg = (given or {}).get((played.header.name, edition), bgg)
    return module.TITLE + (f" ({edition})" if edition else ""), module.TITLE, bgg, year


def _play_date(header: GameHeader) -> str | None:
    """``YYYY-MM-DD HH:MM:SS`` from ``[game] date`` (a date alone is taken as noon, so that no
    time zone moves the play to another day), else None. A date alone written as a string
    (``date = "2026-03-15"``, which ``stats`` reads as that day) is a date alone too: it was
    read as a time, midnight, the one edge of the day noon keeps clear of."""
    value = header.date
    if isinstance(value, str):
        try:
            value = _dt.date.fromisoformat(value) if len(value) == 10 else _dt.datetime.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, _dt.datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, _dt.date):
        return f"{value.isoformat()} 12:00:00"
    return None


def breakdown_comment(played: Played) -> str:
    """The play's comments: each player's points by category (BG Stats has no such fields)."""
    lines = [f"Scored by burgundy from {played.file}."]
    if played.result_only:
        lines.append("Result only: the final scores were entered after the game, without its moves.")
    if played.teams:
        lines += [f"Team {team}: {' + '.join(members)}." for team, members in played.teams.items()]
    if played.header.event:
        lines.append(f"Event: {played.header.event}.")
    for line in played.table.players:
        # (a result-only record has no categories: its total alone, never "160 (rank 1): no points")
        parts = ", ".join(f"{category} {points}" for category, points in line.breakdown.items() if points)
        lines.append(f"{line.name} {line.total} (rank {line.rank})"
                     + (f": {parts or 'no points'}" if line.breakdown else ""))
    if played.table.tiebreak:
        lines.append(f"Tiebreak: {played.table.tiebreak}.")
    return "\n".join(lines)


def exported(played: Iterable[Played]) -> list[Played]:
    """The records that make plays: the complete games, logged or result-only; never a record
    that starts from a position (a rulebook example, a disputed moment: no game played)."""
    return [p for p in played if p.table.complete and p.start != "position"]


def _earliest_first(played: Iterable[Played]) -> list[Played]:
    """``played`` in the club's date order (:func:`core.words.date_order`: undated games, and
    those dated in free text, after the dated ones: an old score pad typed in later without
    its date must not become a player's first game and move their id), else in the order given."""
    from burgundy_cli.core.words import date_order

    return sorted(played, key=lambda record: date_order(record.header.date))


def player_spellings(played: Iterable[Played]) -> dict[str, list[str]]:
    """Each player of the exported games (:func:`exported`), by the key that makes spellings
    one player (``core.words.player_key``: Unicode form, runs of spaces and case ignored, as
    ``stats`` and the site match players): the spellings the records use, the one of the
    player's first game (:func:`_earliest_first`) first -- the name and id the export gives
    that player. A later game spelling the name otherwise never moves the player to another
    id; a club whose records spell a name one way keeps the id it always had."""
    from burgundy_cli.core.words import player_key

    spellings: dict[str, list[str]] = {}
    for record in _earliest_first(exported(played)):
        for name in record.header.players:
            known = spellings.setdefault(player_key(name), [])
            if name not in known:
                known.append(name)
    return spellings


def merged_players(played: Iterable[Played]) -> list[str]:
    """A line per player whose name the records spell in more than one way (``Zoë`` and ``zoë``,
    a composed and a decomposed ``ë``): exported as one player, under the first spelling's
    name and id; an earlier export that had them apart left the others' players in the app,
    their plays now moved, to be deleted there."""
    import unicodedata

    def shown(name: str) -> str:  # (two Unicode forms of one name look alike: say which)
        return repr(name) + ("" if unicodedata.is_normalized("NFC", name) else " (decomposed)")

    lines = []
    for names in player_spellings(played).values():
        if len(names) > 1:
            others = ", ".join(map(shown, names[1:]))
            lines.append(f"BG Stats: {shown(names[0])} and {others} are one player (the same name but for case, "
                         f"spaces or Unicode form), exported as {shown(names[0])} with its id; a player an "
                         f"earlier export made of {others} keeps no plays in the app, and can be deleted there")
    return lines


def bgstats(played: list[Played], bgg_ids: BggIds | None = None) -> dict[str, Any]:
    """The BG Stats import file for the complete games among ``played`` (docs/export.md);
    ``bgg_ids``: BoardGameGeek ids the user gave (:func:`parse_bgg_ids`). A player's spellings
    are one player (:func:`player_spellings`)."""
    from burgundy_cli.core.words import player_key

    played = distinct(played)
    spelled = {key: names[0] for key, names in player_spellings(played).items()}
    players: dict[str, int] = {}   # player key -> id in the file, in the order the plays meet them
    places: dict[str, int] = {}
    games: dict[str, dict[str, Any]] = {}
    plays = []
    for record in exported(played):
        name, bgg_name, bgg, year = _game_facts(record, bgg_ids)
        if name not in games:
            games[name] = {"id": len(games) + 1, "uuid": _name_uuid("game", name), "name": name, "bggName": bgg_name,
                           "bggId": bgg, "bggYear": year, "highestWins": True, "noPoints": False,
                           "cooperative": False, "usesTeams": False}
        team_of = {member: team for team, members in (record.teams or {}).items() for member in members}
        if team_of:
            games[name]["usesTeams"] = True
        for player in record.header.players:
            players.setdefault(player_key(player), len(players) + 1)
        place = record.header.place
        if place is not None:
            places.setdefault(place, len(places) + 1)
        seat = {player: index for index, player in enumerate(record.header.players)}
        play: dict[str, Any] = {"uuid": play_uuid(record)}
        date = _play_date(record.header)
        if date is not None:
            play.update({"playDate": date, "entryDate": date})
        play.update({
            "gameRefId": games[name]["id"],
            "board": _board(record),
            "ignored": False, "manualWinner": False, "usesTeams": bool(team_of), "rounds": 0, "durationMin": 0,
            "comments": breakdown_comment(record),
            "playerScores": [{"playerRefId": players[player_key(line.name)], "score": str(line.total),
                              "rank": line.rank,
                              "winner": line.name in record.table.winner,
                              "startPlayer": line.name == record.start_player,
                              "seatOrder": seat[line.name] + 1, "newPlayer": False, "role": "",
                              **({"team": team_of[line.name]} if line.name in team_of else {})}
                             for line in sorted(record.table.players, key=lambda line: seat[line.name])],
        })
        if place is not None:
            play["locationRefId"] = places[place]
        plays.append(play)
    return {
        "about": "BG Stats import file written by burgundy (https://pypi.org/project/burgundy-cli/); "
                 "open it with the BG Stats app to import the plays.",
        "players": [{"id": number, "uuid": _name_uuid("player", spelled[key]), "name": spelled[key],
                     "isAnonymous": False} for key, number in players.items()],
        "locations": [{"id": number, "uuid": _name_uuid("location", name), "name": name}
                      for name, number in places.items()],
        "games": list(games.values()),
        "plays": plays,
        "userInfo": {"meRefId": 0},
    }


def _board(played: Played) -> str:
    """What BG Stats calls the board (a variant): the edition and the rule options chosen."""
    parts = [f"{played.table.edition} edition"] if played.table.edition else []
    parts += [f"{key} = {', '.join(map(str, value)) if isinstance(value, list) else value}"
              for key, value in played.header.options.items()]
    return "; ".join(parts)


#: The CSV columns before the scoring categories (``team`` only in a section with team games).
CSV_COLUMNS = ("file", "game", "edition", "date", "place", "event", "complete", "result_only", "player", "seat",
               "start_player", "team", "score", "rank", "winner")


def csv_text(played: list[Played]) -> str:
    """One section per game (Castles, Robber Knights), in the order the records first name
    them, separated by an empty line: each a header row and one row per player per record,
    with only that game's columns -- the scoring categories its records use, and ``team``
    only where a team game is among them. Yes/no columns are ``true``/``false``.

    A record that starts from a position (a rulebook example, a disputed moment) is no game
    played and has no row, as BG Stats gets no play of it and ``stats`` counts none: its
    players (the rulebook's "Benno") had been rows among the club's, and a rulebook example
    scored to its end a game "won" with ``complete = true``. A copy of an earlier record (the
    same bytes, :func:`copies`) is one game and has no rows of its own."""
    from burgundy_cli.core.csvrows import csv_row
    from burgundy_cli.core.words import player_key

    # (a player as every report names them: their first game's spelling, player_spellings;
    # "Eve" and "eve" had been two players to a spreadsheet's pivot table)
    spelled = {key: names[0] for key, names in player_spellings(played).items()}
    sections: dict[str, list[Played]] = {}
    for record in distinct(played):
        if record.start != "position":
            sections.setdefault(record.header.name, []).append(record)
    out = io.StringIO()
    for index, records in enumerate(sections.values()):
        if index:
            out.write("\n")
        categories: list[str] = []
        for record in records:
            for line in record.table.players:
                categories.extend(c for c in line.breakdown if c not in categories)
        teams = any(record.teams for record in records)
        columns = [c for c in CSV_COLUMNS if c != "team" or teams]
        out.write(csv_row([*columns, *categories]))
        for record in records:
            header = record.header
            lines = {line.name: line for line in record.table.players}
            team_of = {member: team for team, members in (record.teams or {}).items() for member in members}
            for seat, name in enumerate(header.players, start=1):
                line = lines[name]
                row = [record.file, header.name, record.table.edition or "", _csv_date(header), header.place or "",
                       header.event or "", _yes(record.table.complete), _yes(record.result_only),
                       spelled.get(player_key(name), name), seat,
                       "" if record.start_player is None else _yes(name == record.start_player),
                       *([team_of.get(name, "")] if teams else []),
                       line.total, line.rank, _yes(name in record.table.winner)]
                out.write(csv_row([*row, *(line.breakdown.get(category, "") for category in categories)]))
    return out.getvalue()


def _yes(value: bool) -> str:
    return "true" if value else "false"


def _csv_date(header: GameHeader) -> str:
    value = header.date
    return value.isoformat() if isinstance(value, _dt.date) else (value or "")
