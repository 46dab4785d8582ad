"""Saved boards: one position code per Telegram user and puzzle target; keyword-only, no commits."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from db.models import SavedPositionRow
from db.moments import NEVER, aware, utc
from db.statements import upsert


@dataclass(frozen=True)
class SavedPosition:
    user_id: int
    puzzle_id: str
    target: str
    code: str
    active: bool
    stage: int  # hints shown from this board since it was saved
    saved_at: datetime  # when its code was last saved


def _saved(row: SavedPositionRow) -> SavedPosition:
    saved_at = aware(row.updated_at) or NEVER
    return SavedPosition(row.user_id, row.puzzle_id, row.target, row.code, row.active, row.stage, saved_at)


def save(*, session: Session, user_id: int, puzzle_id: str, target: str, code: str, now: datetime) -> None:
    """Store (or replace) the user's board on this target and make it the one hints start from."""
    values = {
        "user_id": user_id,
        "puzzle_id": puzzle_id,
        "target": target,
        "code": code,
        "active": True,
        "stage": 0,
        "updated_at": utc(now),
    }
    upsert(session, SavedPositionRow, ("user_id", "puzzle_id", "target"), values)


def get(*, session: Session, user_id: int, puzzle_id: str, target: str) -> SavedPosition | None:
    row = session.get(SavedPositionRow, (user_id, puzzle_id, target))
    if row is None:
        return None
    return _saved(row)


def update_board(
    *,
    session: Session,
    user_id: int,
    puzzle_id: str,
    target: str,
    active: bool | None = None,
    stage: int | None = None,
) -> bool:
    """Switch hints from the saved board on or off and/or record its hint stage; False if none is saved."""
    values: dict[str, object] = {}
    if active is not None:
        values["active"] = active
    if stage is not None:
        values["stage"] = stage
    result = session.execute(
        update(SavedPositionRow)
        .where(
            SavedPositionRow.user_id == user_id,
            SavedPositionRow.puzzle_id == puzzle_id,
            SavedPositionRow.target == target,
        )
        .values(**values)
    )
    return bool(result.rowcount)  # type: ignore[attr-defined]


def latest(*, session: Session, user_id: int) -> SavedPosition | None:
    """The user's most recently saved board, if any."""
    row = session.scalars(
        select(SavedPositionRow)
        .where(SavedPositionRow.user_id == user_id)
        .order_by(SavedPositionRow.updated_at.desc())
        .limit(1)
    ).first()
    return None if row is None else _saved(row)
