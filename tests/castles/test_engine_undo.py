"""``engine.play`` places a tile that grants an action once, on the game's own state, and
restores the state when the purchase inside the placement or the granted action is illegal:
from a small undo (a castle or building granting an action, no purchase inside) or from an
undo copy (``GameState.branch``/``restore``). A refused line must leave the state
exactly as it was and give the same error as ``engine.check``. The session's ``play`` (the
table session's, ``burgundy play``'s) keeps the position of a line refused even after its
check passed, from an undo copy of its own.
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.actions import illegal
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.core.errors import IllegalMoveError
from tests.castles.engine_kit import at_turn, cmd


def snapshot(state: GameState) -> list:
    """Every field of the state and its players (sets sorted), and which player objects it holds."""
    def shown(value):
        return sorted(value) if isinstance(value, set) else value

    fields = [(name, repr(getattr(state, name))) for name in GameState.__slots__ if name != "players"]
    players = [(id(p), [repr(shown(getattr(p, name))) for name in PlayerState.__slots__]) for p in state.players]
    return fields + players


def castle_then(then: dict, edition: str = "2011", **buy) -> tuple[GameState, object]:
    state = at_turn(edition, players={"anna": {"dice": [6, 1], "storage": ["castle", "k2"],
                                               "duchy": {"c4": "k9", "b4": "k10"}, "silver": 3},
                                      "ben": {"dice": [1, 1]}},
                    depots={"2": ["k13", "castle"]})
    action = {"kind": "place", "tile": "castle", "space": "b3", "then": then}
    if buy:
        action["buy"] = {"player": "anna", **buy}
    return state, cmd(kind="die", player="anna", rolled=6, action=action)


@pytest.mark.parametrize(("then", "edition", "buy", "rule_id"), [
    ({"kind": "take", "tile": "k13"}, "2011", {}, "cob.take.depot"),
    ({"kind": "place", "tile": "k2", "space": "g3"}, "2011", {}, "cob.place.adjacent"),
    ({"kind": "sell", "goods": 4}, "2011", {}, "cob.sell.none"),
    ({"kind": "take", "tile": "k13", "depot": 2}, "2019", {"tile": "castle"}, "cob.buy.during-use"),
    ({"kind": "place", "tile": "k7", "space": "g3"}, "2019", {"tile": "k7"}, "cob.place.adjacent"),  # bought, then refused
])
def test_refused_grant_leaves_the_state_unchanged(then, edition, buy, rule_id):
    """A castle placed by a die whose extra action (or purchase inside it) is illegal."""
    state, command = castle_then(then, edition, **buy)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as checked:
        engine.check(state, command)
    with pytest.raises(IllegalMoveError) as played:
        engine.play(state, command)
    assert played.value.rule.id == checked.value.rule.id == rule_id
    assert (str(played.value), played.value.hint) == (str(checked.value), checked.value.hint)
    assert snapshot(state) == before


def test_accepted_grant_is_played_once():
    """The same castle with a legal extra action: placed once, the action carried out."""
    state, command = castle_then({"kind": "take", "tile": "k13", "depot": 2})
    engine.play(state, command)
    anna = state.players[0]
    assert anna.duchy.count("castle") == 2 and anna.storage == ["k2", "k13"] and anna.dice == [1]
    assert state.depots[2] == ["castle"]


def test_branch_holds_every_field():
    """``branch`` is built field by field: it must set every slot, and restoring from it must
    give back the state's own values."""
    state, _ = castle_then({"kind": "workers"})
    branch = state.branch(0)
    assert all(getattr(branch, name) == getattr(state, name) for name in GameState.__slots__ if name != "players")
    before = snapshot(state)
    state.players[0].storage.clear()
    state.depots[2].append("mine")
    state.bought = True
    state.restore(branch, 0)
    assert snapshot(state) == before


def _refused_after_its_check(monkeypatch, kind: str) -> None:
    """Make the engine's carrying out of ``kind`` lines change the state and then refuse:
    what a bug, or a module step that looks again while carrying a line out, would do."""
    carry_out = engine._APPLIES[kind]

    def half_then_refuse(state, command):
        carry_out(state, command)
        raise illegal("cob.flow.roll", "refused while being carried out")

    monkeypatch.setitem(engine._APPLIES, kind, half_then_refuse)


def test_a_line_refused_after_its_check_leaves_the_session_as_it_was(monkeypatch):
    """The session protocol's ``play`` (the table session, ``burgundy play``): a line refused
    leaves the position as it was, even when the refusal comes after the check passed -- the
    table goes on from that position, so a roll refused so must not have half opened its round."""
    from burgundy_cli.core.session import open_record
    from tests.conftest import RECORDS

    session = open_record(RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml")
    roll = "roll white 1 good 4, Anna 1 2, Bob 3 4"
    def position(state: GameState) -> list:  # (a copy's players are other objects: their fields only)
        return [item[1] if isinstance(item[0], int) else item for item in snapshot(state)]

    lines, before = len(session.commands), position(session.state)
    _refused_after_its_check(monkeypatch, "roll")
    with pytest.raises(IllegalMoveError, match="refused while being carried out"):
        session.play(roll)
    assert position(session.state) == before and len(session.commands) == lines
    monkeypatch.undo()
    assert session.play(roll) == "roll white 1 good 4, Anna 1 2, Bob 3 4"
    assert session.play("bob: take 3 cow3") == "Bob: take 3 cow3"


def _granted_placements():
    """Every record's lines from its start, each granted placement (a die line placing a tile
    that grants an action) marked: ``(record name, start state, [(command, granted?)])``."""
    import copy

    from burgundy_cli.core.record import read_record
    from burgundy_cli.core.session import open_doc, open_record
    from tests.conftest import RECORDS

    for path in sorted((RECORDS / "castles-of-burgundy").glob("*.toml")):
        doc = read_record(path)
        start = copy.copy(doc)
        start.data = {key: value for key, value in doc.data.items() if key not in ("log", "result")}
        commands = open_record(path).commands
        granted = [(command, command.kind == "die" and command.action.kind == "place"
                    and command.action.then is not None) for command in commands]
        if any(flag for _, flag in granted):
            yield path.name, open_doc(start, verify_result=False).state, granted


def test_every_recorded_grant_refused_leaves_the_state_unchanged():
    """Each granted placement of every record (2011, 2019, every module: the small undo
    serves them all but the team game), its granted action swapped for a sale of goods the
    player does not hold (or an action the tile does not grant): refused with the check's
    rule id, and the state exactly as before; then the recorded line is played on."""
    from burgundy_cli.castles.rules import commands as c
    from tests.line_forms import changed

    tried = 0
    for name, state, lines in _granted_placements():
        for command, granted in lines:
            if granted:
                player = state.players[state.seats[command.player]]
                goods = next(goods for goods in range(1, 7) if not player.goods.get(goods))
                refused = changed(command, action=changed(command.action, then=c.SellAction(goods=goods)))
                before = snapshot(state)
                with pytest.raises(IllegalMoveError) as checked:
                    engine.check(state, refused)
                with pytest.raises(IllegalMoveError) as played:
                    engine.play(state, refused)
                assert played.value.rule.id == checked.value.rule.id, name
                assert snapshot(state) == before, (name, str(command))
                tried += 1
            engine.play(state, command)
    assert tried > 100  # (every record's granted placements: 2011 and 2019, with and without modules)


def test_a_free_die_of_shield_16_is_given_back_with_a_refused_grant():
    """2019 shields: Anna holds shield 16 (one die set to any number, once a turn, no worker)
    and turns her 1 into the 3 of c3 with it for a carpenter's workshop, whose granted take
    is refused (it takes buildings, not a castle): the line is not played, and shield 16 is
    still hers to use this turn (the undo keeps the shields table, where its turn is marked)."""
    state = at_turn("2019", players={"anna": {"dice": [1, 2], "storage": ["carpenter"], "workers": 0,
                                              "shields": {"d4": 16}},
                                     "ben": {"dice": [1, 1]}},
                    options={"modules": ["shields"]}, shields={"depots": {}})

    def placing(then: dict):
        return cmd(kind="die", player="anna", rolled=1, value=3,
                   action={"kind": "place", "tile": "carpenter", "space": "c3", "then": then})

    engine.check(state, placing({"kind": "take", "tile": "bank", "depot": 1}))  # (the die's free change is legal)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as checked:
        engine.check(state, placing({"kind": "take", "tile": "castle", "depot": 1}))
    with pytest.raises(IllegalMoveError) as played:
        engine.play(state, placing({"kind": "take", "tile": "castle", "depot": 1}))
    assert played.value.rule.id == checked.value.rule.id == "cob.building.take"
    assert snapshot(state) == before and state.shields.die16 is None
