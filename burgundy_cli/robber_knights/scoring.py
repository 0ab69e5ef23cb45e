"""Scoring: the knight on top of a tile controls it; castle 1, village 2, town 3 points.

Ties on points go to the player with the most knights still in front of them; players
equal on both share the win (the rulebook calls it a draw). The knights left are not
points, so they are reported in ``tiebreak`` and ``notes``, never in the breakdown, which
always sums to the total.
"""

from __future__ import annotations

from burgundy_cli.core.game import ScoreLine, ScoreTable
from burgundy_cli.core.render import decided_tie
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.state import State
from burgundy_cli.core.words import counted

#: Breakdown category of each building.
CATEGORIES = {"castle": "castles", "village": "villages", "town": "towns"}


def controlled(state: State) -> list[dict[str, int]]:
    """Each player's tiles of each building (castle, village, town) with their knight on top:
    read off the board, or as an end told without its map gave them (``State.told``)."""
    if state.told is not None:
        return [dict(told) for told in state.told]
    table = [dict.fromkeys(CATEGORIES, 0) for _ in state.players]
    for space in state.board.values():
        building = space.tile.building
        if building and space.knights:
            table[space.knights[-1]][building] += 1
    return table


def points(state: State) -> list[dict[str, int]]:
    """Each player's points by category for the tiles they control now."""
    values = components().points
    return [{CATEGORIES[building]: count * values[building] for building, count in held.items()}
            for held in controlled(state)]


def score(state: State) -> ScoreTable:
    """The score table of ``state``: final when the game is over, standings otherwise.

    An unfinished game has no winner yet (``winner`` is empty), as in every game.
    """
    breakdowns = points(state)
    keys = [(sum(b.values()), player.knights) for b, player in zip(breakdowns, state.players)]
    lines = [ScoreLine(name=player.name, total=key[0], rank=1 + sum(other > key for other in keys), breakdown=b)
             for player, key, b in zip(state.players, keys, breakdowns)]
    best = max(keys)
    winner = [line.name for line, key in zip(lines, keys) if key == best]
    tied = [line.name for line, key in zip(lines, keys) if key[0] == best[0]]
    left = ", ".join(f"{player.name} {player.knights}" for player in state.players)
    tiebreak = None
    if len(tied) > 1:
        knights = {name: state.players[state.index[name]].knights for name in tied}
        tiebreak = decided_tie(tied, counted(best[0], 'point'), "most knights left", knights, winner)
    return ScoreTable(game="robber-knights", edition=None, complete=state.over, players=lines,
                      winner=winner if state.over else [],
                      tiebreak=tiebreak, notes=[f"knights left in front of the players: {left}"])
