"""Bulk scoring in worker processes gives exactly what scoring one by one gives, in order.

The parallel path scores the first record in the parent before forking the workers (so
they share its imported game and data, docs/performance.md); that must change nothing.
"""

from __future__ import annotations

from burgundy_cli.core.bulk import score_many
from tests.conftest import RECORDS


def test_two_workers_match_one_process_record_for_record(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("[game\n", encoding="utf-8")
    files = [str(path) for path in sorted((RECORDS / "robber-knights").glob("*.toml"))]
    files = files[:3] + [str(broken)] + files[3:]
    one_by_one = score_many(files, 1)
    assert score_many(files, 2) == one_by_one
    assert [result["file"] for result in one_by_one] == files
    assert one_by_one[3]["exit"] == 1 and "not valid TOML" in one_by_one[3]["error"]
