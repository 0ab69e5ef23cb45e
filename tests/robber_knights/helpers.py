"""Building Robber Knights sessions from small typed positions, for the tests."""

from __future__ import annotations

from typing import Any

from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc
from burgundy_cli.robber_knights.session import RobberKnightsSession


def record_text(tiles: list[str], hands: dict[str, list[str]], to_move: str = "red",
                players: tuple[str, ...] = ("red", "blue"), moves: list[str] | None = None,
                options: dict[str, Any] | None = None) -> str:
    """TOML of a position record with optional moves."""
    game: dict[str, Any] = {"name": "robber-knights", "players": list(players)}
    if options:
        game["options"] = options
    data: dict[str, Any] = {"game": game, "position": {"to-move": to_move, "tiles": tiles, "hands": hands}}
    if moves:
        data["play"] = {"moves": moves}
    return dump_record(data)


def position(tiles: list[str], hands: dict[str, list[str]], **kwargs: Any) -> RobberKnightsSession:
    """An opened session of the position (see :func:`record_text`)."""
    return open_doc(parse_record_text(record_text(tiles, hands, **kwargs), "test.toml"))


def open_text(text: str, name: str = "test.toml") -> RobberKnightsSession:
    """An opened session of record text."""
    return open_doc(parse_record_text(text, name))


#: A dealt 2-player start: the layout fills f6, g6, f7, g7.
SETUP = """\
[game]
name = "robber-knights"
players = ["red", "blue"]

[setup]
layout = ["red:castle-plain blue:plain", "blue:lake red:village-forest"]

[setup.hands]
red = ["castle-plain", "town-plain"]
blue = ["castle-forest", "mountains"]
"""


#: A small 2-player landscape (red to move) used by many rule tests::
#:
#:         e      f      g      h
#:    5    L      M      P      VF
#:    6    P      VP     TP     CF:BBBB
#:    7    VF     P      M      P
BASE_TILES = [
    "e5 red:lake", "f5 red:mountains", "g5 blue:plain", "h5 blue:village-forest",
    "e6 red:plain", "f6 red:village-plain", "g6 blue:town-plain", "h6 blue:castle-forest knights blue,blue,blue,blue",
    "e7 red:village-forest", "f7 blue:plain", "g7 blue:mountains", "h7 red:plain",
]
BASE_HANDS = {"red": ["castle-plain", "village-plain"], "blue": ["castle-forest", "plain"]}


def base(**kwargs: Any) -> RobberKnightsSession:
    """A session of the base landscape."""
    return position(BASE_TILES, BASE_HANDS, **kwargs)
