"""The site's standings show a player's average rank as ``stats`` does, with one decimal
(docs/archive.md, "avg rank"): a results book's averages (points, place) are read to one
decimal, and the site had shown "1.67" where ``stats`` said "1.7" for the same player.
Both now come from one formatter, ``archive.output.one_decimal``."""

from __future__ import annotations

import re

from burgundy_cli.archive.output import tables
from burgundy_cli.archive.site import Site, _standings_table

PLAYER = {"name": "Anna", "played": 3, "wins": 1, "won_alone": 1, "tied_first": 0, "win_rate": 1 / 3,
          "average": 151.6667, "best": 170, "average_rank": 1.67, "categories": {}}


def test_the_site_and_stats_show_one_average_rank():
    site = Site()
    site.players = {"anna": "anna"}
    html = _standings_table({"players": [PLAYER]}, site, "")
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", html)
    group = {"game": "castles-of-burgundy", "split": {}, "complete": 3, "in_progress": 0, "players": [PLAYER]}
    (_, columns, rows), = [view for view in tables({"standings": [group]}) if "avg rank" in view[1]]
    said = rows[0][columns.index("avg rank")]
    assert said == "1.7" and cells[-1] == said and "1.67" not in html
    assert rows[0][columns.index("average")] == "151.7" and "151.7" in cells
