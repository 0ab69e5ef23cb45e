"""The table session writes, after every step, exactly the full writer's text of its game.

The session makes the record's text from the text it wrote before (core/recordtext.py);
``dump_record(session.record_data())`` is the one definition of that text. Property: for
random sequences of lines played (new rounds included, and from a record with no line yet),
comments, undos and edits saved on disk (reloaded), on records of both games, the file after each step is that text (with the
``#:schema`` line kept where the record had one), and reads back as the session's game.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.core.directive import DIRECTIVE
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.registry import table_helpers
from burgundy_cli.core.session import open_record
from burgundy_cli.core.table import TableSession, rewritten_without_last
from tests.conftest import RECORDS

SOURCES = [RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml",
           RECORDS / "castles-of-burgundy" / "complete-2p-2019-inns-trade-routes.toml",
           RECORDS / "castles-of-burgundy" / "complete-1p-2019-solo.toml",
           RECORDS / "robber-knights" / "playout-2-players.toml"]
STEPS = st.sampled_from(["play", "play", "play", "play", "commented", "comment", "undo", "edit"])


def _written(path: Path, table: TableSession, directive: str) -> str:
    return directive + dump_record(table.session.record_data())


@settings(max_examples=16, deadline=None)
@given(source=st.sampled_from(SOURCES), cut=st.one_of(st.integers(3, 30), st.just(1000)), schema=st.booleans(),
       data=st.data())
def test_after_every_step_the_record_is_the_full_writers_text(source, cut, schema, data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.toml"
        full = open_record(source)
        cut = min(cut, len(table_helpers(full).lines(full)))  # (1000: every line, a record with none left)
        _, removed, text = rewritten_without_last(full, cut, str(path))
        directive = f"{DIRECTIVE}../schemas/record.json\n" if schema else ""
        path.write_text(directive + text, encoding="utf-8")
        pending = list(reversed(removed))
        table = TableSession(path)
        edits = 0
        for step in data.draw(st.lists(STEPS, min_size=1, max_size=10)):
            if step in ("play", "commented") and pending:
                line = pending.pop(0)
                reply = table.handle(line + ("  # at the table" if step == "commented" else ""))
                assert reply.accepted, reply.text
            elif step == "comment":
                assert table.handle("# a note").accepted
            elif step == "undo":
                reply = table.handle(f"undo {data.draw(st.integers(1, 3))}")
                pending[:0] = reversed([said.removeprefix("undone: ").split("  # ")[0]
                                        for said in reply.text.splitlines()
                                        if said.startswith("undone: ") and not said.startswith("undone: # ")])
            elif step == "edit":        # saved by an editor: the next step reloads it
                edits += 1
                record = open_record(path).record_data()
                record["game"]["notes"] = f"edited {edits}"
                path.write_text(directive + dump_record(record), encoding="utf-8")
                table.reload_if_changed()
            assert path.read_text(encoding="utf-8") == _written(path, table, directive), step
        assert dump_record(open_record(path).record_data()) == dump_record(table.session.record_data())
        assert table.writer.trusted
