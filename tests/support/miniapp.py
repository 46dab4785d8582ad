"""Mini App sign-in for the tests: init data signed as Telegram signs it."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from urllib.parse import urlencode

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from api import create_app
from api.telegram_auth import sign
from hints.codes import encode_position
from hints.raw_solutions import raw_solutions
from jobs.target_solving import OnDemand
from settings import Settings
from solver.puzzles import get_puzzle
from tests.support.api_server import SHARED_BY_MANY_TESTS

TOKEN = "123456789:AAH-fake-token-for-tests-0123456789abc"


def init_data(
    user_id: int = 77,
    *,
    token: str = TOKEN,
    age: timedelta = timedelta(minutes=1),
    signed_at: datetime | None = None,
) -> str:
    """Init data as Telegram signs it for a Mini App opened by ``user_id``, ``age`` ago (or at
    ``signed_at``)."""
    moment = signed_at.timestamp() if signed_at is not None else time.time() - age.total_seconds()
    fields = {
        "auth_date": str(int(moment)),
        "query_id": "AAF-test",
        "user": json.dumps({"id": user_id, "first_name": "Ada", "language_code": "en"}),
    }
    return urlencode({**fields, "hash": sign(fields, token)})


def signed_in_app(database_url: str) -> TestClient:
    """The API in process on ``database_url`` with the tests' bot token (Mini App sign-ins
    accepted) and budgets that tests sharing it cannot use up; use it as a context manager."""
    options = {"TELEGRAM_BOT_TOKEN": TOKEN, **SHARED_BY_MANY_TESTS}
    settings = Settings(_env_file=None, DATABASE_URL=database_url, **options)  # type: ignore[call-arg, arg-type]
    return TestClient(create_app(settings, OnDemand))


def solved_code(session: Session, board: str) -> str:
    """The position code of a solved board of ``puzzle/target`` (its first raw solution)."""
    puzzle_id, name = board.split("/")
    puzzle = get_puzzle(puzzle_id)
    solution = raw_solutions(session, puzzle, puzzle.target(name)).solutions[0]
    code = encode_position(puzzle, sorted(solution, key=lambda p: p.piece))
    assert code is not None
    return code
