"""The precompute CLI end to end, in this process: ``main(argv)`` on real SQLite files, real migrations.

The solving still happens in worker processes. A real Ctrl-C to a real ``python -m solver.precompute``
process is in tests/test_entry_points.py.
"""

from __future__ import annotations

import dataclasses
import io
import json
import logging
import multiprocessing
import os
import shutil
import signal
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from db.models import PuzzleRow
from jobs.precompute import PROGRESS_LINE_SECONDS, TERMINAL_LINE_SECONDS, main, progress_mode, run
from jobs.storing import targets_to_compute
from solver.puzzles import all_puzzles, catalog, get_puzzle
from solver.tasks import fingerprint, former_fingerprints

SMALL = ["--puzzle", "pentomino-3x20", "--puzzle", "pentomino-8x8-hole"]


@dataclasses.dataclass(frozen=True)
class Ran:
    """One in-process run of the command: its exit code and what it printed."""

    returncode: int
    stdout: str
    stderr: str


def precompute(capsys: pytest.CaptureFixture[str], *args: str) -> Ran:
    """``python -m solver.precompute ARGS``, run by its ``main`` in this process."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return Ran(code, out, err)


def stored_counts(db_file: Path) -> dict[tuple[str, str], tuple[int, int]]:
    """(puzzle, target) -> (recorded count, solutions actually stored), whatever the store's layout.

    OperationalError (SQLAlchemy's) while the schema is not there yet.
    """
    engine = make_engine(f"sqlite:///{db_file}")
    try:
        with session_factory(engine)() as session:
            return {
                (t.puzzle_id, t.name): (
                    t.solution_count,
                    len(repository.get_encodings(session=session, puzzle_id=t.puzzle_id, target=t.name)),
                )
                for t in repository.list_targets(session=session)
            }
    finally:
        engine.dispose()


def db_file(database_url: str) -> Path:
    return Path(database_url.removeprefix("sqlite:///"))


def assert_nothing_else_on_stderr(caplog: pytest.LogCaptureFixture) -> None:
    """No warning was logged: in a process without logging set up, it would be another stderr line."""
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.slow  # puzzles enumerated: a second or more
def test_first_run_computes_second_run_skips_force_recomputes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'p.db'}"  # no file yet: the command creates and migrates it
    first = precompute(capsys, *SMALL, "--database-url", url, "--workers", "2")
    assert first.returncode == 0, first.stderr
    assert "pentomino-3x20" in first.stdout and "pentomino-8x8-hole" in first.stdout
    assert "solutions" in first.stdout and "time (s)" in first.stdout  # the summary table
    assert stored_counts(tmp_path / "p.db") == {
        ("pentomino-3x20", "board"): (2, 2),
        ("pentomino-8x8-hole", "board"): (65, 65),
    }
    second = precompute(capsys, *SMALL, "--database-url", url)
    assert second.returncode == 0
    assert "pentomino-3x20: all 1 target(s) already stored, skipping" in second.stderr
    forced = precompute(
        capsys, "--puzzle", "pentomino-3x20", "--database-url", url, "--force", "--workers", "1"
    )
    assert forced.returncode == 0
    assert "skipping" not in forced.stderr
    assert stored_counts(tmp_path / "p.db")[("pentomino-3x20", "board")] == (2, 2)


@pytest.mark.slow  # puzzles enumerated: a second or more
def test_report_json_reads_the_store_without_solving(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = json.loads(precompute(capsys, "--report", "json", "--database-url", database_url).stdout)
    assert {p["id"] for p in empty["puzzles"]} == set(catalog())
    assert all(p["targets"] == {} and p["total"] == 0 for p in empty["puzzles"])
    assert all(p["faceup_targets"] == {} and p["faceup_total"] == 0 for p in empty["puzzles"])
    assert stored_counts(db_file(database_url)) == {}  # the report solved nothing
    assert precompute(capsys, "--puzzle", "pentomino-3x20", "--database-url", database_url).returncode == 0
    report = json.loads(
        precompute(
            capsys, "--report", "json", "--puzzle", "pentomino-3x20", "--database-url", database_url
        ).stdout
    )
    assert report == {
        "puzzles": [
            {
                "id": "pentomino-3x20",
                "title": "Pentominoes 3 × 20",
                "targets": {"board": 2},
                "total": 2,
                "faceup_targets": {"board": 0},  # the independent enumeration finds none either
                "faceup_total": 0,
            }
        ]
    }


@pytest.mark.slow  # puzzles enumerated: a second or more
def test_verify_passes_then_names_a_tampered_count(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ok = precompute(capsys, "--puzzle", "pentomino-3x20", "--verify", "--database-url", database_url)
    assert ok.returncode == 0, ok.stderr
    assert "every stored count matches" in ok.stdout
    with sqlite3.connect(db_file(database_url)) as connection:
        connection.execute("UPDATE targets SET solution_count = 3")
    bad = precompute(capsys, "--puzzle", "pentomino-3x20", "--verify", "--database-url", database_url)
    assert bad.returncode == 1
    assert "MISMATCH pentomino-3x20 target board: stored 3, published 2" in bad.stderr


def test_unknown_puzzle_lists_valid_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = precompute(
        capsys, "--puzzle", "pentomino-9x9", "--database-url", f"sqlite:///{tmp_path / 'p.db'}"
    )
    assert result.returncode == 2
    assert "unknown puzzle 'pentomino-9x9'" in result.stderr
    assert "calendar-dragonfjord" in result.stderr and "hexiamond-tenyo" in result.stderr
    assert "Traceback" not in result.stderr


def test_unwritable_database_path_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = precompute(
        capsys, "--puzzle", "pentomino-3x20", "--database-url", f"sqlite:///{blocker}/sub/p.db"
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("error: cannot write the database file")
    assert_nothing_else_on_stderr(caplog)


def test_chosen_targets_of_on_demand_editions_are_computed_and_resumed(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    chosen = ["--puzzle", "calendar-jarringwords", "--target", "01-25", "--target", "10-06"]
    first = precompute(capsys, *chosen, "--database-url", database_url, "--workers", "2")
    assert first.returncode == 0, first.stderr
    weekday = precompute(
        capsys, "--puzzle", "calendar-weekday", "--target", "10-06-mon", "--database-url", database_url
    )
    assert weekday.returncode == 0, weekday.stderr
    assert stored_counts(db_file(database_url)) == {
        ("calendar-jarringwords", "01-25"): (123, 123),
        ("calendar-jarringwords", "10-06"): (20, 20),
        ("calendar-weekday", "10-06-mon"): (173, 173),
    }
    again = precompute(capsys, *chosen, "--target", "02-29", "--database-url", database_url)
    assert again.returncode == 0, again.stderr
    assert "calendar-jarringwords: 2 target(s) already stored, computing 1" in again.stderr
    assert stored_counts(db_file(database_url))[("calendar-jarringwords", "02-29")] == (63, 63)


def test_the_default_run_leaves_the_on_demand_editions_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--report", "json", "--database-url", f"sqlite:///{tmp_path / 'p.db'}"]) == 0
    reported = {p["id"] for p in json.loads(capsys.readouterr().out)["puzzles"]}
    assert reported == set(catalog())
    assert not reported & {pid for pid, p in all_puzzles().items() if p.on_demand}


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--target", "01-25"], "--target needs exactly one --puzzle"),
        (["--puzzle", "pentomino-3x20", "--puzzle", "calendar-weekday", "--target", "board"], "exactly one"),
        (
            ["--puzzle", "calendar-weekday", "--target", "01-25"],
            "unknown target '01-25' for calendar-weekday",
        ),
        (["--puzzle", "calendar-weekday", "--target", "01-25-xyz"], "(MM-DD-ddd)"),
    ],
)
def test_bad_targets_are_refused_before_the_database_is_touched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    assert main([*args, "--database-url", f"sqlite:///{tmp_path / 'p.db'}"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and fragment in error
    assert not (tmp_path / "p.db").exists()


def test_bad_worker_count_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = precompute(capsys, "--workers", "0", "--database-url", f"sqlite:///{tmp_path / 'p.db'}")
    assert result.returncode == 2 and "--workers" in result.stderr
    assert not (tmp_path / "p.db").exists()


# ---------------------------------------------------------------- a hard kill


# Six DragonFjord dates (about 0.2 s each); the run is killed while it writes the fourth.
DATES = [f"01-{day:02d}" for day in range(1, 7)]
SIX_DATES = ["--puzzle", "calendar-dragonfjord", *(w for date in DATES for w in ("--target", date))]
STORED_BEFORE_KILL = 3


def _run_until_killed_while_writing(argv: list[str]) -> None:
    """In a forked child (no imports to pay): the command, SIGKILLed with its workers (its own process
    group) after the rows of its fourth target are written and before they are committed."""
    os.setpgid(0, 0)
    real_save = repository.save_target
    saved: list[str] = []

    def save_then_die(**kwargs: Any) -> None:
        real_save(**kwargs)
        saved.append(kwargs["name"])
        if len(saved) > STORED_BEFORE_KILL:
            os.killpg(0, signal.SIGKILL)

    repository.save_target = save_then_die  # type: ignore[assignment]
    main(argv)


def test_a_run_killed_while_writing_a_target_leaves_whole_targets_and_resumes(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [*SIX_DATES, "--database-url", database_url, "--workers", "2"]
    child = multiprocessing.get_context("fork").Process(target=_run_until_killed_while_writing, args=(args,))
    child.start()
    try:
        child.join(timeout=120)
        assert child.exitcode == -signal.SIGKILL, "the run was not killed while writing a target"
    finally:
        if child.is_alive():
            os.killpg(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
            child.join()
    partial = stored_counts(db_file(database_url))
    assert len(partial) == STORED_BEFORE_KILL  # the target being written is not there at all
    assert all(count == present for count, present in partial.values())  # no half-written target
    resumed = precompute(capsys, *args)
    assert resumed.returncode == 0, resumed.stderr
    computing = len(DATES) - STORED_BEFORE_KILL
    assert f"{STORED_BEFORE_KILL} target(s) already stored, computing {computing}" in resumed.stderr
    final = stored_counts(db_file(database_url))
    assert sorted(name for _, name in final) == DATES
    assert all(final[key] == partial[key] for key in partial)
    assert all(count == present for count, present in final.values())


@pytest.mark.slow  # puzzles enumerated: a second or more
def test_changed_definition_is_recomputed(sessions: sessionmaker[Session]) -> None:
    puzzle = get_puzzle("pentomino-3x20")
    first = run(sessions, [puzzle], say=lambda _: None)
    assert first.puzzles[puzzle.id].targets_computed == 1
    messages: list[str] = []
    again = run(sessions, [puzzle], say=messages.append)
    assert again.puzzles[puzzle.id].targets_computed == 0
    retitled = dataclasses.replace(puzzle, title="Renamed", fingerprint="edited-title")
    assert run(sessions, [retitled], say=messages.append).puzzles[puzzle.id].targets_computed == 0
    edited = dataclasses.replace(puzzle, pieces=puzzle.pieces[::-1])  # every stored letter changes
    changed = run(sessions, [edited], say=messages.append)
    assert changed.puzzles[puzzle.id].targets_computed == 1
    assert sum("definition changed" in m for m in messages) == 1


@pytest.mark.parametrize("puzzle_id", ["calendar-dragonfjord", "calendar-weekday"])
def test_a_store_made_before_the_print_left_the_title_out_is_complete(
    sessions: sessionmaker[Session], puzzle_id: str
) -> None:
    """It held the digest of the data file's whole text (for a retitled edition, of its text then)."""
    puzzle = get_puzzle(puzzle_id)
    names = [target.name for target in puzzle.targets[:2]]
    old = former_fingerprints(puzzle)[-1]
    with sessions.begin() as session:
        repository.sync_puzzle(
            session=session, puzzle_id=puzzle.id, title="old", lattice=puzzle.lattice.name, fingerprint=old
        )
        for name in names:
            repository.save_target(
                session=session,
                puzzle_id=puzzle.id,
                name=name,
                is_real=True,
                encodings=["A"],
                flips=[""],
                seconds=1,
            )
    messages: list[str] = []
    with sessions.begin() as session:
        asked, todo = targets_to_compute(session, puzzle, False, messages.append, names)
    assert asked == names and todo == []
    assert not any("definition changed" in m for m in messages)
    with sessions() as session:
        assert repository.stored_target_names(session=session, puzzle_id=puzzle.id) == set(names)
        row = session.get(PuzzleRow, puzzle.id)
        assert row is not None and row.fingerprint == fingerprint(puzzle) != old
        assert row.title == puzzle.title


def test_whole_catalog_matches_every_published_count(
    full_catalog_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    result = precompute(capsys, "--verify", "--database-url", full_catalog_url)
    assert result.returncode == 0, result.stderr
    assert "already stored, skipping" in result.stderr
    report = json.loads(precompute(capsys, "--report", "json", "--database-url", full_catalog_url).stdout)
    by_id = {p["id"]: p for p in report["puzzles"]}
    expected = {
        "pentomino-6x10": 2339,
        "pentomino-5x12": 1010,
        "pentomino-4x15": 368,
        "pentomino-3x20": 2,
        "pentomino-8x8-hole": 65,
        "hexiamond-rhombus-6x6": 156,
        "hexiamond-tenyo": 4968,
    }
    assert {pid: by_id[pid]["total"] for pid in expected} == expected
    calendar = by_id["calendar-dragonfjord"]
    assert len(calendar["targets"]) == 372
    assert calendar["real_total"] == 24405
    assert calendar["targets"]["10-06"] == 7 and calendar["targets"]["01-25"] == 216
    assert calendar["faceup_targets"]["10-06"] == 0 and calendar["faceup_targets"]["01-25"] == 11
    real = {k: v for k, v in calendar["targets"].items() if k not in calendar["not_real_targets"]}
    assert min(real.values()) == 7 and max(real.values()) == 216
    assert all(v > 0 for v in real.values())


@pytest.mark.postgres
def test_cli_on_postgres_computes_resumes_reports_and_verifies(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    first = precompute(capsys, *SMALL, "--database-url", postgres_url, "--workers", "2", "--verify")
    assert first.returncode == 0, first.stderr
    assert "every stored count matches" in first.stdout
    again = precompute(capsys, *SMALL, "--database-url", postgres_url)
    assert "pentomino-8x8-hole: all 1 target(s) already stored, skipping" in again.stderr
    report = json.loads(precompute(capsys, "--report", "json", *SMALL, "--database-url", postgres_url).stdout)
    assert [p["total"] for p in report["puzzles"]] == [2, 65]


class Stream(io.StringIO):
    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


@pytest.mark.parametrize(
    ("terminal", "columns", "mode"),
    [
        (True, 120, (True, None)),  # bars
        (True, 0, (False, TERMINAL_LINE_SECONDS)),  # a terminal saying no width: lines
        (True, 20, (False, TERMINAL_LINE_SECONDS)),
        (False, 120, (False, PROGRESS_LINE_SECONDS)),  # a log: a line a minute
    ],
)
def test_progress_shows_whatever_the_terminal(
    terminal: bool, columns: int, mode: tuple[bool, float | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A terminal that reported no width drew its bars empty: a first precompute said nothing."""
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback=(0, 0): os.terminal_size((columns, 24)))
    assert progress_mode(Stream(terminal)) == mode
