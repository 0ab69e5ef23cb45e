"""The ``stats`` report as tables: a terminal table, Markdown, or CSV.

:func:`tables` turns the ``stats --json`` object into titled tables (columns and rows);
each format writes those. A CSV holds one table per view asked for, separated by an empty
line: ask for one view to get a single plain CSV table.
"""

from __future__ import annotations

import io
from typing import Any

from burgundy_cli.core.words import counted, cut, padded, text_width

Table = tuple[str, list[str], list[list[Any]]]

#: The widest a player's name is shown in a terminal table (longer ones end in "…"), so that
#: the default table fits 80 columns; the JSON, CSV and Markdown forms keep every name whole.
NAME_WIDTH = 20

#: The width the terminal tables keep within.
WIDTH = 80


def rounded(value: float, places: int) -> float:
    """``value`` to ``places`` decimals as a club secretary rounds by hand: a half away from
    zero (Anna's 477 points in 4 games, 119.25, are 119.3). Python's ``round`` and format
    round a half to the even digit, so one average of four games showed 119.2 and the next,
    130.75, 130.8. The figure's shortest decimal form is rounded (``repr``), so 0.15 is 0.2,
    not the 0.1 its binary value nearly is. Every figure of ``stats`` and the site is rounded
    by this (one rule, the JSON's figures and the tables' alike)."""
    from decimal import ROUND_HALF_UP, Decimal

    return float(Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def one_decimal(value: Any) -> str:
    """An average as every table shows one: one decimal (:func:`rounded`); a figure that
    rounds to nothing is 0.0 whatever its sign (a rating of -0.04 was shown "-0.0")."""
    if value is None or value == "":
        return ""
    shown = f"{rounded(value, 1):.1f}"
    return "0.0" if shown == "-0.0" else shown


def percent(rate: float) -> str:
    """A share (0.125) as a whole percentage, rounded as :func:`rounded` rounds ("13%")."""
    return f"{rounded(100 * rate, 0):.0f}%"


def _percent(part: float, whole: int) -> str:
    return percent(part / whole) if whole else ""


def _not_all_zero(columns: list[str], rows: list[list[Any]], first: int) -> tuple[list[str], list[list[Any]]]:
    """``columns`` and ``rows`` without the columns from ``first`` on that hold only zeros or nothing."""
    keep = [i for i in range(len(columns))
            if i < first or any(row[i] not in (0, 0.0, "", "0", "0.0", None) for row in rows)]
    return [columns[i] for i in keep], [[row[i] for i in keep] for row in rows]


#: How the reports (``stats``, ``summary``, the site's index) say the result-only games they read.
RESULT_ONLY = "result-only (final scores entered without the moves)"


#: What the reports call a record that is not counted, by why (one, several).
_NOT_COUNTED = {"position": ("position record (a rulebook example)", "position records (rulebook examples)"),
                "failed": ("record that failed to verify", "records that failed to verify"),
                "copy": ("copy of another record", "copies of other records")}


def not_counted(why: str, count: int) -> str:
    """"16 position records (rulebook examples) not counted", "1 position record (a rulebook
    example) not counted": the words of ``stats``, ``summary`` and the site."""
    one, many = _NOT_COUNTED[why]
    return f"{count} {one if count == 1 else many} not counted"


def summary_lines(result: dict[str, Any]) -> list[str]:
    """What was read and what was left out: the games, the result-only ones, those without a
    date, the position records (rulebook examples) and (``summary``) the copies not counted."""
    lines = [f"{counted(result['games'], 'complete game')}, {result['in_progress']} in progress"]
    if result.get("result_only"):
        lines.append(f"{result['result_only']} {RESULT_ONLY}")
    if result.get("undated"):
        lines.append(f"{result['undated']} without a date")
    positions = result.get("not_counted", {}).get("positions", 0)
    if positions:
        lines.append(not_counted("position", positions))
    copies = result.get("not_counted", {}).get("copies", 0)
    if copies:
        lines.append(not_counted("copy", copies))
    failed = result.get("not_counted", {}).get("failed", 0)
    if failed:   # (said here too, not on stderr only: a report written to a file says it)
        lines.append(f"{counted(failed, 'record')} failed to verify, not counted "
                     f"(burgundy archive list names {'it' if failed == 1 else 'them'})")
    return lines


def tables(result: dict[str, Any], categories: bool = False) -> list[Table]:
    """The report's views as (title, columns, rows): per game the compact player table (and,
    with ``categories``, the average points per category, a row per category), the solo and
    team sections, then head-to-head, best games and ratings as asked. Wins are whole games
    (a shared first place counts as a tie, in its own column); win% is the share of games won
    with a shared win counting 1/n to each of n (``--json``'s ``win_rate``, the site's win %,
    the order of the table), so no two outputs give one player two rates; averages have one
    decimal; a column that is zero for everyone is left out."""
    out: list[Table] = []
    for group in result["standings"]:
        # (a value the games lack in words: "no modules", "no edition" of Robber Knights, not "-")
        split = ", ".join(f"no {k}" if v is None else f"{k} {v}" for k, v in group["split"].items())
        title = f"{group['game']}{' (' + split + ')' if split else ''}: {group['complete']} complete, " \
                f"{group['in_progress']} in progress"
        players = group["players"]
        columns = ["player", "played", "wins", "ties", "win%", "average", "best", "avg rank"]
        rows = [[p["name"], p["played"], p["won_alone"], p["tied_first"], _percent(p["wins"], p["played"]),
                 one_decimal(p["average"]), p["best"], one_decimal(p["average_rank"])] for p in players]
        out.append((title, *_not_all_zero(columns, rows, 1)))
        if categories and players:
            names = list(dict.fromkeys(c for p in players for c in p["categories"]))
            rows = [[name, *(one_decimal(p["categories"].get(name, "")) for p in players)] for name in names]
            rows = [row for row in rows if any(cell not in ("", "0.0") for cell in row[1:])]
            out.append((f"{group['game']}{' (' + split + ')' if split else ''}: average points per category",
                        ["category", *(p["name"] for p in players)], rows))
    for game, rows in result.get("solo", {}).items():
        out.append((f"{game} solo games: won (the duchy filled) or lost",
                    ["player", "played", "won", "lost", "win%", "average", "best"],
                    [[r["name"], r["played"], r["won"], r["lost"], _percent(r["won"], r["played"]),
                      one_decimal(r["average"]), r["best"]] for r in rows]))
    for game, rows in result.get("teams", {}).items():
        columns = ["team", "played", "won", "tied", "lost", "win%", "average", "best"]
        out.append((f"{game} team games: per team (its members' totals together)",
                    *_not_all_zero(columns, [[r["team"], r["played"], r["won"], r["tied"], r["lost"],
                                              _percent(r["won"], r["played"]), one_decimal(r["average"]), r["best"]]
                                             for r in rows], 1)))
    if "head_to_head" in result:
        h = result["head_to_head"]
        a, b = h["players"]
        unplayed = h.get("unplayed") or []
        guesses = "".join(f"; did you mean '{guess}' for {name}?" if len(unplayed) > 1 else f"; did you mean '{guess}'?"
                          for name, guess in (h.get("did_you_mean") or {}).items())
        why = f" ({' and '.join(unplayed)}: no complete game counted{guesses})" if unplayed else ""
        for game, g in (h.get("by_game") or {"": h}).items():   # (one table per game; none together: one)
            out.append((f"{game + ' ' if game else ''}head-to-head: {a} v {b}, {counted(g['games'], 'game')} "
                        f"together{why}", ["player", "ahead", "level", "average"],
                        [[a, g["ahead"][0], g["level"], "" if g["average"][0] is None else one_decimal(g["average"][0])],
                         [b, g["ahead"][1], g["level"], "" if g["average"][1] is None else one_decimal(g["average"][1])]]))
    if "best" in result:
        for key, what in (("highest_totals", "total"), ("biggest_margins", "margin")):
            for game in dict.fromkeys(r["game"] for r in result["best"][key]):   # (a table per game)
                out.append((f"{game} {key.replace('_', ' ')}", [what, "player", "date", "file"],
                            [[r[what], r["player"], r["date"] or "",
                              (r["file"] or "") + (" (result only)" if r.get("result_only") else "")]
                             for r in result["best"][key] if r["game"] == game]))
    for key, kind in (("ratings", ""), ("team_ratings", " team games")):
        for game, rows in result.get(key, {}).items():
            out.append((f"{game}{kind} ratings (openskill Plackett-Luce, mu - 3 sigma)",
                        ["player", "rating", "mu", "sigma", "played"],
                        [[r["name"], one_decimal(r["rating"]), one_decimal(r["mu"]), one_decimal(r["sigma"]), r["played"]]
                         for r in rows]))
    return out


def _numeric(cell: str) -> bool:
    return cell.replace(".", "", 1).replace("%", "").lstrip("-").isdigit() or cell == ""


def _shown_name(cell: Any) -> str:
    return cut(str(cell), NAME_WIDTH)


def _aligned(heads: list[str], rows: list[list[Any]]) -> list[str]:
    """Aligned columns (numbers to the right, the first column's names cut to :data:`NAME_WIDTH`),
    each as wide as a terminal shows its cells (a Chinese name's characters take two columns)."""
    cells = [heads, *[[_shown_name(row[0]), *map(str, row[1:])] for row in rows]]
    widths = [max(text_width(row[i]) for row in cells) for i in range(len(heads))]
    right = [all(_numeric(row[i]) for row in cells[1:]) for i in range(len(heads))]
    return ["  ".join(padded(cell, w, r) for cell, w, r in zip(row, widths, right)).rstrip() for row in cells]


def _within(heads: list[str], rows: list[list[Any]]) -> list[tuple[list[str], list[list[Any]]]]:
    """The table as parts of at most :data:`WIDTH` columns of text, each repeating the first
    column (a table of categories with many players is cut between players)."""
    parts: list[tuple[list[str], list[list[Any]]]] = []
    chosen: list[int] = []
    for index in range(1, len(heads)):
        trial = [0, *chosen, index]
        if chosen and max(map(text_width, _aligned([heads[i] for i in trial], [[r[i] for i in trial] for r in rows]))) > WIDTH:
            parts.append(([heads[i] for i in [0, *chosen]], [[r[i] for i in [0, *chosen]] for r in rows]))
            chosen = []
        chosen.append(index)
    parts.append(([heads[i] for i in [0, *chosen]], [[r[i] for i in [0, *chosen]] for r in rows]))
    return parts


def text(result: dict[str, Any], categories: bool = False) -> str:
    """Terminal tables: a title line, then aligned columns (numbers to the right), within 80 columns."""
    lines = summary_lines(result)
    for title, columns, rows in tables(result, categories):
        lines += ["", title]
        if not rows:
            lines.append("  (none)")
            continue
        for index, (part_columns, part_rows) in enumerate(_within(columns, rows)):
            if index:
                lines.append("")
            lines += _aligned(part_columns, part_rows)
    lines += [f"copy: {copy}" for copy in result.get("copies", ())]   # (stats; summary names its own)
    return "\n".join(lines)


#: What Markdown or the HTML it may hold would read in record text (emphasis, links, code,
#: tables, raw tags): each is written escaped, so a name shows as the text it is.
_MARKDOWN_ESCAPES = str.maketrans({**{mark: "\\" + mark for mark in "\\`*_[]|~"},
                                   "&": "&amp;", "<": "&lt;", ">": "&gt;",
                                   "\n": " ", "\r": " "})


def markdown_text(value: Any) -> str:
    """``value`` as Markdown text that renders as itself: ``<script>``, ``<img onerror=..>`` and
    ``**x**`` in a player's name are shown, never run or styled (numbers are unchanged)."""
    return str(value).translate(_MARKDOWN_ESCAPES)


def markdown(result: dict[str, Any], categories: bool = False) -> str:
    """GitHub-flavoured Markdown: a heading and a table per view, every text escaped."""
    lines = [markdown_text(line) + "  " for line in summary_lines(result)]
    lines[-1] = lines[-1].rstrip()
    for title, columns, rows in tables(result, categories):
        # (numbers right, text left, as the terminal's table aligns them; no rows: the first column left)
        right = [all(_numeric(str(row[i])) for row in rows) if rows else i > 0 for i in range(len(columns))]
        lines += ["", f"### {markdown_text(title)}", "", "| " + " | ".join(map(markdown_text, columns)) + " |",
                  "|" + "|".join(" ---: " if r else " --- " for r in right) + "|"]
        lines += ["| " + " | ".join(map(markdown_text, row)) + " |" for row in rows]
    return "\n".join(lines)


def _games_named(result: dict[str, Any]) -> list[str]:
    """Every game the report's views are per: the titles' first word."""
    games = {group["game"] for group in result["standings"]}
    for key in ("solo", "teams", "ratings", "team_ratings"):
        games.update(result.get(key, {}))
    games.update(result.get("head_to_head", {}).get("by_game", {}))
    games.update(row["game"] for rows in result.get("best", {}).values() for row in rows)
    return sorted(games, key=len, reverse=True)


def csv_text(result: dict[str, Any], categories: bool = False) -> str:
    """CSV: per view, a header row (with the view's game and split as leading columns for the
    player tables; the category averages as columns with ``categories``) and its rows; views
    separated by an empty line."""
    from burgundy_cli.core.csvrows import csv_rows

    buffer = io.StringIO()
    blocks = []
    standings = result["standings"]
    if standings:
        splits = list(result["splits"])
        names = [c for c in dict.fromkeys(c for g in standings for p in g["players"] for c in p["categories"])
                 if any(p["categories"].get(c) for g in standings for p in g["players"])] if categories else []
        block = [["game", *splits, "player", "played", "wins", "ties", "win_rate", "average", "best",
                  "average_rank", *names]]
        for group in standings:
            for p in group["players"]:
                block.append([group["game"], *(group["split"].get(s) for s in splits), p["name"], p["played"],
                              p["won_alone"], p["tied_first"], round(p["won_alone"] / p["played"], 3), p["average"], p["best"],
                              p["average_rank"], *(p["categories"].get(c, "") for c in names)])
        blocks.append(block)
    games = _games_named(result)
    for title, columns, rows in tables(result)[len(standings):]:
        # (a CSV has no titles: a per-game table says its game in a first column, as the player table does)
        game = next((name for name in games if title.startswith(name + " ")), None)
        blocks.append([["game", *columns], *[[game, *row] for row in rows]] if game else [columns, *rows])
    for index, block in enumerate(blocks):
        if index:
            buffer.write("\n")
        buffer.write(csv_rows(block))
    return buffer.getvalue()
