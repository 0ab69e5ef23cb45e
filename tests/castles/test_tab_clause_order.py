"""Tab follows the clauses of a take, a purchase and a placement in any order, each once, as the
reader takes them (docs/notation.md, "Forgiving input": ``buy castle workers 2 from 3``,
``place 4 ship c3 keep 1 goods 6``). A half-typed line whose clauses are in another order than
the canonical line's, or which leaves out a clause the canonical line writes before the ones
typed (``buy carpenter workers 2 `` of ``buy carpenter from 1 workers 2``), is offered the
legal lines it begins, clauses in any order; every line offered is legal. Driven through
``TableSession.completions``, what the session's Tab (and the benchmark's) calls."""

from __future__ import annotations

from functools import cache, partial
from itertools import islice, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.notation import format_command, parse_line
from burgundy_cli.core.record import dump_record
from burgundy_cli.core.registry import find_game
from burgundy_cli.core.table import TableSession
from tests.castles.test_completion import WORST_CASES, session_of
from tests.castles.test_moves_grouping import LISTINGS, listing_text

#: The clause words the reader takes in any order, by the verb of their action; a placement's
#: purchase (``buy <tile>``) brings its own, which follow it.
ANY_ORDER = {"take": {"shared", "from", "discard"}, "buy": {"shared", "from", "discard", "workers"},
             "place": {"goods", "keep", "as", "with", "order", "buy"}}


@cache
def _playout(players: int, seed: int, stop: int, edition: str, modules: tuple[str, ...] = ()) -> str:
    return dump_record(find_game("castles-of-burgundy").playout(players, seed, stop_after=stop, edition=edition,
                                                                   modules=modules))


def _table(tmp_path, text: str) -> TableSession:
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    return TableSession(path)


def _offered(table: TableSession, typed: str) -> list[str]:
    return [put for put, _ in table.completions(typed)]


# --- positions where a line's action has clauses that may come in any order -----------------

#: Cara (dice 3, workers 2, 2019 knowledge tile 6 and the 2011-style depot) may buy the carpenter
#: 'from 1', paying 'workers 2', or both.
CARA = (3, 2, 85, "2019")
#: Ben's ship on d6 with the die 3 turned to 4 takes depot 5's goods and keeps one type.
BEN = (3, 7, 96, "2019")


@pytest.mark.parametrize(("typed", "lines"), [
    # the clause the canonical line writes first left out so far: both lines it may still be
    ("cara: buy carpenter workers 2 ", ["Cara: buy carpenter workers 2", "Cara: buy carpenter from 1 workers 2"]),
    # a clause begun after one written later in the canonical line
    ("cara: buy carpenter workers 2 f", ["Cara: buy carpenter from 1 workers 2"]),
    ("cara b carpenter w 2 fr", []),   # (no colon: 'b carpenter' is read as a name; see below)
    ("cara: b carpenter w 2 fr", ["Cara: buy carpenter from 1 workers 2"]),
    ("cara: buy carpenter workers 2 from 1", ["Cara: buy carpenter from 1 workers 2"]),
    ("buy carpenter workers 2 ", ["Cara: buy carpenter workers 2", "Cara: buy carpenter from 1 workers 2"]),
    ("cara: buy carpenter workers 1 ", []),   # no such line
    # a word begun after a tile named whole: the clause it begins, not the rest of a longer
    # spelling of the same tile ('carpenter wo' is no 'carpenter workshop' being typed) ...
    ("cara: buy carpenter wo", ["Cara: buy carpenter workers 2", "Cara: buy carpenter from 1 workers 2"]),
    ("cara: buy carpenter w", ["Cara: buy carpenter workers 2", "Cara: buy carpenter from 1 workers 2"]),
    # ... unless it begins no clause word: then it is that spelling, and any line of the tile may follow
    ("cara: buy carpenter works", ["Cara: buy carpenter", "Cara: buy carpenter workers 2", "Cara: buy carpenter from 1",
                                   "Cara: buy carpenter from 1 workers 2"]),
])
def test_a_purchase_s_clauses_in_any_order(tmp_path, typed, lines):
    table = _table(tmp_path, _playout(*CARA))
    assert table.due().startswith("C4 · Cara to move")
    assert _offered(table, typed) == lines


@pytest.mark.parametrize(("typed", "lines"), [
    ("ben: place 3>4 ship d6 keep 3 ", ["Ben: place 3>4 ship d6 goods 5 keep 3"]),
    ("ben: place 3>4 ship d6 keep 3 g", ["Ben: place 3>4 ship d6 goods 5 keep 3"]),
    ("ben p 3>4 boat d6 keep 3 fr", ["Ben: place 3>4 ship d6 goods 5 keep 3"]),  # 'from' is a ship's goods
    ("ben: place 3>4 ship d6 keep 3 goods ", ["Ben: place 3>4 ship d6 goods 5 keep 3"]),
    ("ben: place 3>4 ship d6 keep ", ["Ben: place 3>4 ship d6 goods 5 keep 3", "Ben: place 3>4 ship d6 goods 5 keep 4",
                                      "Ben: place 3>4 ship d6 goods 5 keep 6"]),
    ("ben: place 3>4 ship d6 keep 3 keep ", []),   # a clause twice: the reader refuses it
    ("ben: place 3>4 ship d6 keep 3 goods 2", []),  # depot 2's goods all fit: no keep
])
def test_a_placement_s_clauses_in_any_order(tmp_path, typed, lines):
    table = _table(tmp_path, _playout(*BEN))
    assert table.due().startswith("C5 · Ben to move")
    assert _offered(table, typed) == lines


def test_the_line_tab_puts_is_recorded(tmp_path):
    table = _table(tmp_path, _playout(*BEN))
    (line, _), = table.completions("ben p 3>4 ship d6 keep 3 g")
    reply = table.handle(line)
    assert reply.accepted and reply.text.startswith("recorded: Ben: place 3>4 ship d6 goods 5 keep 3")


def test_a_placement_with_a_purchase_placed_with_it(tmp_path):
    """2019: a purchase during a placement that its granted placement places ('buy ... then place');
    its clauses follow the purchase in any order, and before 'then' every clause of the line."""
    table = _table(tmp_path, WORST_CASES[0].read_text(encoding="utf-8"))
    head = "anna: place 1>3 city-hall c3 buy bank"
    lines = _offered(table, f"{head} ")
    assert lines and all(line.startswith("Anna: place 1>3 city-hall c3 buy bank then place bank ") for line in lines)
    assert _offered(table, f"{head} th") == lines
    assert _offered(table, f"{head} then place bank c5 ") == ["Anna: place 1>3 city-hall c3 buy bank then place bank c5"]
    assert _offered(table, f"{head} workers 1 ") == []   # no such line: the bank is bought with silver


# --- every order of every such line, at every word ------------------------------------------


def _actions(line: str) -> list[list[str]]:
    """The words of a canonical line's actions (after the name), each cut before ``then``/``bonus``."""
    actions: list[list[str]] = [[]]
    for word in line.partition(": ")[2].split(" "):
        if word in ("then", "bonus") and actions[-1]:
            actions.append([])
        actions[-1].append(word)
    return actions


def _blocks(action: list[str]) -> tuple[list[str], list[list[str]]]:
    """An action's fixed words and its clauses, a placement's purchase one block with its own."""
    verb = action[1] if action[0] in ("then", "bonus") else action[0]
    keys = ANY_ORDER.get(verb, set())
    head: list[str] = []
    blocks: list[list[str]] = []
    buying = False
    for word in action:
        if word in keys:
            blocks.append([word])
            buying = word == "buy"
        elif buying and word in ANY_ORDER["buy"]:
            blocks[-1].append(word)  # (a purchase clause: inside the 'buy' block)
        elif blocks:
            blocks[-1].append(word)
        else:
            head.append(word)
    return head, blocks


def _orders(line: str) -> list[str]:
    """``line`` with each action's clauses in every order (the first: as written)."""
    texts = [line.partition(": ")[0] + ":"]
    for action in _actions(line):
        head, blocks = _blocks(action)
        texts = [f"{text} {' '.join(head + [word for block in order for word in block])}"
                 for text in texts for order in permutations(blocks)]
    return texts


#: The positions searched for lines with clauses: the listing tests' playouts and three of this
#: module's, each made when its test first asks for it (collecting the tests plays no game).
CLAUSE_SOURCES = {**{name: partial(listing_text, name) for name in LISTINGS[:9]}, "Cara buys": partial(_playout, *CARA),
                  "Ben's ship": partial(_playout, *BEN),
                  "2011, a purchase from depot 1": partial(_playout, 3, 2, 162, "2011")}
#: Those whose first 4,000 listed lines hold a line with two clauses or more in one action; the
#: others hold none (the test says so if one of them comes to hold some).
WITH_CLAUSES = {"team game 6/80", "Cara buys", "Ben's ship", "2011, a purchase from depot 1"}


def _lines_with_clauses(text: str) -> list[str]:
    """Legal lines of the position ``text`` with at least two clauses in one action (at most 40)."""
    moves = list(islice((move for group in session_of(text).legal_moves().groups.values() for move in group), 4000))
    return [move for move in moves if any(len(_blocks(action)[1]) > 1 for action in _actions(move))][:40]


@pytest.mark.parametrize("name", CLAUSE_SOURCES)
def test_every_order_of_a_line_s_clauses_is_offered_at_every_word(tmp_path, name):
    text = CLAUSE_SOURCES[name]()
    lines = _lines_with_clauses(text)
    assert bool(lines) == (name in WITH_CLAUSES), lines
    table = _table(tmp_path, text)
    for line in lines:
        for typed in _orders(line)[1:]:
            assert format_command(parse_line(typed)) == line, typed   # the reader takes this order
            words = typed.split(" ")
            for count in range(len(_blocks(_actions(line)[0])[0]) + 1, len(words) + 1):
                start = " ".join(words[:count]) + (" " if count < len(words) else "")
                offered = _offered(table, start)
                assert any(offer == line or (offer.endswith(" then ") and line.startswith(offer))
                           for offer in offered), (start, line, offered)
                for offer in offered:   # never an illegal line
                    if not offer.endswith(" then "):
                        assert table.session.check(offer) == offer, (start, offer)


# --- the reading itself, on text ---------------------------------------------------------------

CITY_HALL = "Anna: place 3 city-hall c3 buy k7 from 2 workers 1 then place k7 c4"


@pytest.mark.parametrize(("typed", "begins"), [
    ("anna: place 3 city-hall c3 buy k7 workers 1 ", True),     # the purchase's own clauses, any order
    ("anna: place 3 city-hall c3 buy k7 workers 1 f", True),
    ("anna: place 3 city-hall c3 buy k7 workers 1 from 2 t", True),   # every clause typed: 'then' next
    ("anna: place 3 city-hall c3 buy k7 workers 1 t", False),  # 'from 2' can no longer come
    ("anna: place 3 city-hall c3 buy k7 workers 2 ", False),
    ("anna: place 3 city-hall c3 buy k ", False),
    ("anna: place 3 city-hall c3 buy k", True),
    ("place 3 city-hall c3 buy k7 workers ", True),              # no name typed: any player's line
    ("ben: place 3 city-hall c3 buy k7 workers ", False),
])
def test_a_start_with_clauses_in_another_order_begins_the_lines_it_may_become(typed, begins):
    from burgundy_cli.castles.notation import reordered_start

    start, test = reordered_start(typed)
    assert start == typed.partition("buy")[0] and test(CITY_HALL) is begins


@pytest.mark.parametrize(("typed", "starts"), [
    ("cara: buy carpenter wo", ["cara: buy carpenter wo"]),
    ("anna: take 3 carpenter th", ["anna: take 3 carpenter th"]),   # 'then'
    ("anna: place 3 city-hall c3 buy carpenter wo", ["anna: place 3 city-hall c3 buy carpenter wo"]),  # a purchase's
    ("cara: buy carpenter works", ["cara: buy carpenter works", "cara: buy carpenter"]),
    ("anna: take 3 market pl", ["anna: take 3 market pl", "anna: take 3 market"]),   # 'market place'
    ("anna: take 3 town h", ["anna: take 3 town h", "anna: take 3 city-hall"]),
])
def test_a_word_after_a_whole_tile_name_is_a_clause_word_when_it_begins_one(typed, starts):
    from burgundy_cli.castles.notation import canonical_starts

    assert canonical_starts(typed) == starts


def test_actions_before_the_one_typed_are_matched_in_the_canonical_order():
    from burgundy_cli.castles.notation import reordered_start

    assert reordered_start("anna: place 3 city-hall c3 buy k7 workers 1 from 2 then place k7 c") == \
        ("anna: place 3 city-hall c3 buy k7 from 2 workers 1 then place k7 c", None)
    assert reordered_start("anna: place 3 city-hall c3 buy k7 from 2 workers 1 then place k7 c") is None
    assert reordered_start("anna: take 3 ship ") is None   # nothing typed in any order yet
    assert reordered_start("anna: place 3 ship c") is None
    assert reordered_start("anna: take 3 ship d")[0] == "anna: take 3 ship "   # 'd' may begin 'discard'
    assert reordered_start("anna: buy ship discard k3 from") is not None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["anna:", "cara:", "take", "buy", "place", "b", "t", "p", "3", "3>4", "ship", "k7",
                                 "c3", "from", "discard", "d", "workers", "w", "shared", "goods", "keep", "as",
                                 "with", "order", "then", "bonus", "and", "f", "k", "", " "]), max_size=14)
       .map(" ".join))
def test_any_start_is_read_without_an_error(typed):
    """Tab runs on every key: whatever is typed, its clause reading is a start and a test, or none."""
    from burgundy_cli.castles.notation import canonical_starts, reordered_start

    for start in canonical_starts(typed.casefold()):
        found = reordered_start(start)
        if found is not None and found[1] is not None:
            assert isinstance(found[1](CITY_HALL), bool)
