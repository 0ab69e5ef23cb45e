"""``burgundy new --end`` with the 2019 shields: the shields removed from the game and shield
6's choice, which the final scoring needs (2019 rules, "THE SHIELDS", 6: "choose *one* player.
Any monastery tiles in that player's duchy count as if they were in your own duchy ... You
also gain points from any monastery scoring tiles that player may have if you have this shield
still at the end of the game").

The hand-worked position: Anna holds shield 6 on her start castle (d4) and a bank on c3; Ben
holds monastery tile 22 on c4 ("4 victory points for each building of that type", 22: bank)
and a bank on c3; both VP tracks read 5. Ben: 5 + 4 (his one bank) = 9. Anna: 5 + 12 (shield
6) = 17, and with Ben chosen, Ben's tile 22 counts as hers: + 4 for her bank = 21.
"""

from __future__ import annotations

from burgundy_cli.core.newrecord import NewRecord, create
from burgundy_cli.core.session import open_record

POSITION = ["--game", "castles-of-burgundy", "--edition", "2019", "--players", "Anna,Ben", "--modules", "shields",
            "--end", "--date", "2026-12-01", "--duchy", "Anna=c3:bank,Ben=c4:k22 c3:bank", "--vp", "Anna=5,Ben=5"]


def test_shield_6s_choice_is_written_and_scored(cli, tmp_path) -> None:
    """Ben chosen: Anna 21 (tile 22 through shield 6), Ben 9; nobody chosen: Anna 17."""
    chosen = cli("new", str(tmp_path / "ben.toml"), *POSITION, "--castle-shields", "Anna=d4:6", "--borrowed", "ben")
    assert chosen.exit_code == 0, chosen.output
    assert "1. Anna 21, 2. Ben 9" in chosen.stdout
    assert open_record(tmp_path / "ben.toml").record_data()["end"]["shields"] == {"borrowed": {"Anna": "Ben"}}
    nobody = cli("new", str(tmp_path / "nobody.toml"), *POSITION, "--castle-shields", "Anna=d4:6",
                 "--borrowed", "Anna=nobody")
    assert nobody.exit_code == 0, nobody.output
    assert "1. Anna 17, 2. Ben 9" in nobody.stdout
    assert "shields" not in open_record(tmp_path / "nobody.toml").record_data()["end"]


def test_without_a_terminal_shield_6_needs_its_choice_and_only_its_holder_gives_one(cli, tmp_path) -> None:
    """A castle holding shield 6 makes --borrowed required (the score depends on it); a choice
    for a player without shield 6, or while no castle holds it, is refused; nothing is written."""
    missing = cli("new", str(tmp_path / "a.toml"), *POSITION, "--castle-shields", "Anna=d4:6")
    assert missing.exit_code == 2 and "missing --borrowed: Anna's shield 6: the player whose" in missing.stderr
    other = cli("new", str(tmp_path / "b.toml"), *POSITION, "--castle-shields", "Anna=d4:6", "--borrowed", "ben=anna")
    assert other.exit_code == 1 and "--borrowed (Ben): Ben holds no shield 6; nothing was written" in other.stderr
    stray = cli("new", str(tmp_path / "c.toml"), *POSITION, "--castle-shields", "Anna=d4:7", "--borrowed", "ben")
    assert stray.exit_code == 2 and "no castle holds shield 6" in stray.stderr
    assert not any(tmp_path.iterdir())


def test_shields_removed_are_written_and_checked(cli, tmp_path) -> None:
    """Shields whose tribute was not paid leave the game ("you must remove that many shields
    from the game"): written as ``[end.shields] removed``; a shield both removed and on a
    castle is refused (each shield once)."""
    made = cli("new", str(tmp_path / "a.toml"), *POSITION, "--shields-removed", "4 12")
    assert made.exit_code == 0, made.output
    assert open_record(tmp_path / "a.toml").record_data()["end"]["shields"] == {"removed": [4, 12]}
    twice = cli("new", str(tmp_path / "b.toml"), *POSITION, "--shields-removed", "7", "--castle-shields", "Anna=d4:7")
    assert twice.exit_code == 1 and ("--castle-shields (Anna d4): shield 7 lies in two places: removed from the "
                                     "game and Anna's castle on d4; nothing was written") in twice.stderr
    assert not (tmp_path / "b.toml").exists()
    again = cli("new", str(tmp_path / "c.toml"), *POSITION, "--shields-removed", "1 1")
    assert again.exit_code == 1 and "shield 1 is removed from the game twice: the game has one" in again.stderr


def test_on_a_terminal_shield_6s_holder_is_asked_after_the_castle_shields(tmp_path) -> None:
    """The removed shields come before the duchies (set aside during the game), shield 6's choice
    right after the castle shields, asked of its holder alone, Tab offering the other players
    and nobody; without shield 6 on a castle it is not asked."""
    def made(shields: str) -> list[tuple[str, list[str]]]:
        typed = {"Anna's duchy": "c3:bank", "Ben's duchy": "c4:k22 c3:bank", "the shields on": shields,
                 "Anna's shield 6": "Ben", "each player's VP": "Anna=5,Ben=5", "date": "2026-12-01"}
        asked: list[tuple[str, list[str]]] = []

        def read(question: str, choices: list[str]) -> str:
            asked.append((question, choices))
            return next((answer for start, answer in typed.items() if question.startswith(start)), "")

        path = tmp_path / f"{len(shields)}.toml"
        told = create(str(path), NewRecord(game="castles-of-burgundy", end=True, edition="2019", players="Anna,Ben",
                                           modules="shields"), ask=True, read=read, say=lambda said: None)
        assert told.endswith("1. Anna 21, 2. Ben 9; winner Anna" if "6" in shields else "1. Ben 9, 2. Anna 5; winner Ben"), told
        return asked

    asked = made("Anna=d4:6")
    order = [question for question, _ in asked]
    removed, duchy, castles, choice = (next(i for i, q in enumerate(order) if q.startswith(start)) for start in (
        "the shields removed from the game", "Anna's duchy", "the shields on each player's castles", "Anna's shield 6"))
    assert removed < duchy < castles and choice == castles + 1
    assert asked[choice] == ("Anna's shield 6: the player whose monastery tiles count as Anna's own "
                             "(nobody: never chosen): ", ["Ben", "nobody"])
    assert not any(question.startswith("Anna's shield 6") for question, _ in made(""))


def test_on_a_terminal_a_tile_apart_waits_for_shield_18_on_a_castle(tmp_path) -> None:
    """Shield 18: "you are allowed to place hex tiles on any space in your duchy, not only
    adjacent to a previously placed tile" (2019 "THE SHIELDS"). Anna's mine on g1 lies apart
    from her start castle (d4, duchy 1): the duchy, asked before the castle shields, is taken
    while shield 18 may still lie on one of her castles. With shield 18 on d4 the record is
    written (Anna 4: shield 18's VP); with shield 7 instead the duchy is refused then
    ("g1 is not connected to the start castle", with its passage) and asked again."""
    def made(shields: str) -> tuple[list[str], list[str], str]:
        asked: list[str] = []
        told: list[str] = []

        def read(question: str, choices: list[str]) -> str:
            asked.append(question)
            if question.startswith("Anna's duchy"):
                return "c3:bank g1:mine" if asked.count(question) == 1 else "c3:bank"
            typed = {"the shields on": shields, "each player's VP": "Anna=0,Ben=0", "date": "2026-12-01"}
            return next((answer for start, answer in typed.items() if question.startswith(start)), "")

        written = create(str(tmp_path / f"{shields[-1]}.toml"), NewRecord(
            game="castles-of-burgundy", end=True, edition="2019", players="Anna,Ben", modules="shields"),
            ask=True, read=read, say=told.append)
        return [question.split(":")[0] for question in asked], told, written

    asked, told, written = made("Anna=d4:18")
    assert asked.count("Anna's duchy") == 1 and not told and written.endswith("1. Anna 4, 2. Ben 0; winner Anna")
    assert "g1" in open_record(tmp_path / "8.toml").record_data()["end"]["players"]["Anna"]["duchy"]
    asked, told, written = made("Anna=d4:7")
    assert told == ["g1 is not connected to the start castle (2019 rules, 'Place hex tile in your duchy')"]
    assert asked.index("the shields on each player's castles as space") < len(asked) - 1 - asked[::-1].index("Anna's duchy")
    assert written.endswith("1. Anna 8, 2. Ben 0; winner Anna")


def test_in_the_team_game_shield_6s_choice_is_the_teams(cli, tmp_path) -> None:
    """The team game: the shields on the team's castles are the team's (docs/rulings.md), so is
    shield 6's choice: given per team (``A=Ben``) and written for both its players; a player
    named where the team is wanted is refused with the team's example."""
    base = ["--game", "castles-of-burgundy", "--edition", "2019", "--players", "Anna,Ben,Cara,Dario",
            "--modules", "team-game,shields", "--teams", "A=Anna Cara,B=Ben Dario", "--end", "--date", "2026-12-01",
            "--castle-shields", "A=d7:6", "--vp", "Anna=0,Ben=0,Cara=0,Dario=0"]
    made = cli("new", str(tmp_path / "a.toml"), *base, "--borrowed", "A=Ben")
    assert made.exit_code == 0, made.output
    assert open_record(tmp_path / "a.toml").record_data()["end"]["shields"] == {
        "borrowed": {"Anna": "Ben", "Cara": "Ben"}}
    player = cli("new", str(tmp_path / "b.toml"), *base, "--borrowed", "Anna=Ben")
    assert player.exit_code == 2 and "'Anna' is no team" in player.stderr and "e.g. A=Bob" in player.stderr
