"""End-of-game records (issue 34, item 9): a Castles game that was not logged move by move,
typed as the box lies at its end, scored by the final scoring a logged game gets.

The hand-worked games are shipped in ``records/castles-of-burgundy/end-*.toml``; their
figures below are worked out from the rulebooks, not read off the engine.
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.record.end_table import PlayerEnd, ShieldsEnd
from burgundy_cli.castles.record.setup import position_data
from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc, open_record
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"
LOGGED = sorted(CASTLES.glob("complete-*.toml"))
PLAY = ("position", "animals", "areas", "area-phase-bonus", "colour-bonus", "goods-sold", "watchtowers",
        "corrections", "inns", "trade-routes", "geese", "border-posts", "monastery", "solo-vp")


def _breakdowns(path) -> dict[str, dict[str, int]]:
    table = open_record(path).score()
    return {line.name: {k: v for k, v in line.breakdown.items() if v} for line in table.players}


def test_hand_worked_2011_game_ties_and_the_tiebreak_decides() -> None:
    """``end-2p-2011-tie.toml``, by hand from the 2011 rules, 'GAME END': "each unsold goods
    tile: 1 victory point; each remaining Silverling: 1 victory point; every two worker tiles:
    1 victory point; each VP-bearing yellow tile", and page 11's tiles:

    Anna: VP track 44; goods 5, 5, 6 left: 3; 4 silverlings: 4; 5 workers: 2; tile 22 ("4
    victory points ... for each corresponding building"): banks on c3, e4, c5 = 3 x 4 = 12;
    tile 24 ("4 victory points ... for each animal type"): cow and sheep = 2 x 4 = 8;
    knowledge tiles 20. Total 44 + 3 + 4 + 2 + 20 = 73.

    Ben: VP track 52; goods 2, 2 left: 2; 1 silverling: 1; 3 workers: 1; tile 15 ("3 victory
    points ... for each goods type that he has sold"): types 2, 3, 6 = 9; tile 25 ("1 victory
    point ... for each sold goods tile"): 4; tile 26 ("2 victory points ... for each bonus tile
    he claimed"): blue-large and grey-small = 4; knowledge tiles 17. Total 52 + 2 + 1 + 1 + 17 = 73.

    A tie: "the winning player is the tied player with the fewest empty estate spaces". Duchy
    1 has 37 spaces; Anna fills 10 and the castle (26 empty), Ben 12 and the castle (24
    empty): Ben wins.
    """
    path = CASTLES / "end-2p-2011-tie.toml"
    assert _breakdowns(path) == {
        "Anna": {"position": 44, "end-goods": 3, "end-silver": 4, "end-workers": 2, "knowledge-tiles": 20},
        "Ben": {"position": 52, "end-goods": 2, "end-silver": 1, "end-workers": 1, "knowledge-tiles": 17}}
    table = open_record(path).score()
    assert [(line.name, line.total, line.rank) for line in table.players] == [("Ben", 73, 1), ("Anna", 73, 2)]
    assert table.winner == ["Ben"] and table.complete
    assert table.tiebreak == "Ben and Anna tie on 73 VP; fewest empty estate spaces decides (Ben 24, Anna 26)"


def test_hand_worked_2019_game_with_the_shields() -> None:
    """``end-2p-2019-shields.toml``, by hand from the 2019 rules ('End of the game', the
    monastery tiles, 'THE SHIELDS'):

    The VP tracks are the most the duchies can have earned during play (issue 36 item 6; 2019
    'Scoring during the game': completed areas with the phase bonus, bonus tiles; the shields
    held score only at the end): Anna's three completed areas 6 + 1 + 6 with phase A's bonus 10
    each, the large yellow bonus tile 5 = 48; Ben's 6 + 6 + 6 + 30, grey large 5 and yellow
    small 2 = 55.

    Anna: VP track 48; 1 goods tile: 1; 2 silverlings: 2; 1 worker: 0; tile 22: banks on c3
    and e4 = 2 x 4 = 8. Shields: 13 "+4 victory points", 10 "+8 victory points" = 12, and 13
    "double the amount of victory points you get for each shield in your duchy (including this
    one)" = 24; 10 "your victory point monastery tiles score double": tile 22's 8 again = 32.
    Total 48 + 1 + 2 + 8 + 32 = 91.

    Ben: VP track 55; 5 silverlings: 5; 4 workers: 2; tile 26 (2019: 3 VP per bonus tile):
    grey-large and yellow-small = 6. Total 55 + 5 + 2 + 6 = 68. Anna wins.
    """
    path = CASTLES / "end-2p-2019-shields.toml"
    assert _breakdowns(path) == {
        "Anna": {"position": 48, "end-goods": 1, "end-silver": 2, "knowledge-tiles": 8, "shields": 32},
        "Ben": {"position": 55, "end-silver": 5, "end-workers": 2, "knowledge-tiles": 6}}
    assert open_record(path).score().winner == ["Anna"]


def end_table_of(state) -> dict:
    """The ``[end]`` table of a replayed game's final state: what the table would type as the
    box lies (each player's keys an ``[end]`` player has, the bridge, teams, shields, solo)."""
    position = position_data(state)
    end: dict = {"players": {name: {key: value for key, value in entry.items() if key in PlayerEnd.model_fields}
                             for name, entry in position["players"].items()}}
    for key in ("bridge", "teams", "solo"):
        if key in position:
            end[key] = position[key]
    shields = {key: value for key, value in position.get("shields", {}).items() if key in ShieldsEnd.model_fields}
    if shields:
        end["shields"] = shields
    return end


def _end_record(session, end: dict):
    game = session.header.model_dump(exclude_none=True)
    if not game.get("options"):
        game.pop("options", None)
    return open_doc(parse_record_text(dump_record({"game": game, "end": end}), "end.toml"))


@pytest.mark.parametrize("path", LOGGED, ids=lambda p: p.stem)
def test_a_logged_games_final_position_typed_as_its_end_scores_the_same(path) -> None:
    """Issue 34.9: "one complete logged game whose final position, typed as an end-of-game
    record, must give the same table" -- every complete game shipped, every module among them
    (shields, trade routes, team, solo, ...). With the VP by category, the table is the log's
    exactly; with the VP track as one number, the play categories are that number (``position``)
    and every final-scoring row, total, rank, winner and tiebreak is the log's."""
    logged = open_record(path)
    table = logged.score()
    end = end_table_of(logged.state)
    assert _end_record(logged, end).score() == table
    for entry in end["players"].values():
        entry["vp"] = sum(entry["vp"].values()) if isinstance(entry.get("vp"), dict) else entry.get("vp", 0)
    tracked = _end_record(logged, end).score()
    assert (tracked.winner, tracked.tiebreak, tracked.complete) == (table.winner, table.tiebreak, True)
    for typed, line in zip(tracked.players, table.players, strict=True):
        assert (typed.name, typed.total, typed.rank) == (line.name, line.total, line.rank)
        assert typed.breakdown["position"] == sum(line.breakdown.get(category, 0) for category in PLAY)
        assert {k: v for k, v in typed.breakdown.items() if k not in PLAY} == \
            {k: v for k, v in line.breakdown.items() if k not in PLAY}


END_2011 = """[game]
name = "castles-of-burgundy"
edition = "2011"
players = ["Anna", "Ben"]

[end.players.Anna]
vp = 20
goods = {5 = 2}
bonuses = ["grey-large"]
duchy = {e3 = "mine", f2 = "mine", g1 = "mine", c4 = "k22"}

[end.players.Ben]
vp = 0
duchy = {c4 = "k15"}
"""


def _refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as refused:
        open_doc(parse_record_text(text, "end.toml"))
    return refused.value


@pytest.mark.parametrize(("change", "message", "line"), [
    # 2011 rules, 'Game setup': 42 goods tiles, 7 of each type
    (("goods = {5 = 2}", "goods = {5 = 2, 6 = 8}"), "8 goods tiles of type 6; the box has 7 of each type", 8),
    # a tile twice: the game has one knowledge tile 22
    (('duchy = {c4 = "k15"}', 'duchy = {c4 = "k22"}'), "2 k22 tiles on the table; the game has 1", 6),
    # 'Bonus tiles': "The first player who manages to cover all spaces of one colour"
    (('bonuses = ["grey-large"]', 'bonuses = ["blue-large"]'), "Anna has not covered every blue space", 9),
    # the second to finish a colour takes the small tile, never without the large one taken
    (("vp = 0\n", "vp = 0\nbonuses = [\"yellow-small\"]\n"), "Ben has not covered every yellow space", 14),
    # ... and "immediately takes" it: a colour covered with a bonus tile of it still unclaimed
    (('bonuses = ["grey-large"]\n', ""), "Anna has covered every grey space but holds no grey bonus tile, and the "
     "large one is still unclaimed", 6),
    # the VP track within what the duchy, sales and bonus tiles can have earned
    (("vp = 20", "vp = 90"), "Anna has 90 VP; the estate, sold goods and bonus tiles allow at most 21", 7),
    # goods dealt: 3 a player at the start and 5 a phase: 31 with 2 players
    (("vp = 0\n", "vp = 0\ngoods = {3 = 7, 4 = 7, 6 = 7}\nsold = {1 = 7, 2 = 3}\n"), "33 goods tiles in play (33 held or sold by the players); only 31 can have been dealt", 6),
    (('duchy = {c4 = "k15"}', 'duchy = {c4 = "ship"}'), "ship (blue) cannot lie on c4 (yellow)", 14),
    (("vp = 0\n", "vp = 0\ndice = [3]\n"), "unknown field", 14),
])
def test_what_cannot_be_true_at_the_end_is_refused_at_its_key(change, message, line) -> None:
    """Issue 34.9: "It refuses what cannot be true: more goods than the supply has, a tile
    twice, a bonus tile without a finished colour" -- each at the ``[end]`` key to blame, in
    the table's words (the checks of a typed position, docs/records.md)."""
    assert END_2011.count(change[0]) == 1
    open_doc(parse_record_text(END_2011, "end.toml"))   # the unchanged record is accepted
    err = _refused(END_2011.replace(*change))
    assert message in err.message and "[end" in err.message and "position]" not in err.message
    assert err.location.line == line


def test_a_header_refusal_is_located_in_the_header_not_under_end() -> None:
    """A refusal of ``[game.options]`` met while the end is read as a position stays at its own
    key and line (it was moved under ``[end]``, to a key that is not there)."""
    err = _refused(END_2011.replace('players = ["Anna", "Ben"]\n',
                                    'players = ["Anna", "Ben"]\n\n[game.options]\nk8-doubles-free-change = 3\n'))
    assert err.message.startswith("[game.options.k8-doubles-free-change]: must be true or false")
    assert err.location.line == 7


def test_one_start_table_only() -> None:
    err = _refused(END_2011 + '\n[setup]\ngoods = {Anna = [1, 2, 3], Ben = [4, 5, 6]}\n')
    assert "exactly one of [setup], [position] or [end]" in err.message


def test_new_end_by_flags_writes_the_record_that_scores(tmp_path) -> None:
    """``new --end`` with every answer as a flag: the hand-worked 2011 game, same table."""
    path = tmp_path / "end.toml"
    said = create(str(path), NewRecord(
        game="castles-of-burgundy", edition="2011", players="Anna,Ben", end=True, date="2026-01-01",
        duchy="Anna=e3:mine f2:mine g1:mine c4:k22 b4:k24 c3:bank e4:bank c5:bank c2:cow3 b2:sheep2,"
              "Ben=c4:k15 b4:k25 a4:k26 d3:ship d2:ship d1:ship d5:ship d6:ship d7:ship e3:mine f2:mine g1:mine",
        bonuses="Anna=grey-large,Ben=blue-large grey-small", sold="Anna=1 1 1 4 4,Ben=2 3 3 6",
        goods_left="anna=5 5 6,ben=2 2", silver="Anna=4,Ben=1", workers="Anna=5,Ben=3", vp="Anna=44,Ben=52"))
    assert said.endswith("scored from the end: 1. Ben 73, 2. Anna 73; winner Ben (tiebreak: Ben and Anna tie on 73 VP; fewest empty estate spaces decides (Ben 24, Anna 26))")
    assert open_record(path).score() == open_record(CASTLES / "end-2p-2011-tie.toml").score()


def test_new_asks_the_end_in_the_order_the_box_is_tidied_and_each_answer_again_alone(tmp_path) -> None:
    """``new`` offers "score the end"; one mistake per question, each told at once with only
    that question (a duchy: only that player's) asked again."""
    script = [
        ("", None), ("score", "'score' is none of log, end, result"), ("end", None),
        ("2011", None), ("Anna,Ben", None), ("", None), ("", None),
        ("e3:mine f2:mine g1:ship", "ship (blue) cannot lie on g1 (grey)"), ("e3:mine f2:mine g1:mine", None),
        ("c4:k22", None),
        ("", "Anna has covered every grey space but holds no grey bonus tile"),
        ("anna=blue-large", "Anna has not covered every blue space"), ("anna=grey-large", None),
        ("anna=1 1", None),
        ("anna=5 5 5 5 5 5 5 5", "8 goods tiles of type 5"), ("anna=5 5", None),
        ("anna=x", "a whole number"), ("anna=3", None),
        ("", None),
        ("anna=200,ben=0", "Anna has 200 VP; the estate, sold goods and bonus tiles allow at most 25"),
        ("anna=20,ben=0", None),
        ("2026-01-02", None), ("", None), ("", None),
    ]
    answers = iter(script)
    questions: list[str] = []
    said: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        return next(answers)[0]

    path = tmp_path / "end.toml"
    create(str(path), NewRecord(), ask=True, read=read, say=said.append)
    expected = [told for _, told in script if told is not None]
    assert len(said) == len(expected)
    for told, words in zip(said, expected):
        assert words in told, (told, words)
    assert questions[7].startswith("Anna's estate") and questions[8] == questions[7]   # (2011's word)
    assert questions[9].startswith("Ben's estate")
    order = [q.split(" (")[0].split(",")[0] for q in questions]
    tidy = [order.index(next(q for q in order if q.startswith(word)))
            for word in ("Anna's estate", "each player's bonus", "each player's goods tiles sold",
                         "each player's goods tiles left", "each player's silverlings", "each player's worker tiles",
                         "each player's VP")]
    assert tidy == sorted(tidy)
    table = open_record(path).score()
    anna = next(line for line in table.players if line.name == "Anna")
    # 20 on the track, 2 goods left, 3 silverlings, no worker, tile 22 with no bank: 0
    assert anna.total == 25 and table.complete


@pytest.mark.parametrize(("resets", "removed", "words"), [
    ("0", "", "no resets, no tiles removed"),
    ("1", "ship", "1 reset, 1 tile removed"),
    ("2", "ship bank", "2 resets, 2 tiles removed"),
])
def test_solo_end_counts_are_worded_in_the_number_they_take(tmp_path, resets, removed, words) -> None:
    """The solo game's verdict counts its resets and removed tiles as a person says them:
    ``no tiles removed`` when none are given, never ``0 tile(s) removed``."""
    path = tmp_path / "solo.toml"
    gained = 30 + sum(50 - 5 * reset for reset in range(int(resets)))   # (the counter, and each target reached)
    create(str(path), NewRecord(game="castles-of-burgundy", players="anna", start="c5", end=True, vp=str(gained),
                                vp_counter="30", target_marker=str(50 - 5 * int(resets)), resets=resets,
                                tiles_removed=removed or None))
    note = open_record(path).score().notes[0]
    assert note.endswith(f"target {50 - 5 * int(resets)}, {words}"), note
    assert "(s)" not in note


@pytest.mark.parametrize("command", [["show"], ["moves"], ["check", "Anna: pass"]])
def test_at_on_an_end_record_says_it_records_no_lines(cli, command) -> None:
    """An end-of-game record (and Robber Knights' alike) has no lines to stop at: ``--at 5`` or
    ``--at A1`` says so, not "ends at line 0" or "steps: none"; ``--at 0`` is its position."""
    for record in (CASTLES / "end-2p-2011-tie.toml", RECORDS / "robber-knights" / "end-2-players-tiebreak.toml"):
        for at in ("5", "A1"):
            result = cli(command[0], str(record), "--at", at, *command[1:])
            assert result.exit_code == 2 and result.stdout == ""
            assert result.stderr == (f"burgundy: usage: --at {at}: {record} records no lines, so it has no step "
                                     "or line to stop at (leave --at out to ask at the position it records)\n")
    assert cli("show", str(CASTLES / "end-2p-2011-tie.toml"), "--at", "0").exit_code == 0


def test_hand_worked_2019_three_player_end_every_knowledge_tile_by_its_edition(tmp_path) -> None:
    """A 2019 base game of three, typed at its end through ``new --end``, scored by hand from the
    2019 rules, 'END OF THE GAME' ("Each unsold goods tile: 1 victory point; For each silver
    coin: 1 victory point; For every two worker chips: 1 victory point") and the monastery tiles
    in 2019's numbers:

    Anna: VP track 45 (her two completed areas, grey e3-g1 and yellow a4-c4, 6 each with at
    least phase E's 2, the large grey tile 6 and 7 goods sold at 3 make at least 43); 1 goods
    tile: 1; 2 silver: 2; 3 workers: 1; #15 ("2 victory points for each different type of goods
    you sold"): types 1, 2, 3, 6 = 8; #25 ("1 victory point for each goods tile you sold"): 7;
    #26 ("3 victorypoints for each large and small bonus tile"): grey-large = 3. Total 45 + 1 +
    2 + 1 + 18 = 67.
    Ben: VP track 8; 2 goods: 2; 7 silver: 7; 5 workers: 2; #24 ("4 victory points for each
    different livestock type"): cow, sheep, pig = 12. Total 31.
    Cara: VP track 12 (the town c3 of 1, at least 1 + 2, and two watchtowers 8 make at least
    11); 9 workers: 4; #17 ("4 victory points for each building of that type"): 2 watchtowers
    = 8. Total 24.
    """
    path = tmp_path / "end.toml"
    create(str(path), NewRecord(
        game="castles-of-burgundy", edition="2019", players="Anna,Ben,Cara", end=True, date="2026-01-01",
        duchy="Anna=c4:k15 b4:k25 a4:k26 e3:mine f2:mine g1:mine,Ben=c4:k24 d3:ship c2:cow3 c1:sheep3 b2:pig2,"
              "Cara=c4:k17 c3:watchtower e4:watchtower",
        bonuses="Anna=grey-large,Ben=,Cara=", sold="Anna=1 1 2 3 3 3 6,Ben=,Cara=", goods_left="Anna=4,Ben=5 5,Cara=",
        silver="Anna=2,Ben=7,Cara=0", workers="Anna=3,Ben=5,Cara=9", vp="Anna=45,Ben=8,Cara=12"))
    assert _breakdowns(path) == {
        "Anna": {"position": 45, "end-goods": 1, "end-silver": 2, "end-workers": 1, "knowledge-tiles": 18},
        "Ben": {"position": 8, "end-goods": 2, "end-silver": 7, "end-workers": 2, "knowledge-tiles": 12},
        "Cara": {"position": 12, "end-workers": 4, "knowledge-tiles": 8}}
    table = open_record(path).score()
    assert [(line.name, line.total) for line in table.players] == [("Anna", 67), ("Ben", 31), ("Cara", 24)]
    assert table.winner == ["Anna"] and table.tiebreak is None


def _end_of(edition: str, anna: dict, vp: int) -> str:
    """An ``[end]`` record of two: Anna's entry as given with ``vp`` on her track, Ben's empty."""
    entry = {**anna, "vp": vp}
    return dump_record({"game": {"name": "castles-of-burgundy", "edition": edition, "players": ["Anna", "Ben"]},
                        "end": {"players": {"Anna": entry, "Ben": {}}}})


@pytest.mark.parametrize(("edition", "anna", "least"), [
    # 2011 'Watchtower': "moves his playing piece on the victory point track forward by 4 spaces"
    ("2011", {"duchy": {"e4": "watchtower"}}, 4),
    # 'Sell goods': "2, 3 or 4 victory points per tile" -- 2 with 2 players
    ("2019", {"sold": {"1": 3}}, 6),
    # the grey area of 3 (6 VP) in phase E at the least (+2), and the large grey bonus tile (5 with 2 players)
    ("2011", {"duchy": {"e3": "mine", "f2": "mine", "g1": "mine"}, "bonuses": ["grey-large"]}, 6 + 2 + 5),
    # 'Animal': each tile scores at least its own animals, a later one of its type on the pasture
    # those before it again: a cow2 then a cow3, at least 2 + (2 + 3)
    ("2019", {"duchy": {"d3": "ship", "c2": "cow3", "c1": "cow2"}}, 2 + 5),
])
def test_the_vp_track_at_the_end_is_not_below_what_the_box_must_have_scored(edition, anna, least) -> None:
    """2011 rules, 'Additional rules for placing six-sided tiles': a completed region "scores
    between 1 and 36 victory points which are immediately scored on the victory point track",
    and 10 to 2 more by phase; the bonus tiles, watchtowers, sales and livestock score as they
    come (2019 alike). So an unlogged game's VP track below what the duchy, goods sold and bonus
    tiles it shows must have scored -- 4 typed for 94, a track left out -- is refused at its key,
    as one above what they can have scored is; at exactly that least it is accepted."""
    open_doc(parse_record_text(_end_of(edition, anna, least), "end.toml"))
    err = _refused(_end_of(edition, anna, least - 1))
    duchy = WORDS[edition]["duchy"]  # (2011 "estate")
    assert f"Anna has {least - 1} VP; the {duchy}, sold goods and bonus tiles have scored at least {least}" in err.message
    assert err.message.startswith("[end.players.Anna.vp]:")
