"""Issue 34 items 2, 3, 11 and issue 36 item 16 at the table: the prompt lists only what is
due now, a line without a player name is the mover's, and a mid-game score ranks ties as ties."""

from __future__ import annotations

import tomllib

from typer.testing import CliRunner

from burgundy_cli.cli import app
from burgundy_cli.core.game import ScoreLine, ScoreTable
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.render import score_table_text
from burgundy_cli.core.table import TableSession
from tests.conftest import RECORDS


def _cut(tmp_path, name: str, before_group: str):
    """A shipped complete record cut before the log group ``before_group``."""
    data = tomllib.loads((RECORDS / "castles-of-burgundy" / name).read_text())
    log = data.pop("log")
    data.pop("result", None)
    data["log"] = {}
    for group, lines in log.items():
        if group == before_group:
            break
        data["log"][group] = lines
    path = tmp_path / "game.toml"
    path.write_text(dump_record(data), encoding="utf-8")
    return path, log[before_group]


def test_only_the_roll_is_offered_when_only_the_roll_is_due(tmp_path):
    path, lines = _cut(tmp_path, "complete-2p-2011.toml", "B1")
    table = TableSession(path)
    for line in lines:                          # phase B's reveals and goods, up to its roll
        if line.startswith("roll"):
            break
        assert table.handle(line).accepted
    assert table.due().startswith("B1 · roll due")
    forms = table.helpers.table_forms(table.session)
    assert [form.split()[0] for form in forms] == ["roll"]
    offered = [text for text, _ in table.completions("")]
    assert not any(text.startswith(("reveal", "goods")) for text in offered)


def test_a_refused_reveal_suggests_what_the_table_owes_not_a_player_line(tmp_path):
    path, _ = _cut(tmp_path, "complete-4p-2019-shields.toml", "B1")
    table = TableSession(path)
    reply = table.handle("reveal 1 castle castle")
    assert not reply.accepted
    assert "tribute" not in reply.text
    assert "due now: reveal <depot" in reply.text


def test_a_line_without_a_name_is_the_player_to_moves_in_the_session(tmp_path):
    path, lines = _cut(tmp_path, "complete-2p-2011.toml", "A2")
    table = TableSession(path)
    table.handle(lines[0])                      # the A2 roll
    mover = table.listing().player
    line = next(move for move in table.shown_lines() if move.startswith(f"{mover}: take"))
    bare = line.partition(": ")[2]
    assert table.live_check(bare) == f"legal: {line}"
    reply = table.handle(bare)
    assert reply.accepted and f"recorded: {line}" in reply.text
    # one-shot play keeps requiring the name
    result = CliRunner().invoke(app, ["play", str(path), "take 1 bank"])
    assert result.exit_code != 0


def _table(totals: dict[str, int], complete: bool = False) -> ScoreTable:
    lines = [ScoreLine(name=name, total=total, rank=rank, breakdown={"areas": total})
             for rank, (name, total) in enumerate(totals.items(), start=1)]
    return ScoreTable(game="castles-of-burgundy", edition="2011", complete=complete, players=lines,
                      winner=[lines[0].name] if complete else [], tiebreak=None, notes=[])


def test_mid_game_ties_lead_together_and_share_a_rank():
    text = score_table_text(_table({"Anna": 11, "Benno": 11, "Cleo": 4}))
    assert "leading: Anna, Benno (11)" in text
    rank = next(line for line in text.splitlines() if line.startswith("rank"))
    assert rank.split()[1:] == ["1", "1", "3"]


def test_mid_game_with_no_points_says_no_points_yet():
    text = score_table_text(_table({"Anna": 0, "Benno": 0}))
    assert "no points yet" in text
    rank = next(line for line in text.splitlines() if line.startswith("rank"))
    assert rank.split()[1:] == ["1", "1"]


def test_the_tiebreak_decides_only_at_the_end():
    text = score_table_text(_table({"Anna": 11, "Benno": 11}, complete=True))
    rank = next(line for line in text.splitlines() if line.startswith("rank"))
    assert rank.split()[1:] == ["1", "2"] and "winner: Anna" in text
