"""``burgundy archive list``'s line for a record that failed to verify (docs/archive.md): the
file once, then FAILED and where in it the error is and what it is. It had repeated the file
as the error's location ("club/bad.toml  FAILED  /abs/club/bad.toml:1:1: invalid record: ..."),
and a copy of a failed file (one content, stored once) named the other file in its line."""

from __future__ import annotations

import json

BAD = '[game]\nname = "castles-of-burgundy"\nplayers = ["Anna"]\n'
SAID = "invalid record: a Castles of Burgundy record needs exactly one of [setup], [position] or [end]"


def test_a_failed_records_line_names_its_file_once(cli, tmp_path, monkeypatch):
    club = tmp_path / "club"
    club.mkdir()
    for name in ("bad.toml", "bad-copy.toml"):
        (club / name).write_text(BAD)
    monkeypatch.chdir(tmp_path)
    assert cli("archive", "sync", "club", "--db", "a.db").exit_code == 1
    listed = cli("archive", "list", "--db", "a.db")
    assert listed.exit_code == 0
    assert listed.stdout.splitlines() == [f"club/bad-copy.toml  FAILED  line 1, column 1: {SAID}",
                                          f"club/bad.toml  FAILED  line 1, column 1: {SAID}"]
    rows = [json.loads(line) for line in cli("archive", "list", "--db", "a.db", "--json").stdout.splitlines()]
    # --json: each file's own located error, as 'burgundy score FILE' prints it
    assert [row["error"] for row in rows] == [f"{row['file']}:1:1: {SAID}" for row in rows]
    assert rows[0]["file"].endswith("bad-copy.toml")
