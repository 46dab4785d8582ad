"""Targets solved on demand: once per target, whoever asks and however many ask at once."""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import date, timedelta
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from db import repository
from db.engine import make_engine, session_factory
from db.migrate import upgrade
from jobs import target_solving
from jobs.target_solving import (
    OnDemand,
    Solved,
    _Pieces,
    advisory_key,
    on_demand_processes,
    shutdown_pools,
    solve_target,
)
from jobs.window import solve_window, window_days, window_targets
from solver.problem import TargetProblem, board_has_symmetry
from solver.puzzles import get_puzzle
from solver.tasks import Task, TaskResult, plan_tasks, solve_task, target_tasks
from tests.support.exact_cover import solve

PUZZLE = get_puzzle("calendar-tetromino")  # about 0.5 s a target
TARGET = PUZZLE.target("07-14")


def _ensure_from(solvers: list[OnDemand]) -> list[Solved]:
    with ThreadPoolExecutor(len(solvers)) as pool:
        return list(pool.map(lambda s: s.ensure(PUZZLE, TARGET), solvers))


def test_concurrent_requests_solve_a_target_once_and_store_it_whole(sessions: sessionmaker[Session]) -> None:
    """One solver (one process): four threads ask at once, one solves, three read it stored.
    On PostgreSQL, separate solvers stand for separate processes: the advisory lock makes them
    wait for each other too (their in-process locks are not shared)."""
    assert not OnDemand(sessions).is_stored(PUZZLE, TARGET)
    one = OnDemand(sessions)
    results = _ensure_from([one] * 4)
    assert sorted(r.computed for r in results) == [False, False, False, True]
    expected = len(solve(PUZZLE, TARGET))  # independent exact-cover enumeration
    assert next(r.solutions for r in results if r.computed) == expected
    with sessions() as session:
        stored = repository.get_encodings(session=session, puzzle_id=PUZZLE.id, target=TARGET.name)
    assert len(stored) == expected and stored == sorted(stored)
    assert not any(r.computed for r in _ensure_from([OnDemand(sessions) for _ in range(3)]))


@pytest.mark.postgres
def test_across_processes_on_postgresql_the_advisory_lock_single_flights(postgres_url: str) -> None:
    upgrade(postgres_url)
    engine = make_engine(postgres_url)
    try:
        # two solvers with separate in-process locks, as two API processes would have
        results = _ensure_from([OnDemand(session_factory(engine)) for _ in range(3)])
        assert sorted(r.computed for r in results) == [False, False, True]
    finally:
        engine.dispose()


def test_advisory_keys_are_64_bit_and_differ_per_target() -> None:
    keys = {advisory_key(PUZZLE.id, t.name) for t in PUZZLE.targets}
    assert len(keys) == len(PUZZLE.targets)
    assert all(-(2**63) <= k < 2**63 for k in keys)


def test_the_window_is_today_first_then_nearest_days() -> None:
    today = date(2026, 11, 24)
    days = window_days(today)
    assert days[0] == today and days[1:3] == [date(2026, 11, 25), date(2026, 11, 23)]
    assert sorted(days) == [today + timedelta(days=d) for d in range(-1, 8)]
    weekday = get_puzzle("calendar-weekday")
    targets = window_targets([PUZZLE, weekday], today)
    assert [t.name for _, t in targets[:2]] == ["11-24", "11-24-tue"]  # every edition's today first


@pytest.mark.slow  # a pool of solver processes
def test_solving_the_window_is_resumable(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        solver = OnDemand(session_factory(engine))
        said: list[str] = []
        assert solve_window(solver, [PUZZLE], date(2026, 2, 27), said.append) == 9
        assert said[0].startswith("calendar-tetromino 02-27:")  # today first
        assert all(solver.is_stored(PUZZLE, PUZZLE.target(n)) for n in ("02-26", "02-28", "03-01", "03-06"))
        assert solve_window(solver, [PUZZLE], date(2026, 2, 27), said.append) == 0
    finally:
        engine.dispose()


@pytest.mark.slow  # a pool of solver processes
def test_shares_of_a_target_together_hold_its_solutions_once() -> None:
    """The shares a board without symmetry is dealt into partition its solutions."""
    weekday = get_puzzle("calendar-weekday")
    problem = TargetProblem(weekday, weekday.target("02-14-sat"))
    whole = problem.solve_subproblem(problem.subproblems()[0])
    shares = problem.subproblems(3)
    assert len(shares) == 3
    parts = [problem.solve_subproblem(share) for share in shares]
    assert all(parts)
    assert sorted(code for part in parts for code in part) == sorted(whole)


def test_only_boards_without_symmetry_are_shared_out_by_the_workers() -> None:
    """A calendar is labelled all over: no symmetry, so the pool gets one task per process and each
    worker finds its own share; a bare board's targets keep their symmetry subproblems."""
    assert not board_has_symmetry(PUZZLE)
    assert [t.subproblem for t in target_tasks(PUZZLE, TARGET, 3)] == [0, 1, 2]
    six_by_ten = get_puzzle("pentomino-6x10")
    assert board_has_symmetry(six_by_ten)
    board = six_by_ten.target("board")
    assert target_tasks(six_by_ten, board, 2) == plan_tasks(six_by_ten, [board.name], shares=2)
    assert len(target_tasks(six_by_ten, board, 2)) == len(TargetProblem(six_by_ten, board).subproblems())


def test_a_share_past_the_last_is_empty_and_the_others_hold_every_solution() -> None:
    shares = len(TargetProblem(PUZZLE, TARGET).subproblems(2))
    assert shares == 2
    results = [solve_task(Task(PUZZLE.id, TARGET.name, index, 2)) for index in range(4)]
    assert [bool(r.encodings) for r in results] == [True, True, False, False]
    assert sorted(c for r in results for c in r.encodings) == solve_target(PUZZLE, TARGET, processes=1)


@pytest.mark.slow  # a pool of solver processes
def test_two_solver_processes_store_what_one_process_stores(database_url: str) -> None:
    """The product's default on a 2-core machine: the pool of spawned solver processes."""
    expected = solve_target(PUZZLE, TARGET, processes=1)
    assert len(expected) == len(solve(PUZZLE, TARGET))
    assert solve_target(PUZZLE, TARGET, processes=2) == expected
    engine = make_engine(database_url)
    try:
        result = OnDemand(session_factory(engine), processes=2).ensure(PUZZLE, TARGET)
        assert result.computed and result.solutions == len(expected)
        with session_factory(engine)() as session:
            stored = repository.get_encodings(session=session, puzzle_id=PUZZLE.id, target=TARGET.name)
        assert stored == expected
    finally:
        engine.dispose()


def test_the_processes_setting_defaults_to_one_per_core(monkeypatch: pytest.MonkeyPatch) -> None:
    from settings import get_settings

    monkeypatch.setenv("ON_DEMAND_PROCESSES", "0")
    get_settings.cache_clear()
    try:
        assert on_demand_processes() == (os.cpu_count() or 1)
        monkeypatch.setenv("ON_DEMAND_PROCESSES", "3")
        get_settings.cache_clear()
        assert on_demand_processes() == 3
    finally:
        get_settings.cache_clear()


def test_a_negative_number_of_processes_is_refused_with_a_clear_message() -> None:
    from pydantic import ValidationError

    from settings import Settings

    with pytest.raises(ValidationError, match="ON_DEMAND_PROCESSES must be 0"):
        Settings(_env_file=None, ON_DEMAND_PROCESSES=-1)  # type: ignore[call-arg]
    assert Settings(_env_file=None, ON_DEMAND_PROCESSES=0).ON_DEMAND_PROCESSES == 0  # type: ignore[call-arg]


@pytest.mark.slow  # a pool of solver processes
def test_shutting_the_pools_down_ends_their_processes_and_a_later_solve_starts_anew() -> None:
    expected = solve_target(PUZZLE, TARGET, processes=2)
    workers = [p for pool in target_solving._POOLS.values() for p in pool._processes.values()]
    assert workers and all(p.is_alive() for p in workers)
    shutdown_pools()
    assert target_solving._POOLS == {} and not any(p.is_alive() for p in workers)
    assert solve_target(PUZZLE, TARGET, processes=2) == expected  # a new pool
    shutdown_pools()


@pytest.mark.slow  # a pool of solver processes
def test_a_solve_cut_off_by_the_shutdown_fails_instead_of_solving_again_here() -> None:
    """After the shutdown the process is exiting: a broken pool is not replaced by a solve in it."""
    with ThreadPoolExecutor(1) as waiting:
        solving = waiting.submit(
            solve_target,
            get_puzzle("calendar-weekday"),
            get_puzzle("calendar-weekday").target("12-31-sat"),
            2,
        )
        while not any(pool._processes for pool in target_solving._POOLS.values()):  # its workers started
            time.sleep(0.01)
        shutdown_pools()
        with pytest.raises((BrokenProcessPool, CancelledError)):  # running, or still queued
            solving.result(timeout=30)


class HeldPool:
    """Stands in for the solver pool: records each piece handed to it, finished by the test."""

    def __init__(self) -> None:
        self.handed: list[tuple[Task, Future[TaskResult]]] = []
        self.changed = threading.Condition()

    def submit(self, _fn: object, task: Task) -> Future[TaskResult]:
        future: Future[TaskResult] = Future()
        with self.changed:
            self.handed.append((task, future))
            self.changed.notify_all()
        return future

    def until(self, count: int) -> None:
        with self.changed:
            reached = self.changed.wait_for(lambda: len(self.handed) >= count, timeout=10)
        assert reached, [(t.puzzle_id, t.subproblem, f.done()) for t, f in self.handed]


class ShutPool(HeldPool):
    """A pool shut down after its first piece: later pieces are refused as a real shut pool does."""

    def submit(self, fn: object, task: Task) -> Future[TaskResult]:
        if self.handed:
            raise RuntimeError("cannot schedule new futures after shutdown")
        return super().submit(fn, task)


def test_a_pool_shut_down_between_two_pieces_is_a_broken_pool_to_the_solve() -> None:
    """The shutdown can land between two pieces of a target; the solve then fails as it does when
    the shutdown ends a running piece (solve_target re-raises it while stopping)."""
    pool = ShutPool()
    tasks = [Task("t", "t", i, 2) for i in range(2)]
    with ThreadPoolExecutor(1) as runner:
        done = runner.submit(_Pieces().run, pool, tasks, 1)  # type: ignore[arg-type]
        pool.until(1)
        pool.handed[0][1].set_result(TaskResult(tasks[0], [], 0.0))
        with pytest.raises(BrokenProcessPool):
            done.result(timeout=10)


def test_a_target_asked_for_later_gets_the_next_free_place_in_the_pool() -> None:
    """Before, a second client's target queued behind every piece of the first one's."""
    pieces, pool = _Pieces(), HeldPool()
    first = [Task("first", "t", i, 4) for i in range(4)]
    later = [Task("later", "t", i, 2) for i in range(2)]
    runs = [
        threading.Thread(target=pieces.run, args=(pool, first, 2)),
        threading.Thread(target=pieces.run, args=(pool, later, 2)),
    ]
    runs[0].start()
    pool.until(2)  # the first target holds both places
    runs[1].start()
    with pieces._changed:  # the later target is waiting for a place
        assert pieces._changed.wait_for(lambda: len(pieces._hungry) == 2, timeout=10)
    pool.handed[0][1].set_result(TaskResult(first[0], [], 0.0))
    pool.until(3)
    assert pool.handed[2][0].puzzle_id == "later"  # not the first target's third piece
    for index in range(len(first) + len(later)):
        pool.until(index + 1)
        task, future = pool.handed[index]
        if not future.done():
            future.set_result(TaskResult(task, [], 0.0))
    for run in runs:
        run.join(timeout=10)
    assert sorted(t.puzzle_id for t, _ in pool.handed) == ["first"] * 4 + ["later"] * 2


def test_an_unknown_time_zone_is_one_error_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    from jobs.window import main as window_main

    assert window_main(["--window", "--timezone", "Mars/Olympus"]) == 2
    assert capsys.readouterr().err == (
        "error: unknown time zone 'Mars/Olympus': give an IANA name like Asia/Tokyo\n"
    )


@pytest.mark.parametrize("quiet", [False, True])
def test_the_window_in_the_background_says_one_line(
    quiet: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """make run starts it with --quiet: a line per target solved scrolled 36 lines past the API's
    "startup complete"."""
    from jobs import window

    def solving(solver: object, editions: object, today: object, say: Callable[[str], None]) -> int:
        say("calendar-weekday 11-28-sat: 720 solutions in 1.2 s")
        return 1

    monkeypatch.setattr(window, "solve_window", solving)
    flags = ["--quiet"] if quiet else []
    assert window.main(["--window", *flags, "--database-url", f"sqlite:///{tmp_path / 'w.db'}"]) == 0
    said = capsys.readouterr()
    assert said.out == ("" if quiet else "calendar-weekday 11-28-sat: 720 solutions in 1.2 s\n")
    assert re.fullmatch(
        r"on-demand window: 1 target\(s\) solved in \d+ s, the rest already stored\n", said.err
    )
