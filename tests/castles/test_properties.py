"""Property tests over seeded Castles of Burgundy playouts (hypothesis, derandomized).

Each example deals and plays a game with :func:`play_game` (2-4 players, both editions; most
stop early to keep CI fast) while a watcher checks every step:

* nothing is lost or invented: every hex tile of the box is in exactly one of the supply,
  a depot, a storage, a duchy or the discarded/removed pile; each goods type's tiles in
  play (held, sold, on depots, on the round spaces) match what came out of the box (<= 7);
* silver and workers move only as the rules say (the watcher recomputes each line's flow);
* VP never decrease; the game is over exactly when phase E's round 5 has been played;

and at the end the record reads back, replays and scores the same, and writes the same
bytes; for sampled positions the generator agrees with ``engine.check`` both ways and
every generated command reads back from its canonical text. About 140 games in all.
"""

from __future__ import annotations

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.rules import commands as c
from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.movegen import legal_commands
from burgundy_cli.castles.notation import format_command, parse_line
from burgundy_cli.castles.playout import play_game
from burgundy_cli.castles.rules.tiles import GOODS_PER_TYPE, catalogue, outside_piles
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc
from tests.castles.movegen_oracle import accepted

PLAYERS = st.integers(2, 4)
EDITIONS = st.sampled_from(["2011", "2019"])
SEEDS = st.integers(0, 10**6)
#: Shrinking a whole game is slow and rarely simpler: a failure reports its seed as found.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


# --- conservation -----------------------------------------------------------------------------------


def holders(state) -> list:
    """The players whose duchy, goods and shared storage are counted: everyone, or in the 2019
    team game each team's first player (the team's property is one, kept alike for both)."""
    if state.teams is None:
        return state.players
    return [state.players[first] for first, _ in state.teams.members]


def tiles_accounted(state) -> None:
    where: dict[str, int] = {}
    for pile in (*state.depots, *(p.storage for p in state.players), *(p.duchy for p in holders(state)),
                 *(p.shared for p in holders(state)), state.removed):
        for tile in pile:
            if tile is not None:
                where[tile] = where.get(tile, 0) + 1
    for name, kind in catalogue().items():
        if outside_piles(kind):  # a module's tiles outside the piles (inns): test_rules_module_inns
            assert where.get(name, 0) <= kind.count, name
            continue
        in_box = sum(state.supply[name])
        assert in_box >= 0, name
        in_game = kind.module is None or kind.module in state.ruleset.modules  # (the crane: with its module)
        assert in_box + where.get(name, 0) == (kind.coloured + kind.black if in_game else 0), name


def goods_accounted(state) -> None:
    for good in range(1, 7):
        in_play = sum(p.goods.get(good, 0) + p.sold[good] for p in holders(state))
        in_play += sum(depot.count(good) for depot in state.depot_goods)
        in_play += (state.round_goods or []).count(good)
        assert in_play == state.goods_used[good] <= GOODS_PER_TYPE, good
    for player in state.players:
        assert len(player.goods) <= 3 and all(count > 0 for count in player.goods.values())


#: Knowledge tiles that change a die by 1 for free, by what the die is used for (2011 rules,
#: 'The knowledge tiles' 9-12): 9 buildings, 10 ships and animals, 11 castles, mines and
#: knowledge tiles, 12 taking a tile from the board.
_FREE_BY_COLOUR = {"B": 9, "S": 10, "L": 10, "C": 11, "M": 11, "Y": 11}


def workers_needed(player, rolled: int, value: int, action, options) -> int:
    """Fewest workers that turn ``rolled`` into ``value``, found by trying, not by formula.

    Each worker moves the die one step up or down, 1 and 6 being neighbours (2011 rules,
    'Worker tiles'); with knowledge tile 8 one or two steps. Tiles 9-12 add one free step
    (two with tile 8 under option ``k8-doubles-free-change``) for the actions they name.
    """
    def wrap(die: int) -> int:
        return (die - 1) % 6 + 1

    known = player.knowledge
    if isinstance(action, c.TakeAction):
        free_tile = 12
    elif isinstance(action, c.PlaceAction):
        free_tile = _FREE_BY_COLOUR.get(catalogue()[action.tile].colour) if action.tile in catalogue() else None
    else:
        free_tile = None
    free = 0 if free_tile not in known else 2 if options.k8_doubles_free and 8 in known else 1
    per_worker = (1, 2) if 8 in known else (1,)
    reached = {rolled}
    for workers in range(7):
        with_free = {wrap(die + step) for die in reached for step in range(-free, free + 1)}
        if value in with_free:
            return workers
        reached |= {wrap(die + sign * step) for die in reached for step in per_worker for sign in (1, -1)}
    raise AssertionError(f"{rolled} never becomes {value}")


def _action_flow(player, action) -> tuple[int, int]:
    """(silver, workers) an action brings, by the rulebook; knowledge tiles as held before the line."""
    known = player.knowledge
    if isinstance(action, c.WorkersAction):
        return (13 in known), 4 if 14 in known else 2
    if isinstance(action, c.SellAction):
        return 2 if 3 in known else 1, int(4 in known)
    if isinstance(action, c.PlaceAction):
        # (a 2019 crane triggering the bank or the boarding house brings what they bring)
        silver, workers = {"bank": (2, 0), "boarding-house": (0, 4)}.get(action.copy or action.tile, (0, 0))
        if action.buy is not None:  # 2019: the turn's purchase, made during this placement
            paid = _purchase_flow(action.buy)
            silver, workers = silver + paid[0], workers + paid[1]
        if action.then is not None:
            more = _action_flow(player, action.then)
            silver, workers = silver + more[0], workers + more[1]
        return silver, workers
    return 0, 0


def _purchase_flow(buy: c.BuyCommand) -> tuple[int, int]:
    """A purchase costs 2 silverlings, or 2 workers (2019 knowledge tile 6)."""
    return buy.pay_workers - 2, -buy.pay_workers


def expected_flow(state, command) -> dict[str, tuple[int, int]]:
    """Silver and workers each player should gain from ``command`` (phase-end income aside)."""
    if isinstance(command, c.BuyCommand):
        return {command.player: _purchase_flow(command)}
    if isinstance(command, c.HireCommand):  # 2019 extra tile #28: 2 workers a silverling
        return {command.player: (-(command.workers // 2), command.workers)}
    if isinstance(command, c.DieCommand):
        player = state.players[state.seat(command.player)]
        value = command.rolled if command.value is None else command.value
        cost = workers_needed(player, command.rolled, value, command.action, state.options)
        silver, workers = _action_flow(player, command.action)
        return {command.player: (silver, workers - cost - _white_castle_workers(state, player, command.action))}
    return {}


def _white_castle_workers(state, player, action) -> int:
    """Workers the 2019 white castles' actions in the chain ``action`` pay: from the white die to
    the number the action uses (its depot, its space's number, its goods type; workers: none)."""
    paid = 0
    while isinstance(action, c.PlaceAction) and action.then is not None:
        then = action.then
        if "white-castle" in (action.tile, action.copy) and not isinstance(then, c.WorkersAction):
            number = (then.depot if isinstance(then, c.TakeAction) else then.goods if isinstance(then, c.SellAction)
                      else player.board.die[space_id(then.space)])
            paid += workers_needed(player, state.white, number, then, state.options)
        action = then
    return paid


class Watcher:
    """Checks every step of a playout: ``play_game(..., visit=watcher)`` calls it after each line."""

    def __init__(self) -> None:
        self.before = None
        self.rolls = 0

    def __call__(self, session) -> None:
        state = session.state
        command = session.lines[-1][1]
        tiles_accounted(state)
        goods_accounted(state)
        self.rolls += isinstance(command, c.RollEvent)
        assert (state.stage == "over") == (self.rolls == 25 and state.stage != "turn"), "ends after E5 only"
        before = self.before
        if before is not None:
            flows = expected_flow(before, command)
            if state.teams is not None:  # 2019 team game: silver and workers are the team's
                for name, flow in list(flows.items()):
                    flows[state.players[state.teams.mate(state.seat(name))].name] = flow
            phase_ended = state.phase != before.phase or (state.stage == "over") != (before.stage == "over")
            for old, new in zip(before.players, state.players):
                silver, workers = flows.get(old.name, (0, 0))
                if phase_ended:
                    mines = new.duchy.count("mine")
                    silver += mines
                    workers += mines if 2 in new.knowledge else 0
                assert (new.silver - old.silver, new.workers - old.workers) == (silver, workers), (old.name, command)
                assert new.silver >= 0 and new.workers >= 0
                assert new.points >= old.points, "VP never decrease"
        self.before = state.copy()


def watched_game(players: int, seed: int, edition: str, stop_after: int | None, modules: tuple[str, ...] = ()):
    """The playout session (with the 2019 ``modules``), with every line checked by a :class:`Watcher`."""
    watcher = Watcher()
    return play_game(players, seed, edition, stop_after, visit=watcher, modules=modules), watcher


def record_round_trip(session) -> None:
    """The record reads back, replays and scores to the same result; written again, same bytes."""
    text = dump_record(session.record_data())
    replayed = open_doc(parse_record_text(text, "playout.toml"))
    assert replayed.score().to_json() == session.score().to_json()
    assert dump_record(replayed.record_data()) == text


# --- the properties ---------------------------------------------------------------------------------


@settings(max_examples=24, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=PLAYERS, edition=EDITIONS, seed=SEEDS)
def test_whole_games_conserve_everything_and_end_after_phase_e(players, edition, seed):
    """2011 rulebook 'Game end': the game ends after the 5th round of phase E (25 rounds)."""
    session, watcher = watched_game(players, seed, edition, None)
    assert session.state.stage == "over"
    assert watcher.rolls == 25
    assert session.score().complete
    record_round_trip(session)


@settings(max_examples=80, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=PLAYERS, edition=EDITIONS, seed=SEEDS, stop_after=st.integers(0, 160))
def test_unfinished_games_conserve_everything_and_round_trip(players, edition, seed, stop_after):
    session, watcher = watched_game(players, seed, edition, stop_after)
    actions = sum(command.kind in ("die", "buy", "pass") for _, command in session.lines)
    assert (session.state.stage == "over") == (actions < stop_after), "stops after K actions unless the game ended"
    assert session.score().complete == (session.state.stage == "over")
    record_round_trip(session)


@settings(max_examples=25, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=PLAYERS, edition=EDITIONS, seed=SEEDS, stop_after=st.integers(1, 200))
def test_moves_and_check_agree_on_sampled_positions(players, edition, seed, stop_after):
    state = play_game(players, seed, edition, stop_after).state
    assert {format_command(command) for command in legal_commands(state)} == accepted(state)


@settings(max_examples=10, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=PLAYERS, edition=EDITIONS, seed=SEEDS)
def test_every_generated_command_reads_back_from_its_text(players, edition, seed):
    """parse(format(command)) == command for every command listed at every step of a game."""
    listed = 0

    def visit(session) -> None:
        nonlocal listed
        for command in legal_commands(session.state):
            assert parse_line(format_command(command)) == command
            listed += 1

    play_game(players, seed, edition, 120, visit=visit)
    assert listed > 0


# --- the 2019 team game -----------------------------------------------------------------------------


@settings(max_examples=8, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(seed=SEEDS, stop_after=st.none() | st.integers(0, 200))
def test_team_games_conserve_everything_and_keep_the_team_property_alike(seed, stop_after):
    """2019 rules, 'THE TEAM GAME': workers, silver, goods and shared tiles are the team's; every
    tile and goods tile is somewhere once; the record round-trips; team totals add up."""
    session, _ = watched_game(4, seed, "2019", stop_after, ("team-game",))
    state = session.state
    for first, second in state.teams.members:
        a, b = state.players[first], state.players[second]
        assert (a.duchy, a.shared, a.goods, a.sold, a.silver, a.workers, a.knowledge) == \
            (b.duchy, b.shared, b.goods, b.sold, b.silver, b.workers, b.knowledge)
        assert len(a.shared) <= 2 and len(a.storage) <= 2 and len(b.storage) <= 2
    assert len(state.bridge) <= 7
    table = session.score()
    totals = {line.name: line.total for line in table.players}
    team_sums = sorted((totals[state.players[x].name] + totals[state.players[y].name], t)
                       for t, (x, y) in enumerate(state.teams.members))
    if table.complete and team_sums[0][0] != team_sums[1][0]:
        assert {state.seat(name) for name in table.winner} == set(state.teams.members[team_sums[1][1]])
    record_round_trip(session)


@settings(max_examples=3, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(seed=SEEDS, stop_after=st.integers(1, 200))
def test_team_game_moves_and_check_agree_on_sampled_positions(seed, stop_after):
    state = play_game(4, seed, "2019", stop_after, modules=("team-game",)).state
    assert {format_command(command) for command in legal_commands(state)} == accepted(state)
