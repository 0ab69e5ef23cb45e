"""Our record corpus: complete 4-player games made by each game's seeded playout.

Records are written with the canonical writer into the run's scratch folder, so every
figure is measured on records exactly like the ones ``burgundy playout`` writes. Seeds
are fixed (0, 1, 2, ...), so two runs measure the same games. Castles of Burgundy seeds
alternate between the editions. While a game's playout is not merged, its complete
records shipped under ``records/`` stand in (the figures then say ``source: records/``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from harness import ROOT, Context, game_or_reason

#: What a game package raises while its playout is not written or merged yet: such figures
#: are "not available" (with the error in the reason), not a failed run.
PLAYOUT_MISSING = (NotImplementedError, ImportError, AttributeError, TypeError)


def playout_missing(err: Exception) -> str:
    return f"playout not available ({type(err).__name__}: {err})"


def edition_for(game: Any, seed: int) -> str | None:
    """Alternate the editions a game has (Castles: 2011, 2019) by seed."""
    editions = tuple(getattr(game, "editions", ()) or ())
    return editions[seed % len(editions)] if editions else None


#: Per game, the line kinds that record the table's doings rather than a player's decision:
#: Castles rolls, depot reveals and phase goods; Robber Knights' draws and ends of turn
#: (each a few microseconds to check). The "player lines" figures leave them out.
TABLE_LINE_KINDS: dict[str, frozenset[str]] = {
    "castles-of-burgundy": frozenset({"roll", "reveal", "phase-goods"}),
    "robber-knights": frozenset({"draw", "end"}),
}


def count_actions(game: Any, data: dict[str, Any]) -> tuple[int, int]:
    """How many recorded actions a record holds: (all its notation lines, player lines only).

    The core does not know where a game keeps its move log, so every string outside the
    ``[game]`` and ``[result]`` tables is offered to the game's notation reader (its
    package's ``notation.parse_line``); the lines it reads as a command are the actions
    (setup values such as tile names do not parse as one). Player lines are those whose
    command kind is not in the game's ``TABLE_LINE_KINDS``.
    """
    import importlib

    from burgundy_cli.core.errors import RefereeError
    from burgundy_cli.core.registry import GAMES

    parse = importlib.import_module(GAMES[game.name] + ".notation").parse_line

    table_kinds = TABLE_LINE_KINDS.get(game.name, frozenset())
    count = players = 0
    stack: list[Any] = [v for k, v in data.items() if k not in ("game", "result")]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                command = parse(item)
            except RefereeError:
                continue
            count += 1
            players += command.kind not in table_kinds
    return count, players


class Corpus:
    """Complete records of one game, written to files, with their action counts."""

    def __init__(self, name: str, files: list[Path], actions: list[tuple[int, int]], source: str):
        self.name = name
        self.files = files
        self.actions = actions
        self.source = source

    @property
    def total_actions(self) -> int:
        """Every notation line of the corpus."""
        return sum(total for total, _ in self.actions)

    @property
    def player_actions(self) -> int:
        """The lines of players' decisions only (see ``TABLE_LINE_KINDS``)."""
        return sum(players for _, players in self.actions)


def corpus(ctx: Context, name: str, players: int = 4, size: int | None = None) -> Corpus | str:
    """The run's corpus of ``name`` (made once per run and size), or why it cannot be made.

    ``size`` records from seeds 0, 1, ...; by default 6 in quick mode and 60 otherwise.
    """
    size = size if size is not None else ctx.pick(6, 60)
    key = f"corpus:{name}:{players}:{size}"
    if key in ctx.cache:
        return ctx.cache[key]
    game, reason = game_or_reason(name)
    if game is None:
        ctx.cache[key] = reason
        return reason
    from burgundy_cli.core.record import dump_record

    folder = ctx.workdir / f"{name}-{players}p-{size}"
    folder.mkdir(parents=True, exist_ok=True)
    files, actions = [], []
    try:
        for seed in range(size):
            data = game.playout(players, seed, edition=edition_for(game, seed), stop_after=None)
            path = folder / f"seed-{seed:04d}.toml"
            path.write_text(dump_record(data), encoding="utf-8")
            files.append(path)
            actions.append(count_actions(game, data))
    except PLAYOUT_MISSING as err:
        result: Corpus | str = shipped_records(game, name, players) or playout_missing(err)
    else:
        result = Corpus(name, files, actions, "playouts")
    ctx.cache[key] = result
    return result


def shipped_records(game: Any, name: str, players: int) -> Corpus | None:
    """The complete ``players``-player records under ``records/NAME/``, while playouts are missing."""
    from burgundy_cli.core.errors import RefereeError
    from burgundy_cli.core.record import read_record
    from burgundy_cli.core.session import open_record

    files, actions = [], []
    for path in sorted((ROOT / "records" / name).rglob("*.toml")):
        try:
            doc = read_record(path)
            if len(doc.data.get("game", {}).get("players", ())) == players and open_record(path).score().complete:
                files.append(path)
                actions.append(count_actions(game, doc.data))
        except RefereeError:
            continue
    return Corpus(name, files, actions, "records/") if files else None


def midgame_positions(ctx: Context, name: str, players: int = 4) -> list[Path] | str:
    """Unfinished records stopped after varied numbers of actions (``stop_after``)."""
    key = f"midgame:{name}:{players}"
    if key in ctx.cache:
        return ctx.cache[key]
    game, reason = game_or_reason(name)
    if game is None:
        return reason
    from burgundy_cli.core.record import dump_record

    folder = ctx.workdir / f"{name}-{players}p-midgame"
    folder.mkdir(parents=True, exist_ok=True)
    files: list[Path] | str = []
    stops = ctx.pick((15, 60, 120), (5, 20, 40, 60, 80, 100, 120, 140, 160, 180))
    try:
        for seed in range(ctx.pick(2, 5)):
            for stop in stops:
                data = game.playout(players, 1000 + seed, edition=edition_for(game, seed), stop_after=stop)
                path = folder / f"seed-{seed}-after-{stop}.toml"
                path.write_text(dump_record(data), encoding="utf-8")
                files.append(path)
    except PLAYOUT_MISSING as err:
        files = playout_missing(err)
    ctx.cache[key] = files
    return files
