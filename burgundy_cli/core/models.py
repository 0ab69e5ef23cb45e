"""Validation at the edges: the base classes of commands and record tables, and their errors in the table's words.

Commands (each game's ``commands.py``) and record tables (``[game]``, ``[setup]``,
``[position]``, score tables) are pydantic models derived from :class:`TableModel` or
:class:`CommandModel`: immutable (a changed copy is ``model.model_copy(update=...)``), no key
beyond the declared ones, built on first use (``defer_build``). Scalars are strict (a
boolean or a string is never a number, a number never a string): TOML has a type for each,
and a value of the wrong one is a mistake to locate, not to coerce. Where a tuple is
declared a list is taken (:data:`FromList`), as TOML has no tuple.

:func:`error_message` and :func:`data_path` turn pydantic's errors into the located,
table-worded errors the record readers raise.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Strict
from pydantic import ValidationError as ValidationError  # the edges catch it from here

_CONFIG = ConfigDict(frozen=True, extra="forbid", strict=True, defer_build=True,
                     validate_by_name=True, validate_by_alias=True)

#: On a tuple field (``Annotated[tuple[int, ...], FromList]``): a list is taken too (TOML
#: has no tuple), its items still strict.
FromList = Strict(False)

#: pydantic's error type for a key that is no field of a model.
UNKNOWN_FIELD = "extra_forbidden"


class TableModel(BaseModel):
    """A record table (``[game]``, ``[setup]``, ``[position]``...) or a result table."""

    model_config = _CONFIG


class CommandModel(BaseModel):
    """A command: what one notation line means, read but not yet checked against a position."""

    model_config = _CONFIG


def field_names(declared: type[BaseModel]) -> list[str]:
    """The keys a record may use for ``declared``'s fields (aliases where a field has one)."""
    return [found.alias or name for name, found in declared.model_fields.items()]


def data_path(data: Any, error: Any) -> tuple[Any, ...]:
    """The key path into ``data`` that a validation ``error`` of it blames.

    pydantic puts the name of a union member (``int``, ``take``) into ``loc`` between the
    real keys; those parts are skipped. A missing or unknown key keeps its whole ``loc``:
    the key is not (or should not be) in the data.
    """
    loc = tuple(error.get("loc", ()))
    if error.get("type") in ("missing", UNKNOWN_FIELD):
        return loc
    path: tuple[Any, ...] = ()
    for part in loc:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            continue
        path += (part,)
    return path


#: What a length bound's error says, by pydantic's error type (a list's or a text's).
_LENGTHS = {"too_short": "at least", "too_long": "at most", "string_too_short": "at least",
            "string_too_long": "at most"}

#: The errors whose message says the value itself (no ", got ..." after it).
SAYS_THE_VALUE = frozenset({UNKNOWN_FIELD, "missing", *_LENGTHS})


def error_message(error: Any) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) in the table's words,
    without the key path: the readers put the place in front.

    A list or text of the wrong length says how long it must be and how long it is
    (``3 items, not 4``), not pydantic's wording of the bound.
    """
    kind = error.get("type")
    if kind == UNKNOWN_FIELD:
        return "unknown field"
    if kind == "missing":
        return "required field is missing"
    if kind in _LENGTHS:
        context = error.get("ctx") or {}
        given = error.get("input")
        bound = context.get("min_length" if _LENGTHS[kind] == "at least" else "max_length")
        actual = context.get("actual_length", len(given) if hasattr(given, "__len__") else None)
        unit = ("character" if isinstance(given, str) else "item") + ("" if bound == 1 else "s")
        return f"{_LENGTHS[kind]} {bound} {unit}, not {actual}"
    return str(error.get("msg", "invalid value"))
