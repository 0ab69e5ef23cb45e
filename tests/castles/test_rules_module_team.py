"""The 2019 team game (rulebook 'EXPANSIONS', 'THE TEAM GAME'): setup, the team's shared
property, private and shared storage, round 1's order, the bridge's last space, team scoring.

The passages quoted are from our English text of the 2019 rulebook
(../shared/rules/castles-of-burgundy-2019-rules-with-expansions.txt, "THE TEAM GAME").
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.modules import team as module_team
from burgundy_cli.castles.rules.boards import TEAM_SHARED, space_id, space_name
from burgundy_cli.castles.rules.citations import cited
from burgundy_cli.castles.notation import format_command, parse_line
from burgundy_cli.castles.rules import rule
from burgundy_cli.castles.rules.scoring import score
from burgundy_cli.castles.record.setup import SetupError
from burgundy_cli.castles.record.setup_table import state_from_setup
from burgundy_cli.castles.rules.state import GameState
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.game import GameHeader

NAMES = ["anna", "ben", "cara", "dario"]
#: The team rules, each with its 2019 passage.
RULES_CITED = {rule_id: cited(rule(rule_id), "2019").ref for rule_id in
               ("cob.team.players", "cob.team.board", "cob.team.supplies", "cob.team.order", "cob.team.storage",
                "cob.team.private", "cob.team.stays", "cob.team.bridge", "cob.team.score")}
TEAMS = {"A": ["anna", "cara"], "B": ["ben", "dario"]}
GOODS = {"A": [1, 2, 3], "B": [4, 5, 6]}
#: Round 1 of phase A: Anna 3 4, Ben 1 2, Cara 5 6, Dario 2 2; the goods tile goes to depot 3.
ROLL = "roll white 3 good 4, anna 3 4, ben 1 2, cara 5 6, dario 2 2"
#: Phase A's depots with 4 players (depot 3 first: the roll's goods tile goes there).
REVEALS = ("reveal 3: cow2, ship, bank, k9", "reveal 4: mine, ship, church, pig2",
           "reveal 6: castle, market, ship, sheep2", "reveal 1: k13, watchtower, ship, chicken2",
           "reveal 2: k10, warehouse, castle, carpenter", "reveal 5: city-hall, mine, boarding-house, k11")


def header(**options) -> GameHeader:
    return GameHeader(name="castles-of-burgundy", edition="2019", players=list(NAMES),
                      options={"modules": ["team-game"], **options})


def new_team_game(setup: dict | None = None, **options) -> GameState:
    return state_from_setup(header(**options), {"teams": TEAMS, "goods": GOODS, **(setup or {})})


def play(state: GameState, *lines: str) -> GameState:
    for line in lines:
        engine.play(state, parse_line(line))
    return state


def refused(state: GameState, line: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        engine.play(state, parse_line(line))
    return info.value


def rolled() -> GameState:
    """Phase A, round 1 rolled, depots 3 and 4 revealed: Anna to move."""
    state = new_team_game()
    return play(state, *REVEALS[:2], ROLL)


# --- setup ----------------------------------------------------------------------------------------


def test_four_players_in_two_named_teams():
    """'THE TEAM GAME': "Form teams of 2 players" -- the record names teams A and B (cob.team.players)."""
    with pytest.raises(SetupError, match="cob.team.players"):
        new_team_game({"teams": {"A": ["anna", "ben"], "B": ["cara"]}})
    with pytest.raises(SetupError, match="cob.team.players"):
        new_team_game({"teams": {"A": ["anna", "ben"], "B": ["cara", "anna"]}})
    with pytest.raises(SetupError, match="cob.team.players"):  # all four named, but 3 and 1: no internal error
        new_team_game({"teams": {"A": ["anna", "ben", "cara"], "B": ["dario"]}})
    assert cited(rule("cob.team.players"), "2019").ref.startswith("2019 rules 'EXPANSIONS', 'THE TEAM GAME'")


def test_one_team_board_per_team_castle_on_the_central_dark_green_1():
    """'GAME SETUP': "a team board consisting of 2 board halves (12a1 + 12a2)", "a castle; place it
    on the central dark green 1 hex space" (cob.team.board)."""
    state = new_team_game()
    for player in state.players:
        assert len(player.duchy) == 73 and player.board.name == "12a"
        assert player.duchy.count("castle") == 1 and player.duchy[TEAM_SHARED] == "castle"
    board = state.players[0].board
    assert (board.colour[TEAM_SHARED], board.die[TEAM_SHARED]) == ("C", 1)
    assert space_name(TEAM_SHARED) == "d7" and space_id("rd1") == TEAM_SHARED
    # the shared space joins the halves: it neighbours both
    assert {space_name(s) for s in board.neighbours[TEAM_SHARED]} == {"c6", "d6", "e6", "rc1", "rd2", "re1"}
    with pytest.raises(SetupError, match="cob.team.board"):
        new_team_game({"start": {"A": "a1"}})
    with pytest.raises(SetupError, match="cob.team.board"):
        new_team_game({"boards": 3})


def test_team_supplies_goods_workers_silver():
    """'GAME SETUP': "three random goods tiles ... on the corresponding team storage spaces", "3
    worker chips (for team A) and 5 worker chips (for team B), plus 2 silver coins per team"
    (cob.team.supplies)."""
    state = new_team_game()
    anna, ben, cara, dario = state.players
    assert (anna.workers, anna.silver, anna.goods) == (3, 2, {1: 1, 2: 1, 3: 1})
    assert (ben.workers, ben.silver, ben.goods) == (5, 2, {4: 1, 5: 1, 6: 1})
    assert (cara.workers, cara.goods, dario.workers, dario.goods) == (3, anna.goods, 5, ben.goods)
    assert sum(state.goods_used) == 6  # three goods per team, not per player
    with pytest.raises(SetupError, match="cob.team.supplies"):
        new_team_game({"goods": {"anna": [1, 2, 3], "A": [1, 2, 3], "B": [4, 5, 6]}})
    with pytest.raises(SetupError, match="cob.team.supplies"):
        new_team_game({"goods": {"A": [1, 2, 3]}})


def test_round_one_order_a1_b1_a2_b2_then_the_bridge():
    """'GAME SETUP': "For round 1 ... the following turn order: A1, B1, A2, B2. All subsequent
    rounds are played according to the playing piece order on the bridge." (cob.team.order)."""
    state = rolled()
    assert [state.players[seat].name for seat in state.order] == ["anna", "ben", "cara", "dario"]
    assert [state.teams.label(seat) for seat in state.order] == ["A1", "B1", "A2", "B2"]
    error = refused(state, "ben: workers 1")
    assert error.rule.id == "cob.flow.turn-order"
    with pytest.raises(SetupError, match="cob.team.order"):
        new_team_game({"start_player": "ben"})


# --- the team's property ----------------------------------------------------------------------------


def test_workers_silver_goods_are_the_teams():
    """'PLAYING THE GAME': "All resources other than private hex tiles are shared (workers, silver
    coins, goods, shared hex tiles) and can be used by either team member." (cob.team.private)"""
    state = rolled()
    play(state, "anna: workers 3", "anna: sell 4>3 goods 3")  # 1 worker to turn 4 into 3
    anna, ben, cara, dario = state.players
    assert (anna.workers, anna.silver, anna.goods) == (4, 3, {1: 1, 2: 1})
    assert (cara.workers, cara.silver, cara.goods, cara.sold) == (4, 3, {1: 1, 2: 1}, anna.sold)
    assert anna.vp != cara.vp  # VP stay the player's own
    assert (ben.workers, dario.workers) == (5, 5)
    assert "'PLAYING THE GAME'" in rule("cob.team.private").ref


def test_a_teammates_dice_and_private_tiles_cannot_be_used():
    """'PLAYING THE GAME': "You cannot use your team member's dice or private hex tiles."
    (cob.team.private; a die not the player's is the base game's cob.die.unused)."""
    state = rolled()
    play(state, "anna: take 3 ship", "anna: workers 4", "ben: workers 1", "ben: workers 2")
    assert state.players[0].storage == ["ship"] and state.players[2].storage == []
    error = refused(state, "cara: place 5>4 ship d6")
    assert error.rule.id == "cob.team.private"
    assert refused(state, "cara: workers 3").rule.id == "cob.die.unused"  # Anna's 3, not Cara's


def test_shared_storage_two_spaces_private_two_spaces():
    """'PLAYING THE GAME': "each team has 2 shared hex tile storage spaces ... and each player has 2
    private hex tile storage spaces" (cob.team.storage)."""
    state = rolled()
    play(state, "anna: take 3 ship shared", "anna: take 4 ship shared")
    assert state.players[0].shared == ["ship", "ship"] == state.players[2].shared
    play(state, "ben: workers 1", "ben: workers 2")
    error = refused(state, "cara: take 5>4 mine shared")
    assert error.rule.id == "cob.team.storage" and "full" in error.message
    play(state, "cara: take 5>4 mine shared discard ship")
    assert state.players[0].shared == ["ship", "mine"] and "ship" in state.removed


def test_private_storage_full_at_two():
    """'PLAYING THE GAME': "each player has 2 private hex tile storage spaces" (cob.team.storage)."""
    state = new_team_game()
    play(state, *REVEALS, "roll white 3 good 4, anna 3 4, ben 1 2, cara 5 6, dario 2 2",
         "anna: take 3 ship", "anna: take 4 ship", "ben: take 1 ship", "ben: take 2 k10",
         "cara: take 5 mine", "cara: take 6 ship", "dario: take 2 castle", "dario: workers 2",
         "roll white 1 good 5, anna 3 3, ben 1 1, cara 5 5, dario 6 6")
    assert refused(state, "anna: take 3 cow2").rule.id == "cob.team.storage"
    assert refused(state, "anna: take 3 cow2 discard mine").rule.id == "cob.team.storage"
    play(state, "anna: take 3 cow2 discard ship")
    assert state.players[0].storage == ["ship", "cow2"]


def test_tiles_never_move_between_storages():
    """'PLAYING THE GAME': "Hex tiles may not be moved from one storage to another." -- a tile is
    placed from the storage it went into, which the line names (cob.team.stays)."""
    state = rolled()
    play(state, "anna: take 3 ship shared", "anna: workers 4", "ben: workers 1", "ben: workers 2")
    error = refused(state, "cara: place 5>4 ship d6")
    assert error.rule.id == "cob.team.stays" and "shared" in (error.hint or "")
    play(state, "cara: place 5>4 ship shared d6")
    assert state.players[0].duchy[space_id("d6")] == "ship" == state.players[2].duchy[space_id("d6")]
    assert state.players[0].shared == [] == state.players[2].shared


def test_members_use_either_half():
    """'Notes': "team members can interact with either half of the team board, not just theirs"
    (cob.team.board): Anna places on the right half, next to the shared castle."""
    state = rolled()
    play(state, "anna: take 4 church", "anna: place 3>4 church rd2")  # rd2: beige 4, next to the castle on d7
    assert state.players[2].duchy[space_id("rd2")] == "church" == state.players[0].duchy[space_id("rd2")]
    assert state.players[2].workers == 2  # the worker Anna paid was the team's
    assert "'Notes'" in rule("cob.team.board").ref


def test_shared_storage_only_in_the_team_game():
    """Only the team game has shared storage ('THE TEAM GAME', 'PLAYING THE GAME'): `shared` in
    another game is refused (cob.module.off)."""
    from tests.castles.engine_kit import new_game

    state = new_game(4, "2019")
    play(state, *REVEALS[:1], ROLL)
    assert refused(state, "anna: take 3 ship shared").rule.id == "cob.module.off"


def test_shared_storage_notation_round_trips():
    """Notation names the storage where needed: `shared` after the tile (docs/notation.md)."""
    for line in ("anna: take 3 ship shared from 3 discard mine", "anna: place 6 ship shared rd2 goods 3",
                 "anna: buy k9 shared discard mine", "anna: place 4 castle d3 then take ship shared from 4"):
        assert format_command(parse_line(line)) == line
    assert format_command(parse_line("anna: take 3 ship private")) == "anna: take 3 ship"
    assert format_command(parse_line("anna: place 3 ship rd1")) == "anna: place 3 ship d7"


# --- the bridge ---------------------------------------------------------------------------------


def test_a_ship_on_the_last_bridge_space_goes_on_top():
    """'Notes': "if your playing piece is on the final space of the bridge and you place a ship,
    and there is a stack of playing pieces, place your piece on top." (cob.team.bridge)"""
    state = new_team_game()
    state.bridge = [[], [], [], [], [], [], [0, 2, 1, 3]]  # all on the 7th space, Dario on top
    anna = state.players[0]
    anna.storage = ["ship"]
    play(state, *REVEALS[:1], "roll white 1 good 4, anna 6 4, ben 1 2, cara 5 6, dario 2 2")
    assert state.players[state.order[0]].name == "dario"
    play(state, "dario: workers 2", "dario: workers 2", "ben: workers 1", "ben: workers 2",
         "cara: workers 5", "cara: workers 6", "anna: place 4 ship d6")
    assert len(state.bridge) == module_team.BRIDGE_SPACES
    assert state.bridge[-1] == [2, 1, 3, 0]  # Anna on top
    assert "'Notes'" in rule("cob.team.bridge").ref


# --- final scoring ------------------------------------------------------------------------------


def _final(state: GameState, vp: dict[str, int]) -> None:
    state.stage = "over"
    for player in state.players:
        player.vp = {"animals": vp[player.name]}


def test_team_score_is_the_sum_and_the_team_property_counts_once():
    """'FINAL SCORING': "Add up the victory points of both team members. The team with more
    victory points wins the game." (cob.team.score)"""
    state = new_team_game()
    _final(state, {"anna": 10, "ben": 12, "cara": 7, "dario": 3})
    table = score(state)
    totals = {line.name: line.total for line in table.players}
    # team property (3 goods, 2 silver, 3 or 5 workers) on each team's first member only
    assert totals == {"anna": 10 + 3 + 2 + 1, "cara": 7, "ben": 12 + 3 + 2 + 2, "dario": 3}
    assert table.winner == ["anna", "cara"]  # 23 against 22
    assert "team A (anna + cara): 23 VP" in table.notes[0]
    assert "team A wins" in table.notes
    assert "'FINAL SCORING'" in rule("cob.team.score").ref


def test_team_tie_goes_to_more_empty_spaces_by_option():
    """'FINAL SCORING': "If there is a tie, the team with more empty spaces in their duchy wins the
    game." (cob.team.score; option team-tiebreak-empty-spaces, docs/rulings.md)."""
    state = new_team_game()
    for seat in (0, 2):
        state.players[seat].duchy[space_id("c6")] = "mine"  # team A: one empty space fewer
    _final(state, {"anna": 10, "ben": 9, "cara": 7, "dario": 7})
    table = score(state)
    assert table.winner == ["ben", "dario"]
    assert table.tiebreak == "team B and team A tie on 23 VP; the team with more empty spaces decides (team B 72, team A 71)"
    state = new_team_game(**{"team-tiebreak-empty-spaces": "fewest"})
    for seat in (0, 2):
        state.players[seat].duchy[space_id("c6")] = "mine"
    _final(state, {"anna": 10, "ben": 9, "cara": 7, "dario": 7})
    table = score(state)
    assert table.winner == ["anna", "cara"]
    assert table.tiebreak == "team A and team B tie on 23 VP; the team with fewer empty spaces decides (team A 71, team B 72)"
    assert "cob.team.score" in RULES_CITED


# --- a team board the record defines (12b) ----------------------------------------------------------


def _own_team_board(**entry) -> dict:
    from burgundy_cli.castles.rules.boards import provisional_layouts

    shipped = provisional_layouts("team")["12a"]
    return {"rows": shipped["left_half_rows"], "right": shipped["right_half_rows"], "source": "test", **entry}


def test_advanced_team_board_castle_on_the_1_or_the_6():
    """'GAME SETUP': "(When using 12b, each team chooses either the 1 or the 6 dark green hex space.)"
    -- a record defines 12b and names each team's choice in [setup] start (cob.team.board)."""
    from burgundy_cli.castles.record.setup import duchy_definitions

    duchies = duchy_definitions({"12b": _own_team_board()}, "2019")
    state = state_from_setup(header(), {"teams": TEAMS, "goods": GOODS, "boards": "12b",
                                        "start": {"A": "a1", "B": "d7"}}, duchies)  # a1: C6, d7: C1
    assert state.players[0].duchy[space_id("a1")] == "castle" == state.players[2].duchy[space_id("a1")]
    assert state.players[1].duchy[space_id("d7")] == "castle"
    with pytest.raises(SetupError, match="cob.team.board"):  # c2 is dark green 4
        state_from_setup(header(), {"teams": TEAMS, "goods": GOODS, "boards": "12b",
                                    "start": {"A": "c2", "B": "d7"}}, duchies)
    with pytest.raises(SetupError, match="cob.team.board"):  # no choice made
        state_from_setup(header(), {"teams": TEAMS, "goods": GOODS, "boards": "12b"}, duchies)
    with pytest.raises(SetupError, match="cob.team.board"):  # the halves disagree on the shared space
        bad = _own_team_board()
        bad["right"] = [*bad["right"][:3], "C6 B4 S2 C6 B2 B1 Y4", *bad["right"][4:]]
        duchy_definitions({"12b": bad}, "2019")


def test_hand_scored_team_totals_and_winner():
    """'FINAL SCORING' worked out by hand for records/castles-of-burgundy/complete-4p-2019-team.toml
    (its .hand-scored.md, "The teams"): each team's total and the winner (cob.team.score)."""
    import re
    from pathlib import Path

    from burgundy_cli.core.session import open_record

    records = Path(__file__).parents[2] / "records" / "castles-of-burgundy"
    text = (records / "complete-4p-2019-team.hand-scored.md").read_text("utf-8")
    hand = {team: (players.split(" + "), int(total))
            for team, players, total in re.findall(r"^\| ([AB]) \| ([^|]+?) \| (\d+) \|$", text, re.M)}
    session = open_record(records / "complete-4p-2019-team.toml")
    table = session.score()
    totals = {line.name: line.total for line in table.players}
    state = session.state
    for team, (players, total) in hand.items():
        members = [state.players[seat].name for seat in state.teams.members["AB".index(team)]]
        assert members == players and sum(totals[name] for name in members) == total
        assert f"team {team} ({' + '.join(members)}): {total} VP" in " ".join(table.notes)
    best = max(hand, key=lambda team: hand[team][1])
    assert table.winner == hand[best][0]
    assert "cob.team.score" in RULES_CITED


# --- [position] ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [6, 11])
def test_a_team_position_written_at_any_moment_continues_to_the_same_result(seed):
    """`show --position` in a team game: the [position] names the teams, each player states the
    team's property alike and their private storage, and continues to the record's result."""
    import random

    from burgundy_cli.castles.playout import playout
    from tests.castles.test_position_writer import _interesting, _lines, _record, check_cut

    data = playout(4, seed, "2019", modules=("team-game",))
    full = _record(data, "setup", _lines(data))
    count = len(_lines(data))
    rng = random.Random(seed)
    for cut in sorted({0, count, *(rng.randrange(count) for _ in range(4)), *_interesting(data)}):
        check_cut(data, full, cut)


def test_a_team_position_states_the_teams_property_alike():
    """'PLAYING THE GAME': the team's resources are one (cob.team.private): a position whose
    teammates state different silver is refused at the second player's key."""
    from burgundy_cli.castles.record.position_table import state_from_position

    team = {"board": "12a", "goods": {"1": 1}, "silver": 2, "workers": 3, "vp": 0}
    players = {"anna": team, "ben": {**team, "workers": 5}, "cara": {**team, "silver": 3},
               "dario": {**team, "workers": 5}}
    head = header()
    with pytest.raises(SetupError, match="cob.team.private") as info:
        state_from_position(head, {"players": players, "teams": TEAMS})
    assert info.value.path == ("position", "players", "cara", "silver")
    players["cara"] = team
    state = state_from_position(head, {"players": players, "teams": TEAMS})
    assert state.teams.label(2) == "A2" and len(state.players[2].duchy) == 73
    plain = GameHeader(name="castles-of-burgundy", edition="2019", players=list(NAMES))
    with pytest.raises(SetupError, match="belong to the 2019 team game") as info:
        state_from_position(plain, {"players": {name: {} for name in NAMES}, "teams": TEAMS})
    assert info.value.path == ("position", "teams") and "team-game" in info.value.hint
    with pytest.raises(SetupError, match="belong to the 2019 team game") as info:
        state_from_position(plain, {"players": {**{name: {} for name in NAMES}, NAMES[1]: {"shared": ["ship"]}}})
    assert info.value.path == ("position", "players", NAMES[1], "shared")


def test_a_team_position_keeps_the_setups_castle_and_module_rules():
    """'GAME SETUP': the team's castle goes "on the central dark green 1 hex space" (cob.team.board),
    and the border posts and the solo game are not refereed with the team game (docs/rulings.md):
    a [position] (and so an [end]) is refused as a [setup] is -- the start castle at its key, the
    module at [game.options] before any duchy is read."""
    from burgundy_cli.castles.record.position_table import state_from_position
    from burgundy_cli.castles.record.setup import castle_spaces

    team = {"board": "12a", "vp": 0}
    players = {name: dict(team) for name in NAMES}
    players["anna"] = players["cara"] = {**team, "start": "a1"}   # a castle space, but not the central d7
    with pytest.raises(SetupError, match="cob.team.board") as info:
        state_from_position(header(), {"players": players, "teams": TEAMS})
    assert info.value.path == ("position", "players", "anna", "start") and "d7" in info.value.message
    for module in ("border-posts", "solo-game"):
        with pytest.raises(SetupError, match=f"not refereed with the '{module}' module") as info:
            state_from_position(header(modules=["team-game", module]),
                                {"players": {name: dict(team) for name in NAMES}, "teams": TEAMS})
        assert info.value.path == ("game", "options", "modules")
    assert castle_spaces("2019", "12a") == ["d7"]   # what `new` offers at the start castle question


def test_team_game_needs_four_players_and_no_per_player_module():
    """'THE TEAM GAME': "Form teams of 2 players" -- 4 players (cob.team.players); the border
    posts, on no. 11 duchies, are not refereed with it (docs/rulings.md; the trade routes and
    the shields are: tests/castles/test_rules_module_team_with_modules.py)."""
    three = GameHeader(name="castles-of-burgundy", edition="2019", players=NAMES[:3],
                       options={"modules": ["team-game"]})
    with pytest.raises(SetupError, match="cob.team.players"):
        state_from_setup(three, {"teams": {"A": NAMES[:2], "B": NAMES[2:3]}, "goods": GOODS})
    with pytest.raises(SetupError, match="not refereed with the 'border-posts' module") as info:
        state_from_setup(header(modules=["team-game", "border-posts"]), {"teams": TEAMS, "goods": GOODS})
    assert info.value.path == ("game", "options", "modules")


def test_a_verdict_says_the_teams_change_once_and_names_the_shared_storage(cli, tmp_path):
    """'PLAYING THE GAME': the team's resources are shared; a legal verdict says what the line did
    once, as the mover's (not again for the teammate), and where a tile went (cob.team.storage)."""
    from burgundy_cli.core.record import dump_record
    from burgundy_cli.core.registry import find_game

    path = tmp_path / "team.toml"
    game = find_game("castles-of-burgundy")
    path.write_text(dump_record(game.playout(4, 6, stop_after=60, edition="2019", modules=("team-game",))),
                    encoding="utf-8")
    result = cli("check", str(path), "Cara: take 6 ship shared")
    assert result.output.strip().startswith("legal: Cara: take 6 ship shared -- Cara is to move (cob.flow.turn-order)")
    assert result.output.strip().endswith(" -- Cara: stores ship in the team's shared storage from depot 6")
    assert cli("check", str(path), "Cara: workers 6").output.strip() == (
        "legal: Cara: workers 6 -- Cara is to move (cob.flow.turn-order); die 6 unused (cob.die.unused) "
        "-- Cara: +2 workers")
