"""One-shot ``play`` says what each line did and what is due next, as the table session does;
``undo FILE [N]``; ``play FILE`` without a terminal."""

from __future__ import annotations

import json
import shutil

from burgundy_cli.core.session import open_record
from burgundy_cli.core.table import TableSession
from tests.conftest import RECORDS

ROLL = "roll white 1 good 4, Anna 1 2, Bob 3 4"
#: What the table session says of ROLL and of Bob's take after it, on the shipped opening.
SAID = [f"recorded: {ROLL} -- depot 1 +goods 4; white die 1", "recorded: Bob: take 3 cow3 -- Bob: stores cow3 from depot 3"]


def test_play_says_what_is_due_next(cli, castles_record):
    result = cli("play", str(castles_record), ROLL)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [SAID[0], "next: A4 · Bob to move · dice 3 4 · worker tiles 4"]


def _session_says(path, *lines: str) -> list[str]:
    """The table session's answers to ``lines`` on the record at ``path`` (each line's last)."""
    table = TableSession(path)
    try:
        replies = [table.play(line) for line in lines]
    finally:
        table.close()
    assert all(reply.accepted for reply in replies), [reply.text for reply in replies]
    return [reply.text.splitlines()[-1] for reply in replies]


def test_play_says_each_lines_effects_as_the_table_session_does(cli, castles_record, tmp_path):
    """A script's lines get the session's account of them, word for word (one wording:
    ``core.table.recorded_text``), the comment-only line's too."""
    lines = (ROLL, "bob: take 3 cow3", "# Bob thinks")
    at_table = tmp_path / "table.toml"
    shutil.copy(castles_record, at_table)
    result = cli("play", str(castles_record), *lines)
    assert result.exit_code == 0, result.stderr
    said = _session_says(at_table, *lines)
    assert said == [*SAID, "recorded: # Bob thinks -- a comment, kept in the log"]
    assert result.stdout.splitlines() == [*said, "next: A4 · Bob to move · dice 4 · worker tiles 4"]
    assert castles_record.read_bytes() == at_table.read_bytes()


def test_play_says_the_phase_end_with_its_rule(cli, tmp_path):
    """2011 'End of a phase': the line that ends phase A says the mines' income, by rule
    (``cob.mine.income``), in one-shot ``play`` as at the table."""
    record = RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"
    last_of_a = "Anna: take 3>2 castle"
    at = next(number for number, written in enumerate(record.read_text().splitlines(), start=1)
              if written.strip() == f'"{last_of_a}",') - 1
    shown = cli("show", str(record), "--position", "--at", str(at))
    assert shown.exit_code == 0, shown.output
    position = tmp_path / "position.toml"
    position.write_text(shown.stdout, encoding="utf-8")
    result = cli("play", str(position), last_of_a)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "recorded: Anna: take 3>2 castle -- Anna: pays 1 worker tile: die 3 used as 2, 1 step [cob.die.workers], "
        "stores castle from depot 2; "
        "end of phase A [cob.mine.income]: Anna receives 1 silverling for 1 mine")


def test_play_json_gives_each_lines_effects(cli, castles_record):
    """``play --json``: a line played has ``effects`` (the phrases the text joins) and the text's
    ``message``; a refused line has none."""
    result = cli("play", "--json", str(castles_record), ROLL, "bob: take 3 cow3")
    assert result.exit_code == 0, result.stderr
    verdicts = json.loads(result.stdout)["verdicts"]
    assert [verdict["message"] for verdict in verdicts] == SAID
    assert [verdict["effects"] for verdict in verdicts] == [["depot 1 +goods 4", "white die 1"],
                                                            ["Bob: stores cow3 from depot 3"]]
    refused = json.loads(cli("play", "--json", str(castles_record), "bob: take 3 cow3").stdout)["verdicts"]
    assert refused[0]["legal"] is False and refused[0]["effects"] == []


def test_play_says_a_robber_knights_lines_effects(cli, rk_record, tmp_path):
    at_table = tmp_path / "table.toml"
    shutil.copy(rk_record, at_table)
    lines = ("red: lay plain f5", "red: draw castle-forest")
    result = cli("play", str(rk_record), *lines)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[:2] == _session_says(at_table, *lines) == [
        "recorded: red: lay plain f5 -- plain on f5", "recorded: red: draw castle-forest -- red drew castle-forest"]


def test_play_replays_the_record_once(cli, castles_record, monkeypatch):
    """Saying what each line did reads the position before and after it: no second replay."""
    import burgundy_cli.castles.record.session as castles_session

    replays = []
    replay = castles_session.replay
    monkeypatch.setattr(castles_session, "replay", lambda *args: replays.append(1) or replay(*args))
    assert cli("play", str(castles_record), ROLL, "bob: take 3 cow3").exit_code == 0
    assert len(replays) == 1


def test_undo_removes_the_last_lines_and_recomputes_the_result(cli, castles_record):
    cli("play", str(castles_record), ROLL, "bob: take 3 cow3")
    result = cli("undo", str(castles_record), "2")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["undone: Bob: take 3 cow3", f"undone: {ROLL}",
                                          "next: A4 · roll due · Anna may still buy"]
    session = open_record(castles_record)           # the stored [result] agrees with the replay
    assert [line for lines in session.record_data()["log"].values() for line in lines][-1] == "Anna: place 2>1 k9 c4"


def test_undo_of_an_empty_record_is_refused(cli, rk_record):
    result = cli("undo", str(rk_record))   # (tests/session/test_undo_refusals.py: more)
    assert result.exit_code == 1 and "cannot undo: the record has no lines" in result.stderr


def test_play_without_lines_and_without_a_terminal_is_a_usage_error(cli, castles_record):
    result = cli("play", str(castles_record))
    assert result.exit_code == 2 and "on a terminal for the table session" in result.stderr
