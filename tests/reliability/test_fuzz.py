"""Bounded fuzzing (CI): random and mutated notation lines and records never produce
anything but a result or the project's own errors. ``benchmarks/fuzz_soak.py`` runs the
same targets for 100,000+ inputs.

Parametrized over every registered game whose package imports and every record under
``records/``: games and records merged later are picked up without touching this file.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from burgundy_cli.core import registry

from . import fuzzing
from .conftest import TALLY_RECORD

CI = settings(max_examples=200, derandomize=True, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.filter_too_much])
GAMES = fuzzing.game_objects()
RECORDS = [(name, path) for name in GAMES for path, _ in fuzzing.record_texts().get(name, [])]


def test_games_and_records_are_present():
    """The fuzzing below must not pass vacuously: both games import and have records."""
    assert set(GAMES) >= {"castles-of-burgundy", "robber-knights"}, sorted(GAMES)
    for name in ("castles-of-burgundy", "robber-knights"):
        assert fuzzing.record_texts().get(name), f"no record of {name} under records/"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_notation_lines(name):
    game = GAMES[name]

    @CI
    @given(fuzzing.notation_strategy(name))
    def run(line):
        fuzzing.parse_line(game, line)

    run()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_odd_numbers_in_real_lines(name):
    """Every number of every real line, replaced by 0, -1, 65536, 30 and 5,000 digits:
    read, or refused with the project's own errors."""
    for line in fuzzing.notation_lines(name):
        for odd in fuzzing.with_odd_numbers(line):
            fuzzing.parse_line(GAMES[name], odd)


@pytest.mark.parametrize(("name", "path"), RECORDS)
def test_odd_numbers_checked_against_a_record(name, path):
    """Every number of the record's own lines made odd, checked against its final position:
    a verdict or the project's own errors. (Its own lines: those the position can take up;
    every record's lines against every record grew with the square of the records, and the
    reading of them all is ``test_odd_numbers_in_real_lines``.)"""
    for line in fuzzing.notation_lines(name, path):
        for odd in fuzzing.with_odd_numbers(line):
            fuzzing.check_line(path, odd)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_mutated_records(name):
    texts = [text for _, text in fuzzing.record_texts().get(name, [])]
    if not texts:
        pytest.fail(f"no record of {name} under records/ to mutate")

    @CI
    @given(fuzzing.mutated_record(texts))
    def run(raw):
        fuzzing.open_mutated(raw)

    run()


@pytest.mark.parametrize(("name", "path"), RECORDS)
def test_lines_checked_against_a_record(name, path):
    @settings(CI, max_examples=100)
    @given(fuzzing.notation_strategy(name))
    def run(line):
        fuzzing.check_line(path, line)

    run()


@pytest.fixture(scope="module")
def tally_registered():
    """The tally test game, registered for this module (hypothesis needs a wider scope)."""
    registry.GAMES["tally"] = "tests.reliability.tally"
    yield
    del registry.GAMES["tally"]


def test_core_on_mutated_records(tally_registered):
    """The core's own path (bytes -> TOML -> header -> game -> result check) on a known record."""
    seeds = [TALLY_RECORD, TALLY_RECORD.replace("\n", "\r\n"), "\ufeff" + TALLY_RECORD]

    @CI
    @given(fuzzing.mutated_record(seeds))
    def run(raw):
        fuzzing.open_mutated(raw)

    run()
