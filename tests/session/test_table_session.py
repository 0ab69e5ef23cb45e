"""The table session's logic, without a terminal: what is due, playing and writing at once,
refusals, undo, completion, the live check, and reloading a record changed on disk."""

from __future__ import annotations

import os
import shutil

from burgundy_cli.core.session import open_record
from burgundy_cli.core.table import TableSession

ROLL = "roll white 1 good 4, Anna 1 2, Bob 3 4"


def lines_of(path) -> list[str]:
    data = open_record(path).record_data()
    return [line for group in data.get("log", {}).values() for line in group]


def test_the_prompt_says_what_is_due(castles_record):
    table = TableSession(castles_record)
    assert table.due() == "A4 · roll due · Anna may still buy"
    table.play(ROLL)
    assert table.due() == "A4 · Bob to move · dice 3 4 · worker tiles 4"


def test_an_accepted_line_is_on_disk_at_once_and_says_what_it_did(castles_record):
    table = TableSession(castles_record)
    reply = table.play(ROLL)
    assert reply.accepted and lines_of(castles_record)[-1] == ROLL
    reply = table.play("bob: take 3 cow3")
    assert reply.accepted
    assert reply.text == "recorded: Bob: take 3 cow3 -- Bob: stores cow3 from depot 3"
    assert lines_of(castles_record)[-1] == "Bob: take 3 cow3"


def test_the_effect_names_workers_vp_goods_and_silver(castles_record):
    table = TableSession(castles_record)
    table.play(ROLL)
    reply = table.play("bob: sell 4>5")    # one worker turns the 4 into the 5 of his goods
    assert reply.accepted, reply.text
    assert reply.text == "recorded: Bob: sell 4>5 -- Bob: pays 1 worker tile: die 4 used as 5, 1 step " \
        "[cob.die.workers], +1 silverling, +2 VP (goods-sold), sells 1 goods tile of type 5"
    reply = table.play("bob: workers 3")
    assert reply.text == "recorded: Bob: workers 3 -- Bob: +2 worker tiles"


def test_a_refused_line_writes_nothing_and_says_rule_and_what_is_legal(castles_record):
    table = TableSession(castles_record)
    table.play(ROLL)
    before = castles_record.read_bytes()
    reply = table.play("bob: take 5 mine")
    assert not reply.accepted
    assert "illegal (cob." in reply.text and "rule:" in reply.text
    first = reply.text.split("legal now: ")[1].split(" | ")[0]
    assert first.startswith("Bob: take ") and first.endswith(">5 mine")   # the fix closest to what was typed first
    assert castles_record.read_bytes() == before


def test_after_a_line_refused_while_carried_out_the_table_goes_on_from_the_same_position(castles_record,
                                                                                       monkeypatch):
    """A line that passes its check but is refused while being carried out (a bug, or a
    module step that looks again) writes nothing and leaves the position as it was: the
    next lines are judged as if it had never been typed."""
    from burgundy_cli.castles.rules import engine
    from burgundy_cli.castles.rules.actions import illegal

    table = TableSession(castles_record)
    before = castles_record.read_bytes()
    carry_out = engine._APPLIES["roll"]

    def half_then_refuse(state, command):
        carry_out(state, command)
        raise illegal("cob.flow.roll", "refused while being carried out")

    monkeypatch.setitem(engine._APPLIES, "roll", half_then_refuse)
    reply = table.play(ROLL)
    assert not reply.accepted and "refused while being carried out" in reply.text
    assert castles_record.read_bytes() == before
    assert table.due() == "A4 · roll due · Anna may still buy"
    monkeypatch.undo()
    assert table.play(ROLL).accepted
    assert table.play("bob: take 3 cow3").accepted
    assert lines_of(castles_record)[-2:] == [ROLL, "Bob: take 3 cow3"]


def test_undo_removes_the_last_lines_and_says_which(castles_record):
    table = TableSession(castles_record)
    table.play(ROLL)
    table.play("bob: take 3 cow3")
    assert table.handle("undo").text == "undone: Bob: take 3 cow3"
    assert lines_of(castles_record)[-1] == ROLL
    reply = table.handle("undo 2")
    assert reply.text == f"undone: {ROLL}\nundone: Anna: place 2>1 k9 c4"
    assert lines_of(castles_record)[-1] == "Anna: take 2 k9"
    assert open_record(castles_record).score().complete is False     # the [result] was recomputed


def test_completion_offers_only_legal_lines_and_table_forms(castles_record):
    table = TableSession(castles_record)
    forms = [shown for _, shown in table.completions("ro")]
    assert forms == ["roll white <die> good <type>, Anna <die> <die>, Bob <die> <die>"]
    assert table.completions("ro")[0][0] == "roll white "
    table.play(ROLL)
    offered = [text for text, _ in table.completions("take 3")]
    assert "Bob: take 3 cow3" in offered
    legal = set(open_record(castles_record).legal_moves().moves)
    assert offered and set(offered) <= legal
    assert [text for text, _ in table.completions("bob: take 3>4")] == ["Bob: take 3>4 market"]
    assert ("undo", table.completions("un")[0][1]) == table.completions("un")[0]


def test_robber_knights_completion_reads_the_short_forms_the_notation_takes(rk_record):
    """Tab offers the legal lines for a start typed as the notation allows it (docs/notation.md,
    Robber Knights 'Leniency'): the player without the colon, tile codes, ``l`` for lay, ``k``
    for knights, a direction's letter. It offered nothing for 'red lay pla' or 'lay cp e'."""
    table = TableSession(rk_record)
    legal = set(open_record(rk_record).legal_moves().moves)

    def offered(typed: str) -> list[str]:
        return [text for text, _ in table.completions(typed)]

    assert offered("red lay pla") == offered("red: lay pla") != []
    assert offered("RED l p") == offered("red: lay plain ") != []
    assert offered("lay cp e") == offered("lay castle-plain e") != []
    assert offered("red lay cp e7 k 2 e") == ["red: lay castle-plain e7 knights 2 east leave 1,1"]
    assert all(set(offered(typed)) <= legal for typed in ("red lay pla", "lay cp e", "red l p"))


def test_the_live_check_gives_the_rule_or_the_canonical_line(castles_record):
    table = TableSession(castles_record)
    table.play(ROLL)
    assert table.live_check("bob: take 3 cow3") == "legal: Bob: take 3 cow3"
    assert table.live_check("bob: take 5 mine").startswith("illegal (cob.")
    assert table.live_check("bob: tkae").startswith("cannot parse")
    assert "Tab completes" in table.live_check("")


def test_a_record_changed_on_disk_is_reloaded_and_the_line_checked_again(castles_record):
    table = TableSession(castles_record)
    copy = castles_record.with_name("copy.toml")  # another program writes the file meanwhile:
    shutil.copy(castles_record, copy)             # (a session is refused while this one is open)
    other = TableSession(copy)
    assert other.play(ROLL).accepted
    other.close()
    os.replace(copy, castles_record)
    reply = table.play(ROLL)                     # the same roll again: now the wrong line
    assert "changed on disk: reloaded it" in reply.text
    assert not reply.accepted
    assert lines_of(castles_record).count(ROLL) == 1
    reply = table.play("bob: take 3 cow3")
    assert reply.accepted and lines_of(castles_record)[-2:] == [ROLL, "Bob: take 3 cow3"]


def test_an_edit_saved_between_prompts_is_kept(castles_record):
    table = TableSession(castles_record)
    text = castles_record.read_text().replace('notes = "Typed', 'notes = "Edited. Typed')
    castles_record.write_text(text)
    assert "reloaded" in table.reload_if_changed()
    assert table.play(ROLL).accepted
    assert 'notes = "Edited. Typed' in castles_record.read_text()


def test_session_commands(castles_record):
    table = TableSession(castles_record)
    assert "estate No. 1" in table.handle("show").text  # (2011 'The player boards')
    assert "Anna: buy ship" in table.handle("moves").text
    assert "total" in table.handle("score").text
    assert "undo [N]" in table.handle("help").text
    assert table.handle("quit").done


def test_robber_knights_prompt_shows_the_hand_and_lines_play(rk_record):
    table = TableSession(rk_record)
    assert table.due() == "red to move · hand castle-plain, plain · laid 0 of 3 · knights 30"
    reply = table.play("red: lay plain f5")
    assert reply.accepted and reply.text == "recorded: red: lay plain f5 -- plain on f5"
    assert table.due() == "red to draw · hand castle-plain · pile 20"
    assert [text for text, _ in table.completions("red: draw l")] == ["red: draw lake"]
    reply = table.play("red: draw lake")
    assert "red drew lake" in reply.text
    reply = table.play("red: end")
    assert "turn passes to blue" in reply.text
    assert table.handle("undo").text == "undone: red: end"
    assert open_record(rk_record).record_data()["play"]["moves"] == ["red: lay plain f5", "red: draw lake"]


def test_a_finished_game_ends_the_session_with_the_final_score(tmp_path):
    from tests.conftest import RECORDS

    source = RECORDS / "robber-knights" / "playout-2-players.toml"
    data = open_record(source).record_data()
    last = data["play"]["moves"].pop()
    data.pop("result")
    from burgundy_cli.core.record import dump_record

    path = tmp_path / "rk.toml"
    path.write_text(dump_record(data))
    table = TableSession(path)
    reply = table.play(last)
    assert reply.accepted and reply.done
    assert "the game is complete" in reply.text and "winner" in reply.text.lower()


def test_an_older_copy_saved_over_the_record_gets_the_sessions_lines_back(castles_record):
    table = TableSession(castles_record)
    older = castles_record.read_text()                 # an editor reads the record here...
    table.play(ROLL)
    table.play("bob: take 3 cow3")
    castles_record.write_text(older.replace('notes = "Typed', 'notes = "Edited. Typed'))   # ...and saves
    note = table.reload_if_changed()
    assert "put back: roll white 1 good 4, Anna 1 2, Bob 3 4 | Bob: take 3 cow3 (undo removes them)" in note
    assert lines_of(castles_record)[-2:] == [ROLL, "Bob: take 3 cow3"]
    assert 'notes = "Edited. Typed' in castles_record.read_text()


def test_lines_cut_from_the_record_that_the_session_did_not_write_stay_cut(castles_record):
    table = TableSession(castles_record)
    text = castles_record.read_text().replace('    "anna: place 2>1 k9 c4",\n', "")
    castles_record.write_text(text.split("[result]")[0])
    note = table.reload_if_changed()
    assert note.endswith("reloaded it (23 lines)")
    assert lines_of(castles_record)[-1] == "Anna: take 2 k9"


def test_the_line_count_kept_between_lines_is_the_record_s(castles_record):
    """lines_played is counted once and then kept up per accepted line (counting renders every line)."""
    table = TableSession(castles_record)
    for line in (ROLL, "# a comment line", "bob: take 3 cow3", "bob: take 5 mine"):
        table.handle(line)
        assert table.lines_played() == len(lines_of(castles_record))
    table.handle("undo")
    assert table.lines_played() == len(lines_of(castles_record))


def test_a_refusal_suggests_lines_as_moves_shows_them_without_making_every_line(tmp_path):
    """On the benchmark's worst case (852,563 lines in all) a refused line suggests grouped
    lines, made without the full listing (issue 17 item 4)."""
    from pathlib import Path

    source = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "moves-worst-case-k1.toml"
    record = tmp_path / "worst.toml"
    record.write_bytes(source.read_bytes())
    table = TableSession(record)
    reply = table.play("anna: place 2 castle a1")
    assert not reply.accepted and "legal now: Anna: place " in reply.text
    assert "then ... |" in reply.text  # grouped as `moves` shows them


SOLO_RECORD = """[game]
name = "castles-of-burgundy"
edition = "2019"
players = ["Anna"]

[game.options]
modules = ["solo-game"]

[setup]
boards = "13x"
start = {Anna = "b1"}
goods = {Anna = [1, 2, 5]}

[log]
A1 = ["reveal 1 bank ship", "reveal 2 k1 castle", "reveal 3 sheep3 church", "reveal 4 ship market",
      "reveal 5 mine k2", "reveal 6 warehouse cow2", "reveal black ship mine bank church", "goods 1 2 3 4 5",
      "roll white 3, Anna 1 2"]
"""


def test_the_solo_removal_is_due_first_and_says_which_tile_left_the_game(tmp_path):
    """2019 solo game, 'Playing the game': the round's removal comes before the dice actions; the
    prompt says it is due, and its verdict names the tile that left the depot."""
    path = tmp_path / "solo.toml"
    path.write_text(SOLO_RECORD, encoding="utf-8")
    table = TableSession(path)
    assert table.due() == "A1 · remove 3 sheep3 due, then Anna to move · dice 1 2 · workers 2"
    reply = table.play("remove 3 sheep3")
    assert reply.accepted, reply.text
    assert reply.text == "recorded: remove 3 sheep3 -- depot 3 -sheep3, out of the game"
    assert lines_of(path)[-1] == "remove 3 sheep3"
    assert table.due() == "A1 · Anna to move · dice 1 2 · workers 2"


def test_a_comment_typed_at_the_prompt_is_written_and_said_so(castles_record, rk_record):
    """A comment-only line is kept in the log (it was written, though the reply said "not
    written": what it did was asked of the game as if it were a move)."""
    for path in (castles_record, rk_record):
        table = TableSession(path)
        reply = table.handle("# the cat sat on the board")
        assert reply.accepted and reply.text == "recorded: # the cat sat on the board -- a comment, kept in the log"
        assert "# the cat sat on the board" in path.read_text()


def test_the_prompt_between_phases_says_a_shield_14_or_15_tile_may_still_be_placed(tmp_path):
    """2019 rules, 'THE SHIELDS', shields 14 and 15 ("after all players have finished their two
    actions" of a phase, one tile from a depot into the duchy): in the pause before the next
    phase the placement is open to its holder, and the prompt says so beside what is due."""
    from pathlib import Path

    path = tmp_path / "shields.toml"
    source = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "moves-worst-case-modules.toml"
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    table = TableSession(path)
    assert table.due() == ("E1 · reveal 1 2 3 4 5 6 black, goods due, then the roll · "
                           "Anna may still place a tile with shield 14 or 15")
