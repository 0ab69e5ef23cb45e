"""pydantic-core's validation engine (its compiled module), loaded without the rest of its package.

``import pydantic_core`` also runs the package's ``__init__``, which imports
``pydantic_core.core_schema`` and ``typing_extensions``: about 15 ms of every command's
start-up for helpers that only build plain dicts (docs/performance.md, "Cold start").
:mod:`burgundy_cli.core.schema` builds those dicts itself, so it needs only the compiled
module, ``pydantic_core._pydantic_core``, which :func:`~burgundy_cli.core.compiled.compiled_module`
loads on its own; where it cannot (an unusual installation), the ordinary import is used.
"""

from __future__ import annotations

from burgundy_cli.core.compiled import compiled_module

_module = compiled_module("pydantic_core._pydantic_core")
if _module is None:
    import pydantic_core._pydantic_core as _module
SchemaValidator = _module.SchemaValidator
ValidationError = _module.ValidationError
