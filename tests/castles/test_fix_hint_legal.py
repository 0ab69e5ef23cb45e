"""The die a refusal offers for a die the player lacks makes a line every other rule accepts.

2011 rules 'A player's turn': "exactly two actions, one per die" (cob.die.unused) and 'Worker
tiles' (each changes a die by 1). Ben, with dice 5 and 3 and 1 worker tile, who typed ``take 4
k3`` was told ``write 3>4 (1 worker tile)`` -- and ``take 3>4 k3`` is refused next: depot 4
holds no k3 ('Action "Take six-sided tile from the game board"': "from the depot whose number
matches the die"). The change is offered only when the line with it passes every other rule
(with the workers it needs, when the player is short of them); a die used as rolled is
``write 3``, with no workers to count. A die's take refused at its depot is offered, the same
way, the die change to the depot the tile lies in.

The record: the 2011 two-player game of records/, at Ben's first turn (A1: depot 1 carpenter,
ship; 3 sheep2, church; 4 ship, church).
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import RECORDS

GAME = RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"
#: The line of the file after which Ben is to move with 5 and 3 (the A1 roll).
AT = str(next(number for number, line in enumerate(GAME.read_text().splitlines(), 1)
              if line.strip() == '"roll white 3 good 5, Anna 6 2, Ben 5 3",'))


@pytest.mark.parametrize(("line", "hint", "fixed"), [
    ("Ben: take 4 church", "write 3>4 (1 worker tile)", "Ben: take 3>4 church"),
    ("Ben: take 4 k3", None, None),               # k3 lies in depot 2 only
    ("Ben: take 1 carpenter", "3>1 would need 2 worker tiles, Ben has 1", None),
    ("Ben: take 1 church", None, None),           # depot 1 holds no church, whatever the workers
])
def test_a_missing_die_is_offered_only_a_change_the_line_then_passes(cli, line, hint, fixed):
    refused = cli("check", str(GAME), "--at", AT, "--json", line)
    verdict = json.loads(refused.stdout)
    assert refused.exit_code == 1 and verdict["rule"] == "cob.die.unused"
    said = verdict["message"].split(" -- rule:")[0]
    if hint is None:
        assert "write" not in said and "would need" not in said
        assert said.endswith("unused dice: 5, 3")
    else:
        assert said.endswith(f"unused dice: 5, 3; {hint}")
    if fixed is not None:
        assert cli("check", str(GAME), "--at", AT, fixed).exit_code == 0


@pytest.mark.parametrize(("line", "hint", "fixed"), [
    ("Ben: take 3 k3", "k3 lies in depot 2; write 3>2 (1 worker tile)", "Ben: take 3>2 k3"),
    ("Ben: take 5 sheep2", "sheep2 lies in depot 3; write 3", "Ben: take 3 sheep2"),
    ("Ben: take 3 carpenter", "carpenter lies in depot 1; 3>1 would need 2 worker tiles, Ben has 1", None),
])
def test_a_take_refused_at_its_depot_is_offered_the_die_for_the_depot_the_tile_lies_in(cli, line, hint, fixed):
    """'Action "Take six-sided tile from the game board"': "from the depot whose number matches
    the die". The hint named the depot and "the die used as 2"; it now names the die change
    that reaches it, as for a die the player lacks, and only one whose line is legal."""
    refused = cli("check", str(GAME), "--at", AT, "--json", line)
    verdict = json.loads(refused.stdout)
    assert refused.exit_code == 1 and verdict["rule"] == "cob.take.depot"
    assert verdict["message"].split(" -- rule:")[0].endswith(hint)
    if fixed is not None:
        assert cli("check", str(GAME), "--at", AT, fixed).exit_code == 0


@pytest.mark.parametrize(("line", "hint", "fixed"), [
    ("Ben: take 5 church from 4", "write 3>4 (1 worker tile)", "Ben: take 3>4 church"),
    ("Ben: take 5 carpenter from 1", "3>1 would need 2 worker tiles, Ben has 1", None),
    ("Ben: take 5 k3 from 4", None, None),          # depot 4 holds no k3, whatever the die
])
def test_a_die_used_as_another_number_than_its_action_names_is_offered_a_change_it_affords(cli, line, hint, fixed):
    """'Action "Take six-sided tile from the game board"': "from the depot whose number matches
    the die" (cob.die.value). A take naming depot 1 with a 5 was told "use the die as 1", which
    Ben's 1 worker tile cannot pay for (5 to 1 is 2 steps round the 6-1 wrap): the hint is now
    the cheapest change of a die Ben has, said as a line only when he affords it and the line
    then passes, and nothing when another rule would refuse it anyway."""
    refused = cli("check", str(GAME), "--at", AT, "--json", line)
    verdict = json.loads(refused.stdout)
    assert refused.exit_code == 1 and verdict["rule"] == "cob.die.value"
    said = verdict["message"].split(" -- rule:")[0]
    if hint is None:
        assert "use the die" not in said and "write" not in said and "would need" not in said
    else:
        assert said.endswith(f"; {hint}") and "use the die" not in said
    if fixed is not None:
        assert cli("check", str(GAME), "--at", AT, fixed).exit_code == 0


def test_a_take_refused_at_its_depot_is_offered_the_depot_its_dice_reach_cheapest(cli):
    """'Action "Take six-sided tile from the game board"': "from the depot whose number matches
    the die". The 2011 four-player game at B5: Anna, with dice 6 and 4 and no worker tile,
    types ``take 6 ship``; ships lie in depots 3 and 4. She was told the first, "ship lies in
    depot 3; 4>3 would need 1 worker tile", where her 4 takes the one in depot 4 for nothing."""
    game = RECORDS / "castles-of-burgundy" / "complete-4p-2011.toml"
    before = str(next(number for number, line in enumerate(game.read_text().splitlines(), 1)
                      if line.strip() == '"Anna: take 4 ship",') - 1)
    result = cli("check", str(game), "--at", before, "--json", "Anna: take 6 ship")
    refused = json.loads(result.stdout)
    assert result.exit_code == 1 and refused["rule"] == "cob.take.depot"
    assert refused["message"].split(" -- rule:")[0].endswith("ship lies in depots 3, 4; write 4")
