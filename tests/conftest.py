"""Shared test fixtures: paths to the shipped records and a CLI runner."""

from __future__ import annotations

from pathlib import Path

import pytest

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
