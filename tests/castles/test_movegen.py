"""The move generator: what it lists, how it groups it, and agreement with ``engine.check``.

Duchy 1 around the start castle on d4: c3 beige 3, c4 yellow 1, d3 blue 2, d5 blue 5,
e3 grey 4, e4 beige 3.
"""

from __future__ import annotations

import json
import re

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.movegen import legal_commands, legal_moves
from burgundy_cli.castles.notation import format_command, parse_line
from burgundy_cli.castles.playout import play_game, playout
from burgundy_cli.core.record import dump_record
from tests.castles.engine_kit import at_turn, new_game, random_game
from tests.castles.movegen_oracle import accepted


def _table(edition: str = "2011", depots: dict | None = None, **table):
    """A position with ``players``' first player to move; depots not given are revealed empty."""
    given = {key: [] for key in ("1", "2", "3", "4", "5", "6", "black")}
    given.update(depots or {})
    return at_turn(edition, depots=given, **table)


def _moves(state) -> list[str]:
    return legal_moves(state).moves


def _agree(state) -> set[str]:
    """Generated commands pass check, read back from their text, and equal check's accepted set."""
    generated = legal_commands(state)
    lines = [format_command(command) for command in generated]
    assert lines == _moves(state)
    for command, line in zip(generated, lines):
        engine.check(state, command)
        assert parse_line(line) == command
    assert len(set(lines)) == len(lines), "a command is listed twice"
    assert set(lines) == accepted(state)
    return set(lines)


# --- grouping and worker cost --------------------------------------------------------------------


def test_groups_by_die_value_with_worker_cost_and_wrap():
    """2011 rulebook p.4 'Workers': each worker changes a die by 1, and 1 and 6 are neighbours."""
    state = _table(players={"anna": {"dice": [6, 2], "workers": 1, "goods": {"1": 1}}, "ben": {}})
    groups = legal_moves(state).groups
    assert "anna: sell 6>1" in groups["die 6 as 1 (1 worker tile, round the 6-1 wrap, 1 step)"]
    assert "anna: workers 2>3" in groups["die 2 as 3 (1 worker tile)"]
    assert not any(label.startswith("die 6 as 4") for label in groups), "needs 2 workers, anna has 1"
    assert groups["pass"] == ["anna: pass"]
    assert list(groups)[0] == "die 2 (0 worker tiles)"  # (2011 'Worker tiles')


def test_free_change_of_knowledge_tile_12_is_listed_at_its_cost():
    """2011 rulebook, knowledge tile 12: +/-1 free die adjustment when taking a tile from a numbered depot."""
    state = _table(players={"anna": {"dice": [3, 3], "duchy": {"c4": "k12"}}, "ben": {}},
                    depots={"4": ["bank", "ship"], "2": ["castle", "k1"]})
    groups = legal_moves(state).groups
    assert groups["die 3 as 4 (0 worker tiles, free change 1 with tile 12)"] == ["anna: take 3>4 bank", "anna: take 3>4 ship"]
    assert "anna: workers 3>4" not in groups["die 3 as 4 (0 worker tiles, free change 1 with tile 12)"]
    assert "die 3 as 4 (1 worker tile)" not in groups, "anna has no workers for a die used as 4 otherwise"
    _agree(state)


def test_knowledge_tile_8_changes_a_die_by_2_per_worker():
    """2011 rulebook, knowledge tile 8: each worker changes a die by up to 2 instead of 1."""
    state = _table(players={"anna": {"dice": [1, 1], "workers": 1, "duchy": {"c4": "k8"}}, "ben": {}})
    groups = legal_moves(state).groups
    assert groups["die 1 as 3 (1 worker tile, 2 steps a worker tile with tile 8)"] == ["anna: workers 1>3"]
    assert groups["die 1 as 5 (1 worker tile, round the 6-1 wrap, 2 steps, 2 steps a worker tile with tile 8)"] == [
        "anna: workers 1>5"]
    assert "die 1 as 4 (2 worker tiles)" not in groups
    _agree(state)


def test_equal_dice_are_listed_once():
    state = _table(players={"anna": {"dice": [4, 4]}, "ben": {}})
    assert _moves(state).count("anna: workers 4") == 1


# --- effects expanded -----------------------------------------------------------------------------


def test_castle_then_lists_take_place_sell_and_workers():
    """2011 rulebook p.6 'Castle': the player immediately takes an additional action of any die value."""
    state = _table(players={"anna": {"dice": [6, 6], "storage": ["castle", "mine"], "goods": {"2": 2},
                                      "duchy": {"c4": "k1"}}, "ben": {}},
                    depots={"3": ["cow3", "church"]})
    moves = set(_moves(state))
    assert {"anna: place 6 castle b3", "anna: place 6 castle b3 then workers", "anna: place 6 castle b3 then sell 2",
            "anna: place 6 castle b3 then take church from 3", "anna: place 6 castle b3 then place mine e3"} <= moves
    _agree(state)


def test_ship_lists_each_depot_and_keep_choice_when_storage_forces_one():
    """2011 rulebook p.5 'Ship': take all goods of one depot; goods that do not fit stay (Carla's example)."""
    state = _table(players={"anna": {"dice": [2, 5], "storage": ["ship"], "goods": {"1": 1, "2": 1}}, "ben": {}},
                    depot_goods={"3": [4, 5], "6": [2]}, round=3)  # (3 rolls placed 3 goods)
    moves = set(_moves(state))
    assert {"anna: place 2 ship d3 goods 3 keep 4", "anna: place 2 ship d3 goods 3 keep 5",
            "anna: place 2 ship d3 goods 6"} <= moves
    assert "anna: place 2 ship d3" not in moves, "a ship must take goods when some fit"
    _agree(state)


def test_knowledge_tile_5_adds_neighbouring_depot():
    """Knowledge tile 5: when placing a ship, also take all goods from one neighbouring depot."""
    state = _table(players={"anna": {"dice": [2, 2], "storage": ["ship"], "duchy": {"c4": "k5"}}, "ben": {}},
                    depot_goods={"1": [3], "6": [4], "3": [5]}, round=3)
    moves = set(_moves(state))
    assert {"anna: place 2 ship d3 goods 1+6", "anna: place 2 ship d3 goods 6+1"} <= moves
    assert "anna: place 2 ship d3 goods 1+3" not in moves
    _agree(state)


def test_buildings_grant_their_takes_and_city_hall_a_placement():
    """2011 rulebook p.6 'Buildings': carpenter, church, market, warehouse, city hall effects."""
    state = _table(players={"anna": {"dice": [3, 3], "storage": ["carpenter", "city-hall", "warehouse"],
                                      "goods": {"4": 2}}, "ben": {}},
                    depots={"1": ["bank", "ship"], "5": ["mine", "k2"]})
    moves = set(_moves(state))
    assert {"anna: place 3 carpenter c3 then take bank from 1", "anna: place 3 warehouse e4 then sell 4",
            "anna: place 3 city-hall c3 then place warehouse e4 then sell 4"} <= moves
    assert "anna: place 3 carpenter c3 then take ship from 1" not in moves
    _agree(state)


def test_2019_city_hall_may_place_a_tile_bought_during_the_action():
    """2019 rulebook, 'The central black depot': the purchase "can be done *at any time* during
    your turn, i.e. before, *during*, between or after the two dice actions". Listed inside a
    castle's or city hall's placement only when the granted placement places the bought tile
    (docs/rulings.md); never in 2011, never once the turn's purchase is made."""
    def table(edition, **anna):
        return _table(edition, players={"anna": {"dice": [3, 6], "silver": 2, "storage": ["city-hall", "castle"],
                                                 **anna}, "ben": {}},
                      depots={"black": ["k7", "ship"]})

    def inside(moves):
        return [line for line in moves if " buy " in line and ": buy " not in line]

    moves = _agree(table("2019"))
    assert {"anna: place 3 city-hall c3 buy k7 then place k7 c4",
            "anna: place 3 city-hall c3 then place castle b3 buy ship then place ship d3"} <= moves
    assert all(re.search(r" buy (\S+) then place \1 ", line + " ") for line in inside(moves))
    assert not inside(_agree(table("2011")))
    assert not inside(_agree(table("2019", silver=1)))
    # knowledge tile 6 pays 2 workers: only those the die change (2 as 3) leaves count
    paid = "anna: place 2>3 city-hall c3 buy ship workers 2 then place ship d3"
    moves = _agree(table("2019", silver=0, workers=2, dice=[2, 6], duchy={"c4": "k6"}))
    assert paid not in moves and "anna: place 2 city-hall c5 buy ship workers 2 then place ship d3" in moves
    assert paid in _agree(table("2019", silver=0, workers=3, dice=[2, 6], duchy={"c4": "k6"}))


def test_full_storage_lists_each_discard():
    """2011 rulebook p.5: a player whose 3 storage spaces are full discards one to take another."""
    state = _table(players={"anna": {"dice": [1, 1], "storage": ["mine", "mine", "bank"]}, "ben": {}},
                    depots={"1": ["bank", "ship"]})
    moves = set(_moves(state))
    assert {"anna: take 1 ship discard mine", "anna: take 1 ship discard bank"} <= moves
    assert "anna: take 1 ship" not in moves
    _agree(state)


# --- purchases and flow -----------------------------------------------------------------------------


def test_black_depot_purchase_with_silver_once_per_turn():
    """2011 rulebook p.4 'Buying': once per turn, 2 silverlings, a tile of the black depot."""
    state = _table(players={"anna": {"dice": [1, 4], "silver": 2}, "ben": {}}, depots={"black": ["castle", "k7"]})
    groups = legal_moves(state).groups
    assert groups["buy: black depot, 2 silverlings"] == ["anna: buy castle", "anna: buy k7"]
    state.bought = True
    assert "buy: black depot, 2 silverlings" not in legal_moves(state).groups
    _agree(state)


def test_2019_tile_6_pays_workers_and_buys_from_numbered_depots():
    """2019 rulebook, knowledge tile 6: pay 2 workers instead of 2 silverlings, from any depot."""
    state = _table("2019", players={"anna": {"dice": [1, 4], "silver": 0, "workers": 2, "duchy": {"c4": "k6"}},
                                     "ben": {}}, depots={"black": ["castle"], "2": ["k1", "castle"]})
    moves = set(_moves(state))
    assert {"anna: buy castle workers 2", "anna: buy k1 from 2 workers 2"} <= moves
    assert "anna: buy castle" not in moves
    _agree(state)


def test_last_mover_may_still_buy_before_the_next_line():
    """2011 rulebook p.4: the purchase may come before, between or after the two dice actions."""
    state = new_game(2, "2011")
    engine.play(state, parse_line("reveal black castle ship castle mine"))
    for line in ("goods 1 2 3 4 5", "roll white 1, anna 2 2, ben 3 3"):
        engine.play(state, parse_line(line))
    state.players[0].silver = 2
    engine.play(state, parse_line("anna: workers 2"))
    engine.play(state, parse_line("anna: workers 2"))
    groups = legal_moves(state).groups
    assert groups["anna may still buy: black depot, 2 silverlings"] == ["anna: buy castle", "anna: buy ship",
                                                                  "anna: buy mine"]
    assert legal_moves(state).player == "ben"
    _agree(state)


def test_nothing_to_list_when_a_roll_is_due_or_the_game_is_over():
    state = new_game(3, "2019")
    assert legal_commands(state) == []
    assert legal_moves(state).player is None
    final, _ = random_game(3, players=2)
    assert final.stage == "over"
    assert all("may still buy" in label for label in legal_moves(final).groups)


def test_unrevealed_depots_offer_every_kind_the_engine_trusts():
    """Issue 2: a record may leave reveals out; a take is trusted if a space of its colour is free."""
    state, _ = random_game(5, players=2, edition="2019", reveal=False, stop_after=12)
    if state.stage == "turn":
        _agree(state)
    state = at_turn(players={"anna": {"dice": [2, 2]}, "ben": {}})
    assert {"anna: take 2 castle", "anna: take 2 k1"} <= set(_moves(state))


# --- agreement on positions from seeded playouts ----------------------------------------------------


@pytest.mark.parametrize("players,edition,seed,stop_after", [
    (2, "2011", 1, 7), (2, "2019", 2, 33), (3, "2011", 3, 61), (3, "2019", 4, 15),
    (4, "2011", 5, 90), (4, "2019", 6, 140), (2, "2011", 7, 120), (4, "2019", 8, 3),
])
def test_agrees_with_check_on_playout_positions(players, edition, seed, stop_after):
    state = play_game(players, seed, edition, stop_after).state
    _agree(state)


def test_rule_options_k8_doubles_free_change_and_k6_mixed_payment():
    """docs/rulings.md options: tile 8 doubles the free change of 9-12; 2019 tile 6 paid 1 silver + 1 worker."""
    state = _table("2019", options={"k8-doubles-free-change": True, "k6-mixed-payment": True},
                   players={"anna": {"dice": [3, 6], "silver": 1, "workers": 1,
                                     "duchy": {"c4": "k8", "b4": "k12", "a4": "k6"}}, "ben": {}},
                   depots={"5": ["mine", "k2"], "black": ["castle"], "1": ["ship", "bank"]})
    groups = legal_moves(state).groups
    assert "anna: take 3>5 mine" in groups["die 3 as 5 (0 workers, free change 2 with tile 12)"]
    assert groups["buy: black depot, 1 silver + 1 worker"] == ["anna: buy castle workers 1"]
    assert "anna: buy bank from 1 workers 1" in groups["buy: depot 1 (monastery tile 6), 1 silver + 1 worker"]
    _agree(state)


def test_cli_moves_json_lines_are_each_accepted_by_cli_check(cli, tmp_path):
    """Issue 4: each line `burgundy moves` lists is accepted by `burgundy check` for that position."""
    record = tmp_path / "game.toml"
    record.write_text(dump_record(playout(3, 21, "2011", stop_after=44)), "utf-8")
    result = cli("moves", "--json", str(record))
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert set(payload) == {"player", "due", "moves"} and payload["moves"]
    for line in payload["moves"][::5]:
        verdict = cli("check", str(record), line)
        assert verdict.exit_code == 0, (line, verdict.output)


def test_a_purchase_inside_a_placement_is_the_line_players_however_the_name_is_typed():
    """2019 'The central black depot': a purchase "during" an action is the acting player's
    (cob.buy.during); the notation names no one inside the placement, so the line's player
    buys. Typed as `anna` for Anna, the inner purchase kept `anna` and was refused: "Anna is
    acting; anna cannot buy now"."""
    from burgundy_cli.castles.record.session import with_listed_names
    from burgundy_cli.core.replay import PlayerNames

    state = _table("2019", players={"Anna": {"dice": [3, 6], "silver": 2, "storage": ["city-hall", "castle"]},
                                    "Ben": {}}, depots={"black": ["k7", "ship"]})
    line = "anna: place 3 city-hall c3 then place castle b3 buy ship then place ship d3"
    command = with_listed_names(PlayerNames(["Anna", "Ben"]), parse_line(line), line)
    assert command.player == command.action.then.buy.player == "Anna"
    engine.check(state, command)
