"""Tab in a reveal: the depots still to lay out, then the tiles that may lie next on one,
a knowledge tile with the effect printed on it (what the players read off the depot)."""

from __future__ import annotations

from burgundy_cli.core.table import TableSession
from tests.castles.record_texts import NEW_2011



def test_tab_offers_the_depots_still_to_reveal_then_the_tiles_that_fit(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(NEW_2011, encoding="utf-8")
    table = TableSession(path)
    depots = [put for put, _ in table.completions("reveal ")]
    assert depots[:7] == [f"reveal {depot} " for depot in ("1", "2", "3", "4", "5", "6", "black")]

    offered = dict(table.completions("reveal 2 "))  # depot 2 in phase A with 2 players: yellow, dark green
    assert "reveal 2 castle " in offered and "reveal 2 ship " not in offered
    assert offered["reveal 2 k16 "] == "k16 · Game end: 4 VP per warehouse in your estate."
    assert [put for put, _ in table.completions("reveal 2 k1")][:4] == \
        ["reveal 2 k1 ", "reveal 2 k10 ", "reveal 2 k11 ", "reveal 2 k13 "]  # k12 is in the black pile only
    assert [put for put, _ in table.completions("reveal 2 k16 ")] == ["reveal 2 k16 castle"]  # the last space

    assert table.play("reveal 2 k16 castle").accepted
    assert "reveal 2 " not in [put for put, _ in table.completions("reveal ")]
    assert table.completions("reveal 2 ") == []    # depot 2 is laid out
    assert table.completions("check reveal 1 ship b")[:1] == [("check reveal 1 ship bank", "bank")]
