"""``show --position`` for Castles: the ``[position]`` writer and reader agree at every moment.

Property (issue 15, item 4): a seeded playout (2-4 players, both editions) cut after any
line, written as a position record by :func:`burgundy_cli.core.position.position_record_data`
and continued with the rest of its log, scores exactly as the whole record does (score
table and completeness), and the position read back is the state at the cut (all of it that decides what may
come next: the tiles returned to the box are not kept, only the supply they left). Each game is
cut at random lines and at the moments that are easy to get wrong: between two phases,
a phase's setup, a late buyer's open purchase, the end of the game.
"""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burgundy_cli.castles.playout import playout
from burgundy_cli.castles.record.session import CastlesSession
from burgundy_cli.castles.record.position_table import state_from_position
from burgundy_cli.castles.record.setup import SetupError, position_data
from burgundy_cli.core.game import GameHeader
from burgundy_cli.core.position import position_record_data
from burgundy_cli.core.record import dump_record, parse_record_text
from burgundy_cli.core.session import open_doc
from tests.castles.test_properties import NO_SHRINK
from tests.conftest import RECORDS

#: The shipped Castles records that have lines to cut.
SHIPPED = [path for path in sorted((RECORDS / "castles-of-burgundy").glob("*.toml"))
           if "\n[log]" in path.read_text("utf-8") or "\n[log." in path.read_text("utf-8")]


def _lines(data: dict) -> list[tuple[str, str]]:
    return [(group, line) for group, lines in data["log"].items() for line in lines]


def _record(data: dict, start: str, lines: list[tuple[str, str]]) -> CastlesSession:
    record = {"game": data["game"], start: data[start]}
    if "duchies" in data:  # a record's own duchies (a border-posts playout's stand-ins)
        record["duchies"] = data["duchies"]
    log: dict[str, list[str]] = {}
    for group, line in lines:
        log.setdefault(group, []).append(line)
    if log:
        record["log"] = log
    return open_doc(parse_record_text(dump_record(record), "<cut>"), verify_result=False)


def _view(state) -> dict:
    """What a position must carry of a state: everything that decides what may come next."""
    stage = state.stage
    bridge = [list(stack) for stack in state.bridge]
    while bridge and not bridge[-1]:
        bridge.pop()
    view = {
        "phase": state.phase, "round": state.round, "stage": stage, "late_buyer": state.late_buyer,
        "bridge": bridge, "depots": state.depots, "depot_goods": state.depot_goods,
        "revealed": [state.revealed[d] or bool(state.depots[d]) for d in range(7)],
        "supply": state.supply, "goods_used": state.goods_used, "bonus_taken": state.bonus_taken, "unverified": state.unverified,
        "round_goods": None if stage == "phase" else state.round_goods,
        "players": [(p.name, p.board.layout, p.start, p.duchy, p.storage, p.goods, p.sold, p.silver, p.workers,
                     {k: v for k, v in p.vp.items() if v}, p.bonuses, p.knowledge, p.dice) for p in state.players],
    }
    if stage == "turn":
        view |= {"to_move": state.to_move(), "order": state.order[state.turn:], "bought": state.bought,
                 "white": state.white}
    return view


def _interesting(data: dict) -> list[int]:
    """Cut points (lines played) at which the state is between phases, in a phase's setup,
    has a late buyer, or is over -- one of each kind that the game reaches."""
    session = _record(data, "setup", [])
    found: dict[str, int] = {}
    for index, (group, line) in enumerate(_lines(data), start=1):
        session.play_logged(line, group)
        state = session.state
        kinds = [state.stage] + (["late"] if state.late_buyer >= 0 else []) \
            + (["late-" + state.stage] if state.late_buyer >= 0 else [])
        for kind in kinds:
            found.setdefault(kind, index)
    return sorted(set(found.values()))


def check_cut(data: dict, full, cut: int, start: str = "setup") -> None:
    """The record ``data`` (begun from its ``start`` table) cut after ``cut`` lines, written
    as a position and continued with the rest of its log, scores as ``full`` does; the
    position read back is the state at the cut, and the writer is canonical."""
    lines = _lines(data)
    at_cut = _record(data, start, lines[:cut])
    record = position_record_data(at_cut)
    if "duchies" in data:  # the record's own duchies are part of the record, not of the position
        record["duchies"] = data["duchies"]
    resumed = _record(record, "position", lines[cut:])
    assert resumed.score().to_json() == full.score().to_json(), (cut, record["position"])
    started = _record(record, "position", [])
    assert _view(started.state) == _view(at_cut.state), (cut, record["position"])
    assert position_data(started.state) == record["position"], cut  # the writer is canonical


@settings(max_examples=24, deadline=None, phases=NO_SHRINK, derandomize=True)
@given(st.integers(2, 4), st.sampled_from(["2011", "2019"]), st.integers(0, 10**6),
       st.lists(st.floats(0, 1), min_size=3, max_size=3))
def test_position_after_any_prefix_continues_to_the_same_result(players, edition, seed, fractions):
    data = playout(players, seed, edition)
    full = _record(data, "setup", _lines(data))
    count = len(_lines(data))
    cuts = {0, count, *(round(f * count) for f in fractions), *_interesting(data)}
    for cut in sorted(cuts):
        check_cut(data, full, cut)


def test_a_late_buyer_moment_is_reached_and_written():
    """The property above is not vacuous: playouts reach late buyers between rounds and phases."""
    kinds = set()
    for seed in range(12):
        data = playout(2 + seed % 3, seed, "2011" if seed % 2 else "2019")
        session = _record(data, "setup", [])
        for group, line in _lines(data):
            session.play_logged(line, group)
            if session.state.late_buyer >= 0:
                kinds.add(session.state.stage)
                assert position_data(session.state)["late_buyer"] == session.state.players[
                    session.state.late_buyer].name
    assert {"turn", "roll", "phase"} <= kinds


def _shipped_cuts(data: dict) -> list[int]:
    """Where a shipped record is cut: before and after each round's lines (the moments
    between rounds and phases), and every thirteenth line inside them."""
    lines = _lines(data)
    cuts = {len(lines)}
    for index, (group, _) in enumerate(lines):
        if index == 0 or group != lines[index - 1][0] or index % 13 == 5:
            cuts.add(index)
    return sorted(cuts)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.stem)
def test_every_shipped_record_continues_from_its_positions(path):
    """Every shipped Castles record -- every module, both editions, those begun from a
    ``[position]`` -- written as a position between each two rounds and at every thirteenth
    line, and continued with the rest of its log, scores exactly as the whole record does
    (docs/records.md, "Sending a position on"): no module's state is lost in a
    position record."""
    data = tomllib.loads(path.read_text("utf-8"))
    start = "setup" if "setup" in data else "position"
    full = _record(data, start, _lines(data))
    for cut in _shipped_cuts(data):
        check_cut(data, full, cut, start)


HEADER = GameHeader(name="castles-of-burgundy", edition="2011", players=["Anna", "Ben"])
PLAYERS = {"Anna": {}, "Ben": {}}


@pytest.mark.parametrize(("table", "path"), [
    ({"stage": "turn"}, ("position", "stage")),
    ({"stage": "roll", "to_move": "Anna", "players": {"Anna": {"dice": [1]}, "Ben": {"dice": [2, 3]}}},
     ("position", "stage")),
    ({"stage": "phase", "round": 3}, ("position", "stage")),
    ({"stage": "over", "phase": "D", "round": 5}, ("position", "stage")),
    ({"stage": "phase", "phase": "B", "round_goods": [1]}, ("position", "round_goods")),
    ({"stage": "roll", "round": 2, "players": {"Anna": {"dice": [1, 2]}, "Ben": {}}},
     ("position", "players", "Anna", "dice")),
    ({"stage": "roll", "round": 2, "late_buyer": "Zoe"}, ("position", "late_buyer")),
    ({"stage": "setup", "phase": "B", "round_goods": [1, 2, 3, 4, 5], "late_buyer": "Anna"},
     ("position", "late_buyer")),
    ({"stage": "phase"} | {"late_buyer": "Anna"}, ("position", "late_buyer")),
    ({"to_move": "Ben", "order": ["Anna", "Ben"], "late_buyer": "Ben",
      "players": {"Anna": {}, "Ben": {"dice": [4]}}}, ("position", "late_buyer")),
    ({"phase": "B", "players": {"Anna": {"vp": {"areas": -1}}, "Ben": {}}},
     ("position", "players", "Anna", "vp", "areas")),
])
def test_impossible_moments_are_refused(table, path):
    """What the new keys can say wrong is refused at the key to blame (docs/records.md)."""
    with pytest.raises(SetupError) as info:
        state_from_position(HEADER, {"players": PLAYERS} | table)
    assert info.value.path == path


def test_vp_by_category_and_corrections():
    """VP by category read back as the score table's categories; a correction may be negative."""
    state = state_from_position(HEADER, {"phase": "B", "round": 2, "players": {
        "Anna": {"vp": {"corrections": -2}}, "Ben": {"vp": 0}}})
    assert state.players[0].vp == {"corrections": -2} and state.stage == "roll"
    assert position_data(state)["players"]["Anna"]["vp"] == {"corrections": -2}


def test_show_position_prints_a_record_that_check_and_moves_accept(cli, tmp_path) -> None:
    """Issue 15, item 4: ``show --position`` after A5's last die: Anna's purchase is still open
    between the phases, and the printed record says so to ``moves`` and ``check``. It is paid
    from what she held as her turn ended (``late_purse``: 1 silverling), not with her mine's
    silverling of the phase end (2011 rules, 'The central black depot': "before, between or
    after the dice actions"; 'End of a phase': "Players with mines now receive ..."), so she
    cannot buy there; Ben, at the end of four-players-2019's phase B, holds 3 and may."""
    from tests.conftest import RECORDS

    source = RECORDS / "castles-of-burgundy" / "complete-2p-2011.toml"
    result = cli("show", str(source), "--position", "--at", "75")
    assert result.exit_code == 0, result.output
    assert 'late_buyer = "Anna"' in result.stdout and 'stage = "phase"' in result.stdout
    assert "[position.late_purse]\nsilver = 1\nworkers = 1\n" in result.stdout
    shipped = (RECORDS / "castles-of-burgundy" / "late-buyer-between-phases.toml").read_text("utf-8")
    assert result.stdout.replace(str(source), "records/castles-of-burgundy/complete-2p-2011.toml") == shipped
    dispute = tmp_path / "dispute.toml"
    dispute.write_text(result.stdout, "utf-8")
    assert "Anna: buy" not in cli("moves", str(dispute)).stdout
    refused = cli("check", str(dispute), "Anna: buy market")
    assert refused.exit_code == 1 and "the phase end's income comes after this turn's purchase" in refused.output
    assert cli("check", str(dispute), "Ben: buy market").exit_code == 1
    refused = cli("show", str(source), "--position", "--json")
    assert refused.exit_code == 2 and "choose one" in refused.output

    other = RECORDS / "castles-of-burgundy" / "four-players-2019.toml"  # (line 180: "Ben: buy pig4")
    result = cli("show", str(other), "--position", "--at", "179")
    assert 'late_buyer = "Ben"' in result.stdout and 'stage = "phase"' in result.stdout
    buyer = tmp_path / "buyer.toml"
    buyer.write_text(result.stdout, "utf-8")
    assert "Ben: buy pig4" in cli("moves", str(buyer)).stdout
    assert cli("check", str(buyer), "Ben: buy pig4").exit_code == 0
    assert cli("check", str(buyer), "Anna: buy pig4").exit_code == 1


def test_notes_of_unrevealed_depots_carry_over() -> None:
    """A take from a depot whose reveal was not recorded is noted in the score (issue 2); the
    position after it keeps the note in ``trusted``, so the score table continues the same."""
    from tests.castles.test_records import _session

    session = _session("]\n")
    record = position_record_data(session)
    assert record["position"]["trusted"] == session.state.unverified != []
    resumed = _record(record, "position", [])
    assert resumed.score().to_json() == session.score().to_json()


def test_two_word_colour_bonus_tiles_read_back() -> None:
    """Bonus tiles are written by colour name (2011 rules, 'Bonus tiles'): ``dark-green-large``
    and ``light-green-large`` read back as the colours they name, not as an unknown tile."""
    data = playout(2, 3, "2011")  # (seed 3: both green large tiles taken)
    session = _record(data, "setup", _lines(data))
    record = position_record_data(session)
    written = [bonus for player in record["position"]["players"].values() for bonus in player.get("bonuses", [])]
    assert {"dark-green-large", "light-green-large"} <= set(written)
    resumed = _record(record, "position", [])
    assert [p.bonuses for p in resumed.state.players] == [p.bonuses for p in session.state.players]
