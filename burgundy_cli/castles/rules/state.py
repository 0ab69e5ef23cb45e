"""The state of a game of The Castles of Burgundy: plain mutable slotted dataclasses.

The engine changes a state in place (``engine.apply``); :meth:`GameState.copy` makes an
independent copy cheaply (boards and tile kinds are shared, never mutated). Nothing here
checks rules; see :mod:`burgundy_cli.castles.rules.engine`.

Indices: players are indexed by seat (the order of ``[game] players``); duchy spaces
0..36 (:mod:`burgundy_cli.castles.rules.boards`); depots 1..6, with index 0 the black depot;
goods types 1..6; ``phase`` 0..4 for A..E and ``round`` 0..4 for rounds 1..5.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from burgundy_cli.castles.rules.boards import Board

PHASES = "ABCDE"


@dataclass(frozen=True, slots=True)
class Options:
    """Rule options a record can choose in ``[game.options]`` (see docs/rulings.md).

    ``tiebreak_empty``: ``"fewest"`` (the printed English rules of both editions) or
    ``"most"`` (the reading of BGA and the 2019 team game) empty duchy spaces win a tie.
    ``tiebreak_order``: 2011, who "went later in turn order" on a tie on VP and empty spaces
    (option ``tiebreak-turn-order``): ``"bridge"``, the turn order track at the end (the default),
    or ``"last-round"``, the order the last round was played in (``GameState.order``).
    ``k8_doubles_free``: knowledge tile 8 also doubles the free +/-1 of tiles 9-12.
    ``k6_mixed``: 2019 knowledge tile 6 lets a purchase be paid 1 silverling + 1 worker.
    ``modules``: 2019 expansion modules switched on (:data:`~burgundy_cli.castles.modules.MODULES`).
    ``inn_uncapped``: an area enlarged by an inn scores beyond size 8 (option ``inn-uncapped``).
    ``shield_tribute_whole``: a player who cannot pay every shield's tribute loses them all
    (option ``shield-tribute-whole``); ``shield17_uncapped``: shield 17 scores beyond size 8
    (option ``shield17-uncapped``); ``shield1_one_area``: for the holder of shield 1 every pasture
    space is one area for its completion and size too (option ``shield1-one-area``).
    ``white_free_change``: the free +/-1 of knowledge tiles 9-12 (and tile 8's double steps
    are always in) applies to a white castle's action (option ``white-castle-free-change``).
    ``border_third_post``: what joining a third border post scores (option ``border-third-post``:
    ``pairs``, ``once`` or ``none``; ``castles.modules.border``).
    ``experienced_setup``: the setup for players who know the game well (option
    ``experienced-setup``): ``open`` (choices made in turn order) or ``secret`` (at once); None: not used.
    ``team_tiebreak``: 2019 team game, which team wins a tie on VP (option ``team-tiebreak-empty-spaces``):
    ``"most"`` empty spaces (the team game's text, the default) or ``"fewest"`` (the base game's).
    ``solo_target``: the solo game's start target VP (option ``solo-target``, 45-55);
    ``solo_river``: how the solo duchy's river joins its islands (option ``solo-river``:
    ``ships`` or ``ship-to-any``; ``castles.modules.solo``).
    ``team_routes``: with the trade routes in the team game, whose route a sale's goods go on
    (option ``team-routes``: ``own``, the seller's; ``team``, one route per team, the first
    player's; docs/rulings.md).
    ``solo_shield5_first``: with the shields in the solo game, shield 5's take comes before the
    solo ship removes the other depots' goods (option ``solo-shield5-first``, docs/rulings.md).
    ``solo_exchange_only_now``: the solo ship's 5-goods exchange lapses with the player's next
    action, not at the next roll (option ``solo-exchange-only-now``, docs/rulings.md).
    ``team_shield_tribute``: with the shields in the team game, who pays tribute for the team's
    shields (option ``team-shield-tribute``: ``team``, once per team; ``each``, each member).
    ``team_shield_others``: with the shields in the team game, who is "another player" for
    shields 2 and 6 (option ``team-shield-others``: ``other-team``; ``teammate-too``).
    """

    tiebreak_empty: str = "fewest"
    tiebreak_order: str = "bridge"
    k8_doubles_free: bool = False
    k6_mixed: bool = False
    modules: tuple[str, ...] = ()
    inn_uncapped: bool = False
    shield_tribute_whole: bool = False
    shield17_uncapped: bool = False
    shield1_one_area: bool = False
    white_free_change: bool = True
    border_third_post: str = "pairs"
    experienced_setup: str | None = None
    team_tiebreak: str = "most"
    solo_target: int = 50
    solo_river: str = "ships"
    solo_shield5_first: bool = False
    solo_exchange_only_now: bool = False
    team_routes: str = "own"
    team_shield_tribute: str = "team"
    team_shield_others: str = "other-team"


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The rules a game is played with: the base game plus the modules its record switches on.

    ``placement``: the conditions on where a tile may go, checked in order
    (``placement.PlacementRule``), and ``placement_refusal(player, kind, space, value)``,
    the function asking them (the first rule broken, or None; made from them by
    ``placement.placement_check``); ``actions``: action kind -> how it is checked and carried
    out (``actions.ActionRule``); ``effects``: tile kind (or type) -> what placing it does
    (``actions.Effect``); ``area_completed``: steps run after a placement that completes its
    area, ``f(state, player, space)`` (base game: scoring the area and a completed colour);
    ``after_placement``: steps run after every placement, after those and before the
    tile's effect, ``f(state, player, space)``; ``after_effect``: steps run after the tile's
    effect, ``f(state, player, place action, space)`` (the placement and all its gains done;
    the 2019 solo game's counter); ``phase_end``: the steps at every phase end, in order;
    ``end_scoring``: knowledge tile number -> its final-scoring function; ``stock``: tile
    kind -> ``f(state) -> how many lie beside the black depot``, for the tiles a module lays
    there outside its spaces (the inns); ``area_size``: handlers ``f(state, player, space) ->
    (spaces more, uncapped)`` enlarging a completed area (``actions.area_points``; 2019 shield
    17); ``colour_completed``: handlers ``f(state, player, colour, bonus tile or None)`` run
    after a completed colour's bonus tile is taken (``actions.complete_colour``; shield 7, the
    solo game); ``area``: ``f(state, player, space) -> spaces or None`` (None: the printed
    area), the spaces completed and sized as one area with ``space`` (``actions.area_spaces``;
    2019 shield 1 with option ``shield1-one-area``); ``storage_size``: handlers ``f(state,
    player, spaces) -> spaces or None`` (None: no limit) on the storage's 3 spaces
    (``actions.storage_spaces``; shield 4); ``goods_types``: how many goods types a player may
    hold (``actions.goods_types_free``; 3, the solo game all 6); ``vp_bound``: VP category ->
    handlers ``f(state, player) -> VP or None`` whose sum bounds what a typed position can have
    scored in it (``rules.bounds``; None: not bounded); ``categories``: the VP categories a module
    scores during play (after the base game's in the breakdown); ``end_points``: category ->
    ``f(state, player) -> VP``, the final-scoring categories a module adds; ``lines``: line
    kind -> the ``LineRule`` of a line form a module adds (#28's, the crane's, the shields');
    ``line_owner(kind)``: the module a line kind belongs to (a refusal of a module's line in a
    game without it names the module); ``free_die``:
    ``(may(state, player), use(state, player))``, a module's change of one die to any number at
    no cost (shield 16); ``after_line``: ``f(state, command)`` run after every line played
    (2019 team game: the team's shared parts made alike for both members); ``storage``: an
    object whose ``refusal``, ``store``, ``holds`` and ``unstore`` replace the base game's one
    storage of 3 spaces (2019 team game: private and shared storage); ``score_table``:
    ``f(state, table) -> table``, a module's final word on the score table (team totals);
    ``on_workers_gained``, ``on_silver_gained``: handlers ``f(state, player, amount, source)``
    run after every gain of workers / silverlings (``actions.gain_workers``, ``gain_silver``);
    ``on_goods_gained``: ``f(state, player, goods type, count, source)`` after every gain of
    goods tiles (``actions.gain_goods``); ``on_vp_scored``: ``f(state, player, category,
    amount)`` after every VP scored during play (``actions.score_vp``);
    ``on_goods_sold``: ``f(state, player, goods type, count)`` after the base game's sale
    (``actions.apply_sell``); ``pasture``: ``f(state, player, space) -> spaces``, the spaces
    counted as one pasture with ``space`` (``actions.pasture_of``; 2019 shield 1: all of them).
    These are the extension points (docs/developing.md); a module gives its own through the
    :class:`~burgundy_cli.castles.modules.Module` field of the same name. Built by
    :func:`burgundy_cli.castles.modules.ruleset` and handed to each :class:`GameState`;
    shared, never changed.
    """

    modules: tuple[str, ...]
    placement: tuple[Any, ...]
    placement_refusal: Callable[..., Any]
    actions: Mapping[str, Any]
    effects: Mapping[str, Any]
    after_placement: tuple[Callable[[GameState, PlayerState, int], None], ...]
    phase_end: tuple[Callable[[GameState], None], ...]
    end_scoring: Mapping[int, Callable[..., int]]
    stock: Mapping[str, Callable[..., int]]
    area_size: tuple[Callable[..., tuple[int, bool]], ...]
    categories: tuple[str, ...]
    end_points: Mapping[str, Callable[..., int]]
    lines: Mapping[str, Any] = field(default_factory=dict)
    line_owner: Callable[[str], str | None] | None = None
    free_die: tuple[Callable[..., bool], Callable[..., None]] | None = None
    after_line: Callable[..., None] | None = None
    storage: Any = None
    score_table: Callable[..., Any] | None = None
    area_completed: tuple[Callable[[GameState, PlayerState, int], None], ...] = ()
    after_effect: tuple[Callable[..., None], ...] = ()
    on_workers_gained: tuple[Callable[..., None], ...] = ()
    on_silver_gained: tuple[Callable[..., None], ...] = ()
    on_goods_gained: tuple[Callable[..., None], ...] = ()
    on_vp_scored: tuple[Callable[..., None], ...] = ()
    on_goods_sold: tuple[Callable[..., None], ...] = ()
    pasture: Callable[..., Any] | None = None
    colour_completed: tuple[Callable[..., None], ...] = ()
    area: Callable[..., Any] | None = None
    storage_size: tuple[Callable[..., int | None], ...] = ()
    goods_types: int = 3
    vp_bound: Mapping[str, tuple[Callable[..., int | None], ...]] = field(default_factory=dict)


@dataclass(slots=True, eq=False)
class PlayerState:
    """One player: duchy, storage, goods, supplies, running VP by category, dice of the round.

    ``duchy[i]`` is the tile kind on space ``i`` or None; ``storage`` holds up to 3 hex
    tiles; ``goods`` maps a goods type to the number of tiles held (at most 3 types);
    ``sold[t]`` counts goods tiles of type ``t`` sold so far (index 0 unused); ``vp`` is
    the VP scored during play, by category (their sum is the VP track); ``bonuses``: the
    colour bonus tiles taken, as ``"<colour code>-large"``/``"-small"``; ``knowledge``:
    numbers of the knowledge tiles placed; ``dice``: the dice not yet used this round.
    ``crane``: 2019 crane -- the building type the player said their crane counts as at the
    final scoring (None: not said; the referee takes the best, ``modules.extra.crane_counts_as``).
    ``route`` (2019 trade routes): the player's route, left to right, as ``(goods type the
    space's colour asks for, bonus)`` pairs (shared, never changed); ``route_goods``: the
    goods types laid on it so far, left to right. ``shared`` (2019 team game): the team's
    shared storage, the same for both members (``storage`` is then the player's private one).
    """

    name: str
    board: Board
    start: int
    duchy: list[str | None]
    storage: list[str] = field(default_factory=list)
    goods: dict[int, int] = field(default_factory=dict)
    sold: list[int] = field(default_factory=lambda: [0] * 7)
    silver: int = 1
    workers: int = 0
    vp: dict[str, int] = field(default_factory=dict)
    bonuses: list[str] = field(default_factory=list)
    knowledge: set[int] = field(default_factory=set)
    dice: list[int] = field(default_factory=list)
    shields: dict[int, int] = field(default_factory=dict)
    crane: str | None = None
    route: tuple[tuple[int, str], ...] = ()
    route_goods: list[int] = field(default_factory=list)
    shared: list[str] = field(default_factory=list)

    def copy(self) -> PlayerState:
        """An independent copy (the board is shared). Built field by field, without ``__init__``:
        every placement that grants an action copies its player (see :meth:`GameState.branch`)."""
        copy = PlayerState.__new__(PlayerState)
        copy.name = self.name
        copy.board = self.board
        copy.start = self.start
        copy.duchy = self.duchy.copy()
        copy.storage = self.storage.copy()
        copy.goods = self.goods.copy()
        copy.sold = self.sold.copy()
        copy.silver = self.silver
        copy.workers = self.workers
        copy.vp = self.vp.copy()
        copy.bonuses = self.bonuses.copy()
        copy.knowledge = self.knowledge.copy()
        copy.dice = self.dice.copy()
        copy.shields = self.shields.copy()
        copy.crane = self.crane
        copy.route = self.route
        copy.route_goods = self.route_goods.copy()
        copy.shared = self.shared.copy()
        return copy

    @property
    def points(self) -> int:
        """VP scored so far during play (the VP track)."""
        return sum(self.vp.values())

    def add_vp(self, category: str, amount: int) -> None:
        if amount:
            self.vp[category] = self.vp.get(category, 0) + amount


@dataclass(slots=True)
class ShieldTable:
    """The 2019 shields off the players' castles (:mod:`burgundy_cli.castles.modules.shields`).

    ``depots[d]``: shield numbers lying on depot ``d`` (1..6; index 0 unused), never
    replenished; ``removed``: shields removed from the game (unpaid tribute, replaced on a
    castle); ``box``: shields never dealt; ``orders``: seat -> the tribute the player has
    declared for this phase's end (shields given up, workers paid with shield 3);
    ``used``: ``(seat, shield)`` abilities used once this phase or turn (14, 15, 16);
    ``borrowed``: seat -> the seat whose monastery tiles shield 6 lends them; ``ship``:
    (seat, phase, round) of the last ship placed by a holder of shield 5, whose goods choice
    may follow; ``die16``: (seat, phase, round) of the turn in which shield 16 last set a die;
    ``swept``: option ``solo-shield5-first`` (2019 solo game), the goods the last solo ship of a
    holder of shield 5 removed from the other depots, and the goods the player held right after
    it, as ((type, count), ...) pairs: shield 5's take may still come from them (None: none kept).
    """

    depots: list[list[int]] = field(default_factory=lambda: [[] for _ in range(7)])
    removed: list[int] = field(default_factory=list)
    box: list[int] = field(default_factory=list)
    orders: dict[int, tuple[tuple[int, ...], int]] = field(default_factory=dict)
    used: set[tuple[int, int]] = field(default_factory=set)
    borrowed: dict[int, int] = field(default_factory=dict)
    ship: tuple[int, int, int] | None = None
    die16: tuple[int, int, int] | None = None
    swept: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] | None = None

    def copy(self) -> ShieldTable:
        """An independent copy, built field by field without ``__init__`` (every branch of a
        2019 game with shields copies its table: a move listing makes hundreds)."""
        copy = ShieldTable.__new__(ShieldTable)
        copy.depots = list(map(list.copy, self.depots))
        copy.removed = self.removed.copy()
        copy.box = self.box.copy()
        copy.orders = self.orders.copy()
        copy.used = self.used.copy()
        copy.borrowed = self.borrowed.copy()
        copy.ship = self.ship
        copy.die16 = self.die16
        copy.swept = self.swept
        return copy


@dataclass(slots=True)
class SoloState:
    """The 2019 solo game's table (:mod:`burgundy_cli.castles.modules.solo`).

    ``target``: the target VP marker; ``base``: the VP total at the counter's last reset (the
    counter shows the VP total less ``base``); ``seen``: the VP total when last looked at (a
    rise is a gain); ``resets``: resets so far; ``removals``: the rounds whose tile removal is
    done (rounds are counted 1..25); ``removed``: the tiles removed, in order; ``extra``: reset
    extra actions still open; ``black``: completed colours' black-depot tiles still to place;
    ``ship``: a ship's 5-goods exchange is open (``shipped``: opened by the line being played,
    which :func:`~burgundy_cli.castles.modules.solo.after_line` reads and clears); ``gained``: VP were gained (so VP may be
    bought); ``stamp``: the round (1..25) those open choices belong to -- they lapse with the
    next roll; ``colours``: the colours completed so far (for #26); ``goods_out``: goods tiles
    removed from the game by ships and exchanges, by type (index 0 unused): still counted among
    the 7 of their type. ``pending``: the VP gained since the counter last moved, as
    ``(category, VP)`` in the order scored, in steps (a placement's: its completed area, then
    its tile's effect), moved in the order the player chooses.
    """

    target: int = 50
    base: int = 0
    seen: int = 0
    resets: int = 0
    removals: int = 0
    removed: list[str] = field(default_factory=list)
    extra: int = 0
    black: int = 0
    ship: bool = False
    gained: bool = False
    stamp: int = 0
    colours: list[str] = field(default_factory=list)
    goods_out: list[int] = field(default_factory=lambda: [0] * 7)
    pending: list[list[tuple[str, int]]] = field(default_factory=list)
    shipped: bool = False

    def copy(self) -> SoloState:
        return SoloState(self.target, self.base, self.seen, self.resets, self.removals, self.removed.copy(),
                         self.extra, self.black, self.ship, self.gained, self.stamp, self.colours.copy(),
                         self.goods_out.copy(), [step.copy() for step in self.pending])


@dataclass(slots=True, eq=False)
class GameState:
    """The whole table.

    ``stage``: ``phase`` -- a phase is about to start (the last phase's leftovers still lie
    on the depots); ``setup`` -- the phase has begun (reveals, phase goods), its first roll
    is due; ``roll`` -- the next round's dice are due; ``turn`` -- a player is to move;
    ``over`` -- the fifth phase has ended (``phase``/``round`` stay at E, 5).
    ``bridge``: the turn-order track as stacks per space (index 0 = start space), each
    stack listed bottom to top by seat. ``order``: the turn order of the current round;
    ``turn``: index into it. ``bought``: the player to move has bought this turn.
    ``late_buyer``: seat of the player whose turn has just ended and who may still buy
    (a purchase may come after the dice actions), else -1. ``late_purse``: when that turn
    was a phase's last, the late buyer's (silverlings, workers) as it ended, before the
    phase end paid its income (mines, knowledge tile 2): the purchase belongs to the turn,
    so it is paid from what they held then (``actions.purse``); None otherwise.
    ``depots[d]``: hex tiles lying on depot ``d`` (0 = black); ``depot_goods[d]``: goods
    tiles on depot ``d`` (1..6). ``revealed[d]``: the record said what depot ``d`` got this
    phase; ``taken[d]``: colours taken this phase from an unrevealed depot ``d``.
    ``round_goods``: goods still on the round spaces, top first (None: not recorded).
    ``supply``: kind -> [coloured backs left, black backs left] in the face-down supply
    (the tiles not yet drawn); copies share these pairs, so change one with
    :meth:`draw`, never in place;
    ``removed``: tiles returned to the box (discarded or left over at a phase end).
    ``bonus_taken``: colour code -> bonus tiles taken (0, 1, 2). ``goods_used[t]``: goods
    tiles of type ``t`` in play (at most 7). ``unverified``: notes on what the record left
    the referee to trust (a depot whose reveal was not recorded).
    ``seats``: player name -> seat (derived from ``players``). ``ruleset``: the rules in
    force (the base game and the modules of ``options.modules``), passed in by whoever
    builds the state (:mod:`burgundy_cli.castles.record.setup`). ``shields``: the 2019 shields
    module's table (:class:`ShieldTable`), None in games without it. ``teams``: the 2019 team
    game's teams (``modules.team.Teams``, never changed), None in games without it. ``solo``: the
    2019 solo game's counter, target and removed tiles (:class:`SoloState`), None in other games.
    """

    edition: str
    options: Options
    players: list[PlayerState]
    bridge: list[list[int]]
    ruleset: Ruleset
    phase: int = 0
    round: int = 0
    stage: str = "phase"
    order: list[int] = field(default_factory=list)
    turn: int = 0
    bought: bool = False
    late_buyer: int = -1
    white: int | None = None
    depots: list[list[str]] = field(default_factory=lambda: [[] for _ in range(7)])
    depot_goods: list[list[int]] = field(default_factory=lambda: [[] for _ in range(7)])
    revealed: list[bool] = field(default_factory=lambda: [False] * 7)
    taken: list[list[str]] = field(default_factory=lambda: [[] for _ in range(7)])
    round_goods: list[int] | None = None
    supply: dict[str, list[int]] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)
    bonus_taken: dict[str, int] = field(default_factory=dict)
    goods_used: list[int] = field(default_factory=lambda: [0] * 7)
    unverified: list[str] = field(default_factory=list)
    seats: dict[str, int] = field(default_factory=dict)
    shields: ShieldTable | None = None
    teams: Any = None
    solo: SoloState | None = None
    late_purse: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        self.seats = {player.name: index for index, player in enumerate(self.players)}

    def copy(self) -> GameState:
        """An independent copy (lists and dicts copied one level; boards shared)."""
        return GameState(
            self.edition, self.options, [p.copy() for p in self.players], [s.copy() for s in self.bridge],
            self.ruleset, self.phase, self.round, self.stage, self.order.copy(), self.turn, self.bought,
            self.late_buyer, self.white, [d.copy() for d in self.depots], [g.copy() for g in self.depot_goods],
            self.revealed.copy(), [t.copy() for t in self.taken],
            None if self.round_goods is None else self.round_goods.copy(),
            dict(self.supply), self.removed.copy(), self.bonus_taken.copy(),
            self.goods_used.copy(), self.unverified.copy(),
            shields=None if self.shields is None else self.shields.copy(), teams=self.teams,
            solo=None if self.solo is None else self.solo.copy(), late_purse=self.late_purse)

    def branch(self, seat: int) -> GameState:
        """A cheaper copy in which only player ``seat``, the bonus tiles, the bridge, the depots
        and what leaves them may change: enough to check a placement's purchase and granted
        action on the branch after applying the placement there. The other players are shared.

        Built field by field (no ``__init__``): the engine branches for every placement that
        grants an action, so this is on the replay's hot path.
        """
        branch = GameState.__new__(GameState)
        branch.edition = self.edition
        branch.options = self.options
        players = branch.players = self.players.copy()
        players[seat] = players[seat].copy()
        branch.bridge = list(map(list.copy, self.bridge))
        branch.phase = self.phase
        branch.round = self.round
        branch.stage = self.stage
        branch.order = self.order
        branch.turn = self.turn
        branch.bought = self.bought
        branch.late_buyer = self.late_buyer
        branch.late_purse = self.late_purse
        branch.white = self.white
        branch.depots = list(map(list.copy, self.depots))
        branch.depot_goods = list(map(list.copy, self.depot_goods))
        branch.revealed = self.revealed
        branch.taken = list(map(list.copy, self.taken))
        branch.round_goods = self.round_goods
        branch.supply = self.supply.copy()
        branch.removed = self.removed.copy()
        branch.bonus_taken = self.bonus_taken.copy()
        branch.goods_used = self.goods_used
        branch.unverified = self.unverified.copy()
        branch.seats = self.seats
        branch.ruleset = self.ruleset
        branch.shields = None if self.shields is None else self.shields.copy()
        branch.teams = self.teams
        branch.solo = None if self.solo is None else self.solo.copy()
        return branch

    def own_player(self, seat: int) -> PlayerState:
        """Player ``seat`` copied afresh into this state, to be changed by a rule acting on a
        player other than the one to move (2019 shields 2 and 6). Branches and undo copies
        share the players they do not copy: copying on write keeps a check or a listing on a
        branch from reaching the position, and lets :meth:`restore` take such a change back."""
        player = self.players[seat] = self.players[seat].copy()
        return player

    def restore(self, undo: GameState, seat: int) -> None:
        """Undo what was done since ``undo = self.branch(seat)``, within what a branch lets
        change: this state and its player ``seat`` take back the branch's fields, keeping
        their identity (the engine's undo when a placement's granted action is illegal)."""
        for name in GameState.__slots__:
            if name != "players":
                setattr(self, name, getattr(undo, name))
        for other, kept in enumerate(undo.players):  # put back any other player copied on write
            if other != seat:
                self.players[other] = kept
        player, saved = self.players[seat], undo.players[seat]
        for name in PlayerState.__slots__:
            setattr(player, name, getattr(saved, name))

    def draw(self, tile: str, black: bool) -> None:
        """One ``tile`` with a black (or coloured) back leaves the supply."""
        self.draw_each((tile,), black)

    def draw_each(self, tiles: Iterable[str], black: bool) -> None:
        """Each of ``tiles`` (one copy per mention) with a black (or coloured) back leaves the supply."""
        supply = self.supply
        if black:
            for tile in tiles:
                coloured, left = supply[tile]
                supply[tile] = [coloured, left - 1]
        else:
            for tile in tiles:
                left, black_left = supply[tile]
                supply[tile] = [left - 1, black_left]

    @property
    def player_count(self) -> int:
        return len(self.players)

    def seat(self, name: str) -> int:
        """The seat of the player called ``name``; -1 when no such player."""
        return self.seats.get(name, -1)

    def to_move(self) -> int:
        """Seat of the player to move, or -1 outside a turn."""
        return self.order[self.turn] if self.stage == "turn" else -1

    def bridge_order(self) -> list[int]:
        """Seats in turn order as the bridge shows it now: farthest space first, top of a stack first."""
        return [seat for stack in reversed(self.bridge) if stack for seat in reversed(stack)]

    def bridge_space(self, seat: int) -> int:
        for space, stack in enumerate(self.bridge):
            if seat in stack:
                return space
        raise ValueError(seat)
