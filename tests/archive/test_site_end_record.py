"""The site's page of a Castles game scored from its end (``burgundy new --end``): the
position at the end is drawn, and no "VP after every round" chart. Such a record has no
rounds; its chart had two points, "start" at the VP track as play ended (Ben 44, as if he had
begun the game with them) and "final", under the heading "VP after every round"."""

from __future__ import annotations

import shutil

from burgundy_cli.archive.site import build
from tests.conftest import RECORDS


def test_an_end_record_has_its_board_and_no_round_chart(tmp_path) -> None:
    club = tmp_path / "club"
    club.mkdir()
    shutil.copy(RECORDS / "castles-of-burgundy" / "end-2p-2011-tie.toml", club / "end.toml")
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", club / "logged.toml")
    out = tmp_path / "site"
    _, written = build(str(club), str(out), jobs=1)
    page = (out / "games" / "end.html").read_text()
    assert "The position at the end" in page and "end-board.svg" in page
    assert "VP after every round" not in page and "end-chart" not in page
    assert "A game scored from the end of the game: no rounds to chart." in page
    assert "games/end-chart.svg" not in written and "games/end-board.svg" in written
    logged = (out / "games" / "logged.html").read_text()   # (a logged game keeps its chart)
    assert "VP after every round" in logged and "games/logged-chart.svg" in written
