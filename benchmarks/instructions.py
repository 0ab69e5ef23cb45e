"""The replay against python-chess in instructions, counted by valgrind's callgrind: a figure
that does not move with the machine's load. Not a check and not the bound: issue 31's bound
is on time (``run.py --only replay``); this says how much of the gap is work done and how much
is the processor running our work more slowly than python-chess's (docs/performance.md).

    python benchmarks/instructions.py [--records 6] [--pgn-part 0] [--replays 4]

Each side runs twice under callgrind, once warmed up only (imports, the first replay:
pydantic's validators built, caches filled) and once with ``--replays`` replays more, each
run collecting its garbage once after the warm-up; the difference, per replay, is the
replay's own instructions: Castles records replayed as ``open_record(path).score()`` (the
replay section's corpus, ``corpus.py``), against python-chess reading one tenth of
``data/random-games.pgn`` with ``BoardBuilder``. One replay measured alone read 65,000 to
101,000 instructions a line for the same code: whether the garbage collector's full
collection of the whole heap (every imported module's objects) fell into it or not. Over
several replays it falls as often as in a long one. The four runs take a few minutes
(valgrind runs a program about fifty times slower), two at a time.
"""

from __future__ import annotations

import argparse
import gc
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import chess_baseline  # noqa: E402
from corpus import corpus  # noqa: E402
from harness import CASTLES, measured_env  # noqa: E402

#: What callgrind prints of a run's total: ``==pid== Collected : 123``.
_COLLECTED = re.compile(rb"Collected : (\d+)")


def _child(side: str, replays: int, inputs: list[str]) -> None:
    """The measured program: warm up, then replay ``replays`` more times."""
    if side == "castles":
        from burgundy_cli.core.session import open_record

        def work() -> None:
            for path in inputs:
                open_record(path).score()
    else:
        def work() -> None:
            chess_baseline.replay_pgn(Path(inputs[0]))
    work()
    gc.collect()  # (both runs enter their replays with the same heap: what differs is the replays)
    for _ in range(replays):
        work()


def _instructions(side: str, replays: int, inputs: list[str]) -> int:
    """The instructions a child run of ``side`` executes, all of it, under callgrind."""
    argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
            sys.executable, __file__, "--child", side, str(replays), *inputs]
    env = {**measured_env(), "PYTHONHASHSEED": "0"}  # (the same string hashes, so the same dict layouts, every run)
    done = subprocess.run(argv, capture_output=True, env=env, check=True)
    return int(_COLLECTED.findall(done.stderr)[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=6, help="complete 4-player playouts (seeds 0, 1, ...)")
    parser.add_argument("--pgn-part", type=int, default=0, help="which tenth of the PGN corpus")
    parser.add_argument("--replays", type=int, default=4,
                        help="replays measured (the garbage collector's full collections, which come every so many"
                             " objects, fall into a few of them as they do into a long replay)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child[0], int(args.child[1]), args.child[2:])
        return 0

    with tempfile.TemporaryDirectory(prefix="burgundy-instructions-") as scratch:
        found = corpus(CASTLES, args.records, Path(scratch) / "records")
        pgn = chess_baseline.split_corpus(10, Path(scratch))[args.pgn_part]
        moves = chess_baseline.replay_pgn(pgn)[1]
        runs = {("castles", n): [str(path) for path in found.files] for n in (0, args.replays)}
        runs.update({("chess", n): [str(pgn)] for n in (0, args.replays)})
        with ThreadPoolExecutor(2) as pool:
            counted = dict(zip(runs, pool.map(lambda run: _instructions(*run, runs[run]), runs)))
    line = (counted["castles", args.replays] - counted["castles", 0]) / found.lines / args.replays
    move = (counted["chess", args.replays] - counted["chess", 0]) / moves / args.replays
    print(f"{len(found.files)} Castles records, {found.lines:,} lines; python-chess: {moves:,} moves")
    print(f"  Castles replay  {line:9,.0f} instructions a line")
    print(f"  python-chess    {move:9,.0f} instructions a move")
    print(f"  ratio           {move / line:9.2f}x (instructions; the bound is on time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
