"""Seeded playouts (``burgundy playout``) and the complete games shipped in records/.

The complete records were made by ``burgundy playout`` (their ``[game] notes`` give the
command); this module regenerates each from its notes and requires the same bytes, and
checks that together they use every tile type, all eight buildings and 10+ yellow tiles.
"""

from __future__ import annotations

import re
import shlex

import pytest

from burgundy_cli.castles.playout import play_game, playout
from burgundy_cli.castles.rules.tiles import BUILDINGS, catalogue
from burgundy_cli.core.record import dump_record, read_record
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"
COMPLETE = sorted([*CASTLES.glob("complete-*.toml"), CASTLES / "four-players-2019.toml"])


def _command_line(path) -> list[str]:
    notes = read_record(path).data["game"]["notes"]
    found = re.search(r"`(burgundy playout [^`]+)`", notes)
    assert found, f"{path.name}: notes do not say which playout made it"
    return shlex.split(found.group(1))


def _arguments(argv: list[str]) -> dict:
    options = dict(zip(argv[3::2], argv[4::2]))
    modules = tuple(options["--modules"].split(",")) if "--modules" in options else ()
    return {"players": int(options["--players"]), "seed": int(options["--seed"]),
            "edition": options["--edition"], "stop_after": None, "modules": modules}


# --- the playout itself -----------------------------------------------------------------------------


def test_same_seed_same_bytes_and_other_seeds_differ():
    first = dump_record(playout(3, 11, "2011"))
    assert first == dump_record(playout(3, 11, "2011"))
    assert first != dump_record(playout(3, 12, "2011"))


def test_game_ends_after_round_5_of_phase_e_with_a_stored_result():
    """2011 rulebook 'Game end': the game ends after the fifth phase (A-E, 5 rounds each)."""
    session = play_game(2, 4, "2019")
    assert session.state.stage == "over"
    assert list(session.record_data()["log"])[-1] == "E5"
    result = session.record_data()["result"]
    assert result["complete"] is True and len(result["winner"]) == 1


def test_stop_after_counts_player_actions_and_leaves_the_game_unfinished():
    session = play_game(4, 9, "2011", stop_after=25)
    player_lines = [cmd for _, cmd in session.lines if cmd.kind in ("die", "buy", "pass")]
    assert len(player_lines) == 25
    assert session.record_data()["result"]["complete"] is False
    assert play_game(2, 9, "2011", stop_after=0).lines == []


def test_deal_records_every_chance_event_as_a_table_line():
    """Issue 2: the record holds what was rolled and revealed, dice, white die and goods included."""
    log = playout(3, 5, "2019", stop_after=1)["log"]["A1"]
    assert [line.split()[0] for line in log[:9]] == ["reveal"] * 7 + ["goods", "roll"]
    assert re.fullmatch(r"roll white [1-6] good [1-6], Anna [1-6] [1-6], Ben [1-6] [1-6], Cara [1-6] [1-6]", log[8])


def test_cli_playout_writes_a_record_that_scores_and_formats_identically(cli, tmp_path):
    out = tmp_path / "game.toml"
    result = cli("playout", "castles-of-burgundy", "--players", "2", "--seed", "3", "--edition", "2011",
                 "--out", str(out), "--stop-after", "30")
    assert result.exit_code == 0, result.output
    assert cli("score", "--json", str(out)).exit_code == 0
    formatted = cli("fmt", str(out))
    assert formatted.exit_code == 0
    assert formatted.stdout == out.read_text("utf-8")


# --- the shipped complete games -------------------------------------------------------------------


def test_complete_records_cover_player_counts_and_editions():
    headers = [read_record(path).data["game"] for path in COMPLETE]
    assert {len(game["players"]) for game in headers} == {1, 2, 3, 4}  # 1: the 2019 solo game
    assert {game["edition"] for game in headers} == {"2011", "2019"}
    assert CASTLES / "four-players-2019.toml" in COMPLETE


@pytest.mark.parametrize("path", COMPLETE, ids=lambda p: p.stem)
def test_complete_record_is_regenerated_byte_for_byte_from_its_notes(path):
    """Honest provenance: the command in the notes makes exactly this file."""
    argv = _command_line(path)
    assert argv[:3] == ["burgundy", "playout", "castles-of-burgundy"]
    assert dump_record(playout(**_arguments(argv))) == path.read_text("utf-8")
    assert read_record(path).data["result"]["complete"] is True


def test_complete_records_together_place_every_tile_type_building_and_ten_yellow_tiles():
    """Issue 2 'Records and tests that must ship': every tile type, all eight buildings, 10+ yellow tiles."""
    kinds = catalogue()
    placed: set[str] = set()
    for path in COMPLETE:
        state = open_record(path).state
        assert state.stage == "over"
        placed |= {tile for player in state.players for tile in player.duchy if tile is not None}
    assert {kinds[tile].type for tile in placed} - {"inn", "black"} == {"castle", "mine", "ship", "animal", "building",
                                                                        "knowledge"}  # (2019 inns, solo black hex)
    assert {kinds[tile].building for tile in placed if kinds[tile].building and kinds[tile].module is None} \
        == set(BUILDINGS)  # (the crane, the white castle: 2019 modules)
    assert len({tile for tile in placed if kinds[tile].type == "knowledge"}) >= 10
