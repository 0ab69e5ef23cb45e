"""``burgundy chart`` names how the game ended as ``score`` does, in the one wording of a score
table's footer (:func:`burgundy_cli.core.render.winner_line`): a team game's winning team
("winner: team Dario + Ben"; 2019 rulebook, 'The team game': "The team with more victory points
wins the game"), not its two players as if each had won ("winner: Dario, Ben")."""

from __future__ import annotations

import json

import pytest

from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"


def _said(text: str, word: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(word)]


@pytest.mark.parametrize("record", ["complete-4p-2019-team.toml", "complete-1p-2019-solo.toml",
                                    "complete-3p-2019-inns.toml"])
def test_chart_says_the_winner_as_score_does(cli, record):
    path = str(CASTLES / record)
    score, chart = cli("score", path), cli("chart", path)
    assert score.exit_code == chart.exit_code == 0
    assert _said(chart.stdout, "winner") == _said(score.stdout, "winner")
    assert _said(chart.stdout, "tiebreak") == _said(score.stdout, "tiebreak")


def test_a_team_games_chart_names_the_team(cli):
    path = str(CASTLES / "complete-4p-2019-team.toml")
    assert cli("chart", path).stdout.splitlines()[-1] == "winner: team Dario + Ben"
    assert json.loads(cli("chart", path, "--json").stdout)["mode"] == "team"


def test_a_shared_win_reads_as_one():
    """Robber Knights, 'End of the game': players level on points and knights left share it."""
    from burgundy_cli.core.render import winner_line

    assert winner_line(["red", "green"], "red and green tie ...: still equal, a draw") == "shared win: red, green"
