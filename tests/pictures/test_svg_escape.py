"""core.svg escapes text and attributes exactly as the standard library's ``xml.sax.saxutils``,
which it no longer imports (that module imports urllib.request: start-up time)."""

from __future__ import annotations

from xml.sax.saxutils import escape as std_escape
from xml.sax.saxutils import quoteattr as std_quoteattr

from hypothesis import given
from hypothesis import strategies as st

from burgundy_cli.core.svg import escape, quoteattr

TEXT = st.text(alphabet=st.sampled_from(list("ab &<>\"'\n\r\t;#é")), max_size=20)


@given(TEXT)
def test_escape_is_the_standard_library_s(text):
    assert escape(text) == std_escape(text)


@given(TEXT)
def test_quoteattr_is_the_standard_library_s(text):
    assert quoteattr(text) == std_quoteattr(text)
