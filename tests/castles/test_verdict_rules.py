"""A legal verdict cites the rules that made it legal (issue 36 item 9), from the same checks
that would have refused it (``citations.passed``, called by the checks on ``engine.check``'s
one path), in the game's own edition.

A differential test over random legal games with every pair of the 2019 modules switched on:
for each line ``moves`` lists, the rules cited are those whose checks ran -- the die's checks
for a die line (``cob.die.workers`` exactly when workers change it), every placement rule the
game asks (``state.ruleset.placement``: 2019 'Place hex tile in your duchy') for a placement --
and no citation crosses editions.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.citations import cited, recording
from burgundy_cli.castles.rules.commands import DieCommand
from burgundy_cli.castles.rules.engine import free_change, worker_cost
from burgundy_cli.castles.movegen import legal_commands
from burgundy_cli.castles.playout import play_game
from burgundy_cli.castles.rules import RULES

MODULES = ("inns", "shields", "extra-tiles", "white-castles", "trade-routes")


def _verdict_rules(state, command) -> dict[str, str]:
    with recording() as rules:
        engine.check(state, command)
    return dict(rules)


def _check_verdicts(state) -> int:
    checked = 0
    commands = legal_commands(state)
    for command in commands[:: max(1, len(commands) // 12)]:
        rules = _verdict_rules(state, command)
        assert rules, command
        for rule_id in rules:
            assert rule_id in RULES
            ref = cited(RULES[rule_id], state.edition).ref
            assert ref.startswith(f"{state.edition} rules"), (rule_id, ref)
        if isinstance(command, DieCommand) and state.stage == "turn":
            player = state.players[state.seat(command.player)]
            assert {"cob.flow.turn-order", "cob.die.unused"} <= set(rules)
            value = command.rolled if command.value is None else command.value
            assert ("cob.die.workers" in rules) == (value != command.rolled and "cob.shield.16" not in rules), rules
            cost = worker_cost(player, command.rolled, value, free_change(player, command.action, state.options))
            if "cob.die.workers" in rules:
                assert (f"with {cost} worker" in rules["cob.die.workers"]) == (cost > 0), rules
            if command.action.kind == "place" and command.action.then is None and command.action.buy is None:
                asked = {rule.rule_id for rule in state.ruleset.placement}
                assert asked <= set(rules), (command, rules)
        checked += 1
    return checked


@pytest.mark.parametrize("pair", list(combinations(MODULES, 2)))
def test_a_legal_verdicts_rules_are_the_checks_that_ran(pair):
    seen = []

    def visit(session):
        if len(session.commands) % 7 == 0:
            seen.append(_check_verdicts(session.state))

    play_game(2, 11, "2019", stop_after=45, visit=visit, modules=pair)
    assert sum(seen) > 10


def test_a_2011_verdict_cites_the_2011_rules():
    """2011 'The five game rounds' and 'A player's turn': a 2011 game's legal verdicts cite
    its own rulebook only."""
    seen = []
    play_game(2, 3, "2011", stop_after=45, visit=lambda session: seen.append(_check_verdicts(session.state))
              if len(session.commands) % 7 == 0 else None)
    assert sum(seen) > 10


def test_check_prints_the_rules_passed_and_their_passages_under_why(tmp_path):
    """`check` names each rule passed (`die 2 unused (cob.die.unused)`), `--why` quotes them,
    `--json` gives them as `rules`."""
    import json
    import shutil
    from pathlib import Path

    from typer.testing import CliRunner

    from burgundy_cli.cli import app

    path = tmp_path / "game.toml"
    shutil.copy(Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy" / "opening-2p-2011.toml", path)
    runner = CliRunner()
    assert runner.invoke(app, ["play", str(path), "roll white 3 good 4, Anna 4 6, Bob 2 2"]).exit_code == 0
    result = runner.invoke(app, ["check", str(path), "Bob: take 2>3 cow3", "--why"])
    assert result.exit_code == 0
    first, *passages = result.stdout.strip().splitlines()
    assert "die 2 changed to 3 with 1 worker (cob.die.workers)" in first
    assert any(line.startswith('  cob.die.workers: "') and "[2011 rules 'A player's turn'" in line for line in passages)
    payload = json.loads(runner.invoke(app, ["check", str(path), "Bob: take 2>3 cow3", "--json"]).stdout)
    assert [rule["id"] for rule in payload["rules"]] == ["cob.flow.turn-order", "cob.die.unused", "cob.die.value",
                                                        "cob.die.workers", "cob.take.depot"]
