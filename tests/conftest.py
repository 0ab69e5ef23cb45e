"""Shared test fixtures: paths to the shipped records and a CLI runner."""

from __future__ import annotations

import os
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
