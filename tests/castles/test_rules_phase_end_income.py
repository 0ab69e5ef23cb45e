"""The mines' income at a phase end is said with its rule (``cob.mine.income``), as the tribute is.

2011 'End of a phase': "A phase ends after five rounds. Players with mines now receive the
corresponding number of Silverlings"; 2019 'End of a phase': "Each phase ends after five
rounds. Now, players receive 1 silver coin for every mine they currently have in their duchy";
knowledge (monastery) tile 2 adds "a worker in addition to the silver coin". The line that ends
a phase says what the phase end paid, by rule (``rules.noting``): ``check``'s verdict and the
table session's "recorded:".
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from burgundy_cli.castles.rules import PASSAGES, PHASE_STEP, RULES, noting
from burgundy_cli.castles.rules.citations import cited
from burgundy_cli.cli import app
from tests.castles.engine_kit import at_turn, cmd, play_all

RECORDS = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy"
#: The 2011 game's last line of phase A, and the record line just before it.
RECORD, LAST_OF_A = RECORDS / "complete-2p-2011.toml", "Anna: take 3>2 castle"
NOTE = "end of phase A [cob.mine.income]: Anna receives 1 silverling for 1 mine"


def _end_phase(edition: str, anna: dict, ben: dict, **table):
    """Anna and Ben pass the last turn of phase A; what the phase end noted, and the state."""
    state = at_turn(edition, players={"anna": {"dice": [3, 3], **anna}, "ben": ben}, round=5, **table)
    with noting() as notes:
        play_all(state, cmd(kind="pass", player="anna"), cmd(kind="pass", player="ben"))
    return [note for note in notes if note[0] != PHASE_STEP], state  # (the steps' marks apart)


def test_the_mines_income_is_registered_with_each_editions_passage():
    """2011 rules, 'End of a phase': "A phase ends after five rounds. Players with mines now
    receive the corresponding number of Silverlings"; 2019 rules, 'End of a phase': "Each phase
    ends after five rounds. Now, players receive 1 silver coin for every mine they currently
    have in their duchy" -- each edition's record cites its own sentence, in its own words."""
    assert "cob.mine.income" in RULES
    assert cited(RULES["cob.mine.income"], "2011").ref.startswith("2011 rules 'End of a phase': 'A phase ends")
    assert "1 Silverling per mine" in cited(RULES["cob.mine.income"], "2011").text
    assert cited(RULES["cob.mine.income"], "2019").ref.startswith("2019 rules 'End of a phase': 'Each phase ends")
    assert "1 silver coin per mine" in cited(RULES["cob.mine.income"], "2019").text
    assert set(PASSAGES["cob.mine.income"]) == {"2011", "2019"}


def test_the_phase_end_notes_each_players_mines_and_tile_2():
    """2011 rules, 'Mine (grey)': "at the end of each phase, the player receives 1 Silverling from
    the supply for each mine in his estate"; tile 2: "one worker tile from the general supply in
    addition to the usual Silverling for each of his mines at the end of each phase". A player
    without mines gets nothing and is not named."""
    notes, state = _end_phase("2011", {"silver": 0, "duchy": {"e3": "mine", "f2": "mine", "c4": "k2"}},
                              {"silver": 0, "duchy": {"e3": "mine"}})
    assert notes == [("cob.mine.income", "anna receives 2 silverlings and 2 worker tiles (knowledge tile 2) for 2 mines"),
                     ("cob.mine.income", "ben receives 1 silverling for 1 mine")]
    assert (state.players[0].silver, state.players[1].silver) == (2, 1)
    notes, _ = _end_phase("2019", {"duchy": {}}, {})
    assert notes == []


def test_a_replay_notes_nothing():
    state = at_turn("2011", players={"anna": {"dice": [3, 3], "duchy": {"e3": "mine"}}, "ben": {}}, round=5)
    play_all(state, cmd(kind="pass", player="anna"), cmd(kind="pass", player="ben"))
    assert state.players[0].silver == 1 + 1


def _at(line: str) -> str:
    """The record line just before ``line`` (``--at``)."""
    return str(next(number for number, written in enumerate(RECORD.read_text().splitlines(), start=1)
                    if written.strip() == f'"{line}",') - 1)


def test_check_names_the_rule_of_the_mines_income():
    """The verdict of the line that ends phase A: Anna's +1 silverling is her mine's, said once, as
    the phase end's, by rule (the take itself brought none)."""
    result = CliRunner().invoke(app, ["check", str(RECORD), LAST_OF_A, "--at", _at(LAST_OF_A), "--json"])
    assert result.exit_code == 0, result.output
    effects = json.loads(result.stdout)["effects"]
    assert effects == ["Anna: pays 1 worker tile: die 3 used as 2, 1 step [cob.die.workers], "
                       "stores castle from depot 2", NOTE]


def test_the_table_session_says_the_mines_income_with_the_line(tmp_path):
    from burgundy_cli.core.table import TableSession

    shown = CliRunner().invoke(app, ["show", str(RECORD), "--position", "--at", _at(LAST_OF_A)])
    assert shown.exit_code == 0, shown.output
    position = tmp_path / "position.toml"
    position.write_text(shown.stdout)
    table = TableSession(position)
    try:
        reply = table.play(LAST_OF_A)
        assert reply.accepted, reply.text
        assert NOTE in reply.text
    finally:
        table.close()


def test_a_teams_income_is_said_once_as_the_teams():
    """2019 'THE TEAM GAME': the team's resources are shared, so its mines pay the team once."""
    record = RECORDS / "complete-4p-2019-team.toml"
    line = "Dario: take 3>1 ship shared"
    at = next(number for number, written in enumerate(record.read_text().splitlines(), start=1)
              if written.strip() == f'"{line}",') - 1
    result = CliRunner().invoke(app, ["check", str(record), line, "--at", str(at), "--json"])
    assert json.loads(result.stdout)["effects"][-1] == (
        "end of phase B [cob.mine.income]: Anna and Cara receive 2 silver coins and 2 workers (monastery tile 2) "
        "for 2 mines, Ben and Dario receive 1 silver coin for 1 mine")
