"""Every line form of a game's notation, read from its command types, for the grammar tests.

One grammar per game (docs/notation.md): the lenient reader defines the notation; the
canonical writer and the fast reader of canonical lines are held to it by property tests
over generated commands (``reader(writer(c)) == c`` for both readers). Those tests are only
as good as the generator, so this module lists the *line forms* the command types allow
-- each command and action class, each optional field absent and present, each member of
a union-typed field, each tuple defaulting to ``()`` empty and not -- and
:func:`assert_generates_every_form` proves the generator produces each one. A new line
form (a new command, a new optional field) fails that test until the generator makes it,
and from then on the round-trip tests check its writer and fast reader.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Union

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import NoSuchExample
from hypothesis import strategies as st
from pydantic import BaseModel

Form = tuple[str, ...]


def _members(hint: Any) -> list[type]:
    """The command models a type hint admits (through ``Annotated``, ``Optional`` and unions)."""
    if typing.get_origin(hint) is typing.Annotated:
        return _members(typing.get_args(hint)[0])
    if typing.get_origin(hint) in (Union, types.UnionType):
        return [member for arg in typing.get_args(hint) for member in _members(arg)]
    return [hint] if _is_model(hint) else []


def _is_model(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, BaseModel)


def line_forms(union: Any) -> set[Form]:
    """Every form the command types of ``union`` allow (see the module docstring)."""
    forms: set[Form] = set()
    pending, seen = _members(union), set()
    while pending:
        cls = pending.pop()
        if cls in seen:
            continue
        seen.add(cls)
        forms.add((cls.__name__,))
        hints = typing.get_type_hints(cls, include_extras=True)
        for name, field in cls.model_fields.items():
            if field.default is None:
                forms |= {(cls.__name__, name, "absent"), (cls.__name__, name, "present")}
            if field.default == ():
                forms |= {(cls.__name__, name, "empty"), (cls.__name__, name, "items")}
            members = _members(hints[name])
            if len(members) > 1:
                forms |= {(cls.__name__, name, member.__name__) for member in members}
            pending.extend(members)
    return forms


def forms_of(value: Any) -> set[Form]:
    """The forms one command shows (itself and the commands and actions inside it)."""
    forms: set[Form] = set()
    if not isinstance(value, BaseModel):
        return forms
    name = type(value).__name__
    forms.add((name,))
    for key, field in type(value).model_fields.items():
        inner = getattr(value, key)
        if field.default is None:
            forms.add((name, key, "absent" if inner is None else "present"))
        if field.default == ():
            forms.add((name, key, "items" if inner else "empty"))
        if isinstance(inner, BaseModel):
            forms.add((name, key, type(inner).__name__))
            forms |= forms_of(inner)
    return forms


def assert_generates_every_form(commands: st.SearchStrategy, union: Any) -> None:
    """The generator ``commands`` produces every line form of ``union`` (in one run of examples)."""
    wanted, seen = line_forms(union), set()

    def all_seen(command: Any) -> bool:
        seen.update(forms_of(command))
        return wanted <= seen

    quick = settings(max_examples=20000, database=None, deadline=None, phases=[Phase.generate], derandomize=True,
                     suppress_health_check=list(HealthCheck))  # found is enough: no shrinking
    try:
        find(commands, all_seen, settings=quick)
    except NoSuchExample:
        raise AssertionError(f"never generated: {sorted(wanted - seen)}") from None


def changed(command: BaseModel, **changes: Any) -> Any:
    """A copy of the command (or action) ``command`` with ``changes`` (field name: new value)."""
    return command.model_copy(update=changes)
