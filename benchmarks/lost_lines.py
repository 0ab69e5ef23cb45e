"""Lost-line trials: is an accepted line (or an editor's save) ever lost?

    python benchmarks/lost_lines.py [--plays 100] [--edits 60]

Two kinds of trial, each in a fresh folder (issue 13's targets: 0 lost in 100 and in 60):

* **two plays**: two ``burgundy play FILE LINE`` processes started at the same moment on
  one record. Odd trials give both a comment line (both legal in either order: both must
  end in the file); even trials give both the same roll (legal once: exactly one may be
  accepted, and the file must hold it once). A line is lost when a process said
  ``recorded:`` and exited 0 but its line is not in the file.
* **editor during a session**: a table session (the same :class:`TableSession` the
  interactive ``play`` runs, in its own process) plays 15 lines with short gaps while an
  "editor" saves the file once at a random moment -- read, change ``[game] notes``, write,
  in place or by rename as editors do. Lost: the editor's change is gone, or a line the
  session accepted is not in the file at the end.

The CI test (tests/session/test_lock.py) runs a few trials of each; this script runs the
full counts and prints them.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OPENING = ROOT / "records" / "castles-of-burgundy" / "opening-2p-2011.toml"
COMPLETE = ROOT / "records" / "castles-of-burgundy" / "complete-2p-2011.toml"
BURGUNDY = [sys.executable, "-m", "burgundy_cli"]
ROLL = "roll white 1 good 4, Anna 1 2, Bob 3 4"


def log_lines(path: Path) -> list[str]:
    from burgundy_cli.core.session import open_record

    return [line for group in open_record(path).record_data().get("log", {}).values() for line in group]


def two_plays(folder: Path, trial: int) -> int:
    """One trial of two simultaneous plays; the number of lines lost."""
    record = folder / "game.toml"
    shutil.copy(OPENING, record)
    same = trial % 2 == 0
    lines = [ROLL, ROLL] if same else [f"# from A, trial {trial}", f"# from B, trial {trial}"]
    procs = [subprocess.Popen([*BURGUNDY, "play", str(record), line], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT) for line in lines]
    results = [(proc.wait(), proc.stdout.read(), proc.stderr.read()) for proc in procs]
    for proc in procs:
        proc.stdout.close()
        proc.stderr.close()
    held = log_lines(record)
    accepted = [line for line, (code, out, _) in zip(lines, results) if code == 0 and "recorded:" in out]
    if same:
        return max(0, len(accepted) - held.count(ROLL)) + max(0, len(accepted) - 1)
    return sum(line not in held for line in accepted)


#: The session side of an editor trial: plays the lines given on stdin, prints what it accepted.
DRIVER = """
import random, sys, time
from burgundy_cli.core.table import TableSession
table = TableSession(sys.argv[1])
random.seed(int(sys.argv[2]))
print("READY", flush=True)
for line in sys.stdin.read().splitlines():
    for attempt in range(50):
        time.sleep(random.uniform(0.002, 0.02))
        reply = table.play(line)
        if reply.accepted:
            print("ACCEPTED", line, flush=True)
            break
        if "not written" not in reply.text and "changed on disk" not in reply.text:
            print("REFUSED", line, reply.text.replace(chr(10), " "), flush=True)
            break
time.sleep(0.05)
table.reload_if_changed()          # as the session does before its next prompt, and on leaving
"""


def editor_trial(folder: Path, trial: int, count: int = 15) -> int:
    """One trial of an editor saving during a session; the number of things lost (0, 1 or more)."""
    from burgundy_cli.core.session import open_record
    from burgundy_cli.core.table import rewritten_without_last

    record = folder / "game.toml"
    full = open_record(COMPLETE)
    _, removed, text = rewritten_without_last(full, count, str(record))
    record.write_text(text, encoding="utf-8")
    to_play = list(reversed(removed))
    driver = subprocess.Popen([sys.executable, "-c", DRIVER, str(record), str(trial)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, cwd=ROOT)
    driver.stdin.write("\n".join(to_play) + "\n")
    driver.stdin.close()
    rng = random.Random(trial)
    assert driver.stdout.readline().strip() == "READY"     # the session has read the record
    time.sleep(rng.uniform(0, count * 0.012))              # then somewhere among its lines
    mark = f"edited in trial {trial}"
    current = record.read_text(encoding="utf-8")
    edited = current.replace('notes = "', f'notes = "{mark}; ', 1)
    in_place = rng.random() < 0.5
    if in_place:
        with open(record, "w", encoding="utf-8") as out:      # in place, as some editors save
            out.write(edited)
    else:
        temp = folder / ".game.toml.swp"
        temp.write_text(edited, encoding="utf-8")
        os.replace(temp, record)                               # by rename, as others do
    out = driver.stdout.read()
    driver.wait()
    driver.stdout.close()
    accepted = [line.removeprefix("ACCEPTED ") for line in out.splitlines() if line.startswith("ACCEPTED ")]
    final = record.read_text(encoding="utf-8")
    held = log_lines(record)
    missing = [line for line in accepted if line not in held]
    if mark not in final or missing:
        print(f"  trial {trial} ({'in place' if in_place else 'by rename'}): "
              f"{'the edit is lost' if mark not in final else 'the edit is kept'}, "
              f"{len(missing)} accepted line(s) missing", file=sys.stderr)
    return int(mark not in final) + len(missing)


def run_trials(trial: Callable[[Path, int], int], count: int, scratch: Path) -> int:
    """Run ``count`` trials, each in a fresh folder under ``scratch``; the total lost."""
    lost = 0
    for number in range(count):
        folder = scratch / str(number)
        folder.mkdir(parents=True)
        lost += trial(folder, number)
    return lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=100)
    parser.add_argument("--edits", type=int, default=60)
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        lost_plays = run_trials(two_plays, args.plays, Path(scratch) / "plays")
        print(f"two simultaneous plays: {args.plays} trials, {lost_plays} lines lost")
        lost_edits = run_trials(editor_trial, args.edits, Path(scratch) / "edits")
        print(f"editor saving during a session: {args.edits} trials, {lost_edits} lost")
    print(f"({time.monotonic() - started:.0f} s)")
    sys.exit(1 if lost_plays or lost_edits else 0)


if __name__ == "__main__":
    main()
