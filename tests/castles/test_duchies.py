"""Duchies a record defines (``[duchies.<id>]``) and the provisional 2019 module duchies shipped as data.

2019 rulebook, "New duchies (nos. 11a - 11f)": "every player receives a no. 11 duchy"; the
component list: "6 additional duchies (11a-11f)", "2x4 additional duchies (12a1 & 12a2 + 12b1
& 12b2)"; "THE SOLO GAME": "side 13A is for beginning players, side 13B is for advanced
players". Only one no. 11 duchy (its letter unreadable), team board 12a and one solo side are
known, from the rulebook's pictures: a record must be able to state the others.
"""

from __future__ import annotations

import json

import pytest

from burgundy_cli.castles.rules.boards import (ROW_LENGTHS, provisional_board, provisional_ids, provisional_layouts,
                                        space_id)
from burgundy_cli.castles.record.setup import SetupError, duchy_definitions
from burgundy_cli.castles.record.setup_table import state_from_setup
from burgundy_cli.castles.views.svg import POST_FILL
from tests.castles.engine_kit import header

#: The pictured border-post duchy's layout, as the record of a player who owns that duchy would type it.
ROWS = ["C6 B5 B4 C3", "Y2 Y1 Y6 Y5 Y4", "S5 L4 B3 B1 S2 L3", "B6 S1 B2 C6 B5 L4 M1", "B2 S5 B4 B3 L1 M2",
        "B6 S1 Y2 L5 C6", "M3 S4 L1 B3"]
POSTS = [["b1", "c1"], ["b5", "c6"], ["g2", "g3"]]

RECORD = """[game]
name = "castles-of-burgundy"
edition = "2019"
players = ["Ann", "Ben"]

[setup]
boards = {{Ann = "11x", Ben = "home"}}
start = {{Ann = "f1"}}
goods = {{Ann = [1, 1, 4], Ben = [2, 3, 5]}}

[duchies.home]
rows = {rows}
posts = {posts}
source = "a test's own duchy"
"""


def record(rows=None, posts=None, **extra: str) -> str:
    text = RECORD.format(rows=json.dumps(ROWS if rows is None else rows), posts=json.dumps(POSTS if posts is None
                                                                                          else posts))
    return text + "".join(f"{key} = {value}\n" for key, value in extra.items())


def definition(**table) -> dict:
    table.setdefault("rows", ROWS)
    return duchy_definitions({"home": table}, "2019")["home"]


def test_a_record_defines_a_duchy_and_plays_it():
    """A [duchies.<id>] table is a duchy like a printed one: its spaces, areas, border posts and start."""
    duchy = definition(posts=POSTS, start="f5", source="a photo of our copy", confidence="high")
    assert duchy.colour[space_id("d4")] == "C" and duchy.die[space_id("d4")] == 6
    assert duchy.posts == ((space_id("b1"), space_id("c1")), (space_id("b5"), space_id("c6")),
                           (space_id("g2"), space_id("g3")))
    assert duchy.start == space_id("f5") and duchy.rows() == ROWS
    state = state_from_setup(header(2, "2019"), {"boards": {"anna": "home", "ben": "11x"}, "goods": {
        "anna": [1, 2, 3], "ben": [4, 5, 6]}, "start": {"ben": "a1"}}, {"home": duchy})
    assert state.players[0].duchy[space_id("f5")] == "castle"
    assert state.players[1].board is provisional_board("11x")


@pytest.mark.parametrize(("table", "path", "message"), [
    ({"rows": ROWS[:6]}, ("duchies", "home", "rows"), "at least 7 items, not 6"),
    ({"rows": [*ROWS[:3], "B6 S1 B2 C6 B5 L4", *ROWS[4:]]}, ("duchies", "home", "rows", 3), "row d has 6 spaces"),
    ({"rows": [*ROWS[:3], "B6 S1 B2 C6 B5 L4 X1", *ROWS[4:]]}, ("duchies", "home", "rows", 3),
     "'X1' (d7) is not a space"),
    ({"rows": [*ROWS[:3], "B6 S1 B2 C6 B5 L4 M7", *ROWS[4:]]}, ("duchies", "home", "rows", 3),
     "'M7' (d7) is not a space"),
    ({"rows": [row.replace("C", "B") for row in ROWS]}, ("duchies", "home", "rows"), "no dark-green space"),
    ({"start": "d3"}, ("duchies", "home", "start"), "d3 is not a dark-green space"),
    ({"posts": [["b1", "c1"], ["b5", "c6"]]}, ("duchies", "home", "posts"), "2 border posts; a border-post duchy"),
    ({"posts": [["b1", "c1"], ["b5", "c6"], ["d4"]]}, ("duchies", "home", "posts", 2), "d4 is not on the duchy's edge"),
    ({"posts": [["b1", "c1"], ["b5", "c6"], ["g1", "g3"]]}, ("duchies", "home", "posts", 2), "are not neighbours"),
    ({"posts": [["b1", "c1"], ["c1", "d1"], ["g2", "g3"]]}, ("duchies", "home", "posts"), "two border posts touch c1"),
    ({"posts": [["b1", "c1"], ["b5", "c6"], ["g2", "h3"]]}, ("duchies", "home", "posts", 2, 1),
     "'h3' is not a space: a row a-g"),
    ({"colour": "blue"}, ("duchies", "home", "colour"), "unknown field"),
])
def test_a_bad_duchy_is_refused_at_its_key(table, path, message):
    """Validated on load: space count and shape, colours and dice in range, a start castle
    space, border posts on the edge (the 2019 rulebook's picture: each post stands outside the
    hexagon, beside two edge spaces)."""
    with pytest.raises(SetupError) as info:
        definition(**table)
    assert info.value.path == path and message in str(info.value)


def test_duchy_ids_and_editions():
    """The record's own ids may not hide a shipped duchy; the 11x duchy is a 2019 component."""
    with pytest.raises(SetupError) as info:
        duchy_definitions({"11x": {"rows": ROWS}}, "2019")
    assert info.value.path == ("duchies", "11x")
    with pytest.raises(SetupError) as info:
        state_from_setup(header(2, "2019"), {"boards": {"anna": "nope", "ben": 1}, "goods": {
            "anna": [1, 2, 3], "ben": [4, 5, 6]}})
    assert info.value.path == ("setup", "boards", "anna") and "no duchy 'nope'" in str(info.value)
    with pytest.raises(SetupError) as info:
        state_from_setup(header(2, "2011"), {"boards": {"anna": "11x", "ben": 1}, "goods": {
            "anna": [1, 2, 3], "ben": [4, 5, 6]}, "start": {"anna": "a1"}})
    assert "belongs to the 2019 edition" in str(info.value)
    with pytest.raises(SetupError) as info:  # 11x has no dark-green centre: the start must be named
        state_from_setup(header(2, "2019"), {"boards": {"anna": "11x", "ben": 1}, "goods": {
            "anna": [1, 2, 3], "ben": [4, 5, 6]}})
    assert info.value.path == ("setup", "start", "anna")


def test_shipped_provisional_duchies_hold_the_printed_invariants():
    """Every printed 37-space duchy has 12 beige, 6 yellow, 6 blue, 6 light-green, 4 dark-green
    and 3 grey spaces and the same dice (data/SOURCES.md, "Cross-checks"); the team board's two
    halves share one dark-green space (2019 rulebook, "THE TEAM GAME": "place it on the central
    dark green 1 hex space"); the solo side is 37 spaces."""
    counts = {"B": 12, "Y": 6, "S": 6, "L": 6, "C": 4, "M": 3}
    assert provisional_ids() == ("11x",)
    pictured = provisional_board("11x")
    assert {code: pictured.colour.count(code) for code in counts} == counts
    assert "".join(map(str, pictured.die)) == "6543216545431236126541254312612563413"
    assert len(pictured.posts) == 3 and pictured.source and pictured.confidence
    team = provisional_layouts("team")["12a"]
    left = [cell for row in team["left_half_rows"] for cell in row.split()]
    right = [cell for row in team["right_half_rows"] for cell in row.split()]
    assert [len(row.split()) for row in team["left_half_rows"]] == list(ROW_LENGTHS)
    assert left[21] == right[15] == "C1"  # left d7 is right d1: the shared start castle space
    both = [cell[0] for cell in left + right]
    assert {code: both.count(code) for code in counts} == {code: 2 * n for code, n in counts.items()} | {"C": 8}
    solo = provisional_layouts("solo")["13?"]
    cells = [cell for island in solo["islands"].values() for row in island["rows"] for cell in row.split()]
    assert len(cells) == 37 and {code: [c[0] for c in cells].count(code) for code in counts} == counts


def test_show_and_score_name_the_duchy_and_its_provenance(cli, tmp_path):
    """`show` draws a record's own duchy like a printed one, its border posts marked, and
    says where a provisional or record-defined layout comes from; `score` notes it too."""
    path = tmp_path / "own.toml"
    path.write_text(record(), encoding="utf-8")
    text = cli("show", str(path)).output
    assert "Ben (seat 2, duchy No. home)" in text and "d4 CASTLE" in text
    assert "border posts beside: b1+c1, b5+c6, g2+g3" in text
    assert "duchy home: a test's own duchy; confidence: not given" in text
    assert "duchy 11x: 2019 rulebook" in text
    notes = json.loads(cli("score", str(path), "--json").output)["notes"]
    assert notes[0].startswith("duchy 11x: 2019 rulebook") and notes[1].startswith("duchy home:")
    assert cli("show", str(path), "--svg", str(tmp_path / "own.svg")).exit_code == 0
    picture = (tmp_path / "own.svg").read_text(encoding="utf-8")
    assert picture.count(f'fill="{POST_FILL}"') == 6


def test_a_position_writes_a_record_defined_duchy_whole(cli, tmp_path):
    """`show --position` of a game on a record's own duchy writes the duchy into the position,
    which reads back (the position record stands alone)."""
    path = tmp_path / "own.toml"
    path.write_text(record(), encoding="utf-8")
    result = cli("show", str(path), "--position")
    assert result.exit_code == 0 and "[position.players.Ben.board]" in result.output
    again = tmp_path / "position.toml"
    again.write_text(result.output, encoding="utf-8")
    assert cli("score", str(again)).exit_code == 0
    assert "duchy No. home" in cli("show", str(again)).output


def test_a_bad_duchy_in_a_record_is_one_located_line(cli, tmp_path):
    """Errors located as usual: file:line:col of the key to blame."""
    path = tmp_path / "bad.toml"
    path.write_text(record(posts=[["b1", "c1"], ["b5", "c6"], ["d4"]]), encoding="utf-8")
    result = cli("score", str(path))
    assert result.exit_code == 1
    assert "bad.toml:13:" in result.stderr and "d4 is not on the duchy's edge" in result.stderr


def test_play_and_fmt_keep_the_records_own_duchies(cli, tmp_path):
    """A record rewritten by `play` (atomically) or `fmt --write` keeps its [duchies] table:
    nothing already recorded is lost."""
    path = tmp_path / "own.toml"
    path.write_text(record(), encoding="utf-8")
    result = cli("play", str(path), "goods 1 2 3 4 5")
    assert result.exit_code == 0, result.output + result.stderr
    assert cli("fmt", str(path), "--write").exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert "[duchies.home]" in text and 'source = "a test\'s own duchy"' in text
    assert "duchy No. home" in cli("show", str(path)).output
