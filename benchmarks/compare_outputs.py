"""Compare two installs of ``burgundy`` command by command: do the rules still give the same answers?

    python benchmarks/compare_outputs.py OLD_BIN NEW_BIN [--playouts 300] [--jobs 2] [--keep DIR] [--records DIR]

OLD_BIN and NEW_BIN are ``burgundy`` scripts (e.g. ``/path/to/old/.venv/bin/burgundy`` and
``.venv/bin/burgundy``). The files compared are every record under ``records/`` (or
``--records DIR``) and ``--playouts`` seeded playouts written once by OLD_BIN (Castles with
1 to 4 players, both editions and varied 2019 modules; Robber Knights with 2 to 4 players;
most stopped mid-game so that there are moves to list and check). On each file both binaries run

* ``score FILE --json`` and ``moves FILE --json``;
* ``check FILE LINE --json`` for the first legal line that OLD_BIN's ``moves --json`` lists,
  and for one illegal line: that line said by another player (or, with nothing legal or a
  single player, the first player's ``pass``).

A difference is any byte of stdout or stderr, or the exit code, that is not the same. The
script prints each difference's command line and the count, and exits 1 when there is one.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASTLES_MODULES = ("", "inns", "shields", "inns,shields", "trade-routes", "white-castles", "border-posts",
                   "extra-tiles")


def playout_commands(count: int, folder: Path) -> list[list[str]]:
    """The arguments (after the binary) of ``count`` varied playouts writing into ``folder``."""
    commands = []
    for index in range(count):
        seed = 1000 + index
        out = str(folder / f"playout-{index:04d}.toml")
        stop = [] if index % 4 == 0 else ["--stop-after", str(5 + (index * 7) % 150)]
        if index % 5 == 4:
            args = ["robber-knights", "--players", str(2 + index % 3)]
            stop = [] if index % 4 == 0 else ["--stop-after", str(2 + index % 30)]
        elif index % 10 == 3:
            args = ["castles-of-burgundy", "--players", "1", "--modules", "solo-game"]
        elif index % 10 == 7:
            args = ["castles-of-burgundy", "--players", str(2 + index % 3), "--edition", "2011"]
        else:
            args = ["castles-of-burgundy", "--players", str(2 + index % 3)]
            modules = CASTLES_MODULES[index % len(CASTLES_MODULES)]
            if modules:
                args += ["--modules", modules]
        commands.append(["playout", *args, "--seed", str(seed), "--out", out, *stop])
    return commands


def run(binary: str, args: list[str]) -> tuple[int, str, str]:
    done = subprocess.run([binary, *args], capture_output=True, text=True, check=False)
    return done.returncode, done.stdout, done.stderr


def players(path: Path) -> list[str]:
    try:
        return list(tomllib.loads(path.read_text(encoding="utf-8"))["game"]["players"])
    except (OSError, ValueError, KeyError, TypeError):
        return []


def lines_to_check(old: str, path: Path) -> list[str]:
    """The first legal line OLD_BIN lists at the end of ``path``, and one illegal line."""
    code, out, _ = run(old, ["moves", str(path), "--json"])
    moves = json.loads(out).get("moves", []) if code == 0 else []
    names = players(path) or ["anna"]
    if moves and len(names) > 1 and ": " in moves[0]:
        said_by, rest = moves[0].split(": ", 1)
        other = names[(names.index(said_by) + 1) % len(names)] if said_by in names else names[0]
        return [moves[0], f"{other}: {rest}"]
    return moves[:1] + [f"{names[0]}: pass"]


def compare_file(old: str, new: str, path: Path) -> tuple[int, list[str]]:
    """How many commands ran on ``path``, and the command lines whose outputs differ."""
    commands = [["score", str(path), "--json"], ["moves", str(path), "--json"]]
    commands += [["check", str(path), line, "--json"] for line in lines_to_check(old, path)]
    differences = [" ".join(args) for args in commands if run(old, args) != run(new, args)]
    return len(commands), differences


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="the reference burgundy script")
    parser.add_argument("new", help="the burgundy script to compare with it")
    parser.add_argument("--playouts", type=int, default=300, help="seeded playouts to add (default 300)")
    parser.add_argument("--jobs", type=int, default=2, help="files compared at once (default 2)")
    parser.add_argument("--records", type=Path, default=ROOT / "records", help="records to compare (default records/)")
    parser.add_argument("--keep", type=Path, help="write the playouts here (kept) instead of a temporary folder")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="burgundy-compare-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        with ThreadPoolExecutor(args.jobs) as pool:
            made = list(pool.map(lambda command: run(args.old, command), playout_commands(args.playouts, folder)))
            failed = [err for code, _, err in made if code != 0]
            if failed:
                print(f"compare_outputs: {len(failed)} playout(s) failed with OLD_BIN, e.g.: {failed[0].strip()}",
                      file=sys.stderr)
                return 2
            files = sorted(args.records.rglob("*.toml")) + sorted(folder.glob("playout-*.toml"))
            results = list(pool.map(lambda path: compare_file(args.old, args.new, path), files))
    commands = sum(count for count, _ in results)
    differences = [line for _, found in results for line in found]
    for line in differences:
        print(f"differs: burgundy {line}")
    print(f"{len(files)} files ({len(files) - args.playouts} records, {args.playouts} playouts), "
          f"{commands} commands per binary: {len(differences)} difference(s)")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
