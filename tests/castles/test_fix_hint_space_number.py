"""The fix a refusal offers for a die the player lacks is a line the space would take.

2019 rules 'The game actions': the die used says which space number to fill (cob.die.value).
A placement written with a die the player does not have (cob.die.unused, 'A player's turn':
'two game actions, one for each die') was offered the cheapest change of a die they have to
the number the line said -- ``place 2 white-castle c6`` on a space showing 3, with a 3 in
hand, got ``write 3>2``, which cob.die.value refuses next ("c6 shows 3, the die is used as
2"). The fix now aims at the number the space shows.
"""

from __future__ import annotations

import shutil
import tomllib

from tests.conftest import RECORDS

WHITE = RECORDS / "castles-of-burgundy" / "complete-3p-2019-white-castles.toml"
#: Cara places the white castle she bought in E3 with her die 3 (0 workers left, k9 in her
#: duchy: a building may be placed 1 off the die for free).
PLACED = "Cara: place 3 white-castle c6 then place k23 g3"


def _lines_from_placed() -> int:
    log = tomllib.loads(WHITE.read_text())["log"]
    lines = [line for group in log.values() for line in group]
    return len(lines) - lines.index(PLACED)


def _at_cara(cli, tmp_path):
    path = tmp_path / "game.toml"
    shutil.copy(WHITE, path)
    assert cli("undo", str(path), str(_lines_from_placed())).exit_code == 0
    return path


def test_a_placement_with_a_missing_die_is_told_the_spaces_number(cli, tmp_path):
    """'The game actions': c6 shows 3, and Cara's 3 fills it as rolled: 'write 3', not '3>2'."""
    path = _at_cara(cli, tmp_path)
    refused = cli("check", str(path), "Cara: place 2 white-castle c6")
    assert refused.exit_code == 1
    assert "illegal (cob.die.unused)" in refused.stderr
    assert "unused dice: 3; write 3 -- rule" in refused.stderr and "3>2" not in refused.stderr
    assert cli("check", str(path), "Cara: place 3 white-castle c6").exit_code == 0


def test_the_spaces_number_sets_the_workers_the_fix_needs(cli, tmp_path):
    """g3 shows 1: Cara's 3 needs 2 workers to fill it (k23 is no building, so k9 does not
    help), not the 1 worker of the line's 2."""
    path = _at_cara(cli, tmp_path)
    refused = cli("check", str(path), "Cara: place 2 k23 g3")
    assert "3>1 would need 2 workers, Cara has 0" in refused.stderr
