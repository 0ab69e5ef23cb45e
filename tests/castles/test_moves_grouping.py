"""``burgundy moves`` writes the spaces a tile may go to on one line, a placement with
many granted continuations once as ``<line> then ...`` (issue 17 item 4) and a player's many
tribute lines as ``<player>: tribute drop ...`` and ``... workers ...``; ``--all`` lists
every line. Grouping changes only how the listing reads: the grouped listing is made
without the full one (so a position with 850,000 lines lists in milliseconds), yet it is
exactly :func:`grouped` of the full listing, and expanding each grouped line gives back
exactly the lines of the full listing."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from burgundy_cli.castles.movegen import GRANTED_SHOWN, spaces_together
from burgundy_cli.core.record import dump_record, parse_record_bytes
from burgundy_cli.core.registry import find_game
from burgundy_cli.core.session import open_doc

MORE = " then ..."
#: What stands for a player's many tribute lines after ``<player>: tribute drop`` or ``workers``.
TRIBUTE_MORE = " ..."
#: Where what a placed tile (or a sale) grants begins in a die line.
GRANTED = (" buy ", " then ", " bonus ")
#: A small relative of benchmarks/data/moves-worst-case.toml: a city hall and a castle in
#: storage, purchases during the city hall's placement, every number within reach.
CHAINS = """
[game]
name = "castles-of-burgundy"
edition = "2019"
players = ["Anna", "Benno"]

[position]
phase = "B"
round = 2
to_move = "Anna"
order = ["Anna", "Benno"]
depots = {black = ["city-hall", "church"]}

[position.players.Anna]
duchy = {c4 = "k7", d3 = "ship"}
storage = ["city-hall", "castle"]
goods = {2 = 1}
silver = 4
workers = 2
dice = [1, 4]

[position.players.Benno]
dice = [2, 3]
"""


def expanded(line: str) -> list[str]:
    """Every line a grouped line stands for (``then ...`` left as it is)."""
    return [" ".join(words) for words in itertools.product(*(word.split("|") for word in line.split(" ")))]


def split(line: str) -> tuple[str, str]:
    """(the line up to what its placed tile or sale grants, the rest); the rest is empty for a
    line granting nothing."""
    name, colon, body = line.partition(": ")
    cuts = [at for at in (body.find(mark) for mark in GRANTED) if at >= 0]
    if not colon or not cuts:
        return line, ""
    return name + colon + body[:min(cuts)], body[min(cuts):]


def base(label: str) -> str:
    """A group label without the white castle's die note (``; white die 3 ...``)."""
    return label.partition("; white die")[0]


def grouped(groups: dict[str, list[str]]) -> dict[str, set[str]]:
    """The grouped listing, as documented in docs/moves-and-playouts.md, made from the full one:
    a line whose head (the line up to what it grants) has more than ``GRANTED_SHOWN``
    continuations in its die use becomes ``<head> then ...`` under the die use's label;
    then the spaces are joined (:func:`spaces_together`)."""
    continuations = Counter((base(label), split(line)[0]) for label, lines in groups.items()
                            for line in lines if split(line)[1])
    kept: dict[str, list[str]] = {}
    for label, lines in groups.items():
        if label.startswith("tribute (") and len(lines) > GRANTED_SHOWN:  # the shields' tribute
            kept[label] = [" ".join(line.split(" ")[:3]) + TRIBUTE_MORE if len(line.split(" ")) > 2 else line
                           for line in lines]
            continue
        for line in lines:
            head, tail = split(line)
            if tail and continuations[base(label), head] > GRANTED_SHOWN:
                kept.setdefault(base(label), []).append(head + MORE)
            else:
                kept.setdefault(label, []).append(line)
    return {label: set(spaces_together(list(dict.fromkeys(lines)))) for label, lines in kept.items()}


def covered(choices: dict[str, list[str]], groups: dict[str, list[str]]) -> list[str]:
    """Every full line a grouped line stands for, once per grouped line that stands for it."""
    every = [line for lines in groups.values() for line in lines]
    heads = {}
    for line in every:
        head, tail = split(line)
        if tail:
            heads.setdefault(head, []).append(line)
    lines = []
    for line in (line for group in choices.values() for line in group):
        if line.endswith(TRIBUTE_MORE) and not line.endswith(MORE):
            lines.extend(full for full in every if full.startswith(line.removesuffix("...")))
        elif line.endswith(MORE):
            for head in expanded(line.removesuffix(MORE)):
                assert head in heads, line
                lines.extend(heads[head])
        else:
            lines.extend(expanded(line))
    return lines


#: The 2019 rulebook's part 1 modules that play together.
_PART_1 = ("extra-tiles", "white-castles", "inns", "trade-routes", "shields")
#: The seeded 4-player playouts whose listings the tests look at: name -> (edition, seed, lines
#: played, 2019 modules). Base games of both editions, games with the five modules of part 1,
#: and team games (two storages per player).
PLAYOUTS = {
    **{f"playout {seed} stopped after {stop}": ("2019" if seed % 2 else "2011", seed, stop, ())
       for seed, stop in [(7, 46), (3, 120), (0, 60), (6, 170)]},
    **{f"all modules {seed}/{stop}": ("2019", seed, stop, _PART_1) for seed, stop in [(0, 120), (1, 150), (4, 60)]},
    **{f"team game {seed}/{stop}": ("2019", seed, stop, ("team-game",)) for seed, stop in [(6, 80), (11, 150)]},
}
#: The positions of the listing tests, by name: the playouts, then ``CHAINS``.
LISTINGS = [*PLAYOUTS, "chains"]


@cache
def listing_text(name: str) -> str:
    """The record text of position ``name`` (of :data:`LISTINGS`). A playout is played when a
    test first asks for it, once per test process: the tests are parametrized by name, so that
    collecting them (in every xdist worker) plays no game."""
    if name == "chains":
        return CHAINS
    edition, seed, stop, modules = PLAYOUTS[name]
    return dump_record(find_game("castles-of-burgundy").playout(4, seed, stop_after=stop, edition=edition,
                                                                modules=modules))


def test_lines_differing_in_one_space_become_one_line():
    lines = ["A: place 3 castle d4", "A: place 3 castle c3", "A: place 3 mine c3", "A: pass"]
    assert spaces_together(lines) == ["A: place 3 castle c3|d4", "A: place 3 mine c3", "A: pass"]


def test_a_granted_placement_s_spaces_join_too_when_they_are_the_same_for_each_space():
    lines = [f"A: place 6 city-hall {a} then place 2 castle {b}" for a in ("c3", "d4") for b in ("e5", "f2")]
    assert spaces_together(lines) == ["A: place 6 city-hall c3|d4 then place 2 castle e5|f2"]
    assert spaces_together(lines[:3]) == ["A: place 6 city-hall c3 then place 2 castle e5|f2",
                                          "A: place 6 city-hall d4 then place 2 castle e5"]


def test_joined_lines_depend_only_on_which_lines_there_are():
    lines = [f"A: place 6 city-hall {a} then place 2 castle {b}" for a in ("e5", "c3", "d4") for b in ("f2", "e5")]
    assert set(spaces_together(lines)) == set(spaces_together(lines[::-1])) == set(spaces_together(sorted(lines)))


@pytest.mark.parametrize("name", LISTINGS)
def test_grouped_listing_is_the_full_one_grouped_and_expands_back_to_it(name):
    text = listing_text(name)
    listing = open_doc(parse_record_bytes(text.encode(), "game.toml")).legal_moves()
    choices = listing.choices  # made first, without the full listing
    assert {label: set(lines) for label, lines in choices.items()} == grouped(listing.groups)
    assert sorted(covered(choices, listing.groups)) == sorted(listing.moves)
    assert listing.player == open_doc(parse_record_bytes(text.encode(), "game.toml")).legal_moves().player


def test_a_placement_with_many_continuations_is_written_once_with_then():
    listing = open_doc(parse_record_bytes(CHAINS.encode(), "game.toml")).legal_moves()
    shortened = [line for lines in listing.choices.values() for line in lines if line.endswith(MORE)]
    assert "Anna: place 1>3 city-hall c3|e4 then ..." in shortened
    assert len(listing.moves) > 10 * sum(map(len, listing.choices.values()))


def test_moves_prints_grouped_lines_and_all_prints_every_line(cli, tmp_path):
    game = find_game("castles-of-burgundy")
    path = tmp_path / "game.toml"
    path.write_text(dump_record(game.playout(4, 7, stop_after=46, edition="2019")), encoding="utf-8")
    grouped_out, every = cli("moves", str(path)), cli("moves", str(path), "--all")
    assert grouped_out.exit_code == every.exit_code == 0
    assert "then ...\n" in grouped_out.stdout and "|" not in every.stdout and "..." not in every.stdout
    assert "'burgundy moves --all' lists every line" in grouped_out.stdout
    assert len(grouped_out.stdout.splitlines()) < len(every.stdout.splitlines())


def test_the_worst_case_lists_grouped(cli):
    """The benchmark's worst case (853k lines in all) lists grouped; only its size is checked
    here, its time in benchmarks/run.py ("worst moves listing")."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "moves-worst-case-k1.toml"
    result = cli("moves", str(path))
    assert result.exit_code == 0
    assert "then ...: one of the many actions the tile grants" in result.stdout
    assert len(result.stdout.splitlines()) < 1000


@pytest.mark.parametrize("workers", [0, 1, 3])
def test_white_castle_lines_group_under_their_die_use(workers):
    """A white castle's continuations carry the white die's note in their label
    (``; white die 3 as 4 (1 worker)``); shortened, they are filed under the die use's label."""
    from burgundy_cli.castles.movegen import legal_moves
    from tests.castles.test_module_white import table

    listing = legal_moves(table(workers=workers))
    assert any("; white die" in label for label in listing.groups)
    assert {label: set(lines) for label, lines in listing.choices.items()} == grouped(listing.groups)
    assert sorted(covered(listing.choices, listing.groups)) == sorted(listing.moves)


def test_many_tribute_lines_group_as_drop_and_workers():
    """A player holding shields 3 and 17 has 9 tribute lines: grouped, they are the plain line,
    ``tribute drop ...`` and ``tribute workers ...``, which expand back to the 9."""
    from burgundy_cli.castles.movegen import legal_moves
    from tests.castles.test_rules_module_shields import _two_shields

    listing = legal_moves(_two_shields())
    assert {label: set(lines) for label, lines in listing.choices.items()} == grouped(listing.groups)
    assert sorted(covered(listing.choices, listing.groups)) == sorted(listing.moves)
    assert any(line.endswith(" tribute drop ...") for lines in listing.choices.values() for line in lines)
