"""pydantic-core's compiled module loaded without its package (core/compiled.py): a command
that reads records imports none of what the package's ``__init__`` would."""

from __future__ import annotations

import subprocess
import sys

import pytest

from burgundy_cli.core.compiled import compiled_module
from tests.conftest import RECORDS

#: Imported by pydantic-core's ``__init__`` and by nothing a reading command needs.
UNNEEDED = ("pydantic_core", "pydantic_core.core_schema", "typing_extensions")


def test_a_module_that_cannot_be_found_so_is_none():
    assert compiled_module("no_such_package_here._engine") is None
    assert compiled_module("pydantic_core._no_such_module") is None
    assert "pydantic_core._no_such_module" not in sys.modules


@pytest.mark.parametrize("args", [
    ["score", str(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"), "--json"],
    ["score", str(RECORDS / "robber-knights" / "playout-4-players.toml")],
    ["moves", str(RECORDS / "castles-of-burgundy" / "rulebook-tile-7.toml")],
    ["show", str(RECORDS / "castles-of-burgundy" / "rulebook-tile-7.toml")],
], ids=lambda args: args[0] + " " + args[1].rsplit("/", 1)[-1])
def test_a_command_reading_records_imports_neither_package(args):
    probe = ("import sys; sys.argv = ['burgundy', *%r]\n"
             "from burgundy_cli.entry import main\n"
             "try:\n    main()\nfinally:\n"
             "    print(sorted(set(%r) & set(sys.modules)), file=sys.stderr)" % (args, UNNEEDED))
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stderr.strip().splitlines()[-1] == "[]"
