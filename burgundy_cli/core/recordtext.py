"""The canonical text of a record made again from the text made last time: the table
session's writer.

The table session writes the whole record after every accepted line (docs/errors.md,
"Atomic writes"). Writing all of it again with tomli-w took most of a Castles line's time
on a finished game, yet from one line to the next only the last
round of the ``[log]`` and the ``[result]`` change. :class:`RecordText` keeps the text of
every part it made and makes again only the parts whose data changed; a list of lines that
grew at its end (the ``[log]`` round just played, Robber Knights' ``[play] moves``) gets
the new lines' text appended to the text it had.

The full writer, :func:`~burgundy_cli.core.record.dump_record`, stays the one definition
of the canonical text: every piece here is cut from its output for that piece alone (a
top-level table, one list of lines, one line), and the pieces are put together the way its
output puts them (top-level tables one blank line apart; a table of lists as its ``[name]``
line and then each ``key = [...]``; a list as its items, one a line, before its closing
``]``). Those three facts are checked against the full writer whenever a record is given
whole (:meth:`RecordText.seed`); if the installed tomli-w lays out a record otherwise, the
writer gives the full writer's text every time. Anything else it is not sure of -- a
top-level value that is not a table, a list that shrank or changed (an undo, a record
edited on disk and reloaded) -- is written by the full writer, piece by piece. The parts'
text is looked up by their content, never by who changed them, so no caller has to say
what changed.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from burgundy_cli.core.record import all_strings, dump_record

#: How the full writer opens a list under a one-letter key (what an item's text is cut from).
_ONE_ITEM_HEAD = "x = [\n"
#: How the full writer closes a list (the end of every ``key = [...]`` entry).
_LIST_END = "]\n"


def _lines_table(value: dict[str, Any]) -> bool:
    """Whether a top-level table holds only non-empty lists of strings (``[log]``, ``[play]``):
    the tables written list by list."""
    for items in value.values():
        if type(items) is not list or not items or not all_strings(items):
            return False
    return bool(value)


class RecordText:
    """The canonical text of one record's data, line after line (one per table session)."""

    def __init__(self) -> None:
        #: Whether the pieces put together give the full writer's text (see :meth:`seed`).
        self.trusted = True
        #: Per top-level table written whole: the ``repr`` of its data and its text.
        self._tables: dict[str, tuple[str, str]] = {}
        #: Per table of lists, its ``[name]`` line.
        self._heads: dict[str, str] = {}
        #: Per list of lines (table, key) of the last text: its items and its ``key = [...]`` text.
        self._lists: dict[tuple[str, str], tuple[list[str], str]] = {}

    def seed(self, data: dict[str, Any]) -> str:
        """The full writer's text of ``data``, after checking that this writer gives the same
        text for it, with every list made by appending its last line (:attr:`trusted` says
        whether it did; if not, :meth:`text` is the full writer from then on)."""
        full = dump_record(data)
        if self.trusted and not _layout_agrees():
            self.trusted = False
        if self.trusted and all(type(value) is dict for value in data.values()) and data:
            shorter = {name: {key: items[:-1] for key, items in value.items()} if _lines_table(value) else value
                       for name, value in data.items()}
            self.text(shorter)
            self.trusted = self.text(data) == full
        return full

    def text(self, data: dict[str, Any]) -> str:
        """The canonical text of ``data`` (a record's tables, as ``record_data`` gives them):
        byte for byte :func:`~burgundy_cli.core.record.dump_record`'s."""
        if not self.trusted or not data or not all(type(value) is dict for value in data.values()):
            return dump_record(data)
        lists: dict[tuple[str, str], tuple[list[str], str]] = {}
        parts = [self._table(name, value, lists) for name, value in data.items()]
        self._lists = lists
        return "\n".join(parts)

    def _table(self, name: str, value: dict[str, Any], lists: dict[tuple[str, str], tuple[list[str], str]]) -> str:
        """The text of one top-level table: list by list, or whole (from the last text if its
        data is what it was)."""
        if _lines_table(value):
            head = self._heads.get(name)
            if head is None:
                head = self._heads[name] = dump_record({name: {}})
            return head + "".join([self._list(name, key, items, lists) for key, items in value.items()])
        shape = repr(value)
        kept = self._tables.get(name)
        if kept is not None and kept[0] == shape:
            return kept[1]
        text = dump_record({name: value})
        self._tables[name] = (shape, text)
        return text

    def _list(self, table: str, key: str, items: list[str],
              lists: dict[tuple[str, str], tuple[list[str], str]]) -> str:
        """The ``key = [...]`` text of one list of lines: the last text, that text with the new
        lines appended if the list grew at its end, or the full writer's."""
        kept = self._lists.get((table, key))
        if kept is not None:
            old, text = kept
            if items == old:
                lists[table, key] = kept
                return text
            if len(items) > len(old) and items[:len(old)] == old and text.endswith(_LIST_END):
                new = "".join([_item_text(item) for item in items[len(old):]])
                made = lists[table, key] = (list(items), text[:-len(_LIST_END)] + new + _LIST_END)
                return made[1]
        text = dump_record({key: items})
        lists[table, key] = (list(items), text)
        return text


#: A record growing by a line (one that needs escapes), a new round and a changed table: what
#: every process checks once before it trusts the pieces (:func:`_layout_agrees`).
_PROBE = ({"log": {"A1": ["a"]}, "result": {"n": 1}},
          {"log": {"A1": ["a", 'b "c"\\'], "A2": ["d"]}, "result": {"n": 2}},
          {"log": {"A1": ["a", 'b "c"\\'], "A2": ["d", "e", "\u00e9"]}, "result": {"n": 2}})


@cache
def _layout_agrees() -> bool:
    """Whether the pieces put together give the full writer's text on :data:`_PROBE`, each
    step made from the one before (asked once a process)."""
    probe = RecordText()
    return all(probe.text(step) == dump_record(step) for step in _PROBE)


def _item_text(item: str) -> str:
    """One line of a list as the full writer writes it inside the list (indent, string, comma,
    newline): cut from its text of a list of that one line."""
    return dump_record({"x": [item]})[len(_ONE_ITEM_HEAD):-len(_LIST_END)]
