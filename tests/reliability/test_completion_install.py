"""``burgundy --install-completion`` and the user's shell start-up file.

typer's installer read ``~/.bashrc`` as UTF-8 and wrote it whole again: a file with one
Latin-1 byte (a name in a comment) ended in a traceback, and a write cut short would have
lost the file. The start-up file is now only appended to, compared as bytes.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _install(home, shell: str) -> subprocess.CompletedProcess[str]:
    """``burgundy --install-completion SHELL`` with ``home`` as the home folder (typer's switch
    for tests makes the option take the shell named, not the one found among the ancestors)."""
    return subprocess.run([sys.executable, "-m", "burgundy_cli", "--install-completion", shell], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(home),
                               "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})


@pytest.mark.parametrize(("shell", "startup", "script"), [("bash", ".bashrc", ".bash_completions/burgundy.sh"),
                                                          ("zsh", ".zshrc", ".zfunc/_burgundy")])
def test_the_start_up_file_is_appended_to_never_rewritten(tmp_path, shell, startup, script) -> None:
    kept = b"\n\n# Jos\xe9's settings (Latin-1)\nexport EDITOR=vi"     # (no line end at the end)
    (tmp_path / startup).write_bytes(kept)
    done = _install(tmp_path, shell)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    text = (tmp_path / startup).read_bytes()
    assert text.startswith(kept + b"\n") and (tmp_path / script).is_file()
    added = text[len(kept) + 1:].decode()
    assert "compinit" in added if shell == "zsh" else added == f"source '{tmp_path / script}'\n"
    assert _install(tmp_path, shell).returncode == 0
    assert (tmp_path / startup).read_bytes() == text                   # (nothing added twice)


def test_a_start_up_file_that_cannot_be_written_is_named_without_a_traceback(tmp_path) -> None:
    (tmp_path / ".bashrc").mkdir()
    done = _install(tmp_path, "bash")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"burgundy: usage: cannot add the completion to {tmp_path / '.bashrc'}: ")


def test_a_shell_burgundy_does_not_complete_in_changes_nothing(tmp_path) -> None:
    """typer's PowerShell installer changed the user's execution policy (Set-ExecutionPolicy
    Unrestricted) before anything else; burgundy completes in bash, zsh and fish only."""
    done = _install(tmp_path, "powershell")
    assert done.returncode == 2 and "burgundy completes in bash, zsh and fish" in done.stderr
    assert list(tmp_path.iterdir()) == []
