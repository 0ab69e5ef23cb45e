"""Issue 16, "What a table and an attacker found": each finding as a test that failed before its fix.

Every test runs the command line in-process (the ``cli`` fixture) or the notation reader,
and checks the one-line answer a user gets.
"""

from __future__ import annotations

import re
import shutil

import pytest

from burgundy_cli.castles.rules.citations import CITATIONS
from burgundy_cli.castles.notation import parse_line
from burgundy_cli.castles.rules import RULES, TEXTS
from burgundy_cli.core.errors import IllegalMoveError, ParseError
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"
OPENING_2011 = CASTLES / "opening-2p-2011.toml"
OPENING_2019 = CASTLES / "opening-3p-2019.toml"
COMPLETE_2011 = CASTLES / "complete-2p-2011.toml"
COMPLETE_2019 = CASTLES / "complete-3p-2019.toml"


def one_line(result) -> str:
    """The single stderr line of a failed command, checked to be one line without a traceback."""
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr


# --- item 1: a bare 'reveal' is a located parse error, never an internal error ------------------


@pytest.mark.parametrize("line", ["reveal", "reveal ", "rev", "reveal black", "goods", "roll", "roll white"])
def test_a_truncated_table_line_is_a_located_parse_error(cli, line):
    """Before: ``reveal`` alone raised ValueError in the canonical reader (exit 3)."""
    result = cli("check", str(OPENING_2011), line)
    assert result.exit_code == 1
    assert "cannot parse" in one_line(result) or "illegal" in result.stderr


def test_a_bare_reveal_in_a_record_is_located(cli, tmp_path):
    text = OPENING_2011.read_text(encoding="utf-8")
    path = tmp_path / "game.toml"
    path.write_text(text.replace('A1 = [\n', 'A1 = [\n    "reveal",\n', 1), encoding="utf-8")
    result = cli("score", str(path))
    assert result.exit_code == 1
    assert re.match(rf"^burgundy: {re.escape(str(path))}:\d+:\d+: cannot parse", one_line(result))


# --- item 2: the white die is never changed with workers ---------------------------------------


@pytest.mark.parametrize("line", ["roll white 3>4 good 5, anna 1 2", "roll 3->4 good 5, anna 1 2",
                                  "roll white 3 > 4, anna 1 2"])
def test_a_changed_white_die_is_refused_with_its_own_rule(line):
    """2011 'The five game rounds': 'can never be adjusted via worker tiles!'; 2019 the same
    passage: 'its result cannot be changed by using a worker!'. Before: the '>4' was dropped."""
    with pytest.raises(IllegalMoveError) as caught:
        parse_line(line)
    assert caught.value.rule.id == "cob.roll.white"
    assert caught.value.location.column == line.index("3") + 1


def test_the_changed_white_die_refusal_quotes_the_rule(cli):
    result = cli("check", str(OPENING_2019), "roll white 3>4 good 5, Carla 1 2, Dario 3 3, Emma 4 4")
    line = one_line(result)
    assert "illegal (cob.roll.white)" in line and TEXTS["cob.roll.white"]["2019"] in line
    assert "2019 rules" in line and "2011 rules" not in line


@pytest.mark.parametrize(("record", "edition", "players"), [(OPENING_2011, "2011", "Anna 1 2, Bob 3 3"),
                                                          (OPENING_2019, "2019", "Carla 1 2, Dario 3 3, Emma 4 4")])
@pytest.mark.parametrize("command", ["check", "play"])
def test_a_changed_white_die_is_refused_by_play_and_check_alike(cli, tmp_path, command, record, edition, players):
    """The white die refused as the line is read has no command to mend: ``play`` took the
    previous line's command, or none (before: internal error, exit 3). Both cite the record's
    own edition, placed at the white die on the move's line 1."""
    path = tmp_path / "game.toml"
    shutil.copy(record, path)
    before = path.read_bytes()
    move = f"roll white 3>4 good 5, {players}"
    result = cli(command, str(path), move)
    assert result.exit_code == 1
    line = one_line(result)
    assert ">:1:12: illegal (cob.roll.white)" in line and TEXTS["cob.roll.white"][edition] in line
    assert f"{edition} rules" in line and path.read_bytes() == before


def test_a_changed_white_die_in_a_record_is_located_at_it(cli, tmp_path):
    """A record's line read and refused as it is read: no fix from the line before it, placed
    in the file at the white die."""
    text = COMPLETE_2011.read_text(encoding="utf-8")
    rolled = re.search(r'"roll white (\d) ', text)
    path = tmp_path / "game.toml"
    path.write_text(text.replace(rolled.group(0), f'"roll white {rolled.group(1)}>1 ', 1), encoding="utf-8")
    result = cli("score", str(path))
    assert result.exit_code == 1
    number = text[:rolled.start()].count("\n") + 1
    column = rolled.start() - text.rfind("\n", 0, rolled.start()) + len('"roll white ')
    assert one_line(result).startswith(f"burgundy: {path}:{number}:{column}: illegal (cob.roll.white)")


# --- item 13: every refusal cites the record's own edition -------------------------------------


def test_every_rule_has_a_passage_in_each_edition():
    """Every rule the engine raises cites a passage of each edition, and only of that edition;
    a rule of a 2019 module (which a 2011 record cannot switch on) cites the 2019 rules only."""
    for rule_id in RULES:
        if rule_id.startswith("cob.correction"):
            continue  # the notation's own rule, no rulebook's
        if rule_id in CITATIONS["2011"]:
            assert CITATIONS["2011"][rule_id].startswith("2011 rules ") and "2019" not in CITATIONS["2011"][rule_id]
        else:
            assert "EXPANSIONS" in RULES[rule_id].ref and "2011" not in RULES[rule_id].ref, rule_id
        assert CITATIONS["2019"][rule_id].startswith("2019 rules ") and "2011" not in CITATIONS["2019"][rule_id]


#: Illegal lines that reach many different rules, in any position.
ILLEGAL_LINES = [
    "{p}: take 1 church", "{p}: take 6 ship from 2", "{p}: place 1 ship a1", "{p}: place 3 castle d4",
    "{p}: sell 4", "{p}: buy ship", "{p}: buy castle from 3 workers 2", "{p}: workers 6>3",
    "reveal 1 ship ship ship ship ship", "goods 1 1 1 1 1", "roll white 3 good 5, {p} 1 2",
    "roll white 3>4 good 5, {p} 1 2", "{p}: place 2 ship a1 goods 9", "{p}: pass", "fix {p} silver -99",
]


@pytest.mark.parametrize("record,edition,other", [(OPENING_2011, "2011", "2019"), (OPENING_2019, "2019", "2011"),
                                                  (COMPLETE_2011, "2011", "2019"),
                                                  (COMPLETE_2019, "2019", "2011")])
def test_refusals_cite_only_their_records_edition(cli, record, edition, other):
    import tomllib

    first = tomllib.loads(record.read_text("utf-8"))["game"]["players"][0]
    cited = 0
    for template in ILLEGAL_LINES:
        result = cli("check", str(record), template.format(p=first))
        if "illegal" in result.stderr:
            assert f"{other} rules" not in result.stderr, result.stderr
            cited += f"[{edition} rules" in result.stderr
    assert cited >= 3


# --- item 7: a complete game is over, a purchase included --------------------------------------


@pytest.mark.parametrize("record", [COMPLETE_2011, COMPLETE_2019])
def test_a_complete_game_accepts_no_purchase(cli, record, tmp_path):
    """docs/rulings.md 'No purchase after the last die of the game': 2011 'Game end', 2019 'End
    of the game'. Before: ``moves`` offered ``buy``, ``play`` accepted it, and the score dropped."""
    import tomllib

    path = tmp_path / record.name
    shutil.copy(record, path)
    players = tomllib.loads(path.read_text("utf-8"))["game"]["players"]
    moves = cli("moves", str(path))
    assert moves.exit_code == 0 and "buy" not in moves.stdout
    for player in players:
        for line in (f"{player}: buy ship", f"{player}: buy castle", f"{player}: pass"):
            checked = cli("check", str(path), line)
            assert checked.exit_code == 1 and "cob.flow.over" in checked.stderr
    played = cli("play", str(path), f"{players[-1]}: buy ship")
    assert played.exit_code == 1 and path.read_bytes() == record.read_bytes()
    assert tomllib.loads(path.read_text("utf-8"))["result"]["complete"] is True


def test_a_purchase_after_the_second_die_of_an_earlier_round_stays_legal(cli):
    """2011 'The central black depot': 'before, between or after the dice actions': the ruling
    ends only the last turn of the game with its last die."""
    result = cli("moves", str(OPENING_2011))
    assert "may still buy" in result.stdout


def test_parse_errors_stay_parse_errors():
    with pytest.raises(ParseError):
        parse_line("reveal")


# --- item 8: 'moves' says what the table owes -----------------------------------------------------


def fresh_record(tmp_path, source=OPENING_2011):
    """``source`` with its log removed: a game started from a setup, nothing played yet."""
    text = source.read_text(encoding="utf-8")
    path = tmp_path / "fresh.toml"
    path.write_text(text[:text.index("[log]")], encoding="utf-8")
    return path


def test_moves_before_a_phase_says_what_the_table_records(cli, tmp_path):
    result = cli("moves", str(fresh_record(tmp_path)))
    assert result.exit_code == 0 and "over" not in result.stdout
    assert "roll white <die> good <type>, Anna <die> <die>, Bob <die> <die>" in result.stdout
    assert "reveal" in result.stdout


def test_moves_json_before_a_roll_gives_the_due_line(cli, tmp_path):
    import json

    listing = json.loads(cli("moves", "--json", str(fresh_record(tmp_path))).stdout)
    assert listing["player"] is None and listing["moves"] == []
    assert listing["due"]["kind"] == "phase"


def test_moves_json_of_a_complete_game_says_over(cli):
    import json

    listing = json.loads(cli("moves", "--json", str(COMPLETE_2011)).stdout)
    assert listing["player"] is None and listing["due"]["kind"] == "over"


# --- item 12: hints that say the obvious fix -------------------------------------------------------


@pytest.mark.parametrize("typed,canonical", [
    ("anna: take 3 church, discard k3", "anna: take 3 church discard k3"),
    ("anna: take 3 church, from 3, discard k3", "anna: take 3 church from 3 discard k3"),
    ("anna: place 6 castle d4, then take church, from 3", "anna: place 6 castle d4 then take church from 3"),
    ("anna: buy castle, workers 2", "anna: buy castle workers 2"),
    ("anna: place 4 ship c3, goods 3, keep 2,5", "anna: place 4 ship c3 goods 3 keep 2 5"),
])
def test_commas_between_clauses_are_optional(typed, canonical):
    """docs/notation.md 'Forgiving input': commas between tiles or players are optional."""
    from burgundy_cli.castles.notation import format_command

    assert format_command(parse_line(typed)) == canonical


@pytest.mark.parametrize("typed", ["anna: take 3 church,", "anna: take 3 church, church"])
def test_a_comma_never_swallows_what_follows(typed):
    with pytest.raises(ParseError):
        parse_line(typed)


def test_a_roll_missing_a_player_names_only_what_is_wrong(cli):
    line = one_line(cli("check", str(OPENING_2011), "roll white 1, Anna 1 2"))
    assert "missing: Bob" in line and "unknown: -" not in line and "unknown" not in line


def test_a_stale_result_is_quoted_as_toml(cli, tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(OPENING_2011.read_text(encoding="utf-8").replace("complete = false", "complete = true"),
                    encoding="utf-8")
    line = one_line(cli("score", str(path)))
    assert "complete = true disagrees" in line and "gives false" in line and "True" not in line


def test_silverlings_are_counted_in_english():
    """Before: 'costs 2 silverling(s); needs 2 silverlings'."""
    from burgundy_cli.castles.rules import engine
    from tests.castles.engine_kit import at_turn, cmd

    state = at_turn(players={"anna": {"dice": [2, 5], "silver": 1}, "ben": {}})
    with pytest.raises(IllegalMoveError) as err:
        engine.check(state, cmd(kind="buy", player="anna", tile="ship"))
    assert err.value.rule.id == "cob.buy.silver"
    assert (err.value.message, err.value.hint) == ("a purchase costs 2 silverlings", "anna has 1")


# --- item 15: one line, located, escaped, cut -------------------------------------------------------


def test_check_errors_are_located_like_play(cli):
    line = one_line(cli("check", str(OPENING_2011), "Anna: take 7 church"))
    assert line.startswith("burgundy: <move: Anna: take 7 church>:1:12: cannot parse")


@pytest.mark.parametrize("move", ["An\nna: take 1 church", "Anna\u2028: take 1 church", "Anna: take 1 chu\x1b[31mrch"])
def test_raw_newlines_and_separators_are_escaped(cli, move):
    result = cli("check", str(OPENING_2011), move)
    line = one_line(result)
    assert "\u2028" not in line and "\x1b" not in line


def test_a_huge_number_is_cut(cli):
    line = one_line(cli("check", str(OPENING_2011), "roll white 1, Anna 1 2, Bob 1 " + "9" * 5000))
    assert len(line) < 600 and "(5000 characters)" in line


def test_usage_errors_are_one_line_not_a_box():
    import subprocess
    import sys

    for args in (["check", str(OPENING_2011), "-x"], ["show"], ["nosuch"], ["moves", "/nonexistent.toml"]):
        done = subprocess.run([sys.executable, "-m", "burgundy_cli", *args], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("burgundy: usage: "), done.stderr
        assert "╭" not in done.stderr


# --- item 16: no noise in the score table -------------------------------------------------------


def test_no_one_leads_at_nought_all(cli, tmp_path):
    result = cli("score", str(fresh_record(tmp_path)))
    assert "leading: no one yet" in result.stdout
    assert "position" not in result.stdout and "corrections" not in result.stdout


# --- item 6: 'then take church' without 'from' -----------------------------------------------------


def _granted_state(depots):
    from tests.castles.engine_kit import at_turn

    return at_turn("2011", players={"anna": {"dice": [3, 5], "storage": ["carpenter", "church"]},
                                    "ben": {"dice": [1, 1]}}, depots=depots, depot_goods={})


def test_a_granted_take_from_the_one_depot_offering_it_needs_no_from():
    """docs/notation.md writes 'then take <tile> [from <depot>]': with the tile in exactly one
    numbered depot, the depot is that one and the canonical line says it."""
    from burgundy_cli.castles.rules import engine
    from burgundy_cli.castles.record.clarify import with_granted_depots
    from burgundy_cli.castles.notation import format_command

    state = _granted_state({"2": ["k13", "castle"], "4": ["ship", "bank"], "6": ["church", "cow2"]})
    command = with_granted_depots(state, parse_line("anna: place 3 church c3 then take castle"))
    assert format_command(command) == "anna: place 3 church c3 then take castle from 2"
    engine.play(state, command)
    assert "castle" in state.players[0].storage


def test_a_granted_take_offered_by_several_depots_names_them():
    from burgundy_cli.castles.record.clarify import with_granted_depots
    from burgundy_cli.core.errors import AmbiguousMoveError

    state = _granted_state({"1": ["ship", "watchtower"], "2": ["k13", "castle"], "3": ["cow3", "market"],
                            "4": ["ship", "bank"], "5": ["mine", "k3"], "6": ["bank", "cow2"]})
    with pytest.raises(AmbiguousMoveError) as err:
        with_granted_depots(state, parse_line("anna: place 3 carpenter c3 then take bank"))
    assert "depots 4, 6" in err.value.message
    assert err.value.hint == "write 'then take bank from 4' or 'then take bank from 6'"
    # a depot whose reveal the record left out may hold it too: it counts
    state = _granted_state({"2": ["k13", "castle"], "4": ["ship", "bank"]})
    with pytest.raises(AmbiguousMoveError, match="depots 1, 3, 4, 6"):
        with_granted_depots(state, parse_line("anna: place 3 carpenter c3 then take bank"))


# --- item 12: the cheapest worker change for a die the player lacks --------------------------------


def test_a_missing_die_gets_the_cheapest_worker_change(cli, tmp_path):
    path = tmp_path / "game.toml"
    shutil.copy(OPENING_2011, path)
    assert cli("play", str(path), "roll white 2, Bob 5 6, Anna 1 1").exit_code == 0
    line = one_line(cli("check", str(path), "Bob: take 4 market"))
    assert "write 5>4 (1 worker tile)" in line  # (2011 'Worker tiles')
    line = one_line(cli("check", str(path), "Bob: take 4 mine"))  # (depot 4 holds no mine: no change fixes it)
    assert "write" not in line
    line = one_line(cli("check", str(path), "Bob: take 3 cow3"))
    assert "write 5>3 (2 worker tiles)" in line


@pytest.mark.parametrize("typed", ["anna: take 2 workers 6", "anna: take 2 workers", "anna: t 2 worker"])
def test_take_workers_points_at_the_workers_action(typed):
    """Before: 'unknown tile workers (did you mean carpenter?)'."""
    with pytest.raises(ParseError) as err:
        parse_line(typed)
    assert "carpenter" not in str(err.value) and "anna: workers 2" in str(err.value)


# --- item 11: a legal verdict says what the move costs and does ------------------------------------


@pytest.fixture
def rolled(cli, tmp_path):
    """The 2-player opening with round A4 rolled: Bob to move with dice 5 and 6, 4 workers."""
    path = tmp_path / "game.toml"
    shutil.copy(OPENING_2011, path)
    assert cli("play", str(path), "roll white 2, Bob 5 6, Anna 1 1").exit_code == 0
    return path


@pytest.mark.parametrize("move,said", [
    ("Bob: take 6>1 ship", "Bob: pays 1 worker tile: die 6 used as 1, 1 step (round the 6-1 wrap) [cob.die.workers], "
                           "stores ship from depot 1"),
    ("Bob: workers 5>4", "Bob: pays 1 worker tile: die 5 used as 4, 1 step [cob.die.workers], +2 worker tiles"),
    ("Bob: sell 6", "Bob: +1 silverling, +2 VP (goods-sold), sells 1 goods tile of type 6"),
    ("Bob: buy ship", "Bob: -2 silverlings, stores ship from the black depot"),
])
def test_a_legal_verdict_says_what_the_move_does(cli, rolled, move, said):
    """2011 'Worker tiles': 'Changing a die's result from 1 to 6 or from 6 to 1 is also
    permitted and also costs one worker tile'; 'Action: sell goods'; 'The central black depot'."""
    result = cli("check", str(rolled), move)
    assert result.exit_code == 0
    assert result.stdout.startswith(f"legal: {move} -- Bob is to move (cob.flow.turn-order); ")  # (the rules passed)
    assert result.stdout.endswith(f" -- {said}\n")


def test_the_verdict_json_lists_the_effects(cli, rolled):
    import json

    verdict = json.loads(cli("check", "--json", str(rolled), "Bob: take 6>1 ship").stdout)
    assert verdict["legal"] is True and verdict["effects"][0].startswith("Bob: pays 1 worker")


def test_effects_come_from_the_position_diff():
    """A placement that completes nothing: the tile leaves storage for its space; a ship's goods
    and its move on the bridge come from the states, whatever rule produced them."""
    from burgundy_cli.castles.rules import engine
    from burgundy_cli.castles.views.effects import line_effects
    from tests.castles.engine_kit import at_turn

    state = at_turn("2011", players={"anna": {"dice": [5, 3], "storage": ["ship"], "goods": {"1": 1}},
                                     "ben": {"dice": [1, 1]}},
                    depots={"2": ["k13", "castle"]}, depot_goods={"4": [4, 4]}, round=2)  # (2 rolls: 2 goods)
    command = parse_line("anna: place 5 ship d5 goods 4")
    after = state.copy()
    engine.play(after, command)
    [said] = line_effects(state, after, command)
    assert said.startswith("anna: ") and "places ship on d5" in said
    # (2011 rules 'Ship (blue)' 2.: the piece moves "on the turn order track", 2011's word for the bridge)
    assert "takes 2 goods tiles of type 4" in said and "moves on the turn order track" in said


# --- item 14: the colon is optional; a table's errors come all at once ----------------------------


@pytest.mark.parametrize("typed,canonical", [
    ("anna take 3 church", "anna: take 3 church"),
    ("Anna Maria place 5>4 ship c3 goods 6", "Anna Maria: place 5>4 ship c3 goods 6"),
    ("bob pass", "bob: pass"),
    ("anna t 3 church", "anna: take 3 church"),
    ("Bob buy ship", "Bob: buy ship"),
])
def test_the_colon_after_the_player_is_optional(typed, canonical):
    """Robber Knights reads 'red lay cp e4'; Castles now reads its lines the same way."""
    from burgundy_cli.castles.notation import format_command

    assert format_command(parse_line(typed)) == canonical


def test_every_bad_key_of_a_setup_is_reported_at_once(cli, tmp_path):
    path = tmp_path / "game.toml"
    path.write_text('[game]\nname = "castles-of-burgundy"\nedition = "2011"\nplayers = ["Anna", "Bob"]\n\n'
                    '[setup]\nboards = true\nstart_player = 7\nbogus = 1\n', encoding="utf-8")
    result = cli("score", str(path))
    lines = result.stderr.splitlines()
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert len(lines) == 4, result.stderr
    for line, (row, key) in zip(sorted(lines), [(6, "goods"), (7, "boards"), (8, "start_player"), (9, "bogus")]):
        assert line.startswith(f"burgundy: {path}:{row}:1: invalid record: [setup.{key}]"), line
    assert "a whole number, text in quotes or a table is wanted, not true" in result.stderr and "True" not in result.stderr


def test_every_bad_key_of_a_header_is_reported_at_once(cli, tmp_path):
    path = tmp_path / "game.toml"
    path.write_text('[game]\nname = "robber-knights"\nplayers = ["red", "blue"]\nbogus = 2\ndate = true\n',
                    encoding="utf-8")
    lines = cli("score", str(path)).stderr.splitlines()
    assert len(lines) == 2 and all(re.match(rf"burgundy: {re.escape(str(path))}:[45]:1: ", line) for line in lines)
