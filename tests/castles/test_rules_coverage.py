"""Every registered Castles rule is raised by a test and documented in docs/rules-coverage.md.

The sqlite-utils "every command documented" check, applied to rules (style guide, 3.): the
doc's table row for each rule id names tests, and each of those tests mentions the id.
"""

from __future__ import annotations

import re
from pathlib import Path

from burgundy_cli.castles.rules import RULES

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules-coverage.md"
TESTS = Path(__file__).resolve().parent


def _castles_section() -> str:
    text = DOC.read_text("utf-8")
    return text[text.index("## The Castles of Burgundy"):text.index("<!-- end of The Castles of Burgundy section -->")]


def _test_sources() -> dict[str, str]:
    """``module::function`` -> source of every test function in the rule test modules."""
    found = {}
    for path in sorted(TESTS.glob("test_*.py")):
        source = path.read_text("utf-8")
        for match in re.finditer(r"^def (test_\w+)\(.*?(?=^def |\Z)", source, re.S | re.M):
            found[f"{path.stem}::{match.group(1)}"] = match.group(0)
    return found


def test_every_rule_is_raised_by_a_test():
    """Each rule id appears as an expected ``err.rule.id`` in some test_rules_* (or 2019 module's
    test_module_*) test."""
    sources = {name: src for name, src in _test_sources().items() if name.startswith(("test_rules_", "test_module_"))}
    for rule_id in RULES:
        assert any(f'"{rule_id}"' in src for src in sources.values()), f"no test raises {rule_id}"


def test_every_rule_is_documented_with_its_tests():
    """docs/rules-coverage.md has a row per rule id; the tests it names exist and raise that id."""
    section = _castles_section()
    sources = _test_sources()
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(cob\.[a-z0-9.-]+)` \|.*\| ([^|]*) \|$", section, re.M)}
    assert set(rows) == set(RULES)
    for rule_id, cell in rows.items():
        names = re.findall(r"`([\w]+::\w+)`", cell)
        assert names, f"{rule_id}: no tests listed"
        for name in names:
            assert name in sources, f"{rule_id}: {name} does not exist"
            assert f'"{rule_id}"' in sources[name], f"{rule_id}: {name} does not raise it"


def test_documented_example_tests_exist():
    """Every test named anywhere in the section exists (the worked-example table too)."""
    sources = _test_sources()
    for name in re.findall(r"`(test_\w+::test_\w+)`", _castles_section()):
        assert name in sources, name


def test_every_option_is_a_documented_ruling():
    """Each named rule option a record may set is explained in docs/rulings.md (style guide, 8:
    "Rule variants/errata are named options in the header")."""
    import inspect

    from burgundy_cli.castles.record import setup

    source = inspect.getsource(setup.options_from_header)
    names = set(re.findall(r'"([a-z0-9]+(?:-[a-z0-9]+)+|modules)"', source))
    text = (ROOT / "docs" / "rulings.md").read_text("utf-8")
    section = text[text.index("## The Castles of Burgundy"):text.index("<!-- end of The Castles of Burgundy section -->")]
    assert {"tiebreak-empty-spaces", "k8-doubles-free-change", "k6-mixed-payment", "modules"} <= names
    for name in names:
        assert f"`{name}`" in section, name


def test_the_passage_column_is_each_rules_own():
    """The table's rule and passage columns are the rule's row in ``castles/rules/__init__.py`` (its text,
    and every edition's passage joined, as ``Rule.ref``): the doc keeps no copy of its own."""
    section = _castles_section()
    rows = {m.group(1): (m.group(2), m.group(3))
            for m in re.finditer(r"^\| `(cob\.[a-z0-9.-]+)` \| (.*?) \| (.*?) \| [^|]* \|$", section, re.M)}
    assert rows == {rule_id: (rule.text, rule.ref) for rule_id, rule in RULES.items()}
