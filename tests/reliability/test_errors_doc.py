"""docs/errors.md stays true to the code: every error type, kind, exit code and limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from burgundy_cli.core import errors
from burgundy_cli.core.record import MAX_NESTING, MAX_RECORD_BYTES

DOC = (Path(__file__).resolve().parents[2] / "docs" / "errors.md").read_text(encoding="utf-8")
KINDS = [errors.ParseError, errors.IllegalMoveError, errors.AmbiguousMoveError, errors.RecordError,
         errors.UsageError]


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_every_error_type_is_documented_with_its_exit_code(kind):
    row = next(line for line in DOC.splitlines() if line.startswith(f"| `{kind.__name__}`"))
    assert row.rstrip().endswith(f"| {kind.exit_code} |")
    assert kind.kind.split(" (")[0] in row


def test_limits_are_documented():
    assert f"{MAX_RECORD_BYTES:,} bytes" in DOC
    assert f"{MAX_NESTING} levels (`MAX_NESTING`)" in DOC


def test_messages_have_the_documented_shape():
    rule = errors.Rule("x.y", "wording", "rulebook p.1")
    where = errors.Location("g.toml", 3, 7)
    assert str(errors.IllegalMoveError(rule, "no", hint="do this", location=where)) == \
        'g.toml:3:7: illegal (x.y): no; do this -- rule: "wording" [rulebook p.1]'
    assert str(errors.RecordError("bad", hint="fix", location=where)) == "g.toml:3:7: invalid record: bad (fix)"
