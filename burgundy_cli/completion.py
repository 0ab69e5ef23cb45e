"""Shell completion of a move without typer's start-up.

The completion scripts typer writes (``burgundy --show-completion``) run ``burgundy`` at
every Tab with ``_BURGUNDY_COMPLETE`` set and the words typed so far in the environment;
typer builds its whole application for that (its pydantic adapters for every parameter):
0.3-0.5 s of CPU before the legal lines are even read, at every Tab
(docs/performance.md, "Round seven"). The Tab that matters at a table is the one after
``burgundy check FILE`` or ``burgundy play FILE [LINES...]``: the next line. For exactly
that request, in bash, zsh and fish, :func:`answer` gives what typer would print and exit
with, from the same :func:`move_completions` that typer's completion callback
(``cli._complete_move``) calls; any other request (another command or shell, an option, a
missing file, a word starting with ``-``, generating a script) returns ``None`` and goes to
typer. ``tests/benchmarks/test_fast_completion.py`` runs requests both ways and compares them.

How each shell asks and what it reads back (what typer's completion classes do): bash
gives ``COMP_WORDS`` (the words joined by spaces) and ``COMP_CWORD`` (the index of the word
being completed) and reads one offer a line; zsh and fish give ``_TYPER_COMPLETE_ARGS``
(the command line up to the cursor; the last word is the one being completed unless the
line ends in a space); zsh evaluates an ``_arguments`` call with the offers quoted, or
``_files`` when there are none; fish asks with ``_TYPER_COMPLETE_FISH_ACTION`` either
``is-args`` (exit 0 when there are offers) or ``get-args`` (the offers, a line each).
The words are split as click splits them: shell-like (quotes and backslashes), an
unfinished quoted word taken as far as it goes.
"""

from __future__ import annotations

import os

#: The environment variable typer's completion scripts set: ``complete_<shell>``.
VARIABLE = "_BURGUNDY_COMPLETE"
#: The commands whose move argument is completed here.
_MOVE_COMMANDS = ("check", "play")


def move_completions(file: str, typed: list[str], incomplete: str) -> list[str]:
    """The lines to offer for the move being typed after ``typed`` (the lines already on a
    ``play`` command line; none for ``check``), on the record ``file``: the legal lines that
    start with ``incomplete`` after playing the typed ones (a typed line equal to the
    incomplete word is the word itself, not a line before it)."""
    from burgundy_cli.core.verdicts import legal_completions

    return legal_completions(file, [line for line in typed if line != incomplete], incomplete)


def split_words(text: str) -> list[str]:
    """``text`` split into words as a POSIX shell would (quotes, backslashes; no comments);
    a word left open at the end (an unclosed quote) is kept as typed so far."""
    import shlex

    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    words: list[str] = []
    try:
        for word in lexer:
            words.append(word)
    except ValueError:  # the text ends inside a quote or after a backslash
        words.append(lexer.token)
    return words


def _request(shell: str) -> tuple[list[str], str] | None:
    """The words before the one being completed (after the program's name) and that word."""
    if shell == "bash":
        if not os.environ.get("COMP_CWORD", "").isdigit():
            return None
        words, index = split_words(os.environ.get("COMP_WORDS", "")), int(os.environ["COMP_CWORD"])
        return words[1:index], words[index] if index < len(words) else ""
    line = os.environ.get("_TYPER_COMPLETE_ARGS", "")
    words = split_words(line)[1:]
    if words and not line.endswith(" "):
        return words[:-1], words[-1]
    return words, ""


def _escaped_for_zsh(text: str) -> str:
    for plain, escaped in (('"', '""'), ("'", "''"), ("$", "\\$"), ("`", "\\`"), (":", "\\\\:")):
        text = text.replace(plain, escaped)
    return text


def answer() -> tuple[str, int] | None:
    """What to print and the exit code for this process's completion request, when it asks
    for the move of ``check`` or ``play`` (see above); else ``None`` (typer answers)."""
    shell = {"complete_bash": "bash", "complete_zsh": "zsh", "complete_fish": "fish"}.get(os.environ.get(VARIABLE, ""))
    fish_action = os.environ.get("_TYPER_COMPLETE_FISH_ACTION", "")
    if shell is None or shell == "fish" and fish_action not in ("get-args", "is-args"):
        return None
    request = _request(shell)
    if request is None:
        return None
    words, incomplete = request
    if len(words) < 2 or words[0] not in _MOVE_COMMANDS or (words[0] == "check" and len(words) != 2) \
            or any(word.startswith("-") for word in [*words, incomplete]) or not os.path.isfile(words[1]):
        return None
    # typer then keeps the offers that start with the word exactly as typed (case counts)
    offers = [offer for offer in move_completions(words[1], words[2:], incomplete) if offer.startswith(incomplete)]
    if shell == "bash":
        return "\n".join(offers) + "\n", 0
    if shell == "zsh":
        quoted = "\n".join(f'"{_escaped_for_zsh(offer)}"' for offer in offers)
        return (f"_arguments '*: :(({quoted}))'" if offers else "_files") + "\n", 0
    if fish_action == "is-args":
        return "", 0 if offers else 1
    return ("\n".join(offers) if offers else "") + "\n", 0
