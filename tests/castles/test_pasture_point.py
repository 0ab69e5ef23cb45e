"""The pasture extension point (issue 32 point 1; issue 36 item 2): the pasture of a space is
one function, ``actions.pasture_of``, which livestock scoring and the 2019 geese both ask, and
which 2019 shield 1 replaces for its holder -- so shield 1 reaches the geese.

Passages from our English text of the 2019 rulebook
(../shared/rules/castles-of-burgundy-2019-rules-with-expansions.txt).
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.actions import pasture_of
from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.modules import Module, extend
from burgundy_cli.castles.notation import format_command, parse_line
from burgundy_cli.core.errors import IllegalMoveError, ParseError
from tests.castles.engine_kit import at_turn, play_all

SHIPS = {"d3": "ship", "d5": "ship", "d6": "ship"}  # duchy 1: the start castle d4 reaches e6
SHIELD_1 = {"modules": ["extra-tiles", "shields"]}
DEAL = {"1": [1], "2": [2], "3": [3], "4": [12], "5": [17], "6": [18]}


def game(duchy, storage, dice, shield_1=True):
    """Anna to move on duchy 1 in a 2019 game with the extra tiles and the shields (shield 1 on
    her start castle d4 when ``shield_1``), Ben after her."""
    anna = {"dice": dice, "silver": 4, "duchy": {**SHIPS, **duchy}, "storage": storage}
    if shield_1:
        anna["shields"] = {"d4": 1}
    return at_turn("2019", players={"anna": anna, "ben": {"dice": [1, 1], "silver": 4}},
                   options=SHIELD_1, shields={"depots": DEAL if not shield_1 else {}})


def livestock(state):
    """Anna's livestock and geese VP (an area a placement completes scores apart)."""
    return {key: vp for key, vp in state.players[0].vp.items() if key in ("animals", "geese")}


def test_shield_1_reaches_the_geese_when_they_are_placed():
    """2019 rules, 'THE SHIELDS', shield 1: "All pasture spaces count as connected, as if there
    was just one pasture"; 'Geese (livestock/black)': "you score 2 victory points plus victory
    points for one other type of livestock in the same pasture". With shield 1 the cow on e6
    is on the geese's pasture (c2's printed one is another): 2 + 2."""
    placed = play_all(game({"e6": "cow2"}, ["geese"], [4, 4]), parse_line("anna: place 4 geese c2"))
    assert placed.players[0].vp["geese"] == 2 + 2
    printed = play_all(game({"e6": "cow2"}, ["geese"], [4, 4], shield_1=False), parse_line("anna: place 4 geese c2"))
    assert printed.players[0].vp["geese"] == 2


def test_shield_1_reaches_the_geese_when_livestock_joins_later():
    """2019 rules, 'Geese': "each time you later place a livestock tile in the same pasture,
    you score 2 additional victory points" -- with shield 1, any pasture (e6 beside c2's)."""
    joined = play_all(game({"c2": "geese"}, ["cow3"], [2, 2]), parse_line("anna: place 2 cow3 e6"))
    assert livestock(joined) == {"animals": 3, "geese": 2}
    apart = play_all(game({"c2": "geese"}, ["cow3"], [2, 2], shield_1=False), parse_line("anna: place 2 cow3 e6"))
    assert livestock(apart) == {"animals": 3}


def test_shield_1_still_scores_livestock_as_one_pasture():
    """Shield 1 rebuilt on the pasture point (no copy of the livestock formula): a cow on c2
    scores with the cow on e6, "as if there was just one pasture"."""
    state = play_all(game({"e6": "cow2"}, ["cow3"], [4, 4]), parse_line("anna: place 4 cow3 c2"))
    assert state.players[0].vp["animals"] == 3 + 2


def test_a_module_replacing_the_pasture_is_reached_by_check_play_and_the_geese():
    """A throwaway module joins e6 to every space's pasture (without shield 1): livestock scoring
    and both geese rules reach it through ``engine.check`` and ``engine.play``."""
    e6 = space_id("e6")
    asked = []

    def joined(before):
        def pasture(state, player, space):
            asked.append(space)
            return (*before(state, player, space), e6)
        return pasture

    def probed(state):
        state.ruleset = extend(state.ruleset, Module("probe", pasture=joined))
        return state

    state = probed(game({"e6": "cow2"}, ["geese"], [4, 4], shield_1=False))
    line = parse_line("anna: place 4 geese c2")
    engine.check(state, line)
    play_all(state, line)
    assert asked and state.players[0].vp["geese"] == 2 + 2
    assert e6 in pasture_of(state, state.players[0], space_id("c2"))
    later = probed(game({"c2": "geese", "e6": "cow2"}, ["cow3"], [5, 5], shield_1=False))
    play_all(later, parse_line("anna: place 5 cow3 c1"))
    assert livestock(later) == {"animals": 3 + 2, "geese": 2}


def test_the_base_pasture_is_the_printed_area():
    """Base game ('Livestock'): the pasture is the printed area of connected pasture spaces."""
    state = game({}, [], [4, 4], shield_1=False)
    assert tuple(pasture_of(state, state.players[0], space_id("c2"))) == tuple(
        space_id(name) for name in ("a1", "b1", "b2", "c1", "c2"))


# --- the geese's "one other type", named on the line (issue 36 item 3) ---------------------------------


def mixed():
    """Anna's geese to place on b1 (die 2), a cow3 and a sheep4 on that pasture (extra tiles only)."""
    anna = {"dice": [2, 5], "silver": 3, "storage": ["geese", "cow4"],
            "duchy": {"c3": "bank", "b2": "cow3", "c2": "sheep4"}}
    return at_turn("2019", players={"anna": anna, "ben": {"dice": [1, 1]}}, options={"modules": ["extra-tiles"]})


def test_the_geese_line_may_name_the_other_livestock_type():
    """2019 rules, 'Geese (livestock/black)': "you score 2 victory points plus victory points
    for one other type of livestock in the same pasture" -- one type, the player's choice:
    `with cow` scores the cows (2 + 3), the default the type that scores most (2 + 4)."""
    named = parse_line("anna: place 2 geese b1 with cow")
    assert named.action.livestock == "cow"
    assert format_command(named) == "anna: place 2 geese b1 with cow"
    assert parse_line("anna: place 2 geese b1, with cows").action.livestock == "cow"
    assert play_all(mixed(), named).players[0].vp == {"geese": 2 + 3}
    assert play_all(mixed(), parse_line("anna: place 2 geese b1")).players[0].vp == {"geese": 2 + 4}


def test_the_named_type_must_lie_on_the_pasture_and_only_the_geese_name_one():
    """cob.geese.score: a type not on the geese's pasture is refused; a cow names no other type
    (cob.effect.none); an unknown word is a located parse error."""
    with pytest.raises(IllegalMoveError) as info:
        engine.check(mixed(), parse_line("anna: place 2 geese b1 with pig"))
    assert info.value.rule.id == "cob.geese.score"
    with pytest.raises(IllegalMoveError) as info:
        engine.check(mixed(), parse_line("anna: place 5 cow4 c1 with sheep"))
    assert info.value.rule.id == "cob.effect.none"
    with pytest.raises(ParseError):
        parse_line("anna: place 2 geese b1 with goats")
