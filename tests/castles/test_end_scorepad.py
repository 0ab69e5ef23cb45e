"""Scoring a game nobody logged, as the players at the table type its end (``new --end``).

Two games typed as the box lay at the end, one per edition, each worked out by hand from its
rulebook's final scoring, not read off the engine: a 2011 game of 3 on duchy No. 1 whose first
two tie on VP and on empty spaces (the bridge decides), and a 2019 game of 4 whose first two tie
on VP (the empty spaces decide). Then the mistakes players make typing an end: each refused at
the answer or key to blame with the rule's passage in the record's edition, nothing written.
"""

from __future__ import annotations

import pytest

from burgundy_cli.core.errors import RecordError, UsageError
from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record

#: The 2011 game of 3 (all on duchy No. 1, each on the central castle d4).
GAME_2011 = dict(
    game="castles-of-burgundy", edition="2011", players="Anna,Ben,Cara", end=True, date="2026-12-07",
    duchy="Anna=d3:ship d5:ship e3:mine f2:mine g1:mine c4:k16 c3:warehouse e4:warehouse b4:k24 c2:cow3 "
          "b2:sheep2 a1:pig4,"
          "Ben=c4:k15 f3:k25 b4:k26 d1:ship d2:ship d3:ship d5:ship d6:ship d7:ship e3:mine f2:mine g1:mine,"
          "Cara=c3:bank c4:k19 b3:castle a2:castle a3:castle b4:k20 e4:market c5:church c6:carpenter e3:mine",
    bonuses="Anna=grey-large,Ben=blue-large grey-small,Cara=dark-green-large",
    sold="Anna=1 1 4,Ben=2 3 3 6 1,Cara=5 5 5 2", goods_left="Anna=5 5 6,Ben=2 2,Cara=5 6 6",
    silver="Anna=4,Ben=1,Cara=6", workers="Anna=5,Ben=3,Cara=4", vp="Anna=44,Ben=48,Cara=45")

#: The 2019 game of 4 (all on duchy No. 1, each on the central castle d4).
GAME_2019 = dict(
    game="castles-of-burgundy", edition="2019", players="Anna,Ben,Cara,Dario", end=True, date="2026-12-07",
    duchy="Anna=c4:k15 b4:k25 a4:k26 e3:mine f2:mine g1:mine c3:bank c2:cow2,"
          "Ben=c4:k17 c3:watchtower e4:watchtower d1:ship d2:ship d3:ship d5:ship d6:ship d7:ship,"
          "Cara=c3:bank c4:k24 c2:cow2 b2:cow3 c1:sheep4 b1:pig3 a1:hen2,"
          "Dario=c3:church c4:k19 e3:mine e4:market b3:castle a3:castle a2:castle",
    bonuses="Anna=grey-large,Ben=blue-large,Dario=dark-green-large", sold="Anna=1 1 2 3 3 3,Dario=6 6",
    goods_left="Anna=4 4,Ben=1 1 1 1,Cara=6,Dario=2 2 2", silver="Anna=3,Cara=10,Dario=1",
    workers="Anna=7,Ben=1,Cara=3,Dario=2", vp="Anna=55,Ben=50,Cara=50,Dario=40")


def _made(tmp_path, game: dict, **changed) -> tuple[str, list]:
    path = tmp_path / "end.toml"
    said = create(str(path), NewRecord(**{**game, **changed}))
    table = open_record(path).score()
    return said, table


def _parts(line) -> dict[str, int]:
    return {category: points for category, points in line.breakdown.items() if points}


def test_hand_worked_2011_three_players_tied_on_vp_and_spaces_go_to_the_later_in_turn_order(tmp_path) -> None:
    """By hand from the 2011 rules, 'GAME END': "each unsold goods tile: 1 victory point; each
    remaining Silverling: 1 victory point; every two worker tiles: 1 victory point; each
    VP-bearing yellow tile", and 'The yellow tiles' 15-26 (3 players):

    Anna: track 44; goods 5 5 6: 3; 4 silverlings: 4; 5 workers: 2; tile 16 ("4 victory points
    ... for each corresponding building"), warehouses on c3 and e4: 8; tile 24 ("4 victory
    points ... for each animal type"), cow, sheep, pig: 12. 44 + 3 + 4 + 2 + 20 = 73.
    Ben: track 48; goods 2 2: 2; 1 silverling: 1; 3 workers: 1; tile 15 ("3 victory points ...
    for each goods type that he has sold"), types 1 2 3 6: 12; tile 25 ("1 victory point ...
    for each sold goods tile"), 5 tiles: 5; tile 26 ("2 victory points ... for each bonus
    tile"), blue-large and grey-small: 4. 48 + 2 + 1 + 1 + 21 = 73.
    Cara: track 45; goods 5 6 6: 3; 6 silverlings: 6; 4 workers: 2; tile 19 (churches), one: 4;
    tile 20 (markets), one: 4. 45 + 3 + 6 + 2 + 8 = 64.

    The tracks are what the duchies allow: Anna's at least 35 ('Additional rules for placing
    six-sided tiles': the mines e3-f2-g1, a region of 3, 6 + a phase bonus of at least 2; the
    city c3 of 1, 1 + 2; the large grey bonus tile, 6 with 3 players; 'Action "Sell goods"',
    3 tiles at 3; 'Animal', cow3 + sheep2 + pig4 = 9) and at most 51 (phase A's 10 a region).

    Anna and Ben tie on 73 and fill 12 spaces each besides the castle (24 empty each): "Should
    there still be a tie, then the winning player is the tied player who went later in turn
    order". On the bridge Cara, Anna, Ben: Ben is later, Ben wins; the other way round, Anna.
    """
    with pytest.raises(UsageError, match="missing --bridge"):
        create(str(tmp_path / "none.toml"), NewRecord(**GAME_2011))
    assert not (tmp_path / "none.toml").exists()
    said, table = _made(tmp_path, GAME_2011, bridge="Cara,Anna,Ben")
    assert said.endswith("1. Ben 73, 2. Anna 73, 3. Cara 64; winner Ben (tiebreak: Ben and Anna tie on 73 VP and 24 empty estate spaces; later in turn order decides)")
    assert {line.name: _parts(line) for line in table.players} == {
        "Anna": {"position": 44, "end-goods": 3, "end-silver": 4, "end-workers": 2, "knowledge-tiles": 20},
        "Ben": {"position": 48, "end-goods": 2, "end-silver": 1, "end-workers": 1, "knowledge-tiles": 21},
        "Cara": {"position": 45, "end-goods": 3, "end-silver": 6, "end-workers": 2, "knowledge-tiles": 8}}
    assert table.winner == ["Ben"]
    assert table.tiebreak == "Ben and Anna tie on 73 VP and 24 empty estate spaces; later in turn order decides"
    (tmp_path / "end.toml").unlink()
    said, table = _made(tmp_path, GAME_2011, bridge="Cara,Ben,Anna")
    assert table.winner == ["Anna"] and [line.total for line in table.players] == [73, 73, 64]


def test_hand_worked_2011_tracks_are_held_to_what_the_duchy_scored(tmp_path) -> None:
    """Anna's track at 34 and at 52 (her least 35 and most 51, worked out above) is refused at
    her ``--vp`` with the 2011 passages of the VP scored in play; nothing is written."""
    for vp, words in (("Anna=34,Ben=48,Cara=45", "Anna has 34 VP; the estate, sold goods and bonus tiles have "
                                                  "scored at least 35 (2011 rules, 'Additional rules for placing "
                                                  "six-sided tiles'"),
                      ("Anna=52,Ben=48,Cara=45", "Anna has 52 VP; the estate, sold goods and bonus tiles allow at "
                                                  "most 51 (2011 rules, 'Additional rules for placing six-sided "
                                                  "tiles'")):
        with pytest.raises(RecordError) as err:
            create(str(tmp_path / "end.toml"), NewRecord(**{**GAME_2011, "vp": vp}))
        assert "--vp (Anna): " + words in str(err.value)
        assert not (tmp_path / "end.toml").exists()


def test_hand_worked_2019_four_players_tied_on_vp_go_to_the_fewest_empty_spaces(tmp_path) -> None:
    """By hand from the 2019 rules, 'End of the game': "Each unsold goods tile: 1 victory point;
    For each silver coin: 1 victory point; For every two worker chips: 1 victory point; For
    each placed yellow monastery tile that gains victory points", and 'The monastery tiles':

    Anna: track 55; goods 4 4: 2; 3 coins: 3; 7 workers: 3; #15 ("2 victory points for each
    different type of goods you sold"), types 1 2 3: 6; #25 ("1 victory point for each goods tile
    you sold"), 6 tiles: 6; #26 ("3 victory points for each large and small bonus tile"), grey
    large: 3. 55 + 2 + 3 + 3 + 15 = 78.
    Ben: track 50; goods 1 1 1 1 (one type, one storage space: allowed): 4; no coins; 1 worker:
    0; #17 (watchtowers), two: 8. 50 + 4 + 8 = 62.
    Cara: track 50; goods 6: 1; 10 coins: 10; 3 workers: 1; #24 ("4 victory points for each
    different livestock type"), cow, sheep, pig, chicken: 16. 50 + 1 + 10 + 1 + 16 = 78.
    Dario: track 40; goods 2 2 2: 3; 1 coin: 1; 2 workers: 1; #19 (churches), one: 4. 49.

    Dario's track is held to at least 26 (the castles a2-a3-b3, an area of 3, 6 + at least 2;
    the town c3 of 1, 1 + 2; the large dark-green bonus tile, 7 with 4 players; 2 goods sold at
    4) and at most 42 (phase A's 10 an area).

    Anna and Cara tie on 78: "If there is a tie, the player with the fewest unused hex spaces in
    their duchy wins". Anna fills 8 spaces besides the castle (28 empty), Cara 7 (29): Anna.
    """
    said, table = _made(tmp_path, GAME_2019)
    assert said.endswith("1. Anna 78, 2. Cara 78, 3. Ben 62, 4. Dario 49; winner Anna (tiebreak: Anna and Cara tie on 78 VP; fewest empty duchy spaces decides (Anna 28, Cara 29))")
    assert {line.name: _parts(line) for line in table.players} == {
        "Anna": {"position": 55, "end-goods": 2, "end-silver": 3, "end-workers": 3, "knowledge-tiles": 15},
        "Cara": {"position": 50, "end-goods": 1, "end-silver": 10, "end-workers": 1, "knowledge-tiles": 16},
        "Ben": {"position": 50, "end-goods": 4, "knowledge-tiles": 8},
        "Dario": {"position": 40, "end-goods": 3, "end-silver": 1, "end-workers": 1, "knowledge-tiles": 4}}
    assert table.winner == ["Anna"]
    assert table.tiebreak == "Anna and Cara tie on 78 VP; fewest empty duchy spaces decides (Anna 28, Cara 29)"
    for vp, words in (("25", "Dario has 25 VP; the duchy, sold goods and bonus tiles have scored at least 26 "
                             "(2019 rules, 'Additional rules for placing hex tiles'"),
                      ("43", "Dario has 43 VP; the duchy, sold goods and bonus tiles allow at most 42 "
                             "(2019 rules, 'Additional rules for placing hex tiles'")):
        with pytest.raises(RecordError) as err:
            create(str(tmp_path / "other.toml"), NewRecord(**{**GAME_2019, "vp": GAME_2019["vp"][:-2] + vp}))
        assert words in str(err.value)


#: Mistakes typed into the 2019 game's end: the answer changed, the flag blamed, what is said.
MISTAKES = [
    ("duchy", GAME_2019["duchy"].replace("c2:cow2,", "d3:cow2,"),
     "--duchy (Anna d3): cow2 (light-green) cannot lie on d3 (blue) (2019 rules, 'Place hex tile in your duchy')"),
    ("duchy", GAME_2019["duchy"].replace("c2:cow2,", "c2:cwo2,"), "unknown tile 'cwo2' (did you mean 'cow2'?)"),
    ("duchy", GAME_2019["duchy"].replace("c2:cow2,", "a1:cow2,"),
     "--duchy (Anna): a1 is not connected to the start castle (2019 rules, 'Place hex tile in your duchy')"),
    ("goods_left", "Anna=4 4,Ben=1 2 4 5,Cara=6,Dario=2 2 2",
     "--goods-left (Ben): Ben's goods storage holds 4 goods types, at most 3 (2019 rules, 'Ship (blue)' 1.)"),
    ("goods_left", "Anna=4 4,Ben=1 1 1 1 1 1,Cara=6,Dario=2 2 2",
     "invalid record: 8 goods tiles of type 1; the game has 7 (2019 rules, 'Game materials', 'Game setup')"),
    ("duchy", GAME_2019["duchy"].replace("c3:bank c2:cow2", "c3:bank c2:cow2 e4:bank e5:bank"),
     "the town at e4 holds 2 bank tiles (2019 rules, 'Buildings': 'Each of the eight building types"),
]


@pytest.mark.parametrize(("key", "typed", "said"), MISTAKES,
                         ids=["colour", "misspelt", "apart", "four-types", "eight-of-a-type", "town-twice"])
def test_a_mistake_typed_into_an_end_is_refused_with_its_rule_and_nothing_is_written(
        tmp_path, key, typed, said) -> None:
    """Each refusal names the answer to blame and the rule's passage in the record's edition
    (2019 rules, 'Place hex tile in your duchy': "The color of the hex tile must match the color
    of the space"; 'Ship (blue)': up to three goods types; 'Game materials': 7 goods tiles a
    type; 'Buildings': one of each type a town); a misspelt tile is told its near miss."""
    path = tmp_path / "end.toml"
    with pytest.raises(RecordError) as err:
        create(str(path), NewRecord(**{**GAME_2019, key: typed}))
    assert said in str(err.value) and str(err.value).endswith("nothing was written")
    assert not path.exists()


def test_a_hand_typed_end_is_refused_at_its_key_with_the_passage_and_left_as_typed(cli, tmp_path) -> None:
    """The same mistake typed into the file: ``score`` refuses it at its line with the 2011
    passage, exit 1, and ``fmt --write`` leaves the file as it was (nothing written over)."""
    create(str(tmp_path / "end.toml"), NewRecord(**GAME_2011, bridge="Cara,Anna,Ben"))
    text = (tmp_path / "end.toml").read_text(encoding="utf-8").replace('c2 = "cow3"', 'd2 = "cow3"')
    (tmp_path / "end.toml").write_text(text, encoding="utf-8")
    for command in (("score",), ("fmt", "--write")):
        result = cli(*command, str(tmp_path / "end.toml"))
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert ("[end.players.Anna.duchy.d2]: cow3 (light-green) cannot lie on d2 (blue) "
                "(2011 rules, 'Add six-sided tile to your estate')") in result.stderr
        assert (tmp_path / "end.toml").read_text(encoding="utf-8") == text


def test_silver_and_workers_past_the_box_are_no_mistake() -> None:
    """2011 rules, 'Additional rules': "The supply of worker tiles and Silverlings is not
    intended to be limited"; 2019 rules, 'Various': "Worker chips and silver coins are not
    intentionally limited". 30 silver coins (the box has 24) score 30."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        _, table = _made(Path(folder), GAME_2019, silver="Anna=3,Cara=30,Dario=1")
    cara = next(line for line in table.players if line.name == "Cara")
    assert cara.breakdown["end-silver"] == 30 and cara.total == 50 + 1 + 30 + 1 + 16


@pytest.mark.parametrize(("edition", "word"), [("2011", "silverlings"), ("2019", "silver coins")])
def test_the_end_asks_for_silver_in_the_editions_word(tmp_path, edition, word) -> None:
    """The question names the pieces as the record's rulebook does: 2011 "Silverlings", 2019
    "silver coins" ('Game materials': "24 silver coins")."""
    asked: list[str] = []

    typed = {"each player's VP": "Anna=0,Ben=0", "the turn order": "Ben,Anna", "date": "2026-12-07"}

    def read(question: str, choices: list[str]) -> str:
        asked.append(question)
        return next((answer for start, answer in typed.items() if question.startswith(start)), "")

    create(str(tmp_path / "end.toml"), NewRecord(game="castles-of-burgundy", end=True, edition=edition,
                                                 players="Anna,Ben"), ask=True, read=read, say=lambda _: None)
    assert any(question.startswith(f"each player's {word} left") for question in asked), asked


def test_a_solo_end_whose_vp_pass_a_counter_never_reset_is_refused(tmp_path) -> None:
    """2019 rules, 'The solo game': "Whenever you gain victory points, move your victory point
    counter that many spaces ... When you reach the target victory point marker, place your
    counter back on the start space (any remaining victory points are lost)". VP are lost only
    at a reset, so with none the counter is every VP gained: 60 gained and the counter on 10 is a
    mistake (a reset missed, or the counter misread), refused at the resets; 10 and 10 stand."""
    solo = dict(game="castles-of-burgundy", edition="2019", players="Sol", modules="solo-game", start="a3",
                end=True, duchy="", goods_left="", silver="3", workers="4", vp_counter="10", date="2026-12-07")
    with pytest.raises(RecordError) as err:
        create(str(tmp_path / "solo.toml"), NewRecord(**solo, vp="60"))
    assert ("--resets: the VP scored (60) are more than the counter (10) with no reset" in str(err.value)
            and "(cob.solo.counter); nothing was written" in str(err.value))
    said, table = _made(tmp_path, {**solo, "vp": "10"})
    assert said.endswith("Sol 15; solo game lost") and table.players[0].total == 10 + 3 + 2


def test_an_end_refused_for_a_modules_table_speaks_of_the_end_not_a_position(cli, tmp_path) -> None:
    """An ``[end]`` is read as a position after phase E, but its refusals are the end's own words:
    a ``solo`` table in a game without the solo game is refused at ``[end.solo]``, never called
    "a [position] solo table"."""
    create(str(tmp_path / "end.toml"), NewRecord(**GAME_2019))
    text = (tmp_path / "end.toml").read_text(encoding="utf-8").replace(
        "[end.players.Anna]\n", "[end]\nsolo = {counter = 3}\n\n[end.players.Anna]\n", 1)
    (tmp_path / "end.toml").write_text(text, encoding="utf-8")
    result = cli("score", str(tmp_path / "end.toml"))
    assert result.exit_code == 1 and "[position]" not in result.stderr
    assert "invalid record: [end.solo]: a solo table belongs to the solo game" in result.stderr


def test_an_end_typed_without_its_bridge_says_the_tie_it_guessed(cli, tmp_path) -> None:
    """The 2011 game above typed by hand without ``[end] bridge``: Anna and Ben tie on 73 and on
    24 empty spaces, so "the tied player who went later in turn order" wins (2011 rules, 'Game
    end'), and the bridge is not stated. The default (everyone on the start space in seat order:
    Anna, Ben, Cara) makes Ben the winner; the score says it guessed, and how to say otherwise."""
    create(str(tmp_path / "end.toml"), NewRecord(**GAME_2011, bridge="Cara,Anna,Ben"))
    text = (tmp_path / "end.toml").read_text(encoding="utf-8")
    assert open_record(tmp_path / "end.toml").score().notes == []
    start, end = text.index("[end]\nbridge"), text.index("[end.players.Anna]")
    (tmp_path / "end.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    table = open_record(tmp_path / "end.toml").score()
    assert table.winner == ["Ben"]
    assert table.tiebreak == "Ben and Anna tie on 73 VP and 24 empty estate spaces; later in turn order decides"
    assert table.notes == [
        "the bridge at the end is not in the record: everyone taken on its start space in seat order, which makes "
        "Ben the winner over Anna, level on VP and empty estate spaces (2011 rules, 'Game end': \"Should there still "
        "be a tie, then the winning player is the tied player who went later in turn order\"); [end] bridge states "
        "the turn order at the end"]


def test_an_end_without_its_bridge_says_it_guessed_a_tie_below_the_winner_too(tmp_path) -> None:
    """The same game with Ben's track at 60 (85: the winner outright) and Cara holding 15
    silverlings and two more ships (73, 24 empty spaces, as Anna): Anna and Cara are level on VP
    and on empty spaces, and the default bridge (seat order: Anna, Ben, Cara) puts Cara, "later in
    turn order", ahead. ``new`` asks no bridge (it names no winner); the score says what it guessed."""
    said, table = _made(tmp_path, GAME_2011, vp="Anna=44,Ben=60,Cara=45", silver="Anna=4,Ben=1,Cara=15",
                        duchy=GAME_2011["duchy"].replace("Cara=", "Cara=d3:ship d5:ship "))
    assert said.endswith("1. Ben 85, 2. Cara 73, 3. Anna 73; winner Ben")
    assert [(line.name, line.total, line.rank) for line in table.players] == [("Ben", 85, 1), ("Cara", 73, 2),
                                                                               ("Anna", 73, 3)]
    assert table.tiebreak is None and len(table.notes) == 1
    assert table.notes[0].startswith("the bridge at the end is not in the record: everyone taken on its start space "
                                     "in seat order, which puts Cara ahead of Anna, level on VP and empty estate spaces")
