"""Issue 33 item 11: a picture is well-formed XML whatever text it shows.

A record's names cannot hold control characters or U+FFFE/U+FFFF any more (item 19), but
the picture builder must not rely on it: every text it writes goes through
``core.svg.escape``, which writes a character XML cannot hold as U+FFFD.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ElementTree

import pytest

from burgundy_cli.core.pictures import position_json
from burgundy_cli.robber_knights.svg import picture
from tests.conftest import RECORDS

#: Characters XML 1.0 cannot hold, even as a reference, and some it can but a terminal obeys.
HOSTILE = "\x00\x01\x07\x08\x0b\x0c\x1b[31m\x7f\x85\ufffe\uffff<&>\"'\u2028"


def _renamed(value, old: str, new: str):
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, list):
        return [_renamed(item, old, new) for item in value]
    if isinstance(value, dict):
        return {_renamed(key, old, new): _renamed(item, old, new) for key, item in value.items()}
    return value


@pytest.mark.parametrize("char", sorted(set(HOSTILE)), ids=lambda char: f"U+{ord(char):04X}")
def test_item_11_names_with_any_character_give_well_formed_svg(char) -> None:
    position = position_json(str(RECORDS / "robber-knights" / "playout-2-players.toml"))
    hostile = _renamed(copy.deepcopy(position), "red", f"r{char}ed")
    text = picture(hostile, f"title {char}")
    root = ElementTree.fromstring(text)  # raises on text that is not well-formed
    assert root.tag.endswith("svg")
    if char in "<&>\"'":
        assert f"r{char}ed" in "".join(root.itertext()) + "".join(v for e in root.iter() for v in e.attrib.values())
