"""Fixtures of the archive tests: every test runs against SQLite and a real PostgreSQL.

The PostgreSQL server is started once per test session from Debian's postgresql package
(``initdb`` and ``pg_ctl`` from ``pg_config --bindir``), in a temporary folder, on a free
loopback port, and stopped at the end. PostgreSQL refuses to run as root, so under root
(as in CI) the server runs as the unprivileged ``nobody`` user through ``runuser``, in a
folder that user owns. Each test gets a database of its own.

Without ``pg_config`` the PostgreSQL tests are skipped -- unless the environment sets
``BURGUNDY_REQUIRE_POSTGRES=1`` (``.ci/run`` does), which turns that into a failure.
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
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

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self.prefix, *args], capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise RuntimeError(f"{args[0]} failed: {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> None:
        data = self.folder / "data"
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
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


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
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def archive_url(request, tmp_path) -> str:
    """An empty archive database: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return "sqlite:///" + str(tmp_path / "archive.db")
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture
def club(tmp_path) -> Path:
    """A copy of the shipped records, free to change."""
    folder = tmp_path / "club"
    shutil.copytree(RECORDS, folder)
    return folder
