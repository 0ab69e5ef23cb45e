"""Where each Castles rule stands in each edition's rulebook: the citation an error gives.

:data:`burgundy_cli.castles.rules.RULES` holds each rule once (its id and wording); this
table says, per edition, which passage of that edition's English rulebook
(../shared/rules/) the rule comes from, so a refusal in a 2019 record quotes the 2019
rules and one in a 2011 record the 2011 rules. Headings are quoted as the rulebooks
print them. A rule of a 2019 module has no 2011 passage (``None``): a 2011 record cannot
switch a module on, so it never meets the rule.
"""

from __future__ import annotations


from burgundy_cli.core.errors import IllegalMoveError, Rule
from burgundy_cli.core.value import replace

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
    # --- 2019 shields ---
    'cob.shield.setup': (None, "'EXPANSIONS', 'THE SHIELDS', 'Game setup': 'Randomly place them on the goods spaces of the six depots ... based on the number of players', 'any shields collected from a depot won't be replaced!'"),
    'cob.shield.doubles': (None, "'EXPANSIONS', 'THE SHIELDS', 'Playing the game': 'Whenever you roll doubles*, instead of taking your 2 game actions, you may take a shield', '*As usual, you may use workers to change the result of your dice to create a double'"),
    'cob.shield.depot': (None, "'EXPANSIONS', 'THE SHIELDS', 'Playing the game': 'take a shield from the depot with the rolled number'"),
    'cob.shield.castle': (None, "'EXPANSIONS', 'THE SHIELDS', 'Playing the game': 'That shield must be placed on one of your castle tiles ... or replace an existing shield (the old one is removed completely from the game)'"),
    'cob.shield.tribute': (None, "'EXPANSIONS', 'THE SHIELDS', 'Important!': 'At the end of each phase, before receiving silver from your mines, you must pay tribute for your shields! Each shield costs 1 silver. If you cannot or don't want to pay, you must remove that many shields'"),
    'cob.shield.vp': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities': '(+12 victory points.)', '(+8 victory points.)', '(+4 victory points.)'"),
    'cob.shield.1': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 1) 'all pasture spaces count as connected'"),
    'cob.shield.2': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 2) 'whenever another player gets a worker, you also get a worker'"),
    'cob.shield.3': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 3) 'you may pay tribute for your shields with workers instead of silver'"),
    'cob.shield.4': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 4) 'an unlimited number of hex tile storage spaces'"),
    'cob.shield.5': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 5) 'whenever you place a ship, you may choose a type of goods'"),
    'cob.shield.6': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 6) 'choose one player. Any monastery tiles in that player's duchy count as if they were in your own duchy'"),
    'cob.shield.7': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 7) 'your bonus tiles score double'"),
    'cob.shield.8': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 8) 'double the pay out of your mines'"),
    'cob.shield.9': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 9) 'you gain 1 silver for each goods tile you sell'"),
    'cob.shield.10': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 10) 'your victory point monastery tiles score double'"),
    'cob.shield.11': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', shield 11 (missing from our English extraction; 2019 Traditional Chinese rulebook p16)"),
    'cob.shield.12': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 12) 'double the amount of victory points you get for each goods tile you sell'"),
    'cob.shield.13': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 13) 'double the amount of victory points you get for each shield in your duchy (including this one)'"),
    'cob.shield.14': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 14) 'at the end of each phase ... take a hex tile from any of the six depots ... Place it directly in your duchy'"),
    'cob.shield.15': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 15) 'at the end of each phase ... take a hex tile from the black depot ... Place it directly in your duchy'"),
    'cob.shield.16': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 16) 'you may change on your turn the result of one of your dice to any number'"),
    'cob.shield.17': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 17) 'whenever you complete an area, you score according to the next larger area'"),
    'cob.shield.18': (None, "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 18)) 'you are allowed to place hex tiles on any space in your duchy, not only adjacent'"),
    "cob.tile27": (None, "'EXPANSIONS', 'Bridge (monastery/yellow #27)': 'your turn order piece ... is always "
                         "placed on top. This applies both actively and passively'"),
    "cob.tile28": (None, "'EXPANSIONS', 'Workers (monastery/yellow #28)': 'If this tile is in your duchy, you can "
                         "buy workers from the supply'"),
    "cob.tile28.pay": (None, "'EXPANSIONS', 'Workers (monastery/yellow #28)': '2 workers cost 1 silver coin'"),
    "cob.crane.copy": (None, "'EXPANSIONS', 'Crane (building/black)': 'you may immediately trigger the effect of "
                             "any building (beige) you want even if that building is not in you duchy'"),
    "cob.crane.score": (None, "'EXPANSIONS', 'Crane (building/black)': 'during final scoring ... the crane counts "
                              "as a building of your choice for the corresponding monastery tiles (16-23 + 29)'"),
    "cob.geese.score": (None, "'EXPANSIONS', 'Geese (livestock/black)': 'you score 2 victory points, plus victory "
                              "points for one other type of livestock that is on the same pasture'"),
    "cob.white.workers": (None, "'EXPANSIONS', 'The White Castles': 'immediately take an action using the result "
                                "of the white die. You are allowed to use workers to change the rolled number'"),
    "cob.white.die": (None, "'EXPANSIONS', 'The White Castles': 'using the result of the white die'"),
    "cob.tile29": (None, "'EXPANSIONS', 'The White Castles' (monastery tile #29: 4 VP per white castle, printed "
                         "on the tile; docs/rulings.md)"),
    "cob.route.bonus": (None, "'EXPANSIONS', 'The Trade Routes': 'If the color of a tile matches the color of "
                              "the trade route space, you immediately get the corresponding bonus.'"),
    "cob.border.duchy": (None, "'EXPANSIONS', 'New duchies (nos. 11a - 11f)': 'every player receives a no. 11 "
                               "duchy'"),
    "cob.team.players": (None, "'EXPANSIONS', 'THE TEAM GAME': 'Form teams of 2 players, seated next to each other'"),
    "cob.team.board": (None, "'EXPANSIONS', 'THE TEAM GAME', 'GAME SETUP': 'a team board consisting of 2 board halves (12a1 + "
                             "12a2)', 'a castle; place it on the central dark green 1 hex space. (When using 12b, "
                             "each team chooses either the 1 or the 6 dark green hex space.)'; 'Notes': 'team "
                             "members can interact with either half of the team board'"),
    "cob.team.supplies": (None, "'EXPANSIONS', 'THE TEAM GAME', 'GAME SETUP': 'three random goods tiles; place them on the "
                                "corresponding team storage spaces', '3 worker chips (for team A) and 5 worker chips "
                                "(for team B), plus 2 silver coins per team'"),
    "cob.team.order": (None, "'EXPANSIONS', 'THE TEAM GAME', 'GAME SETUP': 'For round 1, place the turn order track playing pieces "
                             "according to the following turn order: A1, B1, A2, B2'"),
    "cob.team.storage": (None, "'EXPANSIONS', 'THE TEAM GAME', 'PLAYING THE GAME': 'each team has 2 shared hex tile storage "
                               "spaces (down center of the team board), and each player has 2 private hex tile "
                               "storage spaces'"),
    "cob.team.private": (None, "'EXPANSIONS', 'THE TEAM GAME', 'PLAYING THE GAME': 'You cannot use your team member's dice or "
                               "private hex tiles.'"),
    "cob.team.stays": (None, "'EXPANSIONS', 'THE TEAM GAME', 'PLAYING THE GAME': 'Hex tiles may not be moved from one storage "
                             "to another.'"),
    "cob.team.bridge": (None, "'EXPANSIONS', 'THE TEAM GAME', 'Notes': 'if your playing piece is on the final space of the bridge "
                              "and you place a ship, and there is a stack of playing pieces, place your piece on top'"),
    "cob.team.score": (None, "'EXPANSIONS', 'THE TEAM GAME', 'FINAL SCORING': 'Add up the victory points of both team members. "
                             "... If there is a tie, the team with more empty spaces in their duchy wins the game.'"),
    # 2019 solo game (castles/module_solo.py)
    'cob.solo.players': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Game setup': 'side 13A is for beginning players, side 13B is for advanced players'"),
    'cob.solo.setup': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Game setup': 'You start the game with 1 silver coin, 2 workers and 3 random goods tiles', 'there is no restriction for the number of different types (= colors) of goods that you can collect'"),
    'cob.solo.remove': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'Then remove a hex tile from that depot from the game, starting from top to bottom (depots 2, 3, 5, and 6) or left to right (depots 1 and 4) respectively. If a depot is empty, remove a hex tile from the next depot in clockwise order'"),
    'cob.solo.river': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'You can only expand to other regions via the rivers.'"),
    'cob.solo.goods': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Game setup': 'there is no restriction for the number of different types (= colors) of goods'"),
    'cob.solo.ship': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'Whenever you place a ship, take all goods from a depot of your choice, then immediately remove all other goods from all other depots from the game.'"),
    'cob.solo.exchange': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'you now (and only now!) have the option to exchange any 5 of your goods for a single hex tile from the central black depot'"),
    'cob.solo.black-hex': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'A black hex tile can be placed on any color space in your duchy ... has no other effect (!)'"),
    'cob.solo.monastery': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'Victory points from a monastery tile are added immediately after placing it'"),
    'cob.solo.colour': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'You won't gain a victory point bonus when you complete a color. Instead, choose a hex tile from the black depot and place it directly on your duchy'"),
    'cob.solo.counter': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'When you reach the target victory point marker, place your counter back on the start space (any remaining victory points are lost), then move the target marker down 5 spaces'"),
    'cob.solo.vp': (None, "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'Whenever you do, you may buy additional victory points. Each victory point costs 1 silver coin.'"),
    'cob.solo.end': (None, "'EXPANSIONS', 'THE SOLO GAME', 'End of the game': 'You win the game if you managed to fill all 37 hex spaces of your duchy within 25 rounds.'"),
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
