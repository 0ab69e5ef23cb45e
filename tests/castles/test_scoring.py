"""Final scoring, the knowledge tiles that score at the end, ranks and the tiebreak.

Positions are typed like a record's ``[position]`` table and scored with the game over.
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules.scoring import END_CATEGORIES, knowledge_points, score
from burgundy_cli.castles.rules.terms import WORDS
from tests.castles.engine_kit import position


def final(players: dict, edition: str = "2011", **table):
    """A position at the end of the game (phase E over)."""
    state = position(players, edition, phase="E", round=5, **table)
    state.stage = "over"
    return state


def test_final_scoring():
    """2011 rules, 'Game end': "each unsold goods tile: 1 victory point; each remaining
    Silverling: 1 victory point; every two worker tiles: 1 victory point ... (Six-sided tiles
    remaining on the storage spaces of a player's board are not scored!)\""""
    state = final({"anna": {"goods": {"1": 2, "4": 1}, "silver": 5, "workers": 7, "vp": 40, "storage": ["k25"],
                            "sold": {"2": 7, "3": 7, "5": 6}},
                   "ben": {}})
    line = score(state).players[0]
    assert line.name == "anna"
    assert {k: line.breakdown[k] for k in END_CATEGORIES} == {"end-goods": 3, "end-silver": 5, "end-workers": 3,
                                                              "knowledge-tiles": 0}
    assert line.total == 40 + 3 + 5 + 3 == sum(line.breakdown.values())


@pytest.mark.parametrize(("edition", "points"), [("2011", 12), ("2019", 8)])
def test_knowledge_fifteen(edition, points):
    """2011 rules, tile 15: "3 victory points at the end of the game for each goods type that he
    has sold ... Dario has sold ... 4x red, 3x violet, 3x pink and 1x orange. He receives 4
    types x 3 victory points = 12 VP." 2019 rules, tile 15: "2 victory points for each
    different type ... He scores 4 types x 2 = 8 victory points.\""""
    state = final({"dario": {"duchy": {"c4": "k15"}, "sold": {"4": 4, "2": 3, "3": 3, "6": 1}}, "ben": {}}, edition)
    assert knowledge_points(state, state.players[0]) == {15: points}


def test_knowledge_sixteen_to_twenty_three():
    """2011 rules, tiles 16-23: "Benno has yellow tiles 17 (watchtowers) and 22 (banks) in his
    estate at the end of the game, along with 2 watchtowers and 4 banks. He receives
    (2 x 4) + (4 x 4) = 24 victory points for them.\""""
    duchy = {"c4": "k17", "b4": "k22", "c3": "bank", "e4": "bank", "b5": "bank", "d3": "ship", "d2": "ship",
             "e1": "bank", "e2": "watchtower", "c5": "watchtower"}
    state = final({"benno": {"duchy": duchy}, "anna": {}})
    assert knowledge_points(state, state.players[0]) == {17: 8, 22: 16}
    assert score(state).players[0].breakdown["knowledge-tiles"] == 24


@pytest.mark.parametrize(("edition", "other"), [("2011", "chicken2"), ("2019", "pig2")])
def test_knowledge_twenty_four(edition, other):
    """2011 rules, tile 24: "4 victory points ... for each animal type ... Anna has 1 cow, 1
    chicken and 3 sheep tiles at the end of the game. She receives 3 types x 4 victory points
    = 12 VP." 2019 rules, tile 24: "Anna has placed 3 sheep, 1 cow and 1 pig tile in her duchy.
    At the end of the game she scores 3x4 = 12 victory points.\""""
    duchy = {"d3": "ship", "c4": "k24", "c2": "sheep2", "c1": "sheep3", "b2": "sheep4", "b1": "cow2",
             "a1": other}
    state = final({"anna": {"duchy": duchy}, "ben": {}}, edition)
    assert knowledge_points(state, state.players[0]) == {24: 12}


def test_knowledge_twenty_five():
    """2011 rules, tile 25: "1 victory point at the end of the game for each sold goods tile ...
    Should Dario have also owned this tile, then he would have received 11 VP for it.\""""
    state = final({"dario": {"duchy": {"c4": "k25", "b4": "k15"}, "sold": {"4": 4, "2": 3, "3": 3, "6": 1}},
                   "ben": {}})
    assert knowledge_points(state, state.players[0]) == {15: 12, 25: 11}


@pytest.mark.parametrize(("edition", "points"), [("2011", 2), ("2019", 3)])
def test_knowledge_twenty_six(edition, points):
    """2011 rules, tile 26: "2 victory points at the end of the game for each bonus tile he
    claimed, regardless whether they are large or small"; 2019 rules: "3 victorypoints for
    each large and small bonus tile you own".\""""
    duchy = {"c4": "k26", "e3": "mine", "f2": "mine", "g1": "mine"}
    state = final({"anna": {"duchy": duchy, "bonuses": ["grey-large"]}, "ben": {}}, edition)
    assert knowledge_points(state, state.players[0]) == {26: points}


def test_knowledge_tiles_in_storage_do_not_score():
    """2019 rules, 'End of the game': "Only check the hex tiles placed in your duchy. Hex tiles in
    your storage don't count!\""""
    state = final({"anna": {"storage": ["k25"], "sold": {"1": 3}}, "ben": {}}, "2019")
    assert score(state).players[0].breakdown["knowledge-tiles"] == 0


def test_tiebreak_fewest_empty_spaces_by_default():
    """2011 rules, 'Game end': "In the case of a tie, the winning player is the tied player with
    the fewest empty estate spaces. Should there still be a tie, then the winning player is
    the tied player who went later in turn order.\""""
    state = final({"anna": {"vp": 10, "duchy": {"c3": "bank"}, "sold": {"1": 5}},
                   "ben": {"vp": 10, "sold": {"2": 5}}})
    table = score(state)
    assert table.winner == ["anna"]
    assert table.tiebreak == "anna and ben tie on 11 VP; fewest empty estate spaces decides (anna 35, ben 36)"
    assert [(line.name, line.rank) for line in table.players] == [("anna", 1), ("ben", 2)]


def test_tiebreak_option_most_empty_spaces():
    """Ruling (docs/rulings.md): option tiebreak-empty-spaces = "most" follows BGA's erratum and
    the 2019 team game ("the team with more empty spaces in their duchy wins")."""
    state = final({"anna": {"vp": 10, "duchy": {"c3": "bank"}, "sold": {"1": 5}},
                   "ben": {"vp": 10, "sold": {"2": 5}}},
                  options={"tiebreak-empty-spaces": "most"})
    assert score(state).winner == ["ben"]


@pytest.mark.parametrize(("edition", "wording"), [("2011", "later in turn order"),
                                                  ("2019", "farthest behind on the bridge")])
def test_tiebreak_turn_order(edition, wording):
    """2011 rules: "the tied player who went later in turn order"; 2019 rules: "the player who is
    farthest behind on the bridge is the winner"."""
    state = final({"anna": {"vp": 10, "sold": {"1": 5}}, "ben": {"vp": 10, "sold": {"2": 5}}}, edition,
                  bridge=[["anna"], ["ben"]])
    table = score(state)
    assert table.winner == ["anna"]
    assert table.tiebreak == f"anna and ben tie on 11 VP and 36 empty {WORDS[edition]['duchy']} spaces; {wording} decides"


def test_score_during_play_has_no_final_scoring():
    """Issue 2, 'burgundy score': a record that stops mid-game scores the VP so far; final
    scoring (goods, silver, workers, knowledge tiles) waits for the end of phase E."""
    state = position({"anna": {"vp": 12, "silver": 9, "sold": {"1": 6}}, "ben": {}}, "2011", phase="C")
    table = score(state)
    assert not table.complete and table.winner == []
    assert table.players[0].total == 12 and "end-silver" not in table.players[0].breakdown


# --- rules behind the scoring categories (issue 10, item 7) -----------------------------------------


def _turn(anna: dict, edition: str = "2011", **table):
    """Anna to move first this round on duchy 1 (Ben after her with dice 1 1)."""
    from tests.castles.engine_kit import at_turn

    return at_turn(edition, players={"anna": anna, "ben": {}}, **table)


def _play(state, *lines):
    from burgundy_cli.castles.rules import engine
    from burgundy_cli.castles.notation import parse_line

    for line in lines:
        engine.play(state, parse_line(line))
    return state


@pytest.mark.parametrize(("tile", "silver", "workers"), [("k3", 2, 0), ("k4", 1, 1), (None, 1, 0)])
def test_knowledge_three_and_four_on_a_sale(tile, silver, workers):
    """2011 rules, tile 3: "receives 2 Silverlings from the general supply instead of 1 each time he
    sells goods"; tile 4: "receives one worker tile ... in addition to the usual Silverling each
    time he sells goods". 'Sell goods': "exactly one Silverling ... 2, 3 or 4 victory points per
    tile". Tile 3 pays silver, tile 4 a worker: the two are told apart."""
    duchy = {"c4": tile} if tile else {}
    state = _play(_turn({"duchy": duchy, "goods": {"2": 2}, "silver": 1, "workers": 3, "dice": [2, 6]}),
                  "anna: sell 2")
    anna = state.players[0]
    assert (anna.silver, anna.workers) == (1 + silver, 3 + workers)
    assert anna.vp["goods-sold"] == 2 * 2 and anna.sold[2] == 2 and anna.goods == {}


def test_knowledge_ten_with_an_animal():
    """2011 rules, tile 10: "may adjust all die results being used to place ships or animals
    (blue or light green tiles) by +/- 1, just as if he had used a worker tile for them";
    'Animals': "the player receives the corresponding number of victory points". A 3 places the
    cow on c2 (a 4 space) without a worker; without tile 10 it needs one."""
    from burgundy_cli.castles.rules import engine
    from burgundy_cli.castles.notation import parse_line
    from burgundy_cli.core.errors import IllegalMoveError

    anna = {"duchy": {"c4": "k10", "d3": "ship"}, "storage": ["cow3"], "workers": 0, "dice": [3, 3]}
    state = _play(_turn(anna), "anna: place 3>4 cow3 c2")
    assert state.players[0].duchy.count("cow3") == 1 and state.players[0].workers == 0
    assert state.players[0].vp["animals"] == 3
    without = _turn({**anna, "duchy": {"d3": "ship"}})
    with pytest.raises(IllegalMoveError):
        engine.check(without, parse_line("anna: place 3>4 cow3 c2"))


@pytest.mark.parametrize(("mines", "k2"), [(2, False), (3, False), (2, True)])
def test_mine_income_with_several_mines(mines, k2):
    """2011 rules, 'Mine': "at the end of each phase, the player receives 1 Silverling from the
    supply for each mine in his estate"; tile 2: "one worker tile ... in addition to the usual
    Silverling for each of his mines at the end of each phase". Duchy 1's grey area is e3, f2,
    g1."""
    duchy = dict(zip(("e3", "f2", "g1"), ["mine"] * mines))
    if k2:
        duchy["c4"] = "k2"
    players = {"ben": {}, "anna": {"duchy": duchy, "silver": 1, "workers": 0, "dice": [1, 1],
                                   "bonuses": ["grey-large"] if mines == 3 else []}}  # (the third mine took it)
    state = position(players, "2011", phase="B", round=5, to_move="anna", bridge=[["ben", "anna"]])
    _play(state, "anna: workers 1", "anna: workers 1")
    anna = state.players[1]
    assert state.phase == 2 and state.stage == "phase"
    assert anna.silver == 1 + mines and anna.workers == 4 + (mines if k2 else 0)
    assert state.players[0].silver == 1


@pytest.mark.parametrize(("phase", "bonus"), list(zip("ABCDE", (10, 8, 6, 4, 2))))
def test_area_bonus_in_each_phase(phase, bonus):
    """2011 rules, completing a region: "Depending on its size (1 to 8 spaces), the completed
    region scores between 1 and 36 victory points" and "Additionally, the region - depending on
    the phase - scores between 10 and 2 victory points"; the board's phase spaces: A 10, B 8,
    C 6, D 4, E 2. A watchtower alone fills duchy 1's one-space city c3."""
    state = _play(_turn({"storage": ["watchtower"], "dice": [3, 3]}, phase=phase), "anna: place 3 watchtower c3")
    vp = state.players[0].vp
    assert (vp["areas"], vp["area-phase-bonus"], vp["watchtowers"]) == (1, bonus, 4)


def test_building_kinds_are_named_as_their_building():
    # knowledge tiles 16-23 (2011 and 2019 rulebooks, 'Knowledge tiles') count the buildings of a
    # type in the duchy by the tiles' names (scoring.buildings_points): that holds only while every
    # kind with a building type is named as it
    from burgundy_cli.castles.rules.tiles import catalogue

    assert all(kind.building in (None, name) for name, kind in catalogue().items())


def _last_round_ship(**options):
    """Anna and Ben tie on VP and empty spaces; in the last round (E5) Anna went first, Ben
    second, and Ben's ship put him ahead of Anna on the turn order track."""
    return final({"anna": {"vp": 10, "sold": {"1": 5}}, "ben": {"vp": 10, "sold": {"2": 5}}},
                 bridge=[["anna"], ["ben"]], order=["anna", "ben"], stage="over", options=options)


def test_tiebreak_turn_order_reads_the_track_at_the_end_by_default():
    """2011 rules, 'Game end': "the tied player who went later in turn order"; 'A player's
    turn': "the next player in turn order (moving from right to left on the turn order track
    and from top to bottom in a given tower)". A ship in the last round moves its player on
    the track after they went: by default the turn order is the track's at the end (Anna,
    behind Ben there), as 2019 says outright ("farthest behind on the bridge")."""
    table = score(_last_round_ship())
    assert table.winner == ["anna"]
    assert table.tiebreak == "anna and ben tie on 11 VP and 36 empty estate spaces; later in turn order decides"


def test_tiebreak_option_the_order_the_last_round_was_played_in():
    """Ruling (docs/rulings.md), option tiebreak-turn-order = "last-round": "who went later in
    turn order" read as the turns taken, the order of the last round (Anna, then Ben), not
    the track the last round's ships moved."""
    table = score(_last_round_ship(**{"tiebreak-turn-order": "last-round"}))
    assert table.winner == ["ben"]
    assert table.tiebreak == "ben and anna tie on 11 VP and 36 empty estate spaces; later in turn order decides"
    assert [line.name for line in table.players] == ["ben", "anna"]


def test_tiebreak_turn_order_option_only_where_it_can_decide():
    """The 2019 rules say the bridge ("farthest behind on the bridge"): the option is 2011's; an
    ``[end]`` table holds the track at the end, not the last round's order: refused there too."""
    from burgundy_cli.castles.record.end_table import state_from_end
    from burgundy_cli.castles.record.setup import SetupError
    from tests.castles.engine_kit import header

    with pytest.raises(SetupError) as refused:
        final({"anna": {}, "ben": {}}, "2019", options={"tiebreak-turn-order": "last-round"})
    assert refused.value.path == ("game", "options", "tiebreak-turn-order")
    with pytest.raises(SetupError) as refused:
        final({"anna": {}, "ben": {}}, options={"tiebreak-turn-order": "first"})
    assert "must be 'bridge'" in refused.value.message and "or 'last-round'" in refused.value.message
    with pytest.raises(SetupError) as refused:
        state_from_end(header(2, "2011", tiebreak_turn_order="last-round"),
                       {"players": {"anna": {"vp": 10}, "ben": {"vp": 10}}})
    assert refused.value.path == ("game", "options", "tiebreak-turn-order")
