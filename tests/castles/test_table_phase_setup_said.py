"""What the table session says as a new phase is set up: the tiles left on the depots leave the
game ('Setup for each phase', 2011: "Remove all six-sided tiles remaining on the board and return
them to the box"; 2019 'Playing the game': "remove all hex tiles from the game"), said as the new
phase's, and each depot's reveal said whole, also when a revealed tile is one that had been left."""

from __future__ import annotations

import pytest

from burgundy_cli.castles.playout import play_game
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.table import TableSession

#: 3 players, 2011: seed 1 reaches the end of phase A after 34 player lines, with these tiles
#: left: black depot cow3 ship, depot 2 castle, depot 3 cow4 ship.
BLACK_REVEAL = "reveal black sheep4 ship boarding-house chicken4 market k25"


@pytest.fixture
def phase_a_over(tmp_path, monkeypatch):
    """A 2011 record at the end of phase A, opened at the table."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    session = play_game(3, 1, "2011", stop_after=34)
    assert session.state.stage == "phase" and session.state.depots[0] == ["cow3", "ship"]
    path = tmp_path / "game.toml"
    path.write_text(dump_record(session.record_data()), encoding="utf-8")
    return TableSession(path)


def test_the_first_reveal_of_a_phase_says_the_tiles_left_leave_the_game_and_its_own_tiles_whole(phase_a_over):
    reply = phase_a_over.play(BLACK_REVEAL)
    assert reply.accepted, reply.text
    assert reply.text == (
        f"recorded: {BLACK_REVEAL} -- phase B begins: the six-sided tiles left on the depots leave the game "
        "(depot black cow3 ship; depot 2 castle; depot 3 cow4 ship); "
        "depot black +sheep4 ship boarding-house chicken4 market k25")


def test_the_next_reveal_says_only_its_own_tiles(phase_a_over):
    phase_a_over.play(BLACK_REVEAL)
    reply = phase_a_over.play("reveal 3 sheep2 ship church")
    assert reply.text == "recorded: reveal 3 sheep2 ship church -- depot 3 +sheep2 ship church"


def test_the_reveal_form_due_says_how_many_tiles_each_depot_takes(phase_a_over):
    """2011 'Setup for each phase': with 3 players a numbered depot takes 3 tiles and the black
    depot 6 (the form said '<tile> <tile>', two, whatever the player count)."""
    assert phase_a_over.helpers.table_forms(phase_a_over.session)[0] == \
        "reveal <depot 1|2|3|4|5|6|black> <3 tiles, black 6>"
    phase_a_over.play(BLACK_REVEAL)
    assert phase_a_over.helpers.table_forms(phase_a_over.session)[0] == "reveal <depot 1|2|3|4|5|6> <3 tiles>"
    reply = phase_a_over.play("reveal 3 sheep2 ship")
    assert reply.text.splitlines()[-1].startswith("due now: reveal <depot 1|2|3|4|5|6> <3 tiles> | goods")
