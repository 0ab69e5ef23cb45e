"""The 2019 team game with the trade routes and with the shields (issue 36 item 5): whose route
a team's sold goods go on, and who gets the bonuses; whose castle a shield lies on, who pays
tribute, who "another player" is for shields 2 and 6; the combination still refused.

The passages quoted are from our English text of the 2019 rulebook
(../shared/rules/castles-of-burgundy-2019-rules-with-expansions.txt): "The Trade Routes",
"THE SHIELDS" and "THE TEAM GAME".
"""

from __future__ import annotations

import json
import tomllib
from types import SimpleNamespace

import pytest

from burgundy_cli.castles.modules.shields import check_phase_placement, tribute
from burgundy_cli.castles.modules.team import STORAGE
from burgundy_cli.castles.record.setup import SetupError
from burgundy_cli.castles.rules.actions import gain_workers, mine_income
from burgundy_cli.castles.rules.boards import TEAM_SHARED, space_id
from burgundy_cli.castles.rules.state import GameState
from burgundy_cli.core.errors import IllegalMoveError
from tests.castles.test_rules_module_team import NAMES, REVEALS, ROLL, TEAMS, GOODS, play, refused
from burgundy_cli.castles.record.setup_table import state_from_setup
from burgundy_cli.core.game import GameHeader

#: Anna's route: its first space takes goods type 3 and gives 2 silverlings; Cara's gives 2 workers.
ROUTES = {"anna": ["3 silver-2"] + ["6 vp-2"] * 8, "cara": ["3 workers-2"] + ["6 vp-2"] * 8,
          "ben": ["1 vp-2"] * 9, "dario": ["2 vp-2"] * 9}


def game(routes=ROUTES, **options):
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=list(NAMES),
                        options={"modules": ["team-game", "trade-routes"], **options})
    state = state_from_setup(header, {"teams": TEAMS, "goods": GOODS, "routes": routes})
    return play(state, *REVEALS[:2], ROLL)


def test_a_sale_goes_on_the_sellers_route_and_its_gains_are_the_teams():
    """"The Trade Routes": "Each player receives ... (4 players: 3 trade route cards per player)
    ... Whenever you sell a stack of goods ... place them ... on the spaces of your trade route";
    "THE TEAM GAME": "All resources other than private hex tiles are shared" (option
    team-routes, default "own"): Anna's sale goes on Anna's route, and its 2 silverlings are the
    team's -- Cara has them too -- while the sale's VP are Anna's."""
    state = play(game(), "anna: sell 3")
    anna, cara = state.players[0], state.players[2]
    assert (anna.route_goods, cara.route_goods) == ([3], [])
    assert anna.silver == cara.silver == 2 + 1 + 2  # the team's 2, the sale's 1, the route's 2
    assert anna.vp.get("goods-sold", 0) > 0 and cara.vp.get("goods-sold", 0) == 0


def test_one_route_per_team_with_option_team_routes_team():
    """Option team-routes = "team": the team board being the team's "player board", the team plays
    one route, its first player's, and both members' sales go on it; the second player's is
    not declared."""
    state = game({name: route for name, route in ROUTES.items() if name in ("anna", "ben")}, **{"team-routes": "team"})
    assert state.players[2].route == state.players[0].route
    play(state, "anna: sell 3")
    anna, cara = state.players[0], state.players[2]
    assert anna.route_goods == cara.route_goods == [3]
    with pytest.raises(SetupError, match="one route per team"):
        game(ROUTES, **{"team-routes": "team"})
    with pytest.raises(SetupError, match="must be 'own'"):
        game(ROUTES, **{"team-routes": "both"})


def test_the_team_game_with_border_posts_is_still_refused():
    """"New duchies (nos. 11a - 11f)": "every player receives a no. 11 duchy" -- a team board is
    none."""
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=list(NAMES),
                        options={"modules": ["team-game", "border-posts"]})
    with pytest.raises(SetupError, match="not refereed with the 'border-posts' module"):
        state_from_setup(header, {"teams": TEAMS, "goods": GOODS})


# --- the team game with the shields ----------------------------------------------------------------

#: The shields dealt as to 4 players ("THE SHIELDS": "4 players: ... 2 shields per depot").
DEALT = {"1": [1, 7], "2": [2, 6], "3": [3, 9], "4": [4, 10], "5": [5, 11], "6": [8, 12]}
ANNA, BEN, CARA, DARIO = range(4)


def shields_game(**options) -> GameState:
    """Phase A, round 1 rolled (Dario has doubles 2 2), the shields dealt."""
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=list(NAMES),
                        options={"modules": ["team-game", "shields"], **options})
    state = state_from_setup(header, {"teams": TEAMS, "goods": GOODS, "shields": DEALT})
    return play(state, *REVEALS[:2], ROLL)


def dario_takes(state: GameState, shield: int) -> GameState:
    """Round 1 played to Dario's doubles (2 2), which take ``shield`` from depot 2 onto team B's castle."""
    return play(state, "anna: workers 3", "anna: workers 4", "ben: workers 1", "ben: workers 2",
                "cara: workers 5", "cara: workers 6", f"dario: shield 2 2 {shield} d7")


def test_a_shield_lies_on_the_teams_castle_and_is_active_for_both_members():
    """"THE SHIELDS": "That shield must be placed on one of your castle tiles in your duchy ...
    the shield is active for you"; "THE TEAM GAME": a team receives "a castle" and plays one team
    board, its duchy: Dario's shield lies on team B's castle, Ben's too (docs/rulings.md)."""
    state = dario_takes(shields_game(), 2)
    assert state.players[BEN].shields == state.players[DARIO].shields == {TEAM_SHARED: 2}
    assert state.players[ANNA].shields == state.players[CARA].shields == {}


def test_shield_2_counts_the_other_teams_gains_once_for_the_team():
    """Shield 2: "whenever another player gets a worker, you also get a worker from the supply";
    "THE TEAM GAME": "All resources other than private hex tiles are shared (workers ...)". By
    default "another player" is one of the other team (option team-shield-others): Anna's
    gain gives team B one worker (both copies alike), Ben's own gain gives nothing more."""
    state = dario_takes(shields_game(), 2)
    before = state.players[BEN].workers
    gain_workers(state, state.players[ANNA], 2, "workers action")
    assert state.players[BEN].workers == state.players[DARIO].workers == before + 1
    gain_workers(state, state.players[BEN], 2, "workers action")
    assert state.players[BEN].workers == before + 3  # the 2 gained, no shield-2 worker for a teammate's gain


def test_shield_2_at_a_phase_end_is_one_event_for_the_paying_team():
    """Shield 2 with knowledge tile 2 ("1 worker per mine" at a phase end): the mines pay team A
    once (each member's copy of the team's property), so team B takes one worker, not two."""
    state = dario_takes(shields_game(), 2)
    for seat in (ANNA, CARA):
        state.players[seat].knowledge = {2}
        state.players[seat].duchy[state.players[seat].duchy.index(None)] = "mine"
    before = state.players[BEN].workers
    state.round = 5  # (the phase's last turn over: the phase-end steps run)
    mine_income(state)
    assert state.players[BEN].workers == state.players[DARIO].workers == before + 1


def test_option_team_shield_others_teammate_too():
    """Option team-shield-others = "teammate-too": the teammate is "another player" as well, so
    Ben's gain gives team B its shield-2 worker -- once: the shield's own worker is no gain that
    sets it off again (else the two members would hand it on without end)."""
    state = dario_takes(shields_game(**{"team-shield-others": "teammate-too"}), 2)
    play(state, "roll white 1 good 5, anna 1 2, ben 3 4, cara 5 6, dario 1 1", "anna: workers 1")
    before = state.players[BEN].workers
    play(state, "anna: workers 2")
    assert state.players[BEN].workers == state.players[DARIO].workers == before + 1
    play(state, "ben: workers 3")
    assert state.players[BEN].workers == state.players[DARIO].workers == before + 1 + 2 + 1
    with pytest.raises(SetupError, match="must be 'other-team' or 'teammate-too'"):
        shields_game(**{"team-shield-others": "anyone"})


def test_tribute_is_paid_once_per_team_from_a_line_of_either_member():
    """"THE SHIELDS": "At the end of each phase ... you must pay tribute for your shields! Each
    shield costs 1 silver"; the silver is the team's: team B pays 1 silverling for its shield
    (option team-shield-tribute, default "team"). Ben's tribute line stands for the team."""
    state = dario_takes(shields_game(), 2)
    silver = state.players[BEN].silver
    state.round = 5
    tribute(state)
    assert state.players[BEN].silver == state.players[DARIO].silver == silver - 1
    assert state.players[DARIO].shields == {TEAM_SHARED: 2}
    play(state, "ben: tribute drop 2")
    assert state.shields.orders[BEN] == state.shields.orders[DARIO]
    tribute(state)
    assert state.players[BEN].shields == state.players[DARIO].shields == {}
    assert state.shields.removed == [2]  # removed once, though both copies gave it up


def test_the_tribute_is_paid_from_what_the_line_ending_the_phase_gained():
    """"THE SHIELDS": "At the end of each phase ... you must pay tribute for your shields! Each
    shield costs 1 silver"; "THE TEAM GAME": "All resources other than private hex tiles are
    shared". Team B has no silver; Dario's last die sells goods (1 silverling) and ends phase A:
    the team pays its shield with that silverling and keeps the shield. Ben's copy of the team's
    property paid the tribute before Dario's line was shared with it, so it gave the shield up:
    the shield lay on the team's castle and among those removed from the game at once (a soak's
    game of the team game with the shields, seed 5)."""
    state = dario_takes(shields_game(), 2)
    for seat in (BEN, DARIO):
        state.players[seat].silver = 0
    state.round = 4  # (the next roll is the phase's last round)
    play(state, "roll white 1 good 5, anna 1 2, ben 3 4, cara 5 6, dario 3 3", "anna: pass", "ben: pass",
         "cara: pass", "dario: workers 3", "dario: sell 3>4")
    assert state.stage == "phase"
    assert state.players[BEN].shields == state.players[DARIO].shields == {TEAM_SHARED: 2}
    assert state.shields.removed == []
    assert state.players[BEN].silver == state.players[DARIO].silver == 0


def test_option_team_shield_tribute_each_member_pays():
    """Option team-shield-tribute = "each": each member pays for the team's shields, 2
    silverlings a shield from the team's silver; a team short of them gives the shield up."""
    state = dario_takes(shields_game(**{"team-shield-tribute": "each"}), 2)
    silver = state.players[BEN].silver
    state.round = 5
    tribute(state)
    assert state.players[BEN].silver == state.players[DARIO].silver == silver - 2
    for seat in (BEN, DARIO):
        state.players[seat].silver = 1
    tribute(state)
    assert state.players[BEN].shields == {} and state.players[BEN].silver == 1


def test_shield_6_lends_another_teams_tiles_once_per_team():
    """Shield 6: "choose *one* player. Any monastery tiles in that player's duchy count as if they
    were in your own duchy": a teammate's tiles are in the team's duchy already, so by default
    the player is one of the other team; the choice is the team's, made once."""
    state = dario_takes(shields_game(), 6)
    error = refused(state, "dario: shield borrow ben")
    assert error.rule.id == "cob.shield.6" and "other team" in error.message
    play(state, "dario: shield borrow anna")
    assert state.shields.borrowed == {BEN: ANNA, DARIO: ANNA}
    assert "has chosen already" in refused(state, "ben: shield borrow cara").message


def test_shield_6_lends_the_tile_the_lenders_teammate_places():
    """Shield 6: "Any monastery tiles in that player's duchy count as if they were in your own
    duchy. When that player places a new monastery tile, you also gain those benefits"; "THE
    TEAM GAME": the team board is the team's one duchy. Team B borrows Anna's tiles; Cara places
    monastery tile 13 in team A's duchy, so it lies in Anna's duchy and is team B's too. It was
    lent only once the record was read back as a position: the lenders' tiles were read off
    Anna's copy of the duchy before Cara's line was shared with it (a soak's team game with the
    shields, seed 9)."""
    state = dario_takes(shields_game(), 6)
    play(state, "dario: shield borrow anna", "roll white 1 good 5, anna 1 2, ben 3 4, cara 5 6, dario 1 1")
    state.players[CARA].storage.append("k13")  # (the team's: Cara's private storage)
    play(state, "anna: workers 1", "anna: workers 2", "ben: workers 3", "ben: workers 4", "cara: place 5 k13 c6")
    assert 13 in state.players[ANNA].knowledge
    assert 13 in state.players[BEN].knowledge and 13 in state.players[DARIO].knowledge


def test_shields_14_and_15_place_once_a_phase_per_team():
    """Shields 14/15 place one tile at a phase end "once" -- the shield is the team's, so a tile
    placed by one member uses it for the phase."""
    state = dario_takes(shields_game(), 2)
    for seat in (BEN, DARIO):
        state.players[seat].shields = {TEAM_SHARED: 14}
    state.stage, state.round, state.phase = "phase", 0, 1
    check_phase_placement(state, state.players[DARIO], 3)
    state.shields.used.add((BEN, 14))
    with pytest.raises(IllegalMoveError, match="placed its tile this phase"):
        check_phase_placement(state, state.players[DARIO], 3)


def test_a_shield_goes_on_a_castle_of_either_half():
    """"THE SHIELDS": "That shield must be placed on one of your castle tiles in your duchy";
    "THE TEAM GAME": "team members can interact with either half of the team board". A castle
    on the right half (rd4) takes the shield as the shared start castle does (cob.shield.castle
    refused it: "rd4 holds no castle of dario's; castles: d7, rd4")."""
    state = play(shields_game(), "anna: workers 3", "anna: workers 4", "ben: workers 1", "ben: workers 2",
                 "cara: workers 5", "cara: workers 6")
    for seat in (BEN, DARIO):
        state.players[seat].duchy[space_id("rd4")] = "castle"
    play(state, "dario: shield 2 2 2 rd4")
    assert state.players[BEN].shields == state.players[DARIO].shields == {space_id("rd4"): 2}


def test_shield_4_lifts_the_private_and_the_shared_storage():
    """Shield 4: "an unlimited number of hex tile storage spaces in your duchy (instead of just
    three)"; the team game's storage is 2 private spaces each and 2 shared: the shield lifts
    both for the team."""
    state = dario_takes(shields_game(), 2)
    ben = state.players[BEN]
    ben.storage, ben.shared = ["ship", "mine"], ["bank", "church"]
    hints = []
    for shared in (False, True):
        cmd = SimpleNamespace(tile="market", discard=None, shared=shared)
        refused = STORAGE.refusal(state, ben, cmd)
        assert refused.rule.id == "cob.team.storage"
        hints.append(refused.hint)
    # (the hint says the clause to type, as the base game's full storage does)
    assert hints == ["add `discard <tile>`, one of ship, mine, or add `shared` for the team's storage",
                     "add `discard <tile>`, one of bank, church"]
    for seat in (BEN, DARIO):
        state.players[seat].shields = {TEAM_SHARED: 4}
    for shared in (False, True):
        assert STORAGE.refusal(state, ben, SimpleNamespace(tile="market", discard=None, shared=shared)) is None


def test_a_seeded_team_and_trade_routes_playout_replays(cli, tmp_path):
    """A seeded playout of the team game with the trade routes writes a record that replays,
    scores and formats identically."""
    out = tmp_path / "team-routes.toml"
    made = cli("playout", "castles-of-burgundy", "--players", "4", "--seed", "11", "--modules",
               "team-game,trade-routes", "--out", str(out), "--json")
    assert made.exit_code == 0, made.output
    scored = cli("score", "--json", str(out))
    assert scored.exit_code == 0, scored.output
    result = json.loads(scored.stdout)
    assert result["complete"] and result["winner"]
    assert "bonus" in out.read_text("utf-8")  # a route's action bonus was taken
    assert cli("fmt", str(out)).stdout == out.read_text("utf-8")
    # a position taken from it states each member's route and goods, and reads back
    # ([position] route_goods: the team's sold goods fill both members' routes)
    assert_positions_read_back(cli, out, ("250", "400", None), result, tmp_path)


def test_a_seeded_team_and_shields_playout_replays_and_reads_back(cli, tmp_path):
    """A seeded playout of the team game with the shields writes a record that replays, scores
    and formats identically; its positions, each member stating the team's shields, read back
    to the same final totals; the shields' end VP are the team's, counted once, on its first
    player's line ("THE TEAM GAME", "FINAL SCORING": "Add up the victory points of both team
    members")."""
    out = tmp_path / "team-shields.toml"
    made = cli("playout", "castles-of-burgundy", "--players", "4", "--seed", "1", "--modules",
               "team-game,shields", "--out", str(out), "--json")
    assert made.exit_code == 0, made.output
    text = out.read_text("utf-8")
    assert ": shield 2 " in text  # a shield was taken on doubles
    scored = cli("score", "--json", str(out))
    assert scored.exit_code == 0, scored.output
    result = json.loads(scored.stdout)
    assert result["complete"] and result["winner"]
    teams = tomllib.loads(text)["setup"]["teams"]
    shields = {line["name"]: line["breakdown"].get("shields", 0) for line in result["players"]}
    assert all(shields[teams[letter][1]] == 0 for letter in "AB") and any(shields.values())
    assert cli("fmt", str(out)).stdout == text
    assert_positions_read_back(cli, out, ("120", "250", "330", None), result, tmp_path)


def assert_positions_read_back(cli, record, lines, result, tmp_path) -> None:
    """``show --position`` after each of ``lines`` (None: the end) is a record that scores;
    the one at the end gives ``result``'s final totals."""
    for at in lines:
        position = tmp_path / f"at-{at}.toml"
        shown = cli("show", str(record), "--position", *(("--at", at) if at else ()))
        assert shown.exit_code == 0, shown.output
        position.write_text(shown.stdout, "utf-8")
        again = cli("score", "--json", str(position))
        assert again.exit_code == 0, again.output
    assert [p["total"] for p in json.loads(again.stdout)["players"]] == [p["total"] for p in result["players"]]


# --- the team game with the white castles ---------------------------------------------------------


def test_a_white_castles_action_reaches_either_half():
    """"The White Castles": "immediately take an action using the result of the white die. You are
    allowed to use workers to change the rolled number"; "THE TEAM GAME": "team members can
    interact with either half of the team board". With the white die at 3, a placement on the
    right half's rc2 (showing 2) costs 1 of the team's workers; it was refused (cob.die.value:
    "rc2 shows 2, the die is used as 3"), the right half's spaces read as the white die's number."""
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=list(NAMES),
                        options={"modules": ["team-game", "white-castles"]})
    state = play(state_from_setup(header, {"teams": TEAMS, "goods": GOODS}), *REVEALS[:2], ROLL)
    anna = state.players[ANNA]
    anna.storage[:] = ["white-castle", "bank"]
    assert (state.white, anna.workers) == (3, 3)
    play(state, "anna: place 4 white-castle rd2 then place bank rc2")
    assert anna.duchy[space_id("rc2")] == "bank"
    assert anna.workers == state.players[CARA].workers == 2
