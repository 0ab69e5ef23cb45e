"""How long the table session takes per line, from Enter to the next prompt (target: p99 < 5 ms).

    python benchmarks/session_latency.py [--lines 60] [--passes 1] [--folder DIR]

Two measurements, on the last ``--lines`` lines of a complete 2-player Castles record and of
a Robber Knights playout, replayed into a copy of the record cut before them:

* **in process**: :meth:`TableSession.handle` (lock, changed-on-disk check, check, play,
  the record's canonical rewrite, the line's synced append to the session's journal, what
  the line did) plus what the next prompt asks (what
  is due, the line under the input), wall time per line, and the CPU time of the same
  lines (what the session itself costs: the wall time less the waits for the disk and
  for a core on a busy machine);
* **real terminal**: the real ``burgundy play FILE`` in a pseudo-terminal, from sending
  Enter to the next prompt's line under the input appearing on the screen.

With ``--passes N`` the in-process lines are played N times, each time into a fresh copy
of the cut record, and the figures are over all N x lines samples: the p99 of 60 samples is
their maximum (nearest rank), of 300 the third largest.

Baselines from the same run, each timed right after every line (so that both sides come
from the same moments of a shared disk): one ``fsync``\ ed append of the line to a file
beside the record (the least any line answered durably can cost on this disk: what the
session's journal pays), and ``write_atomic`` of the text the line wrote to another file
beside it (a synced rewrite of the whole record: temporary file, fsync, rename, folder
fsync, what the session paid before it kept a journal); after the lines, the game's
``session.play`` alone (the rules), and in the terminal a bare prompt_toolkit prompt that
only echoes the line (the floor any prompt_toolkit session pays). Figures are wall time, so a busy disk or a shared
machine shows in them; the folder (default: a temporary one) says which disk.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RECORDS = {
    "castles": ROOT / "records" / "castles-of-burgundy" / "complete-2p-2011.toml",
    "robber-knights": ROOT / "records" / "robber-knights" / "playout-2-players.toml",
}
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def cut(source: Path, target: Path, lines: int) -> list[str]:
    """Write ``source`` without its last ``lines`` lines to ``target``; those lines, in order."""
    from burgundy_cli.core.session import open_record
    from burgundy_cli.core.table import rewritten_without_last

    _, removed, text = rewritten_without_last(open_record(source), lines, str(target))
    target.write_text(text, encoding="utf-8")
    return list(reversed(removed))


def percentiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"p50_ms": round(statistics.median(ordered) * 1e3, 3),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e3, 3),
            "max_ms": round(ordered[-1] * 1e3, 3), "lines": len(ordered)}


def in_process(record: Path, lines: list[str], passes: int = 1) -> dict[str, dict[str, float]]:
    """The figures of :func:`in_process_samples` over ``passes`` passes, each from a fresh copy of
    ``record`` (p99 over 60 lines is their maximum: more passes make it a percentile)."""
    return pooled(samples_by_pass(record, lines, passes))


def samples_by_pass(record: Path, lines: list[str], passes: int) -> list[dict[str, list[float]]]:
    """:func:`in_process_samples` ``passes`` times, each from a fresh copy of ``record``."""
    original = record.read_bytes()
    runs = []
    for _ in range(passes):
        record.write_bytes(original)
        runs.append(in_process_samples(record, lines))
    return runs


def pooled(runs: list[dict[str, list[float]]]) -> dict[str, dict[str, float]]:
    """Each figure's percentiles over the samples of all ``runs``."""
    samples: dict[str, list[float]] = {}
    for run in runs:
        for name, times in run.items():
            samples.setdefault(name, []).extend(times)
    return {name: percentiles(times) for name, times in samples.items()}


def in_process_samples(record: Path, lines: list[str]) -> dict[str, list[float]]:
    """Seconds per line for the session and each baseline, the record put back after."""
    from burgundy_cli.core.record import write_atomic
    from burgundy_cli.core.session import open_record
    from burgundy_cli.core.table import TableSession

    original = record.read_bytes()
    table = TableSession(record)
    # The baselines go to files beside the record (the same disk), right after each line and
    # with what that line wrote: both figures then come from the same moments. (Timed as a
    # block after the lines, a burst of other work on a shared machine fell on one side only
    # and decided the difference of the two 99th percentiles.)
    beside = record.with_name(f".{record.name}.baseline")
    session_times, cpu_times, write_times = [], [], []
    with open_appending(record.with_name(f".{record.name}.append")) as appending:
        append_times = []
        for line in lines:
            started, cpu = time.perf_counter(), time.thread_time()
            reply = table.handle(line)
            table.due()
            table.live_check("")
            session_times.append(time.perf_counter() - started)
            cpu_times.append(time.thread_time() - cpu)
            assert reply.accepted, reply.text
            append_times.append(appending(line))
            written = record.read_text(encoding="utf-8")
            started = time.perf_counter()
            write_atomic(beside, written)
            write_times.append(time.perf_counter() - started)
    table.close()   # (the session's hold on its record: the rules below open it again)
    beside.unlink()
    record.write_bytes(original)
    rules = open_record(record)
    play_times = []
    for line in lines:
        started = time.perf_counter()
        rules.play(line)
        play_times.append(time.perf_counter() - started)
    record.write_bytes(original)
    return {"session line": session_times, "session line, CPU time": cpu_times,
            "baseline: write_atomic alone": write_times,
            "baseline: one fsynced append alone": append_times,
            "baseline: session.play alone": play_times}


@contextmanager
def open_appending(path: Path) -> Iterator[Callable[[str], float]]:
    """A file at ``path`` to append lines to, each ``fsync``\ ed: the least a line can cost and
    still survive a power cut once answered; the function given appends one line and returns
    the seconds it took. The file is created and its folder synced first (as the session's
    journal is, once a session), and removed after."""
    with open(path, "ab") as journal:
        os.fsync(journal.fileno())
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)

        def append(line: str) -> float:
            started = time.perf_counter()
            journal.write(line.encode("utf-8") + b"\n")
            journal.flush()
            os.fsync(journal.fileno())
            return time.perf_counter() - started

        try:
            yield append
        finally:
            path.unlink()


#: The baseline in a terminal: a bare prompt_toolkit prompt that echoes each line, with the
#: same marker the session shows, so both are timed alike (Enter to the next prompt).
BARE_PROMPT = """
from prompt_toolkit import PromptSession
prompt = PromptSession()
while True:
    try:
        text = prompt.prompt("-- Tab completes > ")
    except EOFError:
        break
    print("recorded:", text)
"""


def in_terminal(record: Path, lines: list[str], scratch: Path, bare: bool = False) -> dict[str, float]:
    """Enter to the next prompt, in a pseudo-terminal, for the real session (or the bare prompt)."""
    import pexpect

    env = {**os.environ, "XDG_STATE_HOME": str(scratch / "state"), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
           "PYTHONPATH": str(ROOT)}
    command = ["-c", BARE_PROMPT] if bare else ["-m", "burgundy_cli", "play", str(record)]
    child = pexpect.spawn(sys.executable, command, env=env, encoding="utf-8", timeout=20, dimensions=(40, 200))
    child.delaybeforesend = None
    buffer = ""

    def wait_for(marker: str, start: int) -> int:
        nonlocal buffer
        while True:
            plain = _ESCAPE.sub("", buffer.replace("\x1b[C", " "))
            found = plain.find(marker, start)
            if found >= 0:
                return found + len(marker)
            buffer += child.read_nonblocking(65536, timeout=10)

    seen = wait_for("-- Tab completes", 0)
    times = []
    for number, line in enumerate(lines, start=1):
        child.send(line)
        seen = wait_for(line[-6:], seen)                       # the line is on the screen
        started = time.perf_counter()
        child.send("\r")
        seen = wait_for("recorded:", seen)
        # the next prompt is drawn; the game's last line ends the session with the final score
        last = number == len(lines) and not bare
        seen = wait_for("the game is complete" if last else "-- Tab completes", seen)
        times.append(time.perf_counter() - started)
    if bare:
        child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    return percentiles(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=60)
    parser.add_argument("--passes", type=int, default=1, help="play the lines this many times (in process)")
    parser.add_argument("--folder", type=Path, default=None, help="where to write the records (which disk)")
    parser.add_argument("--no-terminal", action="store_true", help="in process only (no pseudo-terminal)")
    parser.add_argument("--json", action="store_true", help="one JSON object per figure, for collecting runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.folder) as scratch:
        folder = Path(scratch)
        for game, source in RECORDS.items():
            record = folder / f"{game}.toml"
            lines = cut(source, record, args.lines)
            measured = in_process(record, lines, args.passes)
            if not args.no_terminal:
                measured["real terminal, Enter to prompt"] = in_terminal(record, lines, folder)
            for name, figures in measured.items():
                print(json.dumps({"game": game, "figure": name, **figures}) if args.json
                      else f"{game:15} {name:30} {figures}")
        if not args.no_terminal:
            print(f"{'baseline':15} {'bare prompt_toolkit prompt':30} {in_terminal(record, lines, folder, bare=True)}")


if __name__ == "__main__":
    main()
