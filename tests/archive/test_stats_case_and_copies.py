"""``stats``: ``--place`` and ``--event`` ignore case; a byte-identical copy is said to be counted once.

A club types its places and events by hand ("Club Night", "club night"): the filters match
the record's text whatever its case, non-ASCII letters too (docs/archive.md, "Filters"). Two
files with the same bytes are one game (the archive keys a record by its bytes): ``stats``
says so as ``summary`` and the site do, "1 copy of another record not counted" and the copy
named.
"""

from __future__ import annotations

import json
import shutil

from tests.conftest import RECORDS

OPENING = RECORDS / "castles-of-burgundy" / "opening-3p-2019.toml"   # place "Tournament table 3"
COMPLETE = RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"


def _club(tmp_path, place: str = "Tournament table 3", event: str = "Club championship, heat 1"):
    club = tmp_path / "club"
    club.mkdir()
    text = OPENING.read_text()
    text = text.replace('place = "Tournament table 3"', f'place = "{place}"')
    text = text.replace('event = "Club championship, heat 1"', f'event = "{event}"')
    (club / "a.toml").write_text(text)
    shutil.copy(COMPLETE, club / "b.toml")
    return club


def _report(cli, club, *args: str) -> dict:
    result = cli("stats", str(club), "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_place_and_event_match_whatever_their_case(cli, tmp_path):
    club = _club(tmp_path, place="Café Kranz", event="Spring League")
    for args in (("--place", "café kranz"), ("--place", "CAFÉ KRANZ"), ("--event", "spring league"),
                 ("--event", "SPRING LEAGUE"), ("--place", "Café Kranz", "--event", "Spring League")):
        assert _report(cli, club, *args)["in_progress"] == 1, args
    # no archived game's: refused, naming it (tests/archive/test_unknown_event_refused.py)
    assert cli("stats", str(club), "--place", "cafe kranz").exit_code == 2   # (an accent is no case)
    assert cli("stats", str(club), "--event", "spring").exit_code == 2       # (the whole text, not a part)


def test_the_help_says_case_is_ignored(cli):
    help_text = " ".join(cli("stats", "--help").stdout.split())
    assert "only games played here (case ignored)" in help_text
    assert "as the records name it, case ignored" in help_text


def test_a_copy_is_said_counted_once_as_summary_says_it(cli, tmp_path):
    club = _club(tmp_path)
    shutil.copy(club / "b.toml", club / "c.toml")
    result = cli("stats", str(club))
    lines = result.stdout.splitlines()
    assert "1 copy of another record not counted" in lines[:4]
    assert f"copy: {club / 'c.toml'}: the same record as {club / 'b.toml'}" in lines
    report = _report(cli, club)
    assert report["games"] == 1 and report["not_counted"]["copies"] == 1
    summary = cli("summary", str(club)).stdout.splitlines()
    assert "1 copy of another record not counted" in summary


def test_no_copy_no_word_of_copies(cli, tmp_path):
    club = _club(tmp_path)
    assert "cop" not in cli("stats", str(club)).stdout
    assert _report(cli, club)["not_counted"]["copies"] == 0


def test_case_is_ignored_and_copies_named_in_either_database(tmp_path, archive_url):
    """SQLite's lower() knows only ASCII: the match is made by the archive's spellings, alike
    in SQLite and PostgreSQL."""
    from burgundy_cli.archive.stats import Filters, archive_report
    from burgundy_cli.archive.sync import sync

    club = _club(tmp_path, place="Café Kranz")
    shutil.copy(club / "b.toml", club / "c.toml")
    sync(club, archive_url, jobs=1)
    assert archive_report(archive_url, Filters(place="CAFÉ KRANZ"))["in_progress"] == 1
    report = archive_report(archive_url, Filters())
    assert report["not_counted"]["copies"] == 1 and report["copies"] == [
        f"{club / 'c.toml'}: the same record as {club / 'b.toml'}"]


def test_the_copy_counted_is_the_first_in_the_folders_order_whatever_the_databases_collation(
        tmp_path, english_archive_url):
    """``B.toml`` comes before ``a.toml`` in the folder's order (as ``summary`` and the site read
    it): it is the one counted, and ``a.toml`` the copy, in a PostgreSQL database whose
    English collation sorts ``a`` first too."""
    from burgundy_cli.archive.stats import Filters, archive_report
    from burgundy_cli.archive.sync import sync

    club = tmp_path / "club"
    club.mkdir()
    shutil.copy(COMPLETE, club / "a.toml")
    shutil.copy(COMPLETE, club / "B.toml")
    sync(club, english_archive_url, jobs=1)
    assert archive_report(english_archive_url, Filters())["copies"] == [
        f"{club / 'a.toml'}: the same record as {club / 'B.toml'}"]
