"""The compiled modules loaded without their packages (core/compiled.py): the same readers,
the same classes, and a command that reads records imports none of what the packages'
``__init__`` would (docs/performance.md, "Round seven")."""

from __future__ import annotations

import subprocess
import sys

import pytest
import rtoml

from burgundy_cli.core import _rtoml
from burgundy_cli.core.compiled import compiled_module
from tests.conftest import RECORDS

#: Imported by rtoml's or pydantic-core's ``__init__`` and by nothing a reading command needs.
UNNEEDED = ("pathlib", "fnmatch", "urllib.parse", "ipaddress", "rtoml", "pydantic_core",
            "pydantic_core.core_schema", "typing_extensions")


def test_the_reader_is_rtoml_s_compiled_module_and_reads_as_rtoml_reads():
    assert sys.modules["rtoml._rtoml"] is compiled_module("rtoml._rtoml")
    assert _rtoml.TomlParsingError is rtoml.TomlParsingError
    for path in sorted((RECORDS / "castles-of-burgundy").glob("*.toml"))[:5]:
        text = path.read_text(encoding="utf-8")
        assert _rtoml.loads(text) == rtoml.loads(text)
    assert _rtoml.loads('a = "x"\nb = [1, 2.5, true]\n[c]\nd = 1979-05-27') == \
        rtoml.loads('a = "x"\nb = [1, 2.5, true]\n[c]\nd = 1979-05-27')


@pytest.mark.parametrize("text", ["a = ", "a = 1\na = 2", "[x\n", 'a = "\\q"'])
def test_the_reader_refuses_what_rtoml_refuses_with_the_same_message(text):
    with pytest.raises(rtoml.TomlParsingError) as ours:
        _rtoml.loads(text)
    with pytest.raises(rtoml.TomlParsingError) as theirs:
        rtoml.loads(text)
    assert str(ours.value) == str(theirs.value)


def test_a_module_that_cannot_be_found_so_is_none():
    assert compiled_module("no_such_package_here._engine") is None
    assert compiled_module("rtoml._no_such_module") is None
    assert "rtoml._no_such_module" not in sys.modules


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
