"""The table session's journal (core/journal.py): a line is made durable by one synced append,
and nothing the session answered ``recorded`` for is lost when the computer stops.

Issue 31 point 5: "a typed line in the live session costs at most 3 ms p99 more than the
fsynced append that records it"; docs/errors.md, "Atomic writes" and "The session's
journal": nothing already recorded is lost. A power cut cannot be pulled in a test; what it
does to a record whose rewrites were not synced is: the file on disk is an older text the
session wrote (or, on some file systems, a torn one). Those are written over the record here,
and the session left without ending (its journal and lock closed as a killed process's are).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from burgundy_cli.core import journal as journal_module
from burgundy_cli.core.errors import RefereeError
from burgundy_cli.core.journal import journal_path, read_journal
from burgundy_cli.core.table import TableSession

from tests.session.terminals import log_lines, typed_session

ROLL = "roll white 1 good 4, Anna 1 2, Bob 3 4"


def killed(table: TableSession) -> None:
    """What a killed process leaves: the journal and the lock let go, nothing synced or removed."""
    if table.journal is not None:
        table.journal.close()
    table.lock.close()


def three_lines(table: TableSession) -> list[str]:
    """Play the roll, a comment and Bob's first legal line; the record's text after each."""
    texts = []
    for line in (ROLL, "# Bob thinks", None):
        reply = table.handle(line if line is not None else table.shown_lines()[0])
        assert reply.accepted, reply.text
        texts.append(open(table.path, encoding="utf-8").read())
    return texts


def test_a_line_costs_one_sync_and_is_in_the_record_at_once(castles_record, monkeypatch):
    table = TableSession(castles_record)
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    reply = table.handle(ROLL)
    monkeypatch.undo()
    assert reply.accepted, reply.text
    assert len(synced) == 1                                  # the journal's append; the record's rewrite is not synced
    assert log_lines(castles_record)[-1] == ROLL             # every reader sees the line at once
    base, lines = read_journal(journal_path(str(castles_record)))
    assert lines == [ROLL] and "[log]" in base
    table.close()


def test_leaving_syncs_the_record_and_removes_the_journal(castles_record):
    table = TableSession(castles_record)
    assert os.path.exists(journal_path(str(castles_record)))
    three_lines(table)
    table.close()
    assert sorted(p.name for p in castles_record.parent.iterdir()) == ["game.toml"]


def test_lines_a_power_cut_undid_come_back_from_the_journal(castles_record):
    before = log_lines(castles_record)
    table = TableSession(castles_record)
    texts = three_lines(table)
    played = log_lines(castles_record)[len(before):]
    killed(table)
    castles_record.write_text(texts[0], encoding="utf-8")   # the last two rewrites never reached the disk
    table = TableSession(castles_record)
    assert "lacked 2 lines" in table.opening_note and played[2] in table.opening_note
    assert log_lines(castles_record) == before + played
    assert read_journal(journal_path(str(castles_record)))[1] == []   # begun again from the record put back
    table.close()


def test_one_shot_commands_refuse_a_record_that_lacks_its_journal_s_lines(castles_record):
    """docs/errors.md, "The session's journal": after a power cut, before the table session
    is opened again, a one-shot command does not score, check or extend the record without
    the lines its journal holds; it names them and says how to put them back."""
    table = TableSession(castles_record)
    texts = three_lines(table)
    played = log_lines(castles_record)
    killed(table)
    castles_record.write_text(texts[0], encoding="utf-8")   # the last two rewrites never reached the disk
    cut = castles_record.read_bytes()
    for argv in (["score", str(castles_record)], ["show", str(castles_record)],
                 ["play", str(castles_record), "# after the cut"], ["undo", str(castles_record)]):
        refused = subprocess.run([sys.executable, "-m", "burgundy_cli", *argv], capture_output=True, text=True)
        assert refused.returncode == 1, (argv, refused.stderr)
        assert "the record lacks the last 2 lines its table session recorded" in refused.stderr
        assert played[-1] in refused.stderr and f"'burgundy play {castles_record}' puts them back" in refused.stderr
        assert castles_record.read_bytes() == cut                # nothing written
    table = TableSession(castles_record)                         # the session puts them back, as before
    assert "lacked 2 lines" in table.opening_note
    table.close()
    scored = subprocess.run([sys.executable, "-m", "burgundy_cli", "score", str(castles_record)],
                            capture_output=True, text=True)
    assert scored.returncode == 0, scored.stderr
    assert log_lines(castles_record) == played


def test_a_journal_ahead_of_the_record_of_a_session_still_open_is_no_power_cut(castles_record):
    """In the instant between a line's journal append and the record's rewrite, the journal
    is a line ahead of the record while the session is open: a one-shot read then answers for
    the record as it is (a line before), where after a crash (no process holds the record's
    lock) the same files are refused."""
    table = TableSession(castles_record)
    texts = three_lines(table)
    castles_record.write_text(texts[0], encoding="utf-8")   # the session open, its last rewrites not yet made
    argv = [sys.executable, "-m", "burgundy_cli", "score", str(castles_record)]
    while_open = subprocess.run(argv, capture_output=True, text=True)
    assert while_open.returncode == 0, while_open.stderr
    killed(table)
    after_a_crash = subprocess.run(argv, capture_output=True, text=True)
    assert after_a_crash.returncode == 1 and "the record lacks the last 2 lines" in after_a_crash.stderr


def test_a_killed_session_loses_nothing_and_says_nothing(castles_record):
    table = TableSession(castles_record)
    three_lines(table)
    after = log_lines(castles_record)
    killed(table)                                            # the rewrites are in the record (the kernel has them)
    table = TableSession(castles_record)
    assert table.opening_note is None and log_lines(castles_record) == after
    table.close()


def test_a_line_played_after_a_killed_session_is_no_conflict(castles_record):
    table = TableSession(castles_record)
    three_lines(table)
    killed(table)
    played = subprocess.run([sys.executable, "-m", "burgundy_cli", "play", str(castles_record), "# later"],
                            capture_output=True, text=True)
    assert played.returncode == 0, played.stderr
    table = TableSession(castles_record)
    assert table.opening_note is None and log_lines(castles_record)[-1] == "# later"
    table.close()


def test_undo_after_a_killed_session_is_not_put_back_by_the_next(cli, castles_record):
    """docs/errors.md, "The session's journal": a session that did not end leaves its journal;
    a one-shot ``undo`` then takes a line out of the record, and the stale journal, which
    still held that line, must not put it back at the next session (nor make ``score``
    refuse the record as lacking it): the rewrite under the record's lock removes it."""
    table = TableSession(castles_record)
    three_lines(table)
    before = log_lines(castles_record)
    killed(table)
    assert os.path.exists(journal_path(str(castles_record)))
    undone = cli("undo", str(castles_record))
    assert undone.exit_code == 0, undone.output
    assert not os.path.exists(journal_path(str(castles_record)))
    assert cli("score", str(castles_record)).exit_code == 0
    table = TableSession(castles_record)
    assert table.opening_note is None and log_lines(castles_record) == before[:-1]
    table.close()


#: A table session in a process of its own: plays each line given, says so, then waits to be killed.
SESSION_PROCESS = """
import sys, time
from burgundy_cli.core.table import TableSession
table = TableSession(sys.argv[1])
for line in sys.argv[2:]:
    assert table.handle(line).accepted
    print(line, flush=True)
    time.sleep(0.003)   # (a quick typist: the kill lands amid the lines, on a busy machine too)
time.sleep(60)
"""


@pytest.mark.parametrize("trial", range(4))
def test_a_session_killed_at_any_moment_keeps_every_line_it_answered(castles_record, trial):
    chance = random.Random(trial)
    notes = [f"# note {number}" for number in range(40)]
    child = subprocess.Popen([sys.executable, "-c", SESSION_PROCESS, str(castles_record), *notes],
                             stdout=subprocess.PIPE, text=True)
    answered = [child.stdout.readline().rstrip("\n") for _ in range(chance.randrange(1, 30))]
    time.sleep(chance.uniform(0, 0.005))                 # amid the next line or two
    child.send_signal(signal.SIGKILL)
    answered += [line.rstrip("\n") for line in child.communicate()[0].splitlines()]
    table = TableSession(castles_record)
    kept = [line for line in log_lines(castles_record) if line.startswith("# note")]
    assert kept[:len(answered)] == answered              # (a line accepted but not yet said may follow them)
    table.close()


def test_a_torn_last_journal_line_was_never_answered(castles_record):
    before = log_lines(castles_record)
    table = TableSession(castles_record)
    texts = three_lines(table)
    killed(table)
    with open(journal_path(str(castles_record)), "ab") as journal:
        journal.write(b'{"line": "Anna: take 1 ca')      # the power cut came during an append
    castles_record.write_text(texts[1], encoding="utf-8")
    table = TableSession(castles_record)
    assert "lacked 1 line" in table.opening_note
    assert len(log_lines(castles_record)) == len(before) + 3
    table.close()


def test_a_record_edited_after_the_crash_is_left_and_the_session_kept_aside(castles_record):
    table = TableSession(castles_record)
    texts = three_lines(table)
    lost = log_lines(castles_record)[-1]
    killed(table)
    edited = texts[1].replace('"# Bob thinks"', '"# an editor wrote this"')
    castles_record.write_text(edited, encoding="utf-8")
    table = TableSession(castles_record)
    assert "changed since" in table.opening_note and "game.toml.session-conflict" in table.opening_note
    assert castles_record.read_text(encoding="utf-8") == edited           # the edit is not merged over
    assert log_lines(castles_record.parent / "game.toml.session-conflict")[-1] == lost
    table.close()


def test_a_torn_record_is_not_replaced_its_session_is_kept_aside(castles_record):
    table = TableSession(castles_record)
    three_lines(table)
    lines = log_lines(castles_record)
    killed(table)
    castles_record.write_bytes(b"[game]\nname = \"castl")  # a file system that allows a torn rename
    with pytest.raises(RefereeError) as refused:
        TableSession(castles_record)
    assert "game.toml.session-conflict" in refused.value.describe()
    assert log_lines(castles_record.parent / "game.toml.session-conflict") == lines


@pytest.mark.parametrize("left", [b"", b"\0" * 4096])
def test_a_record_a_power_cut_left_empty_is_written_again_from_the_journal(castles_record, left):
    table = TableSession(castles_record)
    three_lines(table)
    lines = log_lines(castles_record)
    killed(table)
    castles_record.write_bytes(left)     # the rename reached the disk, the text did not (XFS, btrfs)
    table = TableSession(castles_record)
    assert table.opening_note.startswith(f"{castles_record} was empty") and f"{len(lines)} lines" in table.opening_note
    assert log_lines(castles_record) == lines
    table.close()


def test_a_file_of_the_users_at_the_journal_name_is_left_alone(castles_record, monkeypatch):
    theirs = castles_record.parent / "game.toml.journal"
    theirs.write_text("my notes\n", encoding="utf-8")
    table = TableSession(castles_record)
    assert "is not a burgundy journal" in table.opening_note and table.journal is None
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    assert table.handle(ROLL).accepted
    monkeypatch.undo()
    assert len(synced) == 2                                  # without a journal, the rewrite is synced (file, folder)
    table.close()
    assert theirs.read_text(encoding="utf-8") == "my notes\n"


def test_a_journal_whose_base_does_not_read_is_left_alone(castles_record):
    name = journal_path(str(castles_record))
    with open(name, "w", encoding="utf-8") as journal:
        journal.write(json.dumps({"base": "[game\n"}) + "\n" + json.dumps({"line": ROLL}) + "\n")
    kept = open(name, encoding="utf-8").read()
    table = TableSession(castles_record)
    assert "does not hold a record that reads" in table.opening_note and table.journal is None
    assert table.handle(ROLL).accepted
    table.close()
    assert open(name, encoding="utf-8").read() == kept


@pytest.mark.parametrize("what", ["link", "fifo"])
def test_a_link_or_a_pipe_at_the_journal_name_is_never_followed(castles_record, tmp_path, what):
    target = tmp_path / "elsewhere.txt"
    target.write_text("not the session's\n", encoding="utf-8")
    name = journal_path(str(castles_record))
    os.symlink(target, name) if what == "link" else os.mkfifo(name)
    table = TableSession(castles_record)
    assert "is not a burgundy journal" in table.opening_note
    assert table.handle(ROLL).accepted
    table.close()
    assert target.read_text(encoding="utf-8") == "not the session's\n" and os.path.lexists(name)


def test_undo_begins_the_journal_again_from_the_record(castles_record):
    table = TableSession(castles_record)
    three_lines(table)
    assert table.handle("undo").text.startswith("undone:")
    base, lines = read_journal(journal_path(str(castles_record)))
    assert lines == [] and base == castles_record.read_text(encoding="utf-8")
    table.close()


def test_a_journal_that_cannot_take_a_line_gives_way_to_a_synced_record(castles_record, monkeypatch):
    def full(self, line):
        raise OSError(28, "No space left on device")

    table = TableSession(castles_record)
    monkeypatch.setattr(journal_module.Journal, "append", full)
    reply = table.handle(ROLL)
    assert reply.accepted and "warning" not in reply.text
    assert table.journal is None and not os.path.exists(journal_path(str(castles_record)))
    assert log_lines(castles_record)[-1] == ROLL
    table.close()


def test_the_journal_is_one_json_object_a_line(castles_record):
    table = TableSession(castles_record)
    three_lines(table)
    with open(journal_path(str(castles_record)), encoding="utf-8") as journal:
        entries = [json.loads(line) for line in journal]
    assert list(entries[0]) == ["base"] and [list(entry) for entry in entries[1:]] == [["line"]] * 3
    table.close()


def test_the_table_hears_what_opening_put_back(castles_record):
    table = TableSession(castles_record)
    texts = three_lines(table)
    killed(table)
    castles_record.write_text(texts[0], encoding="utf-8")
    code, said = typed_session(castles_record, ["quit\n"])
    assert code == 0 and "lacked 2 lines" in said[0]
    assert not os.path.exists(journal_path(str(castles_record)))
