"""StringLocator's fast path (a direct search for ``"value"``) gives exactly the source map's answers.

The fast path exists for speed only (docs/performance.md): every game locates every line
it reads. So on any TOML text -- quoted keys equal to values, comments quoting values,
escapes, literal strings, repeats, a start offset anywhere -- locating the string values
in order must give the same locations as the source map alone.
"""

from __future__ import annotations

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgundy_cli.core.record import StringLocator, parse_record_text
from burgundy_cli.core.tomlsource import string_value
from tests.core.test_locations import DOCS, TEXT


class ExactOnly(StringLocator):
    """The locator without its fast path: the source map answers everything."""

    def _locate_plain(self, value):
        return None


def both_ways(text: str, values: list[str], start: int = 0) -> tuple[list, list]:
    doc = parse_record_text(text, "r.toml")
    fast, exact = StringLocator(doc, start=start), ExactOnly(doc, start=start)
    return [fast.locate(v) for v in values], [exact.locate(v) for v in values]


def values_in_order(text: str) -> list[str]:
    return [string_value(token) for _, token in parse_record_text(text).source_map().strings]


def test_the_hand_written_record_agrees():
    values = values_in_order(TEXT) + ["nobody: plays", "anna: take 3 church"]
    fast, exact = both_ways(TEXT, values)
    assert fast == exact


def test_quoted_keys_tables_and_comments_are_never_taken_for_values():
    text = ('# "x"\n["x"]\n"x" = "y"\n[a."x"]\nb = [ "x" ] # "x"\nc = { "x" = "x" }\n'
            "d = 'x'\ne = \"x\"\n[[\"z\"]]\n")
    fast, exact = both_ways(text, ["x", "x", "x", "x", "y"])
    assert fast == exact
    assert [location.line for location in fast[:3]] == [5, 6, 7]


def test_a_start_inside_a_comment_or_a_multi_line_string_agrees():
    text = 'a = """\n[play] "m"\n"""\n# [play] "m"\n[play]\nmoves = ["m", "m"]\n'
    for start in (text.find("[play]"), text.find("# [play]") + 2, text.rfind("[play]")):
        fast, exact = both_ways(text, ["m", "m", "m"], start)
        assert fast == exact, start


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DOCS, st.lists(st.integers(0, 200), max_size=5), st.data())
def test_any_document_with_comments_agrees(data, comment_lines, draw):
    text = tomli_w.dumps(data)          # no multi-line strings: every line start is outside a string
    values = values_in_order(text)
    lines = text.split("\n")
    plain = [v for v in values if v.isprintable() and '"' not in v and "\\" not in v] or ["x"]
    for at in sorted(comment_lines, reverse=True):
        quoted = draw.draw(st.sampled_from(plain))
        lines.insert(at % (len(lines) + 1), f'# "{quoted}" = "{quoted}"')
    text = "\n".join(lines)
    start = draw.draw(st.integers(0, len(text)))
    fast, exact = both_ways(text, values + values[:2], start)
    assert fast == exact, text
