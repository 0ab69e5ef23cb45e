"""``stats``' terminal tables with names that take other than one column a character: Chinese
and Japanese characters take two columns of a terminal, a combining accent none. The table
is aligned by what the terminal shows, not by how many characters a name has."""

from __future__ import annotations

import re
from pathlib import Path

#: The wide characters the names below use (two terminal columns each), and the one combining mark.
WIDE = "李雷王小明山田太郎花子"
COMBINING = "\u0308"

#: A name of 24 columns (12 wide characters): longer than the 20 the table keeps.
LONG = "李雷王小明山田太郎花子明"


def _columns(line: str) -> int:
    """How many terminal columns ``line`` takes (the characters of these tests only)."""
    return len(line) + sum(char in WIDE for char in line) - line.count(COMBINING)


def _result(cli, path: Path, scores: dict[str, int]) -> None:
    made = cli("new", str(path), "--result", "--game", "castles-of-burgundy", "--edition", "2011",
               "--players", ",".join(scores), "--scores", ",".join(f"{n}={s}" for n, s in scores.items()),
               "--date", "2025-02-01")
    assert made.exit_code == 0, made.output


def test_the_player_table_is_aligned_as_a_terminal_shows_it(cli, tmp_path) -> None:
    """李雷 is four columns, "Zoë" with a combining diaeresis three: padded by characters,
    their rows' figures stood two columns right and one left of the others'. A name wider
    than 20 columns is cut within 20, as a name of 21 letters is."""
    folder = tmp_path / "club"
    folder.mkdir()
    _result(cli, folder / "a.toml", {"李雷": 180, "Zoe" + COMBINING: 170, "Ann": 160})
    _result(cli, folder / "b.toml", {LONG: 150, "Ann": 140})
    result = cli("stats", str(folder))
    assert result.exit_code == 0, result.output
    table = result.stdout.split("\n\n")[1].splitlines()[1:]
    assert len(table) == 5 and table[0].startswith("player")
    played = table[0].index("played") + len("played")  # (the header is plain text)
    for line in table[1:]:
        name_and_played = re.match(r"\S+\s+\d+", line).group(0)  # (no name here has a space)
        assert _columns(name_and_played) == played, line  # the played figure ends under its heading
    long_row = next(line for line in table if line.startswith(LONG[:5]))
    assert long_row.startswith(LONG[:9] + "… ")  # 18 columns and "…": a tenth character would need 21


def _chinese_named_game(tmp_path: Path) -> Path:
    """The shipped complete 2-player 2011 game with Anna named 李雷 (moves name players in any case)."""
    from tests.conftest import RECORDS

    text = (RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml").read_text()
    text = text.replace("\nAnna = ", '\n"Anna" = ').replace("Anna", "李雷").replace("anna", "李雷")
    path = tmp_path / "game.toml"
    path.write_text(text)
    return path


def test_chart_and_score_tables_align_a_chinese_name(cli, tmp_path) -> None:
    """``chart FILE`` (the VP round by round) and ``score FILE`` into a pipe print a column a
    player: 李雷's column was padded as two columns wide, so the name stood two columns right
    of its dashes and figures. Every line of these right-aligned tables now ends in the same
    terminal column."""
    path = _chinese_named_game(tmp_path)
    for command in ("chart", "score"):
        result = cli(command, str(path))
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        table = [line for line in lines[1:] if line.strip() and ":" not in line]
        assert any("李雷" in line for line in table) and len(table) > 5, command
        assert len({_columns(line) for line in table}) == 1, (command, table[:3])
