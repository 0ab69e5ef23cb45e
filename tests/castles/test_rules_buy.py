"""The black depot: one purchase per turn for 2 silverlings, and knowledge tile 6 per edition."""

from __future__ import annotations

from burgundy_cli.castles import engine
from tests.castles.engine_kit import assert_illegal, at_turn, cmd, play_all


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
    assert_illegal(state, buy("ship"), "cob.flow.turn-order")


def test_buy_silver():
    """2011 rules, 'The central black depot': "the player must return 2 Silverlings to the
    general supply"."""
    state = table(silver=1)
    err = assert_illegal(state, buy("k7"), "cob.buy.silver")
    assert err.hint == "needs 2 silverlings, anna has 1"
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
    twice = table("2019", dice=[6, 5], storage=["castle", "city-hall"], duchy={"c4": "k9"})
    inner = {"kind": "place", "tile": "city-hall", "space": "c3", "buy": {"player": "anna", "tile": "bank"}}
    outer = {"kind": "place", "tile": "castle", "space": "b3", "buy": {"player": "anna", "tile": "k7"}, "then": inner}
    assert_illegal(twice, cmd(kind="die", player="anna", rolled=6, action=outer), "cob.buy.once")
