"""Table disputes the 2019 rulebook's modules decide, asked as a player asks them (docs/rulings.md).

Each test names the 2019 passage that decides its dispute
(``castles-of-burgundy-2019-rules-with-expansions.txt``, "EXPANSIONS" and the solo game) and
holds the referee to it: the verdict, the rule it names, and the words a player reads.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from burgundy_cli.castles.rules import engine
from burgundy_cli.cli import app
from tests.castles.engine_kit import assert_illegal
from tests.castles.test_rules_module_inns import buy as inns_buy
from tests.castles.test_rules_module_inns import place as inns_place
from tests.castles.test_rules_module_inns import table as inns_table
from tests.castles.test_rules_module_solo import refused, rolled

RECORDS = Path(__file__).resolve().parents[2] / "records" / "castles-of-burgundy"


def test_a_solo_ship_naming_no_depot_hints_the_depots_in_the_plural_when_several_hold_goods():
    """2019 'THE SOLO GAME', 'Playing the game': "take all goods from a depot of your choice".
    A ship naming no depot while goods lie on depots 2 and 5 is refused (cob.solo.ship) with a
    hint a player reads as English -- "goods lie on depots 2, 5" -- and "depot 4" alone in the
    singular, the words of the base game's ship refusal."""
    state = rolled(white=2, dice=(1, 1))
    state.depot_goods[2] = [4, 5]
    state.depot_goods[5] = [6]
    state.players[0].storage[:] = ["ship"]
    assert refused(state, "Solo: place 1 ship b3", "cob.solo.ship").hint == "goods lie on depots 2, 5"
    state.depot_goods[2] = []
    state.depot_goods[5] = []
    state.depot_goods[4] = [3]
    assert refused(state, "Solo: place 1 ship b3", "cob.solo.ship").hint == "goods lie on depot 4"


def _why(record: str, line: str, at: int) -> dict[str, dict]:
    """``check --json`` of ``line`` after line ``at`` of the shipped ``record``: the rules its
    legal verdict passed, by id (each with its ``why`` and ``ref``)."""
    result = CliRunner().invoke(app, ["check", str(RECORDS / record), line, "--at", str(at), "--json"])
    assert result.exit_code == 0, result.output
    return {rule["id"]: rule for rule in json.loads(result.stdout)["rules"]}


def test_an_inn_on_a_castle_space_is_legal_by_the_inns_passage_not_the_colour_rules():
    """2019 'EXPANSIONS', 'The Inns': "An inn can be placed on any empty hex space on your
    duchy (according to the regular rules). However, you may only place up to one inn per
    color area!" Anna's inn on a3, a dark-green space (complete-3p-2019-inns.toml, B4): the
    verdict's colour line says the inns lift the colour rule and points at cob.inn.area, whose
    passage is the sentence that allows it -- not only the one-per-area limit."""
    rules = _why("complete-3p-2019-inns.toml", "Anna: place 4 inn a3", 136)
    colour = rules["cob.place.colour"]
    assert colour["why"] == "the inns lift it: an inn goes on a space of any colour (a3; cob.inn.area)"
    assert "An inn can be placed on any empty hex space" in rules["cob.inn.area"]["ref"]
    assert "one inn per color area" in rules["cob.inn.area"]["ref"]


def test_a_route_bonus_answered_with_the_wrong_action_says_which_action_it_grants_in_words():
    """2019 'EXPANSIONS', 'The Trade Routes': "If the color of a tile matches the color of the
    trade route space, you immediately get the corresponding bonus." Anna's goods 2 lands on
    her route's space 3, a carpenter (complete-3p-2019-trade-routes.toml, D2): the bonus is a
    carpenter's take, so taking workers is refused (cob.route.bonus) in words a player reads --
    "grants a take, not taking workers", not "grants take, not a workers"."""
    result = CliRunner().invoke(app, ["check", str(RECORDS / "complete-3p-2019-trade-routes.toml"),
                                      "Anna: sell 2 bonus workers", "--at", "272"])
    assert result.exit_code == 1
    assert "illegal (cob.route.bonus): route space 3 (carpenter) grants a take, not taking workers -- rule:" \
        in result.stderr


def _does(record: str, line: str, at: int) -> str:
    """What ``check`` says ``line`` does, after line ``at`` of the shipped ``record``."""
    result = CliRunner().invoke(app, ["check", str(RECORDS / record), line, "--at", str(at)])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()[0].split(" -- ")[-1]


def test_tile_27_placed_says_its_owner_goes_on_top_at_once_and_passively_when_a_ship_arrives():
    """2019 'EXPANSIONS', 'Bridge (monastery/yellow #27)': "your turn order piece is in a stack
    with other pieces, it is always placed on top. This applies both actively and passively
    (i.e. whenever another piece is moved onto the same space, yours is placed on top)."
    complete-4p-2019-extra-tiles.toml: Dario places #27 in A1 under Ben on the start space --
    the verdict says his piece is placed on top now; in D6 Ben's ship brings Ben onto Dario's
    space 2 -- the verdict says Dario is placed on top (before, neither was said: a player saw
    the order change with no word of why). A piece uncovered by the top one sailing away is
    not "placed" anywhere, and nothing is said of it."""
    record = "complete-4p-2019-extra-tiles.toml"
    assert _does(record, "Dario: place 1 k27 c4", 59) == \
        "Dario: places k27 on c4, monastery tile 27 now in the duchy, is placed on top of its stack on the bridge " \
        "(the start space)"
    passive = _does(record, "Ben: place 2>1 ship d2 goods 1", 306)
    assert "moves on the bridge from space 1 to space 2; Dario: is placed on top of its stack on the bridge (space 2)" \
        in passive
    uncovered = _does(record, "Anna: place 4>5 ship d5 goods 3", 119)
    assert "on top" not in uncovered and "moves on the bridge from space 1 to space 2" in uncovered


def test_the_geese_verdict_says_what_they_score_with_and_cites_the_geese_passage():
    """2019 'EXPANSIONS', 'Geese (livestock/black)': "When you place the two geese in your
    duchy, you score 2 victory points, plus victory points for one other type of livestock that
    is on the same pasture." Dario's geese on a1 (complete-4p-2019-extra-tiles.toml, E3), the
    pasture holding a 4-cow, a 4-pig and a 2-sheep tile: the verdict names cob.geese.score and
    the type the geese score with -- the one scoring most when the line names none, the one
    named with ``with`` -- where before it said only "+6 VP (geese)", citing no geese rule."""
    record = "complete-4p-2019-extra-tiles.toml"
    best = _why(record, "Dario: place 5>6 geese a1", 322)["cob.geese.score"]
    assert best["why"] == "the geese score 2 VP plus 4 VP for the cow on the pasture of a1 (the other type that scores most)"
    assert "'Geese (livestock/black)'" in best["ref"]
    named = _why(record, "Dario: place 5>6 geese a1 with sheep", 322)["cob.geese.score"]
    assert named["why"] == "the geese score 2 VP plus 2 VP for the sheep on the pasture of a1"
    assert _does(record, "Dario: place 5>6 geese a1 with sheep", 322).startswith(
        "Dario: pays 1 worker: die 5 used as 6, 1 step [cob.die.workers], +4 VP (geese)")


def test_an_inn_after_a_black_depot_purchase_is_refused_saying_the_inn_is_that_purchase():
    """2019 'EXPANSIONS', 'The Inns': "Like every other hex tile from the black depot, inns can
    be bought by paying 2 silver coins" -- so buying an inn is the turn's one black-depot
    purchase ('The central "black depot"'; the Chinese 2019 rulebook says so in words,
    docs/rulings.md). Tables argue an inn lies *beside* the depot, so is a purchase of its own:
    the refusal (cob.buy.once) says why it is not, either way round, and names the inns'
    passage; without the inns the base game's refusal has no such hint."""
    state = inns_table(storage=[], dice=[3, 5])
    engine.play(state, inns_buy("bank"))
    err = assert_illegal(state, inns_buy("inn"), "cob.buy.once")
    assert err.message == "anna has already bought a tile this turn"
    assert err.hint == ("an inn is the turn's one black-depot purchase too ('The Inns': 'Like every other hex tile "
                        "from the black depot, inns can be bought')")
    state = inns_table(storage=[], dice=[3, 5])
    engine.play(state, inns_buy("inn"))
    assert assert_illegal(state, inns_buy("bank"), "cob.buy.once").hint == err.hint
    state = inns_table(options={}, storage=[], dice=[3, 5])
    engine.play(state, inns_buy("bank"))
    assert assert_illegal(state, inns_buy("ship"), "cob.buy.once").hint is None


def test_an_inn_on_the_geese_pasture_scores_them_nothing_a_livestock_tile_after_it_does():
    """2019 'EXPANSIONS', 'Geese (livestock/black)': "Later, whenever you place another
    livestock tile in the same pasture, you score 2 victory points for the geese tile"; 'The
    Inns': "The inn itself has no effect, its only function is to complete an area." With both
    modules on, an inn placed on the geese's pasture (b2, duchy 1) is no livestock tile: it
    scores nothing; the 2-sheep tile placed next on that pasture scores its 2 and the geese 2."""
    state = inns_table(options={"modules": ["extra-tiles", "inns"]}, duchy={"c3": "bank", "c2": "cow2", "c1": "geese"},
                       storage=["inn", "sheep2"], dice=[1, 2])
    engine.play(state, inns_place("inn", "b2", 1))
    assert state.players[0].vp == {}
    engine.play(state, inns_place("sheep2", "b1", 2))
    assert state.players[0].vp == {"geese": 2, "animals": 2}
