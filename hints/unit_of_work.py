"""One unit of work for every front end: a session, the service call, one commit.

A service function never commits. The front end's unit of work (a bot update, an API request, a
payload built on a cache miss) does, here and nowhere else: :func:`run` opens a session, runs the
work, commits once when it returns and rolls back when it raises. What the service refused goes
up as its exception; :func:`refusal` sorts it into what a front end answers, each in its own
words (the bot a short reply, the API a status): a target to solve on demand before asking again
(the caller's wait, :func:`hints.missing_targets.after_solving`), a target that is not ready, or a
setting nobody may hold.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TypeVar

from sqlalchemy.orm import Session, sessionmaker

from db.chats import InvalidSetting
from hints.errors import NotPrecomputed

T = TypeVar("T")


class Refusal(StrEnum):
    """What a front end says when the service refused a call (nothing of it was kept)."""

    SOLVE_FIRST = "solve_first"  # a target of an edition solved on demand: solve it, then ask again
    NOT_READY = "not_ready"  # a target not stored, and not one that can be solved on demand
    BAD_SETTING = "bad_setting"  # a value no chat or player may hold (a forged button's)


def run(sessions: sessionmaker[Session], work: Callable[[Session], T], *, commit: bool = True) -> T:
    """``work`` in a session of its own, committed once when it returns (``commit``: a read-only
    unit drops whatever it computed on the way instead); rolled back when it raises, the error
    going up as is."""
    with sessions() as session:
        try:
            result = work(session)
        except BaseException:
            session.rollback()
            raise
        if commit:
            session.commit()
        return result


def refusal(error: BaseException, *, may_solve: bool = True) -> Refusal | None:
    """How a front end answers ``error`` (None: not a refusal of the service, a bug to report).
    A missing target that can be solved on demand is SOLVE_FIRST while ``may_solve``, else NOT_READY."""
    if isinstance(error, NotPrecomputed):
        return Refusal.SOLVE_FIRST if may_solve and error.solvable is not None else Refusal.NOT_READY
    if isinstance(error, InvalidSetting):
        return Refusal.BAD_SETTING
    return None
