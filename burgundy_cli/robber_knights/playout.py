"""Seeded playouts: deal a random table game and play it with a simple random policy.

The deal is written as a table would record it -- the starting layout, the hands and,
in the move log, every tile drawn -- so a playout record is indistinguishable from a typed
game. Every line goes through the session's public ``play`` (parse, check, apply); the
same seed always gives the same record.
"""

from __future__ import annotations

import random
from typing import Any

from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.movegen import lay_cells, marches
from burgundy_cli.robber_knights.commands import DrawCommand, EndCommand, LayCommand
from burgundy_cli.robber_knights.notation import Command, format_command
from burgundy_cli.robber_knights.session import RobberKnightsSession, open_session
from burgundy_cli.robber_knights.setup import COLOURS
from burgundy_cli.robber_knights.state import cell_name

#: Player names used by playouts: people, as at a table (each plays a colour of the box, in
#: seat order: ``[setup] colours``), so statistics over playouts are per person.
PEOPLE = ("Anna", "Ben", "Cara", "Dario")
#: Chance that the policy ends its turn after each tile it lays (when it may).
END_CHANCE = 0.35


def deal(players: int, rng: random.Random) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """A random ``[setup]`` table and each player's pile from top to bottom."""
    names = PEOPLE[:players]
    hands: dict[str, list[str]] = {}
    piles: dict[str, list[str]] = {}
    layout: list[tuple[str, str]] = []
    for name in names:
        tiles = [tile.name for tile in components().tiles.values() for _ in range(tile.count)]
        rng.shuffle(tiles)
        castle = next(t for t in tiles if components().tiles[t].is_castle)
        tiles.remove(castle)
        group_a, piles[name] = tiles[:3], tiles[3:]
        hands[name] = [castle, group_a[0]]
        layout.extend((name, tile) for tile in group_a[1:])
    rng.shuffle(layout)
    rows = [layout[:players], layout[players:]]
    setup = {"layout": [" ".join(f"{o}:{t}" for o, t in row) for row in rows], "hands": hands,
             "colours": dict(zip(names, COLOURS))}
    return setup, piles


def _choose(session: RobberKnightsSession, piles: dict[str, list[str]], rng: random.Random) -> Command:
    """The policy's next command for the player to move."""
    state = session.state
    player = state.players[state.to_move]
    if state.must_draw:
        return DrawCommand(player=player.name, tile=piles[player.name].pop(0))
    if state.lays and rng.random() < END_CHANCE:
        return EndCommand(player=player.name)
    tile = rng.choice(player.hand)
    cell = rng.choice(lay_cells(state))
    kind = components().tiles[tile]
    if kind.is_castle and player.knights:
        options = [(None, ())] + list(marches(state, cell, kind.terrain, player.knights))
        direction, leave = rng.choice(options)
        return LayCommand(player=player.name, tile=tile, cell=cell_name(cell), direction=direction, leave=leave)
    return LayCommand(player=player.name, tile=tile, cell=cell_name(cell))


def playout(players: int, seed: int, edition: str | None = None, stop_after: int | None = None) -> dict[str, Any]:
    """Deal from ``seed``, play until the end (or ``stop_after`` lines); return the record data.

    :raises UsageError: an edition was given (Robber Knights has one) or a bad player count.
    """
    if edition is not None:
        raise UsageError(f"Robber Knights has a single edition; drop --edition {edition}")
    if not 2 <= players <= 4:
        raise UsageError(f"Robber Knights is for 2 to 4 players, not {players}")
    rng = random.Random(seed)
    setup, piles = deal(players, rng)
    header = GameHeader(name="robber-knights", players=list(PEOPLE[:players]),
                        notes=f"dealt and played by 'burgundy playout' with seed {seed}")
    data = {"game": {key: value for key, value in header.model_dump(exclude_none=True).items() if key != "options"}, "setup": setup}
    doc = parse_record_text(dump_record(data), f"<playout seed {seed}>")
    session = open_session(doc, header)
    while not session.state.over and (stop_after is None or len(session.log) < stop_after):
        session.play(format_command(_choose(session, piles, rng)))
    return session.record_data()
