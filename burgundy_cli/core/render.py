"""Plain-text rendering of game-agnostic results (score tables); games draw their own boards."""

from __future__ import annotations

from burgundy_cli.core.game import ScoreTable


def score_table_text(table: ScoreTable) -> str:
    """A per-player table: one row per scoring category, then total and rank, then the winner."""
    names = [line.name for line in table.players]
    categories: list[str] = []
    for line in table.players:
        categories.extend(c for c in line.breakdown if c not in categories)
    label_width = max([len(c) for c in categories] + [len("total"), 8])
    widths = [max(len(n), 5) for n in names]

    def row(label: str, cells: list[str]) -> str:
        return (label.ljust(label_width) + "  " + "  ".join(c.rjust(w) for c, w in zip(cells, widths))).rstrip()

    edition = f" ({table.edition} edition)" if table.edition else ""
    state = "complete" if table.complete else "in progress (scores so far, no final scoring)"
    lines = [f"{table.game}{edition}, {len(names)} players, {state}", row("", names),
             row("", ["-" * w for w in widths])]
    for category in categories:
        lines.append(row(category, [str(line.breakdown.get(category, 0)) for line in table.players]))
    lines.append(row("", ["-" * w for w in widths]))
    lines.append(row("total", [str(line.total) for line in table.players]))
    lines.append(row("rank", [str(line.rank) for line in table.players]))
    if table.complete:
        verb = "winner" if len(table.winner) == 1 else "shared win"
        lines.append(f"{verb}: {', '.join(table.winner)}")
    else:
        lines.append("leading: " + ", ".join(line.name for line in table.players if line.rank == 1))
    if table.tiebreak:
        lines.append(f"tiebreak: {table.tiebreak}")
    lines.extend(f"note: {note}" for note in table.notes)
    return "\n".join(lines)
