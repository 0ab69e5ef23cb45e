"""The data files shipped inside a game package (boards, tiles, components)."""

from __future__ import annotations

import os

from burgundy_cli.core.registry import import_module


def package_text(package: str, name: str) -> str:
    """The text of data file ``name`` that ships beside ``package``'s ``__init__.py``.

    Read from the package's folder rather than through ``importlib.resources``, whose
    import (tempfile, random, hashlib, zip support) costs about 10 ms of every start-up;
    the package is always installed as plain files (docs/performance.md, "Cold start");
    and with :mod:`os.path`, since a command that reads no path argument as a ``Path``
    imports no :mod:`pathlib` (docs/performance.md, "Round seven").
    """
    module = import_module(package)
    with open(os.path.join(os.path.dirname(module.__file__), name), encoding="utf-8") as data:  # type: ignore[arg-type]
        return data.read()
