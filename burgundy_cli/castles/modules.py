"""Rule modules: the base game, and the 2019 expansions as modules a record switches on.

A record lists its modules in ``[game.options] modules = "inns, white-castles"``. Each module
is a function that takes the :class:`~burgundy_cli.castles.state.Ruleset` built so far and
returns it extended -- new tile effects (keyed by tile kind, like the white castle or the
crane), phase-end payouts, knowledge-tile final scoring. The engine only ever consults the
game's ruleset, so an expansion never needs a special case in the engine.

No expansion is implemented yet; :data:`MODULES` is where they will register.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import MappingProxyType

from burgundy_cli.castles.state import Ruleset

#: Module name -> function extending a ruleset (the 2019 expansions will register here).
MODULES: dict[str, Callable[[Ruleset], Ruleset]] = {}


@cache
def ruleset(modules: tuple[str, ...] = ()) -> Ruleset:
    """The base game's rules extended by ``modules`` in order (cached; KeyError if unknown)."""
    from burgundy_cli.castles.actions import EFFECTS, PHASE_END
    from burgundy_cli.castles.scoring import END_SCORING

    rules = Ruleset((), MappingProxyType(dict(EFFECTS)), tuple(PHASE_END), MappingProxyType(dict(END_SCORING)))
    for name in modules:
        rules = MODULES[name](rules)
    return rules
