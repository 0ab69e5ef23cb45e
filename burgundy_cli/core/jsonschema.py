"""JSON Schema (draft-07) of the records, generated from their pydantic models.

The tables of a record are declared once, as pydantic models (:mod:`burgundy_cli.core.models`),
and validated by them when a record is read. This module asks pydantic for the same models'
JSON Schema (:meth:`pydantic.TypeAdapter.json_schema`), so a TOML editor (Taplo / Even Better
TOML, reading a ``#:schema`` line) can check and complete a record while it is typed, with
the rules the tool itself applies to the shape of the tables. pydantic writes draft 2020-12;
:func:`_draft7` rewrites the little that differs for the editors' draft-07: definitions under
``definitions``, a fixed-length tuple's ``prefixItems`` as ``items``, and no ``null`` (TOML has
none: a key that may be None is optional). Descriptions are each model docstring's first
paragraph.

What only the replay can know (a tile on a space of the wrong colour, an illegal line)
stays with the referee: the schema checks shape, not play.

A game tells its record's layout with a module ``<game package>.jsonschema`` holding
``TABLES`` (table name -> model, type, or ready schema), ``STARTS`` (the tables of which a
record has exactly one) and ``TITLE``. Every game's records may instead be result-only, a
``[final]`` table in place of the start (:mod:`burgundy_cli.core.resultonly`).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.registry import find_game, game_module
from burgundy_cli.core.resultonly import FinalTable

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

_REF = "#/definitions/{model}"


def record_schema(game: str) -> dict[str, Any]:
    """The JSON Schema of a record of ``game`` (a name from the registry)."""
    layout = game_module(game, "jsonschema")
    definitions: dict[str, Any] = {}

    def schema_of(declared: Any) -> dict[str, Any]:
        made = TypeAdapter(declared).json_schema(ref_template=_REF)
        definitions.update(made.pop("$defs", {}))
        return made

    editions = find_game(game).editions
    header = {"name": {"const": game}, "edition": {"enum": list(editions)} if editions else False}
    properties: dict[str, Any] = {"game": {"allOf": [schema_of(GameHeader), {"properties": header}]}}
    for table, declared in layout.TABLES.items():
        properties[table] = declared if isinstance(declared, dict) else schema_of(declared)
    properties["final"] = schema_of(FinalTable)  # a result-only record: in place of the game's start
    properties["result"] = RESULT
    return _draft7({
        "$schema": DRAFT,
        "$id": f"https://burgundy.invalid/schemas/{game}.schema.json",
        "title": f"{layout.TITLE} record (burgundy)",
        "description": "A game record read by the burgundy referee: docs/records.md.",
        "type": "object",
        "properties": properties,
        "required": ["game"],
        "oneOf": [{"required": [table]} for table in (*layout.STARTS, "final")],
        "additionalProperties": False,
        "definitions": dict(sorted(definitions.items())),
    }, top=True)


def schema_text(game: str) -> str:
    """:func:`record_schema` as the text ``burgundy schema`` prints and ``schemas/`` holds."""
    return json.dumps(record_schema(game), indent=2, ensure_ascii=False) + "\n"


#: Keywords whose value is a map of names to schemas, and those whose value is a schema or a list of them.
_SCHEMA_MAPS = ("properties", "definitions", "patternProperties")
_SCHEMAS = ("items", "additionalProperties", "propertyNames", "anyOf", "oneOf", "allOf", "not")


def _draft7(schema: Any, top: bool = False) -> Any:
    """A schema node of pydantic's as draft-07 writes it (see the module docstring); a title
    only at the top, descriptions cut to their first paragraph."""
    if not isinstance(schema, dict):
        return schema
    node = dict(schema)
    if "prefixItems" in node:
        node["items"] = node.pop("prefixItems")
    if node.get("default", 0) is None:
        del node["default"]
    if not top:
        node.pop("title", None)
    if "description" in node:
        node["description"] = _summary(node["description"])
    for key in _SCHEMA_MAPS:
        if key in node:
            node[key] = {name: _draft7(inner) for name, inner in node[key].items()}
    for key in _SCHEMAS:
        if isinstance(node.get(key), list):
            node[key] = [_draft7(inner) for inner in node[key] if inner != {"type": "null"}]
        elif key in node:
            node[key] = _draft7(node[key])
    choices = node.get("anyOf")
    if choices is not None and len(choices) == 1:  # (X or null: X, the key optional)
        del node["anyOf"]
        node = {**choices[0], **node}
    return node


def _summary(doc: str) -> str:
    """The first paragraph of a docstring, on one line, without reST markup."""
    return " ".join(doc.strip().split("\n\n")[0].split()).replace("``", "`")
