"""Hypothesis strategies and fuzz targets, shared by the CI tests and the soak script.

Everything here is generic over the core registry: each game in
``burgundy_cli.core.registry.GAMES`` whose package imports is fuzzed, with the records
under ``records/**/*.toml`` that name it as the seeds of the mutations. A fuzz target
passes when its call returns anything or raises a
:class:`~burgundy_cli.core.errors.RefereeError`; anything else is a bug.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from burgundy_cli.core import registry
from burgundy_cli.core.errors import RefereeError, failure
from burgundy_cli.core.record import parse_record_bytes, parse_record_text
from burgundy_cli.core.session import open_doc
from burgundy_cli.core.tomlsource import source_map, string_value

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records"

#: More digits than ``int()`` converts (Python refuses 4,300+ with a bare ValueError).
HUGE_NUMBER = "9" * 5000

#: Tokens that break parsers: empty, huge, signed, special floats, TOML syntax, control
#: and invisible characters, look-alikes.
NASTY = ["", " ", "\t", "\r\n", "\n", "0", "-1", "7", "+3", "65536", "9" * 30, HUGE_NUMBER, "nan", "inf", "-inf",
         "1e999", "0x1f", "true", "false", "[", "]", "[[", "]]", "{", "}", "=", ",", ".", "..", ":", ";",
         "#", '"', "'", '"""', "'''", "\\", "\\u0000", "\x00", "\x7f", "\ufeff", "\u202e", "\u200b", "é",
         "ß", "İ", "🂡", "[game]", "[[game]]", "[result]", "1979-05-27", "a.b.c", "x" * 1000, "-", ">", "<",
         "->", "0>0", "6>1", "a0", "z99", "k0", "k27", "\u2028", "\u2029", "\x1b[31m", "3>4", "from", "then",
         "discard", "workers"]

#: Lines that once broke a reader or a verdict (issue 16), mutated like the records' lines:
#: a bare table verb, a changed white die, a granted take without its depot, commas between
#: clauses, a line without the colon, line separators in a name.
REGRESSION_LINES = ["reveal", "reveal black", "goods", "roll", "roll white", "roll white 3>4 good 5, Anna 1 2, Bob 3 4",
                    "Anna: place 3 church c3 then take castle", "Anna: take 3 church, discard k3",
                    "Anna take 3 church", "Anna: take 2 workers 6", "An\u2028na: take 1 church",
                    "Anna: buy ship, workers 2", "red lay cp e4", "red: lay cp e4, knights 2"]

_TOKEN = re.compile(rb'[A-Za-z0-9_\-]+|"[^"\n]*"|\S')


def game_objects() -> dict[str, Any]:
    """Every registered game whose package imports and exposes ``GAME``, by name."""
    found = {}
    for name, module in registry.GAMES.items():
        try:
            found[name] = importlib.import_module(module).GAME
        except (ImportError, AttributeError):
            continue
    return found


@cache
def record_texts() -> dict[str, list[tuple[str, str]]]:
    """(path, text) of each record under ``records/``, by the game its ``[game] name`` gives."""
    found: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(RECORDS.glob("**/*.toml")) if RECORDS.is_dir() else []:
        text = path.read_text(encoding="utf-8")
        try:
            name = tomllib.loads(text)["game"]["name"]
        except (tomllib.TOMLDecodeError, KeyError, TypeError):
            continue
        found.setdefault(name, []).append((str(path.relative_to(ROOT)), text))
    return found


@cache
def notation_lines(game: str, path: str | None = None) -> list[str]:
    """Every string value in the records of ``game`` (move lines, names, choices), or in the
    one record at ``path``."""
    lines = [string_value(token) for where, text in record_texts().get(game, []) if path in (None, where)
             for _, token in source_map(text).strings]
    return sorted({line for line in lines if line.strip()}) or ["a: b 1"]


# --- strategies ------------------------------------------------------------------------

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60)


@st.composite
def mutated_text(draw: st.DrawFn, seeds: list[str], tokens: list[str]) -> str:
    """A seed line changed by 1-4 character- and token-level edits."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 4))):
        words = text.split(" ")
        op = draw(st.sampled_from(["delete", "insert", "replace-word", "drop-word", "repeat-word",
                                   "swap-words", "case", "truncate"]))
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        word = draw(st.integers(0, len(words) - 1))
        if op == "delete":
            text = text[:at] + text[at + 1:]
        elif op == "insert":
            text = text[:at] + draw(st.sampled_from(NASTY) | TEXT) + text[at:]
        elif op == "replace-word":
            words[word] = draw(st.sampled_from(tokens) | st.sampled_from(NASTY))
            text = " ".join(words)
        elif op == "drop-word":
            text = " ".join(words[:word] + words[word + 1:])
        elif op == "repeat-word":
            text = " ".join(words[:word + 1] + words[word:])
        elif op == "swap-words":
            other = draw(st.integers(0, len(words) - 1))
            words[word], words[other] = words[other], words[word]
            text = " ".join(words)
        elif op == "case":
            text = text.upper() if draw(st.booleans()) else text.swapcase()
        else:
            text = text[:at]
    return text


def notation_strategy(game: str) -> st.SearchStrategy[str]:
    """Random text, random token soup, and mutated real lines of ``game`` (and of
    :data:`REGRESSION_LINES`)."""
    lines = notation_lines(game) + REGRESSION_LINES
    tokens = sorted({word for line in lines for word in line.split()}) or ["x"]
    soup = st.lists(st.sampled_from(tokens) | st.sampled_from(NASTY), max_size=12).map(" ".join)
    return st.one_of(TEXT, soup, mutated_text(lines, tokens))


@st.composite
def mutated_record(draw: st.DrawFn, texts: list[str]) -> bytes:
    """A seed record changed by 1-4 byte flips, line deletions/duplications/swaps,
    truncations, token substitutions or insertions."""
    raw = draw(st.sampled_from(texts)).encode("utf-8")
    for _ in range(draw(st.integers(1, 4))):
        lines = raw.split(b"\n")
        line = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["flip", "delete-line", "repeat-line", "swap-lines", "truncate",
                                   "substitute", "insert"]))
        if op == "flip" and raw:
            at = draw(st.integers(0, len(raw) - 1))
            raw = raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1:]
        elif op == "delete-line":
            raw = b"\n".join(lines[:line] + lines[line + 1:])
        elif op == "repeat-line":
            raw = b"\n".join(lines[:line + 1] + lines[line:])
        elif op == "swap-lines":
            other = draw(st.integers(0, len(lines) - 1))
            lines[line], lines[other] = lines[other], lines[line]
            raw = b"\n".join(lines)
        elif op == "truncate":
            raw = raw[:draw(st.integers(0, len(raw)))]
        else:
            tokens = list(_TOKEN.finditer(raw))
            if not tokens:
                continue
            token = tokens[draw(st.integers(0, len(tokens) - 1))]
            new = draw(st.sampled_from(NASTY) | st.sampled_from([t.group().decode("utf-8", "replace")
                                                                 for t in tokens[:200]])).encode("utf-8")
            at = token.start() if op == "insert" else token.end()
            raw = raw[:token.start()] + new + raw[at:] if op == "substitute" else raw[:at] + new + raw[at:]
    return raw


#: Numbers outside every range a notation uses, down to ones ``int()`` cannot convert.
ODD_NUMBERS = ["0", "-1", "65536", "9" * 30, HUGE_NUMBER]


def with_odd_numbers(line: str) -> list[str]:
    """``line`` with each of its numbers in turn replaced by each of :data:`ODD_NUMBERS`."""
    return [line[:m.start()] + odd + line[m.end():] for m in re.finditer(r"\d+", line) for odd in ODD_NUMBERS]


# --- targets ---------------------------------------------------------------------------


def line_reader(game: Any) -> Any:
    """A game's notation reader (syntax only): ``parse_line`` of its package's ``notation``
    module (docs/developing.md, "Layers"); a test game without a package has ``parse``."""
    if hasattr(game, "parse"):
        return game.parse
    return importlib.import_module(registry.GAMES[game.name] + ".notation").parse_line


def parse_line(game: Any, line: str) -> None:
    """Read one notation line: a command or a RefereeError that reads as one line."""
    try:
        line_reader(game)(line)
    except RefereeError as err:
        assert_one_line(err)


def assert_one_line(err: RefereeError) -> None:
    """What a user sees of ``err`` is one printable line per error (issue 16, item 15): no raw
    newline, line separator or control character, no word longer than the cut allows."""
    shown, _ = failure(err)
    lines = shown.split("\n")
    assert len(lines) == 1 + len(err.also), shown
    for line in lines:
        assert line.isprintable(), repr(line)
        assert len(line) < 2000, line[:200]


def open_mutated(raw: bytes) -> None:
    """Read, replay and score a (mutated) record: a score table or a RefereeError."""
    try:
        open_doc(parse_record_bytes(raw, "fuzz.toml")).score()
    except RefereeError as err:
        assert err.location is not None and err.location.file == "fuzz.toml", str(err)


@cache
def final_session(path: str) -> Any:
    """The session at the end of a shipped record (replayed once per process)."""
    return open_doc(parse_record_text((ROOT / path).read_text(encoding="utf-8"), path))


def check_line(path: str, line: str) -> None:
    """Check a line against the final position of a record: a verdict or a RefereeError."""
    try:
        final_session(path).check(line)
    except RefereeError as err:
        assert_one_line(err)
