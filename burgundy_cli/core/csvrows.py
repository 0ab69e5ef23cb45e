"""CSV rows that a spreadsheet opens as data, never as formulas: the one CSV writer of
``export csv`` and ``stats --csv``.

A text cell (a player's name, a place, an event, a file name: record text, which anyone
may write) that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a
formula to Excel, LibreOffice and Google Sheets (``=HYPERLINK(...)``, ``=cmd|...``): it gets
the usual neutralising prefix, a leading ``'``. Numbers are written as they are (a negative
score is a number, not a formula), and so is text that is a plain decimal number (``-2.8``, a
rating as ``stats --csv`` writes it: ``'-2.8`` would be text to a spreadsheet). A cell holding a comma, a quote, a line feed or a bare
carriage return is quoted (the ``csv`` module leaves a bare carriage return unquoted when
lines end in ``\\n``, and spreadsheets split the row there).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: What a text cell may not begin with: a spreadsheet reads it as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Text that is a plain decimal number, a number to a spreadsheet and no formula.
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")
#: What makes a cell quoted.
_QUOTED = (",", '"', "\n", "\r")


def cell(value: Any) -> str:
    """One cell's text: ``None`` empty, a number as Python writes it, text neutralised and
    quoted as needed (see the module's docstring)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        return str(value)
    if value.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(value):
        value = "'" + value
    if any(mark in value for mark in _QUOTED):
        return '"' + value.replace('"', '""') + '"'
    return value


def csv_row(values: Iterable[Any]) -> str:
    """One CSV line (ending in ``\\n``) of ``values``."""
    return ",".join(map(cell, values)) + "\n"


def csv_rows(rows: Iterable[Iterable[Any]]) -> str:
    """CSV lines of ``rows``."""
    return "".join(map(csv_row, rows))
