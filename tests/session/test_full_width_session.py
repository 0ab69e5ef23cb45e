"""The table session reads what a phone or an East-Asian keyboard types (audit-h): full-width
digits, letters and punctuation in a line of the game (the Castles reader's NFKC) and in the
session's own commands (``ｕｎｄｏ ２``); the record gets the canonical line."""

from __future__ import annotations

from burgundy_cli.core.table import TableSession
from tests.castles.record_texts import NEW_2011



def _table(tmp_path) -> TableSession:
    path = tmp_path / "game.toml"
    path.write_text(NEW_2011, encoding="utf-8")
    return TableSession(path)


def test_a_full_width_line_is_checked_played_and_recorded_canonically(tmp_path):
    table = _table(tmp_path)
    typed = "reveal ２ yellow １６，castle"
    assert table.live_check(typed) == "legal: reveal 2 k16 castle"
    assert table.play(typed).accepted
    assert "reveal 2 k16 castle" in (tmp_path / "game.toml").read_text(encoding="utf-8")
    assert "１" not in (tmp_path / "game.toml").read_text(encoding="utf-8")


def test_a_refusal_points_at_the_typed_column(tmp_path):
    table = _table(tmp_path)
    said = table.live_check("reveal ２ yellow ９９ castle")
    assert "found '99' at column 17" in said   # '９９' is typed at column 17


def test_the_session_s_commands_in_full_width(tmp_path):
    table = _table(tmp_path)
    assert table.play("reveal 2 k16 castle").accepted
    assert table.live_check("ｕｎｄｏ") == table.live_check("undo")
    assert [put for put, _ in table.completions("ｕｎ")] == ["undo"]
    reply = table.handle("ｕｎｄｏ １")
    assert reply.text.startswith("undone: reveal 2 k16 castle")
    plain = [put for put, _ in table.completions("reveal ２ ")]
    assert plain and [put for put, _ in table.completions("ｃｈｅｃｋ reveal ２ ")] == [f"check {put}" for put in plain]


def test_a_number_no_count_is_refused_not_a_traceback(tmp_path):
    table = _table(tmp_path)
    assert table.play("reveal 2 k16 castle").accepted
    reply = table.handle("undo ²")   # a digit to str.isdigit, no number to int()
    assert reply.text == "refused, nothing written: undo takes a number of lines 1-1000, found '²' at column 6; e.g. undo 2"
    assert table.lines_played() == 1
