"""``burgundy new`` at a terminal: ``back`` (or PageUp) asks the question before again, in
every kind of record and within the questions asked a player or a card at a time, and
nothing typed before is lost: the terminal's prompt puts the answer given there back on the
line (PageUp keeps what was on the line for when the question comes again)."""

from __future__ import annotations

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from burgundy_cli.core.newrecord import HELP_LINE, NewRecord, create, terminal_reader
from burgundy_cli.core.session import open_record

CARD = "5 silver-2;2 church;1 vp-1"
PAGE_UP = "\x1b[5~"


def scripted(script: list[tuple[str, str]]):
    """A reader that checks each question starts with the words the script expects, and gives
    the script's answer; the questions asked, in order."""
    steps = iter(script)
    asked: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        expected, answer = next(steps)
        assert question.startswith(expected), (question, expected)
        asked.append(question)
        return answer

    return read, asked, steps


def test_back_in_a_logged_game_mends_an_earlier_answer(tmp_path):
    """``back`` at the duchy board returns to the players (the typo mended there); ``back`` at
    the start player returns to the goods; each question after it is asked again."""
    read, asked, steps = scripted([
        ("game", ""), ("record", ""), ("edition", "2011"), ("players", "Anna,Ben"),
        ("estate board", "back"), ("players", "Anna,Bob"),
        ("estate board", ""), ("start castle", ""), ("each player's 3 starting goods", "anna=1 2 3,bob=4 5 6"),
        ("start player", " BACK "), ("each player's 3 starting goods", "anna=4 5 6,bob=1 2 3"),
        ("start player", "bob"), ("date", ""), ("where", ""), ("event", ""),
    ])
    said: list[str] = []
    path = tmp_path / "game.toml"
    create(str(path), NewRecord(), ask=True, read=read, say=said.append)
    assert next(steps, None) is None and said == []
    session = open_record(path)
    assert session.header.players == ["Anna", "Bob"]
    assert session.record_data()["setup"]["goods"] == {"Anna": [4, 5, 6], "Bob": [1, 2, 3]}
    assert session.record_data()["setup"]["start_player"] == "Bob"


def test_back_reaches_the_kind_of_record_and_the_game_and_no_further(tmp_path):
    """From the first question of the record back to the kind of record, then the game; at
    the game, the first question, the table is told so and it is asked again. A new choice
    there asks that record's questions."""
    read, _, steps = scripted([
        ("game", "back"), ("game", ""), ("record", "log"), ("edition", "back"), ("record", "back"),
        ("game", "robber-knights"), ("record", "result"),
        ("players", "red,blue"), ("each player's final score", "red=18,blue=15"),
        ("date", ""), ("where", ""), ("event", ""),
    ])
    said: list[str] = []
    path = tmp_path / "pad.toml"
    assert "result only: 1. red 18, 2. blue 15" in create(str(path), NewRecord(), ask=True, read=read, say=said.append)
    assert next(steps, None) is None
    assert said == ["this is the first question"]


def test_back_at_the_first_question_when_the_flags_gave_the_rest(tmp_path):
    """With the game and the kind of record given by flag, the first question asked has none
    before it: said so, and asked again."""
    read, _, _ = scripted([("players", "back"), ("players", "Anna,Ben"), ("estate board", "")])
    said: list[str] = []
    with pytest.raises(StopIteration):
        create(str(tmp_path / "end.toml"), NewRecord(game="castles-of-burgundy", edition="2011", end=True),
               ask=True, read=read, say=said.append)
    assert said == ["this is the first question"]


def test_back_steps_through_the_duchies_and_the_trade_route_cards(tmp_path):
    """At an end: ``back`` at Ben's duchy asks Anna's again; ``back`` at a trade route card asks
    the card before (the previous player's last after a first card), and at the first card
    the question before the routes; back into the duchies or the routes from the question
    after them asks their last duchy or card, the others kept."""
    cards = [(f"Anna's trade route, card {card} of 5", CARD) for card in range(1, 6)]
    read, _, steps = scripted([
        ("game", ""), ("edition", "2019"), ("players", "Anna,Ben"), ("2019 expansion modules", "trade-routes"),
        ("duchy board", ""), ("start castle", ""),
        ("Anna's duchy", ""), ("Ben's duchy", "back"), ("Anna's duchy", "c3:bank"), ("Ben's duchy", ""),
        ("each player's bonus tiles", "back"), ("Ben's duchy", ""),   # (the last duchy, Anna's kept)
        ("each player's bonus tiles", ""), ("each player's goods tiles sold", ""),
        ("Anna's trade route, card 1 of 5", "back"), ("each player's goods tiles sold", "anna=5"),
        *cards[:2], ("Anna's trade route, card 3 of 5", "back"), ("Anna's trade route, card 2 of 5", CARD),
        *cards[2:], ("Ben's trade route, card 1 of 5", "back"), ("Anna's trade route, card 5 of 5", CARD),
        *[(f"Ben's trade route, card {card} of 5", CARD) for card in range(1, 6)],
        ("the goods tiles lying on each player's trade route", "back"), ("Ben's trade route, card 5 of 5", CARD),
        ("the goods tiles lying on each player's trade route", "anna=5"), ("each player's goods tiles left", ""),
        ("each player's silver coins", ""), ("each player's workers", ""), ("each player's VP", "back"),
        ("each player's workers", "anna=2"), ("each player's VP", "anna=4,ben=0"),
        ("date", ""), ("where", ""), ("event", ""),
    ])
    said: list[str] = []
    path = tmp_path / "end.toml"
    create(str(path), NewRecord(end=True), ask=True, read=read, say=said.append)
    assert next(steps, None) is None and said == []
    end = open_record(path).record_data()["end"]["players"]
    assert end["Anna"]["duchy"] == {"c3": "bank"} and end["Anna"]["workers"] == 2
    assert end["Anna"]["sold"] == {"5": 1} and len(end["Ben"]["route"]) == 15


def test_back_from_the_bridge_returns_to_the_last_answer(tmp_path):
    """The bridge, asked after the last question when it tells the winner: ``back`` there asks
    the last question answered again."""
    read, _, steps = scripted([
        ("players", "Anna,Ben"), ("estate board", ""), ("start castle", ""),
        ("Anna's estate", ""), ("Ben's estate", ""), ("each player's bonus tiles", ""),
        ("each player's goods tiles sold", ""), ("each player's goods tiles left", ""),
        ("each player's silverlings", ""), ("each player's worker tiles", ""), ("each player's VP", "anna=0,ben=0"),
        ("date", ""), ("where", ""), ("event", "back"), ("where", ""), ("event", "cup final"),
        # (a 2011 end: its turn order track, 'Ship (blue)' 2., not 2019's bridge)
        ("the turn order on the turn order track", "back"), ("event", "cup final"),
        ("the turn order on the turn order track", "ben,anna"),
    ])
    path = tmp_path / "end.toml"
    told = create(str(path), NewRecord(game="castles-of-burgundy", edition="2011", end=True), ask=True, read=read,
                  say=lambda said: None)
    assert next(steps, None) is None and "; later in turn order decides)" in told and "winner Anna (tiebreak: Anna and Ben tie on 0 VP" in told
    assert open_record(path).header.event == "cup final"


def test_the_prompt_puts_the_earlier_answer_back_on_the_line(tmp_path, monkeypatch):
    """The terminal's prompt: a question asked again starts from the answer typed to it (Enter
    takes it again); PageUp goes back whatever is on the line, which then waits for its
    question; the word alone on the line goes back too; the help line says both."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    with create_pipe_input() as pipe:
        read = terminal_reader(input=pipe, output=DummyOutput())

        def typed(keys: str, question: str) -> str:
            pipe.send_text(keys)
            return read(question, [])

        assert typed("Anna,Ben\r", "players: ") == "Anna,Ben"
        assert typed("3" + PAGE_UP, "duchy board: ") == "back"
        assert typed("\x7f\x7f\x7fBob\r", "players: ") == "Anna,Bob"   # (Anna,Ben on the line, mended)
        assert typed("\r", "duchy board: ") == "3"                      # (what PageUp left on the line)
        assert typed("back\r", "start: ") == "back"
        assert typed("\r", "duchy board: ") == "3"
    assert "PageUp or back: the question before" in HELP_LINE


def test_the_prompt_remembers_an_answer_by_its_question_not_its_words(tmp_path, monkeypatch):
    """A question whose words follow an earlier answer (the goods' example names the players)
    still starts from the answer typed to it after ``back`` and a new answer there: the
    prompt remembers by the question (:class:`Asked`), not by its words; another question with
    the same words starts empty."""
    from burgundy_cli.core.newrecord import Asked

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    with create_pipe_input() as pipe:
        read = terminal_reader(input=pipe, output=DummyOutput())

        def typed(keys: str, question: str, key: str) -> str:
            pipe.send_text(keys)
            return read(Asked(question, key), [])

        assert typed("Anna,Ben\r", "players: ", "players") == "Anna,Ben"
        assert typed("anna=1 2 3,ben=4 5 6\r", "goods, e.g. Anna=1 2 3,Ben=4 5 6: ", "goods") == "anna=1 2 3,ben=4 5 6"
        assert typed(PAGE_UP, "start player, e.g. Anna: ", "start_player") == "back"
        assert typed("\x7f\x7f\x7fBob\r", "players: ", "players") == "Anna,Bob"
        # the goods' words now name Bob: the answer typed before is on the line all the same
        assert typed("\x7f" * 9 + "bob=4 5 6\r", "goods, e.g. Anna=1 2 3,Bob=4 5 6: ", "goods") == \
            "anna=1 2 3,bob=4 5 6"
        assert typed("x\r", "players: ", "event") == "x"   # (same words, another question: empty line)


def test_back_puts_the_answer_back_when_the_question_names_new_players(tmp_path, monkeypatch):
    """Through ``create`` on a prompt: the players mended after ``back``, the first duchy (asked
    by its place, its words now naming the mended players' first) starts from what was typed
    before; Enter takes it."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    keys = iter(["Anna,Ben\r", "\r", "\r",      # players, duchy board, start castle
                 "c3:bank\r", "back\r",          # Anna's duchy; back at Ben's
                 PAGE_UP, PAGE_UP, PAGE_UP,        # Anna's duchy, start castle, duchy board: back to the players
                 "\x7f" * 8 + "Ann,Bob\r",       # Ann,Bob
                 "\r", "\r",                     # duchy board, start castle as before
                 "\r",                            # Ann's duchy: c3:bank is on the line
                 *["\r"] * 6, "ann=4,bob=0\r",   # Bob's duchy .. workers, VP
                 "\r", "\r", "\r"])               # date, place, event
    told, questions = _typed_end_record(tmp_path, keys)
    assert next(keys, None) is None and "Ann 4" in told and "Bob 0" in told
    assert questions[3].startswith("Anna's estate") and questions[11].startswith("Ann's estate")
    end = open_record(tmp_path / "end.toml").record_data()["end"]["players"]
    assert end["Ann"]["duchy"] == {"c3": "bank"}


def test_back_typed_after_the_earlier_answer_goes_back(tmp_path, monkeypatch):
    """``back`` typed at the end of a line that holds the earlier answer goes back as the
    word alone does (not ``c3:bankback``, an answer no one meant), and the earlier answer
    waits for the question; so does ``back`` typed over the pre-filled text. Anything else
    ending in ``back`` is an answer as typed."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    with create_pipe_input() as pipe:
        read = terminal_reader(input=pipe, output=DummyOutput())

        def typed(keys: str, question: str) -> str:
            pipe.send_text(keys)
            return read(question, [])

        assert typed("c3:bank\r", "Anna's duchy: ") == "c3:bank"
        assert typed(PAGE_UP, "Ben's duchy: ") == "back"
        assert typed("back\r", "Anna's duchy: ") == "back"              # (c3:bank on the line: c3:bankback)
        assert typed("\r", "Anna's duchy: ") == "c3:bank"               # (the earlier answer kept)
        assert typed(" BACK\r", "Anna's duchy: ") == "back"             # (a space, any case)
        assert typed("\x7f" * 7 + "back\r", "Anna's duchy: ") == "back"  # (the pre-filled text replaced)
        assert typed("\r", "Anna's duchy: ") == "c3:bank"
        assert typed("\x7f" * 4 + "mineback\r", "Anna's duchy: ") == "c3:mineback"  # (mended: an answer)


def test_back_after_the_earlier_answer_goes_back_through_create(tmp_path, monkeypatch):
    """Through ``create``: ``back`` typed after Anna's pre-filled duchy asks the question before
    (the start castle) again, and Anna's duchy keeps its answer."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    keys = iter(["Anna,Ben\r", "\r", "\r",      # players, duchy board, start castle
                 "c3:bank\r", "back\r",          # Anna's duchy; back at Ben's
                 "back\r",                       # Anna's duchy, c3:bank on the line: back to the start castle
                 "\r", "\r",                     # start castle; Anna's duchy: c3:bank taken again
                 *["\r"] * 6, "anna=4,ben=0\r",  # Ben's duchy .. workers, VP
                 "\r", "\r", "\r"])               # date, place, event
    _, questions = _typed_end_record(tmp_path, keys)
    assert next(keys, None) is None
    assert [q.split(" ")[0] for q in questions[3:8]] == ["Anna's", "Ben's", "Anna's", "start", "Anna's"]
    assert open_record(tmp_path / "end.toml").record_data()["end"]["players"]["Anna"]["duchy"] == {"c3": "bank"}


def _typed_end_record(tmp_path, keys) -> tuple[str, list[str]]:
    """``new --end`` of a 2011 game into ``tmp_path/end.toml`` at a terminal (prompt_toolkit's
    pipe input), each question answered with the next of ``keys`` as typed: what ``create``
    said, and the questions in the order asked."""
    with create_pipe_input() as pipe:
        read = terminal_reader(input=pipe, output=DummyOutput())
        questions: list[str] = []

        def reading(question: str, choices: list[str]) -> str:
            questions.append(str(question))
            pipe.send_text(next(keys))
            return read(question, choices)

        told = create(str(tmp_path / "end.toml"), NewRecord(game="castles-of-burgundy", edition="2011", end=True),
                      ask=True, read=reading, say=lambda said: None)
    return told, questions


def test_enter_alone_at_a_question_without_a_default_says_an_answer_is_needed(tmp_path):
    """Enter alone at 'players' asked it again with no word of why; now the question says it
    needs an answer, and the first answer then given is taken as usual."""
    read, asked, steps = scripted([
        ("game", "robber-knights"), ("record", "result"),
        ("players in seat order", ""),
        ("players in seat order, clockwise (e.g. red,blue) -- an answer is needed (Ctrl-D quits, nothing written)",
         "red,blue"),
        ("each player's final score", "red=18,blue=15"),
        ("date", "2026-12-07"), ("where", ""), ("event", ""),
    ])
    path = tmp_path / "pad.toml"
    create(str(path), NewRecord(), ask=True, read=read, say=lambda text: None)
    assert next(steps, None) is None
    assert "needed" not in asked[2] and open_record(path).header.players == ["red", "blue"]
