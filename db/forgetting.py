"""/forget in the store: every row kept about one person goes."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import delete
from sqlalchemy.orm import Session

from db.custom_puzzles import delete_owned
from db.models import (
    ChatRow,
    DeliveryRow,
    HintProgressRow,
    PlayerDayRow,
    SavedPositionRow,
    SolveGroupRow,
    SolveRow,
    WebPlayerRow,
)
from db.moments import utc
from db.statements import rowcount
from db.web_players import WEB_PLAYER_BASE, is_web_player


def forget_user(*, session: Session, user_id: int, now: datetime | None = None) -> int:
    """Delete everything kept about one person (solves, hint progress, their days, saved boards)
    and, for a web visitor, their ``web_players`` row; for a Telegram user, their private chat (its
    settings, daily post and the post's outbox: a private chat's id is its user's) and the rows of
    the web visitors who became them. A chat someone posted as (a channel, a group's anonymous
    admin; negative ids) keeps its settings: they are the chat's, not one person's. The puzzles they
    defined are deleted (tombstones stay, so others' records of them read as deleted puzzles).
    Rows deleted (a puzzle counts one)."""
    deleted = 0
    for model in (SolveRow, SolveGroupRow, HintProgressRow, PlayerDayRow, SavedPositionRow):
        deleted += rowcount(session.execute(delete(model).where(model.user_id == user_id)))
    if is_web_player(user_id):
        visitor = WebPlayerRow.id == user_id - WEB_PLAYER_BASE
        deleted += rowcount(session.execute(delete(WebPlayerRow).where(visitor)))
    elif user_id > 0:
        deleted += rowcount(session.execute(delete(DeliveryRow).where(DeliveryRow.chat_id == user_id)))
        deleted += rowcount(session.execute(delete(ChatRow).where(ChatRow.id == user_id)))
        deleted += rowcount(session.execute(delete(WebPlayerRow).where(WebPlayerRow.linked_user == user_id)))
    deleted += delete_owned(session=session, owner=user_id, now=now or utc(datetime.now(UTC)))
    return deleted
