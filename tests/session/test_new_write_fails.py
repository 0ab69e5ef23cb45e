"""``burgundy new`` at a terminal whose write fails after the last question (the folder removed
meanwhile, the disk full): nothing typed is lost. The answers are kept outside the record's
folder (said where), another file may be named at once, and the same command run again
resumes with them; once the record is written the kept answers are removed."""

from __future__ import annotations

import shutil

import pytest

from burgundy_cli.core import newrecord
from burgundy_cli.core.errors import UsageError
from burgundy_cli.core.newrecord import NewRecord, create, kept_answers_file
from burgundy_cli.core.session import open_record

#: A Robber Knights result-only record, typed at the terminal: the game, the kind of record,
#: the players, the scores (no tie: no tiebreak asked), today, no place; the event is the last question.
TYPED = ["robber-knights", "result", "red,blue", "red=18,blue=15", "", ""]


@pytest.fixture(autouse=True)
def state_home(tmp_path, monkeypatch):
    """The kept answers and the prompt history go to a state folder of the test's own."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


def scripted(answers: list[str], at_last=None):
    """A reader giving ``answers`` in turn (running ``at_last`` before the event's answer);
    the questions asked."""
    steps = iter(answers)
    asked: list[str] = []

    def read(question: str, choices: list[str]) -> str:
        asked.append(str(question))
        if question.startswith("event") and at_last is not None:
            at_last()
        return next(steps)

    return read, asked


def test_the_folder_removed_meanwhile_keeps_the_answers_and_the_same_command_resumes(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "game.toml"
    read, _ = scripted([*TYPED, "cup final", ""], at_last=lambda: shutil.rmtree(folder))
    said: list[str] = []
    with pytest.raises(UsageError) as info:
        create(str(path), NewRecord(), ask=True, read=read, say=said.append)
    kept = kept_answers_file(str(path))
    assert kept.is_file() and not kept.is_relative_to(folder)
    assert info.value.message == f"cannot write {path}: No such file or directory; the answers are kept in {kept}"
    assert f"run 'burgundy new {path}' again on a terminal to resume with them" in info.value.hint
    assert said == [f"cannot write {path}: No such file or directory; the answers are kept in {kept} "
                    "(outside the record's folder)"]
    # the folder made again, the same command: one question, Enter resumes; nothing else asked
    folder.mkdir()
    read, asked = scripted([""])
    told = create(str(path), NewRecord(), ask=True, read=read, say=said.append)
    assert len(asked) == 1 and asked[0].startswith(f"the answers typed for {path} before its write failed")
    assert told == f"wrote {path}: robber-knights, result only: 1. red 18, 2. blue 15; winner red"
    session = open_record(path)
    assert session.header.players == ["red", "blue"] and session.header.event == "cup final"
    assert not kept.exists()   # (written: the kept answers are removed)


def test_another_file_may_be_named_at_once(tmp_path, monkeypatch):
    """A disk full at the write: the answers are kept, and a file named at the prompt (after
    one that is refused as any target is) takes the record; the kept answers are then removed."""
    path = tmp_path / "game.toml"
    real = newrecord.write_atomic

    def full(target, text, **options):
        if str(target) == str(path):
            raise UsageError(f"cannot write {path}: No space left on device")
        return real(target, text, **options)

    monkeypatch.setattr(newrecord, "write_atomic", full)
    other = tmp_path / "elsewhere" / "game.toml"
    read, asked = scripted([*TYPED, "", str(tmp_path / "nowhere" / "game.toml"), str(tmp_path), str(other)],
                           at_last=lambda: other.parent.mkdir())
    said: list[str] = []
    written: list[str] = []
    told = create(str(path), NewRecord(), ask=True, read=read, say=said.append, written=written)
    assert told.startswith(f"wrote {other}: robber-knights, result only") and written == [str(other)]
    assert said[0].startswith(f"cannot write {path}: No space left on device; the answers are kept in ")
    assert said[1].startswith(f"cannot write {tmp_path / 'nowhere' / 'game.toml'}: there is no folder")
    assert said[2].startswith(f"{tmp_path} is a folder, not a record file")
    assert open_record(other).header.players == ["red", "blue"] and not path.exists()
    assert not kept_answers_file(str(path)).exists()


def test_start_afresh_deletes_the_kept_answers_and_flags_win_on_resume(tmp_path, monkeypatch):
    """``no`` at the resume question deletes the kept answers and asks afresh; on ``yes`` an
    answer given by flag now wins over the kept one; without a terminal they are not used."""
    path = tmp_path / "game.toml"
    kept = newrecord._keep_answers(str(path), NewRecord(game="robber-knights", result=True, players="red,blue",
                                                        scores="red=18,blue=15", date="2026-01-02"))
    assert kept == kept_answers_file(str(path))
    with pytest.raises(UsageError, match="missing --players"):
        create(str(path), NewRecord(game="robber-knights", result=True))   # (no terminal: not resumed)
    read, _ = scripted(["yes"])
    assert "1. blue 20, 2. red 18" in create(str(path), NewRecord(scores="red=18,blue=20"), ask=True, read=read)
    assert str(open_record(path).header.date) == "2026-01-02" and not kept.exists()
    path.unlink()
    newrecord._keep_answers(str(path), NewRecord(game="robber-knights", result=True, players="red,blue",
                                                 scores="red=18,blue=15"))
    read, asked = scripted(["maybe", "no", "result", "green,blue", "green=3,blue=4", "", "", "", ""])
    said: list[str] = []
    assert "1. blue 4, 2. green 3" in create(str(path), NewRecord(game="robber-knights"), ask=True, read=read,
                                       say=said.append)
    assert said == ["'maybe' is neither yes nor no"] and not kept.exists()
