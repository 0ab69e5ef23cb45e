"""Robber Knights commands given as plain data: what breaks a declaration is refused.

That the reader only builds commands the declarations accept is
tests/core/test_reader_agreement.py; here: plain data that breaks a declaration (including
``LayCommand.check``: a direction exactly when knights move on) is refused.
"""

from __future__ import annotations

import pytest

from pydantic import ValidationError
from burgundy_cli.robber_knights.commands import validate_command


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
