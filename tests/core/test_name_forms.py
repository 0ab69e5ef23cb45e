"""A player's name typed in a compatibility form finds its player (audit-names): the
full-width letters a phone or an East-Asian keyboard types (``Ａｎｎａ``), a ligature, an
ideographic space are the plain name to ``core.words.player_key``, the one place names are
keyed -- in a line of the game (``check``, ``play``, the table session), in ``new``'s
answers and across records (``stats``). A record keeps its names as written; two listed
names that differ only so are one player twice, refused where the record is made or read."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.core.replay import PlayerNames
from burgundy_cli.core.words import player_key
from tests.conftest import RECORDS
from tests.session.conftest import RK_SETUP

OPENING = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"


@pytest.mark.parametrize(("typed", "listed"), [
    ("Ａｎｎａ", "Anna"),                 # full-width letters
    ("ＡＮＮＡ", "anna"),                 # ... in another case
    ("ﬁona", "Fiona"),                    # a ligature
    ("Anna\u3000Lena", "anna lena"),      # an ideographic space
    ("Anna\u00a0 Lena", "Anna Lena"),     # a no-break space and a run of spaces
    ("Zoe\u0308", "Zo\u00eb"),            # decomposed and composed, as before
    ("ＺＯＥ\u0308", "zo\u00eb"),          # full-width, decomposed, upper case at once
    ("Stra\u00dfe", "STRASSE"),           # case folded in full (ß is ss)
])
def test_a_compatibility_form_is_the_plain_name(typed: str, listed: str) -> None:
    assert player_key(typed) == player_key(listed)
    assert PlayerNames([listed, "Other"]).resolve(typed) == listed   # the listed spelling is kept


def test_different_names_stay_different() -> None:
    assert len({player_key(name) for name in ("Anna", "Ana", "Anne", "Ａｎｎｅ", "Zoe", "Zo\u00eb")}) == 5
    assert player_key("Ａｎｎａ") == "anna" and player_key("Zo\u00eb") == "zo\u00eb"   # composed: reads as typed


def test_an_unknown_full_width_name_is_told_the_nearest_player() -> None:
    from burgundy_cli.core.errors import ParseError

    with pytest.raises(ParseError) as info:
        PlayerNames(["Anna", "Bob"]).resolve("Ａｎａ", column=1)
    assert info.value.message == "unknown player 'Ａｎａ'" and info.value.location.column == 1 and info.value.hint == "did you mean 'Anna'?"


def test_check_and_play_take_a_full_width_name_and_record_the_listed_one(cli, tmp_path) -> None:
    """Before: ``unknown player 'Ａｎｎａ' at column 1 (players: Anna, Bob)``."""
    path = tmp_path / "game.toml"
    shutil.copy(OPENING, path)
    checked = cli("check", str(path), "Ａｎｎａ: buy ship")
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.startswith("legal: Anna: buy ship")
    played = cli("play", str(path), "Ａｎｎａ: buy ship")
    assert played.exit_code == 0, played.output
    text = path.read_text(encoding="utf-8")
    assert '"Anna: buy ship",\n]' in text and "Ａ" not in text     # the line as the record spells the name
    assert '"Anna",\n    "Bob",' in text                            # the players as they were written


def test_robber_knights_takes_a_full_width_name_too(cli, tmp_path) -> None:
    path = tmp_path / "rk.toml"
    path.write_text(RK_SETUP, encoding="utf-8")
    assert cli("check", str(path), "ＲＥＤ: lay plain f5").stdout.startswith("legal: red: lay plain f5")
    played = cli("play", str(path), "ｒｅｄ: lay plain f5")
    assert played.exit_code == 0, played.output
    text = path.read_text(encoding="utf-8")
    assert '"red: lay plain f5",\n]' in text and "ｒ" not in text


def test_the_table_session_takes_a_full_width_name(castles_table) -> None:
    reply = castles_table.handle("Ａｎｎａ: buy ship")
    assert reply.accepted, reply.text
    assert castles_table.helpers.lines(castles_table.session)[-1] == "Anna: buy ship"


@pytest.fixture
def castles_table(tmp_path):
    from burgundy_cli.core.table import TableSession

    path = tmp_path / "game.toml"
    shutil.copy(OPENING, path)
    table = TableSession(path)
    yield table
    table.close()


def test_new_takes_a_full_width_answer_for_a_listed_player(cli, tmp_path) -> None:
    """``--goods ａｎｎａ=...`` and ``--start-player ＢＯＢ`` name the players of ``--players``;
    before, ``no player called 'ａｎｎａ'``."""
    path = tmp_path / "new.toml"
    made = cli("new", str(path), "-g", "castles-of-burgundy", "-e", "2011", "-p", "Anna,Bob",
               "--goods", "ａｎｎａ=1 2 3,Bob=4 5 6", "--start-player", "ＢＯＢ")
    assert made.exit_code == 0, made.output
    text = path.read_text(encoding="utf-8")
    assert 'start_player = "Bob"' in text and "Anna = [" in text and "ａ" not in text


@pytest.mark.parametrize("game", [["-g", "castles-of-burgundy", "-e", "2011", "--goods", "Anna=1 2 3,Ａｎｎａ=4 5 6",
                                   "--start-player", "Anna"],
                                  ["-g", "robber-knights", "--layout", "Anna:castle-plain Ａｎｎａ:lake"]])
def test_new_refuses_two_players_whose_names_differ_only_in_form(cli, tmp_path, game) -> None:
    """``Anna`` and ``Ａｎｎａ`` are one name to every line that names either: seating both
    would leave a line naming one of them ambiguous, so they are refused (a name of its own
    for each player, as for ``Anna`` and ``anna``), and nothing is written."""
    path = tmp_path / "twins.toml"
    made = cli("new", str(path), *game, "-p", "Anna,Ａｎｎａ")
    assert made.exit_code != 0 and not path.exists()
    assert "players 'Anna' and 'Ａｎｎａ' are the same name to the notation" in made.stderr
    assert "nothing was written" in made.stderr and "Traceback" not in made.output


@pytest.mark.parametrize("record", [OPENING, None])
def test_a_record_listing_two_forms_of_one_name_is_refused_where_it_lists_them(cli, tmp_path, record) -> None:
    path = tmp_path / "twins.toml"
    text = record.read_text(encoding="utf-8") if record else RK_SETUP
    text = text.replace('"Bob"', '"Ａｎｎａ"') if record else text.replace('"blue"', '"ＲＥＤ"')
    path.write_text(text, encoding="utf-8")
    scored = cli("score", str(path))
    assert scored.exit_code != 0 and scored.stdout == ""
    first, second = ("Anna", "Ａｎｎａ") if record else ("red", "ＲＥＤ")
    assert f"players '{first}' and '{second}' are the same name to the notation" in scored.stderr
    assert "twins.toml:" in scored.stderr   # located at the players


def _pad(path, names: list[str], scores: list[int], date: str) -> None:
    """A result-only 2011 record of ``names`` at ``date``."""
    lines = [f'[game]\nname = "castles-of-burgundy"\nedition = "2011"\ndate = {date}\n'
             f"players = {json.dumps(names, ensure_ascii=False)}\n"]
    lines += [f"[final.scores.{json.dumps(name, ensure_ascii=False)}]\ntotal = {score}\n"
              for name, score in zip(names, scores)]
    path.write_text("".join(lines), encoding="utf-8")


def test_stats_joins_a_full_width_spelling_to_the_plain_one(cli, tmp_path) -> None:
    """One club, two records: Anna typed plainly in the first, in full width in the second --
    one player with two games, shown as the first game spells her."""
    club = tmp_path / "club"
    club.mkdir()
    _pad(club / "a.toml", ["Anna", "Ben"], [150, 140], "2026-01-02")
    _pad(club / "b.toml", ["Ａｎｎａ", "Ben"], [130, 160], "2026-01-09")
    result = cli("stats", str(club), "--db", str(tmp_path / "s.db"), "--json")
    assert result.exit_code == 0, result.output
    players = json.loads(result.stdout)["standings"][0]["players"]
    assert sorted((p["name"], p["played"], p["wins"]) for p in players) == [("Anna", 2, 1), ("Ben", 2, 1)]


@pytest.mark.parametrize("twice", ["ａｎｎａ", "Ａｎｎａ", "ANNA"])
def test_a_roll_giving_one_player_dice_twice_in_two_forms_is_refused(cli, tmp_path, twice) -> None:
    """'Anna 6 4, ..., ａｎｎａ 1 1': one player's dice twice, which the reader refuses however the
    name is spelt (core.words.player_key); told apart by lower case only, the full-width entry
    passed the reader, resolved to Anna and silently replaced her 6 4 with 1 1."""
    path = tmp_path / "game.toml"
    shutil.copy(OPENING, path)
    line = f"roll white 2 good 4, Anna 6 4, Bob 3 3, {twice} 1 1"
    checked = cli("check", str(path), line)
    assert checked.exit_code == 1 and f":1:41: cannot parse: dice for '{twice}' are given twice" in checked.stderr
    from burgundy_cli.castles.notation import read_canonical, known_names

    assert read_canonical(line, known_names(["Anna", "Bob"])) is None   # the fast reader leaves it to the token reader


@pytest.mark.parametrize("winner", ["Ａｎｎａ", "ａｎｎａ", "ANNA"])
def test_a_score_pad_s_winner_is_matched_as_every_name_is(cli, tmp_path, winner) -> None:
    """``[final] winner`` names a listed player as a line does (core.words.player_key); told
    apart by lower case only, a full-width ``Ａｎｎａ`` 'disagreed with the scores'."""
    path = tmp_path / "pad.toml"
    _pad(path, ["Anna", "Ben"], [150, 140], "2026-01-02")
    path.write_text(path.read_text(encoding="utf-8").replace("[final.scores.", f'[final]\nwinner = ["{winner}"]\n[final.scores.', 1),
                    encoding="utf-8")
    scored = cli("score", str(path), "--json")
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.stdout)["winner"] == ["Anna"]


def test_the_archive_s_rounds_begin_at_the_first_player_however_a_line_names_them() -> None:
    """A Robber Knights record's rounds (its charts, the site's) begin where the first seat's
    player plays after another; a line typed ``ＲＥＤ: ...`` is red's, as the replay reads it.
    Told apart by lower case only, that round began nowhere and its VP joined the last one's."""
    from burgundy_cli.archive.verify import RoundTotals
    from burgundy_cli.core.record import parse_record_text

    rounds = RoundTotals(parse_record_text(RK_SETUP, "rk.toml"))
    lines = ["red: lay plain f5", "red: draw plain", "red: end", "blue: lay castle-forest e5 knights 4",
             "blue: end", "ＲＥＤ: lay plain f4", "red: end", "blue: end", "Ｒｅｄ\u3000: end"]
    assert sorted(rounds.stops("moves", lines)) == [0, 5, 8]


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=12))
def test_the_key_is_one_for_every_form_of_a_name(name: str) -> None:
    """Any text: its key is its own key, and the key of its NFKC and NFD forms; an ASCII
    name's full-width spelling has its key."""
    import unicodedata

    key = player_key(name)
    assert player_key(key) == key
    assert player_key(unicodedata.normalize("NFKC", name)) == key == player_key(unicodedata.normalize("NFD", name))
    if name.isascii() and name.isprintable():
        assert player_key("".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name)) == key
