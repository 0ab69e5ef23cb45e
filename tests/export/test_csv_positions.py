"""``export csv`` leaves out a record that starts from a ``[position]`` (docs/export.md, "CSV"):
a rulebook example is no game played, as ``stats`` and ``export bgstats`` treat it. Before,
the shipped examples were rows among the club's games (``rulebook-tile-15.toml``: Dario
"winner" of a complete game, Carla 0), and a spreadsheet's count of wins took them in."""

from __future__ import annotations

import csv
import io

from tests.conftest import RECORDS


def test_position_records_have_no_row_and_are_said_left_out(cli) -> None:
    result = cli("export", "csv", str(RECORDS))
    assert result.exit_code == 0, result.stderr
    files = {row[0] for part in result.stdout.rstrip("\n").split("\n\n")
             for row in list(csv.reader(io.StringIO(part)))[1:]}
    positions = {str(path.relative_to(RECORDS.parent)) for path in RECORDS.rglob("*.toml")
                 if "\n[position" in path.read_text(encoding="utf-8")}
    assert len(positions) == 16
    assert not files & {f"{RECORDS}/{name.partition('/')[2]}" for name in positions} and files
    assert not any("rulebook-" in name or "/example-" in name for name in files)
    assert "16 position records (rulebook examples) left out: no games played" in result.stderr
    # every game played is there: a logged one, one in progress, one scored from its end
    assert any(name.endswith("complete-2p-2011.toml") for name in files)
    assert any(name.endswith("opening-3p-2019.toml") for name in files)
    assert any(name.endswith("end-2-players-tiebreak.toml") for name in files)


def test_a_folder_of_games_only_says_nothing_left_out(cli) -> None:
    result = cli("export", "csv", str(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"))
    assert result.exit_code == 0 and "left out" not in result.stderr
