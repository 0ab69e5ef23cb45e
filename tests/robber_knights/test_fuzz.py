"""Bounded fuzzing (issue 6): mutated Robber Knights records and notation lines end in a
result or one of the project's own errors, never in anything else."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.core.errors import RefereeError
from burgundy_cli.core.record import parse_record_text
from burgundy_cli.core.session import open_doc
from burgundy_cli.robber_knights.notation import parse_line
from tests.conftest import RECORDS

TEXTS = [path.read_text(encoding="utf-8") for path in sorted((RECORDS / "robber-knights").glob("*.toml"))]
WORDS = ["red", "blue", "lay", "draw", "end", "knights", "leave", "east", "castle-plain", "lake", "f6", "z99",
         "5", "0", "-1", ",", ":", "#", '"', "[", "]", "=", "\n", "tiles", "hands", "to-move", "moves"]


def survives(text: str) -> None:
    """Open, score, list and draw ``text``: it works, or fails with a located error of ours."""
    try:
        session = open_doc(parse_record_text(text, "fuzz.toml"))
    except RefereeError as err:
        assert err.location is not None and err.location.file == "fuzz.toml", str(err)
        assert err.message
        return
    assert session.score().players
    assert session.show()
    assert (session.legal_moves().player is None) == session.state.over


@settings(max_examples=150, deadline=None)
@given(record=st.sampled_from(TEXTS), data=st.data())
def test_mutated_records(record, data):
    start = data.draw(st.integers(0, len(record)))
    end = data.draw(st.integers(start, min(len(record), start + 40)))
    insert = "".join(data.draw(st.lists(st.sampled_from(WORDS), max_size=4)))
    survives(record[:start] + insert + record[end:])


@settings(max_examples=150, deadline=None)
@given(record=st.sampled_from(TEXTS), data=st.data())
def test_mutated_move_lines(record, data):
    lines = record.split("\n")
    moves = [n for n, line in enumerate(lines) if line.startswith('    "') and ": " in line]
    if not moves:
        return
    target = data.draw(st.sampled_from(moves))
    words = lines[target].strip().strip('",').split()
    index = data.draw(st.integers(0, len(words) - 1))
    words[index] = data.draw(st.sampled_from(WORDS[:18]))
    lines[target] = '    "' + " ".join(words).replace('"', "'").replace("\n", " ") + '",'
    survives("\n".join(lines))


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS[:18]), max_size=10))
def test_word_salad_lines(words):
    try:
        cmd = parse_line(" ".join(words))
    except RefereeError as err:
        assert err.message
    else:
        assert cmd.kind in ("lay", "draw", "end")
