"""``schema._hints``: the type hints the validators are derived from, evaluated from each
class's annotation texts in one kept expression, are those ``typing.get_type_hints`` gives
(docs/performance.md, "Round eight") -- for every value class of the package."""

from __future__ import annotations

import collections.abc
import importlib
import pkgutil
import typing

import burgundy_cli
from burgundy_cli.core import schema, value


def _value_classes() -> list[type]:
    found = []
    for info in pkgutil.walk_packages(burgundy_cli.__path__, "burgundy_cli."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        found += [obj for obj in vars(module).values()
                  if isinstance(obj, type) and value.is_value(obj) and obj.__module__ == module.__name__]
    return found


def _same(ours: object, theirs: object) -> bool:
    """Equal hints; the markers of ``Annotated`` (our own classes, compared by identity) by
    their type and fields."""
    if typing.get_origin(theirs) is typing.Annotated:
        return (typing.get_origin(ours) is typing.Annotated and _same(ours.__origin__, theirs.__origin__)
                and len(ours.__metadata__) == len(theirs.__metadata__)
                and all(type(a) is type(b) and [getattr(a, s) for s in a.__slots__] == [getattr(b, s) for s in b.__slots__]
                        for a, b in zip(ours.__metadata__, theirs.__metadata__)))
    if typing.get_args(theirs) and typing.get_origin(theirs) is not typing.Literal:
        return (typing.get_origin(ours) == typing.get_origin(theirs)
                and len(typing.get_args(ours)) == len(typing.get_args(theirs))
                and all(_same(a, b) for a, b in zip(typing.get_args(ours), typing.get_args(theirs))))
    return ours == theirs


def test_hints_are_typings_for_every_value_class() -> None:
    classes = _value_classes()
    assert len(classes) > 60
    for cls in classes:
        ours, theirs = schema._hints(cls), typing.get_type_hints(cls, include_extras=True)
        assert list(ours) == list(theirs), cls
        for name in theirs:
            assert _same(ours[name], theirs[name]), (cls, name, ours[name], theirs[name])


def test_a_quoted_name_inside_a_hint_is_left_to_typing() -> None:
    assert schema._holds_text(typing.Callable[[int, "int | None"], bool])
    assert schema._holds_text(collections.abc.Callable[[int, "int | None"], bool])
    assert not schema._holds_text(typing.Literal["take"])
    assert not schema._holds_text(typing.Annotated[str, schema.Alias("to-move")])


class _Shadowing:
    """A class attribute named as a module name the annotations use: typing looks in the module first."""

    Alias = "a class attribute, not the schema's Alias"
    to_move: typing.Annotated[str, Alias("to-move")]  # noqa: F821 (the module's Alias, as typing reads it)


Alias = schema.Alias


def test_a_name_is_looked_up_in_the_module_before_the_class() -> None:
    ours, theirs = schema._hints(_Shadowing), typing.get_type_hints(_Shadowing, include_extras=True)
    assert _same(ours["to_move"], theirs["to_move"])
    assert isinstance(ours["to_move"].__metadata__[0], schema.Alias)
