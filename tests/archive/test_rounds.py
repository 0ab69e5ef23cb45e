"""The VP after each round that a sync stores, taken from the one replay that verifies a record.

Differential: the watched replay (``core.replay.watching`` and the sessions'
``running_totals``) against a second, slow path that exists only here -- a fresh session
fed the record's lines through ``Session.play`` and scored with ``score()`` at the end of
every round.
"""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest

from burgundy_cli.archive.verify import RoundTotals, verify_file
from burgundy_cli.core.errors import RefereeError
from burgundy_cli.core.record import RecordDoc, parse_record_text, read_record
from burgundy_cli.core.replay import watching
from burgundy_cli.core.session import open_doc
from tests.conftest import RECORDS

RECORD_FILES = sorted(RECORDS.rglob("*.toml"))


class EveryLine:
    """A watcher that stops before every line and checks ``running_totals`` against ``score``."""

    checked = 0

    def stops(self, group: str, lines: list[str]) -> range:
        return range(len(lines))

    def before(self, session: Any, group: str, index: int) -> None:
        assert session.running_totals() == {line.name: line.total for line in session.score().players}
        self.checked += 1


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: p.name)
def test_running_totals_are_the_score_tables_totals_at_every_line(path: Path) -> None:
    watcher = EveryLine()
    with watching(watcher):
        session = open_doc(read_record(path))
    assert session.running_totals() == {line.name: line.total for line in session.score().players}
    lines = sum(len(v) for v in (session.record_data().get("log") or {}).values()) \
        + len(session.record_data().get("play", {}).get("moves", []))
    assert watcher.checked == lines


def _rounds_the_slow_way(path: Path) -> tuple[list[str], dict[str, list[int]]]:
    """Each round's totals by a second replay through ``Session.play``, scored every round."""
    doc = read_record(path)
    table = "log" if isinstance(doc.data.get("log"), dict) else "play"
    start = RecordDoc(doc.name, doc.text, {k: v for k, v in doc.data.items() if k not in (table, "result")})
    session = open_doc(start)
    labels: list[str] = []
    totals: list[dict[str, int]] = []
    if table == "log":
        groups = [(key.upper(), lines) for key, lines in doc.data["log"].items()]
    elif "play" not in doc.data:
        groups = []             # a position with no lines after it (records/.../late-buyer-*.toml)
    else:
        first = doc.data["game"]["players"][0].casefold()
        groups, previous = [], None
        for line in doc.data["play"]["moves"]:
            player = line.split(":", 1)[0].strip().casefold() if ":" in line else None
            if not groups or (player == first and previous not in (None, first)):
                groups.append((str(len(groups) + 1), []))
            groups[-1][1].append(line)
            previous = player if player is not None else previous
    for label, lines in groups:
        for line in lines:
            session.play(line)
        labels.append(label)
        totals.append({line.name: line.total for line in session.score().players})
    return labels, {name: [t[name] for t in totals] for name in totals[0]} if totals else {}


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: p.name)
def test_stored_rounds_are_each_players_totals_round_by_round(path: Path) -> None:
    stored = verify_file(str(path))
    assert stored["status"] == "ok"
    labels, vp = _rounds_the_slow_way(path)
    record = stored["record"]
    if record["rounds"] is None:
        assert not labels
        return
    assert json.loads(record["rounds"]) == labels
    # each seat row carries its own player's series (not the series of whoever held that rank)
    assert {row["name"]: json.loads(row["rounds"]) for row in stored["scores"]} == vp


def test_a_watcher_sees_rounds_only_where_asked() -> None:
    path = RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"
    rounds = RoundTotals(read_record(path))
    with watching(rounds):
        session = open_doc(read_record(path))
    assert rounds.labels == list(read_record(path).data["log"])
    assert len(rounds.totals) == len(rounds.labels) - 1
    assert rounds.finish(session.score()) is not None



class EveryThirdLine(EveryLine):
    """Stops before every third line: the lines between are played in one call."""

    def stops(self, group: str, lines: list[str]) -> range:
        return range(0, len(lines), 3)


@pytest.mark.parametrize("nth", [0, 7, 8, 40])
def test_a_watched_replay_places_a_refused_line_where_an_unwatched_one_does(nth: int) -> None:
    """A refusal among the lines a watched replay plays in one call is located at its own
    line, as without a watcher (2011 rulebook 'The five game rounds': turn order)."""
    path = RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"
    text = path.read_text(encoding="utf-8")
    line = [line for line in text.splitlines() if line.strip().startswith('"Anna: ')][nth]
    broken = text.replace(line, line.replace('"Anna: ', '"Ben: '), 1)
    errors = []
    for watcher in (None, EveryThirdLine(), EveryLine()):
        with pytest.raises(RefereeError) as caught:
            with watching(watcher) if watcher is not None else nullcontext():
                open_doc(parse_record_text(broken, path.name))
        errors.append((str(caught.value.location), caught.value.describe()))
    assert errors[0] == errors[1] == errors[2]
    assert "cob.flow.turn-order" in errors[0][1]
    assert errors[0][0].startswith(f"{path.name}:{text.splitlines().index(line) + 1}:")
