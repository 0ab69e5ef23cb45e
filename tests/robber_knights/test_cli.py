"""The burgundy command line on Robber Knights records: exit codes, located errors, JSON."""

from __future__ import annotations

import json

import pytest

from tests.conftest import RECORDS
from tests.robber_knights.helpers import SETUP as BASE_SETUP

GAME_2P = str(RECORDS / "robber-knights" / "playout-2-players.toml")
EXAMPLE = str(RECORDS / "robber-knights" / "example-scoring-blue-1-red-2-yellow-3.toml")

SETUP = BASE_SETUP + """
[play]
moves = [
    "red: lay castle-plain e6 knights 2 east leave 1,1",
    "red: draw lake",
]
"""


def write(tmp_path, text, name="game.toml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_score_json(cli):
    result = cli("score", "--json", EXAMPLE)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [p["total"] for p in data["players"]] == [1, 2, 3]
    assert [p["rank"] for p in data["players"]] == [3, 2, 1]
    assert data["complete"] is False and data["winner"] == []  # a position, not a finished game


def test_score_text_shows_categories_and_knights_left(cli):
    result = cli("score", GAME_2P)
    assert result.exit_code == 0
    for word in ("castles", "villages", "towns", "knights left"):
        assert word in result.stdout


def test_score_of_several_records_says_each_game_by_place_as_castles_does(cli):
    """``score`` of several records, one line each: the players by place (red 13, blue 13 and
    yellow 21 sit in that order), as a Castles line lists them, so the winner named at the end
    is the first player said; a game in progress in the order of its totals so far, with no
    places (``core.render.by_place``, as ``archive list`` and the site write them)."""
    result = cli("score", "--jobs", "1", EXAMPLE, str(RECORDS / "robber-knights" / "playout-3-players.toml"))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{EXAMPLE}: yellow 3, red 2, blue 1; in progress",
        f"{RECORDS / 'robber-knights' / 'playout-3-players.toml'}: 1. yellow 21, 2. blue 13, 3. red 13; winner yellow"]


def test_check_legal_and_illegal(cli, tmp_path):
    path = write(tmp_path, SETUP)
    ok = cli("check", path, "Red lay TP d6")
    assert ok.exit_code == 0
    assert ok.stdout.startswith("legal: red: lay town-plain d6 -- ")
    bad = cli("check", "--json", path, "red: lay town-plain c6")
    assert bad.exit_code == 1
    assert json.loads(bad.stdout)["rule"] == "rk.lay.edge"


def test_check_legal_names_the_rules_it_passed_and_what_it_does(cli, tmp_path):
    """A legal verdict settles a dispute as a refusal does: each rule the line passed with why
    it held (``--why``: the rulebook's words and passage), and what the line does. Red's
    castle on g5 sends 4 knights south: 1 on it, 1 on the plain g6, 2 into the forest g7
    ('Moving the knights'); then red picks up a tile ('Laying 1 to 3 tiles')."""
    path = write(tmp_path, BASE_SETUP)
    lay = "red: lay castle-plain g5 knights 4 south leave 1,1,2"
    data = json.loads(cli("check", "--json", path, lay).stdout)
    assert data["legal"]
    assert [rule["id"] for rule in data["rules"]] == [
        "rk.turn.order", "rk.lay.hand", "rk.lay.area", "rk.lay.empty", "rk.lay.edge", "rk.knights.castle",
        "rk.knights.five", "rk.knights.supply", "rk.move.gap", "rk.move.lake", "rk.move.enter", "rk.move.minimum",
        "rk.move.max-four"]
    assert all(rule["ref"].startswith("Robber Knights rulebook, '") and rule["why"] for rule in data["rules"])
    assert data["effects"] == ["castle-plain on g5", "red 4 knights placed, 26 left, +3 points"]
    result = cli("check", "--why", path, lay, "red: draw plain")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == [
        f"after: {lay}",
        "legal: red: draw plain -- red is to move (rk.turn.order); red laid a tile and draws (rk.draw.after-lay); "
        "red's pile holds 3 plain (rk.draw.pile) -- red drew plain"]
    assert ("  rk.draw.pile: \"Each player's pile holds their own 24 landscape tiles less those laid and in hand: "
            in result.stdout)
    assert "[Robber Knights rulebook, 'Playing equipment' and 'Preparing the landscape tiles']" in result.stdout


def test_check_reads_a_line_without_the_players_name_as_the_table_session_does(cli, tmp_path):
    """A line typed without the player's name (``lay cp d6``) is the player to move's, at the
    table (``core.table``) and for ``burgundy check`` alike, through the same reading: check
    said "unknown action 'cp'" of it, taking ``lay`` for a player. A line that then does not
    read, or a rule refuses, is refused at its own column, counted in the line as typed (the
    cell it lacks; the cell refused)."""
    path = write(tmp_path, SETUP)
    ok = cli("check", path, "lay tp d6")
    assert ok.exit_code == 0, ok.stderr
    assert ok.stdout.startswith("legal: red: lay town-plain d6 -- ")
    short = cli("check", path, "lay tp")
    assert short.exit_code == 1
    assert short.stderr.startswith("burgundy: <move: lay tp>:1:7: cannot parse: ")
    assert "unknown action" not in short.stderr
    illegal = cli("check", path, "lay tp c6")  # c6 touches no laid tile: refused at c6 as typed
    assert illegal.stderr.startswith("burgundy: <move: lay tp c6>:1:8: illegal (rk.lay.edge): ")
    assert json.loads(cli("check", "--json", path, "lay tp c6").stdout)["rule"] == "rk.lay.edge"
    empty = cli("check", path, "")   # nothing typed: not read as the mover's line 'red: '
    assert empty.stderr.startswith("burgundy: <move: >:1:1: cannot parse: empty line")


def test_play_reads_a_line_without_the_players_name_as_check_and_the_table_do(cli, tmp_path):
    """One-shot ``burgundy play`` (and ``play --json``) reads ``lay tp d6`` as the player to
    move's, as ``check`` and the table session do (one reading, ``core.verdicts.as_typed``); a
    rule's refusal of such a line is placed at its word as typed, and nothing is written."""
    path = write(tmp_path, SETUP)
    before = open(path).read()
    refused = cli("play", path, "lay tp c6")
    assert refused.exit_code == 1
    assert refused.stderr.startswith("burgundy: <move 1: lay tp c6>:1:8: illegal (rk.lay.edge): ")
    assert open(path).read() == before
    played = cli("play", path, "lay tp d6")
    assert played.exit_code == 0, played.stderr
    assert played.stdout.startswith("recorded: red: lay town-plain d6")
    assert json.loads(cli("play", "--json", path, "draw plain").stdout)["verdicts"][0]["line"] == "red: draw plain"


def test_check_unknown_player_suggests(cli, tmp_path):
    result = cli("check", write(tmp_path, SETUP), "rd: lay town-plain d6")
    assert result.exit_code == 1
    assert "did you mean 'red'?" in result.stderr
    assert "Traceback" not in result.stderr


def test_check_unknown_tile_suggests(cli, tmp_path):
    result = cli("check", write(tmp_path, SETUP), "red: lay town-plian d6")
    assert result.exit_code == 1
    assert "did you mean 'town-plain'?" in result.stderr


@pytest.mark.parametrize(("record", "message"), [
    (lambda: SETUP.replace('"red: draw lake",', '"red: draw lake",\n    "red: lay castle-plain f4",'),
     "game.toml:16:15: illegal (rk.lay.hand)"),
    (lambda: SETUP.replace('"red: draw lake",', '"red: draw lake",\n    "red: lay town-plain d6 knigts 2",'),
     "game.toml:16:29: cannot parse: unexpected 'knigts'"),
    (lambda: open(GAME_2P, encoding="utf-8").read().replace("red = 13", "red = 14"), "disagrees with the replay"),
    (lambda: SETUP.replace('players = ["red", "blue"]', 'players = ["red", "blue"]\n[game.options]\npass-thru = true'),
     "did you mean 'pass-through'?"),
], ids=["illegal-line-located", "parse-error-at-token", "stored-result-disagrees", "unknown-option-suggests"])
def test_bad_record_is_one_located_line(cli, tmp_path, record, message):
    result = cli("score", write(tmp_path, record()))
    assert result.exit_code == 1
    assert message in result.stderr


def test_show_prints_coordinates_and_stacks(cli, tmp_path):
    result = cli("show", write(tmp_path, SETUP))
    assert result.exit_code == 0
    assert "CP:R" in result.stdout
    assert " 6 " in result.stdout and "e" in result.stdout.splitlines()[0]


def test_moves_agree_with_check(cli, tmp_path):
    path = write(tmp_path, SETUP)
    listing = json.loads(cli("moves", "--json", path).stdout)
    assert listing["player"] == "red"
    assert listing["moves"] and len(listing["moves"]) < 400
    for line in listing["moves"][::37]:
        assert cli("check", path, line).exit_code == 0


def test_moves_lists_a_tiles_cells_on_one_line(cli, tmp_path):
    """``moves`` writes the lines that differ only in the cell as one, the cells joined by
    ``|`` (as its help says: 'a tile's spaces on one line'); ``--all`` and ``--json`` every
    line. Red holds a castle-plain and a town-plain and may lay on 8 cells."""
    path = write(tmp_path, BASE_SETUP)
    every = json.loads(cli("moves", "--json", path).stdout)["moves"]
    cells = "f5|g5|e6|h6|e7|h7|f8|g8"
    text = cli("moves", path).stdout.splitlines()
    assert text[:5] == ["red to move:", "  lay castle-plain:", f"    red: lay castle-plain {cells}",
                        "  lay town-plain:", f"    red: lay town-plain {cells}"]
    assert f"    red: lay castle-plain {cells} knights 1" in text
    assert text[-1] == "(f5|g5: any one of those cells; 'burgundy moves --all' lists every line)"
    spread = []
    for line in text[1:-1]:
        if line.startswith("    "):
            words = line.strip().split(" ")
            spread += [" ".join(words[:3] + [cell] + words[4:]) for cell in words[3].split("|")]
    assert sorted(spread) == sorted(every) and len(text) < len(every)
    assert len(cli("moves", "--all", path).stdout.splitlines()) == len(every) + 4  # the header, 3 groups


def test_play_appends_and_fmt_is_stable(cli, tmp_path):
    path = write(tmp_path, SETUP)
    result = cli("play", path, "red: end")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "recorded: red: end -- turn passes to blue"
    formatted = cli("fmt", path)
    assert formatted.exit_code == 0
    assert formatted.stdout == open(path, encoding="utf-8").read()


def test_play_illegal_writes_nothing(cli, tmp_path):
    path = write(tmp_path, SETUP)
    before = open(path, encoding="utf-8").read()
    result = cli("play", path, "red: end", "red: end")
    assert result.exit_code == 1
    assert open(path, encoding="utf-8").read() == before


def test_playout_same_seed_same_bytes(cli, tmp_path):
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    assert cli("playout", "robber-knights", "--players", "3", "--seed", "9", "--out", str(first)).exit_code == 0
    assert cli("playout", "robber-knights", "--players", "3", "--seed", "9", "--out", str(second)).exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    assert cli("score", str(first)).exit_code == 0


def test_playout_stop_after(cli, tmp_path):
    out = tmp_path / "part.toml"
    assert cli("playout", "robber-knights", "-p", "4", "-s", "2", "-o", str(out), "--stop-after", "10").exit_code == 0
    data = json.loads(cli("score", "--json", str(out)).stdout)
    assert data["complete"] is False
    assert out.read_text().count('",\n') >= 10


def test_playout_edition_is_a_usage_error(cli, tmp_path):
    result = cli("playout", "robber-knights", "-p", "2", "-s", "1", "-o", str(tmp_path / "x.toml"), "-e", "2011")
    assert result.exit_code == 2


def test_fifth_player_is_rejected(cli, tmp_path):
    text = SETUP.replace('players = ["red", "blue"]', 'players = ["red", "blue", "a", "b", "c"]')
    result = cli("score", write(tmp_path, text))
    assert result.exit_code == 1
    assert "game.toml:3:1" in result.stderr and "2 to 4 players" in result.stderr


def test_wrong_composition_is_rejected(cli, tmp_path):
    text = SETUP.replace("blue:lake red:village-forest", "blue:lake red:lake").replace(
        'red = ["castle-plain", "town-plain"]', 'red = ["castle-plain", "lake"]')
    result = cli("score", write(tmp_path, text))
    assert result.exit_code == 1
    assert "red has 2 lake tiles" in result.stderr
    assert "game.toml:6:1" in result.stderr


def test_five_knights_on_a_tile_in_a_position(cli, tmp_path):
    text = """\
[game]
name = "robber-knights"
players = ["red", "blue"]

[position]
to-move = "red"
tiles = ["e5 red:castle-plain knights red,red,red,red,blue", "e6 blue:plain"]

[position.hands]
red = ["plain", "lake"]
blue = ["plain", "lake"]
"""
    result = cli("score", write(tmp_path, text))
    assert result.exit_code == 1
    assert "game.toml:7:11" in result.stderr and "at most 4" in result.stderr


def test_move_after_the_game_ended(cli):
    result = cli("check", "--json", GAME_2P, "red: end")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["rule"] == "rk.game.over"


def test_fmt_writes_lenient_lines_canonically_and_keeps_comments(cli, tmp_path):
    """Comments are kept as in a Castles log (core.replay): on a line, and on a line of their own."""
    text = BASE_SETUP + ('\n[play]\nmoves = [\n    "RED lay CP e6 k 2 right leave 1 1  # first castle",\n'
                         '    "#  her own idea",\n    "Red d lake",\n]\n')
    result = cli("fmt", write(tmp_path, text))
    assert result.exit_code == 0
    assert '"red: lay castle-plain e6 knights 2 east leave 1,1  # first castle",\n    "# her own idea",' \
        in result.stdout
    assert '"red: draw lake",' in result.stdout


def test_repeated_line_is_located_at_its_own_place(cli, tmp_path):
    """A bad line whose text also stands earlier in the log is reported where it is, not earlier."""
    text = (RECORDS / "robber-knights" / "playout-2-players.toml").read_text()
    first = text.index('    "red: end",\n')
    second = text.index('    "red: end",\n', first + 1)
    text = text[:second] + '    "red: end",\n' + text[second:]   # red ends a turn twice in a row
    result = cli("score", write(tmp_path, text))
    assert result.exit_code == 1
    bad_line = text[:second].count("\n") + 2
    assert f"game.toml:{bad_line}:6: illegal (rk.turn.order)" in result.stderr


LAYOUT = "red:castle-plain blue:lake / blue:plain red:plain"


@pytest.mark.parametrize("flags, said", [
    (["--layout", LAYOUT, "--hands", "red=castle-plain,blue=castle-plain plain"],
     "--hands: red must keep 1 castle tile and 1 other tile of the A group in hand (rulebook, 'Holding tiles "
     "in your hand') (e.g. red=castle-plain plain,blue=castle-forest mountains); nothing was written"),
    (["--layout", "red:castle-plain blue:lake / blue:plain blue:plain", "--hands",
      "red=castle-plain plain,blue=castle-plain plain"], "--layout: red has 1 tile in the starting layout, not 2"),
    (["--end", "--map", "", "--knights", "red=4,blue=5"],
     "--map: no tile given: the map at the end lists every tile laid; nothing was written "
     "(e.g. e6 red:castle-plain knights red,blue; f6 blue:plain)"),
    (["--end", "--map", " ; ", "--knights", "red=4,blue=5"], "--map: no tile given"),
])
def test_new_says_a_robber_knights_refusal_in_the_table_s_words(cli, tmp_path, flags, said):
    """``new`` refused a hand with the record's syntax ('a hand such as ["castle-plain",
    "lake"]'), an empty map as 'at least 1 item, not 0' (or, for --map "", as a --control
    answer never given), a one-tile layout as '1 tiles': each is said of its flag, in the
    words a player types there, as the Castles answers are."""
    result = cli("new", str(tmp_path / "game.toml"), "--game", "robber-knights", "--players", "red,blue", *flags)
    assert result.exit_code != 0 and said in result.output, result.output
    assert "[" not in result.output.split(": ", 1)[1] and not (tmp_path / "game.toml").exists()


def test_new_on_a_terminal_with_the_game_given_asks_the_rest(tmp_path, monkeypatch):
    """``burgundy new game.toml -g robber-knights -p Fay,Gus`` on a terminal asks the kind of
    record, the colours, the starting layout ('Starting Layout': each player's two A tiles) and
    the hands ('Holding tiles in your hand'): the terminal's prompt is made for the first of
    those questions. With the game given it was not made, and the kind of record's question
    stopped on an internal error (an AssertionError) before anything was asked."""
    from burgundy_cli.core import newrecord
    from burgundy_cli.core.newrecord import NewRecord, create

    answers = iter(["", "", "Fay:castle-plain Gus:lake / Gus:plain Fay:plain",
                    "Fay=castle-forest mountains,Gus=castle-plain plain", "", "", ""])
    asked: list[str] = []

    def read(question, choices):
        asked.append(str(question))
        return next(answers)

    monkeypatch.setattr(newrecord, "terminal_reader", lambda **options: read)
    path = tmp_path / "game.toml"
    create(str(path), NewRecord(game="robber-knights", players="Fay,Gus"), ask=True, say=lambda text: None)
    assert asked[0].startswith("record: log (log the game)")
    assert "Gus:lake" in path.read_text()


def test_check_of_a_line_without_a_name_once_no_one_is_to_move_asks_for_the_name(cli):
    """With no player to move (the game over) a line typed without a name (``lay cp d6``,
    ``end``) cannot be read as the mover's: ``check`` says that a line starts with the
    player's name, with the line named as the hint, where it said "unknown action 'cp'"
    (taking ``lay`` for a player) and "expected an action after 'end'"."""
    for typed in ("lay cp d6", "end"):
        result = cli("check", GAME_2P, typed)
        assert result.exit_code == 1
        assert f"<move: {typed}>:1:1: cannot parse: a line starts with the player's name (e.g. '" in result.stderr
        assert f": {typed}')" in result.stderr
