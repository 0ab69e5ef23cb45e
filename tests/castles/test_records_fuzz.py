"""Mutated Castles records never crash the reader: a replay or one of the project's errors.

Issue 6: records are untrusted input. Starting from the shipped records, hypothesis edits
log lines (characters replaced, dropped, duplicated; lines swapped or dropped) and every
result must be a session or a :class:`RefereeError` -- never another exception.
"""

from __future__ import annotations

import tomllib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgundy_cli.core.errors import RefereeError
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc
from tests.conftest import RECORDS

#: the shipped records with log lines to edit (a position record printed by show --position has none)
SOURCES = {path.name: data for path in sorted((RECORDS / "castles-of-burgundy").glob("*.toml"))
           if (data := tomllib.loads(path.read_text("utf-8"))).get("log")}
_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 >:+-,#\"'ABC\u00e9\t"


@st.composite
def mutated_records(draw) -> str:
    data = draw(st.sampled_from(sorted(SOURCES)))
    record = {key: value for key, value in SOURCES[data].items() if key != "result"}
    log = {group: list(lines) for group, lines in record.get("log", {}).items()}
    groups = sorted(log)
    group = draw(st.sampled_from(groups))
    lines = log[group]
    edit = draw(st.sampled_from(["char", "drop-char", "insert", "drop-line", "swap", "dup-line", "group"]))
    index = draw(st.integers(0, len(lines) - 1))
    line = lines[index]
    at = draw(st.integers(0, max(0, len(line) - 1)))
    if edit == "char" and line:
        lines[index] = line[:at] + draw(st.sampled_from(_ALPHABET)) + line[at + 1:]
    elif edit == "drop-char" and line:
        lines[index] = line[:at] + line[at + 1:]
    elif edit == "insert":
        lines[index] = line[:at] + draw(st.text(_ALPHABET, max_size=6)) + line[at:]
    elif edit == "drop-line":
        del lines[index]
    elif edit == "swap" and len(lines) > 1:
        other = draw(st.integers(0, len(lines) - 1))
        lines[index], lines[other] = lines[other], lines[index]
    elif edit == "dup-line":
        lines.insert(index, line)
    elif edit == "group":
        log[draw(st.sampled_from(["A1", "B3", "E5", "F1", "a2"]))] = log.pop(group)
    record["log"] = log
    return dump_record(record)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_mutated_record_replays_or_reports_a_referee_error(text: str) -> None:
    try:
        session = open_doc(parse_record_text(text, "fuzz.toml"))
    except RefereeError as err:
        assert err.location is not None and err.location.file == "fuzz.toml"
        assert "\n" not in str(err)
    else:
        session.score()
        session.show()
        dump_record(session.record_data())
