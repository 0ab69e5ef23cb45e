"""Hostile input, generated and seeded: the checks of issue 33's "Done when".

Makes bad inputs of five kinds and runs the real command line on each (in-process, typer's
runner, so that ten thousand run in minutes):

* **records**: shipped records mutated (hostile characters put into their strings, keys,
  comments and numbers, lines cut, bytes flipped, nesting deepened) -- ``score``, ``show
  --svg``, ``export csv``;
* **notation lines**: hostile lines given to ``check`` and ``play``, for both games;
* **names**: players, places and events holding control characters, line separators,
  noncharacters, escapes and markup, or too long;
* **file kinds**: a folder, a FIFO, a socket, a symbolic link, a character device, an
  empty file given where a record is read, and put into a folder that ``score DIR`` walks;
* **output paths**: ``--svg`` and ``--out`` at a character device, a socket, a folder, a
  link to a device, the record read, a missing folder, a name too long.

And one table session played through all of it: legal lines between hostile ones, and the
record saved over by an "editor" with stale, garbage and foreign text meanwhile.

What must hold: no traceback and no internal error (exit code 3) for any input; no file
that is not a regular file replaced (its type and inode unchanged); no line the session
accepted lost (each is in the record, or in a ``FILE.session-conflict`` copy it named).

Run by hand at full size (docs/developing.md, "Hostile input")::

    .venv/bin/python -m tests.reliability.hostile_input --count 12000 --seed 1

``tests/reliability/test_hostile_input.py`` runs it in CI, bounded and seeded.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import socket
import stat
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "records"
#: Records mutated (small, quick to replay: most inputs are Robber Knights games, some Castles).
SEEDS = [RECORDS / "robber-knights" / "playout-2-players.toml", RECORDS / "robber-knights" / "playout-3-players.toml",
         RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml"]

#: Characters that are no text, or that drive a terminal, a spreadsheet, XML or a database.
HOSTILE_CHARS = ["\x00", "\x01", "\x07", "\x08", "\t", "\n", "\r", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\x9b",
                 "\u2028", "\u2029", "\ufeff", "\ufffe", "\uffff", "\u202e", "\u2066", "\u200b", "\ud800"]
#: Pieces of hostile text.
HOSTILE_TEXT = ["\x1b[2J", "\x1b]0;owned\x07", "\x1b[31m", "=cmd|'/c calc'!A1", "+1", "-1", "@SUM(A1)",
                "<script>alert(1)</script>", "<img onerror=x>", "**x**", "]]>", "&amp;", "'; DROP TABLE records; --",
                "${HOME}", "$(reboot)", "%s%n", "{0}", "\\", '"', "'", "#", " # c\nanna: end", "é" * 50,
                "x" * 300, "9" * 5000, "1e999", "nan", "-0", "[game]", "[[play]]", "a.b.c.d.e.f.g.h.i.j.k.l.m"]
#: Hostile notation lines (more are made by mixing these with a legal line's words).
HOSTILE_LINES = ["", " ", ":", "::", "red:", ": end", "red: end end", "red: lay", "red: lay plain",
                 "red: lay plain z99", "red: lay plain f5 knights -1", "red: lay plain f5 knights 9999999999999999999",
                 "red: draw " + "x" * 2000, "Anna: take 3 church # c\nBen: end", "red: lay plain f5 # \x1b[2J",
                 "undo 99999", "undo -1", "show extra", "roll", "roll white 7", "Anna: 6>1 take", "Anna: buy",
                 "anna: take 3 church from 9", "\x1b[31m", "\u2028", "red\x00: end", "red: lay plain f5\r\nblue: end"]


@dataclass
class Tally:
    """What the run made and found."""

    inputs: Counter = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.inputs.values())

    def problem(self, kind: str, what: str) -> None:
        self.problems.append(f"{kind}: {what}"[:600])


class Runner:
    """The command line in-process, each run checked: no traceback, no internal error."""

    def __init__(self, tally: Tally) -> None:
        from typer.testing import CliRunner

        from burgundy_cli.cli import app

        self.app, self.runner, self.tally = app, CliRunner(), tally

    def __call__(self, kind: str, *args: str) -> int:
        self.tally.inputs[kind] += 1
        with _deadline(60, f"{kind}: {args!r}"):
            result = self.runner.invoke(self.app, list(args), prog_name="burgundy")
        said = result.stdout + result.stderr
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            self.tally.problem(kind, f"traceback {type(result.exception).__name__}: {result.exception!r} for {args!r}")
        elif result.exit_code == 3 or "internal error" in said or "Traceback" in said:
            self.tally.problem(kind, f"internal error for {args!r}: {result.stderr.strip()}")
        return result.exit_code


@contextmanager
def _deadline(seconds: int, what: str) -> Iterator[None]:
    """Fail loudly instead of hanging (a FIFO opened for reading would wait for ever)."""
    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"no answer in {seconds} s: {what}")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _hostile(rng: random.Random) -> str:
    return rng.choice(HOSTILE_CHARS) if rng.random() < 0.6 else rng.choice(HOSTILE_TEXT)


def _toml_escaped(text: str) -> str:
    """``text`` inside a TOML basic string: what TOML cannot hold raw as ``\\uXXXX`` (a lone
    surrogate, which TOML cannot hold at all, left raw: the file is then not UTF-8)."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif (char < " " and char != "\t") or char == "\x7f":
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return "".join(out)


def mutated_record(rng: random.Random, source: Path) -> bytes:
    """The text of ``source`` with one hostile change."""
    text = source.read_text(encoding="utf-8")
    way = rng.randrange(6)
    if way == 0:   # a hostile piece inside a string
        strings = [found.end() - 1 for found in re.finditer(r'"[^"\n]*"', text)]
        at = rng.choice(strings)
        text = text[:at] + _toml_escaped(_hostile(rng)) + text[at:]
    elif way == 1:  # a hostile piece anywhere
        at = rng.randrange(len(text))
        text = text[:at] + _hostile(rng) + text[at:]
    elif way == 2:  # cut
        text = text[:rng.randrange(len(text))]
    elif way == 3:  # a line dropped or doubled
        lines = text.splitlines(keepends=True)
        index = rng.randrange(len(lines))
        lines[index:index + 1] = [] if rng.random() < 0.5 else [lines[index]] * 2
        text = "".join(lines)
    elif way == 4:  # nested deeper than a record may be
        depth = rng.choice([13, 200, 5000])
        text += f"\n[x]\ny = {'[' * depth}{']' * depth}\n"
    else:           # a number made huge or negative
        numbers = list(re.finditer(r"\b\d+\b", text))
        if numbers:
            found = rng.choice(numbers)
            text = text[:found.start()] + rng.choice(["9" * 5000, "-1", "1e999", "0x7f", "+0"]) + text[found.end():]
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.1:  # a byte flipped
        at = rng.randrange(len(data))
        data = data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
    return data


def named_record(rng: random.Random, source: Path) -> bytes:
    """``source`` with a hostile player name, place or event (the first player renamed
    everywhere, so that a name that is text plays)."""
    text = source.read_text(encoding="utf-8")
    piece = "".join(_hostile(rng) for _ in range(rng.randint(1, 3)))
    key = rng.choice(["players", "place", "event"])
    if key == "players":
        first = re.search(r'players = \[\s*"([^"]+)"', text).group(1)
        name = _toml_escaped(rng.choice([first[:1] + piece + first[1:], piece, first + piece]))
        text = re.sub(rf'(?<![\w-]){re.escape(first)}(?![\w-])', lambda _: name, text)
    else:
        text = re.sub(rf"^{key} = .*\n", "", text, flags=re.M).replace(
            "[game]\n", f'[game]\n{key} = "{_toml_escaped(piece)}"\n', 1)
    return text.encode("utf-8", "surrogatepass")


class Checker:
    """Runs every kind of input in ``folder``, counting and checking."""

    def __init__(self, folder: Path, rng: random.Random, tally: Tally) -> None:
        self.folder, self.rng, self.tally = folder, rng, tally
        self.run = Runner(tally)
        self.specials = self._special_files()

    # --- records and names -----------------------------------------------------------------------

    def record(self, make: Callable[[random.Random, Path], bytes], kind: str) -> None:
        path = self.folder / f"{kind}.toml"
        path.write_bytes(make(self.rng, self.rng.choice(SEEDS)))
        command = self.rng.choice([["score"], ["score", "--json"], ["show"], ["fmt"], ["moves"],
                                   ["show", "--svg", str(self.folder / "out.svg")], ["export", "csv"]])
        before = path.read_bytes()
        code = self.run(kind, *command[:1 + (command[0] == "export")], str(path), *command[1 + (command[0] == "export"):])
        if code == 0 and "--svg" in command:
            self._well_formed(self.folder / "out.svg", kind)
        if path.read_bytes() != before:
            self.tally.problem(kind, f"{command[0]} changed the record it read")

    def _well_formed(self, svg: Path, kind: str) -> None:
        import xml.etree.ElementTree as ElementTree

        try:
            ElementTree.fromstring(svg.read_text(encoding="utf-8"))
        except ElementTree.ParseError as err:
            self.tally.problem(kind, f"SVG not well-formed: {err}")

    # --- notation lines ------------------------------------------------------------------------------

    def line(self) -> None:
        """A hostile line given to ``check`` or ``play`` on a game under way (Castles, or
        Robber Knights); the record is dealt again now and then."""
        path = self.folder / "lines.toml"
        if not path.exists() or self.rng.random() < 0.05:
            from burgundy_cli.core.record import dump_record
            from burgundy_cli.robber_knights import GAME

            if self.rng.random() < 0.5:
                shutil.copy(RECORDS / "castles-of-burgundy" / "opening-2p-2011.toml", path)
            else:
                path.write_text(dump_record(GAME.playout(2, self.rng.randrange(1000), stop_after=2)), encoding="utf-8")
        self.run("notation lines", self.rng.choice(["check", "play"]), str(path), "--", self._hostile_line())

    def _hostile_line(self) -> str:
        rng = self.rng
        if rng.random() < 0.4:
            return rng.choice(HOSTILE_LINES)
        words = rng.choice(HOSTILE_LINES).split() or ["red:"]
        at = rng.randrange(len(words) + 1)
        words.insert(at, _hostile(rng))
        return " ".join(words)

    # --- file kinds ------------------------------------------------------------------------------------

    def _special_files(self) -> dict[str, Path]:
        """A FIFO, a socket, a folder, links, an empty file, and a character device (a link
        to /dev/null: making a device needs root), each with its type and inode noted."""
        place = self.folder / "specials"
        place.mkdir()
        found = {"fifo": place / "fifo.toml", "socket": place / "socket.toml", "folder": place / "folder.toml",
                 "dangling link": place / "dangling.toml", "device link": place / "null.toml",
                 "empty": place / "empty.toml", "link to folder": place / "up.toml"}
        os.mkfifo(found["fifo"])
        self._socket = socket.socket(socket.AF_UNIX)
        self._socket.bind(str(found["socket"]))
        found["folder"].mkdir()
        found["dangling link"].symlink_to(place / "missing.toml")
        found["device link"].symlink_to("/dev/null")
        found["empty"].write_bytes(b"")
        found["link to folder"].symlink_to(self.folder)
        shutil.copy(SEEDS[0], place / "good.toml")
        # (what no write may replace: every special file but the empty regular one)
        self.kinds = {path: _identity(path) for path in [*found.values(), Path("/dev/null")] if path != found["empty"]}
        return found

    def file_kind(self) -> None:
        path = self.rng.choice(list(self.specials.values()))
        command = self.rng.choice([["score"], ["show"], ["check", "--", "red: end"], ["fmt", "--write"],
                                   ["play", "--", "red: end"], ["undo"], ["chart"]])
        self.run("file kinds", command[0], str(path), *command[1:])
        if self.rng.random() < 0.2:
            self.run("file kinds", self.rng.choice(["score", "summary"]), str(path.parent))

    # --- output paths ------------------------------------------------------------------------------------

    def output_path(self) -> None:
        source = self.folder / "source.toml"
        if not source.exists():
            shutil.copy(SEEDS[0], source)
        target = self.rng.choice([*self.specials.values(), Path("/dev/null"), source,
                                  self.folder / "missing" / "x.svg", self.folder / ("n" * 300 + ".svg"),
                                  self.folder / "new\nline.svg", self.folder / "ok.svg"])
        command = self.rng.choice([["show", str(source), "--svg", str(target)],
                                   ["chart", str(source), "--svg", str(target)],
                                   ["export", "csv", str(source), "--out", str(target)],
                                   ["playout", "robber-knights", "--players", "2", "--seed", "1", "--out", str(target)]])
        if target == self.specials["fifo"]:
            return  # (a FIFO is written to, as echo > FIFO: it waits for a reader; tests/reliability/test_hostile_paths.py)
        self.run("output paths", *command)

    def kinds_unchanged(self) -> None:
        for path, identity in self.kinds.items():
            if _identity(path) != identity:
                self.tally.problem("output paths", f"{path} was replaced: {identity} -> {_identity(path)}")

    # --- a table session through all of it -------------------------------------------------------------

    def session(self, steps: int) -> None:
        """A Robber Knights session: legal and hostile lines, undo, and an editor saving
        stale, garbage and foreign text over the record meanwhile."""
        from burgundy_cli.core.errors import RefereeError
        from burgundy_cli.core.record import dump_record
        from burgundy_cli.core.table import TableSession
        from burgundy_cli.robber_knights import GAME

        path = self.folder / "session.toml"
        path.write_text(dump_record(GAME.playout(2, self.rng.randrange(1000), stop_after=2)), encoding="utf-8")
        table = TableSession(path)
        accepted: list[str] = []
        copies: list[bytes] = [path.read_bytes()]
        try:
            for _ in range(steps):
                self.tally.inputs["session"] += 1
                roll = self.rng.random()
                try:
                    if roll < 0.45:
                        legal = table.listing().moves
                        if not legal:
                            break
                        reply = table.handle(self.rng.choice(legal))
                    elif roll < 0.8:
                        reply = table.handle(self._hostile_line())
                    elif roll < 0.85:
                        reply = table.handle("undo")
                        if reply.text.startswith("undone: ") and accepted:
                            accepted.pop()
                        continue
                    else:   # the editor saves: a stale copy, garbage, or a foreign record
                        path.write_bytes(self.rng.choice([self.rng.choice(copies), b"[game\n",
                                                          mutated_record(self.rng, SEEDS[0])]))
                        try:
                            table.reload_if_changed()
                        except RefereeError:
                            pass
                        continue
                except Exception as err:  # noqa: BLE001 - what is counted
                    self.tally.problem("session", f"{type(err).__name__}: {err}")
                    continue
                if reply.accepted:
                    accepted.append(reply.text.split("recorded: ", 1)[1].split(" -- ")[0])
                    copies.append(path.read_bytes())
                if reply.done:
                    break
        finally:
            table.close()
        kept = "".join(p.read_text(encoding="utf-8", errors="replace")
                       for p in path.parent.glob(path.name + "*"))
        for line in accepted:
            if _toml_escaped(line) not in kept:
                self.tally.problem("session", f"accepted line lost: {line!r}")


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return stat.S_IFMT(info.st_mode), info.st_ino


def run(count: int, seed: int) -> Tally:
    """Make about ``count`` hostile inputs from ``seed``; what was made and found."""
    rng = random.Random(seed)
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="hostile-") as folder:
        checker = Checker(Path(folder), rng, tally)
        work = [(lambda: checker.record(mutated_record, "records"), 4), (lambda: checker.record(named_record, "names"), 2),
                (checker.line, 2), (checker.file_kind, 1), (checker.output_path, 1)]
        actions = [action for action, weight in work for _ in range(weight)]
        session_steps = max(20, count // 10)
        while tally.total < count - session_steps:
            rng.choice(actions)()
        while tally.inputs["session"] < session_steps:
            checker.session(min(60, session_steps - tally.inputs["session"]))
        checker.kinds_unchanged()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=12_000, help="inputs to make (default 12,000)")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    start = time.monotonic()
    tally = run(options.count, options.seed)
    print(f"{tally.total} hostile inputs in {time.monotonic() - start:.0f} s (seed {options.seed}): "
          + ", ".join(f"{kind} {number}" for kind, number in sorted(tally.inputs.items())))
    print(f"problems: {len(tally.problems)}")
    for problem in tally.problems[:50]:
        print("  " + problem)
    return 1 if tally.problems else 0


if __name__ == "__main__":
    sys.exit(main())
