"""``check LINE`` at the table session's prompt (issue 31 point 5: "``check`` inside the session
answers a dispute without start-up cost"): the same verdict as ``burgundy check --why``, with
each rule's passage in the record's edition, and nothing written."""

from __future__ import annotations

from burgundy_cli.core.table import TableSession
from burgundy_cli.subcommands import check

ROLL = "roll white 1 good 4, Anna 1 2, Bob 3 4"


def one_shot(path, line: str) -> str:
    """What ``burgundy check --why FILE LINE`` prints (to stdout or stderr)."""
    return "".join(text for _, text in check(str(path), [line], as_json=False, why=True).said).strip()


def test_a_legal_line_is_answered_with_its_rules_and_passages_and_not_written(castles_record):
    table = TableSession(castles_record)
    before = castles_record.read_bytes()
    reply = table.handle(f"check {ROLL}")
    assert not reply.accepted and not reply.done
    assert reply.text == one_shot(castles_record, ROLL)
    assert "cob.roll.players" in reply.text and "[2011 rules 'The five game rounds'" in reply.text
    assert castles_record.read_bytes() == before and table.lines_played() == 24
    table.close()


def test_an_illegal_line_is_answered_with_the_rule_that_forbids_it(castles_record):
    table = TableSession(castles_record)
    before = castles_record.read_bytes()
    reply = table.handle("check Anna: take 3 castle")
    assert reply.text.startswith("illegal (cob.flow.roll): round 4 of phase A has not been rolled")
    assert 'rule: "Each round starts with every player rolling' in reply.text and "(nothing written)" in reply.text
    assert castles_record.read_bytes() == before
    table.close()


def test_check_reads_a_line_without_a_player_as_the_player_to_moves(castles_record):
    table = TableSession(castles_record)
    assert table.handle(ROLL).accepted
    legal = table.shown_lines()[0]
    bare = legal.split(": ", 1)[1]
    assert table.handle(f"check {bare}").text.startswith(f"legal: {legal}")
    table.close()


def test_check_alone_says_what_it_takes_and_the_session_goes_on(castles_record):
    table = TableSession(castles_record)
    reply = table.handle("check")
    assert not reply.done and reply.text.startswith("check takes a line of the game, e.g. check ")
    table.close()


def test_the_line_under_the_input_and_tab_work_after_check(castles_record):
    table = TableSession(castles_record)
    assert table.live_check(f"check {ROLL}") == f"legal: {ROLL}"
    assert table.completions("check ro")[0][0] == "check roll white "
    assert ("check", table.completions("che")[0][1]) == table.completions("che")[0]
    table.close()
