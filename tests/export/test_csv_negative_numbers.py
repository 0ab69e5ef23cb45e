"""A negative figure in ``stats --csv`` (a rating below 0: a new player's, or one who lost
their first games) is a number to a spreadsheet, not a formula: it is written ``-2.8``, not
``'-2.8`` (which a spreadsheet shows as text, apostrophe and all, and cannot sort or sum).
Text that a spreadsheet would run as a formula is still neutralised (core/csvrows.py)."""

from __future__ import annotations

import csv
import io

from burgundy_cli.core.csvrows import cell


def test_a_plain_number_written_as_text_is_left_as_it_is() -> None:
    assert [cell(text) for text in ("-2.8", "-5", "-0.5", "12.0")] == ["-2.8", "-5", "-0.5", "12.0"]
    assert [cell(text) for text in ("-2+3", "=1+1", "-A1", "@SUM(A1)", "- 2", "-2.8e3", "-")] == \
        ["'-2+3", "'=1+1", "'-A1", "'@SUM(A1)", "'- 2", "'-2.8e3", "'-"]


def test_negative_ratings_in_stats_csv_are_numbers(tmp_path, cli) -> None:
    for index, scores in enumerate(("Anna=150,Ben=140", "Anna=120,Ben=110", "Anna=130,Ben=100")):
        assert cli("new", str(tmp_path / f"g{index}.toml"), "--result", "--game", "castles-of-burgundy",
                   "--players", "Anna,Ben", "--scores", scores, "--date", f"2026-12-0{index + 1}").exit_code == 0
    out = cli("stats", str(tmp_path), "--csv", "--ratings").stdout
    block = next(b for b in out.split("\n\n") if "rating" in b.splitlines()[0])
    rows = list(csv.DictReader(io.StringIO(block)))
    ben = next(row for row in rows if row["player"] == "Ben")
    assert float(ben["rating"]) < 0 and not ben["rating"].startswith("'")
