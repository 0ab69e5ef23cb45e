"""Taking, storing, placing and selling -- one test per rule id, named after it.

Duchy 1 around the start castle d4: c3 beige 3, c4 yellow 1, d3 blue 2, d5 blue 5,
e3 grey 4, e4 beige 3.
"""

from __future__ import annotations

from burgundy_cli.castles.rules import engine
from tests.castles.engine_kit import assert_illegal, at_turn, cmd, play_all


def die(rolled, action, value=None, player="anna"):
    return cmd(kind="die", player=player, rolled=rolled, value=value, action=action)


def anna(depots=None, **entry):
    entry.setdefault("dice", [3, 5])
    return at_turn(players={"anna": entry, "ben": {}}, depots=depots or {"3": ["cow2", "bank"], "5": ["mine", "k5"]})


def test_take_depot():
    """2011 rules, 'Take six-sided tile from the game board': "The player may take one
    six-sided tile of their choice from the depot whose number corresponds to the result of
    the die used"."""
    state = anna()
    err = assert_illegal(state, die(3, {"kind": "take", "tile": "mine"}), "cob.take.depot")
    assert err.hint == "depot 3 holds cow2, bank; mine lies in depot 5"
    assert_illegal(state, die(3, {"kind": "take", "tile": "dragon"}), "cob.take.depot")
    engine.play(state, die(3, {"kind": "take", "tile": "bank"}))
    assert state.players[0].storage == ["bank"] and state.depots[3] == ["cow2"]


def test_take_from_unrevealed_depot_is_trusted_but_checked():
    """Issue 2, 'The table is the source of randomness': without a reveal the take is trusted,
    but the depot's space colours still limit it (2011 board: depot 1 has a beige and a blue
    space with 2 players) and the score notes say what was skipped."""
    state = at_turn(players={"anna": {"dice": [1, 1]}, "ben": {}})
    assert_illegal(state, die(1, {"kind": "take", "tile": "castle"}), "cob.take.depot")
    engine.play(state, die(1, {"kind": "take", "tile": "church"}))
    assert state.unverified and "depot 1 was not revealed" in state.unverified[0]
    assert_illegal(state, die(1, {"kind": "take", "tile": "bank"}), "cob.take.depot")


def test_storage_full():
    """2011 rules, 'Take six-sided tile': "Should all of the storage spaces be full, then he must
    first choose a prior tile to discard (thus removing it from the game)"."""
    state = anna(storage=["castle", "mine", "cow2"])
    err = assert_illegal(state, die(3, {"kind": "take", "tile": "bank"}), "cob.storage.full")
    assert err.hint == "add `discard <tile>`, one of castle, mine, cow2"  # (the clause the line takes)
    engine.play(state, die(3, {"kind": "take", "tile": "bank", "discard": "cow2"}))
    assert state.players[0].storage == ["castle", "mine", "bank"] and state.removed == ["cow2"]


def test_storage_discard():
    """2011 rules, 'Take six-sided tile': the discard makes room in a *full* storage ("Should
    all of the storage spaces be full"); it must name a stored tile."""
    state = anna(storage=["castle", "mine", "cow2"])
    assert_illegal(state, die(3, {"kind": "take", "tile": "bank", "discard": "ship"}), "cob.storage.discard")
    state = anna(storage=["castle"])
    assert_illegal(state, die(3, {"kind": "take", "tile": "bank", "discard": "castle"}), "cob.storage.discard")


def test_place_stored():
    """2011 rules, 'Additional rules for placing six-sided tiles': "Whenever a player takes a
    six-sided tile from the game board, he must always first place it onto a storage space"."""
    state = anna()
    assert_illegal(state, die(3, {"kind": "place", "tile": "bank", "space": "c3"}), "cob.place.stored")


def test_place_space():
    """2011 rules, 'The player boards': "The estate, with a total of 37 spaces" -- row a has 4."""
    state = anna(storage=["bank"])
    assert_illegal(state, die(3, {"kind": "place", "tile": "bank", "space": "a7"}), "cob.place.space")


def test_place_empty():
    """2011 rules, 'Add six-sided tile to your estate': "indicates which corresponding empty
    space he may place the tile onto"; "Six-sided tiles, once added to an estate, may never be
    moved or removed"."""
    state = anna(storage=["bank"], duchy={"c3": "church"})
    assert_illegal(state, die(3, {"kind": "place", "tile": "bank", "space": "c3"}), "cob.place.empty")


def test_place_colour():
    """2011 rules, 'Add six-sided tile to your estate': "A tile's colour must always match the
    colour of the space it is being placed onto.\""""
    state = anna(storage=["ship"])
    err = assert_illegal(state, die(3, {"kind": "place", "tile": "ship", "space": "c3"}), "cob.place.colour")
    assert "beige" in err.message and "blue" in err.message
    assert err.hint == "no empty blue space showing 3 lies next to anna's tiles"


def test_place_adjacent():
    """2011 rules, 'Add six-sided tile to your estate': "All newly-placed tiles must always lie
    directly adjacent to at least one previously-placed tile ... The first tile can thus only
    ever be placed onto one of the six spaces surrounding the 'start castle'." (c6 is a
    beige 3 away from the castle.)"""
    state = anna(storage=["bank"])
    err = assert_illegal(state, die(3, {"kind": "place", "tile": "bank", "space": "c6"}), "cob.place.adjacent")
    assert err.hint == "empty beige spaces showing 3 next to anna's tiles: c3, e4"
    engine.play(state, die(3, {"kind": "place", "tile": "bank", "space": "e4"}))


def test_place_city_once():
    """2011 rules, 'Building (beige)': "Each of the 8 building types may only occur once per city
    (= a region of connected beige spaces)." Knowledge tile 1: "may ignore the rule"."""
    state = anna(dice=[5, 1], storage=["bank"], duchy={"e4": "bank"})
    assert_illegal(state, die(5, {"kind": "place", "tile": "bank", "space": "f4"}), "cob.place.city-once")
    state = anna(dice=[3, 1], storage=["bank"], duchy={"e4": "bank"})
    engine.play(state, die(3, {"kind": "place", "tile": "bank", "space": "c3"}))   # another city
    state = anna(dice=[5, 1], storage=["bank"], duchy={"e4": "bank", "c4": "k1"})
    engine.play(state, die(5, {"kind": "place", "tile": "bank", "space": "f4"}))


def test_sell_none():
    """2011 rules, 'Sell goods': "A player may choose to sell all goods of one type from his goods
    storage. The die chosen ... indicates which goods type" -- there must be some."""
    state = anna(goods={"1": 2})
    err = assert_illegal(state, die(3, {"kind": "sell", "goods": 3}), "cob.sell.none")
    assert err.hint == "goods held: 2x1"


def test_sell_scores_by_player_count():
    """2011 rules, 'Sell goods': "exactly one Silverling ... regardless of how many tiles he just
    sold ... 2, 3 or 4 victory points per tile (depending on the number of players)"; tiles 3
    and 4: 2 silverlings instead of 1, and one worker more."""
    state = anna(goods={"3": 3}, silver=0)
    engine.play(state, die(3, {"kind": "sell", "goods": 3}))
    player = state.players[0]
    assert (player.silver, player.vp["goods-sold"], player.sold[3], player.goods) == (1, 6, 3, {})
    state = at_turn(players={"anna": {"dice": [3, 3], "goods": {"3": 2}, "silver": 0, "duchy": {"c4": "k3", "b4": "k4"}},
                             "ben": {}, "cara": {}, "dario": {}})
    engine.play(state, die(3, {"kind": "sell", "goods": 3}))
    player = state.players[0]
    assert (player.silver, player.workers, player.vp["goods-sold"]) == (2, 1, 8)


def test_area_completion_scores_size_and_phase():
    """2011 rules, 'Additional rules': "Depending on its size (1 to 8 spaces), the completed region
    scores between 1 and 36 victory points ... Additionally ... between 10 in the first phase (A)
    and 2 in the last phase (E)". The river d1-d3 (size 3) in phase B: 6 + 8."""
    state = at_turn(players={"anna": {"dice": [6, 1], "storage": ["ship"], "duchy": {"d3": "ship", "d2": "ship"}},
                             "ben": {}}, phase="B")
    play_all(state, die(6, {"kind": "place", "tile": "ship", "space": "d1"}))
    assert state.players[0].vp == {"areas": 6, "area-phase-bonus": 8}


def test_colour_bonus_large_then_small():
    """2011 rules: "The first player who manages to cover all spaces of one colour ... takes the
    corresponding large bonus tile ... (5 VP with 2 players ...). The second player ... takes
    the small bonus tile and the corresponding 2 to 4 victory points.\""""
    mines = {"e3": "mine", "f2": "mine"}
    state = at_turn(players={"anna": {"dice": [3, 3], "storage": ["mine"], "duchy": mines},
                             "ben": {"storage": ["mine"], "duchy": mines, "dice": [3, 3]}})
    play_all(state, die(3, {"kind": "place", "tile": "mine", "space": "g1"}),
             die(3, {"kind": "workers"}),
             die(3, {"kind": "place", "tile": "mine", "space": "g1"}, player="ben"))
    assert state.players[0].vp["colour-bonus"] == 5 and state.players[0].bonuses == ["M-large"]
    assert state.players[1].vp["colour-bonus"] == 2 and state.players[1].bonuses == ["M-small"]
