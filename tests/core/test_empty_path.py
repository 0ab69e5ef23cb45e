"""An empty FILE or FOLDER is refused as a usage error (exit 2), not read as ``.``, the current
folder: ``Path("")`` is ``.``, so ``burgundy score ""`` scored the whole folder and
``burgundy show ""`` said ". is a folder". Every path parameter reads its text through
``cli._path`` (typer's ``parser=``), which refuses it before any body runs."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest
from typer.models import ParameterInfo

from burgundy_cli import cli
from tests.core.test_command_line import burgundy


def _commands():
    yield from cli.app.registered_commands
    for group in cli.app.registered_groups:
        yield from group.typer_instance.registered_commands


def _takes_a_path(hint) -> bool:
    return Path in {hint, *typing.get_args(hint)} or any(_takes_a_path(arg) for arg in typing.get_args(hint))


def test_every_path_parameter_of_every_command_refuses_an_empty_name():
    checked = []
    for registered in _commands():
        hints = typing.get_type_hints(registered.callback, include_extras=True)
        for name, hint in hints.items():
            if typing.get_origin(hint) is not typing.Annotated or not _takes_a_path(typing.get_args(hint)[0]):
                continue
            (info,) = [meta for meta in hint.__metadata__ if isinstance(meta, ParameterInfo)]
            assert info.parser is cli._path, f"{registered.callback.__name__} {name}"
            checked.append(name)
    assert len(checked) >= 20   # FILE, PATHS, FOLDER, --svg, --out... of every command


@pytest.mark.parametrize(("args", "named"), [
    (["score", ""], "PATHS"),
    (["score", "records", ""], "PATHS"),
    (["show", ""], "FILE"),
    (["show", "game.toml", "--svg", ""], "--svg"),
    (["stats", ""], "FOLDER"),
    (["archive", "list", ""], "FOLDER"),
    (["new", "", "-g", "robber-knights"], "FILE"),
])
def test_an_empty_file_name_is_a_usage_error(args, named):
    done = burgundy(*args)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"burgundy: usage: Invalid value for '{named}': an empty file name"), done.stderr


def test_a_path_that_is_not_empty_is_the_path_typed():
    assert cli._path("game.toml") == Path("game.toml")
    assert cli._path(".") == Path(".")
