"""The ``burgundy`` script ends without Python's finalization (``entry.end``, docs/performance.md
"Round thirteen"): each command line prints the same and exits with the same code as through
``entry.main`` ending the ordinary way, and what was registered with ``atexit`` still runs,
before the streams' last flush."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

RECORDS = Path(__file__).resolve().parents[2] / "records"
RECORD = str(RECORDS / "castles-of-burgundy" / "rulebook-tile-7.toml")


def _run(function: str, args: list[str], before: str = "") -> subprocess.CompletedProcess[str]:
    code = (f"import sys\n{before}sys.argv = ['burgundy', *{args!r}]\n"
            f"from burgundy_cli.entry import {function}\n{function}()\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args", [
    ["moves", RECORD],                      # exit 0
    ["check", RECORD, "nobody: pass"],      # exit 1, the refusal on stderr
    ["score", "no-such-record.toml"],       # exit 2 (through typer: the file does not exist)
    ["--version"],
])
def test_the_script_says_and_exits_as_main_does(args: list[str]) -> None:
    ours, ordinary = _run("script", args), _run("main", args)
    assert (ours.returncode, ours.stdout, ours.stderr) == (ordinary.returncode, ordinary.stdout, ordinary.stderr)


def test_atexit_functions_run_before_the_end() -> None:
    before = "import atexit\natexit.register(lambda: print('registered: ran'))\n"
    done = _run("script", ["check", RECORD, "nobody: pass"], before)
    assert done.returncode == 1
    assert done.stdout == "registered: ran\n"
    assert "unknown player 'nobody'" in done.stderr
