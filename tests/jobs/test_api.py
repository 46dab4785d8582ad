"""``python -m api``: one-line errors for a taken port or an unusable store, and what it serves.

``main(argv)`` runs in this process; serving until SIGTERM in a real process is in
tests/test_entry_points.py.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from jobs.api import main
from settings import get_settings
from tests.support.api_server import start_server


@pytest.fixture(autouse=True)
def fresh_settings() -> Iterator[None]:
    """``main`` reads the settings through the cached ``get_settings``: each test reads them anew."""
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def one_line_error(capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture, *args: str) -> str:
    """Run ``python -m api ARGS`` in this process: it must stop with exit 1 and one ``error:`` line."""
    code = main(list(args))
    captured = capsys.readouterr()
    assert code == 1, captured
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("error: ")
    # Without logging set up, a process prints warnings to stderr: none may come with the error line.
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert captured.out == ""  # it never said it was serving
    return lines[0]


def test_a_taken_port_is_a_one_line_error(
    database_url: str, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_error(capsys, caplog, "--port", str(port), "--database-url", database_url)
    assert f"127.0.0.1:{port}" in line
    assert "already in use" in line


def test_an_unusable_database_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    unwritable = one_line_error(
        capsys, caplog, "--port", "0", "--database-url", "sqlite:////proc/no/such/puzzles.db"
    )
    assert "cannot write the database file" in unwritable
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not a database" * 100)
    assert "cannot use the database" in one_line_error(
        capsys, caplog, "--database-url", f"sqlite:///{garbage}"
    )
    blank = one_line_error(capsys, caplog, "--database-url", f"sqlite:///{tmp_path / 'blank.db'}")
    assert "not migrated" in blank
    bad_url = one_line_error(capsys, caplog, "--database-url", "mysql://nowhere/db")
    assert "DATABASE_URL" in bad_url


def test_serves_the_health_check_the_openapi_document_and_its_docs(database_url: str) -> None:
    running = start_server(database_url)  # the app python -m api serves, in a thread of this process
    try:
        with httpx.Client(base_url=running.url, timeout=10) as client:
            assert client.get("/healthz").json() == {"status": "ok"}
            assert client.get("/openapi.json").json()["info"]["title"] == "Puzzle hint API"
            assert client.get("/docs").status_code == 200
    finally:
        running.stop()
