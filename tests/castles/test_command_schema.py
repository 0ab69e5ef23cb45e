"""Castles of Burgundy commands: what the notation reader builds, the declarations accept.

The reader builds commands without validating them again (docs/developing.md,
"Validation at the edges"), so every command it can build must pass
``validate_command`` unchanged; and plain data that breaks a declaration is refused.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.commands import validate_command
from burgundy_cli.castles.notation import parse_line
from burgundy_cli.core.schema import ValidationError
from tests.conftest import RECORDS
from tests.core.reader_agreement import agrees, log_lines, mutations

LINES = sorted(set(log_lines(RECORDS / "castles-of-burgundy", "log")))


def test_every_record_line_reads_to_a_valid_command() -> None:
    assert len(LINES) > 500
    assert [line for line in LINES if not agrees(parse_line, validate_command, line)] == []


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(LINES), st.integers(0, 2**32 - 1))
def test_mutated_record_lines_read_to_valid_commands_or_fail(line: str, seed: int) -> None:
    assert [text for text in mutations(line, seed) if not agrees(parse_line, validate_command, text)] == []


@given(st.text(max_size=80))
def test_any_text_reads_to_a_valid_command_or_fails(text: str) -> None:
    assert agrees(parse_line, validate_command, text)


def test_long_player_names_in_a_roll_line_are_a_parse_error_not_a_command() -> None:
    assert agrees(parse_line, validate_command, "roll white 3, " + "x" * 41 + " 2 6")


@pytest.mark.parametrize("data", [
    {"kind": "die", "player": "anna", "rolled": 7, "action": {"kind": "workers"}},
    {"kind": "die", "player": "anna", "rolled": 3, "action": {"kind": "place", "tile": "ship", "space": "h1"}},
    {"kind": "buy", "player": "anna", "tile": "k7", "pay_workers": 3},
    {"kind": "phase-goods", "goods": [1, 2, 3, 4]},
    {"kind": "roll", "white": 3, "dice": {"anna": [1, 9]}},
    {"kind": "pass", "player": ""},
    {"kind": "shuffle"},
])
def test_plain_data_that_breaks_a_declaration_is_refused(data: dict) -> None:
    with pytest.raises(ValidationError):
        validate_command(data)
