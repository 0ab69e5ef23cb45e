"""``burgundy new --result`` at a terminal asks for the tiebreak figure only when some players
tie on the final scores just given, and only about them (docs/table-session.md, "Starting a
record"; docs/records.md, "Result-only records": the figure decides a tie on points). Before,
every score pad was asked "for players tied on points, their empty duchy spaces" with no tie
to break, and a tie's question named no one."""

from __future__ import annotations

from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record
from tests.core.test_new_back import scripted


def _pad(tmp_path, game: str, script: list[tuple[str, str]]):
    read, asked, steps = scripted(script)
    said: list[str] = []
    path = tmp_path / "pad.toml"
    out = create(str(path), NewRecord(game=game, result=True), ask=True, read=read, say=said.append)
    assert next(steps, None) is None and said == []
    return out, asked, open_record(path).score()


def test_no_tie_no_tiebreak_question(tmp_path):
    out, asked, table = _pad(tmp_path, "castles-of-burgundy", [
        ("edition", ""), ("players", "Anna,Ben,Cara"), ("2019 expansion modules", ""),
        ("each player's final score", "Anna=150,Ben=140,Cara=130"),
        ("date", "2026-12-07"), ("where", ""), ("event", ""),
    ])
    assert not any("tie" in question for question in asked), asked
    assert table.winner == ["Anna"] and "winner Anna" in out


def test_a_tie_asks_about_the_tied_players_alone(tmp_path):
    """Cara is not tied: the question names Anna and Ben, with their total, and its example is theirs."""
    out, asked, table = _pad(tmp_path, "castles-of-burgundy", [
        ("edition", "2011"), ("players", "Cara,Anna,Ben"),
        ("each player's final score", "Cara=120,Anna=150,Ben=150"),
        ("Anna and Ben tie on 150 VP: their empty estate spaces, e.g. Anna=2,Ben=3 (empty: not known)", "Anna=4,Ben=1"),
        ("date", ""), ("where", ""), ("event", ""),
    ])
    assert "Cara" not in asked[3]
    assert table.winner == ["Ben"] and "; fewest empty" in table.tiebreak


def test_two_ties_are_both_named_and_a_tie_below_the_top_is_asked_too(tmp_path):
    """The figure ranks a tie for second place as well (the score table's ranks)."""
    _, asked, table = _pad(tmp_path, "robber-knights", [
        ("players", "red,blue,green,yellow"), ("each player's final score", "red=18,blue=15,green=18,yellow=15"),
        ("red and green tie on 18 points, blue and yellow on 15 points: their knights left, e.g. red=2,green=0",
         "red=1,green=3,blue=2,yellow=0"),
        ("date", ""), ("where", ""), ("event", ""),
    ])
    assert [(line.name, line.rank) for line in table.players] == [("green", 1), ("red", 2), ("blue", 3), ("yellow", 4)]


def test_the_team_game_asks_when_the_teams_sums_are_level(tmp_path):
    """2019 team game: the teams' sums decide, a tie the team's empty spaces (either member's figure)."""
    _, asked, table = _pad(tmp_path, "castles-of-burgundy", [
        ("edition", ""), ("players", "Anna,Ben,Cara,Dario"), ("2019 expansion modules", "team-game"),
        ("the two teams", "A=Anna Cara,B=Ben Dario"),
        ("each player's final score", "Anna=150,Ben=140,Cara=130,Dario=140"),
        ("team A (Anna + Cara) and team B (Ben + Dario) tie on 280 VP: each team's empty spaces, given for one "
         "of its players, e.g. Anna=2,Ben=3", "Anna=2,Ben=5"),
        ("date", ""), ("where", ""), ("event", ""),
    ])
    assert sorted(table.winner) == ["Ben", "Dario"]


def test_the_team_game_with_one_team_ahead_is_not_asked(tmp_path):
    _, asked, _ = _pad(tmp_path, "castles-of-burgundy", [
        ("edition", ""), ("players", "Anna,Ben,Cara,Dario"), ("2019 expansion modules", "team-game"),
        ("the two teams", "A=Anna Cara,B=Ben Dario"),
        ("each player's final score", "Anna=150,Ben=150,Cara=130,Dario=140"),
        ("date", ""), ("where", ""), ("event", ""),
    ])
    assert not any("tie" in question for question in asked), asked


def test_back_from_the_date_goes_to_the_scores_when_no_tie_was_asked(tmp_path):
    """The mended scores now tie, so the tie is asked after them."""
    _, asked, table = _pad(tmp_path, "robber-knights", [
        ("players", "red,blue"), ("each player's final score", "red=18,blue=15"), ("date", "back"),
        ("each player's final score", "red=18,blue=18"), ("red and blue tie on 18 points", "red=2,blue=1"),
        ("date", ""), ("where", ""), ("event", ""),
    ])
    assert table.winner == ["red"]


def test_a_solo_pad_asks_the_one_players_score_alone(tmp_path):
    """One player (2019 solo game): their score is asked by name and given as a number, as
    the other questions ask one player's answer ("Anna's start castle space"); no tie to ask."""
    out, asked, table = _pad(tmp_path, "castles-of-burgundy", [
        ("edition", ""), ("players", "Anna"), ("2019 expansion modules", ""),
        ("Anna's final score, e.g. 182: ", "160"), ("solo game won", "no"),
        ("date", ""), ("where", ""), ("event", ""),
    ])
    assert [(line.name, line.total) for line in table.players] == [("Anna", 160)] and "solo game lost" in out
