"""The hex-tile catalogue: canonical tile names, their type and colour, and how many exist.

A tile is named by its *kind*: ``castle``, ``mine``, ``ship``, ``cow2``..``chicken4`` (animal
and number of animals), the eight buildings (``warehouse``, ``carpenter``, ``church``,
``market``, ``boarding-house``, ``bank``, ``city-hall``, ``watchtower``) and ``k1``..``k26``
for the yellow knowledge (monastery) tiles. Kinds come from ``data/tiles.json``; the
catalogue is built on first use and cached.

Colours are one-letter codes shared with :mod:`burgundy_cli.castles.rules.boards`:
``C`` dark green (castle), ``S`` blue (ship), ``M`` grey (mine), ``L`` light green (animal),
``B`` beige (building), ``Y`` yellow (knowledge).

The 2019 modules add kinds from ``data/modules.json``: the inn (outside the piles), the
extra tiles ``k27``, ``k28``, ``crane`` (a building) and ``geese`` (livestock), the
``white-castle`` (a building) and ``k29``.

>>> resolve_tile_name("Yellow 16"), resolve_tile_name("cow 3"), resolve_tile_name("townhall")
('k16', 'cow3', 'city-hall')
>>> tile("k22").number, tile("sheep4").animals, tile("ship").colour
(22, 4, 'S')
"""

from __future__ import annotations

import json
import re
from functools import cache

from burgundy_cli.core.data import package_text
from dataclasses import dataclass

#: Colour code -> tile type, and the rulebook's name for a connected area of that colour.
#: ``I``: the inn of the 2019 inns module, which goes on a space of any colour (it has no colour of its own).
COLOUR_TYPE = {"C": "castle", "S": "ship", "M": "mine", "L": "animal", "B": "building", "Y": "knowledge", "I": "inn"}
COLOUR_NAME = {"C": "dark-green", "S": "blue", "M": "grey", "L": "light-green", "B": "beige", "Y": "yellow",
               "I": "any-colour", "X": "black"}
TYPE_COLOUR = {kind: code for code, kind in COLOUR_TYPE.items()}
ANIMALS = ("cow", "pig", "sheep", "chicken")
BUILDINGS = ("warehouse", "carpenter", "church", "market", "boarding-house", "bank", "city-hall", "watchtower")
#: Knowledge tiles 16-23 score 4 VP per building of this type at the end.
KNOWLEDGE_BUILDING = dict(zip(range(16, 24), ("warehouse", "watchtower", "carpenter", "church", "market",
                                               "boarding-house", "bank", "city-hall")))


@dataclass(frozen=True, slots=True)
class TileKind:
    """One kind of hex tile and how many of it the game holds.

    ``coloured``/``black``: copies with a coloured back (drawn for the numbered depots)
    and with a black back (drawn for the black depot). ``module``: the 2019 module the
    kind belongs to (``inn``: ``inns``; ``crane``: ``extra-tiles``; ``white-castle``:
    ``white-castles``), None for the base game's; ``count``: how many tiles a module keeps
    outside the piles (the inns; 0 for a module's tiles shuffled into the piles, which
    have backs like the base game's and are in the supply only when the module is on).
    """

    name: str
    type: str
    colour: str
    coloured: int
    black: int
    animal: str | None = None
    animals: int = 0
    building: str | None = None
    number: int | None = None
    module: str | None = None
    count: int = 0

    def in_game(self, modules: tuple[str, ...] | frozenset[str]) -> bool:
        """Whether a game playing ``modules`` (2011: none) has this kind: a base game's tile
        always, a 2019 module's only with its module (``cob.module.off`` refuses it otherwise)."""
        return self.module is None or self.module in modules


def load_json(name: str) -> dict:
    """One of the package's data files, parsed (its callers keep what they read with
    ``functools.cache``: each file is read once a process)."""
    return json.loads(package_text("burgundy_cli.castles.data", name))  # type: ignore[no-any-return]


@cache
def _data() -> dict:
    return load_json("tiles.json")


@cache
def catalogue() -> dict[str, TileKind]:
    """Every tile kind by canonical name (cached)."""
    kinds: dict[str, TileKind] = {}
    for name, entry in _data()["kinds"].items():
        kind_type = entry["type"]
        extra: dict = {}
        if kind_type == "animal":
            match = re.fullmatch(r"([a-z]+)(\d)", name)
            extra = {"animal": match.group(1), "animals": int(match.group(2))}
        elif kind_type == "building":
            extra = {"building": name}
        elif kind_type == "knowledge":
            extra = {"number": int(name[1:])}
        kinds[name] = TileKind(name, kind_type, TYPE_COLOUR[kind_type], entry["coloured"], entry["black"], **extra)
    for name, entry in load_json("modules.json")["kinds"].items():
        kind_type = entry["type"]
        extra = ({"animal": name, "animals": entry["animals"]} if kind_type == "animal"
                 else {"building": name} if kind_type == "building"
                 else {"number": int(name[1:])} if kind_type == "knowledge" else {})
        kinds[name] = TileKind(name, kind_type, TYPE_COLOUR.get(kind_type, "X"), entry.get("coloured", 0),
                               entry.get("black", 0), module=entry["module"], count=entry.get("count", 0), **extra)
    return kinds


def outside_piles(kind: TileKind) -> bool:
    """A module's tile that is never shuffled into the face-down piles (the inn): its module
    counts it. A module's tile with backs (the crane, the white castles) lies in the piles
    like a base-game tile, but only in a game with its module."""
    return kind.module is not None and kind.count > 0


def tile(name: str) -> TileKind:
    """The kind named ``name`` (canonical); KeyError when unknown."""
    return catalogue()[name]


def knowledge_text(number: int, edition: str) -> str:
    """The effect of knowledge tile ``number`` in ``edition`` ('2011' or '2019'; a 2019
    module's tile, 27-29, has one text)."""
    texts = _data()["knowledge"].get(str(number))
    return texts[edition] if texts is not None else load_json("modules.json")["kinds"][f"k{number}"]["text"]


def area_vp(size: int) -> int:
    """VP for completing an area of ``size`` spaces (1, 3, 6, ... 36)."""
    return _data()["area_vp"][min(size, 8) - 1]


def sale_vp(players: int) -> int:
    """VP per goods tile sold with ``players`` players (2/3/4; the 2019 solo game plays by the 2-player rules)."""
    return _data()["sale_vp"][str(max(players, 2))]


def bonus_vp(players: int, large: bool) -> int:
    """VP of a large/small colour bonus tile with ``players`` players."""
    return _data()["bonus_vp"][str(max(players, 2))]["large" if large else "small"]


GOODS_PER_TYPE = 7
PHASE_BONUS = (10, 8, 6, 4, 2)


_ALIASES = {
    "carpenters": "carpenter", "carpentersworkshop": "carpenter", "carpenterworkshop": "carpenter",
    "workshop": "carpenter", "boardinghouse": "boarding-house",
    "cityhall": "city-hall", "townhall": "city-hall", "hall": "city-hall", "tower": "watchtower",
    "marketplace": "market",  # 'market place', as players call the building's tile
    "warehouses": "warehouse", "storehouse": "warehouse",
    "chickens": "chicken", "hen": "chicken", "cows": "cow", "pigs": "pig",
    "castles": "castle", "mines": "mine", "ships": "ship", "boat": "ship",
    "whitecastle": "white-castle", "white": "white-castle", "goose": "geese", "cranes": "crane",
    "blackhex": "black-hex",  # 2019 solo game: a black-depot tile placed face down
}
_KNOWLEDGE_WORDS = ("k", "y", "yellow", "knowledge", "monastery", "kn", "mon")


_SQUASHED = re.compile(r"[\s_\-'’.]+")
_NAME_NUMBER = re.compile(r"([a-z]+?)([0-9]{1,3})")


def _squash(text: str) -> str:
    return _SQUASHED.sub("", text.strip().lower())


@cache
def _buildings_by_squashed_name() -> dict[str, str]:
    """Each building's squashed name -> the building (the first listed, should two squash alike)."""
    found: dict[str, str] = {}
    for name in BUILDINGS:
        found.setdefault(_squash(name), name)
    return found


def resolve_tile_name(text: str) -> str | None:
    """The canonical tile name ``text`` stands for, or None.

    Accepts case and spacing variants and common aliases: ``Yellow16``, ``monastery 16``,
    ``knowledge16``, ``k16``, ``cow 3``, ``boarding house``, ``townhall``,
    ``carpenter's workshop``.

    >>> [resolve_tile_name(t) for t in ("k16", "monastery 16", "Cow 3", "carpenter's workshop", "nope")]
    ['k16', 'k16', 'cow3', 'carpenter', None]
    """
    word = _squash(text)
    kinds = catalogue()
    if word in kinds:
        return word
    match = _NAME_NUMBER.fullmatch(word)
    if match:
        head, number = match.group(1), int(match.group(2))
        if head in _KNOWLEDGE_WORDS:
            return f"k{number}" if f"k{number}" in kinds else None
        head = _ALIASES.get(head, head)
        if head in ANIMALS:
            name = f"{head}{number}"
            return name if name in kinds else None
        return None
    word = _ALIASES.get(word, word)
    if word in kinds:
        return word
    return _buildings_by_squashed_name().get(word)


@cache
def _spellings() -> tuple[tuple[str, str], ...]:
    """Every squashed spelling the resolver reads whole, without a number -> its tile: the
    catalogue's names, the buildings' names and the aliases (``townhall``: city-hall)."""
    found = [(name.replace("-", ""), name) for name in catalogue()]
    found += [(squashed, name) for squashed, name in _buildings_by_squashed_name().items()]
    found += [(alias, name) for alias, name in _ALIASES.items() if name in catalogue()]  # ('cows': a head, no tile)
    return tuple(found)


def tile_names_begun(text: str) -> list[str]:
    """The tiles a spelling :func:`resolve_tile_name` reads begins with ``text`` (case and
    spacing aside), in the catalogue's order: ``town h`` begins ``town hall`` (city-hall),
    ``boa`` begins ``boat`` (ship) and ``boarding house``. Empty for an empty ``text``.

    >>> tile_names_begun("town"), tile_names_begun("boarding h"), tile_names_begun("boa")
    (['city-hall'], ['boarding-house'], ['boarding-house', 'ship'])
    """
    word = _squash(text)
    if not word:
        return []
    begun: list[str] = []
    for spelling, name in _spellings():
        if spelling.startswith(word) and name not in begun:
            begun.append(name)
    return begun


def suggest_tile_name(text: str, modules: tuple[str, ...] | None = None) -> str | None:
    """The closest tile name to a misspelt ``text`` (for "did you mean"), or None: a name, or
    a word and number (``yelow 4``: ``k4``; ``cwo 3``: ``cow3``); a numbered kind's word
    alone (``knowlege``) gives its form with a placeholder (``knowledge <number>``). Given the
    ``modules`` a record plays (a 2011 record: none), no tile of another module is offered
    (``black`` in a 2011 record is not "did you mean 'black-hex'?", the 2019 solo game's tile).

    >>> suggest_tile_name("chruch"), suggest_tile_name("watchtowr"), suggest_tile_name("yelow 4")
    ('church', 'watchtower', 'k4')
    >>> suggest_tile_name("knowlege")
    'knowledge <number>'
    """
    from difflib import get_close_matches

    word = _squash(text)
    numbered = [*_KNOWLEDGE_WORDS, *ANIMALS, *(alias for alias, name in _ALIASES.items() if name in ANIMALS)]
    kinds = catalogue()

    def played(name: str | None) -> bool:
        kind = kinds.get(_ALIASES.get(name, name)) if name is not None else None
        return modules is None or kind is None or kind.in_game(modules)

    match = _NAME_NUMBER.fullmatch(word)
    if match:
        close = get_close_matches(match.group(1), numbered, n=1, cutoff=0.6)
        name = resolve_tile_name(close[0] + match.group(2)) if close else None
        return name if played(name) else None
    names = [name for name in [*kinds, *_ALIASES] if played(name)]
    close = get_close_matches(word, names + numbered, n=1, cutoff=0.6)
    if not close:
        return None
    if close[0] in numbered and close[0] not in names:
        head = "knowledge" if close[0] in _KNOWLEDGE_WORDS else _ALIASES.get(close[0], close[0])
        return f"{head} <number>"
    return _ALIASES.get(close[0], close[0]) if close[0] in _ALIASES else close[0]
