"""What a write must refuse or keep (issue 16 items 9 and 10): the size limit, a read-only
record, set-id bits, owner and group, hard links. Each of these failed before the fix."""

from __future__ import annotations

import os
import stat

import pytest

from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.record import MAX_RECORD_BYTES, write_atomic


def test_a_write_larger_than_the_read_limit_is_refused(tmp_path):
    record = tmp_path / "game.toml"
    record.write_text("old\n")
    with pytest.raises(UsageError, match="1048576 bytes a record may have; nothing was written"):
        write_atomic(record, "x" * (MAX_RECORD_BYTES + 1))
    assert record.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]


def test_a_write_of_exactly_the_limit_is_allowed(tmp_path):
    record = tmp_path / "game.toml"
    write_atomic(record, "x" * MAX_RECORD_BYTES)
    assert record.stat().st_size == MAX_RECORD_BYTES


def test_the_limit_counts_bytes_not_characters(tmp_path):
    with pytest.raises(UsageError, match="nothing was written"):
        write_atomic(tmp_path / "game.toml", "é" * (MAX_RECORD_BYTES // 2 + 1))


def test_a_record_its_owner_made_read_only_is_not_rewritten(tmp_path):
    record = tmp_path / "game.toml"
    record.write_text("old\n")
    record.chmod(0o444)
    with pytest.raises(UsageError, match="read-only"):
        write_atomic(record, "new\n")
    assert record.read_text() == "old\n"
    assert stat.S_IMODE(record.stat().st_mode) == 0o444


def test_setuid_and_setgid_bits_are_never_copied(tmp_path):
    record = tmp_path / "game.toml"
    record.write_text("old\n")
    record.chmod(0o6644)
    write_atomic(record, "new\n")
    mode = record.stat().st_mode
    assert not mode & (stat.S_ISUID | stat.S_ISGID)
    assert stat.S_IMODE(mode) == 0o644


@pytest.mark.skipif(os.geteuid() != 0, reason="changing a file's owner needs root")
def test_owner_and_group_are_kept_when_root_writes_another_users_record(tmp_path):
    record = tmp_path / "game.toml"
    record.write_text("old\n")
    os.chown(record, 4321, 4322)
    write_atomic(record, "new\n")
    info = record.stat()
    assert (info.st_uid, info.st_gid) == (4321, 4322)
    assert record.read_text() == "new\n"


def test_a_hard_linked_record_is_refused_rather_than_split(tmp_path):
    record = tmp_path / "game.toml"
    record.write_text("old\n")
    os.link(record, tmp_path / "copy.toml")
    with pytest.raises(UsageError, match="hard links"):
        write_atomic(record, "new\n")
    assert record.read_text() == "old\n" == (tmp_path / "copy.toml").read_text()
    assert os.stat(record).st_ino == os.stat(tmp_path / "copy.toml").st_ino


def test_play_refuses_a_read_only_record_and_says_so(cli, tmp_path):
    source = os.path.join(os.path.dirname(__file__), "..", "..", "records", "castles-of-burgundy",
                          "opening-2p-2011.toml")
    record = tmp_path / "game.toml"
    record.write_text(open(source, encoding="utf-8").read())
    record.chmod(0o444)
    before = record.read_text()
    result = cli("play", str(record), "roll white 1 good 4, Anna 1 2, Bob 3 4")
    assert result.exit_code == 2, result.output
    assert "read-only" in result.stderr
    assert record.read_text() == before
