"""The property every game's notation reader owes the command declarations.

A reader checks each field itself (so its errors carry a column and a hint) and then
builds the command without validating it again. Whatever it builds must therefore be a
command the declarations accept as it is: ``validate_command(to_data(cmd)) == cmd``.
Each game's test feeds this its record lines, arbitrary text and mutated lines.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import tomli

from burgundy_cli.core.errors import ParseError
from burgundy_cli.core.schema import to_data


def log_lines(folder: Path, table: str) -> Iterator[str]:
    """Every string in the move table (``[log]``, ``[play]``) of every record under ``folder``."""
    for path in sorted(folder.glob("*.toml")):
        stack: list[Any] = [tomli.loads(path.read_text("utf-8")).get(table, {})]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str):
                yield item


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
    return validate_command(to_data(command)) == command
