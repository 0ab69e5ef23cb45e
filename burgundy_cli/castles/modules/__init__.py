"""Rule modules: the base game, and the 2019 expansions as modules a record switches on.

A :class:`Module` is the one place that says what a set of rules adds to or changes in the
game, through the ruleset's named extension points: placement rules, actions, tile effects,
phase-end steps, handlers on gains and completions, final scoring. :func:`ruleset` folds the
base game (:data:`BASE`, itself a module) and the record's modules (``[game.options] modules = "inns, white-castles"``) into the
:class:`~burgundy_cli.castles.rules.state.Ruleset` that :mod:`burgundy_cli.castles.record.setup` hands to
the game state. The engine, the checks and the move generator only ever consult that
ruleset, so a module never needs a special case in them. docs/developing.md, "How to add a
module", walks through one.

:data:`MODULES` holds every module of the 2019 rulebook, each built by a function that
imports its own rules (:mod:`~burgundy_cli.castles.modules.inns`, ``extra``, ``white``,
``routes``, ``shields``, ``border``, ``team``, ``solo``); :data:`RESERVED` names them in the
rulebook's order, the order they are folded in, and a misspelt name gets a suggestion.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cache
from types import MappingProxyType

from burgundy_cli.castles.rules.actions import (ACTIONS, EFFECTS, GOODS_TYPES, ActionRule, Effect, base_pasture,
                                          mine_income, score_completion)
from burgundy_cli.castles.rules.bounds import BASE_BOUNDS
from burgundy_cli.castles.rules.placement import PLACEMENT_RULES, PlacementRule, placement_check
from burgundy_cli.castles.rules.scoring import END_SCORING
from burgundy_cli.castles.rules.state import GameState, Ruleset


@dataclass(frozen=True, slots=True)
class PhaseStep:
    """A step at every phase end: ``run(state)``, placed before the step ``before`` (None: last),
    or before every step with ``first`` (the team game's sharing of the line that ended the phase)."""

    run: Callable[[GameState], None]
    before: Callable[[GameState], None] | None = None
    first: bool = False


# How a module's value of an extension point folds into the rules so far: ``fold(so far,
# module's) -> folded``. Each :class:`Module` field names its fold beside it (``_point``).


def _added(before: tuple, given: tuple) -> tuple:
    """Run or counted after the others (handlers, VP categories)."""
    return before + given


def _merged(before: Mapping, given: Mapping) -> Mapping:
    """By key, the module's entry replacing the one so far."""
    return MappingProxyType({**before, **given})


def _merged_or_wrapped(kind: type) -> Callable[[Mapping, Mapping], Mapping]:
    """By key, as :func:`_merged`; an entry that is no ``kind`` is ``f(entry so far) -> kind``,
    for a module changing an action or effect another module may change too (the solo game's
    sale wraps the trade routes')."""
    def fold(before: Mapping, given: Mapping) -> Mapping:
        return MappingProxyType({**before, **{key: value if isinstance(value, kind) else value(before[key])
                                              for key, value in given.items()}})
    return fold


def _bounds_added(before: Mapping, given: Mapping) -> Mapping:
    """Category -> its bounds so far with the module's added (they are summed)."""
    return MappingProxyType({category: before.get(category, ()) + (given[category],) if category in given
                             else before[category] for category in {**before, **given}})


def _replaced(before: object, given: object) -> object:
    """The module's value, when it gives one."""
    return before if given is None else given


def _wrapped(before: object, given: Callable | None) -> object:
    """``f(value so far)``, when the module gives one (the pasture a module joins)."""
    return before if given is None else given(before)


def _point(fold: Callable, default: object = ()) -> object:
    """A :class:`Module` field for the :class:`Ruleset` extension point of the same name, folded by ``fold``."""
    if isinstance(default, dict):
        return field(default_factory=dict, metadata={"fold": fold})
    return field(default=default, metadata={"fold": fold})


@dataclass(frozen=True, slots=True)
class Module:
    """What a set of rules adds to or changes in the rules so far.

    Each field but the first three is the :class:`~burgundy_cli.castles.rules.state.Ruleset`
    extension point of the same name, whose docstring says what it means; beside each field is
    how :func:`extend` folds a module's value into the rules so far (``_added``: after the
    others; ``_merged``: by key; ``_replaced``; ``_wrapped``: given the one so far). Folded by
    :func:`extend` itself: ``placement`` (each rule replacing the rule of the same ``rule_id``
    or added after the others), ``lifted`` (ids of placement rules the module removes),
    ``phase_end`` (:class:`PhaseStep` s, each placed where it says), ``lines`` (line kinds the
    module adds) and ``guard_lines`` (``f(LineRule) -> LineRule``, applied to the line kinds of
    the modules folded before it: the solo game, folded last, puts the round's removal before
    any doubles' line). A module that reacts to a gain listens on its ``on_*`` point and never
    wraps the actions and effects that give it (docs/developing.md, "Extension points").
    """

    name: str
    placement: tuple[PlacementRule, ...] = ()
    lifted: tuple[str, ...] = ()
    phase_end: tuple[PhaseStep, ...] = ()
    lines: Mapping[str, object] = field(default_factory=dict)
    guard_lines: Callable[[object], object] | None = None
    actions: Mapping[str, object] = _point(_merged_or_wrapped(ActionRule), {})
    effects: Mapping[str, object] = _point(_merged_or_wrapped(Effect), {})
    after_placement: tuple[Callable[..., None], ...] = _point(_added)
    end_scoring: Mapping[int, Callable[..., int]] = _point(_merged, {})
    stock: Mapping[str, Callable[..., int]] = _point(_merged, {})
    area_size: tuple[Callable[..., tuple[int, bool]], ...] = _point(_added)
    categories: tuple[str, ...] = _point(_added)
    end_points: Mapping[str, Callable[..., int]] = _point(_merged, {})
    free_die: tuple[Callable[..., bool], Callable[..., None]] | None = _point(_replaced, None)
    after_line: Callable[..., None] | None = _point(_replaced, None)
    storage: object = _point(_replaced, None)
    score_table: Callable[..., object] | None = _point(_replaced, None)
    area_completed: tuple[Callable[..., None], ...] = _point(_added)
    after_effect: tuple[Callable[..., None], ...] = _point(_added)
    on_workers_gained: tuple[Callable[..., None], ...] = _point(_added)
    on_silver_gained: tuple[Callable[..., None], ...] = _point(_added)
    on_goods_gained: tuple[Callable[..., None], ...] = _point(_added)
    on_vp_scored: tuple[Callable[..., None], ...] = _point(_added)
    on_goods_sold: tuple[Callable[..., None], ...] = _point(_added)
    pasture: Callable[[Callable | None], Callable] | None = _point(_wrapped, None)
    colour_completed: tuple[Callable[..., None], ...] = _point(_added)
    area: Callable[..., object] | None = _point(_replaced, None)
    storage_size: tuple[Callable[..., int | None], ...] = _point(_added)
    goods_types: int | None = _point(_replaced, None)
    vp_bound: Mapping[str, Callable[..., int | None]] = _point(_bounds_added, {})


#: Module field -> its fold, for the extension points :func:`extend` folds alike.
_FOLDS = {point.name: point.metadata["fold"] for point in fields(Module) if "fold" in point.metadata}


def extend(rules: Ruleset, module: Module) -> Ruleset:
    """``rules`` with ``module`` switched on (a new ruleset; ``rules`` is not changed)."""
    placement = [rule for rule in rules.placement if rule.rule_id not in module.lifted]
    for rule in module.placement:
        ids = [known.rule_id for known in placement]
        if rule.rule_id in ids:
            placement[ids.index(rule.rule_id)] = rule
        else:
            placement.append(rule)
    phase_end = list(rules.phase_end)
    for step in module.phase_end:
        at = 0 if step.first else phase_end.index(step.before) if step.before is not None else len(phase_end)
        phase_end.insert(at, step.run)
    lines = rules.lines if module.guard_lines is None else {kind: module.guard_lines(line)
                                                             for kind, line in rules.lines.items()}
    named = rules.modules if module is BASE else (*rules.modules, module.name)
    return Ruleset(named, tuple(placement), placement_check(tuple(placement)), phase_end=tuple(phase_end),
                   lines=MappingProxyType({**lines, **module.lines}),
                   **{name: fold(getattr(rules, name), getattr(module, name)) for name, fold in _FOLDS.items()})


#: The base game, written as a module like any other: its placement rules
#: (:data:`~burgundy_cli.castles.rules.placement.PLACEMENT_RULES`), the four actions, the tile
#: effects, scoring a completed area and colour after a placement, the mines' income at
#: each phase end and the knowledge tiles' final scoring.
BASE = Module("base", placement=PLACEMENT_RULES, actions=ACTIONS, effects=EFFECTS,
              area_completed=(score_completion,), phase_end=(PhaseStep(mine_income),), end_scoring=END_SCORING,
              pasture=lambda before: base_pasture, goods_types=GOODS_TYPES, vp_bound=BASE_BOUNDS)

# Each module is built by a function that imports its rules: a record plays its modules' code
# only (a base-game record imports none of it: start-up, docs/performance.md).


def _inns() -> Module:
    """The inns (2019 rulebook, "The Inns"): an inn goes on any colour, one per area, is bought
    beside the black depot, has no effect of its own and enlarges its area by one: the area's
    VP as the board gives them (``areas``), and what the inn adds (``inns``)
    (:mod:`~burgundy_cli.castles.modules.inns`)."""
    from burgundy_cli.castles.modules import inns

    return Module("inns", placement=(inns.ANY_COLOUR, inns.ONE_PER_AREA),
                  effects={inns.INN: Effect()},
                  stock={inns.INN: inns.inns_left}, area_completed=(inns.score_inn,),
                  categories=(inns.CATEGORY,), vp_bound={inns.CATEGORY: inns.vp_bound})


def _trade_routes() -> Module:
    """The trade routes (2019 rulebook, "The Trade Routes"): a sale lays its goods on the
    player's route, and a colour match gives the space's bonus at once
    (:mod:`~burgundy_cli.castles.modules.routes`)."""
    from burgundy_cli.castles.modules import routes

    return Module("trade-routes", actions={"sell": ActionRule(routes.check_sale, routes.apply_sale,
                                                              ACTIONS["sell"].bound, routes.sale_grants)},
                  categories=(routes.CATEGORY,), vp_bound={routes.CATEGORY: routes.vp_bound})


def _shields() -> Module:
    """The shields (2019 rulebook, "THE SHIELDS"): taken on doubles, tribute before the mines
    pay, 18 abilities and their end VP (:mod:`~burgundy_cli.castles.modules.shields`)."""
    from burgundy_cli.castles.modules import shields

    return Module("shields", placement=(shields.ADJACENT_UNLESS_18,), actions=shields.SHIELD_ACTIONS,
                  effects=shields.SHIELD_EFFECTS, after_placement=(shields.after_placement,),
                  phase_end=(PhaseStep(shields.tribute, before=mine_income),
                             PhaseStep(shields.mines_doubled)),
                  area_size=(shields.one_size_larger,), colour_completed=(shields.bonus_doubled,), end_points={"shields": shields.end_points},
                  lines=shields.LINES, free_die=(shields.may_set_die, shields.set_die),
                  on_workers_gained=(shields.workers_gained,), on_goods_sold=(shields.goods_sold,),
                  pasture=shields.one_pasture, area=shields.one_pasture_area,
                  storage_size=(shields.storage_unlimited,), vp_bound=shields.vp_bounds())


def _extra_tiles() -> Module:
    """The four extra hex tiles (2019 rulebook, "4 additional hex tiles"): #27 restacks the
    bridge after a ship or its own placement, the crane triggers a building's effect and counts
    as a building for 16-23 (and 29), the geese score on their pasture (the ``geese``
    category); #28's purchase of workers and the crane's final-scoring choice are line kinds of
    their own (:mod:`~burgundy_cli.castles.modules.extra`)."""
    from burgundy_cli.castles.modules import extra

    return Module("extra-tiles", effects=extra.EXTRA_EFFECTS,
                  after_placement=(extra.geese_follow_up,), end_scoring=extra.EXTRA_END_SCORING,
                  categories=("geese",), lines=extra.EXTRA_LINES,
                  vp_bound={"geese": extra.geese_vp_bound, "watchtowers": extra.crane_watchtower_bound})


def _white_castles() -> Module:
    """The White Castles (2019 rulebook, "The White Castles"): a white castle grants an action
    with the white die, #29 scores 4 VP per white castle (:mod:`~burgundy_cli.castles.modules.white`)."""
    from burgundy_cli.castles.modules import white

    return Module("white-castles", effects={white.WHITE_CASTLE: white.WHITE_EFFECT},
                  end_scoring=white.WHITE_END_SCORING)


def _border_posts() -> Module:
    """The border posts (2019 rulebook, "New duchies (nos. 11a - 11f)"): joining two posts of a
    no. 11 duchy with tiles scores the phase value, all three the colour bonus's values
    (:mod:`~burgundy_cli.castles.modules.border`)."""
    from burgundy_cli.castles.modules import border

    return Module(border.NAME, after_placement=(border.score_border_posts,),
                  categories=(border.CATEGORY,), vp_bound={border.CATEGORY: border.vp_bound})


def _team_game() -> Module:
    """The team game (2019 rulebook, "THE TEAM GAME"): two teams of two on team boards, the
    team's property kept alike for both members after every line, private and shared storage,
    the bridge's last space, team totals (:mod:`~burgundy_cli.castles.modules.team`)."""
    from burgundy_cli.castles.modules import team

    return Module(team.NAME, after_line=team.after_line, storage=team.STORAGE,
                  score_table=team.score_table, phase_end=(PhaseStep(team.share_phase_end, first=True),))


def _solo_game() -> Module:
    """The solo game (2019 rulebook, "THE SOLO GAME"): one player on the solo duchy, the round's
    removal, rivers, the solo ship and its 5-goods exchange, black hex tiles, monastery tiles
    scored when placed, a completed colour's black-depot tile, the VP counter and target
    (:mod:`~burgundy_cli.castles.modules.solo`)."""
    from burgundy_cli.castles.modules import solo

    return Module(solo.NAME, placement=(solo.COLOUR, solo.RIVER), after_line=solo.after_line,
                  lifted=("cob.place.adjacent",), actions=solo.SOLO_ACTIONS, effects=solo.SOLO_EFFECTS,
                  after_placement=(solo.after_placement,), after_effect=(solo.settle_placement,),
                  on_vp_scored=(solo.gain,), colour_completed=(solo.colour_completed,), phase_end=(PhaseStep(solo.settle_all),),
                  goods_types=solo.GOODS_TYPES, end_points=solo.SOLO_END_POINTS, categories=(solo.CATEGORY, solo.BOUGHT),
                  lines=solo.LINES, guard_lines=solo.removal_before_doubles, vp_bound=solo.VP_BOUNDS)


#: Module name -> the function building its :class:`Module`: every 2019 expansion is refereed.
MODULES: dict[str, Callable[[], Module]] = {
    "extra-tiles": _extra_tiles, "white-castles": _white_castles, "inns": _inns, "trade-routes": _trade_routes,
    "shields": _shields, "border-posts": _border_posts, "team-game": _team_game, "solo-game": _solo_game,
}


@cache
def module(name: str) -> Module:
    """The 2019 module called ``name`` (KeyError if none is)."""
    return MODULES[name]()


def line_owner(kind: str) -> str | None:
    """The 2019 module whose line kind ``kind`` is, or None (for a refusal naming it)."""
    return next((name for name in RESERVED if kind in module(name).lines), None)


#: Every module of the 2019 rulebook, in its order (names of ``[game.options] modules``).
RESERVED = ("extra-tiles", "white-castles", "inns", "trade-routes", "shields", "border-posts", "team-game",
            "solo-game")

_NOTHING = Ruleset((), (), placement_check(()), MappingProxyType({}), MappingProxyType({}), (), (),
                   MappingProxyType({}), MappingProxyType({}), (), (), MappingProxyType({}))


@cache
def ruleset(modules: tuple[str, ...] = ()) -> Ruleset:
    """The base game's rules extended by ``modules`` in the rulebook's order (cached; KeyError if
    unknown)."""
    rules = extend(_NOTHING, BASE)
    for name in sorted(modules, key=RESERVED.index):  # the rulebook's order, whatever the record's
        rules = extend(rules, module(name))
    return replace(rules, line_owner=line_owner)
