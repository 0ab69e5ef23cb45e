"""Near-miss help: the closest valid name to a mistyped one ("did you mean 'church'?").

Shared by every game for player, tile, building and option names, and by the core for
game and edition names, so that the wording of this help is the same everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable

#: How many valid names a hint lists when none is close to what was typed.
LISTED = 8


def closest(word: str, choices: Iterable[str], *, cutoff: float = 0.6) -> str | None:
    """The choice most similar to ``word`` (case-insensitively), or ``None`` if none is close.

    >>> closest("chruch", ["church", "market", "bank"])
    'church'
    >>> closest("zzz", ["church", "market"]) is None
    True
    """
    from difflib import get_close_matches  # only for a hint: imported when one is needed

    spelled = {choice.lower(): choice for choice in choices}
    match = get_close_matches(word.strip().lower(), spelled, n=1, cutoff=cutoff)
    return spelled[match[0]] if match else None


def did_you_mean(word: str, choices: Iterable[str], *, cutoff: float = 0.6) -> str:
    """A hint for an unknown ``word``: the closest choice, else the valid choices.

    Meant as the ``hint=`` of a :class:`~burgundy_cli.core.errors.RefereeError`.

    >>> did_you_mean("ana", ["anna", "bert"])
    "did you mean 'anna'?"
    >>> did_you_mean("xyz", ["anna", "bert"])
    'expected one of: anna, bert'
    """
    options = list(dict.fromkeys(choices))
    match = closest(word, options, cutoff=cutoff)
    if match is not None:
        return f"did you mean '{match}'?"
    listed = ", ".join(options[:LISTED]) + (", ..." if len(options) > LISTED else "")
    return f"expected one of: {listed}" if options else "nothing is valid here"
