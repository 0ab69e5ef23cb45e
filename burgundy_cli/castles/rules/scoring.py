"""Scoring: the VP of each player by category, final scoring, ranks and the tiebreak.

Categories scored during play (kept by the engine in ``PlayerState.vp``): ``position``
(VP a typed position started with), ``animals``, ``areas`` (completed areas by size),
``area-phase-bonus`` (10/8/6/4/2 per completed area by phase), ``colour-bonus`` (large
and small bonus tiles), ``goods-sold``, ``watchtowers`` and ``corrections`` (manual lines).
Final scoring adds ``end-goods`` (1 per unsold goods tile), ``end-silver`` (1 per
silverling), ``end-workers`` (1 per two workers) and ``knowledge-tiles`` (the yellow
tiles 15-26 placed in the duchy). Every breakdown sums to its total.

Tiebreak (both rulebooks, 'Game end'): the tied player with the fewest empty duchy
spaces (2011: "the tied player with the fewest empty estate spaces", said so in a 2011
record; 2019: "the fewest unused hex spaces in their duchy") (option ``tiebreak-empty-spaces = "most"`` for the other reading), then the one
later in turn order (2011) / farthest behind on the bridge (2019): the order the bridge
shows at the end, which a ship placed in the last round may have changed after its player
went (2011 option ``tiebreak-turn-order = "last-round"``: the order the last round was
played in, docs/rulings.md).
"""

from __future__ import annotations

from operator import attrgetter

from burgundy_cli.castles.rules.boards import provenance_note
from burgundy_cli.castles.rules.state import GameState, PlayerState
from burgundy_cli.castles.rules.terms import WORDS, empty_spaces
from burgundy_cli.castles.rules.tiles import KNOWLEDGE_BUILDING, catalogue
from burgundy_cli.core.game import ScoreLine, ScoreTable

PLAY_CATEGORIES = ("position", "animals", "areas", "area-phase-bonus", "colour-bonus", "goods-sold",
                   "watchtowers", "corrections")
END_CATEGORIES = ("end-goods", "end-silver", "end-workers", "knowledge-tiles")
#: Categories that are bookkeeping, not rulebook scoring (the VP a typed position started
#: with, manual corrections): a score table shows them only where some player has any,
#: even with ``--all`` (``core.render.shown_categories``).
ADJUSTMENTS = ("position", "corrections")
_ANIMAL = attrgetter("animal")


def _goods_types_sold(state: GameState, player: PlayerState) -> int:
    return (3 if state.edition == "2011" else 2) * (len(player.sold) - player.sold.count(0))


def buildings_points(building: str):
    """Final scoring of a knowledge tile giving 4 VP per ``building`` in the duchy (16-23; the
    2019 modules wrap it: the crane may count as one, :func:`modules.extra.buildings_scoring`)."""
    def points(state: GameState, player: PlayerState) -> int:
        # the buildings of this type in the duchy: a building's kind is named as its building
        # (tiles.py), so its spaces are counted by name, in C, without reading every placed kind
        return 4 * player.duchy.count(building)
    return points


def _animal_types(state: GameState, player: PlayerState) -> int:
    placed = map(catalogue().__getitem__, filter(None, player.duchy))  # (names are never empty)
    return 4 * len(set(filter(None, map(_ANIMAL, placed))))


def _goods_sold(state: GameState, player: PlayerState) -> int:
    return sum(player.sold)


def _bonus_tiles(state: GameState, player: PlayerState) -> int:
    return (2 if state.edition == "2011" else 3) * len(player.bonuses)


#: End-of-game VP of the base game's knowledge tiles, by tile number: ``f(state, player)``
#: (the one that needs the kinds of the tiles placed, 24, looks them up rather than every
#: player's scoring listing them). An
#: expansion module adds its own to the game's ruleset (2019 #29 white castles) or wraps one
#: (the crane counts as a building of the player's choice for 16-23).
END_SCORING = {
    15: _goods_types_sold,
    **{number: buildings_points(building) for number, building in KNOWLEDGE_BUILDING.items()},
    24: _animal_types,
    25: _goods_sold,
    26: _bonus_tiles,
}


def resource_points(player: PlayerState) -> dict[str, int]:
    """The final scoring of what ``player`` holds: 1 VP per goods tile not sold (``end-goods``),
    per silverling (``end-silver``) and per 2 workers (``end-workers``)."""
    return {"end-goods": sum(player.goods.values()), "end-silver": player.silver, "end-workers": player.workers // 2}


def knowledge_points(state: GameState, player: PlayerState) -> dict[int, int]:
    """End-of-game VP of each scoring knowledge tile placed in ``player``'s duchy (15-26).

    Tiles in storage do not count (2019 rules, 'End of the game').
    """
    scoring = state.ruleset.end_scoring
    numbers = sorted(scoring.keys() & player.knowledge)  # (a set's intersection: half a test a tile)
    return {number: scoring[number](state, player) for number in numbers}


def breakdown(state: GameState, player: PlayerState, final: bool) -> dict[str, int]:
    """``player``'s VP by category; with ``final``, including final scoring.

    The base game's categories first, then those of the record's modules
    (``ruleset.categories`` during play, ``ruleset.end_points`` at the final scoring).
    """
    result = {category: player.vp.get(category, 0) for category in PLAY_CATEGORIES}
    for category in state.ruleset.categories:
        result[category] = player.vp.get(category, 0)
    if final:
        result.update(resource_points(player))
        result["knowledge-tiles"] = sum(knowledge_points(state, player).values())
        for category, points in state.ruleset.end_points.items():
            result[category] = points(state, player)
    return result


#: The last tiebreak's words, 2011 and 2019: the order the bridge shows at the end (2011 option
#: ``tiebreak-turn-order = "last-round"``: the order of the last round, in the same words).
BY_TURN_ORDER = ("later in turn order", "farthest behind on the bridge")


def turn_order_words(tiebreak: str | None) -> str | None:
    """The turn order's words (:data:`BY_TURN_ORDER`) when the turn order broke the tie a score
    table's ``tiebreak`` says (:func:`_decided`'s "...; later in turn order decides", the team
    game's likewise), else None: whether the bridge at the end names the winner (``new --end``
    then asks it)."""
    return next((words for words in BY_TURN_ORDER if (tiebreak or "").endswith(f"; {words} decides")), None)


def _decided(state: GameState, totals: list[tuple], first: str) -> str:
    """How the tie at the top of ``totals`` (the sorted keys of :func:`score`) was broken, in the
    words every score table says a tie with (``core.render.decided_tie``): those level on VP
    with their empty spaces, where those decide ("Anna and Ben tie on 139 VP; fewest empty
    estate spaces decides (Ben 3, Anna 5)"), else those level on both and the turn order."""
    from burgundy_cli.core.render import decided_tie

    level = [key for key in totals if key[0] == totals[0][0]]
    players = [state.players[key[3]] for key in level]
    spaces = empty_spaces(state.edition)
    if level[0][1] != level[1][1]:
        figures = {player.name: player.duchy.count(None) for player in players}
        return decided_tie(list(figures), f"{-level[0][0]} VP", f"{state.options.tiebreak_empty} {spaces}", figures,
                           [first])
    even = [player.name for key, player in zip(level, players) if key[1] == level[0][1]]
    empty = players[0].duchy.count(None)
    return decided_tie(even, f"{-level[0][0]} VP and {empty} {spaces.removesuffix('s') if empty == 1 else spaces}",
                       BY_TURN_ORDER[state.edition == "2019"], None, [first])


def score(state: GameState) -> ScoreTable:
    """The score table of ``state``: final scoring once phase E has ended, else the VP so far."""
    complete = state.stage == "over"
    totals = []
    last_round = state.options.tiebreak_order == "last-round" and complete and state.order
    order = state.order if last_round else state.bridge_order()
    for seat, player in enumerate(state.players):
        parts = breakdown(state, player, complete)
        empty = player.duchy.count(None)
        empty_key = empty if state.options.tiebreak_empty == "fewest" else -empty
        totals.append((-sum(parts.values()), empty_key, -order.index(seat), seat, parts))
    totals.sort()
    lines = [ScoreLine(name=state.players[seat].name, total=-neg_total, rank=rank, breakdown=parts)
             for rank, (neg_total, _, _, seat, parts) in enumerate(totals, start=1)]
    tiebreak = _decided(state, totals, lines[0].name) if complete and len(totals) > 1 and totals[0][0] == totals[1][0] \
        else None  # (a tie is said once the game is over: before, the score table gives none)
    winner = [lines[0].name] if complete else []
    notes = [*setup_notes(state), *state.unverified]
    if state.solo is not None:  # the 2019 solo game is won by filling the duchy, not by VP
        from burgundy_cli.castles.rules.solo_standing import solo_result

        winner, verdict = solo_result(state)
        notes.insert(0, verdict)
    table = ScoreTable(game="castles-of-burgundy", edition=state.edition, complete=complete, players=lines,
                       winner=winner, tiebreak=tiebreak, notes=notes)
    hook = state.ruleset.score_table  # a module's final word (2019 team game: team totals)
    return table if hook is None else hook(state, table)


#: What the note on the experienced setup says of how the choices were made.
_CHOSEN = {"open": "openly, one after the other in turn order", "secret": "secretly, all at once"}


def setup_notes(state: GameState) -> list[str]:
    """The provenance of every provisional or record-defined duchy in play, once each, and
    the experienced setup's choices (the random deal of the duchies is taken as recorded)."""
    notes = [provenance_note(player.board, state.edition) for player in state.players]
    found = [note for index, note in enumerate(notes) if note is not None and note not in notes[:index]]
    if state.options.experienced_setup is not None:
        found.append(f"experienced setup: {WORDS[state.edition]['duchies']} dealt at random (taken as recorded), "
                     f"sides and start castles chosen {_CHOSEN[state.options.experienced_setup]}")
    return found
