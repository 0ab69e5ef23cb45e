"""The test suite's PostgreSQL server is never left behind (issue 33, item 26).

Each case runs a small pytest session in a child process whose test uses the ``postgres``
fixture and notes the server's folder, and ends it one way: a failing test, a Ctrl-C (an
interrupt sent to its whole process group, as a terminal sends it), or a kill that leaves
no teardown to run. Afterwards no server of that folder may run and the folder is gone.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

CHILD_TEST = '''
import time
from pathlib import Path

from tests.archive.conftest import postgres  # noqa: F401 - the fixture under test


def test_uses_the_server(postgres):
    postgres.new_database()
    Path({note!r}).write_text(str(postgres.folder))
    if {ending!r} == "fail":
        assert False, "a failing test"
    time.sleep(120)   # (interrupted or killed meanwhile)
'''


def _servers_of(folder: str) -> list[str]:
    """The command lines of running processes that name ``folder`` (a postgres of that cluster)."""
    done = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True)
    return [line for line in done.stdout.splitlines() if folder in line and "postgres" in line]


def _left_behind(folder: str, wait: float = 60.0) -> list[str]:
    """What of the server at ``folder`` is still there after up to ``wait`` seconds."""
    end = time.monotonic() + wait
    while True:
        left = _servers_of(folder) + ([folder] if os.path.exists(folder) else [])
        if not left or time.monotonic() > end:
            return left
        time.sleep(0.2)


@pytest.mark.skipif(shutil.which("pg_config") is None, reason="PostgreSQL is not installed")
@pytest.mark.parametrize("ending", ["fail", "interrupt", "kill"])
def test_no_server_outlives_a_test_run(tmp_path, ending) -> None:
    note = tmp_path / "folder.txt"
    test = tmp_path / "test_child.py"
    test.write_text(CHILD_TEST.format(note=str(note), ending=ending))
    child = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                              "--rootdir", str(tmp_path), str(test)],
                             cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, start_new_session=True,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        if ending != "fail":
            deadline = time.monotonic() + 120
            while not note.exists() and child.poll() is None and time.monotonic() < deadline:
                time.sleep(0.1)
            assert note.exists(), child.communicate(timeout=60)[0].decode()
            os.killpg(child.pid, signal.SIGINT if ending == "interrupt" else signal.SIGKILL)
        output = child.communicate(timeout=180)[0].decode()
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    if not note.exists():
        pytest.skip(f"the child's PostgreSQL did not start: {output[-500:]}")
    folder = note.read_text()
    assert _left_behind(folder) == [], output
