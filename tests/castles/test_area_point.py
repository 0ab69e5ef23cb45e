"""The points "an area completed, with its size and phase bonus" and "a colour completed, with
its bonus tile" (issue 32 point 1): ``actions.area_points``, ``actions.phase_bonus``,
``actions.complete_colour`` and ``actions.bonus_points`` are the one place of each, and the
modules register on them (shield 17 on ``area_size``, shield 7 and the solo game on
``colour_completed``, shield 1 with option ``shield1-one-area`` on ``area``). Also issue 36
item 2's open question, whether shield 1 joins the pastures for area completion, as a named
option.

Passages from our English text of the 2019 rulebook
(../shared/rules/castles-of-burgundy-2019-rules-with-expansions.txt).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from burgundy_cli.castles.modules import Module, extend
from burgundy_cli.castles.notation import parse_line
from burgundy_cli.castles.rules import actions, engine
from burgundy_cli.castles.rules.tiles import area_vp, bonus_vp
from tests.castles.engine_kit import at_turn, play_all

# duchy 1: the pasture area a1 b1 b2 c1 c2 (c2 takes a 4) and the lone pasture e6; the ships
# d3 d5 d6 and the bank on c3 join them to the start castle d4
SHIPS = {"d3": "ship", "d5": "ship", "d6": "ship", "c3": "bank"}
FOUR_COWS = {"a1": "cow2", "b1": "cow4", "b2": "pig2", "c1": "pig3"}


def game(duchy, shield=None, **options):
    """Anna to move on duchy 1 (2019, the shields), a cow3 to place on c2 with a 4; ``shield``
    on her start castle d4."""
    anna = {"dice": [4, 4], "silver": 4, "duchy": {**SHIPS, **duchy}, "storage": ["cow3"]}
    if shield is not None:
        anna["shields"] = {"d4": shield}
    return at_turn("2019", players={"anna": anna, "ben": {"dice": [1, 1], "silver": 4}},
                   options={"modules": ["shields"], **options}, shields={"depots": {}})


PLACE_C2 = "anna: place 4 cow3 c2"


def scored(state):
    return {key: vp for key, vp in state.players[0].vp.items() if key != "animals"}


def test_the_base_game_scores_size_phase_and_colour_through_the_points():
    """2019 rules, 'Completing an area': the area's size VP (5 spaces: 15) and the phase bonus
    (phase A: 10); completing a colour takes its large bonus tile (2 players)."""
    state = play_all(game({**FOUR_COWS, "e6": "sheep2"}), parse_line(PLACE_C2))
    assert scored(state) == {"areas": area_vp(5), "area-phase-bonus": actions.phase_bonus(0),
                             "colour-bonus": bonus_vp(2, True)}
    assert state.players[0].bonuses == ["L-large"]


def test_a_module_on_the_area_and_colour_points_is_reached_by_check_and_play():
    """A throwaway module enlarges every completed area by 2 and watches completed colours:
    the play reaches it; the size VP come from the one function."""
    seen = []

    def bigger(state, player, space):
        seen.append(("size", space))
        return 2, False

    def colour(state, player, colour, bonus):
        seen.append(("colour", colour, bonus))

    state = game({**FOUR_COWS, "e6": "sheep2"})
    state.ruleset = extend(state.ruleset, Module("probe", area_size=(bigger,), colour_completed=(colour,)))
    line = parse_line(PLACE_C2)
    engine.check(state, line)  # (a placement's check needs no branch: nothing is scored)
    play_all(state, line)
    assert ("colour", "L", "L-large") in seen and any(item[0] == "size" for item in seen)
    assert state.players[0].vp["areas"] == area_vp(5 + 2)


def test_shield_17_is_one_size_larger_through_the_point():
    """2019 rules, shield 17: "you score according to the next larger area"."""
    state = play_all(game(FOUR_COWS, shield=17), parse_line(PLACE_C2))
    assert scored(state) == {"areas": area_vp(6), "area-phase-bonus": 10}


def test_shield_7_doubles_the_bonus_tile_just_taken():
    """2019 rules, shield 7: the bonus tile for a completed colour scores twice."""
    state = play_all(game({**FOUR_COWS, "e6": "sheep2"}, shield=7), parse_line(PLACE_C2))
    assert state.players[0].vp["colour-bonus"] == 2 * bonus_vp(2, True)
    assert state.players[0].bonuses == ["L-large"]


def test_shield_1_keeps_the_printed_areas_for_completion_by_default():
    """docs/rulings.md, "Shield 1 and area completion": by default the printed pasture area of
    5 spaces completes on its own, though shield 1 joins it to e6 for livestock."""
    state = play_all(game(FOUR_COWS, shield=1), parse_line(PLACE_C2))
    assert scored(state) == {"areas": area_vp(5), "area-phase-bonus": 10}


def test_shield_1_one_area_option_joins_the_pastures_for_completion():
    """Option ``shield1-one-area``: "as if there was just one pasture" read for completion too --
    c2 leaves e6 empty, so nothing is completed; with e6 filled the 6 pasture spaces complete
    as one area of size 6 (and the colour with it)."""
    open_e6 = play_all(game(FOUR_COWS, shield=1, **{"shield1-one-area": True}), parse_line(PLACE_C2))
    assert scored(open_e6) == {}
    joined = play_all(game({**FOUR_COWS, "e6": "sheep2"}, shield=1, **{"shield1-one-area": True}),
                      parse_line(PLACE_C2))
    assert scored(joined) == {"areas": area_vp(6), "area-phase-bonus": 10, "colour-bonus": bonus_vp(2, True)}
    other = play_all(game({**FOUR_COWS, "e6": "sheep2"}, shield=2, **{"shield1-one-area": True}),
                     parse_line(PLACE_C2))
    assert other.players[0].vp["areas"] == area_vp(5)  # only the holder of shield 1


@pytest.mark.parametrize("value", ["yes", 1])
def test_the_option_is_true_or_false(value):
    from burgundy_cli.castles.record.setup import SetupError, options_from_header
    from tests.castles.engine_kit import header

    assert options_from_header(header(2, "2019", modules=["shields"], shield1_one_area=True)).shield1_one_area
    with pytest.raises(SetupError):
        options_from_header(header(2, "2019", modules=["shields"], shield1_one_area=value))


# --- nobody re-derives the tables -----------------------------------------------------------------

ROOT = Path(actions.__file__).resolve().parent.parent
#: The tables of the two points and the one function allowed to read each.
TABLES = {"PHASE_BONUS": "phase_bonus", "bonus_vp": "bonus_points", "area_vp": "sized_points",
          "colour_tiles": "colour_completed"}


def test_only_the_points_read_the_area_and_colour_tables():
    """Every name of the phase bonus, the bonus tiles' values, the area table and the colour test
    in ``castles/`` is in its one function (``actions``) or in ``tiles``/``boards``, which define
    them: a module or explanation that reads them again fails here."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.name in ("tiles.py", "boards.py"):
            continue
        tree = ast.parse(path.read_text())
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
                if name in TABLES and not (path.name == "actions.py" and function.name == TABLES[name]):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {function.name} reads {name}")
    assert found == []
