"""Records to play at the table: fresh copies in a temporary folder."""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import RECORDS

RK_SETUP = """[game]
name = "robber-knights"
players = ["red", "blue"]

[setup]
layout = ["blue:town-forest blue:village-forest", "red:castle-plain red:village-plain"]

[setup.hands]
red = ["castle-plain", "plain"]
blue = ["castle-forest", "castle-plain"]
"""


@pytest.fixture
def castles_record(tmp_path):
    """The shipped 2-player 2011 opening (ends after round A3; the A4 roll is due)."""
    path = tmp_path / "game.toml"
    shutil.copy(RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml", path)
    return path


@pytest.fixture
def rk_record(tmp_path):
    path = tmp_path / "rk.toml"
    path.write_text(RK_SETUP, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def history_home(tmp_path, monkeypatch):
    """Keep the session's history file out of the real home."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
