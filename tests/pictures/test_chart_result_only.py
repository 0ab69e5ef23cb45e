"""``burgundy chart`` of a result-only record (docs/records.md, "Result-only records"): the
record is valid, it holds no course of play, so the refusal says what a chart draws and what
the record holds, in the chart's words, exit 1 (docs/errors.md, "Exit codes"). Before, it was
refused as "invalid record: a result-only record holds final scores, no position to draw,
chart or step through", as if the secretary's pad were broken."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("game", "players", "scores", "words"), [
    ("castles-of-burgundy", "Anna,Ben", "Anna=182,Ben=170", "VP after every round"),
    ("robber-knights", "red,blue", "red=13,blue=17", "points after every turn")])
@pytest.mark.parametrize("form", [[], ["--json"], ["--svg", "{out}"]])
def test_a_result_only_record_has_no_course_of_play_to_chart(cli, tmp_path, game, players, scores, words, form):
    pad = tmp_path / "pad.toml"
    assert cli("new", str(pad), "--result", "--game", game, "--players", players, "--scores", scores,
               "--date", "2026-11-06").exit_code == 0
    out = tmp_path / "chart.svg"
    result = cli("chart", str(pad), *(str(out) if word == "{out}" else word for word in form))
    assert result.exit_code == 1 and result.stdout == "" and not out.exists()
    line = result.stderr.strip()
    assert "invalid record" not in line and "internal error" not in line
    final = next(number for number, text in enumerate(pad.read_text().splitlines(), 1) if text.startswith("[final"))
    assert line.startswith(f"burgundy: {pad}:{final}:1: cannot chart: a chart draws each player's {words}, "
                           "and this is a result-only record: the final scores alone (")
    first, second = sorted(scores.split(","), key=lambda part: -int(part.split("=")[1]))
    assert f"({first.replace('=', ' ')}, {second.replace('=', ' ')}), no " in line
    assert "'burgundy score' prints its table" in line


def test_an_end_record_is_still_charted(cli, tmp_path):
    """A record scored from its end has no rounds either, but a position: charted as before."""
    end = tmp_path / "end.toml"
    assert cli("new", str(end), "--end", "--game", "robber-knights", "--players", "Anna,Ben",
               "--control", "Anna=3 castles,Ben=2 villages", "--knights", "Anna=4,Ben=2").exit_code == 0
    result = cli("chart", str(end))
    assert result.exit_code == 0 and "final" in result.stdout
