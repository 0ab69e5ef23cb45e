"""The base game's extension points for gains (issue 32, points 1 and 2; issue 36, item 1).

Every worker, silverling, goods tile and VP a player gains during play comes through one
function (``actions.gain_workers``, ``gain_silver``, ``gain_goods``, ``score_vp``), and a
module listens there (``Module(on_workers_gained=...)``). Each test here registers a throwaway
module whose handler only writes down what it saw, plays a position where the gain happens,
and asserts the handler saw it: every source of workers in both editions and every module,
and every base path to silverlings, goods and VP. The source scans fail when a new source
writes the count itself instead of calling the point.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from burgundy_cli.castles import modules
from burgundy_cli.castles.movegen import legal_commands
from burgundy_cli.castles.notation import format_command, parse_line
from tests.castles.engine_kit import at_turn, play_all

CASTLES = Path(modules.__file__).parent


class Probe:
    """A throwaway module listening on every gain point: what it saw, as tuples."""

    def __init__(self) -> None:
        self.workers: list[tuple[str, int, str]] = []
        self.silver: list[tuple[str, int, str]] = []
        self.goods: list[tuple[str, int, int, str]] = []
        self.vp: list[tuple[str, str, int]] = []
        self.sold: list[tuple[str, int, int]] = []

    def module(self) -> modules.Module:
        return modules.Module(
            "probe",
            on_workers_gained=(lambda state, player, n, source: self.workers.append((player.name, n, source)),),
            on_silver_gained=(lambda state, player, n, source: self.silver.append((player.name, n, source)),),
            on_goods_gained=(lambda state, player, goods, n, source: self.goods.append((player.name, goods, n, source)),),
            on_vp_scored=(lambda state, player, category, n: self.vp.append((player.name, category, n)),),
            on_goods_sold=(lambda state, player, goods, n: self.sold.append((player.name, goods, n)),))

    def listen(self, state):
        """``state`` with the probe's module folded into its rules (after every other module)."""
        state.ruleset = replace(modules.extend(state.ruleset, self.module()), line_owner=state.ruleset.line_owner)
        return state

    def total(self, seen: list, name: str) -> int:
        return sum(entry[-2] for entry in seen if entry[0] == name)


def _table(edition="2019", modules_=(), anna=None, ben=None, **more):
    """Anna to move on duchy 1 (start castle d4), Ben after her."""
    anna = {"dice": [3, 3], "silver": 4, **(anna or {})}
    ben = {"dice": [1, 1], "silver": 4, **(ben or {})}
    if modules_:
        more["options"] = {"modules": list(modules_)}
    if "shields" in modules_:
        more.setdefault("shields", {"depots": {}})
    return at_turn(edition, players={"anna": anna, "ben": ben}, **more)


def _line(state, text):
    return play_all(state, parse_line(text))


def _legal(state, wanted):
    """The first legal line of the position whose text holds every part of ``wanted``."""
    for command in legal_commands(state):
        text = format_command(command)
        if all(part in text for part in wanted):
            return command
    raise AssertionError(f"no legal line with {wanted}")


def _play(state, *wanted):
    return play_all(state, _legal(state, wanted))


def _end_phase(state):
    """Both players pass the phase's last turn (the position is in round 5)."""
    return play_all(state, parse_line("anna: pass"), parse_line("ben: pass"))


# --- workers: every source, both editions, every module ----------------------------------------

#: Every way a player gets workers, as (name, edition, modules, position, play, who gains, from
#: where). A new source of workers belongs here (and in docs/rulings.md's list for shield 2).
WORKER_SOURCES = [
    ("workers action 2011", "2011", (), {}, lambda s: _line(s, "anna: workers 3"), "anna", "workers action"),
    ("workers action 2019", "2019", (), {}, lambda s: _line(s, "anna: workers 3"), "anna", "workers action"),
    ("workers action, knowledge tile 14", "2019", (), {"anna": {"duchy": {"c4": "k14"}}},
     lambda s: _line(s, "anna: workers 3"), "anna", "workers action"),
    ("knowledge tile 4 on a sale 2011", "2011", (), {"anna": {"duchy": {"c4": "k4"}, "goods": {"3": 1}}},
     lambda s: _line(s, "anna: sell 3"), "anna", "knowledge tile 4"),
    ("knowledge tile 4 on a sale 2019", "2019", (), {"anna": {"duchy": {"c4": "k4"}, "goods": {"3": 1}}},
     lambda s: _line(s, "anna: sell 3"), "anna", "knowledge tile 4"),
    ("boarding house 2011", "2011", (), {"anna": {"storage": ["boarding-house"], "dice": [3, 1]}},
     lambda s: _play(s, "place 3 boarding-house"), "anna", "boarding-house"),
    ("boarding house 2019", "2019", (), {"anna": {"storage": ["boarding-house"], "dice": [3, 1]}},
     lambda s: _play(s, "place 3 boarding-house"), "anna", "boarding-house"),
    ("a castle's extra action", "2019", (), {"anna": {"storage": ["castle"], "dice": [6, 1], "duchy": {"c4": "k1"}}},
     lambda s: _play(s, "place 6 castle b3 then workers"), "anna", "workers action"),
    ("knowledge tile 2, mines at a phase end 2011", "2011", (),
     {"anna": {"duchy": {"c4": "k2", "e3": "mine"}}, "round": 5},
     lambda s: _end_phase(s), "anna", "knowledge tile 2"),
    ("knowledge tile 2, mines at a phase end 2019", "2019", (),
     {"anna": {"duchy": {"c4": "k2", "e3": "mine"}}, "round": 5},
     lambda s: _end_phase(s), "anna", "knowledge tile 2"),
    ("tile #28, 2 workers a silverling", "2019", ("extra-tiles",), {"anna": {"duchy": {"c4": "k28"}}},
     lambda s: _line(s, "anna: hire 2 workers"), "anna", "tile 28"),
    ("the crane as a boarding house", "2019", ("extra-tiles",), {"anna": {"storage": ["crane"], "dice": [3, 1]}},
     lambda s: _play(s, "place 3 crane", "as boarding-house"), "anna", "crane"),
    ("a trade-route space workers-2", "2019", ("trade-routes",),
     {"anna": {"goods": {"3": 1}, "route": ["3 workers-2"] + ["1 vp-1"] * 14},
      "ben": {"route": ["1 vp-2"] * 15}},
     lambda s: _line(s, "anna: sell 3"), "anna", "trade route"),
    ("shield 2, a worker when another player gets one", "2019", ("shields",), {"ben": {"shields": {"d4": 2}}},
     lambda s: _line(s, "anna: workers 3"), "ben", "shield 2"),
    ("the solo game's workers action", "2019", ("solo-game",), {},
     lambda s: _line(s, "Solo: workers 1"), "Solo", "workers action"),
    ("the team game's workers action", "2019", ("team-game",), {},
     lambda s: _line(s, "anna: workers 3"), "anna", "workers action"),
]


def _solo(entry):
    """A solo game (13x), round 1 rolled (dice 1 2) and its removal made (test_rules_module_solo)."""
    from tests.castles.test_rules_module_solo import rolled

    state = rolled(white=2, dice=(1, 2))
    state.players[0].storage[:] = entry.get("storage", [])
    return state


def _team(entry):
    """A team game, round 1 of phase A rolled: Anna 3 4 to move (test_rules_module_team)."""
    from tests.castles.test_rules_module_team import rolled

    return rolled()


def _source_state(edition, modules_, entry):
    if modules_ == ("solo-game",):
        return _solo(entry.get("anna", {}))
    if modules_ == ("team-game",):
        return _team(entry)
    return _table(edition, modules_, anna=entry.get("anna"), ben=entry.get("ben"),
                  **{key: value for key, value in entry.items() if key not in ("anna", "ben")})


@pytest.mark.parametrize(("name", "edition", "modules_", "entry", "play", "who", "source"), WORKER_SOURCES,
                         ids=[source[0] for source in WORKER_SOURCES])
def test_every_source_of_workers_reaches_the_point(name, edition, modules_, entry, play, who, source):
    """Each source of workers calls ``gain_workers``: a throwaway handler sees the gain, with
    its source, and what it saw adds up to the workers the player has more."""
    probe = Probe()
    state = probe.listen(_source_state(edition, modules_, entry))
    before = {player.name: player.workers for player in state.players}
    play(state)
    assert (who, source) in {(name, seen) for name, _, seen in probe.workers}, probe.workers
    for player in state.players:
        if state.teams is None or player.name == who:  # (a team's workers are its members' alike)
            assert player.workers - before[player.name] == probe.total(probe.workers, player.name), player.name


def _assignments(tree: ast.AST):
    """(function name, node) of every statement in ``tree``, with the function it is in."""
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(function):
                yield function.name, node


def _attribute(node) -> str | None:
    return node.attr if isinstance(node, ast.Attribute) else None


def _gains_outside_points() -> list[str]:
    """Every place in castles/ that adds to a player's workers, silverlings or goods, or scores
    VP, itself rather than through the point (the record's corrections aside: they fix a
    count, no rule gives them)."""
    points = {"workers": "gain_workers", "silver": "gain_silver", "goods": "gain_goods", "add_vp": "score_vp"}
    found = []
    for path in sorted(CASTLES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function, node in _assignments(tree):
            if function == "_apply_correction":
                continue
            where = f"{path.relative_to(CASTLES)}:{getattr(node, 'lineno', 0)} ({function})"
            if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
                target = node.target
                name = _attribute(target) or (isinstance(target, ast.Subscript) and _attribute(target.value))
                if name in ("workers", "silver", "goods") and function != points[name]:
                    found.append(where)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if (isinstance(target, ast.Subscript) and _attribute(target.value) == "goods"
                            and function != points["goods"]):
                        found.append(where)
            elif (isinstance(node, ast.Call) and _attribute(node.func) == "add_vp"
                  and function != points["add_vp"]):
                found.append(where)
    return found


def test_no_source_bypasses_the_points():
    """Nothing in castles/ writes a gain of workers, silverlings, goods or VP but the point's
    own function: a new source that does fails here (and misses shield 2 and the others)."""
    assert _gains_outside_points() == []


def test_the_scan_sees_a_source_that_bypasses_the_point(tmp_path, monkeypatch):
    """The scan itself finds a direct ``player.workers += 2`` (it would let nothing through)."""
    (tmp_path / "module_new.py").write_text("def apply_new(state, player):\n    player.workers += 2\n"
                                            "    player.goods[3] = 1\n    player.add_vp('new', 1)\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["CASTLES"]), "CASTLES", tmp_path)
    assert len(_gains_outside_points()) == 3


# --- shield 2 sees every worker gain (issue 36, item 1) ------------------------------------------


def test_shield_2_sees_workers_bought_with_tile_28():
    """2019 rulebook, 'THE SHIELDS', shield 2: 'Whenever another player gets a worker, you also
    get a worker from the supply.' Workers bought with #28 (2 workers for 1 silverling) are
    gained like any other: the holder gets one. (Before the extension points, shield 2 hooked
    the workers action, the boarding house and the sale only, and missed these.)"""
    state = _table(modules_=("extra-tiles", "shields"), anna={"duchy": {"c4": "k28"}},
                   ben={"shields": {"d4": 2}, "workers": 0})
    _line(state, "anna: hire 2 workers")
    assert state.players[0].workers == 2 and state.players[1].workers == 1


def test_shield_2_sees_workers_from_a_trade_route_space():
    """2019 rulebook, 'THE SHIELDS', shield 2: 'Whenever another player gets a worker, you also
    get a worker from the supply.' A trade-route space's `workers-2` gives the seller 2 workers
    and the holder 1. (Missed before the extension points.)"""
    route = ["3 workers-2"] + ["1 vp-1"] * 14
    state = _table(modules_=("trade-routes", "shields"), anna={"goods": {"3": 1}, "route": route},
                   ben={"shields": {"d4": 2}, "workers": 0, "route": ["1 vp-2"] * 15})
    _line(state, "anna: sell 3")
    assert state.players[0].workers == 2 and state.players[1].workers == 1


def test_shield_2_sees_its_holder_gain_nothing_more():
    """The holder's own gains (their worker from shield 2 included) give them nothing more:
    'another player'."""
    state = _table(modules_=("shields",), anna={"shields": {"d4": 2}, "workers": 0})
    _line(state, "anna: workers 3")
    assert state.players[0].workers == 2 and state.players[1].workers == 0


# --- silverlings, goods, VP: every base path reaches the point ---------------------------------

SILVER_SOURCES = [
    ("a sale", "2011", (), {"anna": {"goods": {"3": 1}}}, lambda s: _line(s, "anna: sell 3"), "sale"),
    ("a sale, knowledge tile 3", "2019", (), {"anna": {"goods": {"3": 1}, "duchy": {"c4": "k3"}}},
     lambda s: _line(s, "anna: sell 3"), "sale"),
    ("workers action, knowledge tile 13", "2019", (), {"anna": {"duchy": {"c4": "k13"}}},
     lambda s: _line(s, "anna: workers 3"), "knowledge tile 13"),
    ("the bank", "2011", (), {"anna": {"storage": ["bank"], "dice": [3, 1]}},
     lambda s: _play(s, "place 3 bank"), "bank"),
    ("the mines at a phase end", "2011", (), {"anna": {"duchy": {"e3": "mine"}}, "round": 5}, lambda s: _end_phase(s), "mines"),
    ("shield 8", "2019", ("shields",), {"anna": {"duchy": {"e3": "mine"}, "shields": {"d4": 8}, "silver": 1},
                                    "round": 5},
     lambda s: _end_phase(s), "shield 8"),
    ("shield 9", "2019", ("shields",), {"anna": {"goods": {"3": 3}, "shields": {"d4": 9}}},
     lambda s: _line(s, "anna: sell 3"), "shield 9"),
    ("a trade-route space silver-2", "2019", ("trade-routes",),
     {"anna": {"goods": {"3": 1}, "route": ["3 silver-2"] + ["1 vp-1"] * 14}, "ben": {"route": ["1 vp-2"] * 15}},
     lambda s: _line(s, "anna: sell 3"), "trade route"),
]


@pytest.mark.parametrize(("name", "edition", "modules_", "entry", "play", "source"), SILVER_SOURCES,
                         ids=[source[0] for source in SILVER_SOURCES])
def test_every_source_of_silverlings_reaches_the_point(name, edition, modules_, entry, play, source):
    probe = Probe()
    state = probe.listen(_source_state(edition, modules_, entry))
    play(state)
    assert ("anna", source) in {(who, seen) for who, _, seen in probe.silver}, probe.silver


GOODS_SOURCES = [
    ("a ship 2011", "2011", (), {"anna": {"storage": ["ship"], "goods": {}, "dice": [2, 2]}},
     lambda s: _play(s, "place", "ship", "goods"), "ship"),
    ("a ship 2019", "2019", (), {"anna": {"storage": ["ship"], "goods": {}, "dice": [2, 2]}},
     lambda s: _play(s, "place", "ship", "goods"), "ship"),
    ("shield 5", "2019", ("shields",), {"anna": {"storage": ["ship"], "goods": {}, "dice": [2, 2],
                                                 "shields": {"d4": 5}}},
     lambda s: play_all(_play(s, "ship", "goods"), _legal(s, ("shield goods",))), "shield 5"),
    ("the solo ship", "2019", ("solo-game",), {"anna": {"storage": ["ship"]}},
     lambda s: _play(s, "place", "ship", "goods"), "solo ship"),
]


@pytest.mark.parametrize(("name", "edition", "modules_", "entry", "play", "source"), GOODS_SOURCES,
                         ids=[source[0] for source in GOODS_SOURCES])
def test_every_source_of_goods_reaches_the_point(name, edition, modules_, entry, play, source):
    probe = Probe()
    state = _source_state(edition, modules_, entry)
    for depot in range(1, 7):
        state.depot_goods[depot] = [depot]
    probe.listen(state)
    before = dict(state.players[0].goods)
    play(state)
    assert (state.players[0].name, source) in {(who, seen) for who, _, _, seen in probe.goods}, probe.goods
    gained = {goods: count - before.get(goods, 0) for goods, count in state.players[0].goods.items()
              if count != before.get(goods, 0)}
    seen: dict[int, int] = {}
    for _, goods, count, _ in probe.goods:
        seen[goods] = seen.get(goods, 0) + count
    assert gained == seen


def test_the_sale_point_sees_each_sale():
    """The sale's point (shields 9 and 12 listen there) sees the goods type and how many were sold."""
    probe = Probe()
    state = probe.listen(_table("2011", anna={"goods": {"3": 2}}))
    _line(state, "anna: sell 3")
    assert probe.sold == [("anna", 3, 2)]


@pytest.mark.parametrize("modules_", [(), ("extra-tiles", "inns", "trade-routes", "shields"), ("border-posts",)],
                         ids=["base", "four-modules", "border-posts"])
@pytest.mark.parametrize("seed", [3, 11])
def test_every_vp_scored_during_play_reaches_the_point(monkeypatch, modules_, seed):
    """A whole playout with a probe folded into the base game: after every line, each player's
    VP by category rose by exactly what the handler saw (areas, phase bonus, colour bonus,
    animals, watchtowers, goods sold, the modules' categories: no VP is scored around it)."""
    from burgundy_cli.castles.playout import play_game

    scored: list[tuple[object, str, str, int]] = []  # (state, player, category, VP): branches score too

    def probe(state, player, category, amount):
        scored.append((state, player.name, category, amount))

    monkeypatch.setattr(modules, "BASE", replace(modules.BASE, on_vp_scored=(probe,)))
    modules.ruleset.cache_clear()
    last: dict[str, dict[str, int]] = {}
    checked = []

    def visit(session) -> None:
        for player in session.state.players:
            was = last.get(player.name, {})
            for category in set(player.vp) | set(was):
                rose = player.vp.get(category, 0) - was.get(category, 0)
                seen = sum(n for state, who, cat, n in scored
                           if state is session.state and who == player.name and cat == category)
                assert rose == seen, (player.name, category)
            last[player.name] = dict(player.vp)
        checked.append(sum(state is session.state for state, *_ in scored))
        scored.clear()

    try:
        play_game(2, seed, "2019", modules=modules_, visit=visit)
    finally:
        monkeypatch.undo()
        modules.ruleset.cache_clear()
    assert sum(checked) > 0


# --- the effect text agrees with the state (issue 36, item 12) ----------------------------------


def _effects(state, text):
    from burgundy_cli.castles.rules import engine
    from burgundy_cli.castles.views.effects import line_effects

    before, command = state.copy(), parse_line(text)
    engine.play(state, command)
    return line_effects(before, state, command)


def test_shield_16s_free_die_change_is_said_as_free():
    """2019 rulebook, 'THE SHIELDS', shield 16: 'Once per turn, you can change the result of one
    of your dice to any number' (at no cost). `check` said `pays 3 workers ... +5 workers` while
    the state gained 2: the text now comes from the engine's own costing of the line
    (``engine.die_payment``), so it says no worker paid and +2, as the state has it. The turn's
    second change is paid, and said so."""
    state = _table(modules_=("shields",), anna={"shields": {"d4": 16}, "dice": [1, 1], "workers": 5})
    said = _effects(state, "anna: workers 1>4")
    assert said == ["anna: pays no worker: die 1 used as 4, 3 steps, the turn's free change of one die "
                    "[cob.shield.16], +2 workers"]
    assert state.players[0].workers == 5 + 2
    said = _effects(state, "anna: workers 1>4")
    assert said == ["anna: pays 3 workers: die 1 used as 4, 3 steps [cob.die.workers], +2 workers"]
    assert state.players[0].workers == 7 - 3 + 2


def test_a_ship_and_a_bonus_tile_are_said_as_the_table_sees_them():
    """The bridge's first space is its start space (the picture's 'start', docs/pictures.md),
    so a ship from there "moves on the bridge from the start space to space 1", not "from
    space 0"; a bonus tile is named by its colour ('takes the large grey bonus tile'), not by
    the colour's code letter."""
    state = _table(anna={"dice": [2, 2], "storage": ["ship"]})
    said = _effects(state, "anna: place 2 ship d3")
    assert "moves on the bridge from the start space to space 1" in said[0], said
    state = at_turn("2019", players={"anna": {"dice": [3, 3], "storage": ["mine"],
                                              "duchy": {"e3": "mine", "f2": "mine"}}, "ben": {}})
    said = _effects(state, "anna: place 3 mine g1")
    assert "takes the large grey bonus tile" in said[0], said
