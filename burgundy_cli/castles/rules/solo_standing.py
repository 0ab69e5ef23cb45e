"""The 2019 solo game's standing: rounds rolled, the VP counter, the spaces filled, won or lost.

Kept apart from :mod:`~burgundy_cli.castles.modules.solo` (the rules) so that the score table
(:mod:`~burgundy_cli.castles.rules.scoring`), which the module's monastery scoring reads, can say won
or lost without importing the rules: read only, never changing the state.
"""

from __future__ import annotations

from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.core.words import counted

ROUNDS = 25


def rounds_rolled(state: GameState) -> int:
    """Rounds rolled so far (1..25; 0 before the first roll)."""
    if state.stage == "over":
        return ROUNDS
    return state.phase * 5 + state.round + (1 if state.stage == "turn" else 0)


def counter(state: GameState) -> int:
    """Where the VP counter stands."""
    return state.players[0].points - state.solo.base


def filled(player: PlayerState) -> int:
    """The spaces of ``player``'s duchy holding a tile."""
    return sum(tile is not None for tile in player.duchy)


def won_by(empty: int) -> bool:
    """``cob.solo.end``: the solo game is won with no space of the duchy left empty ("fill all
    37 hex spaces of your duchy within 25 rounds"; the rounds are the game's length)."""
    return empty == 0


def verdict(state: GameState) -> str:
    """What ``score``'s notes say of the solo game: won or lost (or under way), the spaces
    filled, the counter and the target."""
    player = state.players[0]
    solo = state.solo
    spaces = len(player.duchy)
    done = filled(player)
    if won_by(spaces - done):
        result = "WON" if state.stage == "over" else "won (all spaces filled)"
    else:
        result = "LOST" if state.stage == "over" else "under way"
    return (f"solo game: {result}: {done} of {spaces} spaces filled after {rounds_rolled(state)} of {ROUNDS} rounds; "
            f"VP counter {counter(state)}, target {solo.target}, {_some(solo.resets, 'reset')}, "
            f"{_some(len(solo.removed), 'tile')} removed")


def _some(number: int, noun: str) -> str:
    """A count in the verdict's words: ``no tiles``, ``1 tile``, ``25 tiles`` (not ``0 tile(s)``)."""
    return f"no {noun}s" if number == 0 else counted(number, noun)


def solo_result(state: GameState) -> tuple[list[str], str]:
    """(the winner list: the player once the game is over and won, else empty; the verdict)."""
    player = state.players[0]
    won = state.stage == "over" and won_by(len(player.duchy) - filled(player))
    return ([player.name] if won else []), verdict(state)


def table_text(state: GameState) -> list[str]:
    """What ``show`` says of the solo table: the verdict, and the tiles removed so far."""
    from burgundy_cli.core.render import packed

    return [*packed("", verdict(state).split(" "), indent="  "),
            *packed("removed by the rounds:", state.solo.removed or ["none"], indent="  ", sep=",")]
