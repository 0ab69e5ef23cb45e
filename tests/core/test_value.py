"""The value classes of ``core/value.py`` behave as the dataclasses they replaced: each kind
of class the package declares is made both ways, from the same body, and compared."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import sys

import pytest

from burgundy_cli.core import value

#: One class body per kind of declaration the package uses, with its maker's arguments.
KINDS = {
    "table (frozen, slots, kw_only)": (dict(frozen=True, slots=True, kw_only=True), '''
class Table:
    """A record table."""
    name: str
    edition: str | None = None
    players: list[str]
    options: dict[str, int] = field(default_factory=dict)
'''),
    "command (slots, kw_only)": (dict(slots=True, kw_only=True), '''
class Command:
    """A command."""
    kind: str = "die"
    player: str
    die: int
    then: tuple[int, ...] = ()
'''),
    "rule (frozen, slots, field outside __init__, __post_init__)": (dict(frozen=True, slots=True), '''
class Rule:
    """A rule as data."""
    rule_id: str
    condition: str
    uses_value: bool = False
    allows: object = field(init=False, repr=False, compare=False)
    def __post_init__(self):
        object.__setattr__(self, "allows", len(self.condition))
'''),
    "state (slots, eq=False, factories, __post_init__)": (dict(slots=True, eq=False), '''
class State:
    """A game state."""
    edition: str
    players: list[str]
    turn: int = 0
    depots: list[list[int]] = field(default_factory=lambda: [[] for _ in range(3)])
    seats: dict[str, int] = field(default_factory=dict)
    def __post_init__(self):
        self.seats = {name: seat for seat, name in enumerate(self.players)}
'''),
    "board (frozen, slots, eq=False)": (dict(frozen=True, slots=True, eq=False), '''
class Board:
    """A board."""
    name: str
    spaces: tuple[int, ...] = (1, 2)
'''),
    "record (plain: no slots)": ({}, '''
class Doc:
    """A document."""
    name: str
    text: str = ""
    starts: list[int] = field(default_factory=list, repr=False)
    source: object = field(default=None, repr=False)
'''),
    "arguments (frozen, no slots)": (dict(frozen=True), '''
class Arguments:
    """Arguments."""
    paths: list[str]
    as_json: bool = False
'''),
    "tile (frozen, slots, hashable)": (dict(frozen=True, slots=True), '''
class Tile:
    """A tile kind."""
    colour: str
    number: int
    points: int = 0
'''),
    "knights state (slots, fields set by __post_init__ only)": (dict(slots=True), '''
class Knights:
    """A position."""
    side: int
    known: set[int] | None = field(default=None, init=False)
    frame: int = field(init=False)
    def __post_init__(self):
        self.frame = 2 * self.side - 1
'''),
}

#: Arguments for each kind: keywords to build one instance, another one, and a change for replace.
ARGUMENTS = {
    "Table": (dict(name="cob", players=["a", "b"]), dict(name="rk", players=["a"], edition="x"), dict(edition="2011")),
    "Command": (dict(player="Anna", die=3), dict(player="Ben", die=4, then=(1,)), dict(die=5)),
    "Rule": (dict(rule_id="r", condition="x > 1"), dict(rule_id="s", condition="y", uses_value=True),
             dict(condition="longer")),
    "State": (dict(edition="2011", players=["a", "b"]), dict(edition="2019", players=["c"], turn=2), dict(turn=3)),
    "Board": (dict(name="1"), dict(name="2", spaces=(3,)), dict(spaces=(4, 5))),
    "Doc": (dict(name="a.toml"), dict(name="b.toml", text="x", starts=[1]), dict(text="y")),
    "Arguments": (dict(paths=["a"]), dict(paths=["b"], as_json=True), dict(as_json=True)),
    "Tile": (dict(colour="C", number=1), dict(colour="S", number=2, points=3), dict(points=4)),
    "Knights": (dict(side=3), dict(side=4), dict(side=5)),
}


def _declare(maker, field, options: dict, body: str) -> type:
    namespace = {"field": field, "__name__": __name__}
    exec(compile("from __future__ import annotations\n" + body, __file__, "exec", dont_inherit=True), namespace)
    (cls,) = [item for item in namespace.values() if isinstance(item, type)]
    return maker(**options)(cls)


def _both(kind: str) -> tuple[type, type]:
    options, body = KINDS[kind]
    return (_declare(dataclasses.dataclass, dataclasses.field, options, body),
            _declare(value.value_class, value.field, options, body))


def _outcome(call):
    """What ``call()`` gives: its result, or the type and message of what it raised."""
    try:
        return ("value", repr(call()))
    except Exception as error:  # noqa: BLE001 (the comparison is the point)
        return ("raised", isinstance(error, AttributeError), type(error).__mro__[-2].__name__, str(error))


def _state(instance) -> dict:
    return {f.name: getattr(instance, f.name, "<unset>") for f in dataclasses.fields(type(instance))}


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_of_class_behaves_as_its_dataclass(kind, monkeypatch):
    old, new = _both(kind)
    monkeypatch.setitem(globals(), new.__name__, new)  # (where pickle finds the class)
    first, second, change = ARGUMENTS[old.__name__]
    made = {cls: (cls(**first), cls(**first), cls(**second)) for cls in (old, new)}
    (a, a2, b), (c, c2, d) = made[old], made[new]
    # the class: docstring, slots, match args, signature, hashing, class attributes
    assert (new.__name__, new.__qualname__, new.__doc__, new.__module__) == \
           (old.__name__, old.__qualname__, old.__doc__, old.__module__)
    assert getattr(new, "__slots__", None) == getattr(old, "__slots__", None)
    assert hasattr(c, "__dict__") == hasattr(a, "__dict__")
    assert new.__match_args__ == old.__match_args__
    assert str(inspect.signature(new)) == str(inspect.signature(old))  # (the factory markers are two objects)
    assert new.__init__.__annotations__ == old.__init__.__annotations__
    assert new.__init__.__qualname__ == old.__init__.__qualname__
    assert (new.__hash__ is None) == (old.__hash__ is None)
    for f in dataclasses.fields(old):
        assert _outcome(lambda: getattr(new, f.name)) == _outcome(lambda: getattr(old, f.name)) \
            or "slots" in KINDS[kind][0]  # (a slot's descriptor is no default)
    # the fields, read both ways
    assert [(f.name, f.type, f.default, getattr(f.default_factory, "__qualname__", f.default_factory), f.init,
             f.repr, f.compare, f.kw_only) for f in dataclasses.fields(new)] == \
           [(f.name, f.type, f.default, getattr(f.default_factory, "__qualname__", f.default_factory), f.init,
             f.repr, f.compare, f.kw_only) for f in dataclasses.fields(old)]
    assert [(f.name, f.init, f.repr, f.compare, f.kw_only) for f in value.fields(new)] == \
           [(f.name, f.init, f.repr, f.compare, f.kw_only) for f in value.fields(old)]
    assert dataclasses.is_dataclass(new) and value.is_value(c) and value.is_frozen(new) == value.is_frozen(old)
    # instances: init with defaults and factories, repr, eq, hash
    assert _state(c) == _state(a) and _state(d) == _state(b)
    assert (repr(c), repr(d)) == (repr(a).replace(old.__qualname__, new.__qualname__), repr(b))
    assert (c == c2, c == d, c != d, c == a, c.__eq__(1)) == (a == a2, a == b, a != b, False, a.__eq__(1))
    assert _outcome(lambda: hash(c) == hash(c2)) == _outcome(lambda: hash(a) == hash(a2))
    for name, item in _state(a).items():  # default factories make a fresh object each time
        if isinstance(item, list | dict | set):
            assert (getattr(c, name) is getattr(c2, name)) == (item is getattr(a2, name))
    # building wrongly, changing, deleting, extra attributes
    for wrong in (lambda cls: cls(), lambda cls: cls(*first.values()), lambda cls: cls(**first, nonsense=1)):
        assert _outcome(lambda: wrong(new)) == _outcome(lambda: wrong(old))
    name = next(iter(first))
    assert _outcome(lambda: setattr(c, name, "x")) == _outcome(lambda: setattr(a, name, "x"))
    assert _outcome(lambda: delattr(c2, name)) == _outcome(lambda: delattr(a2, name))
    if "slots" not in KINDS[kind][0] or not KINDS[kind][0].get("frozen"):
        # (a frozen slotted dataclass of Python 3.11 fails with TypeError here: its __setattr__ names the
        # class it made before adding the slots; ours refuses the attribute as frozen)
        assert _outcome(lambda: setattr(d, "extra", 1))[:2] == _outcome(lambda: setattr(b, "extra", 1))[:2]
    # replace (ours and dataclasses') and pickling
    for changed, expected in ((value.replace(d, **change), dataclasses.replace(b, **change)),
                              (dataclasses.replace(d, **change), dataclasses.replace(b, **change))):
        assert type(changed) is new and _state(changed) == _state(expected)
    assert _state(value.replace(d)) == _state(b)
    again = pickle.loads(pickle.dumps(d))
    assert type(again) is new and _state(again) == _state(d)
    assert value.replace.__name__ == "replace"


def test_replace_runs_post_init_and_resets_what_init_does_not_take():
    _, new = _both("rule (frozen, slots, field outside __init__, __post_init__)")
    rule = new(rule_id="r", condition="x")
    assert value.replace(rule, condition="x and y").allows == len("x and y")
    with pytest.raises(TypeError):
        value.replace(rule, allows=3)  # (dataclasses: ValueError)


@pytest.mark.parametrize("body, error", [
    ("class A:\n    '''A.'''\n    a: int = 1\n    b: int\n", TypeError),  # non-default after default
    ("class A:\n    '''A.'''\n    a: list = []\n", ValueError),  # mutable default
    ("class A:\n    '''A.'''\n    __slots__ = ('a',)\n    a: int\n", TypeError),  # slots given twice
])
def test_declarations_dataclasses_refuse_are_refused(body, error):
    options = {"slots": True}
    for maker, field in ((dataclasses.dataclass, dataclasses.field), (value.value_class, value.field)):
        with pytest.raises(error):
            _declare(maker, field, options, body)


def test_class_variables_are_no_fields():
    new = _declare(value.value_class, value.field, {}, "class A:\n    '''A.'''\n    limit: ClassVar[int] = 3\n"
                   "    a: int = 1\n")
    assert [f.name for f in value.fields(new)] == ["a"] and new.limit == 3


def test_a_value_class_cannot_derive_from_another():
    base = _declare(value.value_class, value.field, {}, "class Base:\n    '''B.'''\n    a: int = 1\n")
    with pytest.raises(TypeError, match="cannot derive"):
        value.value_class(type("Derived", (base,), {"__annotations__": {"b": "int"}, "__doc__": "D."}))
