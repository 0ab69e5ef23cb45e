"""Robber Knights notation: one line per action, player first; lenient reader, strict writer.

Canonical forms (what :func:`format_command` writes)::

    red: lay castle-plain e4 knights 4 east leave 1,2,1
    red: lay castle-forest c3 knights 2
    red: lay plain f7
    red: draw village-forest
    red: end

The reader also accepts any case, missing colon (``red lay cp e4``), tile codes (``cp``,
``vf``, ``m``...), reversed or slashed tile names (``plain/castle``), direction letters and
words (``e``, ``right``), ``k 4`` for ``knights 4``, ``leave 1 2 1`` or ``1-2-1``, commas between
words (``cp e4, knights 4``), full-width forms (``ｌａｙ ｃｐ ｅ４``: :func:`read_lenient`), and a
trailing ``# comment``. Only syntax is checked here; the position is the engine's business.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container
from dataclasses import replace
from functools import cache
from typing import Any

from burgundy_cli.core.errors import Location, ParseError
from burgundy_cli.core.words import normalised, read_either_form
from burgundy_cli.robber_knights.commands import STEPS, DrawCommand, EndCommand, LayCommand
from burgundy_cli.robber_knights.components import components
from burgundy_cli.robber_knights.state import cells_by_name, grid_bounds

Command = LayCommand | DrawCommand | EndCommand

_VERBS = {
    **dict.fromkeys(("lay", "lays", "l", "play", "place", "put"), "lay"),
    **dict.fromkeys(("draw", "draws", "d", "take", "pick", "pickup"), "draw"),
    **dict.fromkeys(("end", "ends", "pass", "done", "stop", "end-turn"), "end"),
}
_DIRECTIONS = {
    **dict.fromkeys(("n", "north", "up"), "north"),
    **dict.fromkeys(("e", "east", "right"), "east"),
    **dict.fromkeys(("s", "south", "down"), "south"),
    **dict.fromkeys(("w", "west", "left"), "west"),
}
#: Diagonal directions a walk is written with by mistake: the knights move "in a straight line
#: in one of the possible directions (not diagonally)" (rulebook, 'Moving the knights').
_DIAGONALS = {"ne", "nw", "se", "sw", "northeast", "northwest", "southeast", "southwest", "north-east",
              "north-west", "south-east", "south-west", "diagonal", "diagonally"}
#: Actions a line is written with by mistake: knights move only as they come into play, with
#: the castle laid ("After that, they are not moved again": rulebook, 'Moving the knights').
_KNIGHTS_MOVED = {"move", "moves", "march", "marches", "walk", "walks"}
_KNIGHTS = {"knights", "knight", "k", "kn"}
_LEAVE = {"leave", "leaving", "left"}
_FILLER = {"on", "at", "to", "move", "moving", "then", "and", "with"}
_CELL = re.compile(r"^[a-z][1-9][0-9]?$")
_NUMBER = re.compile(r"^\d+$")
#: A word: commas inside it stay (``leave 1,2,1``), a comma before a space is a separator
#: (``lay cp e4, knights 4``).
_TOKEN = re.compile(r"[^\s,]+(?:,[^\s,]+)*")
_TILE_SEPARATORS = re.compile(r"[\s_/]+")
_LEAVE_LIST = re.compile(r"[\d,\-]+")
_LEAVE_SEPARATOR = re.compile(r"[,\-]")


@cache
def tile_aliases() -> dict[str, str]:
    """Every accepted spelling of a tile (already normalised) -> its canonical name."""
    aliases: dict[str, str] = {}
    for tile in components().tiles.values():
        aliases[tile.name] = tile.name
        aliases[tile.code] = tile.name
        if tile.building:
            aliases[f"{tile.terrain}-{tile.building}"] = tile.name
    aliases["mountain"] = aliases["mtn"] = "mountains"
    return aliases


def _normalise_tile(text: str) -> str:
    return _TILE_SEPARATORS.sub("-", text.strip().lower())


def tile_name(text: str, column: int | None = None) -> str:
    """The canonical tile name for ``text``.

    :raises ParseError: unknown name, with the closest valid one as a hint.
    """
    found = tile_aliases().get(text) or tile_aliases().get(key := _normalise_tile(text))
    if found:
        return found
    names = list(components().tiles)
    if key in ("village", "castle", "town"):
        hint = f"say which: {key}-plain or {key}-forest"
    elif key == "forest":   # (a plain may be bare: a tile of its own; no forest is)
        hint = ("say which: village-forest, castle-forest or town-forest; \"all forest tiles show buildings "
                "as well\" [Robber Knights rulebook, 'Playing equipment']")
    else:
        from difflib import get_close_matches  # only for a hint: imported when one is needed

        close = get_close_matches(key, list(tile_aliases()), n=1, cutoff=0.5)
        hint = f"did you mean '{tile_aliases()[close[0]]}'?" if close else "tiles: " + ", ".join(names)
    raise ParseError(f"unknown tile '{text}'", location=Location(column=column), hint=hint)


def _two_word_tile(args: list[tuple[str, int]], index: int) -> str | None:
    """The tile named by the words ``index`` and ``index + 1`` of ``args`` together
    (``town forest``, ``castle plain``), or None when they name none."""
    if index + 1 >= len(args):
        return None
    return tile_aliases().get(_normalise_tile(f"{args[index][0]} {args[index + 1][0]}"))


#: The player the reader's examples name when it has no record to take a name from.
EXAMPLE_PLAYER = "red"


def parse_line(text: str, example: str = EXAMPLE_PLAYER) -> Command:
    """Read one notation line into a command (syntax only).

    A line spelled exactly as :func:`format_command` writes it (every line of a record the
    tool wrote) is read word by word (:func:`read_canonical`); any other spelling by the
    lenient reader.

    ``example``: the player the refusals' examples name (a session passes the player to
    move; a bare parse names a neutral ``red``).

    :raises ParseError: quoting the offending token, with its 1-based column.

    >>> format_command(parse_line("Red lay CP e4 k 4 right leave 1 2 1  # first castle"))
    'Red: lay castle-plain e4 knights 4 east leave 1,2,1'
    """
    cmd = read_canonical(text)
    return read_lenient(text, example) if cmd is None else cmd


def _canonical_words() -> tuple[Any, ...]:
    """What the canonical spelling allows word by word: the tile names, the cell names, the
    knight counts (``1`` up to what a player has) and the counts left on a tile (``0`` to
    ``99``), counts without leading zeros."""
    counts = {str(number): number for number in range(100)}
    most = components().knights_per_player
    knights = {text: number for text, number in counts.items() if 0 < number <= most}
    return frozenset(components().tiles), cells_by_name(), knights, counts


_WORDS: tuple[Any, ...] | None = None  # _canonical_words() once made: a global read, not a call a line


def _load_words() -> tuple[Any, ...]:
    global _WORDS
    _WORDS = _canonical_words()
    return _WORDS


def read_canonical(text: str, players: Container[str] = ()) -> Command | None:
    """The command of a line spelled exactly as :func:`format_command` writes it, else None.

    The fast path of :func:`parse_line`, read word by word (single spaces, no comment):
    it gives the command the lenient reader gives, and leaves every other line (other
    spellings, counts out of range, errors) to that reader. The player is what the lenient
    reader takes before its colon, stripped: no colon or ``#``, no surrounding space, at
    most 40 characters -- as every name in ``players`` is (a record's players, which its
    header check holds to that), so those are not checked again.
    """
    player, colon, rest = text.partition(": ")
    if not colon:
        return None
    if player not in players and (not 0 < len(player) <= 40 or player.strip() != player or ":" in player
                                  or "#" in player):
        return None
    words = rest.split(" ")
    count = len(words)
    tiles, cells, knight_counts, counts = _WORDS or _load_words()
    verb = words[0]
    if verb == "lay":
        if count == 3:
            if words[1] not in tiles or words[2] not in cells:
                return None
            return LayCommand(player=player, tile=words[1], cell=words[2])
        if count != 5 and count != 8 or words[1] not in tiles or words[2] not in cells or words[3] != "knights":
            return None
        knights = knight_counts.get(words[4])
        if knights is None:
            return None
        if count == 5:
            return LayCommand(player=player, tile=words[1], cell=words[2], leave=(knights,))
        left = tuple(counts.get(number, -1) for number in words[7].split(","))
        if words[5] not in STEPS or words[6] != "leave" or len(left) < 2 or -1 in left or sum(left) != knights \
                or not left[-1]:   # a walk ending on a tile it leaves none on: the lenient reader's refusal
            return None
        return LayCommand(player=player, tile=words[1], cell=words[2], direction=words[5], leave=left)
    if count == 2 and verb == "draw":
        return DrawCommand(player=player, tile=words[1]) if words[1] in tiles else None
    return EndCommand(player=player) if count == 1 and verb == "end" else None


def read_lenient(text: str, example: str = EXAMPLE_PLAYER) -> Command:
    """Read a line in any accepted spelling (see the module docstring); ``example``: the
    player the refusals' examples name.

    The line is read in Unicode NFKC (``core.words.normalised``, as the Castles reader reads
    it): the full-width letters, digits and punctuation a phone or an East-Asian keyboard
    types (``ｌａｙ ｃｐ ｅ４``, ``：``, ``，``) are their ASCII forms, and a refusal's column is
    the typed character's. The player's name is taken as typed, for the record's players to
    match (``core.words.player_key``); a name holding a full-width mark (``a：b: end``)
    reads when the line as typed does.

    :raises ParseError: quoting the offending token, with its 1-based column.

    >>> format_command(read_lenient("Ｒｅｄ： ｌａｙ ｃｐ ｅ４ ｋ ２"))
    'Ｒｅｄ: lay castle-plain e4 knights 2'
    """
    normal, where = normalised(text)
    if where is None:
        return _read(text, example)
    def as_typed(start: int, end: int) -> str:  # (the player's name as typed)
        return text[where[start][0]:where[end - 1][1]]

    try:
        return read_either_form(lambda: _read(normal, example, as_typed), lambda: _read(text, example))
    except ParseError as err:
        raise _at_typed(err, where, len(text)) from None


def _at_typed(err: ParseError, where: list[tuple[int, int]], length: int) -> ParseError:
    """``err``, raised reading a line in NFKC, its column the typed character's (``where``,
    ``core.words.normalised``'s; ``length``: the line's as typed)."""
    location = err.location
    if location is None or not location.column:
        return err
    column = where[location.column - 1][0] + 1 if location.column <= len(where) else length + 1
    err.location = replace(location, column=column)
    return err


def _read(text: str, example: str, typed: Callable[[int, int], str] | None = None) -> Command:
    """:func:`read_lenient` of ``text``; ``typed``: the text typed where the characters
    ``start:end`` of ``text`` stand (the player's name as typed, when ``text`` is the NFKC
    of the line typed)."""
    body = text.split("#", 1)[0]
    colon = body.find(":")
    if colon >= 0:
        named = body[:colon]
        player, rest, offset = named.strip(), body[colon + 1:], colon + 1
        if not player:
            raise ParseError("a line starts with the player's name", location=Location(column=1),
                             hint=f"e.g. '{example}: lay plain f7'")
        start = len(named) - len(named.lstrip())
        tokens = [(m.group(), m.start() + offset + 1) for m in _TOKEN.finditer(rest)]
    else:
        tokens = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(body)]
        if not tokens:
            raise ParseError("empty line: expected '<player>: lay|draw|end ...'", location=Location(column=1))
        player, start = tokens.pop(0)
        start -= 1
        if player.lower() in _KNIGHTS_MOVED and tokens and tokens[0][0].lower() not in _VERBS:
            raise _knights_moved(player, start + 1, example)   # (no name: 'move f5 east')
        if player.lower() in _VERBS and not (tokens and tokens[0][0].lower() in _VERBS):
            raise _unnamed(body, start + 1, example)            # (no name: 'lay cp d6', 'end')
    if typed is not None:
        player = typed(start, start + len(player))
    if len(player) > 40:
        raise ParseError(f"player name '{player[:40]}...' is too long", location=Location(column=1))
    if not tokens:
        raise ParseError(f"expected an action after '{player}': lay, draw or end",
                         location=Location(column=len(body.rstrip()) + 1))
    word, column = tokens[0]
    verb = _VERBS.get(word.lower())
    if verb is None and word.lower() in _KNIGHTS_MOVED:
        raise _knights_moved(word, column, example)
    if verb is None:
        from difflib import get_close_matches  # only for a hint: imported when one is needed

        close = get_close_matches(word.lower(), list(_VERBS), n=1)
        raise ParseError(f"unknown action '{word}'", location=Location(column=column),
                         hint=f"did you mean '{_VERBS[close[0]]}'?" if close else "actions: lay, draw, end")
    args = tokens[1:]
    if verb == "end":
        _no_more(args, 0)
        return EndCommand(player=player)
    if verb == "draw":
        if not args:
            raise ParseError("draw needs the tile drawn", location=Location(column=column + len(word) + 1),
                             hint=f"e.g. '{example}: draw village-forest'")
        tile = _two_word_tile(args, 0)
        _no_more(args, 1 if tile is None else 2)
        return DrawCommand(player=player, tile=tile or tile_name(*args[0]))
    return _parse_lay(player, args, len(body.rstrip()) + 1, body, example)


def _walk_hint(knights: int) -> str:
    """The hint to ``knights N DIR`` typed without ``leave``: a list of counts that adds up to
    the ``knights`` typed (the castle first, 1 and 2 in turn), as the reader then requires
    (``knights 2 east`` was told "e.g. 'leave 1,2,1'", 4 knights, refused in turn); one
    knight walks nowhere (a walk leaves knights on two tiles or more): it stays on its castle."""
    if knights < 2:
        return "1 knight stays on its castle: 'knights 1' without a direction"
    counts: list[int] = []
    while sum(counts) < knights:
        counts.append(min(2 if len(counts) % 2 else 1, knights - sum(counts)))
    return f"add e.g. 'leave {','.join(map(str, counts))}' (the castle first; {knights} in all)"


def _unnamed(body: str, column: int, example: str) -> ParseError:
    """The refusal of a line that starts with its action (``lay cp d6``, ``end``), read alone:
    the action's word is no player's name, and the word after it no action (``pass lay ...``
    reads as a player named Pass). At the table and for ``burgundy check`` such a line is
    the player to move's (``core.verdicts.as_typed`` reads it again with that name); this is
    what is said when there is none (the game over), the line with a name as its hint
    (``example``: the player to move), not "unknown action 'cp'"."""
    return ParseError("a line starts with the player's name", location=Location(column=column),
                      hint=f"e.g. '{example}: {body.strip()}'")


def _knights_moved(word: str, column: int, example: str) -> ParseError:
    """The refusal of ``word`` (``move``, ``walk``...) at ``column`` as a line's action: knights
    walk only as part of their castle's lay ("After that, they are not moved again during the
    course of play": rulebook, 'Moving the knights'); ``example``: the player the hint names."""
    return ParseError(f"'{word}': knights are moved only as they come into play, with the castle laid",
                      location=Location(column=column),
                      hint=f"after that they are not moved again; a walk is part of the lay, e.g. "
                           f"'{example}: lay castle-plain e4 knights 4 east leave 1,2,1'")


def canonical_start(typed: str) -> str:
    """The start of a canonical line that ``typed``, the start of a line in a spelling the
    reader takes (one space between words), reads as so far: each whole word spelled as
    :func:`format_command` writes it, the word being typed (the last) left as it is.

    Tab completion matches the legal lines on their start, so a start typed as the reader
    allows (no colon, a tile's code, ``l`` for lay, ``k`` for knights, a direction's letter,
    full-width forms: :func:`read_lenient`) finds them too.

    >>> canonical_start("red l cp e7 k 2 e")
    'red: lay castle-plain e7 knights 2 e'
    >>> canonical_start("lay tf ")
    'lay town-forest '
    >>> canonical_start("ｌ ｃｐ ｅ７ ｋ")
    'lay castle-plain e7 k'
    """
    *whole, last = normalised(typed)[0].split(" ")
    words: list[str] = []
    verb = direction = None
    for word in whole:
        low = word.lower()
        if verb is None:
            if low in _VERBS:
                verb = _VERBS[low]
                words.append(verb)
            else:
                words.append(word if word.endswith(":") else f"{word}:")
        elif low in _FILLER:
            continue
        elif low in _KNIGHTS:
            words.append("knights")
        elif low in _DIRECTIONS and direction is None:
            direction = _DIRECTIONS[low]
            words.append(direction)
        elif low in _LEAVE:
            words.append("leave")
        else:
            words.append(tile_aliases().get(_normalise_tile(low), _LEAVE_SEPARATOR.sub(",", low)))
    return " ".join(words + [last])


def blamed_column(text: str, blamed: str) -> int | None:
    """The column of the word of the typed line ``text`` that a refusal blames
    (:attr:`~burgundy_cli.core.errors.IllegalMoveError.blamed`), as the reader reads its
    words: ``player`` (the player's name: a line out of turn), the action (``lay``, ``draw``,
    ``end``), a tile (by any of its spellings), a cell, ``knights`` (the number of knights
    placed) or ``leave:N`` (the count left on the Nth tile of the walk, 0 the castle; the
    number of knights placed when no list is typed). None when no word reads so; a
    full-width line's column is the typed character's.

    >>> blamed_column("red lay cp e4 k 3 east leave 1,2", "leave:1")
    32
    >>> blamed_column("red: lay castle plain e4 knights 5", "knights"), blamed_column("red l cp e4", "castle-plain")
    (34, 7)
    >>> blamed_column("  Ben: end", "player")
    3
    """
    normal, where = normalised(text)
    body = normal.split("#", 1)[0]
    if blamed == "player":   # (the name starts the line, before its colon or as its first word)
        column: int | None = len(body) - len(body.lstrip()) + 1
    else:
        colon = body.find(":")
        start = colon + 1 if colon >= 0 else 0
        tokens = [(m.group(), m.start() + start + 1) for m in _TOKEN.finditer(body[start:])]
        if colon < 0:
            tokens = tokens[1:]   # (the player's name)
        column = _blamed_token(tokens, blamed)
    if column is None or where is None:
        return column
    return where[column - 1][0] + 1 if column <= len(where) else None


def _blamed_token(tokens: list[tuple[str, int]], blamed: str) -> int | None:
    """:func:`blamed_column` among the words (each with its column) after the player's name."""
    lows = [word.lower() for word, _ in tokens]
    if blamed in ("lay", "draw", "end"):
        return next((column for low, (_, column) in zip(lows, tokens) if _VERBS.get(low) == blamed), None)
    if blamed in cells_by_name():
        return next((column for low, (_, column) in zip(lows, tokens) if low == blamed), None)
    if blamed in components().tiles:
        for at, (word, column) in enumerate(tokens[1:], 1):
            if tile_aliases().get(_normalise_tile(word)) == blamed or _two_word_tile(tokens, at) == blamed:
                return column
        return None
    counts: list[int] = []   # the columns of the numbers of the 'leave' list, castle first
    knights = None
    for at, low in enumerate(lows):
        if low in _KNIGHTS and at + 1 < len(tokens) and _NUMBER.match(lows[at + 1]):
            knights = tokens[at + 1][1]
        elif low in _LEAVE and not counts:
            for word, column in tokens[at + 1:]:
                if not _LEAVE_LIST.fullmatch(word):
                    break
                counts.extend(column + item.start() for item in re.finditer(r"\d+", word))
    step = int(blamed.removeprefix("leave:")) if blamed.startswith("leave:") else None
    if step is not None and step < len(counts):
        return counts[step]
    return knights if knights is not None else (counts[0] if counts else None)


def _no_more(args: list[tuple[str, int]], expected: int) -> None:
    if len(args) > expected:
        word, column = args[expected]
        raise ParseError(f"unexpected '{word}' at the end of the line", location=Location(column=column))


def _knight_count(word: str, column: int, rule_id: str = "rk.knights.five") -> int:
    """A number of knights as written; no player has more, so larger numbers are refused here,
    the hint the rule that bounds the count where it stands (``rule_id``: the knights placed
    on a castle, five; a count left on a tile, four), with its rulebook passage: what a count
    that may stand is."""
    from burgundy_cli.robber_knights.rules import rule

    box = components()
    most = box.knights_per_player
    if len(word) > len(str(most)) or int(word) > most:
        bound = rule(rule_id)
        limit = f"a castle takes at most {box.max_knights_per_castle} as it is laid" if rule_id == "rk.knights.five" \
            else f"a tile holds at most {box.max_knights_per_tile}"
        raise ParseError(f"'{word[:12]}' knights: a player has only {most}", location=Location(column=column),
                         hint=f'{limit}: "{bound.text}" [{bound.ref}]')
    return int(word)


def _empty_leave_item(body: str, start: int, end: int) -> None:
    """Refuse a ``leave`` list with an empty item (``1,,3``, ``,1,3``, ``1-3-``), which the
    tokens alone would read as ``1,3``: ``body[start:end]`` is the list as typed, after the
    word ``leave``. Every separator needs a count before it, and one after it too -- except a
    comma followed by a space and another word, which separates clauses (``leave 1,2, east``)."""
    for at in range(start, end):
        mark = body[at]
        if mark not in ",-":
            continue
        before = body[start:at].rstrip()
        after = body[at + 1:end].lstrip()
        clause_comma = (mark == "," and not after and body[at + 1:at + 2].isspace()
                        and body[end:].strip() != "")
        if not before or not before[-1].isdigit() or not (after[:1].isdigit() or clause_comma):
            listed = body[start:end].strip()
            raise ParseError(f"empty item in 'leave {listed}'", location=Location(column=at + 1),
                             hint="give the knights left on each tile, castle first: e.g. 'leave 1,2,1'")


def _parse_lay(player: str, args: list[tuple[str, int]], end_column: int, body: str = "",
               example: str = EXAMPLE_PLAYER) -> LayCommand:
    """The words after ``lay`` (each with its column); ``end_column``: the column after the
    line's last word, where a part the line lacks is reported; ``body``: the line as typed
    (without its comment), where a ``leave`` list's separators are checked; ``example``: the
    player the refusals' examples name."""
    tile = cell = direction = None
    knights: tuple[int, int] | None = None  # (count, column)
    leave: list[int] = []
    leave_column = None
    index = 0
    while index < len(args):
        word, column = args[index]
        low = word.lower()
        index += 1
        if low in _FILLER:
            continue
        if cell is None and _CELL.match(low):
            if low not in cells_by_name():   # past the largest grid: no game has such a cell
                raise ParseError(f"no game's grid has a cell '{word}'", location=Location(column=column),
                                 hint=f"the grid runs from a1: {grid_bounds()}")
            cell = low
        elif low in _KNIGHTS:
            if index >= len(args) or not _NUMBER.match(args[index][0]):
                raise ParseError(f"'{word}' needs a number of knights", location=Location(column=column),
                                 hint="e.g. 'knights 3'")
            knights = (_knight_count(*args[index]), args[index][1])
            index += 1
        elif low in _DIRECTIONS and direction is None:
            direction = _DIRECTIONS[low]
        elif low in _DIAGONALS:
            raise ParseError(f"'{word}': knights move in a straight line, not diagonally",
                             location=Location(column=column), hint="the directions are north, east, south and west")
        elif low in _LEAVE:
            leave_column = column
            list_end = column - 1 + len(word)
            while index < len(args) and _LEAVE_LIST.fullmatch(args[index][0]):
                leave.extend(_knight_count(n, args[index][1], "rk.move.max-four")
                             for n in _LEAVE_SEPARATOR.split(args[index][0]) if n)
                list_end = args[index][1] - 1 + len(args[index][0])
                index += 1
            if body:
                while list_end < len(body) and body[list_end] in " \t,-":  # separators the tokens dropped
                    list_end += 1
                _empty_leave_item(body, column - 1 + len(word), list_end)
            if not leave:
                raise ParseError("'leave' needs the knights left on each tile", location=Location(column=column),
                                 hint="e.g. 'leave 1,2,1' (the castle first)")
        elif tile is None:
            tile = _two_word_tile(args, index - 1)
            if tile is None:
                tile = tile_name(word, column)
            else:
                index += 1
        else:
            raise ParseError(f"unexpected '{word}'", location=Location(column=column),
                             hint="expected: lay <tile> <cell> [knights N] [direction] [leave a,b,...]")
    if tile is None or cell is None:
        what = "tile" if tile is None else "cell"
        raise ParseError(f"lay needs a {what}", location=Location(column=end_column),
                         hint=f"e.g. '{example}: lay castle-plain e4 knights 4 east leave 1,2,1'")
    if not leave and knights is not None and knights[0]:
        if direction is not None:
            raise ParseError(f"knights {knights[0]} {direction} needs the knights left on each tile",
                             location=Location(column=end_column), hint=_walk_hint(knights[0]))
        leave = [knights[0]]
    if knights is not None and sum(leave) != knights[0]:
        raise ParseError(f"knights {knights[0]} but the knights left add up to {sum(leave)}",
                         location=Location(column=knights[1]),
                         hint="every knight placed is left on some tile: list them with 'leave', castle first")
    if sum(leave) == 0:
        leave = []
    if leave and leave[-1] == 0:   # (the stack went on with no knight left in it)
        kept = leave[:max(i for i, n in enumerate(leave) if n) + 1]
        meant = f"'leave {','.join(map(str, kept))}'" if len(kept) > 1 else \
            f"'knights {kept[0]}' with no direction, all on the castle"   # ('east leave 2' is refused in turn)
        raise ParseError("the knights left end with 0: the stack stops on the last tile it leaves knights on",
                         location=Location(column=leave_column or end_column), hint=f"e.g. {meant}")
    if direction is not None and len(leave) < 2:
        raise ParseError(f"a direction ({direction}) needs knights left on at least two tiles",
                         location=Location(column=leave_column or end_column),
                         hint="e.g. 'knights 3 east leave 1,2' or no direction when all stay on the castle")
    if direction is None and len(leave) > 1:
        raise ParseError("knights left on several tiles need a direction (north, east, south or west)",
                         location=Location(column=leave_column or end_column))
    return LayCommand(player=player, tile=tile, cell=cell, direction=direction, leave=tuple(leave))


def format_command(cmd: Command) -> str:
    """The canonical line of a command (``parse_line(format_command(c)) == c``)."""
    if isinstance(cmd, LayCommand):
        text = f"{cmd.player}: lay {cmd.tile} {cmd.cell}"
        if cmd.leave:
            text += f" knights {cmd.knights}"
        if cmd.direction:
            text += f" {cmd.direction} leave " + ",".join(map(str, cmd.leave))
        return text
    if isinstance(cmd, DrawCommand):
        return f"{cmd.player}: draw {cmd.tile}"
    return f"{cmd.player}: end"
