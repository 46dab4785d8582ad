"""What the API's compute worker processes run: ``work(session, *args)`` on the worker's own engine.

A worker process unpickles the function it is sent by the name of its module, importing that
module first; kept here, with the service, a worker imports the service and the store only, not
the web framework and the bot (about 1.5 s of CPU each time a worker starts). Each worker opens its
own engine per store once, and bounds its raw-solution cache as the server process does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy.orm import Session, sessionmaker

from hints import custom_puzzles
from hints.raw_solutions import raw_cache
from hints.unit_of_work import run

T = TypeVar("T")

_sessions: dict[str, sessionmaker[Session]] = {}  # this worker's, per store
_cache_bytes: list[int] = []  # the raw-solution cache bound of this worker process


def bound_cache(cache_bytes: int) -> None:
    """Run in each worker process at start: its raw-solution cache keeps the process's bound."""
    _cache_bytes[:] = [cache_bytes]


def run_in_worker(database_url: str, work: Callable[..., T], *args: Any) -> T:
    """``work(session, *args)`` on this worker's engine for the store, as one unit of work
    (:func:`hints.unit_of_work.run`): committed, so a hint computed on the way is kept."""
    from db.engine import make_engine, session_factory  # in the worker process only

    sessions = _sessions.get(database_url)
    if sessions is None:
        sessions = _sessions[database_url] = session_factory(make_engine(database_url))
        if _cache_bytes:
            raw_cache(sessions).resize(_cache_bytes[0])
        custom_puzzles.install(sessions)  # a lookup by id here finds people's puzzles too
    return run(sessions, lambda session: work(session, *args))


def cache_bytes(database_url: str) -> int | None:
    """The raw-solution cache bound of this worker's store, if it has opened one (for the tests)."""
    sessions = _sessions.get(database_url)
    return None if sessions is None else raw_cache(sessions).max_bytes
