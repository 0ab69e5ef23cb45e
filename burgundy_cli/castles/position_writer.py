"""Writing a Castles game state as a record's ``[position]`` table (``show --position``): the
plain data :func:`~burgundy_cli.castles.position_table.state_from_position` reads back.

Kept apart from the readers (:mod:`burgundy_cli.castles.setup`, which hands it on as
:func:`burgundy_cli.castles.setup.position_data`, the name every game's writer has) so that
opening a record loads no writer (docs/performance.md, "Round twelve: h-start2").
"""

from __future__ import annotations

from typing import Any

from burgundy_cli.castles import module_routes
from burgundy_cli.castles.boards import CENTRE, Board, provisional_ids, space_name
from burgundy_cli.castles.setup import default_supply
from burgundy_cli.castles.state import PHASES, GameState, PlayerState
from burgundy_cli.castles.tiles import COLOUR_NAME


def position_data(state: GameState) -> dict[str, Any]:
    """The ``[position]`` table of ``state``: what
    :func:`~burgundy_cli.castles.position_table.state_from_position` reads back.

    Written for any moment a record reaches (``show --position``): between phases, during a
    phase's setup, before a roll, in a turn (with the late buyer), after the game. Keys
    that hold their default are left out, so the table stays short. What the table does not
    carry: tiles returned to the box and which tiles were taken from depots whose reveal
    was never recorded -- the reader counts the supply from the tiles it sees, which
    trusts at least as much as the record did.
    """
    names = [player.name for player in state.players]
    stage = state.stage
    data: dict[str, Any] = {"phase": PHASES[state.phase], "round": state.round + 1}
    if stage == "turn":
        data["to_move"] = names[state.to_move()]
        if state.order != state.bridge_order():
            data["order"] = [names[seat] for seat in state.order]
        if state.bought:
            data["bought"] = True
        if state.white is not None:
            data["white"] = state.white
    elif stage != _position_stage_default(state):
        data["stage"] = stage
    if state.late_buyer >= 0:
        data["late_buyer"] = names[state.late_buyer]
    bridge = [[names[seat] for seat in reversed(stack)] for stack in state.bridge]
    while bridge and not bridge[-1]:
        bridge.pop()
    if bridge != [names]:
        data["bridge"] = bridge
    depots = {("black" if depot == 0 else str(depot)): list(state.depots[depot])
              for depot in (1, 2, 3, 4, 5, 6, 0) if state.revealed[depot] or state.depots[depot]}
    if depots:
        data["depots"] = depots
    goods = {str(depot): list(state.depot_goods[depot]) for depot in range(1, 7) if state.depot_goods[depot]}
    if goods:
        data["depot_goods"] = goods
    if state.round_goods is not None and stage != "phase":
        data["round_goods"] = list(state.round_goods)
    default = default_supply(state)
    supply = {tile: list(left) for tile, left in sorted(state.supply.items()) if left != default[tile]}
    if supply:
        data["supply"] = supply
    from burgundy_cli.castles.render import duchy_number

    data["players"] = {player.name: _player_data(player, _duchy_entry(player.board,
                                                                      duchy_number(state.edition, player)))
                       for player in state.players}
    if state.teams is not None:
        from burgundy_cli.castles.module_team import TEAMS

        data["teams"] = {TEAMS[team]: [names[seat] for seat in members]
                         for team, members in enumerate(state.teams.members)}
    if state.unverified:
        data["trusted"] = list(state.unverified)
    if state.shields is not None:
        names = [player.name for player in state.players]
        off = {"depots": {str(d): list(state.shields.depots[d]) for d in range(1, 7) if state.shields.depots[d]}}
        if state.shields.removed:
            off["removed"] = list(state.shields.removed)
        if state.shields.borrowed:
            off["borrowed"] = {names[h]: names[lender] for h, lender in state.shields.borrowed.items()}
        from burgundy_cli.castles.module_shields import moment_table

        data["shields"] = off | moment_table(state)
    if state.solo is not None:
        from burgundy_cli.castles.module_solo import position_table

        data["solo"] = position_table(state)
    return data


def _position_stage_default(state: GameState) -> str:
    """The stage :func:`~burgundy_cli.castles.position_table._position_stage` reads from a
    table without ``stage`` for ``state``."""
    if state.round == 0:
        return "setup" if any(state.revealed) or any(state.depots) or state.round_goods is not None else "phase"
    return "roll"


def _duchy_entry(duchy: Board, number: int | str) -> int | str | dict[str, Any]:
    """A position's ``board``: the printed number or shipped id, or a record-defined duchy written whole."""
    from burgundy_cli.castles.module_team import provisional_team_ids

    shipped = (*provisional_ids(), *provisional_team_ids(), "13x")  # (13x: the shipped solo duchy)
    return duchy_data(duchy) if duchy.name is not None and duchy.name not in shipped else number


def _player_data(player: PlayerState, number: int | str | dict[str, Any]) -> dict[str, Any]:
    """One ``[position.players.<name>]`` table (defaults left out but ``silver`` and ``vp``)."""
    data: dict[str, Any] = {}
    if number != 1:
        data["board"] = number
    if player.start != CENTRE:
        data["start"] = space_name(player.start)
    duchy = {space_name(space): tile for space, tile in enumerate(player.duchy)
             if tile is not None and space != player.start}
    if duchy:
        data["duchy"] = duchy
    if player.storage:
        data["storage"] = list(player.storage)
    if player.goods:
        data["goods"] = {str(good): count for good, count in sorted(player.goods.items())}
    sold = {str(good): count for good, count in enumerate(player.sold) if good and count}
    if sold:
        data["sold"] = sold
    data["silver"] = player.silver
    if player.workers:
        data["workers"] = player.workers
    vp = {category: points for category, points in player.vp.items() if points}
    data["vp"] = vp.get("position", 0) if set(vp) <= {"position"} else vp
    if player.bonuses:
        data["bonuses"] = [f"{COLOUR_NAME[code]}-{size}" for code, size in (b.split("-", 1) for b in player.bonuses)]
    if player.dice:
        data["dice"] = list(player.dice)
    if player.shields:
        data["shields"] = {space_name(space): number for space, number in sorted(player.shields.items())}
    if player.crane is not None:
        data["crane"] = player.crane
    if player.route:
        data["route"] = [module_routes.space_text(space) for space in player.route]
        if player.route_goods:
            data["route_goods"] = list(player.route_goods)
    if player.shared:
        data["shared"] = list(player.shared)
    return data


def duchy_data(duchy: Board) -> dict[str, Any]:
    """The :class:`~burgundy_cli.castles.setup.DuchyTable` of ``duchy`` (what
    :func:`~burgundy_cli.castles.setup.duchy_definition` reads back), or the
    :class:`~burgundy_cli.castles.setup.IslandDuchyTable` of a duchy of islands."""
    from burgundy_cli.castles.module_team import is_team_board, team_rows

    if duchy.places is not None:
        from burgundy_cli.castles.module_solo import islands_data

        data: dict[str, Any] = {"name": duchy.name, "islands": islands_data(duchy)}
    elif is_team_board(duchy):  # a 2019 team board: its two halves
        left, right = team_rows(duchy)
        data = {"name": duchy.name, "rows": left, "right": right}
    else:
        data = {"name": duchy.name, "rows": duchy.rows()}
    if duchy.posts:
        data["posts"] = [[space_name(space) for space in post] for post in duchy.posts]
    if duchy.start is not None:
        data["start"] = space_name(duchy.start)
    for key in ("source", "confidence"):
        if getattr(duchy, key):
            data[key] = getattr(duchy, key)
    return data
