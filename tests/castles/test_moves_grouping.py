"""``burgundy moves`` writes the spaces a tile may go to on one line (issue 17 item 4);
``--all`` lists every line. Grouping changes only how the listing reads: expanding each
grouped line gives back exactly the lines of the full listing."""

from __future__ import annotations

import itertools

import pytest

from burgundy_cli.castles.movegen import spaces_together
from burgundy_cli.core.record import dump_record, parse_record_bytes
from burgundy_cli.core.registry import find_game
from burgundy_cli.core.session import open_doc


def expanded(line: str) -> list[str]:
    """Every line a grouped line stands for."""
    return [" ".join(words) for words in itertools.product(*(word.split("|") for word in line.split(" ")))]


def test_lines_differing_in_one_space_become_one_line():
    lines = ["A: place 3 castle c3", "A: place 3 castle d4", "A: place 3 mine c3", "A: pass"]
    assert spaces_together(lines) == ["A: place 3 castle c3|d4", "A: place 3 mine c3", "A: pass"]


def test_a_granted_placement_s_spaces_join_too_when_they_are_the_same_for_each_space():
    lines = [f"A: place 6 city-hall {a} then place 2 castle {b}" for a in ("c3", "d4") for b in ("e5", "f2")]
    assert spaces_together(lines) == ["A: place 6 city-hall c3|d4 then place 2 castle e5|f2"]
    assert spaces_together(lines[:3]) == ["A: place 6 city-hall c3 then place 2 castle e5|f2",
                                          "A: place 6 city-hall d4 then place 2 castle e5"]


@pytest.mark.parametrize("seed, stop", [(7, 46), (3, 120), (0, 60), (6, 170)])
def test_grouped_listing_expands_to_exactly_the_full_one(seed, stop):
    game = find_game("castles-of-burgundy")
    text = dump_record(game.playout(4, seed, stop_after=stop, edition="2019" if seed % 2 else "2011"))
    listing = open_doc(parse_record_bytes(text.encode(), "game.toml")).legal_moves()
    assert list(listing.choices) == list(listing.groups)
    for label, lines in listing.groups.items():
        grouped = listing.choices[label]
        assert len(grouped) <= len(lines)
        assert sorted(line for group in grouped for line in expanded(group)) == sorted(lines)


def test_moves_prints_grouped_lines_and_all_prints_every_line(cli, tmp_path):
    game = find_game("castles-of-burgundy")
    path = tmp_path / "game.toml"
    path.write_text(dump_record(game.playout(4, 7, stop_after=46, edition="2019")), encoding="utf-8")
    grouped, every = cli("moves", str(path)), cli("moves", str(path), "--all")
    assert grouped.exit_code == every.exit_code == 0
    assert "|" in grouped.stdout and "|" not in every.stdout
    assert "'burgundy moves --all' lists every line" in grouped.stdout
    assert len(grouped.stdout.splitlines()) < len(every.stdout.splitlines())
