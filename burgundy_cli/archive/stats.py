"""The statistics clubs ask for, over games read from the archive or scored just now.

Everything here works on *games*: plain dicts with the header fields (``game``,
``edition``, ``date``, ``place``, ``event``, ``players``, ``boards``, ``modules``,
``file``, ``mode``, ``teams``, ``start``), ``complete`` and ``lines`` (one per seat: ``name``,
``total``, ``rank``, ``won`` -- 1, or 1/n of a win shared by n -- and ``breakdown``). :func:`archived_games`
streams them out of the archive in date order; ``burgundy summary`` builds them from
``score --json`` objects (:func:`game_of_score`). Each statistic keeps only what it
reports (a tally per player, the best N), so memory does not grow with the games.

Players are matched across records by their name ignoring case. Only complete games
count; games in progress are counted per group, never scored. A record that starts from a
``[position]`` (a rulebook example, say) is no game played: the archive's games leave it out,
and the report says how many it left out. A result-only record (final scores, no moves) is
a game played like any other. The 2019 solo and team games (``mode``) are kept apart from
normal games: the player tables, best games, head-to-head and ratings read normal games only;
a solo game is won (its duchy filled within the 25 rounds) or lost (:class:`SoloResults`), a team game is won by
a team (:class:`TeamResults`, and team ratings).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
import datetime as _dt
import heapq
import json
from collections.abc import Iterable, Iterator
from typing import Any

from burgundy_cli.archive.output import rounded
from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.words import player_key

#: What ``--by`` can split the games by: header fields of the archive's records.
SPLITS = ("edition", "players", "boards", "modules", "place", "event", "year")


#: The largest ``--players`` taken: far above any game's, far below what a database's integer holds.
MAX_PLAYERS = 99


@dataclass(slots=True)
class Filters:
    """Which archived games a statistic reads; ``None`` means any."""

    game: str | None = None
    edition: str | None = None
    players: int | None = None
    boards: str | None = None
    modules: str | None = None  #: "none" for games without modules
    place: str | None = None    #: as the records' ``place`` says it, case ignored
    since: str | None = None    #: ISO date, inclusive
    until: str | None = None    #: ISO date, inclusive
    event: str | None = None    #: a league or a tournament round, as the records' ``event`` says it, case ignored
    #: ``place``/``event`` -> the archive's spellings of it, whatever their case (:func:`spelled`).
    spellings: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def check(self) -> None:
        """:raises UsageError: a game or edition no record can have (which would report 0
        games as if none had been played), a date that is no ISO date, or a filter out of
        range (the day after ``--until`` must be a date; a player count is 1 to
        :data:`MAX_PLAYERS`), or a date range that holds no date (``--since`` after ``--until``)."""
        from burgundy_cli.core.registry import GAMES, find_game, game_key
        from burgundy_cli.core.suggest import did_you_mean

        if self.game is not None and game_key(self.game) not in GAMES:
            raise UsageError(f"--game {self.game!r} is no game burgundy keeps records of",
                             hint=did_you_mean(self.game, GAMES) or f"games: {', '.join(GAMES)}")
        if self.edition is not None:
            games = [game_key(self.game)] if self.game is not None else list(GAMES)
            editions = list(dict.fromkeys(edition for name in games for edition in find_game(name).editions))
            if self.edition not in editions:
                raise UsageError(f"--edition {self.edition!r} is no edition of "
                                 f"{game_key(self.game) if self.game is not None else 'any game'}",
                                 hint=f"editions: {', '.join(editions) or 'none'}")
        for name in ("since", "until"):
            value = getattr(self, name)
            if value is not None:
                try:
                    _dt.date.fromisoformat(value)
                except ValueError:
                    raise UsageError(f"--{name} {value!r} is not a date (YYYY-MM-DD)") from None
        if self.until is not None and _dt.date.fromisoformat(self.until) == _dt.date.max:
            raise UsageError(f"--until {self.until} is out of range: the last date it takes is 9999-12-30",
                             hint="leave out --until for no end date")
        if self.since is not None and self.until is not None and self.since > self.until:  # (ISO dates sort as text)
            raise UsageError(f"--since {self.since} is after --until {self.until}: no date is in that range",
                             hint="the range is inclusive: --since FIRST --until LAST")
        if self.modules is not None and not module_names(self.modules):
            raise UsageError(f"--modules {self.modules!r} names no module",
                             hint='modules comma-separated, e.g. --modules inns,trade-routes; "none": without')
        if self.players is not None and not 1 <= self.players <= MAX_PLAYERS:
            raise UsageError(f"--players {self.players} is out of range: a game has 1 to {MAX_PLAYERS} players")


def parse_splits(text: str | None) -> tuple[str, ...]:
    """``--by edition,players`` as a tuple of split names.

    :raises UsageError: a name that is not in :data:`SPLITS`.
    """
    if not text:
        return ()
    names = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [name for name in names if name not in SPLITS]
    if unknown:
        raise UsageError(f"cannot split by '{unknown[0]}'; --by takes: {', '.join(SPLITS)}")
    return names


def split_value(game: dict[str, Any], name: str) -> Any:
    """The value of split ``name`` for ``game`` (``year`` from its date)."""
    if name == "year":   # (of a date only, as the database's split: free text is in no year)
        import re

        date = str(game.get("date") or "")
        return date[:4] if re.match(r"\d{4}-\d\d-\d\d", date) else None
    return game.get(name)


# --- per player ---------------------------------------------------------------------------------


#: Breakdowns a player's tally keeps per set of categories before summing them (bounded memory).
FOLD = 256


@dataclass(slots=True)
class PlayerTally:
    """One player's complete games in a group: what the player table reports.

    The breakdowns are summed per set of categories, many at once: the values of breakdowns
    with the same categories (in the same order) are kept as tuples and summed column by
    column (``map(sum, zip(...))``, in C) every :data:`FOLD` games and at the end, instead of
    one dictionary update per category and game, which was a third of ``stats``'s time.
    """

    name: str
    played: int = 0
    wins: float = 0.0
    outright: int = 0  #: games won alone
    shared: int = 0    #: games whose first place was shared (a tie)
    points: int = 0
    best: int | None = None
    ranks: int = 0
    #: categories (in order) -> their values, one tuple per game or one folded sum
    breakdowns: dict[tuple[str, ...], list[tuple[int, ...]]] = field(default_factory=dict)
    #: categories (in order) -> how many games had them (a 2019 module's categories come only
    #: in games with the module, and are averaged over those)
    games_with: dict[tuple[str, ...], int] = field(default_factory=dict)

    def add(self, line: dict[str, Any]) -> None:
        total = line["total"]
        self.played += 1
        self.wins += line["won"]
        if line["won"] >= 1:
            self.outright += 1
        elif line["won"] > 0:
            self.shared += 1
        self.points += total
        if self.best is None or total > self.best:
            self.best = total
        self.ranks += line["rank"]
        breakdown = line["breakdown"]
        kept = self.breakdowns.get(categories := tuple(breakdown))
        self.games_with[categories] = self.games_with.get(categories, 0) + 1
        if kept is None:
            self.breakdowns[categories] = [tuple(breakdown.values())]
        else:
            kept.append(tuple(breakdown.values()))
            if len(kept) >= FOLD:
                kept[:] = [tuple(map(sum, zip(*kept)))]

    @property
    def categories(self) -> dict[str, int]:
        """Points per category over the games, categories in the order they first came."""
        summed: dict[str, int] = {}
        for categories, kept in self.breakdowns.items():
            for category, value in zip(categories, map(sum, zip(*kept))):
                summed[category] = summed.get(category, 0) + value
        return summed

    @property
    def counted(self) -> dict[str, int]:
        """Games per category: those whose breakdown has it."""
        counted: dict[str, int] = {}
        for categories, games in self.games_with.items():
            for category in categories:
                counted[category] = counted.get(category, 0) + games
        return counted

    def to_json(self) -> dict[str, Any]:
        counted = self.counted
        return {
            "name": self.name,
            "played": self.played,
            "wins": rounded(self.wins, 2),
            "won_alone": self.outright,
            "tied_first": self.shared,
            "win_rate": rounded(self.wins / self.played, 3),
            "average": rounded(self.points / self.played, 1),
            "best": self.best,
            "average_rank": rounded(self.ranks / self.played, 1),   # (one rounding: 45 / 22 = 2.045 is 2.0, never 2.05 then 2.1)
            "categories": {c: rounded(v / counted[c], 1) for c, v in self.categories.items()},
        }


class Standings:
    """Player tables per group: games split by game and by the ``splits`` asked for."""

    def __init__(self, splits: tuple[str, ...] = ()) -> None:
        self.splits = splits
        self.groups: dict[tuple[Any, ...], dict[str, Any]] = {}

    def add(self, game: dict[str, Any]) -> None:
        if game.get("mode"):  # a solo or team game: its own section
            return
        tallies = self.count((game["game"], *(split_value(game, name) for name in self.splits)), game["complete"])
        if tallies is not None:
            for line in game["lines"]:
                self.add_line(tallies, line)

    def count(self, key: tuple[Any, ...], complete: bool) -> dict[str, PlayerTally] | None:
        """Count one game of group ``key``; the group's tallies when the game is complete."""
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = {"complete": 0, "in_progress": 0, "tallies": {}}
        if not complete:
            group["in_progress"] += 1
            return None
        group["complete"] += 1
        return group["tallies"]

    @staticmethod
    def add_line(tallies: dict[str, PlayerTally], line: dict[str, Any]) -> None:
        """Add one seat of a complete game to its player's tally (players matched ignoring case)."""
        key_name = player_key(line["name"])
        tally = tallies.get(key_name)
        if tally is None:
            tally = tallies[key_name] = PlayerTally(line["name"])
        tally.add(line)

    def to_json(self) -> list[dict[str, Any]]:
        """One object per group, in a stable order: the split values, game counts, players by
        wins, then average points, then name."""
        out = []
        for key in sorted(self.groups, key=lambda k: tuple("" if v is None else str(v) for v in k)):
            group = self.groups[key]
            # (wins rounded: the database may add the shares of a win in another order)
            ordered = sorted(group["tallies"].values(),
                             key=lambda t: (-round(t.wins, 9), -t.points / t.played, player_key(t.name)))
            out.append({"game": key[0], "split": dict(zip(self.splits, key[1:])),
                        "complete": group["complete"], "in_progress": group["in_progress"],
                        "players": [tally.to_json() for tally in ordered]})
        return out


# --- head-to-head, best games -------------------------------------------------------------------


class HeadToHead:
    """Two players' complete games together, per game (a Castles and a Robber Knights score
    are never averaged together): who placed higher, and by how much."""

    def __init__(self, first: str, second: str) -> None:
        self.names = (first, second)
        self.keys = (player_key(first), player_key(second))
        self.by_game: dict[str, dict[str, Any]] = {}   # per game: games, ahead, level, points
        self.played = [False, False]   # whether each has played any game counted at all

    def add(self, game: dict[str, Any]) -> None:
        if not game["complete"] or game.get("mode"):
            return
        by_key = {player_key(line["name"]): line for line in game["lines"]}
        for index, key in enumerate(self.keys):
            self.played[index] = self.played[index] or key in by_key
        if self.keys[0] not in by_key or self.keys[1] not in by_key or self.keys[0] == self.keys[1]:
            return
        a, b = by_key[self.keys[0]], by_key[self.keys[1]]
        tally = self.by_game.setdefault(game["game"], {"games": 0, "ahead": [0, 0], "level": 0, "points": [0, 0]})
        tally["games"] += 1
        tally["points"][0] += a["total"]
        tally["points"][1] += b["total"]
        if a["rank"] == b["rank"]:
            tally["level"] += 1
        else:
            tally["ahead"][0 if a["rank"] < b["rank"] else 1] += 1

    @staticmethod
    def _figures(tally: dict[str, Any]) -> dict[str, Any]:
        """One game's figures; with no game together the averages are null (there are none, not 0)."""
        n, points = tally["games"], tally["points"]
        return {"games": n, "ahead": list(tally["ahead"]), "level": tally["level"],
                "average": [rounded(p / n, 1) if n else None for p in points],
                "average_margin": rounded((points[0] - points[1]) / n, 1) if n else None}

    def to_json(self) -> dict[str, Any]:
        """The pair's figures per game (``by_game``), and the games, places ahead and level
        over all games; the averages over all games only when they are of one game (null
        otherwise: scores of two games are not on one scale). ``unplayed`` names a player with
        no complete game counted (a misspelling, or someone outside the filters)."""
        tallies = list(self.by_game.values())
        total = {"games": sum(t["games"] for t in tallies), "ahead": [sum(t["ahead"][i] for t in tallies) for i in (0, 1)],
                 "level": sum(t["level"] for t in tallies),
                 "points": tallies[0]["points"] if len(tallies) == 1 else [0, 0]}
        figures = self._figures(total)
        if len(tallies) > 1:
            figures.update(average=[None, None], average_margin=None)
        return {"players": list(self.names), **figures,
                "by_game": {game: self._figures(self.by_game[game]) for game in sorted(self.by_game)},
                "unplayed": [name for name, seen in zip(self.names, self.played) if not seen]}


class BestGames:
    """Per game, the highest totals and the biggest winning margins, the best ``count`` of
    each (a Robber Knights score, some twenty points, is never ranked among Castles' 150s)."""

    def __init__(self, count: int = 10) -> None:
        self.count = count
        self.totals: dict[str, list[tuple[Any, ...]]] = {}
        self.margins: dict[str, list[tuple[Any, ...]]] = {}
        self.seen = 0

    def _keep(self, heaps: dict[str, list[tuple[Any, ...]]], game: str, item: tuple[Any, ...]) -> None:
        heap = heaps.setdefault(game, [])
        (heapq.heappush if len(heap) < self.count else heapq.heappushpop)(heap, item)

    def add(self, game: dict[str, Any]) -> None:
        if not game["complete"] or not game["lines"] or game.get("mode"):
            return
        self.seen += 1
        where = {"game": game["game"], "date": game.get("date"), "file": game.get("file"),
                 "result_only": game.get("start") == "result"}
        for line in game["lines"]:
            self._keep(self.totals, game["game"], (line["total"], -self.seen, line["name"], where))
        ordered = sorted(game["lines"], key=lambda line: line["rank"])
        if len(ordered) > 1 and ordered[0]["rank"] < ordered[1]["rank"]:
            margin = ordered[0]["total"] - ordered[1]["total"]
            self._keep(self.margins, game["game"], (margin, -self.seen, ordered[0]["name"], where))

    def to_json(self) -> dict[str, Any]:
        """Each list game by game (by the game's name, as the player tables are), best first."""
        def rows(heaps: dict[str, list[tuple[Any, ...]]], what: str) -> list[dict[str, Any]]:
            return [{what: value, "player": name, **where} for _, heap in sorted(heaps.items())
                    for value, _, name, where in sorted(heap, key=lambda item: (-item[0], -item[1]))]

        return {"highest_totals": rows(self.totals, "total"), "biggest_margins": rows(self.margins, "margin")}


# --- solo and team games -------------------------------------------------------------------------


class SoloResults:
    """The 2019 solo games per game and player: played, won (the duchy filled) and lost,
    average and best score. (A solo game's score table names its player the winner when the
    duchy was filled within the 25 rounds, and no one when it was not.)"""

    def __init__(self) -> None:
        self.players: dict[str, dict[str, list[Any]]] = {}  # game -> name key -> [name, played, won, points, best]

    def add(self, game: dict[str, Any]) -> None:
        if game.get("mode") != "solo" or not game["complete"] or not game["lines"]:
            return
        line = game["lines"][0]
        entry = self.players.setdefault(game["game"], {}).setdefault(player_key(line["name"]),
                                                                     [line["name"], 0, 0, 0, None])
        entry[1] += 1
        entry[2] += line["won"] > 0
        entry[3] += line["total"]
        entry[4] = line["total"] if entry[4] is None else max(entry[4], line["total"])

    def to_json(self) -> dict[str, list[dict[str, Any]]]:
        out = {}
        for game in sorted(self.players):
            rows = [{"name": name, "played": played, "won": won, "lost": played - won,
                     "win_rate": rounded(won / played, 3), "average": rounded(points / played, 1), "best": best}
                    for name, played, won, points, best in self.players[game].values()]
            out[game] = sorted(rows, key=lambda row: (-row["won"], -row["average"], player_key(row["name"])))
        return out


class TeamResults:
    """The 2019 team games per game and team (its members, matched ignoring case and order):
    played, won (alone; a shared first place is a tie), the team's average and best total,
    and its ``members`` (the names the team's name joins with " + ")."""

    def __init__(self) -> None:
        # game -> members' keys -> [names joined, played, won, tied, points, best, names]
        self.teams: dict[str, dict[tuple[str, ...], list[Any]]] = {}

    def add(self, game: dict[str, Any]) -> None:
        if game.get("mode") != "team" or not game["complete"] or not game.get("teams"):
            return
        by_key = {player_key(line["name"]): line for line in game["lines"]}
        sides = []
        for members in game["teams"].values():
            lines = [by_key[player_key(name)] for name in members if player_key(name) in by_key]
            if lines:
                sides.append((lines, sum(line["total"] for line in lines)))
        first = [min(line["rank"] for line in lines) == 1 for lines, _ in sides]
        for (lines, total), top in zip(sides, first):
            names = sorted((line["name"] for line in lines), key=str.casefold)
            entry = self.teams.setdefault(game["game"], {}).setdefault(
                tuple(player_key(name) for name in names), [" + ".join(names), 0, 0, 0, 0, None, names])
            entry[1] += 1
            entry[2] += top and sum(first) == 1
            entry[3] += top and sum(first) > 1
            entry[4] += total
            entry[5] = total if entry[5] is None else max(entry[5], total)

    def to_json(self) -> dict[str, list[dict[str, Any]]]:
        out = {}
        for game in sorted(self.teams):
            # ("members": the team's players, as the team's name joins them: a results page
            # finds a player's teams by them, not by cutting the name)
            rows = [{"team": names, "members": members, "played": played, "won": won, "tied": tied,
                     "lost": played - won - tied, "win_rate": rounded(won / played, 3),
                     "average": rounded(points / played, 1), "best": best}
                    for names, played, won, tied, points, best, members in self.teams[game].values()]
            out[game] = sorted(rows, key=lambda row: (-row["won"], -row["average"], row["team"].casefold()))
        return out


# --- ratings ------------------------------------------------------------------------------------


class Ratings:
    """openskill Plackett-Luce ratings per game, updated game by game in the order given
    (date order from the archive). A shared place (a shared win) is a tie. Shown as the
    conservative estimate mu - 3 sigma. Normal games and team games are rated apart: in a
    team game each team is one side of the match, its members rated together (``teams``);
    a solo game, against no one, is not rated."""

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.ratings: dict[str, dict[str, list[Any]]] = {}  # game -> name key -> [name, rating, games]
        self.teams: dict[str, dict[str, list[Any]]] = {}    # the same, over team games

    def add(self, game: dict[str, Any]) -> None:
        lines = game["lines"]
        if not game["complete"] or len(lines) < 2 or game.get("mode") == "solo":
            return
        if game.get("mode") == "team":
            self._add_team(game)
            return
        table = self.ratings.setdefault(game["game"], {})
        entries = [self._entry(table, line) for line in lines]
        updated = self.model.rate([[entry[1]] for entry in entries], ranks=[line["rank"] for line in lines])
        for entry, (rating,) in zip(entries, updated):
            entry[1] = rating
            entry[2] += 1

    def _entry(self, table: dict[str, list[Any]], line: dict[str, Any]) -> list[Any]:
        key = player_key(line["name"])
        entry = table.get(key)
        if entry is None:
            entry = table[key] = [line["name"], self.model.rating(), 0]
        return entry

    def _add_team(self, game: dict[str, Any]) -> None:
        by_key = {player_key(line["name"]): line for line in game["lines"]}
        sides = [[by_key[player_key(name)] for name in members if player_key(name) in by_key]
                 for members in (game.get("teams") or {}).values()]
        sides = [side for side in sides if side]
        if len(sides) < 2:
            return
        table = self.teams.setdefault(game["game"], {})
        entries = [[self._entry(table, line) for line in side] for side in sides]
        updated = self.model.rate([[entry[1] for entry in side] for side in entries],
                                  ranks=[min(line["rank"] for line in side) for side in sides])
        for side, ratings in zip(entries, updated):
            for entry, rating in zip(side, ratings):
                entry[1] = rating
                entry[2] += 1

    @staticmethod
    def _rows(tables: dict[str, dict[str, list[Any]]]) -> dict[str, list[dict[str, Any]]]:
        out = {}
        for game in sorted(tables):
            rows = [{"name": name, "rating": rounded(r.mu - 3 * r.sigma, 2), "mu": rounded(r.mu, 2),
                     "sigma": rounded(r.sigma, 2), "played": played}
                    for name, r, played in tables[game].values()]
            out[game] = sorted(rows, key=lambda row: (-row["rating"], player_key(row["name"])))
        return out

    def to_json(self) -> dict[str, list[dict[str, Any]]]:
        return self._rows(self.ratings)

    def teams_json(self) -> dict[str, list[dict[str, Any]]]:
        return self._rows(self.teams)


# --- reading games ------------------------------------------------------------------------------

#: Where a game played starts: its setup (logged move by move) or its final scores (result-only).
PLAYED = ("setup", "result")


def game_of_score(score: dict[str, Any]) -> dict[str, Any]:
    """A game from a ``score --json`` object (with its ``file``), for ``burgundy summary``."""
    winners = {player_key(name) for name in score["winner"]}
    lines = [{**line, "won": 1 / len(winners) if player_key(line["name"]) in winners else 0.0}
             for line in score["players"]]
    return {"game": score["game"], "edition": score.get("edition"), "complete": score["complete"],
            "file": score.get("file"), "players": len(lines), "lines": lines, "date": score.get("date"),
            "start": score.get("start"), "mode": score.get("mode"), "teams": score.get("teams")}


def date_order_sql(date: Any) -> tuple[Any, Any]:
    """:func:`core.words.date_order` as SQL: the columns to order by (undated, date) -- games
    dated ``YYYY-MM-DD`` by date, then those with no date or a free-text date."""
    from sqlalchemy import and_, case

    dated = and_(*_iso_dated(date))
    return case((dated, 0), else_=1), case((dated, date), else_="")


def file_order_sql(connection: Any) -> Any:
    """What breaks a tie of the club's date order (two games of one evening, or two undated
    games), as SQL: the path of the record's file in its folder, the first of its copies,
    compared character by character as Python compares text (PostgreSQL's own collation
    may sort ``R2`` before ``r1``), as the site and the BG Stats export break it. A tie was
    broken by the content hash, so that correcting a score pad (a new hash) moved its game
    among that evening's and changed the ratings of players who never sat at its table;
    a table's files named by round (``r1-t1.toml``, ``r2-t1.toml``) are rated round by round."""
    from sqlalchemy import func, select

    from burgundy_cli.archive.db import tables

    t = tables()
    return (select(func.min(as_python_sorts(connection, t["files"].c.path)))
            .where(t["files"].c.hash == t["records"].c.hash).scalar_subquery())


def as_python_sorts(connection: Any, column: Any) -> Any:
    """``column`` compared as Python compares text, character by character (SQLite's own way;
    in PostgreSQL the ``C`` collation, where a database made in English's puts ``a`` before
    ``B``): a file's path ordered as the folder walk and the site order it."""
    return column.collate("C") if connection.dialect.name == "postgresql" else column


def archived_spellings(connection: Any) -> dict[str, str]:
    """Each player of the archive (:func:`core.words.player_key`) -> the name they are shown by:
    as their first game in the club's date order spells it (:func:`date_order_sql`, ties by
    the file's path, :func:`file_order_sql`), over every verified game played, whatever a report filters or splits. The
    site and the BG Stats export name a player so; a report named them as the first game *it*
    read spelt them, and ``stats --since`` or a split by year showed "ben" where the whole
    archive, the site and every other report said "Ben"."""
    from sqlalchemy import func, select

    from burgundy_cli.archive.db import tables

    t = tables()
    records, scores = t["records"], t["scores"]
    order = date_order_sql(records.c.date)
    played = (records.c.status == "ok", records.c.start.in_(PLAYED))
    query = (select(scores.c.name, *order).join(scores, scores.c.hash == records.c.hash)
             .where(*played).group_by(scores.c.name, *order))
    earliest: dict[str, dict[str, tuple[Any, Any]]] = {}   # player -> each spelling's first (undated, date)
    for name, undated, date in connection.execute(query):
        spelt = earliest.setdefault(player_key(name), {})
        if name not in spelt or (undated, date) < spelt[name]:
            spelt[name] = (undated, date)
    shown = {}
    for key, spelt in earliest.items():
        first = min(spelt.values())
        tied = [name for name, when in spelt.items() if when == first]
        if len(tied) > 1:   # (two spellings first seen on one day, a rare thing: their files decide)
            paths = (select(scores.c.name, func.min(file_order_sql(connection)))
                     .join(scores, scores.c.hash == records.c.hash)
                     .where(*played, scores.c.name.in_(tied), order[0] == first[0], order[1] == first[1])
                     .group_by(scores.c.name))
            tied = [min(connection.execute(paths), key=lambda row: (row[1] or "", row[0]))[0]]
        shown[key] = tied[0]
    return shown


def archived_occasions(connection: Any, splits: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """For each of ``place`` and ``event`` among ``splits``: each spelling's folded form
    (``str.casefold``) -> the spelling shown, the one of its first game in the club's date
    order (:func:`date_order_sql`; a tie by the text). ``--place`` and ``--event`` match a
    place or an event whatever its case, and the site gives an event one page; a split by
    them had made "Winter Cup" and "winter cup" two groups, a tournament's standings in two."""
    from sqlalchemy import select

    from burgundy_cli.archive.db import tables

    records = tables()["records"]
    order = date_order_sql(records.c.date)
    out: dict[str, dict[str, str]] = {}
    for name in ("place", "event"):
        if name not in splits:
            continue
        column = records.c[name]
        query = (select(column, *order).where(records.c.status == "ok", records.c.start.in_(PLAYED),
                                              column.is_not(None)).distinct())
        first: dict[str, tuple[Any, ...]] = {}
        for text, undated, date in connection.execute(query):
            when = (undated, date or "", text)
            if text.casefold() not in first or when < first[text.casefold()]:
                first[text.casefold()] = when
        out[name] = {folded: when[2] for folded, when in first.items()}
    return out


def archived_games(connection: Any, filters: Filters, *, in_date_order: bool = True,
                   modes_only: bool = False, shown: dict[str, str] | None = None,
                   occasions: dict[str, dict[str, str]] | None = None) -> Iterator[dict[str, Any]]:
    """The verified games of the archive that pass ``filters``, streamed: in date order
    (:func:`core.words.date_order`: dated games by date, then the undated ones -- no date,
    or a free-text one -- each tie by the file's path, :func:`file_order_sql`, then content
    hash), or by content hash alone when the order does
    not matter (sorting costs the database a third of the time). ``modes_only``: the solo
    and team games alone. ``shown`` (:func:`archived_spellings`): each seat's name as the
    archive shows the player, rather than as the record spells it; ``occasions``
    (:func:`archived_occasions`): each game's place and event as the archive shows them."""
    from sqlalchemy import select

    from burgundy_cli.archive.db import VALUE_COLUMNS, stored_breakdown, tables

    t = tables()
    records, scores = t["records"], t["scores"]
    order = (*date_order_sql(records.c.date), file_order_sql(connection), records.c.hash) if in_date_order \
        else (records.c.hash,)
    query = (select(records.c.hash, records.c.game, records.c.edition, records.c.date, records.c.place,
                    records.c.event, records.c.players, records.c.boards, records.c.modules,
                    records.c.complete, records.c.path, scores.c.name, scores.c.total, scores.c.rank,
                    scores.c.won, scores.c.categories, scores.c.breakdown, records.c.start, records.c.mode,
                    records.c.teams, *(scores.c[f"v{index}"] for index in range(VALUE_COLUMNS)))
             .join(scores, scores.c.hash == records.c.hash)
             .where(records.c.status == "ok", records.c.start.in_(PLAYED), *_conditions(records, filters),
                    *((records.c.mode.is_not(None),) if modes_only else ()))
             .order_by(*order, scores.c.seat))
    game: dict[str, Any] | None = None
    result = connection.execution_options(stream_results=True).execute(query)
    for rows in result.partitions(2000):
        for row in rows:
            if game is None or row[0] != game["hash"]:
                if game is not None:
                    yield game
                game = {"hash": row[0], "game": row[1], "edition": row[2], "date": row[3], "place": row[4],
                        "event": row[5], "players": row[6], "boards": row[7], "modules": row[8],
                        "complete": bool(row[9]), "file": row[10], "start": row[17], "mode": row[18],
                        "teams": None if row[19] is None else json.loads(row[19]), "lines": []}
                for name, spelled in (occasions or {}).items():
                    if game[name] is not None:
                        game[name] = spelled.get(game[name].casefold(), game[name])
            name = row[11] if shown is None else shown.get(player_key(row[11]), row[11])
            game["lines"].append({"name": name, "total": row[12], "rank": row[13], "won": row[14],
                                  "breakdown": stored_breakdown(row[15], row[20:], row[16])})
    if game is not None:
        yield game


def archived_standings(connection: Any, filters: Filters, splits: tuple[str, ...] = (),
                       shown: dict[str, str] | None = None,
                       occasions: dict[str, dict[str, str]] | None = None) -> Standings:
    """The player tables of the archive's games that pass ``filters``, summed by the database:
    the same :class:`Standings` that :func:`archived_games` fed to :func:`report` gives
    (a test compares them), from one row per group, player and set of breakdown categories
    (``SUM``, ``COUNT``, ``MAX`` with ``GROUP BY``, the breakdowns' values in the score
    rows' columns ``v0``...), not one row per seat with its breakdown's JSON decoded.

    The categories of a player come in the order the game-by-game path gives them (games
    by content hash, each game's breakdown in order): a set of categories is placed by the
    first game that had it, ``MIN(hash)``; a player's name is the one of their first game
    (of the whole archive with ``shown``, :func:`archived_spellings`); a group's place and
    event as ``occasions`` shows them (:func:`archived_occasions`: one group whatever the case).
    """
    from sqlalchemy import case, func, select

    from burgundy_cli.archive.db import tables

    t = tables()
    records, scores = t["records"], t["scores"]
    from sqlalchemy import and_

    # (a year only of a date: "spring 2025", free text, is in no year, as an undated game)
    year_of = case((and_(*_iso_dated(records.c.date)), func.substr(records.c.date, 1, 4)), else_=None)
    # a game's date where it has one (YYYY-MM-DD), else null: free text is undated (core.words.date_order)
    iso_date = case((and_(*_iso_dated(records.c.date)), records.c.date), else_=None)
    keys = [records.c.game, *(year_of if name == "year" else records.c[name] for name in splits)]
    width = len(keys)
    year = splits.index("year") + 1 if "year" in splits else 0

    spelled = [(occasions or {}).get(name, {}) for name in splits]

    def group_key(row: Any) -> tuple[Any, ...]:
        key = (row[0], *(value if value is None or not names else names.get(value.casefold(), value)
                         for value, names in zip(row[1:width], spelled)))
        return (*key[:year], key[year] or None, *key[year + 1:]) if year else key

    # normal games only: the solo and team games have sections of their own (archived_games)
    kept = (records.c.status == "ok", records.c.start.in_(PLAYED), records.c.mode.is_(None),
            *_conditions(records, filters))
    standings = Standings(splits)
    games = (select(*keys, records.c.complete, func.count())  # seat 0: one row per game
             .join(scores, (scores.c.hash == records.c.hash) & (scores.c.seat == 0))
             .where(*kept).group_by(*keys, records.c.complete))
    for row in connection.execute(games):
        group = standings.groups.setdefault(group_key(row), {"complete": 0, "in_progress": 0, "tallies": {}})
        group["complete" if row[width] else "in_progress"] += row[width + 1]
    decoded = {text: tuple(json.loads(text))  # each set of categories the archive holds
               for (text,) in connection.execute(select(scores.c.categories).distinct()) if text is not None}
    used = max(map(len, decoded.values()), default=0)  # value columns summed: those some seat fills
    seats = (scores.c.name_key, scores.c.name, scores.c.categories)
    alone = func.sum(case((scores.c.won >= 1, 1), else_=0))  # won alone; a shared first place: a tie
    tied = func.sum(case(((scores.c.won > 0) & (scores.c.won < 1), 1), else_=0))
    summed = (select(*keys, *seats, func.min(records.c.hash), func.count(), func.sum(scores.c.won),
                     func.sum(scores.c.total), func.max(scores.c.total), func.sum(scores.c.rank),
                     *(func.sum(scores.c[f"v{index}"]) for index in range(used)), alone, tied,
                     func.min(iso_date))
              .join(scores, scores.c.hash == records.c.hash)
              .where(*kept, records.c.complete.is_(True), scores.c.categories.is_not(None))
              .group_by(*keys, *seats))
    # a breakdown too wide for the value columns: its seats one by one, from the JSON
    wide = (select(*keys, *seats, records.c.hash, scores.c.won, scores.c.total, scores.c.rank, scores.c.breakdown,
                   iso_date)
            .join(scores, scores.c.hash == records.c.hash)
            .where(*kept, records.c.complete.is_(True), scores.c.categories.is_(None)))
    # (first game, group, name key, name, categories, games, wins, points, best, ranks, sums, alone, tied):
    # "first" is the earliest date (undated games, free-text dates among them, after the dated
    # ones: core.words.date_order), then the least hash:
    # a player's name is shown as the first game spells it, as on the site and in the BG Stats
    # export, whose ids an undated record typed in later must not move
    entries = []
    for row in connection.execute(summed):
        names = decoded[row[width + 2]]
        entries.append(((row[-1] is None, row[-1] or "", row[width + 3]), group_key(row), row[width],
                        row[width + 1], names, *row[width + 4:width + 9],
                        tuple(row[width + 9:width + 9 + len(names)]), *row[-3:-1]))
    for row in connection.execute(wide):
        breakdown = json.loads(row[-2])
        total = row[width + 5]
        won = row[width + 4]
        entries.append(((row[-1] is None, row[-1] or "", row[width + 3]), group_key(row), row[width],
                        row[width + 1], tuple(breakdown),
                        1, won, total, total, row[width + 6], tuple(breakdown.values()), int(won >= 1),
                        int(0 < won < 1)))
    entries.sort(key=lambda entry: entry[0])
    for _, key, _name_key, name, names, played, wins, points, best, ranks, sums, outright, shared in entries:
        tallies = standings.groups[key]["tallies"]
        # (the stored key folds case only; spellings that differ in Unicode form or spacing
        # meet here too, in archives synced before they did: core.words.player_key)
        tally = tallies.get(player_key(name))
        if tally is None:
            tally = tallies[player_key(name)] = PlayerTally(name if shown is None
                                                            else shown.get(player_key(name), name))
        tally.played += played
        tally.wins += wins
        tally.outright += outright
        tally.shared += shared
        tally.points += points
        tally.best = best if tally.best is None else max(tally.best, best)
        tally.ranks += ranks
        tally.breakdowns.setdefault(names, []).append(sums)
        tally.games_with[names] = tally.games_with.get(names, 0) + played
    return standings


def module_names(text: str) -> list[str]:
    """``--modules inns, Trade-Routes``: the names as records spell them (lower case), once each,
    sorted, as the archive stores a record's modules (``verify``): one set of modules, one text."""
    return sorted({name.strip().lower() for name in text.split(",") if name.strip()})


def _conditions(records: Any, filters: Filters) -> list[Any]:
    """SQL conditions for ``filters``."""
    c = records.c
    conditions = []
    for name in ("game", "edition"):
        value = getattr(filters, name)
        if value is not None:
            if name == "game":  # (as the records' headers spell it: 'Robber Knights' is robber-knights)
                from burgundy_cli.core.registry import game_key

                value = game_key(value)
            conditions.append(getattr(c, name) == value)
    for name in ("place", "event"):  # (case ignored: the spellings the archive holds, spelled())
        value = getattr(filters, name)
        if value is not None:
            conditions.append(getattr(c, name).in_(filters.spellings.get(name, (value,))))
    if filters.boards is not None:  # a game played on that board by any player (the boards table)
        from sqlalchemy import select

        from burgundy_cli.archive.db import tables

        boards = tables()["boards"]
        conditions.append(c.hash.in_(select(boards.c.hash).where(boards.c.board == filters.boards)))
    if filters.players is not None:
        conditions.append(c.players == filters.players)
    if filters.modules is not None:
        # (stored as the names sorted and comma-joined, whatever order the record lists them in)
        conditions.append(c.modules.is_(None) if filters.modules == "none"
                          else c.modules == ",".join(module_names(filters.modules)))
    if filters.since is not None or filters.until is not None:
        conditions.extend(_iso_dated(c.date))
    if filters.since is not None:
        conditions.append(c.date >= filters.since)
    if filters.until is not None:
        next_day = _dt.date.fromisoformat(filters.until) + _dt.timedelta(days=1)
        conditions.append(c.date < next_day.isoformat())
    return conditions


def _iso_dated(date: Any) -> list[Any]:
    """SQL conditions that the stored ``date`` is a date (``YYYY-MM-DD``, a time after it
    allowed): a date given as free text ("spring 2025") is no date, and falls outside any
    date range as an undated game does -- compared as text, "spring 2025" came after every
    ISO date, so ``--since`` counted it whatever the date asked. The digits are checked one by
    one (SQLite's GLOB and PostgreSQL's regular expressions differ; ``substr`` is both's)."""
    from sqlalchemy import func

    digits = [func.substr(date, place, 1).between("0", "9") for place in (1, 2, 3, 4, 6, 7, 9, 10)]
    return [date.like("____-__-__%"), *digits]


class Counts:
    """How many games a report read: complete and in progress among the solo and team games
    (the normal ones are counted by their player tables), and among every game, how many had
    no date and how many were result-only."""

    def __init__(self) -> None:
        self.complete = self.in_progress = self.undated = self.result_only = 0

    def add(self, game: dict[str, Any]) -> None:
        if game.get("mode"):
            if game["complete"]:
                self.complete += 1
            else:
                self.in_progress += 1
        self.undated += not game.get("date")
        self.result_only += game.get("start") == "result"


def report(games: Iterable[dict[str, Any]], *, splits: tuple[str, ...] = (),
           head_to_head: tuple[str, str] | None = None, best: int = 0,
           ratings: bool = False, standings: Standings | None = None,
           counted: dict[str, int] | None = None) -> dict[str, Any]:
    """Run the statistics asked for over ``games`` in one pass; the ``stats --json`` object.

    Always ``standings`` (player tables per group of normal games: made here from ``games``,
    unless given made already), ``solo`` and ``teams`` (the solo and team games' sections),
    the ``games``/``in_progress`` counts (every mode), and what was read and left out:
    ``undated``, ``result_only`` and ``not_counted`` (``positions``: records that start from
    a position, rulebook examples, which are no games played). ``counted``: those three
    counts made already (by the database), else they are counted from ``games``.
    ``head_to_head``, ``best`` and ``ratings`` (and ``team_ratings``) when asked.
    """
    views: list[Any] = []
    if standings is None:
        standings = Standings(splits)
        views.append(standings)
    pair = HeadToHead(*head_to_head) if head_to_head else None
    top = BestGames(best) if best else None
    rated = Ratings() if ratings else None
    solo, teams, counts = SoloResults(), TeamResults(), Counts()
    views += [view for view in (pair, top, rated, solo, teams, counts) if view is not None]
    adders = [view.add for view in views]
    for game in games:
        for add in adders:
            add(game)
    groups = standings.to_json()
    out: dict[str, Any] = {"games": sum(g["complete"] for g in groups) + counts.complete,
                           "in_progress": sum(g["in_progress"] for g in groups) + counts.in_progress,
                           "splits": list(splits), "standings": groups,
                           "solo": solo.to_json(), "teams": teams.to_json()}
    if counted is None:
        counted = {"undated": counts.undated, "result_only": counts.result_only, "positions": 0}
    out.update(undated=counted["undated"], result_only=counted["result_only"],
               not_counted={"positions": counted["positions"], **({"failed": counted["failed"]}
                                                                  if "failed" in counted else {})})
    if pair is not None:
        out["head_to_head"] = pair.to_json()
    if top is not None:
        out["best"] = top.to_json()
    if rated is not None:
        out["ratings"] = rated.to_json()
        out["team_ratings"] = rated.teams_json()
    return out


def spelled(connection: Any, filters: Filters) -> Filters:
    """``filters`` with ``--place`` and ``--event`` matched case-insensitively: each the
    spellings of the archive's records it matches (``str.casefold``, so ``club night`` finds
    "Club Night" and ``CAFÉ`` "Café", in SQLite and PostgreSQL alike).

    :raises UsageError: a place or event no archived record has (a misspelling, "Winter
        leage"), which would report 0 games as if none had been played; the hint names the
        archive's places or events.
    """
    from sqlalchemy import select

    from burgundy_cli.archive.db import tables
    from burgundy_cli.core.suggest import did_you_mean

    records = tables()["records"]
    spellings = {}
    for name in ("place", "event"):
        value = getattr(filters, name)
        if value is not None:
            column = getattr(records.c, name)
            stored = sorted(connection.execute(select(column).distinct().where(column.is_not(None))).scalars())
            spellings[name] = tuple(text for text in stored if text.casefold() == value.casefold())
            if not spellings[name]:
                listed = ", ".join(stored[:12]) + (f" and {len(stored) - 12} more" if len(stored) > 12 else "")
                raise UsageError(f"--{name} {value!r} is the {name} of no archived game",
                                 hint=did_you_mean(value, stored) or
                                 (f"{name}s: {listed}" if stored else f"no archived game names its {name}"))
    return replace(filters, spellings=spellings) if spellings else filters


def archived_copies(connection: Any, filters: Filters) -> list[str]:
    """The archived files whose record another file holds already, byte for byte (the archive
    keys a record by its content hash: one game), among the records that pass ``filters``:
    ``FILE: the same record as FIRST``, the first file in path order counted, as ``summary``
    and the site say them."""
    from pathlib import Path

    from sqlalchemy import func, select

    from burgundy_cli.archive.db import tables

    t = tables()
    files, records = t["files"], t["records"]
    shared = select(files.c.hash).group_by(files.c.hash).having(func.count() > 1)
    rows = connection.execute(
        select(files.c.root, files.c.path, files.c.hash).join(records, files.c.hash == records.c.hash)
        .where(files.c.hash.in_(shared), *_conditions(records, filters))
        .order_by(*(as_python_sorts(connection, column) for column in (files.c.root, files.c.path)))).all()
    first: dict[str, str] = {}
    copies = []
    for root, path, content in rows:
        name = str(Path(root) / path)
        if first.setdefault(content, name) != name:
            copies.append(f"{name}: the same record as {first[content]}")
    return copies


def archived_counts(connection: Any, filters: Filters) -> dict[str, int]:
    """What :func:`report` says it read and left out, counted by the database over the verified
    records that pass ``filters``: games without a date, result-only games, and position
    records (no games played); and the files whose record failed to verify (whatever the
    filters: a failed record has no header to filter by), never counted."""
    from sqlalchemy import case, func, select

    from burgundy_cli.archive.db import tables

    records, files = tables()["records"], tables()["files"]
    failed = connection.execute(select(func.count()).select_from(files.join(records, files.c.hash == records.c.hash))
                                .where(records.c.status == "failed")).scalar_one()
    played = records.c.start.in_(PLAYED)
    row = connection.execute(
        select(func.coalesce(func.sum(case((played & records.c.date.is_(None), 1), else_=0)), 0),
               func.coalesce(func.sum(case((records.c.start == "result", 1), else_=0)), 0),
               func.coalesce(func.sum(case((records.c.start == "position", 1), else_=0)), 0))
        .where(records.c.status == "ok", *_conditions(records, filters))).one()
    return {"undated": int(row[0]), "result_only": int(row[1]), "positions": int(row[2]), "failed": int(failed)}


def _suggest_players(pair: dict[str, Any], shown: dict[str, str]) -> None:
    """To a head-to-head whose player has no game counted, and whose name no game of the
    archive has (a misspelling, "Ana" for "Anna"), add the closest player's name the archive
    has (``did_you_mean``: name given -> player), as a misspelt ``--event`` is answered."""
    from burgundy_cli.core.suggest import closest

    # (closer than a word's guess: names are short, and "Zed" is not a misspelt "red")
    guesses = {name: closest(name, shown.values(), cutoff=0.75) for name in pair.get("unplayed") or []
               if player_key(name) not in shown}
    if any(guesses.values()):
        pair["did_you_mean"] = {name: guess for name, guess in guesses.items() if guess}


def _with_copies(result: dict[str, Any], copies: list[str]) -> dict[str, Any]:
    """``result`` saying the copies it did not count again: their number with the other
    records not counted (``not_counted.copies``), and each named (``copies``)."""
    result["not_counted"]["copies"] = len(copies)
    result["copies"] = copies
    return result


def archive_report(url: str, filters: Filters, **asked: Any) -> dict[str, Any]:
    """:func:`report` over the archive at ``url``.

    :raises ArchiveError: the database; :raises UsageError: a bad filter.
    """
    from burgundy_cli.archive import db

    filters.check()
    engine = db.open_archive(url, create=False)
    try:
        with db.database_errors(url), engine.connect() as connection:
            filters = spelled(connection, filters)
            counted = archived_counts(connection, filters)
            copies = archived_copies(connection, filters)
            shown = archived_spellings(connection)  # (a player is named alike in every report)
            occasions = archived_occasions(connection, asked.get("splits", ()))
            if not (asked.get("head_to_head") or asked.get("best") or asked.get("ratings")):
                # the player tables from the score rows, no game by game; the solo and team
                # games (a few) read one by one for their sections
                standings = archived_standings(connection, filters, asked.get("splits", ()), shown, occasions)
                games = archived_games(connection, filters, in_date_order=False, modes_only=True, shown=shown,
                                       occasions=occasions)
                return _with_copies({"database": db.shown(url),
                                     **report(games, standings=standings, counted=counted, **asked)}, copies)
            games = archived_games(connection, filters, in_date_order=bool(asked.get("ratings")), shown=shown,
                                   occasions=occasions)
            out = _with_copies({"database": db.shown(url), **report(games, counted=counted, **asked)}, copies)
            if "head_to_head" in out:
                _suggest_players(out["head_to_head"], shown)
            return out
    finally:
        engine.dispose()
