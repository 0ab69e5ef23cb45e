"""The 2019 border posts (rulebook 'EXPANSIONS', 'New duchies (nos. 11a - 11f)'): setup, scoring
of joined posts, the all-three bonus, the option for the third post, playouts.

The passages quoted are from our English text of the 2019 rulebook. The worked example
(posts joined in phase A = 10 VP; the third post joined in phase C "also counts as" the
other pair = 6 + 6; first with all three = 7 VP with 4 players) is in the Traditional
Chinese 2019 rulebook only (modules-2019/border_posts_11a-11f.json; docs/rulings.md).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.modules import border
from burgundy_cli.castles.rules import RULES
from burgundy_cli.castles.rules.boards import provisional_board
from burgundy_cli.castles.movegen import legal_commands
from burgundy_cli.castles.notation import format_command, parse_line
from burgundy_cli.castles.playout import play_game, playout
from burgundy_cli.castles.views.render import render
from burgundy_cli.castles.record.setup import SetupError
from burgundy_cli.core.record import dump_record
from tests.castles.engine_kit import at_turn, cmd, new_game, play_all
from tests.castles.movegen_oracle import accepted
from tests.castles.test_duchies import POSTS
from tests.castles.test_properties import NO_SHRINK, Watcher, record_round_trip

BORDER = {"modules": ["border-posts"]}
NAMES = ("anna", "ben", "cara", "dario")
#: From the start castle on f1 to the first post (b1+c1) and to the third (g2+g3), less g2.
TO_FIRST_AND_THIRD = {"e1": "warehouse", "d1": "bank", "c1": "ship", "g1": "mine"}
#: Along the yellow row b from c1 towards the second post (b5+c6), less b5.
ALONG_ROW_B = {"b1": "k9", "b2": "k10", "b3": "k11", "b4": "k13"}


def own_duchy(name: str) -> dict:
    """A player's own copy of the pictured layout (each player needs a no. 11 duchy)."""
    return {"name": name, "rows": provisional_board("11x").rows(), "posts": POSTS, "start": "f1"}


def table(phase="A", players=4, options=BORDER, **anna):
    """Anna to move (dice 4 and 3) on her no. 11 duchy, start castle on f1."""
    anna.setdefault("dice", [4, 3])
    entries = {"anna": {"board": own_duchy("own-anna"), **anna}}
    for name in NAMES[1:players]:
        entries[name] = {"board": own_duchy(f"own-{name}")}
    return at_turn("2019", players=entries, phase=phase, options=options)


def place(tile, space, rolled, player="anna"):
    return cmd(kind="die", player=player, rolled=rolled, action={"kind": "place", "tile": tile, "space": space})


# --- setup ----------------------------------------------------------------------------------------


def test_every_player_plays_a_no_11_duchy():
    """2019 rules, 'New duchies (nos. 11a - 11f)': "If you want to play with these duchies, every
    player receives a no. 11 duchy" -- a duchy with border posts (cob.border.duchy)."""
    with pytest.raises(SetupError) as info:
        new_game(edition="2019", modules=["border-posts"])
    assert "cob.border.duchy" in info.value.message and info.value.path == ("setup", "boards")
    with pytest.raises(SetupError) as info:
        at_turn("2019", players={"anna": {"board": own_duchy("own-anna"), "dice": [4, 3]}, "ben": {"board": 1}},
                options=BORDER)
    assert "cob.border.duchy" in info.value.message and info.value.path == ("position", "players", "ben", "board")
    assert table().ruleset.modules == ("border-posts",)  # legal: everyone on a duchy with posts
    assert table(options={}).players[0].board.posts  # a duchy with posts is also a plain duchy


def test_the_option_for_the_third_post_is_checked():
    """docs/rulings.md, `border-third-post`: pairs, once or none."""
    with pytest.raises(SetupError) as info:
        table(options={**BORDER, "border-third-post": "twice"})
    assert info.value.path == ("game", "options", "border-third-post")


# --- scoring ---------------------------------------------------------------------------------------


def test_joining_two_posts_scores_the_phase_value():
    """2019 rules: "When a player manages to connect two border posts in their duchy with hex
    tiles, they score victory points according to the current phase (i.e. 10, 8, 6, 4, or 2)."
    The example: top-left and top-right joined in phase A, 10 VP."""
    state = play_all(table(duchy=TO_FIRST_AND_THIRD, storage=["ship"]), place("ship", "g2", 4))
    assert state.players[0].vp[border.CATEGORY] == 10
    state = play_all(table("D", duchy=TO_FIRST_AND_THIRD, storage=["ship"]), place("ship", "g2", 4))
    assert state.players[0].vp[border.CATEGORY] == 4


def test_posts_joined_by_shield_14s_tile_score_the_phase_that_ended():
    """2019 rules: "they score victory points according to the current phase"; shield 14's tile
    is placed "at the end of each phase, after all players have finished their two actions", so
    the phase is still the one ending (A: 10 VP), the next one's (B: 8 VP) not begun."""
    options = {"modules": ["border-posts", "shields"]}
    entries = {"anna": {"board": own_duchy("own-anna"), "dice": [4, 3], "duchy": TO_FIRST_AND_THIRD,
                        "shields": {"f1": 14}, "silver": 2},
               "ben": {"board": own_duchy("own-ben"), "silver": 2}}
    state = at_turn("2019", players=entries, phase="A", round=5, options=options,
                    shields={"depots": {}, "removed": []})
    state.revealed[4], state.depots[4] = True, ["ship"]
    state = play_all(state, cmd(kind="pass", player="anna"), cmd(kind="pass", player="ben"))
    assert state.stage == "phase"
    state = play_all(state, parse_line("anna: shield place ship from 4 g2"))
    assert state.players[0].vp[border.CATEGORY] == 10


def test_a_tile_beside_a_post_but_not_joined_scores_nothing():
    """Posts count as connected only through a chain of placed tiles between them."""
    state = play_all(table(duchy={"e1": "warehouse", "d1": "bank"}, storage=["ship"], dice=[5, 3]),
                     place("ship", "c1", 5))
    assert border.CATEGORY not in state.players[0].vp


@pytest.mark.parametrize(("rule", "points"), [("pairs", 6 + 6), ("once", 6), ("none", 0)])
def test_the_third_post_and_the_all_three_bonus(rule, points):
    """The Chinese 2019 example, phase C, 4 players: joining the last post also joins the other
    pair, 6 + 6 (option `pairs`, the default; `once` and `none` are the other readings), and
    "whoever first connects all three border posts ... also get to score the usual 'color
    bonus', i.e. 5, 6, or 7 victory points" -- 7 with 4 players."""
    options = BORDER if rule == "pairs" else {**BORDER, "border-third-post": rule}
    state = table("C", options=options, duchy={**TO_FIRST_AND_THIRD, "g2": "ship", **ALONG_ROW_B},
                  storage=["k14"])
    state = play_all(state, place("k14", "b5", 4))
    anna = state.players[0]
    assert anna.vp[border.CATEGORY] == points + 7
    assert not any(bonus.startswith("border") for bonus in anna.bonuses)  # no bonus tile (tile 26)


#: Three chains apart, each beside one post (shield 18 lets tiles lie apart), all next to d4.
APART_BY_SHIELD_18 = {"b1": "k9", "b2": "k10", "c3": "bank",  # post 1 (b1) ... c3
                      "c6": "cow2", "c5": "ship", "d5": "church",  # post 2 (c6) ... d5
                      "g2": "ship", "f2": "ship", "e3": "market"}  # post 3 (g2) ... e3, with the castle on f1


@pytest.mark.parametrize(("rule", "points"), [("pairs", 8 + 8 + 8), ("once", 8 + 8), ("none", 8)])
def test_one_tile_joining_all_three_posts_at_once(rule, points):
    """Shield 18 ("you are allowed to place hex tiles on any space in your duchy, not only
    adjacent") lets three chains lie apart, each beside one post; one tile on d4 joins all three
    at once, in phase B (8 VP a scoring). "When a player manages to connect two border posts ...
    they score victory points according to the current phase" (docs/rulings.md,
    `border-third-post`): `pairs` scores the three pairs joined (24); `once`, the third post
    once more after the first two (8 + 8, as the same posts joined one at a time score); `none`
    the first two only (8). And "whoever first connects all three border posts": 5 VP with 2
    players. (`once` scored 8: the phase value once whatever the placement joined.)"""
    options = {"modules": ["border-posts", "shields"], "border-third-post": rule}
    entries = {"anna": {"board": own_duchy("own-anna"), "dice": [6, 3], "storage": ["warehouse"],
                        "duchy": APART_BY_SHIELD_18, "shields": {"f1": 18}},
               "ben": {"board": own_duchy("own-ben")}}
    state = at_turn("2019", players=entries, phase="B", options=options, shields={"depots": {}, "removed": []})
    assert not border.joined_pairs(state.players[0])
    state = play_all(state, place("warehouse", "d4", 6))
    assert state.players[0].vp[border.CATEGORY] == points + 5


#: Every post joined: the chains to the first and third posts, and the yellow row b.
ALL_JOINED = {**TO_FIRST_AND_THIRD, "g2": "ship", "b1": "k2", "b2": "k3", "b3": "k4", "b4": "k5", "b5": "k6"}


def last_post_joined(players: int, done_before: int) -> int:
    """The border-post VP of the player who joins their last post in phase E, after
    ``done_before`` others have joined all three (each pair 2 VP in phase E)."""
    entries = {"anna": {"board": own_duchy("own-anna"), "dice": [4, 3], "storage": ["k14"],
                        "duchy": {**TO_FIRST_AND_THIRD, "g2": "ship", **ALONG_ROW_B}}}
    knowledge = iter([2, 3, 4, 5, 6, 16, 17, 18, 19, 20])  # each knowledge tile exists once
    for index, name in enumerate(NAMES[1:players]):
        done = {space: f"k{next(knowledge)}" if space[0] == "b" else tile
                for space, tile in ALL_JOINED.items()} if index < done_before else {}
        entries[name] = {"board": own_duchy(f"own-{name}"), "duchy": done}
    state = play_all(at_turn("2019", players=entries, phase="E", options=BORDER), place("k14", "b5", 4))
    return state.players[0].vp[border.CATEGORY]


@pytest.mark.parametrize(("players", "first", "second"), [(2, 5, 2), (3, 6, 3), (4, 7, 4)])
def test_first_large_bonus_runner_up_small_then_nothing(players, first, second):
    """2019 rules: "whoever first connects all three border posts, they also get to score the
    usual 'color bonus', i.e. 5, 6, or 7 victory points (for 2-4 players). The runner-up
    receives 2, 3, or 4 victory points" -- and, as with the colour bonus, no one after them."""
    assert last_post_joined(players, 0) == 2 + 2 + first
    assert last_post_joined(players, 1) == 2 + 2 + second
    if players >= 3:
        assert last_post_joined(players, 2) == 2 + 2


def _said(state, command) -> list[str]:
    """What the legal verdict and the session say ``command`` did (``views.effects``), the
    line's notes included."""
    from burgundy_cli.castles.rules import noting
    from burgundy_cli.castles.views.effects import line_effects

    with noting() as notes:
        after = play_all(state.copy(), command)
    return line_effects(state, after, command, notes)


def test_what_joining_posts_scored_is_said_with_its_rule():
    """cob.border.posts: a verdict or a recorded line says why the border posts scored so much --
    2019 rules: "they score victory points according to the current phase (i.e. 10, 8, 6, 4,
    or 2)" and "whoever first connects all three border posts, they also get to score the usual
    'color bonus', i.e. 5, 6, or 7 victory points (for 2-4 players)"."""
    said = _said(table("D", duchy=TO_FIRST_AND_THIRD, storage=["ship"]), place("ship", "g2", 4))
    assert said[0].startswith("anna: +4 VP (border-posts), places ship on g2")
    assert said[1:] == ["anna joins two border posts: 4 VP in phase D [cob.border.posts]"]
    third = table("C", duchy={**TO_FIRST_AND_THIRD, "g2": "ship", **ALONG_ROW_B}, storage=["k14"])
    assert _said(third, place("k14", "b5", 4))[1] == (
        "anna joins the third border post: 2 x 6 VP in phase C (option border-third-post = pairs), "
        "and is the first to join all three: 7 VP [cob.border.posts]")
    assert "cob.border.posts" in RULES


# --- moves, show, playouts ---------------------------------------------------------------------------


def test_moves_and_check_agree_on_a_border_posts_position():
    state = table(duchy=TO_FIRST_AND_THIRD, storage=["ship"])
    lines = {format_command(c) for c in legal_commands(state)}
    assert "anna: place 4 ship g2" in lines and lines == accepted(state)


def test_show_marks_the_posts_and_the_breakdown_has_the_category():
    """`show` lists each player's posts; the score breakdown shows `border-posts` only when the module is on."""
    state = play_all(table(duchy=TO_FIRST_AND_THIRD, storage=["ship"]), place("ship", "g2", 4))
    text = render(state)
    assert "border posts beside: b1+c1, b5+c6, g2+g3" in text and "border-posts 10" in text


def test_a_border_posts_playout_is_deterministic():
    """`burgundy playout --modules border-posts`: the same seed gives the same record, byte for
    byte; the players beyond the one pictured duchy get stand-in duchies, marked as such."""
    first, second = (dump_record(playout(3, 5, modules=("border-posts",))) for _ in range(2))
    assert first == second
    assert "--modules border-posts" in first and "[duchies.stand-in-" in first and '"11x"' in first
    assert "not a printed duchy" in first


@settings(max_examples=6, deadline=None, derandomize=True, phases=NO_SHRINK)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), stop_after=st.one_of(st.none(), st.integers(1, 200)))
def test_border_posts_games_conserve_everything(players, seed, stop_after):
    """With the border posts on, tiles, goods, silver and workers are conserved at every line,
    border-post VP only grow; the record reads back, replays and scores the same."""
    session = play_game(players, seed, "2019", stop_after, visit=Watcher(), modules=("border-posts",))
    record_round_trip(session)
    for player in session.state.players:
        joined = len(border.joined_pairs(player))
        assert player.vp.get(border.CATEGORY, 0) <= 10 * joined + 7


def test_the_complete_border_posts_record_scores_its_posts_by_the_rulebook():
    """records/castles-of-burgundy/complete-3p-2019-border-posts.toml, 3 players: Anna joins two
    posts in phase C (6) and her third in phase E (g3, E4), the first to join all three: two more
    pairs at 2 each and the large value, 6 -- 16. Ben and Cara join none: each reaches one post
    only (Ben g3 of g2+g3, Cara b1 and c1 of b1+c1), so nobody is runner-up. (2019 rules, 'New
    duchies'; phase values 10/8/6/4/2; colour bonus values 6 and 3 with 3 players.)"""
    from burgundy_cli.core.session import open_record
    from tests.conftest import RECORDS

    session = open_record(RECORDS / "castles-of-burgundy" / "complete-3p-2019-border-posts.toml")
    scored = {line.name: line.breakdown["border-posts"] for line in session.score().players}
    assert scored == {"Anna": 6 + 2 + 2 + 6, "Ben": 0, "Cara": 0}


def test_a_position_cut_anywhere_continues_to_the_same_border_post_scores():
    """`show --position` of a border-posts game: what joined posts scored is read off the
    duchies (nothing else to state), the record's own duchies are written whole, and the game
    continued from the position scores exactly as the whole record (phase ends, the third
    post, the all-three bonus after the cut)."""
    from tests.castles.test_position_writer import _interesting, _lines, _record, check_cut

    data = playout(3, 5, modules=("border-posts",))
    full = _record(data, "setup", _lines(data))
    count = len(_lines(data))
    for cut in sorted({0, count // 3, count // 2, 3 * count // 4, count, *_interesting(data)}):
        check_cut(data, full, cut)
