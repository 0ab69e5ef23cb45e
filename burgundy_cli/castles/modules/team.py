"""The team game (2019 rulebook, "THE TEAM GAME"), as one rule module.

Four players in two teams of two (``[setup] teams = {A = ["anna", "cara"], B = ["ben", "dario"]}``).
Each team plays one team board -- two duchy halves side by side sharing one dark-green 1
space (``boards.team_board``: 73 spaces, the left half ``a1``..``g4``, the right ``ra1``..``rg4``,
its ``rd1`` being the shared ``d7``) -- with one start castle on that space (12b, defined by a
record: its dark-green 1 or 6 space, chosen in ``[setup] start``). A team starts with three goods
tiles, 3 workers (team A) or 5 (team B) and 2 silverlings; round 1 is played A1, B1, A2, B2, then
the bridge decides as usual.

Everything but the players' dice, VP and private storage is the team's: duchy, goods, sold
goods, silverlings, workers, the team's 2 shared storage spaces, bonus tiles and knowledge
tiles. Each member keeps a :class:`~burgundy_cli.castles.rules.state.PlayerState`; after every line
:func:`after_line` makes the acting member's team parts the teammate's too (copy on write,
``GameState.own_player``), so no other rule needs to know about teams: a member acts with the
team's workers and silver as with their own. Mine income at a phase end goes to both members'
identical copies, so the team receives it once. Each player has 2 private storage spaces
(``PlayerState.storage``), the team 2 shared ones (``PlayerState.shared``); a take, purchase or
placement says ``shared`` to use the shared storage (:data:`STORAGE`, the ruleset's storage
rule). A tile stays in the storage it went into.

Because one player may place more than 6 ships, a ship placed by a piece on the bridge's last
(7th) space puts it on top of the stack there (:func:`fold_bridge`).

Final scoring (:func:`score_table`): each member's VP as usual, the team's property (goods,
silverlings, workers, knowledge tiles; with the shields module the shields on its castle, a
team part too) counted once, on its first member's line; the team with
more VP wins, a tie going to the team with more empty spaces (option
``team-tiebreak-empty-spaces``, docs/rulings.md), then as the base game says.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from burgundy_cli.castles.rules.boards import (ROW_LENGTHS, SPACE_IDS, TEAM_SHARED, Board, provisional_layouts, space_id,
                                        space_name, team_board)
from burgundy_cli.castles.rules import passed
from burgundy_cli.castles.rules.actions import illegal
from burgundy_cli.castles.rules.commands import mended
from burgundy_cli.castles.rules.scoring import BY_TURN_ORDER
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.core.errors import IllegalMoveError

NAME = "team-game"
#: Where a half's d1 stands in its reading order (the right half's d1 is the shared space).
SPACE_ID_D1 = SPACE_IDS["d1"]
#: The team letters, in the order of round 1's turns (A1, B1, A2, B2).
TEAMS = ("A", "B")
#: What a team starts with (2019 rules, "THE TEAM GAME", "GAME SETUP").
START_WORKERS = {"A": 3, "B": 5}
START_SILVER = 2
#: Storage spaces: each player's private ones and the team's shared ones.
PRIVATE_SPACES = 2
SHARED_SPACES = 2
#: The bridge's spaces: a piece on the last one that places a ship goes on top of its stack there.
BRIDGE_SPACES = 7
#: The parts of a player's state that are the team's (kept alike for both members).
TEAM_PARTS = ("duchy", "shared", "goods", "sold", "silver", "workers", "bonuses", "knowledge", "crane")
#: Modules not refereed with the team game, and why (docs/rulings.md).
APART = {"border-posts": "its posts are on no. 11 duchies, and a team board is none",
         "solo-game": "the solo game is one player's"}
#: Option ``team-routes`` (with the trade routes): each player's own route, the seller's taking
#: the goods sold (default); or one route per team, the first player's, both members' sales on it.
ROUTE_MODES = ("own", "team")
#: The final-scoring categories of the team's property, counted once per team.
TEAM_CATEGORIES = ("end-goods", "end-silver", "end-workers", "knowledge-tiles", "shields")


class SetupRefusal(Exception):
    """A team game's setup or position refused: ``message``, the key ``path`` to blame and a
    ``hint`` (``setup`` raises it as its ``SetupError``; this module does not import ``setup``)."""

    def __init__(self, message: str, path: tuple[str | int, ...], hint: str | None = None) -> None:
        super().__init__(message)
        self.message, self.path, self.hint = message, path, hint


@dataclass(frozen=True, slots=True)
class Teams:
    """The teams of a game: ``members[t]`` = the seats of team ``TEAMS[t]``'s first and second player."""

    members: tuple[tuple[int, int], tuple[int, int]]

    def team(self, seat: int) -> int:
        """The index (0: A, 1: B) of ``seat``'s team."""
        return 0 if seat in self.members[0] else 1

    def mate(self, seat: int) -> int:
        """The seat of ``seat``'s teammate."""
        first, second = self.members[self.team(seat)]
        return second if seat == first else first

    def label(self, seat: int) -> str:
        """``A1``, ``B2``...: ``seat``'s team and place in it."""
        team = self.team(seat)
        return f"{TEAMS[team]}{self.members[team].index(seat) + 1}"


# --- the team board ----------------------------------------------------------------------------


def provisional_team_ids() -> tuple[str, ...]:
    """The team boards shipped as provisional readings (``12a``)."""
    return tuple(provisional_layouts("team"))


@cache
def provisional_team_board(name: str) -> Board:
    """Team board ``name`` (``12a``) as shipped (``data/boards_provisional.json``), its start on the shared space."""
    entry = provisional_layouts("team")[name]
    return team_board(name, entry["left_half_rows"], entry["right_half_rows"], TEAM_SHARED, entry["source"],
                      entry["confidence"])


def is_team_board(duchy: Board) -> bool:
    """Whether ``duchy`` is a team board (73 spaces) rather than a duchy (37)."""
    return len(duchy.colour) > 37


def start_castle_refusal(duchy: Board, space: int) -> str | None:
    """Why a team's start castle cannot go on ``space`` of ``duchy``, or None: on 12a the central
    dark-green 1 space (the shared one); on a board of the record's own (12b), a dark-green space
    showing 1 or 6."""
    if duchy.name in provisional_team_ids():
        return None if space == TEAM_SHARED else f"on team board {duchy.name} the castle goes on the central " \
                                                 f"dark-green 1 space, {space_name(TEAM_SHARED)}"
    if duchy.colour[space] != "C" or duchy.die[space] not in (1, 6):
        return "on the advanced team board the castle goes on a dark-green space showing 1 or 6"
    return None


def team_definition(name: str, table, path: tuple) -> Board:
    """A team board a record defines (``[duchies.<id>]`` with ``rows``, the left half, and
    ``right``, the right half; 12b is in no public source), checked: the halves' rows (as a
    duchy's), the shared space printed alike on both (left ``d7``, right ``d1``), no border posts,
    and ``start``, if given, a dark-green space showing 1 or 6 (the castle's space; without it
    each team names its own in ``[setup] start``). The halves' rows are checked by the caller
    (``setup.check_rows``).

    :raises SetupRefusal: the first problem, at its key path under ``path``.
    """
    left_d7, right_d1 = table.rows[3].split()[6], table.right[3].split()[0]
    if left_d7 != right_d1:
        raise SetupRefusal(f"the halves share one space, left d7 ({left_d7}) = right d1 ({right_d1})",
                           (*path, "right", 3), "write the shared space alike in both halves (cob.team.board)")
    if table.posts:
        raise SetupRefusal("a team board has no border posts", (*path, "posts"))
    duchy = team_board(name, table.rows, table.right, None, table.source, table.confidence)
    start = None
    if table.start is not None:
        start = space_id(table.start)
        reason = start_castle_refusal(duchy, start) if start is not None and start < len(duchy.colour) else "no space"
        if reason is not None:
            raise SetupRefusal(f"{table.start}: {reason} (cob.team.board)", (*path, "start"))
    return replace(duchy, start=start)


def team_rows(duchy: Board) -> tuple[list[str], list[str]]:
    """A team board's halves as 7 row strings each (what :func:`team_definition` reads back)."""
    cells = [f"{colour}{die}" for colour, die in zip(duchy.colour, duchy.die, strict=True)]
    right = cells[37:]
    right.insert(SPACE_ID_D1, cells[TEAM_SHARED])
    rows = []
    for half in (cells[:37], right):
        start, out = 0, []
        for length in ROW_LENGTHS:
            out.append(" ".join(half[start:start + length]))
            start += length
        rows.append(out)
    return rows[0], rows[1]


# --- the setup ----------------------------------------------------------------------------------


def check_apart(options) -> None:
    """Refuses a module not refereed with the team game (:data:`APART`), in a setup and a position alike.

    :raises SetupRefusal: at ``[game.options] modules``.
    """
    apart = [module for module in options.modules if module in APART]
    if apart:
        raise SetupRefusal(f"the team game is not refereed with the '{apart[0]}' module: {APART[apart[0]]} "
                           "(docs/rulings.md)", ("game", "options", "modules"))


def team_setup(header, table, duchies: dict[str, Board], options) -> tuple[list[PlayerState], list[list[int]], Teams,
                                                                          list[int]]:
    """The players, the bridge, the teams and the goods tiles dealt (by type) at the start of a
    team game, from the validated ``[setup]`` table (``setup.state_from_setup`` makes the state).

    ``teams``: team letter -> its two players (first, second); ``boards``: the team board for
    both teams (``"12a"``, or a team board of the record's ``[duchies]``) or per team letter;
    ``start``: per team letter, the start castle's space; ``goods``: per team letter, its three
    goods tiles. :raises SetupRefusal: naming the rule (``cob.team.*``) and the key.
    """
    names = header.players
    check_apart(options)
    teams = table.teams.values()
    if len(names) != 4 or sorted(table.teams) != list(TEAMS) or any(len(members) != 2 for members in teams) \
            or sorted(name for members in teams for name in members) != sorted(names):
        raise SetupRefusal("the team game is played by 4 players in teams A and B of 2 each, every player in one "
                           "team (cob.team.players)", ("setup", "teams"), 'teams = {A = ["anna", "cara"], '
                           'B = ["ben", "dario"]} (first and second player of each team)')
    order = [table.teams["A"][0], table.teams["B"][0], table.teams["A"][1], table.teams["B"][1]]
    if table.start_player is not None and table.start_player != order[0]:
        raise SetupRefusal(f"round 1 is played A1, B1, A2, B2: {order[0]} starts (cob.team.order)",
                           ("setup", "start_player"), "leave out start_player")
    goods_used = [0] * 7
    players: list[PlayerState | None] = [None] * 4
    for letter in TEAMS:
        duchy = _team_duchy(table.boards, letter, duchies)
        start = _team_start(duchy, table.start.get(letter), letter)
        goods = table.goods.get(letter)
        if goods is None:
            raise SetupRefusal(f"no starting goods for team {letter}: three goods tiles per team, on the team "
                               "storage (cob.team.supplies)", ("setup", "goods"),
                               'goods = {A = [1, 2, 3], B = [4, 5, 6]}')
        held: dict[int, int] = {}
        for good in goods:
            held[good] = held.get(good, 0) + 1
            goods_used[good] += 1
        for name in table.teams[letter]:
            layout: list[str | None] = [None] * len(duchy.colour)
            layout[start] = "castle"
            players[names.index(name)] = PlayerState(name, duchy, start, layout, goods=dict(held),
                                                     silver=START_SILVER, workers=START_WORKERS[letter])
    unknown = set(table.goods) - set(TEAMS)
    if unknown:
        raise SetupRefusal("in the team game the goods are the team's: name them by team (cob.team.supplies)",
                           ("setup", "goods", min(unknown)), 'goods = {A = [1, 2, 3], B = [4, 5, 6]}')
    seats = [names.index(name) for name in order]
    return players, [list(reversed(seats))], Teams(((seats[0], seats[2]), (seats[1], seats[3]))), goods_used


def _team_duchy(boards, letter: str, duchies: dict[str, Board]) -> Board:
    chosen = boards.get(letter, "12a") if isinstance(boards, dict) else boards
    path = ("setup", "boards", letter) if isinstance(boards, dict) else ("setup", "boards")
    if chosen == 1:  # the [setup] default: the team game's board
        chosen = "12a"
    if isinstance(chosen, str) and chosen in duchies and is_team_board(duchies[chosen]):
        return duchies[chosen]
    if chosen in provisional_team_ids():
        return provisional_team_board(chosen)
    raise SetupRefusal(f"each team plays a team board, not duchy {chosen} (cob.team.board)", path,
                       f"shipped: {', '.join(provisional_team_ids())}; or a [duchies.<id>] table with left and right "
                       "half rows")


def _team_start(duchy: Board, start: str | None, letter: str) -> int:
    if start is None:
        if duchy.start is None:
            raise SetupRefusal(f"team {letter} chooses its castle's space on this team board: the dark-green 1 or 6 "
                               "(cob.team.board)", ("setup", "start"), f'start = {{{letter} = "d7"}}')
        return duchy.start
    space = space_id(start)
    reason = "no such space" if space is None or space >= len(duchy.colour) else start_castle_refusal(duchy, space)
    if reason is not None:
        raise SetupRefusal(f"team {letter}'s castle cannot start on {start}: {reason} (cob.team.board)",
                           ("setup", "start", letter))
    return space


def deal_team_setup(rng, names: list[str]) -> dict[str, Any]:
    """A machine game's ``[setup]`` (``burgundy playout --modules team-game``): the players
    seated A1, B1, A2, B2 in a random order, team board 12a for both, three random goods per team."""
    from burgundy_cli.castles.rules.tiles import GOODS_PER_TYPE

    seated = list(names)
    rng.shuffle(seated)
    pool = [good for good in range(1, 7) for _ in range(GOODS_PER_TYPE)]
    rng.shuffle(pool)
    return {"boards": "12a", "teams": {"A": [seated[0], seated[2]], "B": [seated[1], seated[3]]},
            "goods": {letter: sorted(pool[3 * index:3 * index + 3]) for index, letter in enumerate(TEAMS)}}


def position_teams(state: GameState, table) -> None:
    """A team game's ``[position]`` teams: 4 players in teams A and B, named in ``teams``, each
    team's two players stating the team's property alike (board, start, duchy, goods, sold
    goods, silver, workers, bonus tiles, shared storage), private storage at most 2 tiles each,
    the start castle where a team's may go (:func:`start_castle_refusal`, as in a ``[setup]``).
    Sets ``state.teams``. (A position of another game refuses teams and shared storage
    itself, ``position_table._position_teams``, without loading this module.)

    :raises SetupRefusal: at the key to blame.
    """
    players = state.players
    names = [player.name for player in players]
    teams = table.teams.values()
    if len(names) != 4 or sorted(table.teams) != list(TEAMS) or any(len(members) != 2 for members in teams) \
            or sorted(name for members in teams for name in members) != sorted(names):
        raise SetupRefusal("the team game is played by 4 players in teams A and B of 2 each, every player in one "
                           "team (cob.team.players)", ("position", "teams"))
    members = tuple((names.index(table.teams[letter][0]), names.index(table.teams[letter][1])) for letter in TEAMS)
    state.teams = Teams(members)
    for first, second in members:
        a, b = players[first], players[second]
        if (a.board.name, a.board.colour, a.board.die) == (b.board.name, b.board.colour, b.board.die):
            b.board = a.board  # (one board: a record-defined one is read once per player)
        for part in ("board", "start", *TEAM_PARTS):  # (a team's one route: position_table._position_routes)
            if getattr(a, part) != getattr(b, part):
                raise SetupRefusal(f"{a.name} and {b.name} are a team: their {part} is the team's and must be stated "
                                   "alike (cob.team.private)", ("position", "players", b.name, part))
        letter = TEAMS[members.index((first, second))]
        if not is_team_board(a.board):
            raise SetupRefusal(f"team {letter} plays a team board (cob.team.board)", ("position", "players", a.name,
                                                                                     "board"))
        reason = start_castle_refusal(a.board, a.start)
        if reason is not None:
            raise SetupRefusal(f"team {letter}'s castle cannot start on {space_name(a.start)}: {reason} "
                               "(cob.team.board)", ("position", "players", a.name, "start"))


# --- after every line: the team's parts alike, the bridge's last space ---------------------------


def after_line(state: GameState, cmd: Any) -> None:
    """After a line: the acting member's team parts become the teammate's (the team's property
    is one), and a piece moved past the bridge's last space goes on top of the stack there."""
    fold_bridge(state)
    name = getattr(cmd, "player", None)
    if name is None or state.teams is None:
        return
    seat = state.seat(name)
    if seat < 0:
        return
    share(state, seat)


def team_parts(options) -> tuple[str, ...]:
    """The parts of a player's state that are the team's: :data:`TEAM_PARTS`, the goods on
    the route with one route per team (option ``team-routes = "team"``), and with the shields
    the shields on the team's castles (they lie in the team's duchy: docs/rulings.md)."""
    return TEAM_PARTS + (("route_goods",) if options.team_routes == "team" else ()) \
        + (("shields",) if "shields" in options.modules else ())


def team_routes(table_routes: dict, teams: Teams, names: list[str], options, route) -> list[tuple]:
    """Each player's trade route in a team game (``route(name, texts, path)`` reads a declared
    one): every player's own, as dealt (option ``team-routes = "own"``); or one per team, the
    first player's, which the second plays too (``"team"``: the second's is not declared).

    :raises SetupRefusal: a second player's route declared with one route per team.
    """
    routes: list[tuple] = [()] * len(names)
    for first, second in teams.members:
        routes[first] = route(names[first], table_routes.get(names[first]), ("setup", "routes", names[first]))
        if options.team_routes == "team":
            if names[second] in table_routes:
                raise SetupRefusal(f"one route per team (team-routes = \"team\"): {names[second]} plays "
                                   f"{names[first]}'s", ("setup", "routes", names[second]),
                                   f"declare the team's route under {names[first]}, its first player")
            routes[second] = routes[first]
        else:
            routes[second] = route(names[second], table_routes.get(names[second]), ("setup", "routes", names[second]))
    return routes


def share(state: GameState, seat: int) -> None:
    """Player ``seat``'s team parts (:func:`team_parts`) copied to their teammate (copied on write)."""
    acting = state.players[seat]
    mate = state.own_player(state.teams.mate(seat))
    for part in team_parts(state.options):
        value = getattr(acting, part)
        setattr(mate, part, value.copy() if hasattr(value, "copy") else value)


def share_phase_end(state: GameState) -> None:
    """The first step at a phase end: the team parts of the player whose line ended the phase (the
    round's last to move) shared before the phase end's steps run on each member's copy (the
    shields' tribute pays from the team's silver and workers as that line left them), as
    :func:`after_line` shares them only once the whole line, phase end included, is over."""
    share(state, state.order[-1])


def fold_bridge(state: GameState) -> None:
    """A ship moves its piece one space on: from the last space (the 7th) it stays there, on top
    of the stack (2019 rules, "THE TEAM GAME", "Notes")."""
    bridge = state.bridge
    while len(bridge) > BRIDGE_SPACES:
        moved = bridge.pop()
        bridge[-1].extend(moved)


# --- storage -------------------------------------------------------------------------------------


def _room(state: GameState, player: PlayerState, shared: bool) -> int | None:
    """The spaces of the private or the shared storage, through the ruleset's ``storage_size``
    handlers (``actions.storage_spaces``; None: no limit, 2019 shield 4)."""
    from burgundy_cli.castles.rules.actions import storage_spaces

    return storage_spaces(state, player, SHARED_SPACES if shared else PRIVATE_SPACES)


def _full(state: GameState, player: PlayerState, shared: bool) -> bool:
    room = _room(state, player, shared)
    return room is not None and len(player.shared if shared else player.storage) >= room


class TeamStorage:
    """The ruleset's storage rule in a team game: 2 private spaces per player, 2 shared per team."""

    @staticmethod
    def refusal(state: GameState, player: PlayerState, cmd) -> IllegalMoveError | None:
        """Why ``cmd`` (a take or purchase: tile, discard, shared) cannot store its tile, or None."""
        spaces = player.shared if cmd.shared else player.storage
        where = "the team's shared storage" if cmd.shared else f"{player.name}'s private storage"
        if _full(state, player, cmd.shared):
            if cmd.discard is None:
                other = "" if cmd.shared else ", or add `shared` for the team's storage"
                return illegal("cob.team.storage", f"{where} is full ({', '.join(spaces)})",
                               f"add `discard <tile>`, one of {', '.join(spaces)}{other}")
            if cmd.discard not in spaces:
                return illegal("cob.team.storage", f"{where} holds no {cmd.discard}", f"stored: {', '.join(spaces)}")
        elif cmd.discard is not None:
            return illegal("cob.team.storage", f"{where} has a free space; nothing is discarded",
                           fix=mended(cmd, "leave out the discard", discard=None))
        passed("cob.team.storage", "{} goes to {}{}", cmd.tile, where,
               "" if cmd.discard is None else f", full: {cmd.discard} discarded")
        return None

    @staticmethod
    def store(state: GameState, player: PlayerState, cmd) -> None:
        spaces = player.shared if cmd.shared else player.storage
        if cmd.discard is not None:
            spaces.remove(cmd.discard)
            state.removed.append(cmd.discard)
        spaces.append(cmd.tile)

    @staticmethod
    def place_refusal(state: GameState, player: PlayerState, action) -> IllegalMoveError | None:
        """Why the placed tile is not in the storage the placement names (:func:`placement_refusal`), or None."""
        return placement_refusal(state, player, action)

    @staticmethod
    def holds(player: PlayerState, action) -> bool:
        return action.tile in (player.shared if action.shared else player.storage)

    @staticmethod
    def unstore(player: PlayerState, action) -> None:
        (player.shared if action.shared else player.storage).remove(action.tile)

    @staticmethod
    def choices(state: GameState, player: PlayerState) -> list[tuple[str | None, bool]]:
        """Where a tile may go into storage and what it may displace (the move generator's list):
        ``(discard, shared)`` pairs, private storage first."""
        result = []
        for shared in (False, True):
            spaces = player.shared if shared else player.storage
            if not _full(state, player, shared):
                result.append((None, shared))
            else:
                result.extend((discard, shared) for discard in dict.fromkeys(spaces))
        return result

    @staticmethod
    def tiles(player: PlayerState) -> list[tuple[str, bool]]:
        """The tile kinds ``player`` may place, each with the storage it is in (private first)."""
        return [(tile, False) for tile in dict.fromkeys(player.storage)] + \
            [(tile, True) for tile in dict.fromkeys(player.shared)]

    @staticmethod
    def stored(player: PlayerState) -> str:
        return f"private: {', '.join(player.storage) or 'nothing'}; shared: {', '.join(player.shared) or 'nothing'}"


STORAGE = TeamStorage()


def placement_refusal(state: GameState, player: PlayerState, action) -> IllegalMoveError | None:
    """Why ``action``'s tile is not in the storage it names, in the team game's words: a
    teammate's private tile (``cob.team.private``), or a tile in the player's other storage
    (``cob.team.stays``: tiles never move from one storage to another)."""
    if STORAGE.holds(player, action):
        passed("cob.team.stays", "{} is in {}", action.tile,
               "the team's shared storage" if action.shared else f"{player.name}'s private storage")
        return None
    tile = action.tile
    if action.shared and tile in player.storage:
        return illegal("cob.team.stays", f"{tile} is in {player.name}'s private storage, not the shared one",
                       fix=mended(action, "leave out 'shared'", shared=False))
    if not action.shared and tile in player.shared:
        return illegal("cob.team.stays", f"{tile} is in the team's shared storage, not {player.name}'s private one",
                       fix=mended(action, f"say 'place ... {tile} shared ...'", shared=True))
    mate = state.players[state.teams.mate(state.seat(player.name))]
    if tile in mate.storage:
        return illegal("cob.team.private", f"{tile} is in {mate.name}'s private storage; a player cannot use "
                       "their teammate's private tiles", STORAGE.stored(player))
    return illegal("cob.place.stored", f"{player.name} has no {tile} in storage", STORAGE.stored(player))


# --- scoring -------------------------------------------------------------------------------------


def team_totals(state: GameState, table) -> list[tuple[int, int, int]]:
    """(total VP, empty spaces, team index) per team, from the score table's lines."""
    totals = {line.name: line.total for line in table.players}
    result = []
    for team, (first, second) in enumerate(state.teams.members):
        players = state.players
        result.append((totals[players[first].name] + totals[players[second].name],
                       players[first].duchy.count(None), team))
    return result


def score_table(state: GameState, table):
    """The score table with the team's property counted once (on each team's first member; with
    the shields module their end VP too, the shields being the team's), the
    ranks and winner by team (both members of the winning team), and the team totals in the notes."""
    teams = state.teams
    if teams is None:
        return table
    seconds = {state.players[members[1]].name for members in teams.members}
    lines = []
    for line in table.players:
        if table.complete and line.name in seconds:
            breakdown = {category: (0 if category in TEAM_CATEGORIES else points)
                         for category, points in line.breakdown.items()}
            line = line.model_copy(update={"total": sum(breakdown.values()), "breakdown": breakdown})
        lines.append(line)
    table = table.model_copy(update={"players": lines})
    totals = team_totals(state, table)
    sign = -1 if state.options.team_tiebreak == "most" else 1
    order = sorted(totals, key=lambda entry: (-entry[0], sign * entry[1], -_bridge_rank(state, entry[2])))
    rank = {team: index + 1 for index, (_, _, team) in enumerate(order)}
    seat_of = state.seats
    lines = sorted((line.model_copy(update={"rank": rank[teams.team(seat_of[line.name])]}) for line in lines),
                   key=lambda line: (line.rank, -line.total))
    shields = ", shields" if "shields" in state.options.modules else ""
    notes = [f"team {TEAMS[team]} ({' + '.join(state.players[s].name for s in teams.members[team])}): {total} VP"
             + (f", the team's goods, silver coins, workers{shields} and monastery tiles counted on its first player"
                if table.complete else "") for total, _, team in totals]
    best = order[0]
    tiebreak = None
    if table.complete and order[0][0] == order[1][0]:   # (a tie is said once the game is over)
        # (in the team game's own words, "the team with more empty spaces"; as every score table
        # says a tie: the teams, their VP, and the figures or the bridge that broke it)
        from burgundy_cli.core.render import decided_tie

        empty = {f"team {TEAMS[team]}": spaces for _, spaces, team in order}
        teams_said, first = list(empty), [f"team {TEAMS[best[2]]}"]
        if order[0][1] != order[1][1]:
            more = "more" if state.options.team_tiebreak == "most" else "fewer"
            tiebreak = decided_tie(teams_said, f"{best[0]} VP", f"the team with {more} empty spaces", empty, first)
        else:
            tiebreak = decided_tie(teams_said, f"{best[0]} VP and {best[1]} empty spaces", BY_TURN_ORDER[1], None, first)
    winner = [state.players[seat].name for seat in teams.members[best[2]]] if table.complete else []
    if table.complete:
        notes.append(f"team {TEAMS[best[2]]} wins")
    return table.model_copy(update={"players": lines, "winner": winner,
                                    "tiebreak": tiebreak, "notes": [*notes, *table.notes]})


def _bridge_rank(state: GameState, team: int) -> int:
    """How far behind on the bridge the team's hindmost member is (the base tiebreak, by team)."""
    order = state.bridge_order()
    return max(order.index(seat) for seat in state.teams.members[team])
