"""``burgundy new``: from flags, by questions on a terminal (with defaults and re-asking a
refused answer), never over an existing file unless told; the record scores as an empty game."""

from __future__ import annotations

import json

import pytest

from burgundy_cli.core.errors import RecordError, UsageError
from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record

CASTLES = ["--game", "castles-of-burgundy", "--players", "Anna,Bob", "--goods", "Anna=1 2 3,Bob=4 5 6"]


def test_new_castles_record_from_flags_scores_as_an_empty_game(cli, tmp_path):
    path = tmp_path / "game.toml"
    result = cli("new", str(path), *CASTLES, "--edition", "2011")
    assert result.exit_code == 0, result.output
    assert "next: A1 · reveal 1 2 3 4 5 6 black, goods due, then the roll" in result.stdout
    scored = cli("score", "--json", str(path))
    assert scored.exit_code == 0
    table = json.loads(scored.stdout)
    assert table["complete"] is False and table["edition"] == "2011"
    assert {line["name"]: line["total"] for line in table["players"]} == {"Anna": 0, "Bob": 0}


def test_a_new_record_names_its_json_schema_on_its_first_line(cli, tmp_path):
    """Issue 15: `burgundy new` writes the `#:schema` line (docs/records.md, "Editor support"),
    a path from the record's folder to the committed schema, which `play` then keeps."""
    path = tmp_path / "game.toml"
    assert cli("new", str(path), *CASTLES, "--edition", "2019").exit_code == 0
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("#:schema ") and first.endswith("castles-of-burgundy.schema.json")
    schema = (tmp_path / first.removeprefix("#:schema ")).resolve()
    assert json.loads(schema.read_text(encoding="utf-8"))["$schema"].startswith("http://json-schema.org/draft-07")
    assert cli("play", str(path), "roll white 3 good 4, Anna 2 5, Bob 6 1").exit_code == 0
    assert path.read_text(encoding="utf-8").splitlines()[0] == first


def test_experienced_boards_and_start_castles(tmp_path):
    path = tmp_path / "game.toml"
    create(str(path), NewRecord(game="castles-of-burgundy", edition="2011", players="Anna,Bob",
                                boards="Anna=5,Bob=1", start="Anna=c2", goods="Anna=1 2 3,Bob=4 5 6",
                                start_player="Bob"))
    data = open_record(path).record_data()
    assert data["setup"]["boards"] == {"Anna": 5, "Bob": 1}
    assert data["setup"]["start"] == {"Anna": "c2"}
    assert data["setup"]["start_player"] == "Bob"


def test_an_existing_file_is_never_replaced_unless_told(cli, tmp_path):
    path = tmp_path / "game.toml"
    path.write_text("keep me\n")
    result = cli("new", str(path), *CASTLES)
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert path.read_text() == "keep me\n"
    assert cli("new", str(path), *CASTLES, "--force").exit_code == 0
    assert open_record(path).score().complete is False


def test_without_a_terminal_a_missing_required_flag_is_an_error(cli, tmp_path):
    result = cli("new", str(tmp_path / "game.toml"), "--game", "castles-of-burgundy", "--players", "Anna,Bob")
    assert result.exit_code == 2 and "missing --goods" in result.stderr
    assert not (tmp_path / "game.toml").exists()


def test_a_question_gives_its_example_in_the_players_own_names(cli, tmp_path):
    """The table reads 'Clara=98,Dan=87', not an example about an Anna and a Bob who are not
    playing (the end questions kept the names of the examples): every end question with an
    example per player."""
    from burgundy_cli.core.newrecord import END_QUESTIONS, NewRecord, _question

    result = cli("new", str(tmp_path / "game.toml"), "--game", "castles-of-burgundy", "--players", "Clara,Dan",
                 "--end", "--edition", "2011")
    assert result.exit_code == 2 and "e.g. Clara=98,Dan=87" in result.stderr, result.stderr
    answers = NewRecord(game="castles-of-burgundy", edition="2011", players="Clara,Dan", end=True)
    asked = [_question(key, answers, text) for key, text, _ in END_QUESTIONS["castles-of-burgundy"]]
    assert "each player's estate, the tiles placed as space:tile, e.g. Clara=c3:bank c4:k22,Dan=d3:ship" in asked
    assert not [text for text in asked if "Anna=" in text or "Bob=" in text]


def test_a_record_the_game_refuses_is_not_written(tmp_path):
    with pytest.raises(RecordError, match="a goods tile shows a die, 1 to 6, not 9"):
        create(str(tmp_path / "game.toml"), NewRecord(game="castles-of-burgundy", players="Anna,Bob",
                                                     goods="Anna=1 2 9,Bob=4 5 6"))
    assert not (tmp_path / "game.toml").exists()


END = ["--game", "castles-of-burgundy", "--edition", "2011", "--players", "Anna,Bob", "--end",
       "--duchy", "Anna=c3:bank,Bob=c3:bank", "--bonuses", "Anna=,Bob=", "--goods-left", "Anna=,Bob=",
       "--silver", "Anna=0,Bob=0", "--workers", "Anna=0,Bob=0", "--vp", "Anna=10,Bob=10"]


@pytest.mark.parametrize(("flags", "said"), [
    (["--sold", "Anna=grey-large,Bob="],
     "--sold (Anna grey-large): 'grey-large' is no goods type: a goods tile's type is the die number it shows, 1 to 6"),
    (["--sold", "Anna=1,Bob=", "--duchy", "Anna=c3:bnk,Bob=c3:bank"], "--duchy (Anna c3): unknown tile 'bnk' (did you mean 'bank'?)"),
    (["--sold", "Anna=1,Bob=", "--vp", "Anna=10,Bob=40"], "--vp (Bob): Bob has 40 VP;"),
])
def test_without_a_terminal_a_refused_flag_is_named_and_nothing_is_written(cli, tmp_path, flags, said):
    """A refusal of answers given by flags names the flag (and the player or key within it),
    in the table's words, not a line of a record that was never written."""
    path = tmp_path / "game.toml"
    result = cli("new", str(path), *END, *flags)
    assert result.exit_code == 1 and said in result.stderr and "nothing was written" in result.stderr
    assert str(path) not in result.stderr and "Input should" not in result.stderr
    assert not path.exists()


def test_a_refused_new_game_flag_is_named_too(cli, tmp_path):
    path = tmp_path / "game.toml"
    result = cli("new", str(path), *CASTLES[:4], "--goods", "Anna=1 2 7,Bob=4 5 6")
    assert result.exit_code == 1 and "--goods (Anna): a goods tile shows a die, 1 to 6, not 7" in result.stderr
    result = cli("new", str(path), *CASTLES, "--start", "Anna=z9")
    assert "--start (Anna): 'z9' is not a space: a row a-g" in result.stderr
    assert not path.exists()


def test_a_result_only_record_refuses_a_score_below_zero_by_its_flag(cli, tmp_path):
    """Neither game takes points away: a final score, a category's points and a tiebreak
    figure (empty spaces, knights left) are 0 or more; the refusal names the flag."""
    path = tmp_path / "result.toml"
    base = ["--game", "castles-of-burgundy", "--players", "Anna,Bob", "--result"]
    result = cli("new", str(path), *base, "--scores", "Anna=-5,Bob=3")
    assert result.exit_code == 1 and "--scores (Anna): at least 0, not -5; nothing was written" in result.stderr
    result = cli("new", str(path), *base, "--scores", "Anna=5,Bob=5", "--tiebreak", "Anna=-1,Bob=3")
    assert result.exit_code == 1 and "--tiebreak (Anna): at least 0, not -1" in result.stderr
    assert not path.exists()


@pytest.mark.parametrize(("extra", "said"), [
    (["--scores", "Anna=3,Bob=4"], "--scores is for a result-only record (--result), not a record logged move by move"),
    (["--vp", "Anna=3,Bob=4"], "--vp is for an end-of-game record (--end), not a record logged move by move"),
    (["--layout", "Anna:plain Bob:lake"], "--layout is for robber-knights, not castles-of-burgundy"),
])
def test_a_flag_this_kind_of_record_never_asks_for_is_refused(cli, tmp_path, extra, said):
    """Left unread, a flag meant for another kind of record (``--scores`` without
    ``--result``) would make a record other than the one meant."""
    path = tmp_path / "game.toml"
    result = cli("new", str(path), *CASTLES, *extra)
    assert result.exit_code == 2 and said in result.stderr and not path.exists()


@pytest.mark.parametrize(("extra", "said"), [
    ([*END, "--shields-removed", "4"],
     "--shields-removed is for the shields module, which this record does not play (--modules shields)"),
    ([*END, "--tiles-removed", "ship"],
     "--tiles-removed is for the solo-game module, which this record does not play (--modules solo-game)"),
    ([*CASTLES, "--routes", "Anna=5 silver-2;2 church"],
     "--routes is for the trade-routes module, which this record does not play (--modules trade-routes)"),
])
def test_a_flag_for_a_module_the_record_does_not_play_is_refused(cli, tmp_path, extra, said):
    """A module's own answer given without the module (a 2011 game plays none): refused by its
    flag, not by the game at a table of a record that was never written."""
    path = tmp_path / "game.toml"
    result = cli("new", str(path), *extra)
    assert result.exit_code == 2 and said in result.stderr and "nothing was written" in result.stderr
    assert not path.exists()


@pytest.mark.parametrize("mode", [[], ["--end", "--vp", ""], ["--result", "--scores", ""]])
@pytest.mark.parametrize("game", ["castles-of-burgundy", "robber-knights"])
def test_a_players_answer_that_names_no_one_is_refused(cli, tmp_path, game, mode):
    """``--players ","`` names no player: refused at once as the players answer (exit 2), in
    every kind of record of both games; every later question is asked of the players (it
    ended in an internal error for a Castles log or end)."""
    path = tmp_path / "game.toml"
    result = cli("new", str(path), "--game", game, "--players", ",", *mode)
    assert result.exit_code == 2 and "--players: ',' names no player; nothing was written (e.g. Anna,Bob)" in result.stderr, result.output
    assert not path.exists()


def test_a_players_answer_that_names_no_one_is_asked_again_on_a_terminal(tmp_path):
    read, questions = asker(["", "log", "", ",", "Anna,Bob"])
    told: list[str] = []
    with pytest.raises(UsageError, match="the input ended"):
        create(str(tmp_path / "game.toml"), NewRecord(), ask=True, read=read, say=told.append)
    assert told[0] == "',' names no player (e.g. Anna,Bob)"
    assert [q.split(" (")[0] for q in questions].count("players in seat order, clockwise") == 2


def asker(answers: list[str]):
    questions: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        if not answers:
            raise EOFError
        return answers.pop(0)

    return read, questions


def test_on_a_terminal_missing_answers_are_asked_with_defaults_and_a_refused_one_again(tmp_path):
    read, questions = asker(["", "", "2011", "Anna,Bob", "", "", "Anna=1 2 3,Bob=4 5 7", "Anna=1 2 3,Bob=4 5 6",
                             "", "", "", ""])
    said: list[str] = []
    create(str(tmp_path / "game.toml"), NewRecord(), ask=True, read=read, say=said.append)
    assert questions[0] == "game (castles-of-burgundy or robber-knights) [castles-of-burgundy]: "
    assert questions[1] == "record: log (log the game), end (score the end) or result (the result only) [log]: "
    assert questions[2] == "edition (2011 or 2019) [2019]: "
    assert said == ["Bob: a goods tile shows a die, 1 to 6, not 7"]
    assert questions[6] == questions[7]                                  # only that one again, at once
    assert questions[6].startswith("each player's 3 starting goods tiles, e.g. Anna=1 2 3,Bob=4 5 6")
    assert not any("module" in question for question in questions)      # a 2011 game has none
    assert open_record(tmp_path / "game.toml").header.edition == "2011"


def test_a_module_record_asks_for_what_its_modules_need_and_only_then(tmp_path):
    """The shields and the trade routes need the table's deal in [setup] (2019 rulebook,
    'THE SHIELDS' and 'The Trade Routes'): asked on a terminal only when the modules answer
    names them; as flags they are written as given."""
    read, questions = asker(["", "", "2019", "Anna,Bob", "shields", "", "", "Anna=1 2 3,Bob=4 5 6", "",
                             "1=4,2=7,3=9,4=12,5=15,6=18", "", "", ""])
    create(str(tmp_path / "game.toml"), NewRecord(), ask=True, read=read)
    assert questions[-4].startswith("the shields lying face up (1 on depot 1,")
    assert questions[-3].startswith("date played")       # then when, where and why
    assert not any("trade route" in question for question in questions)
    session = open_record(tmp_path / "game.toml")
    assert session.state.shields.depots[2] == [7]
    route = ";".join(["5 silver-2", "2 church", "1 vp-1"] * 5)
    create(str(tmp_path / "routes.toml"), NewRecord(game="castles-of-burgundy", edition="2019", players="Anna,Bob",
                                                     goods="Anna=1 2 3,Bob=4 5 6", modules="trade-routes",
                                                     routes=f"Anna={route},Bob={route}"))
    assert open_record(tmp_path / "routes.toml").state.players[1].route[1] == (2, "church")
    with pytest.raises(UsageError) as refused:
        create(str(tmp_path / "bad.toml"), NewRecord(game="castles-of-burgundy", players="Anna,Bob",
                                                     goods="Anna=1 2 3,Bob=4 5 6", modules="shields", shields="4"))
    assert refused.value.hint == "e.g. 1=4,2=7 12,3=9,..."  # the shields' own example, not the goods'
    assert not (tmp_path / "bad.toml").exists()


def test_a_team_game_record_names_its_teams(cli, tmp_path):
    """2019 rulebook, 'THE TEAM GAME': teams of 2; `--teams` writes [setup] teams, goods by team,
    and the shipped team board 12a unless a board is named (cob.team.players)."""
    path = tmp_path / "team.toml"
    result = cli("new", str(path), "--game", "castles-of-burgundy", "--edition", "2019",
                 "--players", "anna,ben,cara,dario", "--modules", "team-game",
                 "--teams", "A=anna cara,B=ben dario", "--goods", "A=1 2 3,B=4 5 6")
    assert result.exit_code == 0, result.output
    state = open_record(path).state
    assert state.teams is not None and state.players[0].board.name == "12a"
    assert [player.name for player in state.players] == ["anna", "ben", "cara", "dario"]
    result = cli("new", str(tmp_path / "bad.toml"), "--game", "castles-of-burgundy", "--edition", "2019",
                 "--players", "anna,ben,cara,dario", "--modules", "team-game", "--goods", "A=1 2 3,B=4 5 6")
    assert result.exit_code == 2 and "missing --teams" in result.output
    assert not (tmp_path / "bad.toml").exists()


def test_the_input_ending_at_a_question_writes_nothing(tmp_path):
    read, _ = asker(["castles-of-burgundy"])
    with pytest.raises(UsageError, match="nothing was written"):
        create(str(tmp_path / "game.toml"), NewRecord(), ask=True, read=read)
    assert not (tmp_path / "game.toml").exists()


def test_new_robber_knights_record(cli, tmp_path):
    path = tmp_path / "rk.toml"
    result = cli("new", str(path), "--game", "robber-knights", "--players", "red,blue",
                 "--layout", "blue:town-forest blue:village-forest / red:castle-plain red:village-plain",
                 "--hands", "red=castle-plain plain,blue=castle-forest castle-plain")
    assert result.exit_code == 0, result.output
    assert "next: red to move · hand castle-plain, plain" in result.stdout
    session = open_record(path)
    assert session.record_data()["setup"]["layout"] == ["blue:town-forest blue:village-forest",
                                                        "red:castle-plain red:village-plain"]
    assert [line.total for line in session.score().players] == [0, 0]
