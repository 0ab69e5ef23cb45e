"""A legal verdict cites the rules that made it legal (issue 36 item 9), from the same checks
that would have refused it (``rules.passed``, called by the checks on ``engine.check``'s
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

from burgundy_cli.castles.rules import engine, recording
from burgundy_cli.castles.rules.citations import cited
from burgundy_cli.castles.modules import RESERVED
from burgundy_cli.castles.rules.commands import BuyCommand, DieCommand
from burgundy_cli.castles.rules.engine import free_change, worker_cost
from burgundy_cli.castles.movegen import legal_commands
from burgundy_cli.castles.playout import play_game
from burgundy_cli.castles.rules import RULES

#: Every pair of 2019 modules a record may switch on together, with the players it is played by.
#: Refused (docs/rulings.md): the team game with the border posts (a team board is no no. 11
#: duchy), the team game with the solo game, and the border posts in the solo game (no solo
#: duchy has posts).
REFUSED = {("border-posts", "team-game"), ("team-game", "solo-game"), ("border-posts", "solo-game")}
PAIRS = [pair for pair in combinations(RESERVED, 2) if pair not in REFUSED]

#: Rule id prefix -> the module whose rules they are: a verdict cites them only with it on.
_OWNER = {"cob.shield": "shields", "cob.solo": "solo-game", "cob.team": "team-game", "cob.inn": "inns",
          "cob.route": "trade-routes", "cob.border": "border-posts", "cob.white": "white-castles",
          "cob.tile29": "white-castles", "cob.crane": "extra-tiles", "cob.tile27": "extra-tiles",
          "cob.tile28": "extra-tiles", "cob.geese": "extra-tiles", "cob.extra": "extra-tiles"}


def _owner(rule_id: str) -> str | None:
    return next((module for prefix, module in _OWNER.items() if rule_id == prefix or rule_id.startswith(prefix + ".")),
                None)


def _verdict_rules(state, command) -> dict[str, str]:
    with recording() as rules:
        engine.check(state, command)
    return dict(rules)


def _check_verdicts(state) -> int:
    """Every twelfth listed line's verdict: the rules it cites are exactly the checks its line
    kind runs -- the turn and the die for a die line (``cob.die.workers`` exactly when workers
    change it), every placement rule the game asks for a placement and none for another action,
    the take's depot rule for a take only, the sale's for a sale only, the purchase's for a
    purchase and no die rule -- each rule of the game's modules only, each quoting the game's
    edition."""
    checked = 0
    commands = legal_commands(state)
    placement_ids = {rule.rule_id for rule in state.ruleset.placement}
    for command in commands[:: max(1, len(commands) // 12)]:
        rules = _verdict_rules(state, command)
        assert rules, command
        for rule_id in rules:
            assert rule_id in RULES
            ref = cited(RULES[rule_id], state.edition).ref
            assert ref.startswith(f"{state.edition} rules"), (rule_id, ref)
            assert _owner(rule_id) in (None, *state.ruleset.modules), (rule_id, command)
        if isinstance(command, DieCommand) and state.stage == "turn":
            player = state.players[state.seat(command.player)]
            assert {"cob.flow.turn-order", "cob.die.unused"} <= set(rules)
            value = command.rolled if command.value is None else command.value
            assert ("cob.die.workers" in rules) == (value != command.rolled and "cob.shield.16" not in rules), rules
            cost = worker_cost(player, command.rolled, value, free_change(player, command.action, state.options))
            if "cob.die.workers" in rules:
                assert (f"with {cost} worker" in rules["cob.die.workers"]) == (cost > 0), rules
            action = command.action
            plain = all(getattr(action, part, None) in (None, ()) for part in ("then", "buy", "bonus", "copy"))
            if plain:
                kind = action.kind
                assert (placement_ids & set(rules) == placement_ids) if kind == "place" else \
                    not placement_ids & set(rules), (command, rules)
                assert ("cob.take.depot" in rules) == (kind == "take"), (command, rules)
                assert ("cob.sell.none" in rules) == (kind == "sell"), (command, rules)
        if isinstance(command, BuyCommand):
            assert any(rule_id.startswith("cob.buy.") for rule_id in rules), rules
            assert not any(rule_id.startswith("cob.die.") for rule_id in rules), rules
        checked += 1
    return checked


@pytest.mark.parametrize("pair", PAIRS)
def test_a_legal_verdicts_rules_are_the_checks_that_ran(pair):
    """Issue 36, 'Done when': random legal games with every pair of modules switched on; a legal
    verdict's cited rules are exactly those whose checks ran, and no citation crosses editions."""
    seen = []

    def visit(session):
        if len(session.commands) % 9 == 0:
            seen.append(_check_verdicts(session.state))

    players = 1 if "solo-game" in pair else 4 if "team-game" in pair else 3
    play_game(players, 11, "2019", stop_after=40, visit=visit, modules=pair)
    assert sum(seen) > 10


def test_the_refused_pairs_are_refused():
    """The pairs left out above are those the setup refuses (a newly allowed pair joins the test)."""
    from burgundy_cli.castles.record.setup import SetupError

    for pair in REFUSED:
        with pytest.raises(SetupError):
            play_game(1 if "solo-game" in pair else 4, 1, "2019", stop_after=1, modules=pair)


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
    assert "die 2 changed to 3 with 1 worker tile (cob.die.workers)" in first
    assert any(line.startswith('  cob.die.workers: "') and "[2011 rules 'A player's turn'" in line for line in passages)
    payload = json.loads(runner.invoke(app, ["check", str(path), "Bob: take 2>3 cow3", "--json"]).stdout)
    assert [rule["id"] for rule in payload["rules"]] == ["cob.flow.turn-order", "cob.die.unused", "cob.die.value",
                                                        "cob.die.workers", "cob.take.depot"]


@pytest.mark.parametrize(("duchy", "storage", "space", "why"), [
    ({"c3": "bank"}, ["cow3"], "c2", "the limit is on buildings, and cow3 is none"),
    ({"e4": "bank"}, ["warehouse"], "f4", "no second warehouse in one city"),
    ({"e4": "bank", "c4": "k1"}, ["bank"], "f4", "knowledge tile 1 lifts the limit"),
])
def test_the_city_once_rule_says_why_it_held_for_the_tile_placed(duchy, storage, space, why):
    """2011 rules, 'Buildings' ("each type of building may only occur once in each city"; tile
    1 lifts it): a legal placement's verdict says why that rule held for the tile placed --
    an animal is no building, another type, or knowledge tile 1 -- not "no second cow3 in one
    city", which reads as a rule about cows."""
    from tests.castles.engine_kit import at_turn, cmd

    value = 4 if space == "c2" else 5  # (duchy 1: c2 shows 4, f4 5)
    state = at_turn("2011", players={"anna": {"dice": [value, 1], "storage": storage, "duchy": duchy}, "ben": {}})
    tile = storage[0]
    rules = _verdict_rules(state, cmd(kind="die", player="anna", rolled=value,
                                      action={"kind": "place", "tile": tile, "space": space}))
    assert rules["cob.place.city-once"] == why
