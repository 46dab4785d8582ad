"""The bot's chat-state repository on both databases: lifecycle edge cases."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy.orm import Session, sessionmaker

from db import bot_repository as chats
from db.bot_repository import Progress

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)


def test_a_group_moves_into_a_supergroup_that_already_has_rows(sessions: sessionmaker[Session]) -> None:
    """Before, the moved rows hit the supergroup's unique keys and the group never got a post again."""
    with sessions.begin() as session:
        chats.set_timezone(session=session, chat_id=-5, kind="group", timezone="Asia/Tokyo")
        chats.subscribe(session=session, chat_id=-5, kind="group", post_time="07:30", now=NOW)
        chats.subscribe(session=session, chat_id=-1005, kind="supergroup", post_time="09:00", now=NOW)
        for chat_id, stage in ((-5, 1), (-1005, 2)):
            chats.save_progress(
                session=session,
                chat_id=chat_id,
                user_id=7,
                progress=Progress("calendar", date(2026, 1, 25), stage, 0),
            )
        chats.save_progress(
            session=session, chat_id=-5, user_id=8, progress=Progress("calendar", date(2026, 1, 25), 3, 0)
        )
        chats.enqueue(
            session=session,
            keys=[(-5, date(2026, 1, 25)), (-1005, date(2026, 1, 25)), (-5, date(2026, 1, 24))],
            now=NOW,
        )
    with sessions.begin() as session:
        chats.move_chat(session=session, old_id=-5, new_id=-1005)
    with sessions() as session:
        moved = chats.get_chat(session=session, chat_id=-1005)
        assert chats.get_chat(session=session, chat_id=-5) is None
        assert (
            moved is not None
            and moved.subscribed
            and (moved.post_time, moved.timezone) == ("07:30", "Asia/Tokyo")
        )
        seven = chats.get_progress(session=session, chat_id=-1005, user_id=7)
        eight = chats.get_progress(session=session, chat_id=-1005, user_id=8)
        assert seven is not None and seven.stage == 2  # the supergroup's own progress stays
        assert eight is not None and eight.stage == 3  # the group's moves over
        days = sorted((r.chat_id, r.local_date) for r in chats.delivery_rows(session=session))
    assert days == [(-1005, date(2026, 1, 24)), (-1005, date(2026, 1, 25))]
