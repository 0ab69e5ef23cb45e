"""``stats --vs`` with a name no game of the archive has (a misspelling) says the closest
player it has, as a misspelt ``--event`` is answered (docs/archive.md, "Head-to-head"); a
player who has games, only none the filters pass, gets no guess."""

from __future__ import annotations

import json


def _club(cli, tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    for number, (scores, date) in enumerate([("Anna=150,Ben=120", "2026-12-05"), ("Anna=110,Ben=130", "2026-12-06")]):
        made = cli("new", str(folder / f"g{number}.toml"), "--result", "-g", "castles-of-burgundy", "-e", "2019",
                   "-p", "Anna,Ben", "--scores", scores, "--date", date)
        assert made.exit_code == 0, made.output
    return folder


def test_a_misspelt_name_gets_the_closest_player(cli, tmp_path) -> None:
    folder = _club(cli, tmp_path)
    result = cli("stats", str(folder), "--vs", "Ana", "Ben")
    assert result.exit_code == 0, result.output
    assert "head-to-head: Ana v Ben, 0 games together (Ana: no complete game counted; did you mean 'Anna'?)" \
        in result.stdout
    both = json.loads(cli("stats", str(folder), "--vs", "Ana", "Benn", "--json").stdout)["head_to_head"]
    assert both["did_you_mean"] == {"Ana": "Anna", "Benn": "Ben"}
    far = json.loads(cli("stats", str(folder), "--vs", "Anna", "Zen", "--json").stdout)["head_to_head"]
    assert far["unplayed"] == ["Zen"] and "did_you_mean" not in far   # (a guess too far is none)


def test_a_player_outside_the_filters_gets_no_guess(cli, tmp_path) -> None:
    folder = _club(cli, tmp_path)
    result = cli("stats", str(folder), "--vs", "Anna", "Ben", "--since", "2026-12-07", "--json")
    pair = json.loads(result.stdout)["head_to_head"]
    assert pair["unplayed"] == ["Anna", "Ben"] and "did_you_mean" not in pair
