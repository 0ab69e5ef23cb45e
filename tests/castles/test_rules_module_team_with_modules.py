"""The 2019 team game with the trade routes (issue 36 item 5): whose route a team's sold goods
go on, and who gets the bonuses; the combinations still refused.

The passages quoted are from our English text of the 2019 rulebook
(../shared/rules/castles-of-burgundy-2019-rules-with-expansions.txt): "The Trade Routes" and
"THE TEAM GAME".
"""

from __future__ import annotations

import json

import pytest

from burgundy_cli.castles.record.setup import SetupError
from tests.castles.test_rules_module_team import NAMES, REVEALS, ROLL, TEAMS, GOODS, play
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


@pytest.mark.parametrize("module", ["shields", "border-posts"])
def test_the_team_game_with_shields_or_border_posts_is_still_refused(module):
    """"New duchies (nos. 11a - 11f)": "every player receives a no. 11 duchy" -- a team board is
    none; the shields stay refused until their team reading is refereed."""
    header = GameHeader(name="castles-of-burgundy", edition="2019", players=list(NAMES),
                        options={"modules": ["team-game", module]})
    with pytest.raises(SetupError, match=f"not refereed with the '{module}' module"):
        state_from_setup(header, {"teams": TEAMS, "goods": GOODS})


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
    for at in ("250", "400", None):
        position = tmp_path / f"at-{at}.toml"
        shown = cli("show", str(out), "--position", *(("--at", at) if at else ()))
        assert shown.exit_code == 0, shown.output
        position.write_text(shown.stdout, "utf-8")
        again = cli("score", "--json", str(position))
        assert again.exit_code == 0, again.output
    assert [p["total"] for p in json.loads(again.stdout)["players"]] == [p["total"] for p in result["players"]]
