"""``burgundy new``'s questions (issue 34, items 4-8): each answer checked as it is given and
only that question asked again, defaults that follow the answers before them, names in any
case, trade routes card by card, refusals in the table's words."""

from __future__ import annotations

import pytest

from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record

CARD = "5 silver-2;2 church;1 vp-1"

#: Per game and mode: each question's answers in order, a wrong one (with what the table is
#: told) before the right one wherever an answer can be wrong. A right answer is (text, None).
SCRIPTS: dict[str, list[tuple[str, str | None]]] = {
    "2011": [
        ("chess", "unknown game 'chess'"), ("castles-of-burgundy", None),
        ("score", "'score' is none of log, end, result"), ("log", None),
        ("2012", "unknown edition '2012'"), ("2011", None),
        ("Anna", "1 player plays the solo game"), ("Anna,Bob", None),
        ("12", "the 2011 edition has no estate 12"), ("", None),
        ("anna=a1", "a1 is not a castle (dark-green) space of estate 1"), ("", None),
        ("anna=1 2 3 4,bob=4 5 6", "Anna starts with 3 goods tiles, not 4"), ("ANNA=1 2 3,bob=4 5 6", None),
        ("carl", "no player called 'carl'"), ("bob", None),
        ("yesterday", "'yesterday' is not a date"), ("2026-12-05", None),
        ("the club", None), ("", None),
    ],
    "2019 modules": [
        ("", None), ("", None),
        ("2019", None),
        ("Anna,Bob,Anna", "are the same name"), ("Anna,Bob", None),
        ("innz,shields,trade-routes", "no 2019 module is called 'innz' (did you mean 'inns'?)"),
        ("inns,shields,trade-routes", None),
        ("Anna=3,Bob=3", "the game has 1 copy of duchy 3"), ("", None),
        ("Anna=c2", "c2 is not a castle (dark-green) space of duchy 1"), ("Anna=a3", None),
        ("Anna=1 2 9,Bob=4 5 6", "a goods tile shows a die, 1 to 6, not 9"), ("Anna=1 2 3,Bob=4 5 6", None),
        ("Cara", "no player called 'Cara'"), ("", None),
        ("1=4,2=7", "depot 3 gets 1 shield with 2 players, not 0"), ("1=4,2=7,3=9,4=12,5=15,6=18", None),
        ("5 silver-2;2 church", "a trade route card has 3 spaces, not 2"), (CARD, None),
        ("5 silver-2;2 chruch;1 vp-1", "card 2: unknown route bonus 'chruch'"), (CARD, None),
        *[(CARD, None)] * 8,
        ("", None), ("", None), ("", None),
    ],
    "team": [
        ("", None), ("log the game", None), ("", None),
        ("anna,ben,cara,dario,emil", "played by 2 to 4 players, not 5"), ("anna,ben,cara,dario", None),
        ("team-game,border-posts", "the team game is not refereed with the 'border-posts' module"),
        ("team-game", None),
        ("A=anna cara,B=ben", "the team game is played by 4 players in teams A and B"),
        ("a=Anna Cara,b=Ben Dario", None),
        ("13x", "each team plays a team board, not duchy 13x"), ("", None),
        ("A=b9", "'b9' is not a space: a row a-g"), ("", None),
        ("A=1 2 3,B=4 5 6 6", "B starts with 3 goods tiles, not 4"), ("a=1 2 3,b=4 5 6", None),
        ("", None), ("", None), ("", None),
    ],
    "solo": [
        ("", None), ("LOG", None), ("", None), ("Anna", None),
        ("inns", "1 player plays the solo game"), ("", None),
        ("1", "the solo game is played on a solo duchy (13A/13B): \"13x\" or a [duchies.<id>] with islands, "
              "not duchy 1 (cob.solo.setup)"), ("", None),
        ("a1", "a1 is not a castle (dark-green) space of duchy 13x"), ("b1", None),
        ("1 2", "Anna starts with 3 goods tiles, not 2"), ("1 2 3", None),
        ("", None), ("", None), ("", None),
    ],
    "robber knights": [
        ("Robber Knights", None), ("", None),
        ("Anna", "Robber Knights is for 2 to 4 players, not 1"), ("Anna,Bob", None),
        ("anna=yellow,bob=YELLOW", "Anna and Bob both play yellow"), ("anna=yellow,bob=red", None),
        ("anna:castle-plain bob:lake / bob:plain", "the starting layout must be a full rectangle of 4 tiles"),
        ("anna:castle-plain bob:lake / bob:plain anna:plain", None),
        ("anna=castle-plain plain,bob=lake lake", "Bob must keep 1 castle tile and 1 other tile"),
        ("anna=castle-plain plain,bob=castle-forest plain", None),
        ("", None), ("", None), ("", None),
    ],
}


def run(script: list[tuple[str, str | None]], tmp_path, given: NewRecord | None = None):
    """``new`` answered by ``script``: the questions asked and what the table was told."""
    answers = [answer for answer, _ in script]
    questions: list[str] = []
    said: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        if not answers:
            raise EOFError
        return answers.pop(0)

    path = tmp_path / f"game-{len(list(tmp_path.iterdir()))}.toml"
    create(str(path), given or NewRecord(), ask=True, read=read, say=said.append)
    assert not answers, f"questions left unasked: {answers}"
    return path, questions, said


@pytest.mark.parametrize("mode", list(SCRIPTS))
def test_one_mistake_per_question_and_only_that_question_again(mode, tmp_path):
    """Each refused answer is explained at once and the very same question follows it; every
    other question is asked once (nothing restarts from the players question)."""
    script = SCRIPTS[mode]
    path, questions, said = run(script, tmp_path)
    assert len(questions) == len(script)
    for message, told in zip([m for _, m in script if m], said, strict=True):
        assert message in told
    for index, (_, refusal) in enumerate(script):
        if refusal:
            assert questions[index + 1] == questions[index], (index, questions[index])
    runs = [question for index, question in enumerate(questions) if index == 0 or questions[index - 1] != question]
    assert len(runs) == len(set(runs))            # no question comes back after another one
    assert open_record(path).score().complete is False


def test_a_2011_game_is_never_asked_about_the_2019_modules(tmp_path):
    _, questions, _ = run(SCRIPTS["2011"], tmp_path)
    assert not any("module" in question or "shield" in question or "trade route" in question
                   for question in questions)


def test_the_solo_game_defaults_to_its_duchy_and_offers_its_castle_spaces(tmp_path):
    path, questions, _ = run(SCRIPTS["solo"], tmp_path)
    assert any(question.startswith("2019 expansion modules") and question.endswith("[solo-game]: ")
               for question in questions)                       # one player: the solo game
    assert "solo duchy (13x: the pictured side, or a duchy the record defines) [13x]: " in questions
    assert "Anna's start castle space (castle spaces: a3, b1, c5, f3): " in questions
    assert not any(question.startswith("start player") for question in questions)
    data = open_record(path).record_data()
    assert data["setup"]["boards"] == "13x" and data["setup"]["start"] == {"Anna": "b1"}


def test_the_team_game_asks_for_its_teams_first_then_goods_per_team(tmp_path):
    path, questions, _ = run(SCRIPTS["team"], tmp_path)
    firsts = [question.split(",")[0] for question in questions]
    teams = next(i for i, q in enumerate(firsts) if q.startswith("the two teams"))
    goods = next(i for i, q in enumerate(firsts) if q.startswith("each team's 3 starting goods tiles"))
    board = next(i for i, q in enumerate(firsts) if q.startswith("team board (12a"))
    assert teams < board < goods
    assert not any(question.startswith("start player") for question in questions)   # the teams' order
    data = open_record(path).record_data()
    assert data["setup"]["teams"] == {"A": ["anna", "cara"], "B": ["ben", "dario"]}
    assert data["setup"]["goods"] == {"A": [1, 2, 3], "B": [4, 5, 6]}


def test_names_are_matched_ignoring_case_in_every_answer(tmp_path):
    """The questions' examples are written in the players' own spelling, and an answer may
    name them in any case: the record spells them as the players question did."""
    path, questions, _ = run(SCRIPTS["2011"], tmp_path)
    assert any("e.g. Anna=1 2 3,Bob=4 5 6" in question for question in questions)
    data = open_record(path).record_data()
    assert data["setup"]["goods"] == {"Anna": [1, 2, 3], "Bob": [4, 5, 6]}
    assert data["setup"]["start_player"] == "Bob"
    rk, _, _ = run(SCRIPTS["robber knights"], tmp_path)
    setup = open_record(rk).record_data()["setup"]
    assert setup["layout"] == ["Anna:castle-plain Bob:lake", "Bob:plain Anna:plain"]
    assert set(setup["hands"]) == {"Anna", "Bob"}


def test_a_hand_typed_setup_names_players_in_any_case(tmp_path, cli):
    path = tmp_path / "game.toml"
    path.write_text('[game]\nname = "castles-of-burgundy"\nedition = "2019"\nplayers = ["Anna", "Bob"]\n'
                    '[setup]\nboards = {anna = 1, BOB = 2}\nstart_player = "bob"\n'
                    "[setup.goods]\nanna = [1, 2, 3]\nbob = [4, 5, 6]\n", encoding="utf-8")
    state = open_record(path).state
    assert [player.name for player in state.players] == ["Anna", "Bob"]
    assert state.players[0].goods == {1: 1, 2: 1, 3: 1} and state.players[1].workers == 1   # Bob starts


def test_trade_routes_are_asked_card_by_card_for_each_player(tmp_path):
    path, questions, said = run(SCRIPTS["2019 modules"], tmp_path)
    cards = [question for question in questions if "trade route, card" in question]
    assert cards[0] == f"Anna's trade route, card 1 of 5: its 3 spaces left to right, e.g. {CARD}: "
    assert [question.split(",")[0] for question in dict.fromkeys(cards)] == \
        [f"{name}'s trade route" for name in ("Anna", "Bob") for _ in range(5)]
    assert open_record(path).state.players[1].route[1] == (2, "church")


def test_refusals_speak_the_tables_words(tmp_path):
    """Never the validator's: no list lengths, no pattern, no duchy layout ids."""
    said = [told for mode in SCRIPTS for told in run(SCRIPTS[mode], tmp_path)[2]]
    assert len(said) == sum(1 for script in SCRIPTS.values() for _, refusal in script if refusal)
    for told in said:
        for validator in ("items", "List should", "Input should", "pattern", "L1", "[setup", "[game."):
            assert validator not in told, told


def test_counts_take_their_number_and_ranges_are_said_once(cli, tmp_path):
    """Copy-editing across the command line: "1 line", "1 complete game", "with 1 player";
    "a die must be 1-6", not "a die (1-6) must be 1-6"."""
    from burgundy_cli.archive.output import text
    from burgundy_cli.core.words import counted

    assert [counted(1, "line"), counted(2, "line"), counted(0, "complete game")] == \
        ["1 line", "2 lines", "0 complete games"]
    assert text({"games": 1, "in_progress": 0, "standings": []}).startswith("1 complete game, 0 in progress")
    path = tmp_path / "solo.toml"
    refused = cli("new", str(path), "--game", "castles-of-burgundy", "--players", "Anna", "--start", "Anna=a3",
                  "--goods", "Anna=1 2 3", "--modules", "solo-game,trade-routes",
                  "--routes", "Anna=" + ";".join([CARD] * 2))
    assert refused.exit_code == 1 and "a trade route has 15 spaces with 1 player, not 6" in refused.output
    assert cli("new", str(path), "--game", "castles-of-burgundy", "--edition", "2019", "--players", "Anna,Bob",
               "--goods", "Anna=1 2 3,Bob=4 5 6").exit_code == 0
    roll = cli("play", str(path), "roll white 1 good 4, Anna 1 9, Bob 3 4")
    assert "a die must be 1-6, found '9'" in roll.output and "(1-6) must" not in roll.output


def test_robber_knights_players_are_people_who_each_play_a_colour(cli, tmp_path):
    """`new --colours anna=yellow` records the colour each person plays (seat order by
    default, or the names themselves when they are colours); playouts name people."""
    path, questions, _ = run(SCRIPTS["robber knights"], tmp_path)
    assert "the colour each player plays, e.g. Anna=yellow,Bob=red [Anna=red,Bob=blue]: " in questions
    assert open_record(path).record_data()["setup"]["colours"] == {"Anna": "yellow", "Bob": "red"}
    rk = ["--game", "robber-knights", "--layout", "red:castle-plain blue:lake / blue:plain red:plain",
          "--hands", "red=castle-plain plain,blue=castle-forest plain"]
    assert cli("new", str(tmp_path / "named.toml"), *rk, "--players", "red,blue").exit_code == 0
    assert open_record(tmp_path / "named.toml").record_data()["setup"]["colours"] == {"red": "red", "blue": "blue"}
    flags = ["--game", "robber-knights", "--players", "Anna,Bob", "--colours", "anna=yellow",
             "--layout", "anna:castle-plain bob:lake / bob:plain anna:plain",
             "--hands", "anna=castle-plain plain,bob=castle-forest plain"]
    refused = cli("new", str(tmp_path / "bad.toml"), *flags)
    assert refused.exit_code == 1 and "no colour for Bob" in refused.output
    assert cli("new", str(tmp_path / "good.toml"), *flags[:-4], "--colours", "anna=yellow,bob=green",
               *flags[6:]).exit_code == 0
    assert open_record(tmp_path / "good.toml").record_data()["setup"]["colours"] == {"Anna": "yellow", "Bob": "green"}
    out = tmp_path / "playout.toml"
    assert cli("playout", "robber-knights", "--players", "3", "--seed", "9", "--out", str(out)).exit_code == 0
    record = open_record(out).record_data()
    assert record["game"]["players"] == ["Anna", "Ben", "Cara"]
    assert record["setup"]["colours"] == {"Anna": "red", "Ben": "blue", "Cara": "yellow"}
