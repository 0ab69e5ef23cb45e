"""How ``stats``' terminal tables show a figure."""

from __future__ import annotations


def test_a_rating_that_rounds_to_nothing_is_shown_without_a_sign() -> None:
    """The tournament's third round left Eva at a rating of -0.04: the table said "-0.0"."""
    from burgundy_cli.archive.output import text

    shown = text({"games": 1, "in_progress": 0, "undated": 0, "result_only": 0, "splits": [], "standings": [],
                  "solo": {}, "teams": {}, "not_counted": {"positions": 0},
                  "ratings": {"castles-of-burgundy": [{"name": "Eva", "rating": -0.04, "mu": 23.6, "sigma": 7.88,
                                                       "played": 3}]}})
    row = next(line for line in shown.splitlines() if line.startswith("Eva"))
    assert row.split() == ["Eva", "0.0", "23.6", "7.9", "3"]
