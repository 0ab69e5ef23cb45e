"""Issue 31: pydantic's messages are turned into the project's located, table-worded errors;
a user never reads "Input should be ...", a regular expression or "validation error".

Every key of every shipped record's tables (all but the log, whose lines have the notation's
own errors) is given a value of each wrong kind in turn -- true, text, a negative number, a
list, a table -- and every error the reader reports is checked for pydantic's wording.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest

from burgundy_cli.core.errors import RefereeError
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc, verify_stored_result
from tests.conftest import RECORDS

#: A value of each kind TOML has that a key may wrongly hold.
WRONG = (True, "x", -1, [], {"a": True})

#: pydantic's own wording, which must never reach a user.
PYDANTIC = ("Input should", "should be a valid", "validation error", "String should", "List should",
            "pattern", "Field required", "Extra inputs")


def _keys(table: dict[str, Any], path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for key, value in table.items():
        yield (*path, key)
        if isinstance(value, dict):
            yield from _keys(value, (*path, key))


@pytest.mark.parametrize("record", sorted(RECORDS.glob("*/*.toml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_wrong_value_anywhere_is_refused_in_the_table_s_words(record) -> None:
    """A wrong value in ``[result]`` is compared only after the replay, which it cannot change
    (the reader reads ``[result]`` nowhere else): the record's own replay, made once, is
    compared with each of them, as ``open_doc`` would compare it after replaying the log again."""
    data = tomllib.loads(record.read_text("utf-8"))
    replayed = open_doc(parse_record_text(record.read_text("utf-8"), record.name), verify_result=False)
    refused = 0
    for path in _keys({key: value for key, value in data.items() if key != "log"}):
        for wrong in WRONG:
            changed = copy.deepcopy(data)
            table = changed
            for key in path[:-1]:
                table = table[key]
            table[path[-1]] = wrong
            doc = parse_record_text(dump_record(changed), record.name)
            try:
                if path[0] == "result" and "final" not in data:
                    verify_stored_result(doc, replayed)
                else:
                    open_doc(doc)
            except RefereeError as err:
                refused += 1
                for each in (err, *err.also):
                    assert not any(words in each.message for words in PYDANTIC), (path, wrong, each.message)
    assert refused   # (the wrong values were read, and refused)


@pytest.mark.parametrize(("args", "said"), [
    (["undo", "game.toml", "0"], "Invalid value for 'COUNT': must be 1 or more"),
    (["undo", "game.toml", "1001"], "Invalid value for 'COUNT': must be 1000 or less"),
    (["undo", "game.toml", "two"], "Invalid value for 'COUNT': must be a whole number"),
    (["playout", "robber-knights", "-p", "9", "-s", "1", "-o", "x.toml"], "'--players' / '-p': must be 4 or less"),
    (["playout", "robber-knights", "-p", "2", "-s", "1.5", "-o", "x.toml"], "'--seed' / '-s': must be a whole number"),
    (["stats", "--best", "-1"], "Invalid value for '--best': must be 0 or more"),
])
def test_a_number_out_of_range_is_said_in_the_projects_words(args, said) -> None:
    """typer checks a number option with pydantic, whose words reached the user: ``undo
    game.toml 0`` said "Input should be greater than or equal to 1"."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "burgundy_cli", *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert not any(words in done.stderr for words in PYDANTIC)
