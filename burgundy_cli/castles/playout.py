"""Seeded playouts: deal a random table from a seed and play it out with a simple policy.

Everything chance brings is dealt with ``random.Random(seed)`` and written into the record
as the table would type it: the ``[setup]`` (duchies, start castles, starting goods, start
player), each phase's depot reveals and goods, each round's roll (white die, its goods
tile, every player's dice). The players' lines come from :func:`movegen.legal_commands`,
chosen by :func:`choose`, a greedy policy with seeded noise (prefer placing, selling and
taking over workers; prefer tiles not placed yet in the game, so that over a few games
every tile type, building and many knowledge tiles appear). Every line goes through the
record layer's session (parse, check, apply), whose canonical writer makes the record:
``burgundy fmt`` leaves it byte-identical and ``burgundy score`` reproduces its result.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from burgundy_cli.castles.rules import commands as c
from burgundy_cli.castles.rules.boards import CENTRE, board, board_numbers, depot_spaces, provisional_board, space_id, space_name
from burgundy_cli.castles.rules.engine import free_change, worker_cost
from burgundy_cli.castles.movegen import legal_commands
from burgundy_cli.castles.rules.state import GameState
from burgundy_cli.castles.rules.tiles import GOODS_PER_TYPE, catalogue

NAMES = ("Anna", "Ben", "Cara", "Dario")
DEFAULT_EDITION = "2019"


def deal_setup(rng: random.Random, edition: str, names: list[str],
               duchies: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``[setup]`` table: duchies, start castles, 3 starting goods each, start player.

    Half the games use duchy 1 for everyone (the standard game); the others give each player
    a different duchy and, where its centre is no castle, a random castle space to start on
    (the rulebook's variant for experienced players). With ``duchies`` (a ``[duchies]``
    table: the border posts' game) the players get those and the shipped ``11x`` in a random order.
    """
    setup: dict[str, Any] = {}
    if duchies is not None:
        from burgundy_cli.castles.record.setup import duchy_definitions

        known = {"11x": provisional_board("11x"), **duchy_definitions(duchies, edition)}
        order = list(known)
        rng.shuffle(order)
        setup["boards"] = dict(zip(names, order))
        _deal_starts(rng, setup, lambda number: known[number])
    elif rng.random() < 0.5:
        setup["boards"] = 1
    else:
        numbers = rng.sample(board_numbers(edition), len(names))
        setup["boards"] = dict(zip(names, numbers))
        _deal_starts(rng, setup, lambda number: board(edition, number))
    pool = [good for good in range(1, 7) for _ in range(GOODS_PER_TYPE)]
    rng.shuffle(pool)
    setup["goods"] = {name: sorted(pool[3 * i:3 * i + 3]) for i, name in enumerate(names)}
    setup["start_player"] = rng.choice(names)
    return setup


def _deal_starts(rng: random.Random, setup: dict[str, Any], duchy_of: Callable[[Any], Any]) -> None:
    """A random castle space to start on for each duchy whose centre is no castle."""
    starts = {}
    for name, number in setup["boards"].items():
        duchy = duchy_of(number)
        if duchy.colour[CENTRE] != "C":
            starts[name] = space_name(rng.choice(duchy.castles))
    if starts:
        setup["start"] = starts


def phase_lines(rng: random.Random, state: GameState) -> list[str]:
    """A phase's table lines: each depot's reveal drawn from the supply, then its 5 goods."""
    lines = [f"reveal {'black' if depot == 0 else depot} {' '.join(tiles)}" for depot, tiles in deal_reveals(rng, state)]
    lines.append("goods " + " ".join(map(str, deal_goods(rng, state))))
    return lines


def deal_reveals(rng: random.Random, state: GameState) -> list[tuple[int, list[str]]]:
    """The tiles a phase lays out, depot by depot (0 = black), drawn from what the supply holds.

    A depot whose spaces the supply can no longer fill is left out (its reveal unrecorded).
    """
    kinds = catalogue()
    supply = {name: counts.copy() for name, counts in state.supply.items()}
    reveals = []
    for depot, colours in enumerate(depot_spaces(state.player_count, state.phase)):
        back = 1 if depot == 0 else 0
        tiles = []
        for colour in colours:
            pool = [name for name, kind in kinds.items() if colour in ("X", kind.colour)
                    for _ in range(supply[name][back])]
            if not pool:
                break
            tile = rng.choice(pool)
            supply[tile][back] -= 1
            tiles.append(tile)
        if len(tiles) == len(colours):
            reveals.append((depot, tiles))
    return reveals


def deal_goods(rng: random.Random, state: GameState) -> list[int]:
    """The 5 goods of a phase's stack, drawn from the goods tiles not yet in play."""
    goods = [good for good in range(1, 7) for _ in range(GOODS_PER_TYPE - state.goods_used[good])]
    return rng.sample(goods, 5)


def roll_line(rng: random.Random, state: GameState) -> str:
    """A round's roll: the white die, the goods tile it places, every player's two dice."""
    white = rng.randint(1, 6)
    good = f" good {state.round_goods[0]}" if state.round_goods else ""
    dice = ", ".join(f"{p.name} {rng.randint(1, 6)} {rng.randint(1, 6)}" for p in state.players)
    return f"roll white {white}{good}, {dice}"


# --- the policy -------------------------------------------------------------------------------


def _tile_value(state: GameState, seat: int, tile: str, placed: set[str]) -> float:
    """How much a player wants a tile in storage: placeable colour, and not seen placed yet."""
    kind = catalogue()[tile]
    player = state.players[seat]
    value = 0.0
    spaces = player.board.colour_spaces.get(kind.colour, range(len(player.duchy)))  # (an inn: any colour)
    if any(player.duchy[s] is None for s in spaces):
        value += 2.0
    if tile not in placed:
        value += 2.5 if kind.colour in "YB" else 1.0
    return value


def _action_value(state: GameState, seat: int, action, placed: set[str]) -> float:
    player = state.players[seat]
    if isinstance(action, c.WorkersAction):
        return 1.0 + (2.0 if player.workers < 2 else 0.0)
    if isinstance(action, c.SellAction):
        return 4.0 + 1.5 * player.goods.get(action.goods, 0)
    if isinstance(action, c.TakeAction):
        return 3.0 + _tile_value(state, seat, action.tile, placed) - (4.0 if action.discard else 0.0)
    if isinstance(action, c.ShieldAction):  # shield 11: a castle's extra action takes a shield
        return 4.0 + (0.0 if space_id(action.space) in player.shields else 4.0)
    value = 7.0 + (3.0 if action.tile not in placed else 0.0)
    if action.goods is not None:
        value += 1.0 + (action.goods2 is not None)
    if action.then is not None:
        value += 1.0 + _action_value(state, seat, action.then, placed)
    return value


def _value(state: GameState, command, placed: set[str]) -> float:
    seat = state.seat(command.player)
    if isinstance(command, c.PassCommand):
        return -5.0
    if isinstance(command, c.HireCommand):  # 2019 tile 28: workers when short of them
        return 2.0 - command.workers + (2.0 if state.players[seat].workers < 2 else 0.0)
    if isinstance(command, c.BuyCommand):
        return 2.5 + _tile_value(state, seat, command.tile, placed) - (4.0 if command.discard else 0.0) \
            - command.pay_workers
    if not isinstance(command, c.DieCommand):
        return _module_value(state, seat, command, placed)
    player = state.players[seat]
    value = command.rolled if command.value is None else command.value
    cost = worker_cost(player, command.rolled, value, free_change(player, command.action, state.options))
    return _action_value(state, seat, command.action, placed) - 1.5 * cost


def _module_value(state: GameState, seat: int, command, placed: set[str]) -> float:
    """A module's line: a shield taken with doubles (worth its end VP, less the workers and the
    shield it replaces), shield 5's goods, or a solo game's choice (a tile placed or an extra
    action as the action would be worth; VP bought and the exchange a little less)."""
    from burgundy_cli.castles.modules.shields import end_vp

    player = state.players[seat]
    if isinstance(command, c.SoloPlaceCommand):
        return _action_value(state, seat, command.place, placed)
    if isinstance(command, c.SoloExtraCommand):
        return _action_value(state, seat, command.action, placed)
    if isinstance(command, c.SoloExchangeCommand):  # a tile for any space
        return 6.0
    if isinstance(command, c.SoloVpCommand):
        return 3.0 - command.vp
    if isinstance(command, c.ShieldCommand):
        value = command.dice[0] if command.value is None else command.value
        cost = sum(worker_cost(player, die, value) for die in command.dice)
        replaced = player.shields.get(space_id(command.space))
        return 8.0 + end_vp(command.shield) / 2 - 1.5 * cost - (8.0 if replaced is not None else 0.0) \
            - (4.0 if player.silver < len(player.shields) + 1 else 0.0)
    return 5.0


def choose(rng: random.Random, state: GameState, commands: list, placed: set[str]):
    """The command with the best value plus seeded noise.

    Commands are considered in the order of their canonical text, so that a playout depends
    only on which moves are legal, not on the order the generator lists them in.
    """
    from burgundy_cli.castles.notation import format_command

    best, best_value = None, float("-inf")
    for command in sorted(commands, key=format_command):
        value = _value(state, command, placed) + 3.0 * rng.random()
        if value > best_value:
            best, best_value = command, value
    return best


# --- the playout ------------------------------------------------------------------------------


def playout(players: int, seed: int, edition: str | None = None, stop_after: int | None = None,
            modules: tuple[str, ...] = ()) -> dict[str, Any]:
    """Deal a game from ``seed`` and play it to the end (or ``stop_after`` player actions),
    with the 2019 expansion ``modules`` switched on.

    Returns the canonical record data (``[game]``, ``[setup]``, ``[log]``, ``[result]``).
    The same arguments give the same record, byte for byte.
    """
    return play_game(players, seed, edition, stop_after, modules=modules).record_data()


def deal_game(rng: random.Random, edition: str, names: list[str],
              modules: tuple[str, ...] = ()) -> tuple[dict[str, Any], dict[str, dict] | None]:
    """A seeded deal of a game with the 2019 ``modules``: its ``[setup]`` table and, with the
    border posts, its ``[duchies]`` table (else None). Each module's part is drawn in this
    order, so that a game without a module deals as it did before the module existed."""
    players = len(names)
    duchies = None
    if "border-posts" in modules:
        from burgundy_cli.castles.modules.border import practice_duchies

        duchies = practice_duchies(rng, edition, players - 1)
    if "solo-game" in modules:  # (first: with the team game too, the setup then says why not)
        from burgundy_cli.castles.modules.solo import deal_setup as deal_solo

        setup = deal_solo(rng, names[0])
    elif "team-game" in modules:
        from burgundy_cli.castles.modules.team import deal_team_setup

        setup = deal_team_setup(rng, names)
    else:
        setup = deal_setup(rng, edition, names, duchies)
    if "shields" in modules:  # drawn after the rest, so that a game without shields deals as before
        from burgundy_cli.castles.modules.shields import SHIELDS, deal

        order = list(SHIELDS)
        rng.shuffle(order)
        setup["shields"] = deal(order, players)
    if "trade-routes" in modules:
        from burgundy_cli.castles.modules.routes import deal_routes

        setup["routes"] = deal_routes(rng, names)
    return setup, duchies


def play_game(players: int, seed: int, edition: str | None = None, stop_after: int | None = None,
              visit: Callable[[Any], None] | None = None, modules: tuple[str, ...] = (),
              every_kind: bool = False) -> Any:
    """The playout as a record session (:class:`~burgundy_cli.castles.record.session.CastlesSession`).

    ``stop_after`` counts player actions (die actions, purchases, passes); table lines do not
    count. ``visit(session)`` is called after every line, for tests that watch each step.
    ``modules``: written to ``[game.options] modules`` (checked like a record's: a misspelt or
    unrefereed module, or one in a 2011 game, raises the setup error). ``every_kind``: now
    and then a player also says one of the lines the policy otherwise leaves
    (:data:`NOT_PLAYED`), for the tests that hold the invariants over them; off by default,
    so that the shipped playout records keep their seeds.
    """
    from burgundy_cli.castles.notation import format_command
    from burgundy_cli.castles.record.session import CastlesSession
    from burgundy_cli.castles.record.setup import duchy_definitions
    from burgundy_cli.castles.record.setup_table import state_from_setup
    from burgundy_cli.core.game import GameHeader

    edition = edition or DEFAULT_EDITION
    names = list(NAMES[:players])
    rng = random.Random(seed)
    command_line = f"burgundy playout castles-of-burgundy --players {players} --edition {edition} --seed {seed}"
    if modules:
        command_line += f" --modules {','.join(modules)}"
    if stop_after is not None:
        command_line += f" --stop-after {stop_after}"
    header = GameHeader(name="castles-of-burgundy", edition=edition, players=names,
                        notes=f"Generated by `{command_line}`: a seeded random deal played by a simple "
                              "seeded policy, not a game played by people." + (
                                  " Its trade routes are declared routes generated from the seed, not the printed "
                                  "cards (docs/rulings.md)." if "trade-routes" in modules else ""),
                        options={"modules": list(modules)} if modules else {})
    setup, duchies = deal_game(rng, edition, names, modules)
    session = CastlesSession(header, "setup", setup, state_from_setup(header, setup, duchy_definitions(duchies, edition)))
    session.duchies = duchies
    state = session.state
    placed: set[str] = set()
    actions = 0
    while state.stage != "over" and (stop_after is None or actions < stop_after):
        if state.solo is not None and _solo_step(rng, session, state, placed, visit):
            continue
        listed = legal_commands(state) if every_kind else None  # (listed once for both steps)
        if listed is not None and _aside_step(rng, session, listed, visit):
            continue
        if state.stage == "turn":
            command = choose(rng, state, _policy_lines(state, listed), placed)
        else:
            # only a purchase still open to the last mover (the solo choices are _solo_step's)
            buys = [command for command in _policy_lines(state, listed) if command.kind not in SOLO_CHOICES]
            command = choose(rng, state, buys, placed) if buys and rng.random() < 0.3 else None
            if command is None:
                for line in phase_lines(rng, state) if state.stage == "phase" else []:
                    _play(session, line, visit)
                _play(session, roll_line(rng, state), visit)
                continue
        _play(session, format_command(command), visit)
        actions += 1
        if isinstance(command, c.DieCommand):
            _note_placed(command.action, placed)
    return session


#: Line kinds the policy never plays, though ``moves`` lists them: shield 6's choice, shields
#: 14/15's tile at a phase end and the tribute said ahead (the policy leaves it to the default).
#: They were listed only after the shipped shields records were made; playing them (or only
#: drawing noise for them) would change those records' seeds.
NOT_PLAYED = frozenset({"shield-borrow", "shield-place", "tribute"})


#: The 2019 solo game's open choices, which ``moves`` lists after the round's last die too:
#: :func:`_solo_step` takes them by its own draw, so the purchase step after a turn leaves them
#: out (as it did before they were listed then: the shipped solo records keep their seeds).
SOLO_CHOICES = frozenset({"solo-place", "solo-extra", "solo-vp", "solo-exchange"})


def _policy_lines(state: GameState, listed: list | None = None) -> list:
    """The legal commands the policy chooses among: :func:`movegen.legal_commands` (or
    ``listed``, what it gave for ``state``) but for :data:`NOT_PLAYED`."""
    return [command for command in (legal_commands(state) if listed is None else listed)
            if command.kind not in NOT_PLAYED]


def _aside_step(rng: random.Random, session: Any, listed: list, visit: Callable[[Any], None] | None) -> bool:
    """One in eight times, one of the :data:`NOT_PLAYED` lines of ``listed`` (what ``moves``
    lists now, said by any player, whoever is to move): a kind chosen at random, then a line
    of it (a tribute has many more lines than the others); true when one was played."""
    aside = [command for command in listed if command.kind in NOT_PLAYED]
    if not aside or rng.random() >= 0.125:
        return False
    kind = rng.choice(sorted({command.kind for command in aside}))
    _play(session, rng.choice(sorted(_format(command) for command in aside if command.kind == kind)), visit)
    return True


def _solo_step(rng: random.Random, session: Any, state: GameState, placed: set[str],
               visit: Callable[[Any], None] | None) -> bool:
    """The 2019 solo game's own lines, when due: the round's removal, then (after the turn) a
    choice still open to the player -- taken by the policy's values, each as likely as not."""
    from burgundy_cli.castles.modules.solo import open_lines, removal_line

    line = removal_line(state)
    if line is None and state.stage != "turn":
        lines = [command for _, command in open_lines(state)]
        command = choose(rng, state, lines, placed) if lines else None
        line = None if command is None or rng.random() < 0.2 else _format(command)
    if line is None:
        return False
    _play(session, line, visit)
    return True


def _format(command) -> str:
    from burgundy_cli.castles.notation import format_command

    return format_command(command)


def _play(session: Any, line: str, visit: Callable[[Any], None] | None) -> None:
    session.play(line)
    if visit is not None:
        visit(session)


def _note_placed(action, placed: set[str]) -> None:
    while isinstance(action, c.PlaceAction):
        placed.add(action.tile)
        action = action.then
