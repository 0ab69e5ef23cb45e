"""How the project declares a value class: :func:`value_class`, the one class maker of the package.

Every class that is mostly its fields -- commands, record tables, game states, rules as
data, results -- is declared with type hints and a docstring and made by :func:`value_class`,
which gives it what :func:`dataclasses.dataclass` gives (``__init__`` with defaults and
default factories, keyword-only if asked, ``__repr__``, ``__eq__``, ``__hash__`` when frozen,
a frozen class's ``__setattr__``/``__delattr__``, ``__match_args__``, ``__slots__``) and a
generated ``__replace__`` behind :func:`replace`. :func:`fields` lists the fields.

Why not ``dataclasses`` (issue 17, docs/performance.md "Round six"): importing it imports
``inspect`` (and with it ``ast``, ``dis``, ``tokenize``, ``linecache``): about 42 M
instructions, a sixth of ``burgundy score``; and its per-class work (a ``Field`` per
annotation checked against ``typing.ClassVar`` by pattern, each method compiled from its
own text and set on the class, then the class made again for ``__slots__``) cost 19 ms of
the 69 ms of a ``score``. Here a class's ``__init__`` is a text compiled once and kept
beside the bytecode by :mod:`burgundy_cli.core.startcache` under what the text is made
from, and the class is made from the class statement's namespace with it already in it.
Its ``__eq__``, ``__hash__`` and ``__replace__`` are a second text, read back (or compiled)
and put in the class on the first call of one of them: most classes never call them in a
command, and reading code back is most of a class's cost (docs/performance.md, "Round
thirteen"). ``__repr__`` and a frozen class's ``__setattr__``/``__delattr__`` are
functions every class shares (:data:`_SHARED`). The methods do what dataclasses' do,
written the same way (``tests/core/test_value.py`` makes each kind of class both ways and
compares them), with these differences:

* a class without a docstring keeps ``__doc__`` None (dataclasses writes its signature
  there); a frozen instance raises this module's :class:`FrozenInstanceError` (an
  ``AttributeError``, as dataclasses' is);
* :func:`replace` builds the copy without calling ``__init__`` again (the same fields set,
  ``__post_init__`` run), in about 60 % of :func:`dataclasses.replace`'s time; a field
  that is not ``init`` cannot be given to it (``TypeError``);
* only what the package uses is offered: no ``order``, ``unsafe_hash``, ``InitVar`` or
  inheritance between value classes.

Tools that know dataclasses still work: ``dataclasses.fields``, ``replace``, ``asdict`` and
``is_dataclass`` read ``__dataclass_fields__``, which each class makes on first use (and
only then imports :mod:`dataclasses`).
"""

from __future__ import annotations

import sys
from _thread import get_ident

from burgundy_cli.core.startcache import compiled

TYPE_CHECKING = False  # (not typing's: the start of every command imports this module)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    T = TypeVar("T")


class _Missing:
    """The type of :data:`MISSING`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


#: A field without a default (or default factory).
MISSING: Any = _Missing()


class _Factory:
    """The type of the default an ``__init__`` parameter with a default factory shows."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


class FrozenInstanceError(AttributeError):
    """A field of a frozen value was assigned or deleted."""


class Field:
    """One field of a value class: ``name``, ``type`` (the annotation as written), ``default``
    and ``default_factory`` (:data:`MISSING` when none), whether ``__init__`` takes it
    (``init``), ``__repr__`` shows it (``repr``), ``__eq__`` and ``__hash__`` compare it
    (``compare``), and whether it is keyword-only (``kw_only``)."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "compare", "kw_only")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING, init: bool = True,
                 repr: bool = True, compare: bool = True) -> None:  # noqa: A002 (dataclasses' words)
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = self.type = None
        self.default, self.default_factory = default, default_factory
        self.init, self.repr, self.compare = init, repr, compare
        self.kw_only = False


def field(*, default: Any = MISSING, default_factory: Callable[[], Any] | Any = MISSING, init: bool = True,
          repr: bool = True, compare: bool = True) -> Any:  # noqa: A002 (dataclasses' words)
    """A field with a default factory, or left out of ``__init__``, ``__repr__`` or comparing
    (as :func:`dataclasses.field`); assign it in the class body: ``xs: list[int] = field(default_factory=list)``."""
    return Field(default, default_factory, init, repr, compare)


class _Spec:
    """What :func:`value_class` made a class with: its fields, whether it is frozen, and
    ``rest``: what makes its ``__eq__``, ``__hash__`` and ``__replace__`` (by name) on first
    use (:func:`_completed`), None once made."""

    __slots__ = ("fields", "frozen", "rest")

    def __init__(self, fields: tuple[Field, ...], frozen: bool,
                 rest: Callable[[type], dict[str, Callable[..., Any]]] | None) -> None:
        self.fields, self.frozen, self.rest = fields, frozen, rest


def value_class(cls: type | None = None, /, *, eq: bool = True, frozen: bool = False, slots: bool = False,
                kw_only: bool = False) -> Any:
    """Make the annotated class ``cls`` a value class (``@value_class`` or ``@value_class(frozen=True, ...)``),
    as ``dataclasses.dataclass`` with the same arguments would."""
    def make(cls: type) -> type:
        return _make(cls, eq, frozen, slots, kw_only)

    return make if cls is None else make(cls)


def fields(class_or_instance: Any) -> tuple[Field, ...]:
    """The fields of a value class (or of one of its instances) in declared order; a
    dataclass's too, as :class:`Field`s (``tests`` declare some)."""
    cls = class_or_instance if isinstance(class_or_instance, type) else type(class_or_instance)
    spec = getattr(cls, "__value__", None)
    if spec is not None:
        return spec.fields
    if not hasattr(cls, "__dataclass_fields__"):
        raise TypeError(f"{cls.__name__} is no value class")
    import dataclasses

    return tuple(_from_dataclass(found, dataclasses.MISSING) for found in dataclasses.fields(cls))


def is_value(candidate: Any) -> bool:
    """Whether ``candidate`` is a value class or an instance of one (or a dataclass, or one's instance)."""
    cls = candidate if isinstance(candidate, type) else type(candidate)
    return hasattr(cls, "__value__") or hasattr(cls, "__dataclass_fields__")


def is_frozen(cls: type) -> bool:
    """Whether the instances of value class (or dataclass) ``cls`` refuse changes."""
    spec = getattr(cls, "__value__", None)
    return spec.frozen if spec is not None else cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def replace(instance: T, /, **changes: Any) -> T:
    """A copy of ``instance`` with ``changes`` (field name: new value), as
    :func:`dataclasses.replace` makes it; each class has its own generated ``__replace__``."""
    return instance.__replace__(**changes)  # type: ignore[attr-defined, no-any-return]


def _from_dataclass(found: Any, missing: Any) -> Field:
    made = Field(MISSING if found.default is missing else found.default,
                 MISSING if found.default_factory is missing else found.default_factory,
                 found.init, found.repr, found.compare)
    made.name, made.type, made.kw_only = found.name, found.type, found.kw_only is True
    return made


class _DataclassFields:
    """``__dataclass_fields__`` of a value class, made on first use: :mod:`dataclasses`'
    ``Field`` objects for tools that know dataclasses (hypothesis, tests)."""

    __slots__ = ()

    def __get__(self, instance: Any, owner: type) -> dict[str, Any]:
        import dataclasses

        made = {}
        for own in owner.__value__.fields:  # type: ignore[attr-defined]
            found = dataclasses.field(default=dataclasses.MISSING if own.default is MISSING else own.default,
                                      default_factory=dataclasses.MISSING if own.default_factory is MISSING
                                      else own.default_factory,
                                      init=own.init, repr=own.repr, compare=own.compare, kw_only=own.kw_only)
            found.name, found.type = own.name, own.type
            found._field_type = dataclasses._FIELD  # type: ignore[attr-defined]
            made[own.name] = found
        type.__setattr__(owner, "__dataclass_fields__", made)
        return made


_DATACLASS_FIELDS = _DataclassFields()
_new_field = object.__new__


def _make(cls: type, eq: bool, frozen: bool, slots: bool, kw_only: bool) -> type:
    """The value class declared by ``cls``'s body, made from its namespace with the methods in it."""
    for base in cls.__mro__[1:]:
        if hasattr(base, "__value__"):
            raise TypeError(f"{cls.__name__}: a value class cannot derive from another (not supported)")
    body = dict(cls.__dict__)
    # Each field once: its Field, what the methods' text is made from (shape) and what
    # __create_fn__ is given (values: see _local_names), in one pass (~365 fields a start).
    made_fields, shape, values, names, positional = [], [], [*_SCOPE.values()], [], []
    seen_default = None
    for name, hint in body.get("__annotations__", {}).items():
        if hint.startswith(("ClassVar", "typing.ClassVar")) if isinstance(hint, str) else \
                getattr(hint, "__origin__", None) is _class_var():
            continue  # (not a field, as for dataclasses)
        default = body.get(name, MISSING)
        if isinstance(default, Field):
            made = default
            default, factory, init, compare = made.default, made.default_factory, bool(made.init), bool(made.compare)
        else:  # (Field(default), without the call: ~60 a start)
            made = _new_field(Field)
            made.default, made.default_factory, made.init, made.repr, made.compare = default, MISSING, True, True, True
            factory, init, compare = MISSING, True, True
        has_default, has_factory = default is not MISSING, factory is not MISSING
        if has_default and type(default).__hash__ is None:
            raise ValueError(f"mutable default {type(default)} for field {name} is not allowed: "
                             "use default_factory")
        if name in _TAKEN or name.startswith(("_dflt_", "_type_")):
            raise TypeError(f"{cls.__name__}: a field may not be called {name!r} (a name the generated methods use)")
        made.name, made.type, made.kw_only = name, hint, kw_only
        made_fields.append(made)
        names.append(name)
        if init and not kw_only:
            positional.append(name)
        values.append(hint)
        if has_default or has_factory:
            values.append(factory if has_factory else default)
            if init and not kw_only:
                seen_default = name
        elif init and not kw_only and seen_default is not None:
            raise TypeError(f"non-default argument {name!r} follows default argument")
        shape.append(f"{name}:{_FLAGS[init + 2 * compare + 4 * has_default + 8 * has_factory]}")
        if slots or not has_default:
            body.pop(name, None)
        else:
            body[name] = default
    all_fields = tuple(made_fields)
    init, rest, later = _methods(cls, body, all_fields, eq, frozen, f"{kw_only:d} {' '.join(shape)}", values)
    if "__init__" not in body:
        init.__qualname__ = f"{cls.__qualname__}.__init__"
        body["__init__"] = init
    for name in later:
        if name not in body or name == "__hash__":
            body[name] = _LATER[name]
    for name, method in _SHARED[frozen]:
        body.setdefault(name, method)
    if frozen and ("__setattr__" in cls.__dict__ or "__delattr__" in cls.__dict__):
        raise TypeError(f"cannot overwrite attribute __setattr__ or __delattr__ in class {cls.__name__}")
    body.setdefault("__match_args__", tuple(positional))
    body["__value__"] = _Spec(all_fields, frozen, rest)
    body["__dataclass_fields__"] = _DATACLASS_FIELDS
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    if slots:
        if "__slots__" in cls.__dict__:
            raise TypeError(f"{cls.__name__} already specifies __slots__")
        body["__slots__"] = tuple(names)
        if frozen:
            body.setdefault("__getstate__", _getstate)
            body.setdefault("__setstate__", _setstate)
    made_class = type(cls)(cls.__name__, cls.__bases__, body)
    made_class.__qualname__ = cls.__qualname__
    return made_class


def _class_var() -> Any:
    """``typing.ClassVar`` if :mod:`typing` is loaded (a hint that is no string can only be
    one of its objects if it is), else a marker no hint has."""
    typing = sys.modules.get("typing")
    return MISSING if typing is None else typing.ClassVar


#: What every class's methods may name besides their fields' types and defaults.
_SCOPE: dict[str, Any] = {"_HAS_DEFAULT_FACTORY": _FACTORY, "_MISSING": MISSING, "_return_type": None,
                          "_setattr": object.__setattr__, "_new": object.__new__}


def _repr(self: Any) -> str:
    """``Class(field=value, ...)`` of the fields shown (``repr``), as dataclasses writes it;
    ``...`` for a value met again inside its own (in the same thread)."""
    key = id(self), get_ident()
    if key in _RUNNING:
        return "..."
    _RUNNING.add(key)
    try:
        shown = ", ".join([f"{f.name}={getattr(self, f.name)!r}" for f in self.__value__.fields if f.repr])
        return f"{self.__class__.__qualname__}({shown})"
    finally:
        _RUNNING.discard(key)


#: The values whose ``__repr__`` is running, with the thread it runs in.
_RUNNING: set[tuple[int, int]] = set()


def _refused(self: Any, name: str, word: str) -> type:
    """The value class of ``self`` (a plain subclass's instance may have attributes of its
    own), after raising :class:`FrozenInstanceError` when ``name`` is a field or ``self``'s
    class is the value class itself (it has slots or nothing to set), as dataclasses does."""
    owner = _owner(type(self))
    if type(self) is owner or any(f.name == name for f in owner.__value__.fields):  # type: ignore[attr-defined]
        raise FrozenInstanceError(f"cannot {word} field {name!r}")
    return owner


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    """A frozen value's ``__setattr__``: no field is assigned (:func:`_refused`)."""
    super(_refused(self, name, "assign to"), self).__setattr__(name, value)


def _frozen_delattr(self: Any, name: str) -> None:
    """A frozen value's ``__delattr__``: no field is deleted (:func:`_refused`)."""
    super(_refused(self, name, "delete"), self).__delattr__(name)


#: The methods every value class shares (by whether it is frozen), not written for each:
#: they run only to show a value or to refuse a change, so they need not be fast, and each
#: method less in a class's text is ~10,000 instructions less to read it back at start-up.
_SHARED: dict[bool, tuple[tuple[str, Callable[..., Any]], ...]] = {
    False: (("__repr__", _repr),),
    True: (("__repr__", _repr), ("__setattr__", _frozen_setattr), ("__delattr__", _frozen_delattr)),
}


def _owner(cls: type) -> type:
    """The value class ``cls`` is, or derives from."""
    return next(base for base in cls.__mro__ if "__value__" in base.__dict__)


def _completed(self: Any, name: str) -> Callable[..., Any]:
    """The generated method ``name`` of ``self``'s value class, its ``__eq__``, ``__hash__``
    and ``__replace__`` made first (and put in place of :data:`_LATER`'s) if not yet."""
    owner = _owner(type(self))
    spec = owner.__value__  # type: ignore[attr-defined]
    if spec.rest is not None:
        made, spec.rest = spec.rest(owner), None
        for later, method in made.items():
            if owner.__dict__.get(later) is _LATER[later]:
                method.__qualname__ = f"{owner.__qualname__}.{later}"
                type.__setattr__(owner, later, method)
    return owner.__dict__[name]  # type: ignore[no-any-return]


def _later_eq(self: Any, other: Any) -> Any:
    """``__eq__`` until the generated one is made (then that one answers)."""
    return _completed(self, "__eq__")(self, other)


def _later_hash(self: Any) -> int:
    """``__hash__`` until the generated one is made."""
    return _completed(self, "__hash__")(self)  # type: ignore[no-any-return]


def _later_replace(self: Any, /, **changes: Any) -> Any:
    """``__replace__`` until the generated one is made."""
    return _completed(self, "__replace__")(self, **changes)


#: What a value class has for its ``__eq__``, ``__hash__`` and ``__replace__`` until one of
#: them is first called (:func:`_completed`): of the 56 classes a ``burgundy moves`` makes,
#: 2 call one (``replace``), so the others never read back that part of their text.
_LATER: dict[str, Callable[..., Any]] = {"__eq__": _later_eq, "__hash__": _later_hash, "__replace__": _later_replace}


def _methods(cls: type, body: dict[str, Any], all_fields: tuple[Field, ...], eq: bool, frozen: bool,
             shape: str, values: list[Any]) -> tuple[Callable[..., Any],
                                                     Callable[[type], dict[str, Callable[..., Any]]], list[str]]:
    """The generated ``__init__`` of the class, what makes the other generated methods when
    first needed, and their names: each from a text compiled once and kept by
    :mod:`~burgundy_cli.core.startcache` under the class's ``shape`` (what the text is made
    from, one text: each field's name and flags, :data:`_FLAGS`), so that a process that
    finds it kept does not even write the text. ``values``: what ``__create_fn__`` is given."""
    explicit_hash = body.get("__hash__", MISSING)
    hashed = eq and frozen and (explicit_hash is MISSING or explicit_hash is None and "__eq__" in body)
    post_init = "__post_init__" in body
    key = f"{eq:d}{frozen:d}{hashed:d}{post_init:d} {shape}"
    later = [*(["__eq__"] if eq else []), *(["__hash__"] if hashed else []), "__replace__"]
    module = sys.modules.get(cls.__module__)
    scope = module.__dict__ if module is not None else {}

    def made(names: list[str], *owner: type) -> dict[str, Callable[..., Any]]:
        """The methods ``names``, given the class (``cls``, which ``__replace__`` makes) once it is made."""
        code = compiled(f"value class {names[0]} {key}", lambda: _source(
            all_fields, frozen, post_init, [*_local_names(all_fields), *(["cls"] if owner else [])], names))
        namespace: dict[str, Any] = {}
        exec(code, scope, namespace)  # noqa: S102 (our own text)
        return dict(zip(names, namespace["__create_fn__"](*values, *owner)))

    return made(["__init__"])["__init__"], lambda owner: made(later, owner), later


#: A field's flags in a class's shape, one character: ``init + 2 * compare + 4 * (has a
#: default) + 8 * (has a default factory)``. A shape is a text, not a tuple of tuples: the
#: start-up file's keys are read back at every start (one string each, ~1 M instructions
#: less to read the file), and a text hashes and compares faster.
_FLAGS = "0123456789abcdef"

#: Names a field may not have: those the generated methods use.
_TAKEN = frozenset({*_SCOPE, "self", "made", "cls"})


def _local_names(all_fields: tuple[Field, ...]) -> list[str]:
    """The parameters of ``__create_fn__``, in order: :data:`_SCOPE`'s names, then each
    field's type and default (or default factory)."""
    names = [*_SCOPE]
    for f in all_fields:
        names.append(f"_type_{f.name}")
        if f.default is not MISSING or f.default_factory is not MISSING:
            names.append(f"_dflt_{f.name}")
    return names


def _source(all_fields: tuple[Field, ...], frozen: bool, post_init: bool, local_names: list[str],
            names: list[str]) -> str:
    """The text of ``__create_fn__``, which makes the methods ``names`` (``__init__``, or
    some of ``__eq__``, ``__hash__`` and ``__replace__``) of a class with these fields and
    flags from ``local_names`` (the defaults, types and helpers they use): each method
    written as dataclasses writes it, plus ``__replace__`` (the others are :data:`_SHARED`)."""
    lines = _init_lines(all_fields, frozen, post_init) if "__init__" in names else []
    compared = [f.name for f in all_fields if f.compare]
    mine, theirs = (f"({''.join(f'{who}.{name},' for name in compared)})" for who in ("self", "other"))
    if "__eq__" in names:
        lines += ["def __eq__(self, other):", "  if other.__class__ is self.__class__:",
                  f"    return {mine}=={theirs}", "  return NotImplemented"]
    if "__hash__" in names:
        lines += ["def __hash__(self):", f"  return hash({mine})"]
    if "__replace__" in names:
        given = "".join(f", {f.name}=_MISSING" for f in all_fields if f.init)
        lines += [f"def __replace__(self, /{', *' if given else ''}{given}):", "  made = _new(cls)"]
        for f in all_fields:
            assigned = f"self.{f.name} if {f.name} is _MISSING else {f.name}" if f.init else _assigned(f, f.name)
            if assigned is not None:
                lines.append(f"  {_assign(frozen, 'made', f.name, assigned)}")
        if post_init:
            lines.append("  made.__post_init__()")
        lines.append("  return made")
    inner = "\n".join(f"  {line}" for line in lines)
    return f"def __create_fn__({', '.join(local_names)}):\n{inner}\n  return ({', '.join(names)},)"


def _init_lines(all_fields: tuple[Field, ...], frozen: bool, post_init: bool) -> list[str]:
    """The lines of ``__init__``, as dataclasses writes it."""
    parameters, keywords, assignments = [], [], []
    for f in all_fields:
        if f.init:
            default = ("=_HAS_DEFAULT_FACTORY" if f.default_factory is not MISSING
                       else "" if f.default is MISSING else f"=_dflt_{f.name}")
            (keywords if f.kw_only else parameters).append(f"{f.name}:_type_{f.name}{default}")
        assigned = _assigned(f, f.name)
        if assigned is not None:
            assignments.append(_assign(frozen, "self", f.name, assigned))
    if post_init:
        assignments.append("self.__post_init__()")
    signature = ", ".join(["self", *parameters, *(["*", *keywords] if keywords else [])])
    return [f"def __init__({signature}) -> _return_type:", *(f"  {line}" for line in assignments or ["pass"])]


def _assigned(f: Field, given: str) -> str | None:
    """What ``__init__`` sets field ``f`` to (``given``: its parameter), as dataclasses
    writes it; None when it sets nothing (a field outside ``__init__`` without a default)."""
    if f.default_factory is not MISSING:
        return f"_dflt_{f.name}() if {given} is _HAS_DEFAULT_FACTORY else {given}" if f.init else f"_dflt_{f.name}()"
    if f.init:
        return given
    return None if f.default is MISSING else f"_dflt_{f.name}"


def _assign(frozen: bool, target: str, name: str, assigned: str) -> str:
    return f"_setattr({target},{name!r},{assigned})" if frozen else f"{target}.{name}={assigned}"


def _getstate(self: Any) -> list[Any]:
    """A frozen slotted value's fields, for pickling (as dataclasses gives it)."""
    return [getattr(self, f.name) for f in self.__value__.fields]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, item in zip(self.__value__.fields, state):
        object.__setattr__(self, f.name, item)
