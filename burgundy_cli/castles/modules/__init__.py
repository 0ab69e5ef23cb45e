"""Rule modules: the base game, and the 2019 expansions as modules a record switches on.

A :class:`Module` is the one place that says what a set of rules adds to or changes in the
game: placement rules (added, replacing the rule with the same id, or lifted), actions by
kind, tile effects by tile kind or type, phase-end steps, and the final scoring of
knowledge tiles. :func:`ruleset` folds the base game (:data:`BASE`, itself a module) and the
record's modules (``[game.options] modules = "inns, white-castles"``) into the
:class:`~burgundy_cli.castles.rules.state.Ruleset` that :mod:`burgundy_cli.castles.record.setup` hands to
the game state. The engine, the checks and the move generator only ever consult that
ruleset, so a module never needs a special case in them. docs/developing.md, "How to add a
module", walks through one.

:data:`MODULES` holds the modules refereed so far (the inns, :mod:`burgundy_cli.castles.modules.inns`;
the extra tiles, :mod:`~burgundy_cli.castles.modules.extra`; the white castles,
:mod:`~burgundy_cli.castles.modules.white`; the trade routes, :mod:`~burgundy_cli.castles.modules.routes`;
the border posts, :mod:`~burgundy_cli.castles.modules.border`; the team game,
:mod:`~burgundy_cli.castles.modules.team`);
:data:`RESERVED` names every module of the 2019 rulebook, so that a record naming one not
refereed yet is told so, and a misspelt name gets a suggestion.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
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


@dataclass(frozen=True, slots=True)
class Module:
    """What a set of rules adds to or changes in the rules so far.

    ``placement``: placement rules, each replacing the rule of the same ``rule_id`` or added
    after the others; ``lifted``: ids of placement rules the module removes; ``actions``:
    action kind -> ``actions.ActionRule``, or ``f(rule so far) -> ActionRule`` for a module
    that changes an action another module may also change (the solo game's actions wrap the
    trade routes' sale when both are on); ``effects``: tile kind or type -> ``actions.Effect``,
    or ``f(effect so far) -> Effect`` for a module that changes an effect another module may
    change too (the solo game's ship, livestock and watchtower wrap the shields' and the extra
    tiles') (replacing the entry with the same key); ``area_completed``: steps run after a
    placement that completes its area, ``f(state, player, space)``, added after the others;
    ``after_placement``: steps run after every placement (after those), ``f(state, player,
    space)``, added after the others; ``after_effect``: steps run after the placed tile's
    effect, ``f(state, player, place action, space)``, added after the others (the solo
    game's counter); ``phase_end``:
    :class:`PhaseStep` s;
    ``end_scoring``: knowledge tile number -> ``f(state, player) -> VP``;
    ``stock``: tile kind -> ``f(state) -> how many lie beside the black depot``, tiles the
    module lays there to be bought like its tiles (added; the purchase, the move generator and
    the supply's accounting ask it); ``area_size``: ``f(state, player, space) -> (spaces more,
    uncapped)``, handlers enlarging a completed area (:func:`~burgundy_cli.castles.rules.actions.area_points`,
    added; shield 17); ``colour_completed``: ``f(state, player, colour, bonus tile or None)``,
    handlers run when a colour is completed, after its bonus tile
    (:func:`~burgundy_cli.castles.rules.actions.complete_colour`, added; shield 7, the solo
    game); ``area``: ``f(state, player, space) -> spaces or None``, the spaces completed and
    sized as one area with ``space`` (:func:`~burgundy_cli.castles.rules.actions.area_spaces`;
    replaces; shield 1 with option ``shield1-one-area``); ``storage_size``: ``f(state, player,
    spaces) -> spaces or None`` (no limit), handlers on the storage's size
    (:func:`~burgundy_cli.castles.rules.actions.storage_spaces`, added; shield 4);
    ``goods_types``: how many goods types a player may hold (replaces; the solo game: all 6);
    ``vp_bound``: VP category -> ``f(state, player) -> VP or None``, the most a typed position
    can have scored in it (added up with the base game's and other modules'; None: not bounded;
    :mod:`~burgundy_cli.castles.rules.bounds`);
    ``categories``: the VP categories the
    module scores during play (``actions.score_vp``), shown in the breakdown after
    the base game's (added); ``end_points``: category -> ``f(state, player) -> VP`` scored at
    the final scoring (added; one of the base game's replaced: the solo game's ``knowledge-tiles``); ``lines``: line kind -> ``LineRule``, line forms of the module's
    own (added; the engine asks them for a kind it does not know); ``free_die``: ``(may, use)``,
    one die set to any number at no cost (replaces); ``after_line``, ``storage``,
    ``score_table``: see :class:`~burgundy_cli.castles.rules.state.Ruleset` (replace);
    ``guard_lines``: ``f(LineRule) -> LineRule``, applied to the line kinds of the modules folded
    before it (the solo game, folded last: no doubles' line before the round's removal);
    ``on_workers_gained``, ``on_silver_gained``, ``on_goods_gained``, ``on_vp_scored``,
    ``on_goods_sold``: handlers on the base game's extension points (``actions.gain_workers``,
    ``gain_silver``, ``gain_goods``, ``score_vp``, the sale ``apply_sell``), run after the
    gain, in the order the modules are folded (added): a module that reacts to a gain listens
    there, never wraps the actions and effects that give it (docs/developing.md, "Extension
    points").
    ``pasture``: ``f(pasture so far) -> pasture``, the spaces counted as one pasture with a
    space, ``pasture(state, player, space)`` (:func:`~burgundy_cli.castles.rules.actions.pasture_of`,
    which livestock scoring and the geese ask; shield 1 joins every pasture).
    """

    name: str
    placement: tuple[PlacementRule, ...] = ()
    lifted: tuple[str, ...] = ()
    actions: Mapping[str, object] = field(default_factory=dict)
    effects: Mapping[str, object] = field(default_factory=dict)
    after_placement: tuple[Callable[..., None], ...] = ()
    phase_end: tuple[PhaseStep, ...] = ()
    end_scoring: Mapping[int, Callable[..., int]] = field(default_factory=dict)
    stock: Mapping[str, Callable[..., int]] = field(default_factory=dict)
    area_size: tuple[Callable[..., tuple[int, bool]], ...] = ()
    categories: tuple[str, ...] = ()
    end_points: Mapping[str, Callable[..., int]] = field(default_factory=dict)
    lines: Mapping[str, object] = field(default_factory=dict)
    free_die: tuple[Callable[..., bool], Callable[..., None]] | None = None
    after_line: Callable[..., None] | None = None
    storage: object = None
    score_table: Callable[..., object] | None = None
    guard_lines: Callable[[object], object] | None = None
    area_completed: tuple[Callable[..., None], ...] = ()
    after_effect: tuple[Callable[..., None], ...] = ()
    on_workers_gained: tuple[Callable[..., None], ...] = ()
    on_silver_gained: tuple[Callable[..., None], ...] = ()
    on_goods_gained: tuple[Callable[..., None], ...] = ()
    on_vp_scored: tuple[Callable[..., None], ...] = ()
    on_goods_sold: tuple[Callable[..., None], ...] = ()
    pasture: Callable[[Callable | None], Callable] | None = None
    colour_completed: tuple[Callable[..., None], ...] = ()
    area: Callable[..., object] | None = None
    storage_size: tuple[Callable[..., int | None], ...] = ()
    goods_types: int | None = None
    vp_bound: Mapping[str, Callable[..., int | None]] = field(default_factory=dict)


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
    named = rules.modules if module is BASE else (*rules.modules, module.name)
    return Ruleset(named, tuple(placement), placement_check(tuple(placement)),
                   MappingProxyType({**rules.actions, **{kind: rule if isinstance(rule, ActionRule)
                                                         else rule(rules.actions[kind])
                                                         for kind, rule in module.actions.items()}}),
                   MappingProxyType({**rules.effects, **{key: effect if isinstance(effect, Effect)
                                                         else effect(rules.effects[key])
                                                         for key, effect in module.effects.items()}}),
                   rules.after_placement + module.after_placement, tuple(phase_end),
                   MappingProxyType({**rules.end_scoring, **module.end_scoring}),
                   MappingProxyType({**rules.stock, **module.stock}),
                   rules.area_size + module.area_size,
                   rules.categories + module.categories,
                   MappingProxyType({**rules.end_points, **module.end_points}),
                   lines=MappingProxyType({**(rules.lines if module.guard_lines is None else
                                              {kind: module.guard_lines(line) for kind, line in rules.lines.items()}),
                                           **module.lines}),
                   free_die=rules.free_die if module.free_die is None else module.free_die,
                   after_line=module.after_line or rules.after_line, storage=module.storage or rules.storage,
                   score_table=module.score_table or rules.score_table,
                   area_completed=rules.area_completed + module.area_completed,
                   after_effect=rules.after_effect + module.after_effect,
                   on_workers_gained=rules.on_workers_gained + module.on_workers_gained,
                   on_silver_gained=rules.on_silver_gained + module.on_silver_gained,
                   on_goods_gained=rules.on_goods_gained + module.on_goods_gained,
                   on_vp_scored=rules.on_vp_scored + module.on_vp_scored,
                   on_goods_sold=rules.on_goods_sold + module.on_goods_sold,
                   pasture=rules.pasture if module.pasture is None else module.pasture(rules.pasture),
                   colour_completed=rules.colour_completed + module.colour_completed,
                   area=module.area or rules.area, storage_size=rules.storage_size + module.storage_size,
                   goods_types=rules.goods_types if module.goods_types is None else module.goods_types,
                   vp_bound=MappingProxyType({category: rules.vp_bound.get(category, ()) + (module.vp_bound[category],)
                                              if category in module.vp_bound else rules.vp_bound[category]
                                              for category in {**rules.vp_bound, **module.vp_bound}}))


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
