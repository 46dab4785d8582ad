"""The API on the solve-job queue (SOLVE_JOBS=queue, PostgreSQL) with a real solver worker: a
target of a person's puzzle beyond the limits is answered as the in-process path answers it."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from jobs.solve_jobs import solver_factory
from settings import Settings
from tests.jobs.test_solve_jobs import queue_settings, start_worker, stop
from tests.support.api_server import SHARED_BY_MANY_TESTS, assert_error
from tests.support.custom_puzzles import FOUR_BY_FIVE

DEADLINE = 120.0  # seconds: only so a failing test ends (a worker starts in seconds on a busy machine)
KEPT = "3"  # solutions kept per target: the box has 4


@pytest.mark.postgres
@pytest.mark.slow  # a worker process
def test_a_persons_target_beyond_the_limits_is_a_422_through_the_queue(migrated_postgres_url: str) -> None:
    given = queue_settings(migrated_postgres_url).model_dump()
    settings = Settings(**{**given, **SHARED_BY_MANY_TESTS, "CUSTOM_PUZZLE_SOLUTIONS_PER_TARGET": KEPT})
    worker = start_worker(migrated_postgres_url, limits={"CUSTOM_PUZZLE_SOLUTIONS_PER_TARGET": KEPT})
    try:
        with TestClient(create_app(settings, solver_factory(settings))) as api:
            made = api.post("/api/v1/puzzles", json={"definition": FOUR_BY_FIVE})
            assert made.status_code == 201, made.text
            solutions = f"/api/v1/puzzles/{made.json()['puzzle']}/targets/board/solutions"
            deadline = time.monotonic() + DEADLINE
            answer = api.get(solutions)
            while answer.status_code == 503 and time.monotonic() < deadline:  # each waits for the job
                answer = api.get(solutions)
            assert_error(answer, 422, "beyond_limits")
            assert answer.json()["error"]["message"] == (
                f"board of {made.json()['puzzle']} has more than 3 solutions, more than this server keeps "
                "for one target; a smaller board or fewer pieces would do"
            )
            assert_error(api.get(solutions), 422, "beyond_limits")  # at once, from the store
    finally:
        stop(worker)
