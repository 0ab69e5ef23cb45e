"""Where a replayed Castles line's time goes: reading records, reading lines, their pydantic
models, the rules; beside python-chess's time per move. Not a check: the figures that
docs/performance.md ("Replay") explains the replay ratio with.

    python benchmarks/run.py --only replay          # the ratio itself, with its bound
    python benchmarks/replay_parts.py [--records 30] [--rounds 10]

Every part is timed over the same corpus as the replay section (``corpus.py``), CPU time,
the best of ``--rounds`` rounds (the least disturbed by other work on a shared machine):

* ``whole replay``: ``open_record(path).score()``, what the replay section measures;
* ``reading the records``: ``read_record`` (the file and rtoml);
* ``reading the lines``: ``notation.read_canonical`` of every log line, its models included;
* ``of which the models``: the same commands made again by calling their models with the
  fields the reader gave (what building and validating a line's pydantic command costs);
* ``the rules``: ``engine.play`` of the commands, from each record's start, each line's
  best round added up (wall time, ``perf_counter``: a CPU-time clock is a system call that
  would cost more than a short line);
* python-chess ``BoardBuilder``: a part of ``data/random-games.pgn``, per move.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import chess_baseline  # noqa: E402
from corpus import corpus  # noqa: E402
from harness import CASTLES, clock  # noqa: E402


def best(rounds: int, work) -> float:
    """The least CPU time ``work()`` took in ``rounds`` runs."""
    times = []
    for _ in range(rounds):
        start = clock()
        work()
        times.append(clock() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=30, help="complete 4-player playouts (seeds 0, 1, ...)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of each part; the best is kept")
    args = parser.parse_args(argv)

    from burgundy_cli.castles.notation import known_names, read_canonical
    from burgundy_cli.castles.record.session import _start
    from burgundy_cli.castles.rules import engine
    from burgundy_cli.core.game import read_header
    from burgundy_cli.core.record import read_record
    from burgundy_cli.core.session import open_record

    with tempfile.TemporaryDirectory(prefix="burgundy-replay-parts-") as scratch:
        found = corpus(CASTLES, args.records, Path(scratch) / "records")
        pgn = chess_baseline.split_corpus(4, Path(scratch))[0]
        docs = [read_record(path) for path in found.files]
        lines = [(text, known_names(doc.data["game"]["players"]))
                 for doc in docs for texts in doc.data["log"].values() for text in texts]
        sessions = [open_record(path) for path in found.files]
        commands = [(type(command), {name: getattr(command, name) for name in command.model_fields_set})
                    for session in sessions for command in session.commands]  # (the fields the reader gave)
        count = len(lines)

        parts = {
            "whole replay": best(args.rounds, lambda: [open_record(path).score() for path in found.files]),
            "reading the records": best(args.rounds, lambda: [read_record(path) for path in found.files]),
            "reading the lines": best(args.rounds, lambda: [read_canonical(text, names) for text, names in lines]),
            "of which the models": best(args.rounds, lambda: [model(**fields) for model, fields in commands]),
        }
        played = [0.0] * len(commands)  # each line's best round: a line's own time, not its neighbours'
        for _ in range(args.rounds):
            index = 0
            for doc, session in zip(docs, sessions):
                state = _start(doc, read_header(doc))[2]
                for command in session.commands:
                    start = time.perf_counter()
                    engine.play(state, command)
                    took = time.perf_counter() - start
                    played[index] = took if not played[index] or took < played[index] else played[index]
                    index += 1
        parts["the rules"] = sum(played)
        moves = chess_baseline.replay_pgn(pgn)[1]
        chess = best(args.rounds, lambda: chess_baseline.replay_pgn(pgn))

    print(f"{len(found.files)} Castles records, {count:,} lines; best of {args.rounds} rounds, CPU time")
    for name, seconds in parts.items():
        print(f"  {name:22} {seconds / count * 1e6:6.2f} us a line")
    print(f"  {'python-chess':22} {chess / moves * 1e6:6.2f} us a move ({moves:,} moves); "
          f"ratio of rates {chess / moves / (parts['whole replay'] / count):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
