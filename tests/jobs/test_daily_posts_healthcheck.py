"""``python -m bot.dispatch --healthcheck`` on stores it cannot read: one clear line and exit 1."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from jobs.daily_posts import healthcheck
from settings import Settings

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def test_a_store_that_is_not_migrated_is_said_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = Settings(_env_file=None, DATABASE_URL=f"sqlite:///{tmp_path / 'empty.db'}")  # type: ignore[call-arg]
    assert healthcheck(settings) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("dispatcher heartbeat: cannot read the store (no such table: dispatcher_")
    assert line.endswith("is it migrated? python -m db.migrate)")


def test_a_migrated_store_without_a_dispatcher_is_stale(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert healthcheck(Settings(_env_file=None, DATABASE_URL=database_url)) == 1  # type: ignore[call-arg]
    said = capsys.readouterr().out.splitlines()
    assert said[0] == "dispatcher heartbeat: stale or missing" and said[1].startswith("outbox: 0 post(s)")


CHECK_IN_A_NEW_PROCESS = """
import sys
from jobs.daily_posts import healthcheck
from settings import Settings
healthcheck(Settings(_env_file=None, DATABASE_URL=sys.argv[1]))
print(sorted({name.split(".")[0] for name in sys.modules} & {"telegram", "ortools", "bot", "fastapi"}))
"""


@pytest.mark.slow
def test_the_healthcheck_imports_neither_the_bot_nor_the_solver(database_url: str) -> None:
    """A container runs it every minute: it reads one row (0.6 s of CPU; 1.9 s with the bot imported)."""
    done = subprocess.run(
        [sys.executable, "-c", CHECK_IN_A_NEW_PROCESS, database_url],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines()[-1] == "[]"
