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


def _check(record: str, *lines: str, before: str | None = None) -> dict:
    """``check --json`` of the last of ``lines`` (those before it played first) at the position
    just before the record's line ``before`` (default: the last line, as the record has it)."""
    path = RECORDS / record
    text = path.read_text().splitlines()
    at = next(number for number, written in enumerate(text, start=1) if written.strip() == f'"{before or lines[-1]}",')
    result = CliRunner().invoke(app, ["check", str(path), *lines, "--at", str(at - 1), "--json"])
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
    ("complete-3p-2019-trade-routes.toml", "Ben: sell 5 bonus take mine from 5",
     {"cob.route.bonus", "cob.sell.none", "cob.take.depot"}),
    ("complete-4p-2019-team.toml", "Dario: take 3>1 ship shared", {"cob.team.storage", "cob.take.depot"}),
    ("complete-4p-2019-team.toml", "Dario: place 4 bank shared rd2", {"cob.team.stays", "cob.place.adjacent"}),
    ("complete-4p-2019-extra-tiles.toml", "Anna: place 6 crane f1 as city-hall then place k9 c4",
     {"cob.crane.copy", "cob.building.city-hall"}),
    ("complete-3p-2019-white-castles.toml", "Ben: place 5 white-castle f4 then take k6 from 1",
     {"cob.white.action", "cob.white.workers", "cob.take.depot"}),
    ("complete-3p-2019-inns.toml", "Anna: place 4 inn a3", {"cob.inn.area", "cob.place.colour"}),
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
    verdict = _check("complete-4p-2019-shields.toml", "Cara: tribute", before="Anna: take 6 castle")
    why = {rule["id"]: rule["why"] for rule in verdict["rules"]}
    assert why["cob.shield.tribute"] == "Cara holds shield 4: pays for 4 at the phase end"
    dropped = _check("complete-4p-2019-shields.toml", "Cara: tribute drop 4", before="Anna: take 6 castle")
    assert {rule["id"]: rule["why"] for rule in dropped["rules"]}["cob.shield.tribute"] == \
        "Cara holds shield 4: gives up 4, pays nothing"


# --- what a line did: the phase end's tribute, a team's income, the solo counter and exchange -----


def _position_before(tmp_path, record: str, line: str) -> Path:
    """The position just before the record's ``line``, as a record of its own (``show --position``)."""
    path = RECORDS / record
    at = next(number for number, written in enumerate(path.read_text().splitlines(), start=1)
              if written.strip() == f'"{line}",')
    result = CliRunner().invoke(app, ["show", str(path), "--position", "--at", str(at - 1)])
    assert result.exit_code == 0, result.output
    out = tmp_path / "position.toml"
    out.write_text(result.stdout)
    return out


TRIBUTES = ("end of phase A [cob.shield.tribute]: Anna pays 1 silver coin of tribute for shield 10, "
            "Cara pays 1 silver coin of tribute for shield 4, Dario pays 1 silver coin of tribute for shield 2")


def test_the_tribute_paid_at_a_phase_end_is_said_with_the_line_that_ended_the_phase():
    """2019 'THE SHIELDS', 'Important!': "At the end of each phase, before receiving silver from
    your mines, you must pay tribute for your shields! Each shield costs 1 silver. If you cannot
    or don't want to pay, you must remove that many shields". The line that ends phase A says
    who paid what for which shield, and by which rule; a shield given up ahead is said so."""
    verdict = _check("complete-4p-2019-shields.toml", "Anna: take 6 castle")
    assert verdict["effects"][-1] == TRIBUTES
    # (the tribute said once, as the phase end's: not as the line's too, nor as Cara's and Dario's)
    assert verdict["effects"] == ["Anna: stores castle from depot 6", TRIBUTES]
    ahead = _check("complete-4p-2019-shields.toml", "Cara: tribute drop 4", "Anna: take 6 castle")
    assert ahead["effects"][-1] == ("end of phase A [cob.shield.tribute]: Anna pays 1 silver coin of tribute for "
                                    "shield 10, Cara gives up shield 4 as said ahead, Dario pays 1 silver coin of "
                                    "tribute for shield 2")
    assert ahead["effects"] == ["Anna: stores castle from depot 6", ahead["effects"][-1]]  # (given up: said once)


def test_the_table_session_says_the_tribute_with_the_line(tmp_path):
    """The table session's "recorded: ..." says the tribute too: it is what the players pay then."""
    from burgundy_cli.core.table import TableSession

    table = TableSession(_position_before(tmp_path, "complete-4p-2019-shields.toml", "Anna: take 6 castle"))
    reply = table.play("Anna: take 6 castle")
    assert reply.accepted, reply.text
    assert reply.text.splitlines()[-1].startswith("recorded: Anna: take 6 castle -- Anna: stores castle from depot 6; ")
    assert TRIBUTES in reply.text
    table.close()


def test_a_phase_end_caused_by_the_other_team_says_a_teams_income_once():
    """2019 'THE TEAM GAME': all resources but private hex tiles are the team's, so the mines'
    income at the end of phase B (Dario's last die) reaches team B once: said once, as the
    team's, not once for each member's copy of it -- the note of the rule too (``cob.mine.income``)."""
    verdict = _check("complete-4p-2019-team.toml", "Dario: take 3>1 ship shared")
    assert not [effect for effect in verdict["effects"] if effect.startswith(("Anna", "Cara"))]  # (not the line's)
    assert sum(effect.startswith(("Ben", "Dario")) for effect in verdict["effects"]) == 1
    assert sum(effect.count("Anna and Cara receive") for effect in verdict["effects"]) == 1


def test_a_solo_line_says_where_the_vp_counter_moved_and_its_reset():
    """2019 'THE SOLO GAME', 'Playing the game': "When you reach the target victory point marker,
    place your counter back on the start space (any remaining victory points are lost), then
    move the target marker down 5 spaces" -- and VP bought move the counter too."""
    bought = _check("complete-1p-2019-solo.toml", "Anna: solo vp 1")
    assert bought["effects"] == ["Anna: -1 silver coin, +1 VP (solo-vp), moves the VP counter from 33 to 34 "
                                 "(target 50) [cob.solo.counter]"]
    reset = _check("complete-1p-2019-solo.toml", "Anna: place 1 church d3")
    assert reset["effects"] == ["Anna: +10 VP (area-phase-bonus), +1 VP (areas), places church on d3, moves the VP "
                                "counter from 45 to 0: it reached the target 50, so back to the start space (VP "
                                "beyond the target lost), target now 45, 1 extra dice action [cob.solo.counter]"]


def test_the_solo_exchange_says_what_was_given_for_what():
    """2019 'THE SOLO GAME': "you now (and only now!) have the option to exchange any 5 of your
    goods for a single hex tile from the central black depot. Place it face down". The verdict
    says the goods given and the tile taken, and the rules say why it held."""
    verdict = _check("complete-1p-2019-solo.toml", "Anna: solo exchange 1 3 4 5 6 for k25")
    assert verdict["effects"] == ["Anna: exchanges goods tiles 1 3 4 5 6 for k25 from the black depot face down "
                                  "(a black hex tile) [cob.solo.exchange]"]
    why = {rule["id"]: rule["why"] for rule in verdict["rules"]}
    assert why["cob.solo.exchange"] == ("Anna placed a ship this round, and gives 5 goods they hold (1 3 4 5 6) "
                                        "for k25 of the black depot")


def test_the_solo_exchange_refusal_says_the_condition_moves_lists_it_by():
    """docs/rulings.md, solo game, 'When the open choices are made': the ship's 5-goods exchange
    may come at any point after the ship in the same round (the record exchanges after its next
    die, and ``moves`` lists the exchange then). A refusal says that condition -- once for a
    ship placed this round -- not "only right after placing a ship", which the listing and the
    record contradict."""
    result = CliRunner().invoke(app, ["check", str(RECORDS / "complete-1p-2019-solo.toml"),
                                      "Anna: solo exchange 1 3 4 5 6 for k25", "--at", "A2", "--json"])
    assert result.exit_code == 1
    verdict = json.loads(result.stdout)
    assert verdict["rule"] == "cob.solo.exchange"
    assert "only once for a ship placed this round" in verdict["message"]
    path = RECORDS / "complete-1p-2019-solo.toml"
    at = path.read_text().splitlines().index('    "Anna: place 3 k20 a4",') + 1  # (the die after the ship)
    listed = CliRunner().invoke(app, ["moves", str(path), "--at", str(at)])
    assert "Anna: solo exchange 1 3 4 5 6 for k25" in listed.stdout


def test_a_team_line_says_whose_storage_in_the_teams_words():
    """2019 'THE TEAM GAME': "each team has 2 shared hex tile storage spaces ..., and each player
    has 2 private hex tile storage spaces". The shared storage is the team's, not a player's:
    a legal verdict says where the tile went or came from so."""
    taken = _check("complete-4p-2019-team.toml", "Dario: take 3>1 ship shared")
    why = {rule["id"]: rule["why"] for rule in taken["rules"]}
    assert why["cob.team.storage"] == "ship goes to the team's shared storage"
    assert "cob.place.stored" not in why
    placed = _check("complete-4p-2019-team.toml", "Dario: place 4 bank shared rd2")
    why = {rule["id"]: rule["why"] for rule in placed["rules"]}
    assert why["cob.team.stays"] == "bank is in the team's shared storage"
    assert "cob.place.stored" not in why


def test_a_module_line_in_a_game_without_its_module_is_refused_by_a_rule_about_lines():
    """2019 'EXPANSIONS': a module's rules are in play only with the module. A solo removal in a
    3-player game without it is refused by ``cob.module.off``, whose 2019 text speaks of a
    module's lines as well as its tiles (it spoke of tiles only)."""
    result = CliRunner().invoke(app, ["check", str(RECORDS / "opening-3p-2019.toml"), "remove 1 ship", "--json"])
    assert result.exit_code == 1
    verdict = json.loads(result.stdout)
    assert verdict["rule"] == "cob.module.off"
    assert "a 'solo-remove' line belongs to a 2019 module" in verdict["message"]
    assert "tile or line kind of a 2019 module" in verdict["message"]


#: A solo game's round with a reset's extra action open (2019 'THE SOLO GAME': "Immediately
#: after resetting the victory point counter you may carry out a dice action of your choice")
#: and a city hall in storage.
SOLO_EXTRA_OPEN = """\
[game]
name = "castles-of-burgundy"
edition = "2019"
players = ["Solo"]

[game.options]
modules = ["solo-game"]

[position]
phase = "A"
round = 2
to_move = "Solo"
white = 3

[position.depots]
1 = []
2 = []
3 = []
4 = []
5 = []
6 = []
black = ["castle", "mine"]

[position.players.Solo]
board = "13x"
start = "b1"
storage = ["city-hall"]
silver = 4
workers = 2
dice = [2, 5]
vp = 50

[position.solo]
counter = 0
target = 45
resets = 1
removed = ["ship", "bank"]
extra = 1
gained = true
"""


@pytest.mark.parametrize("line", ["solo extra place city-hall a2 buy mine then place mine b2",
                                  "solo place city-hall a2 buy mine then place mine b2"])
def test_a_purchase_inside_a_solo_line_is_the_players_whatever_the_names_case(tmp_path, line):
    """docs/notation.md, 'Words used in a line': a player's name is read in any case. A purchase
    written inside a line's placement names no one: the buyer is the line's player (2019 'The
    central "black depot"': "The purchase may be made at any time of the turn: before, during,
    between or after the two dice actions"). The solo game's extra action and colour tile judged
    the purchase as another player's when the name was typed in another case ("Solo is acting;
    solo cannot buy now", cob.buy.during) instead of judging the line."""
    path = tmp_path / "solo.toml"
    path.write_text(SOLO_EXTRA_OPEN)
    verdicts = []
    for name in ("Solo", "solo", "SOLO"):
        result = CliRunner().invoke(app, ["check", str(path), f"{name}: {line}", "--json"])
        verdict = json.loads(result.stdout)
        verdicts.append((result.exit_code, verdict.get("rule"), verdict.get("message")))
    assert verdicts[0][1] != "cob.buy.during"
    assert verdicts[1] == verdicts[2] == verdicts[0]
