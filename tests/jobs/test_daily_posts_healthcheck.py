"""``python -m bot.dispatch --healthcheck`` on stores it cannot read: one clear line and exit 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from jobs.daily_posts import healthcheck
from settings import Settings


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
