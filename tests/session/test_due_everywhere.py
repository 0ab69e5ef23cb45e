"""What is due comes from one function of the position (issue 34.1): the session prompt,
one-shot ``play``'s ``next:``, ``show``, ``moves --json``'s ``due`` (with ``missing``) and the
forms Tab completes all say the same, at every phase and round boundary of complete games.

Each shipped complete Castles record is replayed line by line; before every line the due
is compared with what the record itself does next (a reveal or goods line still to come
in the phase must be listed as missing; once a phase's reveals and goods are all in, the
roll is due), for both editions and the modules that add lines (shields' tribute, the solo
game's removal, the team game).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc
from burgundy_cli.core.registry import table_helpers
from burgundy_cli.core.table import due_text
from burgundy_cli.core.verdicts import due

RECORDS = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy"
COMPLETE = sorted(path.name for path in RECORDS.glob("complete-*.toml"))


def _phase_line(line: str) -> str | None:
    """``reveal 3`` / ``reveal black`` / ``goods`` for a phase's table line, else None."""
    words = line.split()
    if words[0] == "reveal":
        return f"reveal {words[1]}"
    return "goods" if words[0] == "goods" else None


def _replay(name: str):
    data = tomllib.loads((RECORDS / name).read_text())
    log = data.pop("log")
    data.pop("result", None)
    session = open_doc(parse_record_text(dump_record(data), name), verify_result=False)
    return session, [(group, line) for group, lines in log.items() for line in lines]


@pytest.mark.parametrize("name", COMPLETE)
def test_due_agrees_with_the_record_at_every_line(name: str) -> None:
    session, lines = _replay(name)
    helpers = table_helpers(session)
    phase_done: set[str] = set()   # the phase lines recorded since the phase's first roll
    boundaries = 0
    for index, (group, line) in enumerate(lines):
        now = due(session)
        text = due_text(session)
        forms = helpers.table_forms(session)
        shown = session.show().splitlines()[0]
        kind = line.split()[0]
        coming = _phase_line(line)
        if coming is not None:
            # a reveal or goods line comes next: the phase is being set up and it is due
            assert now["kind"] == "phase", (index, line, now)
            assert coming in now["missing"], (index, line, now)
            assert "due, then the roll" in text and coming.split()[0] in text, (index, line, text)
            assert "phase setup" in shown, (index, shown)
            assert any(form.startswith(coming.split()[0]) for form in forms), (index, forms)
            boundaries += 1
        elif kind == "roll":
            if now["kind"] == "roll":
                assert now["missing"] == [] and "roll due" in text and "the roll is due" in shown, (index, text)
                assert not any(form.startswith(("reveal", "goods")) for form in forms), (index, forms)
            else:   # a phase whose reveals the record leaves out: they are still asked for
                assert now["kind"] == "phase" and now["missing"], (index, now)
                assert set(now["missing"]).isdisjoint(phase_done), (index, now, phase_done)
            if group.endswith("1") and now["kind"] == "roll":
                assert phase_done == {"reveal 1", "reveal 2", "reveal 3", "reveal 4", "reveal 5", "reveal 6",
                                      "reveal black", "goods"}, (index, phase_done)
            boundaries += 1
        else:   # a player's line (a late purchase, a module's line said between phases)
            assert set(now["missing"]).isdisjoint(phase_done), (index, line, now)
            assert (now["kind"] == "phase") == bool(now["missing"]), (index, line, now)
        session.play(line)
        if coming is not None:
            phase_done.add(coming)
        elif kind == "roll":
            phase_done = set()
    assert due(session)["kind"] == "over" and due_text(session).startswith("game over")
    assert boundaries >= 25


def test_after_the_last_line_of_a5_the_phase_lines_are_due() -> None:
    """The issue's case: after A5's last line the prompt said ``B1 · roll due``."""
    session, lines = _replay("complete-2p-2011.toml")
    first_b = next(index for index, (group, _) in enumerate(lines) if group == "B1")
    for _, line in lines[:first_b]:
        session.play(line)
    now = due(session)
    assert now["kind"] == "phase"
    assert now["missing"] == ["reveal 1", "reveal 2", "reveal 3", "reveal 4", "reveal 5", "reveal 6",
                              "reveal black", "goods"]
    assert due_text(session).startswith("B1 · reveal 1 2 3 4 5 6 black, goods due, then the roll")
    # every reveal and the goods in: the roll, and only the roll, is due
    for _, line in lines[first_b:]:
        if line.startswith("roll"):
            break
        session.play(line)
    assert due(session)["kind"] == "roll" and due(session)["missing"] == []
    assert due_text(session).startswith("B1 · roll due")
    assert [form.split()[0] for form in table_helpers(session).table_forms(session)] == ["roll"]
