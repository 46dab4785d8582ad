"""The live server's clock in the browser walks: moved by the tests, read by the server's players
and dates (``api.players`` and ``api.deps`` read ``datetime.now`` through it once patched)."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo


class ServerClock:
    """The live server's clock (``api.players`` and ``api.deps`` read ``datetime.now`` from here)."""

    moment = datetime(2026, 1, 21, 20, 21, tzinfo=UTC)

    class Clock(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> datetime:  # type: ignore[override]
            return datetime.fromtimestamp(ServerClock.moment.timestamp(), tz)
