"""CPU instructions per recorded action of a replay: a figure that holds still on a busy machine.

Timings on a shared machine move by +-20 % from run to run; instruction counts under
valgrind repeat within a fraction of a per cent, so small changes are measured with them.
The script writes ``--records`` complete 4-player playouts of ``--game`` (seeds 0, 1, ...;
Castles alternating its editions), then runs ``open_record(path).score()`` over all of them
1 and 3 times under ``valgrind --tool=cachegrind --cache-sim=no`` (``PYTHONHASHSEED=0``) and
prints (I(3) - I(1)) / 2 / actions: the cost of one replay of one action, imports and
first-use work excluded. The process has a ``burgundy`` process's collector settings
(``entry.tune_collector``), as the timed replay of ``run.py`` has. Not part of ``run.py`` (a run takes a minute or two).

    .venv/bin/python benchmarks/instructions.py --game castles-of-burgundy --records 20
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from corpus import Corpus, corpus
from harness import Context

#: Run by valgrind: replay every record ``passes`` times.
REPLAY = """import sys
from burgundy_cli.core.session import open_record
from burgundy_cli.entry import tune_collector
tune_collector()
files = sys.argv[2:]
for _ in range(int(sys.argv[1])):
    for path in files:
        open_record(path).score()
"""


def instructions(files: list[str], passes: int) -> int:
    """Instructions of a whole process that replays ``files`` ``passes`` times."""
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           sys.executable, "-c", REPLAY, str(passes), *files],
                          capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
    return int(re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)[1].replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="castles-of-burgundy")
    parser.add_argument("--records", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        found = corpus(Context(quick=False, workdir=Path(folder)), args.game, size=args.records)
        if not isinstance(found, Corpus):
            sys.exit(f"{args.game}: {found}")
        files = [str(path) for path in found.files]
        one, three = instructions(files, 1), instructions(files, 3)
    print(f"{args.game}: {len(files)} records, {found.total_actions} actions, "
          f"{(three - one) / 2 / found.total_actions:,.0f} instructions per action")


if __name__ == "__main__":
    main()
