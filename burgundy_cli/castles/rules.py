"""Every rule the Castles of Burgundy referee enforces, by stable id (``cob.*``).

``text`` paraphrases the rulebook closely; ``ref`` says where it stands. References use
"2011" (first edition English rules, alea/Ravensburger) and "2019" (2019 edition English
rules with expansions); ``castles/citations.py`` gives each edition's own passage, which is
what an error in a record of that edition cites. The engine raises :class:`IllegalMoveError` only with rules from
:data:`RULES`; docs/rules-coverage.md maps each id to the tests that raise it.
"""

from __future__ import annotations

from burgundy_cli.core.errors import Rule

_R11 = "2011 rules"
_R19 = "2019 rules"


def _rule(rule_id: str, text: str, ref: str) -> tuple[str, Rule]:
    return rule_id, Rule(rule_id, text, ref)


RULES: dict[str, Rule] = dict((
    # --- flow of the game ----------------------------------------------------------------
    _rule("cob.flow.over", "The game ends after the fifth phase (E); nothing is played after it.",
          f"{_R11} 'Game end'; {_R19} 'End of the game'"),
    _rule("cob.flow.roll", "Each round starts with every player rolling their two dice and the start player the white die.",
          f"{_R11} 'The five game rounds'; {_R19} 'The five game rounds'"),
    _rule("cob.flow.turn-order", "Players take their turns one after the other in turn order (the bridge: farthest space first, top of a stack first).",
          f"{_R11} 'The five game rounds'; {_R19} 'The five game rounds'"),
    _rule("cob.flow.phase-setup", "Depots are replenished and the phase's goods laid out at the start of a phase, before its first roll.",
          f"{_R11} 'Setup for each phase'; {_R19} 'Before each phase'"),
    # --- table events --------------------------------------------------------------------
    _rule("cob.roll.players", "Every player rolls exactly their own two dice.",
          f"{_R11} 'The five game rounds'"),
    _rule("cob.roll.good", "The start player puts the topmost goods tile of the round spaces on the depot of the white die.",
          f"{_R11} 'The five game rounds': 'takes the topmost goods tile from the round spaces'"),
    _rule("cob.roll.white", "The white die only places the round's goods tile; its result can never be changed with workers.",
          f"{_R11} 'The five game rounds'; {_R19} 'The five game rounds'"),
    _rule("cob.goods.count", "There are 42 goods tiles, 7 of each of the 6 types; each phase uses a stack of 5.",
          f"{_R11} 'Game components', 'Game setup'"),
    _rule("cob.reveal.repeat", "Each depot is replenished once per phase.",
          f"{_R11} 'Setup for each phase'"),
    _rule("cob.reveal.spaces", "A depot gets one tile per space used by the player count (numbered depots 2/3/4 spaces, black depot 4/6/8), each matching its space's colour; with 3 players depot 6's dark-green space takes a mine in phases B and D.",
          f"{_R11} 'Setup for each phase' and board print; {_R19} 'For the 2- and 3-player games', 'Important: in the 3-player game...'"),
    _rule("cob.supply.exhausted", "The game has a fixed number of each hex tile (164: 124 with coloured backs, 40 with black backs).",
          f"{_R11} 'Game components'; {_R19} 'Game materials'"),
    # --- dice and workers ----------------------------------------------------------------
    _rule("cob.die.unused", "A turn consists of exactly two actions, one per die; each die is used once.",
          f"{_R11} 'A player's turn': 'exactly two actions, one per die'"),
    _rule("cob.die.workers", "Each worker tile changes a die by 1 up or down (1 and 6 are adjacent); you need enough workers.",
          f"{_R11} 'A player's turn', 'Worker tiles'; {_R19} 'Worker chips'"),
    _rule("cob.die.value", "The die used says which depot to take from, which space number to fill, which goods type to sell.",
          f"{_R11} 'The actions'; {_R19} 'The game actions'"),
    _rule("cob.setup.experienced", "Experienced setup: each player receives a random duchy and chooses its side and their start castle's dark-green space.",
          f"{_R11} 'Those who know the game well'; {_R19} 'If you are already very familiar with the game'"),
    # --- take / storage ------------------------------------------------------------------
    _rule("cob.take.depot", "Take one hex tile of your choice from the depot whose number matches the die.",
          f"{_R11} 'Action: take six-sided tile from the game board'"),
    _rule("cob.storage.full", "When all 3 storage spaces are full, first discard a stored tile to make room.",
          f"{_R11} 'Take six-sided tile': 'Should all of the storage spaces be full, then he must first choose a prior tile to discard'"),
    _rule("cob.storage.discard", "Only a tile in a full storage may be discarded, to make room for a new one.",
          f"{_R11} 'Take six-sided tile'; {_R19} 'If you don't have an empty slot, you must first create space'"),
    # --- place ---------------------------------------------------------------------------
    _rule("cob.place.stored", "The tile placed comes from your storage spaces, never directly from the game board.",
          f"{_R11} 'Additional rules for placing six-sided tiles': 'must always first place it onto a storage space'"),
    _rule("cob.place.space", "A duchy has 37 spaces in rows of 4, 5, 6, 7, 6, 5 and 4 (a1..g4).",
          f"{_R11} 'The player boards'; {_R19} 'A duchy'"),
    _rule("cob.place.empty", "A tile is placed on an empty space; placed tiles are never moved or removed.",
          f"{_R11} 'Add six-sided tile to your estate': 'corresponding empty space'"),
    _rule("cob.place.colour", "A tile's colour must always match the colour of the space it is placed on.",
          f"{_R11} 'Add six-sided tile to your estate'; {_R19} 'Place hex tile in your duchy'"),
    _rule("cob.place.adjacent", "A newly placed tile must lie directly next to at least one previously placed tile.",
          f"{_R11} 'Add six-sided tile to your estate'; {_R19} 'Place hex tile in your duchy'"),
    _rule("cob.place.city-once", "Each of the 8 building types may occur only once per city (unless knowledge tile 1 is placed).",
          f"{_R11} 'Building (beige)': 'Each of the 8 building types may only occur once per city'"),
    # --- sell ----------------------------------------------------------------------------
    _rule("cob.sell.none", "Selling sells all goods tiles of the die's type from your goods storage; you need at least one.",
          f"{_R11} 'Action: sell goods'; {_R19} 'Action: sell goods'"),
    # --- black depot ---------------------------------------------------------------------
    _rule("cob.buy.once", "Once per turn, in addition to the two dice actions, a player may buy one tile from the black depot.",
          f"{_R11} 'The central black depot'; {_R19} 'The central black depot'"),
    _rule("cob.buy.silver", "A purchase costs 2 silverlings (2019 knowledge tile 6: or 2 workers).",
          f"{_R11} 'The central black depot'; {_R19} knowledge tile 6"),
    _rule("cob.buy.during", "2019: the purchase may be made at any time of the turn, also during an action; 2011: before, between or after the dice actions.",
          f"{_R19} 'The central black depot': 'before, during, between or after'; {_R11} 'The central black depot'"),
    _rule("cob.buy.during-use", "2019: a purchase is written inside a placement only when the action that placement grants places the bought tile (not already stored); any other purchase is its own buy line before or after the action.",
          f"{_R19} 'The central black depot': 'at any time during your turn, i.e. before, during, between or after the two dice actions'; ruling in docs/rulings.md"),
    _rule("cob.buy.depot", "Tiles are bought from the black depot (knowledge tile 6: also from the numbered depots).",
          f"{_R11} 'The central black depot' and knowledge tile 6; {_R19} knowledge tile 6"),
    _rule("cob.buy.stock", "2019 inns: one inn is laid beside the central black depot at the start of each phase (stacked, never cleared); an inn is bought from there, like a black-depot tile, while one lies there.",
          f"{_R19} 'EXPANSIONS', 'The Inns': 'Each phase, place one inn next to the central black depot', 'Like every other hex tile from the black depot, inns can be bought by paying 2 silver coins'"),
    # --- 2019 modules ----------------------------------------------------------------------
    _rule("cob.module.off", "A tile of a 2019 module (an inn, a crane, a white castle) is in play only in a game that switches its module on.",
          f"{_R19} 'EXPANSIONS'"),
    _rule("cob.inn.area", "2019 inns: an inn goes on an empty space of any colour by the regular rules, but at most one inn per colour area.",
          f"{_R19} 'EXPANSIONS', 'The Inns': 'you may only place up to one inn per color area!'"),
    # --- 2019 shields -----------------------------------------------------------------------
    _rule('cob.shield.setup', "2019 shields: the 18 shields are dealt face up onto the depots' goods spaces (2 players: 1 per depot; 3 players: 1 on depots 1, 3, 5 and 2 on 2, 4, 6; 4 players: 2 per depot) and never replaced.",
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'Game setup': 'Randomly place them on the goods spaces of the six depots ... based on the number of players', 'any shields collected from a depot won't be replaced!'"),
    _rule('cob.shield.doubles', '2019 shields: on doubles (workers may make them) a player may take a shield instead of both dice actions.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'Playing the game': 'Whenever you roll doubles*, instead of taking your 2 game actions, you may take a shield', '*As usual, you may use workers to change the result of your dice to create a double'"),
    _rule('cob.shield.depot', "2019 shields: the shield comes from the depot with the doubles' number.",
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'Playing the game': 'take a shield from the depot with the rolled number'"),
    _rule('cob.shield.castle', '2019 shields: a shield goes on one of your castles, empty or replacing a shield there (which leaves the game).',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'Playing the game': 'That shield must be placed on one of your castle tiles ... or replace an existing shield (the old one is removed completely from the game)'"),
    _rule('cob.shield.tribute', '2019 shields: at each phase end, before the mines pay, each shield costs 1 silver; unpaid shields are removed from the game.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'Important!': 'At the end of each phase, before receiving silver from your mines, you must pay tribute for your shields! Each shield costs 1 silver. If you cannot or don't want to pay, you must remove that many shields'"),
    _rule('cob.shield.vp', '2019 shields: each shield in your duchy at the end scores 12 (shields 1-6), 8 (7-12) or 4 (13-18) VP.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities': '(+12 victory points.)', '(+8 victory points.)', '(+4 victory points.)'"),
    _rule('cob.shield.1', '2019 shield 1: while it is in your duchy, all your pasture spaces count as one pasture for animal scoring.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 1) 'all pasture spaces count as connected'"),
    _rule('cob.shield.2', '2019 shield 2: while it is in your duchy, whenever another player gets workers, you take a worker too.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 2) 'whenever another player gets a worker, you also get a worker'"),
    _rule('cob.shield.3', '2019 shield 3: while it is in your duchy, you may pay tribute with workers instead of silver, in any mix.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 3) 'you may pay tribute for your shields with workers instead of silver'"),
    _rule('cob.shield.4', '2019 shield 4: while it is in your duchy, your tile storage is unlimited.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 4) 'an unlimited number of hex tile storage spaces'"),
    _rule('cob.shield.5', '2019 shield 5: while it is in your duchy, when you place a ship you may also take every goods tile of one chosen type from all six depots.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 5) 'whenever you place a ship, you may choose a type of goods'"),
    _rule('cob.shield.6', '2019 shield 6: while it is in your duchy, the monastery tiles of one player you choose count as in your duchy (their later ones too; their VP monasteries at the end).',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 6) 'choose one player. Any monastery tiles in that player's duchy count as if they were in your own duchy'"),
    _rule('cob.shield.7', '2019 shield 7: while it is in your duchy, your bonus tiles score double.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 7) 'your bonus tiles score double'"),
    _rule('cob.shield.8', '2019 shield 8: while it is in your duchy, your mines pay double.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 8) 'double the pay out of your mines'"),
    _rule('cob.shield.9', '2019 shield 9: while it is in your duchy, 1 silver per goods tile sold, not per sale.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 9) 'you gain 1 silver for each goods tile you sell'"),
    _rule('cob.shield.10', '2019 shield 10: while it is in your duchy, at the final scoring your VP monastery tiles score double.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 10) 'your victory point monastery tiles score double'"),
    _rule('cob.shield.11', '2019 shield 11: while it is in your duchy, each time you place a castle, its extra action may take a shield (text missing from the English extraction: 2019 Chinese rulebook p16, see docs/rulings.md).',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', shield 11 (missing from our English extraction; 2019 Traditional Chinese rulebook p16)"),
    _rule('cob.shield.12', '2019 shield 12: while it is in your duchy, double VP per goods tile you sell.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 12) 'double the amount of victory points you get for each goods tile you sell'"),
    _rule('cob.shield.13', "2019 shield 13: while it is in your duchy, at the final scoring your shields' VP are doubled (this one too).",
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 13) 'double the amount of victory points you get for each shield in your duchy (including this one)'"),
    _rule('cob.shield.14', '2019 shield 14: while it is in your duchy, at each phase end take a tile from a numbered depot straight into your duchy, with its effect.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 14) 'at the end of each phase ... take a hex tile from any of the six depots ... Place it directly in your duchy'"),
    _rule('cob.shield.15', '2019 shield 15: while it is in your duchy, at each phase end take a tile from the black depot straight into your duchy, with its effect.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 15) 'at the end of each phase ... take a hex tile from the black depot ... Place it directly in your duchy'"),
    _rule('cob.shield.16', '2019 shield 16: while it is in your duchy, on your turn you may set one die to any number.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 16) 'you may change on your turn the result of one of your dice to any number'"),
    _rule('cob.shield.17', '2019 shield 17: while it is in your duchy, a completed area scores as the next larger size.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 17) 'whenever you complete an area, you score according to the next larger area'"),
    _rule('cob.shield.18', '2019 shield 18: while it is in your duchy, you may place tiles on any space, not only next to placed ones.',
          f"{_R19} 'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 18)) 'you are allowed to place hex tiles on any space in your duchy, not only adjacent'"),
    # --- 2019 extra tiles (castles/module_extra.py) ------------------------------------------
    _rule("cob.tile27", "2019 extra tile #27 (bridge): while it lies in your duchy, your turn-order piece is always on top of a stack on the bridge, actively and passively.",
          f"{_R19} 'EXPANSIONS', 'Bridge (monastery/yellow #27)'"),
    _rule("cob.tile28", "2019 extra tile #28 (workers): only while it lies in your duchy can you buy workers from the supply, in your turn.",
          f"{_R19} 'EXPANSIONS', 'Workers (monastery/yellow #28)'"),
    _rule("cob.tile28.pay", "2019 extra tile #28: 2 workers cost 1 silver coin; they are bought in pairs and paid for.",
          f"{_R19} 'EXPANSIONS', 'Workers (monastery/yellow #28)': '2 workers cost 1 silver coin'"),
    _rule("cob.crane.copy", "2019 crane: when you place it you may trigger the effect of any building (beige), even one not in your duchy; only the crane does so.",
          f"{_R19} 'EXPANSIONS', 'Crane (building/black)'"),
    _rule("cob.crane.score", "2019 crane: at the final scoring it counts as a building of your choice for monastery tiles 16-23 and 29, chosen then.",
          f"{_R19} 'EXPANSIONS', 'Crane (building/black)': 'during final scoring ... counts as a building of your choice'"),
    _rule("cob.geese.score", "2019 geese: placed, 2 VP plus the VP of one other livestock type on the same pasture; +2 VP for every livestock tile placed there later; an extra livestock type for #24.",
          f"{_R19} 'EXPANSIONS', 'Geese (livestock/black)'"),
    # --- 2019 white castles (castles/module_white.py) ------------------------------------------
    _rule("cob.white.workers", "2019 white castle: placing one grants at once an action with the white die's result; workers may change the number (the white die stays as rolled), and you need enough of them.",
          f"{_R19} 'EXPANSIONS', 'The White Castles'"),
    _rule("cob.white.die", "2019 white castle: its action uses the result of the white die rolled this round.",
          f"{_R19} 'EXPANSIONS', 'The White Castles'"),
    _rule("cob.tile29", "2019 white castles: monastery tile #29 scores 4 VP per white castle in your duchy at the end of the game.",
          f"{_R19} 'EXPANSIONS', 'The White Castles'; monastery tile #29"),
    _rule("cob.route.bonus", "2019 trade routes: a sale's further actions are those the choice bonuses of the route spaces its goods matched grant, one each, in route order.",
          f"{_R19} 'EXPANSIONS', 'The Trade Routes': 'If the color of a tile matches the color of the trade route space, you immediately get the corresponding bonus.'"),
    _rule("cob.border.duchy", "2019 border posts: every player plays a no. 11 duchy (11a-11f), one with three border posts.",
          f"{_R19} 'EXPANSIONS', 'New duchies (nos. 11a - 11f)': 'every player receives a no. 11 duchy'"),
    _rule("cob.team.players", "2019 team game: 4 players in 2 teams of 2 (the record names teams A and B, first and second player each).",
          f"{_R19} 'EXPANSIONS', 'THE TEAM GAME': 'Form teams of 2 players'"),
    _rule("cob.team.board", "2019 team game: each team plays one team board of 2 halves (12a1 + 12a2; advanced: 12b) with one castle on the central dark-green 1 space (12b: the 1 or the 6 space, the team's choice); team members use either half.",
          f"{_R19} 'EXPANSIONS', 'THE TEAM GAME', 'GAME SETUP' and 'Notes'"),
    _rule("cob.team.supplies", "2019 team game: each team receives three goods tiles on its team storage, 3 workers (team A) or 5 (team B) and 2 silver coins.",
          f"{_R19} 'EXPANSIONS', 'THE TEAM GAME', 'GAME SETUP'"),
    _rule("cob.team.order", "2019 team game: round 1 is played in the order A1, B1, A2, B2; later rounds by the bridge.",
          f"{_R19} 'EXPANSIONS', 'THE TEAM GAME', 'GAME SETUP'"),
    _rule("cob.team.storage", "2019 team game: each team has 2 shared hex tile storage spaces and each player 2 private ones; a full storage needs a discard.",
          f"{_R19} 'EXPANSIONS', 'THE TEAM GAME', 'PLAYING THE GAME'"),
    _rule("cob.team.private", "2019 team game: all resources but private hex tiles are the team's; a player cannot use their team member's dice or private hex tiles.",
          f"{_R19} 'EXPANSIONS', 'THE TEAM GAME', 'PLAYING THE GAME'"),
    _rule("cob.team.stays", "2019 team game: hex tiles may not be moved from one storage to another.",
          f"{_R19} 'EXPANSIONS', 'THE TEAM GAME', 'PLAYING THE GAME'"),
    _rule("cob.team.bridge", "2019 team game: a player whose piece is on the final space of the bridge who places a ship puts the piece on top of the stack there.",
          f"{_R19} 'EXPANSIONS', 'THE TEAM GAME', 'Notes'"),
    _rule("cob.team.score", "2019 team game: a team scores the sum of both members' VP; the team with more VP wins, a tie going to the team with more empty spaces in its duchy.",
          f"{_R19} 'EXPANSIONS', 'THE TEAM GAME', 'FINAL SCORING'"),
    # --- effects of placed tiles ---------------------------------------------------------
    _rule("cob.effect.none", "Only castles, ships and buildings with a choice (warehouse, carpenter's workshop, church, market, city hall) grant a further action or choice.",
          f"{_R11} 'Add six-sided tile to your estate', 'The buildings'"),
    _rule("cob.ship.goods", "A ship takes all goods tiles of any one depot, as far as the 3 goods storage types allow; the rest stays.",
          f"{_R11} 'Ship (blue)' 1.; {_R19} 'Ship (blue)' 1."),
    _rule("cob.ship.second-depot", "With knowledge tile 5, a ship may also take the goods of a neighbouring depot.",
          f"{_R11} knowledge tile 5; {_R19} knowledge tile 5"),
    _rule("cob.building.warehouse", "A warehouse sells one goods type of your choice, as the sell action.",
          f"{_R11} 'The buildings: Warehouse'"),
    _rule("cob.building.take", "Carpenter's workshop: a building; church: a mine, knowledge or castle tile; market: a ship or animal tile -- from a numbered depot, not the black depot.",
          f"{_R11} 'The buildings: Carpenter's workshop, Church, Market'"),
    _rule("cob.building.city-hall", "A city hall places one more tile from storage, with its effects, without a die.",
          f"{_R11} 'The buildings: City hall'; {_R19} 'Town hall'"),
    # --- manual corrections ---------------------------------------------------------------
    _rule("cob.correction.range", "A correction cannot leave a player with a negative number of silverlings, workers or goods, nor with goods of more than 3 types.",
          "burgundy notation: corrections (docs/notation.md)"),
))


def rule(rule_id: str):
    """The registered rule ``rule_id`` (KeyError for an unregistered id: a bug)."""
    return RULES[rule_id]
