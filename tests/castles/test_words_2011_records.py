"""A 2011 record reads in 2011's words everywhere a player sees it, not only in its refusals of lines.

2011 rules 'The player boards': "The estate, with a total of 37 spaces", "The estate's number
(Estate 1 is in the game 4 times, 2 to 9 once each)"; 'Game end': "the tied player with the
fewest empty estate spaces"; 'Game components': "Silverlings", "worker tiles" ('Action "Take
worker tiles"'); 'The yellow tiles': "The game includes 26 different yellow tiles". The 2019
rules say "duchy" ('Game setup':
"A duchy"), "silver coins"/"silver", "workers", and number the monastery tiles past 26 only in
its modules ('EXPANSIONS': tiles 27 and 28 the extra tiles, 29 the white castles). Each word is
asked of ``castles.rules.terms.WORDS`` for the record's edition: setup and ``[position]``/``[end]``
refusals, a result-only record's tiebreak, the reader's knowledge-tile numbers, ``show``,
``moves`` and a legal verdict's reasons.
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules import EDITIONS
from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

OPENING = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"
END = RECORDS / "castles-of-burgundy" / "end-2p-2011-tie.toml"
TILE_7 = RECORDS / "castles-of-burgundy" / "rulebook-tile-7.toml"
#: Each edition's word for the player board, and the other edition's, which it must not say.
BOARD = {"2011": ("estate", "duchy"), "2019": ("duchy", "estate")}


def _record(tmp_path, edition: str, text: str, name: str = "game.toml"):
    path = tmp_path / name
    path.write_text(text.replace('edition = "2011"', f'edition = "{edition}"'))
    return path


def _refused(cli, path) -> str:
    result = cli("score", str(path))
    assert result.exit_code != 0, result.stdout
    return result.stderr


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("change, says", [
    ("boards = 12", "the {edition} edition has no {duchy} 12 ({duchies}: 1, 2, 3,"),
    ('boards = 1\nstart = {Anna = "a1"}', "a1 is not a castle (dark-green) space of {duchy} 1"),
    ('boards = {Anna = 3, Bob = 3}', "the game has 1 copy of {duchy} 3, used by Anna, Bob"),
    ('boards = "zz"', "no {duchy} 'zz'"),
])
def test_a_setup_refusal_names_the_board_in_the_editions_word(cli, tmp_path, edition, change, says):
    """2011 'The player boards': "The estate's number (Estate 1 is in the game 4 times, 2 to 9
    once each)"; 2019 'Game setup': "A duchy"."""
    path = _record(tmp_path, edition, OPENING.read_text().replace("boards = 1", change, 1))
    said = _refused(cli, path)
    words = WORDS[edition]
    assert says.format(edition=edition, duchy=words["duchy"], duchies=words["duchies"]) in said
    assert BOARD[edition][1] not in said


@pytest.mark.parametrize("board", ["11x", "12a", "13x"])
def test_a_2019_module_board_in_a_2011_record_is_refused_as_such(cli, tmp_path, board):
    """2011 'The player boards': estates 1 to 9 ("Estate 1 is in the game 4 times, 2 to 9 once
    each"); the border-post (11a-11f), team (12a) and solo (13A/13B) boards are the 2019
    'EXPANSIONS'. Before, a 2011 record playing the solo or a team board was told "the game has
    1 copy of estate 13x"."""
    path = _record(tmp_path, "2011", OPENING.read_text().replace("boards = 1", f'boards = "{board}"', 1))
    said = _refused(cli, path)
    assert f"duchy {board} belongs to the 2019 edition's modules; this record is 2011 (estates: 1, 2," in said
    assert "copy of" not in said


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_space_off_the_board_is_said_in_words_right_for_both_editions(cli, tmp_path, edition):
    """A space name checked before the record's edition is known to the words ('h9')."""
    path = _record(tmp_path, edition, OPENING.read_text().replace("boards = 1", 'boards = 1\nstart = {Anna = "h9"}'))
    said = _refused(cli, path)
    assert "'h9' is not a space: a row a-g and a place 1-7, like c2" in said
    assert "duchy" not in said and "estate" not in said


def _pad(edition: str, anna: str, ben: str, final: str = "") -> str:
    return (f'[game]\nname = "castles-of-burgundy"\nedition = "{edition}"\nplayers = ["Anna", "Ben"]\n'
            f"{final}[final.scores.Anna]\ntotal = 180\n{anna}[final.scores.Ben]\ntotal = 180\n{ben}")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_result_only_records_tiebreak_speaks_its_edition(cli, tmp_path, edition):
    """2011 'Game end': "the tied player with the fewest empty estate spaces"; 2019 'End of the
    game': "the fewest unused hex spaces in their duchy" -- the figure a result-only record's tie
    is broken by, as a full record of the edition says it."""
    duchy, other = BOARD[edition]
    unknown = cli("score", str(_record(tmp_path, edition, _pad(edition, "", ""), "tie.toml")))
    assert f"tiebreak: fewest empty {duchy} spaces, then " in unknown.stdout
    assert f"the one with the fewest empty {duchy} spaces" in unknown.stdout
    decided = cli("score", str(_record(tmp_path, edition, _pad(edition, "tiebreak = 2\n", "tiebreak = 3\n"), "d.toml")))
    assert f" VP; fewest empty {duchy} spaces decides (Anna 2, Ben 3)" in decided.stdout
    too_many = _refused(cli, _record(tmp_path, edition, _pad(edition, "", "tiebreak = 40\n"), "many.toml"))
    assert f"a player has at most 36 empty {duchy} spaces: {'an' if edition == '2011' else 'a'} {duchy}'s 37" in too_many
    both = _refused(cli, _record(tmp_path, edition, _pad(edition, "", "", '[final]\nwinner = ["Anna", "Ben"]\n'),
                                 "both.toml"))
    assert f"(empty {duchy} spaces)" in both
    for said in (unknown.stdout, decided.stdout, too_many, both):
        assert other not in said


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_end_tables_vp_bounds_name_the_board_in_the_editions_word(cli, tmp_path, edition):
    """2011 'Additional rules for placing six-sided tiles' / 2019 'Additional rules for placing
    hex tiles': what the estate (duchy), sold goods and bonus tiles score, which an ``[end]``
    table's VP track is held to, both ways (at least, ``end_table``; at most, ``position_table``)."""
    duchy, other = BOARD[edition]
    text = END.read_text().replace("Ben has fewer empty duchy spaces", "Ben has fewer empty spaces")
    low = _refused(cli, _record(tmp_path, edition, text.replace("vp = 44", "vp = 1", 1), "low.toml"))
    assert f"the {duchy}, sold goods and bonus tiles have scored at least" in low
    assert f"goods tile sold and {WORDS[edition]['animal']} tile scored" in low
    high = _refused(cli, _record(tmp_path, edition, text.replace("vp = 44", "vp = 999", 1), "high.toml"))
    assert f"the {duchy}, sold goods and bonus tiles allow at most" in high
    assert f"what the {duchy}, sold goods and bonus tiles it shows" in high
    for said in (low, high):
        assert other not in said


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_end_without_its_bridge_notes_the_tie_in_the_editions_words(cli, tmp_path, edition):
    """2011 'Game end': "fewest empty estate spaces. Should there still be a tie, then the
    winning player is the tied player who went later in turn order"."""
    pad = (f'[game]\nname = "castles-of-burgundy"\nedition = "{edition}"\nplayers = ["Anna", "Ben"]\n'
           "[end.players.Anna]\nvp = 0\n[end.players.Ben]\nvp = 0\n")
    result = cli("score", str(_record(tmp_path, edition, pad)))
    duchy, other = BOARD[edition]
    assert f"level on VP and empty {duchy} spaces" in result.stdout and other not in result.stdout


def test_the_tiebreak_flags_help_is_right_for_both_editions(cli):
    """``new --tiebreak`` has no record, so no edition: its help names both words."""
    result = cli("new", "--help")
    assert "empty estate/duchy spaces" in " ".join(result.stdout.split())


@pytest.mark.parametrize("edition, modules, numbers", [
    ("2011", "", ("1-26", "k1..k26")),
    ("2019", "", ("1-26", "k1..k26")),
    ("2019", '["extra-tiles"]', ("1-28", "k1..k28")),
    ("2019", '["white-castles"]', ("1-26 and 29", "k1..k26 and k29")),
])
def test_a_knowledge_tile_number_out_of_range_names_the_records_own_numbers(cli, tmp_path, edition, modules,
                                                                             numbers):
    """2011 'The yellow tiles': "The game includes 26 different yellow tiles"; 2019 'The
    monastery tiles': "The game features 26 different yellow tiles", with 'EXPANSIONS' tiles
    27-28 (extra tiles) and 29 (white castles). The reader accepts every
    number the box has (a tile of a module not played is the rules' ``cob.module.off``); what
    its refusal says the numbers are is the record's."""
    text = OPENING.read_text()
    if modules:
        text = text.replace("[game]\n", f"[game]\noptions = {{modules = {modules}}}\n", 1)
    path = _record(tmp_path, edition, text)
    result = cli("check", str(path), "anna: take 2 k30")
    tile = WORDS[edition]["knowledge tile"]
    assert f"a {tile} is numbered {numbers[0]}, found 'k30'" in result.stderr
    assert f"(the tiles are {numbers[1]})" in result.stderr
    alone = cli("check", str(path), "anna: take 2 yellow")
    assert f"({numbers[1]})" in alone.stderr


def test_a_module_tile_in_a_2011_record_is_told_the_edition_its_module_needs(cli, tmp_path):
    """2011 'Game components': '164 six-sided tiles' (``cob.module.off``): tile 27 is the 2019
    extra tiles', which a 2011 record cannot switch on by its options alone."""
    path = _record(tmp_path, "2011", OPENING.read_text())
    said = cli("check", str(path), "anna: buy k27").stderr
    assert "cob.module.off" in said and '[game] edition = "2019" and [game.options] modules = ["extra-tiles"]' in said
    assert "switches it on" in cli("check", str(_record(tmp_path, "2019", OPENING.read_text(), "b.toml")),
                                   "anna: buy k27").stderr


def test_a_misspelt_tile_offers_no_tile_of_a_module_the_record_does_not_play(cli, tmp_path):
    """'black' in a 2011 record is not "did you mean 'black-hex'?" (the 2019 solo game's tile)."""
    said = cli("check", str(_record(tmp_path, "2011", OPENING.read_text())), "anna: take 4 black").stderr
    assert "unknown tile 'black'" in said and "black-hex" not in said


@pytest.mark.parametrize("edition", EDITIONS)
def test_show_and_moves_count_money_and_workers_in_the_editions_words(cli, tmp_path, edition):
    """2011 'Game components': "Silverlings", 'Action "Take worker tiles"'; 2019 "silver"
    ('THE SHIELDS': "you gain 1 silver"), "workers"."""
    path = _record(tmp_path, edition, OPENING.read_text())
    words = WORDS[edition]
    shown = cli("show", str(path)).stdout
    assert f"{words['silver']}: 2   {words['workers']}: 0" in shown
    assert f"black depot, 2 {words['silver']}:" in cli("moves", str(path)).stdout
    said = cli("check", str(path), "anna: take 4 workers").stderr
    assert f"taking 2 {words['workers']} is an action of its own" in said


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_castles_granted_worker_take_is_said_in_the_editions_words(tmp_path, edition):
    """2011 'Castle (dark green)': "carries out an additional action of his choice" -- here
    'Action "Take worker tiles"', which the legal verdict names "taking worker tiles"; 2019
    "taking workers"."""
    text = OPENING.read_text().replace('    "anna: take 2 k9",\n    "anna: place 2>1 k9 c4",\n', "")
    session = open_record(_record(tmp_path, edition, text))
    anna = session.state.players[0]
    anna.storage, anna.workers = ["castle"], 3
    line = "anna: place 2>4 castle a3 then workers"
    try:
        reasons = [rule["why"] for rule in session.rules_passed(line)]
    except IllegalMoveError as err:  # (the position is the opening's: say why if it ever changes)
        raise AssertionError(err.message) from None
    assert f"taking {WORDS[edition]['workers']} is an action the grant allows" in reasons


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_experienced_setups_note_names_the_boards_in_the_editions_word(cli, tmp_path, edition):
    """2011 'Those who know the game well': "each player receives a random player board" (an
    estate); 2019 'If you are already very familiar with the game': a duchy."""
    text = OPENING.read_text().replace("[game]\n", '[game]\noptions = {experienced-setup = "open"}\n', 1)
    text = text.replace("boards = 1", 'boards = {Anna = 1, Bob = 1}\nstart = {Anna = "d4", Bob = "d4"}')
    notes = cli("score", str(_record(tmp_path, edition, text))).stdout
    assert f"experienced setup: {WORDS[edition]['duchies']} dealt at random" in notes


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("change, says", [
    ("dice = [1, 5]\n", "dice = [1, 5]\nboard = 12\n"),
    ("dice = [1, 5]\n", 'dice = [1, 5]\nstart = "a1"\n'),
    ("dice = [1, 5]\n", 'dice = [1, 5]\ncrane = "mine"\n'),
], ids=["board", "start", "crane"])
def test_a_position_refusal_names_the_board_in_the_editions_word(cli, tmp_path, edition, change, says):
    """2011 'The player boards': "The estate, with a total of 37 spaces"; a ``[position]`` player's
    board, start castle and crane are refused in the record's word for it (2019 "duchy")."""
    path = _record(tmp_path, edition, TILE_7.read_text().replace(change, says, 1))
    said = _refused(cli, path)
    duchy, other = BOARD[edition]
    assert duchy in said and other not in said


#: A board of the record's own (``[duchies.home]``): estate No. 1's rows.
HOME = ('\n[duchies.home]\nrows = ["L6 C5 C4 Y3", "L2 L1 C6 Y5 B4", "L5 L4 B3 Y1 B2 B3", "S6 S1 S2 C1 S5 S4 S1", '
        '"B2 B5 M4 B3 B1 L2", "B6 M1 Y2 B5 B6", "M3 Y4 Y1 B3"]\n\n[log]')


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_records_own_board_is_noted_in_the_editions_word(cli, tmp_path, edition):
    """A board the record defines is noted under its map and in the score ("estate home is the
    record's own") as the edition names a player board."""
    text = OPENING.read_text().replace("boards = 1", 'boards = {Anna = "home", Bob = 1}').replace("\n[log]", HOME)
    path = _record(tmp_path, edition, text)
    duchy, other = BOARD[edition]
    for command in ("score", "show"):
        said = cli(command, str(path)).stdout
        assert f"{duchy} home is the record's own (no source given)" in said and other not in said
