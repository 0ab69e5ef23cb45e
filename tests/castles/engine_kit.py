"""Helpers for the engine tests: build states and commands directly, and play random games.

Engine tests use no notation: commands are built from :mod:`burgundy_cli.castles.rules.commands`
models through :func:`cmd`. :func:`random_game` deals the table's chance events and picks
random actions that pass :func:`engine.check`; it exists to drive whole games through the
engine in tests (flow, invariants), not as the project's move generator.
"""

from __future__ import annotations

import random

from burgundy_cli.castles.rules import engine
from burgundy_cli.castles.rules.boards import space_name
from burgundy_cli.castles.rules.commands import validate_command
from burgundy_cli.castles.playout import deal_goods, deal_reveals
from burgundy_cli.castles.record.position_table import state_from_position
from burgundy_cli.castles.record.setup_table import state_from_setup
from burgundy_cli.castles.rules.state import GameState
from burgundy_cli.castles.rules.tiles import catalogue
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.game import GameHeader

NAMES = ("anna", "ben", "cara", "dario")


def header(players: int = 2, edition: str = "2011", **options) -> GameHeader:
    return GameHeader(name="castles-of-burgundy", edition=edition, players=list(NAMES[:players]),
                      options={k.replace("_", "-"): v for k, v in options.items()})


def cmd(**data):
    """A command from keyword data, e.g. ``cmd(kind="die", player="anna", rolled=3, action={...})``."""
    return validate_command(data)


def new_game(players: int = 2, edition: str = "2011", goods=None, **options) -> GameState:
    """A fresh game on duchy 1, start castle on d4, everyone starting with goods 1, 2, 3 (or ``goods``)."""
    goods = goods or {name: [1, 2, 3] for name in NAMES[:players]}
    return state_from_setup(header(players, edition, **options), {"goods": goods})


def position(players: dict, edition: str = "2011", **table) -> GameState:
    """A state from a ``[position]`` table; ``players`` maps names to their entries."""
    head = GameHeader(name="castles-of-burgundy", edition=edition, players=list(players),
                      options=table.pop("options", {}))
    return state_from_position(head, {"players": players, **table})


def play_all(state: GameState, *commands) -> GameState:
    for command in commands:
        engine.play(state, command)
    return state


# --- random games ----------------------------------------------------------------------------------


def _candidates(state: GameState, rng: random.Random) -> list:
    seat = state.to_move()
    player = state.players[seat]
    out = []
    discard = player.storage[0] if len(player.storage) >= 3 else None
    for rolled in sorted(set(player.dice)):
        for value in sorted({rolled, rolled % 6 + 1, (rolled - 2) % 6 + 1}):
            base = {"kind": "die", "player": player.name, "rolled": rolled, "value": value}
            out.append({**base, "action": {"kind": "workers"}})
            out.append({**base, "action": {"kind": "sell", "goods": value}})
            for tile in state.depots[value]:
                out.append({**base, "action": {"kind": "take", "tile": tile, "discard": discard}})
            for tile in sorted(set(player.storage)):
                for space in range(37):
                    if player.board.die[space] == value and player.duchy[space] is None:
                        out.append({**base, "action": _place(state, tile, space, rng)})
    for tile in state.depots[0]:
        out.append({"kind": "buy", "player": player.name, "tile": tile,
                    "discard": player.storage[-1] if len(player.storage) >= 3 else None})
    return out


def _place(state: GameState, tile: str, space: int, rng: random.Random) -> dict:
    action = {"kind": "place", "tile": tile, "space": space_name(space)}
    kind = catalogue()[tile]
    if kind.type == "ship":
        with_goods = [d for d in range(1, 7) if state.depot_goods[d]]
        if with_goods:
            action["goods"] = rng.choice(with_goods)
    elif kind.type == "castle":
        action["then"] = {"kind": "workers"}
    elif tile == "warehouse":
        player = state.players[state.to_move()]
        if player.goods:
            action["then"] = {"kind": "sell", "goods": rng.choice(sorted(player.goods))}
    return action


def _legal(state: GameState, data: dict):
    command = validate_command(data)
    try:
        engine.check(state, command)
    except IllegalMoveError:
        return None
    return command


def random_game(seed: int, players: int = 2, edition: str = "2011", reveal: bool = True,
                stop_after: int | None = None) -> tuple[GameState, list]:
    """Play a whole game with random legal choices; return the final state and every command."""
    rng = random.Random(seed)
    goods = {name: rng.sample([1, 2, 3, 4, 5, 6], 3) for name in NAMES[:players]}
    state = new_game(players, edition, goods)
    log: list = []
    while state.stage != "over" and (stop_after is None or len(log) < stop_after):
        if state.stage == "phase":
            reveals = [cmd(kind="reveal", depot=depot, tiles=tiles)
                       for depot, tiles in (deal_reveals(rng, state) if reveal else [])]
            lines = reveals + [cmd(kind="phase-goods", goods=deal_goods(rng, state))]
        elif state.stage in ("roll", "setup"):
            lines = [cmd(kind="roll", white=rng.randint(1, 6),
                         dice={p.name: (rng.randint(1, 6), rng.randint(1, 6)) for p in state.players})]
        else:
            options = _candidates(state, rng)
            rng.shuffle(options)
            chosen = next((c for c in (_legal(state, o) for o in options) if c is not None), None)
            lines = [chosen or cmd(kind="pass", player=state.players[state.to_move()].name)]
        for line in lines:
            engine.play(state, line)
            log.append(line)
    return state, log


def at_turn(edition: str = "2011", **table) -> GameState:
    """A position with the first listed player to move (give them ``dice``).

    ``players`` entries default to duchy 1 with only the start castle (the later players to
    dice 1, 1); the bridge lists the players in the given order, so that is the turn order.
    """
    players = table.pop("players")
    names = list(players)
    for name in names[1:]:
        players[name] = {"dice": [1, 1], **players[name]}
    table.setdefault("to_move", names[0])
    table.setdefault("bridge", [names])
    return position(players, edition, **table)


def assert_illegal(state: GameState, command, rule_id: str) -> IllegalMoveError:
    """``command`` is rejected by the rule ``rule_id`` and the state is left unchanged."""
    import pytest

    before = repr((state.players[0].storage, state.players[0].duchy, state.stage, state.turn))
    with pytest.raises(IllegalMoveError) as info:
        engine.check(state, command)
    assert info.value.rule.id == rule_id, info.value
    assert repr((state.players[0].storage, state.players[0].duchy, state.stage, state.turn)) == before
    return info.value


def assert_illegal_hinted(state: GameState, command, rule_id: str) -> IllegalMoveError:
    """:func:`assert_illegal`, its hint as a record's session gives it: ending in the fix line
    the rule found, written by the notation's writer (``record/clarify.with_fix_hint``)."""
    from burgundy_cli.castles.record.clarify import with_fix_hint

    return with_fix_hint(state, command, assert_illegal(state, command, rule_id))


def random_command(state: GameState, rng: random.Random):
    """Any well-formed command, legal or (mostly) not: for robustness tests of ``check``."""
    names = list(catalogue()) + ["dragon"]
    player = rng.choice([p.name for p in state.players] + ["zoe"])

    def action(depth: int = 0) -> dict:
        kind = rng.choice(["take", "place", "sell", "workers"])
        if kind == "take":
            return {"kind": "take", "tile": rng.choice(names), "depot": rng.choice([None, 1, 2, 3, 4, 5, 6]),
                    "discard": rng.choice([None, *names[:5]])}
        if kind == "place":
            place = {"kind": "place", "tile": rng.choice(names), "space": rng.choice("abcdefg") + str(rng.randint(1, 7))}
            if rng.random() < 0.3:
                place["goods"] = rng.randint(1, 6)
            if rng.random() < 0.1:
                place["goods2"] = rng.randint(1, 6)
            if rng.random() < 0.1:
                place["keep"] = tuple(rng.sample(range(1, 7), rng.randint(0, 3)))
            if depth < 2 and rng.random() < 0.3:
                place["then"] = action(depth + 1)
            if rng.random() < 0.1:
                place["buy"] = {"player": player, "tile": rng.choice(state.depots[0] or names)}
            return place
        return {"kind": "sell", "goods": rng.randint(1, 6)} if kind == "sell" else {"kind": "workers"}

    kind = rng.choice(["die"] * 6 + ["buy", "pass", "correction", "roll", "reveal", "phase-goods"])
    if kind == "die":
        return cmd(kind="die", player=player, rolled=rng.randint(1, 6), value=rng.choice([None, 1, 2, 3, 4, 5, 6]),
                   action=action())
    if kind == "buy":
        return cmd(kind="buy", player=player, tile=rng.choice(names), depot=rng.choice([None, None, 2]),
                   discard=rng.choice([None, *names[:3]]), pay_workers=rng.choice([0, 0, 1, 2]))
    if kind == "pass":
        return cmd(kind="pass", player=player)
    if kind == "correction":
        return cmd(kind="correction", player=player, resource=rng.choice(["silver", "workers", "vp", "goods3"]),
                   amount=rng.randint(-3, 3))
    if kind == "roll":
        return cmd(kind="roll", white=rng.randint(1, 6), good=rng.choice([None, 1, 2, 3]),
                   dice={p.name: (rng.randint(1, 6), rng.randint(1, 6)) for p in state.players})
    if kind == "reveal":
        return cmd(kind="reveal", depot=rng.randint(0, 6), tiles=rng.sample(names, rng.randint(0, 4)))
    return cmd(kind="phase-goods", goods=[rng.randint(1, 6) for _ in range(5)])
