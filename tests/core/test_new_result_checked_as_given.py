"""``burgundy new`` at a terminal, a result-only record: each answer is checked as it is given
(docs/table-session.md, "Starting a record": "a refused answer is explained ... and only that
question is asked again"), not all of them after the last question. Before, a score pad's
misspelt name (``Daro=150`` for Dario) and a date that is none (``2026-12-37``) were taken,
the tie, date, place and event questions asked after them, and only then refused."""

from __future__ import annotations

from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record
from tests.core.test_new_back import scripted


def test_a_misspelt_name_in_the_scores_is_refused_at_once(tmp_path):
    read, asked, steps = scripted([
        ("edition", ""), ("players", "Ben,Cara,Dario"), ("2019 expansion modules", ""),
        ("each player's final score", "Ben=168,Cara=171,Daro=150"),
        ("each player's final score", "Ben=168,Cara=171,Dario=150"),
        ("date", "2026-12-07"), ("where", "Club Night"), ("event", "Winter league"),
    ])
    said: list[str] = []
    path = tmp_path / "pad.toml"
    out = create(str(path), NewRecord(game="castles-of-burgundy", result=True), ask=True, read=read, say=said.append)
    assert next(steps, None) is None
    assert len(said) == 1 and "Dario" in said[0], said
    assert "result only: 1. Cara 171, 2. Ben 168, 3. Dario 150; winner Cara" in out
    assert open_record(path).score().winner == ["Cara"]


def test_a_date_that_is_none_is_refused_before_the_place_is_asked(tmp_path):
    read, asked, steps = scripted([
        ("players", "red,blue"), ("each player's final score", "red=18,blue=15"),
        ("date", "2026-12-37"), ("date", "2026-12-07"), ("where", ""), ("event", ""),
    ])
    said: list[str] = []
    path = tmp_path / "pad.toml"
    create(str(path), NewRecord(game="robber-knights", result=True), ask=True, read=read, say=said.append)
    assert next(steps, None) is None
    assert said == ["'2026-12-37' is not a date (YYYY-MM-DD, e.g. 2026-12-05)"]
    assert str(open_record(path).header.date) == "2026-12-07"


def test_a_tie_figure_for_a_player_not_tied_waits_for_nothing_later(tmp_path):
    """The tiebreak answer is checked against the scores given before it, at its question."""
    read, asked, steps = scripted([
        ("players", "red,blue"), ("each player's final score", "red=18,blue=18"),
        ("red and blue tie", "red=2,bleu=1"), ("red and blue tie", "red=2,blue=1"),
        ("date", ""), ("where", ""), ("event", ""),
    ])
    said: list[str] = []
    path = tmp_path / "pad.toml"
    create(str(path), NewRecord(game="robber-knights", result=True), ask=True, read=read, say=said.append)
    assert next(steps, None) is None
    assert len(said) == 1, said
    assert open_record(path).score().winner == ["red"]


def test_a_robber_knights_refusal_gives_robber_knights_example(cli, tmp_path):
    """The hint is the game's own question's example, not the Castles one (anna=182,bob=170)."""
    said = cli("new", str(tmp_path / "pad.toml"), "--result", "--game", "robber-knights", "--players", "red,blue",
               "--scores", "red=18,blue=18", "--tiebreak", "red=2,bleu=1")
    assert said.exit_code == 2 and "bleu is none of the players (red, blue)" in said.stderr
    assert "e.g. red=2,blue=0" in said.stderr and "anna" not in said.stderr
    assert not (tmp_path / "pad.toml").exists()
