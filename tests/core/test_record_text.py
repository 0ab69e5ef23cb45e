"""The table session's incremental writer (core/recordtext.py) gives the full writer's text.

``dump_record`` is the one definition of a record's canonical text; ``RecordText`` makes the
same text from the text it made before. Here both are compared byte for byte: on every
shipped record, and on sequences of changed records (lines appended, lists cut or changed,
new rounds, other tables changed), with strings that need escapes.
"""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.core import recordtext
from burgundy_cli.core.record import dump_record, read_record
from burgundy_cli.core.recordtext import RecordText
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

#: Strings with what TOML must escape: quotes, backslashes, control characters, non-ASCII.
LINES = st.text(alphabet=st.sampled_from(list('ab #:"\\\t\n\x7fé→1')), max_size=12)
KEYS = st.sampled_from(["A1", "A2", "B1", "moves", "a key", "ключ"])
SCALARS = st.one_of(st.integers(-5, 5), st.booleans(), LINES, st.lists(st.integers(0, 9), max_size=3))


def test_every_shipped_record_is_written_alike_and_line_by_line():
    """Each record's text, then the same record rebuilt line by line: the full writer's each time."""
    for path in sorted(RECORDS.rglob("*.toml"))[:40]:
        data = open_record(path).record_data()
        writer = RecordText()
        assert writer.seed(data) == dump_record(data) and writer.trusted, path
        assert writer.text(data) == dump_record(data), path
        table = "log" if "log" in data else "play"
        growing = copy.deepcopy(data)
        lists = growing.get(table, {})
        for key in list(lists):
            lists[key] = []
        for key, items in data.get(table, {}).items():
            for item in items:
                lists[key].append(item)
                shown = {name: {k: v for k, v in value.items() if v} if name == table else value
                         for name, value in growing.items()}
                assert writer.text(shown) == dump_record(shown), (path, key, item)


def _record(draw) -> dict:
    tables = draw(st.dictionaries(st.sampled_from(["game", "setup", "result"]),
                                  st.dictionaries(KEYS, SCALARS, max_size=3), max_size=2))
    log = draw(st.dictionaries(KEYS, st.lists(LINES, min_size=1, max_size=4), max_size=3))
    return {**tables, "log": log}


@st.composite
def records_changing(draw) -> list[dict]:
    """A record and what it becomes step by step: lines appended, lists cut or changed, keys
    added or dropped, other tables changed, the log's order changed."""
    record = _record(draw)
    steps = [record]
    for _ in range(draw(st.integers(1, 8))):
        record = copy.deepcopy(record)
        log = record["log"]
        move = draw(st.sampled_from(["append", "append", "new", "cut", "change", "other", "reorder", "drop"]))
        if move == "append" and log:
            log[draw(st.sampled_from(sorted(log)))].extend(draw(st.lists(LINES, min_size=1, max_size=3)))
        elif move == "new":
            log[draw(KEYS)] = draw(st.lists(LINES, min_size=1, max_size=3))
        elif move == "cut" and any(log.values()):
            key = draw(st.sampled_from(sorted(key for key, items in log.items() if items)))
            del log[key][draw(st.integers(0, len(log[key]) - 1)):]
        elif move == "change" and any(log.values()):
            key = draw(st.sampled_from(sorted(key for key, items in log.items() if items)))
            log[key][draw(st.integers(0, len(log[key]) - 1))] = draw(LINES)
        elif move == "other":
            record[draw(st.sampled_from(["game", "setup", "result"]))] = draw(st.dictionaries(KEYS, SCALARS,
                                                                                              max_size=3))
        elif move == "reorder":
            record["log"] = dict(reversed(list(log.items())))
        elif move == "drop" and log:
            del log[draw(st.sampled_from(sorted(log)))]
        steps.append(record)
    return steps


@settings(max_examples=300, deadline=None)
@given(records_changing())
def test_after_every_change_the_text_is_the_full_writers(steps):
    writer = RecordText()
    writer.seed(steps[0])
    for record in steps:
        assert writer.text(record) == dump_record(record)


def test_what_is_not_a_table_of_lists_is_written_whole():
    """Empty lists, lists of tables, a top-level value that is not a table: the full writer's text."""
    writer = RecordText()
    for record in ({"log": {"A1": []}}, {"log": {"A1": ["a"], "n": 3}}, {"x": 1, "log": {"A1": ["a"]}},
                   {"log": {"A1": [{"a": 1}]}}, {}, {"log": {}}, {"log": {"A1": ["a"], "B": {"c": ["d"]}}}):
        assert writer.text(record) == dump_record(record), record


def test_a_layout_other_than_the_full_writers_is_never_used(monkeypatch):
    """If one line's text were not cut as the full writer lays a list out (another tomli-w),
    ``seed`` finds it and the writer gives the full writer's text from then on."""
    monkeypatch.setattr(recordtext, "_item_text", lambda item: f'  "{item}",\n')
    recordtext._layout_agrees.cache_clear()
    monkeypatch.setattr(recordtext, "_layout_agrees", recordtext._layout_agrees.__wrapped__)
    data = open_record(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml").record_data()
    writer = RecordText()
    assert writer.seed(data) == dump_record(data)
    assert not writer.trusted
    data["log"]["E5"].append("Anna: workers 1")
    assert writer.text(data) == dump_record(data)


def test_a_record_read_as_written_is_its_canonical_text():
    """The text made line by line reads back as the same data (the writer's output is a record)."""
    path = RECORDS / "robber-knights" / "playout-2-players.toml"
    data = open_record(path).record_data()
    writer = RecordText()
    writer.seed(data)
    moves = data["play"]["moves"]
    data["play"]["moves"] = moves[:-3]
    writer.text(data)
    data["play"]["moves"] = moves
    assert read_record(path).text == writer.text(data)
