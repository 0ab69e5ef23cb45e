"""What a command's start leaves out: the reader of the other start table, and the modules
of rules a record does not use (docs/performance.md, "Round twelve" and "Round thirteen")."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"


def _imported(args: list[str], names: tuple[str, ...]) -> str:
    """The modules of ``names`` that ``burgundy ARGS`` imported, as printed (bytecode
    and start-up items written, as a user's installation writes them)."""
    probe = ("import sys; sys.argv = ['burgundy', *%r]\n"
             "from burgundy_cli.entry import main\n"
             "try:\n    main()\nfinally:\n"
             "    print(sorted(set(%r) & set(sys.modules)), file=sys.stderr)" % (args, names))
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False, env=env)
    return run.stderr.strip().splitlines()[-1]


#: What opening a record of each kind leaves out (docs/performance.md, "Round twelve:
#: h-start2"): the other table's reader, the team game's module in another game, and what
#: only a refusal or a granted action needs (the fix hint, the edition's citations; a whole
#: game has granted actions).
_CASTLES = "burgundy_cli.castles."
OTHER_TABLE = {
    "position": tuple(_CASTLES + name for name in ("setup_table", "module_team", "clarify", "citations")),
    "setup": tuple(_CASTLES + name for name in ("position_table", "module_team", "citations")),
}


@pytest.mark.parametrize(("table", "args"), [
    ("position", ["moves", str(CASTLES / "rulebook-tile-7.toml")]),
    ("position", ["check", str(CASTLES / "rulebook-tile-7.toml"), "Anna: workers 6"]),
    ("setup", ["score", str(CASTLES / "complete-2p-2011.toml")]),
    ("setup", ["show", str(CASTLES / "complete-3p-2019-inns.toml")]),
], ids=lambda value: value if isinstance(value, str) else value[0])
def test_opening_a_record_loads_the_reader_of_its_own_table_only(table, args):
    _imported(args, OTHER_TABLE[table])
    assert _imported(args, OTHER_TABLE[table]) == "[]"


#: What a game leaves out when it does not need it (docs/performance.md, "Round thirteen:
#: h-import"): the trade routes' module without the trade routes, and ``difflib`` unless a
#: module name is misspelt (its "did you mean" hint).
NOT_NEEDED = (_CASTLES + "module_routes", "difflib")


@pytest.mark.parametrize("args", [
    ["moves", str(CASTLES / "rulebook-tile-7.toml")],  # ([position], base game)
    ["score", str(CASTLES / "complete-2p-2011.toml")],  # ([setup], 2011)
    ["show", str(CASTLES / "complete-3p-2019-inns.toml")],  # ([setup], a module named: inns)
], ids=lambda args: args[0])
def test_a_game_without_the_trade_routes_loads_neither_them_nor_difflib(args):
    _imported(args, NOT_NEEDED)
    assert _imported(args, NOT_NEEDED) == "[]"
