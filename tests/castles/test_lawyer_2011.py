"""Table disputes the 2011 rulebook decides, asked as a player asks them (docs/rulings.md).

Each test names the 2011 passage that decides its dispute (``castles-of-burgundy-2011-rules.*.txt``)
and holds the referee to it: the verdict, the rule it names, the passage it cites, and the
words a player reads.
"""

from __future__ import annotations

from burgundy_cli.castles.rules import RULES, engine, recording
from burgundy_cli.castles.rules.citations import cited
from tests.castles.engine_kit import assert_illegal, at_turn, cmd


def _die(rolled, action, value=None, player="anna"):
    return cmd(kind="die", player=player, rolled=rolled, value=value, action=action)


def _anna(**entry):
    return {"players": {"anna": entry, "ben": {}}}


def _passed(state, command) -> dict[str, str]:
    """What a legal verdict says held, by rule id (``check --why``)."""
    with recording() as rules:
        engine.check(state, command)
    return dict(rules)


def test_knowledge_eight_carlas_six_into_three_cites_tile_eight():
    """2011 'The Yellow Tiles', tile 8: "may adjust a die result by up to +/-2 per worker tile.
    Example: To make a 3 out of a 6, Carla would now only need 2 worker tiles." The verdict
    names tile 8 as what made 2 worker tiles enough, and ``cob.die.workers`` cites the yellow
    tiles' passage besides 'Worker tiles' (which alone would make it 3)."""
    state = at_turn(**_anna(dice=[6, 2], workers=2, duchy={"c4": "k8"}), depots={"3": ["sheep3", "church"]})
    rules = _passed(state, _die(6, {"kind": "take", "tile": "sheep3"}, value=3))
    assert rules["cob.die.workers"] == "die 6 changed to 3 with 2 worker tiles (knowledge tile 8's two steps a worker tile)"
    ref = cited(RULES["cob.die.workers"], "2011").ref
    assert ref == "2011 rules 'A player's turn': 'Worker tiles'; 'The Yellow Tiles' (pp. 10-11), tiles 8-12"
    assert "monastery" not in ref and "2019" not in ref


def test_knowledge_nine_free_step_is_named_with_its_passage():
    """2011 'The Yellow Tiles', tile 9: "may adjust *all* die results being used to place
    buildings (beige tiles) by +/- 1, just as if he had used a worker tile for them." A bank
    on c3 (a 3) from a 4 costs nothing; from a 1 it costs one worker tile besides. The verdict
    names tile 9 (not "a knowledge tile") and cites tiles 9-12's passage."""
    state = at_turn(**_anna(dice=[4, 2], workers=1, storage=["bank"], duchy={"c4": "k9"}))
    free = _passed(state, _die(4, {"kind": "place", "tile": "bank", "space": "c3"}, value=3))
    assert free["cob.die.workers"] == "die 4 changed to 3 by knowledge tile 9's free step"
    state = at_turn(**_anna(dice=[1, 2], workers=1, storage=["bank"], duchy={"c4": "k9"}))
    paid = _passed(state, _die(1, {"kind": "place", "tile": "bank", "space": "c3"}, value=3))
    assert paid["cob.die.workers"] == "die 1 changed to 3 with 1 worker tile (knowledge tile 9's free step)"
    assert "'The Yellow Tiles' (pp. 10-11), tiles 8-12" in cited(RULES["cob.die.workers"], "2011").ref


def test_a_ships_verdict_cites_the_ship_rule_and_names_every_depot_with_goods():
    """2011 'Ship (blue)' 1.: "The player takes *all* of the goods tiles on *any one* depot's
    goods space"; tile 5: "from two *neighbouring* goods spaces". Asked why a ship's goods are
    its to take, the verdict cites the ship's rule (and tile 5's for the second depot), not
    only the placement rules; a depot with no goods is refused naming the depots that have
    some, in the plural when there are several."""
    goods = {"1": [1], "6": [2], "3": [3]}
    state = at_turn(**_anna(dice=[5, 1], storage=["ship"], duchy={"c4": "k5"}), depot_goods=goods, round=5)
    ship = {"kind": "place", "tile": "ship", "space": "d5"}
    assert _passed(state, _die(5, {**ship, "goods": 3}))["cob.ship.goods"] == \
        "the goods of depot 3, as far as anna's goods storage takes them"
    rules = _passed(state, _die(5, {**ship, "goods": 1, "goods2": 6}))
    assert rules["cob.ship.second-depot"] == "depot 6 is next to depot 1" and "cob.ship.goods" in rules
    err = assert_illegal(state, _die(5, {**ship, "goods": 2}), "cob.ship.goods")
    assert (err.message, err.hint) == ("depot 2 has no goods", "goods lie on depots 1, 3, 6")
    err = assert_illegal(at_turn(**_anna(dice=[5, 1], storage=["ship"]), depot_goods={"4": [3]}, round=5),
                         _die(5, {**ship, "goods": 2}), "cob.ship.goods")
    assert err.hint == "goods lie on depot 4"
    nothing = at_turn(**_anna(dice=[5, 1], storage=["ship"], goods={"1": 1, "2": 1, "3": 1}), depot_goods={"4": [5]}, round=5)
    assert _passed(nothing, _die(5, ship))["cob.ship.goods"] == "no depot holds goods anna can store"


def test_a_buildings_take_of_a_tile_only_the_black_depot_holds_says_so_and_how_to_place_it():
    """2011 'The buildings', 'Carpenter's Workshop': "take one beige-coloured building tile of
    his choice from any numbered depot (*not from the black depot!*)"; "Should a player not be
    able to make use of a building's advantage ... then the building may still be added
    (although the advantage is lost in this case)". A workshop's take of the watchtower that
    lies only in the black depot is refused saying where it lies and that the workshop is
    placed without its take -- not "grants a take from a numbered depot; then: take <tile>
    from <depot>", which sends the player to name a depot none of which holds it. The line
    the hint leaves is legal; a tile of the wrong colour is still told what the building takes."""
    state = at_turn(**_anna(dice=[3, 1], storage=["carpenter"]), depots={"1": [], "2": [], "3": ["sheep3"], "4": [], "5": [], "6": [], "black": ["watchtower"]})
    carpenter = {"kind": "place", "tile": "carpenter", "space": "c3"}
    err = assert_illegal(state, _die(3, {**carpenter, "then": {"kind": "take", "tile": "watchtower"}}),
                         "cob.building.take")
    assert err.message == "no numbered depot holds a watchtower; it lies in the black depot, which a building's take never reaches"
    assert err.hint == ("the building is still placed without its take (its advantage is lost): "
                        "leave out `then take watchtower`")
    engine.check(state, _die(3, carpenter))
    err = assert_illegal(state, _die(3, {**carpenter, "then": {"kind": "take", "tile": "bank"}}), "cob.building.take")
    assert err.message == "no numbered depot holds a bank"
    err = assert_illegal(state, _die(3, {**carpenter, "then": {"kind": "take", "tile": "sheep3"}}), "cob.building.take")
    assert (err.message, err.hint) == ("this building cannot take a sheep3", "a carpenter's workshop takes a building")


def test_a_second_purchase_after_the_turns_dice_is_refused_as_the_second_of_the_turn():
    """2011 'The central black depot': "each player may, *once* per turn, choose to *buy one*
    of the six-sided tiles ... He may do this at *any point* during his turn: before, between
    or after the dice actions." Anna, having used both dice and bought after them, buys again:
    the verdict is the once-a-turn rule -- not "it is Ben's turn" (she holds her purchase may
    come after the dice) nor, when hers was the round's last turn, "round 2 has not been
    rolled; record the roll first", a hint whose roll leaves her no turn to buy in. Once Ben
    has acted, her turn is long over: turn order."""
    table = {"players": {"anna": {"dice": [3, 5], "silver": 6}, "ben": {"dice": [1, 1]}},
             "depots": {"black": ["k7", "bank", "ship", "castle"]}}
    anna_dice = (cmd(kind="die", player="anna", rolled=3, action={"kind": "workers"}),
                 cmd(kind="die", player="anna", rolled=5, action={"kind": "workers"}))
    state = at_turn(**table)
    for line in (*anna_dice, cmd(kind="buy", player="anna", tile="k7")):
        engine.play(state, line)
    err = assert_illegal(state, cmd(kind="buy", player="anna", tile="bank"), "cob.buy.once")
    assert err.message == "anna has already bought a tile this turn"
    engine.play(state, cmd(kind="die", player="ben", rolled=1, action={"kind": "workers"}))
    assert_illegal(state, cmd(kind="buy", player="anna", tile="bank"), "cob.flow.turn-order")
    last = at_turn(players={"anna": {"dice": [3, 5], "silver": 6}, "ben": {"dice": []}}, depots=table["depots"],
                   bridge=[["anna"], ["ben"]])  # (ben, farther on the bridge, has had his turn)
    for line in (cmd(kind="buy", player="anna", tile="k7"), *anna_dice):
        engine.play(last, line)
    assert last.stage == "roll"
    assert_illegal(last, cmd(kind="buy", player="anna", tile="bank"), "cob.buy.once")


def test_a_purchase_after_the_games_last_die_is_told_the_ruling_that_refuses_it(cli, tmp_path):
    """2011 'The central black depot': the purchase may come "before, between or after the
    dice actions"; 'Game end': "The game ends after the fifth phase has been played through to
    completion ... (Note: Six-sided tiles remaining on the storage spaces of a player's board
    are not scored!)". The referee ends the game with its last die (docs/rulings.md, "No
    purchase after the last die of the game"), so Anna's purchase after her E5 dice is refused
    -- and, since the 2011 text alone would let her make it, the refusal names that ruling
    rather than only "a finished game takes only corrections"."""
    import shutil

    from tests.conftest import RECORDS

    path = tmp_path / "game.toml"
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", path)
    out = cli("check", str(path), "Anna: buy castle from 2")
    assert out.exit_code == 1
    rule_id = "cob.flow.over"
    assert f"illegal ({rule_id}): the game is over (phase E has ended); the game ends with its last die, so no " \
           "purchase follows it (docs/rulings.md, 'No purchase after the last die of the game'; a stored tile " \
           "scores nothing)" in out.stderr
    assert "2011 rules 'Game end'" in out.stderr
    assert "takes only corrections" in cli("check", str(path), "Anna: workers 4").stderr
