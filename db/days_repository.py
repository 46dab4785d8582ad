"""A person's day with each puzzle variant: the hint stages seen and when it was first opened.

The rules (what a stage means, which variant, what counts for a solve) are the service's
(:mod:`hints.game`); this module only reads and writes ``player_days``, one statement each.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from db.models import PlayerDayRow
from db.moments import aware
from db.statements import dialect_insert

LADDERS = ("featured", "board")  # the columns <ladder>_stage


@dataclass(frozen=True)
class PlayerDay:
    featured_stage: int
    board_stage: int
    opened_at: datetime | None


def get_day(*, session: Session, user_id: int, day: date, puzzle: str) -> PlayerDay | None:
    row = session.get(PlayerDayRow, (user_id, day, puzzle))
    if row is None:
        return None
    return PlayerDay(row.featured_stage, row.board_stage, aware(row.opened_at))


def open_day(*, session: Session, user_id: int, day: date, puzzle: str, kind: str, now: datetime) -> None:
    """Record the first opening of a puzzle variant's day (later openings change nothing)."""
    statement = dialect_insert(session, PlayerDayRow).values(
        user_id=user_id, day=day, puzzle=puzzle, kind=kind, featured_stage=0, board_stage=0, opened_at=now
    )
    session.execute(
        statement.on_conflict_do_update(
            index_elements=["user_id", "day", "puzzle"],
            set_={"opened_at": func.coalesce(PlayerDayRow.opened_at, statement.excluded.opened_at)},
        )
    )


def raise_stage(
    *, session: Session, user_id: int, day: date, puzzle: str, kind: str, ladder: str, stage: int
) -> None:
    """The highest stage seen on ``ladder`` is at least ``stage`` (never lowered): one upsert."""
    if ladder not in LADDERS:
        raise ValueError(f"unknown ladder {ladder!r}")
    column = f"{ladder}_stage"
    values = {
        "user_id": user_id,
        "day": day,
        "puzzle": puzzle,
        "kind": kind,
        "featured_stage": 0,
        "board_stage": 0,
    }
    statement = dialect_insert(session, PlayerDayRow).values(**{**values, column: stage})
    current = getattr(PlayerDayRow, column)
    higher = case((statement.excluded[column] > current, statement.excluded[column]), else_=current)
    session.execute(
        statement.on_conflict_do_update(index_elements=["user_id", "day", "puzzle"], set_={column: higher})
    )


def most_stages(*, session: Session, user_id: int, day: date, kind: str) -> int:
    """The most hint stages seen on any ladder of any variant of one kind of puzzle that day."""
    query = select(
        func.max(
            case(
                (PlayerDayRow.board_stage > PlayerDayRow.featured_stage, PlayerDayRow.board_stage),
                else_=PlayerDayRow.featured_stage,
            )
        )
    ).where(PlayerDayRow.user_id == user_id, PlayerDayRow.day == day, PlayerDayRow.kind == kind)
    return int(session.scalar(query) or 0)


def first_opened(*, session: Session, user_id: int, day: date, kind: str) -> datetime | None:
    """When any variant of one kind of puzzle was first opened that day."""
    query = select(func.min(PlayerDayRow.opened_at)).where(
        PlayerDayRow.user_id == user_id, PlayerDayRow.day == day, PlayerDayRow.kind == kind
    )
    return aware(session.scalar(query))


def days_played(*, session: Session, user_id: int) -> dict[str, set[date]]:
    """Per kind of puzzle, the days the person opened it or saw a hint of it (any variant)."""
    query = select(PlayerDayRow.kind, PlayerDayRow.day).where(PlayerDayRow.user_id == user_id).distinct()
    found: dict[str, set[date]] = {}
    for kind, day in session.execute(query):
        found.setdefault(kind, set()).add(day)
    return found
