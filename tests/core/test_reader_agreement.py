"""The property every game's notation reader owes its command declarations.

A reader checks each field itself (so its errors carry a column and a hint) and then
builds the command by calling its model (docs/developing.md, "Validation at the edges").
No text may get past the reader's own checks to fail the model's (a pydantic error is
no located parse error), and what it builds is the command the same data validates to:
``validate_command(cmd.model_dump()) == cmd``, for every line of the shipped records, for
mutated record lines and for arbitrary text.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.rules import commands as castles_commands
from burgundy_cli.castles import notation as castles_notation
from burgundy_cli.core.errors import ParseError
from burgundy_cli.robber_knights import commands as rk_commands
from burgundy_cli.robber_knights import notation as rk_notation
from tests.conftest import RECORDS


def log_lines(folder: Path, table: str) -> Iterator[str]:
    """Every string in the move table (``[log]``, ``[play]``) of every record under ``folder``."""
    for path in sorted(folder.glob("*.toml")):
        yield from _strings(tomllib.loads(path.read_text("utf-8")).get(table, {}))


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict | list):
        for item in value.values() if isinstance(value, dict) else value:
            yield from _strings(item)


def mutations(line: str, seed: int, count: int = 20) -> Iterator[str]:
    """``count`` edits of ``line``: characters dropped, doubled or replaced, long names, big numbers."""
    rng = random.Random(seed)
    pieces = ["x" * 45, "9999", "0", "7", " ", ",", ":", ">", "+", "-1", "ä" * 33, "then", "keep", "goods"]
    for _ in range(count):
        at = rng.randrange(len(line) + 1)
        choice = rng.randrange(3)
        if choice == 0:
            yield line[:at] + line[at + 1:]
        elif choice == 1:
            yield line[:at] + rng.choice(pieces) + line[at:]
        else:
            yield line[:at] + rng.choice(pieces) + line[at + 2:]


def agrees(parse: Callable[[str], Any], validate_command: Callable[[Any], Any], text: str) -> bool:
    """True when ``text`` does not parse, or parses to a command its declaration accepts unchanged."""
    try:
        command = parse(text)
    except ParseError:
        return True
    return validate_command(command.model_dump()) == command


class Reader:
    """One game's reader and declarations, with the lines of its shipped records."""

    def __init__(self, parse: Callable[[str], Any], validate_command: Callable[[Any], Any], folder: str,
                 table: str) -> None:
        self.parse, self.validate_command = parse, validate_command
        self.lines = sorted(set(log_lines(RECORDS / folder, table)))

    def __repr__(self) -> str:
        return self.parse.__module__

    def agrees(self, text: str) -> bool:
        return agrees(self.parse, self.validate_command, text)


READERS = [Reader(castles_notation.parse_line, castles_commands.validate_command, "castles-of-burgundy", "log"),
           Reader(rk_notation.parse_line, rk_commands.validate_command, "robber-knights", "play")]


@pytest.mark.parametrize("reader", READERS, ids=repr)
def test_every_record_line_reads_to_a_valid_command(reader: Reader) -> None:
    assert len(reader.lines) > 200
    assert [line for line in reader.lines if not reader.agrees(line)] == []


@pytest.mark.parametrize("reader", READERS, ids=repr)
@settings(max_examples=300, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_mutated_record_lines_read_to_valid_commands_or_fail(reader: Reader, data: st.DataObject, seed: int) -> None:
    line = data.draw(st.sampled_from(reader.lines))
    assert [text for text in mutations(line, seed) if not reader.agrees(text)] == []


@pytest.mark.parametrize("reader", READERS, ids=repr)
@given(text=st.text(max_size=80))
def test_any_text_reads_to_a_valid_command_or_fails(reader: Reader, text: str) -> None:
    assert reader.agrees(text)
