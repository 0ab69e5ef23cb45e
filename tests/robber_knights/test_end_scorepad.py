"""A Robber Knights game of 3 scored from its end as the table types it (``new --end``),
worked out by hand from the rulebook, and a misspelt building told its near miss."""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record

END = dict(game="robber-knights", players="red,blue,yellow", end=True, date="2026-12-07",
           control="red=8 castles 3 villages,blue=6 castles 1 village 2 towns,yellow=5 c 2 v 2 t",
           knights="red=5,blue=3,yellow=9")


def test_hand_worked_three_players_with_a_tie_for_second(tmp_path) -> None:
    """Rulebook, 'The end of the game and scoring': the knight on top controls the tile, "for a
    castle 1 victory point, for a village 2 victory points, for a town 3 victory points";
    "If two players have the same number of points, the player who still has the most knights in
    front of them is the winner".

    red: 8 castles + 3 villages x 2 = 14; blue: 6 + 1 x 2 + 2 towns x 3 = 14; yellow: 5 + 2 x 2
    + 2 x 3 = 15. Yellow wins; red and blue tie on 14, red has 5 knights left and blue 3: red
    second. The box bounds hold: 19 castles of the 3 players' 24, 6 villages of 18, 4 towns of 12.
    """
    said = create(str(tmp_path / "end.toml"), NewRecord(**END))
    assert said.endswith("scored from the end: 1. yellow 15, 2. red 14, 3. blue 14; winner yellow")
    table = open_record(tmp_path / "end.toml").score()
    assert sorted((line.rank, line.name, line.total, line.breakdown) for line in table.players) == [
        (1, "yellow", 15, {"castles": 5, "villages": 4, "towns": 6}),
        (2, "red", 14, {"castles": 8, "villages": 6, "towns": 0}),
        (3, "blue", 14, {"castles": 6, "villages": 2, "towns": 6})]
    assert table.winner == ["yellow"]


@pytest.mark.parametrize(("typed", "meant"), [("1 twon", "town"), ("2 castels", "castles"), ("vilage 1", "village")])
def test_a_misspelt_building_is_told_its_near_miss_and_nothing_is_written(tmp_path, typed, meant) -> None:
    path = tmp_path / "end.toml"
    with pytest.raises(UsageError) as err:
        create(str(path), NewRecord(**{**END, "control": f"red=8 castles,blue={typed}"}))
    assert f"(did you mean '{meant}'?)" in str(err.value) and not path.exists()


def test_a_misspelt_building_typed_into_the_file_is_told_its_near_miss(cli, tmp_path) -> None:
    """The same mistake typed into ``[end.control.red]`` by hand: refused at its line with the
    building meant, exit 1, nothing written over by ``fmt --write``."""
    path = tmp_path / "end.toml"
    create(str(path), NewRecord(**END))
    text = path.read_text(encoding="utf-8").replace("castles = 8", "casltes = 8", 1)
    path.write_text(text, encoding="utf-8")
    for command in (("score",), ("fmt", "--write")):
        result = cli(*command, str(path))
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert "[end] control.red.casltes: unknown field (did you mean 'castles'?)" in result.stderr
        assert path.read_text(encoding="utf-8") == text
