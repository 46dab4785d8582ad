"""``python -m api``: where it listens, and one-line errors for a taken port or an unusable store."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def run_api(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api", *args],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def test_a_taken_port_is_a_one_line_error(database_url: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_error(run_api("--port", str(port), "--database-url", database_url))
    assert f"127.0.0.1:{port}" in line
    assert "already in use" in line


def test_an_unusable_database_is_a_one_line_error(tmp_path: Path) -> None:
    unwritable = one_line_error(
        run_api("--port", "0", "--database-url", "sqlite:////proc/no/such/puzzles.db")
    )
    assert "cannot write the database file" in unwritable
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not a database" * 100)
    assert "cannot use the database" in one_line_error(run_api("--database-url", f"sqlite:///{garbage}"))
    blank = one_line_error(run_api("--database-url", f"sqlite:///{tmp_path / 'blank.db'}"))
    assert "not migrated" in blank
    bad_url = one_line_error(run_api("--database-url", "mysql://nowhere/db"))
    assert "DATABASE_URL" in bad_url


def test_serves_on_a_free_port_and_stops_cleanly(database_url: str) -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "api",
            "--port",
            "0",
            "--database-url",
            database_url,
            "--log-level",
            "warning",
        ],
        cwd=PROJECT_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline().strip()
        assert line.startswith("api: serving http://127.0.0.1:"), line
        url = line.split()[2]
        assert httpx.get(f"{url}/healthz", timeout=10).json() == {"status": "ok"}
        assert httpx.get(f"{url}/openapi.json", timeout=10).json()["info"]["title"] == "Puzzle hint API"
        assert httpx.get(f"{url}/docs", timeout=10).status_code == 200
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
