"""Verify records in a loop in one process and report its resident memory at checkpoints.

Run by ``bench_memory`` as ``python memory_worker.py TOTAL CHECKPOINTS FILE...``: the
files are verified in turn (cycling when there are fewer than TOTAL), like a study
script that scores a large archive; after each checkpoint count the current RSS
(``VmRSS``) and the peak (``VmHWM``) from ``/proc/self/status`` are recorded. Prints one
JSON object.
"""

from __future__ import annotations

import json
import sys


def rss_kib() -> dict[str, int]:
    """Current and peak resident set size of this process, in KiB."""
    values = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0])
    return {"rss_kib": values["VmRSS"], "peak_kib": values["VmHWM"]}


def main(argv: list[str]) -> None:
    from burgundy_cli.core.session import open_record
    from burgundy_cli.entry import tune_collector

    tune_collector()  # as a ``burgundy score DIR`` process has it

    total, checkpoints, files = int(argv[0]), {int(c) for c in argv[1].split(",")}, argv[2:]
    report = {"before": rss_kib(), "after": {}}
    for done in range(1, total + 1):
        open_record(files[(done - 1) % len(files)]).score()
        if done in checkpoints:
            report["after"][str(done)] = rss_kib()
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1:])
