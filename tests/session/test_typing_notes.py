"""The live check under the prompt tells a table line still being typed what it still needs
(``reveal 3``: "2 tiles to name"), instead of the refusal of a finished line ("depot 3 takes 2
tiles with 2 players, not 0"). A reveal's first tiles are checked as far as they go, by the
reveal's own check of a reveal's first tiles (2011 rules 'Setup for each phase': one tile a
space, of its colour), so a tile that cannot lie there is still refused at once; the phase's
goods count the types still to name; a roll says the rest of its form, its players in any
order, and its good when the roll must name it (no phase's goods line yet). A player's line
that legal lines begin says what Tab offers for it (the same test Tab makes: the lines it would
offer), after what the reader wants next where the text stops short; text no legal line begins
keeps its refusal. Enter plays the line as typed: a short line is refused there as before."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burgundy_cli.core.table import TableSession
from tests.castles.record_texts import NEW_2011

RULE = "cob.reveal.spaces"


@pytest.fixture
def phase_start(tmp_path):
    """A 2011 game of Clara and Dan before its first line: phase A's reveals and goods are due."""
    path = tmp_path / "game.toml"
    path.write_text(NEW_2011, encoding="utf-8")
    table = TableSession(path)
    yield table
    table.close()


@pytest.mark.parametrize(("typed", "said"), [
    ("reveal", "reveal: name the depot (1 2 3 4 5 6 black still to reveal), then its tiles"),
    ("reveal ", "reveal: name the depot (1 2 3 4 5 6 black still to reveal), then its tiles"),
    ("reveal bl", "reveal: name the depot (1 2 3 4 5 6 black still to reveal), then its tiles"),
    ("reveal 3", "reveal 3: 2 tiles to name (depot 3 takes 2 with 2 players; Tab lists those that fit)"),
    ("rev 3 ", "reveal 3: 2 tiles to name (depot 3 takes 2 with 2 players; Tab lists those that fit)"),
    ("reveal 3 co", "reveal 3: 2 tiles to name, one begun (depot 3 takes 2 with 2 players; Tab lists those "
                    "that fit)"),
    ("reveal 3 cow3", "reveal 3: 1 more tile to name (depot 3 takes 2 with 2 players; Tab lists those that fit)"),
    ("reveal 3 Cow 3, ch", "reveal 3: 1 more tile to name, one begun (depot 3 takes 2 with 2 players; Tab lists "
                           "those that fit)"),
    ("reveal black", "reveal black: 4 tiles to name (the black depot takes 4 with 2 players; Tab lists those "
                     "that fit)"),
    ("reveal black castle ship", "reveal black: 2 more tiles to name (the black depot takes 4 with 2 players; "
                                 "Tab lists those that fit)"),
    ("check reveal 3", "reveal 3: 2 tiles to name (depot 3 takes 2 with 2 players; Tab lists those that fit)"),
    ("goods", "goods: 5 goods types to name (the phase's 5 goods tiles, in the order they come out)"),
    ("goods 1 2", "goods: 3 more goods types to name (the phase's 5 goods tiles, in the order they come out)"),
    ("goods 3,5,1,1", "goods: 1 more goods type to name (the phase's 5 goods tiles, in the order they come out)"),
    ("goods 351", "goods: 2 more goods types to name (the phase's 5 goods tiles, in the order they come out)"),
])
def test_a_table_line_stopping_short_is_told_what_is_still_to_type(phase_start, typed, said):
    assert phase_start.live_check(typed) == said


def test_the_finished_line_is_legal_and_enter_refuses_a_short_one(phase_start):
    assert phase_start.live_check("reveal 3 cow3 church") == "legal: reveal 3 cow3 church"
    assert phase_start.live_check("goods 3 5 1 1 4") == "legal: goods 3 5 1 1 4"
    reply = phase_start.handle("reveal 3 cow3")   # Enter: the line is done, and refused as it stands
    assert not reply.accepted
    assert f"illegal ({RULE}): depot 3 takes 2 tiles with 2 players, not 1" in reply.text


@pytest.mark.parametrize(("typed", "said"), [
    # a tile that cannot start the reveal: refused at once, for what it is rather than for the count
    ("reveal 3 mine", f"illegal ({RULE}): depot 3's spaces are B L in phase A, the tiles are M"),
    ("reveal 3 cow3 cow3", f"illegal ({RULE}): depot 3's spaces are B L in phase A, the tiles are L L"),
    ("reveal 3 cow3 church mine", f"illegal ({RULE}): depot 3 takes 2 tiles with 2 players, not 3"),  # too many
    ("reveal 3 zz", "cannot parse: unknown tile 'zz'"),
    ("goods 1 9", "cannot parse: a goods type must be 1-6, found '9'"),
    ("goods 1 2 3 4 5 6", "cannot parse: a phase has 5 goods tiles, found 6"),
    ("roll white 9", "cannot parse: a die shows 1-6, found '9'"),
    ("roll white 2 good 1, Cara 1 2", "cannot parse: unknown player 'Cara'"),  # (Clara and Dan): not short
])
def test_words_already_wrong_keep_their_refusal(phase_start, typed, said):
    assert phase_start.live_check(typed).startswith(said)


def test_a_depot_laid_out_is_no_longer_offered_in_the_note(phase_start):
    assert phase_start.play("reveal 3 cow3 church").accepted
    assert phase_start.live_check("reveal") == \
        "reveal: name the depot (1 2 4 5 6 black still to reveal), then its tiles"
    assert phase_start.live_check("reveal 3").startswith("illegal (cob.reveal.repeat): ")  # the engine says why


@pytest.mark.parametrize(("typed", "said"), [
    ("roll", "white <die> good <type>, Anna <die> <die>, Bob <die> <die>"),
    ("roll white", "the white die, then good <type>, Anna <die> <die>, Bob <die> <die>"),
    ("dice w 2", "good <type>, Anna <die> <die>, Bob <die> <die>"),
    ("roll white 2 good", "the good's type, then Anna <die> <die>, Bob <die> <die>"),
    ("roll white 2 good 4, Anna", "Anna's two dice, then Bob <die> <die>"),
    ("roll white 2 good 4, Anna 6", "Anna's second die, then Bob <die> <die>"),
    ("roll white 2 good 4, Anna 6 4", "Bob <die> <die>"),
    ("roll white 2 good 4, Anna 64, ", "Bob <die> <die>"),
    ("roll white 2 good 4, Bob 3 3", "Anna <die> <die>"),       # the players in any order
    ("roll white 2 good 4, Bo", "Bob <die> <die>, Anna <die> <die>"),
    ("roll white 2 good 4, Bob 3", "Bob's second die, then Anna <die> <die>"),
])
def test_a_roll_stopping_short_says_the_rest_of_its_form(castles_record, typed, said):
    """Also while a late buyer may still buy (the A4 roll of the 2011 opening: 'Anna may still
    buy'), when a line that does not read is also tried as that player's."""
    table = TableSession(castles_record)
    assert table.due() == "A4 · roll due · Anna may still buy"
    assert table.live_check(typed) == f"roll: still to type {said}"
    assert table.live_check("roll white 2 good 4, Anna 6 4, Bob 3 3") == "legal: roll white 2 good 4, Anna 6 4, Bob 3 3"


def test_tab_offers_any_player_not_yet_rolled_whose_name_is_begun(castles_record):
    table = TableSession(castles_record)
    assert table.completions("roll white 2 good 4, Bob 3 3 ") == \
        [("roll white 2 good 4, Bob 3 3, Anna ", "Anna <die> <die>")]
    assert table.completions("roll white 2 good 4, B") == \
        [("roll white 2 good 4, Bob ", "Bob <die> <die>, Anna <die> <die>")]
    reply = table.handle("roll white 2 good 4, Bob 3 3, Anna 6 4")
    assert reply.accepted, reply.text


def test_a_players_line_no_legal_line_begins_keeps_its_refusal(castles_record):
    table = TableSession(castles_record)
    assert table.completions("anna: take 3") == []   # (the roll is due: Anna may only still buy)
    assert table.live_check("anna: take 3").startswith("cannot parse")


# --- a roll leaving out its good while the round's goods tile is not known ---------------------

GOOD_NEEDED = ("and good <type> after the white die (cob.roll.good: the goods tile the white die places must be "
               "recorded; add the good to the roll, or a phase-goods line at the start of the phase)")


@pytest.mark.parametrize(("typed", "said"), [
    ("roll white 2, Clara 6 4", "Dan <die> <die>"),
    ("roll white 2 Clara 64 Dan 3", "Dan's second die"),
    ("roll white 2, Dan 3 3", "Clara <die> <die>"),
    ("roll white 2, Cl", "Clara <die> <die>, Dan <die> <die>"),   # a name begun where the good goes
])
def test_a_roll_without_its_good_before_the_phase_goods_line_is_told_the_good_is_needed(phase_start, typed, said):
    """2011 rules 'The five game rounds': the start player 'takes the topmost goods tile from
    the round spaces' onto the white die's depot; with no phase's goods line recorded, the roll
    names that tile, and the finished line is refused without it."""
    assert phase_start.live_check(typed) == f"roll: still to type {said}, {GOOD_NEEDED}"
    assert phase_start.live_check("roll white 2, Clara 6 4, Dan 3 3").startswith(
        "illegal (cob.roll.good): the goods tile the white die places must be recorded")
    assert phase_start.live_check("roll white 2 good 3, Clara 6 4") == "roll: still to type Dan <die> <die>"
    assert phase_start.completions("roll white 2, Cl") == [("roll white 2, Clara ", "Clara <die> <die>, Dan <die> <die>")]


def test_once_the_phase_goods_are_recorded_the_roll_may_leave_out_its_good(phase_start):
    assert phase_start.play("goods 1 2 3 4 5").accepted
    assert phase_start.live_check("roll white 2, Clara 6 4") == "roll: still to type Dan <die> <die>"
    assert phase_start.live_check("roll white 2, Clara 6 4, Dan 3 3") == "legal: roll white 2, Clara 6 4, Dan 3 3"


# --- a player's line stopping short ----------------------------------------------------------

@pytest.fixture
def cara(tmp_path):
    """A 2019 playout where Cara (die 3, 2 workers, knowledge tile 6) may buy the carpenter
    'from 1', paying 'workers 2', or both, and take from depots 3 and, changing her die, 1, 2, 4."""
    from burgundy_cli.core.record import dump_record
    from burgundy_cli.core.registry import find_game

    path = tmp_path / "game.toml"
    path.write_text(dump_record(find_game("castles-of-burgundy").playout(3, 2, stop_after=85, edition="2019")),
                    encoding="utf-8")
    table = TableSession(path)
    assert table.due() == "C4 · Cara to move · dice 3 · workers 2"
    yield table
    table.close()


@pytest.mark.parametrize(("typed", "said"), [
    ("cara: buy carpenter workers 2 f", "Tab: 1 legal line begins so: Cara: buy carpenter from 1 workers 2"),
    ("cara: buy carpenter wo", "Tab: 2 legal lines begin so"),
    ("cara: buy carpenter w", "still to type a number of workers (0-2); Tab: 2 legal lines begin so"),
    ("cara: take 3", "still to type a tile name; Tab: 7 legal lines begin so"),
    ("Cara take 3 ", "still to type a tile name; Tab: 7 legal lines begin so"),
    ("take 3 ", "still to type a tile name; Tab: 7 legal lines begin so"),   # the name left out
    ("cara: place 3", "still to type a tile name; Tab: 2 legal lines begin so"),   # both change the die: 3>4
    ("cara: t", "still to type a die (1-6); Tab: 7 legal lines begin so"),
    ("ｃａｒａ： ｔａｋｅ ３", "still to type a tile name; Tab: 7 legal lines begin so"),   # full-width
    ("check cara: take 3", "still to type a tile name; Tab: 7 legal lines begin so"),
])
def test_a_players_line_that_legal_lines_begin_says_what_tab_offers(cara, typed, said):
    assert cara.live_check(typed) == said


@pytest.mark.parametrize("typed", ["cara: buy carpenter workers 2 f", "cara: take 3", "cara: buy", "ca", "cara: "])
def test_the_count_is_the_legal_lines_tab_offers(cara, typed):
    import re

    said = cara.live_check(typed)
    offered = [put for put, _ in cara.completions(typed) if ":" in put]
    assert int(re.search(r"Tab: (\d+) legal lines? begins? so", said).group(1)) == len(offered)
    assert all(cara.session.check(line) == line for line in offered)


@pytest.mark.parametrize(("typed", "said"), [
    ("cara: take 3 ca", "cannot parse: unknown tile 'ca'"),   # the castle is taken with the die as 2: 3>2
    ("cara: take 9", "cannot parse: a die shows 1-6, found '9'"),
    ("cara: zz", "cannot parse: unknown action 'zz'"),
    ("cara: buy carpenter workers 1 ", "illegal (cob.buy.silver): "),   # 2019 tile 6 pays 2 workers, not a mix
])
def test_a_players_line_no_legal_line_begins_is_refused_at_once(cara, typed, said):
    assert cara.completions(typed) == []
    assert cara.live_check(typed).startswith(said)


def test_a_placement_offered_as_line_then_is_counted_apart(tmp_path):
    """Where Tab offers ``<line> then `` for a placement's many granted continuations, the
    note counts those apart from the legal lines it offers."""
    from tests.castles.test_completion import WORST_CASES

    path = tmp_path / "game.toml"
    path.write_bytes(WORST_CASES[0].read_bytes())
    table = TableSession(path)
    try:
        offered = [put for put, _ in table.completions("anna: place 1")]
        going = [put for put in offered if put.endswith(" then ")]
        assert going and len(going) < len(offered)
        assert table.live_check("anna: place 1") == (
            f"still to type a tile name; Tab: {len(offered) - len(going)} legal lines begin so, "
            f"and {len(going)} more going on after 'then'")
    finally:
        table.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["cara:", "Cara", "take", "t", "buy", "b", "place", "3", "3>4", "carpenter", "car",
                                 "workers", "wo", "w", "2", "from", "f", "1", "discard", "then", "ship", "e3",
                                 "ｃａｒａ：", "３", ",", ""]), max_size=9).map(" ".join))
def test_the_live_check_of_any_players_start_is_a_line_not_an_error(cara, typed):
    """The live check runs on every key: whatever is typed, it says one line."""
    said = cara.live_check(typed)
    assert isinstance(said, str) and "\n" not in said
