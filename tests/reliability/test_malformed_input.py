"""Every malformed input ends in one located line and the right exit code, never a traceback.

Each case is run through the command line (``burgundy score FILE``) with the ``tally``
test game registered, and checked for: the exit code, the error kind, the file, line and
column in the message, and the absence of any Python traceback.
"""

from __future__ import annotations

import os
import re

import pytest

from burgundy_cli.core.errors import RecordError, UsageError
from burgundy_cli.core.record import MAX_NESTING, MAX_RECORD_BYTES, read_record

from .conftest import TALLY_RECORD

LOCATED = re.compile(r"^burgundy: (?P<file>[^\n]+?):(?P<line>\d+):(?P<column>\d+): (?P<rest>.+)\n$")


def score(cli, path):
    """Run ``burgundy score PATH``; the result, asserting no traceback reached the user."""
    result = cli("score", str(path))
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    return result


def located(result, path) -> tuple[int, int, str]:
    """(line, column, message) of a one-line located error about ``path``."""
    match = LOCATED.match(result.stderr)
    assert match, result.stderr
    assert match["file"] == str(path)
    return int(match["line"]), int(match["column"]), match["rest"]


def write(tmp_path, text: str | bytes, name: str = "game.toml"):
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", newline="")
    return path


# (case id, replaced text, replacement, expected line, expected column, words in the message)
RECORD_CASES = [
    ("invalid-toml", 'players = ["anna", "bert"]', 'players = ["anna" "bert"]', 4, 19, "not valid TOML"),
    ("unknown-game", 'name = "tally"', 'name = "taly"', 2, 1, "did you mean 'tally'"),
    ("unknown-edition", 'edition = "first"', 'edition = "frist"', 3, 1, "did you mean 'first'"),
    ("missing-field", 'players = ["anna", "bert"]\n', "", 1, 1, "players: required field is missing"),
    ("extra-field", 'edition = "first"', 'edition = "first"\nplayer = 2', 4, 1, "player: unknown field"),
    ("wrong-type-item", '"bert"]', '7]', 4, 20, "players[1]: text in quotes is wanted, not 7"),
    ("wrong-type", 'edition = "first"', "edition = 2019", 3, 1, "edition: text in quotes is wanted, not 2019"),
    ("illegal-line", '"bert: 1"', '"bert: 9"', 11, 6, "illegal (tally.die)"),
    ("unparsable-line", '"anna: 6"', '"anna six"', 12, 6, "cannot parse"),
    ("unknown-player", '"anna: 2"', '"ana: 2"', 10, 6, "did you mean 'anna'"),
    ("result-disagrees", "bert = 10", "bert = 12", 19, 23, "[result] scores.bert = 12 disagrees"),
    ("result-winner", 'winner = ["anna"]', 'winner = ["bert"]', 18, 1, "[result] winner"),
    ("result-unknown-key", "complete = true", "complete = true\nwinners = []", 18, 1, "did you mean 'winner'"),
    ("nul-byte", '"anna: 3"', '"anna:\x00 3"', 8, 11, "the file holds a NUL byte"),
    ("game-not-a-table", "[game]\n", "game = 3\n[other]\n", 1, 1, "[game] table"),
]


@pytest.mark.parametrize(("old", "new", "line", "column", "words"),
                         [case[1:] for case in RECORD_CASES], ids=[case[0] for case in RECORD_CASES])
def test_bad_record_is_located(cli, tmp_path, tally, old, new, line, column, words):
    assert_located(cli, tmp_path, tally.replace(old, new, 1) if old in tally else None, line, column, words)


def assert_located(cli, tmp_path, text: str | None, line: int, column: int, words: str):
    """``score`` of a record holding ``text`` (None: the case's ``old`` was not in the sample)
    is refused (exit 1) at ``line``:``column`` with ``words`` in its message; its result."""
    assert text is not None, "the case's text is not in the sample record"
    path = write(tmp_path, text)
    result = score(cli, path)
    assert result.exit_code == 1
    assert located(result, path)[:2] == (line, column)
    assert words in result.stderr
    return result


def test_the_sample_record_itself_is_valid(cli, tally_file):
    result = score(cli, tally_file)
    assert result.exit_code == 0, result.stderr
    assert "winner: anna" in result.stdout


def test_not_utf8_is_located_at_the_byte(cli, tmp_path, tally):
    raw = tally.encode().replace(b'"bert: 5"', b'"b\xe9rt: 5"')
    path = write(tmp_path, raw)
    result = score(cli, path)
    assert result.exit_code == 1
    line, column, message = located(result, path)
    assert (line, column) == (9, 7)
    assert "not UTF-8" in message and "0xe9" in message


def test_not_utf8_column_counts_characters_before_the_byte(tmp_path):
    path = write(tmp_path, 'a = "äö\xff"'.encode("utf-8").replace(b"\xc3\xbf", b"\xff"))
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert (err.value.location.line, err.value.location.column) == (1, 8)


@pytest.mark.parametrize("cut", [0.1, 0.35, 0.5, 0.8, 0.97])
def test_truncated_record_is_rejected_with_a_location(cli, tmp_path, tally, cut):
    """A record cut short (a crash of some other editor, a partial copy) is never half-read."""
    path = write(tmp_path, tally[:int(len(tally) * cut)])
    result = score(cli, path)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"burgundy: {path}")
    assert result.stderr.count("\n") == 1


def test_every_truncation_is_a_result_or_our_error(tmp_path, tally):
    """Cut the sample at every character: each prefix scores or raises a RefereeError."""
    from burgundy_cli.core.errors import RefereeError
    from burgundy_cli.core.record import parse_record_text
    from burgundy_cli.core.session import open_doc

    outcomes = {"scored": 0, "refused": 0}
    for end in range(len(tally) + 1):
        try:
            open_doc(parse_record_text(tally[:end], "cut.toml")).score()
            outcomes["scored"] += 1
        except RefereeError as err:
            assert err.location is not None and err.location.file == "cut.toml"
            outcomes["refused"] += 1
    # the full record and the prefixes without [result] (which is optional) score
    assert outcomes["scored"] >= 1 and outcomes["refused"] > len(tally) // 2


def test_crlf_and_bom_are_accepted(cli, tmp_path, tally):
    path = write(tmp_path, ("\ufeff" + tally.replace("\n", "\r\n")).encode("utf-8"))
    result = score(cli, path)
    assert result.exit_code == 0, result.stderr
    assert "winner: anna" in result.stdout


def test_crlf_record_errors_are_located_by_line(cli, tmp_path, tally):
    path = write(tmp_path, tally.replace("bert = 10", "bert = 12").replace("\n", "\r\n"))
    result = score(cli, path)
    assert located(result, path)[:2] == (19, 23)


def test_bom_does_not_shift_columns(cli, tmp_path, tally):
    path = write(tmp_path, "\ufeff" + tally.replace('"taly"', "x").replace('name = "tally"', 'name = "taly"'))
    result = score(cli, path)
    assert located(result, path)[:2] == (2, 1)


def test_oversized_file_is_refused_by_its_size(cli, tmp_path):
    """A sparse file of 8 GiB is refused at once: its size is checked before any reading."""
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:
        handle.truncate(8 * 1024 ** 3)
    result = score(cli, path)
    assert result.exit_code == 1
    assert f"the limit is {MAX_RECORD_BYTES} bytes" in result.stderr


def test_file_at_the_size_limit_is_read(tmp_path):
    """The limit is inclusive: a record of exactly MAX_RECORD_BYTES (a long comment) is read."""
    head = '[game]\nname = "tally"\nplayers = ["a"]\n#'
    path = write(tmp_path, head + "x" * (MAX_RECORD_BYTES - len(head) - 1) + "\n")
    assert path.stat().st_size == MAX_RECORD_BYTES
    assert read_record(path).data["game"]["players"] == ["a"]


def test_very_long_line_is_handled(cli, tmp_path, tally):
    """A 900 KB move line is read, and refused by the game, with its location."""
    path = write(tmp_path, tally.replace('"anna: 6"', '"anna: ' + "6" * 900_000 + '"'))
    result = score(cli, path)
    assert result.exit_code == 1
    assert located(result, path)[:2] == (12, 6)
    assert len(result.stderr) < 400          # the line is quoted shortened, never echoed whole


DEEP = {
    "arrays": "a = " + "[" * 100_000 + "]" * 100_000,               # deeper than the reader goes
    "arrays-the-reader-takes": "a = " + "[" * 30 + "]" * 30,        # found on the data parsed
    "inline-tables": "a = " + "{b = " * 50_000 + "1" + "}" * 50_000,
    "dotted-key": "a" + ".a" * 400_000 + " = 1",
    "table-header": "[" + "a." * 400_000 + "a]",
    "array-of-tables": "[[" + "a." * 20 + "a]]",
    "mixed": "[x.y.z]\nq.r.s = [[{t = [[[[[1]]]]]}]]",
}


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
def test_deep_nesting_is_refused_with_a_location(cli, tmp_path, text):
    """Deep texts are refused with the place they get too deep: before the reader sees a long
    dotted key (its time grows with the square of the parts), after it for deep brackets."""
    path = write(tmp_path, text)
    result = score(cli, path)
    assert result.exit_code == 1
    line, column, message = located(result, path)
    assert line == 1 or text.startswith("[x")
    assert f"nested more deeply than the {MAX_NESTING} levels" in message


def test_nesting_up_to_the_limit_is_accepted(tmp_path):
    path = write(tmp_path, "a" + ".a" * (MAX_NESTING - 2) + " = 1\nb = " + "[" * (MAX_NESTING - 2) + "1"
                 + "]" * (MAX_NESTING - 2))
    doc = read_record(path)
    assert "a" in doc.data and "b" in doc.data


def test_folder_given_as_file_is_a_usage_error(cli, tmp_path):
    result = cli("show", str(tmp_path))
    assert result.exit_code == 2
    assert "is a folder" in result.stderr and "Traceback" not in result.stderr


def test_missing_file_is_a_usage_error(cli, tmp_path):
    result = cli("check", str(tmp_path / "nope.toml"), "anna: 3")
    assert result.exit_code == 2
    assert result.stderr == f"burgundy: usage: no such record file: {tmp_path / 'nope.toml'}\n"


def test_empty_folder_is_a_usage_error(cli, tmp_path):
    result = cli("score", str(tmp_path))
    assert result.exit_code == 2
    assert "no record files found" in result.stderr


def test_unreadable_file_is_a_usage_error(cli, tmp_path, monkeypatch):
    """Permission denied (simulated: the tests may run as root, who may read anything)."""
    path = write(tmp_path, TALLY_RECORD)

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(os, "open", denied)
    result = score(cli, path)
    assert result.exit_code == 2
    assert result.stderr == f"burgundy: usage: cannot read {path}: Permission denied\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_unreadable_file_for_real(cli, tmp_path):
    path = write(tmp_path, TALLY_RECORD)
    path.chmod(0)
    result = score(cli, path)
    assert result.exit_code == 2 and "Permission denied" in result.stderr


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_device_is_refused(cli, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    result = score(cli, device)
    assert result.exit_code == 2
    assert "not a regular file" in result.stderr


def test_fifo_is_refused_without_blocking(tmp_path):
    """A FIFO with no writer would block a plain open(); it is refused instead.

    Run in a subprocess with a generous guard so that a regression shows as a failure,
    not as a test run that never ends.
    """
    import subprocess
    import sys

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "burgundy_cli", "score", str(fifo)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "not a regular file" in done.stderr and "Traceback" not in done.stderr


def test_read_record_refuses_special_files_with_usage_error(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(UsageError, match="not a regular file"):
        read_record(fifo)


def test_symlink_named_on_the_command_line_is_followed(cli, tmp_path, tally_file):
    link = tmp_path / "link.toml"
    link.symlink_to(tally_file)
    result = score(cli, link)
    assert result.exit_code == 0 and "winner: anna" in result.stdout


def test_record_cannot_make_the_tool_read_another_file(cli, tmp_path, tally):
    """No include mechanism: a path inside a record is only ever a string."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    path = write(tmp_path, tally.replace('edition = "first"', f'edition = "first"\nnotes = "{secret}"'))
    result = score(cli, path)
    assert result.exit_code == 0
    assert "TOP SECRET" not in result.stdout + result.stderr
