"""Rendering of game-agnostic results (score tables); games draw their own boards.

A score table is plain text when it goes to a pipe or a file, or when ``NO_COLOR`` is set
(https://no-color.org), and a Rich table with colours on a terminal. Rich is imported only
for a terminal, so scripted use starts as fast as before. Categories that are zero for
every player are left out unless ``--all`` asks for them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from burgundy_cli.core.game import GameHeader, ScoreTable
from burgundy_cli.core.words import counted, padded, text_width


#: The widest line a game's text drawing (``show``) writes where it can break: a terminal's
#: width with room to spare, so that nothing wraps in the middle of a board.
TEXT_WIDTH = 100


def packed(first: str, items: list[str], indent: str = "    ", sep: str = "") -> list[str]:
    """``first`` followed by ``items`` (each but the last followed by ``sep``, then a space), as
    lines of at most ``TEXT_WIDTH`` columns where the items allow: a line breaks only between
    items, so that an item (a trade route space ``[4 silver-1 | 4 bonus]``, a tile name) stays
    whole; lines after the first start with ``indent``."""
    lines = [first]
    for number, item in enumerate(items, start=1):
        item += sep if number < len(items) else ""
        if len(lines[-1]) + 1 + len(item) > TEXT_WIDTH and lines[-1].strip():
            lines.append(indent + item)
        else:
            lines[-1] += (" " if lines[-1] and not lines[-1].endswith(" ") else "") + item
    return lines


def shown_categories(table: ScoreTable, show_all: bool = False) -> list[str]:
    """The categories to print, in the order the game lists them: those in which some
    player scored; with ``show_all`` also the game's scoring categories at 0 for everyone,
    but not its bookkeeping ones (a Castles ``position`` or ``corrections`` row: the VP a
    typed position started with, manual corrections), which are not part of the rulebook's
    scoring and say nothing at 0 (docs/records.md, "Score table")."""
    categories: list[str] = []
    for line in table.players:
        categories.extend(c for c in line.breakdown if c not in categories)
    scored = [c for c in categories if any(line.breakdown.get(c, 0) for line in table.players)]
    if not show_all:
        return scored
    adjustments = _adjustments(table.game)
    return [c for c in categories if c in scored or c not in adjustments]


def _adjustments(game: str) -> tuple[str, ...]:
    """The bookkeeping categories of ``game`` (its ``scoring`` module's ``ADJUSTMENTS``), if any."""
    from burgundy_cli.core.registry import GAMES, game_module_name, import_module

    if game not in GAMES:
        return ()
    name = game_module_name(game, "scoring")
    try:
        scoring = import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return ()  # a game without a scoring module has none
    return getattr(scoring, "ADJUSTMENTS", ())


def _headline(table: ScoreTable) -> str:
    edition = f" ({table.edition} edition)" if table.edition else ""
    state = "complete" if table.complete else "in progress (scores so far, no final scoring)"
    players = "1 player" if len(table.players) == 1 else f"{len(table.players)} players"
    return f"{table.game}{edition}, {players}, {state}"


def standings(table: ScoreTable) -> list[int]:
    """Each player's rank as the table shows it: the final rank (its tiebreak applied) once
    the game is complete; during play, players level on points share a rank (1, 1, 3): the
    end-game tiebreak decides only at the end."""
    if table.complete:
        return [line.rank for line in table.players]
    return [1 + sum(other.total > line.total for other in table.players) for line in table.players]


def winner_line(winner: Sequence[str], tiebreak: str | None = None, mode: str | None = None) -> str:
    """Who won a finished game, as the line under its score table says it (``score``, and
    ``chart``'s table, which ends as it does): "winner: Anna", "shared win: red, green", a team
    game's (``mode`` ``team``) winning team, "winner: team Dario + Ben" (not a shared win: the
    team won), "winner: no one" (a solo game lost), "winner: not known" (a result-only record
    whose tie only what it does not hold could break: its ``tiebreak`` says so, its notes why)."""
    if winner and mode == "team":
        return f"winner: team {' + '.join(winner)}"
    if not winner:
        return "winner: not known" if tiebreak else "winner: no one"
    return f"{'winner' if len(winner) == 1 else 'shared win'}: {', '.join(winner)}"


def _footer(table: ScoreTable, hidden: int, mode: str | None = None) -> list[str]:
    """The lines under the table: the winner (a team game's winning team, ``mode`` ``team``), the
    tiebreak, the notes and the categories left out."""
    lines = []
    if table.complete:
        lines.append(winner_line(table.winner, table.tiebreak, mode))
    elif not any(line.total for line in table.players):
        lines.append("leading: no one yet (no points yet)")
    else:
        top = max(line.total for line in table.players)
        lines.append("leading: " + ", ".join(line.name for line in table.players if line.total == top) + f" ({top})")
    if table.tiebreak:
        lines.append(f"tiebreak: {table.tiebreak}")
    lines.extend(f"note: {note}" for note in table.notes)
    if hidden:
        lines.append(f"({counted(hidden, 'category', 'categories')} at 0 for everyone not shown; --all shows them)")
    return lines


def listed(names: Sequence[str]) -> str:
    """"Anna", "Anna and Ben", "Anna, Ben and Cara"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def by_place(players: Sequence[Mapping[str, Any]], complete: bool, mode: str | None = None,
             teams: Mapping[str, Sequence[str]] | None = None, *, start: str | None = None,
             named: Callable[[str], str] = str) -> list[str]:
    """A game's players by place with their totals, as every list of games writes them (``score``
    of several records, ``new``'s last line, ``archive list``, the site): "1. Anna 182", "2. Ben
    170" -- who sat with whom and how it went. ``players``: name, total and rank each. Places
    are given for a ``complete`` game only, not a solo one (``mode`` ``solo``: won or lost, no
    place) nor a record that ``start`` s from a ``position`` (a rulebook example): those are
    still in the order of their totals. With ``teams`` (team -> members, a team game) its teams
    by place, each member's total: "1. team A: Dario 183 + Ben 174". ``named``: a name as the
    output shows it (the site's link to the player's page)."""
    placed = complete and mode != "solo" and start != "position"

    def place(rank: int | None) -> str:
        return f"{rank}. " if placed else ""

    def entry(player: Mapping[str, Any]) -> str:
        return f"{named(player['name'])} {player['total']}"

    def rank(player: Mapping[str, Any]) -> int:
        return player.get("rank") or len(players)

    players = sorted(players, key=rank)
    if not teams:
        return [place(player.get("rank")) + entry(player) for player in players]
    team_rank = {team: min(rank(player) for player in players if player["name"] in members)
                 for team, members in teams.items()}
    return [place(team_rank[team]) + f"team {team}: " + " + ".join(entry(player) for player in players
                                                                   if player["name"] in teams[team])
            for team in sorted(teams, key=team_rank.__getitem__)]


def decided_tie(tied: Sequence[str], on: str, rule: str, figures: Mapping[str, int] | None,
                winner: Sequence[str]) -> str:
    """A tie on points as a score table's ``tiebreak`` says it, a logged game's or a score
    pad's: who tied (``tied``, players or teams), ``on`` what ("14 points", "150 VP"), the
    ``rule`` that breaks it and each one's figure (``figures``; None for a rule with no figure
    to give, such as the order on the bridge), then who is still equal where the figures
    leave a draw (``winner``: the winners, the tied ones still equal among them): "red and blue
    tie on 14 points; most knights left decides (red 5, blue 3)"."""
    counts = "" if figures is None else f" ({', '.join(f'{name} {figures[name]}' for name in tied)})"
    still = "" if len(winner) == 1 else ": still equal, a draw" if list(winner) == list(tied) else \
        f": {listed(winner)} still equal, a draw"
    return f"{listed(tied)} tie on {on}; {rule} decides{counts}{still}"


def outcome(complete: bool, winner: Sequence[str], tiebreak: str | None = None, mode: str | None = None,
            teams: Mapping[str, Sequence[str]] | None = None) -> str:
    """How a game ended, in the words of the one line that reports a record (``score`` of
    several records, ``new --result`` and ``--end``, ``archive list``), as the score table's
    footer says it: "winner Anna", "shared win red, blue", the winning team of a team game
    (``mode`` ``team``; its letter from ``teams``, team -> members, where known), a solo game
    (``mode`` ``solo``) won (the duchy filled) or lost, "winner not known" (a tie only what the
    record lacks could break), or "in progress"; the tiebreak that decided, in brackets."""
    if not complete:
        return "in progress"
    if mode == "solo":
        return f"solo game {'won' if winner else 'lost'}"
    said = "winner not known" if tiebreak else "no winner"
    if mode == "team" and winner:
        letter = next((name for name, members in (teams or {}).items() if sorted(members) == sorted(winner)), None)
        said = f"winner team {letter} ({' + '.join(winner)})" if letter else f"winner team {' + '.join(winner)}"
    elif winner:
        said = f"{'winner' if len(winner) == 1 else 'shared win'} {', '.join(winner)}"
    return said + (f" (tiebreak: {tiebreak})" if tiebreak else "")


def score_table_text(table: ScoreTable, show_all: bool = False, mode: str | None = None) -> str:
    """A per-player table: one row per scoring category, then total and rank, then the winner
    (``mode``: the record's, ``team`` or ``solo``, :func:`burgundy_cli.core.resultonly.game_mode`)."""
    names = [line.name for line in table.players]
    categories = shown_categories(table, show_all)
    hidden = len(shown_categories(table, True)) - len(categories)
    label_width = max([len(c) for c in categories] + [len("total"), 8])
    widths = [max(text_width(n), 5) for n in names]  # (the columns a terminal shows: 李雷 takes 4)

    def row(label: str, cells: list[str]) -> str:
        return (label.ljust(label_width) + "  " + "  ".join(padded(c, w, right=True) for c, w in zip(cells, widths))).rstrip()

    rule = row("", ["-" * w for w in widths])
    lines = [_headline(table), row("", names), rule]
    for category in categories:
        lines.append(row(category, [str(line.breakdown.get(category, 0)) for line in table.players]))
    if categories:   # (no category row: one rule under the names, not two in a row)
        lines.append(rule)
    lines.append(row("total", [str(line.total) for line in table.players]))
    lines.append(row("rank", [str(rank) for rank in standings(table)]))
    return "\n".join(lines + _footer(table, hidden, mode))


def wants_colour(stream: TextIO) -> bool:
    """Colours and Rich tables for a terminal, unless ``NO_COLOR`` is set (to anything)."""
    if "NO_COLOR" in os.environ:
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def score_table_rich(table: ScoreTable, show_all: bool = False, width: int | None = None,
                     mode: str | None = None) -> str:
    """The score table as a Rich table with terminal colours: winners in bold green.

    Every text from the record goes in as a Rich ``Text``, never as markup (a player called
    ``[/]`` is a name, not a closing tag), with its control characters escaped
    (:func:`burgundy_cli.console.printable`): the output is said as styled text.
    """
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from burgundy_cli.console import printable

    def plain(text: str, style: str = "") -> Text:
        return Text(printable(text), style=style)

    categories = shown_categories(table, show_all)
    hidden = len(shown_categories(table, True)) - len(categories)
    # (the headline is a line of its own: as the table's title it would wrap at the width of a
    # narrow table, a word or two a line)
    grid = Table(show_footer=False)
    grid.add_column("category")
    winners = set(table.winner)
    for line in table.players:
        grid.add_column(plain(line.name), justify="right", style="bold green" if line.name in winners else None)
    for category in categories:
        grid.add_row(plain(category), *(str(line.breakdown.get(category, 0)) for line in table.players))
    grid.add_section()
    grid.add_row("total", *(str(line.total) for line in table.players), style="bold")
    grid.add_row("rank", *(str(rank) for rank in standings(table)))
    console = Console(force_terminal=True, width=width or 100, color_system="standard", highlight=False)
    with console.capture() as captured:
        console.print(plain(_headline(table)))
        console.print(grid)
        for text in _footer(table, hidden, mode):
            console.print(plain(text, "dim" if text.startswith(("note", "(")) else "bold"))
    return captured.get().rstrip("\n")


def score_table_for(table: ScoreTable, stream: TextIO, show_all: bool = False, mode: str | None = None) -> str:
    """The score table as ``stream`` should get it: Rich on a terminal, plain text otherwise."""
    if wants_colour(stream):
        import shutil

        return score_table_rich(table, show_all, shutil.get_terminal_size().columns, mode)
    return score_table_text(table, show_all, mode)


def score_json(table: ScoreTable, header: GameHeader) -> dict[str, Any]:
    """The ``score --json`` object: the table, with the record's date, place and event after
    the edition (null when the record does not say)."""
    data = table.to_json()
    date = header.date
    facts = {"date": date.isoformat() if hasattr(date, "isoformat") else date,  # TOML dates as ISO text
             "place": header.place, "event": header.event}
    keys = list(data)
    at = keys.index("edition") + 1
    return {**{k: data[k] for k in keys[:at]}, **facts, **{k: data[k] for k in keys[at:]}}
