"""``burgundy new --end`` for the 2019 trade routes, the solo game and the team game: the
questions in the order the box is tidied away (the route card by card as a new game asks it,
then the goods lying on it; the solo game's removed tiles, its VP counter, target marker and
resets; the team game's teams first, then the team's property per team), a refused answer
asked again alone, the flags, and the record written scores as the logged game whose final
position was typed."""

from __future__ import annotations

import json

import pytest

from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record
from tests.castles.test_end_records import CASTLES, PLAY, end_table_of

CARD = "5 silver-2;2 church;1 vp-1"


def answered(answers: list[str], tmp_path):
    """``new`` on a terminal given ``answers`` in turn, every one used: the record's path, the
    questions asked and what was told."""
    answers = list(answers)
    questions: list[str] = []
    said: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        return answers.pop(0)

    path = tmp_path / "end.toml"
    create(str(path), NewRecord(), ask=True, read=read, say=said.append)
    assert not answers
    return path, questions, said


def run(script: list[tuple[str, str | None]], tmp_path):
    """``new`` answered by ``script``, every refusal checked: what was told, and the refused
    question (only it) asked again right after. Returns the record's path and the questions."""
    path, questions, said = answered([answer for answer, _ in script], tmp_path)
    assert len(questions) == len(script)
    for told, words in zip(said, [words for _, words in script if words], strict=True):
        assert words in told, (told, words)
    for index, (_, refusal) in enumerate(script):
        if refusal:
            assert questions[index + 1] == questions[index], questions[index]
    return path, questions


def test_trade_routes_at_the_end_card_by_card_then_the_goods_on_each_route(tmp_path) -> None:
    """2019 rulebook, "The Trade Routes": sold goods go "one by one and from left to right"
    onto the route's spaces, and once it is full to the sold-goods space. So the goods sold
    are asked first (those on the route among them), then each route card by card as a new
    game asks it (one wrong card asked again alone), then the goods lying on each route, which
    must be the first sold, as many as the route holds."""
    path, questions = run([
        ("", None), ("end", None), ("2019", None), ("Anna,Ben", None), ("trade-routes", None),
        ("", None), ("", None), ("", None), ("", None), ("", None),
        ("anna=4 4 2,ben=6", None),
        ("4 vp-2;4 silver-1;2 church", None),
        ("5 silver-2;2 chruch;1 vp-1", "card 2: unknown route bonus 'chruch'"), (CARD, None),
        *[(CARD, None)] * 8,
        ("anna=4 4 5,ben=6", "Anna's route holds goods not sold"),
        ("anna=4 4,ben=6", "Anna's route holds 2 goods; with 3 sold it holds 3"),
        ("anna=4 4 2,ben=6", None),
        ("", None), ("", None), ("", None),
        ("anna=200,ben=0", "Anna has 200 VP"), ("anna=5,ben=0", None),
        ("2026-01-02", None), ("", None), ("", None),
    ], tmp_path)
    order = [question.split(":")[0].split(",")[0] for question in questions]
    tidy = [order.index(next(q for q in order if q.startswith(words))) for words in (
        "Anna's duchy", "each player's bonus", "each player's goods tiles sold", "Anna's trade route",
        "Ben's trade route", "the goods tiles lying on each player's trade route", "each player's goods tiles left",
        "each player's VP")]
    assert tidy == sorted(tidy)
    assert questions[11] == ("Anna's trade route, card 1 of 5: its 3 spaces left to right, "
                             "e.g. 5 silver-2;2 church;1 vp-1: ")
    assert "those on the trade route too" in questions[10]
    end = open_record(path).record_data()["end"]["players"]
    assert end["Anna"]["route"][:3] == ["4 vp-2", "4 silver-1", "2 church"] and len(end["Ben"]["route"]) == 15
    assert (end["Anna"]["route_goods"], end["Ben"]["route_goods"]) == ([4, 4, 2], [6])
    # the VP track 5, nothing left in storage: 5; Ben 0
    assert [(line.name, line.total) for line in open_record(path).score().players] == [("Anna", 5), ("Ben", 0)]


def test_solo_game_at_the_end_its_removed_tiles_counter_target_and_resets(tmp_path) -> None:
    """2019 rulebook, "THE SOLO GAME": one player on the solo duchy (no bonus tiles: a completed
    colour earns a black-depot tile instead), a hex tile removed each round, goods removed by
    ships and exchanges, and the two pieces on the VP track -- the "victory point counter" and
    the "target victory point marker" that starts on 50 and moves "down 5 spaces" at each
    reset: the resets default to those the marker shows (30: 4)."""
    path, questions = run([
        ("", None), ("end", None), ("2019", None), ("Anna", None), ("", None), ("", None),
        ("a1", "a1 is not a castle"), ("b1", None),
        ("", None), ("", None), ("", None), ("", None), ("", None),
        (" ".join(["ship"] * 26), "26 tiles removed after 25 rounds rolled: one a round"),
        ("ship chip", "unknown tile 'chip'"), ("ship bank", None),
        ("1 1 2", None),
        ("188", None),
        ("60", "the counter (60) has reached the target (50)"), ("18", None),
        ("x", "'x': a whole number is wanted"), ("30", None),
        ("", None),
        ("2026-01-02", None), ("", None), ("", None),
    ], tmp_path)
    assert questions[4].endswith("[solo-game]: ") and questions[5].endswith("[13x]: ")
    assert not any("bonus tiles" in question for question in questions)
    order = [question.split(",")[0] for question in questions]
    tidy = [order.index(next(q for q in order if q.startswith(words))) for words in (
        "Anna's duchy", "each player's goods tiles sold", "each player's workers", "the hex tiles the rounds removed",
        "the goods tiles ships and exchanges removed", "Anna's VP gained", "where the VP counter",
        "where the target VP marker", "how often the VP counter was reset")]
    assert tidy == sorted(tidy)
    assert questions[-5].startswith("where the target VP marker stands") and questions[-5].endswith("[50]: ")
    assert questions[-4].endswith("[4]: ")
    assert open_record(path).record_data()["end"]["solo"] == {
        "removed": ["ship", "bank"], "goods_removed": [1, 1, 2], "counter": 18, "target": 30, "resets": 4}
    table = open_record(path).score()
    assert table.players[0].total == 188
    assert "VP counter 18, target 30, 4 resets, 2 tiles removed" in table.notes[0]


def test_solo_game_at_the_end_vp_too_few_for_the_resets_asks_the_vp_again(tmp_path) -> None:
    """2019 rulebook, "THE SOLO GAME": "When you reach the target victory point marker, place your
    counter back on the start space (any remaining victory points are lost), then move the target
    marker down 5 spaces" (cob.solo.counter): a marker 4 resets down took 50 + 45 + 40 + 35 VP, so
    VP gained that do not cover them and the counter are refused once the resets are given, and
    the VP question, the answer to blame, comes back; the answers after it stand."""
    path, questions, said = answered(["", "end", "2019", "Anna", "", "", "b1", "", "", "", "", "", "ship bank",
                                      "1 1 2", "40", "18", "30", "", "200", "2026-01-02", "", ""], tmp_path)
    resets = next(index for index, question in enumerate(questions) if question.startswith("how often the VP"))
    assert questions[resets].endswith("[4]: ") and questions[resets + 1].startswith("Anna's VP gained")
    assert "the VP scored (40) are fewer than the counter (18) and the 4 targets" in said[-1]
    assert "(50 + 45 + 40 + 35 = 170; cob.solo.counter)" in said[-1]
    assert questions[resets + 2].startswith("date")
    assert open_record(path).record_data()["end"]["solo"]["target"] == 30
    assert open_record(path).score().players[0].total == 200


def _tiles(counts: dict) -> str:
    """Goods tiles counted by type as the table says them: one number a tile."""
    return " ".join(str(good) for good, count in counts.items() for _ in range(count))


def _owners(end: dict) -> dict[str, dict]:
    """Who the box's property is read off for: each player, or in the team game each team (its
    first player's entry: both state the team's alike)."""
    players = end["players"]
    return {team: players[names[0]] for team, names in end["teams"].items()} if "teams" in end else players


def _flags(path) -> list[str]:
    """The ``new --end`` flags that type the final position of the logged game at ``path`` as
    the table reads it off the box: each duchy's tiles, bonus tiles, goods sold and left one
    number a tile, silverlings, workers (in the team game each team's, with the teams and
    their shared storage), the VP track as one number, the trade routes and the goods on them,
    the solo game's removed tiles, counter and target marker (its resets left to their
    default, the marker's)."""
    logged = open_record(path)
    end = end_table_of(logged.state)
    players = end["players"]
    owners = _owners(end)

    def each(value, of: dict = owners) -> str:
        return ",".join(f"{name}={value(entry)}" for name, entry in of.items())

    flags = ["--game", "castles-of-burgundy", "--edition", logged.header.edition, "--end", "--date", "2026-01-01",
             "--players", ",".join(logged.header.players), "--modules", ",".join(logged.header.options["modules"]),
             "--duchy", each(lambda entry: " ".join(f"{space}:{tile}" for space, tile in entry["duchy"].items())),
             "--sold", each(lambda entry: _tiles(entry.get("sold", {}))),
             "--goods-left", each(lambda entry: _tiles(entry.get("goods", {}))),
             "--silver", each(lambda entry: entry.get("silver", 0)),
             "--workers", each(lambda entry: entry.get("workers", 0)),
             "--vp", each(lambda entry: _track(entry["vp"]), players)]
    if any(entry.get("bonuses") for entry in players.values()):
        flags += ["--bonuses", each(lambda entry: " ".join(entry.get("bonuses", [])))]
    if "shields" in logged.header.options["modules"]:
        flags += ["--castle-shields", each(lambda entry: " ".join(f"{space}:{shield}"
                                                                  for space, shield in entry.get("shields", {}).items()))]
        flags += ["--shields-removed", " ".join(map(str, end.get("shields", {}).get("removed", [])))]
        borrowed = end.get("shields", {}).get("borrowed", {})
        if any(6 in entry.get("shields", {}).values() for entry in players.values()):
            flags += ["--borrowed", ",".join(f"{name}={borrowed.get(name, 'nobody')}" for name, entry in players.items()
                                             if 6 in entry.get("shields", {}).values())]
    if "teams" in end:
        flags += ["--teams", ",".join(f"{team}={' '.join(names)}" for team, names in end["teams"].items()),
                  "--shared", each(lambda entry: " ".join(entry.get("shared", [])))]
    if "solo" in end:
        solo = end["solo"]
        flags += ["--start", each(lambda entry: entry["start"]), "--tiles-removed", " ".join(solo["removed"]),
                  "--goods-removed", " ".join(map(str, solo["goods_removed"])),
                  "--vp-counter", str(solo["counter"]), "--target-marker", str(solo["target"])]
    elif "trade-routes" in logged.header.options["modules"]:
        flags += ["--routes", each(lambda entry: ";".join(entry["route"]), players),
                  "--route-goods", each(lambda entry: " ".join(map(str, entry["route_goods"])), players)]
    return flags


def _track(vp) -> int:
    """The VP track's one number: a position's as it is, a logged game's by category summed."""
    return vp if isinstance(vp, int) else sum(vp.values())


def _scores_as_the_log(cli, path, logged) -> list[int]:
    """The ``score --json`` table of the ``[end]`` record at ``path`` is the logged game's: every
    total, rank, final-scoring row, the winner, tiebreak and notes, with the VP of play as the
    one ``position`` row the VP track is. Returns the log's totals in the table's order."""
    typed, table = (json.loads(cli("score", "--json", str(each)).stdout) for each in (path, logged))
    assert typed["players"]
    for key in ("winner", "tiebreak", "complete", "notes"):
        assert typed[key] == table[key], key
    for mine, line in zip(typed["players"], table["players"], strict=True):
        assert (mine["name"], mine["total"], mine["rank"]) == (line["name"], line["total"], line["rank"])
        assert mine["breakdown"]["position"] == sum(line["breakdown"].get(category, 0) for category in PLAY)
        assert {k: v for k, v in mine["breakdown"].items() if k not in PLAY} == \
            {k: v for k, v in line["breakdown"].items() if k not in PLAY}
    return [line["total"] for line in table["players"]]


@pytest.mark.parametrize("stem", ["complete-2p-2019-inns-trade-routes", "complete-3p-2019-trade-routes",
                                  "complete-1p-2019-solo", "complete-4p-2019-team", "shields-6-14-15-game-end",
                                  "complete-4p-2019-shields"])
def test_a_logged_games_final_position_typed_by_flags_scores_as_the_log(cli, tmp_path, stem) -> None:
    """The logged games hand-worked in ``complete-2p-2019-inns-trade-routes.hand-scored.md``
    (Anna 147, Ben 120) and ``complete-1p-2019-solo.hand-counted.md`` (210), the 3-player
    trade-routes game and the team game (team A, Dario 183 + Ben 174, beats team B, Cara 226 +
    Anna 125): their final position typed through ``new --end``'s flags gives the log's
    ``score --json`` table (the solo game's outcome, counter, target, resets and removed tiles,
    the team game's team totals and "the team's goods ... counted on its first player" in its
    notes); and the shields games: ``shields-6-14-15-game-end.hand-scored.md`` (Anna 18 with
    Ben's monastery tiles through shield 6, Ben 10) and the 4-player game (six shields removed;
    Anna's shield 18, "place hex tiles on any space", lets her f1 lie apart from her start
    castle: the duchy, asked before the castle shields, is checked with them given by flag)."""
    logged = CASTLES / f"{stem}.toml"
    path = tmp_path / "end.toml"
    made = cli("new", str(path), *_flags(logged))
    assert made.exit_code == 0, made.output
    assert _scores_as_the_log(cli, path, logged) == \
        {"complete-2p-2019-inns-trade-routes": [147, 120], "complete-3p-2019-trade-routes": [191, 176, 143],
         "complete-1p-2019-solo": [210], "complete-4p-2019-team": [183, 174, 226, 125],
         "shields-6-14-15-game-end": [18, 10], "complete-4p-2019-shields": [129, 115, 110, 105]}[stem]


def test_without_a_terminal_a_missing_answer_is_the_commands_answer(cli, tmp_path) -> None:
    """The solo game's counter has no default ("move your victory point counter" from the start
    space: where it stands at the end is read off the track); the goods on a route default to
    none, which the game refuses when goods were sold."""
    solo = cli("new", str(tmp_path / "solo.toml"), "--game", "castles-of-burgundy", "--end", "--players", "Anna",
               "--start", "b1", "--vp", "10")
    assert solo.exit_code == 2 and "missing --vp-counter" in solo.stderr
    routes = cli("new", str(tmp_path / "routes.toml"), "--game", "castles-of-burgundy", "--end",
                 "--players", "Anna,Ben", "--modules", "trade-routes", "--sold", "Anna=4", "--vp", "Anna=0,Ben=0",
                 "--routes", ",".join(f"{name}={';'.join([CARD] * 5)}" for name in ("Anna", "Ben")))
    assert routes.exit_code != 0 and "Anna's route holds 0 goods; with 1 sold it holds 1" in routes.stderr
    assert not (tmp_path / "solo.toml").exists() and not (tmp_path / "routes.toml").exists()


def test_team_game_at_the_end_through_the_questions_scores_as_the_log(cli, tmp_path) -> None:
    """2019 rulebook, "THE TEAM GAME": "Form teams of 2 players"; each team plays one team board,
    "the castle ... on the central dark green 1 hex space" (cob.team.board), and everything but
    the players' VP (and dice and private storage) is the team's -- duchy, goods, silverlings,
    workers, bonus tiles, the 2 shared storage spaces (cob.team.private). So at the end the
    teams are asked first (the log mode's question), then the team's property per team in the
    order the box is tidied away, and last each player's VP. The shipped logged team game's
    final position typed through the questions (one refusal at each kind of question, asked
    again alone) scores as its log: Dario 183, Ben 174, Cara 226, Anna 125."""
    logged = CASTLES / "complete-4p-2019-team.toml"
    end = end_table_of(open_record(logged).state)
    owners = _owners(end)

    def each(value) -> str:
        return ",".join(f"{team}={value(entry)}" for team, entry in owners.items())

    duchies = [" ".join(f"{space}:{tile}" for space, tile in entry["duchy"].items()) for entry in owners.values()]
    first, *rest = duchies[0].split()
    typo = " ".join([first.partition(":")[0] + ":chip", *rest])   # (its first tile mistyped)
    path, questions = run([
        ("", None), ("end", None), ("", None), ("Anna,Ben,Cara,Dario", None),
        ("team-game,border-posts", "the team game is not refereed with the 'border-posts' module"),
        ("team-game", None),
        ("A=Dario Ben,B=Cara", "the team game is played by 4 players in teams A and B"),
        ("a=dario ben,b=cara anna", None),
        ("1", "team A plays a team board (cob.team.board)"), ("", None),
        ("A=a1", "team A's castle cannot start on a1: on team board 12a the castle goes on the central"),
        ("", None),
        (typo, "unknown tile 'chip'"), (duchies[0], None), (duchies[1], None),
        ("Dario=yellow-small", "'Dario' is no team: in the team game this is the team's, given per team (A and B)"),
        (each(lambda entry: " ".join(entry.get("bonuses", []))), None),
        (each(lambda entry: _tiles(entry.get("sold", {}))), None),
        ("A=ship cow3 k20", "at most 2 items, not 3"), ("A=k20", "2 k20 tiles on the table; the game has 1"),
        ("", None),
        (each(lambda entry: _tiles(entry.get("goods", {}))), None),
        ("A=1 3,B=8", "'1 3': a whole number is wanted (e.g. A=3,B=0)"),
        (each(lambda entry: entry.get("silver", 0)), None),
        (each(lambda entry: entry.get("workers", 0)), None),
        (",".join(f"{name}={sum(entry['vp'].values())}" for name, entry in end["players"].items()), None),
        ("2026-01-02", None), ("", None), ("", None),
    ], tmp_path)
    order = [question.split(":")[0].split(",")[0] for question in questions]
    tidy = [order.index(next(q for q in order if q.startswith(words))) for words in (
        "the two teams", "team board (12a", "team A's duchy (Dario and Ben)", "team B's duchy (Cara and Anna)",
        "each team's bonus tiles", "each team's goods tiles sold", "the hex tiles on each team's 2 shared storage",
        "each team's goods tiles left", "each team's silver coins", "each team's workers", "each player's VP")]
    assert tidy == sorted(tidy)
    assert any(question.startswith("each team's silver coins left, e.g. A=3,B=0") for question in questions)
    assert any(question.startswith("start castle spaces, e.g. A=d7") for question in questions)
    assert _scores_as_the_log(cli, path, logged) == [183, 174, 226, 125]


def test_tab_at_the_team_board_and_castle_offers_only_what_the_team_game_takes(tmp_path) -> None:
    """'GAME SETUP' of the team game: a team board (12a, the one shipped) and its castle "on the
    central dark green 1 hex space" (d7): Tab offers those and the team letters, and at the
    team's property the team letters, not the players."""
    answers = ["", "end", "", "Anna,Ben,Cara,Dario", "team-game", "A=Anna Cara,B=Ben Dario", "", "", "", "", ""]
    offered: dict[str, list[str]] = {}

    def read(question: str, choices: list[str]) -> str:
        offered[question.split(" (")[0].split(",")[0]] = choices
        if not answers:
            raise EOFError
        return answers.pop(0)

    with pytest.raises(UsageError, match="the input ended"):
        create(str(tmp_path / "end.toml"), NewRecord(), ask=True, read=read, say=lambda said: None)
    assert offered["team board"] == ["12a", "A", "B"]
    assert offered["start castle spaces"] == ["d7", "A", "B"]
    assert offered["each team's bonus tiles"][:2] == ["dark-green-large", "dark-green-small"]
    assert offered["each team's goods tiles sold"] == ["A", "B"]
    assert offered["the two teams"] == ["Anna", "Ben", "Cara", "Dario"]


def test_team_game_flags_need_the_teams_and_take_the_teams_property_by_team(cli, tmp_path) -> None:
    """Without a terminal: ``--teams`` is required with ``--end`` in the team game, and an answer
    that is the team's given for a player is refused in the table's words (cob.team.private:
    the team's resources are one), with the example by team."""
    base = ["--game", "castles-of-burgundy", "--end", "--players", "Anna,Ben,Cara,Dario", "--modules", "team-game",
            "--vp", "Anna=0,Ben=0,Cara=0,Dario=0"]
    missing = cli("new", str(tmp_path / "a.toml"), *base)
    assert missing.exit_code == 2 and "missing --teams: the two teams, first and second player each" in missing.stderr
    teams = ["--teams", "A=Anna Cara,B=Ben Dario"]
    player = cli("new", str(tmp_path / "b.toml"), *base, *teams, "--silver", "Anna=3")
    assert player.exit_code == 2 and "silver: 'Anna' is no team" in player.stderr and "e.g. A=3,B=0" in player.stderr
    made = cli("new", str(tmp_path / "c.toml"), *base, *teams, "--silver", "A=3,B=1", "--shared", "B=ship")
    assert made.exit_code == 0, made.output
    data = open_record(tmp_path / "c.toml").record_data()["end"]
    assert data["teams"] == {"A": ["Anna", "Cara"], "B": ["Ben", "Dario"]}
    assert [data["players"][name]["silver"] for name in ("Anna", "Ben", "Cara", "Dario")] == [3, 1, 3, 1]
    assert data["players"]["Dario"]["shared"] == data["players"]["Ben"]["shared"] == ["ship"]
