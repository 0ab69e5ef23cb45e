"""Every list of games writes a game's players one way (``core.render.by_place``): ``score`` of
several records, the line ``new --result``/``--end`` writes, ``archive list`` and the site's
lists all say "1. Anna 182, 2. Ben 170" -- a Robber Knights pad too, whose table is in seat
order -- and a game in progress by its totals so far, with no places."""

from __future__ import annotations

from burgundy_cli.core.render import by_place

SEATS = [{"name": "Ben", "total": 170, "rank": 2}, {"name": "Anna", "total": 182, "rank": 1},
         {"name": "Cara", "total": 170, "rank": 2}]


def test_a_finished_game_by_place_a_shared_place_said_twice() -> None:
    assert by_place(SEATS, complete=True) == ["1. Anna 182", "2. Ben 170", "2. Cara 170"]


def test_a_game_with_no_places_keeps_the_order_of_its_totals_without_them() -> None:
    """In progress, solo, a rulebook example's position: no place to give, still by totals."""
    assert by_place(SEATS, complete=False) == ["Anna 182", "Ben 170", "Cara 170"]


def test_a_team_game_by_team_each_members_total() -> None:
    """2019 rulebook, 'THE TEAM GAME': the team with more VP together wins; the list says the
    teams in their order and who scored what."""
    seats = [{"name": "Anna", "total": 125, "rank": 2}, {"name": "Ben", "total": 174, "rank": 1},
             {"name": "Cara", "total": 226, "rank": 2}, {"name": "Dario", "total": 183, "rank": 1}]
    teams = {"A": ["Dario", "Ben"], "B": ["Cara", "Anna"]}
    assert by_place(seats, True, "team", teams) == ["1. team A: Ben 174 + Dario 183", "2. team B: Anna 125 + Cara 226"]


def test_a_name_as_the_output_shows_it() -> None:
    assert by_place(SEATS[:2], True, named=lambda name: f"<{name}>") == ["1. <Anna> 182", "2. <Ben> 170"]


def test_a_solo_game_or_a_position_gives_no_place_though_complete() -> None:
    """2019 'THE SOLO GAME' is won or lost, not placed; a record starting from a rulebook
    example's position played no game to place anyone in."""
    assert by_place(SEATS[1:2], True, "solo") == ["Anna 182"]
    assert by_place(SEATS, True, start="position") == ["Anna 182", "Ben 170", "Cara 170"]
