"""Result-only records (issue 35 item 3): final scores without moves, validated as a score pad
can go wrong (category sums, player counts per game and mode, the winner by the tiebreak), and
written by ``burgundy new --result``."""

from __future__ import annotations

import json

import pytest

from burgundy_cli.core.errors import RecordError
from burgundy_cli.core.record import parse_record_text
from burgundy_cli.core.session import open_doc

HEAD = '[game]\nname = "castles-of-burgundy"\nedition = "2019"\ndate = 2026-11-06\n'


def opened(text: str):
    return open_doc(parse_record_text(text, "result.toml"))


def refusal(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        opened(text)
    return caught.value.describe()


def test_a_result_only_record_scores_as_the_pad_says() -> None:
    table = opened(HEAD + 'players = ["Anna", "Ben"]\n[final.scores.Anna]\ntotal = 182\n'
                          'breakdown = { animals = 20, areas = 120, goods-sold = 42 }\n'
                          '[final.scores.Ben]\ntotal = 170\n').score()
    assert [(line.name, line.total, line.rank) for line in table.players] == [("Anna", 182, 1), ("Ben", 170, 2)]
    assert table.winner == ["Anna"] and table.complete and any("result-only" in note for note in table.notes)


def test_the_categories_must_sum_to_the_total() -> None:
    said = refusal(HEAD + 'players = ["Anna", "Ben"]\n[final.scores.Anna]\ntotal = 182\n'
                          'breakdown = { animals = 20, areas = 120 }\n[final.scores.Ben]\ntotal = 170\n')
    assert "sums to 140, not the total 182" in said


@pytest.mark.parametrize("players, modules, says", [
    (["Anna"], "", "played by 2 to 4 players, not 1"),
    (["A", "B", "C", "D", "E"], "", "played by 2 to 4 players, not 5"),
    (["Anna", "Ben"], 'modules = ["solo-game"]', "the solo game of castles-of-burgundy is played by 1"),
    (["Anna", "Ben"], 'modules = ["team-game"]', "a team game names its two teams"),
])
def test_player_counts_follow_the_game_and_its_mode(players, modules, says) -> None:
    scores = "".join(f"[final.scores.{name}]\ntotal = 100\n" for name in players)
    won = "[final]\nwon = true\n" if "solo" in modules else ""
    options = f"[game.options]\n{modules}\n" if modules else ""
    assert says in refusal(HEAD + f"players = {json.dumps(players)}\n{options}{won}{scores}")


def test_a_stated_winner_follows_the_tiebreak_when_its_figures_are_given() -> None:
    tied = (HEAD + 'players = ["Anna", "Ben"]\n[final]\nwinner = ["{winner}"]\n[final.scores.Anna]\ntotal = 150\n'
                   'tiebreak = 3\n[final.scores.Ben]\ntotal = 150\ntiebreak = 1\n')
    # Castles: fewest empty duchy spaces wins a tie (Ben, 1)
    assert opened(tied.replace("{winner}", "Ben")).score().winner == ["Ben"]
    assert 'disagrees with the scores, which give ["Ben"]' in refusal(tied.replace("{winner}", "Anna"))
    # without the figures, the stated winner decides the tie the pad leaves open
    open_tie = tied.replace("tiebreak = 3\n", "").replace("tiebreak = 1\n", "").replace("{winner}", "Anna")
    assert opened(open_tie).score().winner == ["Anna"]


def test_solo_and_team_results() -> None:
    solo = opened(HEAD + 'players = ["Anna"]\n[game.options]\nmodules = ["solo-game"]\n[final]\nwon = false\n'
                         '[final.scores.Anna]\ntotal = 190\n').score()
    assert solo.winner == [] and any("LOST" in note for note in solo.notes)
    team = opened(HEAD + 'players = ["Anna", "Ben", "Cara", "Dario"]\n[game.options]\nmodules = ["team-game"]\n'
                         '[final.teams]\nA = ["Anna", "Cara"]\nB = ["Ben", "Dario"]\n'
                  + "".join(f"[final.scores.{n}]\ntotal = {t}\n" for n, t in
                            (("Anna", 150), ("Ben", 170), ("Cara", 160), ("Dario", 120))))
    assert sorted(team.score().winner) == ["Anna", "Cara"]  # 310 against 290


def test_new_result_writes_a_result_only_record_that_scores(cli, tmp_path) -> None:
    path = tmp_path / "pad.toml"
    made = cli("new", str(path), "--result", "--game", "robber-knights", "--players", "red,blue",
               "--scores", "red=15,blue=15", "--tiebreak", "red=2,blue=1", "--date", "2026-11-06",
               "--place", "Club")
    assert made.exit_code == 0, made.output
    assert "result only: 1. red 15, 2. blue 15" in made.stdout
    text = path.read_text(encoding="utf-8")
    assert "[final.scores.red]" in text and "uuid = " in text and "date = 2026-11-06" in text
    scored = json.loads(cli("score", "--json", str(path)).stdout)
    assert scored["winner"] == ["red"] and scored["place"] == "Club"  # most knights left
    solo = tmp_path / "solo.toml"
    missing = cli("new", str(solo), "--result", "--game", "castles-of-burgundy", "--players", "Anna",
                  "--modules", "solo-game", "--scores", "Anna=200")
    assert missing.exit_code == 2 and "--won" in missing.stderr and not solo.exists()
    assert cli("new", str(solo), "--result", "--game", "castles-of-burgundy", "--players", "Anna",
               "--modules", "solo-game", "--scores", "Anna=200", "--won", "yes").exit_code == 0
    team = ["new", str(tmp_path / "team.toml"), "--result", "--game", "castles-of-burgundy",
            "--players", "Anna,Ben,Cara,Dario", "--modules", "team-game", "--scores", "Anna=3,Ben=2,Cara=1,Dario=0"]
    no_teams = cli(*team)   # (the teams question a logged team game asks: required with the module)
    assert no_teams.exit_code == 2 and "missing --teams: the two teams, first and second player each" in no_teams.stderr
    assert cli(*team, "--teams", "A=Anna Cara,B=Ben Dario").exit_code == 0
    bad = cli("new", str(tmp_path / "bad.toml"), "--result", "--game", "castles-of-burgundy",
              "--players", "Anna,Ben", "--scores", "Anna=lots,Ben=3")
    assert bad.exit_code == 2 and "whole number" in bad.stderr


def test_new_result_asks_for_the_scores_on_a_terminal(tmp_path) -> None:
    """The questionnaire of ``new --result`` asks who played, then the final scores (and the
    rest, each with its default), and asks again at once for an answer the record refuses."""
    from burgundy_cli.core.newrecord import NewRecord, create

    answers = iter(["red,blue", "red=15,blue=x", "red=15,blue=12", "2026-11-06", "Club", ""])
    asked: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        asked.append(question)
        return next(answers)

    said = create(str(tmp_path / "pad.toml"), NewRecord(game="robber-knights", result=True), ask=True, read=read,
                  say=asked.append)
    assert "result only: 1. red 15, 2. blue 12" in said
    assert asked[1].startswith("each player's final score") and asked[2].startswith("blue=x")
    assert "whole number" in asked[2] and "e.g. red=18,blue=15" in asked[2]   # (the game's own example)
    assert asked[3].startswith("each player's final score")  # (asked again at once, before the date)
    assert asked[4].startswith("date played")   # (no tie on the scores: no tiebreak question)


@pytest.mark.parametrize("argv", [
    ["moves"], ["moves", "--json"], ["moves", "--at", "2"], ["show", "--json"], ["show", "--position"],
    ["show", "--at", "2"], ["show", "--svg", "{out}"], ["chart"], ["chart", "--svg", "{out}"],
    ["check", "--at", "2", "Anna: pass"], ["check", "Anna: pass"], ["check", "--json", "Anna: pass"], ["undo"],
    ["undo", "2"], ["play", "Anna: pass"], ["play", "--json", "Anna: pass"], ["play", "--json"]])
def test_commands_that_need_a_position_refuse_a_result_only_record_in_words(cli, tmp_path, argv) -> None:
    """A result-only record holds final scores and no position: listing moves, drawing,
    charting or stepping through it, or undoing a line, is refused as such (exit 1), never an
    internal error, and the record is left as it was; ``show`` prints its table."""
    path = tmp_path / "pad.toml"
    assert cli("new", str(path), "--result", "--game", "castles-of-burgundy", "--players", "Anna,Ben",
               "--scores", "Anna=3,Ben=2").exit_code == 0
    out = tmp_path / "out.svg"
    before = path.read_bytes()
    command, *rest = argv
    result = cli(command, str(path), *(str(out) if word == "{out}" else word for word in rest))
    assert result.exit_code == 1, result.output
    # (each command in its own words: tests/core/test_pad_refusals.py)
    assert "and this is a result-only record: the final scores alone (Anna 3, Ben 2)" in result.stderr
    assert "invalid record" not in result.stderr and "internal error" not in result.stderr
    # the record's fault, located at its [final] table: not the move's, nor a check's verdict on stdout
    assert result.stderr.startswith(f"burgundy: {path}:") and result.stdout == ""
    assert not out.exists() and path.read_bytes() == before
    assert cli("show", str(path)).stdout.startswith("castles-of-burgundy: result only (no moves)")


def test_a_tie_level_on_the_figure_too_is_for_the_bridge_which_the_pad_does_not_hold() -> None:
    """2019 rulebook, 'Game end': "If there is still a tie, the player who is farthest behind on
    the bridge is the winner" (2011: "later in turn order"): one winner, which a result-only
    record cannot tell -- no winner named, not a shared win -- unless ``[final] winner`` says."""
    three = (HEAD + 'players = ["Anna", "Ben", "Cara"]\n{final}[final.scores.Anna]\ntotal = 150\ntiebreak = 2\n'
                    '[final.scores.Ben]\ntotal = 150\ntiebreak = 2\n[final.scores.Cara]\ntotal = 150\ntiebreak = 4\n')
    table = opened(three.replace("{final}", "")).score()
    assert table.winner == [] and table.tiebreak == "farthest behind on the bridge: not in the record"
    assert [(line.name, line.rank) for line in table.players] == [("Anna", 1), ("Ben", 1), ("Cara", 3)]
    assert any(note.startswith("winner not known: Anna and Ben tie on VP and on empty duchy spaces; the 2019 "
                               "rules give the win to the one farthest behind on the bridge") for note in table.notes)
    named = opened(three.replace("{final}", '[final]\nwinner = ["ben"]\n')).score()
    assert named.winner == ["Ben"] and named.tiebreak == "farthest behind on the bridge, as the record states"
    assert [(line.name, line.rank) for line in named.players] == [("Ben", 1), ("Anna", 2), ("Cara", 3)]
    for wrong in ('["Anna", "Ben"]', '["Cara"]', "[]"):
        said = refusal(three.replace("{final}", f"[final]\nwinner = {wrong}\n"))
        assert "Anna and Ben tie on VP and on empty duchy spaces" in said and "name that one player" in said, wrong


@pytest.mark.parametrize("game, edition, says", [
    ("castles-of-burgundy", "2011", "the 2011 rules give the win to the one with the fewest empty estate spaces, "
                                    "then later in turn order, which this record does not give"),
    ("robber-knights", None, "the rules give the win to the one with the most knights left, which this record "
                             "does not give"),
])
def test_a_tie_on_points_without_the_figures_has_no_winner_either(game, edition, says) -> None:
    """A pad tied on points that gives no tiebreak figure was a shared win, though both games
    break the tie by a figure (Castles: empty duchy spaces; Robber Knights: knights left) the
    record lacks. No winner is named then; a stated winner decides, as before; naming both
    is refused (give the figures: equal knights left make a Robber Knights tie shared)."""
    head = f'[game]\nname = "{game}"\n' + (f'edition = "{edition}"\n' if edition else "")
    pad = head + 'players = ["Anna", "Ben"]\n{final}[final.scores.Anna]\ntotal = 150\n[final.scores.Ben]\ntotal = 150\n'
    table = opened(pad.replace("{final}", "")).score()
    assert table.winner == [] and [line.rank for line in table.players] == [1, 1]
    assert any(says in note for note in table.notes), table.notes
    assert opened(pad.replace("{final}", '[final]\nwinner = ["Ben"]\n')).score().winner == ["Ben"]
    both = refusal(pad.replace("{final}", '[final]\nwinner = ["Anna", "Ben"]\n'))
    assert "name that one player" in both and "give each tied player's tiebreak figure" in both
    if game == "robber-knights":   # equal figures: the rules share the win
        level = pad.replace("total = 150\n", "total = 150\ntiebreak = 2\n").replace("{final}", "")
        assert opened(level).score().winner == ["Anna", "Ben"]


@pytest.mark.parametrize("second", ["anna", "Anna ", "ANNA"])
def test_two_players_of_one_name_are_refused(second) -> None:
    """A pad of "Anna" and "anna" was accepted, and ``stats`` then counted one player twice in
    one game (players are matched ignoring case); a logged record refuses them already."""
    said = refusal(HEAD + f'players = ["Anna", "{second}"]\n[final.scores.Anna]\ntotal = 100\n'
                          f'[final.scores."{second}"]\ntotal = 90\n')
    assert f"players 'Anna' and '{second}' are the same name" in said


def test_two_unicode_forms_of_one_name_are_one_player_in_a_logged_record_too() -> None:
    """"Zoë" composed and decomposed look the same and are one player to the club's tables
    (core.words.player_key): the notation matches them too, so a record cannot seat both."""
    from tests.conftest import RECORDS

    text = (RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml").read_text()
    twins = text.replace('"Anna"', '"Zo\u00eb"').replace('"Ben"', '"Zoe\u0308"')
    assert "are the same name to the notation" in refusal(twins)
    # a line may name the player in the other form, as it may in another case
    from burgundy_cli.core.replay import PlayerNames

    assert PlayerNames(["Zo\u00eb", "Ben"]).resolve("zoe\u0308") == "Zo\u00eb"


def test_a_castles_pad_names_one_winner_of_a_three_way_tie_never_two() -> None:
    """Three tied without figures: naming two of them made a shared win the Castles rules never
    make; one is taken, two are refused."""
    pad = (HEAD + 'players = ["Anna", "Ben", "Cara"]\n[final]\nwinner = {winner}\n'
           + "".join(f"[final.scores.{name}]\ntotal = 120\n" for name in ("Anna", "Ben", "Cara")))
    assert opened(pad.replace("{winner}", '["Cara"]')).score().winner == ["Cara"]
    said = refusal(pad.replace("{winner}", '["Anna", "Ben"]'))
    assert "Anna, Ben and Cara tie on VP" in said and "name that one player" in said


def test_a_robber_knights_pad_takes_the_game_s_options_and_refuses_others_located() -> None:
    """``pass-through`` is a real Robber Knights option (docs/rulings.md): a result-only record
    of a game played with it keeps it; an option the game has not is refused at its key, as in
    a record logged move by move (the one check: ``robber_knights.setup.check_options``)."""
    pad = ('[game]\nname = "robber-knights"\nplayers = ["Anna", "Ben"]\n[game.options]\n{option}\n'
           '[final.scores.Anna]\ntotal = 12\n[final.scores.Ben]\ntotal = 9\n')
    assert opened(pad.format(option="pass-through = true")).score().winner == ["Anna"]
    for option, says in [("pass-thru = true", "unknown option 'pass-thru' (did you mean 'pass-through'?)"),
                         ('pass-through = "yes"', "option 'pass-through' must be true or false")]:
        with pytest.raises(RecordError) as caught:
            opened(pad.format(option=option))
        assert says in caught.value.describe() and caught.value.location.line == 5, caught.value


def test_the_line_new_result_writes_says_how_a_team_or_solo_game_ended(cli, tmp_path) -> None:
    """``new --result``'s "wrote" line names the winner of a normal game, and so it does the
    winning team of a team game (2019 rulebook, 'Team game': the team with more VP together
    wins) and whether a solo game was won; ``score`` of several records
    says each the same way (a lost solo game is never "winner " and nothing)."""
    castles = ["--result", "--game", "castles-of-burgundy", "--edition", "2019"]
    normal = cli("new", str(tmp_path / "normal.toml"), *castles, "--players", "Anna,Ben", "--scores", "Anna=182,Ben=170")
    assert normal.stdout.splitlines()[0].endswith("result only: 1. Anna 182, 2. Ben 170; winner Anna"), normal.output
    team = cli("new", str(tmp_path / "team.toml"), *castles, "--modules", "team-game", "--players", "Anna,Ben,Cara,Dario",
               "--teams", "A=Anna Cara,B=Ben Dario", "--scores", "Anna=100,Ben=90,Cara=80,Dario=95")
    assert team.stdout.splitlines()[0].endswith("; winner team B (Ben + Dario)"), team.output
    for won, said in (("yes", "won"), ("no", "lost")):
        solo = cli("new", str(tmp_path / f"solo-{won}.toml"), *castles, "--modules", "solo-game", "--players", "Anna",
                   "--scores", "Anna=60", "--won", won)
        assert solo.stdout.splitlines()[0].endswith(f"result only: Anna 60; solo game {said}"), solo.output
    scored = cli("score", "--jobs", "1", str(tmp_path)).stdout.splitlines()
    assert [line.split(": ", 1)[1] for line in scored] == [
        "1. Anna 182, 2. Ben 170; winner Anna", "Anna 60; solo game lost",
        "Anna 60; solo game won", "1. team B: Ben 90 + Dario 95, 2. team A: Anna 100 + Cara 80; winner team B (Ben + Dario)"]


def test_a_pad_written_by_flags_without_a_date_says_it_is_dated_today(cli, tmp_path) -> None:
    """A pad is often typed after the game. Given by flags, with no terminal to ask the date,
    it is dated the day it is written, and the "wrote" line says so and how to give the day
    played; with ``--date`` (or on a terminal, which asks) nothing more is said."""
    import datetime as dt

    pad = ["--result", "--game", "castles-of-burgundy", "--players", "Anna,Ben", "--scores", "Anna=150,Ben=140"]
    today = cli("new", str(tmp_path / "today.toml"), *pad)
    assert today.exit_code == 0, today.output
    assert today.stdout.splitlines()[1] == \
        f"dated today, {dt.date.today().isoformat()}: --date gives the day it was played"
    given = cli("new", str(tmp_path / "given.toml"), *pad, "--date", "2026-12-01")
    assert given.exit_code == 0 and len(given.stdout.splitlines()) == 1, given.output
    assert "date = 2026-12-01" in (tmp_path / "given.toml").read_text()


TEAM = (HEAD + 'players = ["Anna", "Ben", "Cara", "Dario"]\n[game.options]\nmodules = ["team-game"]\n'
               '[final]\n{winner}teams = {{ A = ["Anna", "Cara"], B = ["Ben", "Dario"] }}\n'
               '[final.scores.Anna]\ntotal = 100\n{a}[final.scores.Ben]\ntotal = 90\n{b}'
               '[final.scores.Cara]\ntotal = 80\n{c}[final.scores.Dario]\ntotal = 90\n{d}')


def _team_pad(winner: str = "", a: int | None = None, b: int | None = None, c: int | None = None,
              d: int | None = None) -> str:
    figure = (lambda n: "" if n is None else f"tiebreak = {n}\n")
    return TEAM.format(winner=f"winner = {winner}\n" if winner else "", a=figure(a), b=figure(b), c=figure(c),
                       d=figure(d))


def test_a_team_game_tied_on_vp_is_never_won_by_all_four() -> None:
    """2019 rulebook, 'The team game', 'Final scoring': "The team with more victory points wins
    the game. If there is a tie, the team with more empty spaces in their duchy wins the game"
    (then, the base game's last word, the team farthest behind on the bridge). A pad of two
    teams level on VP (180 each) made all four players winners, a shared win the rules never
    make. Now the teams' empty spaces (a member's tiebreak figure) decide; without them, or
    level on them too, no winner is named unless [final] winner names one team's two players."""
    decided = opened(_team_pad(a=3, b=5)).score()   # team B: 5 empty spaces against 3
    assert sorted(decided.winner) == ["Ben", "Dario"] and decided.tiebreak == ("team B and team A tie on 180 VP; the team with more empty spaces "
                                                                          "decides (team B 5, team A 3)")
    assert "team B wins" in decided.notes
    open_tie = opened(_team_pad()).score()
    assert open_tie.winner == [] and [line.rank for line in open_tie.players] == [1, 1, 1, 1]
    assert any(note.startswith("winner not known: team A (Anna + Cara) and team B (Ben + Dario) tie on VP; the "
                               "2019 rules give the win to the team with more empty spaces, then farthest behind "
                               "on the bridge") for note in open_tie.notes), open_tie.notes
    level = opened(_team_pad(a=3, b=3)).score()
    assert level.winner == [] and level.tiebreak == "farthest behind on the bridge: not in the record"
    named = opened(_team_pad(winner='["dario", "Ben"]', a=3, b=3)).score()
    assert sorted(named.winner) == ["Ben", "Dario"] and "team B wins" in named.notes
    assert not any(note.startswith("winner not known") for note in named.notes)
    assert "name the two players of that team" in refusal(_team_pad(winner='["Anna", "Ben"]'))
    assert "team A's players give two tiebreak figures (3 and 4)" in refusal(_team_pad(a=3, c=4))


def test_a_named_winner_of_a_tie_leaves_no_winner_not_known_note() -> None:
    """A pad tied on VP that names the winner scored "winner: Ben" over a note "winner not known:
    ..." that contradicted it; the note goes once the record decides."""
    table = opened(HEAD + 'players = ["Anna", "Ben"]\n[final]\nwinner = ["Ben"]\n[final.scores.Anna]\n'
                          'total = 100\n[final.scores.Ben]\ntotal = 100\n').score()
    assert table.winner == ["Ben"] and not any(note.startswith("winner not known") for note in table.notes)


def test_a_robber_knights_pad_gives_no_player_more_knights_left_than_the_box_holds() -> None:
    """Rulebook, 'Playing equipment': "30 knights per player". A pad's tiebreak figure is the
    knights a player has left, so 30 is the most (all of them, a player who never placed one);
    31 is a typo, refused at its key."""
    pad = ('[game]\nname = "robber-knights"\nplayers = ["Anna", "Ben"]\n'
           '[final.scores.Anna]\ntotal = 12\ntiebreak = {left}\n[final.scores.Ben]\ntotal = 12\ntiebreak = 3\n')
    assert opened(pad.format(left=30)).score().winner == ["Anna"]
    with pytest.raises(RecordError) as caught:
        opened(pad.format(left=31))
    assert caught.value.describe().endswith("[final.scores.Anna] tiebreak = 31: a player has at most 30 knights "
                                            "left (rulebook, 'Playing equipment')")
    assert caught.value.location.line == 6


CASTLES_PAD = {   # a pad tied on VP, the tiebreak figure deciding: {a} Anna's (and her teammate Cara's)
    "2019": (HEAD + 'players = ["Anna", "Ben"]\n[final.scores.Anna]\ntotal = 140\ntiebreak = {a}\n'
                    '[final.scores.Ben]\ntotal = 140\ntiebreak = 2\n'),
    "2011": (HEAD.replace('"2019"', '"2011"') + 'players = ["Anna", "Ben"]\n[game.options]\n'
             'tiebreak-empty-spaces = "most"\n[final.scores.Anna]\ntotal = 140\ntiebreak = {a}\n'
             '[final.scores.Ben]\ntotal = 140\ntiebreak = 2\n'),
    "solo": (HEAD + 'players = ["Anna"]\n[game.options]\nmodules = ["solo-game"]\n[final]\nwon = false\n'
                    '[final.scores.Anna]\ntotal = 60\ntiebreak = {a}\n'),
    "team": (HEAD + 'players = ["Anna", "Ben", "Cara", "Dario"]\n[game.options]\nmodules = ["team-game"]\n'
                    '[final]\nteams = {{ A = ["Anna", "Cara"], B = ["Ben", "Dario"] }}\n'
                    '[final.scores.Anna]\ntotal = 100\ntiebreak = {a}\n[final.scores.Ben]\ntotal = 90\ntiebreak = 2\n'
                    '[final.scores.Cara]\ntotal = 80\ntiebreak = {a}\n[final.scores.Dario]\ntotal = 90\ntiebreak = 2\n'),
}


@pytest.mark.parametrize("pad, most, line, says", [
    ("2019", 36, 8, "a player has at most 36 empty duchy spaces: a duchy's 37 spaces less the start castle's "
                    "(2019 rules, 'Game setup')"),
    ("2011", 36, 10, "a player has at most 36 empty estate spaces: an estate's 37 spaces less the start castle's "
                    "(2011 rules, 'Game setup', 'The player boards')"),
    ("solo", 36, 12, "a player has at most 36 empty duchy spaces: the solo duchy's 37 spaces less the start "
                     "castle's (2019 rules, 'The solo game', 'Game setup', 'End of the game')"),
    ("team", 72, 12, "a team has at most 72 empty duchy spaces: a team board's 73 spaces less the start castle's "
                     "(2019 rules, 'The team game', 'Game setup')"),
])
def test_a_castles_pad_gives_no_more_empty_spaces_than_the_duchy_has_but_its_start_castle(pad, most, line,
                                                                                           says) -> None:
    """Rulebooks: a duchy has 37 spaces (2011 'The player boards': "a total of 37 spaces"; 2019
    'Game setup': "Your duchy is comprised of 37 hex spaces"), the start castle on one from the
    setup on ('Game setup': "1 castle ... place it on the dark green number 6 center hex space");
    the solo duchy too ('The solo game': "place it on any dark green castle space", "fill all 37
    hex spaces of your duchy"); a team's one team board is two halves sharing a space, 73, with
    one castle ('The team game', 'Game setup'). So 36 empty spaces is the most (72 for a team),
    and a pad's 50 decided a tie: one more than the most is refused at its key."""
    winner = {"2019": ["Ben"], "2011": ["Anna"], "solo": [], "team": ["Anna", "Cara"]}[pad]   # (fewest, most, lost, most)
    assert sorted(opened(CASTLES_PAD[pad].format(a=most)).score().winner) == winner
    with pytest.raises(RecordError) as caught:
        opened(CASTLES_PAD[pad].format(a=most + 1))
    assert caught.value.describe().endswith(f"[final.scores.Anna] tiebreak = {most + 1}: {says}")
    assert caught.value.location.line == line


def test_new_result_refuses_more_empty_spaces_than_a_duchy_has_in_one_line(cli, tmp_path) -> None:
    """``new --result --tiebreak A=50`` wrote a record whose 50 empty spaces (of a duchy's 37)
    lost the tie to 2: now one line on stderr, exit 1, nothing written (2019 rules, 'Game setup')."""
    path = tmp_path / "x.toml"
    made = cli("new", str(path), "--game", "castles-of-burgundy", "--result", "--players", "A,B",
               "--scores", "A=140,B=140", "--tiebreak", "A=50,B=2")
    assert made.exit_code == 1 and not path.exists() and made.stdout == ""
    assert made.stderr == ("burgundy: invalid record: --tiebreak (A): tiebreak = 50: a player has at most 36 empty "
                           "duchy spaces: a duchy's 37 spaces less the start castle's (2019 rules, 'Game setup'); "
                           "nothing was written\n")


@pytest.mark.parametrize(("won", "empty", "says"), [
    ("true", 3, "won = true, but Anna has 3 empty duchy spaces"),
    ("false", 0, "won = false, but Anna has no empty duchy space"),
])
def test_a_solo_pad_is_won_exactly_when_its_duchy_is_filled(won, empty, says) -> None:
    """2019 'The solo game', 'End of the game': "You win the game if you managed to fill all 37
    hex spaces of your duchy within 25 rounds" (cob.solo.end). A pad that gives the empty spaces
    says with them whether it was won: won with a space empty, or lost with none, is refused at
    ``won``; the pad that agrees is taken, and says why it was won or lost."""
    pad = (HEAD + 'players = ["Anna"]\n[game.options]\nmodules = ["solo-game"]\n[final]\nwon = {won}\n'
                  '[final.scores.Anna]\ntotal = 60\ntiebreak = {empty}\n')
    with pytest.raises(RecordError) as caught:
        opened(pad.format(won=won, empty=empty))
    assert says in caught.value.describe() and "(2019 rules, 'The solo game', 'End of the game')" in caught.value.describe()
    assert caught.value.location.line == 9
    agreed = opened(pad.format(won=won, empty=3 - empty)).score()
    assert agreed.winner == (["Anna"] if won == "true" else [])
    assert f"solo game: {'WON: the duchy filled' if won == 'true' else 'LOST: the duchy not filled'} within the 25 " \
           "rounds" in agreed.notes
