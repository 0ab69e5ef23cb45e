"""pydantic-core's validation engine (its compiled module), loaded without the rest of its package.

``import pydantic_core`` also runs the package's ``__init__``, which imports
``pydantic_core.core_schema`` and ``typing_extensions``: about 15 ms of every command's
start-up for helpers that only build plain dicts (docs/performance.md, "Cold start").
:mod:`burgundy_cli.core.schema` builds those dicts itself, so it needs only the compiled
module, which this loads under its own name, ``pydantic_core._pydantic_core``. A later
``import pydantic_core`` (typer's path imports pydantic) finds it in ``sys.modules`` and
uses the same module, so there is one ``ValidationError`` class. Where the package cannot
be found this way (an unusual installation), the ordinary import is used.
"""

from __future__ import annotations

import sys
from types import ModuleType

_NAME = "pydantic_core._pydantic_core"


def _engine() -> ModuleType:
    loaded = sys.modules.get(_NAME)
    if loaded is not None:
        return loaded
    try:
        from importlib.machinery import PathFinder
        from importlib.util import module_from_spec

        package = PathFinder.find_spec("pydantic_core")
        spec = PathFinder.find_spec(_NAME, package.submodule_search_locations) if package else None
        if spec is None or spec.loader is None:
            raise ImportError(_NAME)
        module = module_from_spec(spec)
        sys.modules[_NAME] = module
        spec.loader.exec_module(module)
        return module
    except ImportError:
        sys.modules.pop(_NAME, None)
        import pydantic_core._pydantic_core as module

        return module


_module = _engine()
SchemaValidator = _module.SchemaValidator
ValidationError = _module.ValidationError
