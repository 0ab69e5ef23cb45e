"""Every registered Robber Knights rule id is asserted by a test and listed in the docs."""

from __future__ import annotations

import re
from pathlib import Path

from burgundy_cli.robber_knights.rules import RULES
from tests.conftest import ROOT

HERE = Path(__file__).parent
SECTION = re.compile(r"<!-- Robber Knights section.*?-->(.*?)<!-- end of Robber Knights section -->", re.S)


def section(doc: str) -> str:
    found = SECTION.search((ROOT / "docs" / doc).read_text(encoding="utf-8"))
    assert found, f"docs/{doc} has no Robber Knights section"
    return found.group(1)


def test_every_rule_is_asserted_by_a_test():
    """A rule id counts as exercised when a test compares ``rule.id`` with it."""
    texts = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    missing = [rid for rid in RULES if f'== "{rid}"' not in texts and f'"rule"] == "{rid}"' not in texts]
    assert missing == []


def test_every_rule_is_in_rules_coverage():
    text = section("rules-coverage.md")
    assert [rid for rid in RULES if f"`{rid}`" not in text] == []


def test_rule_texts_and_refs_are_filled():
    for rule in RULES.values():
        assert rule.id.startswith("rk.") and rule.text and "rulebook" in rule.ref


def test_options_are_documented_in_rulings():
    from burgundy_cli.robber_knights.setup import OPTIONS

    text = section("rulings.md")
    assert [name for name in OPTIONS if f"`{name}" not in text] == []


def test_notation_examples_parse():
    """Every line in the notation section's code block reads and round-trips."""
    from burgundy_cli.robber_knights.notation import format_command, parse_line

    block = section("notation.md").split("```")[1]
    lines = [line for line in block.splitlines() if line.strip()]
    assert len(lines) >= 5
    for line in lines:
        cmd = parse_line(line)
        assert parse_line(format_command(cmd)) == cmd
        assert format_command(cmd) == line.split("#")[0].strip()


def test_record_examples_in_docs_open():
    """The ``[setup]`` and ``[position]`` examples of docs/records.md are valid records."""
    from burgundy_cli.core.record import parse_record_text
    from burgundy_cli.core.session import open_doc

    blocks = [b.removeprefix("toml\n") for b in section("records.md").split("```")[1::2]]
    first = open_doc(parse_record_text(blocks[0], "records.md"))
    assert first.score().complete is False
    header = '[game]\nname = "robber-knights"\nplayers = ["red", "yellow"]\n'
    assert open_doc(parse_record_text(header + blocks[1], "records.md")).legal_moves().player == "red"
