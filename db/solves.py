"""Solves of the daily puzzles (``solves``) and the other groups each counts for
(``solve_groups``): the first report counts, a group's board ranks them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from db.models import SolveGroupRow, SolveRow
from db.moments import utc
from db.statements import insert_ignoring_conflicts


@dataclass(frozen=True)
class Solve:
    user_id: int
    kind: str
    day: date
    chat_id: int
    first_name: str
    hints: int
    seconds: int | None
    on_day: bool = True  # solved on the puzzle's own (local) day: only those make a streak


def record_solve(*, session: Session, solve: Solve, now: datetime) -> bool:
    """Record that a user solved a daily puzzle; False if they had already (the first report counts)."""
    values = {
        "user_id": solve.user_id,
        "kind": str(solve.kind),
        "day": solve.day,
        "chat_id": solve.chat_id,
        "first_name": solve.first_name[:64],
        "hints": solve.hints,
        "seconds": solve.seconds,
        "solved_at": utc(now),
        "on_day": solve.on_day,
    }
    statement = (
        insert_ignoring_conflicts(session, SolveRow, "user_id", "kind", "day")
        .values(values)
        .returning(SolveRow.user_id)
    )
    return session.scalar(statement) is not None  # no row comes back when it already existed


def count_for_group(*, session: Session, user_id: int, kind: str, day: date, chat_id: int) -> None:
    """Let a solve count for one more group (its /top and the line about yesterday); once per group."""
    values = {"user_id": user_id, "kind": str(kind), "day": day, "chat_id": chat_id}
    session.execute(
        insert_ignoring_conflicts(session, SolveGroupRow, "user_id", "kind", "day", "chat_id").values(values)
    )


def _solve(row: SolveRow) -> Solve:
    return Solve(
        row.user_id, row.kind, row.day, row.chat_id, row.first_name, row.hints, row.seconds, row.on_day
    )


def user_solves(*, session: Session, user_id: int) -> list[Solve]:
    """Everything one user solved, oldest first."""
    query = select(SolveRow).where(SolveRow.user_id == user_id).order_by(SolveRow.day, SolveRow.kind)
    return [_solve(r) for r in session.scalars(query)]


def chat_solves(*, session: Session, chat_id: int, day: date, kind: str) -> list[Solve]:
    """Who solved the day's puzzle for this chat (reported in it, or counted for it: ``solve_groups``):
    fewest hints first, then fastest (unknown times last)."""
    counted = select(SolveGroupRow.user_id).where(
        SolveGroupRow.chat_id == chat_id, SolveGroupRow.day == day, SolveGroupRow.kind == str(kind)
    )
    query = (
        select(SolveRow)
        .where(
            SolveRow.day == day,
            SolveRow.kind == str(kind),
            or_(SolveRow.chat_id == chat_id, SolveRow.user_id.in_(counted)),
        )
        .order_by(SolveRow.hints, SolveRow.seconds.is_(None), SolveRow.seconds, SolveRow.solved_at)
    )
    return [_solve(r) for r in session.scalars(query)]
