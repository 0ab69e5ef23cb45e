"""A record's ``[end]`` table: a game that was not logged move by move, as the box lies at its end.

Most tables do not type two hundred lines a game; they want the score pad done right
(issue 34, item 9). An end-of-game record states, for each player, what the final scoring
reads -- the VP track, the goods, silverlings and workers left, the goods sold, the bonus
tiles and the duchy as it lies -- and nothing of the game's course (docs/records.md,
"End-of-game records")::

    [end.players.Anna]
    vp = 171                        # the VP track (or by category: {areas = 100, ...})
    goods = {5 = 2}                 # goods tiles left in storage: type -> count
    silver = 3
    workers = 5
    sold = {1 = 3, 4 = 2}           # goods sold (knowledge tiles 15 and 25, the trade routes)
    bonuses = ["blue-large"]
    duchy = {c3 = "bank", c4 = "k22", ...}

It is a typed position after phase E (a ``[position]`` at stage ``over``), so it is read by
:func:`~burgundy_cli.castles.record.position_table.state_from_position` and gets every check a
position gets (docs/records.md, "What a position must satisfy"): no tile twice, no more goods
than the box has or than can have been dealt, a bonus tile only for a colour the duchy has
finished, the VP track within what the duchy, sales and bonus tiles can have earned. The
final scoring is then the one a logged game gets (``castles.rules.scoring.score``). Errors
name the ``[end]`` key to blame.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.models import Count, TableModel

from burgundy_cli.castles.record.setup import _DuchyName, DuchyTable, _GoodsKey, IslandDuchyTable, SetupError, _validate
from burgundy_cli.castles.record.position_table import SCORED_IN_PLAY, SoloPosition, state_from_position
from burgundy_cli.castles.rules.boards import Board
from burgundy_cli.castles.rules.bounds import least_earned
from burgundy_cli.castles.rules.commands import GoodsType, SpaceName, TileName
from burgundy_cli.castles.rules.state import GameState
from burgundy_cli.castles.rules.terms import WORDS, empty_spaces

#: The table an end-of-game record has instead of ``[setup]`` or ``[position]``.
TABLE = "end"


class PlayerEnd(TableModel):
    """One player at the game's end, in the order the box is tidied away: the VP track
    (``vp``: one number, or its parts by scoring category), the goods tiles left in storage
    (type -> count), silverlings and workers left, the goods sold (type -> count), the bonus
    tiles, then the duchy: its ``board`` and ``start`` castle (as in ``[setup]``) and the tiles
    placed (space -> tile). 2019 modules: ``shields`` on castles (space -> shield), ``crane``
    (the building the crane counts as), ``route`` and ``route_goods`` (the trade route and the
    goods laid on it), ``shared`` (the team game's shared storage)."""

    vp: Count | dict[str, int] = 0
    goods: dict[_GoodsKey, Annotated[int, Field(ge=1, le=7)]] = Field(default_factory=dict)
    silver: Count = 0
    workers: Count = 0
    sold: dict[_GoodsKey, Annotated[int, Field(ge=0, le=7)]] = Field(default_factory=dict)
    bonuses: list[str] = Field(default_factory=list)
    board: _DuchyName | DuchyTable | IslandDuchyTable = 1
    start: SpaceName | None = None
    duchy: dict[SpaceName, TileName] = Field(default_factory=dict)
    shields: dict[SpaceName, Annotated[int, Field(ge=1, le=18)]] = Field(default_factory=dict)
    crane: TileName | None = None
    route: list[str] = Field(default_factory=list)
    route_goods: list[GoodsType] = Field(default_factory=list)
    shared: Annotated[list[TileName], Field(max_length=2)] = Field(default_factory=list)


class ShieldsEnd(TableModel):
    """The 2019 shields off the duchies at the end: those removed from the game, and shield 6's
    choice (holder -> the player whose monastery tiles count as the holder's own)."""

    removed: list[Annotated[int, Field(ge=1, le=18)]] = Field(default_factory=list)
    borrowed: dict[str, str] = Field(default_factory=dict)


class EndTable(TableModel):
    """The ``[end]`` table: every player as the game left them; ``bridge``, the turn-order
    track at the end from the start space on, each stack top first (the tiebreak's last word;
    default: everyone on the start space in seat order); ``teams`` (2019 team game, as in
    ``[setup]``); ``shields`` (2019 shields); ``solo`` (2019 solo game: the VP counter, the
    target, the resets, the tiles removed, the colours completed: as in a ``[position]``)."""

    players: dict[str, PlayerEnd]
    bridge: list[list[str]] = Field(default_factory=list)
    teams: dict[str, list[Annotated[str, Field(min_length=1)]]] = Field(default_factory=dict)
    shields: ShieldsEnd | None = None
    solo: SoloPosition | None = None


def position_of(table: EndTable) -> dict[str, Any]:
    """The ``[position]`` an end-of-game table states: after phase E, no one to move, each
    player's silverlings 0 unless said (a position's default is the 1 a game starts with)."""
    data: dict[str, Any] = {"phase": "E", "round": 5, "stage": "over",
                            "players": {name: {"silver": 0, **entry.model_dump(exclude_unset=True)}
                                        for name, entry in table.players.items()}}
    data.update(table.model_dump(exclude_unset=True, exclude={"players"}))
    return data


def _at_end(err: SetupError) -> SetupError:
    """A position's refusal as the ``[end]`` table's: the same words, at the same key under ``[end]``
    (a refusal of the header, ``[game.options]``, stays where it is)."""
    path = (TABLE, *err.path[1:]) if tuple(err.path[:1]) == ("position",) else tuple(err.path)
    message = err.message.partition("]: ")[2] if err.message.startswith("[") else err.message
    moved = SetupError(message, path, err.hint)
    moved.also = [_at_end(each) for each in err.also]
    return moved


def state_from_end(header: GameHeader, data: object, duchies: dict[str, Board] | None = None) -> GameState:
    """The game state an ``[end]`` table describes: the game over, ready for its final scoring.

    :raises SetupError: what cannot be true at a game's end (the checks of a position), at
        the ``[end]`` key to blame.
    """
    table: EndTable = _validate(EndTable, data, TABLE)
    if header.options.get("tiebreak-turn-order") == "last-round":
        raise SetupError("an [end] table holds the turn order track at the end (its bridge), not the order the "
                         "last round was played in", ("game", "options", "tiebreak-turn-order"),
                         "remove the option, or record the game's log")
    try:
        state = state_from_position(header, position_of(table), duchies)
    except SetupError as err:
        raise _at_end(err) from None
    _vp_track_reached(state)
    if not table.bridge:
        _bridge_taken(state)
    return state


#: Each rulebook's last tiebreak ('Game end' / 'End of the game'), quoted where an end without
#: its bridge leaves it to the default.
_LAST_TIEBREAK = {
    "2011": "2011 rules, 'Game end': \"Should there still be a tie, then the winning player is the tied player who "
            "went later in turn order\"",
    "2019": "2019 rules, 'End of the game': \"If there is still a tie, the player who is farthest behind on the "
            "bridge is the winner\"",
}


def _bridge_taken(state: GameState) -> None:
    """A note on the score when an end that leaves its ``bridge`` out has players level on VP and
    on empty duchy spaces: the bridge then orders them -- at the top, it names the winner --, and
    the default (everyone on the start space in seat order) is a guess the score must say it made
    (``new --end`` asks the bridge when it names the winner; a table typed by hand may not give
    it). In the team game only the two teams' order (the winner) is the bridge's."""
    from burgundy_cli.castles.rules.scoring import score, turn_order_words

    table = score(state)
    if state.teams is not None:
        decided = [f"makes {' and '.join(table.winner)} the winner"] if turn_order_words(table.tiebreak) else []
    else:
        empty = {player.name: player.duchy.count(None) for player in state.players}
        lines = table.players
        level = [(first, second) for first, second in zip(lines, lines[1:])
                 if first.total == second.total and empty[first.name] == empty[second.name]]
        decided = [f"puts {first.name} ahead of {second.name}" for first, second in level]
        if level and level[0][0] is lines[0]:   # (the top two: the bridge names the winner)
            decided[0] = f"makes {lines[0].name} the winner over {lines[1].name}"
    if decided:
        state.unverified.append(f"the bridge at the end is not in the record: everyone taken on its start space in "
                                f"seat order, which {' and '.join(decided)}, level on VP and {empty_spaces(state.edition)} "
                                f"({_LAST_TIEBREAK[state.edition]}); [end] bridge states the turn order at the end")


def _vp_track_reached(state: GameState) -> None:
    """Every player's VP track at the end is at least what their duchy, goods sold and bonus
    tiles must have scored on the way (:func:`~burgundy_cli.castles.rules.bounds.least_earned`;
    the base game): a track typed short, or left out, would score the game wrong. Checked at the
    end only: a mid-game ``[position]`` may leave the VP it started with out (0), its VP then
    counting from there (the rulebook examples' positions do)."""
    for player in state.players:
        least = least_earned(state, player)
        track = sum(points for category, points in player.vp.items() if category != "corrections")
        if least is not None and track < least:
            words = WORDS[state.edition]
            raise SetupError(f"{player.name} has {track} VP; the {words['duchy']}, sold goods and bonus tiles have "
                             f"scored at least {least}" + SCORED_IN_PLAY[state.edition],
                             (TABLE, "players", player.name, "vp"),
                             "each completed area (its size, and the phase bonus of at least 2), bonus tile, "
                             f"watchtower, goods tile sold and {words['animal']} tile scored when it came")
