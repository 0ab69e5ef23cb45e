"""The 2019 trade routes module (rulebook 'EXPANSIONS', 'The Trade Routes'): declared routes,
sales laid on the route, bonuses, moves, position, show, playouts and conservation.

The passages quoted are from our English text of the 2019 rulebook. The card faces are not in
it (nor in any public source we found), so every route here is declared, as a record declares
it in ``[setup] routes`` (docs/rulings.md, "Trade routes: the card faces").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.rules import commands as c
from burgundy_cli.castles.modules import routes as module_routes
from burgundy_cli.castles.movegen import legal_commands
from burgundy_cli.castles.notation import format_command, parse_line
from burgundy_cli.castles.playout import play_game, playout
from burgundy_cli.castles.views.render import render
from burgundy_cli.castles.rules.scoring import breakdown
from burgundy_cli.castles.record.setup import SetupError, position_data
from burgundy_cli.castles.record.setup_table import state_from_setup
from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.record import dump_record
from tests.castles.engine_kit import assert_illegal, at_turn, cmd, play_all
from tests.castles.movegen_oracle import accepted
from tests.castles.test_properties import NO_SHRINK, Watcher, _action_flow, record_round_trip

ROUTES = {"modules": ["trade-routes"]}
#: Anna's route (2 players: 5 cards of 3 spaces): the first card asks for goods 5, 2 and 5.
ANNA = ["5 silver-2", "2 church", "5 vp-4", "3 workers-2", "3 castle", "1 warehouse"] + ["6 vp-1"] * 9
BEN = ["1 vp-2"] * 15


def sell(goods, rolled=None, then=(), player="anna"):
    return cmd(kind="die", player=player, rolled=rolled or goods,
               action={"kind": "sell", "goods": goods, "then": list(then)})


def table(route=ANNA, options=ROUTES, phase="A", **entry):
    """Anna to move on duchy 1 in a 2019 game with trade routes, Ben after her."""
    entry.setdefault("dice", [5, 2])
    entry.setdefault("goods", {"5": 2, "2": 1, "3": 3})
    players = {"anna": {**entry, **({"route": route} if route else {})},
               "ben": {"dice": [1, 1], **({"route": BEN} if route else {})}}
    return at_turn("2019", players=players, depots={"5": ["mine", "k10"], "3": ["pig2", "bank"]}, options=options,
                   phase=phase)


def setup_state(routes, players=("anna", "ben"), modules=("trade-routes",)):
    head = GameHeader(name="castles-of-burgundy", edition="2019", players=list(players),
                      options={"modules": list(modules)} if modules else {})
    data = {"goods": {name: [1, 2, 3] for name in players}}
    if routes is not None:
        data["routes"] = routes
    return state_from_setup(head, data)


# --- setup: the declared routes -------------------------------------------------------------------


@pytest.mark.parametrize(("players", "spaces"), [(2, 15), (3, 12), (4, 9)])
def test_5_4_3_cards_of_3_spaces_per_player(players, spaces):
    """2019 rules, 'The Trade Routes': "4 players: 3 trade route cards per player, 3 players: 4
    cards each, 2 players: 5 cards. Each trade route card has 3 spaces." """
    names = ("anna", "ben", "cara", "dario")[:players]
    state = setup_state({name: ["1 vp-2"] * spaces for name in names}, names)
    assert all(len(player.route) == spaces for player in state.players)
    with pytest.raises(SetupError) as info:
        setup_state({name: ["1 vp-2"] * (spaces + 3) for name in names}, names)
    assert f"has {spaces} spaces with {players} players" in info.value.message


def test_a_trade_routes_record_without_routes_says_what_to_add():
    """The card faces are unknown, so a record declares each route; without one it is refused
    at [setup.routes], and the message says what to add."""
    with pytest.raises(SetupError) as info:
        setup_state(None)
    assert info.value.path == ("setup", "routes")
    assert "no trade route for anna" in info.value.message
    assert "15 spaces, left to right" in info.value.hint and '"5 silver-2"' in info.value.hint


@pytest.mark.parametrize(("space", "words"), [("7 vp-2", "goods type 1-6"), ("3 dragon", "unknown route bonus"),
                                              ("3", "unknown route bonus")])
def test_a_route_space_is_a_goods_colour_and_a_bonus(space, words):
    routes = {"anna": ANNA[:4] + [space] + ANNA[5:], "ben": BEN}
    with pytest.raises(SetupError) as info:
        setup_state(routes)
    assert words in info.value.message and info.value.path == ("setup", "routes", "anna", 4)


def test_routes_without_the_module_are_refused():
    with pytest.raises(SetupError) as info:
        setup_state({"anna": ANNA, "ben": BEN}, modules=())
    assert 'modules = ["trade-routes"]' in info.value.hint


def test_the_declared_route_reads_in_order():
    state = setup_state({"anna": ANNA, "ben": BEN})
    assert state.players[0].route[:3] == ((5, "silver-2"), (2, "church"), (5, "vp-4"))


# --- selling onto the route ---------------------------------------------------------------------------


def test_sold_goods_go_one_by_one_left_to_right_and_a_match_pays_at_once():
    """2019 rules, 'The Trade Routes': "place them one by one and from left to right on the
    spaces of your trade route. If the color of a tile matches the color of the trade route
    space, you immediately get the corresponding bonus." Two goods 5 cover spaces 1 (5: 2
    silverlings) and 2 (2: church, no match); the sale itself still pays as in the base game."""
    state = play_all(table(), sell(5))
    anna = state.players[0]
    assert anna.route_goods == [5, 5]
    assert anna.silver == 1 + 1 + 2  # start, the sale, the route's silver-2
    assert anna.vp == {"goods-sold": 2 * 2} and anna.sold[5] == 2


def test_what_a_sale_lays_on_the_route_is_said():
    """What `check` and the session say a sale did names the goods laid on the route and the
    spaces they matched (2019 rules, 'The Trade Routes')."""
    from burgundy_cli.castles.views.effects import line_effects

    before = table()
    after = play_all(table(), sell(5))
    said = line_effects(before, after, sell(5))
    assert "lays 2 goods tiles on the trade route, matching space 1 (silver-2)" in said[0]


def test_a_vp_bonus_scores_in_the_trade_routes_category():
    """Space 3 asks for goods 5 and gives 4 VP; a workers bonus gives workers (space 4)."""
    state = play_all(table(goods={"2": 1, "5": 1, "3": 2}, route_goods=[5, 5], sold={"5": 2}, dice=[5, 3]),
                     sell(5), sell(3))
    anna = state.players[0]
    assert anna.route_goods == [5, 5, 5, 3, 3]
    assert anna.vp["trade-routes"] == 4 and anna.workers == 2
    assert breakdown(state, anna, final=False)["trade-routes"] == 4


def test_once_the_route_is_full_goods_go_to_the_sold_pile():
    """2019 rules, 'The Trade Routes': "(Once your trade route is full, place any sold tiles on
    the sold goods tile storage space again.)": no space, no bonus."""
    full = [1] * 5 + [4] * 5 + [6] * 5
    state = play_all(table(route_goods=full, sold={"1": 5, "4": 5, "6": 5}, phase="E"), sell(5))
    anna = state.players[0]
    assert anna.route_goods == full and anna.sold[5] == 2 and anna.silver == 2


def test_a_choice_bonus_grants_its_buildings_action_after_the_sale():
    """Space 2 (goods 2) gives a church's take: a mine, knowledge tile or castle from a
    numbered depot, written after the sale (cob.route.bonus)."""
    state = play_all(table(route_goods=[5], sold={"5": 1}), sell(2, then=[{"kind": "take", "tile": "mine",
                                                                          "depot": 5}]))
    assert state.players[0].storage == ["mine"] and state.players[0].route_goods == [5, 2]


@pytest.mark.parametrize(("then", "words"), [
    ([{"kind": "workers"}], "grants a take, not taking workers"),
    ([{"kind": "take", "tile": "bank", "depot": 3}], "a take of a tile a church takes"),
    ([{"kind": "take", "tile": "mine"}], "naming its depot"),
    ([{"kind": "take", "tile": "mine", "depot": 5}, {"kind": "workers"}], "grants 1 route bonus action, not 2"),
])
def test_a_sales_granted_actions_are_its_matched_choice_bonuses(then, words):
    """2019 rules, 'The Trade Routes': the bonus is "the corresponding bonus" of the space
    matched, nothing else (cob.route.bonus)."""
    err = assert_illegal(table(route_goods=[5], sold={"5": 1}), sell(2, then=then), "cob.route.bonus")
    assert words in err.message


def test_a_sale_without_a_match_grants_nothing():
    err = assert_illegal(table(), sell(5, then=[{"kind": "workers"}]), "cob.route.bonus")
    assert "grants 0 route bonus actions" in err.message


def test_a_choice_bonus_may_be_declined():
    state = play_all(table(route_goods=[5], sold={"5": 1}), sell(2))
    assert state.players[0].storage == [] and state.players[0].route_goods == [5, 2]


def test_without_trade_routes_a_sale_grants_nothing():
    """Base game, 'Sell goods': a sale grants no further action (cob.effect.none)."""
    state = table(route=None, options={})
    assert_illegal(state, sell(5, then=[{"kind": "workers"}]), "cob.effect.none")


def test_a_castle_bonus_grants_any_action_and_a_granted_sale_uses_the_route_too():
    """Space 5 (goods 3, castle) grants any action; here a sale of goods 2 (the warehouse's
    kind of action), whose goods go on the next route space."""
    state = play_all(table(route_goods=[5, 2, 5], sold={"5": 2, "2": 1}, goods={"3": 2, "2": 1}, dice=[3, 3]),
                     sell(3, then=[{"kind": "sell", "goods": 2}]))
    anna = state.players[0]
    assert anna.route_goods == [5, 2, 5, 3, 3, 2]
    assert anna.workers == 2 and anna.goods == {}


def test_a_bonus_sales_own_bonuses_are_answered_next_on_the_same_line():
    """Space 5 (goods 3, castle) grants a sale of goods 1, which lands on space 6 (goods 1,
    warehouse): that bonus comes due after the castle's and the line's next bonus answers it."""
    line = parse_line("anna: sell 3 bonus sell 1 bonus sell 2")
    state = play_all(table(route_goods=[5, 2, 5, 3], sold={"5": 2, "2": 1, "3": 1}, goods={"3": 1, "1": 1, "2": 1},
                           dice=[3, 3]), line)
    anna = state.players[0]
    assert anna.route_goods == [5, 2, 5, 3, 3, 1, 2] and anna.goods == {}


def test_a_bonus_sale_lists_no_bonus_actions_of_its_own():
    """A sale among a sale's bonus actions lists none of its own (the notation could not tell
    whose they are): refused (cob.route.bonus)."""
    state = table(route_goods=[5, 2, 5, 3], sold={"5": 2, "2": 1, "3": 1}, goods={"3": 1, "1": 1, "2": 1},
                  dice=[3, 3])
    nested = sell(3, then=[{"kind": "sell", "goods": 1, "then": [{"kind": "sell", "goods": 2}]}])
    err = assert_illegal(state, nested, "cob.route.bonus")
    assert "has no bonus actions of its own" in err.message
    with pytest.raises(ValueError):
        format_command(nested)


# --- notation and moves ----------------------------------------------------------------------------


def test_the_notation_writes_a_sales_bonus_actions_after_then():
    line = "anna: sell 2 bonus take mine from 5"
    command = parse_line(line)
    assert command.action == c.SellAction(goods=2, then=(c.TakeAction(tile="mine", depot=5),))
    assert format_command(command) == line


def test_moves_list_the_route_bonus_choices():
    state = table(route_goods=[5], sold={"5": 1})
    lines = {format_command(command) for command in legal_commands(state)}
    assert {"anna: sell 2", "anna: sell 2 bonus take mine from 5", "anna: sell 2 bonus take k10 from 5"} <= lines
    assert "anna: sell 2 bonus take bank from 3" not in lines
    assert lines == accepted(state)


# --- position, show -------------------------------------------------------------------------------


def test_a_position_error_in_a_route_names_its_player_once():
    """Issue 36 item 13: a position error's location names the player once: a bad route space
    is at [position.players.anna.route.4], not [position.players.anna.route.anna.4]; a route
    that is no list of spaces at [position.players.anna.route]."""
    with pytest.raises(SetupError) as info:
        table(route=ANNA[:4] + ["7 vp-2"] + ANNA[5:])
    assert info.value.path == ("position", "players", "anna", "route", 4)
    with pytest.raises(SetupError) as info:
        table(route=ANNA + ANNA)
    assert info.value.path == ("position", "players", "anna", "route")


def test_a_position_states_the_route_and_how_far_it_is_filled():
    state = table(route_goods=[5], sold={"5": 1})
    anna = position_data(state)["players"]["anna"]
    assert anna["route"][:2] == ["5 silver-2", "2 church"] and anna["route_goods"] == [5]
    with pytest.raises(SetupError) as info:
        table(route_goods=[5, 5], sold={"5": 1})
    assert info.value.path[-1] == "route_goods" and "with 1 sold it holds 1" in info.value.message
    with pytest.raises(SetupError):
        table(route_goods=[3], sold={"5": 1})


def test_a_position_gives_trade_route_vp_only_with_the_module():
    assert table(vp={"trade-routes": 4}, route_goods=[5, 5, 5], sold={"5": 3}).players[0].points == 4
    with pytest.raises(SetupError) as info:
        table(route=None, options={}, vp={"trade-routes": 4})
    assert "unknown VP category 'trade-routes'" in info.value.message


def test_show_draws_the_route():
    text = render(play_all(table(), sell(5)))
    assert "trade route (2 of 15 covered): [5 silver-2 | 5 bonus] [2 church | 5] [5 vp-4]" in text


# --- playouts and conservation ------------------------------------------------------------------------


def test_a_trade_routes_playout_is_deterministic_and_declares_its_routes():
    """`burgundy playout --modules trade-routes`: the same seed gives the same record, byte for
    byte, with routes generated from the seed and said to be declared, not printed."""
    first, second = (dump_record(playout(3, 5, modules=("trade-routes",))) for _ in range(2))
    assert first == second
    assert "[setup.routes]" in first and "declared routes generated from the seed" in first
    assert "Anna: sell 1 bonus take ship from 4" in first


def _granted_sales(action):
    """Every sale in a die line's action tree, granted ones included."""
    if isinstance(action, c.SellAction):
        yield action
        for granted in action.then:
            yield from _granted_sales(granted)
    elif isinstance(action, c.PlaceAction) and action.then is not None:
        yield from _granted_sales(action.then)


class RouteWatcher(Watcher):
    """The base game's watcher, told what the route bonuses pay, and the route's own count:
    it holds the first sold goods, as many as it has spaces."""

    def __call__(self, session) -> None:
        state, before = session.state, self.before
        command = session.lines[-1][1]
        if before is not None and isinstance(command, c.DieCommand):
            old = before.players[before.seat(command.player)]
            new = state.players[state.seat(command.player)]
            for index in range(len(old.route_goods), len(new.route_goods)):
                goods, bonus = new.route[index]
                if new.route_goods[index] == goods and bonus.startswith(("silver-", "workers-")):
                    what = "silver" if bonus[0] == "s" else "workers"  # counted as if held before the line
                    setattr(old, what, getattr(old, what) + int(bonus.split("-")[1]))
            for sale in _granted_sales(command.action):
                for granted in sale.then:
                    silver, workers = _action_flow(old, granted)
                    old.silver += silver
                    old.workers += workers
        for player in state.players:
            assert len(player.route_goods) == min(len(player.route), sum(player.sold))
            assert all(player.route_goods.count(good) <= player.sold[good] for good in range(1, 7))
            assert player.vp.get("trade-routes", 0) == module_routes.route_vp(player)
        super().__call__(session)


@settings(max_examples=10, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), stop_after=st.one_of(st.none(), st.integers(1, 200)),
       inns=st.booleans())
def test_trade_routes_games_conserve_everything(players, seed, stop_after, inns):
    """With the trade routes on (and the inns, half the time), tiles, goods, silver and workers
    are conserved at every line; the record reads back, replays and scores the same; moves and
    check agree at the end."""
    modules = ("inns", "trade-routes") if inns else ("trade-routes",)
    session = play_game(players, seed, "2019", stop_after, visit=RouteWatcher(), modules=modules)
    record_round_trip(session)
    state = session.state
    if state.stage != "over":
        assert {format_command(command) for command in legal_commands(state)} == accepted(state)


# --- module categories in every output ------------------------------------------------------------

MODULE_GAME = "records/castles-of-burgundy/complete-2p-2019-inns-trade-routes.toml"
BASE_GAME = "records/castles-of-burgundy/complete-3p-2019.toml"


def test_module_categories_reach_score_exports_archive_chart_and_pictures():
    """The breakdown shows inns and trade-routes in module games only; the CSV gives them
    columns (empty for a base game), BG Stats' comments name them, the archive averages them
    over the games that have them, and the chart and SVG draw a module game."""
    import csv
    import io

    from burgundy_cli.archive.stats import game_of_score, report
    from burgundy_cli.core.export import bgstats, csv_text, read_played
    from burgundy_cli.core.pictures import chart_series
    from burgundy_cli.core.session import open_record

    module_table, base_table = open_record(MODULE_GAME).score(), open_record(BASE_GAME).score()
    anna = module_table.to_json()["players"][0]["breakdown"]
    assert anna["inns"] == 4 and anna["trade-routes"] == 2
    assert "inns" not in base_table.players[0].breakdown
    played, problems = read_played([MODULE_GAME, BASE_GAME])
    assert not problems
    rows = list(csv.DictReader(io.StringIO(csv_text(played))))
    assert {row["trade-routes"] for row in rows if row["file"] == BASE_GAME} == {""}
    assert [row["inns"] for row in rows if row["file"] == MODULE_GAME] == ["4", "0"]
    assert any("inns 4" in play["comments"] and "trade-routes 2" in play["comments"]
               for play in bgstats(played)["plays"])
    games = [game_of_score({**table.to_json(), "file": file})
             for table, file in ((module_table, MODULE_GAME), (base_table, BASE_GAME))]
    averages = {player["name"]: player["categories"] for group in report(games)["standings"]
                for player in group["players"]}
    assert averages["Anna"]["trade-routes"] == 2.0 and averages["Anna"]["animals"] == (24 + 10) / 2
    assert chart_series(MODULE_GAME)["vp"]["Anna"][-1] == 147
    svg = render_svg(MODULE_GAME)
    assert "inns 4" in svg and "trade-routes 2" in svg and 'class="route"' in svg


def render_svg(path: str) -> str:
    from burgundy_cli.castles.views.svg import picture
    from burgundy_cli.castles.views.svg import position_data as picture_data
    from burgundy_cli.core.session import open_record

    return picture(picture_data(open_record(path).state), "test")


def test_a_position_cut_anywhere_in_a_trade_routes_game_continues_to_the_same_result():
    """`show --position` at any point of a trade-routes game: the typed position holds every
    route and how far it is filled, and the rest of the log from it scores the same."""
    from burgundy_cli.core.record import read_record
    from tests.castles.test_position_writer import _lines, _record, check_cut

    data = read_record("records/castles-of-burgundy/complete-3p-2019-trade-routes.toml").data
    full = _record(data, "setup", _lines(data))
    count = len(_lines(data))
    for cut in (0, 60, 114, count // 2, count - 40, count):
        check_cut(data, full, cut)
        at_cut = _record(data, "setup", _lines(data)[:cut]).state
        started = state_of_position(position_data(at_cut), data)
        assert [(p.route, p.route_goods) for p in started.players] == \
            [(p.route, p.route_goods) for p in at_cut.players]


def state_of_position(table: dict, data: dict):
    from burgundy_cli.castles.record.position_table import state_from_position

    head = GameHeader(name="castles-of-burgundy", edition="2019", players=data["game"]["players"],
                      options=data["game"]["options"])
    return state_from_position(head, table)


class WhiteCastleBonusLines:
    """At each position of a game, every listed sale whose route bonus actions hold a white
    castle (or a crane triggering one) or a purchase is one ``engine.check`` accepts."""

    def __init__(self) -> None:
        self.seen = 0

    def __call__(self, session) -> None:
        from burgundy_cli.castles.rules.engine import check

        state = session.state
        for command in legal_commands(state):
            action = getattr(command, "action", None)
            if isinstance(action, c.SellAction) and ("white-castle" in (text := format_command(command))
                                                     or " buy " in text):
                check(state, command)
                self.seen += 1


ALL_OF_PART_1 = ("extra-tiles", "white-castles", "inns", "trade-routes", "shields")


@pytest.mark.parametrize(("players", "seed", "modules"), [(4, 104, ALL_OF_PART_1), (2, 147, ALL_OF_PART_1),
                                                          (3, 547, ("white-castles", "trade-routes")),
                                                          (2, 732, ("white-castles", "trade-routes"))])
def test_route_bonus_chains_with_a_white_castle_are_listed_only_when_payable(players, seed, modules):
    """A sale's route bonus (cob.route.bonus) placing a white castle, whose action takes the
    white die's number (cob.white.workers): the workers that number costs are known only once
    the actions before it in the line are carried out (another white castle's change, a die's),
    so moves lists such a line only when the engine accepts it. These two seeded games, with
    every 2019 module but the solo and team games, reached positions where moves crashed with the
    white castle's refusal (an action whose workers an earlier one spent), or listed a purchase's
    placement the white die could not pay for. In seed 547 check accepted ``cara: sell 1>2 bonus
    place city-hall e4 buy white-castle then place white-castle c3 then take k5 from 2`` and play
    then refused it: the sale's check left out the worker the die paid for 1>2. In seed 732
    moves listed ``ben: sell 1>2 bonus place castle c5 buy church workers 2 then place church
    e4``, a purchase paying workers among the bonus actions, which check refuses (the die took
    one of Ben's 2 workers): such a die line is now asked of check, as a placement's is."""
    watcher = WhiteCastleBonusLines()
    session = play_game(players, seed, modules=modules, visit=watcher, every_kind=True)
    record_round_trip(session)
    assert session.state.stage == "over" and watcher.seen > 0


def test_the_grouped_listing_writes_a_sales_many_bonus_actions_as_the_notation_does(cli, tmp_path):
    """2019 'The Trade Routes': a matched space's bonus is taken "immediately" with the sale;
    the notation writes its actions after ``bonus``. Where a sale's bonus actions are too many
    to list, ``moves`` wrote ``Ben: sell 5 then ...``, a form the reader refuses; it writes
    ``Ben: sell 5 bonus ...``, as Tab goes on, and every line ``--all`` lists goes on so."""
    from tests.conftest import RECORDS

    record = str(RECORDS / "castles-of-burgundy" / "complete-3p-2019-trade-routes.toml")
    grouped = cli("moves", record, "--at", "112").stdout.splitlines()
    assert "    Ben: sell 5 bonus ..." in grouped and not any("sell 5 then" in line for line in grouped)
    assert grouped[-1].startswith("(bonus ...: one of the many actions the sale's route bonuses grant")
    every = [line.strip() for line in cli("moves", record, "--at", "112", "--all").stdout.splitlines()]
    continued = [line for line in every if line.startswith("Ben: sell 5 ")]
    assert continued and all(line.startswith("Ben: sell 5 bonus ") for line in continued)
    assert cli("check", record, "--at", "112", continued[0]).exit_code == 0
