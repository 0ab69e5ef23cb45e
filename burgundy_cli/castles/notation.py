"""The Castles of Burgundy notation: one typed line <-> one command of :mod:`.rules.commands`.

Reading is lenient (case, spacing, ``#`` comments, abbreviations such as ``t`` for take,
tile aliases such as ``yellow 16`` or ``town-hall``); writing is strict: :func:`format_command`
gives the one canonical spelling, and ``parse_line(format_command(cmd)) == cmd``. A line in
that spelling (what records hold) is read by :func:`read_canonical`, word by word; any
other by :func:`read_lenient`, token by token; the two agree where both read.

Player lines (``anna: place 5>4 ship c3 goods 6``)::

    <player>: take <die> <tile> [from <depot>] [discard <tile>]
    <player>: place <die> <tile> <space> [goods <depot>[+<depot>]] [keep <types>] [buy <purchase>] [then <action>]
    <player>: sell <die> [goods <type>] [bonus <action>]...
    <player>: workers <die>
    <player>: buy <tile> [from <depot>] [discard <tile>] [workers <n>]
    <player>: pass
    fix <player> <silver|workers|vp|goods<n>> <+n|-n> ["note"]

``<die>`` is the die as rolled, optionally ``>`` the value it is used as (``5>4``); the
engine computes the workers this costs. ``then <action>`` is the action a placed tile
grants (castle, warehouse, carpenter, church, market, city hall): the same forms
without a die -- ``take <tile> [from <depot>]``, ``place <tile> <space> ...``,
``sell <type>``, ``workers``. ``buy <purchase>`` (2019) is the turn's black-depot purchase made
during the placement, before the action it grants, with the options of a buy line
(``anna: place 3 city-hall c3 buy k7 then place k7 c4``). ``bonus <action>`` (2019 trade
routes) answers a choice bonus of the route spaces a sale's goods matched, in the order they
come due (``anna: sell 5 bonus take ship from 3 bonus workers``); a line has at most one
sale with bonus actions, the outermost: a sale among them lists none, its bonuses come due
after the others and the line's following ``bonus`` actions answer them.

Table lines (chance, typed as it happens)::

    roll white <die> [good <type>], <player> <die> <die>, ...
    reveal <depot|black> <tile> <tile> ...
    goods <type> <type> <type> <type> <type>

Syntax only: a line that reads is not yet legal; the engine decides that.
"""

from __future__ import annotations

from dataclasses import dataclass
import re
import typing
from collections import namedtuple
from collections.abc import Callable
from functools import cache, lru_cache

from burgundy_cli.castles.rules import commands as c
from burgundy_cli.castles.rules.terms import WORDS, indefinite
from burgundy_cli.core.errors import Location, ParseError
from burgundy_cli.core.words import normalised, player_key, read_either_form

_TOKEN = re.compile(r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*"?)|(?P<punct>[:,;])|(?P<word>[^\s:,;"#]+))')

_VERBS = {
    "take": "take", "t": "take", "tk": "take",
    "place": "place", "p": "place", "pl": "place", "put": "place", "build": "place",
    "sell": "sell", "s": "sell", "sl": "sell",
    "workers": "workers", "worker": "workers", "w": "workers", "wk": "workers",
    "buy": "buy", "b": "buy",
    "pass": "pass",
    "fix": "fix",
    "shield": "shield", "sh": "shield",
    "tribute": "tribute",
    "hire": "hire",  # 2019 extra tile #28
    "crane": "crane",  # 2019 crane: its final-scoring building type
    "solo": "solo",  # 2019 solo game: a completion's tile, the reset's extra action, VP bought, the 5-goods exchange
}
_TABLE_VERBS = {"roll": "roll", "dice": "roll", "reveal": "reveal", "rev": "reveal", "goods": "goods",
                "fix": "fix", "remove": "remove"}
_RESOURCES = {
    "silver": "silver", "silverling": "silver", "silverlings": "silver", "coin": "silver", "coins": "silver",
    "worker": "workers", "workers": "workers",
    "vp": "vp", "vps": "vp", "point": "vp", "points": "vp",
}
_PLAIN_TOKEN = re.compile(r'(?P<punct>[:,;])|(?P<word>[^\s:,;"#]+)')
_CLOSED_NOTE = re.compile(r'"(?:[^"\\]|\\.)*"')
#: (``→``: what a phone or a Mac types for ``->``)
_DIE = re.compile(r"^([0-9])(?:(?:-?>|→)([0-9])?)?$")
#: ``roll``: the dice of one player typed as one word (``26``, ``2/6``, ``2-6``).
_TWO_DICE = re.compile(r"[0-9][/-]?[0-9]")
_SIGNED = re.compile(r"^[+-]?[0-9]+$")
#: Every number a line holds is small; bounding the digits keeps int() cheap and safe.
_SMALL_NUMBER = re.compile(r"^[0-9]{1,3}$")
_SHIP_DEPOTS = re.compile(r"([0-9])(?:[+&]([0-9])?)?")
_GOODS_WORD = re.compile(r"goods?([1-6])?")
_FIVE_GOODS = re.compile(r"[1-6]{5}")


class _Token(namedtuple("_Token", ("text", "column", "kind"))):
    """One token of a line: a tuple, so the tokenizer builds it with ``tuple.__new__`` (C, not
    Python): ``text``, ``column`` and ``kind`` ('word', 'punct' or 'str'). (Not a
    ``typing.NamedTuple``: its annotations would be compiled one by one at every start.)"""

    __slots__ = ()


_new_token = tuple.__new__


class _Reader:
    """A cursor over the tokens of one line, raising located :class:`ParseError`."""

    __slots__ = ("tokens", "pos", "end_column", "clauses", "any_order", "typed", "edition", "modules")

    def __init__(self, tokens: list[_Token], end_column: int, typed: dict[int, str] | None = None,
                 edition: str | None = None, modules: tuple[str, ...] | None = None) -> None:
        self.tokens = tokens
        self.pos = 0
        self.end_column = end_column
        #: each word's text as typed, by its column, where NFKC changed the line (:func:`_tokenize`)
        self.typed = typed
        #: the record's edition, for the words an error names the game's things with (None: no record)
        self.edition = edition
        #: the record's 2019 modules (2011: none), whose words alone an error offers (None: no record)
        self.modules = modules
        #: the clause words of the action read last (the innermost: a granted action's, after
        #: its ``then``), which a word the line cannot take is matched against for the hint
        self.clauses: tuple[str, ...] = ()
        #: the clauses of the action read last may come in any order (a take's, a
        #: placement's, a purchase's); a sale's bonus actions come after its goods
        self.any_order = False

    def peek(self) -> _Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def word(self, noun: str) -> str:
        """``noun`` (a row of :data:`~burgundy_cli.castles.rules.terms.WORDS`) as the record's
        edition words it (2011's "estate" for the duchy), or as the code names it where the
        line is read for no record: only an error's words depend on it, never what is read."""
        return noun if self.edition is None else WORDS[self.edition][noun]

    def offered(self, words: tuple[str, ...]) -> tuple[str, ...]:
        """Of ``words``, what the syntax reads at a token, those an error offers: in a record,
        none of a module it does not play (:data:`MODULE_WORDS`); every one where the line is
        read for no record."""
        if self.modules is None:
            return words
        return tuple(word for word in words if word not in MODULE_WORDS or MODULE_WORDS[word] in self.modules)

    def peek_word(self) -> str | None:
        pos = self.pos  # peek() inlined here and in next(): they run several times a line
        if pos < len(self.tokens) and (token := self.tokens[pos]).kind == "word":
            return token.text.lower()
        return None

    def next(self, expected: str) -> _Token:
        pos = self.pos
        if pos >= len(self.tokens):
            raise ParseError(f"expected {expected}, but the line ends",
                             location=Location(column=self.end_column))
        self.pos = pos + 1
        return self.tokens[pos]

    def accept(self, *words: str) -> bool:
        if self.peek_word() in words:
            self.pos += 1
            return True
        return False

    def accept_clause(self, *words: str) -> bool:
        """:meth:`accept`, also after a comma (``take 3 church, discard k3``): commas between
        the clauses of a line are optional, as between tiles or players."""
        if self.accept(*words):
            return True
        pos = self.pos
        tokens = self.tokens
        if (pos + 1 < len(tokens) and tokens[pos].text == "," and tokens[pos].kind == "punct"
                and tokens[pos + 1].kind == "word" and tokens[pos + 1].text.lower() in words):
            self.pos = pos + 2
            return True
        return False

    def accept_punct(self, *marks: str) -> bool:
        token = self.peek()
        if token is not None and token.kind == "punct" and token.text in marks:
            self.pos += 1
            return True
        return False

    def done(self) -> bool:
        return self.pos >= len(self.tokens)

    def expect_end(self, what: str, clauses: tuple[str, ...] | None = None) -> None:
        """The line ends here; else refuse the next token. ``clauses``: the words that may go
        on such a line (default: those of the action read last), offered as the fix (the
        closest to a misspelt one, or all of them)."""
        token = self.peek()
        if token is not None:
            hint = None
            clauses = self.clauses if clauses is None else clauses
            if token.text.lower() in clauses:  # a clause twice, or out of the line's order
                hint = f"'{token.text.lower()}' is written once" + (
                    "" if self.any_order else f", in this order: {', '.join(clauses)}")
            elif clauses:
                from difflib import get_close_matches  # only for a hint: imported when one is needed

                close = get_close_matches(token.text.lower(), clauses, n=1, cutoff=0.6)
                hint = f"did you mean '{close[0]}'?" if close else \
                    f"{what} may go on with: {', '.join(self.offered(clauses))}"
            raise error(token, f"unexpected '{token.text}' after {what}", hint=hint)


def error(token: _Token, message: str, hint: str | None = None) -> ParseError:
    """A :class:`ParseError` located at ``token``'s column (the message does not repeat it: a
    record's error is placed at its file's line and column, the session says the column)."""
    return ParseError(message, location=Location(column=token.column), hint=hint)


def word_column(text: str, word: str) -> int | None:
    """The column of the first word of the line ``text`` after its player's colon that reads
    ``word`` (any case), by the reader's own columns: where a refusal that blames ``word``
    (:attr:`~burgundy_cli.core.errors.IllegalMoveError.blamed`) is placed, as a parse error is
    at its token. None when no word reads so (a tile typed by an alias).

    >>> word_column("anna: place 4>3 bank c3", "c3"), word_column("anna: place 4>3 bank c3", "4>3")
    (22, 13)
    """
    try:
        tokens = _tokenize(text)[0]
    except ParseError:
        return None
    colon = next((at for at, token in enumerate(tokens) if token.kind == "punct" and token.text == ":"), -1)
    word = word.lower()
    return next((token.column for token in tokens[colon + 1:] if token.text.lower() == word), None)


#: The words of the notation only a 2019 module's lines use, with the module: the syntax
#: reads them in any record (a line that uses one in a game without the module is refused by
#: its rule, ``cob.module.off``), but an error listing what may come at its token names them
#: only where the record plays the module (:meth:`_Reader.offered`).
MODULE_WORDS = {"shield": "shields", "bonus": "trade-routes", "as": "extra-tiles", "with": "extra-tiles",
                "order": "solo-game", "shared": "team-game", "private": "team-game"}


def _either(words: tuple[str, ...]) -> str:
    """``take, place, sell or workers``."""
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else words[0]


#: The actions a placed tile (or a route bonus) may grant after 'then'.
_THEN_VERBS = ("take", "place", "sell", "workers", "shield")


def _then_refused(reader: _Reader, token: _Token) -> ParseError:
    """No action the notation knows after 'then' (:data:`_THEN_VERBS`, those the record plays).

    >>> _then_refused(_Reader([], 0, modules=()), _Token("fly", 20, "word")).message
    "expected take, place, sell or workers after 'then', found 'fly'"
    """
    return error(token, f"expected {_either(reader.offered(_THEN_VERBS))} after 'then', found '{token.text}'")


def _tokenize(text: str) -> tuple[list[_Token], int, dict[int, str] | None]:
    """Split a line into tokens, dropping a ``#`` comment; also return the column after the
    last. The line is read in NFKC (:func:`normalised`), each column the typed character's;
    then also each word's text as typed, by its column (None for a line NFKC leaves as it is):
    a player's name is the record's, however NFKC would write it (``㉐`` is no ``PTE``)."""
    normal, where = normalised(text)
    try:
        tokens, end = _split(normal)
    except ParseError as err:  # (an unterminated note: its column is the typed character's)
        column = err.location.column if err.location is not None else None
        if where is None or column is None:
            raise
        typed_column = where[column - 1][0] + 1
        raise ParseError(f"unterminated note {text[typed_column - 1:]}",
                         location=Location(column=typed_column)) from None
    if where is None:
        return tokens, end, None
    typed = {}
    moved = []
    for token in tokens:
        start, stop = where[token.column - 1][0], where[token.column + len(token.text) - 2][1]
        moved.append(_new_token(_Token, (token.text, start + 1, token.kind)))
        typed[start + 1] = text[start:stop]
    return moved, (where[end - 2][1] + 1 if tokens else 1), typed


def _split(text: str) -> tuple[list[_Token], int]:
    """:func:`_tokenize` of a line already in NFKC."""
    if '"' not in text:  # the common case: no quoted note, so '#' always starts a comment
        tokens = [_new_token(_Token, (m.group(), m.start() + 1, "punct" if m.lastindex == 1 else "word"))
                  for m in _PLAIN_TOKEN.finditer(text.split("#", 1)[0])]
    else:
        tokens = []
        pos = 0
        while (match := _TOKEN.match(text, pos)) is not None and match.lastgroup is not None:
            kind = match.lastgroup
            value = match.group(kind)
            column = match.start(kind) + 1
            if kind == "str" and not _CLOSED_NOTE.fullmatch(value):
                raise ParseError(f"unterminated note {value}", location=Location(column=column))
            tokens.append(_Token(value, column, kind))
            pos = match.end()
    end = tokens[-1].column + len(tokens[-1].text) if tokens else 1
    return tokens, end


# --- small readers -------------------------------------------------------------------------


def _number(reader: _Reader, what: str, low: int, high: int) -> int:
    token = reader.next(what)
    if token.kind != "word" or not _SMALL_NUMBER.match(token.text):
        raise error(token, f"expected {what}, found '{token.text}'")
    value = int(token.text)
    if not low <= value <= high:
        raise error(token, f"{what.partition(' (')[0]} must be {low}-{high}, found '{token.text}'")  # (not "a die (1-6) must be 1-6")
    return value


def _die(reader: _Reader) -> tuple[int, int | None]:
    """``5`` or ``5>4`` (also ``5->4`` and ``5 > 4``): the die as rolled and as used."""
    token = reader.next("a die (1-6)")
    match = _DIE.match(token.text) if token.kind == "word" else None
    if match is None:
        tile = _resolve(token.text) if token.kind == "word" and not token.text[:1].isdigit() else None
        raise error(token, f"expected a die (1-6, or rolled>used like 5>4), found '{token.text}'",
                    hint=f"the die comes before the tile: '<die> {tile}'" if tile else None)
    rolled = int(match.group(1))
    used_text = match.group(2)
    used_token = token
    if used_text is None and (">" in token.text or "→" in token.text or reader.accept(">", "->", "→")):
        used_token = reader.next("the value the die is used as")
        if not _SMALL_NUMBER.match(used_token.text):
            raise error(used_token, f"expected the value the die is used as, found '{used_token.text}'")
        used_text = used_token.text
    if not 1 <= rolled <= 6:
        raise error(token, f"a die shows 1-6, found '{token.text}'")
    used = int(used_text) if used_text is not None else None
    if used is not None and not 1 <= used <= 6:
        raise error(used_token, f"a die is used as a value 1-6, found '{used_token.text}'")
    return rolled, used


@lru_cache(maxsize=2048)
def _resolve(text: str) -> str | None:
    """:func:`tiles.resolve_tile_name`, cached: the same few words come up again and again."""
    from burgundy_cli.castles.rules.tiles import resolve_tile_name

    return resolve_tile_name(text)


def _tile(reader: _Reader) -> str:
    """A tile name or alias (``church``, ``cow3``, ``yellow 16``, ``city hall``) -> canonical name.

    A word that is no tile on its own is joined with the next one (``cow 3``, ``boarding house``).
    """
    token = reader.next("a tile name")
    if token.kind != "word":
        raise error(token, f"expected a tile name, found '{token.text}'")
    name = None
    after = reader.peek()
    if after is not None and after.kind == "word" and (not after.text.isdigit() or
                                                       _resolve(token.text) is None):
        name = _resolve(token.text + after.text)
        if name is not None:
            reader.pos += 1
    name = name or _resolve(token.text)
    if name is None:
        _refuse_tile_number(reader, token, after)
        from burgundy_cli.castles.rules.tiles import suggest_tile_name

        suggestion = None if token.text.isdigit() else suggest_tile_name(
            token.text + (after.text if after is not None and after.text.isdigit() else ""), reader.modules)
        suggestion = suggestion if suggestion and (_resolve(suggestion) or suggestion.endswith(" <number>")) else None
        raise error(token, f"unknown tile '{token.text}'",
                    hint=f"did you mean '{suggestion}'?" if suggestion else None)
    return name


_HEAD_NUMBER = re.compile(r"([^\W\d_]+?)([0-9]{1,3})")


@lru_cache(maxsize=64)
def _numbered_kind(head: str) -> tuple[str, int, int] | None:
    """The tiles ``head`` names with a number after it, as the catalogue's resolver reads them
    (``yellow``, ``k``, ``monastery``: k1..k29; ``cow``, ``cows``: cow2..cow4): their canonical
    prefix and lowest and highest number; None for a word that takes no number."""
    numbers = [int(name[len(name.rstrip("0123456789")):]) for n in range(100)
               if (name := _resolve(f"{head}{n}")) is not None]
    if not numbers:
        return None
    prefix = _resolve(f"{head}{numbers[0]}").rstrip("0123456789")
    return prefix, min(numbers), max(numbers)


@lru_cache(maxsize=64)
def _numbers_played(head: str, modules: tuple[str, ...] | None) -> tuple[tuple[int, int], ...]:
    """The numbers of the tiles ``head`` names (:func:`_numbered_kind`) that a record playing
    ``modules`` has, as runs ``(first, last)``: a 2011 record (no modules) or a 2019 one
    without them has knowledge tiles 1-26 (2011 'The yellow tiles': "The game includes 26
    different yellow tiles"; 2019 'The monastery tiles': "The game features 26 different yellow
    tiles"), the 2019 extra tiles add 27 and 28, the white castles 29; every number
    where the line is read for no record (``modules`` None). What the syntax reads does not
    depend on it (a tile of a module not played is the rules' ``cob.module.off``), only what an
    error says the numbers are."""
    from burgundy_cli.castles.rules.tiles import catalogue

    kinds = catalogue()
    prefix, low, high = _numbered_kind(head)
    runs: list[list[int]] = []
    for n in range(low, high + 1):
        kind = kinds.get(f"{prefix}{n}")
        if kind is None or (modules is not None and not kind.in_game(modules)):
            continue
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return tuple((first, last) for first, last in runs)


def _runs(runs: tuple[tuple[int, int], ...], prefix: str = "", to: str = "-") -> str:
    """Runs of numbers as a refusal says them: ``1-26 and 29``, ``k1..k26 and k29``."""
    said = [f"{prefix}{first}" if first == last else f"{prefix}{first}{to}{prefix}{last}" for first, last in runs]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def _refuse_tile_number(reader: _Reader, token: _Token, after: _Token | None) -> None:
    """Refuse a numbered tile whose number is out of range (``yellow 99``, ``k0``, ``cow 9``)
    with the number's token, its column and the numbers the record's game has (2011: knowledge
    tiles 1-26, :func:`_numbers_played`); return for any other unknown tile."""
    if after is not None and after.kind == "word" and after.text.isdigit() and token.text.isalpha():
        head, number = token.text.lower(), after
    elif (match := _HEAD_NUMBER.fullmatch(token.text.lower())) is not None:
        head, number = match.group(1), token
    else:
        kind = _numbered_kind(token.text.lower()) if token.text.isalpha() else None
        if kind is not None:  # 'yellow' alone: the number left out ('#16' is a comment)
            prefix, low, _ = kind
            played = _numbers_played(token.text.lower(), reader.modules)
            raise error(token, f"'{token.text}' needs the tile's number",
                        hint=f"e.g. '{token.text} {low}' ({_runs(played, prefix, '..')})")
        return
    kind = _numbered_kind(head)
    if kind is None:
        return
    prefix = kind[0]
    played = _numbers_played(head, reader.modules)
    what = f"a {reader.word('knowledge tile')} is numbered" if prefix == "k" else f"a {prefix} tile shows"
    unit = "" if prefix == "k" else f" {reader.word('animals')}"
    raise error(number, f"{what} {_runs(played)}{unit}, found '{number.text}'",
                hint=f"the tiles are {_runs(played, prefix, '..')}")


def _space(reader: _Reader) -> str:
    """A duchy space ``a1``..``g4`` (row letter, position in the row), checked to be on the board
    (2011 'The player boards': "The estate, with a total of 37 spaces": in a 2011 record an
    error asks for "an estate space")."""
    from burgundy_cli.castles.rules.boards import ROW_LENGTHS, ROW_LETTERS, space_id, space_name

    board = reader.word("duchy")
    space = indefinite(f"{board} space")  # (2011: "an estate space")
    token = reader.next(f"{space} (a1..g4)")
    text = token.text.lower()
    if token.kind == "word" and (index := space_id(text)) is not None:
        return space_name(index)  # a team board's rd1 is its d7
    match = re.fullmatch(r"([a-z])([0-9]+)", text)
    if match is None or match.group(1) not in ROW_LETTERS:
        after = reader.peek()
        split = (text in ROW_LETTERS and after is not None and after.text.isdigit()
                 and space_id(text + after.text) is not None)  # 'c 3': the space in two words
        raise error(token, f"expected {space} like c3 (row a-g, then its number), found '{token.text}'",
                    hint=f"write the space as one word: '{text}{after.text}'" if split else None)
    row = match.group(1)
    raise error(token, f"space '{token.text}' is off the board",
                hint=f"row {row} has spaces {row}1..{row}{ROW_LENGTHS[ROW_LETTERS.index(row)]}")


def _player_name(words: list[_Token], reader: _Reader) -> str:
    """A player name of one or more words, at most 40 characters (``PlayerName``), as typed."""
    typed = reader.typed
    name = " ".join(t.text for t in words) if typed is None else " ".join(typed[t.column] for t in words)
    if len(name) > 40:
        raise error(words[0], f"player name '{name}' is longer than 40 characters")
    return name


def _depot_after(reader: _Reader, *keywords: str) -> int | None:
    """An optional ``<keyword> N`` (or a bare ``N``) naming a numbered depot."""
    if reader.accept_clause(*keywords) or (reader.peek_word() or "").isdigit():
        reader.accept("depot")
        return _number(reader, "a depot number (1-6)", 1, 6)
    return None


# --- actions -------------------------------------------------------------------------------


def _shared(reader: _Reader) -> bool:
    """2019 team game: an optional storage word after a tile -- ``shared`` (the team's shared
    storage) or ``private`` (the player's own, which is what no word means)."""
    if reader.accept_clause("shared"):
        return True
    reader.accept_clause("private")
    return False


def _take(reader: _Reader) -> c.TakeAction:
    """``<tile> [shared] [from <depot>] [discard <tile>]``, the clauses in any order (each
    names its own part: ``discard k3 from 3`` is plain); a bare depot number only right after
    the tile (and ``shared``), where no discarded tile's number can be meant."""
    tile, depot, discard, shared, _ = _take_clauses(reader, purchase=False)
    return c.TakeAction(tile=tile, depot=depot, discard=discard, shared=shared)


def _take_clauses(reader: _Reader, purchase: bool) -> tuple[str, int | None, str | None, bool, int]:
    """A take's or purchase's tile and clauses, read in any order, each at most once (a clause
    twice is left to the line's end, which refuses it): the tile, depot, discarded tile,
    ``shared`` and, for a purchase (``workers <n>``), the workers paid."""
    reader.clauses = _PURCHASE_CLAUSES if purchase else _CLAUSES["take"]
    reader.any_order = True
    tile = _tile(reader)
    shared = _shared(reader)
    storage_said = shared or reader.tokens[reader.pos - 1].text.lower() == "private"
    depot = discard = pay = None
    while True:
        if depot is None and (reader.accept_clause("from", "depot")
                              or (discard is None and pay is None and (reader.peek_word() or "").isdigit())):
            reader.accept("depot")
            depot = _number(reader, "a depot number (1-6)", 1, 6)
        elif discard is None and reader.accept_clause("discard", "drop", "d"):
            discard = _tile(reader)
        elif purchase and pay is None and reader.accept_clause("workers", "worker", "w"):
            pay = _number(reader, "a number of workers (0-2)", 0, 2)
        elif not storage_said and reader.accept_clause("shared", "private"):
            storage_said = True
            shared = reader.tokens[reader.pos - 1].text.lower() == "shared"
        else:
            return tile, depot, discard, shared, pay or 0


def _place(reader: _Reader, player: str, in_sale: bool = False) -> c.PlaceAction:
    """``<tile> <space> [goods ..] [keep ..] [as ..] [with ..] [order ..] [buy <tile> ..] [then <action>]``
    (``player``: who buys;
    ``in_sale``: among a sale's bonus actions)."""
    reader.clauses = _CLAUSES["place"]
    tile = _tile(reader)
    shared = _shared(reader)
    space = _space(reader)
    goods = goods2 = keep = copy = livestock = order = buy = None
    while True:  # the clauses before 'then' in any order, each once: each names its own part
        # (after a purchase, its clauses too: a word near one is met with it)
        reader.clauses = _CLAUSES["place"] if buy is None else (*_PURCHASE_CLAUSES, *_CLAUSES["place"])
        reader.any_order = True
        if goods is None and buy is None and reader.accept_clause("goods", "good", "g", "from"):
            reader.accept("depot", "depots")  # 'from depot 3', as a take's 'from depot 3'
            goods, goods2 = _ship_depots(reader)
        elif goods is None and buy is not None and reader.accept_clause("goods", "good", "g"):
            goods, goods2 = _ship_depots(reader)  # (after a purchase 'from' is its depot)
        elif keep is None and reader.accept_clause("keep"):
            keep = _keep(reader)
        elif copy is None and reader.accept_clause("as"):
            copy = _tile(reader)
        elif livestock is None and reader.accept_clause("with"):
            livestock = _livestock(reader)
        elif order is None and reader.accept_clause("order"):
            order = _gains(reader)
        elif buy is None and reader.accept_clause("buy", "b"):
            buy = _purchase(reader, player)
        else:
            break
    then = _effect_action(reader, player, in_sale) if _accept_then(reader) else None
    return c.PlaceAction(tile=tile, space=space, goods=goods, goods2=goods2, keep=keep, then=then, buy=buy, copy=copy,
                         livestock=livestock, order=order, shared=shared)


def _accept_then(reader: _Reader) -> bool:
    """``then`` before a granted action, also ``and`` or ``and then`` (as a player says it)."""
    if reader.accept_clause("then"):
        return True
    if reader.accept_clause("and"):
        reader.accept("then")
        return True
    return False


#: A livestock type as the geese's ``with`` names it (singular or plural) -> its canonical word.
LIVESTOCK = {"cow": "cow", "cows": "cow", "sheep": "sheep", "pig": "pig", "pigs": "pig", "chicken": "chicken",
             "chickens": "chicken"}


def _livestock(reader: _Reader) -> str:
    """``with <type>`` (2019 geese): the other livestock type they score with."""
    token = reader.next("a livestock type")
    word = token.text.lower()
    if token.kind != "word" or word not in LIVESTOCK:
        raise error(token, f"expected a livestock type, found '{token.text}'", "cow, sheep, pig or chicken")
    return LIVESTOCK[word]


#: The gains a placement's ``order`` may name (2019 solo game): its VP categories.
GAINS = typing.get_args(c.PlacementGain)


def _gains(reader: _Reader) -> tuple[str, ...]:
    """``order <gain> [<gain> ...]`` (2019 solo game): the order the placement's gains move the
    VP counter, each a VP category (``areas``, ``area-phase-bonus``, ``animals`` ...)."""
    gains = []
    while (word := reader.peek_word()) in GAINS:
        reader.next("a gain")
        gains.append(word)
    if not gains:
        token = reader.next("a gain")
        raise error(token, f"expected a gain (a VP category), found '{token.text}'", ", ".join(GAINS))
    return tuple(gains)


def _ship_depots(reader: _Reader) -> tuple[int, int | None]:
    """``6`` or ``6+1`` (also ``6 + 1``): the depot a ship empties, and a second one (tile 5)."""
    token = reader.next("a depot number (1-6)")
    match = _SHIP_DEPOTS.fullmatch(token.text) if token.kind == "word" else None
    if match is None:
        raise error(token, f"expected a depot number (1-6) or two like 6+1, found '{token.text}'")
    second = match.group(2)
    if second is None and (token.text.endswith(("+", "&")) or reader.accept("+", "&")):
        second = str(_number(reader, "a second depot number (1-6)", 1, 6))
    depots = [int(match.group(1))] + ([int(second)] if second is not None else [])
    if not all(1 <= depot <= 6 for depot in depots):
        raise error(token, f"depots are numbered 1-6, found '{token.text}'")
    return depots[0], depots[1] if len(depots) > 1 else None


def _keep(reader: _Reader) -> tuple[int, ...]:
    """``keep 1 3`` (also ``keep 1,3``; ``keep none``): the goods types a ship takes when not all fit."""
    if reader.accept("none", "nothing"):
        return ()
    kept = [_number(reader, "a goods type (1-6) to keep", 1, 6)]
    while reader.accept_punct(",") or (reader.peek_word() or "").isdigit():
        kept.append(_number(reader, "a goods type (1-6) to keep", 1, 6))
    return tuple(kept)


def _effect_action(reader: _Reader, player: str,
                   in_sale: bool = False) -> c.TakeAction | c.PlaceAction | c.SellAction | c.WorkersAction:
    """The action a placed tile (or a route bonus) grants: like a die action, but without a die.
    ``in_sale``: among a sale's bonus actions, where a sale has no ``then`` of its own."""
    token = reader.next("an action after 'then' (take, place, sell, workers)")
    verb = _VERBS.get(token.text.lower()) if token.kind == "word" else None
    if verb == "take":
        return _take(reader)
    if verb == "place":
        return _place(reader, player, in_sale)
    if verb == "sell":
        reader.any_order = False
        reader.clauses = () if in_sale else _CLAUSES["sell"][1:]  # ('bonus': a granted sale names no goods)
        goods = _number(reader, "a goods type (1-6)", 1, 6)
        return c.SellAction(goods=goods, then=() if in_sale else _sale_bonuses(reader, player))
    if verb == "workers":
        reader.clauses = ()
        return c.WorkersAction()
    if verb == "shield":
        shield, space = _shield_onto(reader)
        return c.ShieldAction(shield=shield, space=space)
    raise _then_refused(reader, token)


def _sale_bonuses(reader: _Reader, player: str) -> tuple:
    """``[bonus <action>]...``: the actions a sale's trade-route bonuses grant, in route order."""
    granted = []
    while reader.accept_clause("bonus"):
        granted.append(_effect_action(reader, player, in_sale=True))
    return tuple(granted)


#: The clause words a die action's line may hold after its die (docs/notation.md, "Player
#: lines"), offered when a word after the action is not one the line could take.
_CLAUSES = {
    "take": ("from", "discard"),
    "place": ("goods", "keep", "as", "with", "order", "buy", "then"),
    "sell": ("goods", "bonus"),
    "workers": (),
}
_PURCHASE_CLAUSES = ("from", "discard", "workers")


def _die_command(reader: _Reader, player: str, verb: str) -> c.DieCommand:
    rolled, used = _die(reader)
    value = used if used is not None else rolled
    action: c.TakeAction | c.PlaceAction | c.SellAction | c.WorkersAction
    if verb == "take":
        if (word := reader.peek_word()) in ("workers", "worker"):
            raise error(reader.next("a tile name"), f"'{word}' is no tile: taking 2 {reader.word('workers')} is an "
                        "action of its own",
                        hint=f"write '{player}: workers {_die_text(rolled, used)}'")
        action = _take(reader)
    elif verb == "place":
        action = _place(reader, player)
    elif verb == "sell":
        reader.clauses = _CLAUSES["sell"]
        reader.any_order = False
        goods = _number(reader, "a goods type (1-6)", 1, 6) if reader.accept("goods", "good", "g") else value
        action = c.SellAction(goods=goods, then=_sale_bonuses(reader, player))
    else:
        action = c.WorkersAction()
    reader.expect_end(f"the {verb} action")
    return c.DieCommand(player=player, rolled=rolled, value=used, action=action)


def _purchase(reader: _Reader, player: str) -> c.BuyCommand:
    """``<tile> [from <depot>] [discard <tile>] [workers <n>]`` (the clauses in any order): a
    buy line's body, or a purchase in a placement."""
    tile, depot, discard, shared, pay = _take_clauses(reader, purchase=True)
    return c.BuyCommand(player=player, tile=tile, depot=depot, discard=discard, pay_workers=pay, shared=shared)


def _buy(reader: _Reader, player: str) -> c.BuyCommand:
    command = _purchase(reader, player)
    reader.expect_end("the purchase")
    return command


def _correction(reader: _Reader, player: str | None) -> c.CorrectionCommand:
    """``fix anna silver +1 "note"`` (or ``anna: fix silver +1``): a visible manual correction."""
    if player is None:
        words: list[_Token] = []
        while (word := reader.peek_word()) is not None and not _is_resource(word):
            words.append(reader.next("a player name"))
        if not words:
            raise error(reader.next("a player name"), "expected a player name after 'fix'")
        if (reader.done() or reader.peek().kind == "str") and len(words) > 2 and _SIGNED.match(words[-1].text):
            # the line ends in an amount with no known resource before it: the word before
            # the amount is a mistyped one, not the end of the player's name ('fix anna gold +1')
            _resource(words[-2], reader)
        player = _player_name(words, reader)
    token = reader.next("what to correct (silver, workers, vp, goods1-6)")
    resource = _resource(token, reader)
    amount_token = reader.next("an amount like +1 or -2")
    if amount_token.kind != "word" or not _SIGNED.match(amount_token.text) or len(amount_token.text) > 4:
        raise error(amount_token, f"expected an amount like +1 or -2, found '{amount_token.text}'")
    note = ""
    if (token_note := reader.peek()) is not None and token_note.kind == "str":
        reader.pos += 1
        note = _unquote(token_note.text)
    reader.expect_end("the correction")
    return c.CorrectionCommand(player=player, resource=resource, amount=int(amount_token.text), note=note)


def _unquote(note: str) -> str:
    """The text of a quoted note: quotes dropped, backslash escapes undone."""
    return re.sub(r"\\(.)", r"\1", note[1:-1])


def _is_resource(word: str) -> bool:
    return word in _RESOURCES or re.fullmatch(r"goods?[1-6]?", word) is not None


def _resource(token: _Token, reader: _Reader) -> str:
    word = token.text.lower()
    if word in _RESOURCES:
        return _RESOURCES[word]
    match = _GOODS_WORD.fullmatch(word)
    if match is None:
        raise error(token, f"expected silver, workers, vp or goods1-6, found '{token.text}'")
    kind = match.group(1) or str(_number(reader, "a goods type (1-6)", 1, 6))
    return f"goods{kind}"


# --- 2019 shields ----------------------------------------------------------------------------


def _shield_onto(reader: _Reader) -> tuple[int, str]:
    """``<shield> <castle space>`` (also ``shield 12 on c4``): a shield and the castle it goes on."""
    reader.accept("shield", "s")
    shield = _number(reader, "a shield number (1-18)", 1, 18)
    reader.accept("on", "onto")
    return shield, _space(reader)


def _shield_line(reader: _Reader, player: str) -> c.Command:
    """``shield <die> <die> <shield> <space>`` (doubles), ``shield goods <type>`` (shield 5),
    ``shield borrow <player>`` (shield 6), ``shield place <tile> from <depot|black> <space> ...``
    (shields 14, 15)."""
    if reader.accept("goods", "good", "g"):
        command: c.Command = c.ShieldGoodsCommand(player=player, goods=_number(reader, "a goods type (1-6)", 1, 6))
    elif reader.accept("borrow", "from"):
        words = []
        while (token := reader.peek()) is not None and token.kind == "word":
            words.append(reader.next("a player name"))
        if not words:
            raise error(reader.next("a player name"), "expected the player whose monastery tiles shield 6 lends")
        command = c.ShieldBorrowCommand(player=player, lender=_player_name(words, reader))
    elif reader.accept("place", "p"):
        tile = _tile(reader)
        reader.accept("from", "depot")
        at = reader.peek()
        depot = _depot_or_black(reader)  # (at the line's end it says a depot is missing)
        reader.tokens.insert(reader.pos, _Token(tile, at.column, "word"))
        command = c.ShieldPlaceCommand(player=player, depot=depot, place=_place(reader, player))
    else:
        first_token = reader.peek()
        first, used_first = _die(reader)
        second, used_second = _die(reader)
        values = {used_first or first, used_second or second}
        if len(values) > 1 and (used_first, used_second) != (None, None):  # (two plain dice: the engine judges)
            raise error(first_token, "doubles use both dice as one number",
                        hint=f"write the number both are used as: {first} {second}>{first}")
        value = values.pop() if (used_first, used_second) != (None, None) else None
        if value == first == second:  # ('2>2 2': doubles of 2 used as 2, as the writer writes them: '2 2')
            value = None
        shield, space = _shield_onto(reader)
        command = c.ShieldCommand(player=player, dice=(first, second), value=value, shield=shield, space=space)
    reader.expect_end("the shield line")
    return command


def _tribute(reader: _Reader, player: str) -> c.TributeCommand:
    """``tribute [drop <shield> ...] [workers <n>]``: the tribute of this phase's end, said ahead."""
    drop: list[int] = []
    if reader.accept("drop", "remove"):
        drop.append(_number(reader, "a shield number (1-18)", 1, 18))
        while reader.accept_punct(",") or (reader.peek_word() or "").isdigit():
            drop.append(_number(reader, "a shield number (1-18)", 1, 18))
    workers = _number(reader, "a number of workers", 0, 18) if reader.accept_clause("workers", "worker", "w") else None
    reader.expect_end("the tribute")
    return c.TributeCommand(player=player, drop=tuple(drop), workers=workers)


def _shield_text(command: c.ShieldCommand) -> str:
    """``<player>: shield <die> <die> <shield> <space>``: a shield taken with doubles."""
    value = command.value
    dice = " ".join(_die_text(die, None if value is None or value == die else value) for die in command.dice)
    return f"{command.player}: shield {dice} {command.shield} {command.space}"


def _tribute_text(command: c.TributeCommand) -> str:
    text = f"{command.player}: tribute"
    if command.drop:
        text += " drop " + " ".join(map(str, command.drop))
    return text + (f" workers {command.workers}" if command.workers is not None else "")


def _shield_place_text(command: c.ShieldPlaceCommand) -> str:
    """``<player>: shield place <tile> from <depot|black> <space> ...``: shields 14/15's tile,
    written as its placement with the depot after the tile."""
    place = format_action(command.place, player=command.player)
    tile, rest = place[len("place "):].split(" ", 1)
    return f"{command.player}: shield place {tile} from {'black' if command.depot == 0 else command.depot} {rest}"


# --- 2019 solo game ----------------------------------------------------------------------------


def _solo_remove(reader: _Reader) -> c.SoloRemoveEvent:
    """``remove <depot> <tile>``: the hex tile the round removes from the game (solo game)."""
    depot = _number(reader, "a depot number (1-6)", 1, 6)
    return c.SoloRemoveEvent(depot=depot, tile=_tile(reader))


def _solo_line(reader: _Reader, player: str) -> c.Command:
    """``solo place <tile> <space> ...`` (a completed colour's black-depot tile), ``solo extra
    <action>`` (the reset's extra action), ``solo vp <n>`` (VP bought), ``solo exchange <5 goods
    types> for <tile>`` (after a ship)."""
    token = reader.next("place, extra, vp or exchange after 'solo'")
    word = token.text.lower() if token.kind == "word" else ""
    command: c.Command
    if word in ("place", "p"):
        command = c.SoloPlaceCommand(player=player, place=_place(reader, player))
    elif word == "extra":
        command = c.SoloExtraCommand(player=player, action=_effect_action(reader, player))
    elif word in ("vp", "points"):
        command = c.SoloVpCommand(player=player, vp=_number(reader, "a number of VP (1-99)", 1, 99))
    elif word == "exchange":
        goods = [_number(reader, "a goods type (1-6)", 1, 6)]
        while (reader.peek_word() or "").isdigit():
            goods.append(_number(reader, "a goods type (1-6)", 1, 6))
        reader.accept("for")
        command = c.SoloExchangeCommand(player=player, goods=tuple(goods), tile=_tile(reader))
    else:
        raise error(token, f"expected place, extra, vp or exchange after 'solo', found '{token.text}'")
    reader.expect_end("the solo line")
    return command


def _solo_place_text(command: c.SoloPlaceCommand) -> str:
    return f"{command.player}: solo " + format_action(command.place, player=command.player)


def _solo_extra_text(command: c.SoloExtraCommand) -> str:
    return f"{command.player}: solo extra " + format_action(command.action, player=command.player)


def _solo_exchange_text(command: c.SoloExchangeCommand) -> str:
    return f"{command.player}: solo exchange {' '.join(map(str, command.goods))} for {command.tile}"


# --- table lines ---------------------------------------------------------------------------


#: A roll line's words and the spellings the reader takes for them (Tab reads them too).
ROLL_WORDS = {"white": ("white", "w"), "good": ("good", "goods", "g")}


def _roll(reader: _Reader) -> c.RollEvent:
    """``roll white 3 good 5, anna 2 6, bob 1 1`` (commas optional; ``26`` for ``2 6``)."""
    reader.accept(*ROLL_WORDS["white"])
    white_token = reader.peek()
    white, changed = _die(reader)
    if changed is not None:
        from burgundy_cli.castles.rules import rule
        from burgundy_cli.core.errors import IllegalMoveError

        raise IllegalMoveError(rule("cob.roll.white"), f"the white die is written as changed to {changed}",
                               location=Location(column=white_token.column),
                               hint=f"write the white die as rolled: 'roll white {white} ...'")
    good = _number(reader, "a goods type (1-6)", 1, 6) if reader.accept(*ROLL_WORDS["good"]) else None
    dice: dict[str, tuple[int, int]] = {}
    seen: dict[str, _Token] = {}
    while not reader.done():
        reader.accept_punct(",", ";")
        if reader.done():
            break
        words: list[_Token] = []
        while (token := reader.peek()) is not None and token.kind == "word" and not (
                token.text.isdigit() or _TWO_DICE.fullmatch(token.text)):
            words.append(reader.next("a player name"))
        reader.accept_punct(":")
        if not words:
            raise error(reader.next("a player name"), "expected a player name and their two dice")
        name = _player_name(words, reader)
        key = player_key(name)   # (as the record's players will match it: 'ａｎｎａ' is Anna too)
        if key in seen:
            raise error(words[0], f"dice for '{name}' are given twice")
        seen[key] = words[0]
        dice[name] = _two_dice(reader, name)
    if not dice:
        raise ParseError("expected every player's two dice after the white die",
                         location=Location(column=reader.end_column))
    return c.RollEvent(white=white, good=good, dice=dice)


def _two_dice(reader: _Reader, name: str) -> tuple[int, int]:
    token = reader.next(f"the two dice of {name}")
    if token.kind == "word" and _TWO_DICE.fullmatch(token.text):
        values = (int(token.text[0]), int(token.text[-1]))
    else:
        reader.pos -= 1
        values = (_number(reader, "a die (1-6)", 1, 6), _number(reader, "a die (1-6)", 1, 6))
    if not all(1 <= v <= 6 for v in values):
        raise error(token, f"a die shows 1-6, found '{token.text}'")
    return values


def _depot_or_black(reader: _Reader) -> int:
    """A depot number 1-6, or 0 for the black depot (``black``, ``blk`` or ``0``)."""
    token = reader.next("a depot (1-6 or black)")
    if token.text.lower() in ("black", "blk", "0"):
        return 0
    reader.pos -= 1
    return _number(reader, "a depot (1-6 or black)", 1, 6)


def _reveal(reader: _Reader) -> c.RevealEvent:
    depot = _depot_or_black(reader)
    reader.accept_punct(":")
    tiles: list[str] = []
    while not reader.done():
        reader.accept_punct(",")
        tiles.append(_tile(reader))
    return c.RevealEvent(depot=depot, tiles=tiles)


def _phase_goods(reader: _Reader) -> c.PhaseGoodsEvent:
    token = reader.peek()
    if token is not None and token.kind == "word" and _FIVE_GOODS.fullmatch(token.text):
        reader.pos += 1
        return c.PhaseGoodsEvent(goods=[int(ch) for ch in token.text])
    goods = []
    while not reader.done():
        reader.accept_punct(",")
        goods.append(_number(reader, "a goods type (1-6)", 1, 6))
    if len(goods) != 5:
        raise ParseError(f"a phase has 5 goods tiles, found {len(goods)}",
                         location=Location(column=reader.end_column))
    return c.PhaseGoodsEvent(goods=goods)


# --- the canonical spelling, read fast -----------------------------------------------------
#
# Records hold their lines as format_command writes them, and replaying a record that was
# never replayed before reads every line afresh. The token reader above spends tens of
# microseconds on a line (a token per word, a Python call per field). A canonical line is
# read word by word instead: one ``str.split`` and a dictionary or set lookup per word
# (a die, a tile, a space, a keyword), in the order format_command writes the words; the
# rare line forms (shields, tribute, hire, crane, solo, fix, remove, and a roll naming a
# player of several words) by one regular expression each. Each reader accepts only text
# that format_command writes, and returns None -- read_lenient then decides -- whenever
# the token reader could read the line otherwise or reject it: a tile or space not spelt
# canonically, a player name it would split differently, a name rolled twice, a comment.
# So on every line both read, the two agree (tests/castles/test_canonical_reading.py).

_DIGIT = {str(n): n for n in range(7)}  # one digit -> int; .get(None) is None
_REVEAL_DEPOTS = {"black": 0, **{str(n): n for n in range(1, 7)}}
_NAME = r'[^\s:,;"#]+(?: [^\s:,;"#]+)*'  # words as the tokenizer splits them, one space apart
#: A rolled player's name: no word starts with a digit, so no word reads as a die.
_ROLL_NAME = r'[^\s:,;"#\d][^\s:,;"#]*(?: [^\s:,;"#\d][^\s:,;"#]*)*'
_PLAYER = re.compile(_NAME)
_ROLLED_PLAYER = re.compile(_ROLL_NAME)
#: The words of a canonical line, each with what it says: a number 1-6 (a depot, a goods
#: type, a die), the same followed by a roll line's comma, a die as rolled and as used
#: (``5``, ``5>4``: rolled, used or None, and the number it counts as), a ship's depots
#: (``4``, ``4+5``), the workers a purchase pays (0-2) and a shield's number (1-18, no
#: leading zero).
_ONE_TO_SIX = {str(n): n for n in range(1, 7)}
_WITH_COMMA = {f"{n},": n for n in range(1, 7)}
#: A player's two dice as a roll line gives them, ``_DICE_PAIRS[first][second]``: one shared
#: pair for each of the 36, not a new tuple an entry (four a roll, kept with its command: a
#: tuple the collector walks until a collection finds it holds only numbers).
_DICE_PAIRS = tuple(tuple((first, second) for second in range(7)) for first in range(7))
#: A roll line's entry's two dice, ``_ROLL_DICE["6"]["3,"]`` (the second with its comma).
_ROLL_DICE = {str(first): {f"{second},": _DICE_PAIRS[first][second] for second in range(1, 7)}
              for first in range(1, 7)}
_DIE_WORDS = {**{str(a): (a, None, a) for a in range(1, 7)},
              **{f"{a}>{b}": (a, b, b) for a in range(1, 7) for b in range(1, 7)}}
_SHIP_WORDS = {**{str(a): (a, None) for a in range(1, 7)},
               **{f"{a}+{b}": (a, b) for a in range(1, 7) for b in range(1, 7)}}
_PAYMENT_WORDS = {"0": 0, "1": 1, "2": 2}
_SHIELD_WORDS = {str(n): n for n in range(1, 19)}
_DIE_TEXT = r"([1-6])(?:>([1-6]))?"  # rolled, used: a shields line's doubles


@dataclass(frozen=True, slots=True)
class _CanonicalForms:
    """What the canonical reader looks words up in, and the patterns of the rare line forms.

    A slotted dataclass, not a ``NamedTuple``: a named tuple's field is read through its
    descriptor, a slot directly, and every line reads several of these."""

    tiles: frozenset[str]
    spaces: frozenset[str]
    #: verb -> (pattern of the whole line, reader of its groups): the rare player lines
    player_lines: dict[str, tuple[re.Pattern[str], Callable[..., c.Command | None]]]
    roll: re.Pattern[str]  # a roll whose players' names are not all known to the caller
    roll_entry: re.Pattern[str]  # one entry of a roll line's dice
    correction: re.Pattern[str]


@cache
def _canonical_forms() -> _CanonicalForms:
    """Made on first use, not at import: most commands never read a line."""
    from burgundy_cli.castles.rules.boards import SPACES, space_name
    from burgundy_cli.castles.rules.tiles import catalogue

    player = rf"({_NAME}): "
    return _CanonicalForms(
        tiles=frozenset(catalogue()),
        spaces=frozenset(space_name(index) for index in range(2 * SPACES - 1)),  # a team board's too
        player_lines={
            "shield": (re.compile(rf"{player}shield (.+)"), _canonical_shield_line),
            "tribute": (re.compile(rf"{player}tribute(?: drop ([0-9]{{1,2}}(?: [0-9]{{1,2}})*))?"
                                   r"(?: workers ([0-9]{1,2}))?"), _canonical_tribute_line),
            "hire": (re.compile(rf"{player}hire ([1-9][0-9]?) workers"), _canonical_hire_line),
            "crane": (re.compile(rf"{player}crane as ([a-z0-9-]+)"), _canonical_crane_line),
            "solo": (re.compile(rf"{player}solo (.+)"), _canonical_solo_line),
        },
        roll=re.compile(rf"roll white ([1-6])(?: good ([1-6]))?((?:, {_ROLL_NAME} [1-6] [1-6])+)"),
        roll_entry=re.compile(rf", ({_ROLL_NAME}) ([1-6]) ([1-6])"),
        correction=re.compile(r'fix (' + _NAME + r') (silver|workers|vp|goods[1-6]) ([+-][0-9]{1,3})'
                              r'(?: ("(?:[^"\\]|\\.)*"))?'),
    )


_FORMS: _CanonicalForms | None = None  # _canonical_forms() once loaded: a global read, not a call a line


def _load_forms() -> _CanonicalForms:
    global _FORMS
    _FORMS = _canonical_forms()
    return _FORMS


def _canonical_player(name: str) -> bool:
    """The token reader takes ``name: ...`` for a line of the player ``name``: at most 40
    characters, words one space apart, and not a table line's verb first."""
    return (len(name) <= 40 and _PLAYER.fullmatch(name) is not None
            and not (" " in name and name[:name.find(" ")].lower() in _TABLE_VERBS))


def _rolled_player(name: str) -> bool:
    """The token reader takes ``name`` in a roll line for that player (and no word for a number)."""
    return (len(name) <= 40 and _ROLLED_PLAYER.fullmatch(name) is not None
            and (name.isascii() or not any(word.isdigit() for word in name.split(" "))))


@dataclass(frozen=True, slots=True)
class KnownNames:
    """A record's players, as the canonical reader takes them without looking at their
    spelling again (:func:`known_names`). (Slotted, as :class:`_CanonicalForms`.)"""

    #: ``"Anna:"`` -> ``"Anna"``: the first word of a line of a one-word player
    heads: dict[str, str]
    #: one-word names a roll line's entries may hold (their lower case told apart)
    rolled: frozenset[str]


def known_names(players: list[str]) -> KnownNames:
    """What :func:`read_canonical` may take ``players``' one-word names for, checked once a
    record rather than once a line."""
    single = [name for name in players if " " not in name]
    lower = [name.lower() for name in players]
    return KnownNames({f"{name}:": name for name in single if _canonical_player(name)},
                      frozenset(name for name in single if _rolled_player(name) and lower.count(name.lower()) == 1))


_NO_NAMES = KnownNames({}, frozenset())


def read_canonical(text: str, names: KnownNames = _NO_NAMES) -> c.Command | None:
    """The command of a line spelt exactly as :func:`format_command` writes it; None otherwise.

    ``names``: the record's players (:func:`known_names`), whose lines are then read
    without checking the name again; any other name is checked.

    >>> read_canonical("Anna: take 3 city-hall") == read_lenient("Anna: take 3 city-hall")
    True
    >>> read_canonical("anna: t 3 city hall") is None
    True
    """
    forms = _FORMS or _load_forms()
    words = text.split(" ")
    first = words[0]
    player = names.heads.get(first)
    if player is not None:  # a known player's line, three in four
        at = 1
    else:
        table_line = _CANONICAL_TABLE_LINES.get(first)
        if table_line is not None:  # (no player's line starts with one of these words)
            return table_line(forms, text, words, names)
        colon = text.find(": ")
        player = text[:colon]
        if colon <= 0 or not _canonical_player(player):
            return None
        at = player.count(" ") + 1  # the words of the name, the last with its colon
    try:
        verb = words[at]
    except IndexError:  # 'Anna:' alone (a try costs nothing when nothing is raised)
        return None
    # The commonest player lines are read here and made in one call (a die line's command
    # and its action together), no reader of the verb called in between: a place or take line's die, the usual placement (``place <die>
    # <tile> <space>``, six in ten), the usual take (``take <die> <tile>``: the die names the
    # depot, a free storage space; nine in ten), and the lines of one word after the verb
    # (the usual purchase and sale, a workers line). The verb's reader reads the other forms.
    rest = len(words) - at  # the verb and the words after it
    if verb == "place":
        die = _DIE_WORDS.get(words[at + 1]) if rest > 2 else None
        if die is None:
            return None
        if rest != 4:  # clauses after the space, or a shared tile: its reader makes the command too
            return _word_place(forms, player, words, at + 2, at + rest, die)
        tile, space = words[at + 2], words[at + 3]
        if tile not in forms.tiles or space not in forms.spaces:
            return None  # (a space 'shared' too: a shared tile needs a space after it)
        return c.DieCommand(player=player, rolled=die[0], value=die[1], action=_plain_place(tile, space))
    if verb == "take":
        die = _DIE_WORDS.get(words[at + 1]) if rest > 2 else None
        if die is None:
            return None
        if rest != 3:  # ``shared``, ``from <depot>`` or ``discard <tile>`` after the tile
            take = _word_take(forms, words, at + 2, at + rest)
            return None if take is None else c.DieCommand(player=player, rolled=die[0], value=die[1], action=take)
        tile = words[at + 2]
        if tile not in forms.tiles:
            return None
        return c.DieCommand(player=player, rolled=die[0], value=die[1], action=_plain_take(tile, None))
    if rest == 2:  # one word after the verb: the usual purchase, the usual sale, a workers line
        word = words[at + 1]
        if verb == "buy":  # (eight purchases in ten: the tile alone)
            return c.BuyCommand(player=player, tile=word) if word in forms.tiles else None
        if verb == "sell" or verb == "workers":
            die = _DIE_WORDS.get(word)
            if die is None:
                return None
            action = _plain_workers() if verb == "workers" else _plain_sale(die[2])  # (the die's goods type)
            return c.DieCommand(player=player, rolled=die[0], value=die[1], action=action)
    reader = _WORD_LINES.get(verb)
    if reader is not None:
        return reader(forms, player, words, at + 1)
    pattern, reader = forms.player_lines.get(verb, _NO_FORM)
    match = pattern.fullmatch(text) if pattern is not None else None
    return None if match is None else reader(forms, match.groups())


_NO_FORM = (None, None)


# The actions the common lines hold (all but those that grant or buy), each made (and
# validated) once a process for each choice of its fields -- a game's own words, checked by the
# reader before -- and then shared by every line that holds it: a command is immutable, so an
# action in two lines is one value. A die line then validates its own command only.


@cache
def _plain_take(tile: str, depot: int | None, discard: str | None = None, shared: bool = False) -> c.TakeAction:
    """A take of ``tile`` (from ``depot``, None: the die's)."""
    return c.TakeAction(tile=tile, depot=depot, discard=discard, shared=shared)


@cache
def _plain_place(tile: str, space: str, goods: int | None = None, goods2: int | None = None,
                 keep: tuple[int, ...] | None = None, copy: str | None = None, shared: bool = False) -> c.PlaceAction:
    """A placement of ``tile`` on ``space`` that grants no action said and buys nothing."""
    return c.PlaceAction(tile=tile, space=space, goods=goods, goods2=goods2, keep=keep, copy=copy, shared=shared)


@cache
def _plain_sale(goods: int) -> c.SellAction:
    """A sale of goods type ``goods`` without bonus actions."""
    return c.SellAction(goods=goods)


@cache
def _plain_workers() -> c.WorkersAction:
    return c.WorkersAction()


# The readers of the common player lines and of the actions they hold, word by word: each
# reads ``words[at:end]`` (the words after the verb; ``end`` the end of the line, or of the
# bonus action a sale lists) to the command or action, or None.


def _sell_line(forms: _CanonicalForms, player: str, words: list[str], at: int) -> c.DieCommand | None:
    """``sell <die> [goods <type>] [bonus <action>]...`` (the goods type: the die's value unless
    named) but the usual sale, ``sell <die>`` (made by :func:`read_canonical`)."""
    end = len(words)
    die = _DIE_WORDS.get(words[at]) if end > at else None
    if die is None:
        return None
    rolled, used, goods = die
    at += 1
    if at < end and words[at] == "goods":
        goods = _ONE_TO_SIX.get(words[at + 1]) if at + 1 < end else None
        if goods is None:
            return None
        at += 2
    sale = _word_sale(forms, player, goods, words, at, end)
    return None if sale is None else c.DieCommand(player=player, rolled=rolled, value=used, action=sale)


def _buy_line(forms: _CanonicalForms, player: str, words: list[str], at: int) -> c.BuyCommand | None:
    """``buy <tile> ...`` but the usual purchase, ``buy <tile>`` (made by :func:`read_canonical`)."""
    return _word_purchase(forms, player, words, at, len(words))


def _pass_line(forms: _CanonicalForms, player: str, words: list[str], at: int) -> c.PassCommand | None:
    """``pass``"""
    return c.PassCommand(player=player) if len(words) == at else None


_WORD_LINES = {"sell": _sell_line, "buy": _buy_line, "pass": _pass_line}  # (``workers <die>``: one form only)


def _take_options(tiles: frozenset[str], words: list[str], at: int,
                  end: int) -> tuple[bool, int | None, str | None] | None:
    """``[shared] [from <depot>] [discard <tile>]``, exactly ``words[at:end]``: (shared, depot, discard)."""
    shared = at < end and words[at] == "shared"
    if shared:
        at += 1
    depot = discard = None
    if at < end and words[at] == "from":
        depot = _ONE_TO_SIX.get(words[at + 1]) if at + 1 < end else None
        if depot is None:
            return None
        at += 2
    if at < end and words[at] == "discard":
        discard = words[at + 1] if at + 1 < end else None
        if discard not in tiles:
            return None
        at += 2
    return (shared, depot, discard) if at == end else None


def _word_take(forms: _CanonicalForms, words: list[str], at: int, end: int) -> c.TakeAction | None:
    """``<tile> [shared] [from <depot>] [discard <tile>]``"""
    tile = words[at]
    if tile not in forms.tiles:
        return None
    if at + 3 == end and words[at + 1] == "from":  # a granted take's usual form: no call for the options
        depot = _ONE_TO_SIX.get(words[at + 2])
        return None if depot is None else _plain_take(tile, depot)
    options = _take_options(forms.tiles, words, at + 1, end)
    return None if options is None else _plain_take(tile, options[1], options[2], options[0])


def _word_purchase(forms: _CanonicalForms, player: str, words: list[str], at: int, end: int) -> c.BuyCommand | None:
    """``<tile> [shared] [from <depot>] [discard <tile>] [workers <n>]``: a buy line, or the
    purchase made during a placement."""
    pay = 0
    if end - at > 2 and words[end - 2] == "workers":
        pay = _PAYMENT_WORDS.get(words[end - 1])
        if pay is None:
            return None
        end -= 2
    tile = words[at] if at < end else None
    if tile not in forms.tiles:
        return None
    options = _take_options(forms.tiles, words, at + 1, end)
    if options is None:
        return None
    return c.BuyCommand(player=player, tile=tile, depot=options[1], discard=options[2], pay_workers=pay,
                        shared=options[0])


def _word_place(forms: _CanonicalForms, player: str, words: list[str], at: int, end: int,
                die: tuple[int, int | None] | None = None) -> c.PlaceAction | c.DieCommand | None:
    """``<tile> [shared] <space> [goods <depot>[+<depot>]] [keep <types>|none] [as <building>]
    [with <livestock>] [order <gain> ...] [buy <purchase>] [then <action>]``; with ``die`` (rolled, used: a place line's), the line's
    die command with the placement as its action, both made in one call."""
    tiles = forms.tiles
    tile = words[at]
    shared = at + 1 < end and words[at + 1] == "shared"
    if shared:
        at += 1
    at += 1
    space = words[at] if at < end else None
    if tile not in tiles or space not in forms.spaces:
        return None
    at += 1
    goods = goods2 = keep = copy = buy = then = None
    if at < end and words[at] == "goods":
        depots = _SHIP_WORDS.get(words[at + 1]) if at + 1 < end else None
        if depots is None:
            return None
        goods, goods2 = depots
        at += 2
    if at < end and words[at] == "keep":
        at += 1
        if at < end and words[at] == "none":
            keep = ()
            at += 1
        else:
            kinds = []
            while at < end and words[at] in _ONE_TO_SIX:
                kinds.append(_ONE_TO_SIX[words[at]])
                at += 1
            if not kinds:
                return None
            keep = tuple(kinds)
    if at < end and words[at] == "as":
        copy = words[at + 1] if at + 1 < end else None
        if copy not in tiles:
            return None
        at += 2
    livestock = None
    if at < end and words[at] == "with":
        livestock = words[at + 1] if at + 1 < end else None
        if livestock not in ("cow", "sheep", "pig", "chicken"):
            return None
        at += 2
    order = None
    if at < end and words[at] == "order":
        at += 1
        gains = []
        while at < end and words[at] in GAINS:
            gains.append(words[at])
            at += 1
        if not gains:
            return None
        order = tuple(gains)
    if at < end and words[at] == "buy":
        stop = at + 1
        while stop < end and words[stop] != "then":  # (no word of a purchase is 'then')
            stop += 1
        buy = _word_purchase(forms, player, words, at + 1, stop)
        if buy is None:
            return None
        at = stop
    if at < end:
        then = _word_granted(forms, player, words, at + 1, end) if words[at] == "then" and at + 1 < end else None
        if then is None:
            return None
    if then is None and buy is None and livestock is None and order is None:
        place = _plain_place(tile, space, goods, goods2, keep, copy, shared)
    else:
        place = c.PlaceAction(tile=tile, space=space, goods=goods, goods2=goods2, keep=keep, then=then, buy=buy,
                              copy=copy, livestock=livestock, order=order, shared=shared)
    return place if die is None else c.DieCommand(player=player, rolled=die[0], value=die[1], action=place)


def _word_sale(forms: _CanonicalForms, player: str, goods: int, words: list[str], at: int,
          end: int) -> c.SellAction | None:
    """A sale of goods type ``goods`` and its bonus actions: ``bonus <action>`` each, to ``end``."""
    if at == end:
        return _plain_sale(goods)
    if words[at] != "bonus":
        return None
    granted = []
    start = at + 1
    for index in range(start, end + 1):
        if index == end or words[index] == "bonus":  # (no word of an action is 'bonus')
            action = _word_granted(forms, player, words, start, index) if index > start else None
            if action is None:
                return None
            granted.append(action)
            start = index + 1
    return c.SellAction(goods=goods, then=tuple(granted))


def _word_granted(forms: _CanonicalForms, player: str, words: list[str], at: int, end: int) -> c.GrantedAction | None:
    """The action after ``then`` or ``bonus``: a take, placement or sale without a die,
    ``workers``, or a shield (``shield 11 c3``: a castle's extra action takes a shield)."""
    verb = words[at]
    at += 1
    if at == end:
        return c.WorkersAction() if verb == "workers" else None
    if verb == "take":
        return _word_take(forms, words, at, end)
    if verb == "place":
        return _word_place(forms, player, words, at, end)
    if verb == "sell":
        goods = _ONE_TO_SIX.get(words[at])
        return None if goods is None else _word_sale(forms, player, goods, words, at + 1, end)
    if verb == "shield" and end == at + 2:
        shield = _SHIELD_WORDS.get(words[at])
        return None if shield is None or words[at + 1] not in forms.spaces \
            else c.ShieldAction(shield=shield, space=words[at + 1])
    return None


# The rare player lines, one pattern each (``fields``: the pattern's groups, the player first).


_SHIELD_DOUBLES = re.compile(rf"{_DIE_TEXT} {_DIE_TEXT} ([0-9]{{1,2}}) ([a-g][1-7])")
_SHIELD_PLACE = re.compile(r"place ([a-z0-9-]+) from (black|[1-6]) (.+)")


def _canonical_shield_line(forms: _CanonicalForms, fields: tuple[str | None, ...]) -> c.Command | None:
    """The shields module's ``shield`` lines: doubles, ``goods``, ``borrow``, ``place``."""
    player, rest = fields
    if rest.startswith("goods "):
        goods = _DIGIT.get(rest[6:])
        return c.ShieldGoodsCommand(player=player, goods=goods) if goods else None
    if rest.startswith("borrow "):
        lender = rest[7:]
        if len(lender) > 40 or re.fullmatch(_NAME, lender) is None:
            return None
        return c.ShieldBorrowCommand(player=player, lender=lender)
    match = _SHIELD_PLACE.fullmatch(rest)
    if match is not None:
        tile, depot, after = match.groups()
        words = [tile, *after.split(" ")]
        place = _word_place(forms, player, words, 0, len(words))
        return None if place is None else c.ShieldPlaceCommand(player=player, depot=_REVEAL_DEPOTS[depot], place=place)
    match = _SHIELD_DOUBLES.fullmatch(rest)
    if match is None:
        return None
    first, used_first, second, used_second, shield, space = match.groups()
    value = used_first or used_second
    if (value is not None and ({used_first or first, used_second or second} != {value} or first == second == value)) \
            or not 1 <= int(shield) <= 18 or space not in forms.spaces or shield.startswith("0"):
        return None
    return c.ShieldCommand(player=player, dice=(_DIGIT[first], _DIGIT[second]), value=_DIGIT.get(value),
                           shield=int(shield), space=space)


def _canonical_tribute_line(forms: _CanonicalForms, fields: tuple[str | None, ...]) -> c.TributeCommand | None:
    player, drop, workers = fields
    shields = () if drop is None else tuple(map(int, drop.split(" ")))
    if not all(1 <= number <= 18 for number in shields) or (workers is not None and int(workers) > 18):
        return None
    return c.TributeCommand(player=player, drop=shields, workers=None if workers is None else int(workers))


def _canonical_hire_line(forms: _CanonicalForms, fields: tuple[str | None, ...]) -> c.HireCommand | None:
    """``hire <n> workers``; 99 (two digits, but more than the model's 98) is left to the
    lenient reader, whose refusal quotes it with its column and the range."""
    workers = int(fields[1])
    return c.HireCommand(player=fields[0], workers=workers) if workers <= 98 else None


def _canonical_crane_line(forms: _CanonicalForms, fields: tuple[str | None, ...]) -> c.CraneCommand | None:
    player, building = fields
    return c.CraneCommand(player=player, building=building) if building in forms.tiles else None


_SOLO_REMOVE = re.compile(r"remove ([1-6]) ([a-z0-9-]+)")
_SOLO_EXCHANGE = re.compile(r"exchange ([1-6]) ([1-6]) ([1-6]) ([1-6]) ([1-6]) for ([a-z0-9-]+)")


def _canonical_solo_line(forms: _CanonicalForms, fields: tuple[str | None, ...]) -> c.Command | None:
    """The 2019 solo game's ``solo`` lines: ``place``, ``extra``, ``vp``, ``exchange``."""
    player, rest = fields
    if rest[:6] == "place ":
        words = rest.split(" ")
        place = _word_granted(forms, player, words, 0, len(words))
        return c.SoloPlaceCommand(player=player, place=place) if isinstance(place, c.PlaceAction) else None
    if rest[:6] == "extra ":
        words = rest[6:].split(" ")
        action = _word_granted(forms, player, words, 0, len(words))
        return None if action is None else c.SoloExtraCommand(player=player, action=action)
    if rest[:3] == "vp ":
        vp = rest[3:]
        return c.SoloVpCommand(player=player, vp=int(vp)) if vp.isdigit() and vp[0] != "0" and len(vp) < 3 else None
    match = _SOLO_EXCHANGE.fullmatch(rest)
    if match is None or match.group(6) not in forms.tiles:
        return None
    return c.SoloExchangeCommand(player=player, goods=tuple(map(int, match.groups()[:5])), tile=match.group(6))


# The table lines (``words``: the line split at its spaces; ``names``: the record's players).


def _canonical_roll(forms: _CanonicalForms, text: str, words: list[str], names: KnownNames) -> c.RollEvent | None:
    """``roll white <die> [good <type>], <player> <die> <die>, ...``: word by word when every
    player is one the caller knows (:attr:`KnownNames.rolled`), else by the pattern."""
    end = len(words)
    if end > 5 and words[1] == "white" and names.rolled:
        if words[3] == "good":
            white, good, start = _ONE_TO_SIX.get(words[2]), _WITH_COMMA.get(words[4]), 5
        else:
            white, good, start = _WITH_COMMA.get(words[2]), 0, 3  # (0: no good named)
        if white is not None and good is not None and (end - start) % 3 == 0:
            rolled = names.rolled
            dice: dict[str, tuple[int, int]] = {}
            words[-1] += ","  # (the line's own words: every entry's second die then ends with a comma)
            try:
                for at in range(start, end, 3):
                    name = words[at]
                    if name not in rolled:
                        break  # a player named otherwise: the pattern reads it
                    dice[name] = _ROLL_DICE[words[at + 1]][words[at + 2]]
                else:  # every entry read: one a player, unless a name is given twice
                    if 3 * len(dice) != end - start:
                        return None
                    return c.RollEvent(white=white, good=good or None, dice=dice)
            except KeyError:  # a die not 1-6, a comma missing or one too many: the pattern says so
                pass
    return _roll_pattern(forms, text)


def _roll_pattern(forms: _CanonicalForms, text: str) -> c.RollEvent | None:
    match = forms.roll.fullmatch(text)
    if match is None:
        return None
    white, good, entries = match.groups()
    dice: dict[str, tuple[int, int]] = {}
    for name, first, second in forms.roll_entry.findall(entries):  # one per ", <name> <die> <die>"
        if not _rolled_player(name):
            return None  # too long, or a word the token reader takes for a number (such as '²')
        dice[name] = _DICE_PAIRS[_DIGIT[first]][_DIGIT[second]]
    if len({player_key(name) for name in dice}) < entries.count(","):
        return None  # a name given twice (as the record's players match it): the token reader says so
    return c.RollEvent(white=_DIGIT[white], good=_DIGIT.get(good), dice=dice)


def _canonical_reveal(forms: _CanonicalForms, text: str, words: list[str], names: KnownNames) -> c.RevealEvent | None:
    if len(words) == 1:
        return None  # a bare 'reveal': the token reader says what is missing, and where
    number = _REVEAL_DEPOTS.get(words[1])
    tiles = words[2:]
    if number is None or not forms.tiles.issuperset(tiles):
        return None
    return c.RevealEvent(depot=number, tiles=tiles)


def _canonical_phase_goods(forms: _CanonicalForms, text: str, words: list[str],
                           names: KnownNames) -> c.PhaseGoodsEvent | None:
    """``goods <type> <type> <type> <type> <type>``, five types 1-6."""
    goods = list(map(_ONE_TO_SIX.get, words[1:]))
    if len(goods) != 5 or not all(goods):
        return None
    return c.PhaseGoodsEvent(goods=goods)


def _canonical_correction(forms: _CanonicalForms, text: str, words: list[str],
                          names: KnownNames) -> c.CorrectionCommand | None:
    match = forms.correction.fullmatch(text)
    if match is None:
        return None
    player, resource, amount, note = match.groups()
    if len(player) > 40 or any(_is_resource(word.lower()) for word in player.split(" ")):
        return None  # too long, or the token reader ends the name at a resource word
    return c.CorrectionCommand(player=player, resource=resource, amount=int(amount),
                               note=_unquote(note) if note else "")


def _canonical_remove(forms: _CanonicalForms, text: str, words: list[str], names: KnownNames) -> c.SoloRemoveEvent | None:
    match = _SOLO_REMOVE.fullmatch(text)
    if match is None or match.group(2) not in forms.tiles:
        return None
    return c.SoloRemoveEvent(depot=_DIGIT[match.group(1)], tile=match.group(2))


_CANONICAL_TABLE_LINES = {"roll": _canonical_roll, "reveal": _canonical_reveal, "goods": _canonical_phase_goods,
                          "fix": _canonical_correction, "remove": _canonical_remove}


# --- entry points --------------------------------------------------------------------------


def parse_line(text: str, edition: str | None = None, modules: tuple[str, ...] | None = None) -> c.Command:
    """Read one notation line into a command (syntax only: no position is consulted; the
    record's ``edition`` and ``modules``, where a record is known, only word an error:
    :meth:`_Reader.word`, :meth:`_Reader.offered`).

    >>> parse_line("Anna: place 5>4 ship c3 goods 6").action.space
    'c3'

    A line in its canonical spelling (what :func:`format_command` writes, so what records
    hold) is read by :func:`read_canonical`, word by word; anything else
    by :func:`read_lenient`. Both give the same command for a canonical line.

    Not cached: a canonical line reads in a few microseconds, about what a cache lookup
    and insertion saves on the lines records repeat, while a cache of commands held
    megabytes in a process verifying many records (docs/performance.md).

    :raises ParseError: the line cannot be read; the message quotes the token and its column.
    """
    command = read_canonical(text)
    return command if command is not None else read_lenient(text, edition, modules)


def read_lenient(text: str, edition: str | None = None, modules: tuple[str, ...] | None = None) -> c.Command:
    """Read any accepted spelling of a line, token by token (case, spacing, aliases, comments);
    an error names the game's things in ``edition``'s words and offers only the words of the
    ``modules`` a record plays (:meth:`_Reader.word`, :meth:`_Reader.offered`).

    :raises ParseError: the line cannot be read; the message quotes the token and its column.
    """
    tokens, end, typed = _tokenize(text)
    if not tokens:
        raise ParseError("empty line: expected '<player>: <action>' or a table line (roll, reveal, goods)",
                         location=Location(column=1))
    if typed is None:
        return _parse(_Reader(tokens, end, edition=edition, modules=modules))
    return read_either_form(lambda: _parse(_Reader(tokens, end, typed, edition, modules)),
                            lambda: _parse(_Reader(*_split(text), edition=edition, modules=modules)))


def _parse(reader: _Reader) -> c.Command:
    """Dispatch on the first token: a table line, or ``<player>: <verb> ...``."""
    tokens = reader.tokens
    first = tokens[0]
    # only a punctuation token's text is ":" (words and notes cannot hold one): a C-level search
    texts = [t.text for t in tokens]
    colon = texts.index(":") if ":" in texts else None
    table_verb = _TABLE_VERBS.get(first.text.lower()) if first.kind == "word" else None
    if table_verb is not None and colon != 1:
        reader.pos = 1
        command: c.Command
        if table_verb == "roll":
            command = _roll(reader)
        elif table_verb == "reveal":
            command = _reveal(reader)
        elif table_verb == "goods":
            command = _phase_goods(reader)
        elif table_verb == "remove":
            command = _solo_remove(reader)
        else:
            command = _correction(reader, None)
        reader.expect_end(f"the {first.text} line")
        return command
    if colon is None:
        colon = _verb_after_name(tokens)  # the colon is optional, as in Robber Knights: 'anna take 3 church'
        if colon is not None:
            reader.tokens = tokens = tokens[:colon] + [_Token(":", tokens[colon].column, "punct")] + tokens[colon:]
    if colon is None or colon == 0 or any(t.kind != "word" for t in tokens[:colon]):
        raise error(first, f"expected '<player>: <action>' or a table line (roll, reveal, goods, fix), "
                           f"found '{first.text}'")
    player = _player_name(tokens[:colon], reader)
    reader.pos = colon + 1
    verb_token = reader.next("an action (take, place, sell, workers, buy, pass)")
    verb = _VERBS.get(verb_token.text.lower()) if verb_token.kind == "word" else None
    if verb is None:
        from difflib import get_close_matches  # only for a hint: imported when one is needed

        close = get_close_matches(verb_token.text.lower(), ["take", "place", "sell", "workers", "buy", "pass", "fix"],
                                  n=1)
        raise error(verb_token, f"unknown action '{verb_token.text}'",
                    hint=f"did you mean '{close[0]}'?" if close else "actions: take, place, sell, workers, buy, pass")
    if verb == "pass":
        reader.expect_end("pass")
        return c.PassCommand(player=player)
    read_line = _LINE_READERS.get(verb)
    if read_line is not None:
        return read_line(reader, player)
    return _die_command(reader, player, verb)


def _hire(reader: _Reader, player: str) -> c.HireCommand:
    """``hire <n> [workers]``: 2019 extra tile #28 buys workers, 2 for a silverling."""
    workers = _number(reader, "a number of workers to buy", 1, 98)
    reader.accept("workers", "worker")
    reader.expect_end("the purchase of workers")
    return c.HireCommand(player=player, workers=workers)


def _crane(reader: _Reader, player: str) -> c.CraneCommand:
    """``crane [counts|scores] [as] <building>``: the crane's building type at the final scoring."""
    reader.accept("counts", "scores")
    reader.accept("as")
    building = _tile(reader)
    reader.expect_end("the crane's building type")
    return c.CraneCommand(player=player, building=building)


#: The player's line forms other than a die action and ``pass``, by their verb.
_LINE_READERS = {"buy": _buy, "fix": _correction, "shield": _shield_line, "tribute": _tribute, "hire": _hire,
                 "crane": _crane, "solo": _solo_line}


#: The verbs' full words: a line without a colon ends the player's name at the first of
#: these, or failing that at the first short form (``t``, ``p``, ...).
_FULL_VERBS = frozenset(word for word in _VERBS if len(word) > 2)


def _verb_after_name(tokens: list[_Token]) -> int | None:
    """Where the action starts in a line written without the colon (``anna take 3 church``):
    the index of the first verb after one or more words of a name; None if there is none.
    A verb followed by a die (``p 3``, ``sh 4``) comes first: a name does not end in a
    separate number, so ``anna p 3 ship c3 buy k7`` is Anna's placement, not the purchase of
    a player 'anna p 3 ship c3'; then a full verb, then a short form (a name may hold ``P``)."""
    words = 0
    while words < len(tokens) and tokens[words].kind == "word":
        words += 1
    for index in range(1, words - 1):
        if tokens[index].text.lower() in _VERBS and _DIE.match(tokens[index + 1].text):
            return index
    for verbs in (_FULL_VERBS, _VERBS):
        for index in range(1, words):
            if tokens[index].text.lower() in verbs:
                return index
    return None


def _die_text(rolled: int, value: int | None) -> str:
    return str(rolled) if value is None else f"{rolled}>{value}"


def _from_discard(depot: int | None, discard: str | None, shared: bool = False) -> str:
    """The optional ``shared`` (2019 team game), ``from <depot>`` and ``discard <tile>`` of a take or a purchase."""
    return (" shared" if shared else "") + (f" from {depot}" if depot is not None else "") + \
        (f" discard {discard}" if discard is not None else "")


def _purchase_text(command: c.BuyCommand) -> str:
    """``<tile> [from <depot>] [discard <tile>] [workers <n>]``: what follows ``buy``."""
    text = command.tile + _from_discard(command.depot, command.discard, command.shared)
    return text + (f" workers {command.pay_workers}" if command.pay_workers else "")


def format_action(action: c.TakeAction | c.PlaceAction | c.SellAction | c.WorkersAction | c.ShieldAction,
                  die: str | None = None, effective: int | None = None, player: str | None = None) -> str:
    """Canonical text of an action; ``die`` is the die spec when a die pays for it.

    ``player``: the line's player; a purchase made during a placement is written without a
    name, so it must be that player's (a ValueError otherwise: the text could not say it).
    ``effective``: the number the die is used as (a sale of that goods type names no goods).
    """
    return _ACTION_TEXT[type(action)](action, die, effective, player)


def _take_text(action: c.TakeAction, die: str | None, effective: int | None, player: str | None) -> str:
    text = f"take {action.tile}" if die is None else f"take {die} {action.tile}"
    return text + _from_discard(action.depot, action.discard, action.shared)


def _place_text(action: c.PlaceAction, die: str | None, effective: int | None, player: str | None) -> str:
    shared = " shared" if action.shared else ""
    text = f"place {action.tile}{shared} {action.space}" if die is None else \
        f"place {die} {action.tile}{shared} {action.space}"
    if action.goods is not None:
        text += f" goods {action.goods}" + (f"+{action.goods2}" if action.goods2 is not None else "")
    elif action.goods2 is not None:
        raise ValueError("a second ship depot (goods2) needs a first one (goods)")
    if action.keep is not None:
        text += " keep " + (" ".join(map(str, action.keep)) if action.keep else "none")
    if action.copy is not None:
        text += f" as {action.copy}"
    if action.livestock is not None:
        text += f" with {action.livestock}"
    if action.order is not None:
        text += " order " + " ".join(action.order)
    if action.buy is not None:
        if action.buy.player != player:
            raise ValueError(f"a purchase during {player}'s placement is written without a name; "
                             f"it cannot be {action.buy.player}'s")
        text += " buy " + _purchase_text(action.buy)
    then = action.then
    if then is not None:
        text += " then " + _ACTION_TEXT[type(then)](then, None, None, player)
    return text


def _sell_text(action: c.SellAction, die: str | None, effective: int | None, player: str | None) -> str:
    if any(map(holds_sale_bonuses, action.then)):
        raise ValueError("a sale among a sale's bonus actions has no bonus actions of its own: they follow "
                         "on the outer sale's list")
    text = f"sell {action.goods}" if die is None else f"sell {die}" if action.goods == effective \
        else f"sell {die} goods {action.goods}"
    return text + "".join(" bonus " + format_action(granted, player=player) for granted in action.then)


def _workers_text(action: c.WorkersAction, die: str | None, effective: int | None, player: str | None) -> str:
    return "workers" if die is None else f"workers {die}"


def _shield_action_text(action: c.ShieldAction, die: str | None, effective: int | None, player: str | None) -> str:
    return f"shield {action.shield} {action.space}"


#: Each action's writer, by its class (a placement's granted action is written by the same).
_ACTION_TEXT: dict[type, Callable[..., str]] = {
    c.TakeAction: _take_text, c.PlaceAction: _place_text, c.SellAction: _sell_text,
    c.WorkersAction: _workers_text, c.ShieldAction: _shield_action_text,
}


def holds_sale_bonuses(action) -> bool:
    """``action`` is, or grants (at any depth), a sale with bonus actions of its own."""
    if isinstance(action, c.SellAction):
        return bool(action.then) or any(map(holds_sale_bonuses, action.then))
    return isinstance(action, c.PlaceAction) and action.then is not None and holds_sale_bonuses(action.then)


def _quote(note: str) -> str:
    return '"' + note.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_command(command: c.Command) -> str:
    """The canonical line of ``command``; :func:`parse_line` reads it back to an equal command.

    >>> format_command(parse_line("ANNA :  P 5 > 4  Ship C3 g 6"))
    'ANNA: place 5>4 ship c3 goods 6'
    """
    return _LINE_TEXT[type(command)](command)


def _die_line_text(command: c.DieCommand) -> str:
    value = command.value
    action = command.action
    return f"{command.player}: " + _ACTION_TEXT[type(action)](
        action, _die_text(command.rolled, value), command.rolled if value is None else value, command.player)


def _correction_text(command: c.CorrectionCommand) -> str:
    text = f"fix {command.player} {command.resource} {command.amount:+d}"
    return text + (f" {_quote(command.note)}" if command.note else "")


def _roll_text(command: c.RollEvent) -> str:
    good = f" good {command.good}" if command.good is not None else ""
    dice = ", ".join(f"{name} {a} {b}" for name, (a, b) in command.dice.items())
    return f"roll white {command.white}{good}, {dice}"


#: Each command's writer, by its class: one per line form of the notation.
_LINE_TEXT: dict[type, Callable[..., str]] = {
    c.DieCommand: _die_line_text,
    c.BuyCommand: lambda command: f"{command.player}: buy " + _purchase_text(command),
    c.PassCommand: lambda command: f"{command.player}: pass",
    c.HireCommand: lambda command: f"{command.player}: hire {command.workers} workers",
    c.CraneCommand: lambda command: f"{command.player}: crane as {command.building}",
    c.CorrectionCommand: _correction_text,
    c.RollEvent: _roll_text,
    c.RevealEvent: lambda command: " ".join(["reveal", "black" if command.depot == 0 else str(command.depot),
                                             *command.tiles]),
    c.PhaseGoodsEvent: lambda command: "goods " + " ".join(map(str, command.goods)),
    c.ShieldCommand: _shield_text,
    c.TributeCommand: _tribute_text,
    c.ShieldGoodsCommand: lambda command: f"{command.player}: shield goods {command.goods}",
    c.ShieldBorrowCommand: lambda command: f"{command.player}: shield borrow {command.lender}",
    c.ShieldPlaceCommand: _shield_place_text,
    c.SoloRemoveEvent: lambda command: f"remove {command.depot} {command.tile}",
    c.SoloPlaceCommand: _solo_place_text,
    c.SoloExtraCommand: _solo_extra_text,
    c.SoloVpCommand: lambda command: f"{command.player}: solo vp {command.vp}",
    c.SoloExchangeCommand: _solo_exchange_text,
}


# --- a typed start, as the canonical line it begins (Tab completion) -------------------------

#: Clause words the reader takes in another spelling -> the canonical line's word, for any
#: action; ``_CLAUSE_WORDS`` an action's own (a placement's ``from`` is ``goods``, a take's
#: its depot).
_START_WORDS = {"and": "then", "d": "discard", "drop": "discard", "b": "buy", "worker": "workers"}
_CLAUSE_WORDS = {"place": {"g": "goods", "good": "goods", "from": "goods"}, "buy": {"w": "workers"}}
#: A shields line's form words as the reader takes them -> the canonical line's.
_SHIELD_FORMS = {"goods": "goods", "good": "goods", "g": "goods", "borrow": "borrow", "from": "borrow",
                 "place": "place", "p": "place"}
#: The words a granted action's verb comes after: a placed tile's ``then``, a route's ``bonus``.
_GRANTING = ("then", "bonus")


def canonical_start(typed: str) -> str:
    """The first of :func:`canonical_starts`: the start of a canonical player line that ``typed`` -- the start of a line in a
    spelling the reader takes, one space between words -- reads as so far: each whole word
    as :func:`format_command` writes it (the verb's short form, a tile's alias, ``5->4``,
    ``from depot 3``, ``and`` for ``then``, the colon after a name left out), the word being
    typed (the last) left as it is, except that a numbered tile's number being typed joins
    its word (``yellow 1`` is ``k1``, the start of ``k16``). Tab matches the legal lines on
    this start, so what the reader accepts is found as it is typed; a table line (``roll``,
    ``reveal``) is returned as typed.

    >>> canonical_start("Anna t 5->4 Town Hall fr")
    'Anna: take 5>4 city-hall fr'
    >>> canonical_start("anna: p 3 ship c3 from depot 6 and t yellow 1")
    'anna: place 3 ship c3 goods 6 then take k1'
    """
    return canonical_starts(typed)[0]


def canonical_starts(typed: str) -> list[str]:
    """Every start of a canonical player line that ``typed`` may be read as, the likeliest
    first (:func:`canonical_start`): a tile name being typed in a spelling the reader takes
    may begin several tiles (``tow``: the town hall and the tower), and a name's first word
    typed alone already begins its tile (``town``, ``boarding h``, ``market pl``), so Tab
    carries a player typing the box's words through them. Full-width digits and punctuation
    read as their ASCII forms (:func:`normalised`).

    >>> canonical_starts("anna take 3 town")
    ['anna: take 3 town', 'anna: take 3 city-hall']
    >>> canonical_starts("anna take 3 tow")
    ['anna: take 3 tow', 'anna: take 3 city-hall', 'anna: take 3 watchtower']
    """
    typed = normalised(typed)[0]
    *whole, last = typed.split(" ")
    whole = [word.rstrip(",") for word in whole if word.rstrip(",")]
    if not whole or whole[0].lower() in _TABLE_VERBS:
        return [typed]
    colon = next((index for index, word in enumerate(whole) if word.endswith(":") or word == ":"), None)
    if colon is not None:
        head, rest = whole[:colon + 1], whole[colon + 1:]
        if head[-1] == ":":  # 'anna : take'
            head = [*head[:-2], f"{head[-2]}:"] if len(head) > 1 else head
    elif whole[0].lower() in _VERBS:  # no name typed: Tab puts each player's before it
        head, rest = [], whole
    else:
        tokens = [_Token(word, index, "word") for index, word in enumerate(whole)]
        at = _verb_after_name(tokens)
        if at is None:  # the verb is the word being typed, if any: the whole words are the name
            return [" ".join(whole[:-1] + [f"{whole[-1]}:", _partial_word(last.lower(), [], None)])]
        head, rest = [*whole[:at - 1], f"{whole[at - 1]}:"], whole[at:]
    words: list[str] = []
    action = None
    index = 0
    while index < len(rest):
        word = rest[index].lower()
        index += 1
        if word == "then" and words and words[-1] == "then":  # 'and then'
            continue
        if action is None or (words and words[-1] in _GRANTING):
            action = _VERBS.get(word, word)
            words.append(action)
            continue
        if action == "shield" and words == ["shield"] and word in _SHIELD_FORMS:  # 'shield p', 'shield g'
            words.append(_SHIELD_FORMS[word])
            continue
        if action == "shield" and len(words) >= 3 and words[1] not in _SHIELD_FORMS.values() \
                and word in ("shield", "s", "on", "onto"):
            continue  # the doubles' 'shield 12 on c4': words the canonical line leaves out
        if words and words[-1] in ("take", "place", "sell", "workers") and len(words) == 1:
            if index < len(rest) and rest[index] in (">", "->", "→"):  # '5 > 4': the die in three words
                word, index = f"{word}>{rest[index + 1].lower() if index + 1 < len(rest) else ''}", index + 2
            words.append(word.replace("->", ">").replace("→", ">"))
            continue
        if word in ("depot", "depots") and words and words[-1] in ("from", "goods"):
            continue
        canonical = _CLAUSE_WORDS.get(action, {}).get(word) or _START_WORDS.get(word)
        if canonical is not None:
            words.append(canonical)
            action = "buy" if canonical == "buy" else action  # a placement's purchase: its own clauses
            continue
        if not word.isdigit() and not _DIE.match(word):
            joined = _resolve(word + rest[index].lower()) if index < len(rest) else None
            if joined is not None and (not rest[index].isdigit() or _resolve(word) is None):
                words.append(joined)
                index += 1
                continue
            name = _resolve(word)
            if name is not None and not re.fullmatch(r"[a-g][0-9]", word):
                words.append(name)
                continue
        words.append(word)
    if last.isdigit() and rest and (kind := _numbered_kind(rest[-1].lower())) is not None \
            and words and words[-1] == rest[-1].lower():
        return [" ".join([*head, *words[:-1], kind[0] + last])]  # 'yellow 1' being typed: 'k1', the start of k16
    if not last and rest and words and words[-1] == rest[-1].lower() \
            and (kind := _numbered_kind(words[-1])) is not None:
        return [" ".join([*head, *words[:-1], kind[0]])]  # 'yellow ': a knowledge tile's number comes next
    if rest and last and words and words[-1] == rest[-1].lower() \
            and (joined := _resolve(rest[-1].lower() + last.lower())) is not None:
        return [" ".join([*head, *words[:-1], joined])]  # a two-word name typed to its end: 'town hall'
    starts = [" ".join([*head, *words, _partial_word(last.lower(), words, action)])]
    first = rest[-1].lower() if rest else ""
    if first and words and (last or _resolve(first) is None) and not first[:1].isdigit() \
            and words[-1] in (first, _resolve(first)):
        # the last whole word may be a name's first word ('town', 'boarding', 'market' of 'market place');
        # not a tile named whole already when the word being typed begins a clause word the line
        # goes on with ('carpenter wo': 'workers', not the rest of 'carpenter workshop')
        clause = _clause_word_begun(last.lower(), action)
        starts += [" ".join([*head, *words[:-1], name]) for name in _tile_prefixes(first, last.lower())
                   if not (clause and name == words[-1])]
    if last and _tile_comes(words):  # a name being typed in another spelling ('tow': city-hall, watchtower)
        starts += [" ".join([*head, *words, name]) for name in _tile_prefixes("", last.lower())
                   if not name.startswith(last.lower())]
    if last and words and words[-1] not in _GRANTING and not (len(words) == 1 and words[0] in ("take", "place", "sell", "workers")):
        # a clause word begun in another spelling: 'fr' of a placement's 'from' (its goods), 'an' of 'and'
        spelt = {**_START_WORDS, **_CLAUSE_WORDS.get(action, {})}
        starts += [" ".join([*head, *words, canonical]) for word, canonical in spelt.items()
                   if len(last) > 1 and word.startswith(last.lower()) and not canonical.startswith(last.lower())]
    starts += _read_whole(typed, named=bool(head))  # a whole line the reader takes: its clauses in any order, say
    return list(dict.fromkeys(starts))


def _clause_word_begun(partial: str, action: str | None) -> bool:
    """``partial`` (a word being typed, not empty) begins a word that may come after a tile
    named in ``action``: one of its clause words in any spelling the reader takes (a
    placement's purchase's too), or a word granting the next action (``then``, ``and``, ``bonus``)."""
    own = _ANY_ORDER.get(action or "", ()) + (_ANY_ORDER["buy"] if action == "place" else ())
    words = (*own, *_CLAUSE_WORDS.get(action or "", {}), *_START_WORDS, *_GRANTING)
    return bool(partial) and any(word.startswith(partial) for word in words)


def _read_whole(typed: str, named: bool) -> list[str]:
    """The canonical texts of ``typed`` when it reads whole as a player's line (its name
    left out when ``named`` is False), lower case; else none. The lenient reader takes more
    than word-by-word matching can follow (clauses in any order: ``take 3 church discard
    k3 from 3``), so a line typed to its end is found as the reader reads it; a die's take
    naming the depot of the die's number (``from`` repeating it) is also the line without it."""
    from burgundy_cli.core.errors import RefereeError

    try:
        command = read_lenient(typed if named else f"_: {typed}")
    except RefereeError:
        return []
    if getattr(command, "player", None) is None or isinstance(command, c.CorrectionCommand):
        return []
    commands = [command]
    if isinstance(command, c.DieCommand) and isinstance(command.action, c.TakeAction) \
            and command.action.depot == (command.value or command.rolled):
        commands.append(command.model_copy(update={"action": command.action.model_copy(update={"depot": None})}))
    lines = [format_command(each) for each in commands]
    return [(line if named else line.removeprefix("_: ")).casefold() for line in lines]


def table_verb(word: str) -> str | None:
    """The table line a first word begins as the reader reads it (``rev``: ``reveal``,
    ``dice``: ``roll``), or None (a player's line)."""
    return _TABLE_VERBS.get(word.lower())


#: The clauses the reader takes in any order, each at most once, by their action's canonical
#: verb, in the order the canonical line writes them (``_take_clauses``, ``_place``); a
#: placement's purchase (after ``buy``) brings a purchase's, kept as ``buy.<word>``.
_ANY_ORDER = {"take": ("shared", "from", "discard"), "buy": ("shared", "from", "discard", "workers"),
              "place": ("goods", "keep", "as", "with", "order", "buy")}
_WRITTEN_ORDER = {verb: (*keys, *(f"buy.{key}" for key in _ANY_ORDER["buy"] if "buy" in keys))
                  for verb, keys in _ANY_ORDER.items()}


@dataclass(frozen=True, slots=True)
class _Part:
    """One action of a line in canonical words: the word granting it (``then``, ``bonus``;
    ``""`` for the line's own), its fixed words (verb, die, tile, space) and its any-order
    clauses, each key's words, in the order written."""

    joiner: str
    head: tuple[str, ...]
    clauses: tuple[tuple[str, tuple[str, ...]], ...]

    def same(self, other: _Part) -> bool:
        """The same action, its clauses in whatever order."""
        return (self.joiner, self.head) == (other.joiner, other.head) and dict(self.clauses) == dict(other.clauses)

    def text(self) -> list[str]:
        """Its words as the canonical line writes them: the clauses in their written order."""
        given = dict(self.clauses)
        order = _WRITTEN_ORDER.get(self.head[0] if self.head else "", ())
        words = [*([self.joiner] if self.joiner else []), *self.head]
        for key in sorted(given, key=order.index):
            words += [key.removeprefix("buy."), *given[key]]
        return words


def _parts(words: list[str]) -> list[_Part] | None:
    """A line's canonical words (after the player's name) as its actions, each cut before the
    word granting the next; None when a clause is written twice (the reader refuses it)."""
    actions: list[_Part] = []
    joiner, head, clauses, buying = "", [], {}, False
    for index, word in enumerate([*words, None]):
        if word is None or (word in _GRANTING and index):
            actions.append(_Part(joiner, tuple(head), tuple(clauses.items())))
            joiner, head, clauses, buying = word or "", [], {}, False
            continue
        own = _ANY_ORDER.get(head[0], ()) if head else ()
        if word in own or (buying and word in _ANY_ORDER["buy"]):
            key = word if word in own else f"buy.{word}"
            if key in clauses:
                return None
            clauses[key] = ()
            buying = buying and key.startswith("buy.") or key == "buy"
        elif clauses:
            key = next(reversed(clauses))
            clauses[key] += (word,)
        else:
            head.append(word)
    return actions


def reordered_start(start: str) -> tuple[str, Callable[[str], bool] | None] | None:
    """For a start of a canonical line (:func:`canonical_starts`; lower case, a word being
    typed last, or a space), whose clauses the reader takes in any order (``buy castle
    workers 2 fr``, ``place 4 ship c3 keep 1 ``): what Tab matches the legal lines with, as
    the start cannot simply be their beginning. None when it can (no clause typed yet in the
    action being typed, and those before in the canonical line's order).

    Else (a start, a test): with a clause typed in the action being typed, the start up to
    that action's clauses (the lines to make), and whether a legal line is one the typed
    text begins, its clauses in any order: the same actions before, this one's fixed words,
    each clause typed whole in the line, the last one typed a start of the line's (``keep
    1`` of ``keep 1 3``), or the word being typed the start of a clause the line has and
    the text lacks (``fr``: ``from 1``), or of ``then`` when every clause of the line is
    typed; with none typed there, the start with the actions before in the canonical order
    (and no test: matched on its beginning).

    >>> start, test = reordered_start("cara: buy carpenter workers 2 f")
    >>> start, test("Cara: buy carpenter from 1 workers 2"), test("Cara: buy carpenter workers 2")
    ('cara: buy carpenter ', True, False)
    """
    name, colon, body = start.partition(": ")
    if not colon:
        name, body = "", start
    words = body.split(" ")
    trailing = words[-1] == ""
    if trailing:
        words.pop()
    typed = _parts(words) if words else None
    if not typed:
        return None
    *before, last = typed
    if not last.clauses:
        partial = [] if trailing or len(last.head) < 3 else list(last.head)  # 'buy carpenter fr'
        keys = _ANY_ORDER.get(last.head[0], ()) if partial else ()
        if not any(key.startswith(partial[-1]) for key in keys):
            reordered = " ".join(word for part in before for word in part.text())
            if before and not body.startswith(reordered + " "):
                return f"{name}{colon}{reordered} {' '.join([*([last.joiner] if last.joiner else []), *last.head])}" \
                    + (" " if trailing else ""), None
            return None
        last = _Part(last.joiner, tuple(partial[:-1]), ((partial[-1], ("\0",)),))  # (a key being typed, alone)
    head = " ".join([*(word for part in before for word in part.text()), *([last.joiner] if last.joiner else []),
                     *last.head])

    def test(line: str) -> bool:
        folded = line.casefold()
        their_name, _, their_body = folded.partition(": ")
        if name and their_name != name.casefold():
            return False
        parts = _parts(their_body.split())  # (a line offered as '<line> then ' ends with its granting word)
        if parts is None or len(parts) < len(typed) or not all(map(_Part.same, before, parts)):
            return False
        theirs = parts[len(before)]
        if (theirs.joiner, theirs.head) != (last.joiner, last.head):
            return False
        return _clauses_begun(last.clauses, dict(theirs.clauses), trailing,
                              parts[len(before) + 1].joiner if len(parts) > len(typed) else None)

    return f"{name}{colon}{head} ", test


def _clauses_begun(typed: tuple[tuple[str, tuple[str, ...]], ...], theirs: dict[str, tuple[str, ...]],
                   trailing: bool, granting: str | None) -> bool:
    """:func:`reordered_start`'s test of one action: ``typed`` (its clauses as typed, the last
    one perhaps unfinished) begins an action whose clauses are ``theirs``, in any order
    (``granting``: the word of the action that follows it, if any)."""
    *whole, (key, words) = typed
    if not all(theirs.get(done) == value for done, value in whole):
        return False
    if words == ("\0",):  # a key being typed, no clause typed whole: 'buy carpenter fr'
        return any(name.removeprefix("buy.").startswith(key) for name in theirs)
    begun = " ".join(words) + (" " if trailing and words else "")
    if key in theirs and (" ".join(theirs[key]) + " ").startswith(begun):
        return True
    if trailing or not words or theirs.get(key) != words[:-1]:
        return False
    word, said = words[-1], {done for done, _ in typed}
    if any(name.removeprefix("buy.").startswith(word) for name in theirs if name not in said):
        return True  # the word being typed begins a clause still to type
    return granting is not None and granting.startswith(word) and said == set(theirs)


def _tile_comes(words: list[str]) -> bool:
    """A tile name comes after the canonical ``words`` of a line's action: after a take's or
    placement's die, a purchase's verb, a granted take or placement, ``discard``, ``buy``, ``as``."""
    if not words:
        return False
    if words[-1] in ("discard", "buy", "as") or (len(words) > 1 and words[-2] in _GRANTING and words[-1] in ("take", "place")):
        return True
    return len(words) == 2 and words[0] in ("take", "place") or words == ["buy"]


def _tile_prefixes(first: str, partial: str) -> list[str]:
    """The starts of the canonical tile names that ``first`` (a whole word typed before, or
    ``""``) and ``partial`` (the word being typed) begin, as the reader reads tile names:
    ``yellow`` + ``1``: ``k1``; ``town`` + ``h``: ``city-hall``; ``""`` + ``boa``:
    ``boarding-house`` and ``ship``; ``""`` + ``y16``: ``k16``. Empty when they begin none."""
    from burgundy_cli.castles.rules.tiles import tile_names_begun

    if first:
        kind = _numbered_kind(first) if first.isalpha() else None
        if kind is not None and (partial.isdigit() or not partial):
            return [kind[0] + partial]
        return tile_names_begun(f"{first} {partial}")
    if not partial:
        return [""]
    found = []
    kind = _numbered_kind(partial) if partial.isalpha() else None
    if kind is not None:
        found.append(kind[0])
    if (name := _resolve(partial)) is not None:
        found.append(name)
    return list(dict.fromkeys([*found, *tile_names_begun(partial)]))


def reveal_starts(words: list[str], partial: str) -> list[tuple[list[str], str]]:
    """How the tile words of a reveal being typed read (the words after its depot: ``words``
    whole, ``partial`` the one being typed), as the reveal reader reads them: each reading as
    (the canonical tiles of the whole words, the start of the next tile's canonical name).
    ``cow 3 yellow 1`` reads ``cow3`` and a tile starting ``k1``; ``town`` with nothing more
    typed the city hall; empty when a whole word is no tile. Commas after words are left out.

    >>> reveal_starts(["Cow", "3", "yellow"], "1")
    [(['cow3'], 'k1')]
    >>> reveal_starts(["market"], "pl")
    [([], 'market')]
    """
    words = [word.strip(",").lower() for word in (normalised(" ".join(words))[0]).split() if word.strip(",")]
    partial = normalised(partial)[0].lower()
    tiles: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if index + 1 < len(words) and (not words[index + 1].isdigit() or _resolve(word) is None) \
                and (joined := _resolve(word + words[index + 1])) is not None:  # as _tile joins two words
            tiles.append(joined)
            index += 2
        elif (name := _resolve(word)) is not None:
            tiles.append(name)
            index += 1
        else:
            break
    pending = words[index:]
    if len(pending) > 1:
        return []
    if pending:  # a name's first word, or a numbered tile's word before its number
        return [(tiles, prefix) for prefix in _tile_prefixes(pending[0], partial)]
    readings = [(tiles, prefix) for prefix in _tile_prefixes("", partial)]
    if partial and tiles and _resolve(words[-1]) is not None:  # 'market' + 'p': 'market place', one tile
        readings += [(tiles[:-1], prefix) for prefix in _tile_prefixes(words[-1], partial)]
    return readings


def _partial_word(word: str, words: list[str], action: str | None) -> str:
    """The word being typed as the canonical line's word begins: a short form that is no
    start of its word is that word (``put``: ``place``, ``and``: ``then``), a die being
    changed is written with ``>`` (``5-`` and ``5->`` begin ``5>4``); any other is kept."""
    if not words or words[-1] in _GRANTING:  # the verb
        verb = _VERBS.get(word)
        return verb if verb is not None and not verb.startswith(word) else word
    if len(words) == 1 and words[0] in ("take", "place", "sell", "workers"):  # the die
        word = word.replace("->", ">").replace("→", ">")
        return f"{word[:-1]}>" if word.endswith("-") else word  # ('5-' begins '5->4'; '5-4' the reader refuses)
    canonical = _CLAUSE_WORDS.get(action, {}).get(word) or _START_WORDS.get(word)
    if canonical is None and not re.fullmatch(r"[a-g][0-9]", word):
        kind = _numbered_kind(word)  # 'yellow': a knowledge tile's number comes next
        canonical = _resolve(word) if kind is None else kind[0]  # or a tile's alias typed to its end: 'boat'
    return canonical if canonical is not None and not canonical.startswith(word) else word
