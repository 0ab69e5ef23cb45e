"""Fixtures of the reliability tests: the ``tally`` test game and sample records of it."""

from __future__ import annotations

import pytest

TALLY_RECORD = '''\
[game]
name = "tally"
edition = "first"
players = ["anna", "bert"]

[log]
moves = [
    "anna: 3",
    "bert: 5",
    "anna: 2",
    "bert: 1",
    "anna: 6",
    "bert: 4",
]

[result]
complete = true
winner = ["anna"]
scores = { anna = 11, bert = 10 }
'''

#: The script a subprocess runs to get the command line with ``tally`` registered.
TALLY_MAIN = ("import sys; from burgundy_cli.core import registry; "
              "registry.GAMES['tally'] = 'tests.reliability.tally'; "
              "from burgundy_cli.cli import main; sys.argv[0] = 'burgundy'; main()")


@pytest.fixture
def tally(monkeypatch):
    """Register the ``tally`` test game for the duration of a test."""
    from burgundy_cli.core import registry

    monkeypatch.setitem(registry.GAMES, "tally", "tests.reliability.tally")
    return TALLY_RECORD


@pytest.fixture
def tally_file(tmp_path, tally):
    """A valid, complete tally record on disk."""
    path = tmp_path / "game.toml"
    path.write_text(tally, encoding="utf-8")
    return path
