"""A tiny game used only by the core's reliability tests, registered as ``tally`` by a fixture.

The real games are written in other branches; this one lets the game-agnostic side (record
reading, locations, result verification, the command line, atomic writes) be tested end
to end through the same protocols. Rules: players take turns in seat order, each line is
``<player>: <die>`` with a die of 1-6, the game ends after three turns each, and a player
scores the sum of their dice.
"""

from __future__ import annotations

from typing import Any, ClassVar

from burgundy_cli.core.errors import IllegalMoveError, ParseError, Rule
from burgundy_cli.core.game import GameHeader, MoveList, ScoreLine, ScoreTable
from burgundy_cli.core.record import RecordDoc
from burgundy_cli.core.replay import replay
from burgundy_cli.core.suggest import did_you_mean

TURNS = 3
RULES = {
    "tally.turn": Rule("tally.turn", "players take turns in seat order", "tally rules, 'Turns'"),
    "tally.die": Rule("tally.die", "a die shows 1 to 6", "tally rules, 'Dice'"),
    "tally.over": Rule("tally.over", "the game ends after three turns each", "tally rules, 'End'"),
    "tally.player": Rule("tally.player", "only the players of the record play", "tally rules, 'Players'"),
}


def parse(text: str) -> tuple[str, int]:
    """``"anna: 3"`` -> ``("anna", 3)``; syntax only."""
    name, colon, die = text.partition(":")
    if not colon or not name.strip():
        raise ParseError(f"expected '<player>: <die>', got {text[:40]!r}")
    try:
        return name.strip().lower(), int(die.strip())
    except ValueError:
        raise ParseError(f"the die must be a number, got {die.strip()[:20]!r}") from None


class TallySession:
    """A tally game replayed to its last line."""

    def __init__(self, header: GameHeader) -> None:
        self.header = header
        self.lines: list[str] = []
        self.totals = {name.lower(): 0 for name in header.players}

    def check(self, text: str) -> str:
        name, die = parse(text)
        if name not in self.totals:
            raise IllegalMoveError(RULES["tally.player"], f"'{name}' does not play",
                                   hint=did_you_mean(name, self.totals))
        if len(self.lines) >= TURNS * len(self.totals):
            raise IllegalMoveError(RULES["tally.over"], "the game is over")
        due = list(self.totals)[len(self.lines) % len(self.totals)]
        if name != due:
            raise IllegalMoveError(RULES["tally.turn"], f"it is {due}'s turn, not {name}'s")
        if not 1 <= die <= 6:
            raise IllegalMoveError(RULES["tally.die"], f"a die cannot show {die}", hint="1 to 6")
        return f"{name}: {die}"

    def play_logged(self, text: str, group: str | None = None) -> str:
        return self.play(text)

    def play(self, text: str) -> str:
        line = self.check(text)
        name, die = parse(line)
        self.totals[name] += die
        self.lines.append(line)
        return line

    def score(self) -> ScoreTable:
        ranked = sorted(self.totals.values(), reverse=True)
        best = ranked[0] if ranked else 0
        return ScoreTable(
            game="tally", edition=self.header.edition,
            complete=len(self.lines) >= TURNS * len(self.totals),
            players=[ScoreLine(name=n, total=t, rank=ranked.index(t) + 1, breakdown={"dice": t})
                     for n, t in self.totals.items()],
            winner=[n for n, t in self.totals.items() if t == best])

    def show(self) -> str:
        return "\n".join(f"{name}: {total}" for name, total in self.totals.items())

    def legal_moves(self) -> MoveList:
        if len(self.lines) >= TURNS * len(self.totals):
            return MoveList(player=None)
        due = list(self.totals)[len(self.lines) % len(self.totals)]
        return MoveList(player=due, groups={"dice": [f"{due}: {d}" for d in range(1, 7)]})

    def record_data(self) -> dict[str, Any]:
        game = {key: value for key, value in self.header.model_dump(exclude_none=True).items() if value != {}}
        return {"game": game | {"name": "tally", "players": list(self.header.players)},
                "log": {"moves": list(self.lines)}, "result": self.score().stored_result()}


class Tally:
    """The tally game: the :class:`~burgundy_cli.core.game.Game` protocol in miniature."""

    name: ClassVar[str] = "tally"
    editions: ClassVar[tuple[str, ...]] = ("first", "second")
    tables: ClassVar[tuple[str, ...]] = ("game", "log", "result")

    def parse(self, text: str) -> tuple[str, int]:
        return parse(text)

    def open(self, doc: RecordDoc, header: GameHeader) -> TallySession:
        session = TallySession(header)
        log = doc.data.get("log", {})
        moves = log.get("moves", []) if isinstance(log, dict) else None
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            from burgundy_cli.core.errors import RecordError

            raise RecordError("[log] moves must be a list of strings", location=doc.location_of_key("log"))
        replay(doc, session, [(("log", "moves"), "moves", moves)])
        return session

    def playout(self, players: int, seed: int, edition: str | None = None,
                stop_after: int | None = None) -> dict[str, Any]:
        import random

        rng = random.Random(seed)
        names = ["anna", "bert", "carl", "dora"][:players]
        header = GameHeader(name="tally", edition=edition, players=names)
        session = TallySession(header)
        for turn in range(TURNS * players if stop_after is None else min(stop_after, TURNS * players)):
            session.play(f"{names[turn % players]}: {rng.randint(1, 6)}")
        return session.record_data()


GAME = Tally()
