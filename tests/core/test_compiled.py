"""The compiled modules loaded without their packages (core/compiled.py): the same readers
and the same classes (docs/performance.md, "Round seven")."""

from __future__ import annotations

import sys

import pytest
import rtoml

from burgundy_cli.core import _rtoml
from burgundy_cli.core.compiled import compiled_module
from tests.conftest import RECORDS



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
