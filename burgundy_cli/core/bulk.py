"""Scoring many records at once: the records below folders, scored on every core.

Used by ``burgundy score`` with several files or folders and by ``burgundy summary``. A
record that fails is a result like the others (``{"file", "error", "exit"}``), so one bad
file never hides the scores of the rest.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from burgundy_cli.core.errors import UsageError, failure


def record_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Expand folders into the records below them; files named on the command line stay.

    :raises UsageError: no record at all, or a folder below cannot be read.
    """
    paths = list(paths)
    files: list[Path] = []
    for path in paths:
        files.extend(_records_below(Path(path)) if os.path.isdir(path) else [Path(path)])
    if not files:
        raise UsageError("no record files found in " + ", ".join(map(str, paths)))
    return files


def _records_below(folder: Path) -> list[Path]:
    """The ``*.toml`` files below ``folder``, in a stable order.

    Hidden names (the ``.<name>.<random>.tmp`` files of an interrupted write, editor
    files, ``.git``) and symbolic links are passed over, so that a scan never leaves the
    folder nor takes a temporary file for a record.

    :raises UsageError: a folder below cannot be read (its records would go missing).
    """
    def refuse(err: OSError) -> None:
        raise UsageError(f"cannot read folder {err.filename}: {err.strerror}")

    found: list[Path] = []
    for root, folders, names in os.walk(folder, onerror=refuse):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in names:
            path = Path(root, name)
            if name.endswith(".toml") and not name.startswith(".") and not path.is_symlink():
                found.append(path)
    return sorted(found)


def score_one(path: str) -> dict[str, Any]:
    """Score one record for bulk use: the ``--json`` object, or ``{"file", "error", "exit"}``."""
    from burgundy_cli.core.session import open_record

    from burgundy_cli.core.render import score_json

    try:
        session = open_record(path)
        table = session.score()
    except Exception as err:  # noqa: BLE001 - reported per file, never as a traceback
        message, code = failure(err)
        return {"file": path, "error": message.removeprefix("burgundy: "), "exit": code}
    return {"file": path, **score_json(table, session.header)}


def score_many(files: list[str], jobs: int) -> list[dict[str, Any]]:
    """Score many records, in ``jobs`` worker processes (0: one per core) when there is more than one."""
    if not jobs:
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if jobs <= 1 or len(files) < 2:
        return [score_one(f) for f in files]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # The first record is scored here, before the workers start: its game package is then
    # imported and its data loaded once, and the workers, forked from this process, share
    # them instead of each paying for them again (docs/performance.md, "Bulk"). Fork is
    # Linux's default up to Python 3.13 and safe here (no threads yet); other systems keep
    # their own default.
    first = score_one(files[0])
    rest = files[1:]
    context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    with ProcessPoolExecutor(max_workers=min(jobs, len(rest)), mp_context=context) as pool:
        return [first, *pool.map(score_one, rest, chunksize=max(1, len(rest) // (jobs * 8)))]
