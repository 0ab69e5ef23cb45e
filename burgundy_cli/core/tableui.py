"""The terminal side of the table session: a prompt_toolkit prompt around :class:`TableSession`.

Imported only by the interactive ``burgundy play FILE`` (prompt_toolkit costs start-up time
that ``score``, ``check`` and one-shot ``play`` never pay). The prompt says what is due;
Tab completes from the legal lines and the table-line forms; the line under the prompt
checks what is typed as it is typed; Enter plays it (written at once) or shows why not;
Ctrl-C clears the input, Ctrl-D leaves. History is kept across sessions in
``$XDG_STATE_HOME/burgundy/history`` (default ``~/.local/state/burgundy/history``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings

from burgundy_cli.core.errors import RefereeError
from burgundy_cli.core.journal import state_folder
from burgundy_cli.core.table import MAX_TYPED, TableSession
from burgundy_cli.core.words import counted


class LineCompleter(Completer):
    """Completes the whole input from the session's legal lines, table forms and commands."""

    def __init__(self, table: TableSession) -> None:
        self.table = table

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        typed = document.text_before_cursor
        for text, shown in self.table.completions(typed):
            yield Completion(text, start_position=-len(typed), display=shown)


def history_file(name: str = "history") -> History:
    """The history kept across sessions (``name``: the table session's, or ``new-history``: the
    answers to ``burgundy new``), or one kept in memory where no file can be written."""
    path = state_folder() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
    except OSError:
        return InMemoryHistory()
    return FileHistory(str(path))


def _show_check_under_input(prompt: PromptSession[str], check: Callable[[], str]) -> None:
    """Put the live check on the line right under the input.

    prompt_toolkit's ``bottom_toolbar`` sits at the bottom of the terminal, far from a prompt
    at the top; so the input window is kept to its own height and a one-line window is
    added below it (hidden once the line is accepted).
    """
    from prompt_toolkit.filters import is_done, to_filter
    from prompt_toolkit.layout import ConditionalContainer, FormattedTextControl, HSplit, Window

    layout = prompt.app.layout
    for window in layout.find_all_windows():
        if getattr(window.content, "buffer", None) is prompt.default_buffer:
            window.dont_extend_height = to_filter(True)
    container = layout.container
    assert isinstance(container, HSplit)
    container.children.insert(1, ConditionalContainer(
        Window(FormattedTextControl(lambda: [("class:bottom-toolbar.text", check())]), height=1,
               dont_extend_height=True), filter=~is_done))


def _input_guards() -> KeyBindings:
    """Key bindings that keep what reaches the input sane, ahead of prompt_toolkit's own:

    * a terminal's colour sequence pasted or typed (``ESC [ 31 m``) is read by
      prompt_toolkit as a mouse report, whose handler then fails with a traceback: the
      session uses no mouse, so every such report is dropped (issue 33 item 15);
    * a key or a paste that would make the line longer than :data:`MAX_TYPED` characters
      is refused with the bell: a line that long is no line of the game, and prompt_toolkit
      keeps a copy of the whole line per key typed for its undo, so 100,000 keys cost
      gigabytes (issue 33 item 16).
    """
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyPressEvent
    from prompt_toolkit.keys import Keys

    guards = KeyBindings()

    @guards.add(Keys.Vt100MouseEvent)
    def _no_mouse(event: KeyPressEvent) -> None:
        """(dropped)"""

    @Condition
    def full() -> bool:
        from prompt_toolkit.application import get_app

        return len(get_app().current_buffer.text) >= MAX_TYPED

    @guards.add(Keys.Any, filter=full)
    def _refuse_key(event: KeyPressEvent) -> None:
        event.app.output.bell()

    @guards.add(Keys.BracketedPaste)
    def _paste(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        data = event.data.replace("\r\n", "\n").replace("\r", "\n")
        if len(buffer.text) + len(data) > MAX_TYPED:
            event.app.output.bell()
            return
        buffer.insert_text(data)

    return guards


def run_session(path: str, *, say: Callable[[str], None] = print, history: History | None = None,
                **prompt_options: Any) -> int:
    """Run the interactive session on the record at ``path`` until Ctrl-D, ``quit`` or the game's end.

    ``prompt_options`` go to prompt_toolkit's ``PromptSession`` (tests pass ``input`` and
    ``output``). Returns the exit code.

    :raises RefereeError: the record cannot be opened.
    """
    from burgundy_cli.console import printable

    def say_printable(text: str) -> None:
        say(printable(text))   # every line the session prints, as every one-shot command's (issue 33 item 3)

    table = TableSession(path)
    try:
        return _prompt_until_done(table, path, say_printable, history, prompt_options)
    finally:
        table.close()


def _prompt_until_done(table: TableSession, path: str, say: Callable[[str], None], history: History | None,
                       prompt_options: dict[str, Any]) -> int:
    """The session's loop (see :func:`run_session`); its exit code."""
    if table.opening_note:
        say(table.opening_note)
    if table.complete():
        say(f"{path}: the game is complete:\n{table.final_score()}")
        return 0
    say(f"{path}: {counted(table.lines_played(), 'line')} recorded{_last_said(table)}. Tab completes, 'help' "
        "lists commands, Ctrl-D leaves; every accepted line is written at once.")
    prompt: PromptSession[str] = PromptSession(
        history=history if history is not None else history_file(), completer=LineCompleter(table),
        complete_while_typing=False, key_bindings=_input_guards(), **prompt_options)
    _show_check_under_input(prompt, lambda: table.live_check(prompt.default_buffer.text))
    while True:
        _say_changes(table, say)
        try:
            text = prompt.prompt(f"{table.due()} > ")
        except KeyboardInterrupt:
            continue
        except EOFError:
            text = "quit"
        reply = table.handle(text)
        if reply.text:
            say(reply.text)
        if reply.done:
            if not table.complete():
                _say_changes(table, say)   # a copy saved over the record meanwhile gets its lines back
                say(f"left the session; {path} holds every accepted line")
            return 0


def _last_said(table: TableSession) -> str:
    """The record's last line as the opening says it (``, the last: Lea: workers 2``), so that a
    table coming back after leaving the session sees where it stopped; nothing for an empty
    record."""
    last = table.last_line()
    return f", the last: {last}" if last is not None else ""


def _say_changes(table: TableSession, say: Callable[[str], None]) -> None:
    """Reload the record if it changed on disk, and say so."""
    try:
        note = table.reload_if_changed()
    except RefereeError as err:
        note = f"{table.path} changed on disk and does not read now: {err}; fix it, or leave with Ctrl-D"
    if note:
        say(note)
