"""What every game offers the command line, and the game-agnostic parts of a record.

A game package (``burgundy_cli.castles``, ``burgundy_cli.robber_knights``) exposes one
object ``GAME`` that satisfies :class:`Game`. Opening a record gives a :class:`Session`:
the game replayed and verified line by line up to its end. The command line only talks
to these two protocols, so adding a game never touches another game's code.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Annotated, Any, Protocol

from pydantic import AfterValidator, Field, ValidationError

from burgundy_cli.core.errors import Location, RecordError
from burgundy_cli.core.models import (UNKNOWN_FIELD, Label, Name, TableModel, data_path,
                                      error_message, field_names, patterned, union_message)
from burgundy_cli.core.record import RecordDoc
from burgundy_cli.core.registry import game_key

#: A rule option's value: a word, a number, a flag, or a list of words (the 2019 modules).
OptionValue = str | int | bool | list[str]

#: A game's ``uuid`` in its header: the canonical form of a UUID, any case.
UUID_PATTERN = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
Uuid = patterned(UUID_PATTERN, "a UUID, hexadecimal digits in groups of 8-4-4-4-12")


class GameHeader(TableModel):
    """The ``[game]`` table every record starts with (a pydantic ``BaseModel``, as every table is).

    ``name``: which game (``castles-of-burgundy``, ``robber-knights``); ``edition``: the
    rulebook edition, where a game has several; ``players``: names in seat order
    (clockwise). ``date``, ``place``, ``event`` (a league night, a tournament round) and
    ``notes`` say when, where and why the game was played (``burgundy new`` stamps the
    date). ``uuid`` is the game's identity, written once by ``burgundy new``: the exports'
    play ids derive from it, so a date or a place added later never makes a second play of
    it (docs/export.md). ``options`` holds the named rule options of the record (the rulings a
    group chose); each game validates its own option names and values.

    The name is resolved here, once, for every command: ``Castles-Of-Burgundy`` or
    ``"robber-knights "`` is read as the registry's spelling (:func:`~burgundy_cli.core.registry.game_key`),
    so no command meets another (issue 33 item 6). Names, the place and the event are
    printable text of bounded length (:func:`~burgundy_cli.core.models.printable_text`,
    issue 33 item 19), for both games.
    """

    name: Annotated[str, AfterValidator(game_key)]
    edition: str | None = None
    players: list[Name]
    date: _dt.date | _dt.datetime | str | None = None
    place: Label | None = None
    event: Label | None = None
    notes: str | None = None
    uuid: Uuid | None = None
    options: dict[str, OptionValue] = Field(default_factory=dict)


def _data_path(data: Any, table: tuple[str | int, ...], error: Any) -> tuple[Any, ...]:
    """The part of a validation error's ``loc`` that indexes the record's data (see :func:`data_path`)."""
    value = data
    for part in table:
        value = value.get(part) if isinstance(value, dict) else None
    return data_path(value, error)


def read_header(doc: RecordDoc) -> GameHeader:
    """Validate the ``[game]`` table of ``doc``.

    :raises RecordError: missing table, missing or extra fields, wrong types; located.
    """
    table = doc.data.get("game")
    if not isinstance(table, dict):
        where = doc.location_of_key("game") if "game" in doc.data else Location(doc.name, 1, 1)
        raise RecordError("a record must start with a [game] table (name, players, ...)", location=where)
    try:
        return GameHeader.model_validate(table)
    except ValidationError as err:
        raise record_error(err, doc, ("game",), declared=GameHeader) from None


def record_error(err: ValidationError, doc: RecordDoc, table: tuple[str | int, ...],
                 declared: type | None = None) -> RecordError:
    """Turn the validation errors into located :class:`RecordError` objects, one per key of the
    table: the first is returned, the others are in its ``also`` (all reported at once).

    ``table`` is the key path of the validated table in the record; the error is located
    at the offending key or array item, or at the table when a required key is missing.
    With ``declared`` (the table's model), an unknown key gets the closest field name
    as a hint.
    """
    errors = err.errors(include_url=False)
    # one error per key of the table, all reported at once (the first raised, the rest in its 'also')
    keys: dict[object, dict[str, Any]] = {}
    for error in errors:
        path = _data_path(doc.data, table, error)
        keys.setdefault(path[0] if path else None, error)
    found = [_one_record_error(error, errors, doc, table, declared) for error in keys.values()]
    found[0].also = found[1:]
    return found[0]


def _one_record_error(first: dict[str, Any], errors: list[Any], doc: RecordDoc, table: tuple[str | int, ...],
                      declared: type | None) -> RecordError:
    """One validation error (``first``; ``errors``: all of them, for a union's alternatives) located."""
    from burgundy_cli.core.suggest import did_you_mean

    loc = _data_path(doc.data, table, first)
    name = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc).lstrip(".")
    where = "[" + ".".join(map(str, table)) + "]" + (f" {name}" if name else "")
    message, hint = error_message(first), None
    kind = first.get("type")
    if kind == UNKNOWN_FIELD:
        if declared is not None and len(loc) == 1:
            hint = did_you_mean(str(loc[0]), field_names(declared))
    elif kind != "missing":
        # a union reports one error per member type, all at the same place: say them all
        message = union_message([e for e in errors if _data_path(doc.data, table, e) == loc])
    return RecordError(f"{where}: {message}", location=doc.location_of_key(*table, *loc), hint=hint,
                       path=(*table, *loc))


class ScoreLine(TableModel):
    """One player's final (or current) score: total, rank and the categories it is made of."""

    name: str
    total: int
    rank: int
    breakdown: dict[str, int]


class ScoreTable(TableModel):
    """The scoring of a record, as ``burgundy score`` prints it.

    ``winner`` is empty while the game is unfinished (``complete`` false): the ranks then
    give the standings. ``tiebreak`` says which tiebreak decided a tie on points (``None``
    when none was needed); ``notes`` lists the checks that could not be made, such as depot reveals
    left out of the record.
    """

    game: str
    edition: str | None
    complete: bool
    players: list[ScoreLine]
    winner: list[str]
    tiebreak: str | None = None
    notes: list[str] = Field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object: game, edition, complete, players, winner, tiebreak, notes."""
        return self.model_dump()

    def stored_result(self) -> dict[str, Any]:
        """The ``[result]`` table a record stores: what a replay must reproduce."""
        return {
            "complete": self.complete,
            "winner": list(self.winner),
            "scores": {line.name: line.total for line in self.players},
        }


class MoveList:
    """Every legal action of the player to move, in canonical notation, in readable groups.

    ``choices`` is the same listing with equivalent lines written as one (a game that can:
    Castles lists the spaces a tile may go to on one line, ``c3|d4``); empty when the game
    has none, and then ``groups`` is what ``burgundy moves`` shows. A game may give either
    as a function instead (``every``, ``grouped``), made when first read: the grouped
    listing of a position with many chained actions costs a fraction of every line. So may
    Tab completion (``completing``, :meth:`completions`). ``notes``: what the grouped
    listing's shorthand means, as (mark, note) pairs; :meth:`text` says each note under a
    listing that uses its mark.
    """

    __slots__ = ("player", "_groups", "_choices", "_every", "_grouped", "_completing", "_notes")

    def __init__(self, player: str | None, groups: dict[str, list[str]] | None = None,
                 choices: dict[str, list[str]] | None = None, *,
                 every: Callable[[], dict[str, list[str]]] | None = None,
                 grouped: Callable[[], dict[str, list[str]]] | None = None,
                 completing: Callable[[str], list[str]] | None = None,
                 notes: tuple[tuple[str, str], ...] = ()) -> None:
        self.player = player
        self._groups, self._choices = groups, choices
        self._every, self._grouped = every, grouped
        self._completing = completing
        self._notes = notes

    @property
    def groups(self) -> dict[str, list[str]]:
        """Every line, by group."""
        if self._groups is None:
            self._groups = self._every() if self._every is not None else {}
        return self._groups

    @property
    def choices(self) -> dict[str, list[str]]:
        """The grouped lines, by group (empty: the game writes none)."""
        if self._choices is None:
            self._choices = self._grouped() if self._grouped is not None else {}
        return self._choices

    @property
    def moves(self) -> list[str]:
        """Every line."""
        return [move for group in self.groups.values() for move in group]

    def completions(self, typed: str) -> list[str]:
        """What Tab offers for ``typed`` (casefolded, one space between words): the lines that
        start with it, with or without the player's name (``Anna: ``), in listing order. A game
        that gives ``completing`` may offer, for many lines that share a start, that start
        alone (Castles: ``<line> then `` for a placement's many granted continuations)."""
        if self._completing is not None:
            return self._completing(typed)
        return [move for move in self.moves if starts_as_typed(move, typed)]

    def text(self, every_line: bool = False) -> str:
        """The lines as ``burgundy moves`` (and the table session's ``moves``) prints them, or
        why there are none: equivalent lines as one (:attr:`choices`) unless ``every_line``.
        With no player to move the lines are those a player may say meanwhile (headed so)."""
        groups = self.groups if every_line or not self.choices else self.choices
        if self.player is None and not groups:
            return "no player is to move: the table owes the next line (or the game is over)"
        # (no one to move, yet lines: what a player may say outside the turn order, a Castles
        # shield's tribute said ahead while the table rolls)
        lines = [f"{self.player} to move:" if self.player is not None else "lines a player may say now:"]
        for group, moves in groups.items():
            lines.append(f"  {group}:")
            lines.extend(f"    {move}" for move in moves)
        if groups is self.choices:
            shown = [move for moves in groups.values() for move in moves]
            notes = [note for mark, note in self._notes if any(mark in move for move in shown)]
            if notes:
                lines.append(f"({'; '.join(notes)}; 'burgundy moves --all' lists every line)")
        return "\n".join(lines)


def starts_as_typed(line: str, typed: str) -> bool:
    """``line`` starts with ``typed`` (casefolded), or does after its player's ``name: ``."""
    folded = line.casefold()
    return folded.startswith(typed) or folded.partition(": ")[2].startswith(typed)


class Session(Protocol):
    """A record replayed and verified to its last line."""

    header: GameHeader

    def score(self) -> ScoreTable:
        """Score the position reached (final scoring when the game is complete)."""
        ...

    def check(self, text: str) -> str:
        """Check one notation line against the position reached; return it canonically.

        :raises ParseError, IllegalMoveError:
        """
        ...

    def play(self, text: str) -> str:
        """Check one line, then apply it to the session; return its canonical form."""
        ...

    def show(self) -> str:
        """Text drawing of the position: boards with coordinates, supplies, turn order."""
        ...

    def legal_moves(self) -> MoveList:
        """Every legal line for the player to move (empty when the game is over)."""
        ...

    def record_data(self) -> dict[str, Any]:
        """The record as canonical TOML data, including every line played and the result."""
        ...


class Game(Protocol):
    """A game the tool referees."""

    name: str
    editions: tuple[str, ...]
    #: The top-level tables of its records; any other table or key is refused.
    tables: tuple[str, ...]

    def open(self, doc: RecordDoc, header: GameHeader) -> Session:
        """Replay and verify the record ``doc``; the first invalid line stops it.

        :raises RefereeError: located at the offending line.
        """
        ...

    def playout(self, players: int, seed: int, edition: str | None = None,
                stop_after: int | None = None, modules: tuple[str, ...] = ()) -> dict[str, Any]:
        """Deal a game from ``seed`` and play it out with a seeded policy; return record data."""
        ...
