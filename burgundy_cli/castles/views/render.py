"""``burgundy show`` for The Castles of Burgundy: the table as text.

Every duchy is drawn as a hex map whose cells carry the coordinates the notation uses
(``a1``..``g4``): an empty space shows its colour letter and die number (``C6`` a dark-green
space for a 6), a filled one the tile on it in capitals (``SHIP``, ``COW3``, ``K16``).
Around the maps: storage, goods, silver, workers, VP, bonus tiles, the bridge order, the
phase and round, the dice, and every depot with its tiles and goods.
"""

from __future__ import annotations

import textwrap

from burgundy_cli.castles.rules.boards import (ROW_LENGTHS, SPACES, TEAM_IDS, TEAM_SHARED, board, board_numbers,
                                        provenance_note, space_name)
from burgundy_cli.castles.rules.state import PHASES, GameState, PlayerState
from burgundy_cli.castles.rules.terms import WORDS
from burgundy_cli.castles.rules.tiles import COLOUR_NAME
from burgundy_cli.core.render import TEXT_WIDTH, packed

#: Width of one hex cell in the drawing; rows are offset by half of it, like the board.
CELL = 10
#: The same on a 2019 team board, whose right half's names are a letter longer (``rc6 CASTLE``).
TEAM_CELL = 12

#: Short capitals for tiles on the map (what fits in a cell next to the coordinate).
_SHORT = {
    "castle": "CASTLE", "mine": "MINE", "ship": "SHIP", "warehouse": "WAREH", "carpenter": "CARPT",
    "church": "CHURCH", "market": "MARKET", "boarding-house": "BOARD", "bank": "BANK",
    "city-hall": "CITYH", "watchtower": "TOWER",
    "white-castle": "WHITEC", "crane": "CRANE", "geese": "GEESE", "black-hex": "BLACK",  # 2019 modules
}
_ANIMAL_SHORT = {"cow": "COW", "pig": "PIG", "sheep": "SHEEP", "chicken": "HEN"}



def legend(edition: str) -> str:
    """The key to the maps in ``edition``'s words: a beige region is a "city" and a yellow tile
    a "knowledge" tile in 2011 ('Building (beige)', 'The yellow tiles ("knowledge")'), a "town"
    and a "monastery" tile in 2019 ('Buildings', 'The monastery tiles'); pastures are both's."""
    words = WORDS[edition]
    return ("legend: empty space = colour + die (C dark green/castle, S blue/ship, M grey/mine, "
            f"L light green/pasture, B beige/{words['city']}, Y yellow/{words['knowledge tile'].removesuffix(' tile')}); "
            "filled space = tile in capitals (HEN = chicken, CITYH = city-hall, BOARD = boarding-house, "
            "CARPT = carpenter, WAREH = warehouse, TOWER = watchtower)")


def board_heading(edition: str, number: int | str) -> str:
    """``duchy No. 1`` (2019 'Game setup': "A duchy"), ``estate No. 1`` in 2011 ('The player
    boards': "The estate's number", 'Building (beige)': "Estate No. 1, for example, has 4
    cities"): the board numbered ``number`` (:func:`duchy_number`) as ``edition`` names it."""
    return f"{WORDS[edition]['duchy']} No. {number}"


def tile_short(kind: str) -> str:
    """The capitals a placed tile is drawn with (``cow3`` -> ``COW3``, ``k16`` -> ``K16``)."""
    if kind in _SHORT:
        return _SHORT[kind]
    for animal, short in _ANIMAL_SHORT.items():
        if kind.startswith(animal):
            return short + kind[len(animal):]
    return kind.upper()


def duchy_number(edition: str, player: PlayerState) -> int | str:
    """The number printed on ``player``'s duchy board in ``edition`` (its layout id if none), or
    the id of a provisional or record-defined duchy (``11x``)."""
    if player.board.name is not None:
        return player.board.name
    for number in board_numbers(edition):
        if board(edition, number).layout == player.board.layout:
            return number
    return player.board.layout


def _rows(cells: list[str], width: int = CELL) -> list[str]:
    """The 37 cell texts of a duchy's shape, in space order, drawn as its 7 offset rows."""
    lines = []
    index = 0
    widest = max(ROW_LENGTHS)
    for length in ROW_LENGTHS:
        row = "".join(cell.ljust(width) for cell in cells[index:index + length])
        lines.append((" " * ((widest - length) * width // 2) + row).rstrip())
        index += length
    return lines


def _named(player: PlayerState, index: int) -> str:
    return f"{space_name(index)} {_content(player, index)}"


def team_map(player: PlayerState) -> list[str]:
    """The hex map of a 2019 team board, one half above the other so that it fits a terminal
    (side by side it is 151 columns): the right half's ``rd1`` is the left half's ``d7``, and
    the spaces where the halves touch are named under it (from the board's adjacency)."""
    right = [TEAM_IDS[f"r{space_name(slot)}"] for slot in range(SPACES)]
    right_cells = ["rd1 = d7" if index == TEAM_SHARED else _named(player, index) for index in right]
    touching = sorted((left, index) for index in range(SPACES, len(player.duchy))
                      for left in player.board.neighbours[index] if left < SPACES and left != TEAM_SHARED)
    seam = ", ".join(f"{space_name(left)}-{space_name(index)}" for left, index in touching)
    return ["  left half:", *_rows([_named(player, index) for index in range(SPACES)], TEAM_CELL),
            "  right half:", *_rows(right_cells, TEAM_CELL),
            f"  the halves share d7 (rd1); spaces touching across them: {seam}"]


def duchy_map(player: PlayerState) -> list[str]:
    """The hex map of one duchy, one text line per row, coordinates in every cell."""
    if player.board.places is not None:
        return _islands_map(player)
    if len(player.duchy) > SPACES:  # a 2019 team board
        return team_map(player)
    return _rows([_named(player, index) for index in range(SPACES)])


def _content(player: PlayerState, index: int) -> str:
    """A cell's content: the placed tile in capitals, or the space's colour and die."""
    tile = player.duchy[index]
    return tile_short(tile) if tile is not None else f"{player.board.colour[index]}{player.board.die[index]}"


def _islands_map(player: PlayerState) -> list[str]:
    """The map of a duchy drawn from its spaces' places (the 2019 solo duchy's islands): a row
    with no space is the river between the islands."""
    places = player.board.places
    lines = []
    for row in range(max(r for r, _ in places) + 1):
        text = ""
        for x2, index in sorted((x2, index) for index, (r, x2) in enumerate(places) if r == row):
            text = text.ljust(x2 * CELL // 2) + f"{space_name(index)} {_content(player, index)}".ljust(CELL)
        lines.append(text.rstrip() or "  ~~~ river ~~~")
    return lines


def duchy_marks(player: PlayerState, edition: str) -> list[str]:
    """Under a map: the duchy's border posts (the spaces each touches) and, for a provisional
    or record-defined duchy, where its layout comes from (in ``edition``'s words)."""
    lines = []
    if player.board.posts:
        posts = ", ".join("+".join(space_name(space) for space in post) for post in player.board.posts)
        lines.append(f"  border posts beside: {posts}")
    river = sorted({space for spaces in player.board.river for space in spaces})
    if river:
        lines.append("  the river joins the islands at: " + ", ".join(map(space_name, river)))
    note = provenance_note(player.board, edition)
    if note is not None:
        lines.extend(textwrap.wrap(note, TEXT_WIDTH, initial_indent="  ", subsequent_indent="    "))
    return lines


def _goods_text(goods: dict[int, int]) -> str:
    """Goods tiles held, one number per tile (``5 5 6``: two of type 5, one of type 6)."""
    held = [str(kind) for kind, count in sorted(goods.items()) for _ in range(count)]
    return " ".join(held) if held else "none"


def _bonus_text(bonus: str) -> str:
    """``S-large`` -> ``blue large``: a colour bonus tile as the rulebook names it."""
    code, size = bonus.split("-", 1)
    return f"{COLOUR_NAME.get(code, code)} {size}"


def player_summary(state: GameState, seat: int) -> list[str]:
    """Supplies and scores of one player, under their map, in the edition's words (2011's
    "silverlings", "worker tiles" and "knowledge tiles", 2019's "silver", "workers" and
    "monastery tiles")."""
    player = state.players[seat]
    words = WORDS[state.edition]
    vp = [f"{cat} {n}" for cat, n in player.vp.items() if n] or ["none yet"]
    vp[0] = "(" + vp[0]
    vp[-1] += ")"
    shared = ""
    if state.teams is not None:  # 2019 team game: the team's shared storage and the player's place
        shared = f" (private; {state.teams.label(seat)})   shared storage: {', '.join(player.shared) or 'empty'}"
    lines = [
        f"  storage: {', '.join(player.storage) if player.storage else 'empty'}{shared}"
        f"   goods: {_goods_text(player.goods)}   {words['silver']}: {player.silver}   {words['workers']}: {player.workers}",
        *packed(f"  VP: {player.points}", vp, sep=","),
    ]
    extras = []
    if player.bonuses:
        extras.append("bonus tiles: " + ", ".join(_bonus_text(bonus) for bonus in player.bonuses))
    if player.knowledge:
        extras.append(f"{words['knowledge tiles']}: " + ", ".join(f"k{n}" for n in sorted(player.knowledge)))
    if player.dice:
        extras.append("dice to use: " + " ".join(map(str, player.dice)))
    if player.shields:
        extras.append("shields: " + ", ".join(f"{number} on {space_name(space)}"
                                              for space, number in sorted(player.shields.items())))
    if extras:
        joined = "  " + "   ".join(extras)
        lines.extend([joined] if len(joined) <= TEXT_WIDTH else [f"  {extra}" for extra in extras])
    if player.route:
        lines.extend(packed(f"  trade route ({len(player.route_goods)} of {len(player.route)} covered):",
                            [route_space_text(player, index) for index in range(len(player.route))]))
    return lines


def route_space_text(player: PlayerState, index: int) -> str:
    """One trade route space: ``[5 silver-2]`` free, ``[5 silver-2 | 4]`` covered by a
    goods tile of type 4, ``[5 silver-2 | 5 bonus]`` covered by a match."""
    goods, bonus = player.route[index]
    if index >= len(player.route_goods):
        return f"[{goods} {bonus}]"
    laid = player.route_goods[index]
    return f"[{goods} {bonus} | {laid}{' bonus' if laid == goods else ''}]"


def _depot_line(state: GameState, depot: int) -> str:
    name = "black" if depot == 0 else f"depot {depot}"
    tiles = ", ".join(state.depots[depot]) if state.depots[depot] else "-"
    text = f"  {name:<8} tiles: {tiles}"
    if depot and state.depot_goods[depot]:
        text += "   goods: " + " ".join(map(str, state.depot_goods[depot]))
    if depot and state.shields is not None and state.shields.depots[depot]:
        text += "   shields: " + " ".join(map(str, state.shields.depots[depot]))
    if not state.revealed[depot] and state.stage in ("roll", "turn"):
        text += "   (not revealed in the record)"
    return text


def missing_text(missing: tuple[str, ...]) -> str:
    """The phase's lines not yet recorded, said short: ``reveal 3 4 black, goods``."""
    depots = [line.split()[1] for line in missing if line.startswith("reveal ")]
    said = [f"reveal {' '.join(depots)}"] if depots else []
    return ", ".join(said + [line for line in missing if not line.startswith("reveal ")])



def round_white_die(state: GameState) -> int | None:
    """The white die's result while its round is played; None between rounds. 2011 rules 'The
    five game rounds': "with the start player also rolling the white die", and the player who
    becomes start player for the next round "also receives the white die" (2019: "If you are now
    the next round's starting player, you receive the white die"): between rounds it lies with
    that player, not yet rolled, so the last round's result is no die of any round (a
    ``[position]`` between rounds states none either)."""
    return state.white if state.stage == "turn" else None


def team_names(state: GameState) -> dict[str, list[str]] | None:
    """With the 2019 team game: each team's players, first and second (``{"A": [...], "B": [...]}``)."""
    if state.teams is None:
        return None
    from burgundy_cli.castles.modules.team import TEAMS

    return {TEAMS[team]: [state.players[seat].name for seat in members] for team, members in enumerate(state.teams.members)}


def scoring_said(score: dict, over: bool, teams: dict[str, list[str]] | None) -> str:
    """The players' totals by place and how the game ended, as ``show`` and the picture's
    status line say them (``score``: a score table's JSON): "final scoring: 1. Cara 154, 2.
    Anna 113; winner Cara", a tie with the tiebreak that decided it, a team game by team, a
    solo game won or lost (``core.render.by_place`` and ``outcome``, the words of every list
    of games); before the end, "VP so far: Anna 40, Ben 35", by total."""
    from burgundy_cli.core.render import by_place, outcome

    solo = next((note.split(";")[0] for note in score["notes"] if note.startswith("solo game: ")), None)
    mode = "solo" if solo else "team" if teams else None
    totals = ", ".join(by_place(score["players"], over, mode, teams))
    if not over:
        return f"VP so far: {totals}" + (f". {solo}" if solo else "")
    return f"final scoring: {totals}; " + (solo or outcome(True, score["winner"], score.get("tiebreak"), mode, teams))


def render(state: GameState) -> str:
    """The whole table: header, turn order, depots, then every duchy with its player's supplies."""
    names = [p.name for p in state.players]
    if state.stage == "over":
        where = "game over"
    else:
        where = f"phase {PHASES[state.phase]}, round {state.round + 1}"
        from burgundy_cli.castles.rules.engine import PHASE_LINES, expected

        due = expected(state)
        if due.kind == "phase":
            said = "reveals and goods" if due.missing == PHASE_LINES else missing_text(due.missing)
            where += f" (phase setup: {said} due)"
        elif due.kind == "roll":
            where += " (the roll is due)"
        else:
            where += f", {names[state.to_move()]} to move"
    lines = [f"The Castles of Burgundy ({state.edition} edition), {len(names)} player{'s' if len(names) != 1 else ''}: "
             f"{where}"]
    if state.stage == "over":
        from burgundy_cli.castles.rules.scoring import score

        lines.extend(textwrap.wrap(scoring_said(score(state).to_json(), True, team_names(state)), TEXT_WIDTH,
                                   subsequent_indent="  ", break_on_hyphens=False))
    lines.append(f"{WORDS[state.edition]['bridge order']}: " + " > ".join(names[s] for s in state.bridge_order()))
    if state.solo is not None:
        from burgundy_cli.castles.rules.solo_standing import table_text

        lines.extend(table_text(state))
    white = round_white_die(state)
    if white is not None:
        lines.append(f"white die: {white}")
    elif state.stage != "over" and state.stage != "turn":  # (a turn's position may leave its die unsaid)
        lines.append(f"white die: with {names[state.bridge_order()[0]]}, the next round's start player, "
                     "not rolled yet")
    if state.round_goods:
        lines.append("goods still on the round spaces: " + " ".join(map(str, state.round_goods)))
    lines.append("depots:")
    lines.extend(_depot_line(state, depot) for depot in range(1, 7))
    lines.append(_depot_line(state, 0))
    lines.extend(f"  beside the black depot: {left(state)} {tile}" for tile, left in state.ruleset.stock.items())
    if state.shields is not None and state.shields.removed:
        lines.append("  shields removed from the game: " + " ".join(map(str, state.shields.removed)))
    for seat, player in enumerate(state.players):
        lines.append("")
        mate = None if state.teams is None else state.teams.mate(seat)
        if mate is not None and mate < seat:  # 2019 team game: the team's board is drawn once
            lines.append(f"{player.name} (seat {seat + 1}, team board with {state.players[mate].name}, drawn above)")
        else:
            lines.append(f"{player.name} (seat {seat + 1}, {board_heading(state.edition, duchy_number(state.edition, player))})")
            lines.extend(duchy_map(player))
            lines.extend(duchy_marks(player, state.edition))
        lines.extend(player_summary(state, seat))
    if state.unverified:
        lines.append("")
        for note in state.unverified:
            lines.extend(textwrap.wrap(f"note: {note}", TEXT_WIDTH, subsequent_indent="  ", break_on_hyphens=False))
    lines.append("")
    lines.extend(textwrap.wrap(legend(state.edition), TEXT_WIDTH, subsequent_indent="  ", break_on_hyphens=False))
    return "\n".join(lines)
