"""Summaries over many records: who played, who won, and how the points were made.

Works on the ``score --json`` objects of :class:`~burgundy_cli.core.game.ScoreTable`, so
it knows no game. Only complete games count towards wins and averages; games still in
progress and records that failed to verify are counted, not scored. Player names are
matched ignoring case, so "Anna" in one record and "anna" in another are one player.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class _PlayerTally:
    name: str
    played: int = 0
    wins: float = 0.0
    points: int = 0
    best: int | None = None
    ranks: int = 0
    categories: dict[str, int] = field(default_factory=dict)

    def add(self, line: dict[str, Any], winners: list[str]) -> None:
        self.played += 1
        if line["name"] in winners:
            self.wins += 1 / len(winners)  # a shared win is shared
        self.points += line["total"]
        self.best = line["total"] if self.best is None else max(self.best, line["total"])
        self.ranks += line["rank"]
        for category, value in line["breakdown"].items():
            self.categories[category] = self.categories.get(category, 0) + value

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "played": self.played,
            "wins": round(self.wins, 2),
            "win_rate": round(self.wins / self.played, 3),
            "average": round(self.points / self.played, 1),
            "best": self.best,
            "average_rank": round(self.ranks / self.played, 2),
            "categories": {c: round(v / self.played, 1) for c, v in self.categories.items()},
        }


def summarise(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Aggregate score objects (and ``{"file", "error"}`` failures) into one summary.

    >>> game = {"game": "g", "complete": True, "winner": ["a"], "players": [
    ...     {"name": "a", "total": 9, "rank": 1, "breakdown": {"x": 9}},
    ...     {"name": "b", "total": 4, "rank": 2, "breakdown": {"x": 4}}]}
    >>> summary = summarise([game, game, {"file": "bad.toml", "error": "..."}])
    >>> summary["invalid"], summary["games"]["g"]["players"][0]["wins"]
    (['bad.toml'], 2.0)
    """
    invalid: list[str] = []
    games: dict[str, dict[str, Any]] = {}
    tallies: dict[str, dict[str, _PlayerTally]] = {}
    for result in results:
        if "error" in result:
            invalid.append(result.get("file", "?"))
            continue
        game = games.setdefault(result["game"], {"records": 0, "complete": 0, "in_progress": 0})
        game["records"] += 1
        if not result["complete"]:
            game["in_progress"] += 1
            continue
        game["complete"] += 1
        players = tallies.setdefault(result["game"], {})
        for line in result["players"]:
            tally = players.setdefault(line["name"].casefold(), _PlayerTally(line["name"]))
            tally.add(line, result["winner"])
    for name, game in games.items():
        ordered = sorted(tallies.get(name, {}).values(), key=lambda t: (-t.wins, -t.points / t.played, t.name))
        game["players"] = [tally.to_json() for tally in ordered]
    return {"records": len(invalid) + sum(g["records"] for g in games.values()), "invalid": invalid,
            "games": games}


def summary_text(summary: dict[str, Any]) -> str:
    """The summary as text: one table per game, players by wins then average points."""
    lines = [f"{summary['records']} records, {len(summary['invalid'])} invalid"]
    for name, game in summary["games"].items():
        lines += ["", f"{name}: {game['complete']} complete, {game['in_progress']} in progress"]
        if not game["players"]:
            continue
        width = max(len(p["name"]) for p in game["players"]) + 2
        lines.append("player".ljust(width) + "played   wins  win%  average  best  avg rank")
        for p in game["players"]:
            lines.append(f"{p['name'].ljust(width)}{p['played']:>6} {p['wins']:>6g} {p['win_rate']:>5.0%}"
                         f" {p['average']:>8} {p['best']:>5} {p['average_rank']:>9}")
    lines += [f"invalid: {file}" for file in summary["invalid"]]
    return "\n".join(lines)
