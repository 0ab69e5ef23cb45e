"""JSON Schema (draft-07) of the records, generated from their declarations.

The tables of a record are declared once, as value classes with type hints
(:mod:`burgundy_cli.core.schema`), and validated by pydantic-core when a record is read.
This module turns the same declarations into JSON Schema, so a TOML editor (Taplo /
Even Better TOML, reading a ``#:schema`` line) can check and complete a record while it is
typed, with the rules the tool itself applies to the shape of the tables:

* every type hint becomes its JSON Schema (``int`` -> integer, ``list`` -> array, a
  value class -> a definition with its fields as properties, unknown keys refused);
* ``Range``, ``Length``, ``Pattern`` become ``minimum``/``maximum``, ``minLength``/
  ``minItems``..., ``pattern``; ``Alias`` gives the key a record writes;
* ``None`` in a union is left out (TOML has no null: a key that may be None is optional),
  and the keys keep the declaration's order, so the output is stable.

What only the replay can know (a tile on a space of the wrong colour, an illegal line)
stays with the referee: the schema checks shape, not play.

A game tells its record's layout with a module ``<game package>.jsonschema`` holding
``TABLES`` (table name -> value class or ready schema), ``STARTS`` (the tables of which a
record has exactly one) and ``TITLE``.
"""

from __future__ import annotations

import datetime as _dt
import importlib
import json
import types
import typing
from typing import Any

from burgundy_cli.core import value
from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.registry import GAMES, find_game
from burgundy_cli.core.schema import Alias, Length, Pattern, Range

DRAFT = "http://json-schema.org/draft-07/schema#"

#: The ``[result]`` table every record may end with (written by the tool).
RESULT = {
    "type": "object",
    "description": "What the replay gives, written by the tool and checked on every read.",
    "properties": {
        "complete": {"type": "boolean"},
        "winner": {"type": "array", "items": {"type": "string"}},
        "scores": {"type": "object", "additionalProperties": {"type": "integer"}},
    },
    "additionalProperties": False,
}


def record_schema(game: str) -> dict[str, Any]:
    """The JSON Schema of a record of ``game`` (a name from the registry)."""
    layout = importlib.import_module(GAMES[game] + ".jsonschema")
    builder = _Builder()
    properties: dict[str, Any] = {"game": builder.schema(GameHeader)}
    editions = find_game(game).editions
    header = {"name": {"const": game}, "edition": {"enum": list(editions)} if editions else False}
    properties["game"] = {"allOf": [properties["game"], {"properties": header}]}
    for table, declared in layout.TABLES.items():
        properties[table] = declared if isinstance(declared, dict) else builder.schema(declared)
    properties["result"] = RESULT
    return {
        "$schema": DRAFT,
        "$id": f"https://burgundy.invalid/schemas/{game}.schema.json",
        "title": f"{layout.TITLE} record (burgundy)",
        "description": "A game record read by the burgundy referee: docs/records.md.",
        "type": "object",
        "properties": properties,
        "required": ["game"],
        "oneOf": [{"required": [table]} for table in layout.STARTS],
        "additionalProperties": False,
        "definitions": dict(sorted(builder.definitions.items())),
    }


def schema_text(game: str) -> str:
    """:func:`record_schema` as the text ``burgundy schema`` prints and ``schemas/`` holds."""
    return json.dumps(record_schema(game), indent=2, ensure_ascii=False) + "\n"


class _Builder:
    """Type hints to JSON Schema; each value class becomes one entry of ``definitions``."""

    def __init__(self) -> None:
        self.definitions: dict[str, Any] = {}

    def schema(self, hint: Any) -> dict[str, Any]:
        if typing.get_origin(hint) is typing.Annotated:
            return _constrained(self.schema(hint.__origin__), hint.__metadata__)
        if isinstance(hint, type) and value.is_value(hint):
            return self.dataclass(hint)
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return {"type": "integer"}
        if hint is float:
            return {"type": "number"}
        if hint is str:
            return {"type": "string"}
        if hint is _dt.datetime:
            return {"type": "string", "format": "date-time"}
        if hint is _dt.date:
            return {"type": "string", "format": "date"}
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is typing.Literal:
            return {"const": args[0]} if len(args) == 1 else {"enum": list(args)}
        if origin in (typing.Union, types.UnionType):
            return self.union([arg for arg in args if arg is not type(None)])
        if origin in (list, tuple) and (origin is list or (len(args) == 2 and args[1] is Ellipsis)):
            return {"type": "array", "items": self.schema(args[0])}
        if origin is tuple:
            return {"type": "array", "items": [self.schema(arg) for arg in args],
                    "minItems": len(args), "maxItems": len(args)}
        if origin is dict:
            keys = self.schema(args[0])
            schema: dict[str, Any] = {"type": "object"}
            if set(keys) - {"type"}:
                schema["propertyNames"] = keys
            schema["additionalProperties"] = self.schema(args[1])
            return schema
        raise TypeError(f"no JSON Schema for {hint!r}")

    def union(self, members: list[Any]) -> dict[str, Any]:
        if str in members:  # a plain string takes every other string form too (TOML dates read as text)
            members = [m for m in members if m not in (str, _dt.date, _dt.datetime)] + [str]
        schemas = [self.schema(member) for member in members]
        return schemas[0] if len(schemas) == 1 else {"anyOf": schemas}

    def dataclass(self, declared: type) -> dict[str, Any]:
        name = declared.__name__
        if name not in self.definitions:
            self.definitions[name] = {}  # a placeholder while the fields are built
            hints = typing.get_type_hints(declared, include_extras=True)
            properties: dict[str, Any] = {}
            required: list[str] = []
            choices: list[list[str]] = []
            for field in value.fields(declared):
                hint = hints[field.name]
                alias = _alias(hint)
                schema = self.schema(hint)
                keys = [alias, field.name] if alias else [field.name]
                for key in keys:
                    properties[key] = schema
                if field.default is value.MISSING and field.default_factory is value.MISSING:
                    (choices.append(keys) if alias else required.append(field.name))
            definition: dict[str, Any] = {"type": "object"}
            doc = _summary(declared)
            if doc:
                definition["description"] = doc
            definition["properties"] = properties
            if required:
                definition["required"] = required
            if len(choices) == 1:
                definition["oneOf"] = [{"required": [key]} for key in choices[0]]
            elif choices:
                definition["allOf"] = [{"oneOf": [{"required": [key]} for key in keys]} for keys in choices]
            definition["additionalProperties"] = False
            self.definitions[name] = definition
        return {"$ref": f"#/definitions/{name}"}


def _alias(hint: Any) -> str | None:
    if typing.get_origin(hint) is typing.Annotated:
        return next((m.key for m in hint.__metadata__ if isinstance(m, Alias)), None)
    return None


def _constrained(schema: dict[str, Any], markers: tuple[Any, ...]) -> dict[str, Any]:
    """The schema with the ``Annotated`` constraints of :mod:`burgundy_cli.core.schema`."""
    schema = dict(schema)
    kind = schema.get("type")
    for marker in markers:
        if isinstance(marker, Range):
            schema.update({k: v for k, v in (("minimum", marker.ge), ("maximum", marker.le)) if v is not None})
        elif isinstance(marker, Length):
            low, high = ("minItems", "maxItems") if kind == "array" else ("minLength", "maxLength")
            schema.update({k: v for k, v in ((low, marker.min), (high, marker.max)) if v is not None})
        elif isinstance(marker, Pattern):
            schema["pattern"] = marker.regex
    return schema


def _summary(declared: type) -> str:
    """The first paragraph of a declaration's docstring, on one line, without reST markup."""
    doc = (declared.__doc__ or "").strip().split("\n\n")[0]
    return " ".join(doc.split()).replace("``", "`")

