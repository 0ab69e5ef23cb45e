"""Issue 33, items 8 and 18: a stdout that cannot take the output, and Ctrl-C at any moment.

* A closed pipe (``| head -1``) ends the command quietly with its own exit code.
* A full or closed stdout (``> /dev/full``, ``>&-``) is one clear line and exit 4 -- unless
  the command had written its record: then the line says the record *was* written and the
  exit code is 0, so a script that retries on failure never plays a line twice.
* Ctrl-C prints no traceback, whenever it comes: the process ends with 130 (the shell's
  figure for SIGINT's default action).

Each case runs the installed ``burgundy`` script, as a shell would.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from burgundy_cli.console import EXIT_OUTPUT
from tests.conftest import RECORDS

SCRIPT = Path(sys.executable).with_name("burgundy")
COMPLETE = RECORDS / "castles-of-burgundy" / "complete-4p-2019-all-modules.toml"
#: A legal line at the end of the shipped 2-player opening (session/conftest.py: castles_record).
LEGAL = "Anna: buy ship"


def shell(command: str, cwd: Path) -> tuple[int, str]:
    """``command`` run by bash (``burgundy`` is the installed script): the exit code of its
    first command (``PIPESTATUS``) and what was said on stderr."""
    done = subprocess.run(["bash", "-c", f"{command}; exit ${{PIPESTATUS[0]}}"], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PATH": f"{SCRIPT.parent}:/usr/bin:/bin"})
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    return done.returncode, done.stderr


def lines(record: Path) -> int:
    """How many times the record holds :data:`LEGAL` (0 in the shipped opening)."""
    return record.read_text(encoding="utf-8").count(f'"{LEGAL}"')


@pytest.mark.parametrize("args", [
    f"score {COMPLETE}", f"score --json {COMPLETE}", f"moves {COMPLETE}", f"show {COMPLETE}",
    f"score {RECORDS}", "--help", "score --help", "-V", "schema",
], ids=lambda args: args.replace(str(RECORDS) + "/", ""))
@pytest.mark.parametrize("stdout", ["> /dev/full", ">&-"])
def test_a_full_or_closed_stdout_is_one_clear_line(args, stdout, tmp_path):
    code, said = shell(f"burgundy {args} {stdout}", tmp_path)
    what = "No space left on device" if stdout == "> /dev/full" else "it is closed"
    assert (code, said) == (EXIT_OUTPUT, f"burgundy: cannot write to stdout: {what}\n")


@pytest.mark.parametrize("args", [f"score {COMPLETE}", f"moves --all {COMPLETE}", f"score --json {RECORDS}",
                                  "--help", "schema"], ids=lambda args: args.split()[0])
def test_a_closed_pipe_ends_quietly_with_the_command_s_own_code(args, tmp_path):
    """The reader is gone before the command writes (the pipe's read end closed at once)."""
    reader = subprocess.Popen([str(SCRIPT), *args.split()], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              cwd=tmp_path, env={**os.environ, "COLUMNS": "80"})
    reader.stdout.close()
    said = reader.stderr.read().decode()
    reader.stderr.close()
    assert (reader.wait(timeout=120), said) == (0, "")


@pytest.mark.parametrize("stdout", ["> /dev/full", ">&-", "| true"])
def test_play_that_wrote_its_record_exits_0_whatever_stdout_does(castles_record, stdout):
    before = lines(castles_record)
    code, said = shell(f'burgundy play {castles_record.name} "{LEGAL}" {stdout}', castles_record.parent)
    assert code == 0 and lines(castles_record) == before + 1
    assert said in ("", f"burgundy: {castles_record.name} was written, but what the command says could not be "
                        f"printed: stdout: {'No space left on device' if 'full' in stdout else 'it is closed'}\n")
    assert (said == "") == (stdout == "| true")


@pytest.mark.parametrize("stdout", ["> /dev/full", ">&-"])
def test_play_as_json_and_undo_say_the_record_was_written(castles_record, stdout):
    before = lines(castles_record)
    code, said = shell(f'burgundy play --json {castles_record.name} "{LEGAL}" {stdout}', castles_record.parent)
    assert code == 0 and "game.toml was written" in said and lines(castles_record) == before + 1
    code, said = shell(f"burgundy undo {castles_record.name} {stdout}", castles_record.parent)
    assert code == 0 and "game.toml was written" in said and lines(castles_record) == before


def test_a_refused_line_writes_nothing_and_says_so_on_a_full_stdout(castles_record):
    before = castles_record.read_bytes()
    code, said = shell(f'burgundy play {castles_record.name} "Anna: sell 9" > /dev/full', castles_record.parent)
    assert code == 1 and said.startswith("burgundy: <move 1: Anna: sell 9>:")
    assert castles_record.read_bytes() == before


@pytest.mark.parametrize("stdout", ["> /dev/full", ">&-"])
def test_playout_out_that_wrote_its_record_exits_0(tmp_path, stdout):
    code, said = shell(f"burgundy playout robber-knights -p 2 -s 1 -o rk.toml --json {stdout}", tmp_path)
    assert code == 0 and said.startswith("burgundy: rk.toml was written, but")
    assert shell("burgundy score rk.toml > /dev/null", tmp_path)[0] == 0


def test_a_closed_stdout_never_lends_its_descriptor_to_the_record(castles_record, tmp_path):
    """With fd 1 closed, the record (or its temporary copy) could be opened as fd 1, and
    anything written to stdout land in it: the record is the same as after a plain ``play``."""
    plain = tmp_path / "plain" / "game.toml"
    plain.parent.mkdir()
    plain.write_bytes(castles_record.read_bytes())
    assert shell(f'burgundy play {castles_record.name} "{LEGAL}" >&-', castles_record.parent)[0] == 0
    assert shell(f'burgundy play game.toml "{LEGAL}" > /dev/null', plain.parent)[0] == 0
    assert castles_record.read_bytes() == plain.read_bytes()


#: Moments to press Ctrl-C once the program's first module has loaded (before that, in
#: Python's own start, a Ctrl-C is Python's: docs/errors.md): while typer loads, while the
#: command line is parsed, while the record is replayed, and around the exit.
MOMENTS = [0.0, 0.01, 0.03, 0.06, 0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.8]


def _interrupted(args: list[str], cwd: Path, moment: float) -> tuple[int, str]:
    """Run the script and press Ctrl-C ``moment`` seconds after its console module loaded (as
    Python's ``-X importtime`` report on stderr says); the exit code and the rest of stderr."""
    # A terminal sends SIGINT to the whole foreground process group: the command and its workers.
    child = subprocess.Popen([str(SCRIPT), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             cwd=cwd, start_new_session=True, env={**os.environ, "PYTHONPROFILEIMPORTTIME": "1"})
    for line in child.stderr:
        if line.rstrip().endswith("burgundy_cli.console"):
            break
    time.sleep(moment)
    try:
        os.killpg(child.pid, signal.SIGINT)
    except ProcessLookupError:  # (already done)
        pass
    said = "".join(line for line in child.stderr if not line.startswith("import time:"))
    child.stderr.close()
    return child.wait(timeout=120), said


@pytest.mark.parametrize("args", [
    ["score", str(COMPLETE)],
    ["moves", str(COMPLETE)],
    ["score", "--jobs", "2", str(RECORDS)],  # (pool workers: the terminal interrupts them too)
    ["--help"],
], ids=lambda args: args[0] + (" --jobs" if "--jobs" in args else ""))
def test_ctrl_c_at_any_moment_prints_no_traceback(args, tmp_path):
    for moment in MOMENTS:
        code, said = _interrupted(args, tmp_path, moment)
        if "Traceback" in said and "/burgundy_cli/" not in said:
            continue  # (in the two lines of its own that pip's script runs before main(): docs/errors.md)
        assert "Traceback" not in said and "KeyboardInterrupt" not in said, (moment, said)
        assert code in (0, 130, -signal.SIGINT), (moment, code, said)
        assert said in ("", "burgundy: interrupted\n"), (moment, said)


def test_a_ctrl_c_that_fell_where_python_cannot_raise_ends_the_command_as_interrupted():
    """A Ctrl-C inside an object's finaliser reaches ``sys.unraisablehook``, not the body.
    The hook raised the signal again, which ran the handler inside the hook: Python printed
    "Exception ignored in sys.unraisablehook" with a traceback, and the command went on and
    said its output (the rare failure of the Ctrl-C test above on ``moves``). Now the
    interruption is noted and the command ends as interrupted, saying nothing else."""
    probe = ("import signal, sys\n"
             "signal.signal(signal.SIGINT, signal.SIG_DFL)\n"
             "from burgundy_cli import console\n"
             "class Dropped:\n"
             "    def __del__(self):\n"
             "        raise KeyboardInterrupt\n"
             "def body():\n"
             "    Dropped()\n"
             "    return console.Outcome(0).say('done')\n"
             "sys.exit(console.run(body))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "burgundy: interrupted\n")


@pytest.mark.parametrize("swallowed_at", ["a middle part", "the last part"])
def test_a_ctrl_c_that_a_stream_swallowed_ends_the_command_as_interrupted(swallowed_at):
    """``score --jobs 2 DIR`` scores its records while its stream is written. A Ctrl-C that
    fell in pydantic building a schema became a ``SchemaError``, which ``score_one`` reports
    in the record's place: the command went on and ended with "internal error", exit 3 (the
    rare failure of the Ctrl-C test above on ``score --jobs``). Now the stream stops at the
    next part, or the command ends after its last, as interrupted, saying nothing else."""
    probe = ("import os, signal, sys\n"
             "signal.signal(signal.SIGINT, signal.SIG_DFL)\n"
             "from burgundy_cli import console\n"
             "def record(last):\n"
             "    try:\n"
             "        os.kill(os.getpid(), signal.SIGINT)\n"
             "    except KeyboardInterrupt:\n"
             "        return True, 'burgundy: internal error (SchemaError)\\n'\n"
             "def parts():\n"
             f"    yield record({swallowed_at == 'the last part'})\n"
             f"    if {swallowed_at == 'a middle part'}:\n"
             "        yield False, 'b: scored\\n'\n"
             "def body():\n"
             "    return console.Outcome(0).stream(parts(), 2, 'scoring')\n"
             "sys.exit(console.run(body))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "burgundy: interrupted\n")


def test_item_18_ctrl_c_while_the_script_imports_the_app_is_exit_130_without_a_traceback():
    """The Ctrl-C lands while ``burgundy_cli.cli`` is being imported (before it could set a
    handler of its own): the entry point turns it into exit 130, quietly."""
    probe = ("import sys\n"
             "class Interrupted:\n"
             "    def find_spec(self, name, path=None, target=None):\n"
             "        if name == 'burgundy_cli.cli':\n"
             "            raise KeyboardInterrupt\n"
             "sys.meta_path.insert(0, Interrupted())\n"
             "from burgundy_cli.entry import main\n"
             "sys.argv = ['burgundy', '--help']\n"
             "sys.exit(main())\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (130, "")
