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

from burgundy_cli.core.record import dump_record, parse_record_text, read_record
from burgundy_cli.core.session import open_doc, open_record

RECORDS = Path(__file__).parents[2] / "records" / "castles-of-burgundy"
HAND_SCORED = sorted(RECORDS.glob("*.hand-scored.md"))
_ROW = re.compile(r"^\| `([a-z-]+)` \|(.*)$")
#: The team game's ledger: record line | round | player | `move` | VP by category | why |
_LEDGER = re.compile(r"^\| (\d+) \| [A-E][1-5] \| (\w+) \| `(.+?)` \| ([a-z-]+ \d+(?:, [a-z-]+ \d+)*) \| .+ \|$")
TEAM_GAME = RECORDS / "complete-4p-2019-team.hand-scored.md"


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


def ledger(path: Path) -> dict[int, tuple[str, str, dict[str, int]]]:
    """``{record line: (player, move, {category: VP})}`` of each row of the ledger of ``path``:
    the VP each line of the log scores during play, worked out by hand."""
    rows = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _LEDGER.match(line)
        if match:
            number, player, move, points = match.groups()
            rows[int(number)] = (player, f"{player}: {move}", {
                category: int(vp) for category, vp in (part.rsplit(" ", 1) for part in points.split(", "))})
    return rows


def test_the_team_games_ledger_adds_up_to_its_table():
    """2019 rules, 'THE TEAM GAME': the VP track is each player's ("These are used as usual by the
    individual players"), so the VP a line scores during play are its player's. The ledger's sums
    per player are the table's rows for every category scored during play, the split between
    teammates included (the engine's breakdown is compared with the table above)."""
    table, rows = hand_table(TEAM_GAME), ledger(TEAM_GAME)
    sums: dict[str, dict[str, int]] = {name: {} for name in table}
    for player, _, points in rows.values():
        for category, vp in points.items():
            sums[player][category] = sums[player].get(category, 0) + vp
    scored = {category for _, _, points in rows.values() for category in points}
    assert scored == {"areas", "area-phase-bonus", "animals", "watchtowers", "goods-sold", "colour-bonus"}
    for name, categories in table.items():
        assert {category: sums[name].get(category, 0) for category in scored} == {
            category: categories[category] for category in scored}, name


def test_the_team_games_ledger_matches_the_engine_line_by_line():
    """Each line of the team game's log scores, in the engine, exactly the VP the hand ledger gives
    it, for the player it names (areas by size and phase, livestock on placement, 4 VP a goods
    tile sold with 4 players, the colour bonus, watchtowers: 2019 rules as the ledger quotes
    them), and no line it leaves out scores during play: equal sums cannot hide two errors."""
    doc = read_record(TEAM_GAME.with_name("complete-4p-2019-team.toml"))
    start = {key: value for key, value in doc.data.items() if key not in ("log", "result")}
    session = open_doc(parse_record_text(dump_record(start), "start.toml"))
    engine = {}
    for group, lines in doc.data["log"].items():
        for index, text in enumerate(lines):
            before = {player.name: dict(player.vp) for player in session.state.players}
            session.play_logged(text, group)
            for player in session.state.players:
                gained = {category: vp - before[player.name].get(category, 0)
                          for category, vp in player.vp.items() if vp != before[player.name].get(category, 0)}
                if gained:
                    engine[doc.location_of_key("log", group, index).line] = (player.name, text, gained)
    assert engine == ledger(TEAM_GAME)


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
    from burgundy_cli.castles.rules.boards import space_name
    from burgundy_cli.castles.rules.solo_standing import rounds_rolled

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
