"""A board picture's status line says how the game ended in ``score``'s words
(``core.render.outcome``), both games and both forms of the picture (docs/pictures.md): a game
won on the tiebreak says so and by what. Before, a Robber Knights game decided by the knights
left read "game over; winner red", as if red had scored more; a Castles team game read "winner
Dario, Ben" (not the team) and a solo game "winner no one"."""

from __future__ import annotations

import re
from html import unescape

import pytest

from burgundy_cli.core.pictures import game_pictures
from burgundy_cli.core.render import outcome
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS


def _headings(svg: str) -> str:
    """The status line, its wrapped lines joined: the text of the headings before the map."""
    lines = re.findall(r'<text[^>]*class="heading">([^<]*)</text>', svg)
    return unescape(" ".join(lines))


@pytest.mark.parametrize("record", ["robber-knights/playout-2-players-tiebreak.toml",
                                    "robber-knights/end-2-players-tiebreak.toml",
                                    "robber-knights/playout-4-players-draw.toml",
                                    "castles-of-burgundy/complete-4p-2019-extra-tiles.toml",
                                    "castles-of-burgundy/end-2p-2011-tie.toml"])
def test_a_tie_broken_by_the_tiebreak_is_said_as_score_says_it(record) -> None:
    """Robber Knights rulebook, 'End of the game': "In the event of a tie, the player with the
    most knights left ... wins" (the figures in the record's score table); Castles 2011/2019
    'Game end': the fewest empty estate/duchy spaces. The words are ``score``'s one line."""
    table = open_record(RECORDS / record).score()
    assert table.tiebreak
    said = outcome(True, table.winner, table.tiebreak)
    desktop, _, phone = game_pictures(str(RECORDS / record))
    for svg in (desktop, phone):
        assert said in _headings(svg), _headings(svg)
    assert "(tiebreak: " in said


def test_the_team_and_solo_games_are_said_as_score_says_them() -> None:
    team, _, _ = game_pictures(str(RECORDS / "castles-of-burgundy" / "complete-4p-2019-team.toml"))
    assert "winner team A (Dario + Ben)" in _headings(team)
    solo, _, _ = game_pictures(str(RECORDS / "castles-of-burgundy" / "complete-1p-2019-solo.toml"))
    assert "winner no one" not in _headings(solo) and "solo game: LOST" in _headings(solo)


def test_the_wrapped_status_stays_inside_the_picture() -> None:
    """The Robber Knights desktop picture wraps its status to its width: the tiebreak's words
    are longer than a two-player map is wide."""
    desktop, _, _ = game_pictures(str(RECORDS / "robber-knights" / "playout-2-players-tiebreak.toml"))
    width = float(re.search(r'<svg[^>]* width="([\d.]+)"', desktop).group(1))
    lines = re.findall(r'<text x="([\d.]+)"[^>]*class="heading">([^<]*)</text>', desktop)
    assert len(lines) > 2   # (the status in two lines, then the players' headings)
    assert all(float(x) + 7.6 * len(unescape(text)) <= width for x, text in lines)


@pytest.mark.parametrize("record", ["robber-knights/playout-2-players-tiebreak.toml",
                                    "castles-of-burgundy/complete-4p-2019-extra-tiles.toml"])
def test_the_chart_table_ends_as_score_does_with_the_tiebreak(cli, record) -> None:
    """Both players end on the same final figure: the table says what made one the winner, in
    the lines ``score``'s table ends with; ``--json`` gives it as ``tiebreak``."""
    import json

    path = str(RECORDS / record)
    score = cli("score", path).stdout.splitlines()
    chart = cli("chart", path).stdout.splitlines()
    said = [line for line in score if line.startswith(("winner: ", "tiebreak: "))]
    assert len(said) == 2 and chart[-2:] == said
    assert json.loads(cli("chart", path, "--json").stdout)["tiebreak"] == said[1].removeprefix("tiebreak: ")
