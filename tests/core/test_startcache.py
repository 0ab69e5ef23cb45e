"""The start-up cache of value classes' methods and pattern code (``core/startcache.py``)
makes the same classes and patterns Python makes, compiled or read back."""

from __future__ import annotations

import _sre
import re
import subprocess
import sys

import pytest

from burgundy_cli.core import startcache, value

PATTERNS = [(r"(?P<die>[1-6])(?:-?>([0-9])?)?$", 0), (r"\s*(?:(?P<str>\"(?:[^\"\\]|\\.)*\"?)|(?P<w>[^\s:]+))", 0),
            (r"(?i)roll white ([1-6])", 0), (r"a.b", re.DOTALL), (r"[a-g][1-7]", re.ASCII | re.MULTILINE)]


def _made(kept: startcache._Kept, monkeypatch: pytest.MonkeyPatch) -> type:
    """A frozen, slotted value class whose methods ``kept`` compiles (or reads back)."""
    with monkeypatch.context() as patched:
        patched.setattr(startcache, "_KEPT", kept)

        @value.value_class(frozen=True, slots=True, kw_only=True)
        class Move:
            """A move."""

            die: int
            space: str = "d4"
            goods: tuple[int, ...] = ()

        value.replace(Move(die=1))  # (__eq__, __hash__ and __replace__ are made on first call)
    return Move


def test_kept_items_read_back_make_the_same_classes_and_patterns(tmp_path, monkeypatch):
    monkeypatch.setattr(startcache, "_FILE", str(tmp_path / "__pycache__" / "kept.marshal"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(startcache, "_ORIGINAL_PATTERN", re._compiler.compile)  # (as install sets them)
    monkeypatch.setattr(startcache, "_sre_compile", _sre.compile)
    first = startcache._Kept()
    assert first.kept == {}
    made = _made(first, monkeypatch)
    patterns = [first.pattern(p, f) for p, f in PATTERNS]
    assert first.fresh
    first.write()
    again = startcache._Kept()
    assert again.kept.keys() == first.used.keys()
    remade = _made(again, monkeypatch)
    assert not again.fresh, "everything read back, nothing compiled"
    for cls in (made, remade):
        move = cls(die=3, goods=(1, 2))
        assert (move == cls(die=3, goods=(1, 2)), move != cls(die=4), hash(move) == hash(cls(die=3, goods=(1, 2)))) \
            == (True, True, True)
        assert repr(move).endswith("Move(die=3, space='d4', goods=(1, 2))")
        with pytest.raises(value.FrozenInstanceError):
            move.die = 5  # type: ignore[misc]
        with pytest.raises(TypeError):
            cls(3)  # keyword-only
    for (text, flags), compiled in zip(PATTERNS, patterns):
        for pattern in (compiled, again.pattern(text, flags)):
            expected = re.compile(text, flags)
            assert (pattern.pattern, pattern.flags, pattern.groups, pattern.groupindex) == \
                   (expected.pattern, expected.flags, expected.groups, expected.groupindex)
            for sample in ("4->5", '"a note" word', "ROLL WHITE 3", "a\nb", "d4\ne7", "x"):
                found, wanted = pattern.search(sample), expected.search(sample)
                assert (found and (found.span(), found.groups())) == (wanted and (wanted.span(), wanted.groups()))


def test_a_file_of_another_python_is_ignored_and_nothing_is_written_without_bytecode(tmp_path, monkeypatch):
    import marshal

    path = tmp_path / "kept.marshal"
    monkeypatch.setattr(startcache, "_FILE", str(path))
    path.write_bytes(marshal.dumps(((b"\0\0\r\n", 0), {"def f(): pass": None})))
    assert startcache._Kept().kept == {}
    path.unlink()
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    kept = startcache._Kept()
    _made(kept, monkeypatch)
    kept.write()
    assert not path.exists()


def test_the_command_line_writes_the_cache_and_says_the_same_with_it(tmp_path):
    """Two runs of ``burgundy score`` with bytecode caching on: the second reads the kept
    items and prints the same bytes."""
    from tests.conftest import RECORDS

    record = str(RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-m", "burgundy_cli", "score", record, "--json"], env=env,
                           capture_output=True, text=True, check=True) for _ in range(2)]
    assert runs[0].stdout == runs[1].stdout and '"complete": true' in runs[0].stdout
    assert runs[0].stderr == runs[1].stderr == ""
