"""The black depot: one purchase per turn for 2 silverlings, and knowledge tile 6 per edition."""

from __future__ import annotations

import pytest

from burgundy_cli.castles.movegen import legal_moves
from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.actions import OWN_LINE
from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.notation import format_command, parse_line
from tests.castles.engine_kit import assert_illegal, assert_illegal_hinted, at_turn, cmd, play_all, position


def buy(tile, player="anna", **extra):
    return cmd(kind="buy", player=player, tile=tile, **extra)


def table(edition="2011", options=None, **entry):
    entry.setdefault("dice", [3, 5])
    entry.setdefault("silver", 4)
    return at_turn(edition, players={"anna": entry, "ben": {"dice": [1, 1]}},
                   depots={"black": ["k7", "bank", "ship", "castle"], "2": ["k2", "castle"]},
                   options=options or {})


def test_buy_once():
    """2011 rules, 'The central black depot': "each player may, once per turn, choose to buy one
    of the six-sided tiles from the central black depot"."""
    state = play_all(table(), buy("k7"))
    assert state.players[0].silver == 2 and state.players[0].storage == ["k7"]
    assert_illegal(state, buy("bank"), "cob.buy.once")


def test_buy_after_the_dice_actions():
    """2011 rules, 'The central black depot': "He may do this at any point during his turn:
    before, between or after the dice actions." After both dice, until the next player acts."""
    state = table()
    play_all(state, cmd(kind="die", player="anna", rolled=3, action={"kind": "workers"}),
             cmd(kind="die", player="anna", rolled=5, action={"kind": "workers"}))
    assert state.to_move() == 1
    play_all(state, buy("bank"))
    assert state.players[0].storage == ["bank"]
    assert_illegal(state, buy("ship"), "cob.buy.once")  # (the turn's one purchase is made)
    play_all(state, cmd(kind="die", player="ben", rolled=1, action={"kind": "workers"}))
    assert_illegal(state, buy("ship"), "cob.flow.turn-order")


def test_buy_silver():
    """2011 rules, 'The central black depot': "the player must return 2 Silverlings to the
    general supply"."""
    state = table(silver=1)
    err = assert_illegal(state, buy("k7"), "cob.buy.silver")
    assert err.message == "a purchase costs 2 silverlings" and err.hint == "anna has 1"
    assert_illegal(table(workers=2, duchy={"c4": "k6"}), buy("k7", pay_workers=2), "cob.buy.silver")


def test_buy_depot():
    """2011 rules, 'The central black depot' and knowledge tile 6: purchases come from the black
    depot; tile 6 "may buy not only from the central black depot but also from the other six
    depots"."""
    assert_illegal(table(), buy("k2", depot=2), "cob.buy.depot")
    assert_illegal(table(), buy("church"), "cob.buy.depot")
    state = play_all(table(duchy={"c4": "k6"}), buy("k2", depot=2))
    assert state.players[0].storage == ["k2"] and state.players[0].silver == 2


def test_knowledge_six_2019_pays_workers():
    """2019 rules, knowledge tile 6: "you may spend 2 worker chips instead of 2 silver coins to
    buy a hex tile from the game board, and you may choose a hex tile from all depots"; mixing
    1 silver and 1 worker only with option k6-mixed-payment (docs/rulings.md)."""
    state = play_all(table("2019", silver=0, workers=2, duchy={"c4": "k6"}), buy("castle", depot=2, pay_workers=2))
    assert state.players[0].workers == 0 and state.players[0].storage == ["castle"]
    assert_illegal(table("2019", silver=1, workers=1, duchy={"c4": "k6"}), buy("k7", pay_workers=1), "cob.buy.silver")
    state = table("2019", {"k6-mixed-payment": True}, silver=1, workers=1, duchy={"c4": "k6"})
    engine.play(state, buy("k7", pay_workers=1))
    assert (state.players[0].silver, state.players[0].workers) == (0, 0)


def test_buy_during():
    """2019 rules, 'The central black depot': the purchase "can be done at any time during your
    turn, i.e. before, during, between or after the two dice actions" -- so a city hall can
    place the tile bought right after it. 2011 rules: "before, between or after the dice
    actions" only."""
    def city_hall(edition):
        state = table(edition, dice=[3, 5], storage=["city-hall"])
        action = {"kind": "place", "tile": "city-hall", "space": "c3",
                  "buy": {"player": "anna", "tile": "k7"}, "then": {"kind": "place", "tile": "k7", "space": "c4"}}
        return state, cmd(kind="die", player="anna", rolled=3, action=action)

    state, command = city_hall("2011")
    assert_illegal(state, command, "cob.buy.during")
    state, command = city_hall("2019")
    engine.play(state, command)
    anna = state.players[0]
    assert anna.knowledge == {7} and anna.silver == 2 and anna.storage == []
    assert_illegal(state, buy("bank"), "cob.buy.once")
    twice = table("2019", dice=[6, 5], storage=["castle"], duchy={"c3": "bank"})
    inner = {"kind": "place", "tile": "castle", "space": "a3", "buy": {"player": "anna", "tile": "k7"},
             "then": {"kind": "place", "tile": "k7", "space": "c4"}}
    outer = {"kind": "place", "tile": "castle", "space": "b3", "buy": {"player": "anna", "tile": "castle"},
             "then": inner}
    assert_illegal(twice, cmd(kind="die", player="anna", rolled=6, action=outer), "cob.buy.once")


CITY_HALL_BUYS_K7 = "anna: place 3 city-hall c3 buy k7 then place k7 c4"


def _city_hall(then=None, storage=("city-hall",), edition="2019", tile="k7", **buy):
    state = table(edition, dice=[3, 5], storage=list(storage))
    action = {"kind": "place", "tile": "city-hall", "space": "c3", "buy": {"player": "anna", "tile": tile, **buy}}
    if then is not None:
        action["then"] = then
    return state, cmd(kind="die", player="anna", rolled=3, action=action)


def test_buy_during_reads_plays_and_writes_back():
    """2019 rules, 'The central black depot': "This can be done *at any time* during your turn,
    i.e. before, *during*, between or after the two dice actions." The notation writes the
    purchase inside the placement, before the action it grants (docs/notation.md), and the
    canonical line reads back to the same command."""
    state, command = _city_hall({"kind": "place", "tile": "k7", "space": "c4"})
    assert parse_line(CITY_HALL_BUYS_K7) == command
    assert format_command(command) == CITY_HALL_BUYS_K7
    lenient = parse_line("Anna : P 3 City-Hall C3 B yellow 7 AND p k7 c4  # bought in the action")
    assert format_command(lenient) == "Anna: place 3 city-hall c3 buy k7 then place k7 c4"
    engine.play(state, parse_line(CITY_HALL_BUYS_K7))
    anna = state.players[0]
    assert anna.duchy[space_id("c4")] == "k7" and anna.silver == 2 and state.bought


def test_buy_during_2011_is_refused():
    """2011 rules, 'The central black depot': "He may do this at any point during his turn:
    before, between or after the dice actions" -- not during one."""
    state, command = _city_hall({"kind": "place", "tile": "k7", "space": "c4"}, edition="2011")
    err = assert_illegal(state, command, "cob.buy.during")
    assert err.hint == OWN_LINE


def test_buy_during_only_when_the_granted_placement_places_the_bought_tile():
    """2019 rules, 'The central black depot': "before, *during*, between or after the two dice
    actions". Ruling (docs/rulings.md, cob.buy.during-use): a purchase inside a placement is
    accepted only when the action the placement grants places the bought tile, which the
    player did not store already; any other purchase during the action ends exactly as a buy
    line after it, so it is written that way and each move has one spelling."""
    checks = [
        _city_hall(),  # grants a placement but places nothing
        _city_hall({"kind": "place", "tile": "castle", "space": "b3"}, storage=("city-hall", "castle")),
        _city_hall({"kind": "place", "tile": "bank", "space": "e4"}, storage=("city-hall", "bank"), tile="bank"),
    ]
    for state, command in checks:
        err = assert_illegal(state, command, "cob.buy.during-use")
        assert err.hint == OWN_LINE
    castle = table("2019", dice=[6, 5], storage=["castle", "mine", "ship"], duchy={"c3": "bank"})
    action = {"kind": "place", "tile": "castle", "space": "b3", "buy": {"player": "anna", "tile": "k7"},
              "then": {"kind": "workers"}}
    assert_illegal(castle, cmd(kind="die", player="anna", rolled=6, action=action), "cob.buy.during-use")
    # full storage before the placement: the slot it frees is still free for a buy line after it
    play_all(castle, cmd(kind="die", player="anna", rolled=6, action={**action, "buy": None}), buy("k7"))
    assert castle.players[0].storage == ["mine", "ship", "k7"] and castle.players[0].workers == 2


def test_buy_during_pays_workers_left_after_the_die():
    """2019 rules, knowledge tile 6: "you may spend 2 *worker chips* instead of 2 silver coins";
    'A player's turn': "Each worker you use increases or decreases the result by 1". A purchase
    during the action pays from the workers the die change has left."""
    def city_hall(workers):
        state = table("2019", dice=[2, 5], silver=0, workers=workers, storage=["city-hall"], duchy={"c4": "k6"})
        action = {"kind": "place", "tile": "city-hall", "space": "c3",
                  "buy": {"player": "anna", "tile": "bank", "pay_workers": 2},
                  "then": {"kind": "place", "tile": "bank", "space": "e4"}}
        return state, cmd(kind="die", player="anna", rolled=2, value=3, action=action)

    state, command = city_hall(2)
    err = assert_illegal(state, command, "cob.buy.silver")
    assert (err.message, err.hint) == ("a purchase paid with workers costs 2 workers", "anna has 1")
    state, command = city_hall(3)
    engine.play(state, command)
    assert state.players[0].workers == 0 and state.players[0].duchy[space_id("e4")] == "bank"


def _last_die_of_phase_a(edition: str, **entry):
    """Ben holds the last die of phase A (round 5, the last turn) and one mine."""
    entry = {"dice": [2], "silver": 1, "duchy": {"e3": "mine"}, **entry}
    return position({"anna": {}, "ben": entry}, edition, phase="A", round=5, to_move="ben",
                    order=["anna", "ben"], depots={"black": ["k7", "bank", "ship", "castle"]})


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_a_purchase_after_the_phases_last_die_is_paid_before_the_mines_pay(edition):
    """2011 rules, 'The central black depot': the purchase is made "at any point during his
    turn: before, between or after the dice actions"; 'End of a phase': "A phase ends after
    five rounds. Players with mines now receive the corresponding number of Silverlings."
    2019 rules, 'The central "black depot"' ("at any time during your turn") and 'End of a
    phase' ("Each phase ends after five rounds. Now, players receive 1 silver coin for every
    mine"). A purchase after the last die of a phase belongs to that turn: the mines have not
    paid yet, so their silverling cannot pay for it -- in ``check``, ``play`` and ``moves``."""
    state = play_all(_last_die_of_phase_a(edition), cmd(kind="die", player="ben", rolled=2,
                                                        action={"kind": "workers"}))
    ben = state.players[1]
    assert state.stage == "phase" and state.late_buyer == 1 and ben.silver == 2  # the mine has paid
    err = assert_illegal(state, buy("k7", player="ben"), "cob.buy.silver")
    assert err.hint == "ben has 1 (the phase end's income comes after this turn's purchase)"
    assert not [line for line in legal_moves(state).moves if "buy" in line]
    rich = play_all(_last_die_of_phase_a(edition, silver=2), cmd(kind="die", player="ben", rolled=2,
                                                                  action={"kind": "workers"}), buy("k7", player="ben"))
    assert rich.players[1].silver == 1 and rich.players[1].storage == ["k7"]


def test_the_2019_tile_six_pays_with_workers_held_before_the_phase_end():
    """2019 rules, knowledge tile 6 ("you may spend 2 worker chips instead of 2 silver coins")
    and tile 2 ("for each mine you have placed, you get a worker in addition to the silver
    coin at the end of each phase"): the worker the mine brings at the phase end comes after
    a purchase made in the phase's last turn."""
    ben = {"silver": 0, "workers": 1, "duchy": {"e3": "mine", "c4": "k2", "b4": "k6"}}
    state = play_all(_last_die_of_phase_a("2019", **ben), cmd(kind="pass", player="ben"))
    assert (state.players[1].silver, state.players[1].workers) == (1, 2)
    assert_illegal(state, buy("k7", player="ben", pay_workers=2), "cob.buy.silver")


def test_tile_28s_workers_after_the_phases_last_die_are_paid_before_the_mines_pay():
    """2019 rules, '#28 Workers' ("you can buy workers from the supply. 2 workers cost 1 silver
    coin"; bought in the owner's turn, after the last die too: docs/rulings.md) with 'End of a
    phase': after the phase's last die Ben holds 1 silverling and his mine's, which comes
    after his turn. He may buy 2 workers with the one he held, not 4; the 2 he buys are his
    before the phase end, so tile 6 may pay the turn's purchase with them; and the silverling
    spent on them is no longer there for a purchase."""
    from burgundy_cli.castles.modules.extra import hire_candidates

    ben = {"silver": 1, "workers": 0, "duchy": {"e3": "mine", "c4": "k28", "b4": "k6"}}
    options = {"modules": ["extra-tiles"]}

    def after_last_die():
        state = play_all(position({"anna": {}, "ben": {"dice": [2], **ben}}, "2019", phase="A", round=5,
                                  to_move="ben", order=["anna", "ben"], options=options,
                                  depots={"black": ["k7", "bank", "ship", "castle"]}),
                         cmd(kind="pass", player="ben"))
        assert (state.players[1].silver, state.late_buyer) == (2, 1)  # the mine has paid
        return state

    state = after_last_die()
    assert [command.workers for _, command in hire_candidates(state, 1)] == [2]
    assert_illegal(state, cmd(kind="hire", player="ben", workers=4), "cob.tile28.pay")
    play_all(state, cmd(kind="hire", player="ben", workers=2), buy("k7", player="ben", pay_workers=2))
    assert (state.players[1].silver, state.players[1].workers, state.players[1].storage) == (1, 0, ["k7"])
    state = play_all(after_last_die(), cmd(kind="hire", player="ben", workers=2))
    assert_illegal(state, buy("k7", player="ben"), "cob.buy.silver")  # its silverling went on the workers


def test_the_purse_held_before_the_phase_end_is_kept_by_a_position():
    """docs/records.md, ``[position] late_purse``: a position written between the phase's last
    die and the late purchase keeps what the late buyer held before the mines paid, so it
    continues as the record does; a purse without a late buyer of a phase's last turn is
    refused at its key."""
    from burgundy_cli.castles.record.setup import position_data
    from burgundy_cli.core.errors import RecordError

    state = play_all(_last_die_of_phase_a("2011"), cmd(kind="die", player="ben", rolled=2,
                                                        action={"kind": "workers"}))
    data = position_data(state)
    assert data["late_purse"] == {"silver": 1, "workers": 2}
    again = position({name: entry for name, entry in data.pop("players").items()}, "2011", **data)
    assert_illegal(again, buy("k7", player="ben"), "cob.buy.silver")
    with pytest.raises(RecordError) as info:
        position({"anna": {}, "ben": {}}, "2011", round=2, stage="roll", late_buyer="anna",
                 late_purse={"silver": 1})
    assert info.value.path == ("position", "late_purse")


def test_a_2011_purchase_paid_with_workers_is_refused_in_2011_words():
    """2011 rules, 'The central black depot': "the player must return 2 Silverlings to the
    general supply"; the 2011 tile 6 widens only where one may buy ("may buy not only from the
    central black depot but also from the other six depots"). A 2011 refusal of `workers 2`
    says so and how to write the purchase, never pointing at another edition's tile."""
    err = assert_illegal_hinted(table(workers=2, duchy={"c4": "k6"}), buy("k7", pay_workers=2), "cob.buy.silver")
    said = f"{err.message}; {err.hint}"
    assert "2019" not in said and "silverlings, never with worker tiles" in said
    assert err.hint == "leave out `workers`: `anna: buy k7`"
    engine.check(table(workers=2, duchy={"c4": "k6"}), buy("k7"))  # the hint's line is legal


def test_a_2011_purchase_paid_with_workers_by_a_player_short_of_silver_offers_no_line():
    """2011 rules, 'The central black depot': "the player must return 2 Silverlings to the
    general supply". Ben, with 1 Silverling and 2 worker tiles, who typed ``buy market workers
    2`` was told "leave out `workers`: `Ben: buy market`" -- a line refused next (cob.buy.silver,
    "a purchase costs 2 silverlings; Ben has 1"). A hint offers only a line the rules accept:
    here none, and it says what the buyer holds."""
    state = table(silver=1, workers=2)
    err = assert_illegal_hinted(state, buy("k7", pay_workers=2), "cob.buy.silver")
    assert err.hint == "anna has 1 silverling"
    assert_illegal(state, buy("k7"), "cob.buy.silver")


def test_a_2019_purchase_short_of_silver_points_at_tile_six_workers():
    """2019 rules, 'The monastery tiles', 6): "you may spend 2 worker chips instead of 2 silver
    coins to buy a hex tile". A player holding tile 6 and 2 workers but 1 silverling is told the
    line that pays with workers, and that line is legal; without the workers no such hint."""
    state = table("2019", silver=1, workers=2, duchy={"c4": "k6"})
    err = assert_illegal_hinted(state, buy("k7"), "cob.buy.silver")
    assert err.hint == "anna has 1; with monastery tile 6 pay 2 workers instead: `anna: buy k7 workers 2`"
    engine.check(state, buy("k7", pay_workers=2))
    err = assert_illegal_hinted(table("2019", silver=1, workers=1, duchy={"c4": "k6"}), buy("k7"), "cob.buy.silver")
    assert err.hint == "anna has 1"


def test_a_2019_purchase_paid_with_workers_without_tile_six_names_the_monastery_tile():
    """2019 rules, 'The monastery tiles', 6): the worker price is the monastery tile's; a 2019
    refusal names it by the 2019 name and no edition."""
    err = assert_illegal(table("2019", workers=2), buy("k7", pay_workers=2), "cob.buy.silver")
    assert "monastery tile 6" in err.hint and "2019" not in err.hint


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_a_purchase_the_depot_does_not_hold_cites_the_purchase_rule_and_where_the_tile_lies(edition):
    """2011 rules, knowledge tile 6 ("may buy not only from the central black depot but also
    from the other six depots") / 2019 monastery tile 6 ("you may choose a hex tile from all
    depots"): a purchase is no die action, so a tile missing from the depot named is refused by
    the purchase's rule (cob.buy.depot), not the die's take ("from the depot whose number matches
    the die"), and the hint names the depot the buyer may buy it from, a line that is legal."""
    state = table(edition, duchy={"c4": "k6"})
    err = assert_illegal_hinted(state, buy("bank", depot=2), "cob.buy.depot")
    assert err.hint.endswith("; it lies in the black depot: `anna: buy bank`")
    engine.check(state, buy("bank"))
    err = assert_illegal_hinted(state, buy("k2"), "cob.buy.depot")
    assert err.hint.endswith("; it lies in depot 2: `anna: buy k2 from 2`")
    engine.check(state, buy("k2", depot=2))
    err = assert_illegal_hinted(table(edition), buy("k2"), "cob.buy.depot")  # (without tile 6: no hint to depot 2)
    assert "from 2" not in (err.hint or "")


def test_a_legal_purchase_says_the_monastery_tile_that_allowed_where_and_how_it_was_paid():
    """2019 rules, 'The monastery tiles', tile 6: the holder may buy from the numbered depots
    too, and may pay 2 worker chips instead of 2 silver coins. ``check --why`` said "bought
    from depot 5" and "paid with 2 silver coins and 0 workers": it now names the tile where
    the tile is what allowed the purchase, and no payment of nothing."""
    from burgundy_cli.castles.rules import recording

    state = table("2019", silver=2, workers=2, duchy={"c4": "k6"})
    with recording() as rules:
        engine.check(state, buy("castle", depot=2, pay_workers=2))
    why = dict(rules)
    assert why["cob.buy.depot"] == "bought from depot 2 (monastery tile 6)"
    assert why["cob.buy.silver"] == "paid with 2 workers (monastery tile 6)"
    with recording() as rules:
        engine.check(state, buy("bank"))
    why = dict(rules)
    assert (why["cob.buy.depot"], why["cob.buy.silver"]) == ("bought from the black depot", "paid with 2 silver coins")
