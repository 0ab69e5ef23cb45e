"""A value class's validator schema kept by ``core/startcache.py`` (``schema._kept_schema``)
is the schema derived from its type hints: the classes, defaults and checks put back in
from the classes themselves, the rest plain data that marshal keeps."""

from __future__ import annotations

import marshal

import pytest

from burgundy_cli.castles import commands, position_table, setup, setup_table
from burgundy_cli.core import schema, startcache
from burgundy_cli.core.game import GameHeader
from burgundy_cli.robber_knights import commands as knights

CLASSES = [GameHeader, setup_table.SetupTable, position_table.PositionTable, setup.DuchyTable, setup.IslandDuchyTable,
           commands.DieCommand, commands.CorrectionCommand, knights.LayCommand]  # (this one has a check)


def _comparable(node):
    """``node`` with each check wrapper (a new closure each time) as the check it runs."""
    if isinstance(node, dict):
        return {key: _comparable(item) for key, item in node.items()}
    if isinstance(node, list | tuple):
        return type(node)(_comparable(item) for item in node)
    if callable(node) and getattr(node, "__name__", "") == "after":
        return ("checked", node.__closure__[0].cell_contents)
    return node


@pytest.mark.parametrize("declared", CLASSES, ids=lambda cls: cls.__name__)
def test_the_kept_schema_is_the_derived_one(declared):
    derived = schema._Builder().root(declared)
    kept = marshal.loads(marshal.dumps(schema._plain(schema._Builder().root(declared))))
    assert _comparable(schema._linked(kept)) == _comparable(derived)


def test_a_schema_is_kept_with_the_package_modules_it_was_derived_from(monkeypatch):
    monkeypatch.setattr(startcache, "_KEPT", startcache._Kept())
    startcache._KEPT.kept = {}
    made = schema._kept_schema(position_table.PositionTable)
    key = ("schema", "burgundy_cli.castles.position_table", "PositionTable")
    sources, _ = marshal.loads(startcache._KEPT.used[key])
    assert {path for path, _, _ in sources} >= {position_table.__file__, setup.__file__, schema.__file__,
                                                commands.__file__}
    startcache._KEPT.kept, startcache._KEPT.used = dict(startcache._KEPT.used), {}
    assert _comparable(schema._kept_schema(position_table.PositionTable)) == _comparable(made)
    assert startcache._KEPT.used[key] == startcache._KEPT.kept[key]  # (read back, not derived again)


def test_a_kept_schema_is_derived_again_when_a_module_changed(monkeypatch):
    monkeypatch.setattr(startcache, "_KEPT", startcache._Kept())
    startcache._KEPT.kept = {}
    schema._kept_schema(position_table.PositionTable)
    key = ("schema", "burgundy_cli.castles.position_table", "PositionTable")
    sources, plain = marshal.loads(startcache._KEPT.used[key])
    stale = tuple((path, size + 1, mtime) if path == commands.__file__ else (path, size, mtime)
                  for path, size, mtime in sources)
    startcache._KEPT.kept, startcache._KEPT.used = {key: marshal.dumps((stale, {"stale": True}))}, {}
    schema._kept_schema(position_table.PositionTable)
    assert marshal.loads(startcache._KEPT.used[key]) == (sources, plain)


def test_a_class_outside_the_package_is_derived_every_time(monkeypatch):
    @schema.table_class
    class Outside:
        """A table declared outside the package."""

        size: int = 1

    monkeypatch.setattr(startcache, "_KEPT", startcache._Kept())
    assert schema._kept_schema(Outside)["definitions"][0]["cls"] is Outside
    assert not [key for key in startcache._KEPT.used if key[0] == "schema"]
    assert schema.validate(Outside, {"size": 2}) == Outside(size=2)
