"""/forget in the store on both databases: the person's rows and their private chat go, a chat
they posted as stays."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy.orm import Session, sessionmaker

from db import chats, forgetting, outbox, solves, web_players
from db.solves import Solve

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)
DAY = date(2026, 1, 25)
GROUP = -5


def test_forget_deletes_the_persons_private_chat_but_not_a_chat_they_posted_as(
    sessions: sessionmaker[Session],
) -> None:
    """Before, /forget kept the private chat's settings and daily post."""
    with sessions.begin() as session:
        chats.set_edition(session=session, chat_id=7, kind="private", edition="calendar-weekday")
        chats.subscribe(session=session, chat_id=7, kind="private", post_time="07:30", now=NOW)
        outbox.enqueue(session=session, keys=[(7, DAY)], now=NOW)
        solves.record_solve(session=session, solve=Solve(7, "calendar", DAY, 7, "Ann", 0, 10), now=NOW)
        chats.subscribe(session=session, chat_id=GROUP, kind="group", post_time="08:00", now=NOW)
        solves.record_solve(
            session=session, solve=Solve(GROUP, "calendar", DAY, GROUP, "Group", 0, 10), now=NOW
        )
    with sessions.begin() as session:
        assert forgetting.forget_user(session=session, user_id=7) == 3  # the solve, the chat, its post
        assert forgetting.forget_user(session=session, user_id=GROUP) == 1  # the group's own solve only
    with sessions() as session:
        assert chats.get_chat(session=session, chat_id=7) is None
        assert outbox.delivery_rows(session=session) == []
        group = chats.get_chat(session=session, chat_id=GROUP)
    assert group is not None and group.subscribed


def test_forget_deletes_a_web_visitors_row_and_those_linked_to_a_telegram_user(
    sessions: sessionmaker[Session],
) -> None:
    """Before, a web visitor's row (their settings) outlived /forget, theirs or their Telegram user's."""
    with sessions.begin() as session:
        visitor = web_players.create(session=session, now=NOW)
        web_players.choose(session=session, player_id=visitor.id, timezone="Asia/Tokyo")
        solves.record_solve(session=session, solve=Solve(visitor.id, "calendar", DAY, 0, "", 0, 10), now=NOW)
        linked = web_players.create(session=session, now=NOW)
        web_players.link(session=session, player_id=linked.id, user_id=8)
        other = web_players.create(session=session, now=NOW)
    with sessions.begin() as session:
        assert forgetting.forget_user(session=session, user_id=visitor.id) == 2  # the solve, the row
        assert forgetting.forget_user(session=session, user_id=8) == 1  # the visitor who became them
    with sessions() as session:
        assert web_players.get(session=session, player_id=visitor.id) is None
        assert web_players.get(session=session, player_id=linked.id) is None
        assert web_players.get(session=session, player_id=other.id) is not None
