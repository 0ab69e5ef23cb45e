"""What ``check`` says of a 2019 module's lines: the rules each legal line passed, with their
2019 passages, and what the line did -- the tribute paid at a phase end, the solo game's VP
counter, the solo exchange, a team's phase-end income said once.

Each case is a line of a shipped record, checked at the position just before it (``--at``
the record line before it), so the verdict is the one the table would have had.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from burgundy_cli.cli import app

RECORDS = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy"


def _check(record: str, line: str, before: str | None = None, *extra: str) -> dict:
    """``check --json`` of ``line`` at the position just before the record's line ``before``
    (default: ``line`` itself, as the record has it)."""
    path = RECORDS / record
    text = path.read_text().splitlines()
    at = next(number for number, written in enumerate(text, start=1) if written.strip() == f'"{before or line}",')
    result = CliRunner().invoke(app, ["check", str(path), line, "--at", str(at - 1), "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# (record, line, rule ids its legal verdict must cite) -- 2019 rules, 'EXPANSIONS'
MODULE_LINES = [
    ("complete-4p-2019-all-modules.toml", "Cara: shield 1 2>1 1 d4",
     {"cob.shield.doubles", "cob.shield.depot", "cob.shield.castle", "cob.die.workers"}),
    ("shields-6-14-15-game-end.toml", "anna: shield borrow ben", {"cob.shield.6"}),
    ("complete-4p-2019-extra-tiles.toml", "Ben: hire 2 workers", {"cob.tile28", "cob.tile28.pay"}),
    ("crane-final-scoring.toml", "Anna: crane as bank", {"cob.crane.score"}),
    ("complete-1p-2019-solo.toml", "remove 4 ship", {"cob.solo.remove"}),
    ("complete-1p-2019-solo.toml", "Anna: solo place sheep3 g4", {"cob.solo.colour", "cob.place.colour"}),
    ("complete-1p-2019-solo.toml", "Anna: solo extra place castle a3 then take watchtower from 3",
     {"cob.solo.counter", "cob.castle.action", "cob.solo.river", "cob.take.depot"}),
    ("complete-1p-2019-solo.toml", "Anna: solo vp 1", {"cob.solo.vp"}),
    ("complete-1p-2019-solo.toml", "Anna: solo exchange 1 3 4 5 6 for k25", {"cob.solo.exchange", "cob.storage.full"}),
]


@pytest.mark.parametrize(("record", "line", "rules"), MODULE_LINES, ids=[case[1] for case in MODULE_LINES])
def test_a_module_lines_legal_verdict_names_the_rules_it_passed(record, line, rules):
    """A line only a 2019 module allows is legal by that module's rules ('EXPANSIONS'): its
    verdict cites them with their 2019 passages and says why each held, as a base-game line's
    does -- not only that the module is on (``cob.module.off``, whose text is about tiles)."""
    verdict = _check(record, line)
    cited = {rule["id"]: rule for rule in verdict["rules"]}
    assert rules <= set(cited), (line, list(cited))
    assert "cob.module.off" not in cited
    for rule in cited.values():
        assert rule["ref"].startswith("2019 rules"), rule
        assert rule["why"], rule


def test_a_tribute_line_says_what_the_player_pays_for():
    """2019 'THE SHIELDS', 'Important!': "At the end of each phase ... you must pay tribute for
    your shields! Each shield costs 1 silver": a tribute said ahead names the shields kept."""
    verdict = _check("complete-4p-2019-shields.toml", "Cara: tribute", "Anna: take 6 castle")
    why = {rule["id"]: rule["why"] for rule in verdict["rules"]}
    assert why["cob.shield.tribute"] == "Cara holds shield 4: pays for 4 at the phase end"
    dropped = _check("complete-4p-2019-shields.toml", "Cara: tribute drop 4", "Anna: take 6 castle")
    assert {rule["id"]: rule["why"] for rule in dropped["rules"]}["cob.shield.tribute"] == \
        "Cara holds shield 4: gives up 4, pays nothing"
