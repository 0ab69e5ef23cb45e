"""Words as typed and shown: counts in words (``1 line``, ``2 lines``), the terminal width
of a text, a line as the notation readers read it (Unicode NFKC, each column the typed
character's), a player's name as every match of names keys it, and the club's date order."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, the noun plural (``plural``, else ``noun`` + s) unless it is 1."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def text_width(text: str) -> int:
    """How many columns of a terminal ``text`` takes: two for a wide character (Chinese,
    Japanese, Korean, full-width forms), none for a combining mark or a format character (a
    zero-width joiner), one for any other. Tables are padded by this, not by ``len``, so a
    name in another script keeps the figures after it in their columns."""
    import unicodedata

    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1 for char in text)


def padded(text: str, width: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (:func:`text_width`): on the left
    when ``right`` (a figure), else on the right."""
    fill = " " * max(0, width - text_width(text))
    return fill + text if right else text + fill


def cut(text: str, width: int) -> str:
    """``text`` if it fits ``width`` terminal columns, else its start and "…" in ``width``."""
    if text_width(text) <= width:
        return text
    kept = ""
    for char in text:
        if text_width(kept + char) > width - 1:
            break
        kept += char
    return kept + "…"


def normalised(text: str) -> tuple[str, list[tuple[int, int]] | None]:
    """``text`` in Unicode NFKC outside its quoted notes, as both games' lenient readers take
    it: the full-width digits, letters and punctuation a phone or an East-Asian keyboard types
    (``５``, ``，``, ``：``) are their ASCII forms. Also, for each character of the result,
    where in ``text`` the characters it came from are (start, end; None when nothing
    changed), so a column still points at what the person typed. A note is the player's
    own words, kept. A full-width ``＃`` is kept too: a comment is split off a line by ``#``
    alone before it is read (``core.replay.split_comment``), so a ``＃`` read as ``#`` would
    drop what follows it from the record unsaid; kept, the reader refuses it at its column.

    >>> normalised("t ５，ﬁ")
    ('t 5,fi', [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (4, 5)])
    >>> normalised("anna: take 5 church")
    ('anna: take 5 church', None)
    """
    if text.isascii():
        return text, None
    import unicodedata

    pieces: list[str] = []
    where: list[tuple[int, int]] = []
    note = False
    index = 0
    while index < len(text):
        end = index + 1
        char = text[index]
        if note or char == '"':  # a quoted note, as the Castles tokenizer reads it, is kept as typed
            if char == "\\" and note and end < len(text):
                end += 1
            elif char == '"':
                note = not note
            piece = text[index:end]
        else:
            while end < len(text) and unicodedata.combining(text[end]):  # a letter with its accents
                end += 1
            piece = unicodedata.normalize("NFKC", text[index:end])
            if piece == '"' or "#" in piece or (not text[index].isspace() and any(c.isspace() for c in piece)):
                piece = text[index:end]  # (a full-width quote opens no note, nor a '＃' a comment;
                # '¨', ' ̈' in NFKC, splits no word)
        pieces.append(piece)
        where.extend([(index, end)] * len(piece))
        index = end
    result = "".join(pieces)
    return (text, None) if result == text else (result, where)


def read_either_form(read_normal: Callable[[], T], read_typed: Callable[[], T]) -> T:
    """What a notation reader reads of a line :func:`normalised` changed: ``read_normal()``,
    the line in NFKC; when that is refused, ``read_typed()``, the line as typed, since NFKC
    may have split a player's name holding a full-width mark (``a：b: pass``); when both are
    refused, the refusal of the NFKC reading, which the reader locates at the typed columns.

    :raises ParseError: neither reading reads.
    """
    from burgundy_cli.core.errors import ParseError

    try:
        return read_normal()
    except ParseError as err:
        try:
            return read_typed()
        except ParseError:
            pass
        raise err from None


@lru_cache(maxsize=4096)   # (a club's tables ask it of the same few names, line after line)
def player_key(name: str) -> str:
    """What makes two spellings of a player's name one player, within a record (the notation's
    matching of a typed name to a listed one, the check that no two listed players are one) and
    across records (the club's tables, ratings, pages and the BG Stats export): words one space
    apart and Unicode's compatibility caseless match (The Unicode Standard, 3.13, D146). So
    case is ignored, a composed "ë" and "e" + combining diaeresis are one letter, and a
    compatibility form is its plain one: the full-width letters a phone or an East-Asian
    keyboard types (``Ａｎｎａ`` is ``Anna``, as its ``５`` is ``5`` to the notation), a ligature
    (``ﬁ``), a non-breaking or ideographic space. The key only matches: a record keeps its
    names as written.

    >>> player_key("Ａｎｎａ") == player_key("anna") == player_key(" ANNA ")
    True
    """
    if name.isascii():
        return " ".join(name.split()).casefold()
    import unicodedata

    # NFKD(casefold(NFKD(casefold(NFD(name))))), D146's order (casefolding can undo a
    # normal form: ǰ -> j + caron), composed at the end so the key reads as the name does
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFD", name).casefold()).casefold()
    return " ".join(unicodedata.normalize("NFKC", folded).split())


def date_order(date: object) -> tuple[int, str]:
    """Where a game stands in the club's date order (the ratings' order, a player's first game,
    the site's list): a game dated ``YYYY-MM-DD`` (a time after it allowed) by its date, then
    every undated game -- no date, or a date given as free text ("spring 2025"), which no
    calendar places -- after the dated ones. Undated games go last so that an old score pad
    typed in later without its date changes neither the ratings' history of the dated games
    nor whose spelling names a player. Ties (and the undated games among themselves) are
    broken by the caller, by the path of the record's file (``archive.stats.file_order_sql``).

    >>> sorted(["spring 2025", None, "2025-03-01", "2024-12-31"], key=date_order)
    ['2024-12-31', '2025-03-01', 'spring 2025', None]
    """
    import datetime as dt

    text = date.isoformat() if isinstance(date, (dt.date, dt.datetime)) else str(date or "")
    if len(text) >= 10 and text[4] == "-" and text[7] == "-" and text[:4].isdigit() and text[5:7].isdigit() \
            and text[8:10].isdigit():
        return 0, text
    return 1, ""
