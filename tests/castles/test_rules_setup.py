"""The record's [setup] and [position] tables: what a game starts from, validated at the edge."""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.record.setup import SetupError
from burgundy_cli.castles.record.setup_table import state_from_setup
from burgundy_cli.castles.rules.tiles import catalogue
from tests.castles.engine_kit import header, new_game, position

GOODS = {"anna": [1, 2, 3], "ben": [4, 5, 6]}


def setup(players=2, edition="2011", **table):
    table.setdefault("goods", GOODS)
    return state_from_setup(header(players, edition), table)


def test_setup_basic_game():
    """2011 rules, 'Game setup': 1 castle on "the dark green middle space (with the die value 6)";
    3 goods; 1 Silverling; "That player receives one worker tile ... The next player ... 2 ...
    the third player receives 3"; "The start player's piece should be on top"."""
    state = setup(3, goods={"anna": [1, 2, 3], "ben": [4, 5, 6], "cara": [6, 6, 1]}, start_player="ben")
    anna, ben, cara = state.players
    assert anna.duchy[space_id("d4")] == "castle" and anna.duchy.count(None) == 36
    assert (ben.workers, cara.workers, anna.workers) == (1, 2, 3)
    assert all(p.silver == 1 for p in state.players) and cara.goods == {6: 2, 1: 1}
    assert state.bridge_order() == [1, 2, 0]
    assert state.supply["castle"] == [11, 2]


def test_setup_experienced_variant():
    """2011 rules, 'Those who know the game well': "Players are free to choose which side (front
    or back) of the board they wish to use, as well as which (dark green) space they will place
    their starting castle on.\""""
    state = setup(boards={"anna": 5, "ben": 1}, start={"anna": "c2"})
    assert state.players[0].start == space_id("c2")
    with pytest.raises(SetupError) as info:
        setup(boards={"anna": 5, "ben": 1})
    assert info.value.path == ("setup", "start", "anna")
    with pytest.raises(SetupError) as info:
        setup(start={"anna": "c3"})
    assert info.value.path == ("setup", "start", "anna")


@pytest.mark.parametrize("how", ["open", "secret"])
def test_setup_experienced_option(how):
    """2019 rules, 'If you are already very familiar with the game': "each player receives a
    random duchy. Each player chooses a side (front or back) and on which dark green hex space
    they place their starting castle. Players should all agree on whether this decision is made
    simultaneously or in turn order." Option `experienced-setup`: each player's duchy and start
    space are named (cob.setup.experienced); score notes how the choices were made."""
    from burgundy_cli.castles.rules.scoring import score

    def experienced(**table):
        table.setdefault("goods", GOODS)
        return state_from_setup(header(2, "2019", experienced_setup=how), table)

    state = experienced(boards={"anna": 5, "ben": 1}, start={"anna": "c2", "ben": "a2"})
    assert state.players[1].start == space_id("a2")
    assert any("chosen " + ("openly" if how == "open" else "secretly") in note for note in score(state).notes)
    with pytest.raises(SetupError) as info:
        experienced(boards=1, start={"anna": "d4", "ben": "d4"})
    assert "cob.setup.experienced" in info.value.message and info.value.path == ("setup", "boards")
    with pytest.raises(SetupError) as info:  # a centre castle space is a choice too: it must be named
        experienced(boards={"anna": 5, "ben": 1}, start={"anna": "c2"})
    assert "cob.setup.experienced" in info.value.message and info.value.path == ("setup", "start")
    with pytest.raises(SetupError) as info:
        state_from_setup(header(2, "2019", experienced_setup="sometimes"), {"goods": GOODS})
    assert info.value.path == ("game", "options", "experienced-setup")


def test_setup_board_numbers_and_copies():
    """2011 rules, 'Game components': "6 player boards (double-sided, 4x No. 1, 1 each of Nos.
    2-9)"; 2019 adds No. 10 and four No. 2."""
    with pytest.raises(SetupError) as info:
        setup(boards=10)
    assert info.value.path == ("setup", "boards")
    with pytest.raises(SetupError):
        setup(boards=3)
    assert setup(edition="2019", boards=2).players[1].board.layout == "L2019_2"


def test_setup_goods_limits():
    """2011 rules: "3 random goods tiles"; 42 goods, 7 of each type."""
    with pytest.raises(SetupError) as info:
        setup(goods={"anna": [1, 1, 1], "ben": [1, 1, 1, 1]})
    assert info.value.path[:3] == ("setup", "goods", "ben")
    with pytest.raises(SetupError) as info:
        setup(goods={"anna": [1, 1, 1], "ben": [2, 2, 2]}, boards=1, start_player="zoe")
    assert info.value.path == ("setup", "start_player")
    with pytest.raises(SetupError):
        setup(4, goods={"anna": [1, 1, 1], "ben": [1, 1, 1], "cara": [1, 1, 2], "dario": [2, 2, 2]})


def test_setup_players_edition_options():
    """Issue 2: 2, 3 or 4 players; editions 2011 and 2019; named options only."""
    with pytest.raises(SetupError):
        state_from_setup(header(1), {"goods": {"anna": [1, 2, 3]}})
    with pytest.raises(SetupError) as info:
        new_game(edition="2015")
    assert info.value.path == ("game", "edition")
    with pytest.raises(SetupError) as info:
        new_game(tiebreak_empty_spaces="least")
    assert info.value.path == ("game", "options", "tiebreak-empty-spaces")
    with pytest.raises(SetupError):
        new_game(modules="inns")
    with pytest.raises(SetupError):
        new_game(house_rule=True)
    with pytest.raises(SetupError) as info:
        setup(goods={"anna": [1, 2, 3], "ben": [4, 5, 6]}, extra=1)
    assert info.value.path == ("setup", "extra")


@pytest.mark.parametrize(("edition", "options", "says"), [
    ("2019", {"inn_uncapped": True}, "is an option of the inns module, which this record does not play"),
    ("2019", {"modules": ["trade-routes"], "team_routes": "team"}, "team-game and trade-routes modules"),
    ("2019", {"modules": ["solo-game"], "solo_shield5_first": True}, "add 'shields' to modules"),
    ("2011", {"k6_mixed_payment": True}, "a reading of the 2019 knowledge tile 6"),
])
def test_an_option_of_a_module_not_played_is_refused(edition, options, says):
    """docs/rulings.md: "options are validated, so a misspelt option is an error rather than
    silently ignored" -- and so is one that could change nothing: an option of a module the
    record does not play, or of the 2019 tile 6 in a 2011 record. It is refused where it is
    written, saying what it needs."""
    with pytest.raises(SetupError) as info:
        new_game(2 if "solo_shield5_first" not in options else 1, edition, **options)
    assert info.value.path[:2] == ("game", "options") and says in info.value.describe()


def test_position_validation():
    """A typed position must be possible: tiles on spaces of their colour, connected to the start
    castle, no more tiles or goods than the game has, bonus tiles for completed colours."""
    cases = [
        ({"anna": {"duchy": {"c3": "ship"}}, "ben": {}}, {}, ("position", "players", "anna", "duchy", "c3")),
        ({"anna": {"duchy": {"c6": "bank"}}, "ben": {}}, {}, ("position", "players", "anna", "duchy")),
        ({"anna": {"duchy": {"d4": "castle"}}, "ben": {}}, {}, ("position", "players", "anna", "duchy", "d4")),
        ({"anna": {"storage": ["k1"], "duchy": {"c4": "k1"}}, "ben": {}}, {}, ("position",)),
        ({"anna": {"goods": {"1": 7}}, "ben": {"sold": {"1": 1}}}, {}, ("position",)),
        ({"anna": {"bonuses": ["grey-large"]}, "ben": {}}, {}, ("position", "players", "anna", "bonuses", 0)),
        ({"anna": {"bonuses": ["pink-large"]}, "ben": {}}, {}, ("position", "players", "anna", "bonuses", 0)),
        ({"anna": {}, "ben": {}}, {"to_move": "anna"}, ("position", "players", "anna", "dice")),
        ({"anna": {"dice": [1]}, "ben": {}}, {"to_move": "anna"}, ("position", "players", "ben", "dice")),
        ({"anna": {"dice": [1]}, "ben": {"dice": [2]}}, {"to_move": "ben"}, ("position", "players", "anna", "dice")),
        ({"anna": {"duchy": {"e4": "bank", "f4": "bank"}}, "ben": {}}, {}, ("position", "players", "anna", "duchy")),
        ({"anna": {}, "ben": {}}, {"bridge": [["anna"]]}, ("position", "bridge")),
    ]
    for players, table, path in cases:
        with pytest.raises(SetupError) as info:
            position(players, "2011", **table)
        assert info.value.path == path, info.value


def test_position_round_trip_of_counts():
    """A position sets supplies, dice and the flow: the player to move with unused dice."""
    state = position({"anna": {"dice": [3, 4], "silver": 3, "workers": 2, "goods": {"2": 2}},
                      "ben": {"dice": [1, 1]}}, "2019", phase="C", round=2, to_move="anna",
                     depots={"3": ["bank", "cow2"]}, depot_goods={"3": [4]})
    assert (state.phase, state.round, state.stage, state.to_move()) == (2, 1, "turn", 0)
    assert state.revealed[3] and not state.revealed[4]
    assert state.goods_used[2] == 2 and state.goods_used[4] == 1


def test_modules_switch_rules_on_per_record():
    """Issue 2: the 2019 expansions come as modules switched on in a record. A game's ruleset
    is the base game plus its modules; an unknown module is refused, not ignored."""
    from burgundy_cli.castles.rules import actions
    from burgundy_cli.castles import modules

    state = new_game()
    assert state.ruleset is modules.ruleset(()) and state.ruleset.effects["ship"] is actions.EFFECTS["ship"]
    assert state.copy().ruleset is state.ruleset
    with pytest.raises(SetupError) as info:
        new_game(edition="2019", modules="inns, castles-in-the-air")
    assert "no 2019 module is called 'castles-in-the-air'" in info.value.message
    assert set(modules.MODULES) == set(modules.RESERVED)  # every module of the 2019 rulebook is refereed
    assert all(modules.module(name).name == name for name in modules.RESERVED)
    assert new_game(edition="2019", modules="inns").ruleset is modules.ruleset(("inns",))


def test_position_at_a_phase_start():
    """A position in round 1 without a player to move waits for the phase's setup lines, keeping
    the depots and goods it gives; the first roll then uses the given round goods."""
    from burgundy_cli.castles.rules import engine
    from tests.castles.engine_kit import cmd

    state = position({"anna": {}, "ben": {}}, "2011", phase="B", depots={"1": ["ship", "church"]},
                     round_goods=[6, 5, 4, 3, 2])
    assert state.stage == "setup" and state.revealed[1]
    engine.play(state, cmd(kind="reveal", depot=2, tiles=["k1", "castle"]))
    engine.play(state, cmd(kind="roll", white=3, dice={"anna": (1, 1), "ben": (2, 2)}))
    assert state.depots[1] == ["ship", "church"] and state.depot_goods[3] == [6]
    assert position({"anna": {}, "ben": {}}, "2011", phase="B").stage == "phase"


# --- issue 16, item 3: strict types; item 4: names the notation cannot tell apart ----------------

_RECORD = """[game]
name = "castles-of-burgundy"
edition = "2011"
players = {players}

{table}

[log]
"""
_SETUP = '[setup]\n{line}\ngoods = {{Anna = [1, 2, 3], Ben = [4, 5, 6]}}'
_POSITION = '[position]\nphase = "B"\n[position.players.Anna]\n{line}\n[position.players.Ben]'


def _refused(table: str, players: str = '["Anna", "Ben"]'):
    from burgundy_cli.core.errors import RecordError
    from burgundy_cli.core.record import parse_record_text
    from burgundy_cli.core.session import open_doc

    with pytest.raises(RecordError) as info:
        open_doc(parse_record_text(_RECORD.format(players=players, table=table), "t.toml"))
    assert info.value.location is not None and info.value.location.line is not None, info.value
    return info.value


@pytest.mark.parametrize("line, where, line_number", [
    ("boards = true", "[setup.boards]", 7),
    ('boards = "1"', "[setup.boards]", 7),
    ("boards = 1.0", "[setup.boards]", 7),
    ("boards = {Anna = true, Ben = 1}", "[setup.boards.Anna]", 7),
    ('start_player = ""', "[setup.start_player]", 7),
])
def test_setup_types_are_strict(line, where, line_number):
    """Issue 16, item 3: TOML has booleans, strings and floats of their own; none of them is a
    duchy number, and an empty start player is no player (2011 rules, 'Game setup': "Determine
    a start player")."""
    err = _refused(_SETUP.format(line=line))
    assert err.message.startswith(where) and err.location.line == line_number, err


@pytest.mark.parametrize("line, where", [
    ('sold = {"1" = true}', "[position.players.Anna.sold.1]"),
    ("dice = [true, 6]", "[position.players.Anna.dice.0]"),
    ('silver = "3"', "[position.players.Anna.silver]"),
    ("vp = 2.0", "[position.players.Anna.vp]"),
])
def test_position_types_are_strict(line, where):
    """Issue 16, item 3: counts and dice are integers, never booleans, strings or floats."""
    err = _refused(_POSITION.format(line=line))
    assert err.message.startswith(where) and err.location.line == 9, err


@pytest.mark.parametrize("players", ['["Benno", "benno"]', '["Anna B", "anna  b"]'])
def test_player_names_the_notation_cannot_tell_apart(players):
    """Issue 16, item 4: the notation matches names ignoring case and repeated spaces
    (docs/notation.md), so two such names would both mean the second player."""
    table = _SETUP.format(line="").replace("Anna =", "A =").replace("Ben =", "B =")
    err = _refused(table, players)
    assert err.message.startswith("[game.players]") and "same name" in err.message


# --- docs/records.md "What a position must satisfy": every listed check refuses a position -----


def documented_checks(game_heading: str) -> list[str]:
    """The check names listed under "What a position must satisfy" in ``game_heading``'s section."""
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    section = text[text.index(f"## {game_heading}"):]
    listed = section[section.index("#### What a position must satisfy"):]
    listed = listed[:re.search(r"\n#{2,3} ", listed).start()]
    return re.findall(r"^- `([a-z-]+)`:", listed, flags=re.M)


_FULL_GREY = {"e3": "mine", "f2": "mine", "g1": "mine"}  # duchy 1's three grey spaces, e3 next to the castle

#: one refused position per documented check: (players, table, expected path prefix)
POSITION_CHECKS = {
    "types": ({"anna": {"silver": True}, "ben": {}}, {}, ("position", "players", "anna", "silver")),
    "players": ({"anna": {}, "ANNA": {}}, {}, ("game", "players")),
    "boards": ({"anna": {"board": 3}, "ben": {"board": 3}}, {}, ("position", "players")),
    "start": ({"anna": {"start": "c3"}, "ben": {}}, {}, ("position", "players", "anna", "start")),
    "duchy-spaces": ({"anna": {"duchy": {"c3": "ship"}}, "ben": {}}, {},
                     ("position", "players", "anna", "duchy", "c3")),
    "city-once": ({"anna": {"duchy": {"e4": "bank", "f4": "bank"}}, "ben": {}}, {},
                  ("position", "players", "anna", "duchy")),
    "connected": ({"anna": {"duchy": {"c6": "bank"}}, "ben": {}}, {}, ("position", "players", "anna", "duchy")),
    "storage-types": ({"anna": {"goods": {"1": 1, "2": 1, "3": 1, "4": 1}}, "ben": {}}, {},
                      ("position", "players", "anna", "goods")),
    "storage-room": ({"anna": {"storage": ["k1", "k2", "k3", "k4"]}, "ben": {}}, {},
                     ("position", "players", "anna", "storage")),
    "bonus-earned": ({"anna": {"bonuses": ["grey-large"]}, "ben": {}}, {},
                     ("position", "players", "anna", "bonuses", 0)),
    "bonus-order": ({"anna": {"bonuses": ["grey-small"]}, "ben": {}}, {},
                    ("position", "players", "anna", "bonuses")),
    "bonus-claimed": ({"anna": {"duchy": _FULL_GREY}, "ben": {}}, {}, ("position", "players", "anna", "bonuses")),
    "bridge": ({"anna": {}, "ben": {}}, {"bridge": [["anna"]]}, ("position", "bridge")),
    "depots": ({"anna": {}, "ben": {}}, {"depots": {"3": ["bank", "cow2", "ship"]}}, ("position", "depots", "3")),
    "round-goods": ({"anna": {}, "ben": {}}, {"round": 3, "round_goods": [1, 2, 3, 4]}, ("position", "round_goods")),
    "tile-count": ({"anna": {"storage": ["k1"], "duchy": {"c4": "k1"}}, "ben": {}}, {}, ("position",)),
    "goods-count": ({"anna": {"goods": {"1": 7}}, "ben": {"sold": {"1": 1}}}, {"phase": "C"}, ("position",)),
    "goods-dealt": ({"anna": {"goods": {"1": 4, "2": 4}}, "ben": {"sold": {"3": 4}}}, {"round": 2}, ("position",)),
    "vp-bound": ({"anna": {"vp": 1}, "ben": {}}, {}, ("position", "players", "anna", "vp")),
    "shields": ({"anna": {"shields": {"d4": 3}}, "ben": {}}, {}, ("position", "players", "anna", "shields")),
    "turn": ({"anna": {}, "ben": {}}, {"to_move": "anna"}, ("position", "players", "anna", "dice")),
    "stage": ({"anna": {}, "ben": {}}, {"stage": "turn"}, ("position", "stage")),
    "dice-outside-turn": ({"anna": {"dice": [1, 2]}, "ben": {}}, {"round": 2}, ("position", "players", "anna", "dice")),
    "late-buyer": ({"anna": {}, "ben": {}}, {"stage": "phase", "late_buyer": "anna"}, ("position", "late_buyer")),
    "vp-categories": ({"anna": {"vp": {"areas": -1}}, "ben": {}}, {}, ("position", "players", "anna", "vp", "areas")),
    "supply": ({"anna": {}, "ben": {}}, {"supply": {"castle": [99, 0]}}, ("position", "supply", "castle")),
}


def test_every_documented_position_check_refuses():
    """docs/records.md lists every check a Castles position gets (issue 16, item 5); each one
    listed refuses a position here, and every case here is listed."""
    assert documented_checks("The Castles of Burgundy") == list(POSITION_CHECKS)
    for name, (players, table, path) in POSITION_CHECKS.items():
        with pytest.raises(SetupError) as info:
            position(players, "2011", **table)
        assert info.value.path[:len(path)] == path, (name, info.value)


def test_bonus_tiles_large_before_small_and_one_per_colour():
    """2011 rules, 'Bonus tiles': "The first player to cover ... receives the large bonus tile
    ... The second player to accomplish this receives the small bonus tile". A player covers a
    colour once, so never holds both tiles of it; a small tile means the large one is taken."""
    grey = _FULL_GREY
    state = position({"anna": {"duchy": grey, "bonuses": ["grey-large"]},
                      "ben": {"duchy": grey, "bonuses": ["grey-small"]}}, "2011", phase="C")
    assert state.bonus_taken == {"M": 2}
    with pytest.raises(SetupError, match="both grey bonus tiles"):
        position({"anna": {"duchy": grey, "bonuses": ["grey-large", "grey-small"]}, "ben": {}}, "2011", phase="C")
    with pytest.raises(SetupError, match="while the large one is unclaimed"):
        position({"anna": {}, "ben": {"duchy": grey, "bonuses": ["grey-small"]}}, "2011", phase="C")


def test_depots_hold_what_their_spaces_take():
    """2011 rules, 'Before each phase': each numbered depot is filled from the coloured-backed
    tiles, one on each of its spaces for the player count, of the space's colour; the black
    depot from the black-backed ones. Issue 16, item 5."""
    two = {"anna": {}, "ben": {}}
    with pytest.raises(SetupError, match="2 spaces in this phase, not 3"):
        position(two, "2011", phase="C", depots={"3": ["bank", "cow2", "ship"]})
    with pytest.raises(SetupError, match="no free space for ship"):
        position(two, "2011", phase="C", depots={"3": ["bank", "ship"]})
    black_only = next(name for name, kind in catalogue().items() if kind.colour == "Y" and kind.coloured == 0)
    with pytest.raises(SetupError, match="only the black depot holds it"):
        position(two, "2011", phase="C", depots={"5": [black_only]})
    coloured_only = next(name for name, kind in catalogue().items() if kind.black == 0)
    with pytest.raises(SetupError, match="black depot holds black-backed tiles"):
        position(two, "2011", phase="C", depots={"black": [coloured_only]})
    assert position(two, "2011", phase="C", depots={"5": ["mine"], "black": [black_only]}).revealed[5]


def test_goods_within_what_the_rounds_have_dealt():
    """2011 rules, 'Before each phase' and 'Each round': 5 goods per phase go on the round spaces,
    one leaves them with each roll; each player starts with 3. Issue 16, item 5."""
    two = {"anna": {}, "ben": {}}
    assert position(two, "2011", round=3, round_goods=[1, 2, 3]).round_goods == [1, 2, 3]
    with pytest.raises(SetupError, match="after 2 roll"):
        position(two, "2011", round=3, round_goods=[1, 2, 3, 4])
    with pytest.raises(SetupError, match="after 3 roll"):
        position({"anna": {"dice": [1, 2]}, "ben": {"dice": [3, 4]}}, "2011", round=3, to_move="anna",
                 round_goods=[1, 2, 3])
    with pytest.raises(SetupError, match="6 round goods"):
        position(two, "2011", round_goods=[1, 2, 3, 4, 5, 6])
    # phase A: 6 starting goods + 5 = 11 at most; sold goods count too
    with pytest.raises(SetupError, match="12 goods tiles in play"):
        position({"anna": {"goods": {"1": 3, "2": 3}}, "ben": {"sold": {"3": 6}}}, "2011", round=2)
    assert position({"anna": {"goods": {"1": 3, "2": 2}}, "ben": {"sold": {"3": 6}}}, "2011", round=2,
                    options={}).players[1].sold[3] == 6


def test_vp_within_what_the_position_can_have_earned():
    """Issue 16, item 5: VP is bounded by its sources in the base game (2011 rules: completed
    areas, 'Animals', 'Watchtower', 'Sell goods', 'Bonus tiles'); docs/records.md, `vp-bound`."""
    from burgundy_cli.castles.record.position_table import vp_bound

    state = position({"anna": {"duchy": {"c3": "watchtower"}, "sold": {"2": 2}, "vp": 16}, "ben": {}}, "2011")
    # the 1-space city c3 completed (1 + 10), a watchtower 4, two goods sold at 2 VP each
    assert vp_bound(state, state.players[0]) == 1 + 10 + 4 + 2 * 2 + 0
    with pytest.raises(SetupError, match="allow at most 19"):
        position({"anna": {"duchy": {"c3": "watchtower"}, "sold": {"2": 2}, "vp": 20}, "ben": {}}, "2011")
    # two cow tiles of 5 animals on one pasture: at most 3 + (2 + 3) = 8 is earned; the bound says 2 x 5
    herd = {"d3": "ship", "c2": "cow3", "c1": "cow2"}
    assert position({"anna": {"duchy": herd, "vp": 10}, "ben": {}}, "2011").players[0].vp == {"position": 10}
    with pytest.raises(SetupError, match="allow at most 10"):
        position({"anna": {"duchy": herd, "vp": 11}, "ben": {}}, "2011")


def test_every_vp_category_is_bounded_whatever_way_it_is_written():
    """Issue 36 item 6: `vp = 90` on an empty duchy was refused but `vp = {areas = 90}` accepted.
    Each category is bounded by what the position could have earned in it (2011 rules: an area
    scores when "completely covered", 'Animals', 'Watchtower', 'Sell goods', 'Bonus tiles')."""
    for category in ("areas", "area-phase-bonus", "animals", "watchtowers", "goods-sold", "colour-bonus"):
        with pytest.raises(SetupError, match=f"anna has 90 {category} VP; .* allow at most 0") as info:
            position({"anna": {"vp": {category: 90}}, "ben": {}}, "2011")
        assert info.value.path == ("position", "players", "anna", "vp", category)
    # the city c3 completed: its area VP 1, its phase bonus at most phase A's 10
    city = {"c3": "bank"}
    assert position({"anna": {"duchy": city, "vp": {"areas": 1, "area-phase-bonus": 10}}, "ben": {}}, "2011")
    with pytest.raises(SetupError, match="2 areas VP; .* allow at most 1"):
        position({"anna": {"duchy": city, "vp": {"areas": 2}}, "ben": {}}, "2011")
    # categories within their bounds, but together with `position` beyond the total
    with pytest.raises(SetupError, match="12 VP; .* allow at most 11") as info:
        position({"anna": {"duchy": city, "vp": {"areas": 1, "position": 11}}, "ben": {}}, "2011")
    assert info.value.path == ("position", "players", "anna", "vp", "position")
    assert position({"anna": {"vp": {"corrections": 5}}, "ben": {}}, "2011").players[0].vp == {"corrections": 5}


def test_the_modules_categories_are_bounded_too():
    """Issue 36 item 6, the 2019 modules: each category a module scores during play has a bound
    (``Module.vp_bound``), so a position cannot give the inns, geese, trade routes, border posts
    or the solo game's monastery tiles VP its duchy did not earn; shields 7 and 12 (2019 'THE
    SHIELDS': "bonus tiles score double", "double VP per goods tile sold") double the bound for
    their holder, and once removed from the game leave it unknown."""
    from burgundy_cli.castles.modules import RESERVED, ruleset
    from burgundy_cli.castles.rules.scoring import ADJUSTMENTS, PLAY_CATEGORIES

    for name in RESERVED:
        rules = ruleset((name,))
        assert set(PLAY_CATEGORIES + rules.categories) - set(ADJUSTMENTS) <= set(rules.vp_bound), name
    for modules, category in ((["inns"], "inns"), (["extra-tiles"], "geese")):
        with pytest.raises(SetupError, match=f"3 {category} VP; .* allow at most 0"):
            position({"anna": {"vp": {category: 3}}, "ben": {}}, "2019", options={"modules": modules})
    shields = {"modules": ["shields"]}

    def anna(shield=None, removed=()):
        entry = {"duchy": _FULL_GREY, "bonuses": ["grey-large"], "vp": {"colour-bonus": 10}}
        return position({"anna": {**entry, "shields": {"d4": shield}} if shield else entry, "ben": {}}, "2019",
                        phase="C", options=shields, shields={"removed": list(removed)})

    with pytest.raises(SetupError, match="10 colour-bonus VP; .* allow at most 5"):
        anna()
    with pytest.raises(SetupError, match="10 colour-bonus VP; .* allow at most 5"):
        anna(shield=12)
    assert anna(shield=7).players[0].vp["colour-bonus"] == 10  # shield 7 on her start castle: 5 twice
    assert anna(removed=[7]).players[0].vp["colour-bonus"] == 10  # 7 may have lain on her castle once


def test_goods_on_the_depots_within_what_the_rolls_have_placed():
    """Issue 36 item 15: 2019 rules, 'Game play': "First, they place the first face up goods tile
    from the round spaces on the depot that matches the result of the white die" -- 5 round goods
    a phase, one onto a depot a roll; the players' starting goods never lie on a depot. 6 goods on
    one depot in A3 were accepted (the count of goods dealt let the starting goods in)."""
    two = {"anna": {}, "ben": {}}
    with pytest.raises(SetupError, match="6 goods tiles on the depots; only 2 can have been placed") as info:
        position(two, "2019", round=3, depot_goods={"4": [1, 2, 3, 4, 5, 6]})
    assert info.value.path == ("position", "depot_goods")
    assert position(two, "2019", round=3, depot_goods={"4": [1, 2]}).depot_goods[4] == [1, 2]
    dice = {"anna": {"dice": [1, 2]}, "ben": {"dice": [3, 4]}}
    assert position(dice, "2019", round=3, to_move="anna", depot_goods={"4": [1, 2], "5": [6]})
    with pytest.raises(SetupError, match="4 goods tiles on the depots; only 3"):
        position(dice, "2019", round=3, to_move="anna", depot_goods={"4": [1, 2], "5": [6, 6]})
    # phase B about to begin: phase A's 5 may still lie there
    assert position(two, "2019", phase="B", depot_goods={"1": [1, 2, 3], "2": [4, 5]})


def test_a_covered_colour_holds_its_bonus_tile_unless_others_took_both():
    """2011 rules, 'Additional rules for placing six-sided tiles': "The first player who manages
    to cover all spaces of one colour in his entire estate with tiles (by placing his third mine,
    for example ...) immediately takes the corresponding large bonus tile ... The second player
    to finish covering up this same colour takes the small bonus tile ... Third and fourth place
    receive nothing"; 2019 'Additional rules for placing hex tiles' alike. A position whose
    player covered grey without a grey bonus tile, while one was left, cannot be."""
    with pytest.raises(SetupError) as info:
        position({"anna": {"duchy": _FULL_GREY}, "ben": {"duchy": _FULL_GREY, "bonuses": ["grey-large"]}}, "2019")
    assert info.value.path == ("position", "players", "anna", "bonuses")
    assert "anna has covered every grey space but holds no grey bonus tile" in str(info.value)
    assert "the small one is still unclaimed" in str(info.value)
    full = {name: {"duchy": _FULL_GREY} for name in ("anna", "ben", "cara")}
    full["anna"]["bonuses"], full["ben"]["bonuses"] = ["grey-large"], ["grey-small"]
    assert position(full, "2011").players[2].bonuses == []   # third place receives nothing
