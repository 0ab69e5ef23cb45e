"""The command and record-table models (core/models.py): strict scalars, tuples from lists,
aliases, tagged unions, frozen values, and errors located and worded as the tables say them."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from burgundy_cli.castles.rules import commands as c
from burgundy_cli.castles.record.position_table import PositionTable
from burgundy_cli.castles.record.setup_table import SetupTable
from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.models import data_path, error_message, field_names
from burgundy_cli.robber_knights import commands as rk
from burgundy_cli.robber_knights.setup import PositionTable as KnightsPosition


def _errors(declared, data) -> list[dict]:
    with pytest.raises(ValidationError) as info:
        declared.model_validate(data) if hasattr(declared, "model_validate") else declared(data)
    return info.value.errors(include_url=False)


@pytest.mark.parametrize("wrong", [True, "3", 3.0])
def test_a_boolean_a_string_or_a_float_is_no_number(wrong) -> None:
    assert _errors(c.validate_command, {"kind": "die", "player": "Anna", "rolled": wrong,
                                        "action": {"kind": "workers"}})[0]["loc"] == ("die", "rolled")


def test_a_number_is_no_string() -> None:
    assert _errors(GameHeader, {"name": "x", "players": ["Anna", 7]})[0]["loc"] == ("players", 1)


def test_a_list_becomes_a_tuple_where_a_tuple_is_declared() -> None:
    shield = c.validate_command({"kind": "shield", "player": "Anna", "dice": [3, 3], "shield": 5, "space": "d4"})
    assert shield.dice == (3, 3)
    lay = rk.validate_command({"kind": "lay", "player": "red", "tile": "castle-plain", "cell": "e4",
                               "direction": "east", "leave": [1, 2]})
    assert lay.leave == (1, 2) and lay.knights == 3


def test_the_union_is_told_apart_by_kind_nested_actions_too() -> None:
    die = c.validate_command({"kind": "die", "player": "Anna", "rolled": 3,
                              "action": {"kind": "place", "tile": "castle", "space": "d4",
                                         "then": {"kind": "take", "tile": "mine", "depot": 2}}})
    assert isinstance(die, c.DieCommand) and isinstance(die.action.then, c.TakeAction)
    assert _errors(c.validate_command, {"kind": "shuffle"})[0]["type"] == "union_tag_invalid"


def test_commands_are_frozen_and_changed_by_copy() -> None:
    take = c.TakeAction(tile="mine")
    with pytest.raises(ValidationError):
        take.tile = "ship"  # type: ignore[misc]
    assert take.model_copy(update={"depot": 3}) == c.TakeAction(tile="mine", depot=3)
    assert take == c.TakeAction(tile="mine") and take != c.TakeAction(tile="ship")


def test_a_check_of_several_fields_runs_on_validation() -> None:
    errors = _errors(rk.validate_command, {"kind": "lay", "player": "red", "tile": "lake", "cell": "e4",
                                           "direction": "east", "leave": [2]})
    assert "a direction is given exactly when" in errors[0]["msg"]


def test_an_alias_and_the_field_name_both_read() -> None:
    data = {"tiles": ["a1 red:castle-plain"], "hands": {"red": []}}
    assert KnightsPosition.model_validate({**data, "to-move": "red"}).to_move == "red"
    assert KnightsPosition.model_validate({**data, "to_move": "red"}).must_draw is False
    assert field_names(KnightsPosition)[0] == "to-move"


def test_an_unknown_key_is_refused_in_the_table_s_words() -> None:
    error = _errors(SetupTable, {"goods": {"Anna": [1, 2, 3]}, "boardz": 1})[0]
    assert error_message(error) == "unknown field" and data_path({}, error) == ("boardz",)
    assert error_message(_errors(SetupTable, {})[0]) == "required field is missing"


def test_a_length_is_said_in_items_not_in_pydantic_s_words() -> None:
    data = {"goods": {"Anna": [1, 2, 3, 4]}}
    error = _errors(SetupTable, data)[0]
    assert error_message(error) == "at most 3 items, not 4"
    assert data_path(data, error) == ("goods", "Anna")
    name = {"kind": "pass", "player": ""}
    assert error_message(_errors(c.validate_command, name)[0]) == "at least 1 character, not 0"
    short = _errors(PositionTable, {"players": {}, "supply": {"mine": [1]}})[0]
    assert error_message(short) == "at least 2 items, not 1"


def test_the_union_member_names_pydantic_adds_are_not_part_of_the_path() -> None:
    data = {"boards": {"Anna": "x" * 41}, "goods": {}}
    paths = {data_path(data, error) for error in _errors(SetupTable, data)}
    assert ("boards", "Anna") in paths


def test_a_wrong_type_says_what_a_record_holds_instead_and_the_value() -> None:
    """pydantic's "Input should be ..." never reaches a user: each type is said as TOML writes
    it (a whole number, true or false, text in quotes, a list, a table), with the value given."""
    assert error_message(_errors(GameHeader, {"name": "x", "players": ["Anna", 7]})[0]) == \
        "text in quotes is wanted, not 7"
    rolled = _errors(c.validate_command, {"kind": "die", "player": "Anna", "rolled": "3",
                                          "action": {"kind": "workers"}})[0]
    assert error_message(rolled) == 'a whole number is wanted, not "3"'
    shared = _errors(c.validate_command, {"kind": "buy", "player": "Anna", "tile": "mine", "shared": 1})[0]
    assert error_message(shared) == "true or false is wanted, not 1"
    assert error_message(_errors(GameHeader, {"name": "x", "players": "Anna"})[0]) == \
        'a list [...] is wanted, not "Anna"'


def test_a_bound_a_choice_a_form_and_a_kind_are_said_in_the_table_s_words() -> None:
    high = _errors(c.validate_command, {"kind": "die", "player": "Anna", "rolled": 7, "action": {"kind": "workers"}})
    assert error_message(high[0]) == "at most 6, not 7"
    space = _errors(c.validate_command, {"kind": "die", "player": "Anna", "rolled": 3,
                                         "action": {"kind": "place", "tile": "mine", "space": "z9"}})
    space = [error for error in space if error["type"] == "string_pattern_mismatch"]  # (the placement's, of the action union's members)
    assert error_message(space[0]) == 'a duchy space, a row a-g and a place 1-7 like c2 is wanted, not "z9"'
    cell = _errors(rk.validate_command, {"kind": "lay", "player": "red", "tile": "lake", "cell": "E-4"})
    assert error_message(cell[0]).startswith("a cell, a column letter a-s and a row number 1-19 like c4 is wanted")
    kind = error_message(_errors(c.validate_command, {"kind": "shuffle"})[0])
    assert kind.startswith("a 'kind' that is one of 'die', 'buy', ") and kind.endswith('is wanted, not "shuffle"')
    uuid = _errors(GameHeader, {"name": "x", "players": ["Anna"], "uuid": "1234"})[0]
    assert error_message(uuid) == 'a UUID, hexadecimal digits in groups of 8-4-4-4-12 is wanted, not "1234"'
    for error in (*high, *space, uuid):
        assert "Input should" not in error_message(error) and "pattern" not in error_message(error)
