"""The CSV names a player as ``stats``, the site and the BG Stats export do: as their first
game in the date order spells them (docs/export.md, "One player, one id"), so a spreadsheet's
pivot table counts one player, not "Eve" and "eve" apart. The ``file`` column still says
which record each row is from."""

from __future__ import annotations

import csv
import io


def test_csv_names_a_player_as_their_first_game_spells_them(cli, tmp_path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    for name, players, scores, date in [("r1", "Eve,Finn", "Eve=150,Finn=120", "2026-12-05"),
                                        ("r2", "eve,Finn", "eve=110,Finn=130", "2026-12-06")]:
        made = cli("new", str(folder / f"{name}.toml"), "--result", "-g", "castles-of-burgundy", "-e", "2019",
                   "-p", players, "--scores", scores, "--date", date)
        assert made.exit_code == 0, made.output
    result = cli("export", "csv", str(folder))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert sorted((row["file"].rsplit("/", 1)[-1], row["player"], row["score"]) for row in rows) == [
        ("r1.toml", "Eve", "150"), ("r1.toml", "Finn", "120"), ("r2.toml", "Eve", "110"), ("r2.toml", "Finn", "130")]
