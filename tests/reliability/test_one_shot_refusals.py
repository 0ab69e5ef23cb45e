"""One-shot commands on odd inputs (the audit of issue 6): each refusal is one line that says
what is wrong in the user's terms, with the usage exit code, and nothing is written."""

from __future__ import annotations

import pytest


def _one_line(result) -> str:
    assert "Traceback" not in result.output + result.stderr and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize(("kind", "said"), [
    ("file", "burgundy: usage: --out {out} is a file, not a folder; nothing was written (--out names the folder "
             "the schemas are written into, one file a game)"),
    ("missing", "burgundy: usage: --out {out}: there is no such folder; nothing was written (make the folder "
                "first, or name one that exists)"),
])
def test_schema_out_is_a_folder_and_says_so(cli, tmp_path, kind, said):
    """``schema --out`` writes one file a game into a folder: a file or a missing folder there
    is said as such, not as "cannot write FILE/game.schema.json: Not a directory"."""
    out = tmp_path / "schemas"
    if kind == "file":
        out.write_text("mine\n")
    result = cli("schema", "--out", str(out))
    assert result.exit_code == 2 and _one_line(result) == said.format(out=out)
    assert (out.read_text() == "mine\n") if kind == "file" else not out.exists()
    out = tmp_path / "folder"
    out.mkdir()
    assert cli("schema", "robber-knights", "--out", str(out)).exit_code == 0
    assert [path.name for path in out.iterdir()] == ["robber-knights.schema.json"]


def test_playout_edition_of_a_game_with_one_edition(cli, tmp_path):
    """Robber Knights has one edition: ``--edition`` is refused as such, not with an empty list
    ("editions: ")."""
    out = tmp_path / "rk.toml"
    result = cli("playout", "robber-knights", "--players", "2", "--seed", "1", "--edition", "2011", "--out", str(out))
    assert result.exit_code == 2
    assert _one_line(result) == "burgundy: usage: robber-knights has a single edition; leave out --edition"
    assert not out.exists()
