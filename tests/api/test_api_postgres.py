"""The API over PostgreSQL answers exactly what it answers over SQLite."""

from __future__ import annotations

import httpx
import pytest

from tests.support.api_server import start_server

pytestmark = pytest.mark.postgres

PATHS = [
    "/readyz",
    "/api/v1/puzzles",
    "/api/v1/puzzles/calendar-dragonfjord",
    "/api/v1/puzzles/pentomino-6x10/targets/board/solutions?offset=100&limit=5",
    "/api/v1/daily/2026-01-25",
    "/api/v1/daily/2026-01-25/hints/1",
    "/api/v1/daily/2026-01-25/hints/2",
    "/api/v1/daily/2026-07-14/hints/3",
    "/api/v1/daily/2026-01-25/pentomino",
    "/api/v1/daily/2026-01-25/pentomino/hints/2",
]


def test_postgres_and_sqlite_give_the_same_answers(full_postgres_url: str, client: httpx.Client) -> None:
    running = start_server(full_postgres_url)
    try:
        with httpx.Client(base_url=running.url, timeout=60) as postgres:
            for path in PATHS:
                on_postgres, on_sqlite = postgres.get(path), client.get(path)
                assert on_postgres.status_code == on_sqlite.status_code == 200, path
                assert on_postgres.json() == on_sqlite.json(), path
            body = {
                "puzzle": "calendar-dragonfjord",
                "target": "01-25",
                "complete": True,
                "placements": [{"piece": "L", "cells": [[2, 3], [3, 3], [3, 4], [3, 5], [3, 6]]}],
            }
            assert (
                postgres.post("/api/v1/check", json=body).json()
                == client.post("/api/v1/check", json=body).json()
            )
            png = postgres.get("/api/v1/daily/2026-01-25/hints/2.png")
            assert png.content == client.get("/api/v1/daily/2026-01-25/hints/2.png").content
    finally:
        running.stop()
