"""A score pad's tie reads as a full record's does: who tied, on what, the tiebreak that
decided and each tied player's figure (docs/records.md, "Result-only records"), from the one
wording of a decided tie (:func:`burgundy_cli.core.render.decided_tie`), which Robber
Knights' full records use. The figures had been given and then appeared nowhere: ``score``,
its ``--json``, the site and the exports named only the rule ("fewest empty duchy spaces").

Rulebooks: Castles 2019, 'End of the game': "In case of a tie, the tied player with the
fewest empty spaces in their duchy wins"; Robber Knights, 'End of the game': "If there is a
tie, the player with the most knights left in front of him wins"."""

from __future__ import annotations

import json


def pad(cli, tmp_path, game, players, scores, tiebreak, *more, name="pad.toml"):
    path = tmp_path / name
    made = cli("new", str(path), "--result", "--game", game, "--players", players, "--scores", scores,
               "--tiebreak", tiebreak, "--date", "2026-12-01", *more)
    assert made.exit_code == 0, made.output
    return path, made


def test_a_castles_pad_names_the_tied_players_figures(cli, tmp_path):
    path, made = pad(cli, tmp_path, "castles-of-burgundy", "Anna,Ben,Cara", "Anna=120,Ben=150,Cara=150",
                     "Ben=2,Cara=4", "--edition", "2019")
    said = "Ben and Cara tie on 150 VP; fewest empty duchy spaces decides (Ben 2, Cara 4)"
    assert f"tiebreak: {said}\n" in cli("score", str(path)).stdout
    assert json.loads(cli("score", str(path), "--json").stdout)["tiebreak"] == said
    assert f"winner Ben (tiebreak: {said})" in made.stdout   # (new's one line, core.render.outcome)


def test_a_robber_knights_pad_reads_as_its_full_record(cli, tmp_path):
    """The same words as a logged game's (robber_knights.scoring), a draw included."""
    path, _ = pad(cli, tmp_path, "robber-knights", "red,blue,green", "red=14,blue=14,green=9", "red=5,blue=3")
    assert json.loads(cli("score", str(path), "--json").stdout)["tiebreak"] == \
        "red and blue tie on 14 points; most knights left decides (red 5, blue 3)"
    level, _ = pad(cli, tmp_path, "robber-knights", "red,green", "red=17,green=17", "red=2,green=2", name="level.toml")
    assert json.loads(cli("score", str(level), "--json").stdout)["tiebreak"] == \
        "red and green tie on 17 points; most knights left decides (red 2, green 2): still equal, a draw"


def test_a_full_robber_knights_record_still_reads_so():
    """The full record's words, unchanged, now from the one wording."""
    from burgundy_cli.core.render import decided_tie

    assert decided_tie(["red", "blue", "yellow"], "1 point", "most knights left", {"red": 2, "blue": 2, "yellow": 1},
                       ["red", "blue"]) == ("red, blue and yellow tie on 1 point; most knights left decides "
                                            "(red 2, blue 2, yellow 1): red and blue still equal, a draw")


def test_a_team_pad_names_the_teams_figures(cli, tmp_path):
    """2019 rulebook, 'The team game': "If there is a tie, the team with more empty spaces in
    their duchy wins the game."""
    path, _ = pad(cli, tmp_path, "castles-of-burgundy", "Anna,Ben,Cara,Dario", "Anna=100,Ben=100,Cara=90,Dario=90",
                  "Anna=3,Cara=3,Ben=5,Dario=5", "--modules", "team-game", "--teams", "A=Anna Cara,B=Ben Dario")
    assert json.loads(cli("score", str(path), "--json").stdout)["tiebreak"] == \
        "team B and team A tie on 190 VP; the team with more empty spaces decides (team B 5, team A 3)"
