"""Which puzzle a person is on in a chat (``hint_progress``): what a bare /hint continues, with
the group whose link opened the day's puzzles in a private chat."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import and_, case, select
from sqlalchemy.orm import Session

from db.models import HintProgressRow, PlayerDayRow
from db.moments import aware, utc
from db.statements import upsert


@dataclass(frozen=True)
class GroupLink:
    """A group whose 'Hints in private' link opened a day's puzzles in a private chat, with its
    calendar edition (None: the default one) and face-up mode."""

    chat_id: int
    edition: str | None = None
    faceup: bool = False


@dataclass(frozen=True)
class Progress:
    kind: str  # "calendar" or "pentomino"
    day: date
    stage: int  # 0 = puzzle shown, 3 = full answer shown
    another: int  # how many other solutions were shown
    opened_at: datetime | None = None  # when the user first opened this puzzle (None: unknown)
    group: GroupLink | None = None  # in a private chat: the group whose link opened this day's puzzles


def get_progress(
    *, session: Session, chat_id: int, user_id: int, calendar_variant: str = "calendar"
) -> Progress | None:
    """Which puzzle the user is on in this chat, with the featured hint stage they have seen of it
    (``player_days``: of ``calendar_variant`` for a calendar puzzle), in one query."""
    variant = case((HintProgressRow.kind == "pentomino", "pentomino"), else_=calendar_variant)
    seen = and_(
        PlayerDayRow.user_id == HintProgressRow.user_id,
        PlayerDayRow.day == HintProgressRow.day,
        PlayerDayRow.puzzle == variant,
    )
    query = (
        select(HintProgressRow, PlayerDayRow.featured_stage)
        .outerjoin(PlayerDayRow, seen)
        .where(HintProgressRow.chat_id == chat_id, HintProgressRow.user_id == user_id)
    )
    found = session.execute(query).first()
    if found is None:
        return None
    row, stage = found
    group = None if row.group_id is None else GroupLink(row.group_id, row.group_edition, row.group_faceup)
    return Progress(row.kind, row.day, stage or 0, row.another, aware(row.opened_at), group)


def save_progress(*, session: Session, chat_id: int, user_id: int, progress: Progress) -> None:
    """Record the user's progress with its group link, if any (one upsert: no read, no first-insert race)."""
    group = progress.group
    values = {
        "chat_id": chat_id,
        "user_id": user_id,
        "kind": str(progress.kind),
        "day": progress.day,
        "stage": int(progress.stage),
        "another": progress.another,
        "group_id": None if group is None else group.chat_id,
        "group_edition": None if group is None else group.edition,
        "group_faceup": group is not None and group.faceup,
    }
    if progress.opened_at is not None:  # None leaves a stored opening time alone
        values["opened_at"] = utc(progress.opened_at)
    upsert(session, HintProgressRow, ("chat_id", "user_id"), values)
