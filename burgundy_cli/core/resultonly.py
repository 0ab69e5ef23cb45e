"""Result-only records: the final scores of a game that was not logged move by move.

A club's score pad holds games nobody wrote down line by line. Such a game is a record
with the usual ``[game]`` header (game, edition, modules, date, players) and a ``[final]``
table in place of ``[setup]`` and its log (docs/records.md, "Result-only records")::

    [final]
    winner = ["Anna"]                  # optional: checked against the scores
    [final.scores.Anna]
    total = 182
    tiebreak = 2                       # optional: the figure the game's tiebreak reads
    breakdown = { animals = 20, areas = 120, goods-sold = 42 }   # optional

Nothing is replayed, so what is checked is what a score pad can get wrong: every player
has a score and no one else, each breakdown sums to its total, the number of players is
one the game and its mode are played by, no tiebreak figure is above the most the game and
its mode allow (the game's setup module's ``most_tiebreak(header)``), and a stated winner
is the one the scores (and, where every tied player gives it, the tiebreak figure) make. A tie at the top that the rules
break by what the record does not hold (a tiebreak figure not given; Castles' bridge) names
no winner, and says so, unless ``winner`` names the one the table saw win. A team game names its teams
(``teams``, two of two players), its result is the teams' totals; a solo game says
whether it was won (``won``). :func:`open_result` gives a session that
``score``, ``stats`` and the exports read as any other; its score table's notes say the
record is result-only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pydantic import Field, ValidationError

from burgundy_cli.core.errors import Location, RecordError, RefereeError
from burgundy_cli.core.game import GameHeader, ScoreLine, ScoreTable, record_error
from burgundy_cli.core.models import Count, TableModel
from burgundy_cli.core.record import RecordDoc
from burgundy_cli.core.render import decided_tie, listed
from burgundy_cli.core.suggest import closest
from burgundy_cli.core.words import counted, player_key

#: The table a result-only record has instead of ``[setup]`` or ``[position]``.
TABLE = "final"

#: What a score table's notes say of a result-only record (and how the exports tell one).
NOTE = "result-only record: final scores entered after the game, no moves to replay"

#: How the note of a tie the record cannot break begins (the site and ``archive list`` show it).
UNKNOWN = "winner not known"




class FinalLine(TableModel):
    """One player's final score: ``total``, the ``tiebreak`` figure where known (Castles: empty
    duchy spaces; Robber Knights: knights left), and the points by category where known. None
    is below 0: neither game takes points away, nor counts fewer than no spaces or knights."""

    total: Count
    tiebreak: Count | None = None
    breakdown: dict[str, Count] = Field(default_factory=dict)


class FinalTable(TableModel):
    """The ``[final]`` table of a result-only record: each player's score, and optionally the
    winner (checked), the teams of a team game and whether a solo game was won."""

    scores: dict[str, FinalLine]
    winner: list[str] | None = None
    teams: dict[str, list[str]] | None = None
    won: bool | None = None


@dataclass(frozen=True, slots=True)
class Rules:
    """What a result-only record of a game is checked against: the players of a normal game,
    the tiebreak figure's name, and whether more of it is better. The name is the game's
    setup module's ``tiebreak_figure(edition)`` where it has one (Castles: "empty estate
    spaces" in a 2011 record, "empty duchy spaces" in a 2019 one), so that the words of the
    record's edition come from the game, as its full records' do: :func:`rules_of`."""

    players: tuple[int, int]
    tiebreak: str
    more_is_better: bool
    default_edition: str | None
    #: The score's unit, in the game's word.
    unit: str = "points"
    #: What the game is played in, one by one (what a chart steps through).
    step: str = "turn"
    #: The rulebook's last word on a tie the figure leaves level, per edition, where it has
    #: one the record cannot hold (Castles: the bridge's order at the end); ``None``: the tied
    #: players share the win.
    last_tiebreak: dict[str | None, str] | None = None


#: Per game. (Castles: the 2019 solo game is 1 player, the team game 4 in two teams of two;
#: its tiebreak reads empty duchy (2011: estate) spaces, fewest first unless ``tiebreak-empty-spaces = "most"``,
#: then both rulebooks' 'Game end' give the win to the tied player "who went later in turn
#: order" (2011) / "who is farthest behind on the bridge" (2019): the bridge at the end, which
#: a score pad does not hold. The words are those of ``castles.rules.scoring.BY_TURN_ORDER``.)
RULES = {
    "castles-of-burgundy": Rules((2, 4), "empty duchy spaces", False, "2019", "VP", "round",
                                 {"2011": "later in turn order", "2019": "farthest behind on the bridge"}),
    "robber-knights": Rules((2, 4), "knights left", True, None),
}


def modules_of(header: GameHeader) -> list[str]:
    """The modules a header's options name (a list, or one comma-separated text)."""
    value = header.options.get("modules", [])
    names = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
    return [name.strip() for name in names if name.strip()]


def game_mode(modules: list[str]) -> str | None:
    """``solo`` or ``team`` for the 2019 solo and team games, None for a normal game: the
    statistics keep each mode apart (a solo game is won or lost by its one player, a team game by a team)."""
    return "solo" if "solo-game" in modules else "team" if "team-game" in modules else None


def teams_of(doc: RecordDoc) -> dict[str, list[str]]:
    """The teams of a team game's record, team -> members: ``[setup.teams]`` of a game logged
    move by move, ``[final] teams`` of a result-only record; empty for any other record."""
    for table in ("setup", TABLE):
        value = doc.data.get(table)
        teams = value.get("teams") if isinstance(value, dict) else None
        if isinstance(teams, dict):
            return {str(team): [str(name) for name in members] for team, members in teams.items()
                    if isinstance(members, list)}
    return {}


def rules_of(game: str, edition: str | None) -> Rules:
    """What a result-only record of ``game`` is checked against, its tiebreak figure named in
    ``edition``'s words (the game's setup module's ``tiebreak_figure(edition)``, where it has
    one): for the record read, and for the score pad's question asking it."""
    from burgundy_cli.core.registry import game_module

    figure = getattr(game_module(game, "setup"), "tiebreak_figure", None)
    return RULES[game] if figure is None else replace(RULES[game], tiebreak=figure(edition))


def open_result(doc: RecordDoc, header: GameHeader) -> ResultSession:
    """Read and check a result-only record (see the module's docstring).

    :raises RecordError: located at the key to blame.
    """
    try:
        final = FinalTable.model_validate(doc.data[TABLE])
    except ValidationError as err:
        raise record_error(err, doc, (TABLE,), declared=FinalTable) from None
    rules = rules_of(header.name, header.edition)
    others = [table for table in doc.data if table not in ("game", TABLE, "result")]
    if others:
        raise RecordError(f"a result-only record has [game] and [final] only, not [{others[0]}]",
                          location=doc.location_of_key(others[0]),
                          hint="a game logged move by move starts from [setup]; drop [final] for it")
    from burgundy_cli.core.registry import game_module

    setup = game_module(header.name, "setup")
    if header.name == "castles-of-burgundy":
        try:
            setup.options_from_header(header)   # the options' one check
        except RecordError as err:
            raise RecordError(err.message, location=doc.location_of_key(*(err.path or ("game",))),
                              hint=err.hint) from None
    else:   # a game whose setup module checks its options (Robber Knights' pass-through) does so here too
        check_options = getattr(setup, "check_options", None)
        if check_options is not None:
            check_options(doc, header)
        elif header.options:
            key = next(iter(header.options))
            raise RecordError(f"[game.options] {key}: {header.name} has no options",
                              location=doc.location_of_key("game", "options", key))
    where = (lambda *keys: doc.location_of_key(TABLE, *keys))
    _check_names(header, doc)
    _check_players(header, final, rules, where)
    most_tiebreak = getattr(setup, "most_tiebreak", None)   # (after the players: a team game's teams are known)
    if most_tiebreak is not None:
        _check_tiebreak_bound(final, rules, *most_tiebreak(header), doc)
    check_final = getattr(setup, "check_final", None)   # (a game's own word on its pad: Castles' solo game)
    if check_final is not None:
        try:
            check_final(header, final.won, {name: line.tiebreak for name, line in final.scores.items()})
        except RecordError as err:
            raise RecordError(err.message, location=doc.location_of_key(*(err.path or (TABLE,))), hint=err.hint) from None
    for name, line in final.scores.items():
        if line.breakdown and sum(line.breakdown.values()) != line.total:
            raise RecordError(f"[final.scores.{name}] the breakdown sums to {sum(line.breakdown.values())}, "
                              f"not the total {line.total}", location=where("scores", name, "breakdown"))
    _team_figures(final, where)
    table = _score_table(header, final, rules)
    unknown = _unbroken_tie(table, final, rules, header)
    if unknown:   # a tie at the top that the rules break by what the record does not hold
        table = _unknown_winner(table, rules, *unknown, team=bool(final.teams))
    if final.winner is not None:
        stated = sorted(player_key(name) for name in final.winner)
        if unknown and final.teams:   # a team game: the two players of one team
            tied, by, figures = unknown
            if stated not in [sorted(map(player_key, members)) for members in final.teams.values()]:
                raise RecordError(f"[final] winner = {_listed_as_typed(final.winner)}: {listed(tied)} tie on VP, "
                                  f"and the rules give the win to the team {by}: name the two players of that team",
                                  location=where("winner"))
            table = _decided(table, final.winner, f"{by}, as the record states")
            won = next(team for team, members in final.teams.items() if player_key(members[0]) in stated)
            table = table.model_copy(update={"notes": [*table.notes, f"team {won} wins"]})
        elif unknown:
            tied, by, figures = unknown
            one = rules.last_tiebreak is not None   # (Castles: the rules always make one winner)
            if not stated or not set(stated) < {player_key(name) for name in tied} or (one and len(stated) > 1):
                what = f"{rules.unit} and on {rules.tiebreak}" if figures else rules.unit
                raise RecordError(f"[final] winner = {_listed_as_typed(final.winner)}: {listed(tied)} tie on {what}, "
                                  f"and the rules give the win to the one {by}: name that one player",
                                  location=where("winner"),
                                  hint=None if figures else f"or give each tied player's tiebreak figure "
                                                               f"({rules.tiebreak})")
            table = _decided(table, final.winner, f"{by}, as the record states")
        elif stated != sorted(player_key(name) for name in table.winner):
            made = _listed_as_typed(table.winner) if table.winner else "no winner"
            raise RecordError(f"[final] winner = {_listed_as_typed(final.winner)} disagrees with the scores, which "
                              f"give {made}", location=where("winner"))
    return ResultSession(header, final, table)


def _check_tiebreak_bound(final: FinalTable, rules: Rules, most: int, passage: str, doc: RecordDoc) -> None:
    """No player's tiebreak figure above the most the game allows, as its setup module's
    ``most_tiebreak(header)`` says (Robber Knights: 30 knights; Castles: a duchy's spaces but the
    start castle's, a team's on its team board in the team game); ``passage``: the words that
    end the refusal, the rulebook's passage last.

    :raises RecordError: at the first figure above it.
    """
    who = "a team" if final.teams else "a player"
    for name, line in final.scores.items():
        if line.tiebreak is not None and line.tiebreak > most:
            raise RecordError(f"[final.scores.{name}] tiebreak = {line.tiebreak}: {who} has at most {most} "
                              f"{rules.tiebreak}{passage}", location=doc.location_of_key(TABLE, "scores", name, "tiebreak"),
                              path=(TABLE, "scores", name, "tiebreak"))


def _last_word(rules: Rules, header: GameHeader) -> str:
    """The rulebook's last tiebreak of the record's edition, in its words."""
    words = rules.last_tiebreak or {}
    return words.get(header.edition or rules.default_edition) or words[rules.default_edition]


def _unbroken_tie(table: ScoreTable, final: FinalTable, rules: Rules,
                  header: GameHeader) -> tuple[list[str], str, bool] | None:
    """A tie at the top that the game's rules break by what the record does not hold: the
    players tied, the rule that breaks it in the rulebook's words, and whether every tied
    player's figure is given (then only Castles' bridge is missing). None when the record
    decides (one player first), when the rules make the tie a shared win (Robber Knights
    players level on points and knights left), and for a team or a solo game (their own ends).

    - a figure missing (``tiebreak`` not given for each tied player): the figure decides,
      ``fewest empty duchy spaces``, ``most knights left``;
    - every figure given and equal, in Castles: both rulebooks ('Game end') then give the win
      to the tied player "who went later in turn order" (2011) / "farthest behind on the
      bridge" (2019): the bridge at the end, which a score pad does not hold.
    """
    if final.teams and len(table.winner) == len(final.scores):   # two teams level, not told apart
        teams = final.teams
        tied = [f"team {team} ({' + '.join(members)})" for team, members in teams.items()]
        bridge = "farthest behind on the bridge"
        if None in _team_figures(final).values():
            more = header.options.get("team-tiebreak-empty-spaces", "most") == "most"
            return tied, f"with {'more' if more else 'fewer'} empty spaces, then {bridge}", False
        return tied, bridge, True
    if final.teams or final.won is not None or len(table.winner) < 2:
        return None
    tied = list(table.winner)
    if any(final.scores[name].tiebreak is None for name in tied):
        fewer = not rules.more_is_better and header.options.get("tiebreak-empty-spaces", "fewest") == "fewest"
        by = f"with the {'fewest' if fewer else 'most'} {rules.tiebreak}"
        if rules.last_tiebreak is not None:
            by += f", then {_last_word(rules, header)}"
        return tied, by, False
    if rules.last_tiebreak is None:
        return None
    return tied, _last_word(rules, header), True


def _unknown_winner(table: ScoreTable, rules: Rules, tied: list[str], by: str, figures: bool,
                    team: bool = False) -> ScoreTable:
    """``table`` with no winner (not a shared win, which the rules do not make of this tie):
    the players tied keep their shared first place, the tiebreak and a note say why (``team``:
    ``tied`` are the teams of a team game)."""
    edition = f"the {table.edition} rules" if table.edition else "the rules"
    winner = "the winning team's players" if team else "the winner"
    if figures:
        what = f"{rules.unit} and on {'empty spaces' if team else rules.tiebreak}"
        why = f"which a result-only record does not hold (name {winner} in [final] winner)"
    else:
        what = rules.unit
        figure = "each team's empty spaces (its players' tiebreak)" if team else "each tied player's tiebreak figure"
        why = f"which this record does not give (give {figure}, or name {winner} in [final] winner)"
    who = "team" if team else "one"
    note = f"{UNKNOWN}: {listed(tied)} tie on {what}; {edition} give the win to the {who} {by}, {why}"
    rule = by.removeprefix("with ").removeprefix("the ")   # (as a decided tie says it: "fewest empty duchy spaces")
    return table.model_copy(update={"winner": [], "tiebreak": f"{rule}: not in the record",
                                    "notes": [*table.notes, note]})


def _check_names(header: GameHeader, doc: RecordDoc) -> None:
    """No two players with one name: names that differ only in case, repeated spaces or Unicode
    form are one player to the notation, to ``stats`` and to the exports (core.words.player_key),
    so such a pad would count one player twice in one game.

    :raises RecordError: at ``[game] players``.
    """
    players = header.players
    keys = [player_key(name) for name in players]
    for index, key in enumerate(keys):
        if key in keys[:index]:
            raise RecordError(f"players '{players[keys.index(key)]}' and '{players[index]}' are the same name",
                              location=doc.location_of_key("game", "players"),
                              hint="names are matched ignoring case, repeated spaces and Unicode form: "
                                   "give each player a name of their own")


def _listed_as_typed(names: list[str]) -> str:
    """``names`` as the record's TOML writes them (``["Anna", "Ben"]``), not as Python does."""
    return "[" + ", ".join(f'"{name}"' for name in names) + "]"


def _check_players(header: GameHeader, final: FinalTable, rules: Rules, where: Any) -> None:
    """Every player scored once, no one else; a count the game and its mode are played by."""
    players = header.players
    missing = [name for name in players if name not in final.scores]
    extra = [name for name in final.scores if name not in players]
    if missing or extra:   # (both: a name misspelt, said as such with the player meant)
        said = [f"{', '.join(extra)} is no player"] if extra else []
        near = closest(extra[0], missing) if extra and missing else None
        raise RecordError("[final.scores] must give each player of [game] players a score: "
                          + " and ".join([*said, *([f"{', '.join(missing)} missing"] if missing else [])]),
                          location=where("scores"),
                          hint=f"did you mean '{near}' for '{extra[0]}'?" if near else None)
    modules = modules_of(header)
    low, high = rules.players
    mode = "the game"
    if "solo-game" in modules:
        low = high = 1
        mode = "the solo game"
        if final.won is None:
            raise RecordError("[final] won = true or false: a solo game is won (its duchy filled within the 25 rounds) or lost",
                              location=where())
    elif "team-game" in modules:
        low = high = 4
        mode = "the team game"
        teams = final.teams or {}
        members = sorted(name for team in teams.values() for name in team)
        if len(teams) != 2 or any(len(team) != 2 for team in teams.values()) or members != sorted(players):
            raise RecordError("[final] teams: a team game names its two teams of two players, e.g. "
                              "teams = { A = [\"Anna\", \"Cara\"], B = [\"Ben\", \"Dario\"] }",
                              location=where("teams") if final.teams is not None else where())
    if final.teams is not None and "team-game" not in modules:
        raise RecordError("[final] teams: only a team game (modules = [\"team-game\"]) has teams",
                          location=where("teams"))
    if final.won is not None and "solo-game" not in modules:
        raise RecordError("[final] won: only a solo game (modules = [\"solo-game\"]) is won or lost by its one player",
                          location=where("won"))
    if not low <= len(players) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise RecordError(f"{mode} of {header.name} is played by {count} players, not {len(players)}",
                          location=where("scores"))


def _score_table(header: GameHeader, final: FinalTable, rules: Rules) -> ScoreTable:
    """The score table the final scores make: ranks by total, then by the tiebreak figure where
    every tied player gives it; a team game ranks its teams by their sums."""
    edition = header.edition or rules.default_edition
    scores = final.scores
    notes = [NOTE]
    tiebreak = None
    if final.won is not None:   # solo: one player, won (the duchy filled) or lost
        (name, line), = scores.items()
        lines = [ScoreLine(name=name, total=line.total, rank=1, breakdown=dict(line.breakdown))]
        notes.append(f"solo game: {'WON: the duchy filled' if final.won else 'LOST: the duchy not filled'} within the 25 rounds")
        return ScoreTable(game=header.name, edition=edition, complete=True, players=lines,
                          winner=[name] if final.won else [], notes=notes)
    if final.teams:
        return _team_table(header, final, edition, notes)
    fewer = not rules.more_is_better and header.options.get("tiebreak-empty-spaces", "fewest") == "fewest"

    def key(name: str) -> tuple[int, int]:
        line = scores[name]
        figure = 0 if line.tiebreak is None else line.tiebreak
        return line.total, -figure if fewer else figure

    ranks = {}
    for name, line in scores.items():
        tied = [other for other, o in scores.items() if o.total == line.total]
        decided = len(tied) > 1 and all(scores[other].tiebreak is not None for other in tied)
        ranks[name] = 1 + sum((key(other) > key(name)) if decided else (o.total > line.total)
                              for other, o in scores.items())
    lines = [ScoreLine(name=name, total=scores[name].total, rank=ranks[name], breakdown=dict(scores[name].breakdown))
             for name in sorted(header.players, key=lambda name: (ranks[name], header.players.index(name)))]
    winners = [line.name for line in lines if line.rank == 1]
    top = [line.name for line in lines if line.total == lines[0].total]
    if len(top) > 1 and all(scores[name].tiebreak is not None for name in top):   # (else: _unbroken_tie's)
        tiebreak = decided_tie(top, _points(lines[0].total, rules), f"{'fewest' if fewer else 'most'} {rules.tiebreak}",
                               {name: scores[name].tiebreak for name in top}, winners)
    return ScoreTable(game=header.name, edition=edition, complete=True, players=lines, winner=winners,
                      tiebreak=tiebreak, notes=notes)


def _points(total: int, rules: Rules) -> str:
    """``total`` in the game's unit: "150 VP", "14 points", "1 point"."""
    return counted(total, rules.unit.removesuffix("s"), rules.unit)


def _team_figures(final: FinalTable, where: Any = None) -> dict[str, int | None]:
    """Each team's empty duchy spaces where the record gives them: its members' ``tiebreak``
    (the team has one duchy, so either member may give it; None when neither does).

    :raises RecordError: its two members give two figures (at ``where("scores")``).
    """
    figures: dict[str, int | None] = {}
    for team, members in (final.teams or {}).items():
        given = {final.scores[name].tiebreak for name in members} - {None}
        if len(given) > 1:
            raise RecordError(f"[final.scores] team {team}'s players give two tiebreak figures "
                              f"({' and '.join(map(str, sorted(given)))}): the team has one duchy, so one "
                              "count of its empty spaces",
                              location=where("scores", members[-1], "tiebreak") if where else None,
                              path=(TABLE, "scores", members[-1], "tiebreak"))
        figures[team] = next(iter(given), None)
    return figures


def _team_table(header: GameHeader, final: FinalTable, edition: str | None, notes: list[str]) -> ScoreTable:
    """The team game's table (2019 rulebook, 'The team game', 'Final scoring': "Add up the
    victory points of both team members. The team with more victory points wins the game. If
    there is a tie, the team with more empty spaces in their duchy wins the game."): the teams
    ranked by their sums, a tie by the teams' empty spaces where the record gives both (option
    ``team-tiebreak-empty-spaces``, ``most`` by default, docs/rulings.md). A tie the figures do not
    break leaves both teams first (:func:`_unbroken_tie` then names no winner: the base game's
    bridge decides, which a pad does not hold); never a shared win of four."""
    scores, teams = final.scores, final.teams or {}
    sums = {team: sum(scores[name].total for name in members) for team, members in teams.items()}
    figures = _team_figures(final)
    most = header.options.get("team-tiebreak-empty-spaces", "most") == "most"
    tied = len(set(sums.values())) == 1
    decided = tied and None not in figures.values() and len(set(figures.values())) > 1

    def key(team: str) -> tuple[int, int]:
        figure = figures[team] or 0
        return sums[team], (figure if most else -figure) if decided else 0

    rank = {team: 1 + sum(key(other) > key(team) for other in teams) for team in teams}
    lines = [ScoreLine(name=name, total=scores[name].total, rank=rank[team], breakdown=dict(scores[name].breakdown))
             for team, members in sorted(teams.items(), key=lambda item: rank[item[0]]) for name in members]
    notes = notes + [f"team {team} ({' + '.join(members)}): {sums[team]} VP" for team, members in teams.items()]
    first = [team for team in teams if rank[team] == 1]
    if len(first) == 1:
        notes.append(f"team {first[0]} wins")
    tiebreak = None
    if decided:   # (the teams in rank order, as a player's tie lists its players)
        ranked = sorted(teams, key=lambda team: rank[team])
        tiebreak = decided_tie([f"team {team}" for team in ranked], _points(sums[ranked[0]], RULES[header.name]),
                               f"the team with {'more' if most else 'fewer'} empty spaces",
                               {f"team {team}": figures[team] or 0 for team in ranked}, [f"team {first[0]}"])
    return ScoreTable(game=header.name, edition=edition, complete=True, players=lines,
                      winner=[line.name for line in lines if line.rank == 1], notes=notes, tiebreak=tiebreak)


def _decided(table: ScoreTable, winner: list[str], tiebreak: str = "as the record states") -> ScoreTable:
    """``table`` with the tie on first place decided as the record states (the others second)."""
    won = {player_key(name) for name in winner}
    notes = [note for note in table.notes if not note.startswith(UNKNOWN)]   # (known now: the record says)
    lines = [line.model_copy(update={"rank": line.rank if line.rank > 1 or player_key(line.name) in won else 2})
             for line in table.players]
    lines.sort(key=lambda line: line.rank)
    return table.model_copy(update={"players": lines, "winner": [line.name for line in lines if line.rank == 1],
                                    "tiebreak": tiebreak, "notes": notes})


@dataclass(frozen=True, slots=True)
class Needs:
    """What a command needs that only a game logged move by move has, in its words: the verb
    of its refusal ("cannot VERB"), what it needs (``{unit}``, ``{step}``: the game's score word
    and step, :class:`Rules`), and what to do instead."""

    verb: str
    needs: str
    instead: str


#: Each command that needs a position or the moves, and what it says of a result-only record.
NEEDS = {
    "show": Needs("show", "show --json, --svg, --at and --position give the position the moves played reach",
                  "'burgundy show FILE' alone lists the scores"),
    "moves": Needs("list moves", "moves lists what the player to move may do in the position the moves played reach",
                   "a game logged move by move (burgundy new without --result) has moves to list"),
    "check": Needs("check", "a move is checked in the position the moves played reach",
                   "a game logged move by move (burgundy new without --result) checks its moves"),
    "play": Needs("play", "a line is played on from the position the moves played reach",
                  "a game logged move by move starts from [setup] (burgundy new without --result)"),
    "undo": Needs("undo", "undo takes back the last lines played",
                  "to correct a score, edit its [final] table, or write the pad again with "
                  "'burgundy new --result --force'"),
    "chart": Needs("chart", "a chart draws each player's {unit} after every {step}",
                   "a game logged move by move (burgundy new without --result) or scored from its end "
                   "(--end) is charted"),
}


class NotPlayed(RefereeError):
    """A result-only record asked for what only a game logged move by move has (a position,
    the moves, their chart). The record is valid (``score``, ``stats`` and the site read it),
    so this is no "invalid record": the input is read and refused, exit 1 (docs/errors.md),
    in the words of the command (its kind, "cannot show", is the command's :class:`Needs`)."""

    def __init__(self, message: str, *, verb: str, location: Location | None = None,
                 hint: str | None = None) -> None:
        super().__init__(message, location=location, hint=hint)
        self.kind = f"cannot {verb}"


def refusal(session: ResultSession, command: str, location: Location | None = None) -> NotPlayed:
    """The refusal of a result-only record by ``command`` (a key of :data:`NEEDS`): what the
    command needs, and what the record holds instead -- its final scores, no step played --
    the one wording of every such refusal."""
    needs, rules = NEEDS[command], rules_of(session.header.name, session.header.edition)
    scores = ", ".join(f"{line.name} {line.total}" for line in session.table.players)
    return NotPlayed(f"{needs.needs.format(unit=rules.unit, step=rules.step)}, and this is a result-only record: "
                     f"the final scores alone ({scores}), no {rules.step}s played", verb=needs.verb,
                     location=location, hint=f"'burgundy score' prints its table; {needs.instead}")


def refuse_result_only(doc: RecordDoc, session: Any, command: str) -> None:
    """Refuse ``session``, opened from ``doc``, to ``command`` if it is a result-only record
    (:func:`refusal`): ``core.session.open_doc(doc, refuse=command)`` calls this once the
    record is read and checked, so a pad that is wrong says so first.

    :raises NotPlayed: at its ``[final]`` table.
    """
    if isinstance(session, ResultSession):
        raise refusal(session, command, doc.location_of_key(TABLE))


class ResultSession:
    """A result-only record opened: its score table; it has no position and no moves."""

    def __init__(self, header: GameHeader, final: FinalTable, table: ScoreTable) -> None:
        self.header = header
        self.final = final
        self.table = table

    def score(self) -> ScoreTable:
        return self.table

    def _no_moves(self, text: str = "") -> Any:
        raise refusal(self, "check")

    check = play = legal_moves = _no_moves

    def show(self) -> str:
        lines = [f"{self.header.name}: result only (no moves)"]
        lines += [f"  {line.rank}. {line.name} {line.total}" for line in self.table.players]
        return "\n".join(lines)

    def running_totals(self) -> dict[str, int]:
        return {line.name: line.total for line in self.table.players}

    def record_data(self) -> dict[str, Any]:
        game = self.header.model_dump(exclude_none=True)
        if not game.get("options"):
            game.pop("options", None)
        return {"game": game, TABLE: self.final.model_dump(exclude_none=True, exclude_defaults=True),
                "result": self.table.stored_result()}
