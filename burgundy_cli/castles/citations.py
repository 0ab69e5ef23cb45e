"""Where each Castles rule stands in each edition's rulebook: the citation an error gives.

:data:`burgundy_cli.castles.rules.RULES` holds each rule once (its id and wording); this
table says, per edition, which passage of that edition's English rulebook
(../shared/rules/) the rule comes from, so a refusal in a 2019 record quotes the 2019
rules and one in a 2011 record the 2011 rules. Headings are quoted as the rulebooks
print them. A rule of a 2019 module has no 2011 passage (``None``): a 2011 record cannot
switch a module on, so it never meets the rule.
"""

from __future__ import annotations

from dataclasses import replace

from burgundy_cli.core.errors import IllegalMoveError, Rule

_A = "2011 rules"
_B = "2019 rules"

#: rule id -> (the 2011 passage, the 2019 passage)
_PASSAGES: dict[str, tuple[str | None, str]] = {
    "cob.flow.over": ("'Game end': 'The game ends after the fifth phase has been played through to completion'",
                      "'End of the game': 'The game ends when the fifth phase (phase E) has been completed'"),
    "cob.flow.roll": ("'The five game rounds'", "'The five game rounds'"),
    "cob.flow.turn-order": ("'The five game rounds'", "'The five game rounds'"),
    "cob.flow.phase-setup": ("'Setup for each phase'", "'Before each phase'"),
    "cob.roll.players": ("'The five game rounds': 'all players roll their two dice'",
                         "'The five game rounds': 'each player rolls their two dice'"),
    "cob.roll.good": ("'The five game rounds': 'takes the topmost goods tile from the round spaces'",
                      "'The five game rounds': 'place the first face up goods tile from the round spaces'"),
    "cob.roll.white": ("'The five game rounds': 'can never be adjusted via worker tiles!'",
                       "'The five game rounds': 'its result cannot be changed by using a worker!'"),
    "cob.setup.experienced": ("'Those who know the game well': 'each player receives a random player board'",
                              "'If you are already very familiar with the game': 'each player receives a random "
                              "duchy'"),
    "cob.goods.count": ("'Game components', 'Game setup'", "'Game materials', 'Game setup'"),
    "cob.reveal.repeat": ("'Setup for each phase'", "'Before each phase'"),
    "cob.reveal.spaces": ("'Setup for each phase' and the board print",
                          "'Before each phase', 'For the 2- and 3-player games'"),
    "cob.supply.exhausted": ("'Game components'", "'Game materials'"),
    "cob.die.unused": ("'A player's turn': 'exactly two actions, one per die'",
                       "'A player's turn': 'two game actions, one for each die'"),
    "cob.die.workers": ("'A player's turn': 'Worker tiles'", "'A player's turn': 'Worker chips'"),
    "cob.die.value": ("'The actions'", "'The game actions'"),
    "cob.take.depot": ("'Action: take six-sided tile from the game board'",
                       "'Action \"Take hex tile from game board\"'"),
    "cob.storage.full": ("'Take six-sided tile': 'Should all of the storage spaces be full, then he must first "
                         "choose a prior tile to discard'",
                         "'Take hex tile from game board': 'If you don't have an empty slot, you must first "
                         "create space by discarding a hex tile'"),
    "cob.storage.discard": ("'Take six-sided tile'",
                            "'Take hex tile from game board': 'you must first create space'"),
    "cob.place.stored": ("'Additional rules for placing six-sided tiles': 'must always first place it onto a "
                         "storage space'",
                         "'Additional rules for placing hex tiles': 'you must always place it on one of your key "
                         "spaces'"),
    "cob.place.space": ("'The player boards'", "'Game setup': 'A duchy'"),
    "cob.place.empty": ("'Add six-sided tile to your estate': 'corresponding empty space'",
                        "'Place hex tile in your duchy': 'an unused hex space'"),
    "cob.place.colour": ("'Add six-sided tile to your estate'", "'Place hex tile in your duchy'"),
    "cob.place.adjacent": ("'Add six-sided tile to your estate'", "'Place hex tile in your duchy'"),
    "cob.place.city-once": ("'Building (beige)': 'Each of the 8 building types may only occur once per city'",
                            "'Buildings': 'Each of the eight building types may be built only once per town'"),
    "cob.sell.none": ("'Action: sell goods'", "'Sell goods'"),
    "cob.buy.once": ("'The central black depot'", "'The central \"black depot\"'"),
    "cob.buy.silver": ("'The central black depot'", "'The central \"black depot\"' and monastery tile 6"),
    "cob.buy.during": ("'The central black depot': 'before, between or after the dice actions'",
                       "'The central \"black depot\"': 'before, during, between or after'"),
    "cob.buy.during-use": ("'The central black depot'; ruling in docs/rulings.md",
                           "'The central \"black depot\"': 'at any time during your turn, i.e. before, during, "
                           "between or after the two dice actions'; ruling in docs/rulings.md"),
    "cob.buy.depot": ("'The central black depot' and knowledge tile 6",
                      "'The central \"black depot\"' and monastery tile 6"),
    "cob.effect.none": ("'Add six-sided tile to your estate', 'The buildings'",
                        "'Place hex tile in your duchy', 'The buildings'"),
    "cob.ship.goods": ("'Ship (blue)' 1.", "'Ship (blue)' 1."),
    "cob.ship.second-depot": ("knowledge tile 5", "monastery tile 5"),
    "cob.building.warehouse": ("'The buildings': 'Warehouse'", "'The buildings': 'Warehouse'"),
    "cob.building.take": ("'The buildings': 'Carpenter's Workshop', 'Church', 'Market'",
                          "'The buildings': 'Carpenter's Workshop', 'Church', 'Market'"),
    "cob.building.city-hall": ("'The buildings': 'City Hall'", "'The buildings': 'Town hall'"),
    # --- 2019 modules: the 2019 rulebook only ---
    "cob.module.off": (None, "'EXPANSIONS'"),
    "cob.buy.stock": (None, "'EXPANSIONS', 'The Inns': 'Each phase, place one inn next to the central black "
                            "depot', 'Like every other hex tile from the black depot, inns can be bought by "
                            "paying 2 silver coins'"),
    "cob.inn.area": (None, "'EXPANSIONS', 'The Inns': 'you may only place up to one inn per color area!'"),
    "cob.border.duchy": (None, "'EXPANSIONS', 'New duchies (nos. 11a - 11f)': 'every player receives a no. 11 "
                               "duchy'"),
}

#: edition -> rule id -> that edition's citation
CITATIONS: dict[str, dict[str, str]] = {
    "2011": {rule_id: f"{_A} {first}" for rule_id, (first, _) in _PASSAGES.items() if first is not None},
    "2019": {rule_id: f"{_B} {second}" for rule_id, (_, second) in _PASSAGES.items()},
}


def cited(rule: Rule, edition: str) -> Rule:
    """``rule`` citing ``edition``'s rulebook (unchanged if the table has no passage for it).

    >>> from burgundy_cli.castles.rules import rule
    >>> cited(rule("cob.storage.full"), "2019").ref.startswith("2019 rules")
    True
    """
    ref = CITATIONS.get(edition, {}).get(rule.id)
    return rule if ref is None or ref == rule.ref else replace(rule, ref=ref)


def cite_edition(err: IllegalMoveError, edition: str) -> IllegalMoveError:
    """``err`` with its rule citing ``edition``'s rulebook (the same error object, for ``raise``)."""
    err.rule = cited(err.rule, edition)
    return err
