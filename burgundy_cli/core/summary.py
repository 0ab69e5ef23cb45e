"""``burgundy summary`` (deprecated: ``burgundy stats`` is the one command): many records
scored now and summed up per game and player.

A thin view of the archive's statistics (:mod:`burgundy_cli.archive.stats`): the same
report, over the ``score --json`` objects of records scored in this run instead of games
read from an archive, with no database. Only complete games count towards wins and
averages; games still in progress and records that failed to verify are counted, not
scored; records that start from a ``[position]`` (``"start": "position"``, a rulebook
example) are no games played and are counted apart, as ``positions``; a file with the same
bytes as one read before is the same game, named in ``copies`` and not counted again (the
archive keys records by their bytes); the solo and team
games have sections of their own, as in ``stats``. Player names are matched ignoring case.
For filters, splits, head-to-head, best games and ratings, use ``burgundy stats``
(docs/archive.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: What ``summary`` says on stderr each time it is run.
DEPRECATED = ("burgundy: `summary` is deprecated and will be removed: `burgundy stats FOLDER` prints the same "
              "tables (it keeps an archive, DIR/burgundy.db, and adds filters, splits and ratings)")


def summarise(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Aggregate score objects (and ``{"file", "error"}`` failures) into one summary.

    >>> game = {"game": "g", "edition": None, "complete": True, "winner": ["a"], "players": [
    ...     {"name": "a", "total": 9, "rank": 1, "breakdown": {"x": 9}},
    ...     {"name": "b", "total": 4, "rank": 2, "breakdown": {"x": 4}}]}
    >>> summary = summarise([game, game, {"file": "bad.toml", "error": "..."}])
    >>> summary["invalid"], summary["games"]["g"]["players"][0]["wins"]
    (['bad.toml'], 2.0)
    """
    from burgundy_cli.archive.stats import game_of_score, report

    invalid: list[str] = []
    copies: list[str] = []
    first: dict[str, str] = {}  # content hash -> the file counted
    positions = 0
    played = []
    for result in results:
        if "hash" in result and first.setdefault(result["hash"], result["file"]) != result["file"]:
            copies.append(f"{result['file']}: the same record as {first[result['hash']]}")
        elif "error" in result:
            invalid.append(result.get("file", "?"))
        elif result.get("start") == "position":
            positions += 1
        else:
            played.append(game_of_score(result))
    reported = report(played)
    games = {}
    for group in reported["standings"]:
        games[group["game"]] = {"records": group["complete"] + group["in_progress"], "complete": group["complete"],
                                "in_progress": group["in_progress"], "players": group["players"]}
    in_modes = reported["games"] + reported["in_progress"] - sum(g["records"] for g in games.values())
    return {"records": len(invalid) + len(copies) + positions + sum(g["records"] for g in games.values()) + in_modes,
            "invalid": invalid, "copies": copies, "positions": positions, "complete": reported["games"],
            "in_progress": reported["in_progress"], "games": games, "solo": reported["solo"],
            "teams": reported["teams"], "undated": reported["undated"], "result_only": reported["result_only"]}


def summary_text(summary: dict[str, Any]) -> str:
    """The summary as text: the tables of ``stats`` (one per game, players by wins then
    average points, then the solo and team sections)."""
    from burgundy_cli.archive.output import text
    from burgundy_cli.core.words import counted

    body = text({"games": summary["complete"], "in_progress": summary["in_progress"], "undated": summary["undated"],
                 "result_only": summary["result_only"],
                 "not_counted": {"positions": summary["positions"], "copies": len(summary["copies"])},
                 "standings": [{"game": name, "split": {}, **game} for name, game in summary["games"].items()],
                 "solo": summary["solo"], "teams": summary["teams"]})
    lines = [f"{counted(summary['records'], 'record')}, {len(summary['invalid'])} invalid", body]
    lines += [f"invalid: {file}" for file in summary["invalid"]]
    lines += [f"copy: {copy}" for copy in summary["copies"]]
    return "\n".join(lines)
