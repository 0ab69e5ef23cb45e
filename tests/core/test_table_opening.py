"""Opening the table session on a game in progress says where the record stopped: its line
count and its last line, so that a table coming back after Ctrl-D (a break, another evening)
sees what was typed last before typing on."""

from __future__ import annotations

import shutil

from tests.conftest import RECORDS
from tests.session.terminals import log_lines, typed_session


def test_coming_back_to_a_game_in_progress_names_the_last_line(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    path = tmp_path / "game.toml"
    shutil.copy(RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml", path)
    last = log_lines(path)[-1]
    code, said = typed_session(path, ["\x04"])
    assert code == 0
    assert said[0] == (f"{path}: {len(log_lines(path))} lines recorded, the last: {last}. Tab completes, "
                       "'help' lists commands, Ctrl-D leaves; every accepted line is written at once.")


def test_a_record_without_lines_says_only_that(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    path = tmp_path / "game.toml"
    path.write_text('[game]\nname = "castles-of-burgundy"\nedition = "2011"\nplayers = ["Anna", "Bob"]\n\n'
                    '[setup.goods]\nAnna = [1, 2, 3]\nBob = [4, 5, 6]\n', encoding="utf-8")
    code, said = typed_session(path, ["\x04"])
    assert code == 0 and said[0].startswith(f"{path}: 0 lines recorded. Tab completes")
