"""Flow of the game: phases, rounds, rolls, reveals, turn order -- one test per rule id.

Board references are to duchy 1: the start castle on d4 is surrounded by c3 (beige 3),
c4 (yellow 1), d3 (blue 2), d5 (blue 5), e3 (grey 4) and e4 (beige 3).
"""

from __future__ import annotations

import random

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.boards import depot_spaces, space_id
from burgundy_cli.castles.rules.scoring import score
from burgundy_cli.castles.rules.tiles import catalogue
from burgundy_cli.core.errors import IllegalMoveError
from tests.castles.engine_kit import assert_illegal, cmd, new_game, play_all, random_game

ROLL = {"anna": (1, 2), "ben": (3, 4)}


def rolled(state, white=2, good=4, dice=ROLL):
    return play_all(state, cmd(kind="roll", white=white, good=good, dice=dice))


def finish_round(state):
    """Everyone takes workers with both dice until the round ends."""
    while state.stage == "turn":
        player = state.players[state.to_move()]
        engine.play(state, cmd(kind="die", player=player.name, rolled=player.dice[0], action={"kind": "workers"}))
    return state


def test_flow_over():
    """2011 rules, 'Game end': "The game ends after the fifth phase has been played through to
    completion." Nothing may be played after phase E."""
    state, _ = random_game(1, players=2)
    assert state.stage == "over"
    assert_illegal(state, cmd(kind="roll", white=1, good=1, dice=ROLL), "cob.flow.over")
    assert_illegal(state, cmd(kind="pass", player="anna"), "cob.flow.over")


def test_flow_roll():
    """2011 rules, 'The five game rounds': "First, all players roll their two dice, with the
    start player also rolling the white die." No die action before the roll."""
    state = new_game()
    assert_illegal(state, cmd(kind="die", player="anna", rolled=1, action={"kind": "workers"}), "cob.flow.roll")


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_a_pass_gives_up_the_dice_and_gains_nothing(edition):
    """docs/rulings.md, "Passing": 2011 'The five game rounds' ("exactly two actions, one per
    die"), 2019 ("can take two game actions"). A pass is accepted in both editions: the dice
    left are given up, nothing is gained, and the next player moves."""
    state = rolled(new_game(edition=edition))
    anna = state.players[0]
    before = (anna.silver, anna.workers, dict(anna.vp), list(anna.storage))
    play_all(state, cmd(kind="pass", player="anna"))
    assert (anna.silver, anna.workers, dict(anna.vp), list(anna.storage)) == before
    assert anna.dice == [] and state.players[state.to_move()].name == "ben"


def test_flow_turn_order():
    """2011 rules, 'The five game rounds': "It is then the turn of the next player in turn
    order (moving from right to left on the turn order track and from top to bottom in a
    given tower)." The start player (on top) moves first."""
    state = rolled(new_game())
    err = assert_illegal(state, cmd(kind="die", player="ben", rolled=3, action={"kind": "workers"}),
                         "cob.flow.turn-order")
    assert "anna's turn" in err.message
    assert_illegal(state, cmd(kind="die", player="zoe", rolled=3, action={"kind": "workers"}), "cob.flow.turn-order")
    assert_illegal(state, cmd(kind="roll", white=1, good=1, dice=ROLL), "cob.flow.turn-order")


def test_flow_phase_setup():
    """2011 rules, 'Setup for each phase': at the start of each phase the depots are
    replenished and the 5 goods tiles laid out -- not in the middle of a phase."""
    state = rolled(new_game())
    assert_illegal(state, cmd(kind="reveal", depot=1, tiles=["ship", "church"]), "cob.flow.phase-setup")
    assert_illegal(state, cmd(kind="phase-goods", goods=[1, 2, 3, 4, 5]), "cob.flow.phase-setup")


def test_roll_players():
    """2011 rules, 'The five game rounds': "all players roll their two dice"."""
    state = new_game()
    assert_illegal(state, cmd(kind="roll", white=1, good=1, dice={"anna": (1, 2)}), "cob.roll.players")
    assert_illegal(state, cmd(kind="roll", white=1, good=1, dice={**ROLL, "zoe": (1, 1)}), "cob.roll.players")


def test_roll_good():
    """2011 rules, 'The five game rounds': the start player "takes the topmost goods tile from
    the round spaces and places it onto the goods space of the depot whose number matches
    the number rolled on the white die". The good must be known and match the stack."""
    state = new_game()
    assert_illegal(state, cmd(kind="roll", white=1, dice=ROLL), "cob.roll.good")
    play_all(state, cmd(kind="phase-goods", goods=[5, 1, 2, 3, 4]))
    assert_illegal(state, cmd(kind="roll", white=1, good=1, dice=ROLL), "cob.roll.good")
    play_all(state, cmd(kind="roll", white=6, dice=ROLL))
    assert state.depot_goods[6] == [5]
    assert state.round_goods == [1, 2, 3, 4]


def test_white_die_is_no_action():
    """2011 rules, 'The five game rounds': "it cannot be used by the start player to assist
    him on his own turn". Using the white die's number as a die is refused."""
    state = rolled(new_game(), white=6)
    assert_illegal(state, cmd(kind="die", player="anna", rolled=6, action={"kind": "workers"}), "cob.die.unused")


def test_goods_count():
    """2011 rules, 'Game components': "42 goods tiles (square, 7 in each of 6 colours)"."""
    state = new_game(goods={"anna": [1, 1, 1], "ben": [1, 1, 1]})
    assert_illegal(state, cmd(kind="phase-goods", goods=[1, 1, 2, 2, 3]), "cob.goods.count")
    play_all(state, cmd(kind="phase-goods", goods=[1, 2, 2, 2, 3]))
    state2 = new_game(goods={"anna": [1, 1, 1], "ben": [1, 1, 1]})
    play_all(state2, cmd(kind="roll", white=1, good=1, dice=ROLL))
    finish_round(state2)
    assert_illegal(state2, cmd(kind="roll", white=1, good=1, dice=ROLL), "cob.goods.count")


def test_reveal_repeat():
    """2011 rules, 'Setup for each phase': each depot is replenished once at the start of a phase."""
    state = play_all(new_game(), cmd(kind="reveal", depot=1, tiles=["ship", "church"]))
    assert_illegal(state, cmd(kind="reveal", depot=1, tiles=["ship", "bank"]), "cob.reveal.repeat")
    play_all(state, cmd(kind="phase-goods", goods=[1, 2, 3, 4, 5]))
    assert_illegal(state, cmd(kind="phase-goods", goods=[1, 2, 3, 4, 5]), "cob.reveal.repeat")


def test_reveal_spaces():
    """2011 rules, 'Setup for each phase' and the board print: "2-player game only 2 spaces are
    used per depot"; the tiles match the colours of the spaces; the black depot gets 4/6/8."""
    state = new_game()
    assert_illegal(state, cmd(kind="reveal", depot=1, tiles=["ship", "church", "k1"]), "cob.reveal.spaces")
    assert_illegal(state, cmd(kind="reveal", depot=1, tiles=["ship", "ship"]), "cob.reveal.spaces")
    assert_illegal(state, cmd(kind="reveal", depot=0, tiles=["ship", "k7", "bank"]), "cob.reveal.spaces")
    assert_illegal(state, cmd(kind="reveal", depot=0, tiles=["ship", "k7", "bank", "k1"]), "cob.reveal.spaces")
    play_all(state, cmd(kind="reveal", depot=0, tiles=["ship", "k7", "bank", "cow3"]))


def test_reveal_three_player_depot_six():
    """2019 rules, p.11: "In the 3-player game, the dark green space of the no. 6 depot is
    special: In phases A, C, and E, this space is replenished by a castle tile (dark green).
    In phases B and D, however, it is replenished by a mine tile (gray)!\""""
    state = new_game(players=3, edition="2019")
    assert_illegal(state, cmd(kind="reveal", depot=6, tiles=["mine", "bank", "cow2"]), "cob.reveal.spaces")
    play_all(state, cmd(kind="reveal", depot=6, tiles=["castle", "bank", "cow2"]))
    state.stage, state.phase = "phase", 1
    assert_illegal(state, cmd(kind="reveal", depot=6, tiles=["castle", "bank", "cow2"]), "cob.reveal.spaces")
    play_all(state, cmd(kind="reveal", depot=6, tiles=["mine", "bank", "cow2"]))


def _legal_reveal(state, depot, tiles) -> bool:
    try:
        engine.check(state, cmd(kind="reveal", depot=depot, tiles=tiles))
    except IllegalMoveError:
        return False
    return True


@pytest.mark.parametrize("game", [
    dict(players=2),
    dict(players=2, edition="2019", modules=["extra-tiles", "white-castles"]),
    dict(players=3, edition="2019"),
])
def test_reveal_continuations_are_what_the_reveal_check_lets_through(game):
    """2011 rules, 'Setup for each phase' (``cob.reveal.spaces``, as above): what Tab offers
    next in a reveal is what the same check accepts. Along prefixes of offered tiles, the
    tiles offered for a depot's last space are exactly those that make the whole reveal
    legal, and each tile offered before leads on to some; a module's tile only with its
    module, and a tile the supply no longer holds never."""
    state = new_game(**game)
    rng = random.Random(str(game))
    for depot, spaces in enumerate(depot_spaces(state.player_count, state.phase)):
        for _ in range(6):  # random paths through the offered tiles
            tiles: list[str] = []
            while len(tiles) < len(spaces) - 1:
                offered = engine.reveal_continuations(state, depot, tiles)
                assert offered, (depot, tiles)
                tiles.append(rng.choice(offered))
            last = set(engine.reveal_continuations(state, depot, tiles))
            assert last == {name for name in catalogue() if _legal_reveal(state, depot, [*tiles, name])}, (depot, tiles)
            assert engine.reveal_continuations(state, depot, [*tiles, sorted(last)[0]]) == []
    modules = game.get("modules", [])
    first = set(engine.reveal_continuations(state, 2, []))
    assert ("k27" in first) == ("extra-tiles" in modules) and ("k29" in first) == ("white-castles" in modules)
    state.supply["castle"][0] = 0  # (every castle with a coloured back already drawn)
    assert "castle" not in engine.reveal_continuations(state, 2, [])


def test_supply_exhausted():
    """2011 rules, 'Game components': "16 castles (dark green, 2x with black backs)" -- only
    2 black-backed castles exist, and only one k7 at all."""
    state = new_game(players=4)
    assert_illegal(state, cmd(kind="reveal", depot=0, tiles=["castle"] * 3 + ["k7"] * 5), "cob.supply.exhausted")


def test_turn_order_follows_the_bridge():
    """2011 rules, 'Ship (blue)' 2.: "The player moves his playing piece on the turn order
    track one space to the right ... Should this result in him being start player for the
    next round then he also receives the white die." Turn order changes at the next round."""
    state = new_game()
    play_all(state, cmd(kind="reveal", depot=2, tiles=["k1", "castle"]),
             cmd(kind="roll", white=3, good=4, dice={"anna": (1, 2), "ben": (2, 4)}))
    assert state.order == [0, 1]
    state.players[1].storage.append("ship")
    play_all(state, cmd(kind="die", player="anna", rolled=1, action={"kind": "workers"}),
             cmd(kind="die", player="anna", rolled=2, action={"kind": "workers"}),
             cmd(kind="die", player="ben", rolled=2, action={"kind": "place", "tile": "ship", "space": "d3",
                                                              "goods": 3}))
    assert state.order == [0, 1]
    assert state.bridge_order() == [1, 0]
    finish_round(state)
    play_all(state, cmd(kind="roll", white=3, good=4, dice={"anna": (1, 2), "ben": (2, 4)}))
    assert state.order == [1, 0]


def test_phase_end_mines_and_knowledge_two():
    """2011 rules, 'Mine (grey)': "at the end of each phase, the player receives 1 Silverling
    from the supply for each mine in his estate"; knowledge tile 2: "receives one worker tile
    ... in addition to the usual Silverling for each of his mines"."""
    state = new_game()
    state.players[0].duchy[space_id("e3")] = "mine"
    state.players[1].duchy[space_id("e3")] = "mine"
    state.players[1].duchy[space_id("c4")] = "k2"
    state.players[1].knowledge.add(2)
    for _ in range(5):
        play_all(state, cmd(kind="roll", white=1, good=1 + state.round, dice=ROLL))
        finish_round(state)
    assert state.phase == 1 and state.stage == "phase"
    assert state.players[0].silver == 2
    assert (state.players[1].silver, state.players[1].workers) == (2, 2 + 20 + 1)


def test_random_games_run_to_the_end():
    """2011 rules, 'Game end': "The game ends at the end of the 5th phase (= 25 rounds / 50
    dice actions)": random legal play of both editions and 2-4 players always ends, and
    every score breakdown sums to its total."""
    for seed, players, edition in ((1, 2, "2011"), (2, 3, "2019"), (3, 4, "2011"), (4, 4, "2019")):
        state, log = random_game(seed, players, edition, reveal=seed % 2 == 1)
        assert state.stage == "over"
        assert sum(1 for c in log if c.kind == "roll") == 25
        table = score(state)
        assert table.complete and len(table.winner) == 1
        assert all(sum(line.breakdown.values()) == line.total for line in table.players)


def test_check_is_pure_and_only_raises_illegal_move():
    """Issue 2, 'Command line': "No traceback ever reaches the user": at any point of a game,
    any well-formed command is either accepted or refused with IllegalMoveError naming a
    registered rule; a refused check leaves the state as it was, and an accepted one applies
    and keeps the table possible (3 storage spaces, 3 goods types, no debts)."""
    import random

    from burgundy_cli.castles.rules import RULES
    from burgundy_cli.core.errors import IllegalMoveError
    from tests.castles.engine_kit import random_command

    rng = random.Random(7)
    accepted = refused = 0
    for seed in range(8):
        state, _ = random_game(seed, 2 + seed % 3, ("2011", "2019")[seed % 2], reveal=seed % 4 < 2,
                               stop_after=rng.randint(0, 280))
        for _ in range(150):
            command = random_command(state, rng)
            before = repr(state)
            try:
                engine.check(state, command)
            except IllegalMoveError as err:
                assert err.rule.id in RULES and repr(state) == before
                refused += 1
                continue
            assert repr(state) == before
            engine.apply(state, command)
            accepted += 1
            for player in state.players:
                assert len(player.storage) <= 3 and len(player.goods) <= 3
                assert player.silver >= 0 and player.workers >= 0
            assert all(sum(line.breakdown.values()) == line.total for line in score(state).players)
    assert accepted and refused


def test_expected_says_what_line_comes_next():
    """2011 rules, 'Gameplay': each phase starts with its setup, each round with the roll, then
    the players in turn order; after phase E the game is over. A purchase may still follow a
    player's last die ("before, between or after the dice actions")."""
    state = new_game()
    assert engine.expected(state) == engine.Expected("phase", "A", 1, also_accepted=("reveal", "phase-goods"),
                                                         missing=engine.PHASE_LINES)
    play_all(state, cmd(kind="reveal", depot=1, tiles=["ship", "church"]))
    assert engine.expected(state).kind == "phase"
    rolled(state)
    assert engine.expected(state) == engine.Expected("player", "A", 1, "anna", also_accepted=("buy",))
    play_all(state, cmd(kind="die", player="anna", rolled=1, action={"kind": "workers"}),
             cmd(kind="die", player="anna", rolled=2, action={"kind": "workers"}))
    assert engine.expected(state).player == "ben"
    finish_round(state)
    assert engine.expected(state) == engine.Expected("roll", "A", 2, also_accepted=("buy",))
    final, _ = random_game(2)
    assert engine.expected(final).kind == "over" and engine.expected(final).phase == "E"

