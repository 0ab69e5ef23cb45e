"""A refusal of one action within a line offers the whole line the rules accept instead.

A rule that judges one action (a placement, a take, a granted ``then`` action, the purchase
inside a placement) cannot name the whole line, so such refusals spelt their fix by hand --
``say 'place ... chicken2 shared ...'``, ``leave out the discard`` -- and the player had to put
it together. Such a refusal now carries the action it mended
(:class:`~burgundy_cli.castles.rules.commands.Mended`); the session puts it back into the line,
checks that line on the same position and, when the rules accept it, writes it whole:
``write `Cara: place 3 chicken2 shared e4` ``. A mended line the rules would refuse too is never
offered: the hint keeps its words.

Each case below is a real position of a record in records/, the line refused, the exact line
offered -- and that line then passes ``burgundy check``.
"""

from __future__ import annotations

import json

import pytest

from burgundy_cli.castles.notation import format_command, parse_line
from tests.conftest import RECORDS

GAMES = RECORDS / "castles-of-burgundy"
TEAM = GAMES / "complete-4p-2019-team.toml"


def _after(game, line: str) -> str:
    """The number of the line of ``game`` that is ``line`` (a quoted log line): ``--at`` it."""
    return str(next(number for number, text in enumerate(game.read_text().splitlines(), 1)
                    if text.strip() == f'"{line}",'))


def _refused(cli, game, at: str, line: str) -> tuple[str, str]:
    result = cli("check", str(game), "--at", at, "--json", line)
    assert result.exit_code == 1, result.stdout
    verdict = json.loads(result.stdout)
    return verdict["rule"], verdict["message"].split(" -- rule:")[0]


#: (record, the log line after which the line is typed -- or its number, for the positions a record
#: starts from and the solo game's ship below --, the line, the rule refusing it, the hint's end:
#: the whole line offered)
CASES = [
    # 2019 'THE TEAM GAME': "Hex tiles may not be moved from one storage to another."
    pytest.param(TEAM, "Dario: place 1>5 sheep2 shared rb1", "cara: place 3 chicken2 e4", "cob.team.stays",
                 "chicken2 is in the team's shared storage, not Cara's private one; "
                 "write `Cara: place 3 chicken2 shared e4`", id="team-placement-from-shared"),
    pytest.param(TEAM, "Anna: take 4 market", "anna: place 5>6 market shared rf1 then take chicken2 shared from 6",
                 "cob.team.stays", "market is in Anna's private storage, not the shared one; "
                 "write `Anna: place 5>6 market rf1 then take chicken2 shared from 6`", id="team-placement-from-private"),
    pytest.param(TEAM, "roll white 6 good 5, Anna 5 4, Ben 6 5, Cara 3 3, Dario 4 1",
                 "ben: place 6 castle shared rd4 then place k6 shared b5", "cob.team.stays",
                 "k6 is in Ben's private storage, not the shared one; "
                 "write `Ben: place 6 castle shared rd4 then place k6 b5`", id="team-granted-placement"),
    # 2019 'THE TEAM GAME': 2 private and 2 shared storage spaces; a discard only from a full one
    pytest.param(TEAM, "Dario: place 1>5 sheep2 shared rb1", "cara: take 3 ship discard chicken2",
                 "cob.team.storage", "Cara's private storage has a free space; nothing is discarded; "
                 "write `Cara: take 3 ship`", id="team-discard"),
    # 2019 'The buildings', 'Market': a ship or livestock tile from a numbered depot
    pytest.param(TEAM, "Anna: take 4 market", "anna: place 5>6 market rf1 then take chicken2 shared from 5",
                 "cob.building.take", "chicken2 lies in depot 6: "
                 "write `Anna: place 5>6 market rf1 then take chicken2 shared from 6`", id="granted-take-depot"),
    # 2019 'Take hex tile from game board': "you must first create space" -- only a full storage
    pytest.param(GAMES / "complete-3p-2019.toml", "roll white 4 good 3, Anna 6 4, Ben 1 3, Cara 1 4",
                 "anna: take 4 ship discard castle", "cob.storage.discard",
                 "Anna's storage has a free space; nothing is discarded; write `Anna: take 4 ship`", id="discard"),
    # 2019 'EXPANSIONS': shared storage is the team game's
    pytest.param(GAMES / "complete-3p-2019.toml", "roll white 4 good 3, Anna 6 4, Ben 1 3, Cara 1 4",
                 "anna: take 4 ship shared", "cob.module.off",
                 '[game.options] modules = ["team-game"] switches it on; else write `Anna: take 4 ship`',
                 id="shared-without-team"),
    # 2019 'EXPANSIONS', 'THE SOLO GAME': the order of the gains is the solo game's
    pytest.param(GAMES / "complete-3p-2019.toml", "Anna: sell 1", "ben: place 1>3 watchtower c3 order areas",
                 "cob.module.off", "write `Ben: place 1>3 watchtower c3`", id="order-outside-solo"),
    # 2019 'Place hex tile in your duchy': only geese score another livestock type
    pytest.param(GAMES / "complete-3p-2019.toml", "Anna: sell 1", "ben: place 1>3 watchtower c3 with sheep",
                 "cob.effect.none", "watchtower scores no other livestock type; "
                 "write `Ben: place 1>3 watchtower c3`", id="with-on-no-geese"),
    # 2019 'Crane (building/black)': only the crane triggers another building's effect
    pytest.param(GAMES / "complete-3p-2019.toml", "Anna: sell 1", "ben: place 1>3 watchtower c3 as bank",
                 "cob.crane.copy", "watchtower does not; write `Ben: place 1>3 watchtower c3`", id="as-on-no-crane"),
    # 2019 'Geese (livestock/black)': "one other type of livestock that is on the same pasture"
    pytest.param(GAMES / "rulebook-geese.toml", 28, "carla: place 2 geese b1 with pig",
                 "cob.geese.score", "no pig lies on the pasture of b1; on it: cow; "
                 "or write `Carla: place 2 geese b1`", id="geese-with-absent-type"),
    # 2019 'THE SOLO GAME': "there is no restriction for the number of different types (= colors) of goods"
    pytest.param(GAMES / "complete-1p-2019-solo.toml", 50, "anna: place 1 ship b3 goods 4 keep 4",
                 "cob.solo.goods", "nothing to keep; write `Anna: place 1 ship b3 goods 4`", id="solo-keep"),
    # 2019 'THE SHIELDS', 3): "you may pay tribute for your shields with workers instead of silver"
    pytest.param(GAMES / "complete-4p-2019-shields.toml", "Anna: shield 2>1 2>1 10 d4", "cara: tribute workers 1",
                 "cob.shield.3", "only shield 3, kept, lets tribute be paid with workers; write `Cara: tribute`",
                 id="tribute-workers-without-shield-3"),
]


@pytest.mark.parametrize(("game", "after", "line", "rule", "hint"), CASES)
def test_an_action_refused_offers_the_whole_line_the_rules_accept(cli, game, after, line, rule, hint):
    at = str(after) if isinstance(after, int) else _after(game, after)
    refused_by, said = _refused(cli, game, at, line)
    assert refused_by == rule
    assert said.endswith(hint)
    offered = said.rsplit("`", 2)[1]
    assert cli("check", str(game), "--at", at, offered).exit_code == 0


def test_the_positions_by_number_are_the_ones_meant():
    """The solo case's ``--at 50``: the line after it is the record's own ``place 1 ship b3 goods
    4``; the geese case's ``--at 28``: the start of the log, before Carla's own placement."""
    solo = (GAMES / "complete-1p-2019-solo.toml").read_text().splitlines()
    assert solo[50].strip() == '"Anna: place 1 ship b3 goods 4",'
    geese = (GAMES / "rulebook-geese.toml").read_text().splitlines()
    assert geese[27:29] == ["A1 = [", '    "Carla: place 2 geese b1",']


def test_a_mended_line_the_rules_refuse_too_is_not_offered(cli):
    """Cara's chicken2 lies in the shared storage, but e5 holds a watchtower: the line with
    ``shared`` would be refused (cob.place.empty), so no line is offered, only the words."""
    at = _after(TEAM, "Dario: place 1>5 sheep2 shared rb1")
    assert cli("check", str(TEAM), "--at", at, "cara: place 3 chicken2 shared e5").exit_code == 1
    rule, said = _refused(cli, TEAM, at, "cara: place 3 chicken2 e5")
    assert rule == "cob.team.stays"
    assert said.endswith("not Cara's private one; say 'place ... chicken2 shared ...'")
    assert "`" not in said


@pytest.mark.parametrize(("line", "part", "instead", "mended"), [
    ("anna: place 6 castle d4 then place carpenter c3 then take bank from 4",
     lambda cmd: cmd.action.then.then, lambda take: take.model_copy(update={"depot": 5}),
     "anna: place 6 castle d4 then place carpenter c3 then take bank from 5"),
    ("anna: place 3 carpenter c3 buy bank discard mine then place bank c4",
     lambda cmd: cmd.action.buy, lambda buy: buy.model_copy(update={"discard": None}),
     "anna: place 3 carpenter c3 buy bank then place bank c4"),
])
def test_the_mended_part_is_found_where_it_lies_in_the_line(line, part, instead, mended):
    """``with_part`` finds the refused action by identity at any depth -- a ``then`` chain, a
    purchase inside a placement -- and leaves the rest of the line as it was."""
    from burgundy_cli.castles.rules.commands import with_part

    command = parse_line(line, "2019")
    old = part(command)
    assert format_command(with_part(command, old, instead(old))) == format_command(parse_line(mended, "2019"))
    assert with_part(command, old.model_copy(), instead(old)) is None  # an equal copy is not the part
