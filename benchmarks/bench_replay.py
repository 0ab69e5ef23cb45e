"""1. Replay + verify throughput: our recorded actions/s against python-chess's PGN moves/s.

Ours: ``open_record(path)`` for each complete 4-player record of the corpus (read the
file, validate it, replay and verify every line, compare the stored ``[result]``), then
``score()``. python-chess: read and replay the shipped PGN corpus, twice -- the baseline
``read_game(..., Visitor=BoardBuilder)`` (its fastest reading that still checks every
move) and, as a second line, the game-tree reading of earlier sessions (see
``chess_baseline``). All three are cut into as many parts as there are rounds, and the
rounds alternate between them so that all see the same machine state.

Two ratios per game: every notation line counted as an action, and player lines only
(Castles without roll, reveal and goods lines; Robber Knights ``lay`` lines only, see
``corpus.TABLE_LINE_KINDS``), both over the same replay time. Targets: >= 2x on all
lines and >= 1.5x on player lines. Each record and each
game is replayed once in the timed figure, as a user's first ``burgundy score`` of it
would be. Neither game keeps parsed lines from one record to the next any more; any
bounded ``lru_cache`` a game package has (today only the Castles token reader's cache of
tile words) is still cleared before each record, so that no cache of text can flatter
the figure. ``warm_actions_per_s`` is the same part replayed once more: with no line
caches it should equal the target figure. Target: ours >= 2x python-chess.
``reading_share`` is the part of our time spent reading the files (TOML included), the
rest is header validation, replay, verification and scoring.
"""

from __future__ import annotations

import sys
from typing import Any

import chess_baseline
from corpus import Corpus, corpus
from harness import GAMES, Context, clock, not_available, ratio_to_chess, section, target


def parse_caches(name: str) -> list[Any]:
    """The bounded ``lru_cache`` functions of game ``name``'s package: its caches of parsed text.

    Unbounded ``functools.cache`` functions hold data loaded once a process (tiles, boards),
    which a user's first ``burgundy score`` loads too and the replay must not reload.
    """
    from burgundy_cli.core.registry import GAMES as REGISTERED

    package = REGISTERED[name] + "."
    found: dict[int, Any] = {}
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith(package):
            continue
        for value in vars(module).values():
            parameters = getattr(value, "cache_parameters", None)
            if callable(parameters) and parameters()["maxsize"] is not None:
                found[id(value)] = value
    return list(found.values())


def _ours(files: list, caches: list[Any] = ()) -> float:
    """Seconds to open, replay, verify and score ``files``; ``caches`` are cleared before each."""
    from burgundy_cli.core.session import open_record

    start = clock()
    for path in files:
        for cached in caches:
            cached.cache_clear()
        open_record(path).score()
    return clock() - start


def _reading_share(files: list, caches: list[Any]) -> float:
    """Share of the (cold) replay time spent reading the files (size checks, UTF-8, TOML)."""
    from burgundy_cli.core.record import read_record

    start = clock()
    for path in files:
        read_record(path)
    reading = clock() - start
    return reading / _ours(files, caches)


def run(ctx: Context) -> dict[str, Any]:
    rounds = ctx.pick(1, 5)
    chess_missing = chess_baseline.missing()
    pgn_parts = [] if chess_missing else chess_baseline.split_corpus(rounds, ctx.workdir)
    corpora: dict[str, Corpus | str] = {name: corpus(ctx, name) for name in GAMES}
    baselines = {"board_builder": chess_baseline.replay_pgn, "game_tree": chess_baseline.replay_pgn_tree}
    chess_moves = {key: 0 for key in baselines}
    chess_seconds = {key: 0.0 for key in baselines}
    seconds: dict[str, float] = {name: 0.0 for name in GAMES}
    warm: dict[str, float] = {name: 0.0 for name in GAMES}
    caches = {name: parse_caches(name) for name, found in corpora.items()
              if isinstance(found, Corpus)}
    for index in range(rounds):
        for key, replay in baselines.items():
            if pgn_parts:
                start = clock()
                chess_moves[key] += replay(pgn_parts[index])[1]
                chess_seconds[key] += clock() - start
        for name, found in corpora.items():
            if isinstance(found, Corpus):
                part = found.files[index::rounds]
                seconds[name] += _ours(part, caches[name])
                _ours(part)  # fills the caches with every line of the part
                warm[name] += _ours(part)
    rates = {key: chess_moves[key] / chess_seconds[key] if chess_seconds[key] else None for key in baselines}
    baseline = rates["board_builder"]
    figures: dict[str, Any] = {"python-chess": not_available(chess_missing) if chess_missing else {
        "moves_per_s": round(baseline), "game_tree_moves_per_s": round(rates["game_tree"]),
        "moves": chess_moves["board_builder"], "games": chess_baseline.PGN_GAMES}}
    targets = []
    for name, found in corpora.items():
        all_lines = f"{name} actions/s (all lines) / python-chess moves/s"
        player_lines = f"{name} actions/s (player lines) / python-chess moves/s"
        if not isinstance(found, Corpus):
            figures[name] = not_available(found)
            targets += [target(all_lines, None, 2.0, "higher"), target(player_lines, None, 1.5, "higher")]
            continue
        rate = found.total_actions / seconds[name]
        player_rate = found.player_actions / seconds[name]
        ratio = ratio_to_chess(rate, baseline, 3)
        player_ratio = ratio_to_chess(player_rate, baseline, 3)
        figures[name] = {"actions_per_s": round(rate), "player_actions_per_s": round(player_rate),
                         "records": len(found.files), "source": found.source,
                         "actions": found.total_actions, "player_actions": found.player_actions,
                         "ratio_to_chess": ratio, "player_ratio_to_chess": player_ratio,
                         "ratio_to_chess_game_tree": ratio_to_chess(rate, rates["game_tree"], 3),
                         "parse_caches_cleared": sorted(f"{c.__module__}.{c.__qualname__}" for c in caches[name]),
                         "warm_actions_per_s": round(found.total_actions / warm[name]),
                         "reading_share": round(_reading_share(found.files, caches[name]), 3)}
        targets += [target(all_lines, ratio if isinstance(ratio, float) else None, 2.0, "higher"),
                    target(player_lines, player_ratio if isinstance(player_ratio, float) else None, 1.5, "higher")]
    return section(figures, targets, [f"{rounds} alternating round(s); every record and every PGN game is "
                                      "replayed once for the targets, with the games' parse caches cleared "
                                      "before each record (warm_actions_per_s: replayed again, caches full); "
                                      "the baseline is read_game with BoardBuilder, ratio_to_chess_game_tree "
                                      "the earlier game-tree reading"])
