"""A record's ``[setup]`` table (the deal of a new game) read into the game state at the start of phase A.

Kept apart from :mod:`burgundy_cli.castles.record.setup` (what both a ``[setup]`` and a ``[position]``
read: the options, boards, duchies and their checks) and from
:mod:`burgundy_cli.castles.record.position_table` (a ``[position]``), so that opening a record loads
the reader of its own table only. The table is
validated at the edge (a pydantic ``BaseModel``); problems in its content raise
:class:`~burgundy_cli.castles.record.setup.SetupError` with the key path to blame.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from burgundy_cli.core.models import TableModel

from burgundy_cli.castles.rules.boards import Board
from burgundy_cli.castles.rules.commands import GoodsType, SpaceName
from burgundy_cli.castles.modules import ruleset
from burgundy_cli.castles.record.setup import (_DuchyName, _GoodsKey, SetupError, _board, _board_copies, _border_duchies,
                                        _edition, _fresh_supply, _goods_limit, _names_known, options_from_header,
                                        _route, _solo_duchies, _solo_players, _start_space, _team, _validate)
from burgundy_cli.castles.rules.state import GameState, Options, PlayerState
from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.replay import PlayerNames


class SetupTable(TableModel):
    """The ``[setup]`` table: boards, start castles, starting goods, start player.

    ``boards``: the duchy number for everyone, or per player (a number printed in the
    edition, or the id of a provisional or record-defined duchy); ``start``: the start
    castle space per player; ``shields`` (2019 shields module): the shield numbers dealt onto
    each depot ``"1"``..``"6"``; ``routes`` (2019 module ``trade-routes``): each player's trade
    route, left to right, as declared spaces (``"5 silver-2"``:
    :func:`~burgundy_cli.castles.modules.routes.read_space`); ``teams`` (2019 ``team-game``): team
    letter (``A``, ``B``) -> its first and second player; ``boards``, ``start`` and ``goods`` are
    then the team's, by letter (:func:`~burgundy_cli.castles.modules.team.team_setup`).
    """

    boards: _DuchyName | dict[str, _DuchyName] = 1
    start: dict[str, SpaceName] = Field(default_factory=dict)
    goods: dict[str, Annotated[list[GoodsType], Field(min_length=3, max_length=3)]]
    start_player: Annotated[str, Field(min_length=1)] | None = None
    shields: dict[_GoodsKey, list[Annotated[int, Field(ge=1, le=18)]]] | None = None
    routes: dict[str, list[str]] = Field(default_factory=dict)
    teams: dict[str, list[Annotated[str, Field(min_length=1)]]] = Field(default_factory=dict)


def _experienced_choices(names: list[str], table: SetupTable, edition: str) -> None:
    """The setup for players who know the game well (2011 'Those who know the game well', 2019
    'If you are already very familiar with the game'): each player receives a random duchy and
    chooses its side and the dark-green space of their start castle, so the record names
    each player's duchy and start space (``cob.setup.experienced``)."""
    if not isinstance(table.boards, dict):
        raise SetupError(f"in the experienced setup each player receives a {WORDS[edition]['duchy']} of their own: "
                         "give boards per player (cob.setup.experienced)", ("setup", "boards"), "boards = {Anna = 5, Bob = 3}")
    for name in names:
        if name not in table.start:
            raise SetupError(f"in the experienced setup each player chooses their start castle's dark-green space: "
                             f"name {name}'s (cob.setup.experienced)", ("setup", "start"), f'start = {{{name} = "d4"}}')


# --- [setup] ------------------------------------------------------------------------------------


def state_from_setup(header: GameHeader, data: object, duchies: dict[str, Board] | None = None) -> GameState:
    """The game state at the start of phase A from a ``[setup]`` table (``duchies``: the
    record's own, :func:`~burgundy_cli.castles.record.setup.duchy_definitions`).

    :raises SetupError: invalid table or content, with the key path to blame.
    """
    duchies = duchies or {}
    edition = _edition(header)
    options = options_from_header(header)
    table: SetupTable = _validate(SetupTable, data, "setup")
    if "team-game" in options.modules:
        from burgundy_cli.castles.modules.team import team_setup

        from burgundy_cli.castles.modules.team import team_routes

        players, bridge, teams, goods_used = _team(team_setup, header, table, duchies, options)
        _goods_limit(goods_used, ("setup", "goods"), edition)
        _names_known(header.players, table.routes, ("setup", "routes"))
        routes = _team(team_routes, table.routes, teams, header.players, options,
                       lambda name, texts, path: _route(options, len(header.players), name, texts, path,
                                                        ("setup", "routes")))
        for player, route in zip(players, routes):
            player.route = route
        return GameState(edition, options, players, bridge, ruleset(options.modules), goods_used=goods_used,
                         supply=_fresh_supply(len(teams.members), options.modules), teams=teams,  # a castle a team
                         shields=_dealt_shields(options, table.shields, len(header.players)))  # (dealt as to 4)
    names = header.players
    table = _as_spelled(table, names)
    boards = table.boards if isinstance(table.boards, dict) else {name: table.boards for name in names}
    _names_known(header.players, boards, ("setup", "boards"))
    _names_known(header.players, table.start, ("setup", "start"))
    _names_known(header.players, table.goods, ("setup", "goods"))
    if options.experienced_setup is not None:
        _experienced_choices(names, table, edition)
    for name in names:
        if name not in boards:
            raise SetupError(f"no {WORDS[edition]['duchy']} for {name}", ("setup", "boards"))
        if name not in table.goods:
            raise SetupError(f"no starting goods for {name}", ("setup", "goods"), "3 goods tiles per player")
    _solo_players(options, names)
    played = {name: _board(edition, number, ("setup", "boards", name) if isinstance(table.boards, dict)
                           else ("setup", "boards"), duchies) for name, number in boards.items()}
    _board_copies(edition, boards, ("setup", "boards"))
    _solo_duchies(options, played, ("setup", "boards"))
    first = names[0] if table.start_player is None else table.start_player
    if first not in names:
        raise SetupError(f"no player called '{first}'", ("setup", "start_player"), "players: " + ", ".join(names))
    seats = names[names.index(first):] + names[:names.index(first)]
    goods_used = [0] * 7
    players = []
    for name in names:
        duchy_board = played[name]
        start = _start_space(duchy_board, boards[name], table.start.get(name), ("setup", "start", name), edition)
        duchy: list[str | None] = [None] * 37
        duchy[start] = "castle"
        goods: dict[int, int] = {}
        for good in table.goods[name]:
            goods[good] = goods.get(good, 0) + 1
            goods_used[good] += 1
        players.append(PlayerState(name, duchy_board, start, duchy, goods=goods, silver=1,
                                   workers=seats.index(name) + 1))
    _goods_limit(goods_used, ("setup", "goods"), edition)
    _names_known(header.players, table.routes, ("setup", "routes"))
    for player in players:
        player.route = _route(options, len(names), player.name, table.routes.get(player.name),
                              ("setup", "routes", player.name), ("setup", "routes"))
    _border_duchies(options, players, lambda name: ("setup", "boards", name) if isinstance(table.boards, dict)
                    else ("setup", "boards"))
    bridge = [[names.index(name) for name in reversed(seats)]]
    state = GameState(edition, options, players, bridge, ruleset(options.modules),
                      supply=_fresh_supply(len(names), options.modules), goods_used=goods_used,
                      shields=_dealt_shields(options, table.shields, len(names)))
    if "solo-game" in options.modules:
        from burgundy_cli.castles.modules.solo import prepare

        prepare(state)
    return state


def _as_spelled(table: SetupTable, names: list[str]) -> SetupTable:
    """``table`` with each player named as ``[game] players`` spells them: the table types
    ``anna`` for ``Anna`` as the lines do (case and repeated spaces do not matter). A name
    two keys share, or no player's, stays as typed, for the checks to refuse."""
    spelling = {PlayerNames.key(name): name for name in names}

    def spelled(name: str) -> str:
        return spelling.get(PlayerNames.key(name), name)

    def keys(by_name: dict) -> dict:
        renamed = [spelled(name) for name in by_name]
        if len(set(renamed)) != len(renamed):
            return by_name
        return dict(zip(renamed, by_name.values()))

    return table.model_copy(update={
        "boards": keys(table.boards) if isinstance(table.boards, dict) else table.boards,
        "start": keys(table.start), "goods": keys(table.goods), "routes": keys(table.routes),
        "start_player": None if table.start_player is None else spelled(table.start_player)})


def _dealt_shields(options: Options, dealt: dict[str, list[int]] | None, players: int):
    """The shields table of a game with the shields module (None without it): ``[setup] shields``
    must say which shields lie on which depot (chance comes from the table)."""
    if "shields" not in options.modules:
        if dealt is not None:
            raise SetupError("shields are dealt only in a game with the shields module", ("setup", "shields"),
                             '[game.options] modules = ["shields"]')
        return None
    from burgundy_cli.castles.modules.shields import table_from_setup

    shields, why, key = table_from_setup(dealt, players)
    if shields is None:
        raise SetupError(why, ("setup", "shields", key) if key else ("setup",),
                         "the shields lying face up on each depot at setup, by depot")
    return shields
