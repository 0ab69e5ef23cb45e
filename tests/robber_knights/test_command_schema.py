"""Robber Knights commands: what the notation reader builds, the declarations accept.

The reader builds commands without validating them again (docs/developing.md,
"Validation at the edges"), so every command it can build must pass
``validate_command`` unchanged; and plain data that breaks a declaration (including
``LayCommand.check``: a direction exactly when knights move on) is refused.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.core.schema import ValidationError
from burgundy_cli.robber_knights.commands import validate_command
from burgundy_cli.robber_knights.notation import parse_line
from tests.conftest import RECORDS
from tests.core.reader_agreement import agrees, log_lines, mutations

LINES = sorted(set(log_lines(RECORDS / "robber-knights", "play")))


def test_every_record_line_reads_to_a_valid_command() -> None:
    assert len(LINES) > 200
    assert [line for line in LINES if not agrees(parse_line, validate_command, line)] == []


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(LINES), st.integers(0, 2**32 - 1))
def test_mutated_record_lines_read_to_valid_commands_or_fail(line: str, seed: int) -> None:
    assert [text for text in mutations(line, seed) if not agrees(parse_line, validate_command, text)] == []


@given(st.text(max_size=80))
def test_any_text_reads_to_a_valid_command_or_fails(text: str) -> None:
    assert agrees(parse_line, validate_command, text)


@pytest.mark.parametrize("data", [
    {"kind": "lay", "player": "red", "tile": "lake", "cell": "e4", "direction": "east", "leave": [2]},
    {"kind": "lay", "player": "red", "tile": "castle-plain", "cell": "e4", "leave": [1, 2]},
    {"kind": "lay", "player": "red", "tile": "castle-plain", "cell": "e4", "leave": [0]},
    {"kind": "lay", "player": "red", "tile": "lake", "cell": "E4"},
    {"kind": "draw", "player": "red", "tile": ""},
    {"kind": "end", "player": "x" * 41},
])
def test_plain_data_that_breaks_a_declaration_is_refused(data: dict) -> None:
    with pytest.raises(ValidationError):
        validate_command(data)
