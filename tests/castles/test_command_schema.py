"""Castles of Burgundy commands given as plain data: what breaks a declaration is refused.

That the reader only builds commands the declarations accept is
tests/core/test_reader_agreement.py.
"""

from __future__ import annotations

import pytest

from burgundy_cli.castles.rules.commands import validate_command
from burgundy_cli.castles.notation import parse_line
from burgundy_cli.core.errors import ParseError
from pydantic import ValidationError


def test_long_player_names_in_a_roll_line_are_a_parse_error_not_a_command() -> None:
    with pytest.raises(ParseError, match="longer than 40 characters"):
        parse_line("roll white 3, " + "x" * 41 + " 2 6")


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
