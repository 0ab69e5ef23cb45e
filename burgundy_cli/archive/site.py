"""``burgundy site DIR --out SITE``: a club's results as a static website.

The records below ``DIR`` are found by the one folder walk (:func:`core.bulk.walk_records`)
and verified on every core as ``score`` verifies them (:func:`core.bulk.score_one`); each
played game's picture and VP chart are drawn in the same worker from one replay
(:func:`core.pictures.game_pictures`). The standings, ratings and head-to-head tables are
those of ``burgundy stats`` (:mod:`burgundy_cli.archive.stats`), fed the games in date
order; nothing here counts a win or rates a player itself.

What is written: ``index.html`` (what was counted and what not, per game the standings,
the ratings and a chart of them over time, a head-to-head table, the events, then every game),
``games/<name>.html`` (date, place, event, score table, the position at the end and the
VP chart), ``players/<name>.html`` (a player's games, standings, ratings and
head-to-head) and ``events/<name>.html`` (an event's results book: its standings, as
``stats --event``, and its games round by round with their players by place), one ``style.css``, and the pictures as SVG files beside the pages (an
``<img>`` keeps each picture's CSS to itself). Plain HTML and CSS: no script, no server;
the folder goes on any web host as it is. A build removes the files the last one wrote
(listed in ``.burgundy-site``) that it no longer writes: a record or player gone. Every name, place and note is escaped with
:func:`html.escape`. Files are written by the one writer, ``core.record.write_atomic``.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from burgundy_cli.archive.output import not_counted, one_decimal, percent
from burgundy_cli.console import Outcome
from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.chart import chart_heading, score_word
from burgundy_cli.core.words import counted, date_order, player_key

#: The page's look: readable tables, pictures no wider than the screen (a Castles board, 1176
#: pixels, at its own size on a desktop's).
CSS = """\
body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:0 auto;max-width:1180px;padding:1em 1.5em;color:#222;
background:#fff;line-height:1.4}
h1{font-size:1.5em;margin:.4em 0}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
h3{font-size:1em;margin-top:1.2em}h1,h2,h3{overflow-wrap:anywhere}
nav{font-size:.9em;margin-bottom:.6em}nav a{margin-right:1em}
table{border-collapse:collapse;margin:.5em 0 1em}th,td{padding:.2em .6em;border-bottom:1px solid #e2e2e2;
text-align:left;vertical-align:top}th{background:#f3f3f3}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
td.n{white-space:nowrap}div.table{overflow-x:auto;max-width:100%}
tr.total td{font-weight:bold;border-top:2px solid #999}td:first-child{white-space:nowrap}
.note{color:#555;font-size:.9em}.winner{font-weight:bold}span.nw{white-space:nowrap}
div.picture{overflow-x:auto;max-width:100%;margin:.5em 0}
img.picture{display:block;max-width:100%;height:auto;border:1px solid #ddd;box-sizing:border-box}
a{color:#1f5ea8}
.narrow{display:none}
@media (max-width:700px){
body{padding:.6em .8em}th,td{padding:.2em .3em}
table.figures td:first-child{white-space:normal;overflow-wrap:anywhere}table.score td:first-child{white-space:normal}th span[data-short]{font-size:0;white-space:nowrap}th span[data-short]::after{content:attr(data-short);font-size:1rem}
img.picture{max-width:none;width:max(100%,560px)}
img.picture.column{max-width:100%;width:100%}
table.games,table.games tbody,table.games tr,table.games td{display:block}table.games tr:first-child{display:none}
table.games tr{border-bottom:1px solid #e2e2e2;padding:.3em 0}
table.games td{border:0;padding:0;white-space:normal;overflow-wrap:anywhere;text-align:left}
table.games td:not([data-label]){display:inline}table.games td:not([data-label])+td:not([data-label])::before{content:" \\b7  "}
table.games td.n{display:inline-block;padding-right:1em}
table.games td[data-label]::before{content:attr(data-label) "\\a0\\a0";color:#555}table.games td:empty{display:none}
.wide{display:none}.narrow{display:inline}
table.pairs,table.pairs tbody,table.pairs tr{display:block}table.pairs tr:first-child{display:none}
table.pairs tr{border-bottom:1px solid #e2e2e2;padding:.3em 0}
table.pairs td{display:inline-block;border:0;padding:0 1em 0 0;max-width:100%;box-sizing:border-box}
table.pairs td:first-child{display:block;font-weight:bold;white-space:normal;overflow-wrap:anywhere}
table.pairs td:not(:first-child):not([data-label]){display:none}
table.pairs td[data-label]::before{content:attr(data-label) "\\a0\\a0";white-space:normal;overflow-wrap:anywhere;color:#555}
}
"""


def _game_data(path: str) -> dict[str, Any]:
    """One record for the website (run in a worker): ``score --json``'s object with ``start``
    (``core.bulk.score_one``), the header's seat order, and for a game with moves its
    picture and chart (``score_one``'s ``hash``, its bytes' key, tells two copies of one record
    apart from two games). A result-only record has no moves to draw, and an end told without
    its map (Robber Knights' ``[end] control``: the buildings each player holds) no position
    to draw: such a record, which ``score`` accepts, is a game with its scores only (``nothing
    to draw``: why)."""
    from burgundy_cli.core.bulk import score_one
    from burgundy_cli.core.chart import chart_svg
    from burgundy_cli.core.pictures import game_pictures
    from burgundy_cli.core.resultonly import NOTE

    result = score_one(path, starts=True)
    if "error" in result or result["start"] == "position":
        return result
    from burgundy_cli.core.game import read_header
    from burgundy_cli.core.record import read_record

    from burgundy_cli.core.errors import failure

    try:
        doc = read_record(path)
        header = read_header(doc)
        result["seats"] = list(header.players)
        result["modules"] = header.options.get("modules")
        end = doc.data.get("end")
        if NOTE in result["notes"]:
            result["nothing_to_draw"] = "A result-only record: the final scores only, no moves to draw."
        elif isinstance(end, dict) and "control" in end:
            result["nothing_to_draw"] = ("An end told by the buildings each player's knight is on top of: "
                                         "the scores only, no map to draw.")
        else:
            board, series, column = game_pictures(path)
            result["board"] = board
            if isinstance(end, dict):   # (scored from the end: no rounds, a chart would show the track as the start)
                result["no_chart"] = "A game scored from the end of the game: no rounds to chart."
            else:
                result["chart"], result["chart_phone"] = chart_svg(series), chart_svg(series, phone=True)
            if column is not None:
                result["board_column"] = column
    except Exception as err:  # noqa: BLE001 - (the file changed since it was scored) a located line, no traceback
        message, code = failure(err)
        return {"file": result["file"], "error": message.removeprefix("burgundy: "), "exit": code}
    return result


@dataclass
class Game:
    """A counted record: its ``score --json`` object, its page's name and its pictures."""

    data: dict[str, Any]
    slug: str
    path: str

    @property
    def title(self) -> str:
        """"date · place · players", as the pictures are titled."""
        parts = (self.data.get("date"), self.data.get("place"), ", ".join(self.data["seats"]))
        return " · ".join(str(part) for part in parts if part)

    def stats_game(self, names: dict[str, str]) -> dict[str, Any]:
        """The game as :mod:`archive.stats` counts games (``game_of_score``'s form), each
        player named as ``names`` (:attr:`Site.names`) has them: as their first game spells
        them, in every table, as ``stats`` names them (a table had named a player as their
        first game *of that table* spelled them: "eve" in the standings, below the page
        "Eve" of a team game played before)."""
        from burgundy_cli.archive.stats import game_of_score

        game = game_of_score(self.data)
        game["lines"] = [{**line, "name": names.get(player_key(line["name"]), line["name"])} for line in game["lines"]]
        return {**game, "date": self.data.get("date"), "place": self.data.get("place"),
                "event": self.data.get("event")}


@dataclass
class Site:
    """What the website is made of: the games (in date order), what was left out and why,
    and each player's page name (players matched ignoring case, as ``stats`` matches them)."""

    games: list[Game] = field(default_factory=list)
    left_out: dict[str, list[str]] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)  #: the walk's entries passed over (a link...), said as ``score`` says them
    players: dict[str, str] = field(default_factory=dict)  # player key (core.words.player_key) -> page name
    names: dict[str, str] = field(default_factory=dict)  # player key -> name as first written
    #: event (casefolded, as ``stats --event`` matches it) -> (its name as first written, page name)
    events: dict[str, tuple[str, str]] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)  #: files of the last build that this one no longer writes

    def player_link(self, name: str, prefix: str) -> str:
        slug = self.players[player_key(name)]
        return f'<a href="{prefix}players/{slug}.html">{_e(name)}</a>'

    def event_link(self, event: str, prefix: str) -> str:
        """A link to the page of ``event`` (the event as a record names it)."""
        shown, slug = self.events[event.casefold()]
        return f'<a href="{prefix}events/{slug}.html">{_e(shown)}</a>'

    def event_games(self, key: str) -> list[Game]:
        """The games of the event ``key`` (casefolded), in the date order."""
        return [game for game in self.games if str(game.data.get("event") or "").casefold() == key]


def _e(text: object) -> str:
    """``text`` as HTML text or a quoted attribute's value."""
    return html.escape(str(text), quote=True)


def _slug(text: str, taken: set[str]) -> str:
    """A file name for ``text``: lower-case letters, digits and dashes, unique among ``taken``
    (which it joins). Names of other scripts keep their page through a number."""
    base = re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")[:60] or "page"
    slug, number = base, 1
    while slug in taken:
        number += 1
        slug = f"{base}-{number}"
    taken.add(slug)
    return slug


def collect(folder: str, jobs: int = 0) -> Site:
    """Verify and draw every record below ``folder``; the :class:`Site` they make.

    Two files with the same bytes are one game, as the archive counts them (``stats``): the
    first in the walk's order is counted, each later copy left out and named.

    :raises UsageError: ``folder`` is neither a folder nor a readable record file (missing,
        say: ``score``'s words, "no such record file"), or no record is below it.
    """
    from burgundy_cli.core.bulk import map_records, walk_records
    from burgundy_cli.core.record import read_record_bytes

    if not os.path.isdir(folder):
        # a path that is no folder is read as ``score`` reads a record named on its command
        # line, so a mistyped one is the user's mistake (exit 2, one line) before anything is
        # written, never a site of no games built around "1 record failed to verify"
        read_record_bytes(folder)
    walk = walk_records([folder])
    site = Site(skipped=walk.notes())
    taken: set[str] = set()
    root = os.path.abspath(folder)
    first: dict[str, str] = {}  # content hash -> the record counted
    for path, result in zip(walk.files, map_records(_game_data, walk.files, jobs)):
        relative = os.path.relpath(os.path.abspath(path), root)
        if "hash" in result and first.setdefault(result["hash"], relative) != relative:
            site.left_out.setdefault("copy", []).append(f"{relative}: the same record as {first[result['hash']]}")
        elif "error" in result:
            site.left_out.setdefault("failed", []).append(result["error"])
        elif result["start"] == "position":
            site.left_out.setdefault("position", []).append(relative)
        else:
            site.games.append(Game(result, _slug(relative.removesuffix(".toml"), taken), relative))
    # the club's date order (core.words.date_order): dated games by date, then the undated ones
    # (no date, or free text such as "spring 2025"), each tie by the file's path in the folder
    # -- the order in which ``stats`` rates the archive's games (archive.stats.file_order_sql),
    # so that the site's ratings are stats' ratings, and a corrected score pad keeps its place
    site.games.sort(key=lambda game: (*date_order(game.data.get("date")), game.path, game.data["hash"]))
    people: set[str] = set()
    events: set[str] = set()
    # a player is named as their first game in that order spells them, as stats and the BG
    # Stats export name them (core.export.player_spellings); an event, likewise
    for game in site.games:
        for name in game.data["seats"]:
            key = player_key(name)
            if key not in site.players:
                site.players[key] = _slug(name, people)
                site.names[key] = name
        event = game.data.get("event")
        if event and event.casefold() not in site.events:
            site.events[event.casefold()] = (event, _slug(event, events))
    return site


# --- the pages ----------------------------------------------------------------------------------


def _page(title: str, body: list[str], prefix: str) -> str:
    """A whole HTML page: ``prefix`` leads from it to the site's top folder."""
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title>", f'<link rel="stylesheet" href="{prefix}style.css">', "</head>", "<body>",
        f'<nav><a href="{prefix}index.html">Results</a></nav>', f"<h1>{_e(title)}</h1>", *body, "</body>",
        "</html>"]) + "\n"


#: The widest screen taken for a phone's: the style's ``@media (max-width:700px)``.
PHONE = "(max-width:700px)"


def _picture(src: str, alt: str, column: str | None = None) -> str:
    """A picture in a box of its own, a link to the SVG itself (a phone opens it full size, to
    zoom). On a desktop it is as wide as the page allows; on a phone (CSS, 700 pixels and less)
    at least 560 pixels wide, the box scrolling sideways. With ``column`` (a Castles board
    drawn in one column: each duchy on its own, its panel under it, the depots after; a
    chart's or a Robber Knights board's phone form) the phone's browser draws that instead
    (``<picture>``), as wide as its box: about its own size, so its text is as large as the
    desktop's, and never wider than the screen. (The two-column board was drawn two screens
    wide on a phone, a duchy's map on one screen, its panel on the next; a phone form drawn
    no smaller than its own size scrolled sideways by a few pixels on a 360-pixel phone, or
    beside a scroll bar.)"""
    if column is None:
        return (f'<div class="picture"><a href="{_e(src)}"><img class="picture" src="{_e(src)}" alt="{_e(alt)}">'
                "</a></div>")
    return (f'<div class="picture"><a href="{_e(src)}"><picture><source media="{PHONE}" srcset="{_e(column)}">'
            f'<img class="picture column" src="{_e(src)}" alt="{_e(alt)}"></picture></a></div>')


def _table(head: list[str] | None, rows: Iterable[list[str]], numeric: Iterable[int] = (),
           classes: Iterable[str] = (), kind: str | None = None,
           labels: Sequence[Sequence[str | None]] = ()) -> str:
    """A table of cells already escaped (``numeric``: the columns aligned right, a figure kept
    on one line; no ``head``: no header row; ``kind``: the table's CSS class; ``labels``: per
    row, each cell's ``data-label``, plain text, None for none), in a box that scrolls a table
    wider than the page instead of widening the page."""
    numeric = set(numeric)
    cls = list(classes)

    def cells(tag: str, row: list[str], said: Sequence[str | None] = ()) -> str:
        return "".join(f"<{tag}" + (' class="n"' if i in numeric else "")
                       + (f' data-label="{_e(said[i])}"' if i < len(said) and said[i] is not None else "")
                       + f">{c}</{tag}>" for i, c in enumerate(row))

    opening = f'<div class="table"><table class="{kind}">' if kind else '<div class="table"><table>'
    lines = [opening] + ([] if head is None else [f"<tr>{cells('th', head)}</tr>"])
    for index, row in enumerate(rows):
        extra = f' class="{cls[index]}"' if index < len(cls) and cls[index] else ""
        lines.append(f"<tr{extra}>{cells('td', row, labels[index] if index < len(labels) else ())}</tr>")
    return "\n".join([*lines, "</table></div>"])


#: A heading's short form, which a phone shows instead (CSS ``th span[data-short]``): at 390
#: pixels the standings' seven columns ran off the screen, "win %" and "games rated" on two
#: lines each. The long form stays the cell's text (and its ``title``), the desktop's heading.
#: On a phone a table of figures (``table.figures``) also lets a long name wrap.
_SHORT = {"played": "P", "wins": "W", "won": "W", "tied": "T", "lost": "L", "win %": "W%", "average": "avg",
          "average rank": "rank", "mu": "\u03bc", "sigma": "\u03c3", "games rated": "games"}


def _head(words: list[str]) -> list[str]:
    """The headings of a table of figures, each with its phone form (:data:`_SHORT`)."""
    return [f'<span title="{_e(w)}" data-short="{_e(_SHORT[w])}">{_e(w)}</span>' if w in _SHORT else _e(w)
            for w in words]


def _ratings_title(kind: str, player: str | None = None) -> str:
    """A ratings chart's title, and its picture's alt text on the page: "Ratings over time: The
    Castles of Burgundy", a player's "Anna: rating over time (The Castles of Burgundy)". (The alt
    text was "ratings over time, castles-of-burgundy" on the index, a player's "rating over
    time", naming neither the player nor the game.)"""
    if player is None:
        return f"Ratings over time: {_game_name(kind)}"
    return f"{player}: rating over time ({_game_name(kind)})"


def _game_name(game: str) -> str:
    from burgundy_cli.core.registry import game_module

    return game_module(game, "svg").TITLE


def _result(game: Game, site: Site, prefix: str) -> str:
    """Who won, as a game's list and page say it, and the tiebreak that decided a tie on the
    game's score (VP, points: a results book says why the tied player won); a solo game's
    verdict is its first note."""
    data = game.data
    if not data["complete"]:
        return "in progress"
    if len(data["players"]) == 1:
        verdict = next((n for n in data["notes"] if n.startswith("solo game")), None)
        return _e(verdict.split(";")[0]) if verdict else ("won" if data["winner"] else "lost")
    if not data["winner"]:
        from burgundy_cli.core.resultonly import UNKNOWN

        # a result-only record's tie that only the bridge, which it does not hold, could break
        unknown = next((note for note in data["notes"] if note.startswith(UNKNOWN)), None)
        return _e(unknown.split(" (name the winner")[0]) if unknown else "no winner"
    winners = ", ".join(site.player_link(n, prefix) for n in data["winner"])
    if data.get("mode") == "team" and data.get("teams"):  # won by a team: its letter and members
        won = {player_key(n) for n in data["winner"]}
        letters = [letter for letter, members in data["teams"].items() if won & {player_key(n) for n in members}]
        said = "; ".join(f"team {_e(letter)} (" + " + ".join(site.player_link(n, prefix) for n in data["teams"][letter])
                         + ")" for letter in letters)
        return ("shared win: " if len(letters) > 1 else "won by ") + said
    # the tiebreak in ``score``'s words (core.render.outcome): a Robber Knights tiebreak says the
    # tie itself ("red and blue tie on 14 points; most knights left decides ..."), a Castles one
    # what broke it ("fewest empty duchy spaces")
    tiebreak = f" (tiebreak: {_e(data['tiebreak'])})" if data.get("tiebreak") else ""
    if len(data["winner"]) > 1 and data.get("mode") != "team":  # the tiebreak left them level
        return f"shared win: {winners}{tiebreak}"
    return f"won by {winners}{tiebreak}"


def _place(data: dict[str, Any], line: dict[str, Any]) -> str:
    """A player's place in a game: the rank, or in a solo game (played alone, not
    against anyone) "won" or "lost", as ``stats`` counts it; never rank 1 of a game lost."""
    if data.get("mode") == "solo":
        return "won" if line["name"] in data["winner"] else "lost"
    return str(line["rank"])


def game_page(game: Game, site: Site) -> str:
    """A game's page: its facts, score table, the position at its end and the VP chart."""
    from burgundy_cli.core.resultonly import NOTE as RESULT_ONLY

    data = game.data
    facts = [("game", _e(_game_name(data["game"]) + (f" ({data['edition']} edition)" if data.get("edition") else ""))),
             ("date", _e(data.get("date") or "not recorded")), ("place", _e(data.get("place") or "not recorded"))]
    if data.get("event"):
        facts.append(("event", site.event_link(data["event"], "../")))
    if data.get("modules"):
        facts.append(("modules", _e(", ".join(data["modules"]) if isinstance(data["modules"], list)
                                    else data["modules"])))
    facts += [("result", _result(game, site, "../")), ("record", _e(game.path))]
    body = [_table(None, [[f"<b>{k}</b>", v] for k, v in facts])]
    lines = data["players"]
    teams = data.get("teams") if data.get("mode") == "team" else None
    team_of: dict[str, str] = {}
    if teams:  # a team game: the players team by team, each column saying its team
        team_of = {player_key(name): letter for letter, members in teams.items() for name in members}
        lines = sorted(lines, key=lambda line: (team_of.get(player_key(line["name"]), ""),
                                                 lines.index(line)))
    categories = [c for c in dict.fromkeys(c for line in lines for c in line["breakdown"])
                  if any(line["breakdown"].get(c) for line in lines)]
    rows = [[_e(c), *(str(line["breakdown"].get(c, 0)) for line in lines)] for c in categories]
    rows.append(["total", *(str(line["total"]) for line in lines)])
    classes = [""] * len(categories) + ["total"]
    if teams:  # the team's total (its members' together), in each member's column, as score's notes add it
        sums = {letter: sum(line["total"] for line in lines if team_of.get(player_key(line["name"])) == letter)
                for letter in teams}
        rows.append(["team total", *(str(sums.get(team_of.get(player_key(line["name"]), ""), ""))
                                     for line in lines)])
        classes.append("")
    rows.append(["solo game" if data.get("mode") == "solo" else "rank",
                 *(_place(data, line) for line in lines)])
    head = ["", *(site.player_link(line["name"], "../") for line in lines)]
    if teams:
        rows.insert(0, ["team", *(_e(team_of.get(player_key(line["name"]), "")) for line in lines)])
        classes.insert(0, "")
    body += ["<h2>Score</h2>",
             _table(head, rows, numeric=range(1, len(lines) + 1), classes=classes, kind="score")]
    for note in data["notes"]:
        body.append(f'<p class="note">{_e(note)}</p>')
    if "board" in data:
        body += ["<h2>The position at the end</h2>",
                 _picture(f"{game.slug}-board.svg", "the position: " + game.title,
                          column=f"{game.slug}-board-phone.svg" if "board_column" in data else None)]
        body += [f"<h2>{_e(chart_heading(data['game']))}</h2>",
                 _picture(f"{game.slug}-chart.svg", score_word(data["game"]) + " chart: " + game.title,
                          column=f"{game.slug}-chart-phone.svg")] if "chart" in data else \
            [f'<p class="note">{_e(data["no_chart"])}</p>']
    elif RESULT_ONLY not in data["notes"]:   # (a result-only record's note, above, says it already)
        body.append(f'<p class="note">{_e(data["nothing_to_draw"])}</p>')
    return _page(game.title, body, "../")


def _newest_first(games: list[Game]) -> list[Game]:
    """``games`` (in the club's date order) as a list of results reads: the dated games newest
    first, then the undated ones (old score pads typed in later, which ``core.words.date_order``
    puts after the dated games) at the foot. Reversing the date order put every undated game
    above the latest league night."""
    dated: list[Game] = []
    undated: list[Game] = []
    for game in games:
        (dated if date_order(game.data.get("date"))[0] == 0 else undated).append(game)
    return [*reversed(dated), *undated]


def _games_table(games: list[Game], site: Site, prefix: str, player: str | None = None) -> str:
    """Every game of ``games``, newest first (:func:`_newest_first`: the undated at the foot):
    its date (a link to its page), place and event (each a column only when some game has one,
    the event a link to its page), game, players by place with their totals (:func:`_by_place`:
    the list had named the players in seat order, no score, so a game's result could be read
    only on its page) and result; on a player's page their total
    and rank. On a phone (CSS ``table.games``) each game is a short list instead, its date (the
    link), place and game on its first line, then its players, result, total and rank each
    after its heading: the table, kept 640 pixels wide, scrolled sideways on every page (and
    squeezed into the screen, it had the result a word a line)."""
    places = any(game.data.get("place") for game in games)
    events = any(game.data.get("event") for game in games)
    head = ["date", *(["place"] if places else []), *(["event"] if events else []), "game", "players by place",
            "result"] + (["total", "rank"] if player else [])
    rows = []
    for game in _newest_first(games):
        data = game.data
        row = [f'<a href="{prefix}games/{game.slug}.html">{_e(data.get("date") or "undated")}</a>',
               *([_e(data.get("place") or "")] if places else []),
               *([site.event_link(data["event"], prefix) if data.get("event") else ""] if events else []),
               _e(_game_name(data["game"])),
               _by_place(data, site, prefix), _result(game, site, prefix)]
        if player:
            line = next(line for line in data["players"] if player_key(line["name"]) == player)
            row += [str(line["total"]), _place(data, line) if data["complete"] else ""]
        rows.append(row)
    said = [None if word in ("date", "place", "event", "game") else "players" if word == "players by place" else word
            for word in head]   # (a phone's headings)
    return _table(head, rows, numeric=(len(head) - 2, len(head) - 1) if player else (), kind="games",
                  labels=[said] * len(rows))


def _standings_table(group: dict[str, Any], site: Site, prefix: str) -> str:
    """The standings of ``group``'s complete games, a row a player; with none complete, a line
    saying so, where ``stats`` says "(none)" (a table of headings alone read as a fault)."""
    if not group["players"]:
        return '<p class="note">No complete game yet: the standings count complete games only.</p>'
    rows = [[site.player_link(p["name"], prefix), str(p["played"]), f"{p['wins']:g}", percent(p["win_rate"]),
             one_decimal(p["average"]), str(p["best"]), one_decimal(p["average_rank"])] for p in group["players"]]
    return _table(_head(["player", "played", "wins", "win %", "average", "best", "average rank"]), rows,
                  numeric=range(1, 7), kind="figures")


def _ratings_table(rows: list[dict[str, Any]], site: Site, prefix: str) -> str:
    return _table(_head(["player", "rating", "mu", "sigma", "games rated"]),
                  [[site.player_link(r["name"], prefix), f"{r['rating']:.2f}", f"{r['mu']:.2f}", f"{r['sigma']:.2f}",
                    str(r["played"])] for r in rows], numeric=range(1, 5), kind="figures")


def _solo_table(rows: list[dict[str, Any]], site: Site, prefix: str) -> str:
    """``stats``' solo section: a row per player, games won (the duchy filled) and lost."""
    return _table(_head(["player", "played", "won", "lost", "win %", "average", "best"]),
                  [[site.player_link(r["name"], prefix), str(r["played"]), str(r["won"]), str(r["lost"]),
                    percent(r["win_rate"]), one_decimal(r["average"]), str(r["best"])] for r in rows],
                  numeric=range(1, 7), kind="figures")


def _teams_table(rows: list[dict[str, Any]], site: Site, prefix: str) -> str:
    """``stats``' team section: a row per team (its members linked), its games won, tied (a
    column only when some team has a tie, as ``stats`` shows it) and lost, and the team's
    average and best total (its members' together)."""
    tied = any(r["tied"] for r in rows)
    head = ["team", "played", "won", *(["tied"] if tied else []), "lost", "win %", "average", "best"]
    body = [[" + ".join(site.player_link(name, prefix) for name in r["members"]), str(r["played"]), str(r["won"]),
             *([str(r["tied"])] if tied else []), str(r["lost"]), percent(r["win_rate"]),
             one_decimal(r["average"]), str(r["best"])] for r in rows]
    return _table(_head(head), body, numeric=range(1, len(head)), kind="figures")


@dataclass
class Club:
    """The ``stats`` views over the site's games, per game: standings, ratings after every
    rated game, head-to-head for every pair that met, and the solo and team games' sections
    (``figures``: the ``stats --json`` object of the site's games, whence the tables come)."""

    standings: dict[str, dict[str, Any]]
    ratings: dict[str, list[dict[str, Any]]]
    history: dict[str, tuple[list[str], dict[str, list[float | None]]]]
    pairs: dict[str, dict[tuple[str, str], dict[str, Any]]]
    figures: dict[str, Any] = field(default_factory=dict)

    @property
    def kinds(self) -> list[str]:
        """Every game the site has a section for: normal, solo or team games, in ``stats``' order."""
        found = [*self.standings, *self.figures.get("solo", {}), *self.figures.get("teams", {})]
        return sorted(dict.fromkeys(found))


def club_views(site: Site) -> Club:
    """Standings, ratings (and their history), head-to-head, solo and team games: the
    figures of ``stats --ratings --json`` over the site's games (``archive.stats.report``),
    in the order ``stats`` rates them."""
    from burgundy_cli.archive.stats import HeadToHead, Ratings, report

    games = [game.stats_game(site.names) for game in site.games]
    figures = report(games, ratings=True)
    ratings = Ratings()   # (again, game by game: each rated game is a point of the ratings chart)
    labels: dict[str, list[str]] = {}
    history: dict[str, dict[str, list[float | None]]] = {}
    for game in games:
        if not game["complete"] or len(game["lines"]) < 2 or game.get("mode"):
            continue  # (a solo game is not rated; a team game is rated apart, no point of this chart)
        ratings.add(game)
        kind = game["game"]
        said = labels.setdefault(kind, [])
        said.append(str(game.get("date") or f"game {len(said) + 1}"))  # (an undated game by its place in the order)
        series = history.setdefault(kind, {})
        now = {player_key(row["name"]): row["rating"] for row in ratings.to_json()[kind]}
        for key, value in now.items():
            series.setdefault(key, [None] * (len(labels[kind]) - 1))
        for key, values in series.items():
            values.append(now.get(key))
    pairs: dict[str, dict[tuple[str, str], dict[str, Any]]] = {}
    for group in figures["standings"]:
        names = [p["name"] for p in group["players"]]
        kind_games = [g for g in games if g["game"] == group["game"]]
        table = pairs.setdefault(group["game"], {})
        for i, first in enumerate(names):
            for second in names[i + 1:]:
                pair = HeadToHead(first, second)
                for game in kind_games:
                    pair.add(game)
                met = pair.to_json()   # (one game's: its averages are over that game)
                if met["games"]:
                    table[(player_key(first), player_key(second))] = met
    return Club({group["game"]: group for group in figures["standings"]}, figures["ratings"],
                {kind: (labels[kind], {site.names[k]: v for k, v in series.items()})
                 for kind, series in history.items()}, pairs, figures)


def _head_to_head(group: dict[str, Any], pairs: dict[tuple[str, str], dict[str, Any]], site: Site,
                  prefix: str, only: str | None = None) -> str:
    """Who placed above whom: a row per player, a column per opponent, "ahead–behind (level)";
    with ``only``, that player's row, a column per opponent met.

    On a phone (CSS ``table.pairs``) the same table is a list: each row's player on a line of
    their own, under it each opponent met and the figure ("Ben 11–11"), wrapping as the
    screen needs. (A column per player ran off a 390-pixel screen from the fourth player on;
    eight players' figures need more than twice its width, whatever the headings.) Each
    figure's cell carries its opponent's name (``data-label``) for that; the player against
    themselves and an opponent never met have none, and the list leaves them out."""
    names = [p["name"] for p in group["players"]]
    rows_of = [n for n in names if only is None or player_key(n) == only]

    def cell(a: str, b: str) -> str:
        if player_key(a) == player_key(b):
            return "–"
        key, flip = ((player_key(a), player_key(b)), False)
        if key not in pairs:
            key, flip = (player_key(b), player_key(a)), True
        pair = pairs.get(key)
        if pair is None:
            return ""
        ahead, behind = pair["ahead"][::-1] if flip else pair["ahead"]
        return f"{ahead}–{behind}" + (f" ({pair['level']})" if pair["level"] else "")

    columns = names if only is None else [n for n in names if player_key(n) != only and cell(only, n)]
    rows = [[site.player_link(a, prefix), *(cell(a, b) for b in columns)] for a in rows_of]
    labels = [[None, *(b if player_key(a) != player_key(b) and figure else None
                       for b, figure in zip(columns, row[1:]))] for a, row in zip(rows_of, rows)]
    return _table(["", *(site.player_link(n, prefix) for n in columns)], rows,
                  numeric=range(1, len(columns) + 1), kind="pairs", labels=labels)


def index_page(site: Site, club: Club, folder: str) -> str:
    from burgundy_cli.archive.output import RESULT_ONLY

    said = [f"{counted(len(site.games), 'game')} from {_e(os.path.basename(os.path.abspath(folder)))}"]
    results = sum(1 for game in site.games if game.data["start"] == "result")
    if results:   # (as stats says it: a club reading its standings knows how many were score pads)
        said.append(f"{results} {RESULT_ONLY}")
    undated = sum(1 for game in site.games if not game.data.get("date"))
    if undated:
        said.append(f"{undated} without a date")
    left = [not_counted(why, len(files)) for why, files in site.left_out.items()]
    body = [f"<p>{'; '.join(said + left)}.</p>"]
    for error in site.left_out.get("failed", []) + site.left_out.get("copy", []):
        body.append(f'<p class="note">{_e(error)}</p>')
    for kind in club.kinds:
        body.append(f"<h2>{_e(_game_name(kind))}</h2>")
        group = club.standings.get(kind)
        if group is not None:
            body += _normal_games(kind, group, club, site)
        body += _solo_and_team_games(kind, club, site, "")
    if site.events:
        body += ["<h2>Events</h2>", _events_table(site)]
    body += ["<h2>Games</h2>", _games_table(site.games, site, "")]
    return _page("Results", body, "")


def _dates(games: list[Game]) -> str:
    """The days ``games`` (in the date order) were played on: "2026-04-18", "2026-04-18 to
    2026-05-02" (a date's time left out), or "" when none is dated."""
    days = [str(game.data["date"])[:10] for game in games if date_order(game.data.get("date"))[0] == 0]
    if not days:
        return ""
    return days[0] if days[0] == days[-1] else f"{days[0]} to {days[-1]}"


def _events_table(site: Site) -> str:
    """The index's list of events: each a link to its page, its games and its days."""
    rows = []
    for key, (name, _) in sorted(site.events.items(), key=lambda item: item[1][0].casefold()):
        games = site.event_games(key)
        rows.append([site.event_link(name, ""), str(len(games)), _e(_dates(games))])
    return _table(_head(["event", "games", "dates"]), rows, numeric=(1,), kind="figures")


def event_page(key: str, site: Site) -> str:
    """An event's page, its results book: the games whose record names the event (a league, a
    tournament, its side event; case ignored, as ``stats --event`` matches it), their standings
    per game as ``stats --event`` has them, the solo and team games' sections, then every game
    in the date order, oldest first (a day's rounds by their files' paths, ``r1-t1.toml`` before
    ``r2-t1.toml``), each with its record, its players by place and their totals: who sat with
    whom, and how it ended. (The site had one table for the whole club: a tournament's
    standings and its rounds could be read only by picking its games out of every game.)"""
    from burgundy_cli.archive.stats import report

    name, _ = site.events[key]
    games = site.event_games(key)
    figures = report([game.stats_game(site.names) for game in games])
    club = Club({group["game"]: group for group in figures["standings"]}, {}, {}, {}, figures)
    # (each place once, as its first game spells it: "Club hall" and "club hall" are one
    # place to ``stats --place``, and had been said as two)
    spelled: dict[str, str] = {}
    for place in (str(game.data["place"]) for game in games if game.data.get("place")):
        spelled.setdefault(place.casefold(), place)
    places = list(spelled.values())
    said = [counted(len(games), "game"), *([_dates(games)] if _dates(games) else []), *places]
    body = [f"<p>{_e(', '.join(said))}.</p>"]
    for kind in club.kinds:
        body.append(f"<h2>{_e(_game_name(kind))}</h2>")
        group = club.standings.get(kind)
        if group is not None:
            body += [f'<p class="note">{group["complete"]} complete, {group["in_progress"]} in progress; wins '
                     "shared by a tie are counted as shares.</p>", "<h3>Standings</h3>",
                     _standings_table(group, site, "../")]
        body += _solo_and_team_games(kind, club, site, "../")
    body += ["<h2>Games</h2>", _results_table(games, site)]
    return _page(name, body, "../")


def _results_table(games: list[Game], site: Site) -> str:
    """An event's games, oldest first: the date (a link to the game's page), the record (a
    tournament's files name its rounds and tables), the game, its players by place with their
    totals (:func:`_by_place`) and the result. On a phone a list, as the list of games is (CSS ``table.games``)."""
    head = ["date", "record", "game", "players by place", "result"]
    rows = []
    for game in games:
        data = game.data
        rows.append([f'<a href="../games/{game.slug}.html">{_e(data.get("date") or "undated")}</a>',
                     f'<span class="nw">{_e(game.path)}</span>', _e(_game_name(data["game"])),
                     _by_place(data, site, "../"), _result(game, site, "../")])
    said = [None, None, None, "players", "result"]   # (a phone's headings)
    return _table(head, rows, kind="games", labels=[said] * len(rows))


def _by_place(data: dict[str, Any], site: Site, prefix: str) -> str:
    """A game's players by place with their totals, "1. Cara 168, 2. Dario 131", each a link to
    the player's page (:func:`~burgundy_cli.core.render.by_place`, as ``archive list`` and
    ``score`` write them)."""
    from burgundy_cli.core.render import by_place

    return ", ".join(f'<span class="nw">{entry}</span>' for entry in by_place(
        data["players"], data["complete"], data.get("mode"), data.get("teams"), start=data.get("start"),
        named=lambda name: site.player_link(name, prefix)))


def _solo_and_team_games(kind: str, club: Club, site: Site, prefix: str, only: str | None = None) -> list[str]:
    """The solo and team games' sections of ``stats`` for game ``kind``: solo games won or lost
    won (the duchy filled) or lost, the teams' results and the team games' ratings; with ``only``, the
    rows of that player (their solo row, their teams, their team rating)."""
    def mine(rows: list[dict[str, Any]], names: str) -> list[dict[str, Any]]:
        return [row for row in rows if only is None
                or only in {player_key(name) for name in (row["members"] if names == "members" else [row["name"]])}]

    body = []
    solo = mine(club.figures.get("solo", {}).get(kind, []), "name")
    if solo:
        body += ["<h3>Solo games</h3>",
                 '<p class="note">Played alone: won by filling the duchy within the 25 rounds, or lost; not rated, '
                 "and in none of the other tables.</p>", _solo_table(solo, site, prefix)]
    teams = mine(club.figures.get("teams", {}).get(kind, []), "members")
    if teams:
        body += ["<h3>Team games</h3>",
                 '<p class="note">A row per team: the games it won or lost, and its members\' totals together; '
                 "team games count in none of the other tables.</p>", _teams_table(teams, site, prefix)]
    rated = club.figures.get("team_ratings", {}).get(kind, [])
    everyone = rated
    if only is not None:
        rated = [r for r in rated if player_key(r["name"]) == only]
    if rated:
        heading = "Team games ratings" if only is None else \
            f"Team games rating (place {_rating_place(everyone, rated[0])} of {len(everyone)})"
        body += [f"<h3>{heading}</h3>",
                 '<p class="note">Rated apart from the other games: each team one side of the match, '
                 "its members rated together.</p>", _ratings_table(rated, site, prefix)]
    return body


def _rating_place(rows: list[dict[str, Any]], row: dict[str, Any]) -> int:
    """``row``'s place among ``rows`` (``stats``' ratings): one more than the players rated
    higher, so that players of the same rating share a place (two team-mates, rated together,
    always do), as players of the same rank share a place in a game."""
    return 1 + sum(other["rating"] > row["rating"] for other in rows)


def _normal_games(kind: str, group: dict[str, Any], club: Club, site: Site) -> list[str]:
    """The index's standings, ratings and head-to-head of game ``kind``'s normal games."""
    apart = kind in club.figures.get("solo", {}) or kind in club.figures.get("teams", {})
    body = [f'<p class="note">{group["complete"]} complete, {group["in_progress"]} in progress'
            + (" (solo and team games apart, below)" if apart else "")
            + "; wins shared by a tie are counted as shares.</p>",
            "<h3>Standings</h3>", _standings_table(group, site, "")]
    if kind in club.ratings:
        body += ["<h3>Ratings</h3>", _ratings_table(club.ratings[kind], site, "")]
        if kind in club.history:
            body.append(_picture(f"ratings-{kind}.svg", _ratings_title(kind), column=f"ratings-{kind}-phone.svg"))
    if club.pairs.get(kind):
        body += ["<h3>Head to head</h3>",
                 '<p class="note"><span class="wide">Each row: games the row\'s player finished above the '
                 "column's, below it, and (level) at the same place.</span><span class=\"narrow\">Under each "
                 "player, each opponent met: games the player finished above them, below them, and (level) at "
                 "the same place.</span></p>",
                 _head_to_head(group, club.pairs[kind], site, "")]
    return body


def player_page(key: str, site: Site, club: Club) -> str:
    name = site.names[key]
    body = []
    games = [g for g in site.games if key in {player_key(n) for n in g.data["seats"]}]
    for kind in club.kinds:
        group = club.standings.get(kind, {"players": []})
        mine = [p for p in group["players"] if player_key(p["name"]) == key]
        section = []
        if mine:
            section.append(_standings_table({**group, "players": mine}, site, "../"))
        rated = [r for r in club.ratings.get(kind, []) if player_key(r["name"]) == key]
        if rated:
            section += [f"<h3>Rating (place {_rating_place(club.ratings[kind], rated[0])} of "
                        f"{len(club.ratings[kind])})</h3>",
                        _ratings_table(rated, site, "../"),
                        _picture(f"{site.players[key]}-ratings-{kind}.svg", _ratings_title(kind, name),
                                 column=f"{site.players[key]}-ratings-{kind}-phone.svg")]
        if any(key in pair for pair in club.pairs.get(kind, {})):
            section += ["<h3>Head to head</h3>", _head_to_head(group, club.pairs[kind], site, "../", only=key)]
        section += _solo_and_team_games(kind, club, site, "../", only=key)
        if section:   # (a game the player played only in progress has no figures)
            body += [f"<h2>{_e(_game_name(kind))}</h2>", *section]
    body += ["<h2>Games</h2>", _games_table(games, site, "../", player=key)]
    return _page(name, body, "../")


# --- writing ------------------------------------------------------------------------------------


def build(folder: str, out: str, jobs: int = 0) -> tuple[Site, list[str]]:
    """Write the website of the records below ``folder`` into ``out``; the site and the
    files written (relative to ``out``).

    :raises UsageError: ``folder`` missing (or no record file), no records, or ``out`` is a file.
    """
    from burgundy_cli.core.chart import rating_chart_svg
    from burgundy_cli.core.record import write_atomic
    from burgundy_cli.core.svg import series_styles

    if os.path.exists(out) and not os.path.isdir(out):
        raise UsageError(f"--out {out} is a file, not a folder", hint="name a folder for the website")
    site = collect(folder, jobs)
    club = club_views(site)
    files: dict[str, str] = {"style.css": CSS, "index.html": index_page(site, club, folder)}
    for kind, (labels, series) in club.history.items():
        for end, phone in (("", False), ("-phone", True)):   # (the desktop's chart and a phone's)
            files[f"ratings-{kind}{end}.svg"] = rating_chart_svg(_ratings_title(kind), labels,
                                                                 series, phone=phone)
            styles = dict(zip(series, series_styles(list(series))))   # (a player's page draws them as the club's)
            for name, values in series.items():
                files[f"players/{site.players[player_key(name)]}-ratings-{kind}{end}.svg"] = rating_chart_svg(
                    _ratings_title(kind, name), labels, {name: values}, {name: styles[name]},
                    phone=phone)
    for game in site.games:
        files[f"games/{game.slug}.html"] = game_page(game, site)
        if "board" in game.data:
            files[f"games/{game.slug}-board.svg"] = game.data["board"]
        if "board_column" in game.data:
            files[f"games/{game.slug}-board-phone.svg"] = game.data["board_column"]
        if "chart" in game.data:
            files[f"games/{game.slug}-chart.svg"] = game.data["chart"]
            files[f"games/{game.slug}-chart-phone.svg"] = game.data["chart_phone"]
    for key in site.players:
        files[f"players/{site.players[key]}.html"] = player_page(key, site, club)
    for key, (_, slug) in site.events.items():
        files[f"events/{slug}.html"] = event_page(key, site)
    before = _last_build(out)
    _check_out(out, [*files, MANIFEST], before)
    for folder_name in ("games", "players", *(["events"] if site.events else [])):
        os.makedirs(os.path.join(out, folder_name), exist_ok=True)
    # (listed before they are written: a build cut short leaves none of its files unlisted)
    _write_list(out, set(files) | (before or set()))
    for name, text in files.items():
        write_atomic(os.path.join(out, name), text, record=False)
    site.removed = _remove_stale(out, files, before or set())
    _write_list(out, set(files))
    return site, list(files)


#: The list of the files the last build wrote, in the output folder (one name a line).
MANIFEST = ".burgundy-site"


def _last_build(out: str) -> set[str] | None:
    """The files the last build into ``out`` wrote, as its :data:`MANIFEST` lists them;
    ``None`` when there is no list (no build, or one made before the list was kept)."""
    try:
        with open(os.path.join(out, MANIFEST), encoding="utf-8") as listed:
            return set(listed.read().splitlines())
    except (FileNotFoundError, NotADirectoryError, UnicodeDecodeError):
        return None


def _write_list(out: str, files: Iterable[str]) -> None:
    """Write the :data:`MANIFEST` of ``out``: ``files``, one a line, sorted."""
    from burgundy_cli.core.record import write_atomic

    write_atomic(os.path.join(out, MANIFEST), "".join(f"{name}\n" for name in sorted(files)), record=False)


def _remove_stale(out: str, files: Iterable[str], before: set[str]) -> list[str]:
    """Remove the files the last build wrote (``before``, its :data:`MANIFEST`) that this one
    does not: the page and pictures of a record since removed or renamed, the page of a player
    whose name was mended. They stayed in the folder, and on the web host it is copied to,
    showing a game the club had struck out. Only names the site itself makes (a page or
    picture at the top, in ``games/`` or in ``players/``) that are still regular files are
    removed: nothing else the folder holds, and nothing through a link. A folder written
    before the manifest has none, and nothing is removed from it. The names removed, sorted."""
    removed = []
    for name in sorted(before - set(files)):
        if not re.fullmatch(r"((games|players|events)/)?[a-z0-9-]+\.(html|svg)", name):
            continue
        path = os.path.join(out, name)
        if os.path.isfile(path) and not os.path.islink(path):
            os.unlink(path)
            removed.append(name)
    return removed


def _built_before_the_list(out: str) -> bool:
    """Whether ``out``, which has no :data:`MANIFEST`, holds a site a build made before the
    list was kept: its ``index.html`` is the site's (it has the site's navigation)."""
    try:
        with open(os.path.join(out, "index.html"), encoding="utf-8", errors="replace") as page:
            return '<nav><a href="index.html">Results</a></nav>' in page.read()
    except OSError:
        return False


def _check_out(out: str, files: Iterable[str], before: set[str] | None) -> None:
    """Refuse, before anything is written, an output folder in which the site would write
    outside itself or over what is not its own file: a symbolic link where a page, a
    picture or the ``games``/``players`` folder goes (writing would follow it to a file or
    folder elsewhere), a folder or a special file where a page goes, a file where a folder
    goes, and a file the site did not write where a page or picture goes (the club's own
    ``index.html`` in the folder of its web pages had been replaced with the results page).
    The site's files are those the last build listed (``before``), or, in a folder built
    before the list was kept, every file (:func:`_built_before_the_list`).

    :raises UsageError: naming the entry.
    """
    import stat

    folders = {name.split("/")[0] for name in files if "/" in name}
    legacy: bool | None = None          # (asked once, when a file is found)
    for name in [*sorted(folders), *files]:
        path = os.path.join(out, name)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            continue
        except OSError as err:
            raise UsageError(f"--out {out}: {name} cannot be read ({err.strerror})") from None
        if stat.S_ISLNK(mode):
            kind = "a symbolic link (writing would follow it out of the folder)"
        elif name in folders and not stat.S_ISDIR(mode):
            kind = "not a folder"
        elif name not in folders and not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        elif name in folders or name == MANIFEST or (name in before if before is not None else (
                legacy := _built_before_the_list(out) if legacy is None else legacy)):
            continue
        else:
            raise UsageError(f"--out {out}: {name} is a file the site did not write, which it never replaces; "
                             "nothing was written", hint=f"move {path} away, or name another --out folder")
        raise UsageError(f"--out {out}: {name} is {kind}; the site writes only its own files into its folder",
                         hint=f"remove {path}, or name another --out folder")


def run_site(folder: str, out: str, jobs: int = 0) -> Outcome:
    """``burgundy site``: write the website, say where and what was left out (stderr); exit
    code 1 when a record failed to verify (it is named, as ``summary`` names it)."""
    site, files = build(folder, out, jobs)
    pages = sum(1 for name in files if name.endswith(".html"))
    outcome = Outcome(1 if site.left_out.get("failed") else 0).wrote(out)
    for note in site.skipped:
        outcome.warn(note)
    for why, left in site.left_out.items():
        outcome.warn(not_counted(why, len(left)))
    for error in site.left_out.get("failed", []) + site.left_out.get("copy", []):
        outcome.warn(f"burgundy: {error}")
    events = f", {counted(len(site.events), 'event')}" if site.events else ""
    outcome.warn(f"wrote {counted(pages, 'page')} and {counted(len(files) - pages, 'other file')} to {out} "
                 f"({counted(len(site.games), 'game')}, {counted(len(site.players), 'player')}{events})")
    if site.removed:
        outcome.warn(removed_words(site.removed, files, folder))
    return outcome


#: The endings of the pictures that go with a page (``games/<record>.html``,
#: ``players/<player>.html``), longest first.
_PICTURE_ENDS = ("-board-phone.svg", "-chart-phone.svg", "-board.svg", "-chart.svg")


def _page_of(picture: str) -> str:
    """The page a picture of the site goes with: a game's board or chart, its record's page; a
    player's ratings chart, their page; the club's ratings chart, the index."""
    folder, _, name = picture.rpartition("/")
    if folder == "players" and "-ratings-" in name:
        return f"players/{name.rpartition('-ratings-')[0]}.html"
    if folder == "games":
        for end in _PICTURE_ENDS:
            if name.endswith(end):
                return f"games/{name.removesuffix(end)}.html"
    return "index.html"


def removed_words(removed: Sequence[str], files: Iterable[str], folder: str) -> str:
    """What a build says of the files of the last build it removed (:func:`_remove_stale`):
    the pages of a record or player no longer in ``folder``, with their pictures counted; and
    apart, each picture no longer drawn for a page still written (``files``): the board and
    chart of a record now typed in as a result-only pad, a game's chart that no longer
    applies, a ratings chart no longer drawn. Every such picture was said to be "of a record
    or player no longer in" the folder, of a record that was still there."""
    written = set(files)
    gone = [name for name in removed if name.endswith(".html") or _page_of(name) not in written]
    pages = [name for name in gone if name.endswith(".html")]
    pictures = len(gone) - len(pages)
    parts = []
    if gone:
        said = [*pages, *([counted(pictures, "picture")] if pictures else [])]
        whose = "a record, player or event" if any(name.startswith("events/") for name in pages) \
            else "a record or player"
        parts.append(f"of {whose} no longer in {folder}: {', '.join(said)}")
    dropped = [name for name in removed if name not in gone]
    if dropped:
        parts.append(f"{counted(len(dropped), 'picture')} no longer drawn for a page still written: "
                     f"{', '.join(dropped)}")
    return f"removed {counted(len(removed), 'file')} of the last build, {'; '.join(parts)}"
