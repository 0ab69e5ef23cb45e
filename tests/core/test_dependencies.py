"""pyproject.toml declares exactly the distributions the package imports, no more, no fewer.

Read from the source with :mod:`ast` (imports inside functions count: a command that
imports a library when it runs still needs it installed), mapped to distributions by
the installed packages' metadata.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions, version
from pathlib import Path

import burgundy_cli

PACKAGE = Path(burgundy_cli.__file__).parent
PYPROJECT = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
#: Distributions the code loads by name rather than by an import statement: SQLAlchemy opens
#: PostgreSQL through the psycopg driver named in the URL (``postgresql+psycopg://``,
#: burgundy_cli/archive/db.py).
LOADED_BY_NAME = {"psycopg": "postgresql+psycopg://"}


def _top_level_imports() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.partition(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found.add(node.module.partition(".")[0])
    return found


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ ;\[]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _declared() -> dict[str, str]:
    return {_name(requirement): requirement for requirement in PYPROJECT["project"]["dependencies"]}


def test_the_declared_dependencies_are_what_the_code_imports():
    third_party = _top_level_imports() - set(sys.stdlib_module_names) - {"burgundy_cli"}
    distributions = packages_distributions()
    imported = {name.lower().replace("_", "-") for module in third_party for name in distributions[module]}
    assert imported | set(LOADED_BY_NAME) == set(_declared())


def test_a_driver_loaded_by_name_is_named_where_the_code_says():
    sources = "".join(path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py"))
    assert all(marker in sources for marker in LOADED_BY_NAME.values())


def test_pydantic_is_declared_with_a_lower_bound_the_installed_one_meets():
    requirement = _declared()["pydantic"]
    lower = re.search(r">=\s*([0-9.]+)", requirement)
    assert lower is not None, requirement
    installed = tuple(int(part) for part in version("pydantic").split(".")[:2])
    assert installed >= tuple(int(part) for part in lower[1].split(".")[:2])
