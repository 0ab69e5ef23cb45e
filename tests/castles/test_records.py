"""Every Castles of Burgundy record shipped in records/ replays, scores and round-trips.

The final scoring of each record is snapshot-tested (the ``score --json`` dict, via
syrupy); the rulebook's worked examples also assert their printed figures directly.
"""

from __future__ import annotations

import pytest
from syrupy.extensions.json import JSONSnapshotExtension

from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.record import dump_record, parse_record_text, read_record
from burgundy_cli.core.session import open_doc, open_record
from tests.castles.record_texts import OPEN_A1
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"
FILES = sorted(CASTLES.glob("*.toml"))


@pytest.fixture
def json_snapshot(snapshot):
    return snapshot.use_extension(JSONSnapshotExtension)


def test_records_are_shipped() -> None:
    names = {path.name for path in FILES}
    assert {"opening-2p-2011.toml", "rulebook-animals-4-3.toml", "rulebook-tile-15.toml"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_record_replays_to_its_stored_result(path, json_snapshot) -> None:
    """open_record compares the stored [result] with the replay; the scoring is snapshotted."""
    table = open_record(path).score()
    payload = table.to_json()
    for player in payload["players"]:
        assert sum(player["breakdown"].values()) == player["total"]
    assert "result" in read_record(path).data
    assert payload == json_snapshot


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_canonical_record_reads_back_identically(path) -> None:
    """fmt's output replays to the same score and formats to the same bytes again."""
    session = open_record(path)
    text = dump_record(session.record_data())
    again = open_doc(parse_record_text(text, "canonical.toml"))
    assert again.score() == session.score()
    assert dump_record(again.record_data()) == text


def _breakdown(name: str, player: str) -> dict[str, int]:
    table = open_record(CASTLES / name).score()
    return next(line.breakdown for line in table.players if line.name == player)


def test_rulebook_animals_4_plus_3_is_7() -> None:
    """2011 rules p.6 'Animal': "He receives 4 + 3 = 7 victory points for it." """
    assert _breakdown("rulebook-animals-4-3.toml", "Benno")["animals"] == 7


def test_rulebook_animals_4_plus_4_plus_3_is_11() -> None:
    """2011 rules p.6 'Animal': "... then he would receive 4 + 4 + 3 = 11 victory points for it." """
    assert _breakdown("rulebook-animals-4-4-3.toml", "Benno")["animals"] == 11


def test_rulebook_tile_7_sheep_9_then_pigs_3() -> None:
    """2011 rules p.8, tile 7: "He scores (3+1) + (4+1) = 9 ... a 2 pig tile ... would score 3." """
    assert _breakdown("rulebook-tile-7.toml", "Benno")["animals"] == 9 + 3


@pytest.mark.parametrize(("name", "player", "vp"), [
    ("rulebook-tile-15.toml", "Dario", 12),
    ("rulebook-tiles-16-23.toml", "Benno", 24),
    ("rulebook-tile-24.toml", "Anna", 12),
    ("rulebook-tile-25.toml", "Dario", 11),
])
def test_rulebook_knowledge_tile_final_scoring(name: str, player: str, vp: int) -> None:
    """2011 rules p.8, tiles 15 ("4 types x 3 ... = 12 VP"), 16-23 ("(2 x 4) + (4 x 4) = 24"),
    24 ("3 types x 4 victory points = 12 VP") and 25 ("he would have received 11 VP")."""
    table = open_record(CASTLES / name).score()
    assert table.complete
    assert _breakdown(name, player)["knowledge-tiles"] == vp


def _doc_toml_blocks() -> list[str]:
    import re

    from tests.conftest import ROOT

    text = (ROOT / "docs" / "records.md").read_text("utf-8")
    section = text.split("<!-- The Castles of Burgundy section", 1)[1].split("<!-- end of The Castles", 1)[0]
    return re.findall(r"```toml\n(.*?)```", section, re.S)


def test_the_full_example_in_docs_records_replays_to_its_result() -> None:
    """docs/records.md: the full small example is a valid record whose [result] matches."""
    example = next(block for block in _doc_toml_blocks() if block.startswith("[game]"))
    session = open_doc(parse_record_text(example, "docs/records.md"))
    assert session.score().stored_result()["scores"] == {"Anna": 13, "Bob": 0}


def test_the_position_example_in_docs_records_is_a_valid_position() -> None:
    """docs/records.md: the [position] example, with a header, opens with Benno to move."""
    block = next(block for block in _doc_toml_blocks() if block.startswith("[position]"))
    header = '[game]\nname = "castles-of-burgundy"\nplayers = ["Anna", "Benno"]\n\n'
    session = open_doc(parse_record_text(header + block, "docs/records.md"))
    assert session.check("benno: place 1 cow4 b2") == "Benno: place 1 cow4 b2"


def test_the_setup_example_in_docs_records_is_a_valid_deal() -> None:
    """docs/records.md: the [setup] example, with a header, waits for phase A's first lines."""
    block = next(block for block in _doc_toml_blocks() if block.startswith("[setup]"))
    header = '[game]\nname = "castles-of-burgundy"\nedition = "2011"\nplayers = ["Anna", "Bob"]\n\n'
    session = open_doc(parse_record_text(header + block, "docs/records.md"))
    assert session.check("roll white 2 good 1, anna 6 4, bob 3 3").startswith("roll white 2")




def _session(log_tail: str):
    """The shared opening (OPEN_A1) after Anna's bank, then ``log_tail``."""
    head = OPEN_A1 + '    "anna: take 6 bank",\n    "anna: place 4>3 bank c3",\n'
    return open_doc(parse_record_text(head + log_tail, "game.toml"))


def test_takes_from_unrevealed_depots_are_trusted_and_noted() -> None:
    """Issue 2: a record may leave out reveals; the score says which checks were skipped."""
    table = _session("]\n").score()
    assert any("depot 6 was not revealed" in note for note in table.notes)


def test_correction_lines_replay_and_count_in_their_own_category() -> None:
    session = _session('    \'fix bob vp +3 "forgot the watchtower"\',\n]\n')
    assert session.lines[-1][1].note == "forgot the watchtower"
    bob = next(line for line in session.score().players if line.name == "Bob")
    assert bob.breakdown["corrections"] == 3
    assert session.record_data()["log"]["A1"][-1] == 'fix Bob vp +3 "forgot the watchtower"'


def test_a_2011_purchase_after_the_last_die_of_a_round_stays_in_that_round() -> None:
    """2011 rules 'Buying from the black depot': before, between or after the dice actions."""
    session = _session("]\n")
    for line in ("bob: sell 3>4", "bob: workers 3", "bob: buy castle"):
        session.play(line)
    assert session.record_data()["log"]["A1"][-1] == "Bob: buy castle"
    session.play("roll white 1, anna 1 1, bob 2 2")
    assert list(session.record_data()["log"]) == ["A1", "A2"]


def test_play_returns_the_canonical_line_with_the_header_spelling() -> None:
    session = _session("]\n")
    assert session.play("BOB:  T 3 Church") == "Bob: take 3 church"


def test_round_keys_are_read_in_any_case_and_written_in_capitals() -> None:
    session = open_doc(parse_record_text(OPEN_A1.replace("A1 = [", "a1 = [") + "]\n", "game.toml"))
    assert list(session.record_data()["log"]) == ["A1"]


@pytest.mark.parametrize("name", ["Anna: the first", "Bob #2", "Player 2", 'Al "Ace"'])
def test_player_names_the_notation_cannot_write_are_refused(name: str) -> None:
    text = OPEN_A1.replace('players = ["Anna", "Bob"]', f"players = ['Anna', '{name}']") + "]\n"
    with pytest.raises(RecordError) as info:
        open_doc(parse_record_text(text, "game.toml"))
    assert "cannot be written in the notation" in info.value.message
    assert info.value.location.line == 4


def test_comments_in_the_log_are_kept_by_the_canonical_writer() -> None:
    """Issue 6, nothing accepted is lost: a comment typed in a log line survives fmt and play."""
    session = _session('    "# Bob was late",\n    "bob:  T 3 church   # the last one",\n]\n')
    assert session.play("# coffee break") == "# coffee break"
    assert session.play("bob: workers 3  # slow start") == "Bob: workers 3  # slow start"
    log = session.record_data()["log"]
    assert log["A1"][-4:] == ["# Bob was late", "Bob: take 3 church  # the last one", "# coffee break",
                              "Bob: workers 3  # slow start"]
    again = open_doc(parse_record_text(dump_record(session.record_data()), "again.toml"))
    assert again.record_data() == session.record_data()


def test_docs_records_names_every_setup_and_position_field() -> None:
    """docs/records.md documents each key a [setup] or [position] table accepts."""
    from burgundy_cli.castles.record.position_table import PlayerPosition, PositionTable
    from burgundy_cli.castles.record.setup_table import SetupTable
    from burgundy_cli.core.models import field_names
    from tests.conftest import ROOT

    text = (ROOT / "docs" / "records.md").read_text("utf-8")
    section = text.split("<!-- The Castles of Burgundy section", 1)[1].split("<!-- end of The Castles", 1)[0]
    fields = {name for table in (SetupTable, PositionTable, PlayerPosition) for name in field_names(table)}
    assert {name for name in fields if f"`{name}`" not in section and f"{name} =" not in section} == set()
