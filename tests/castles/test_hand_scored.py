"""Scoring backed by games worked out by hand from the rulebooks (issue 10, item 7).

Each ``records/castles-of-burgundy/<game>.hand-scored.md`` holds a table of every VP
category per player, worked out from the record's log and the rulebook tables without
running the engine. This test reads that table and compares it with the engine's
breakdown of ``<game>.toml``: a wrong engine fix fails here even when the snapshots and
the stored ``[result]`` have been regenerated with it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from burgundy_cli.core.session import open_record

RECORDS = Path(__file__).parents[2] / "records" / "castles-of-burgundy"
HAND_SCORED = sorted(RECORDS.glob("*.hand-scored.md"))
_ROW = re.compile(r"^\| `([a-z-]+)` \|(.*)$")


def hand_table(path: Path) -> dict[str, dict[str, int]]:
    """``{player: {category: VP}}`` from the first Markdown table of ``path``.

    The header row names the players (between ``category`` and ``how``); each row whose
    first cell is a back-quoted category gives that category's VP per player.
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    header = next(line for line in lines if line.startswith("| category |"))
    players = [cell.strip() for cell in header.strip("|").split("|")][1:-1]
    table: dict[str, dict[str, int]] = {name: {} for name in players}
    for line in lines:
        match = _ROW.match(line)
        if match:
            cells = [cell.strip() for cell in match.group(2).split("|")]
            for name, cell in zip(players, cells):
                table[name][match.group(1)] = int(cell)
    return table


def test_two_hand_scored_games_one_per_edition_and_one_with_modules():
    """Issue 10, item 7: two complete base games, one per edition, 3 or 4 players; issue 11:
    a complete game with 2019 modules, whose breakdown shows the modules' categories."""
    editions = set()
    module_games = []
    for path in HAND_SCORED:
        session = open_record(path.with_name(path.name.replace(".hand-scored.md", ".toml")))
        table = session.score()
        assert table.complete
        if session.state.ruleset.modules:
            module_games.append(session.state.ruleset.modules)
            assert set(session.state.ruleset.categories) <= set(table.players[0].breakdown)
        else:
            assert 3 <= len(table.players) <= 4
            editions.add(table.edition)
    assert editions == {"2011", "2019"}
    assert ("inns", "trade-routes") in module_games


@pytest.mark.parametrize("path", HAND_SCORED, ids=lambda path: path.name.split(".")[0])
def test_engine_breakdown_matches_the_hand_scoring(path):
    expected = hand_table(path)
    table = open_record(path.with_name(path.name.replace(".hand-scored.md", ".toml"))).score()
    engine = {line.name: {**line.breakdown, "total": line.total} for line in table.players}
    assert set(engine) == set(expected)
    for name, categories in expected.items():
        assert set(categories) == set(engine[name]), f"{name}: the hand table must list every category"
        for category, points in categories.items():
            assert engine[name][category] == points, f"{path.name}: {name} {category}"
