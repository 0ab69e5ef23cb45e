"""The TOML reader, rtoml's compiled module, loaded without the rest of its package.

``import rtoml`` runs the package's ``__init__``, which imports :mod:`pathlib` (and with it
``fnmatch``, ``urllib.parse``, ``ipaddress``) for the ``Path`` arguments of its ``load`` and
``dump``: about 9 M instructions of every command's start-up (docs/performance.md,
"Round seven"). The package reads only text, through rtoml's ``loads``, which hands the text
to the compiled module's ``deserialize`` with ``none_value=None`` (no TOML value reads as
``None``); :func:`loads` does the same on the module
:func:`~burgundy_cli.core.compiled.compiled_module` loads on its own. Where that module
cannot be loaded so, or has no ``deserialize`` (another rtoml), rtoml's own ``loads`` is used.
"""

from __future__ import annotations

from burgundy_cli.core.compiled import compiled_module

TYPE_CHECKING = False  # (not typing's: every command imports this module at its start)
if TYPE_CHECKING:
    from typing import Any

_module = compiled_module("rtoml._rtoml")
if _module is not None and hasattr(_module, "deserialize"):
    _deserialize = _module.deserialize
    TomlParsingError: type[ValueError] = _module.TomlParsingError

    def loads(text: str) -> dict[str, Any]:
        """The table TOML ``text`` holds, as rtoml's ``loads`` reads it.

        :raises TomlParsingError: ``text`` is not valid TOML.
        """
        return _deserialize(text, none_value=None)
else:
    from rtoml import TomlParsingError, loads  # type: ignore[assignment]
