"""A 2011 record speaks of the turn order track, never of the 2019 bridge: 2011 rules 'Ship
(blue)' 2. "The player moves his playing piece on the turn order track *one* space to the
right" and 'The five game rounds' ("moving from right to left on the turn order track and from
top to bottom in a given tower"); the word "bridge" is not in the 2011 rulebook."""

from __future__ import annotations

from burgundy_cli.castles.notation import parse_line
from burgundy_cli.castles.rules import RULES, engine
from burgundy_cli.castles.rules.citations import cited
from burgundy_cli.castles.views.effects import line_effects
from tests.castles.engine_kit import at_turn


def _ship_said(edition: str) -> str:
    state = at_turn(edition, players={"anna": {"dice": [5, 3], "storage": ["ship"]}, "ben": {"dice": [1, 1]}},
                    depot_goods={"4": [4]}, round=1)
    command = parse_line("anna: place 5 ship d5 goods 4")
    after = state.copy()
    engine.play(after, command)
    [said] = line_effects(state, after, command)
    return said


def test_a_ship_in_a_2011_record_moves_on_the_turn_order_track():
    said = _ship_said("2011")
    assert "moves on the turn order track from the start space to space 1" in said, said
    assert "bridge" not in said


def test_a_ship_in_a_2019_record_moves_on_the_bridge():
    """2019 rules 'Ship (blue)': "move your playing piece on the bridge"."""
    assert "moves on the bridge from the start space to space 1" in _ship_said("2019")


def test_the_turn_order_rule_cited_in_a_2011_record_names_the_track_and_its_towers():
    text = cited(RULES["cob.flow.turn-order"], "2011").text
    assert "turn order track" in text and "tower" in text and "bridge" not in text
    assert "bridge" in cited(RULES["cob.flow.turn-order"], "2019").text


def test_show_labels_the_turn_order_in_the_records_edition():
    """``show`` of a 2011 record gives the turn order as the turn order track's, a 2019 one as the
    bridge's ('Ship (blue)': 2011 "turn order track", 2019 "bridge")."""
    from burgundy_cli.castles.views.render import render

    shown = {edition: render(at_turn(edition, players={"anna": {"dice": [1, 2]}, "ben": {"dice": [3, 4]}})).splitlines()[1]
             for edition in ("2011", "2019")}
    assert shown["2011"].startswith("turn order track: ") and shown["2019"].startswith("bridge order: ")
