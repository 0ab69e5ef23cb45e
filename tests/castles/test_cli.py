"""The ``burgundy`` command line on Castles of Burgundy records: output shapes, exit codes,
atomic appends, and one located line (never a traceback) for every kind of bad input."""

from __future__ import annotations

import json
import re
import shutil
import tomllib

import pytest

from tests.castles.record_texts import OPEN_A1
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"
OPENING = CASTLES / "opening-2p-2011.toml"


@pytest.fixture
def opening(tmp_path):
    """A private copy of the hand-typed opening (Anna and Bob, 2011, after round A3)."""
    target = tmp_path / "game.toml"
    shutil.copy(OPENING, target)
    return target


def _one_error_line(result) -> str:
    assert "Traceback" not in result.output + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("burgundy: ")
    return lines[0]


def test_score_prints_a_table_per_category(cli) -> None:
    result = cli("score", str(OPENING))
    assert result.exit_code == 0
    assert "Anna" in result.stdout and "Bob" in result.stdout
    assert "area-phase-bonus" in result.stdout
    assert "total                13      2" in result.stdout


@pytest.mark.parametrize("path", sorted(CASTLES.glob("*.toml")), ids=lambda p: p.stem)
def test_score_json_is_one_object_whose_breakdowns_sum_to_the_totals(cli, path) -> None:
    result = cli("score", "--json", str(path))
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert {"game", "edition", "complete", "players", "winner"} <= set(payload)
    assert payload["game"] == "castles-of-burgundy"
    for player in payload["players"]:
        assert set(player) == {"name", "total", "rank", "breakdown"}
        assert sum(player["breakdown"].values()) == player["total"]


def test_check_legal_move_exits_0_with_the_canonical_line(cli) -> None:
    result = cli("check", str(OPENING), "ROLL W 1 G 4 anna 12 BOB 3 4")
    assert result.exit_code == 0
    assert result.stdout.strip() == ("legal: roll white 1 good 4, Anna 1 2, Bob 3 4 -- every player rolled two dice "
                                     "(cob.roll.players); the round's "
                                     "goods tile goes on the white die's depot (cob.roll.good)")


def test_check_illegal_move_names_the_rule_and_exits_1(cli) -> None:
    result = cli("check", "--json", str(CASTLES / "rulebook-animals-4-3.toml"), "anna: take 2 church")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["legal"] is False
    assert payload["rule"] == "cob.flow.turn-order"
    assert "Benno" in payload["message"]


def test_check_a_move_after_the_game_ended_is_illegal(cli) -> None:
    result = cli("check", "--json", str(CASTLES / "rulebook-tile-15.toml"), "dario: pass")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["rule"] == "cob.flow.over"


@pytest.mark.parametrize(("move", "expected"), [
    ("ana: workers 3", ":1:1: cannot parse: unknown player 'ana' (did you mean 'Anna'?)"),
    ("anna: take 3 chruch", ":1:14: cannot parse: unknown tile 'chruch' (did you mean 'church'?)"),
    ("anna: take 8 church", ":1:12: cannot parse: a die shows 1-6, found '8'"),
    ("anna: place 3 church c7", ":1:22: cannot parse: space 'c7' is off the board (row c has spaces c1..c6)"),
])
def test_check_unreadable_move_is_one_located_line(cli, move: str, expected: str) -> None:
    """A move on the command line is placed as a record's line is: ``<move: TEXT>:1:COLUMN``,
    the column of the word refused, as a refusal by a rule is (and Robber Knights' moves)."""
    result = cli("check", str(OPENING), move)
    assert result.exit_code == 1
    assert _one_error_line(result) == f"burgundy: <move: {move}>{expected}"


def test_show_draws_every_duchy_with_coordinates_and_the_depots(cli) -> None:
    result = cli("show", str(OPENING))
    assert result.exit_code == 0
    text = result.stdout
    assert "phase A, round 4 (the roll is due)" in text
    assert "turn order track: Bob > Anna" in text  # (a 2011 record: 'Ship (blue)' 2., "turn order track")
    assert "c3 BANK" in text and "d4 CASTLE" in text and "a1 L6" in text
    assert "depot 6" in text and "black" in text
    assert text.count("g4 ") == 2


def test_fmt_is_canonical_and_stable(cli, opening) -> None:
    first = cli("fmt", str(opening))
    assert first.exit_code == 0
    assert '"anna: take 6 bank"' not in first.stdout
    assert '"Anna: take 6 bank",' in first.stdout
    assert cli("fmt", "--write", str(opening)).exit_code == 0
    assert opening.read_text() == first.stdout
    assert cli("fmt", str(opening)).stdout == first.stdout


def test_play_appends_lines_in_their_round_group(cli, opening) -> None:
    result = cli("play", str(opening), "roll white 1 good 4, anna 1 2, bob 3 4", "bob: take 3 cow3")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[:2] == ["recorded: roll white 1 good 4, Anna 1 2, Bob 3 4 -- depot 1 +goods 4; white die 1",
                                          "recorded: Bob: take 3 cow3 -- Bob: stores cow3 from depot 3"]
    log = tomllib.loads(opening.read_text())["log"]
    assert log["A4"] == ["roll white 1 good 4, Anna 1 2, Bob 3 4", "Bob: take 3 cow3"]
    assert cli("score", str(opening)).exit_code == 0


def test_play_writes_nothing_when_a_line_is_illegal(cli, opening) -> None:
    before = opening.read_bytes()
    result = cli("play", str(opening), "roll white 1 good 4, anna 1 2, bob 3 4", "anna: take 1 cow3")
    assert result.exit_code == 1
    line = _one_error_line(result)
    assert "<move 2: anna: take 1 cow3>" in line and "illegal (cob.flow.turn-order)" in line
    assert opening.read_bytes() == before


def _write(tmp_path, text: str):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    return path




@pytest.mark.parametrize(("body", "where", "message"), [
    ('    "anna: take 6 chruch",\n]\n', "bad.toml:13:19:", "unknown tile 'chruch'"),
    ('    "bob: take 3 church",\n]\n', "bad.toml:13:6:", "illegal (cob.flow.turn-order)"),
    ('    "anan: take 6 bank",\n]\n', "bad.toml:13:6:", "cannot parse: unknown player 'anan' (did you mean 'Anna'?)"),
    ('    "anna: take 9 bank",\n]\n', "bad.toml:13:17:", "a die shows 1-6, found '9'"),
    ('    "anna: place 4 bank a9",\n]\n', "bad.toml:13:25:", "space 'a9' is off the board"),
    (']\nA3 = ["anna: take 6 bank"]\n', "bad.toml:14:8:", "belongs to round A1, but it is listed under A3"),
    (']\nZ9 = []\n', "bad.toml:14:1:", "key 'Z9' is not a round"),
    ('    "fix anna vp +1 \\"noted\\" oops",\n]\n', "bad.toml:13:31:", "unexpected 'oops'"),
    ('    "anna: workers 6",\n]\n\n[result]\ncomplete = false\nscores = {Anna = 5, Bob = 0}\n',
     "bad.toml:18:11:", "[result] scores.Anna = 5 disagrees with the replay, which gives 0"),
])
def test_bad_record_is_one_located_line_exit_1(cli, tmp_path, body: str, where: str, message: str) -> None:
    result = cli("score", str(_write(tmp_path, OPEN_A1 + body)))
    assert result.exit_code == 1
    line = _one_error_line(result)
    assert where in line and message in line


def test_record_needs_setup_or_position(cli, tmp_path) -> None:
    path = _write(tmp_path, '[game]\nname = "castles-of-burgundy"\nplayers = ["A", "B"]\n')
    result = cli("score", str(path))
    assert result.exit_code == 1
    assert "exactly one of [setup], [position] or [end]" in _one_error_line(result)


def test_moves_lists_lines_that_check_accepts(cli) -> None:
    path = str(CASTLES / "rulebook-animals-4-3.toml")
    result = cli("moves", "--json", path)
    assert result.exit_code == 0
    listing = json.loads(result.stdout)
    assert listing["player"] == "Benno"
    for move in listing["moves"][:: max(1, len(listing["moves"]) // 10)]:
        assert cli("check", path, move).exit_code == 0, move


@pytest.mark.parametrize("name", ["opening-2p-2011.toml", "rulebook-tile-7.toml"])
def test_show_output_snapshot(cli, snapshot, name: str) -> None:
    """The drawing users see (boards with coordinates, supplies, depots), pinned as text."""
    result = cli("show", str(CASTLES / name))
    assert result.exit_code == 0
    assert result.stdout == snapshot


@pytest.mark.parametrize("record", sorted(RECORDS.glob("*/*.toml")), ids=lambda path: path.stem)
def test_show_fits_a_terminal(cli, record) -> None:
    """``show`` of every shipped record (both games) fits 120 columns: long lists (a trade
    route, the solo game's removed tiles, VP categories, the legend) break between their items,
    and a team board is drawn one half above the other."""
    result = cli("show", str(record))
    assert result.exit_code == 0
    assert max(map(len, result.stdout.splitlines())) <= 120


def test_show_draws_a_team_board_half_above_half_with_its_seam(cli) -> None:
    """2019 rulebook, team game: the team board's halves share a space; ``show`` draws the
    right half under the left, its ``rd1`` marked as the left's ``d7``, and names the spaces
    that touch across the seam (read from the board's adjacency)."""
    result = cli("show", str(CASTLES / "complete-4p-2019-team.toml"))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    left, right = lines.index("  left half:"), lines.index("  right half:")
    assert left < right and lines[right + 4].startswith("rd1 = d7    rd2 ")
    assert lines[left + 4].startswith("d1 ") and " d7 " in lines[left + 4]
    assert "  the halves share d7 (rd1); spaces touching across them: c6-rc1, e6-re1" in lines


@pytest.mark.parametrize(("edit", "where", "message"), [
    (lambda t: t.replace('edition = "2011"', 'edition = "2015"'), ":3:1:", "unknown edition '2015'"),
    (lambda t: t.replace("[setup]\n", '[setup]\ncolour = "red"\n'), ":7:1:", "[setup.colour]: unknown field"),
    (lambda t: t.replace('"Bob"]', '"Bob", "Cy", "Di", "Ed"]'), ":4:1:", "played by 2 to 4 players, not 5"),
    (lambda t: t.replace("castles-of-burgundy", "castles-of-burgandy"), ":2:1:",
     "unknown game 'castles-of-burgandy' (did you mean 'castles-of-burgundy'?)"),
    (lambda t: t.replace("Bob = [4, 5, 6]", "Bob = [1, 1, 1]").replace("Anna = [1, 2, 3]", "Anna = [1, 1, 1]")
     .replace('"goods 1 2 3 4 5"', '"goods 1 1 2 3 4"'), ":11:6:", "illegal (cob.goods.count)"),
    (lambda t: t[:-30], ":12:12:", "not valid TOML"),
])
def test_bad_header_setup_or_counts_are_one_located_line(cli, tmp_path, edit, where: str, message: str) -> None:
    """Issue 6: unknown game/edition, extra fields, a fifth player, eight goods of one type,
    a truncated file -- each one located line with exit code 1."""
    result = cli("score", str(_write(tmp_path, edit(OPEN_A1 + "]\n"))))
    assert result.exit_code == 1
    line = _one_error_line(result)
    assert f"bad.toml{where}" in line and message in line


def test_show_after_the_game_gives_the_final_scoring(cli) -> None:
    result = cli("show", str(CASTLES / "rulebook-tile-15.toml"))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == ["The Castles of Burgundy (2011 edition), 2 players: game over",
                                              "final scoring: 1. Dario 12, 2. Carla 0; winner Dario"]


@pytest.mark.parametrize(("record", "said"), [
    ("complete-4p-2019-team", "final scoring: 1. team A: Dario 183 + Ben 174, 2. team B: Cara 226 + Anna 125; "
                              "winner team A (Dario + Ben)"),
    ("end-2p-2011-tie", "final scoring: 1. Ben 73, 2. Anna 73; winner Ben (tiebreak: Ben and Anna tie on 73 VP; "
                        "fewest empty estate spaces decides (Ben 24, Anna 26))"),
    ("complete-1p-2019-solo", "final scoring: Anna 210; solo game: LOST: 29 of 37 spaces filled after 25 of 25 rounds"),
])
def test_show_says_how_the_game_ended_as_the_picture_does(cli, record, said) -> None:
    """A finished game's ``show`` lists the players by place and how the game ended in the words
    of ``score`` and the picture's status line: a team game's winning team (2019 team game,
    "the team with the most victory points wins"; Cara's 226 is the highest single total), the
    tiebreak that decided a tie (2011 'Game end': "the player with the fewest empty spaces in
    the estate wins"), a solo game lost; it had read "winner Dario, Ben", "winner Ben" and
    "winner no one"."""
    from burgundy_cli.core.pictures import board_svg

    result = cli("show", str(CASTLES / f"{record}.toml"))
    assert result.exit_code == 0
    assert " ".join(line.strip() for line in result.stdout.splitlines()[1:4]).startswith(said)
    picture_text = " ".join(re.sub(r"<[^>]+>", " ", board_svg(str(CASTLES / f"{record}.toml"))).split())
    assert f"game over. {said}" in picture_text  # (its status line wrapped over several text lines)


def test_moves_lists_the_rulebook_cow_placement_before_it_is_played(cli, tmp_path) -> None:
    """The animals example's position without its log: the placement it records is listed."""
    text = (CASTLES / "rulebook-animals-4-3.toml").read_text("utf-8").split("[log]")[0]
    path = _write(tmp_path, text)
    listing = json.loads(cli("moves", "--json", str(path)).stdout)
    assert listing["player"] == "Benno"
    assert "Benno: place 1 cow4 b2" in listing["moves"]
    assert cli("check", str(path), "benno: place 1 cow4 b2").exit_code == 0


def test_show_when_the_phase_is_laid_out_but_not_yet_rolled(cli, tmp_path) -> None:
    """After a phase's reveals and goods, the next line is the roll, not a player's action."""
    text = (CASTLES / "opening-2p-2011.toml").read_text("utf-8")
    text = text[:text.index('    "roll white 2 good 1')] + "]\n"
    result = cli("show", str(_write(tmp_path, text)))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].endswith("phase A, round 1 (the roll is due)")


def test_moves_while_the_table_rolls_says_so_and_lists_what_a_player_may_say_meanwhile(cli, tmp_path) -> None:
    """2019 'THE SHIELDS', 'Important!': a tribute may be said ahead, outside the turn order.
    While the table owes the roll no one is to move: ``moves`` says the roll is due first,
    then the lines a player may say meanwhile; ``--json`` gives no player to move."""
    position = cli("show", str(CASTLES / "complete-4p-2019-shields.toml"), "--position", "--at", "A2")
    assert position.exit_code == 0
    path = tmp_path / "a2.toml"
    path.write_text(position.stdout, encoding="utf-8")
    result = cli("moves", str(path))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("no player moves now: the table rolls next: roll white <die>")
    assert lines[1] == "lines a player may say now:" and "    Anna: tribute" in lines
    listing = json.loads(cli("moves", "--json", str(path)).stdout)
    assert listing["player"] is None and listing["due"]["kind"] == "roll"
    assert "Anna: tribute" in listing["moves"]


def test_play_without_lines_or_a_terminal_on_a_finished_game_says_it_is_over(cli) -> None:
    """``burgundy play FILE`` in a script, FILE a finished game: what the person wants to know
    is that the game is over and how it ended, not how to call ``play`` (exit 0: nothing
    was asked that cannot be done); a result-only record the same."""
    for record in (CASTLES / "complete-2p-2011.toml", CASTLES / "end-2p-2011-tie.toml"):
        result = cli("play", str(record))
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith(f"{record}: the game is over, nothing is left to play; its final score:\n")
        assert "winner:" in result.stdout and result.stderr == ""


def test_play_without_lines_or_a_terminal_in_progress_says_what_is_due(cli, opening) -> None:
    """A game in progress stays a usage error (exit 2), now naming what is due next; a file
    that is not there is said as such, not as a usage of ``play``."""
    result = cli("play", str(opening))
    assert result.exit_code == 2
    assert _one_error_line(result).startswith("burgundy: usage: give the lines to play (next: A4 · roll due")
    missing = cli("play", str(opening.with_name("missing.toml")))
    assert missing.exit_code == 2 and "no such record file" in _one_error_line(missing)


def test_play_json_without_lines_is_the_play_object_of_what_is_due(cli, opening) -> None:
    """``burgundy play FILE --json`` with no lines is for a script: the object ``play --json``
    gives after lines -- no verdicts, nothing written, and what is due (``"over"`` for a finished
    game, not its score as text), exit 0; the record is not touched (not even made canonical)."""
    finished = json.loads(cli("play", str(CASTLES / "complete-2p-2011.toml"), "--json").stdout)
    assert finished == {"verdicts": [], "written": False, "due": finished["due"]} and finished["due"]["kind"] == "over"
    before = opening.read_bytes()
    result = cli("play", str(opening), "--json")
    assert result.exit_code == 0 and result.stderr == ""
    due = json.loads(result.stdout)
    assert (due["verdicts"], due["written"], due["due"]["kind"]) == ([], False, "roll")
    assert opening.read_bytes() == before
    missing = cli("play", str(opening.with_name("missing.toml")), "--json")
    assert missing.exit_code == 2 and "no such record file" in _one_error_line(missing)
