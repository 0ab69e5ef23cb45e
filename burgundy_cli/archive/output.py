"""The ``stats`` report as tables: a terminal table, Markdown, or CSV.

:func:`tables` turns the ``stats --json`` object into titled tables (columns and rows);
each format writes those. A CSV holds one table per view asked for, separated by an empty
line: ask for one view to get a single plain CSV table.
"""

from __future__ import annotations

import io
from typing import Any

from burgundy_cli.core.words import counted

Table = tuple[str, list[str], list[list[Any]]]


def tables(result: dict[str, Any]) -> list[Table]:
    """The report's views as (title, columns, rows)."""
    out: list[Table] = []
    for group in result["standings"]:
        split = ", ".join(f"{k} {'-' if v is None else v}" for k, v in group["split"].items())
        title = f"{group['game']}{' (' + split + ')' if split else ''}: {group['complete']} complete, " \
                f"{group['in_progress']} in progress"
        categories = list(dict.fromkeys(c for p in group["players"] for c in p["categories"]))
        columns = ["player", "played", "wins", "win%", "average", "best", "avg rank", *categories]
        rows = [[p["name"], p["played"], f"{p['wins']:g}", f"{p['win_rate']:.0%}", p["average"], p["best"],
                 p["average_rank"], *(p["categories"].get(c, "") for c in categories)] for p in group["players"]]
        out.append((title, columns, rows))
    if "head_to_head" in result:
        h = result["head_to_head"]
        a, b = h["players"]
        out.append((f"head-to-head: {a} v {b}, {counted(h['games'], 'game')} together",
                    ["player", "ahead", "level", "average"],
                    [[a, h["ahead"][0], h["level"], h["average"][0]], [b, h["ahead"][1], h["level"], h["average"][1]]]))
    if "best" in result:
        for key, what in (("highest_totals", "total"), ("biggest_margins", "margin")):
            out.append((key.replace("_", " "), [what, "player", "game", "date", "file"],
                        [[r[what], r["player"], r["game"], r["date"] or "", r["file"] or ""]
                         for r in result["best"][key]]))
    for game, rows in result.get("ratings", {}).items():
        out.append((f"{game} ratings (openskill Plackett-Luce, mu - 3 sigma)",
                    ["player", "rating", "mu", "sigma", "played"],
                    [[r["name"], r["rating"], r["mu"], r["sigma"], r["played"]] for r in rows]))
    return out


def _numeric(cell: str) -> bool:
    return cell.replace(".", "", 1).replace("%", "").lstrip("-").isdigit() or cell == ""


def text(result: dict[str, Any]) -> str:
    """Terminal tables: a title line, then aligned columns (numbers to the right)."""
    lines = [f"{counted(result['games'], 'complete game')}, {result['in_progress']} in progress"]
    for title, columns, rows in tables(result):
        lines += ["", title]
        if not rows:
            lines.append("  (none)")
            continue
        cells = [columns, *[[str(cell) for cell in row] for row in rows]]
        widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
        right = [all(_numeric(row[i]) for row in cells[1:]) for i in range(len(columns))]
        for row in cells:
            lines.append("  ".join(cell.rjust(w) if r else cell.ljust(w)
                                   for cell, w, r in zip(row, widths, right)).rstrip())
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


def markdown(result: dict[str, Any]) -> str:
    """GitHub-flavoured Markdown: a heading and a table per view, every text escaped."""
    lines = [f"{counted(result['games'], 'complete game')}, {result['in_progress']} in progress"]
    for title, columns, rows in tables(result):
        lines += ["", f"### {markdown_text(title)}", "", "| " + " | ".join(map(markdown_text, columns)) + " |",
                  "|" + "|".join(" --- " if i == 0 else " ---: " for i in range(len(columns))) + "|"]
        lines += ["| " + " | ".join(map(markdown_text, row)) + " |" for row in rows]
    return "\n".join(lines)


def csv_text(result: dict[str, Any]) -> str:
    """CSV: per view, a header row (with the view's game and split as leading columns for the
    player tables) and its rows; views separated by an empty line."""
    from burgundy_cli.core.csvrows import csv_rows

    buffer = io.StringIO()
    blocks = []
    standings = result["standings"]
    if standings:
        splits = list(result["splits"])
        categories = list(dict.fromkeys(c for g in standings for p in g["players"] for c in p["categories"]))
        block = [["game", *splits, "player", "played", "wins", "win_rate", "average", "best", "average_rank",
                  *categories]]
        for group in standings:
            for p in group["players"]:
                block.append([group["game"], *(group["split"].get(s) for s in splits), p["name"], p["played"],
                              p["wins"], p["win_rate"], p["average"], p["best"], p["average_rank"],
                              *(p["categories"].get(c, "") for c in categories)])
        blocks.append(block)
    blocks += [[columns, *rows] for _, columns, rows in tables(result)[len(standings):]]
    for index, block in enumerate(blocks):
        if index:
            buffer.write("\n")
        buffer.write(csv_rows(block))
    return buffer.getvalue()
