"""One position record left out is said in the singular, in the words the site uses (one
function, ``archive.output.not_counted``): ``stats`` had said "1 position record (rulebook
examples) not counted"."""

from __future__ import annotations

import shutil

from tests.conftest import RECORDS


def test_stats_says_one_position_record_in_the_singular(cli, tmp_path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml", folder / "game.toml")
    shutil.copy(RECORDS / "castles-of-burgundy" / "rulebook-inn.toml", folder / "example.toml")
    result = cli("stats", str(folder))
    assert result.exit_code == 0, result.output
    assert "1 position record (a rulebook example) not counted" in result.stdout.splitlines()[:3]
