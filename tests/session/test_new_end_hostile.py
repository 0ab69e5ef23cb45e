"""``burgundy new --end`` and ``--result`` given numbers no one means: a digit that is no
number to ``int()`` (``²``), thousands of digits, a count past anything a game reaches. Each
is refused in the table's words, exit 1 or 2 (never 3, docs/errors.md), and nothing is
written; a number in another script's decimal digits (``١٢``, ``１２``) is still that number.
"""

from __future__ import annotations

import pytest

from burgundy_cli.core.models import MAX_COUNT

END = ["--end", "--game", "castles-of-burgundy", "--players", "Anna,Ben", "--date", "2026-01-10"]
RESULT = ["--result", "--game", "castles-of-burgundy", "--players", "Anna,Ben", "--date", "2026-01-10"]
LONG = "9" * 5000          # past the 4,300 digits Python's int() reads

REFUSED = [
    [*END, "--vp", "Anna=²,Ben=0"],
    [*END, "--vp", "Anna=0,Ben=0", "--silver", "Anna=⁵"],
    [*END, "--vp", "Anna=0,Ben=0", "--workers", f"Anna={LONG}"],
    [*END, "--vp", "Anna=0,Ben=0", "--boards", "²"],
    [*END, "--vp", "Anna=0,Ben=0", "--modules", "shields", "--castle-shields", "Anna=d4:²"],
    [*END, "--vp", "Anna=0,Ben=0", "--modules", "shields", "--shields-removed", "²"],
    [*END, "--players", "Anna", "--start", "c5", "--vp", "0", "--vp-counter", "²"],
    [*END, "--players", "Anna", "--start", "c5", "--vp", "0", "--vp-counter", "0", "--target-marker", "²"],
    [*RESULT, "--scores", "Anna=²,Ben=3"],
    [*RESULT, "--scores", f"Anna={LONG},Ben=3"],
    ["--game", "castles-of-burgundy", "--players", "Anna,Ben", "--goods", "Anna=1 2 ³,Ben=4 5 6"],
    ["--game", "castles-of-burgundy", "--players", "Anna,Ben", "--goods", "Anna=1 2 3,Ben=4 5 6", "--boards", "²"],
]


@pytest.mark.parametrize("flags", REFUSED, ids=lambda flags: " ".join(flags[-2:])[:40])
def test_a_number_int_cannot_read_is_refused_not_an_internal_error(cli, tmp_path, flags) -> None:
    path = tmp_path / "game.toml"
    result = cli("new", str(path), *flags)
    assert result.exit_code in (1, 2), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert not path.exists()


@pytest.mark.parametrize("flags", [
    [*END, "--vp", "Anna=0,Ben=0", "--silver", f"Anna={MAX_COUNT + 1}"],
    [*END, "--vp", "Anna=0,Ben=0", "--workers", "Anna=99999999999999999999"],
    [*RESULT, "--scores", "Anna=99999999999999999999,Ben=3"],
], ids=["silver", "workers", "score"])
def test_a_count_past_any_game_is_refused_at_its_flag(cli, tmp_path, flags) -> None:
    """The supply of silverlings and workers "is not intended to be limited" (2011 rules), but no
    game reaches a million of them, and the archive keeps scores in 64-bit integers: a count
    beyond :data:`MAX_COUNT` is a typo, refused where it was typed."""
    path = tmp_path / "game.toml"
    result = cli("new", str(path), *flags)
    assert result.exit_code == 1, result.output
    assert f"at most {MAX_COUNT}" in result.output and "nothing was written" in result.output
    assert not path.exists()


def test_a_hand_written_record_past_the_limit_is_refused_and_stats_is_not_broken(cli, tmp_path) -> None:
    """A result-only record typed by hand with an impossible score is refused as any invalid record
    is: ``stats`` reports it and counts the others, instead of failing on the archive's integers."""
    (tmp_path / "big.toml").write_text(
        '[game]\nname = "castles-of-burgundy"\nplayers = ["Anna", "Ben"]\ndate = 2026-01-10\n\n'
        '[final.scores.Anna]\ntotal = 99999999999999999999\n\n[final.scores.Ben]\ntotal = 3\n', encoding="utf-8")
    result = cli("stats", str(tmp_path))
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output and "at most" in result.output


def test_decimal_digits_of_another_script_are_still_the_number(cli, tmp_path) -> None:
    path = tmp_path / "game.toml"
    result = cli("new", str(path), *END, "--vp", "Anna=0,Ben=0", "--silver", "Anna=１２,Ben=٣")
    assert result.exit_code == 0, result.output
    assert "1. Anna 12, 2. Ben 3" in result.output


@pytest.mark.parametrize(("flags", "said"), [
    (["--vp", "Anna=5,Ben=0,anna=0"], "vp: Anna is given twice"),
    (["--vp", "Anna=0,Ben=0", "--duchy", "Anna=c3:bank,Anna=d3:ship"], "duchy: Anna is given twice"),
    (["--vp", "Anna=0,Ben=0", "--bonuses", "Anna=,Anna=grey-large"], "bonuses: Anna is given twice"),
    (["--vp", "Anna=0,Ben=0", "--duchy", "Anna=c3:bank c3:church"], "duchy: c3 is given twice"),
    (["--vp", "Anna=0,Ben=0", "--duchy", "Anna=c3:bank C3:bank"], "duchy: c3 is given twice"),
    (["--vp", "Anna=0,Ben=0", "--modules", "shields", "--castle-shields", "Anna=d4:1 d4:2"], "--castle-shields: d4 is given twice"),
], ids=["vp", "duchy-player", "bonuses", "duchy-space", "duchy-space-case", "castle-shields"])
def test_a_player_or_a_space_given_twice_is_refused_not_the_first_dropped(cli, tmp_path, flags, said) -> None:
    """Before, the second ``Anna=`` silently replaced the first (her bank was lost, her VP were the
    later figure), and a space's second tile or a castle's second shield replaced the first."""
    path = tmp_path / "game.toml"
    result = cli("new", str(path), *END, *flags)
    assert result.exit_code == 2, result.output
    assert said in result.output
    assert not path.exists()


def test_in_a_new_game_a_player_named_twice_is_refused_too(cli, tmp_path) -> None:
    path = tmp_path / "game.toml"
    result = cli("new", str(path), "--game", "castles-of-burgundy", "--players", "Anna,Ben",
                 "--goods", "Anna=1 2 3,Ben=4 5 6,Anna=1 1 1")
    assert result.exit_code == 2 and "goods: Anna is given twice" in result.output
    assert not path.exists()


def test_at_a_terminal_the_duplicate_is_told_and_only_that_question_asked_again(tmp_path) -> None:
    from burgundy_cli.core.newrecord import NewRecord, create
    from burgundy_cli.core.session import open_record

    # (the VP track left out: so the questions are asked; Anna's bank completed the town c3 of 1: at least 1 + 2)
    answers = ["Anna=grey-large,Anna=", "", "Anna=3,Ben=0"]
    questions, said = [], []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        return answers.pop(0)

    given = NewRecord(game="castles-of-burgundy", edition="2019", players="Anna,Ben", modules="", end=True,
                      boards="1", start="", duchy="Anna=c3:bank", sold="", goods_left="", silver="", workers="",
                      date="2026-01-10", place="", event="")
    create(str(tmp_path / "end.toml"), given, ask=True, read=read, say=said.append)
    assert said == ["Anna is given twice; give each once (e.g. Anna=grey-large blue-small)"]
    assert len(questions) == 3 and questions[0] == questions[1] and questions[0].startswith("each player's bonus")
    assert open_record(tmp_path / "end.toml").score().complete


@pytest.mark.parametrize(("bonuses", "said"), [
    ("Anna=grey-large grey-large", "Anna holds the large grey bonus tile twice"),
    ("Anna=grey-large,Ben=grey-large", "Anna and Ben both hold the large grey bonus tile"),
], ids=["one-player", "two-players"])
def test_a_bonus_tile_held_twice_is_named_as_the_box_names_it(cli, tmp_path, bonuses, said) -> None:
    """Before: "Anna and Anna both hold the M-large bonus tile" (the colour's code, the player twice)."""
    mines = "e3:mine f2:mine g1:mine"
    result = cli("new", str(tmp_path / "game.toml"), *END, "--duchy", f"Anna={mines},Ben={mines}",
                 "--bonuses", bonuses, "--vp", "Anna=0,Ben=0")
    assert result.exit_code == 1 and said in result.output, result.output


@pytest.mark.parametrize(("flags", "said"), [
    (["--boards", "99"], "--boards (Anna): the 2019 edition has no duchy 99"),
    (["--boards", "3"], "--boards (Ben): the game has 1 copy of duchy 3, used by Anna, Ben; nothing was written"),
    (["--modules", "solo-game", "--start", "Anna=c5,Ben=c5"], "--players: the solo game is played by 1 player, not 2"),
], ids=["no-such-duchy", "one-copy", "solo-for-two"])
def test_a_board_refusal_says_what_is_wrong_at_its_flag(cli, tmp_path, flags, said) -> None:
    """Before: "[end.players.Ben]: the game has 1 copy of duchy 99" for a duchy the box does not
    have, the same for two players on the solo duchy, each located in the record, not at its flag."""
    result = cli("new", str(tmp_path / "game.toml"), *END, "--vp", "Anna=0,Ben=0", *flags)
    assert result.exit_code == 1 and said in result.output, result.output
