"""A chat's settings on both databases: Telegram's language of its person, written only when new."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker

from db import chat_moves, chats

NOW = datetime(2026, 1, 25, 7, 0, tzinfo=UTC)


def test_a_chats_telegram_language_is_written_only_when_it_is_new(sessions: sessionmaker[Session]) -> None:
    """A private chat's row is made on first contact and written again only when its user's
    language changes; a group keeps the language of the admin who subscribed it."""
    written: list[str] = []

    def remember(code: str | None) -> None:
        with sessions.begin() as session:
            engine = session.get_bind()
            stored = chats.get_chat(session=session, chat_id=7)
            event.listen(engine, "before_cursor_execute", record)
            try:
                chats.remember_language(
                    session=session, chat_id=7, kind="private", language_code=code, stored=stored
                )
                session.flush()
            finally:
                event.remove(engine, "before_cursor_execute", record)

    def record(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        written.append(statement.split()[0])

    def language(chat_id: int) -> str | None:
        with sessions() as session:
            found = chats.get_chat(session=session, chat_id=chat_id)
            return None if found is None else found.telegram_language

    remember("ja")
    assert (written, language(7)) == (["INSERT"], "ja")
    remember("ja")
    remember(None)  # Telegram sent none: the last one known stays
    assert (written, language(7)) == (["INSERT"], "ja")
    remember("en")
    assert (written, language(7)) == (["INSERT", "UPDATE"], "en")
    with sessions() as session:
        chat = chats.get_chat(session=session, chat_id=7)
        assert chat is not None and (chat.kind, chat.subscribed, chat.post_time, chat.language) == (
            "private",
            False,
            "08:00",
            None,
        )
    with sessions.begin() as session:
        chats.subscribe(
            session=session, chat_id=-5, kind="group", post_time="08:00", now=NOW, language_code="ja"
        )
        chats.subscribe(session=session, chat_id=-5, kind="group", post_time="09:00", now=NOW)  # code unknown
    assert language(-5) == "ja"
    with sessions.begin() as session:
        chat_moves.move_chat(session=session, old_id=-5, new_id=-1005)
    assert language(-1005) == "ja"
