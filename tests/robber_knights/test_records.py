"""Every record in records/robber-knights/ replays, keeps its stored result, is canonical,
and its final scoring matches the snapshot (the ``score --json`` object)."""

from __future__ import annotations

import pytest
from syrupy.extensions.json import JSONSnapshotExtension

from burgundy_cli.core.record import dump_record
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

FILES = sorted((RECORDS / "robber-knights").glob("*.toml"))


@pytest.fixture
def snapshot_json(snapshot):
    return snapshot.use_extension(JSONSnapshotExtension)


def test_records_exist_for_each_player_count():
    games = [f.name for f in FILES]
    for players in (2, 3, 4):
        assert f"playout-{players}-players.toml" in games
    assert sum(name.startswith("example-") for name in games) == 4


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_record_replays_and_scores(path, snapshot_json):
    session = open_record(path)
    assert session.score().to_json() == snapshot_json


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_record_is_canonical(path):
    session = open_record(path)
    assert dump_record(session.record_data()) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playout_records_are_complete(players):
    session = open_record(RECORDS / "robber-knights" / f"playout-{players}-players.toml")
    assert session.score().complete
    assert all(not p.hand and not p.pile_size for p in session.state.players)
    assert len(session.state.board) == 2 * players + 22 * players
