"""``burgundy summary``: many records scored now and summed up per game and player.

A thin view of the archive's statistics (:mod:`burgundy_cli.archive.stats`): the same
player tables, over the ``score --json`` objects of records scored in this run instead of
games read from an archive, with no database. Only complete games count towards wins and
averages; games still in progress and records that failed to verify are counted, not
scored; records that start from a ``[position]`` (``"start": "position"``, a rulebook
example) are no games played and are counted apart, as ``positions``. Player names are matched ignoring case. For filters, splits, head-to-head, best
games and ratings, use ``burgundy stats`` (docs/archive.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def summarise(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Aggregate score objects (and ``{"file", "error"}`` failures) into one summary.

    >>> game = {"game": "g", "edition": None, "complete": True, "winner": ["a"], "players": [
    ...     {"name": "a", "total": 9, "rank": 1, "breakdown": {"x": 9}},
    ...     {"name": "b", "total": 4, "rank": 2, "breakdown": {"x": 4}}]}
    >>> summary = summarise([game, game, {"file": "bad.toml", "error": "..."}])
    >>> summary["invalid"], summary["games"]["g"]["players"][0]["wins"]
    (['bad.toml'], 2.0)
    """
    from burgundy_cli.archive.stats import Standings, game_of_score

    invalid: list[str] = []
    positions = 0
    standings = Standings()
    for result in results:
        if "error" in result:
            invalid.append(result.get("file", "?"))
        elif result.get("start") == "position":
            positions += 1
        else:
            standings.add(game_of_score(result))
    games = {}
    for group in standings.to_json():
        games[group["game"]] = {"records": group["complete"] + group["in_progress"], "complete": group["complete"],
                                "in_progress": group["in_progress"], "players": group["players"]}
    return {"records": len(invalid) + positions + sum(g["records"] for g in games.values()), "invalid": invalid,
            "positions": positions, "games": games}


def summary_text(summary: dict[str, Any]) -> str:
    """The summary as text: one table per game, players by wins then average points."""
    from burgundy_cli.archive.output import text

    body = text({"games": sum(g["complete"] for g in summary["games"].values()),
                 "in_progress": sum(g["in_progress"] for g in summary["games"].values()),
                 "standings": [{"game": name, "split": {}, **game} for name, game in summary["games"].items()]})
    apart = f", {summary['positions']} positions (no games)" if summary["positions"] else ""
    lines = [f"{summary['records']} records, {len(summary['invalid'])} invalid{apart}", body]
    lines += [f"invalid: {file}" for file in summary["invalid"]]
    return "\n".join(lines)
