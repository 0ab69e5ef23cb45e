"""The data files shipped inside a game package (boards, tiles, components)."""

from __future__ import annotations

import os

from burgundy_cli.core.registry import import_module


def package_text(package: str, name: str) -> str:
    """The text of data file ``name`` that ships beside ``package``'s ``__init__.py``.

    The package is installed as plain files (a wheel or an editable install, never a zip), so
    the file is read from the package's folder.
    """
    module = import_module(package)
    with open(os.path.join(os.path.dirname(module.__file__), name), encoding="utf-8") as data:  # type: ignore[arg-type]
        return data.read()
