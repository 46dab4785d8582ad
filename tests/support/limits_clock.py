"""A hand-moved clock for the rate limits kept in memory (``limits``' memory storage and
:mod:`db.rate_limits` read ``time.time``): tests move it instead of sleeping."""

from __future__ import annotations

import types

import pytest
from limits.storage import memory

from db import rate_limits


class LimitsClock:
    """Seconds since the epoch, as the test sets them."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def freeze_limits(monkeypatch: pytest.MonkeyPatch, now: float = 1_800_000_000.0) -> LimitsClock:
    """Make the in-memory rate limits read ``clock`` (only theirs: the process's clock is left)."""
    clock = LimitsClock(now)
    fake_time = types.SimpleNamespace(time=clock, monotonic=clock)
    monkeypatch.setattr(memory, "time", fake_time)
    monkeypatch.setattr(rate_limits, "time", fake_time)
    return clock
