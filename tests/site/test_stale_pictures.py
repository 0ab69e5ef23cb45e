"""What a second build of the site says of the files of the last build it removed.

A club keeps a logged game, then replaces its record with the score pad alone (a result-only
record: no board, no chart). The next build removes the game's board and chart, which no
longer apply, and said they were "of a record or player no longer in" the folder, of a
record that was still there, its page written again. Now such pictures are said apart."""

from __future__ import annotations

import shutil

from burgundy_cli.archive.site import removed_words
from tests.conftest import RECORDS

PAD = """[game]
name = "castles-of-burgundy"
edition = "2011"
players = ["Anna", "Ben"]

[final.scores.Anna]
total = 119

[final.scores.Ben]
total = 129
"""


def test_a_chart_no_longer_drawn_is_not_said_to_be_of_a_record_gone(cli, tmp_path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", folder / "night.toml")
    out = tmp_path / "site"
    assert cli("site", str(folder), "--out", str(out)).exit_code == 0
    assert (out / "games" / "night-chart.svg").exists()
    (folder / "night.toml").write_text(PAD)
    again = cli("site", str(folder), "--out", str(out))
    assert again.exit_code == 0 and (out / "games" / "night.html").exists()
    assert not (out / "games" / "night-chart.svg").exists() and not (out / "games" / "night-board.svg").exists()
    said = [line for line in again.stderr.splitlines() if line.startswith("removed")]
    assert said == ["removed 4 files of the last build, 4 pictures no longer drawn for a page still written: "
                    "games/night-board-phone.svg, games/night-board.svg, games/night-chart-phone.svg, "
                    "games/night-chart.svg"]
    assert "no longer in" not in again.stderr


def test_a_record_gone_and_a_chart_dropped_are_said_each_in_its_words() -> None:
    written = ["index.html", "games/kept.html", "players/anna.html", "players/ben.html"]
    removed = ["games/gone.html", "games/gone-board.svg", "games/gone-chart.svg", "games/kept-chart.svg",
               "players/bne.html", "players/bne-ratings-robber-knights.svg",
               "players/ben-ratings-robber-knights.svg", "ratings-robber-knights.svg"]
    assert removed_words(removed, written, "club") == (
        "removed 8 files of the last build, of a record or player no longer in club: games/gone.html, "
        "players/bne.html, 3 pictures; 3 pictures no longer drawn for a page still written: "
        "games/kept-chart.svg, players/ben-ratings-robber-knights.svg, ratings-robber-knights.svg")
    # only pages and pictures of records gone: the words as before
    assert removed_words(removed[:3], written, "club") == (
        "removed 3 files of the last build, of a record or player no longer in club: games/gone.html, 2 pictures")
