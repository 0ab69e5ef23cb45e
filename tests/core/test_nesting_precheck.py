"""The nesting pre-check answers as its plain definition does, on any text.

``may_nest_deeper`` keeps only dots and newlines (or only brackets) with
``bytes.translate`` on the UTF-8 text, for speed (docs/performance.md); its definition is
the plain one below: a line with ``limit - 1`` dots, or ``limit - 1`` opening brackets with
no closing one between them.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.core.tomlsource import may_nest_deeper


def defined(text: str, limit: int) -> bool:
    runs = max(limit - 1, 1)
    if re.search(r"\.{%d}" % runs, re.sub(r"[^.\n]+", "", text)):
        return True
    return re.search(r"[\[{]{%d}" % runs, re.sub(r"[^\[\]{}]+", "", text)) is not None


@settings(max_examples=500)
@given(st.text(alphabet=st.sampled_from(list('[]{}.\n ab"é🙂\u2028')), max_size=120), st.integers(1, 13))
def test_the_pre_check_answers_as_its_definition(text: str, limit: int) -> None:
    assert may_nest_deeper(text, limit) == defined(text, limit)


@given(st.text(max_size=200), st.integers(1, 13))
def test_any_text_at_all(text: str, limit: int) -> None:
    assert may_nest_deeper(text, limit) == defined(text, limit)
