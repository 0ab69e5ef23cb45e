"""Every rule the Castles of Burgundy referee enforces, by stable id (``cob.*``), and where it
stands in each edition's rulebook: one row per rule, the one place of both.

A row gives the rule's id, ``text`` (a close paraphrase of the rulebook), and its passage in
each edition's English rulebook (../shared/rules/; "2011": the first edition,
alea/Ravensburger; "2019": the 2019 edition with expansions), headings quoted as the
rulebooks print them. A rule of a 2019 module has no 2011 passage (None): a 2011 record
cannot switch a module on, so it never meets the rule. :data:`PASSAGES` keeps the passages
by edition; ``castles/rules/citations.py`` makes an error in a record cite its own edition's
passage. ``Rule.ref`` -- what an error cites where no edition is known (the engine called
directly) -- is every edition's passage, joined. The engine raises :class:`IllegalMoveError`
only with rules from :data:`RULES`; docs/rules-coverage.md maps each id to the tests that
raise it.

The package's modules are the base game that enforces them: the commands (:mod:`.commands`), tiles
and boards (:mod:`.tiles`, :mod:`.boards`), the state (:mod:`.state`), the placement rules and
actions (:mod:`.placement`, :mod:`.actions`), the engine (:mod:`.engine`) and scoring
(:mod:`.scoring`, :mod:`.solo_standing`), and the edition's citation of a refusal (:mod:`.citations`).
"""

from __future__ import annotations

from burgundy_cli.core.errors import Rule

#: The editions a passage is given for, in a row's order.
EDITIONS = ("2011", "2019")


def _rule(rule_id: str, text: str | tuple[str, str], first: str | None, second: str | None,
          ref: str | None = None) -> tuple[str, Rule, dict[str, str], dict[str, str]]:
    """One row: the rule, its passages by edition (``first``: 2011, ``second``: 2019; None
    where the edition has no such rule) and its text by edition. ``text``: one paraphrase for
    both editions, or (2011's, 2019's) where their wording differs (the rule a citation in a
    2011 record gives is 2011's, :mod:`~burgundy_cli.castles.rules.citations`). ``ref``: for a rule
    of the notation's own, not of a rulebook, what it cites instead."""
    passages = {}  # (a row a start: no comprehension, zip and generator for two editions)
    if first is not None:
        passages[_FIRST] = first
    if second is not None:
        passages[_SECOND] = second
    if isinstance(text, tuple):
        texts = {_FIRST: text[0], _SECOND: text[1]}
        text = f"{_FIRST}: {text[0]} {_SECOND}: {text[1]}"
    else:
        texts = {}
    if not ref:
        ref = "; ".join([f"{edition} rules {passage}" for edition, passage in passages.items()])
    return rule_id, Rule(rule_id, text, ref), passages, texts


_FIRST, _SECOND = EDITIONS


_ROWS = (
    # --- flow of the game ----------------------------------------------------------------
    _rule("cob.flow.over", "The game ends after the fifth phase (E); nothing is played after it.",
          "'Game end': 'The game ends after the fifth phase has been played through to completion'",
          "'End of the game': 'The game ends when the fifth phase (phase E) has been completed'"),
    _rule("cob.flow.roll", "Each round starts with every player rolling their two dice and the start player the white die.",
          "'The five game rounds'",
          "'The five game rounds'"),
    _rule("cob.flow.turn-order", ("Players take their turns one after the other in turn order (the turn order track: "
                                  "farthest space first, top of a tower first).",
                                  "Players take their turns one after the other in turn order (the bridge: farthest "
                                  "space first, top of a stack first)."),
          "'The five game rounds'",
          "'The five game rounds'"),
    _rule("cob.flow.phase-setup", "Depots are replenished and the phase's goods laid out at the start of a phase, before its first roll.",
          "'Setup for each phase'",
          "'Before each phase'"),
    _rule("cob.mine.income", ("At the end of each phase every player receives 1 Silverling per mine in their estate (knowledge tile 2: also 1 worker tile per mine).",
                              "At the end of each phase every player receives 1 silver coin per mine in their duchy (monastery tile 2: also 1 worker per mine)."),
          "'End of a phase': 'A phase ends after five rounds. Players with mines now receive the corresponding number of Silverlings'; 'The Yellow Tiles' (pp. 10-11), tile 2: 'receives one worker tile from the general supply in addition to the usual Silverling for each of his mines at the end of each phase'",
          "'End of a phase': 'Each phase ends after five rounds. Now, players receive 1 silver coin for every mine they currently have in their duchy'; 'The monastery tiles', tile 2: 'for each mine you have placed, you get a worker in addition to the silver coin at the end of each phase'"),
    # --- table events --------------------------------------------------------------------
    _rule("cob.roll.players", "Every player rolls exactly their own two dice.",
          "'The five game rounds': 'all players roll their two dice'",
          "'The five game rounds': 'each player rolls their two dice'"),
    _rule("cob.roll.good", "The start player puts the topmost goods tile of the round spaces on the depot of the white die.",
          "'The five game rounds': 'takes the topmost goods tile from the round spaces'",
          "'The five game rounds': 'place the first face up goods tile from the round spaces'"),
    _rule("cob.roll.white", ("The white die only places the round's goods tile; its result can never be changed with worker tiles.",
                             "The white die only places the round's goods tile; its result can never be changed with workers."),
          "'The five game rounds': 'can never be adjusted via worker tiles!'",
          "'The five game rounds': 'its result cannot be changed by using a worker!'"),
    _rule("cob.goods.count", "There are 42 goods tiles, 7 of each of the 6 types; each phase uses a stack of 5.",
          "'Game components', 'Game setup'",
          "'Game materials', 'Game setup'"),
    _rule("cob.reveal.repeat", "Each depot is replenished once per phase.",
          "'Setup for each phase'",
          "'Before each phase'"),
    _rule("cob.reveal.spaces", "A depot gets one tile per space used by the player count (numbered depots 2/3/4 spaces, black depot 4/6/8), each matching its space's colour; with 3 players depot 6's dark-green space takes a mine in phases B and D.",
          "'Setup for each phase' and the board print",
          "'Before each phase', 'For the 2- and 3-player games' (p. 11)"),
    _rule("cob.supply.exhausted", ("The game has a fixed number of each six-sided tile (164: 124 with coloured backs, 40 with black backs).",
                                   "The game has a fixed number of each hex tile (164 in the base game: 124 with coloured backs, 40 with black backs; each module's tiles besides)."),
          "'Game components'",
          "'Game materials'"),
    # --- dice and workers ----------------------------------------------------------------
    _rule("cob.die.unused", "A turn consists of exactly two actions, one per die; each die is used once.",
          "'A player's turn': 'exactly two actions, one per die'",
          "'A player's turn': 'two game actions, one for each die'"),
    _rule("cob.die.workers", ("Each worker tile changes a die by 1 up or down (1 and 6 are adjacent; knowledge tile 8: by 2; tiles 9-12: by 1 free for their action); you need enough worker tiles.",
                              "Each worker chip changes a die by 1 up or down (1 and 6 are adjacent; monastery tile 8: by 2; tiles 9-12: by 1 free for their action); you need enough workers."),
          "'A player's turn': 'Worker tiles'; 'The Yellow Tiles' (pp. 10-11), tiles 8-12",
          "'A player's turn': 'Worker chips'; 'The monastery tiles', tiles 8-12"),
    _rule("cob.die.value", "The die used says which depot to take from, which space number to fill, which goods type to sell.",
          "'The actions'",
          "'The game actions'"),
    _rule("cob.setup.experienced", ("Experienced setup: each player receives a random player board and chooses its side and their start castle's dark-green space.",
                                    "Experienced setup: each player receives a random duchy and chooses its side and their start castle's dark-green space."),
          "'Those who know the game well': 'each player receives a random player board'",
          "'If you are already very familiar with the game': 'each player receives a random duchy'"),
    # --- take / storage ------------------------------------------------------------------
    _rule("cob.take.depot", ("Take one six-sided tile of your choice from the depot whose number matches the die.",
                             "Take one hex tile of your choice from the depot whose number matches the die."),
          "'Action \"Take six-sided tile from the game board\"'",
          '\'Action "Take hex tile from game board"\''),
    _rule("cob.storage.full", "When all 3 storage spaces are full, first discard a stored tile to make room.",
          "'Take six-sided tile': 'Should all of the storage spaces be full, then he must first choose a prior tile to discard'",
          "'Take hex tile from game board': 'If you don't have an empty slot, you must first create space by discarding a hex tile'"),
    _rule("cob.storage.discard", "Only a tile in a full storage may be discarded, to make room for a new one.",
          "'Take six-sided tile'",
          "'Take hex tile from game board': 'you must first create space'"),
    # --- place ---------------------------------------------------------------------------
    _rule("cob.place.stored", "The tile placed comes from your storage spaces, never directly from the game board.",
          "'Additional rules for placing six-sided tiles': 'must always first place it onto a storage space'",
          "'Additional rules for placing hex tiles': 'you must always place it on one of your key spaces'"),
    _rule("cob.place.space", ("An estate has 37 spaces in rows of 4, 5, 6, 7, 6, 5 and 4 (a1..g4).",
                              "A duchy has 37 spaces in rows of 4, 5, 6, 7, 6, 5 and 4 (a1..g4)."),
          "'The player boards'",
          "'Game setup': 'A duchy'"),
    _rule("cob.place.empty", "A tile is placed on an empty space; placed tiles are never moved or removed.",
          "'Add six-sided tile to your estate': 'corresponding empty space'",
          "'Place hex tile in your duchy': 'an unused hex space'"),
    _rule("cob.place.colour", "A tile's colour must always match the colour of the space it is placed on.",
          "'Add six-sided tile to your estate'",
          "'Place hex tile in your duchy'"),
    _rule("cob.place.adjacent", "A newly placed tile must lie directly next to at least one previously placed tile.",
          "'Add six-sided tile to your estate'",
          "'Place hex tile in your duchy'"),
    _rule("cob.place.city-once", ("Each of the 8 building types may occur only once per city (unless knowledge tile 1 is placed).",
                                  "Each of the 8 building types may occur only once per town (unless monastery tile 1 is placed)."),
          "'Building (beige)': 'Each of the 8 building types may only occur once per city'",
          "'Buildings': 'Each of the eight building types may be built only once per town'"),
    # --- sell ----------------------------------------------------------------------------
    _rule("cob.sell.none", "Selling sells all goods tiles of the die's type from your goods storage; you need at least one.",
          "'Action \"Sell goods\"' (p. 9)",
          "'Sell goods'"),
    # --- black depot ---------------------------------------------------------------------
    _rule("cob.buy.once", "Once per turn, in addition to the two dice actions, a player may buy one tile from the black depot.",
          "'The central black depot'",
          '\'The central "black depot"\''),
    _rule("cob.buy.silver", ("A purchase costs 2 Silverlings.",
                             "A purchase costs 2 silver coins (monastery tile 6: or 2 worker chips)."),
          "'The central black depot': 'return 2 Silverlings to the general supply'",
          '\'The central "black depot"\' and \'The monastery tiles\', tile 6'),
    _rule("cob.buy.during", ("The purchase is made before, between or after the dice actions, not during one.",
                             "The purchase may be made at any time of the turn: before, during, between or after the two dice actions."),
          "'The central black depot': 'before, between or after the dice actions'",
          '\'The central "black depot"\': \'before, during, between or after\''),
    _rule("cob.buy.during-use", ("A purchase is its own buy line, before, between or after the dice actions, never inside a placement.",
                                 "A purchase is written inside a placement only when the action that placement grants places the bought tile (not already stored); any other purchase is its own buy line before or after the action."),
          "'The central black depot'; ruling in docs/rulings.md",
          '\'The central "black depot"\': \'at any time during your turn, i.e. before, during, between or after the two dice actions\'; ruling in docs/rulings.md'),
    _rule("cob.buy.depot", ("Tiles are bought from the black depot (knowledge tile 6: also from the six numbered depots).",
                            "Tiles are bought from the black depot (monastery tile 6: also from the numbered depots)."),
          "'The central black depot' and 'The Yellow Tiles' (pp. 10-11), tile 6",
          '\'The central "black depot"\' and \'The monastery tiles\', tile 6'),
    _rule("cob.buy.stock", "2019 inns: one inn is laid beside the central black depot at the start of each phase (stacked, never cleared); an inn is bought from there, like a black-depot tile, while one lies there.",
          None,
          "'EXPANSIONS', 'The Inns': 'Each phase, place one inn next to the central black depot', 'Like every other hex tile from the black depot, inns can be bought by paying 2 silver coins'"),
    # --- 2019 modules ----------------------------------------------------------------------
    _rule("cob.module.off", ("The game is played with the 164 six-sided tiles of its components: no other tile or line kind is in play.",
                             "A tile or line kind of a 2019 module (an inn, a crane, a white castle; a shield, a tribute, the solo game's lines) is in play only in a game that switches its module on."),
          "'Game components': '164 six-sided tiles'",
          "'EXPANSIONS'"),
    _rule("cob.inn.area", "2019 inns: an inn goes on an empty space of any colour by the regular rules, but at most one inn per colour area.",
          None,
          "'EXPANSIONS', 'The Inns': 'An inn can be placed on any empty hex space on your duchy (according to the regular rules). However, you may only place up to one inn per color area!'"),
    # --- 2019 shields -----------------------------------------------------------------------
    _rule('cob.shield.setup', "2019 shields: the 18 shields are dealt face up onto the depots' goods spaces (2 players: 1 per depot; 3 players: 1 on depots 1, 3, 5 and 2 on 2, 4, 6; 4 players: 2 per depot) and never replaced.",
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'Game setup': 'Randomly place them on the goods spaces of the six depots ... based on the number of players', 'any shields collected from a depot won't be replaced!'"),
    _rule('cob.shield.doubles', '2019 shields: on doubles (workers may make them) a player may take a shield instead of both dice actions.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'Playing the game': 'Whenever you roll doubles*, instead of taking your 2 game actions, you may take a shield', '*As usual, you may use workers to change the result of your dice to create a double'"),
    _rule('cob.shield.depot', "2019 shields: the shield comes from the depot with the doubles' number.",
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'Playing the game': 'take a shield from the depot with the rolled number'"),
    _rule('cob.shield.castle', '2019 shields: a shield goes on one of your castles, empty or replacing a shield there (which leaves the game).',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'Playing the game': 'That shield must be placed on one of your castle tiles ... or replace an existing shield (the old one is removed completely from the game)'"),
    _rule('cob.shield.tribute', '2019 shields: at each phase end, before the mines pay, each shield costs 1 silver; unpaid shields are removed from the game.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'Important!': 'At the end of each phase, before receiving silver from your mines, you must pay tribute for your shields! Each shield costs 1 silver. If you cannot or don't want to pay, you must remove that many shields'"),
    _rule('cob.shield.vp', '2019 shields: each shield in your duchy at the end scores 12 (shields 1-6), 8 (7-12) or 4 (13-18) VP.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities': '(+12 victory points.)', '(+8 victory points.)', '(+4 victory points.)'"),
    _rule('cob.shield.1', '2019 shield 1: while it is in your duchy, all your pasture spaces count as one pasture for animal scoring.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 1) 'all pasture spaces count as connected'"),
    _rule('cob.shield.2', '2019 shield 2: while it is in your duchy, whenever another player gets workers, you take a worker too.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 2) 'whenever another player gets a worker, you also get a worker'"),
    _rule('cob.shield.3', '2019 shield 3: while it is in your duchy, you may pay tribute with workers instead of silver, in any mix.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 3) 'you may pay tribute for your shields with workers instead of silver'"),
    _rule('cob.shield.4', '2019 shield 4: while it is in your duchy, your tile storage is unlimited.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 4) 'an unlimited number of hex tile storage spaces'"),
    _rule('cob.shield.5', '2019 shield 5: while it is in your duchy, when you place a ship you may also take every goods tile of one chosen type from all six depots.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 5) 'whenever you place a ship, you may choose a type of goods'"),
    _rule('cob.shield.6', '2019 shield 6: while it is in your duchy, the monastery tiles of one player you choose count as in your duchy (their later ones too; their VP monasteries at the end).',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 6) 'choose one player. Any monastery tiles in that player's duchy count as if they were in your own duchy'"),
    _rule('cob.shield.7', '2019 shield 7: while it is in your duchy, your bonus tiles score double.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 7) 'your bonus tiles score double'"),
    _rule('cob.shield.8', '2019 shield 8: while it is in your duchy, your mines pay double.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 8) 'double the pay out of your mines'"),
    _rule('cob.shield.9', '2019 shield 9: while it is in your duchy, 1 silver per goods tile sold, not per sale.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 9) 'you gain 1 silver for each goods tile you sell'"),
    _rule('cob.shield.10', '2019 shield 10: while it is in your duchy, at the final scoring your VP monastery tiles score double.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 10) 'your victory point monastery tiles score double'"),
    _rule('cob.shield.11', '2019 shield 11: while it is in your duchy, each time you place a castle, its extra action may take a shield (text missing from the English extraction: 2019 Chinese rulebook p16, see docs/rulings.md).',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', shield 11 (missing from our English extraction; 2019 Traditional Chinese rulebook p16)"),
    _rule('cob.shield.12', '2019 shield 12: while it is in your duchy, double VP per goods tile you sell.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 12) 'double the amount of victory points you get for each goods tile you sell'"),
    _rule('cob.shield.13', "2019 shield 13: while it is in your duchy, at the final scoring your shields' VP are doubled (this one too).",
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 13) 'double the amount of victory points you get for each shield in your duchy (including this one)'"),
    _rule('cob.shield.14', '2019 shield 14: while it is in your duchy, at each phase end take a tile from a numbered depot straight into your duchy, with its effect.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 14) 'at the end of each phase ... take a hex tile from any of the six depots ... Place it directly in your duchy'"),
    _rule('cob.shield.15', '2019 shield 15: while it is in your duchy, at each phase end take a tile from the black depot straight into your duchy, with its effect.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 15) 'at the end of each phase ... take a hex tile from the black depot ... Place it directly in your duchy'"),
    _rule('cob.shield.16', '2019 shield 16: while it is in your duchy, on your turn you may set one die to any number.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 16) 'you may change on your turn the result of one of your dice to any number'"),
    _rule('cob.shield.17', '2019 shield 17: while it is in your duchy, a completed area scores as the next larger size.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 17) 'whenever you complete an area, you score according to the next larger area'"),
    _rule('cob.shield.18', '2019 shield 18: while it is in your duchy, you may place tiles on any space, not only next to placed ones.',
          None,
          "'EXPANSIONS', 'THE SHIELDS', 'List of shield abilities', 18)) 'you are allowed to place hex tiles on any space in your duchy, not only adjacent'"),
    # --- 2019 extra tiles (castles/modules/extra.py) ------------------------------------------
    _rule("cob.tile27", "2019 extra tile #27 (bridge): while it lies in your duchy, your turn-order piece is always on top of a stack on the bridge, actively and passively.",
          None,
          "'EXPANSIONS', 'Bridge (monastery/yellow #27)': 'your turn order piece ... is always placed on top. This applies both actively and passively'"),
    _rule("cob.tile28", "2019 extra tile #28 (workers): only while it lies in your duchy can you buy workers from the supply, in your turn.",
          None,
          "'EXPANSIONS', 'Workers (monastery/yellow #28)': 'If this tile is in your duchy, you can buy workers from the supply'"),
    _rule("cob.tile28.pay", "2019 extra tile #28: 2 workers cost 1 silver coin; they are bought in pairs and paid for.",
          None,
          "'EXPANSIONS', 'Workers (monastery/yellow #28)': '2 workers cost 1 silver coin'"),
    _rule("cob.extra.piles", "2019 extra tiles: the 4 additional hex tiles are shuffled into the matching piles: the crane and the geese (black backs) come only to the black depot.",
          None,
          "'EXPANSIONS': '4 additional hex tiles: These are shuffled into the matching piles (black and yellow)'"),
    _rule("cob.crane.copy", "2019 crane: when you place it you may trigger the effect of any building (beige), even one not in your duchy; only the crane does so.",
          None,
          "'EXPANSIONS', 'Crane (building/black)': 'you may immediately trigger the effect of any building (beige) you want even if that building is not in you duchy'"),
    _rule("cob.crane.score", "2019 crane: at the final scoring it counts as a building of your choice for monastery tiles 16-23 and 29, chosen then.",
          None,
          "'EXPANSIONS', 'Crane (building/black)': 'during final scoring ... the crane counts as a building of your choice for the corresponding monastery tiles (16-23 + 29)'"),
    _rule("cob.geese.score", "2019 geese: placed, 2 VP plus the VP of one other livestock type on the same pasture; +2 VP for every livestock tile placed there later; an extra livestock type for #24.",
          None,
          "'EXPANSIONS', 'Geese (livestock/black)': 'you score 2 victory points, plus victory points for one other type of livestock that is on the same pasture'"),
    # --- 2019 white castles (castles/modules/white.py) ------------------------------------------
    _rule("cob.white.workers", "2019 white castle: placing one grants at once an action with the white die's result; workers may change the number (the white die stays as rolled), and you need enough of them.",
          None,
          "'EXPANSIONS', 'The White Castles': 'immediately take an action using the result of the white die. You are allowed to use workers to change the rolled number'"),
    _rule("cob.white.action", "2019 white castle: its action is one of the four actions (take a tile, place a tile, sell goods, take workers), with the white die's result.",
          None,
          "'EXPANSIONS', 'The White Castles': 'immediately take an action using the result of the white die'"),
    _rule("cob.white.die", "2019 white castle: its action uses the result of the white die rolled this round.",
          None,
          "'EXPANSIONS', 'The White Castles': 'using the result of the white die'"),
    _rule("cob.tile29", "2019 white castles: monastery tile #29 scores 4 VP per white castle in your duchy at the end of the game.",
          None,
          "'EXPANSIONS', 'The White Castles'; 'The monastery tiles', '16–23 + 29) At the end of the game, if such a tile is in your duchy, you gain 4 victory points for each building of that type that you placed in your duchy'"),
    _rule("cob.route.bonus", "2019 trade routes: a sale's further actions are those the choice bonuses of the route spaces its goods matched grant, one each, in route order.",
          None,
          "'EXPANSIONS', 'The Trade Routes': 'If the color of a tile matches the color of the trade route space, you immediately get the corresponding bonus.'"),
    _rule("cob.border.duchy", "2019 border posts: every player plays a no. 11 duchy (11a-11f), one with three border posts.",
          None,
          "'EXPANSIONS', 'New duchies (nos. 11a - 11f)': 'every player receives a no. 11 duchy'"),
    _rule("cob.border.posts", "2019 border posts: joining two border posts with hex tiles scores the current phase's value (10, 8, 6, 4 or 2 VP); the first to join all three also scores the colour bonus's large value (5, 6 or 7 VP for 2-4 players), the second its small value (2, 3 or 4 VP).",
          None,
          "'EXPANSIONS', 'New duchies (nos. 11a - 11f)': 'they score victory points according to the current phase (i.e. 10, 8, 6, 4, or 2)', 'whoever first connects all three border posts, they also get to score the usual \"color bonus\"', 'The runner-up receives 2, 3, or 4 victory points'"),
    _rule("cob.team.players", "2019 team game: 4 players in 2 teams of 2 (the record names teams A and B, first and second player each).",
          None,
          "'EXPANSIONS', 'THE TEAM GAME': 'Form teams of 2 players, seated next to each other'"),
    _rule("cob.team.board", "2019 team game: each team plays one team board of 2 halves (12a1 + 12a2; advanced: 12b) with one castle on the central dark-green 1 space (12b: the 1 or the 6 space, the team's choice); team members use either half.",
          None,
          "'EXPANSIONS', 'THE TEAM GAME', 'GAME SETUP': 'a team board consisting of 2 board halves (12a1 + 12a2)', 'a castle; place it on the central dark green 1 hex space. (When using 12b, each team chooses either the 1 or the 6 dark green hex space.)'; 'Notes': 'team members can interact with either half of the team board'"),
    _rule("cob.team.supplies", "2019 team game: each team receives three goods tiles on its team storage, 3 workers (team A) or 5 (team B) and 2 silver coins.",
          None,
          "'EXPANSIONS', 'THE TEAM GAME', 'GAME SETUP': 'three random goods tiles; place them on the corresponding team storage spaces', '3 worker chips (for team A) and 5 worker chips (for team B), plus 2 silver coins per team'"),
    _rule("cob.team.order", "2019 team game: round 1 is played in the order A1, B1, A2, B2; later rounds by the bridge.",
          None,
          "'EXPANSIONS', 'THE TEAM GAME', 'GAME SETUP': 'For round 1, place the turn order track playing pieces according to the following turn order: A1, B1, A2, B2'"),
    _rule("cob.team.storage", "2019 team game: each team has 2 shared hex tile storage spaces and each player 2 private ones; a full storage needs a discard.",
          None,
          "'EXPANSIONS', 'THE TEAM GAME', 'PLAYING THE GAME': 'each team has 2 shared hex tile storage spaces (down center of the team board), and each player has 2 private hex tile storage spaces'"),
    _rule("cob.team.private", "2019 team game: all resources but private hex tiles are the team's; a player cannot use their team member's dice or private hex tiles.",
          None,
          "'EXPANSIONS', 'THE TEAM GAME', 'PLAYING THE GAME': 'You cannot use your team member's dice or private hex tiles.'"),
    _rule("cob.team.stays", "2019 team game: hex tiles may not be moved from one storage to another.",
          None,
          "'EXPANSIONS', 'THE TEAM GAME', 'PLAYING THE GAME': 'Hex tiles may not be moved from one storage to another.'"),
    _rule("cob.team.bridge", "2019 team game: a player whose piece is on the final space of the bridge who places a ship puts the piece on top of the stack there.",
          None,
          "'EXPANSIONS', 'THE TEAM GAME', 'Notes': 'if your playing piece is on the final space of the bridge and you place a ship, and there is a stack of playing pieces, place your piece on top'"),
    _rule("cob.team.score", "2019 team game: a team scores the sum of both members' VP; the team with more VP wins, a tie going to the team with more empty spaces in its duchy.",
          None,
          "'EXPANSIONS', 'THE TEAM GAME', 'FINAL SCORING': 'Add up the victory points of both team members. ... If there is a tie, the team with more empty spaces in their duchy wins the game.'"),
    # --- 2019 solo game (castles/modules/solo.py) --------------------------------------------
    _rule('cob.solo.players', '2019 solo game: played by 1 player, with the solo duchy (13A/13B).',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Game setup': 'side 13A is for beginning players, side 13B is for advanced players'"),
    _rule('cob.solo.setup', '2019 solo game: start with 1 silver coin, 2 workers and 3 random goods tiles, a castle on any dark-green space of the duchy; no limit on the number of goods types held.',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Game setup': 'You start the game with 1 silver coin, 2 workers and 3 random goods tiles', 'there is no restriction for the number of different types (= colors) of goods that you can collect'"),
    _rule('cob.solo.remove', "2019 solo game: each of the 25 rounds starts with all 3 dice; the goods tile goes to the white die's depot, then a hex tile of that depot leaves the game (top to bottom; left to right for depots 1 and 4), from the next depot clockwise if it is empty; before the dice actions and before a pass.",
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'Then remove a hex tile from that depot from the game, starting from top to bottom (depots 2, 3, 5, and 6) or left to right (depots 1 and 4) respectively. If a depot is empty, remove a hex tile from the next depot in clockwise order'"),
    _rule('cob.solo.river', '2019 solo game: you can only expand to other regions via the rivers.',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'You can only expand to other regions via the rivers.'"),
    _rule('cob.solo.goods', '2019 solo game: no limit on goods types, so a ship takes every goods tile of its depot (nothing to keep).',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Game setup': 'there is no restriction for the number of different types (= colors) of goods'"),
    _rule('cob.solo.ship', '2019 solo game: placing a ship takes all goods of a depot of your choice, then all other goods on all depots leave the game.',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'Whenever you place a ship, take all goods from a depot of your choice, then immediately remove all other goods from all other depots from the game.'"),
    _rule('cob.solo.exchange', '2019 solo game: after placing a ship (only then, once a ship) you may give any 5 goods tiles for one hex tile of the black depot, which goes face down to a storage space as a black hex tile; it stays open until the next roll, or with option solo-exchange-only-now until the next action of the player.',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'you now (and only now!) have the option to exchange any 5 of your goods for a single hex tile from the central black depot'"),
    _rule('cob.solo.black-hex', "2019 solo game: a black hex tile goes on a space of any colour, by the base game's placement rules, and has no effect (a black mine pays nothing, a black ship takes no goods).",
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'can be placed on any color space in your duchy ... has no other effect (!)'"),
    _rule('cob.solo.monastery', "2019 solo game: a monastery tile's VP are scored when it is placed, not at the end; #26 gives 3 VP per colour completed so far.",
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'Victory points from a monastery tile are added immediately after placing it'"),
    _rule('cob.solo.colour', '2019 solo game: completing a colour gives no bonus; a hex tile from the black depot is placed straight into the duchy with its effects (again for each colour it completes).',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'You won't gain a victory point bonus when you complete a color. Instead, choose a hex tile from the black depot and place it directly on your duchy'"),
    _rule('cob.solo.counter', '2019 solo game: the VP counter moves with the VP gained; reaching the target marker (start 50, or 45-55) puts it back to the start (VP beyond are lost), moves the target down 5, and grants at once a dice action of your choice.',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'When you reach the target victory point marker, place your counter back on the start space (any remaining victory points are lost), then move the target marker down 5 spaces'"),
    _rule('cob.solo.vp', '2019 solo game: whenever you gain VP you may buy more, 1 silver coin each.',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'Playing the game': 'Whenever you do, you may buy additional victory points. Each victory point costs 1 silver coin.'"),
    _rule('cob.solo.end', '2019 solo game: you win if all 37 spaces of your duchy are filled within the 25 rounds.',
          None,
          "'EXPANSIONS', 'THE SOLO GAME', 'End of the game': 'You win the game if you managed to fill all 37 hex spaces of your duchy within 25 rounds.'"),
    # --- effects of placed tiles ---------------------------------------------------------
    _rule("cob.effect.none", "Only castles, ships and buildings with a choice (warehouse, carpenter's workshop, church, market, city hall) grant a further action or choice.",
          "'Add six-sided tile to your estate', 'The buildings'",
          "'Place hex tile in your duchy', 'The buildings'"),
    _rule("cob.ship.goods", "A ship takes all goods tiles of any one depot, as far as the 3 goods storage types allow; the rest stays.",
          "'Ship (blue)' 1.",
          "'Ship (blue)' 1."),
    _rule("cob.ship.second-depot", ("With knowledge tile 5, a ship may also take the goods of a neighbouring depot.",
                                    "With monastery tile 5, a ship may also take the goods of a neighbouring depot."),
          "'The Yellow Tiles' (pp. 10-11), tile 5",
          "'The monastery tiles', tile 5"),
    _rule("cob.castle.action", ("A castle added to the estate grants at once one more action of the four (take a tile, place a tile, sell goods, take worker tiles), as with a die of any number.",
                                "A castle placed in the duchy grants at once one more action of the four (take a tile, place a tile, sell goods, take workers), as with a die of any number."),
          "'Castle (dark green)': 'he *immediately* carries out an additional action *of his choice* as if he had an extra die with any result he wishes at his disposal'",
          "'Castle (dark green)': 'you *immediately* take an additional action, just as if you had another die with a result *of your choice* at your disposal'"),
    _rule("cob.building.warehouse", "A warehouse sells one goods type of your choice, as the sell action.",
          "'The buildings': 'Warehouse'",
          "'The buildings': 'Warehouse'"),
    _rule("cob.building.take", ("Carpenter's workshop: a building; church: a mine, knowledge or castle tile; market: a ship or animal tile -- from a numbered depot, not the black depot.",
                                "Carpenter's workshop: a building; church: a mine, monastery or castle tile; market: a ship or livestock tile -- from a numbered depot, not the black depot."),
          "'The buildings': 'Carpenter's Workshop', 'Church', 'Market'",
          "'The buildings': 'Carpenter's Workshop', 'Church', 'Market'"),
    _rule("cob.building.city-hall", "A city hall places one more tile from storage, with its effects, without a die.",
          "'The buildings': 'City Hall'",
          "'The buildings': 'Town hall'"),
    # --- manual corrections ---------------------------------------------------------------
    _rule("cob.correction.range", "A correction cannot leave a player with a negative number of silverlings, workers or goods, nor with goods of more than 3 types.",
          None,
          None,
          ref="burgundy notation: corrections (docs/notation.md)"),
)

#: rule id -> the rule (id, text, ``ref``).
RULES: dict[str, Rule] = {rule_id: rule for rule_id, rule, _, _ in _ROWS}
#: rule id -> edition -> the rule's passage in that edition's rulebook (an edition without the
#: rule has no entry).
PASSAGES: dict[str, dict[str, str]] = {rule_id: passages for rule_id, _, passages, _ in _ROWS}
#: rule id -> edition -> the rule's text in that edition's words, for a rule whose wording
#: differs between the editions (any other rule's ``text`` is both editions').
TEXTS: dict[str, dict[str, str]] = {rule_id: texts for rule_id, _, _, texts in _ROWS if texts}


def rule(rule_id: str):
    """The registered rule ``rule_id`` (KeyError for an unregistered id: a bug)."""
    return RULES[rule_id]


# --- the rules a legal line passed ------------------------------------------------------------

#: While :func:`recording` runs: (rule id, why it held) for each check the line passed, in the
#: order the checks ran; None otherwise (the checks then record nothing).
PASSED: list[tuple[str, str]] | None = None


def passed(rule_id: str, why: str, *args) -> None:
    """The check of ``rule_id`` has just allowed the line: ``why`` (formatted with ``args``,
    only while recording) says what held. Called by the checks themselves, on the one check
    path of ``engine.check``, right where they would have refused."""
    if PASSED is not None:
        PASSED.append((rule_id, why.format(*args) if args else why))


def recording_now() -> bool:
    """Whether a :func:`recording` block runs. A check that would report many passes at
    once, with arguments to make for each (the placement rules' spaces), asks this first:
    a replay records no rule, and made those arguments for every placement for nothing."""
    return PASSED is not None


class _collecting:
    """The block behind :func:`recording` and :func:`noting`: while it runs, the module's list
    ``name`` (``PASSED``, ``NOTED``) is a fresh one the rules' calls append to; the list it
    gives gets, once the block ends, what they appended (``first``: only the first entry of
    each rule id), and ``name`` is what it was before (blocks nest)."""

    def __init__(self, name: str, first: bool = False) -> None:
        self.name, self.first = name, first
        self.got: list[tuple[str, str]] = []

    def __enter__(self) -> list[tuple[str, str]]:
        self._outer = globals()[self.name]
        globals()[self.name] = []
        return self.got

    def __exit__(self, *exc) -> None:
        entries = globals()[self.name] or []
        globals()[self.name] = self._outer
        if self.first:
            seen: dict[str, str] = {}
            for rule_id, text in entries:
                seen.setdefault(rule_id, text)
            entries = list(seen.items())
        self.got[:] = entries


def recording() -> _collecting:
    """``with recording() as rules:`` -- ``rules`` gets, once the block ends, each rule id the
    checks run inside it passed, with why it held (the first time each id passed), in order.
    (The checks import this module at every start, the citations only for a verdict.)"""
    return _collecting("PASSED", first=True)


# --- what a phase end did -----------------------------------------------------------------------

#: While :func:`noting` runs: (rule id, what it did) for each step of a phase end that paid or
#: took something by a module's rule (the shields' tribute, shield 8), and for a line's own
#: score whose figure the VP alone do not explain (the border posts), in the order they ran;
#: None otherwise (the rules then note nothing).
NOTED: list[tuple[str, str]] | None = None


def noted(rule_id: str, what: str, *args) -> None:
    """A phase-end step, or the line being played, has just carried out ``rule_id``: ``what``
    (formatted with ``args``, only while noting) says who paid or received what, and why so
    much. Called by the rule itself, where it pays."""
    if NOTED is not None:
        NOTED.append((rule_id, what.format(*args) if args else what))


def noting_now() -> bool:
    """Whether a :func:`noting` block runs (a replay notes nothing: a step asks this before it
    words a note)."""
    return NOTED is not None


#: Among the notes, the mark of a phase-end step's start (and of the last one's end), with the
#: state as it was then (:func:`phase_end`); no rule has this id.
PHASE_STEP = ""


def phase_end(state, steps) -> None:
    """Run a phase end's ``steps`` on ``state``, in order. While :func:`noting`, the state as
    each step begins, and as the last ends, is kept among the notes (``(PHASE_STEP, copy)``):
    what the line did is then read off the state before the phase end, and each step is said
    by its own notes, never again as the line's (``views.effects.line_effects``)."""
    if NOTED is None:
        for step in steps:
            step(state)
        return
    for step in steps:
        NOTED.append((PHASE_STEP, state.copy()))
        step(state)
    NOTED.append((PHASE_STEP, state.copy()))


def noting() -> _collecting:
    """``with noting() as notes:`` -- ``notes`` gets, once the block ends, what the rules run
    inside it noted (:func:`noted`), in order: the line's own notes, then each phase-end step's
    (marked by :func:`phase_end`). The legal verdict and the table session say them with the line."""
    return _collecting("NOTED")
