"""What a command's start leaves out: the reader of the other record table, the team game's
module in another game, the trade routes' module without the trade routes: a command imports
only its own game and what it uses."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest

from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy"


def _imported(args: list[str], names: tuple[str, ...]) -> str:
    """The modules of ``names`` that ``burgundy ARGS`` imported, as printed (bytecode
    written, as a user's installation writes it)."""
    probe = ("import sys; sys.argv = ['burgundy', *%r]\n"
             "from burgundy_cli.cli import main\n"
             "try:\n    main()\nfinally:\n"
             "    print(sorted(set(%r) & set(sys.modules)), file=sys.stderr)" % (args, names))
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False, env=env)
    return run.stderr.strip().splitlines()[-1]


#: What opening a record of each kind leaves out: the other table's reader, the team game's module in another game, and what
#: only a refusal or a granted action needs (the fix hint, the edition's citations; a whole
#: game has granted actions).
_CASTLES = "burgundy_cli.castles."
OTHER_TABLE = {
    "position": tuple(_CASTLES + name for name in ("record.setup_table", "modules.team", "record.clarify",
                                                   "rules.citations")),
    "setup": tuple(_CASTLES + name for name in ("record.position_table", "modules.team", "rules.citations")),
}


@pytest.mark.parametrize(("table", "args"), [
    ("position", ["moves", str(CASTLES / "rulebook-tile-7.toml")]),
    ("position", ["check", str(CASTLES / "rulebook-tile-7.toml"), "Anna: workers 6"]),
    ("setup", ["score", str(CASTLES / "complete-2p-2011.toml")]),
    ("setup", ["show", str(CASTLES / "complete-3p-2019-inns.toml")]),
], ids=lambda value: value if isinstance(value, str) else value[0])
def test_opening_a_record_loads_the_reader_of_its_own_table_only(table, args):
    left_out = OTHER_TABLE[table]
    if args[0] == "check":  # (a legal verdict cites the rules it passed in the record's edition: issue 36 item 9)
        left_out = tuple(name for name in left_out if not name.endswith(".citations"))
    _imported(args, left_out)
    assert _imported(args, left_out) == "[]"


#: What a game leaves out when it does not need it: the trade routes' module without the trade routes.
NOT_NEEDED = (_CASTLES + "modules.routes",)


@pytest.mark.parametrize("args", [
    ["moves", str(CASTLES / "rulebook-tile-7.toml")],  # ([position], base game)
    ["score", str(CASTLES / "complete-2p-2011.toml")],  # ([setup], 2011)
    ["show", str(CASTLES / "complete-3p-2019-inns.toml")],  # ([setup], a module named: inns)
], ids=lambda args: args[0])
def test_a_game_without_the_trade_routes_does_not_load_them(args):
    _imported(args, NOT_NEEDED)
    assert _imported(args, NOT_NEEDED) == "[]"


def test_the_modules_named_exist():
    """A module moved or renamed must be named here again, or the tests above pass for nothing."""
    for name in {*OTHER_TABLE["position"], *OTHER_TABLE["setup"], *NOT_NEEDED}:
        assert importlib.util.find_spec(name) is not None, name
