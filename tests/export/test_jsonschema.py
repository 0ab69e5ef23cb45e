"""JSON Schema of the records: the committed files are what the code generates, every
shipped record validates, and records the reader refuses for their shape are refused too."""

from __future__ import annotations

import datetime as dt
import json
import tomllib
from pathlib import Path

import pytest

from burgundy_cli.core.jsonschema import record_schema, schema_text
from burgundy_cli.core.registry import GAMES
from tests.conftest import RECORDS

SCHEMAS = Path(__file__).resolve().parents[2] / "burgundy_cli" / "schemas"
jsonschema = pytest.importorskip("jsonschema")


def _as_json(value):
    """A record as a TOML editor hands it to JSON Schema: dates and times as ISO text."""
    if isinstance(value, dict):
        return {k: _as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_json(v) for v in value]
    if isinstance(value, dt.date | dt.datetime | dt.time):
        return value.isoformat()
    return value


@pytest.mark.parametrize("game", list(GAMES))
def test_committed_schema_is_what_the_code_generates(game) -> None:
    committed = (SCHEMAS / f"{game}.schema.json").read_text()
    assert committed == schema_text(game), f"run: burgundy schema --out burgundy_cli/schemas  (then commit {game}.schema.json)"


@pytest.mark.parametrize("game", list(GAMES))
def test_schema_is_valid_draft_07_without_null(game) -> None:
    schema = record_schema(game)
    jsonschema.Draft7Validator.check_schema(schema)
    assert '"null"' not in json.dumps(schema)


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*/*.toml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_record_validates(path) -> None:
    data = _as_json(tomllib.loads(path.read_text("utf-8")))
    schema = json.loads((SCHEMAS / f"{data['game']['name']}.schema.json").read_text())
    jsonschema.Draft7Validator(schema).validate(data)


@pytest.mark.parametrize("flags", [
    ["--game", "castles-of-burgundy", "--players", "Anna,Ben", "--scores", "Anna=182,Ben=170"],
    ["--game", "castles-of-burgundy", "--players", "Anna,Ben,Cara,Dario", "--modules", "team-game",
     "--teams", "A=Anna Cara,B=Ben Dario", "--scores", "Anna=90,Ben=80,Cara=70,Dario=60"],
    ["--game", "robber-knights", "--players", "red,blue", "--scores", "red=18,blue=15", "--tiebreak", "red=2,blue=3"],
])
def test_a_result_only_record_validates_against_the_schema_its_first_line_names(cli, tmp_path, flags) -> None:
    """`new --result` writes a `#:schema` line like every record: the schema it names takes the
    `[final]` table in place of `[setup]`, so an editor does not mark the record wrong."""
    path = tmp_path / "result.toml"
    assert cli("new", str(path), "--result", *flags).exit_code == 0
    data = _as_json(tomllib.loads(path.read_text("utf-8")))
    schema = json.loads((SCHEMAS / f"{data['game']['name']}.schema.json").read_text())
    jsonschema.Draft7Validator(schema).validate(data)
    data["final"]["scores"][next(iter(data["final"]["scores"]))]["total"] = -1    # no game takes points away
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(schema).validate(data)


@pytest.mark.parametrize(("change", "why"), [
    (lambda d: d["setup"].update(boardz=1), "unknown key"),
    (lambda d: d["game"].update(edition="2015"), "no such edition"),
    (lambda d: d.update(position={"players": {}}), "both setup and position"),
    (lambda d: d["log"].update(F1=[]), "no round F1"),
    (lambda d: d["setup"]["goods"].update(Anna=[1, 2]), "three goods"),
    (lambda d: d["setup"]["goods"].update(Anna=[1, 2, 9]), "goods 1-6"),
])
def test_shape_errors_are_refused(change, why) -> None:
    data = _as_json(tomllib.loads((RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml").read_text("utf-8")))
    change(data)
    assert not jsonschema.Draft7Validator(record_schema("castles-of-burgundy")).is_valid(data), why


def test_schema_command_prints_one_game_or_all(cli, tmp_path) -> None:
    one = cli("schema", "robber-knights")
    assert one.exit_code == 0 and json.loads(one.stdout)["title"].startswith("Robber Knights")
    every = json.loads(cli("schema").stdout)
    assert list(every) == list(GAMES)
    assert cli("schema", "chess").exit_code == 2
    assert cli("schema", "--out", str(tmp_path)).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{g}.schema.json" for g in GAMES)


def test_play_and_fmt_keep_the_schema_line(cli, tmp_path) -> None:
    record = tmp_path / "game.toml"
    line = "#:schema ../schemas/castles-of-burgundy.schema.json"
    record.write_text(line + "\n" + (RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml").read_text())
    assert cli("play", str(record), "Anna: buy ship").exit_code == 0
    assert record.read_text().splitlines()[0] == line
    assert cli("fmt", "--write", str(record)).exit_code == 0
    assert record.read_text().splitlines()[0] == line
    assert cli("fmt", str(record)).stdout.splitlines()[0] == line
