"""The results website (issue 35, item 12): a club folder of about 60 games -- the shipped
records, seeded playouts and result-only records, dated and placed, some names and places
full of HTML's special characters -- written as a site, its links checked file by file,
then every page opened in a real browser (headless Chromium): no console message, every
picture drawn, and screenshots of the pages that are neither tiny nor blank."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from burgundy_cli.archive.site import build
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.registry import find_game
from tests.browser import chromium, frames, measure, need_chromium, report as read_report
from tests.conftest import RECORDS

#: A place and a player name that break a page unless escaped.
PLACE = 'Café <Löwe> & "Co"'
ODD_NAME = "O'Brien & <Zoë>"


def _result_only(number: int) -> str:
    first, second = (ODD_NAME, "Anna") if number % 2 else ("Anna", ODD_NAME)
    name, place = json.dumps(ODD_NAME, ensure_ascii=False), json.dumps(PLACE, ensure_ascii=False)
    return f'''[game]
name = "castles-of-burgundy"
edition = "2019"
players = [{name}, "Anna"]
date = 2026-03-{10 + number:02d}
place = {place}
event = "league <night> {number}"

[final]
[final.scores.{json.dumps(first, ensure_ascii=False)}]
total = {180 + number}
[final.scores.{json.dumps(second, ensure_ascii=False)}]
total = {150 + number}
'''


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """A club folder: the shipped records, 8 Castles and 25 Robber Knights playouts dated
    through 2026 at the odd place, and 4 result-only records."""
    folder = tmp_path_factory.mktemp("club") / "records"
    shutil.copytree(RECORDS, folder)
    day = dt.date(2026, 1, 1)
    for index in range(33):
        castles = index < 8
        data = find_game("castles-of-burgundy" if castles else "robber-knights").playout(
            2 + index % 3, index, edition="2019" if castles else None)
        data["game"]["date"] = day + dt.timedelta(days=3 * index)
        data["game"]["place"] = PLACE if index % 2 else "Club room"
        (folder / f"playout-{index:02d}.toml").write_text(dump_record(data))
    for number in range(4):
        (folder / f"result-only-{number}.toml").write_text(_result_only(number))
    return folder


@pytest.fixture(scope="module")
def built(club, tmp_path_factory) -> tuple[Path, object, list[str]]:
    out = tmp_path_factory.mktemp("site") / "out"
    site, files = build(str(club), str(out), jobs=1)
    return out, site, files


class _Refs(HTMLParser):
    """The links and pictures a page names."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        for key, value in attrs:
            if key in ("href", "src") and value:
                self.refs.append(value)


def test_the_site_counts_about_sixty_games_and_says_what_it_left_out(built) -> None:
    out, site, files = built
    assert len(site.games) >= 55
    assert len(site.left_out["position"]) == 16  # the shipped rulebook examples
    index = (out / "index.html").read_text()
    assert "16 position records (rulebook examples) not counted" in index
    assert index.count("<h2>") >= 3  # each game, then the games
    assert sum(name.startswith("games/") and name.endswith(".html") for name in files) == len(site.games)
    assert (out / "ratings-castles-of-burgundy.svg").exists() and (out / "ratings-robber-knights.svg").exists()
    game = next(g for g in site.games if g.data.get("place") == PLACE and "board" in g.data)
    page = (out / "games" / f"{game.slug}.html").read_text()
    assert f"{game.slug}-board.svg" in page and f"{game.slug}-chart.svg" in page
    assert "<h2>Score</h2>" in page and "total" in page


def test_a_tie_on_vp_says_what_broke_it(built) -> None:
    """The shipped end-2p-2011-tie.toml: 73 each, Ben wins on fewest empty estate spaces
    (2011 rulebook: "the winning player is the tied player with the fewest empty estate
    spaces"); the game's page and the games list say so, in those words, as `score` does."""
    out, site, _ = built
    game = next(g for g in site.games if g.path.endswith("end-2p-2011-tie.toml"))
    page = (out / "games" / f"{game.slug}.html").read_text()
    said = "(tiebreak: Ben and Anna tie on 73 VP; fewest empty estate spaces decides (Ben 24, Anna 26))"
    assert f'won by <a href="../players/ben.html">Ben</a> {said}' in page
    assert said in (out / "index.html").read_text()


def test_the_ratings_chart_labels_an_undated_game_by_its_place_in_the_order(built) -> None:
    """The shipped records have no date: each is a tick "game N" on the axis, the dated
    playouts their date; never "undated" at every tick."""
    chart = (built[0] / "ratings-castles-of-burgundy.svg").read_text()
    assert "game 1" in chart and "2026-" in chart and "undated" not in chart


def test_a_players_own_ratings_chart_draws_them_as_the_clubs_chart_does(built) -> None:
    """Anna's page drew her rating in the first seat's red while the club's chart beside the
    standings drew her in another colour; now her line has the same colour, dash and marker
    on both."""
    import xml.etree.ElementTree as ET

    svg = "{http://www.w3.org/2000/svg}"
    out, site, _ = built

    def style(path: Path, name: str) -> tuple:
        root = ET.fromstring(path.read_text())
        names = [n.text.rsplit(" ", 1)[0] for n in root.iter(f"{svg}text") if n.get("class") is None]
        lines = [n for n in root.iter(f"{svg}line") if n.get("class") == "series"]
        marks = [n for n in root.iter(f"{svg}path") if n.get("class") == "marker"][-len(lines):]
        row = names[-len(lines):].index(name)
        mark = marks[row].get("d")
        return (lines[row].get("stroke"), lines[row].get("stroke-dasharray"), mark.count("L"), "a" in mark)

    for name in ("Anna", "Cara", "Dario"):
        slug = site.players[name.casefold()]
        own = out / "players" / f"{slug}-ratings-castles-of-burgundy.svg"
        assert style(own, name) == style(out / "ratings-castles-of-burgundy.svg", name), name


def test_every_link_and_picture_names_a_file_of_the_site(built) -> None:
    out, _, files = built
    pages = sorted(out.rglob("*.html"))
    linked: set[Path] = set()
    for page in pages:
        refs = _Refs()
        refs.feed(page.read_text())
        for ref in refs.refs:
            assert not re.match(r"[a-z]+:", ref), f"{page.name} leaves the site: {ref}"
            target = (page.parent / ref).resolve()
            assert target.is_file(), f"{page.relative_to(out)} names {ref}, which is missing"
            linked.add(target)
    assert {page.resolve() for page in pages} - {(out / "index.html").resolve()} <= linked


def test_names_and_places_are_escaped_everywhere(built) -> None:
    out, _, _ = built
    for page in out.rglob("*"):
        if page.suffix in (".html", ".svg"):
            text = page.read_text()
            assert "<Löwe>" not in text and "<Zoë>" not in text and "<night>" not in text, page.name
    player = next(out.glob("players/o-brien-zo*.html")).read_text()
    assert "<h1>O&#x27;Brien &amp; &lt;Zoë&gt;</h1>" in player


#: The browser's own report on every page of the site: no page missing, every picture drawn.
HARNESS = """if (!page || !page.body) { report.push({src: frame.getAttribute("src"), missing: true}); continue; }
    const broken = [...page.images].filter(img => !(img.complete && img.naturalWidth > 0)).map(img => img.src);
    report.push({src: frame.getAttribute("src"), title: page.title, links: page.links.length, broken,
                 tables: page.querySelectorAll("table").length, scripts: page.scripts.length});"""


def test_every_page_opens_in_headless_chromium_cleanly(built) -> None:
    need_chromium()
    out, _, _ = built
    pages = sorted(str(p.relative_to(out)) for p in out.rglob("*.html"))
    (out / "_all.html").write_text(frames(pages, HARNESS))
    game = next(p for p in pages if p.startswith("games/castles-of-burgundy-complete-4p-2019-shields"))
    player = next(p for p in pages if p.startswith("players/anna"))
    (out / "_blank.html").write_text("<!DOCTYPE html><html><body></body></html>")
    shots = {name: out / f"_{name}.png" for name in ("index", "game", "player", "blank")}
    # The page of every page first, on its own: five browsers at once on a loaded 2-core machine
    # can leave it without its report; the four screenshots then run side by side.
    results = [chromium("--allow-file-access-from-files", "--virtual-time-budget=20000", "--dump-dom",
                         (out / "_all.html").as_uri(), cwd=out).communicate(timeout=180)]
    running = [chromium("--window-size=1200,1600", f"--screenshot={shots[name]}", (out / page).as_uri(), cwd=out)
               for name, page in (("index", "index.html"), ("game", game), ("player", player),
                                  ("blank", "_blank.html"))]
    results += [process.communicate(timeout=120) for process in running]
    dom, log = results[0]
    try:
        consoled = [line for _, err in results for line in err.splitlines() if ":CONSOLE" in line]
        assert consoled == [], consoled
        report = read_report(dom, log)
        assert [entry["src"] for entry in report] == pages
        for entry in report:
            assert not entry.get("missing"), entry
            assert entry["broken"] == [], entry
            assert entry["title"] and entry["links"] >= 1 and entry["scripts"] == 0, entry
        blank = shots["blank"].stat().st_size
        for name in ("index", "game", "player"):
            png = shots[name].read_bytes()
            assert png.startswith(b"\x89PNG\r\n\x1a\n")
            assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (1200, 1600)
            assert len(png) > 10 * blank, f"the {name} page's screenshot is nearly blank"
    finally:
        for path in out.glob(".profile-*"):
            shutil.rmtree(path, ignore_errors=True)
        keep = os.environ.get("BURGUNDY_KEEP_SCREENSHOTS")  # a folder to look at them in, by eye
        for path in shots.values():
            if keep and path.exists():
                shutil.copy(path, keep)
        # the harness's own pages and pictures go: the site the other tests of this module read
        # (every page linked from another) is the one `build` wrote
        for path in [out / "_all.html", out / "_blank.html", *shots.values()]:
            path.unlink(missing_ok=True)


def test_site_command_writes_the_site_and_says_what_it_left_out(cli, tmp_path) -> None:
    out = tmp_path / "site"
    result = cli("site", str(RECORDS / "robber-knights"), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "4 position records (rulebook examples) not counted" in result.stderr
    assert (out / "index.html").is_file() and (out / "style.css").is_file()
    (tmp_path / "file").write_text("")
    refused = cli("site", str(RECORDS / "robber-knights"), "--out", str(tmp_path / "file"))
    assert refused.exit_code == 2 and "is a file" in refused.stderr


def test_a_missing_folder_is_a_usage_error_and_nothing_is_written(cli, tmp_path) -> None:
    """``site /no/such/folder -o out`` said "1 record that failed to verify not counted" and
    "wrote 1 page and 1 other file to out (0 games, 0 players)", exit 1: an empty site for a
    mistyped path. It is refused now as ``score`` and ``summary`` refuse it -- one line, exit
    2 -- and nothing is written."""
    missing = tmp_path / "no" / "such" / "folder"
    out = tmp_path / "out"
    result = cli("site", str(missing), "--out", str(out))
    assert result.exit_code == 2, result.output
    assert result.stderr == f"burgundy: usage: no such record file: {missing}\n"
    assert result.stdout == ""
    assert cli("score", str(missing)).stderr == result.stderr   # score's words
    assert list(tmp_path.iterdir()) == []


def test_a_record_that_fails_is_named_and_not_counted(cli, tmp_path) -> None:
    folder = tmp_path / "club"
    shutil.copytree(RECORDS / "robber-knights", folder)
    (folder / "broken.toml").write_text('[game]\nname = "robber-knights"\nplayers = ["red", "blue"]\n[play]\n'
                                        'moves = ["red: fly away"]\n')
    result = cli("site", str(folder), "--out", str(tmp_path / "site"))
    assert result.exit_code == 1
    assert "1 record that failed to verify not counted" in result.stderr and "broken.toml" in result.stderr
    index = (tmp_path / "site" / "index.html").read_text()
    assert "broken.toml" in index and "6 games from club" in index


def test_a_team_game_rated_before_any_normal_game_does_not_break_the_site(cli, tmp_path) -> None:
    """A team game is rated apart from the normal games (``stats --ratings``' "team games
    ratings"), so it is no point of the normal ratings' chart. When it came first (the club's
    first game, or an undated one that sorts first), the site looked the game's normal ratings
    up before there were any and stopped with an internal error (exit 3)."""
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-4p-2019-team.toml", folder / "a-team.toml")
    alone = cli("site", str(folder), "--out", str(tmp_path / "alone"))
    assert alone.exit_code == 0, alone.output
    assert not (tmp_path / "alone" / "ratings-castles-of-burgundy.svg").exists()  # nothing rated apart from it
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", folder / "b-normal.toml")
    both = cli("site", str(folder), "--out", str(tmp_path / "both"))
    assert both.exit_code == 0, both.output
    chart = (tmp_path / "both" / "ratings-castles-of-burgundy.svg").read_text()
    assert "game 1" in chart and "game 2" not in chart  # one point: the one normal game rated


def test_a_tie_the_tiebreak_left_level_is_a_shared_win_not_a_broken_tie(built) -> None:
    """The shipped playout-4-players-draw.toml: red and green tie on 17 points and on knights
    left, "still equal, a draw" -- both win (Robber Knights rules: tied players share the
    victory). ``score`` says "shared win"; the site said "won by red, green (tie on VP, broken
    by: ...)", a tie it calls broken that was not, in a game without VP."""
    out, site, _ = built
    game = next(g for g in site.games if g.path.endswith("playout-4-players-draw.toml"))
    page = (out / "games" / f"{game.slug}.html").read_text()
    assert ('shared win: <a href="../players/red.html">red</a>, <a href="../players/green.html">green</a>'
            " (tiebreak: red and green tie on 17 points;") in page
    assert "broken by" not in page


def test_a_result_only_tie_level_on_the_tiebreak_too_has_no_winner_it_can_name(cli, tmp_path) -> None:
    """A result-only 2011 record of two players level on VP and on empty spaces. The 2011
    rulebook ('Game end'): "Should there still be a tie, then the winning player is the tied
    player who went later in turn order" -- one winner, never a shared win; a score pad does
    not hold the turn order. The site called it a shared win (each counted half a win); now
    the game has no winner it can name and says why, ``stats`` counts no win, and a record
    naming the winner in ``[final] winner`` is won by that one, the tiebreak in the rules' words."""
    folder = tmp_path / "club"
    folder.mkdir()
    made = cli("new", str(folder / "tie.toml"), "--result", "--game", "castles-of-burgundy", "--edition", "2011",
               "--players", "Anna,Ben", "--scores", "Anna=160,Ben=160", "--tiebreak", "Anna=3,Ben=3",
               "--date", "2025-01-02")
    assert made.exit_code == 0, made.output
    assert "1. Anna 160, 1. Ben 160; winner not known (tiebreak: later in turn order: not in the record)" in made.stdout
    scored = cli("score", str(folder / "tie.toml"))
    assert scored.exit_code == 0 and "winner: not known" in scored.stdout and "shared win" not in scored.stdout
    result = cli("site", str(folder), "--out", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    for page in (tmp_path / "site" / "index.html", tmp_path / "site" / "games" / "tie.html"):
        text = page.read_text()
        assert ("winner not known: Anna and Ben tie on VP and on empty estate spaces; the 2011 rules give the "
                "win to the one later in turn order, which a result-only record does not hold") in text, page.name
        assert "shared win" not in text and "broken by" not in text, page.name
    stats = json.loads(cli("stats", str(folder), "--db", str(tmp_path / "s.db"), "--json").stdout)
    assert [(p["name"], p["wins"]) for p in stats["standings"][0]["players"]] == [("Anna", 0), ("Ben", 0)]
    listed = cli("archive", "list", str(folder), "--db", str(tmp_path / "s.db"))
    assert "winner not known (tiebreak: later in turn order: not in the record)" in listed.stdout
    # the record names the winner (the players saw the bridge): Ben, the tiebreak in the rules' words
    text = (folder / "tie.toml").read_text()
    named = text.replace("[final.scores.Anna]", '[final]\nwinner = ["Ben"]\n\n[final.scores.Anna]').split("[result]")[0]
    assert named != text.split("[result]")[0]
    (folder / "tie.toml").write_text(named)
    scored = json.loads(cli("score", "--json", str(folder / "tie.toml")).stdout)
    assert scored["winner"] == ["Ben"] and scored["tiebreak"] == "later in turn order, as the record states"
    assert [(p["name"], p["rank"]) for p in scored["players"]] == [("Ben", 1), ("Anna", 2)]
    # both named: the rules make no shared win of it, so the record is refused, located
    (folder / "tie.toml").write_text(named.replace('winner = ["Ben"]', 'winner = ["Ben", "Anna"]'))
    refused = cli("score", str(folder / "tie.toml"))
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert "Ben and Anna tie on VP and on empty estate spaces" in refused.stderr or \
        "Anna and Ben tie on VP and on empty estate spaces" in refused.stderr
    assert "name that one player" in refused.stderr


def test_two_copies_of_one_record_are_one_game(cli, tmp_path) -> None:
    """The same record in two folders of the club (a league folder and a year's, say) is one
    game played, as ``stats`` counts it (the archive keys a record by its bytes): the site
    counted it twice -- Cara 2 played, 2 wins, for the one game she won -- and says now which
    copy it left out."""
    folder = tmp_path / "club"
    (folder / "league").mkdir(parents=True)
    made = cli("new", str(folder / "league" / "g.toml"), "--result", "--game", "castles-of-burgundy",
               "--edition", "2019", "--players", "Ben,Cara", "--scores", "Ben=150,Cara=200", "--date", "2025-01-02")
    assert made.exit_code == 0, made.output
    shutil.copy(folder / "league" / "g.toml", folder / "a-copy.toml")
    result = cli("site", str(folder), "--out", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    assert "1 copy of another record not counted" in result.stderr and "league/g.toml" in result.stderr
    index = (tmp_path / "site" / "index.html").read_text()
    assert "1 game from club" in index and "1 copy of another record not counted" in index
    cara = re.search(r'players/cara\.html">Cara</a></td><td class="n">(\d+)</td><td class="n">([\d.]+)<', index)
    assert cara and cara.groups() == ("1", "1")
    assert stats_played(cli, folder, "Cara") == 1  # stats, over the same folder, agrees
    assert sorted(p.name for p in (tmp_path / "site" / "games").glob("*.html")) == ["a-copy.html"]


def stats_played(cli, folder: Path, name: str) -> int:
    """How many games ``stats --json`` counts ``name`` in (its archive kept in a scratch folder)."""
    result = cli("stats", str(folder), "--db", str(folder.parent / "stats.db"), "--json")
    assert result.exit_code == 0, result.output
    players = [p for group in json.loads(result.stdout)["standings"] for p in group["players"]]
    return next(p["played"] for p in players if p["name"] == name)


def test_a_symbolic_link_passed_over_is_named(cli, tmp_path) -> None:
    """A folder's links are not followed (``score``, ``stats``, ``export`` say so, one line each):
    the site passed a linked record over without a word, so a game linked into the club's
    folder was silently missing from its pages."""
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", folder / "game.toml")
    (folder / "linked.toml").symlink_to(RECORDS / "castles-of-burgundy" / "complete-4p-2011.toml")
    result = cli("site", str(folder), "--out", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    assert "skipped " in result.stderr and "linked.toml: a symbolic link" in result.stderr
    assert "(1 game, 2 players)" in result.stderr


#: How wide each page is, and which right-aligned figure of a table is broken over more than one line.
MEASURE = """const broken = [...page.querySelectorAll("td.n")].filter(cell => {
      const range = page.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size > 1;
    }).map(cell => cell.textContent);
    report.push({src: frame.getAttribute("src"), width: page.documentElement.scrollWidth, broken});"""


#: Twelve players, eleven with names of five words and one of 40 letters without a space (the
#: longest a record takes).
LONG_NAMES = [f"Player number {i} of the club" for i in range(11)] + ["MaximilianeWilhelminaVonHohenzollernEtAl"]


def _club_of_long_names(cli, tmp_path: Path) -> tuple[list[str], Path]:
    """The site of four result-only games among :data:`LONG_NAMES`, the last one of two players
    (the first and the 40-letter name): the names, and the site's folder."""
    folder = tmp_path / "club"
    folder.mkdir()
    names = LONG_NAMES
    for game, seats in enumerate((names[:4], names[4:8], names[8:], [names[0], names[11]])):
        scores = ",".join(f"{name}={150 + 10 * (seat % 2)}" for seat, name in enumerate(seats))
        made = cli("new", str(folder / f"g{game}.toml"), "--result", "--game", "castles-of-burgundy",
                   "--edition", "2011", "--players", ",".join(seats), "--scores", scores,
                   "--tiebreak", ",".join(f"{name}=1" for name in seats), "--date", f"2025-01-0{game + 1}")
        assert made.exit_code == 0, made.output
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    return names, out


def test_a_club_of_many_players_gets_pages_no_wider_than_the_screen(cli, tmp_path) -> None:
    """Twelve players with long names, all met in one game: the head-to-head table of the
    index has a column each. It ran off the right of a 1100-pixel window and broke each
    figure "1–0 (1)" over three lines; a wide table now scrolls in its own box, and a figure
    stays on one line. A player's page has a column for each opponent met, not for everyone.
    At 390 pixels (a phone) the head to head is a list, which fits the screen with names of
    five words and a name of 40 letters without a space (the longest a record takes)."""
    need_chromium()
    names, out = _club_of_long_names(cli, tmp_path)
    player = (out / "players" / "player-number-0-of-the-club.html").read_text()
    h2h = player.split("<h3>Head to head</h3>")[1].split("</table>")[0]
    assert h2h.count("<th") == 1 + 4  # the row's own corner and the four opponents met
    pages = ["index.html", "players/player-number-0-of-the-club.html"]
    report = measure(out, pages, MEASURE)
    assert [entry["src"] for entry in report] == pages
    for entry in report:
        assert entry["width"] <= 1100 and entry["broken"] == [], entry
    (out / "_phone.html").write_text(frames(pages, PAIRS_MEASURE, widths=(390,), height=900))
    try:
        phone = read_report(*chromium("--allow-file-access-from-files", "--virtual-time-budget=20000", "--dump-dom",
                                      (out / "_phone.html").as_uri(), cwd=out).communicate(timeout=180))
    finally:
        for path in out.glob(".profile-*"):
            shutil.rmtree(path, ignore_errors=True)
    assert [entry["src"] for entry in phone] == pages
    for entry in phone:
        assert entry["width"] <= 390 and len(entry["tables"]) == 1, entry
        pairs = entry["tables"][0]
        assert pairs["display"] == "block" and pairs["scroll"] <= pairs["box"], (entry["src"], pairs)
        assert all(lines == 1 for row in pairs["rows"] for _, _, lines in row[1:]), pairs   # each figure
        assert any(names[11] in label for row in pairs["rows"] for label, _, _ in row), pairs


def test_a_robber_knights_tie_is_on_points_in_the_games_own_word(built) -> None:
    """Robber Knights scores points, not VP: its tiebroken game said "tie on VP", and its
    chart was headed "VP after every turn". Its tiebreak, in ``score``'s words, says the tie
    once (the page said "tie on points, broken by: red and blue tie on 14 points; ...")."""
    out, site, _ = built
    game = next(g for g in site.games if g.path.endswith("end-2-players-tiebreak.toml"))
    page = (out / "games" / f"{game.slug}.html").read_text()
    assert "(tiebreak: red and blue tie on 14 points; most knights left decides (red 5, blue 3))" in page
    assert page.count("tie on") == 1
    assert "VP" not in page   # (scored from its end: no rounds to chart, tests/archive/test_site_end_record.py)
    logged = next(g for g in site.games if g.path.endswith("playout-2-players-tiebreak.toml"))
    page = (out / "games" / f"{logged.slug}.html").read_text()
    assert "<h2>points after every turn</h2>" in page and "VP" not in page
    assert "<title>points after every turn: " in (out / "games" / f"{logged.slug}-chart.svg").read_text()


def test_a_lost_solo_game_says_lost_not_rank_one(built) -> None:
    """The shipped solo game is lost (its duchy not filled): its page and its player's list of
    games gave Anna rank 1 of 1; they say "lost", as ``stats`` counts it."""
    out, site, _ = built
    game = next(g for g in site.games if g.path.endswith("complete-1p-2019-solo.toml"))
    page = (out / "games" / f"{game.slug}.html").read_text()
    assert "<td>rank</td>" not in page
    assert '<tr><td>solo game</td><td class="n">lost</td></tr>' in page
    player = (out / "players" / "anna.html").read_text()
    row = next(row for row in player.split("<tr>") if f"games/{game.slug}.html" in row)
    assert '<td class="n" data-label="total">210</td><td class="n" data-label="rank">lost</td>' in row


#: Per page of :func:`_frames_at`: how wide the page is, and each picture's drawn width, natural
#: width and the width of its box.
PHONE_MEASURE = """
const results = [...page.querySelectorAll("table.games")].map(table => {
  const column = [...table.rows[0].cells].findIndex(cell => cell.textContent === "result");
  return Math.min(...[...table.rows].slice(1).map(row => row.cells[column].getBoundingClientRect().width));
});
report.push({src: frame.getAttribute("src"), view: frame.dataset.view, width: page.documentElement.scrollWidth,
             results,
             pictures: [...page.querySelectorAll("img")].map(img => ({
               cls: img.className, drawn: img.getBoundingClientRect().width, natural: img.naturalWidth,
               current: img.currentSrc.split("/").pop(),
               box: img.closest("div.picture").clientWidth, link: img.closest("a").getAttribute("href")}))});
"""


def test_on_a_phone_a_board_shows_a_duchy_a_screen_and_the_desktop_is_as_before(cli, tmp_path) -> None:
    """At 390 pixels (a phone) a Castles board, 1008 pixels drawn, was shrunk to the screen's
    width: 35 %, its labels about 3 pixels high; then drawn two screens wide in a box scrolling
    sideways, a duchy's map on one screen and its panel on the next. Now a phone is given the
    board in one column (``<picture>``): each duchy with its panel under it, the depots after,
    at least the screen's width and never under its own size (its text as large as the
    desktop's); any other picture at least 560 pixels, in a box that scrolls sideways. Each
    links to the SVG (to open it full size and zoom). The page itself never gets wider than
    the screen, and at 1280 pixels every picture is the desktop's, at its own size, as before."""
    need_chromium()
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", folder / "castles.toml")
    shutil.copy(RECORDS / "robber-knights" / "playout-2-players.toml", folder / "knights.toml")
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-1p-2019-solo.toml", folder / "solo.toml")  # the widest duchy
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    pages = ["index.html", "games/castles.html", "games/knights.html", "games/solo.html"]
    assert "table.games" in (out / "style.css").read_text() and '<table class="games">' in (out / "index.html").read_text()
    (out / "_widths.html").write_text(frames(pages, PHONE_MEASURE, widths=(390, 1280), height=900))
    dom, log = chromium("--allow-file-access-from-files", "--virtual-time-budget=20000", "--dump-dom",
                        (out / "_widths.html").as_uri(), cwd=out).communicate(timeout=180)
    for path in out.glob(".profile-*"):
        shutil.rmtree(path, ignore_errors=True)
    report = read_report(dom, log)
    assert sorted((entry["view"], entry["src"]) for entry in report) == sorted(
        (str(w), p) for w in (390, 1280) for p in pages)
    for entry in report:
        view = int(entry["view"])
        assert entry["width"] <= view, entry          # the page never scrolls sideways as a whole
        # the list of games keeps its result readable: it was squeezed to a word a line (about
        # 40 pixels) at 390; on a phone each game is now a short list, its result a line of its own
        assert all(width >= 150 for width in entry["results"]), entry
        assert entry["pictures"], entry
        for picture in entry["pictures"]:
            assert picture["link"] and picture["natural"] > 0, picture
            if view == 1280:   # the desktop: at the picture's own size, in a box that needs no scrolling
                assert picture["drawn"] == pytest.approx(min(picture["natural"] + 2, picture["box"]), abs=1), picture
                assert not picture["current"].endswith("-phone.svg"), picture
            elif "column" in picture["cls"]:   # a Castles board on a phone: its one column (a chart: its phone form)
                assert picture["current"].endswith("-phone.svg") and picture["natural"] <= 400, picture
                assert picture["drawn"] == pytest.approx(max(picture["natural"] + 2, picture["box"]), abs=1), picture
            else:
                assert picture["drawn"] >= min(560, picture["natural"]), picture
    boards = [(e["view"], p["current"], p["link"]) for e in report for p in e["pictures"]
              if "column" in p["cls"] and "-board" in p["link"]]
    # a chart has its phone form too: as wide as the screen at least, never under its own size
    # (its text larger than the desktop's); it was the desktop's shrunk to 560 pixels, scrolling
    charts = [(e["view"], p) for e in report for p in e["pictures"] if p["link"].endswith("-chart.svg")]
    assert len(charts) == 2 * 3 and all("column" in p["cls"] for _, p in charts), charts
    for view, chart in charts:
        assert chart["current"].endswith("-chart-phone.svg" if view == "390" else "-chart.svg"), chart
        if view == "390":
            assert chart["natural"] + 2 <= chart["box"], chart   # no sideways scrolling
    ratings = [p for e in report if e["view"] == "390" for p in e["pictures"] if p["link"].startswith("ratings-")]
    assert ratings and all(p["current"].endswith("-phone.svg") for p in ratings), ratings
    assert sorted(boards) == [("1280", "castles-board.svg", "castles-board.svg"),
                              ("1280", "knights-board.svg", "knights-board.svg"),
                              ("1280", "solo-board.svg", "solo-board.svg"),
                              ("390", "castles-board-phone.svg", "castles-board.svg"),
                              ("390", "knights-board-phone.svg", "knights-board.svg"),
                              ("390", "solo-board-phone.svg", "solo-board.svg")]
    # a Robber Knights board's phone form (its map as wide as the screen, the players and key
    # under it in larger text; it was the 714-pixel desktop picture shrunk to 560) fits too
    knights = next(p for e in report if e["view"] == "390" for p in e["pictures"]
                   if p["current"] == "knights-board-phone.svg")
    assert knights["natural"] + 2 <= knights["box"], knights
    # the solo game's duchy of islands, the widest, fits the phone's page: no sideways scrolling
    solo = next(p for e in report if e["view"] == "390" for p in e["pictures"] if p["current"] == "solo-board-phone.svg")
    assert solo["natural"] + 2 <= solo["box"], solo


@pytest.mark.parametrize("entry", ["games", "index.html", "games/g.html", "style.css/", "players"])
def test_a_link_or_a_stranger_in_the_output_folder_is_refused_and_nothing_outside_is_touched(
        cli, tmp_path, entry) -> None:
    """A symbolic link in --out where the site writes (the ``games`` folder, a page) was
    followed: the page, or a whole folder of pages, was written into the folder or over the
    file it names, outside the output folder. Now the site refuses, before writing anything,
    a link, a folder where a page goes, or a file where a folder goes, and names it."""
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", folder / "g.toml")
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    (out / "games").mkdir(parents=True)
    elsewhere.mkdir()
    (elsewhere / "g.html").write_text("keep")
    name = entry.rstrip("/")
    target = out / name
    if target.is_dir():
        target.rmdir()
    if entry.endswith("/"):
        target.mkdir()                                     # a folder where a page goes
    elif entry == "players":
        target.write_text("a file where a folder goes")
    else:
        target.symlink_to(elsewhere if entry == "games" else elsewhere / "g.html")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    result = cli("site", str(folder), "--out", str(out))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{name} is " in result.stderr and "the site writes only its own files" in result.stderr
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before   # nothing written
    assert (elsewhere / "g.html").read_text() == "keep" and sorted(os.listdir(elsewhere)) == ["g.html"]


class _Tables(HTMLParser):
    """Each table of a page as (the h2 and h3 headings above it, its rows of cell texts)."""

    def __init__(self) -> None:
        super().__init__()
        self.headings = {"h2": "", "h3": ""}
        self.tables: list[tuple[tuple[str, str], list[list[str]]]] = []
        self.open: str | None = None   # a heading or cell being read
        self.text = ""

    def handle_starttag(self, tag, attrs) -> None:
        if tag == "table":
            self.tables.append(((self.headings["h2"], self.headings["h3"]), []))
        elif tag == "tr":
            self.tables[-1][1].append([])
        if tag in ("h2", "h3", "td", "th"):
            self.open, self.text = tag, ""
        if tag == "h2":
            self.headings["h3"] = ""

    def handle_data(self, data) -> None:
        if self.open:
            self.text += data

    def handle_endtag(self, tag) -> None:
        if tag != self.open:
            return
        if tag in ("h2", "h3"):
            self.headings[tag] = self.text.strip()
        else:
            self.tables[-1][1][-1].append(self.text.strip())
        self.open = None


def _section(tables, h2: str, h3: str) -> list[dict[str, str]]:
    """The rows of the table under headings ``h2`` and ``h3``, as dicts by column heading."""
    rows = next(rows for (a, b), rows in tables if (a, b) == (h2, h3))
    return [dict(zip(rows[0], row)) for row in rows[1:]]


def test_the_sites_figures_are_stats_figures_solo_and_team_games_apart(club, built, cli, tmp_path) -> None:
    """The site mixed the solo game into the standings nowhere and showed the team game only
    as a list of winners; ``stats`` has a section for each (a solo game won or lost against its
    target, a team game won by a team). Every figure of the index's tables -- standings,
    ratings, solo games, team games and their ratings -- is now the one ``stats --ratings
    --json`` gives over the same folder, as ``stats`` prints it (win % whole, averages one
    decimal, the average rank too, ratings two)."""
    out, site, _ = built
    result = cli("stats", str(club), "--db", str(tmp_path / "s.db"), "--ratings", "--json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    parser = _Tables()
    parser.feed((out / "index.html").read_text())
    tables = parser.tables
    for kind, heading in (("castles-of-burgundy", "The Castles of Burgundy"), ("robber-knights", "Robber Knights")):
        group = next(g for g in stats["standings"] if g["game"] == kind)
        assert _section(tables, heading, "Standings") == [
            {"player": p["name"], "played": str(p["played"]), "wins": f"{p['wins']:g}",
             "win %": f"{100 * p['win_rate']:.0f}%", "average": f"{p['average']:.1f}", "best": str(p["best"]),
             "average rank": f"{p['average_rank']:.1f}"} for p in group["players"]]
        assert _section(tables, heading, "Ratings") == [
            {"player": r["name"], "rating": f"{r['rating']:.2f}", "mu": f"{r['mu']:.2f}",
             "sigma": f"{r['sigma']:.2f}", "games rated": str(r["played"])} for r in stats["ratings"][kind]]
    castles = "castles-of-burgundy"
    assert stats["solo"][castles] and stats["teams"][castles] and stats["team_ratings"][castles]
    assert _section(tables, "The Castles of Burgundy", "Solo games") == [
        {"player": r["name"], "played": str(r["played"]), "won": str(r["won"]), "lost": str(r["lost"]),
         "win %": f"{100 * r['win_rate']:.0f}%", "average": f"{r['average']:.1f}", "best": str(r["best"])}
        for r in stats["solo"][castles]]
    assert _section(tables, "The Castles of Burgundy", "Team games") == [
        {"team": r["team"], "played": str(r["played"]), "won": str(r["won"]), "lost": str(r["lost"]),
         "win %": f"{100 * r['win_rate']:.0f}%", "average": f"{r['average']:.1f}", "best": str(r["best"])}
        for r in stats["teams"][castles]]
    assert _section(tables, "The Castles of Burgundy", "Team games ratings") == [
        {"player": r["name"], "rating": f"{r['rating']:.2f}", "mu": f"{r['mu']:.2f}",
         "sigma": f"{r['sigma']:.2f}", "games rated": str(r["played"])} for r in stats["team_ratings"][castles]]
    # the solo player's page has their solo row; a team member's page their team and rating
    solo = stats["solo"][castles][0]
    player = _Tables()
    player.feed((out / "players" / f"{site.players[solo['name'].casefold()]}.html").read_text())
    assert _section(player.tables, "The Castles of Burgundy", "Solo games")[0]["won"] == str(solo["won"])
    team = stats["teams"][castles][0]
    member = _Tables()
    member.feed((out / "players" / f"{site.players[team['members'][0].casefold()]}.html").read_text())
    assert [row["team"] for row in _section(member.tables, "The Castles of Burgundy", "Team games")] == [team["team"]]


def test_a_team_games_page_says_the_winning_team_and_each_players_team(built) -> None:
    """The shipped team game (team A, Dario + Ben, 357 VP against team B's 351): its page said
    "won by Dario, Ben" over a score table in seat order. It says now the team that won, the
    players team by team with their team's letter, and each team's total."""
    out, site, _ = built
    game = next(g for g in site.games if g.path.endswith("complete-4p-2019-team.toml"))
    page = (out / "games" / f"{game.slug}.html").read_text()
    assert ('won by team A (<a href="../players/dario.html">Dario</a> + <a href="../players/ben.html">Ben</a>)'
            in page)
    parser = _Tables()
    parser.feed(page)
    score = next(rows for (h2, _), rows in parser.tables if h2 == "Score")
    by_row = {row[0]: row[1:] for row in score}
    assert score[0][1:] == ["Dario", "Ben", "Cara", "Anna"]
    assert by_row["team"] == ["A", "A", "B", "B"]
    assert by_row["team total"] == ["357", "357", "351", "351"]
    assert by_row["total"] == ["183", "174", "226", "125"]   # score --json's totals


def _scores(date: str | None, first: str, second: str, number: int) -> str:
    """A result-only record of two players, ``first`` ahead, dated ``date`` (TOML text) if given."""
    return "\n".join(['[game]', 'name = "castles-of-burgundy"', 'edition = "2019"',
                      f'players = ["{first}", "{second}"]', *([f"date = {date}"] if date else []), "",
                      "[final]", f"[final.scores.{first}]", f"total = {170 + number}",
                      f"[final.scores.{second}]", f"total = {150 + number}", ""])


def test_undated_games_come_after_the_dated_ones_in_stats_ratings_and_the_site(cli, tmp_path) -> None:
    """One rule for where an undated game stands (core.words.date_order): the dated games by
    date, then every undated one -- no date, or a date in free text ("spring 2025", which no
    calendar places) -- by its file's path. The ratings took the games with no date first and
    those with a free-text date last (compared as text, "spring 2025" came after every ISO
    date), while a player's name came from their first dated game, the free-text ones counted
    as dated. Now ``stats``' ratings, the site's ratings and its chart's order, and the name a
    player is shown by, all follow the one rule."""
    from burgundy_cli.archive.stats import Ratings, game_of_score
    from burgundy_cli.core.bulk import score_one

    folder = tmp_path / "club"
    folder.mkdir()
    games = {"dated.toml": _scores("2025-01-01", "Anna", "Ben", 0),
             "free-text.toml": _scores('"spring 2025"', "BEN", "anna", 1),
             "undated.toml": _scores(None, "Cara", "ben", 2),
             "later.toml": _scores("2025-06-01", "ben", "Cara", 3)}
    for name, text in games.items():
        (folder / name).write_text(text)
    scored = {name: score_one(str(folder / name), starts=True) for name in games}
    undated = ["free-text.toml", "undated.toml"]   # (by path)
    order = ["dated.toml", "later.toml", *undated]
    expected = Ratings()
    for name in order:
        expected.add(game_of_score(scored[name]))
    stats = json.loads(cli("stats", str(folder), "--db", str(tmp_path / "s.db"), "--ratings", "--json").stdout)
    assert stats["ratings"] == expected.to_json()
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    parser = _Tables()
    parser.feed((out / "index.html").read_text())
    assert [row["rating"] for row in _section(parser.tables, "The Castles of Burgundy", "Ratings")] == [
        f"{row['rating']:.2f}" for row in expected.to_json()["castles-of-burgundy"]]
    chart = (out / "ratings-castles-of-burgundy.svg").read_text()
    # the undated after the dated: a free-text date by its text, no date by its place ("game 4")
    labels = [chart.index(f">{label}<") for label in ("2025-01-01", "2025-06-01", "spring 2025", "game 4")]
    assert labels == sorted(labels)
    # Ben is "Ben" (the dated game's spelling) everywhere, never the free-text game's "BEN"
    assert {p["name"] for p in stats["standings"][0]["players"]} == {"Anna", "Ben", "Cara"}
    assert {row["player"] for row in _section(parser.tables, "The Castles of Burgundy", "Standings")} == {
        "Anna", "Ben", "Cara"}
    assert "<title>Ben</title>" in (out / "players" / "ben.html").read_text()
    # the games list: the dated games newest first, then the undated ones at the foot
    games_list = _section(parser.tables, "Games", "")
    assert [row["date"] for row in games_list][:2] == ["2025-06-01", "2025-01-01"]


def test_the_games_list_shows_the_newest_dated_game_first_and_the_undated_at_the_foot(cli, tmp_path) -> None:
    """A club's results page opens on its latest league night. The list of games was the date
    order reversed, and the undated games (old score pads typed in later, last in the date
    order) stood above every dated game: eleven "undated" rows before last week's results.
    Now the dated games come newest first, two on one day by the date order's tie (the files'
    paths) reversed, then the undated ones, on the index and on a player's page alike."""
    folder = tmp_path / "club"
    folder.mkdir()
    games = {"old-pad.toml": _scores(None, "Anna", "Ben", 0), "first.toml": _scores("2025-01-01", "Ben", "Anna", 1),
             "spring.toml": _scores('"spring 2024"', "Anna", "Ben", 2),
             "night-a.toml": _scores("2025-02-01", "Anna", "Ben", 3),
             "night-b.toml": _scores("2025-02-01", "Ben", "Anna", 4)}
    for name, text in games.items():
        (folder / name).write_text(text)
    same_day = ["night-b.toml", "night-a.toml"]   # (the evening's last game first)
    undated = ["old-pad.toml", "spring.toml"]     # (by path)
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    for page in (out / "index.html", out / "players" / "anna.html"):
        text = page.read_text()
        listed = [text.index(f'games/{name.removesuffix(".toml")}.html"') for name in
                  [*same_day, "first.toml", *undated]]
        assert listed == sorted(listed), page.name


def test_an_end_told_without_its_map_is_a_game_with_its_scores_only(cli, tmp_path) -> None:
    """A Robber Knights end told by the buildings each player's knight is on top of (``[end]
    control``, no map), which ``score`` and ``stats`` accept: the site tried to draw its map,
    named it "a record that failed to verify", left it out of every table and ended with exit
    1. Now it is a game like a result-only one: its score table and no picture."""
    folder = tmp_path / "club"
    folder.mkdir()
    made = cli("new", str(folder / "end.toml"), "--end", "--game", "robber-knights", "--players", "red,blue",
               "--control", "red=8 castles 3 villages,blue=6 castles 1 village 2 towns", "--knights", "red=5,blue=3",
               "--date", "2025-02-02")
    assert made.exit_code == 0, made.output
    result = cli("site", str(folder), "--out", str(tmp_path / "site"))
    assert result.exit_code == 0 and "failed" not in result.output, result.output
    page = (tmp_path / "site" / "games" / "end.html").read_text()
    assert "the scores only, no map to draw" in page and "<img" not in page
    parser = _Tables()
    parser.feed(page)
    score = {row[0]: row[1:] for row in next(rows for (h2, _), rows in parser.tables if h2 == "Score")}
    assert score["total"] == ["14", "14"] and score["rank"] == ["1", "2"]   # score's: red wins on knights left
    assert stats_played(cli, folder, "red") == 1   # stats counts it too
    index = (tmp_path / "site" / "index.html").read_text()
    assert "1 game from club" in index and "not counted" not in index


def test_the_notes_say_solo_and_team_games_apart_only_where_there_are_some(built) -> None:
    """The standings' note said "(solo and team games apart, below)" under Robber Knights too,
    which has neither; and a result-only game's page said twice that it has no moves."""
    out, site, _ = built
    index = (out / "index.html").read_text()
    castles, knights = index.split("<h2>Robber Knights</h2>")
    assert "(solo and team games apart, below)" in castles
    assert "solo and team games apart" not in knights.split("<h2>Games</h2>")[0]
    game = next(g for g in site.games if g.path.startswith("result-only-"))
    page = (out / "games" / f"{game.slug}.html").read_text()
    assert page.count("no moves") == 1 and "result-only record: final scores entered after the game" in page


def test_players_of_the_same_rating_share_its_place(built) -> None:
    """Dario and Ben, team-mates rated together, have the same team games rating; Dario's
    page said "place 2 of 4", Ben's "place 1 of 4". Players rated alike share a place."""
    out, site, _ = built
    pages = {name: (out / "players" / f"{site.players[name]}.html").read_text() for name in ("ben", "dario")}
    for name, page in pages.items():
        assert "<h3>Team games rating (place 1 of 4)</h3>" in page, name


#: Per page: each table of figures (its first heading "player" or "team"): its width, its
#: box's, the tallest heading's height and a body cell's, and the headings as drawn.
FIGURES_MEASURE = """
const tables = [...page.querySelectorAll("table")].filter(t => ["player", "team"].includes(t.rows[0].cells[0].textContent));
report.push({src: frame.getAttribute("src"), view: frame.dataset.view, width: page.documentElement.scrollWidth,
             tables: tables.map(table => ({
               width: table.getBoundingClientRect().width, box: table.parentElement.clientWidth,
               head: Math.max(...[...table.rows[0].cells].map(c => c.getBoundingClientRect().height)),
               cell: table.rows[1].cells[1].getBoundingClientRect().height,
               shown: [...table.rows[0].querySelectorAll("span[data-short]")].map(span =>
                 getComputedStyle(span).fontSize === "0px" ? getComputedStyle(span, "::after").content : span.textContent)}))});
"""


def measured_in_frames(out, name: str, pages: list[str], measure: str,
                       widths: tuple[int, ...] = (390, 1280)) -> list[dict]:
    """``pages`` of the site in ``out`` measured by the script ``measure`` in frames of
    ``widths`` pixels, through a harness page ``name`` that is removed after (the site the
    module's other tests read is the one ``build`` wrote): the report, an entry a frame."""
    harness = out / name
    harness.write_text(frames(pages, measure, widths=widths, height=900))
    try:
        dom, log = chromium("--allow-file-access-from-files", "--virtual-time-budget=20000", "--dump-dom",
                            harness.as_uri(), cwd=out).communicate(timeout=180)
    finally:
        harness.unlink(missing_ok=True)
        for path in out.glob(".profile-*"):
            shutil.rmtree(path, ignore_errors=True)
    return read_report(dom, log)


def test_on_a_phone_the_tables_of_figures_fit_the_screen_their_headings_short(built) -> None:
    """At 390 pixels the index's standings ran off the screen (its "best" column cut) and
    "win %", "average rank" and "games rated" took two lines each. On a phone the tables of
    figures now have tighter cells and short headings ("W%", "rank", "games"; the long one
    is the cell's text and its title): each fits its box, every heading on one line. At 1280
    pixels the headings are the long ones, as before."""
    need_chromium()
    out, site, _ = built
    pages = ["index.html", "players/anna.html"]
    report = measured_in_frames(out, "_figures.html", pages, FIGURES_MEASURE)
    assert len(report) == 4
    for entry in report:
        assert entry["width"] <= int(entry["view"]), entry
        assert len(entry["tables"]) >= 3, entry
        for table in entry["tables"]:
            assert table["width"] <= table["box"] + 0.5, (entry["src"], entry["view"], table)
            assert table["head"] <= table["cell"] * 1.3, (entry["src"], entry["view"], table)  # one line
            if entry["view"] == "1280":
                assert "win %" in table["shown"] or "games rated" in table["shown"], table
            else:
                assert not {"win %", "games rated", "average rank"} & set(table["shown"]), table
    standings = next(t for e in report if e["view"] == "390" and e["src"] == "index.html" for t in e["tables"])
    assert standings["shown"] == ['"P"', '"W"', '"W%"', '"avg"', '"rank"'], standings


def test_on_a_phone_a_name_of_40_letters_wraps_in_the_tables_of_figures(cli, tmp_path) -> None:
    """At 390 pixels a 40-letter player name without a space kept the standings' first column
    as wide as the name: the table scrolled sideways inside its box, its figures off the
    screen. The name now breaks inside itself, as the head-to-head list's names do
    (``overflow-wrap``), and every table of figures fits its box on the index and on the
    player's own page."""
    need_chromium()
    names, out = _club_of_long_names(cli, tmp_path)
    pages = ["index.html", "players/" + names[11].lower() + ".html"]
    assert (out / pages[1]).exists(), sorted(p.name for p in (out / "players").iterdir())
    (out / "_figures.html").write_text(frames(pages, FIGURES_MEASURE, widths=(390,), height=900))
    try:
        report = read_report(*chromium("--allow-file-access-from-files", "--virtual-time-budget=20000",
                                       "--dump-dom", (out / "_figures.html").as_uri(), cwd=out).communicate(timeout=180))
    finally:
        for path in out.glob(".profile-*"):
            shutil.rmtree(path, ignore_errors=True)
    assert [entry["src"] for entry in report] == pages
    for entry in report:
        assert entry["width"] <= 390 and entry["tables"], entry
        for table in entry["tables"]:
            assert table["width"] <= table["box"] + 0.5, (entry["src"], table)


#: Per page: each head-to-head table (``table.pairs``) as drawn: whether its box scrolls, its
#: header row's and its own display, and each body row's cells left visible, as (the label a
#: phone draws before the figure, the figure, whether the figure took more than one line).
PAIRS_MEASURE = """
const shown = cell => getComputedStyle(cell).display !== "none";
report.push({src: frame.getAttribute("src"), view: frame.dataset.view, width: page.documentElement.scrollWidth,
             notes: [...page.querySelectorAll("p.note span")].filter(shown).map(span => span.className),
             tables: [...page.querySelectorAll("table.pairs")].map(table => ({
               display: getComputedStyle(table).display, head: getComputedStyle(table.rows[0]).display,
               box: table.parentElement.clientWidth, scroll: table.parentElement.scrollWidth,
               heads: [...table.rows[0].cells].map(cell => cell.textContent),
               rows: [...table.rows].slice(1).map(row => [...row.cells].filter(shown).map(cell => {
                 const range = page.createRange();
                 range.selectNodeContents(cell);
                 const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size;
                 return [getComputedStyle(cell, "::before").content.replace(/\\s+"$/, '"'), cell.textContent, lines];
               }))}))});
"""


def test_on_a_phone_the_head_to_head_is_a_list_that_fits_and_the_desktop_keeps_its_table(built) -> None:
    """At 390 pixels the index's head-to-head tables scrolled sideways: a column per player,
    five of them for The Castles of Burgundy and eight for Robber Knights, twice the screen's
    width. On a phone each is now a list: every player on a line of their own, under it each
    opponent met with the figure ("Ben  11–11"), the figure on one line; the same figures as
    the desktop's table, whose cells against themselves or an opponent never met are left
    out, and the note says "under each player". At 1280 pixels the table and its note are as
    before: a header row, a column per opponent."""
    need_chromium()
    out, _, _ = built
    pages = ["index.html", "players/anna.html", "players/red.html"]
    report = {(entry["view"], entry["src"]): entry
              for entry in measured_in_frames(out, "_pairs.html", pages, PAIRS_MEASURE)}
    assert sorted(report) == sorted((str(w), p) for w in (390, 1280) for p in pages)
    assert len(report["1280", "index.html"]["tables"]) == 2 and len(report["1280", "index.html"]["tables"][1]["heads"]) >= 9
    for page in pages:
        desk, phone = report["1280", page], report["390", page]
        assert desk["width"] <= 1280 and phone["width"] <= 390, (desk, phone)
        if page == "index.html":
            assert desk["notes"] == ["wide"] * 2 and phone["notes"] == ["narrow"] * 2   # a game each
        assert desk["tables"] and len(desk["tables"]) == len(phone["tables"]), page
        for wide, narrow in zip(desk["tables"], phone["tables"]):
            assert (wide["display"], wide["head"]) == ("table", "table-row"), wide       # the desktop: a table
            assert all(len(row) == len(wide["heads"]) for row in wide["rows"]), wide
            assert (narrow["display"], narrow["head"]) == ("block", "none"), narrow      # the phone: a list
            assert narrow["scroll"] <= narrow["box"], (page, narrow)                      # no sideways scrolling
            for desk_row, phone_row in zip(wide["rows"], narrow["rows"], strict=True):
                player, *figures = desk_row
                met = [(f'"{name}"', figure) for name, (_, figure, _) in zip(wide["heads"][1:], figures)
                       if figure not in ("", "–")]
                assert phone_row[0][:2] == ["none", player[1]], phone_row                  # the player, then
                assert [(label, figure) for label, figure, _ in phone_row[1:]] == met, phone_row  # each opponent met
                assert all(lines == 1 for _, _, lines in phone_row[1:]), phone_row   # each figure on one line


#: Per page: every picture's or table's box that scrolls sideways (its picture, or the table's
#: first words, and how much wider it is), and how wide the page is.
SCROLL_MEASURE = """
report.push({src: frame.getAttribute("src"), view: frame.dataset.view, width: page.documentElement.scrollWidth,
             scrolling: [...page.querySelectorAll("div.picture, div.table")].filter(box => box.scrollWidth > box.clientWidth)
               .map(box => [box.querySelector("img") ? box.querySelector("img").currentSrc.split("/").pop()
                              : box.innerText.slice(0, 30), box.scrollWidth - box.clientWidth])});
"""


def test_no_picture_or_table_scrolls_sideways_on_a_phone_or_a_desktop(built) -> None:
    """The ratings chart's phone form (356 pixels, drawn no smaller than that) scrolled sideways
    under the chart on a phone whose page is narrower than 358 pixels: a 360-pixel phone, or a
    390-pixel screen less its scroll bar. The team game's one-column board, 494 pixels, scrolled
    on every phone; and on a desktop a Robber Knights chart as wide as the page scrolled by its
    two pixels of border. Now every phone form is drawn as wide as its box (scaled down a little
    on the narrowest screens) and the team board fits a phone, so no picture's box scrolls, at
    360, 390 or 1280 pixels. Nor does a table's: a four-player game's score table scrolled by 28
    pixels at 360, its headings ("area-phase-bonus") kept on one line; they wrap on a phone."""
    need_chromium()
    out, _, _ = built
    pages = ["index.html", "players/anna.html",
             *(str(p.relative_to(out)) for p in sorted(out.glob("games/*.html"))
               if re.search(r"4p-2019-team|1p-2019-solo|complete-2p-2011|robber-knights-playout-4-players\.", p.name))]
    assert len(pages) == 6, pages
    report = measured_in_frames(out, "_scroll.html", pages, SCROLL_MEASURE, widths=(360, 390, 1280))
    assert len(report) == 3 * len(pages)
    assert [(e["view"], e["src"], e["width"], e["scrolling"]) for e in report
            if e["scrolling"] or e["width"] > int(e["view"])] == []


def test_every_picture_says_what_it_shows_in_its_alt_text(built) -> None:
    """A ratings chart's alt text was "ratings over time, castles-of-burgundy" on the index (the
    game's file name, not its name) and "rating over time" on a player's page (neither the
    player nor the game), where the chart's own title says "Anna: rating over time (The
    Castles of Burgundy)". Every picture's alt text now names what it shows: a ratings chart's
    is its title, a game's board and chart name the game's title."""
    import html

    out, _, _ = built
    seen = 0
    for page in [out / "index.html", *sorted(out.glob("players/*.html")), *sorted(out.glob("games/*.html"))]:
        for src, alt in re.findall(r'<img class="[^"]*" src="([^"]+)" alt="([^"]*)">', page.read_text()):
            title = re.search(r"<title>(.*?)</title>", (page.parent / html.unescape(src)).read_text()).group(1)
            if "ratings-" in src:
                assert html.unescape(alt) == html.unescape(title), (page.name, src, alt)
            else:   # (a game's page, titled as the game is)
                heading = re.search(r"<title>(.*?)</title>", page.read_text()).group(1)
                assert html.unescape(alt).endswith(": " + html.unescape(heading)), (page.name, src, alt)
            seen += 1
    assert seen > 100


#: Per page: each list of games' box (its width and how far it scrolls), whether its heading row
#: shows, and the first game's lines as drawn (the text of each line, top to bottom).
GAMES_MEASURE = """
const lines = row => { const tops = new Map();
  for (const cell of row.cells) { const box = cell.getBoundingClientRect();
    if (box.height === 0) continue;
    const top = Math.round(box.top); tops.set(top, [...(tops.get(top) || []), cell.innerText.trim()]); }
  return [...tops.entries()].sort((a, b) => a[0] - b[0]).map(([, cells]) => cells); };
report.push({src: frame.getAttribute("src"), view: frame.dataset.view, width: page.documentElement.scrollWidth,
             games: [...page.querySelectorAll("table.games")].map(table => ({
               box: table.parentElement.clientWidth, scroll: table.parentElement.scrollWidth,
               head: table.rows[0].getBoundingClientRect().height > 0,
               first: lines(table.rows[1]),
               before: getComputedStyle(table.rows[1].querySelector('td[data-label="players"]'), "::before").content}))});
"""


def test_on_a_phone_the_list_of_games_is_a_list_that_fits_and_the_desktop_keeps_its_table(built) -> None:
    """At 390 pixels the list of games, a table kept 640 pixels wide, scrolled sideways on the
    index and on every player's page (its players, result, total and rank off the screen). On
    a phone each game is now a short list: its date (the link to its page), place and game on
    one line, then its players, its result, and on a player's page their total and rank, each
    after its heading; no box scrolls. At 1280 pixels it is the table it was."""
    need_chromium()
    out, _, _ = built
    report = {(e["view"], e["src"]): e for e in measured_in_frames(
        out, "_games.html", ["index.html", "players/anna.html"], GAMES_MEASURE)}
    for page in ("index.html", "players/anna.html"):
        desk, phone = report["1280", page], report["390", page]
        assert len(desk["games"]) == len(phone["games"]) == 1, (desk, phone)
        wide, narrow = desk["games"][0], phone["games"][0]
        assert wide["head"] and len(wide["first"]) == 1, wide                 # one row of cells, under its headings
        assert narrow["scroll"] <= narrow["box"] and phone["width"] <= 390, narrow
        assert not narrow["head"] and narrow["before"].startswith('"players'), narrow   # (its heading, before it)
        first, *rest = narrow["first"]   # date and game on a line, then players, result (total and rank)
        # (the newest dated game first: the undated ones are at the foot of the list)
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", first[0]) and first[-1] in ("The Castles of Burgundy", "Robber Knights"), narrow
        # (the newest game is one in progress: a total and no rank on a player's page)
        assert rest[1][0].startswith(("won by", "in progress")), narrow
        ranked = 1 + (not rest[1][0].startswith("in progress"))
        assert [len(line) for line in rest] == ([1, 1, ranked] if page.startswith("players/") else [1, 1]), narrow


def test_a_second_build_removes_the_pages_of_a_record_or_player_gone_and_nothing_else(cli, tmp_path) -> None:
    """A club removes a record (a game struck out) and mends a misspelt name, then builds the
    site again into the folder it copies to its web host. The removed game's page and the
    misspelt player's page stayed there, still showing the struck-out result. Now a build
    removes the files the last build wrote (listed in ``.burgundy-site``) that it no longer
    writes, and says so; a file of the user's own in the folder, and a folder built before the
    list was kept, lose nothing."""
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "night.toml").write_text(_scores("2025-01-01", "Anna", "Ben", 0))
    (folder / "struck.toml").write_text(_scores("2025-01-02", "Anna", "Bne", 1))
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    (out / "games" / "mine.html").write_text("the club's own page")   # (not the site's: kept)
    (folder / "struck.toml").unlink()
    (folder / "mended.toml").write_text(_scores("2025-01-02", "Anna", "Ben", 1))
    again = cli("site", str(folder), "--out", str(out))
    assert again.exit_code == 0
    assert not (out / "games" / "struck.html").exists() and not (out / "players" / "bne.html").exists()
    assert (out / "games" / "mended.html").exists() and (out / "games" / "mine.html").read_text() == "the club's own page"
    assert "removed 4 files of the last build" in again.output   # (the two pages, Bne's ratings charts)
    assert "games/struck.html, players/bne.html, 2 pictures" in again.output
    listed = (out / ".burgundy-site").read_text().splitlines()
    assert "games/mended.html" in listed and "games/struck.html" not in listed and "games/mine.html" not in listed
    # a folder with no list of what was written (built before it was kept): nothing removed
    (out / ".burgundy-site").unlink()
    (folder / "mended.toml").unlink()
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    assert (out / "games" / "mended.html").exists()
