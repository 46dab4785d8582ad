"""Bad input answers 4xx in the one error shape, never a 500."""

from __future__ import annotations

import httpx
import pytest

from tests.support.api_server import assert_error

SOLUTIONS = "/api/v1/puzzles/calendar-dragonfjord/targets/01-25/solutions"
POSITIONS = "/api/v1/puzzles/calendar-dragonfjord/targets/01-25/positions"

BAD_GETS = [
    ("/api/v1/daily/2026-02-30", 422, "invalid_date"),
    ("/api/v1/daily/2026-13-01", 422, "invalid_date"),
    ("/api/v1/daily/abc", 422, "invalid_date"),
    ("/api/v1/daily/2026-1-5", 422, "invalid_date"),
    ("/api/v1/daily/20260125", 422, "invalid_date"),
    ("/api/v1/daily/0000-01-01", 422, "invalid_date"),
    ("/api/v1/daily/10000-01-01", 422, "invalid_date"),
    ("/api/v1/daily/2026-02-30/hints/1.png", 422, "invalid_date"),
    ("/api/v1/daily/2026-02-29/pentomino", 422, "invalid_date"),
    ("/api/v1/daily/today?tz=Mars/Olympus", 422, "invalid_timezone"),
    ("/api/v1/daily/today?tz=America", 422, "invalid_timezone"),
    ("/api/v1/daily/today?tz=../../etc/passwd", 422, "invalid_timezone"),
    ("/api/v1/daily/2026-01-25/hints/0", 422, "invalid_request"),
    ("/api/v1/daily/2026-01-25/hints/4", 422, "invalid_request"),
    ("/api/v1/daily/2026-01-25/hints/4.png", 422, "invalid_request"),
    ("/api/v1/daily/2026-01-25/hints/one", 422, "invalid_request"),
    ("/api/v1/daily/2026-01-25/pentomino/hints/0.png", 422, "invalid_request"),
    ("/api/v1/daily/2026-01-25/pentomino/hints/99999999999999999999", 422, "invalid_request"),
    ("/api/v1/puzzles/nope", 404, "unknown_puzzle"),
    ("/api/v1/puzzles/nope/heatmap.png", 404, "unknown_puzzle"),
    ("/api/v1/puzzles/nope/targets/board/solutions", 404, "unknown_puzzle"),
    ("/api/v1/puzzles/calendar-dragonfjord/targets/13-01/solutions", 404, "unknown_target"),
    ("/api/v1/puzzles/pentomino-6x10/targets/01-25/solutions/1.png", 404, "unknown_target"),
    (f"{SOLUTIONS}?offset=-1", 422, "invalid_request"),
    (f"{SOLUTIONS}?offset=99999999999999999999999999", 422, "invalid_request"),
    (f"{SOLUTIONS}?offset=1000001", 422, "invalid_request"),
    (f"{SOLUTIONS}?offset=217", 422, "offset_out_of_range"),
    (f"{SOLUTIONS}?limit=0", 422, "invalid_request"),
    (f"{SOLUTIONS}?limit=-5", 422, "invalid_request"),
    (f"{SOLUTIONS}?limit=101", 422, "invalid_request"),
    (f"{SOLUTIONS}?limit=abc", 422, "invalid_request"),
    (f"{SOLUTIONS}/217.png", 404, "unknown_solution"),
    (f"{SOLUTIONS}/0", 422, "invalid_request"),
    (f"{SOLUTIONS}/-1.txt", 422, "invalid_request"),
    (f"{SOLUTIONS}/99999999999999999999999.png", 422, "invalid_request"),
    ("/api/v1/nothing", 404, "not_found"),
    ("/api/v1/daily/2026-01-25/puzzle.png?lang=xx", 422, "unknown_language"),
    ("/api/v1/daily/2026-01-25/pentomino/hints/3.png?lang=de", 422, "unknown_language"),
    ("/api/v1/daily/2026-01-25/hints/1?lang=EN", 422, "unknown_language"),
    (f"/api/v1/daily/2026-01-25/puzzle.png?lang={'j' * 17}", 422, "invalid_request"),
    (f"{POSITIONS}/1AAAAAAAAAA/hints/1.png?lang=fr", 422, "unknown_language"),
    (f"{POSITIONS}/1AAAAAAAAAA?lang=xx", 422, "unknown_language"),
]


@pytest.mark.parametrize(("path", "status", "code"), BAD_GETS, ids=[p for p, _, _ in BAD_GETS])
def test_bad_get(client: httpx.Client, path: str, status: int, code: str) -> None:
    error = assert_error(client.get(path), status, code)
    assert len(str(error["message"])) < 600  # short: an unknown puzzle's lists the catalog's 20 ids


def test_messages_say_what_is_valid(client: httpx.Client) -> None:
    unknown = assert_error(client.get("/api/v1/puzzles/nope"), 404)
    assert "pentomino-6x10" in str(unknown["message"])
    target = assert_error(client.get(f"{SOLUTIONS.replace('01-25', '02-32')}"), 404)
    assert "MM-DD" in str(target["message"])
    date = assert_error(client.get("/api/v1/daily/2026-02-30"), 422)
    assert "2026-02-30" in str(date["message"])
    stage = assert_error(client.get("/api/v1/daily/2026-01-25/hints/4"), 422)
    assert stage["details"] == [
        {
            "location": "path.stage",
            "type": "less_than_equal",
            "message": "Input should be less than or equal to 3",
        }
    ]


def test_wrong_method_and_bodies(client: httpx.Client) -> None:
    assert_error(client.put("/api/v1/check"), 405, "method_not_allowed")
    assert_error(client.delete("/api/v1/puzzles"), 405, "method_not_allowed")
    bad_json = client.post(
        "/api/v1/check", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert assert_error(bad_json, 422, "invalid_request")["message"] == "the request body is not valid JSON"
    assert_error(client.post("/api/v1/check", content=b""), 422, "invalid_request")
    assert_error(client.post("/api/v1/check", json=[1, 2, 3]), 422, "invalid_request")
    assert_error(client.post("/api/v1/check", json={"puzzle": "pentomino-6x10", "extra": 1}), 422)


def test_oversized_bodies_are_refused_before_parsing(client: httpx.Client) -> None:
    huge = b'{"puzzle": "' + b"x" * 200_000 + b'"}'
    assert_error(client.post("/api/v1/check", content=huge), 413, "payload_too_large")

    def chunks() -> object:
        for _ in range(100):
            yield b"x" * 10_000

    streamed = client.post("/api/v1/check", content=chunks(), headers={"content-type": "application/json"})  # type: ignore[arg-type]
    assert 400 <= streamed.status_code < 500
    assert streamed.json()["error"]["code"]
