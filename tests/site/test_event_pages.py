"""A results website's page per event: a tournament's results book.

An organiser runs a tournament of three rounds one evening (its score pads ``r1-t1.toml``...,
each naming the event) beside the club's other games. The site had one table for the whole
club: the tournament's standings and its rounds (who sat with whom, how each table ended) could
be read only by picking its games out of the club's list, which did not even say their event.
Now each event has a page (``events/<event>.html``): its standings per game, those of
``stats --event``, and its games oldest first, round by round, each with its players by place
and their totals; the index lists the events, and every list of games says each game's event.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from burgundy_cli.archive.site import removed_words

#: The evening's three rounds (one table each), the event spelt two ways, and a club game of no event.
PADS = {"r1-t1.toml": ("Spring Open", [("Anna", 150), ("Ben", 140), ("Cara", 130), ("Dario", 120)]),
        "r2-t1.toml": ("Spring Open", [("Dario", 160), ("Cara", 150), ("Eva", 140), ("Anna", 130)]),
        "r3-t1.toml": ("SPRING OPEN", [("Ben", 170), ("Eva", 160), ("Dario", 150), ("Cara", 140)]),
        "club-night.toml": (None, [("Anna", 200), ("Ben", 100)])}


def _pad(event: str | None, scores: list[tuple[str, int]]) -> str:
    names = ", ".join(f'"{name}"' for name, _ in scores)
    tables = "".join(f"\n[final.scores.{name}]\ntotal = {total}\n" for name, total in scores)
    said = f'event = "{event}"\n' if event else ""
    return (f'[game]\nname = "castles-of-burgundy"\nedition = "2019"\nplayers = [{names}]\n'
            f'date = 2026-04-18\nplace = "Club Hall"\n{said}{tables}')


class _Tables(HTMLParser):
    """Each table of a page as rows of its cells' text."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data) -> None:
        if self.cell is not None:
            self.cell.append(data)


def _tables(page: Path) -> list[list[list[str]]]:
    parser = _Tables()
    parser.feed(page.read_text())
    return parser.tables


def _club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    for name, (event, scores) in PADS.items():
        (folder / name).write_text(_pad(event, scores))
    return folder


def test_an_events_page_has_its_standings_and_its_rounds_in_order(cli, tmp_path) -> None:
    folder = _club(tmp_path)
    out = tmp_path / "site"
    made = cli("site", str(folder), "--out", str(out))
    assert made.exit_code == 0 and "(4 games, 5 players, 1 event)" in made.stderr
    page = out / "events" / "spring-open.html"
    standings, games = _tables(page)
    # by hand: Ben 170+140, Dario 120+160+150, Anna 150+130 (club night not counted), Eva 140+160, Cara 130+150+140
    assert standings[1:] == [["Ben", "2", "1", "50%", "155.0", "170", "1.5"],
                             ["Dario", "3", "1", "33%", "143.3", "160", "2.7"],
                             ["Anna", "2", "1", "50%", "140.0", "150", "2.5"],
                             ["Eva", "2", "0", "0%", "150.0", "160", "2.5"],
                             ["Cara", "3", "0", "0%", "140.0", "150", "3.0"]]
    assert games[0] == ["date", "record", "game", "players by place", "result"]
    assert [row[1:4] for row in games[1:]] == [
        ["r1-t1.toml", "The Castles of Burgundy", "1. Anna 150, 2. Ben 140, 3. Cara 130, 4. Dario 120"],
        ["r2-t1.toml", "The Castles of Burgundy", "1. Dario 160, 2. Cara 150, 3. Eva 140, 4. Anna 130"],
        ["r3-t1.toml", "The Castles of Burgundy", "1. Ben 170, 2. Eva 160, 3. Dario 150, 4. Cara 140"]]
    assert [row[4] for row in games[1:]] == ["won by Anna", "won by Dario", "won by Ben"]
    assert "<h1>Spring Open</h1>" in page.read_text() and "3 games, 2026-04-18, Club Hall." in page.read_text()


def test_the_standings_are_those_of_stats_event(cli, tmp_path) -> None:
    folder = _club(tmp_path)
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    stats = json.loads(cli("stats", str(folder), "--event", "spring open", "--json").stdout)
    rows = _tables(out / "events" / "spring-open.html")[0][1:]
    assert [(row[0], int(row[1]), float(row[2]), float(row[4])) for row in rows] == [
        (p["name"], p["played"], p["wins"], p["average"]) for p in stats["standings"][0]["players"]]


def test_the_index_and_every_game_of_an_event_link_to_its_page(cli, tmp_path) -> None:
    folder = _club(tmp_path)
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    index = out / "index.html"
    events = next(table for table in _tables(index) if table[0] == ["event", "games", "dates"])
    assert events[1:] == [["Spring Open", "3", "2026-04-18"]]
    assert index.read_text().count('href="events/spring-open.html"') == 1 + 3   # (the list, each game's row)
    for name in ("r1-t1", "r2-t1", "r3-t1"):
        assert '<a href="../events/spring-open.html">' in (out / "games" / f"{name}.html").read_text()
    assert "events/" not in (out / "games" / "club-night.html").read_text()
    games = next(table for table in _tables(index) if table[0][0] == "date")
    assert [row[2] for row in games[1:]] == ["Spring Open", "Spring Open", "Spring Open", ""]   # (the event column)


def test_an_event_no_record_names_any_more_loses_its_page(cli, tmp_path) -> None:
    folder = _club(tmp_path)
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    for name in ("r1-t1.toml", "r2-t1.toml", "r3-t1.toml"):
        (folder / name).write_text(_pad("Spring Cup", PADS[name][1]))   # (renamed)
    again = cli("site", str(folder), "--out", str(out))
    assert not (out / "events" / "spring-open.html").exists() and (out / "events" / "spring-cup.html").exists()
    assert "of a record, player or event no longer in" in again.stderr and "events/spring-open.html" in again.stderr


def test_the_words_of_pages_removed_name_an_event_only_when_one_is_among_them() -> None:
    assert removed_words(["games/a.html"], ["index.html"], "club") == \
        "removed 1 file of the last build, of a record or player no longer in club: games/a.html"


def test_a_site_of_no_events_writes_no_events_folder(cli, tmp_path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "night.toml").write_text(_pad(None, [("Anna", 150), ("Ben", 140)]))
    out = tmp_path / "site"
    made = cli("site", str(folder), "--out", str(out))
    assert made.exit_code == 0 and "(1 game, 2 players)\n" in made.stderr
    assert not (out / "events").exists() and "<h2>Events</h2>" not in (out / "index.html").read_text()


def test_an_event_with_no_game_finished_says_so_rather_than_an_empty_table(cli, tmp_path) -> None:
    """The first round of an evening still being played: ``stats --event`` says "(none)" under
    its standings, and the event's page says that no game is complete yet, not a table of
    headings with no row; the game in progress is listed by its totals so far, with no places."""
    folder = tmp_path / "club"
    folder.mkdir()
    text = (Path(__file__).parents[2] / "records" / "castles-of-burgundy" / "opening-3p-2019.toml").read_text()
    (folder / "r1-t1.toml").write_text(text)
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    page = next((out / "events").glob("*.html"))
    html = page.read_text()
    assert "No complete game yet" in html and "<h3>Standings</h3>" in html
    (games,) = _tables(page)   # (the list of games alone: no standings table)
    assert games[1][3] == "Carla 21, Dario 3, Emma 3" and games[1][4] == "in progress"
