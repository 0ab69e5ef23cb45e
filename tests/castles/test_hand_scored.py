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


def _hand_counted(path: Path) -> tuple[dict[str, int], list[str]]:
    """(``{fact: value}`` of the facts table, the spaces of the placement table in order) of a
    solo game's ``.hand-counted.md``."""
    facts, spaces = {}, []
    for line in path.read_text(encoding="utf-8").splitlines():
        fact = re.match(r"^\| `([a-z-]+)` \| (\d+) \|$", line)
        if fact:
            facts[fact.group(1)] = int(fact.group(2))
        placed = re.match(r"^\| (setup|[A-E][1-5]) \| .* \| ([a-g][1-7]) \|$", line)
        if placed:
            spaces.append(placed.group(2))
    return facts, spaces


def test_the_solo_games_result_matches_the_hand_count():
    """2019 rules, 'THE SOLO GAME', 'End of the game': "You win the game if you managed to fill all
    37 hex spaces of your duchy within 25 rounds" (cob.solo.end). The spaces filled, the rounds,
    the resets and the verdict counted by hand beside the record match the engine's."""
    from burgundy_cli.castles.boards import space_name
    from burgundy_cli.castles.solo_standing import rounds_rolled

    path = RECORDS / "complete-1p-2019-solo.hand-counted.md"
    facts, spaces = _hand_counted(path)
    session = open_record(RECORDS / "complete-1p-2019-solo.toml")
    state, table = session.state, session.score()
    filled = {space_name(index) for index, tile in enumerate(state.players[0].duchy) if tile is not None}
    assert len(spaces) == len(set(spaces)) == facts["spaces-filled"] and set(spaces) == filled
    assert facts["spaces-empty"] == 37 - len(filled)
    assert (facts["rounds"], facts["resets"]) == (rounds_rolled(state), state.solo.resets)
    assert bool(facts["won"]) == bool(table.winner) and table.complete
    assert table.notes[0].startswith("solo game: LOST: 29 of 37")
