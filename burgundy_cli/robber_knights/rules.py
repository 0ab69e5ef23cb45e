"""Every Robber Knights rule the referee enforces, under a stable ``rk.*`` id.

The wording is the rulebook's (English edition, ``robber-knights-rules.txt``), quoted or
closely paraphrased; ``ref`` names the rulebook section. Tests assert on the ids, so an id
never changes meaning once published.
"""

from __future__ import annotations

from burgundy_cli.core.errors import Rule

_BOOK = "Robber Knights rulebook"

RULES: dict[str, Rule] = {rule.id: rule for rule in (
    Rule("rk.game.over", "If all the tiles have been laid, the game is over and the scores are added up.",
         f"{_BOOK}, 'Size of the Playing Area' (end of game)"),
    Rule("rk.turn.order", "The oldest player begins; play then continues in a clockwise direction.",
         f"{_BOOK}, 'Getting ready to play'"),
    Rule("rk.turn.first-compulsory", "The first move is compulsory; each further move of the maximum of "
         "three is voluntary.", f"{_BOOK}, 'How to play: Laying 1 to 3 tiles'"),
    Rule("rk.lay.three", "The player can carry out this action a total of three times when it is their turn.",
         f"{_BOOK}, 'How to play: Laying 1 to 3 tiles'"),
    Rule("rk.draw.after-lay", "The player then picks up the uppermost tile of his pile (after each tile laid, "
         "and only then).", f"{_BOOK}, 'How to play: Laying 1 to 3 tiles'"),
    Rule("rk.draw.pile", "Each player's pile holds their own 24 landscape tiles less those laid and in hand: "
         "1 lake, 2 mountains, 3 plains, 3 village, 6 castle and 3 town on a plain, 3 village, 2 castle and "
         "1 town in a forest.", f"{_BOOK}, 'Playing equipment' and 'Preparing the landscape tiles'"),
    Rule("rk.lay.hand", "The player whose turn it is adds one of their two tiles to the starting layout.",
         f"{_BOOK}, 'How to play: Laying 1 to 3 tiles'"),
    Rule("rk.lay.empty", "The player whose turn it is adds one of their two tiles to the starting layout (a tile "
         "added lies on a space of its own, never on another tile).",
         f"{_BOOK}, 'How to play: Laying 1 to 3 tiles'"),
    Rule("rk.lay.edge", "At least one edge must border one of the tiles already laid out; players cannot lay "
         "tiles corner to corner.", f"{_BOOK}, 'How to play: Laying 1 to 3 tiles'"),
    Rule("rk.lay.area", "One row or column may contain a maximum of 7 / 9 / 10 tiles and the area may be a "
         "maximum of 7 x 7 / 9 x 9 / 10 x 10 tiles (2 / 3 / 4 players).", f"{_BOOK}, 'Size of the Playing Area'"),
    Rule("rk.knights.castle", "If a player adds a tile with a knights' castle on it, they can at the same time "
         "place up to five knights on this castle (knights come into play only this way).",
         f"{_BOOK}, 'Laying a castle tile'"),
    Rule("rk.knights.five", "They can at the same time place up to five knights on this castle.",
         f"{_BOOK}, 'Laying a castle tile'"),
    Rule("rk.knights.supply", "A player who has already positioned all his knights cannot bring any knights "
         "into play.", f"{_BOOK}, 'Moving the knights' (note)"),
    Rule("rk.move.gap", "The player moves the pile of knights away from the castle in a straight line (not "
         "diagonally), from one tile to the next, without jumping over a tile or a space.",
         f"{_BOOK}, 'Moving the knights'"),
    Rule("rk.move.lake", "Knights cannot enter a tile with a lake on it.", f"{_BOOK}, 'Moving the knights'"),
    Rule("rk.move.enter", "Forest and mountains can only be entered when there are still enough knights left "
         "(2 for a forest, 3 for mountains).", f"{_BOOK}, 'Moving the knights'"),
    Rule("rk.move.minimum", "The player must leave behind knights on each tile as they move on from it, "
         "including on their knight's castle: 1 knight on a plain, 2 on a forest, 3 on mountains.",
         f"{_BOOK}, 'Moving the knights'"),
    Rule("rk.move.max-four", "More knights can be left on a tile but never more than 4 knights on any one tile. "
         "If moving the knight would exceed this limit, the tile concerned cannot be entered.",
         f"{_BOOK}, 'Moving the knights'"),
)}


def rule(rule_id: str) -> Rule:
    """The registered rule ``rule_id`` (a KeyError here is a bug in the engine)."""
    return RULES[rule_id]
