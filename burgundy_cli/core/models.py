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

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict

from burgundy_cli.core.errors import toml_repr

_CONFIG = ConfigDict(frozen=True, extra="forbid", strict=True, defer_build=True,
                     validate_by_name=True, validate_by_alias=True)

#: On a tuple field (``Annotated[tuple[int, ...], FromList]``): a list is taken too (TOML
#: has no tuple), its items still strict.
FromList = Strict(False)

#: The longest player name a record may hold (the notation's ``PlayerName`` bound too).
MAX_NAME = 40
#: The longest place or event a record may hold: a line of text, not a report.
MAX_LABEL = 200

#: The most a count a record states may be (silverlings, workers, VP, a final score, the solo
#: game's resets): far beyond what any game of either box reaches (a Castles score is a few
#: hundred), so a larger one is a typo; and the archive's 64-bit integers hold every sum of them.
MAX_COUNT = 1_000_000
#: A count a record states: a whole number from 0 to :data:`MAX_COUNT`.
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]

#: Characters that are not text, beyond what ``str.isprintable`` already passes: the
#: bidirectional embeddings, overrides, isolates and marks, which reorder what a terminal
#: or a picture shows after them.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Unicode categories that are not text: controls (NUL, ESC, BEL, CR, LF, DEL, C1), line
#: and paragraph separators, surrogates, and unassigned code points (U+FFFE, U+FFFF).
_NOT_TEXT = frozenset({"Cc", "Cs", "Cn", "Zl", "Zp"})


def printable_text(text: str) -> str:
    """``text`` if it is printable text, the rule for every name, place and event a record
    holds (issue 33 item 19): what it holds reaches terminals, pictures, spreadsheets and
    databases, where a control character retitles a terminal (ESC), ends a string (NUL),
    splits a row (CR) or makes XML ill-formed (U+FFFF). Letters of any script, spaces
    (a no-break space too), punctuation and emoji (their joiners too) are text.

    :raises ValueError: the first character that is not, said by its code point and place.
    """
    if text.isprintable():  # (the usual case, at C speed: str.isprintable refuses all of the above)
        return text
    import unicodedata

    for index, char in enumerate(text, start=1):
        if char in _BIDI or unicodedata.category(char) in _NOT_TEXT:
            raise ValueError(f"character {index} is U+{ord(char):04X}, which is not printable text"
                             " (names, places and events hold printable text only)")
    return text


#: A player's name in a record: 1 to :data:`MAX_NAME` characters of printable text.
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(printable_text)]
#: A place or an event: up to :data:`MAX_LABEL` characters of printable text.
Label = Annotated[str, Field(max_length=MAX_LABEL), AfterValidator(printable_text)]

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

#: What a number bound's error says, by pydantic's error type: the bound's key in the
#: error's context, and its words.
_BOUNDS = {"greater_than_equal": ("ge", "at least"), "less_than_equal": ("le", "at most"),
           "greater_than": ("gt", "more than"), "less_than": ("lt", "less than")}

#: What a value of the wrong type should have been, by pydantic's error type, as a record
#: holds it (TOML's types: a number, true or false, text in quotes, a list, a table).
_WANTED = {**dict.fromkeys(("int_type", "int_parsing", "int_from_float"), "a whole number"),
           **dict.fromkeys(("float_type", "float_parsing"), "a number"),
           **dict.fromkeys(("bool_type", "bool_parsing"), "true or false"),
           "string_type": "text in quotes",
           **dict.fromkeys(("list_type", "tuple_type", "set_type", "frozen_set_type"), "a list [...]"),
           **dict.fromkeys(("dict_type", "model_type", "model_attributes_type"), "a table"),
           **dict.fromkeys(("date_type", "date_parsing", "date_from_datetime_parsing",
                            "date_from_datetime_inexact"), "a date (2026-11-06)"),
           **dict.fromkeys(("datetime_type", "datetime_parsing", "datetime_from_date_parsing"),
                           "a date and time (2026-11-06T19:30:00)"),
           **dict.fromkeys(("time_type", "time_parsing"), "a time (19:30:00)"),
           "none_required": "nothing"}

#: The table's words for a text pattern (``Field(pattern=...)``), by the pattern: said
#: instead of the pattern itself (:func:`patterned`).
_PATTERN_WORDS: dict[str, str] = {}


def patterned(pattern: str, words: str) -> Any:
    """A text field that must match ``pattern``, whose refusal says ``words`` ("a duchy
    space, like c2") where pydantic would quote the regular expression."""
    _PATTERN_WORDS[pattern] = words
    return Annotated[str, Field(pattern=pattern)]


def wanted(error: Any) -> str | None:
    """What the value a pydantic ``error`` refuses should have been, in the table's words ("a
    whole number", "one of 1, 2 or 3", "a number at most 6"); None for an error worded
    otherwise."""
    kind, context = error.get("type"), error.get("ctx") or {}
    if kind in ("literal_error", "enum"):
        return f"one of {context.get('expected')}"
    if kind == "union_tag_invalid":
        return f"a {context.get('discriminator', 'kind')} that is one of {context.get('expected_tags')}"
    if kind == "string_pattern_mismatch":
        return _PATTERN_WORDS.get(str(context.get("pattern")), "text of another form")
    if kind in _BOUNDS:
        key, words = _BOUNDS[kind]
        return f"a number {words} {context.get(key)}"
    return _WANTED.get(kind)


def given(value: Any) -> str:
    """The refused value as a record shows it; a table or list by its kind (it may be long)."""
    return "a table" if isinstance(value, dict) else "a list" if isinstance(value, list | tuple) else toml_repr(value)


def error_message(error: Any) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) in the table's words,
    without the key path: the readers put the place in front. The value given is said where
    it is a value (``a whole number is wanted, not "three"``), not a table or a list.

    A list or text of the wrong length says how long it must be and how long it is
    (``3 items, not 4``), a number out of bounds the bound (``at most 6, not 7``), a
    value of the wrong type what was wanted (:func:`wanted`); pydantic's own wording is
    kept only for an error none of these words.
    """
    kind = error.get("type")
    if kind == UNKNOWN_FIELD:
        return "unknown field"
    if kind == "missing":
        return "required field is missing"
    if kind == "value_error":  # a validator's own words (:func:`printable_text`), not pydantic's prefix
        return str((error.get("ctx") or {}).get("error", error.get("msg", "invalid value")))
    if kind in _LENGTHS:
        context = error.get("ctx") or {}
        value = error.get("input")
        bound = context.get("min_length" if _LENGTHS[kind] == "at least" else "max_length")
        actual = context.get("actual_length", len(value) if hasattr(value, "__len__") else None)
        unit = ("character" if isinstance(value, str) else "item") + ("" if bound == 1 else "s")
        return f"{_LENGTHS[kind]} {bound} {unit}, not {actual}"
    if kind in _BOUNDS:
        key, words = _BOUNDS[kind]
        return f"{words} {(error.get('ctx') or {}).get(key)}, not {given(error.get('input'))}"
    said = wanted(error)
    if said is not None:
        value = (error.get("ctx") or {}).get("tag") if kind == "union_tag_invalid" else error.get("input")
        return f"{said} is wanted, not {given(value)}"
    value = error.get("input")
    return str(error.get("msg", "invalid value")) + ("" if isinstance(value, dict | list) else f", got {given(value)}")


def union_message(errors: list[Any]) -> str:
    """The errors a union's members raised at one place (``boards = true``: neither a number
    nor a table), said as one: what each member wanted, and the value given (``a whole
    number or a table is wanted, not true``); a single error as :func:`error_message` says it."""
    alternatives = list(dict.fromkeys(wanted(error) or error.get("msg", "") for error in errors))
    if len(alternatives) < 2:
        return error_message(errors[0])
    return f"{', '.join(alternatives[:-1])} or {alternatives[-1]} is wanted, not {given(errors[0].get('input'))}"
