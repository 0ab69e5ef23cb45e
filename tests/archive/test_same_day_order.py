"""The order of the games of one day: by the file's path, never by content hash.

A tournament plays its rounds on one day; its tables' score pads are files named by round
(``r1-t1.toml``). ``stats --ratings`` and the site rate the games of a day in their files'
order, so a score pad corrected after a dispute (new bytes, a new content hash) keeps its
place in the evening, and the ratings of the players who never sat at its table do not move.
On SQLite and PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

from burgundy_cli.archive.site import collect
from burgundy_cli.archive.stats import Filters, Ratings, archive_report
from burgundy_cli.archive.sync import sync

#: Three rounds of one evening among five players: (file, [(name, total)] best first).
ROUNDS = (("r1-t1.toml", [("Anna", 150), ("Ben", 140), ("Cara", 130), ("Dario", 120)]),
          ("r2-t1.toml", [("Dario", 160), ("Cara", 150), ("Eva", 140), ("Anna", 130)]),
          ("r3-t1.toml", [("Ben", 170), ("Eva", 160), ("Dario", 150), ("Cara", 140)]))


def _pad(scores: list[tuple[str, int]], date: str = "2026-04-18") -> str:
    """A result-only record (the final scores of a score pad) of a game played on ``date``."""
    names = ", ".join(f'"{name}"' for name, _ in scores)
    tables = "".join(f"\n[final.scores.{name}]\ntotal = {total}\n" for name, total in scores)
    return (f'[game]\nname = "castles-of-burgundy"\nedition = "2019"\nplayers = [{names}]\n'
            f'date = {date}\nevent = "Spring Open"\n{tables}')


def _folder(root: Path, rounds=ROUNDS) -> Path:
    folder = root / "club"
    folder.mkdir()
    for name, scores in rounds:
        (folder / name).write_text(_pad(scores))
    return folder


def _by_hand(rounds=ROUNDS) -> dict[str, float]:
    """The ratings of ``rounds`` rated in the order given, by :class:`Ratings` itself."""
    rated = Ratings()
    for _, scores in rounds:
        rated.add({"game": "castles-of-burgundy", "complete": True,
                   "lines": [{"name": name, "total": total, "rank": rank, "won": float(rank == 1), "breakdown": {}}
                             for rank, (name, total) in enumerate(scores, 1)]})
    return {row["name"]: row["rating"] for row in rated.to_json()["castles-of-burgundy"]}


def _ratings(folder: Path, url: str) -> dict[str, float]:
    sync(folder, url, jobs=1)
    rows = archive_report(url, Filters(), ratings=True)["ratings"]["castles-of-burgundy"]
    return {row["name"]: row["rating"] for row in rows}


def test_the_games_of_one_day_are_rated_in_their_files_order(tmp_path, archive_url) -> None:
    assert _ratings(_folder(tmp_path), archive_url) == _by_hand()


def test_a_corrected_score_pad_keeps_its_place_and_moves_no_rating(tmp_path, archive_url) -> None:
    """Round 2's pad said Anna 130; she had 132: a total mended, no place changed. Rated in
    the order of the content hashes, the mended pad moved from first to last among the
    evening's games (these bytes' hashes: the old order of the three games was 2, 1, 3, the
    mended one 1, 3, 2) and every player's rating changed with it."""
    folder = _folder(tmp_path)
    before = _ratings(folder, archive_url)
    mended = [("Dario", 160), ("Cara", 150), ("Eva", 140), ("Anna", 132)]
    (folder / "r2-t1.toml").write_text(_pad(mended))
    assert _ratings(folder, archive_url) == before


def test_the_site_lists_and_rates_the_games_of_one_day_in_their_files_order(tmp_path) -> None:
    folder = _folder(tmp_path)
    assert [game.path for game in collect(str(folder), jobs=1).games] == ["r1-t1.toml", "r2-t1.toml", "r3-t1.toml"]
    (folder / "r2-t1.toml").write_text(_pad([("Dario", 160), ("Cara", 150), ("Eva", 140), ("Anna", 132)]))
    assert [game.path for game in collect(str(folder), jobs=1).games] == ["r1-t1.toml", "r2-t1.toml", "r3-t1.toml"]


def test_a_later_date_still_comes_after_whatever_its_file_is_called(tmp_path, archive_url) -> None:
    """The path breaks only a tie of dates: ``a.toml`` played a day after ``z.toml`` is rated after it."""
    folder = tmp_path / "club"
    folder.mkdir()
    first, second = ROUNDS[0][1], ROUNDS[1][1]
    (folder / "z.toml").write_text(_pad(first, "2026-04-17"))
    (folder / "a.toml").write_text(_pad(second, "2026-04-18"))
    assert _ratings(folder, archive_url) == _by_hand(ROUNDS[:2])
    assert [game.path for game in collect(str(folder), jobs=1).games] == ["z.toml", "a.toml"]


def test_files_are_ordered_as_the_site_orders_them_whatever_the_databases_collation(tmp_path, archive_url) -> None:
    """``B.toml`` before ``a.toml``, as Python (and so the site) compares text, character by
    character: a PostgreSQL database in an ``en_US`` collation sorts ``a`` first."""
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "a.toml").write_text(_pad(ROUNDS[0][1]))
    (folder / "B.toml").write_text(_pad(ROUNDS[1][1]))
    assert [game.path for game in collect(str(folder), jobs=1).games] == ["B.toml", "a.toml"]
    assert _ratings(folder, archive_url) == _by_hand((ROUNDS[1], ROUNDS[0]))


def test_a_postgresql_database_of_a_language_collation_orders_files_as_the_site(tmp_path,
                                                                              english_archive_url) -> None:
    """The same in a database whose collation is English's: the files are compared character
    by character all the same."""
    test_files_are_ordered_as_the_site_orders_them_whatever_the_databases_collation(tmp_path, english_archive_url)


def test_a_name_spelt_two_ways_in_one_evening_is_shown_as_its_first_file_spells_it(tmp_path, archive_url) -> None:
    """Round 1's pad says "ben", round 2's "Ben": one player, shown as round 1 spells him, in
    ``stats`` and on the site alike, whichever pad's bytes hash lower."""
    rounds = (("r1-t1.toml", [("Anna", 150), ("ben", 140)]), ("r2-t1.toml", [("Ben", 160), ("Anna", 130)]),
              ("r3-t1.toml", [("Cara", 150), ("Anna", 140)]))
    folder = _folder(tmp_path, rounds)
    assert set(_ratings(folder, archive_url)) == {"Anna", "ben", "Cara"}
    assert [p["name"] for p in archive_report(archive_url, Filters())["standings"][0]["players"]].count("ben") == 1
    assert "ben" in collect(str(folder), jobs=1).names.values()
    (folder / "r1-t1.toml").rename(folder / "r4-t1.toml")   # (now the last of the evening)
    assert set(_ratings(folder, archive_url)) == {"Anna", "Ben", "Cara"}


def test_a_time_of_day_in_the_date_comes_before_the_files_path(tmp_path, archive_url) -> None:
    """``date = 2026-04-18T10:00:00`` (a TOML date-time) orders the day's games by their times:
    the afternoon's ``a.toml`` after the morning's ``b.toml``."""
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "b.toml").write_text(_pad(ROUNDS[0][1], "2026-04-18T10:00:00"))
    (folder / "a.toml").write_text(_pad(ROUNDS[1][1], "2026-04-18T14:30:00"))
    assert _ratings(folder, archive_url) == _by_hand(ROUNDS[:2])
    assert [game.path for game in collect(str(folder), jobs=1).games] == ["b.toml", "a.toml"]
