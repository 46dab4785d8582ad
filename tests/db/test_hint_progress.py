"""A person's puzzle in a chat on both databases, with the group whose link opened it."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy.orm import Session, sessionmaker

from db import chat_moves, chats, hint_progress
from db.hint_progress import Progress

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)


def test_a_private_progress_keeps_the_group_whose_link_opened_it(sessions: sessionmaker[Session]) -> None:
    day = date(2026, 1, 25)
    linked = Progress("calendar", day, 0, 0, NOW, hint_progress.GroupLink(-1005, "calendar-weekday", True))
    with sessions.begin() as session:
        hint_progress.save_progress(session=session, chat_id=7, user_id=7, progress=linked)
    with sessions() as session:
        assert hint_progress.get_progress(session=session, chat_id=7, user_id=7) == linked
    with sessions.begin() as session:
        chats.subscribe(session=session, chat_id=-1005, kind="supergroup", post_time="08:00", now=NOW)
        chat_moves.move_chat(session=session, old_id=-1005, new_id=-1006)
        moved = hint_progress.get_progress(session=session, chat_id=7, user_id=7)
        assert moved is not None and moved.group == hint_progress.GroupLink(-1006, "calendar-weekday", True)
        hint_progress.save_progress(
            session=session, chat_id=7, user_id=7, progress=Progress("calendar", day, 0, 0)
        )
    with sessions() as session:
        found = hint_progress.get_progress(session=session, chat_id=7, user_id=7)
        assert found is not None and found.group is None and found.opened_at == NOW  # unlinked, time kept
