"""core/schema.py: dataclass declarations validated by pydantic-core at the edges.

The header, setup and position tables and commands given as plain data are checked
against their declarations here; these tests pin the parts of the type-hint translation
that the game packages rely on (constraints, tagged unions, aliases, defaults, checks).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Annotated, Literal, Union

import pytest

from burgundy_cli.core.schema import (Alias, Length, Pattern, Range, ValidationError, command_class, field_names, to_data,
                                      validate)

Die = Annotated[int, Range(1, 6)]


@dataclass(frozen=True, slots=True, kw_only=True)
class Take:
    kind: Literal["take"] = "take"
    tile: Annotated[str, Length(1, 8)]
    depot: Die | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Place:
    kind: Literal["place"] = "place"
    space: Annotated[str, Pattern(r"^[a-g][1-7]$")]
    then: Union[Take, Place, None] = None
    keep: tuple[Die, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    to_move: Annotated[str, Alias("to-move")]
    players: Annotated[list[str], Length(2, 4)]
    date: dt.date | str | None = None
    goods: dict[str, Annotated[list[Die], Length(3, 3)]] = field(default_factory=dict)
    options: dict[str, str | int | bool] = field(default_factory=dict)

    def check(self) -> None:
        if len(set(self.players)) != len(self.players):
            raise ValueError("player names must differ")


@command_class
class Value:
    kind: Literal["value"] = "value"
    tile: str
    depot: Die | None = None


def errors(declared, data) -> list[tuple[str, tuple]]:
    with pytest.raises(ValidationError) as caught:
        validate(declared, data)
    return [(e["type"], e["loc"]) for e in caught.value.errors(include_url=False)]


def test_nested_tagged_union_builds_the_dataclasses() -> None:
    data = {"kind": "place", "space": "c3", "then": {"kind": "place", "space": "d4",
                                                     "then": {"kind": "take", "tile": "ship", "depot": 6}},
            "keep": [1, 3]}
    assert validate(Place, data) == Place(space="c3", then=Place(space="d4", then=Take(tile="ship", depot=6)),
                                          keep=(1, 3))


def test_constraints_are_checked_where_they_are_declared() -> None:
    assert errors(Take, {"tile": "ship", "depot": 7}) == [("less_than_equal", ("depot",))]
    assert errors(Take, {"tile": "a-very-long-name"}) == [("string_too_long", ("tile",))]
    assert errors(Place, {"space": "z9"}) == [("string_pattern_mismatch", ("space",))]
    assert errors(Place, {"space": "c3", "keep": [0]}) == [("greater_than_equal", ("keep", 0))]
    assert errors(Table, {"to-move": "a", "players": ["a"]}) == [("too_short", ("players",))]
    assert errors(Table, {"to-move": "a", "players": ["a", "b"], "goods": {"a": [1, 2]}}) == \
        [("too_short", ("goods", "a"))]


def test_unknown_kind_missing_and_unknown_fields_are_errors() -> None:
    assert errors(Place, {"space": "c3", "then": {"kind": "sell"}}) == [("union_tag_invalid", ("then",))]
    assert errors(Take, {}) == [("missing", ("tile",))]
    assert errors(Take, {"tile": "ship", "colour": "blue"}) == [("unexpected_keyword_argument", ("colour",))]


def test_an_alias_reads_the_toml_key_and_the_field_name_alike() -> None:
    assert validate(Table, {"to-move": "a", "players": ["a", "b"]}).to_move == "a"
    assert validate(Table, {"to_move": "b", "players": ["a", "b"]}).to_move == "b"
    assert field_names(Table) == ["to-move", "players", "date", "goods", "options"]


def test_check_runs_after_the_fields_and_its_value_error_is_a_validation_error() -> None:
    assert errors(Table, {"to-move": "a", "players": ["a", "a"]}) == [("value_error", ())]


def test_defaults_are_fresh_and_unions_keep_the_exact_type() -> None:
    first = validate(Table, {"to-move": "a", "players": ["a", "b"]})
    second = validate(Table, {"to-move": "a", "players": ["a", "b"]})
    assert first.goods == {} and first.goods is not second.goods
    table = validate(Table, {"to-move": "a", "players": ["a", "b"], "date": dt.date(2026, 11, 26),
                             "options": {"x": True, "y": 3, "z": "most"}})
    assert table.date == dt.date(2026, 11, 26)
    assert [type(v) for v in table.options.values()] == [bool, int, str]


def test_instances_are_frozen_when_declared_frozen_and_plain_otherwise() -> None:
    take = validate(Take, {"tile": "ship"})
    with pytest.raises(AttributeError):
        take.tile = "mine"  # type: ignore[misc]
    assert validate(Value, {"tile": "ship", "depot": 2}) == Value(tile="ship", depot=2)


def test_to_data_gives_back_what_validates_to_an_equal_instance() -> None:
    place = Place(space="c3", then=Take(tile="ship"), keep=(2, 5))
    assert to_data(place) == {"kind": "place", "space": "c3", "then": {"kind": "take", "tile": "ship"},
                              "keep": [2, 5]}
    assert validate(Place, to_data(place)) == place
    assert to_data(Take(tile="x"), drop_none=False) == {"kind": "take", "tile": "x", "depot": None}
    table = Table(to_move="a", players=["a", "b"])
    assert to_data(table)["to-move"] == "a"


def test_a_builder_with_a_last_class_makes_both_in_one_call() -> None:
    """``builder(DieCommand, TakeAction)``: the die's fields, then the action's in place of
    ``action``; the same values as the classes built with keywords."""
    from burgundy_cli.castles import commands as c
    from burgundy_cli.core.schema import builder

    made = builder(c.DieCommand, c.TakeAction)("Anna", 3, 4, "mine", 2, None, True)
    assert made == c.DieCommand(player="Anna", rolled=3, value=4,
                                action=c.TakeAction(tile="mine", depot=2, shared=True))
    assert builder(c.DieCommand, c.WorkersAction)("Ben", 6, None) == \
        c.DieCommand(player="Ben", rolled=6, action=c.WorkersAction())
    with pytest.raises(TypeError, match="clash"):
        builder(c.BuyCommand, c.DieCommand)  # (both have a player)
