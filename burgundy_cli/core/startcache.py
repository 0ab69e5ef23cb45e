"""What Python compiles at every start, compiled once and kept beside the bytecode.

Two things were redone in every process, about a third of the start of ``burgundy score``
(docs/performance.md, "Cold start"):

* each value class's methods (``__init__``, ``__repr__``, ``__eq__``, a frozen class's
  ``__setattr__`` ...), written as source text by :mod:`burgundy_cli.core.value` as
  ``dataclasses`` writes them, and compiled: 58 classes on the path of ``score``;
* ``re`` parses each pattern and translates it to the regular-expression engine's code in
  pure Python: 35 patterns on the same path.

Two more texts are kept the same way (:func:`compiled`): each value class's type hints
(:mod:`burgundy_cli.core.schema`) and the placement rules' conditions
(:mod:`burgundy_cli.castles.placement`), so that a command whose items are kept calls no
``compile()`` at all (docs/performance.md, "Round eight").

Python keeps the bytecode of modules in ``__pycache__``; this module keeps these there
too, in one file, each item marshalled on its own and unmarshalled only when asked for (a
process reads the few it needs, not every command's): the code of each class's methods
(:func:`compiled`), keyed by what its text is made from, and the engine's code of each
pattern (once :func:`install` ran), keyed by the pattern and its flags (the arguments
``re`` hands ``_sre.compile``, computed as ``re._compiler.compile`` computes them). The
classes and patterns are the ones the text and the pattern make, by construction: only the
compiling is skipped. The patterns are kept on CPython 3.11 only, whose ``re`` internals
this was written against; elsewhere ``re`` compiles as always.

Like bytecode, nothing is written when ``sys.dont_write_bytecode`` is set
(``PYTHONDONTWRITEBYTECODE``) or the folder cannot be written, and a file of another
Python (its bytecode magic number, or ``re``'s) or of another :data:`_FORMAT` is ignored.
The file is written only by a process that compiled something new, at its exit, and keeps
at most :data:`LIMIT` items.
"""

from __future__ import annotations

import marshal
import os
import sys
try:  # (the bootstrap's own module: importing the importlib package would import warnings too)
    from _frozen_importlib_external import MAGIC_NUMBER  # type: ignore[import-not-found]
except ImportError:  # (not CPython)
    from importlib.util import MAGIC_NUMBER
TYPE_CHECKING = False  # (not typing's: --version and the kept help import no typing)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

#: Items kept at most (a development tree whose classes change keeps collecting texts):
#: past it, a write keeps only the items of the process writing.
LIMIT = 4096

_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "__pycache__",
                     f"startcache.{sys.implementation.cache_tag}.marshal")
#: Whether ``re``'s pattern code is kept (the CPython whose ``re._compiler`` this follows).
_PATTERNS = sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)


#: Changed when what is kept changes kind (3: value classes' methods, no more dataclasses';
#: each item marshalled on its own, read only when asked for; 4: a value class's __init__
#: and its other methods as two texts, under its shape as a text), so that a file of items
#: no process asks for any more is dropped, not carried along.
_FORMAT = 4


def _stamp() -> tuple[bytes, int, int]:
    """What the kept items depend on: the bytecode's and ``re``'s magic numbers, and :data:`_FORMAT`."""
    import re._constants

    return MAGIC_NUMBER, re._constants.MAGIC, _FORMAT


class _Kept:
    """The kept items by key, and those compiled or used in this process."""

    def __init__(self) -> None:
        self.kept: dict[Any, Any] = {}
        self.used: dict[Any, Any] = {}
        self.fresh = False
        try:
            with open(_FILE, "rb") as stored:
                stamp, kept = marshal.loads(stored.read())  # (load() reads a file in many small reads)
            if stamp == _stamp() and isinstance(kept, dict):
                self.kept = kept
        except (OSError, EOFError, ValueError, TypeError):
            pass

    def compiled(self) -> None:
        """Something new was compiled: write the file at exit."""
        if not self.fresh:
            self.fresh = True
            import atexit

            atexit.register(self.write)

    def code(self, key: Any, source: Callable[[], str] | None = None, filename: str = "<string>") -> Any:
        """The code of the module text ``source()`` (or ``key`` itself, a text), kept under
        ``key``: compiled once (as from ``filename``)."""
        stored = self.kept.get(key)
        if stored is None:
            code = _compile(key if source is None else source(), filename)
            stored = marshal.dumps(code)
            self.compiled()
        else:
            code = marshal.loads(stored)
        self.used[key] = stored
        return code

    def value(self, key: Any, make: Callable[[], Any], valid: Callable[[Any], bool] | None = None) -> Any:
        """The plain data ``make()`` returns (dicts, lists, strings, numbers: what marshal
        keeps), kept under ``key``: made once (again when ``valid`` refuses what is kept)."""
        stored = self.used.get(key) or self.kept.get(key)
        if stored is not None:
            found = marshal.loads(stored)  # (a fresh copy each time, as make() gives one)
            if valid is None or valid(found):
                self.used[key] = stored
                return found
        made = make()
        self.used[key] = marshal.dumps(made)
        self.compiled()
        return made

    def pattern(self, pattern: Any, flags: int = 0) -> Any:
        """``re._compiler.compile`` with the engine's code of ``pattern`` computed once.

        (``re``'s debug flag and ``_sre.compile`` are the globals :func:`install` sets, not
        imported here: an ``import`` statement a pattern, ~45 patterns a start, was 0.2 M.)"""
        if not isinstance(pattern, str) or flags & _SRE_FLAG_DEBUG:
            return _ORIGINAL_PATTERN(pattern, flags)
        key = (pattern, flags := int(flags))  # (a RegexFlag is an int subclass: not kept as such)
        stored = self.kept.get(key)
        if stored is None:
            from re import _compiler, _parser

            parsed = _parser.parse(pattern, flags)
            code = [int(word) for word in _compiler._code(parsed, flags)]  # (some are int subclasses)
            groupindex = dict(parsed.state.groupdict)
            indexgroup = [None] * parsed.state.groups
            for name, index in groupindex.items():
                indexgroup[index] = name
            arguments = (flags | parsed.state.flags, code, parsed.state.groups - 1, groupindex, tuple(indexgroup))
            stored = marshal.dumps(arguments)
            self.compiled()
        else:
            arguments = marshal.loads(stored)
        self.used[key] = stored
        return _sre_compile(pattern, *arguments)

    def write(self) -> None:
        """Keep the items compiled here with the others (atomically); quietly nothing if the
        folder cannot be written."""
        if sys.dont_write_bytecode:
            return
        kept = {**self.kept, **self.used} if len(self.kept) + len(self.used) <= LIMIT else self.used
        temp = f"{_FILE}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(_FILE), exist_ok=True)
            with open(temp, "wb") as out:
                marshal.dump((_stamp(), kept), out)
            os.replace(temp, _FILE)
        except (OSError, ValueError):
            try:
                os.unlink(temp)
            except OSError:
                pass


def _compile(source: str, filename: str = "<string>") -> Any:
    # dont_inherit: no __future__ of this module (as dataclasses.py compiles its texts)
    return compile(source, filename, "exec", dont_inherit=True)


_ORIGINAL_PATTERN: Any = None  #: re's own compile (set by install)
_SRE_FLAG_DEBUG = 0  #: ``re``'s debug flag, whose patterns ``re`` compiles itself (set by install)
_sre_compile: Any = None  #: ``_sre.compile`` (set by install)
_KEPT: _Kept | None = None  #: the kept items, read when first needed


def _kept() -> _Kept:
    global _KEPT
    if _KEPT is None:
        _KEPT = _Kept()
    return _KEPT


def compiled(key: Any, source: Callable[[], str], filename: str = "<string>") -> Any:
    """The code of the module text ``source()`` (a value class's methods,
    :mod:`burgundy_cli.core.value`; a class's type hints, :mod:`burgundy_cli.core.schema`;
    the placement rules' conditions, :mod:`burgundy_cli.castles.placement`), read back from
    the item kept under ``key`` (what the text is made from: marshallable, and naming
    exactly one text), or compiled (as from ``filename``) and kept.

    The builtin ``compile()`` costs a process ~10 M instructions the first time it is
    called (it makes the ``ast`` module's node types, to ask whether it was handed a
    tree), before compiling anything: a command that finds every text it needs kept
    calls it not at all (docs/performance.md, "Round eight")."""
    return _kept().code(key, source, filename)


def kept(key: Any, make: Callable[[], Any], valid: Callable[[Any], bool] | None = None) -> Any:
    """The plain data (dicts, lists, tuples, strings, numbers: what marshal keeps) that
    ``make()`` returns, kept under ``key`` (marshallable): made once, a fresh copy each time
    it is asked for; made again (and kept instead) when ``valid(kept data)`` says it is out
    of date -- ``key`` naming exactly one result when ``valid`` is not given. A data file
    parsed (:func:`parsed`); a validator's schema, with what it was derived from
    (:mod:`burgundy_cli.core.schema`)."""
    return _kept().value(key, make, valid)


def parsed(text: str, parse: Callable[[str], Any]) -> Any:
    """``parse(text)`` -- a data file's text parsed into plain data (``json.loads``: the
    boards and tiles, :mod:`burgundy_cli.castles.tiles`) -- kept under the text itself,
    so that a process that finds it kept imports no parser (``json`` is ~5 M instructions
    of every start: docs/performance.md, "Round twelve")."""
    return kept(("parsed", text), lambda: parse(text))


def install() -> None:
    """Hand ``re`` the kept pattern code from now on (what was compiled before is not
    affected; a second call changes nothing). The value classes ask :func:`compiled` always."""
    global _ORIGINAL_PATTERN, _SRE_FLAG_DEBUG, _sre_compile
    import _sre
    import re._compiler

    if _PATTERNS and _ORIGINAL_PATTERN is None:
        _ORIGINAL_PATTERN, _SRE_FLAG_DEBUG, _sre_compile = re._compiler.compile, re._compiler.SRE_FLAG_DEBUG, _sre.compile
        re._compiler.compile = _kept().pattern
