"""One daily-post dispatcher per SQLite database: an exclusive lock file beside it.

PostgreSQL lets several dispatchers share the outbox (rows are claimed with ``SKIP LOCKED``);
SQLite cannot, so :class:`bot.daily_posts.Dispatcher` takes this lock when it starts there.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO


class DispatcherAlreadyRunning(RuntimeError):
    """A second dispatcher tried to start on a SQLite database."""


class SingleDispatcherLock:
    """An exclusive lock file beside a SQLite database, held while the dispatcher runs."""

    def __init__(self, database: str) -> None:
        self.path = Path(f"{database}.dispatcher.lock")
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        handle = self.path.open("w")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise DispatcherAlreadyRunning(
                f"another dispatcher already runs on this SQLite database (lock {self.path}); "
                "SQLite supports one dispatcher - use PostgreSQL to run several"
            ) from None
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None
