"""The referee's own messages speak the record's edition, as its quoted rule does.

2011 rules 'Game components', 'The yellow tiles ("knowledge")': "Silverlings", yellow
"knowledge" tiles, cities; 2019 rules 'Game materials', 'The monastery tiles': "silver coins",
"monastery tiles", towns ('Buildings': 'only once per town'). A refusal, a legal verdict's
reasons and a line's effects in a 2019 record say "monastery tile 6", "2 silver coins" and
"town", beside the 2019 passage they cite; in a 2011 record "knowledge tile 6", "2
silverlings" and "city" (castles/rules/terms.py, one word per edition).

So too the board, the tiles and the workers: 2011 rules 'The player boards': "The estate,
with a total of 37 spaces", a tile is always added "to his estate" ('Action "Add six-sided
tile to your estate"'), the tiles are "six-sided tiles" and the workers "worker tiles"
('Action "Take worker tiles"', tile 8: "per worker tile that he pays"); 2019 says "duchy"
('Game setup': 'A duchy'), "hex tile" and "workers" ('Worker chips: Workers can be used at
any time').

The position: the 2011 opening of records/ (Anna and Bob) stopped before Anna's turn of
round A3 (dice 2 2, 2 silver, 1 worker), played once as 2011 and once as 2019.
"""

from __future__ import annotations

import re

import pytest

from burgundy_cli.castles.record.setup import SetupError, duchy_definitions
from burgundy_cli.castles.rules.boards import space_id
from burgundy_cli.castles.rules import PASSAGES, RULES
from burgundy_cli.castles.rules.citations import cited
from burgundy_cli.castles.rules.terms import WORDS, counted_in
from burgundy_cli.core.errors import IllegalMoveError
from burgundy_cli.core.session import open_record
from tests.castles.test_duchies import ROWS
from tests.conftest import RECORDS

OPENING = RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"
#: The words of the other edition a message must not use (from a word's start): 2011 has no
#: bare "worker(s)", only "worker tile(s)" (`workers` in backquotes is the notation's keyword,
#: cob.die.workers a rule's id).
FOREIGN = {"2011": ("monastery", "silver coin", "town", "duch", "hex tile", r"(?<![`.])workers?\b(?! tile)(?!`)"),
           "2019": ("knowledge", "silverling", "city", "estate", "six-sided", "worker tile")}


@pytest.fixture(params=["2011", "2019"])
def session(request, tmp_path):
    """The opening, before Anna's turn of A3, in the edition of the parameter."""
    text = OPENING.read_text().replace('    "anna: take 2 k9",\n    "anna: place 2>1 k9 c4",\n', "")
    path = tmp_path / "game.toml"
    path.write_text(text.replace('edition = "2011"', f'edition = "{request.param}"'))
    return open_record(path)


def _refusal(session, line: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as refused:
        session.check(line)
    return refused.value


def _speaks(text: str | IllegalMoveError, edition: str) -> None:
    """``text`` (a refusal: its message, hint and rule, not the rule's id) uses no word of
    the other edition."""
    if isinstance(text, IllegalMoveError):
        text = f"{text.message}; {text.hint} -- {text.rule.text} [{text.rule.ref}]"
    for word in FOREIGN[edition]:
        assert not re.search(rf"\b{word}", text), (edition, word, text)


def test_a_purchase_from_a_numbered_depot_names_tile_6_in_the_editions_words(session):
    """2011 'The yellow tiles' tile 6 / 2019 'The monastery tiles' tile 6: buying from the
    numbered depots."""
    edition = session.state.edition
    err = _refusal(session, "anna: buy k9 from 2")
    assert err.hint == f"{WORDS[edition]['knowledge tile']} 6 allows buying from the numbered depots"
    _speaks(err, edition)


def test_workers_paying_a_purchase_are_refused_in_the_editions_words(session):
    """2011 'The central black depot': 'return 2 Silverlings'; 2019: 'The central "black
    depot"' and tile 6 ('2 worker chips instead of 2 silver coins')."""
    edition = session.state.edition
    err = _refusal(session, "anna: buy carpenter workers 2")
    assert f"2 {WORDS[edition]['silverlings']}" in err.message
    _speaks(err, edition)


def test_a_second_building_in_a_city_is_refused_in_the_editions_words(session):
    """2011 'Building (beige)': 'only occur once per city'; 2019 'Buildings': 'only once per
    town' -- and tile 1 lifts the limit."""
    edition = session.state.edition
    anna = session.state.players[0]
    anna.duchy[space_id("c5")] = "bank"  # (a bank already in the city of b5, c5, c6)
    anna.storage = ["bank"]
    err = _refusal(session, "anna: place 2>3 bank c6")
    assert err.rule.id == "cob.place.city-once"
    town, tile = WORDS[edition]["city"], WORDS[edition]["knowledge tile"]
    assert (err.message, err.hint) == (f"this {town} already has a bank (on c5)", f"{tile} 1 lifts this limit")
    _speaks(err, edition)


def test_a_legal_lines_reasons_and_effects_speak_the_editions_words(session):
    """A purchase's payment and a sale's income: 2 silverlings paid and 1 received in 2011,
    2 silver coins and 1 silver coin in 2019."""
    edition = session.state.edition
    words = WORDS[edition]
    reasons = [rule["why"] for rule in session.rules_passed("anna: buy carpenter")]
    assert f"paid with 2 {words['silverlings']}" in reasons  # (no "and 0 workers": none were paid)
    assert session.effects("anna: buy carpenter") == [
        f"Anna: -2 {words['silverlings']}, stores carpenter from the black depot"]
    assert session.effects("anna: sell 2")[0].startswith(f"Anna: +1 {words['silverling']}, ")
    for text in reasons + session.effects("anna: buy carpenter") + session.effects("anna: sell 2"):
        _speaks(text, edition)


def test_a_yellow_tile_placed_is_named_in_the_editions_words(session):
    """2011 'The yellow tiles ("knowledge")' / 2019 'The monastery tiles': the tile placed, in
    the 2011 "estate" ("The player who adds this tile to his estate") or the 2019 "duchy" ("If
    this tile is in your duchy")."""
    edition = session.state.edition
    session.play("anna: take 2 k9")
    effects = session.effects("anna: place 2>1 k9 c4")
    assert f"{WORDS[edition]['knowledge tile']} 9 now in the {WORDS[edition]['duchy']}" in effects[0]
    _speaks(effects[0], edition)


def test_counted_in_speaks_each_editions_worker_and_board():
    """2011 'Action "Take worker tiles"' / 2019 'Worker chips': "2 workers"."""
    assert [counted_in("2011", n, "worker") for n in (1, 2)] == ["1 worker tile", "2 worker tiles"]
    assert [counted_in("2019", n, "worker") for n in (1, 2)] == ["1 worker", "2 workers"]
    assert (WORDS["2011"]["duchy"], WORDS["2019"]["duchy"]) == ("estate", "duchy")
    assert (WORDS["2011"]["hex tile"], WORDS["2019"]["hex tile"]) == ("six-sided tile", "hex tile")


def test_a_die_change_too_dear_counts_the_editions_workers(session):
    """2011 'A player's turn', 'Worker tiles' / 2019 'Worker chips': each changes a die by 1;
    Anna's 2 cannot become 4 with 1 worker."""
    edition = session.state.edition
    err = _refusal(session, "anna: take 2>4 market")
    _speaks(err, edition)
    assert err.rule.id == "cob.die.workers"
    assert err.hint == f"needs {counted_in(edition, 2, 'worker')}, Anna has 1"


def test_a_fix_hint_counts_the_editions_workers(session):
    """2011 'A player's turn': "exactly two actions, one per die": a 3 Anna does not have is
    told the change of her 2 and what it costs, in the edition's words."""
    edition = session.state.edition
    err = _refusal(session, "anna: take 3 cow3")
    _speaks(err, edition)
    assert err.rule.id == "cob.die.unused"
    assert err.hint.endswith(f"write 2>3 ({counted_in(edition, 1, 'worker')})")


def test_a_legal_die_change_and_the_workers_action_speak_the_editions_words(session):
    """The reasons and effects of a paid die change, and of 'Take worker tiles' ("2 worker
    tiles" in 2011, "2 worker chips" in 2019)."""
    edition = session.state.edition
    one = counted_in(edition, 1, "worker")
    reasons = [rule["why"] for rule in session.rules_passed("anna: take 2>3 cow3")]
    assert f"die 2 changed to 3 with {one}" in reasons
    effects = session.effects("anna: take 2>3 cow3")
    assert effects[0].startswith(f"Anna: pays {one}: die 2 used as 3, 1 step [cob.die.workers]")
    assert session.effects("anna: workers 2") == [f"Anna: +{counted_in(edition, 2, 'worker')}"]
    for text in reasons + effects + session.effects("anna: workers 2"):
        _speaks(text, edition)


@pytest.mark.parametrize("rule_id", sorted(rule_id for rule_id, passages in PASSAGES.items() if "2011" in passages))
def test_a_2011_rules_text_says_estate_and_worker_tiles(rule_id):
    """Every rule a 2011 record can cite is worded in 2011's words: 'The five game rounds'
    "can never be adjusted via worker tiles!", 'Castle (dark green)' "adds a castle tile to his
    estate", 'The player boards' "The estate, with a total of 37 spaces"."""
    _speaks(cited(RULES[rule_id], "2011").text, "2011")


# --- what else a player reads: the table drawn, the parse errors, the listing, the prompt, the score


@pytest.fixture(params=["2011", "2019"])
def record(request, tmp_path):
    """The opening's record file, before Anna's turn of A3, in the edition of the parameter."""
    text = OPENING.read_text().replace('    "anna: take 2 k9",\n    "anna: place 2>1 k9 c4",\n', "")
    path = tmp_path / "game.toml"
    path.write_text(text.replace('edition = "2011"', f'edition = "{request.param}"'))
    return path


#: The notation's own names, which are no edition's words: the tile ``city-hall`` (2011 "City
#: Hall", 2019 "Town hall"), the keyword ``workers`` and the k of a yellow tile's number.
NOTATION = ("city-hall",)


def _without_notation(text: str) -> str:
    for name in NOTATION:
        text = text.replace(name, "")
    return text


def test_show_draws_the_board_the_workers_and_the_yellow_tiles_in_the_editions_words(session):
    """2011 'The player boards': "The estate's number (Estate 1 is in the game 4 times ...)",
    'Building (beige)': "Estate No. 1, for example, has 4 cities", 'Action "Take worker tiles"'
    and 'The yellow tiles ("knowledge")'; 2019 'Game setup' ("A duchy"), 'Buildings' (a town is
    beige), 'Worker chips' ("Workers can be used at any time") and 'The monastery tiles'."""
    edition = session.state.edition
    words = WORDS[edition]
    session.play("anna: take 2 k9")
    session.play("anna: place 2>1 k9 c4")
    text = session.show()
    assert f"Anna (seat 1, {words['duchy']} No. 1)" in text
    assert f"   {words['workers']}: 0" in text  # (Anna paid hers for 2>1)
    assert f"  {words['knowledge tiles']}: k9" in text
    legend = " ".join(text[text.index("legend: "):].split())
    assert f"B beige/{words['city']}, Y yellow/{words['knowledge tile'].removesuffix(' tile')})" in legend
    _speaks(_without_notation(text), edition)


def test_the_picture_labels_the_board_the_workers_and_the_yellow_tiles_in_the_editions_words(session):
    """``show --svg`` and the phone's picture: the same words as the text (2011 "estate No. 1",
    "worker tiles", "knowledge tiles"; 2019 "duchy No. 1", "workers", "monastery tiles")."""
    from burgundy_cli.castles.views.svg import column_picture, picture, position_data

    edition = session.state.edition
    words = WORDS[edition]
    session.play("anna: take 2 k9")
    session.play("anna: place 2>1 k9 c4")
    position = position_data(session.state)
    for svg in (picture(position, "game"), column_picture(position, "game")):
        labels = " | ".join(re.findall(r">([^<>]+)</text>", svg))
        assert f"seat 1, {words['duchy']} No. 1" in labels
        assert f"{words['silver']} 2   {words['workers']} 4" in labels  # (Bob's)
        assert f"{words['knowledge tiles']}: k9" in labels
        _speaks(_without_notation(labels), edition)


@pytest.mark.parametrize(("line", "said"), [
    ("anna: place 2 carpenter z9", "expected {a_board} space like c3 (row a-g, then its number), found 'z9'"),
    ("anna: place 2 carpenter", "expected {a_board} space (a1..g4), but the line ends"),
    ("anna: take 2 cow9", "a cow tile shows 2-4 {animals}, found 'cow9'"),
    ("anna: take 2 k99", "a {knowledge tile} is numbered"),
])
def test_a_line_that_does_not_read_names_the_board_and_tiles_in_the_editions_words(session, line, said):
    """2011 'The player boards': "The estate, with a total of 37 spaces", 'Animal': "Each tile
    has between 2 and 4 animals on it"; 2019: "Your duchy is comprised of 37 hex spaces",
    'Livestock': "Each tile shows 2-4 livestocks", 'The monastery tiles'."""
    from burgundy_cli.core.errors import ParseError

    edition = session.state.edition
    words = WORDS[edition]
    with pytest.raises(ParseError) as refused:
        session.check(line)
    a_board = {"2011": "an estate", "2019": "a duchy"}[edition]
    assert said.format(a_board=a_board, animals=words["animals"], **{"knowledge tile": words["knowledge tile"]}) \
        in refused.value.message
    _speaks(refused.value.message, edition)


def test_moves_labels_count_the_editions_workers(session):
    """``burgundy moves``: each die's group counts what its change costs, 2011 'A player's
    turn' ("worker tiles") / 2019 'Worker chips' ("workers"): Anna's 2 as itself, as 1 or 3."""
    edition = session.state.edition
    labels = list(session.legal_moves().choices)
    assert f"die 2 ({counted_in(edition, 0, 'worker')})" in labels
    assert f"die 2 as 3 ({counted_in(edition, 1, 'worker')})" in labels
    for label in labels:
        _speaks(label, edition)


def test_the_table_sessions_prompt_and_live_check_speak_the_editions_words(record):
    """The session's prompt counts the player's "worker tiles" in 2011 (2019: "workers"), and
    the line under the input asks for "an estate space" (2019: "a duchy space") where a
    placement stops short."""
    from burgundy_cli.core.table import TableSession

    table = TableSession(record)
    try:
        edition = table.session.state.edition
        assert table.due().startswith(f"A3 · Anna to move · dice 2 2 · {WORDS[edition]['workers']} 1 · ")
        assert table.handle("anna: take 2 k9").accepted
        a_board = {"2011": "an estate", "2019": "a duchy"}[edition]
        typed = table.live_check("anna: place 2>1 k9")
        assert typed.startswith(f"still to type {a_board} space (a1..g4)"), typed
        for text in (table.due(), typed, table.live_check("")):
            _speaks(text, edition)
    finally:
        table.close()


@pytest.mark.parametrize(("edition", "name"), [("2011", "end-2p-2011-tie"), ("2019", "complete-4p-2019-extra-tiles")])
def test_a_tie_broken_by_empty_spaces_is_said_in_the_editions_words(edition, name):
    """2011 'Game end': "the winning player is the tied player with the fewest empty estate
    spaces"; 2019 'Game end': "the player with the fewest unused hex spaces in their duchy"
    (a tie of each edition in records/)."""
    table = open_record(RECORDS / "castles-of-burgundy" / f"{name}.toml").score()
    assert table.edition == edition
    assert f"; fewest empty {WORDS[edition]['duchy']} spaces decides (" in table.tiebreak
    _speaks(table.tiebreak, edition)


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_burgundy_news_questions_name_the_board_silver_and_workers_in_the_editions_words(edition):
    """``burgundy new``: the setup's board, a result's tiebreak figure and an end's duchies,
    silverlings and workers, asked in the edition's words -- 2011 'The player boards' ("The
    estate's number"), 'Game end' ("the fewest empty estate spaces"), "Silverlings", 'Action
    "Take worker tiles"'; 2019 "duchy", "silver coins", 'Worker chips' ("workers")."""
    from burgundy_cli.core.newrecord import END_QUESTIONS, QUESTIONS, RESULT_QUESTIONS, NewRecord, _question

    words = WORDS[edition]
    answers = NewRecord(game="castles-of-burgundy", edition=edition, players="Clara,Dan", end=True)
    asked = {key: _question(key, answers, text)
             for questions in (QUESTIONS, RESULT_QUESTIONS, END_QUESTIONS)
             for key, text, _ in questions["castles-of-burgundy"]}
    assert asked["boards"].startswith(f"{words['duchy']} board: 1 for everyone")
    assert f"their empty {words['duchy']} spaces" in asked["tiebreak"]
    assert asked["duchy"].startswith(f"each player's {words['duchy']}, the tiles placed")
    assert asked["silver"].startswith(f"each player's {words['silverlings']} left")
    assert asked["workers"].startswith(f"each player's {words['workers']} left")
    for key in ("boards", "start", "tiebreak", "duchy", "bonuses", "goods_left", "silver", "workers", "vp"):
        _speaks(asked[key], edition)   # (not the 2019 modules' questions: never asked of a 2011 game)


def test_burgundy_new_asks_each_2011_estate_at_the_end_by_name(tmp_path):
    """The end's duchies, asked one player at a time on a terminal: "Anna's estate: ..." in a
    2011 game (2011 'The player boards': "The estate, with a total of 37 spaces")."""
    from burgundy_cli.core.errors import RefereeError
    from burgundy_cli.core.newrecord import NewRecord, create

    questions: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        questions.append(question)
        if question.startswith("Anna's"):
            raise EOFError   # (enough: the question was asked)
        return ""

    with pytest.raises((EOFError, RefereeError, KeyboardInterrupt, SystemExit)):
        create(str(tmp_path / "end.toml"), NewRecord(game="castles-of-burgundy", edition="2011", players="Anna,Bob",
                                                      end=True), ask=True, read=read, say=lambda text: None)
    assert questions[-1].startswith("Anna's estate: the tiles placed as space:tile"), questions


@pytest.mark.parametrize("edition", ["2011", "2019"])
@pytest.mark.parametrize("duchies", [
    ["not a table"],                                               # [duchies] not a table of tables
    {"3": {"rows": ROWS}},                                         # an id a shipped board has
    {"home": {"rows": [row.replace("C", "B") for row in ROWS]}},   # no space for the start castle
    {"home": {"rows": [*ROWS[:3], "B6", *ROWS[4:]]}},              # a row of the wrong length
])
def test_a_records_own_board_is_refused_in_the_editions_words(edition, duchies):
    """A record's own ``[duchies.<id>]`` board is refused as 2011 'The player boards' names it
    ("The estate, with a total of 37 spaces"), or as 2019 'Game setup' does ("A duchy"): the
    table keeps its one key in both editions, its messages do not."""
    with pytest.raises(SetupError) as refused:
        duchy_definitions(duchies, edition)
    said = re.sub(r"\[duchies[^\]]*\]", "[the table]", f"{refused.value}; {refused.value.hint or ''}")
    _speaks(said, edition)
    assert WORDS[edition]["duchy"] in said or WORDS[edition]["duchies"] in said
