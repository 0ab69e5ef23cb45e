"""A score pad (``new --result``) whose total was mended by hand, its ``[result]`` not
recomputed, is refused in the words of a score pad: it has no log and no replay. Before:
"disagrees with the replay ... (if the log was edited on purpose, ...)"."""

from __future__ import annotations


def test_a_mended_score_pad_is_refused_in_its_own_words(cli, tmp_path) -> None:
    pad = tmp_path / "pad.toml"
    assert cli("new", str(pad), "--result", "--game", "castles-of-burgundy", "--players", "Ben,Dario",
               "--scores", "Ben=168,Dario=150", "--date", "2026-12-07").exit_code == 0
    pad.write_text(pad.read_text().replace("total = 150", "total = 170", 1))
    refused = cli("score", str(pad))
    assert refused.exit_code == 1
    assert "disagrees with the final scores, which give" in refused.stderr
    assert "if [final] was edited on purpose, 'burgundy fmt --write" in refused.stderr
    assert "replay" not in refused.stderr and "the log" not in refused.stderr
    assert cli("fmt", "--write", str(pad)).exit_code == 0 and cli("score", str(pad)).exit_code == 0


def test_a_logged_game_keeps_the_replays_words(cli, tmp_path) -> None:
    from tests.conftest import RECORDS

    game = tmp_path / "game.toml"
    text = (RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml").read_text()
    head, _, tail = text.partition("[result.scores]")
    name, _, rest = tail.strip().partition(" = ")
    game.write_text(f"{head}[result.scores]\n{name} = 1{rest.partition(chr(10))[0]}\n{rest.partition(chr(10))[2]}")
    refused = cli("score", str(game))
    assert refused.exit_code == 1 and "disagrees with the replay, which gives" in refused.stderr
    assert "if the log was edited on purpose" in refused.stderr
