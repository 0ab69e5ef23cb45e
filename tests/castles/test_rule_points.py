"""Rule -> function (issue 32 point 4): each of the fifteen rules is decided in one place in
``burgundy_cli/castles/`` (the rule, and at most one data table it reads). The table below is
docs/developing.md's ("Rule -> function"): every function it names exists, every grep it
gives finds only the rule and its data, and every test it names exists -- each was seen to
fail when its rule was broken in its one place. Also point 7: the rules and the modules never
import the engine (the engine calls them).
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from burgundy_cli.castles.rules.boards import space_id
from tests.castles.engine_kit import at_turn, cmd, play_all

REPO = Path(__file__).resolve().parents[2]
CASTLES = REPO / "burgundy_cli" / "castles"

# rule, its functions (module under castles/ : name), the grep (a regex), the files it may find,
# the tests that catch a break of it
RULES = [
    ("placement adjacency", ["rules.placement:ADJACENT"], r"neighbour_tiles\[", {"rules/placement.py", "rules/boards.py"},
     ["test_rules_tiles.py::test_place_adjacent"]),
    ("the die matching a space", ["rules.placement:DIE_NUMBER", "rules.placement:space_number"], r"board\.die\[space\]",
     {"rules/placement.py"}, ["test_rules_dice.py::test_die_value"]),
    ("taking from the die's depot", ["rules.actions:check_take", "rules.actions:depot_offers"], r"taken\[depot\]",
     {"rules/actions.py"}, ["test_rules_tiles.py::test_take_from_unrevealed_depot_is_trusted_but_checked"]),
    ("at most three goods types", ["rules.actions:goods_types_free"], r"ruleset\.goods_types", {"rules/actions.py"},
     ["test_rules_effects.py::test_ship_goods"]),
    ("selling goods", ["rules.actions:check_sell", "rules.actions:apply_sell", "rules.actions:sale_points"],
     r"sale_vp\(", {"rules/actions.py", "rules/tiles.py"}, ["test_rules_tiles.py::test_sell_scores_by_player_count"]),
    ("buying from the black depot", ["rules.actions:check_purchase", "rules.actions:PAYMENT"],
     r'"cob\.buy\.(silver|depot)"', {"rules/actions.py", "rules/__init__.py", "rules/citations.py"},
     ["test_rules_buy.py::test_buy_silver"]),
    ("a worker changing a die (1-6)", ["rules.dice:worker_cost", "rules.dice:die_steps"],
     r"6 - steps|abs\(rolled - value\)", {"rules/dice.py"}, ["test_rules_dice.py::test_die_workers"]),
    ("knowledge tile 8", ["rules.dice:steps_per_worker"], r"8 in \w+\.knowledge", {"rules/dice.py"},
     ["test_rules_dice.py::test_knowledge_eight_two_steps_per_worker"]),
    ("livestock scoring", ["rules.actions:livestock_points", "rules.actions:pasture_of"], r"\]\.animals for",
     {"rules/actions.py"}, ["test_rule_points.py::test_livestock_scores_every_tile_of_its_type_on_the_pasture"]),
    ("area completion and its phase bonus", ["rules.actions:area_complete", "rules.actions:area_spaces",
                                             "rules.actions:area_points", "rules.actions:phase_bonus"],
     r"PHASE_BONUS|area_vp\(", {"rules/actions.py", "rules/tiles.py", "rules/boards.py"},
     ["test_rules_tiles.py::test_area_completion_scores_size_and_phase",
      "test_area_point.py::test_the_base_game_scores_size_phase_and_colour_through_the_points"]),
    ("the colour bonus tiles", ["rules.actions:colour_completed", "rules.actions:complete_colour",
                                "rules.actions:bonus_points"],
     r"bonus_vp\(", {"rules/actions.py", "rules/tiles.py"},
     ["test_rules_tiles.py::test_colour_bonus_large_then_small"]),
    ("final scoring of goods, silverlings and workers", ["rules.scoring:resource_points"], r"workers // 2",
     {"rules/scoring.py"}, ["test_scoring.py::test_final_scoring"]),
    ("one inn per area", ["modules.inns:ONE_PER_AREA"], r'"cob\.inn\.area"', {"modules/inns.py", "rules/__init__.py"},
     ["test_rules_module_inns.py::test_one_inn_per_area"]),
    ("a castle's extra action", ["rules.actions:EFFECTS", "rules.actions:CASTLE_ACTION"], r"CASTLE_ACTION",
     {"rules/actions.py"}, ["test_rule_points.py::test_a_castle_grants_any_of_the_four_actions"]),
    ("a ship taking goods (a second depot with tile 5)", ["rules.actions:ship_refusal", "rules.actions:neighbour_depots"],
     r"\(depot - 2\) % 6|% 6 not in", {"rules/actions.py"}, ["test_rules_effects.py::test_ship_second_depot"]),
]


@pytest.mark.parametrize(("rule", "functions"), [(rule, functions) for rule, functions, *_ in RULES])
def test_every_function_of_the_table_exists(rule, functions):
    for name in functions:
        module, attribute = name.split(":")
        assert hasattr(importlib.import_module(f"burgundy_cli.castles.{module}"), attribute), (rule, name)


@pytest.mark.parametrize(("rule", "pattern", "allowed"), [(rule, pattern, allowed) for rule, _, pattern, allowed, _ in RULES])
def test_each_rule_is_decided_in_its_one_place(rule, pattern, allowed):
    """The grep of the table finds the rule's code only in the rule's file and its data table's."""
    found = {path.relative_to(CASTLES).as_posix() for path in CASTLES.rglob("*.py")
             if re.search(pattern, path.read_text())}
    assert found and found <= allowed, (rule, sorted(found - allowed))
    assert len(found - {"rules/__init__.py", "rules/citations.py"}) <= 2  # the rule, at most one data table


@pytest.mark.parametrize(("rule", "tests"), [(rule, tests) for rule, *_, tests in RULES])
def test_every_test_of_the_table_exists(rule, tests):
    for node in tests:
        file, name = node.split("::")
        tree = ast.parse((REPO / "tests" / "castles" / file).read_text())
        assert name in {f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}, (rule, node)


def test_the_docs_table_is_this_table():
    """docs/developing.md's "Rule -> function" names the same tests and greps, rule by rule."""
    text = (REPO / "docs" / "developing.md").read_text()
    section = text[text.index("### Rule -> function"):]
    section = section[:section.index("\n## ")]
    rows = [line.replace("\\|", "|") for line in section.splitlines()  # (a | in a cell is written \|)
            if line.startswith("| ") and not line.startswith("| rule ") and not line.startswith("| ---")]
    assert len(rows) == len(RULES) == 15
    for row, (rule, functions, pattern, _, tests) in zip(rows, RULES):
        assert pattern in row, (rule, pattern)
        for name in functions:
            assert name.split(":")[1] in row, (rule, name)
        for node in tests:
            assert node in row, (rule, node)


def test_the_rules_and_the_modules_never_import_the_engine():
    """Issue 32 point 7: the engine calls the actions and the modules; they never call back into it."""
    callers = [*CASTLES.glob("rules/*.py"), *CASTLES.glob("modules/*.py")]
    found = []
    for path in callers:
        if path.name == "engine.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and (
                    node.module.endswith("rules.engine") or (node.module.endswith("castles.rules")
                                                             and any(a.name == "engine" for a in node.names))):
                found.append(f"{path.relative_to(CASTLES)}:{node.lineno}")
    assert found == []


# --- the rules the other tests did not catch a break of ----------------------------------------------


def test_livestock_scores_every_tile_of_its_type_on_the_pasture():
    """2011 rules, 'Livestock (light green)': "the player immediately scores as many victory points
    as there are animals of this type *in this pasture*, including those just placed" -- a cow3
    beside a cow2 scores 5; with knowledge tile 7, +1 for each of the two tiles."""
    def cows(knowledge):
        duchy = {"d3": "ship", "c2": "cow2", **({"c4": "k7"} if knowledge else {})}
        state = at_turn("2011", players={"anna": {"dice": [5, 1], "duchy": duchy, "storage": ["cow3"]},
                                         "ben": {"dice": [1, 1]}})
        return play_all(state, cmd(kind="die", player="anna", rolled=5,
                                   action={"kind": "place", "tile": "cow3", "space": "c1"}))
    assert cows(False).players[0].vp["animals"] == 3 + 2
    assert cows(True).players[0].vp["animals"] == 3 + 2 + 2


@pytest.mark.parametrize(("then", "check"), [
    ({"kind": "workers"}, lambda anna: anna.workers == 2),
    ({"kind": "sell", "goods": 3}, lambda anna: anna.sold[3] == 1),
    ({"kind": "take", "tile": "k13", "depot": 2}, lambda anna: anna.storage == ["k13"]),
])
def test_a_castle_grants_any_of_the_four_actions(then, check):
    """2011 rules, 'Castle (dark green)': "he immediately carries out an additional action of his
    choice as if he had an extra die" -- take, place (test_rules_effects), sell or workers."""
    state = at_turn("2011", players={"anna": {"dice": [6, 1], "storage": ["castle"], "goods": {"3": 1},
                                              "duchy": {"c4": "k9", "b4": "k10"}},
                                     "ben": {"dice": [1, 1]}},
                    depots={"2": ["k13", "castle"]}, depot_goods={})
    assert space_id("b3") is not None
    play_all(state, cmd(kind="die", player="anna", rolled=6,
                        action={"kind": "place", "tile": "castle", "space": "b3", "then": then}))
    assert check(state.players[0])
