"""What the session tests type with: a real ``burgundy`` in a pseudo-terminal (pexpect) read
as a person sees its screen, and the session's prompt driven through prompt_toolkit's pipe
input with a dummy output.

prompt_toolkit redraws the screen with cursor movements (a space it leaves as it was is a
"cursor forward"), so the screen's text is read with those turned back into spaces and the
other escape sequences dropped.
"""

from __future__ import annotations

import os
import re
import sys
import threading
import time

import pexpect
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from burgundy_cli.core.session import open_record
from burgundy_cli.core.tableui import run_session
from tests.conftest import ROOT

ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
#: The end of what was read that may be an escape sequence cut in two by a read: kept back
#: until the rest of it comes.
CUT_ESCAPE = re.compile(r"\x1b(\[[0-9;?]*)?\Z")


class Screen:
    """What the child wrote, as text: waits for a piece of it after the last one found.

    What is read is made plain as it comes, once (a whole game's screen grows to megabytes,
    and making all of it plain again at every wait made the test's own time grow with the
    square of the lines typed)."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.text = ""        # plain so far
        self.pending = ""     # read, not yet plain: an escape sequence not yet whole
        self.seen = 0

    def plain(self) -> str:
        """The screen's text so far, its escape sequences dropped (a cursor forward as a space)."""
        return self.text

    def _read(self, chunk: str) -> None:
        raw = self.pending + chunk
        cut = CUT_ESCAPE.search(raw)
        whole, self.pending = (raw[:cut.start()], raw[cut.start():]) if cut else (raw, "")
        self.text += ESCAPE.sub("", whole.replace("\x1b[C", " "))

    def expect_exact(self, wanted: str) -> None:
        deadline = time.monotonic() + 20
        while True:
            found = self.text.find(wanted, self.seen)
            if found >= 0:
                self.seen = found + len(wanted)
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"not on the screen: {wanted!r}; last seen: {self.text[-400:]!r}")
            try:
                self._read(self.child.read_nonblocking(4096, timeout=0.2))
            except pexpect.TIMEOUT:
                pass


def spawn(args: list[str], tmp_path, rows: int = 30, columns: int = 120) -> tuple[pexpect.spawn, Screen]:
    """``burgundy ARGS`` in a pseudo-terminal of ``rows`` x ``columns``, run in ``tmp_path``
    with its history there, and the screen to read it by."""
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "TERM": "xterm",
           "PROMPT_TOOLKIT_NO_CPR": "1", "PYTHONPATH": str(ROOT)}
    child = pexpect.spawn(sys.executable, ["-m", "burgundy_cli", *args], env=env, cwd=str(tmp_path),
                          encoding="utf-8", timeout=20, dimensions=(rows, columns))
    # pexpect sleeps 50 ms before every send by default (for programs that turn echo off to
    # read a password just after their prompt shows): the tests send only after the screen
    # shows what waits for the keys, so the sleep only made a whole game of ~500 lines ~25 s
    # longer
    child.delaybeforesend = None
    return child, Screen(child)


def log_lines(path) -> list[str]:
    """The record's log lines, in order."""
    return [line for group in open_record(path).record_data().get("log", {}).values() for line in group]


def typed_session(path, pieces: list[str], history: History | None = None,
                  pause: float = 0.15, settle: float = 1.0) -> tuple[int, list[str]]:
    """A table session on ``path`` given ``pieces`` of input one after the other, ``pause``
    seconds apart (keys sent in one read arrive as one paste), ``settle`` seconds after a Tab
    (its completions are made beside the input: on a busy machine a key sent 0.15 s after
    the Tab came before the completion, and the test failed); its exit code and what it said."""
    said: list[str] = []
    with create_pipe_input() as pipe:
        def typist() -> None:
            for piece in pieces:
                pipe.send_text(piece)
                time.sleep(settle if piece == "\t" else pause)

        thread = threading.Thread(target=typist, daemon=True)
        thread.start()
        code = run_session(str(path), say=said.append, history=history or InMemoryHistory(), input=pipe,
                           output=DummyOutput())
        thread.join()
    return code, said
