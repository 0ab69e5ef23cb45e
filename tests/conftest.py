"""Shared test fixtures: paths to the shipped records and a CLI runner."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from hypothesis import settings

#: The property tests try the same examples on every run (a seed from each test's own text):
#: the suite fails for a change, never for one draw among many, and what it tried is what
#: every developer's run and CI try. ``HYPOTHESIS_PROFILE=explore`` draws new examples each
#: run, for a long search (docs/developing.md, "Long runs"); a failure it finds becomes an
#: ``@example`` of its test.
settings.register_profile("suite", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

#: A shell that starts the suite in the background (``pytest ... &``, a CI step's shell without
#: job control) leaves SIGINT ignored, and an ignored signal stays ignored in every process
#: started from here: the child pytest of tests/archive/test_server_cleanup.py then took no
#: Ctrl-C, slept out its two minutes and ended normally, so the interrupted ending went untried
#: (``burgundy`` itself sets SIGINT's handler, so the Ctrl-C tests of the command were not
#: affected). Python's own handler, which a child's exec resets to the default, makes every
#: child start as it would from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "records"


@pytest.fixture
def cli():
    """Run the ``burgundy`` command in-process; returns typer's ``Result`` (stdout/stderr apart)."""
    from typer.testing import CliRunner

    from burgundy_cli.cli import app

    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(app, list(args), prog_name="burgundy")

    return run
