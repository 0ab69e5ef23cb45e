"""What needs a position or the moves, asked of a result-only record (a score pad,
docs/records.md "Result-only records"): the pad is valid (``score``, ``stats`` and the site
read it), so it is not called an "invalid record"; each command says, in its own words, what
it needs and what the record holds instead, exit 1 (docs/errors.md, "Exit codes"), through
the one refusal ``chart`` uses (:func:`burgundy_cli.core.resultonly.refuse_result_only`)."""

from __future__ import annotations

import pytest

NEEDS = {   # the command's refusal: its kind, then what it needs
    "show": "cannot show: show --json, --svg, --at and --position give the position the moves played reach",
    "moves": "cannot list moves: moves lists what the player to move may do in the position the moves played reach",
    "check": "cannot check: a move is checked in the position the moves played reach",
    "play": "cannot play: a line is played on from the position the moves played reach",
    "undo": "cannot undo: undo takes back the last lines played",
    "chart": "cannot chart: a chart draws each player's {unit} after every {step}",
}


@pytest.mark.parametrize(("game", "players", "scores", "unit", "step"), [
    ("castles-of-burgundy", "Anna,Ben", "Anna=150,Ben=140", "VP", "round"),
    ("robber-knights", "red,blue", "red=13,blue=17", "points", "turn")])
@pytest.mark.parametrize("argv", [
    ["show", "--json"], ["show", "--svg", "{out}"], ["show", "--at", "2"], ["show", "--position"],
    ["moves"], ["moves", "--json"], ["moves", "--at", "2"], ["check", "x"], ["check", "--json", "x"],
    ["check", "--at", "2", "x"], ["play", "x"], ["play", "--json", "x"], ["play", "--json"],
    ["undo"], ["undo", "2"], ["chart"], ["chart", "--svg", "{out}"]])
def test_a_score_pad_is_refused_in_the_commands_words(cli, tmp_path, game, players, scores, unit, step, argv):
    pad = tmp_path / "pad.toml"
    assert cli("new", str(pad), "--result", "--game", game, "--players", players, "--scores", scores,
               "--date", "2026-12-01").exit_code == 0
    before = pad.read_bytes()
    out = tmp_path / "out.svg"
    command, *rest = argv
    result = cli(command, str(pad), *(str(out) if word == "{out}" else word for word in rest))
    line = result.stderr.strip()
    assert result.exit_code == 1 and result.stdout == "" and "\n" not in line, result.output
    assert "invalid record" not in line and "internal error" not in line
    final = next(number for number, text in enumerate(pad.read_text().splitlines(), 1) if text.startswith("[final"))
    needs = NEEDS[command].format(unit=unit, step=step)
    first, second = sorted(scores.split(","), key=lambda part: -int(part.split("=")[1]))
    assert line.startswith(f"burgundy: {pad}:{final}:1: {needs}, and this is a result-only record: the final "
                           f"scores alone ({first.replace('=', ' ')}, {second.replace('=', ' ')}), no {step}s played ("), line
    assert "'burgundy score' prints its table" in line
    assert pad.read_bytes() == before and not out.exists()


def test_undo_of_a_pad_says_how_to_correct_it(cli, tmp_path):
    """What a secretary who types ``undo`` on a pad wants is to correct a score: said how."""
    pad = tmp_path / "pad.toml"
    cli("new", str(pad), "--result", "--game", "castles-of-burgundy", "--players", "Anna,Ben",
        "--scores", "Anna=150,Ben=140", "--date", "2026-12-01")
    assert "edit its [final] table" in cli("undo", str(pad)).stderr


def test_an_invalid_pad_is_still_an_invalid_record(cli, tmp_path):
    """The record is read and checked first: a pad that is wrong says what is wrong with it."""
    pad = tmp_path / "pad.toml"
    cli("new", str(pad), "--result", "--game", "castles-of-burgundy", "--players", "Anna,Ben",
        "--scores", "Anna=150,Ben=140", "--date", "2026-12-01")
    pad.write_text(pad.read_text().replace("total = 140", "total = 140\nbreakdown = { areas = 3 }"))
    for command in (["show", "--json"], ["moves"], ["check", "x"], ["undo"], ["chart"]):
        result = cli(command[0], str(pad), *command[1:])
        assert result.exit_code == 1 and "invalid record: [final.scores.Ben] the breakdown sums to 3" in result.stderr


def test_show_alone_prints_the_pads_table(cli, tmp_path):
    pad = tmp_path / "pad.toml"
    cli("new", str(pad), "--result", "--game", "castles-of-burgundy", "--players", "Anna,Ben",
        "--scores", "Anna=150,Ben=140", "--date", "2026-12-01")
    assert cli("show", str(pad)).stdout.startswith("castles-of-burgundy: result only (no moves)")
