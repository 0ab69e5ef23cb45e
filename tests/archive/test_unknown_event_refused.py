"""``stats --event`` (or ``--place``) that no archived record has -- a misspelling, "Winter
leage" for "Winter league" -- is refused with the archive's names, as ``--game chess`` is
(docs/archive.md, "Filters"). Before, it printed "0 complete games, 0 in progress", exit 0,
as if the league had no games."""

from __future__ import annotations


def _club(cli, tmp_path):
    club = tmp_path / "club"
    club.mkdir()
    for name, event in (("a", "Winter league"), ("b", "Cup final")):
        assert cli("new", str(club / f"{name}.toml"), "--result", "--game", "castles-of-burgundy",
                   "--players", "Anna,Ben", "--scores", "Anna=150,Ben=140", "--date", "2026-12-07",
                   "--event", event, "--place", "Club Night").exit_code == 0
    return club


def test_a_misspelt_event_is_refused_with_the_events_there_are(cli, tmp_path) -> None:
    club = _club(cli, tmp_path)
    refused = cli("stats", str(club), "--event", "Winter leage")
    assert refused.exit_code == 2 and refused.stdout == ""
    assert "--event 'Winter leage' is the event of no archived game" in refused.stderr
    assert "Winter league" in refused.stderr
    found = cli("stats", str(club), "--event", "WINTER LEAGUE")
    assert found.exit_code == 0 and "1 complete game" in found.stdout


def test_a_misspelt_place_is_refused_too(cli, tmp_path) -> None:
    club = _club(cli, tmp_path)
    refused = cli("stats", str(club), "--place", "Club Nite")
    assert refused.exit_code == 2 and "--place 'Club Nite' is the place of no archived game" in refused.stderr
    assert "Club Night" in refused.stderr
