"""``python -m solver.precompute --puzzle ID --all``: whole editions, resumable, Ctrl-C safe.

The tests run the command in this process on a real SQLite file migrated by the real Alembic
migrations, with ``find_puzzle`` handing out the JarringWords edition cut to its first few
targets (the solving still happens in worker processes, on the real catalog). A real Ctrl-C to a
real process is in tests/test_entry_points.py.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from jobs.precompute import _parser, main, resume_command, run
from solver.catalog import Puzzle
from solver.puzzles import get_puzzle
from tests.jobs.test_precompute import stored_counts

EDITION = "calendar-jarringwords"
SAMPLE = 6  # targets 01-01 … 01-06 stand for the edition's 372
STORED_BEFORE_CTRL_C = 3


def small_edition(puzzle_id: str) -> Puzzle:
    """The catalog's puzzle, but JarringWords' edition has only its first SAMPLE targets."""
    puzzle = get_puzzle(puzzle_id)
    return dataclasses.replace(puzzle, targets=puzzle.targets[:SAMPLE]) if puzzle_id == EDITION else puzzle


SAMPLE_NAMES = [target.name for target in small_edition(EDITION).targets]


def _db_file(database_url: str) -> Path:
    return Path(database_url.removeprefix("sqlite:///"))


def _all(database_url: str, *extra: str) -> list[str]:
    return ["--puzzle", EDITION, "--all", "--database-url", database_url, "--workers", "1", *extra]


@pytest.mark.slow  # puzzles enumerated: a second or more
def test_all_stores_every_target_and_a_second_run_skips_them(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(_all(database_url), find_puzzle=small_edition) == 0
    stored = stored_counts(_db_file(database_url))
    assert sorted(name for _, name in stored) == SAMPLE_NAMES
    assert all(count == present > 0 for count, present in stored.values())
    assert f"{EDITION}  " in capsys.readouterr().out  # the summary table
    assert main(_all(database_url), find_puzzle=small_edition) == 0
    assert f"{EDITION}: all {SAMPLE} target(s) already stored, skipping" in capsys.readouterr().err
    assert stored_counts(_db_file(database_url)) == stored
    assert main(_all(database_url, "--force"), find_puzzle=small_edition) == 0
    assert "skipping" not in capsys.readouterr().err
    assert stored_counts(_db_file(database_url)) == stored


@pytest.mark.slow  # puzzles enumerated: a second or more
def test_all_takes_each_puzzle_named(database_url: str) -> None:
    args = ["--puzzle", "pentomino-3x20", *_all(database_url)]
    assert main(args, find_puzzle=small_edition) == 0
    stored = stored_counts(_db_file(database_url))
    assert set(stored) == {("pentomino-3x20", "board")} | {(EDITION, name) for name in SAMPLE_NAMES}


@pytest.mark.slow  # puzzles enumerated: a second or more
def test_an_interrupted_all_run_keeps_whole_targets_exits_130_and_says_how_to_resume(
    database_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_save = repository.save_target
    saved: list[str] = []

    def save_then_interrupt(**kwargs: Any) -> None:
        real_save(**kwargs)  # written in the target's transaction, which the Ctrl-C must roll back
        saved.append(kwargs["name"])
        if len(saved) > STORED_BEFORE_CTRL_C:
            raise KeyboardInterrupt

    monkeypatch.setattr(repository, "save_target", save_then_interrupt)
    assert main(_all(database_url), find_puzzle=small_edition) == 130
    stored = stored_counts(_db_file(database_url))
    assert sorted(name for _, name in stored) == SAMPLE_NAMES[:STORED_BEFORE_CTRL_C]
    assert (EDITION, saved[-1]) not in stored  # the target being written is not there at all
    assert all(count == present for count, present in stored.values())
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert (
        f"interrupted: {STORED_BEFORE_CTRL_C} of {SAMPLE} targets stored "
        f"({EDITION} {STORED_BEFORE_CTRL_C}/{SAMPLE}); every stored target is complete"
    ) in err
    assert f"resume with: python -m solver.precompute --puzzle {EDITION} --all --database-url " in err
    assert err.rstrip().endswith(database_url)

    monkeypatch.undo()
    assert main(_all(database_url), find_puzzle=small_edition) == 0
    resumed = f"{STORED_BEFORE_CTRL_C} target(s) already stored, computing {SAMPLE - STORED_BEFORE_CTRL_C}"
    assert resumed in capsys.readouterr().err
    final = stored_counts(_db_file(database_url))
    assert sorted(name for _, name in final) == SAMPLE_NAMES
    assert all(final[key] == stored[key] for key in stored)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--all"], "--all needs --puzzle ID"),
        (["--all", "--workers", "2"], "calendar-weekday"),  # the editions it would not take are named
        (["--puzzle", EDITION, "--all", "--target", "01-25"], "--all and --target exclude each other"),
        (["--puzzle", EDITION, "--target", "01-25", "--all"], "--all and --target exclude each other"),
        (["--puzzle", EDITION, "--all", "--report", "json"], "--report only reads the store"),
    ],
)
def test_bad_combinations_with_all_are_refused_before_the_database_is_touched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    assert main([*args, "--database-url", f"sqlite:///{tmp_path / 'p.db'}"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and fragment in error
    assert not (tmp_path / "p.db").exists()


def test_the_resume_command_keeps_the_selection_and_hides_a_password() -> None:
    url = "postgresql+psycopg://bot:secret@db.example/puzzles"
    args = _parser().parse_args(
        ["--puzzle", EDITION, "--all", "--force", "--workers", "3", "--verify", "--database-url", url]
    )
    assert resume_command(args) == (
        f"python -m solver.precompute --puzzle {EDITION} --all "
        "--database-url 'postgresql+psycopg://bot:***@db.example/puzzles' --verify"
    )
    chosen = _parser().parse_args(["--puzzle", "calendar-weekday", "--target", "01-25-sun"])
    assert resume_command(chosen) == (
        "python -m solver.precompute --puzzle calendar-weekday --target 01-25-sun"
    )
    assert resume_command(_parser().parse_args([])) == "python -m solver.precompute"


# ---------------------------------------------------------------- progress


def test_progress_without_a_terminal_is_a_line_with_the_eta(database_url: str) -> None:
    sessions: sessionmaker[Session] = session_factory(make_engine(database_url))
    said: list[str] = []
    run(sessions, [small_edition(EDITION)], workers=1, progress_every=0.0, say=said.append)
    lines = [line for line in said if "tasks" in line]
    assert len(lines) == SAMPLE
    assert lines[-1].startswith(f"{EDITION}: {SAMPLE}/{SAMPLE} tasks [")
    assert all("ETA " in line for line in lines)
    assert f"targets {SAMPLE}/{SAMPLE}" in lines[-1]


def test_progress_on_a_terminal_is_a_bar_with_the_eta(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    sessions: sessionmaker[Session] = session_factory(make_engine(database_url))
    run(sessions, [small_edition(EDITION)], progress=True, say=lambda _: None)
    bar = capsys.readouterr().err.split("\r")[-1]
    assert "100%|" in bar and f"{SAMPLE}/{SAMPLE} tasks" in bar and "ETA 00:00" in bar


def sigint_caught_by_this_process() -> bool:
    """Whether the kernel runs a handler of this process on SIGINT (not its default action, which kills
    it, nor ignored), read from /proc: CP-SAT changes the handler behind Python's back."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGINT - 1) & 1)
    raise AssertionError("no SigCgt line in /proc/self/status")


def test_solving_in_this_process_gives_ctrl_c_back_to_python(database_url: str) -> None:
    # CP-SAT leaves SIGINT at its default action after a solve: a later Ctrl-C would kill the
    # process without a word. run(workers=0) re-installs Python's handler after each task.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
    engine = make_engine(database_url)
    try:
        run(session_factory(engine), [get_puzzle(EDITION)], targets=["01-25"], say=lambda _: None)
        assert stored_counts(_db_file(database_url)) == {(EDITION, "01-25"): (123, 123)}  # it did solve
        # Checked first, so that a regression fails this test instead of killing the test run.
        assert sigint_caught_by_this_process(), "after the solve a Ctrl-C would kill the process"
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)
        engine.dispose()
