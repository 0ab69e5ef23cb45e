"""A library's compiled module, loaded without running its package's ``__init__``.

pydantic-core ships its work in one compiled module and wraps it in a package whose
``__init__`` imports far more than that module needs (``pydantic_core.core_schema`` and
``typing_extensions``; :mod:`burgundy_cli.core._pydantic_core`).
:func:`compiled_module` loads only the compiled module, under its own full name: a later
ordinary import of the package (typer's path imports pydantic) finds it in ``sys.modules``
and uses that same module, so there is one of each class.
"""

from __future__ import annotations

import sys
from types import ModuleType


def compiled_module(name: str) -> ModuleType | None:
    """The module ``name`` (``package._module``), loaded (or found loaded) without its
    package's ``__init__``; ``None`` where it cannot be found that way (an unusual
    installation: the caller then imports it the ordinary way)."""
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    try:
        try:  # (the bootstrap's own modules, as importlib.util's are)
            from _frozen_importlib import module_from_spec  # type: ignore[import-not-found]
            from _frozen_importlib_external import PathFinder  # type: ignore[import-not-found]
        except ImportError:  # (not CPython)
            from importlib.machinery import PathFinder
            from importlib.util import module_from_spec

        package = PathFinder.find_spec(name.partition(".")[0])
        spec = PathFinder.find_spec(name, package.submodule_search_locations) if package else None
        if spec is None or spec.loader is None:
            return None
        module = module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    except ImportError:
        sys.modules.pop(name, None)
        return None
