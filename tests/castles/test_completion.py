"""Tab completion (table session and shell) comes from the move generator without listing
every line (issue 17: the first Tab on the worst cases took seconds). A placement with more
than ``GRANTED_SHOWN`` granted continuations the typed text has not reached is offered as
``<line> then ``; typed past its line, its continuations are offered the same way, a level
further down. So: expanding every such offer gives back exactly every legal line; every
line offered is accepted by ``check``; where no placement is shortened, the offers are the
lines that start with the typed text, as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from burgundy_cli.castles.movegen import completions
from burgundy_cli.core.game import starts_as_typed
from burgundy_cli.core.record import parse_record_bytes
from burgundy_cli.core.session import open_doc, open_record
from tests.castles.test_moves_grouping import listings

WORST_CASES = [Path(__file__).resolve().parents[2] / "benchmarks" / "data" / name
               for name in ("moves-worst-case.toml", "moves-worst-case-k1.toml")]
MORE = " then "


def session_of(text: str):
    return open_doc(parse_record_bytes(text.encode(), "game.toml"))


def expanded(state, typed: str = "") -> list[str]:
    """Every line the completions of ``typed`` stand for: each ``<line> then `` offer expanded
    by completing ``<line> `` (what it grants, purchases placed with it included)."""
    lines = []
    for line in completions(state, typed):
        if line.endswith(MORE):
            lines.extend(expanded(state, line.removesuffix(MORE).casefold() + " "))
        else:
            lines.append(line)
    return lines


@pytest.mark.parametrize("name, text", list(listings()), ids=lambda value: value if len(value) < 40 else "")
def test_completions_expand_back_to_every_legal_line(name, text):
    session = session_of(text)
    listing = session.legal_moves()
    assert sorted(expanded(session.state)) == sorted(listing.moves)


@pytest.mark.parametrize("name, text", list(listings()), ids=lambda value: value if len(value) < 40 else "")
def test_where_nothing_is_shortened_the_offers_are_the_lines_that_start_as_typed(name, text):
    session = session_of(text)
    listing = session.legal_moves()
    for typed in ("", "p", "t", "take 2", "anna: place", "buy", "sell", "workers", "pass", "zz"):
        offered = listing.completions(typed)
        if not any(line.endswith(MORE) for line in offered):
            assert sorted(offered) == sorted(move for move in listing.moves if starts_as_typed(move, typed)), typed


@pytest.mark.parametrize("path", WORST_CASES, ids=lambda path: path.stem)
def test_every_line_offered_on_the_worst_cases_is_legal(path):
    session = open_record(path)
    offered = []
    for typed in ("", "p", "anna: place 1>6 castle b3 then", "place 1>6 castle b3 then place city-hall",
                  "place 1>5 city-hall e2 then place city-hall c3 ", "place 4>5 city-hall e2 then place castle b3 then t",
                  "place 1>3 city-hall c3 buy", "place 1 city-hall e5 then place castle b3 then place city-hall c3 b"):
        lines = session.legal_moves().completions(typed)
        assert lines, typed
        assert all(starts_as_typed(line, typed) for line in lines), typed
        offered += lines
    lines = [line for line in offered if not line.endswith(MORE)]
    assert any(" buy " in line for line in lines) and any(line.endswith(MORE) for line in offered)
    for line in lines:
        assert session.check(line) == line
    for line in offered:
        if line.endswith(MORE):  # typed on, it offers what the placement grants
            assert completions(session.state, line.removesuffix(MORE).casefold() + " "), line


def test_table_session_and_shell_offer_then_on_the_worst_case(tmp_path):
    from burgundy_cli.core.table import TableSession
    from burgundy_cli.core.verdicts import legal_completions

    path = tmp_path / "game.toml"
    path.write_bytes(WORST_CASES[1].read_bytes())
    table = TableSession(path)
    head = "Anna: place 1>6 castle b3"
    assert table.completions("place 1>6 ca") == [(head, head), (f"{head} then ", f"{head} then ...")]
    assert legal_completions(str(path), [], "Anna: place 1>6 ca") == [head, f"{head} then "]
    deeper = [text for text, _ in table.completions(f"{head} then place city-hall c3 then place city-hall b5")]
    assert deeper[0] == f"{head} then place city-hall c3 then place city-hall b5"
    assert table.play(deeper[0]).accepted
