"""The 2019 solo game's open choices at the table once the round's last die is used.

'THE SOLO GAME' lets the player take the ship's 5-goods exchange, a completed colour's tile,
a reset's extra action and bought VP in the order they choose; docs/rulings.md lets them come
after the round's last die too, until the next roll. The referee accepts them then, so Tab and
``moves`` must offer them then: a player who placed a ship with their last die is otherwise
told nothing can be said but the roll.
"""

from __future__ import annotations

from burgundy_cli.core.session import open_record
from burgundy_cli.core.table import TableSession
from tests.session.test_table_session import SOLO_RECORD

SHIP_WITH_THE_LAST_DIE = ["remove 3 sheep3", "fix Anna goods1 +4", "anna: take 1 ship",
                          "anna: place 2>1 ship b3 goods 3"]


def _after_the_last_die(tmp_path) -> tuple[TableSession, object]:
    """The solo opening with Anna's last die spent on a ship: 7 goods held, the A2 roll due."""
    path = tmp_path / "solo.toml"
    path.write_text(SOLO_RECORD, encoding="utf-8")
    table = TableSession(path)
    for line in SHIP_WITH_THE_LAST_DIE:
        reply = table.play(line)
        assert reply.accepted, reply.text
    assert table.due().startswith("A2 · roll due")
    return table, path


def test_tab_offers_the_ships_exchange_after_the_rounds_last_die(tmp_path):
    table, _ = _after_the_last_die(tmp_path)
    offered = [text for text, _ in table.completions("anna: solo ex")]
    assert "Anna: solo exchange 1 1 1 1 1 for ship" in offered
    assert all(text.startswith("Anna: solo exchange ") for text in offered)
    assert table.handle("check " + offered[0]).text.startswith("legal: ")


def test_moves_lists_the_exchange_beside_the_roll_it_lapses_with(tmp_path):
    _, path = _after_the_last_die(tmp_path)
    moves = open_record(path).legal_moves().moves
    assert "Anna: solo exchange 1 1 1 1 1 for ship" in moves


def test_the_prompt_says_the_open_choices_are_still_open(tmp_path):
    """Nothing else would tell the table that the exchange is still open once the roll is due:
    the prompt says so beside the roll; at the start, with nothing open, it says nothing."""
    path = tmp_path / "fresh.toml"
    path.write_text(SOLO_RECORD, encoding="utf-8")
    assert "open choices" not in TableSession(path).due()
    table, _ = _after_the_last_die(tmp_path)
    assert table.due() == "A2 · roll due · Anna may still make the solo game's open choices"


def test_tab_offers_the_roll_that_is_due_before_the_open_choices(tmp_path):
    """With the roll due and the exchange and VP still open, Tab with nothing typed leads with
    the roll's form (what the table owes now), then the lines Anna may still say; typing a
    line's start still finds those."""
    table, _ = _after_the_last_die(tmp_path)
    offered = table.completions("")
    assert offered[0] == ("roll white ", "roll white <die> good <type>, Anna <die> <die>")
    assert any(text.startswith("Anna: solo exchange ") for text, _ in offered[1:])
    assert [text for text, _ in table.completions("r")][:1] == ["roll white "]
    assert table.completions("anna: solo ex")[0][0].startswith("Anna: solo exchange ")


def test_the_prompt_says_may_still_buy_only_when_a_purchase_is_open(tmp_path):
    """2019 'The central black depot': a purchase costs 2 silver coins. Anna, with the solo
    game's 1 silverling, cannot buy (cob.buy.silver): the prompt said she "may still buy";
    now it says so only when a purchase is open, as with 2 silverlings."""
    table, _ = _after_the_last_die(tmp_path)
    assert table.handle("check Anna: buy ship").text.startswith("illegal (cob.buy.silver)")
    assert "may still buy" not in table.due()
    table.session.state.players[0].silver = 2
    assert table.handle("check Anna: buy ship").text.startswith("legal")
    assert table.due() == "A2 · roll due · Anna may still buy · Anna may still make the solo game's open choices"
