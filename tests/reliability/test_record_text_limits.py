"""What a record's header may hold (issue 33, items 19 and 6).

* Item 19: player names, places and events are printable text of bounded length, for both
  games, checked once by the record model (``core.models.printable_text``): NUL, ESC, BEL,
  CR, LF, DEL, C1 controls, U+2028/2029, U+FFFE/FFFF and direction overrides are refused
  with a located error; letters of any script, a no-break space and emoji are text.
* Item 6: ``[game] name`` in any case, with spaces around it, is the game it names, for
  every command (the header resolves it once).
"""

from __future__ import annotations

import json
import re
import shutil

import pytest

from burgundy_cli.core.models import MAX_LABEL, MAX_NAME, printable_text
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.session import open_record
from tests.conftest import RECORDS

CASTLES = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"
KNIGHTS = RECORDS / "robber-knights" / "playout-2-players.toml"

#: Characters that are no text, each with what it does where it is printed or stored.
NOT_TEXT = {
    "\x00": "NUL ends a C string, PostgreSQL refuses it",
    "\x1b": "ESC starts a terminal sequence",
    "\x07": "BEL rings",
    "\r": "CR splits a CSV row",
    "\n": "LF",
    "\t": "TAB",
    "\x7f": "DEL",
    "\x85": "a C1 control (NEL)",
    "\x9b": "a C1 control (CSI)",
    "\u2028": "the line separator",
    "\u2029": "the paragraph separator",
    "\ufffe": "a noncharacter, not XML",
    "\uffff": "a noncharacter, not XML",
    "\u202e": "the right-to-left override",
}


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string, every character that is no text as ``\\uXXXX``."""
    return '"' + "".join(ch if ch.isprintable() and ch not in '"\\' else f"\\u{ord(ch):04x}" for ch in text) + '"'


def _with_header(source, tmp_path, key: str, value: str):
    """A copy of the record ``source`` whose ``[game]`` ``key`` is ``value`` (the first
    player's name when ``key`` is ``players``)."""
    text = source.read_text(encoding="utf-8")
    if key == "players":
        text = re.sub(r'(players = \[\s*)"[^"]*"', lambda found: found.group(1) + _toml_string(value), text, count=1)
    else:
        text = re.sub(rf"^{key} = .*\n", "", text, flags=re.M)
        text = text.replace("[game]\n", f"[game]\n{key} = {_toml_string(value)}\n", 1)
    path = tmp_path / source.name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("char", list(NOT_TEXT), ids=lambda char: f"U+{ord(char):04X}")
@pytest.mark.parametrize("key", ["players", "place", "event"])
@pytest.mark.parametrize("source", [CASTLES, KNIGHTS], ids=["castles", "knights"])
def test_item_19_names_places_and_events_hold_printable_text_only(cli, tmp_path, source, key, char) -> None:
    path = _with_header(source, tmp_path, key, f"An{char}na")
    result = cli("score", str(path))
    assert result.exit_code == 1, result.stdout
    where = "[game] players[0]" if key == "players" else f"[game] {key}"
    message = result.stderr.strip()
    said = "holds a NUL character \\(U\\+0000\\), which no record may hold" if char == "\x00" else \
        rf": character 3 is U\+{ord(char):04X}, which is not printable text .*"  # (a NUL: refused on read, item 5)
    assert re.fullmatch(rf"burgundy: {re.escape(str(path))}:\d+:\d+: invalid record: {re.escape(where)} ?{said}",
                        message), message
    assert "\n" not in message and "\x1b" not in message


@pytest.mark.parametrize("key, limit", [("players", MAX_NAME), ("place", MAX_LABEL), ("event", MAX_LABEL)])
def test_item_19_names_places_and_events_have_a_length_limit(cli, tmp_path, key, limit) -> None:
    for source in (CASTLES, KNIGHTS):
        fits = _with_header(source, tmp_path, key, "x" * limit)
        if key != "players":  # (a name must also be the one the log's lines say)
            assert cli("score", str(fits)).exit_code == 0
        too_long = _with_header(source, tmp_path, key, "x" * (limit + 1))
        result = cli("score", str(too_long))
        assert result.exit_code == 1 and f"at most {limit} characters, not {limit + 1}" in result.stderr


@pytest.mark.parametrize("name", ["Zoë", "Анна", "李娜", "👩\u200d👩\u200d👧", "O'Brien-Smith"])
def test_item_19_text_of_any_script_is_a_name(tmp_path, name) -> None:
    from burgundy_cli.robber_knights import GAME

    data = json.loads(json.dumps(GAME.playout(2, 3)).replace("Anna", name))
    path = tmp_path / "game.toml"
    path.write_text(dump_record(data), encoding="utf-8")
    assert open_record(path).header.players[0] == name


def test_item_19_a_no_break_space_and_a_soft_hyphen_are_text() -> None:
    assert printable_text("Anne\u00a0Marie\u00ad") == "Anne\u00a0Marie\u00ad"


#: Every command that once met the header's name as written (issue 33 item 6).
COMMANDS = [["moves", "--json"], ["show", "--svg", "{out}.svg"], ["show", "--position"], ["chart"],
            ["export", "csv"], ["undo"], ["play", "{legal}"], ["play", "--json", "{legal}"], ["score"], ["fmt"]]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: " ".join(args))
@pytest.mark.parametrize("source, spelling", [(CASTLES, "Castles-Of-Burgundy  "), (KNIGHTS, " ROBBER-Knights")],
                         ids=["castles", "knights"])
def test_item_6_the_game_s_name_in_any_case_and_spacing_serves_every_command(cli, tmp_path, source, spelling,
                                                                              args) -> None:
    path = tmp_path / source.name
    if source is KNIGHTS:  # (a game under way: a line is due)
        from burgundy_cli.robber_knights import GAME

        path.write_text(dump_record(GAME.playout(2, 1, stop_after=6)), encoding="utf-8")
    else:
        shutil.copy(source, path)
    legal = open_record(path).legal_moves().moves[0] if "{legal}" in args else ""
    text = path.read_text(encoding="utf-8")
    name = re.search(r'^name = "([^"]*)"', text, flags=re.M).group(1)
    path.write_text(text.replace(f'name = "{name}"', f'name = "{spelling}"', 1), encoding="utf-8")
    args = [arg.format(out=tmp_path / "out", legal=legal) for arg in args]
    result = cli(*args[:1 + (args[0] == "export")], str(path), *args[1 + (args[0] == "export"):])
    assert result.exit_code == 0, result.stderr
    assert "internal error" not in result.stderr
