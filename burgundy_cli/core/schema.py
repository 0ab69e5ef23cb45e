"""Validation at the edges: value-class declarations checked by pydantic-core.

Commands, the ``[game]`` header, setup and position tables and score tables are declared
as slotted value classes (:mod:`burgundy_cli.core.value`) with plain type hints
(:data:`command_class`, :data:`table_class`). Data that comes from outside (a
record's tables, commands given as plain data by tests or tools) is validated against
those declarations by pydantic-core, the validation engine of pydantic v2, through a
schema this module derives from the type hints once per type. The notation readers,
which check every field themselves and give better located errors, construct commands
directly.

Why not pydantic's ``BaseModel``: in a fresh process its Python layer (model metaclass,
schema generation) costs more start-up than the whole import floor the cold-start target
allows (docs/performance.md, "Cold start"); pydantic-core is already loaded by
``import pydantic``. The errors are pydantic's own (:class:`pydantic_core.ValidationError`,
same ``type``/``loc``/``msg``), so :func:`burgundy_cli.core.game.record_error` locates them
the same way.

Scalars are validated strictly (a boolean or a string is never a number, a number never a
string); lists still become tuples where a tuple is declared, as TOML has no tuple.

Constraints ride on ``Annotated``: ``Annotated[int, Range(1, 6)]``,
``Annotated[str, Length(1, 40)]``, ``Annotated[str, Pattern("^[a-g][1-7]$")]``, and a
field read from a TOML key that is no Python name: ``Annotated[str, Alias("to-move")]``.
A union of value classes that all have a one-value ``Literal`` field ``kind`` is validated
as a tagged union on ``kind``. A value class with a ``check(self)`` method has it run after
its fields validate; a ``ValueError`` it raises becomes a validation error. (A
:mod:`dataclasses` class is validated the same way: pydantic-core takes either.)
"""

from __future__ import annotations

import datetime as _dt
import os
import sys
import types
import typing
from functools import cache
from typing import Any, TypeVar

from burgundy_cli.core import value as _value
from burgundy_cli.core._pydantic_core import SchemaValidator
from burgundy_cli.core._pydantic_core import ValidationError as ValidationError  # the edges catch it from here

T = TypeVar("T")

#: How a record table (header, setup, position, score table) is declared: immutable, built
#: from keywords.
table_class = _value.value_class(frozen=True, slots=True, kw_only=True)

#: How a command is declared: built from keywords, and a value that no code changes after
#: reading it (changes make a new one: :func:`burgundy_cli.core.value.replace`) -- but not
#: ``frozen``, like python-chess's ``Move``: a frozen class sets each field through
#: ``object.__setattr__``, which made building commands 2.5x dearer and replaying a
#: Castles record 12 % dearer in instructions (docs/performance.md).
command_class = _value.value_class(slots=True, kw_only=True)


@cache
def builder(command: type[T], last: type | None = None) -> typing.Callable[..., T]:
    """A function building ``command`` from every field but ``kind`` (its one value), given
    positionally in declared order, for the readers that build one command or more a line.

    Calling the class with keywords goes through ``type.__call__``, which packs them into a
    dict and unpacks it again for ``__init__``: about twice the instructions of making the
    instance and setting its slots, which is all this does (no check, no default: the
    reader checked each field and passes every one). Made once per class, on first use.

    With ``last``, the command's last field is a ``last`` made in the same call, from that
    class's fields (but ``kind``) given in its place: a die line's command and its action
    (``builder(DieCommand, TakeAction)``) in one call, not two (a Python call is ≈ 300-500
    instructions, a tenth of reading a usual take line).
    """
    from burgundy_cli.core.startcache import compiled

    names = _built_names(command)
    scope: dict[str, Any] = {"new": object.__new__, "command": command, "kind": _kind_of(command)}
    given, stores, part = names, [f"made.{name} = {name}" for name in names], []
    if last is not None:
        inner = _built_names(last)
        if set(inner) & {*names, "made", "part"}:
            raise TypeError(f"builder: {last.__name__}'s fields clash with {command.__name__}'s")
        scope.update(last_class=last, last_kind=_kind_of(last))
        given, stores[-1] = [*names[:-1], *inner], f"made.{names[-1]} = part"
        part = ["part = new(last_class)", "part.kind = last_kind", *(f"part.{name} = {name}" for name in inner)]
    lines = [*part, "made = new(command)", "made.kind = kind", *stores, "return made"]
    source = f"def build({', '.join(given)}):" + "".join(f"\n    {line}" for line in lines)
    # (its code kept beside the bytecode, as a value class's methods: no compile() a process)
    exec(compiled(("builder", source), lambda: source), scope)  # noqa: S102 -- our own field names
    build = scope["build"]
    build.__qualname__ = f"builder({command.__name__})" if last is None else \
        f"builder({command.__name__}, {last.__name__})"
    return build


def _kind_of(command: type) -> Any:
    """The one value of ``command``'s ``kind`` field."""
    return next(field.default for field in _value.fields(command) if field.name == "kind")


def _built_names(command: type) -> list[str]:
    """The fields a builder of ``command`` is given, in declared order (all but ``kind``)."""
    return [field.name for field in _value.fields(command) if field.name != "kind"]


class Range:
    """``ge <= value <= le`` for an int (either bound may be None)."""

    __slots__ = ("ge", "le")

    def __init__(self, ge: int | None = None, le: int | None = None) -> None:
        self.ge, self.le = ge, le


class Length:
    """Length bounds of a str, list or tuple."""

    __slots__ = ("min", "max")

    def __init__(self, min: int | None = None, max: int | None = None) -> None:  # noqa: A002 (the words of the rule)
        self.min, self.max = min, max


class Pattern:
    """A regular expression a str must match (searched, so anchor it)."""

    __slots__ = ("regex",)

    def __init__(self, regex: str) -> None:
        self.regex = regex


class Alias:
    """The key a field is read from when it is no Python name (``to-move``); the name works too."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key


#: Scalars are strict: a record's ``true`` is no number, ``"1"`` and ``1.0`` are no
#: integer, ``1`` is no string (issue 16): TOML has a type for each, and a value of the
#: wrong one is a mistake to locate, not to coerce. (A strict float still takes an int.)
_SCALARS: dict[Any, Any] = {
    int: lambda: {"type": "int", "strict": True}, str: lambda: {"type": "str", "strict": True},
    bool: lambda: {"type": "bool", "strict": True}, float: lambda: {"type": "float", "strict": True},
    _dt.datetime: lambda: {"type": "datetime"}, _dt.date: lambda: {"type": "date"},
    type(None): lambda: {"type": "none"},
}

#: A pydantic-core schema: plain dicts as ``pydantic_core.core_schema``'s helpers build them
#: (written out here because importing that module costs every command ~15 ms at start-up,
#: docs/performance.md "Cold start"); ``tests/core/test_schema.py`` validates with them.
CoreSchema = dict[str, Any]


@cache
def validator(declared: Any) -> SchemaValidator:
    """The validator of ``declared`` (a value class or a type hint), built on first use; a
    value class's schema is kept beside the bytecode (:func:`_kept_schema`)."""
    if isinstance(declared, type) and _value.is_value(declared):
        return SchemaValidator(_kept_schema(declared))
    return SchemaValidator(_Builder().root(declared))


def _kept_schema(declared: type) -> CoreSchema:
    """The schema of value class ``declared``, derived once and kept by
    :mod:`~burgundy_cli.core.startcache` with the package's modules loaded when it was
    derived (:func:`_sources`), and derived again when one of them changed since: as Python
    keeps a module's bytecode with its source's size and modification time.

    Deriving it evaluates the type hints of every class it reaches (``typing``'s
    ``Annotated``, ``Literal`` and unions made anew) and walks them: ~10 M instructions
    for a Castles ``[position]`` table, a sixth of what ``burgundy moves`` does of its own
    (docs/performance.md, "Round twelve"). The hints, the classes they name and this
    module's code are all in modules loaded then, so a schema kept with them unchanged is
    the one they derive. What is kept is plain data: the classes, their fields' defaults
    and their ``check`` methods are put back in (:func:`_linked`) from the classes
    themselves. A schema reaching a class outside the package is derived every time."""
    from burgundy_cli.core.startcache import kept

    def derived() -> tuple[Any, CoreSchema]:
        """The schema derived now, as plain data, with the modules it was derived from."""
        plain = _plain(_Builder().root(declared))  # (first: it may load modules)
        return _sources(), plain

    try:
        _, plain = kept(("schema", declared.__module__, declared.__qualname__), derived, _unchanged)
    except _NotKept:
        return _Builder().root(declared)
    return _linked(plain)


class _NotKept(Exception):
    """A schema that reaches a class outside the package (see :func:`_kept_schema`)."""


def _sources() -> tuple[tuple[str, int, int], ...]:
    """Each module of the package loaded now, as its file's path, size and modification
    time (what Python checks a module's kept bytecode against, to the nanosecond)."""
    return tuple(_stat(path) for name, module in list(sys.modules.items())
                 if name.startswith("burgundy_cli") and (path := getattr(module, "__file__", None)))


def _unchanged(found: tuple[tuple[tuple[str, int, int], ...], CoreSchema]) -> bool:
    """Whether the modules a kept schema was derived from are as they were then."""
    try:
        return all(_stat(source[0]) == source for source in found[0])
    except OSError:
        return False


def _stat(path: str) -> tuple[str, int, int]:
    """``path`` with its size and modification time, as first found in this process."""
    seen = _SEEN.get(path)
    if seen is None:
        stat = os.stat(path)
        seen = _SEEN[path] = (path, stat.st_size, stat.st_mtime_ns)
    return seen


#: Each module file's :func:`_stat`, as first found (when its module was loaded, or soon after).
_SEEN: dict[str, tuple[str, int, int]] = {}


def validate(declared: type[T] | Any, data: Any) -> T:
    """``data`` (plain dicts, lists, scalars) validated into an instance of ``declared``.

    :raises ValidationError: pydantic's errors, with ``loc`` paths into ``data``.
    """
    return validator(declared).validate_python(data)


def field_names(declared: type) -> list[str]:
    """The keys a record may use for ``declared``'s fields (aliases where a field has one)."""
    hints = _hints(declared)
    return [_alias(hints[f.name]) or f.name for f in _value.fields(declared)]


def to_data(value: Any, *, drop_none: bool = True) -> Any:
    """``value`` as plain data (dicts, lists, scalars): what a record or ``--json`` stores.

    Value classes become dicts keyed by their fields' record keys (aliases included); fields
    that are None are left out when ``drop_none`` (a record has no null); tuples become lists.
    """
    if _value.is_value(value) and not isinstance(value, type):
        hints = _hints(type(value))
        data = {}
        for field in _value.fields(value):
            item = getattr(value, field.name)
            if item is not None or not drop_none:
                data[_alias(hints[field.name]) or field.name] = to_data(item, drop_none=drop_none)
        return data
    if isinstance(value, dict):
        return {key: to_data(item, drop_none=drop_none) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [to_data(item, drop_none=drop_none) for item in value]
    return value


def data_path(data: Any, error: Any) -> tuple[Any, ...]:
    """The key path into ``data`` that a validation ``error`` of it blames.

    pydantic puts the name of a union member (``int``, ``dict[str,int]``) into ``loc``
    between the real keys; those parts are skipped. A missing or unknown key keeps its
    whole ``loc``: the key is not (or should not be) in the data.
    """
    loc = tuple(error.get("loc", ()))
    if error.get("type") in ("missing", "unexpected_keyword_argument"):
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


@cache
def _hints(declared: type) -> dict[str, Any]:
    """``typing.get_type_hints(declared, include_extras=True)``, each class's annotation texts
    evaluated as one expression whose code :mod:`~burgundy_cli.core.startcache` keeps.

    ``typing`` compiles every annotation text on its own, each time a process asks: 78
    compilations when ``burgundy moves`` opened a position record, 9 M instructions (and the
    first ``compile()`` of a process costs ~10 M more: docs/performance.md, "Round eight").
    The texts are evaluated as ``typing`` evaluates them (a name looked up in the module
    first, then in the class's namespace); a hint holding a text still (a quoted name inside
    a hint) is left to ``typing``, which resolves it.
    """
    hints: dict[str, Any] = {}
    for base in reversed(declared.__mro__):
        annotations = base.__dict__.get("__annotations__")
        if not annotations:
            continue
        texts = tuple(text for text in annotations.values() if isinstance(text, str))
        values = iter(_evaluated(base, texts) if texts else ())
        for name, text in annotations.items():
            hint = next(values) if isinstance(text, str) else text
            if _holds_text(hint):
                return typing.get_type_hints(declared, include_extras=True)
            hints[name] = type(None) if hint is None else hint
    return hints


def _evaluated(base: type, texts: tuple[str, ...]) -> tuple[Any, ...]:
    """The annotation ``texts`` of class ``base``, evaluated in its module's names, then its
    own (``typing.get_type_hints`` swaps the two namespaces so for a class)."""
    from burgundy_cli.core.startcache import compiled

    def source() -> str:
        return "__hints__ = (\n" + "".join(f"({text}),\n" for text in texts) + ")"

    module = sys.modules.get(base.__module__)
    names = dict(module.__dict__) if module is not None else {}  # (a copy: __hints__ is set in it)
    exec(compiled(("type hints", texts), source), dict(vars(base)), names)  # noqa: S102 (the class's own texts)
    return names["__hints__"]  # type: ignore[no-any-return]


def _holds_text(hint: Any) -> bool:
    """Whether ``hint`` is a text (or ``typing``'s reference to one) or holds one outside a
    ``Literal``: a name ``typing`` would resolve."""
    if isinstance(hint, str) or type(hint).__name__ == "ForwardRef":
        return True
    if type(hint).__name__ == "_LiteralGenericAlias":
        return False
    return any(_holds_text(arg) for arg in getattr(hint, "__args__", ()) or ())


def _alias(hint: Any) -> str | None:
    if typing.get_origin(hint) is typing.Annotated:
        return next((m.key for m in hint.__metadata__ if isinstance(m, Alias)), None)
    return None


def _plain(schema: CoreSchema) -> CoreSchema:
    """``schema`` (of a value class: its definitions) as plain data: each class as its
    module and name, each field's default and each ``check`` left out (:func:`_linked`
    puts them back)."""
    for definition in schema["definitions"]:
        node = definition
        if node["type"] == "function-after":
            node["function"]["function"] = None
            node = node["schema"]
        declared = node["cls"]
        if declared.__module__.partition(".")[0] != "burgundy_cli":
            raise _NotKept(declared.__module__)
        node["cls"] = (declared.__module__, declared.__qualname__)
        for argument in node["schema"]["fields"]:
            inner = argument["schema"]
            if inner["type"] == "default":
                inner["default" if "default" in inner else "default_factory"] = None
    return schema


def _linked(schema: CoreSchema) -> CoreSchema:
    """A kept plain ``schema`` (:func:`_plain`) with its classes, defaults and checks back in."""
    for definition in schema["definitions"]:
        node = definition["schema"] if definition["type"] == "function-after" else definition
        module, qualname = node["cls"]
        declared: Any = sys.modules[module]
        for name in qualname.split("."):
            declared = getattr(declared, name)
        node["cls"] = declared
        if node is not definition:
            definition["function"]["function"] = _checked(declared.check)
        by_name = {f.name: f for f in _value.fields(declared)}
        for argument in node["schema"]["fields"]:
            inner = argument["schema"]
            if inner["type"] == "default":
                found = by_name[argument["name"]]
                if "default" in inner:
                    inner["default"] = found.default
                else:
                    inner["default_factory"] = found.default_factory
    return schema


class _Builder:
    """Turns type hints into one pydantic-core schema; each value class becomes a definition."""

    def __init__(self) -> None:
        self.definitions: dict[str, CoreSchema] = {}

    def root(self, declared: Any) -> CoreSchema:
        schema = self.schema(declared)
        if not self.definitions:
            return schema
        return {"type": "definitions", "schema": schema, "definitions": list(self.definitions.values())}

    def schema(self, hint: Any) -> CoreSchema:
        if typing.get_origin(hint) is typing.Annotated:
            return self.constrained(self.schema(hint.__origin__), hint.__metadata__)
        if isinstance(hint, type) and _value.is_value(hint):
            return self.dataclass(hint)
        if hint in _SCALARS:
            return _SCALARS[hint]()
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is typing.Literal:
            return {"type": "literal", "expected": list(args)}
        if origin in (typing.Union, types.UnionType):
            return self.union(args)
        if origin is list:
            return {"type": "list", "items_schema": self.schema(args[0])}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "tuple", "items_schema": [self.schema(args[0])], "variadic_item_index": 0}
            return {"type": "tuple", "items_schema": [self.schema(arg) for arg in args]}
        if origin is dict:
            return {"type": "dict", "keys_schema": self.schema(args[0]), "values_schema": self.schema(args[1])}
        raise TypeError(f"no schema for {hint!r}")

    @staticmethod
    def constrained(schema: CoreSchema, markers: tuple[Any, ...]) -> CoreSchema:
        target: dict[str, Any] = schema  # type: ignore[assignment]
        if target["type"] == "nullable":
            target = target["schema"]
        for marker in markers:
            if isinstance(marker, Range):
                target.update({k: v for k, v in (("ge", marker.ge), ("le", marker.le)) if v is not None})
            elif isinstance(marker, Length):
                target.update({k: v for k, v in (("min_length", marker.min), ("max_length", marker.max))
                               if v is not None})
            elif isinstance(marker, Pattern):
                target["pattern"] = marker.regex
        return schema

    def union(self, args: tuple[Any, ...]) -> CoreSchema:
        members = [arg for arg in args if arg is not type(None)]
        tags = [_tag(member) for member in members]
        if len(members) > 1 and all(tags):
            inner: CoreSchema = {"type": "tagged-union", "discriminator": "kind",
                                 "choices": {tag: self.schema(member) for tag, member in zip(tags, members)}}
        elif len(members) == 1:
            inner = self.schema(members[0])
        else:
            inner = {"type": "union", "choices": [self.schema(member) for member in members]}
        return {"type": "nullable", "schema": inner} if len(members) < len(args) else inner

    def dataclass(self, declared: type) -> CoreSchema:
        ref = f"{declared.__module__}.{declared.__qualname__}"
        if ref not in self.definitions:
            self.definitions[ref] = {"type": "none"}  # placeholder: a field may refer back to it
            hints = _hints(declared)
            arguments = [self.field(f, hints[f.name]) for f in _value.fields(declared)]
            schema: CoreSchema = {
                "type": "dataclass", "cls": declared, "fields": [f.name for f in _value.fields(declared)],
                "schema": {"type": "dataclass-args", "dataclass_name": declared.__name__, "fields": arguments,
                           "collect_init_only": False},
                "frozen": _value.is_frozen(declared), "slots": True,
                "config": {"extra_fields_behavior": "forbid", "validate_by_name": True, "validate_by_alias": True}}
            check = getattr(declared, "check", None)
            if check is not None:
                schema = {"type": "function-after", "function": {"type": "no-info", "function": _checked(check)},
                          "schema": schema}
            self.definitions[ref] = {**schema, "ref": ref}  # type: ignore[typeddict-item]
        return {"type": "definition-ref", "schema_ref": ref}

    def field(self, field: _value.Field, hint: Any) -> CoreSchema:
        schema = self.schema(hint)
        if field.default is not _value.MISSING:
            schema = {"type": "default", "schema": schema, "default": field.default}
        elif field.default_factory is not _value.MISSING:
            schema = {"type": "default", "schema": schema, "default_factory": field.default_factory}
        argument = {"type": "dataclass-field", "name": field.name, "schema": schema}
        alias = _alias(hint)
        return argument if alias is None else {**argument, "validation_alias": alias}


def _tag(member: Any) -> str | None:
    """The one ``kind`` value of a value-class union member, or None when it has none."""
    if not (isinstance(member, type) and _value.is_value(member)):
        return None
    kind = _hints(member).get("kind")
    values = typing.get_args(kind) if typing.get_origin(kind) is typing.Literal else ()
    return values[0] if len(values) == 1 else None


def _checked(check: Any) -> Any:
    def after(value: Any) -> Any:
        check(value)
        return value
    return after
