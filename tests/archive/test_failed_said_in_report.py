"""``burgundy stats`` says in its report how many records failed to verify and were not
counted, as the site's index does (docs/archive.md, "A results website"). Before, the
report on stdout gave "6 complete games" and its tables without a word of the seventh game,
whose record a typo had broken: its error went to stderr only, so standings written to a
file (``stats --markdown > standings.md``) left a game out silently."""

from __future__ import annotations

import json


def _pads(cli, club) -> None:
    for name, scores in (("a", "Anna=150,Ben=140"), ("b", "Anna=120,Ben=130")):
        assert cli("new", str(club / f"{name}.toml"), "--result", "--game", "castles-of-burgundy",
                   "--players", "Anna,Ben", "--scores", scores, "--date", "2026-12-07").exit_code == 0


def test_a_failed_record_is_said_in_the_report(cli, tmp_path) -> None:
    club = tmp_path / "club"
    club.mkdir()
    _pads(cli, club)
    pad = club / "b.toml"
    pad.write_text(pad.read_text().replace("total = 130", "total = 110", 1))   # (edited, [result] not recomputed)
    text = cli("stats", str(club))
    assert text.exit_code == 1
    assert "1 complete game, 0 in progress" in text.stdout
    assert "1 record failed to verify, not counted (burgundy archive list names it)" in text.stdout
    data = json.loads(cli("stats", str(club), "--json").stdout)
    assert data["not_counted"]["failed"] == 1
    markdown = cli("stats", str(club), "--markdown").stdout
    assert "1 record failed to verify" in markdown
    cli("fmt", "--write", str(pad))
    mended = cli("stats", str(club))
    assert mended.exit_code == 0 and "failed" not in mended.stdout and "2 complete games" in mended.stdout
