"""The data files shipped inside a game package (boards, tiles, components)."""

from __future__ import annotations

import importlib
from pathlib import Path


def package_text(package: str, name: str) -> str:
    """The text of data file ``name`` that ships beside ``package``'s ``__init__.py``.

    Read from the package's folder rather than through ``importlib.resources``, whose
    import (tempfile, random, hashlib, zip support) costs about 10 ms of every start-up;
    the package is always installed as plain files (docs/performance.md, "Cold start").
    """
    module = importlib.import_module(package)
    return Path(module.__file__).with_name(name).read_text("utf-8")  # type: ignore[arg-type]
