"""Fixtures of the archive tests: every test runs against SQLite and a real PostgreSQL.

The PostgreSQL server is started once per test session from Debian's postgresql package
(``initdb`` and ``pg_ctl`` from ``pg_config --bindir``), in a temporary folder, on a free
loopback port, and stopped at the end, its folder removed. Under pytest-xdist each worker
that needs one starts its own (its own folder and port). A server is never left behind:
before it starts, a small reaper process is started beside it, in a session of its own (a
Ctrl-C on the terminal does not reach it), that waits for the end of a pipe held by the test
process only; when that process ends, however it ends (a failed test, Ctrl-C, a killed
xdist worker), the reaper stops the server and removes its folder. PostgreSQL refuses to run as root, so under root
(as in CI) the server runs as the unprivileged ``nobody`` user through ``runuser``, in a
folder that user owns. Each test gets a database of its own.

Without ``pg_config`` the PostgreSQL tests are skipped -- unless the environment sets
``BURGUNDY_REQUIRE_POSTGRES=1`` (``.ci/run`` does), which turns that into a failure.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import RECORDS


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _unavailable(reason: str) -> None:
    if os.environ.get("BURGUNDY_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"PostgreSQL is required (BURGUNDY_REQUIRE_POSTGRES=1) but {reason}")
    pytest.skip(f"PostgreSQL unavailable: {reason}")


#: The reaper (see the module's docstring): it reads its stdin to the end, which comes when
#: every holder of the pipe's other end (the test process) has ended, then stops the server
#: at once and removes its folder (both do nothing when the server was stopped already).
_REAPER = """
import json, shutil, subprocess, sys
prefix, pg_ctl, data, folder = json.loads(sys.argv[1])
sys.stdin.buffer.read()
try:
    subprocess.run([*prefix, pg_ctl, "-D", data, "-m", "immediate", "-w", "stop"], capture_output=True, timeout=120)
finally:
    shutil.rmtree(folder, ignore_errors=True)
"""


class PostgresServer:
    """A throwaway PostgreSQL cluster: ``start``, ``new_database``, ``stop``."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        root = os.geteuid() == 0
        # under root the server's user must reach its folder: /tmp, not a root-only TMPDIR
        self.folder = Path(tempfile.mkdtemp(prefix="burgundy-pg-", dir="/tmp" if root else None))
        self.port = _free_port()
        self.prefix: list[str] = []
        if root:
            shutil.chown(self.folder, user="nobody")
            self.prefix = ["runuser", "-u", "nobody", "--"]
        self.names = itertools.count()
        self.reaper: subprocess.Popen[bytes] | None = None

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self.prefix, *args], capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise RuntimeError(f"{args[0]} failed: {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> None:
        data = self.folder / "data"
        self.reaper = subprocess.Popen(
            [sys.executable, "-c", _REAPER,
             json.dumps([self.prefix, str(self.bindir / "pg_ctl"), str(data), str(self.folder)])],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self._run(str(self.bindir / "initdb"), "-D", str(data), "-U", "burgundy", "-A", "trust",
                  "--locale=C", "-E", "UTF8")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(str(self.bindir / "pg_ctl"), "-D", str(data), "-l", str(self.folder / "log"),
                  "-o", options, "-w", "-t", "60", "start")

    def url(self, database: str) -> str:
        return f"postgresql://burgundy@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        name = f"archive_{next(self.names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast, else at once) and remove its folder; then let the reaper go."""
        pg_ctl, data = str(self.bindir / "pg_ctl"), str(self.folder / "data")
        try:
            if (self.folder / "data" / "postmaster.pid").exists():
                try:
                    self._run(pg_ctl, "-D", data, "-m", "fast", "-w", "stop")
                except (RuntimeError, subprocess.TimeoutExpired):
                    self._run(pg_ctl, "-D", data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            if self.reaper is not None:
                self.reaper.stdin.close()   # (its end of the pipe: the reaper finds nothing left to do)
                self.reaper.wait(timeout=60)
                self.reaper = None


@pytest.fixture(scope="session")
def postgres() -> PostgresServer:
    """The session's PostgreSQL server (started on first use, stopped at the end)."""
    pg_config = shutil.which("pg_config")
    if pg_config is None:
        _unavailable("pg_config is not on PATH (install Debian's postgresql)")
    bindir = Path(subprocess.run([pg_config, "--bindir"], capture_output=True, text=True).stdout.strip())
    if not (bindir / "initdb").exists():
        _unavailable(f"no initdb in {bindir}")
    server = PostgresServer(bindir)
    try:
        server.start()
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as err:
        server.stop()
        _unavailable(str(err))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def archive_url(request, tmp_path) -> str:
    """An empty archive database: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return "sqlite:///" + str(tmp_path / "archive.db")
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture
def english_archive_url(postgres) -> str:
    """An empty PostgreSQL archive database whose collation is English's (ICU ``en-US``: ``a``
    before ``B``, as a club's server may well be made), where the others are made in ``C``."""
    import psycopg

    name = f"english_{next(postgres.names)}"
    with psycopg.connect(postgres.url("postgres"), autocommit=True) as connection:
        try:
            connection.execute(f"CREATE DATABASE {name} TEMPLATE template0 LOCALE_PROVIDER icu "
                               "ICU_LOCALE 'en-US' LOCALE 'C'")
        except psycopg.Error as err:   # (before PostgreSQL 15, or built without ICU)
            pytest.skip(f"this PostgreSQL makes no database in an ICU collation: {err}")
        assert connection.execute("SELECT 'a' < 'B' COLLATE \"en-US-x-icu\"").fetchone() == (True,)
    return postgres.url(name)


@pytest.fixture
def club(tmp_path) -> Path:
    """A copy of the shipped records, free to change."""
    folder = tmp_path / "club"
    shutil.copytree(RECORDS, folder)
    return folder
