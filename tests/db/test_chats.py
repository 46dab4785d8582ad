"""A chat's settings on both databases: Telegram's language of its person, written only when new;
values a row cannot hold refused on write, and read back as the defaults when a stored one no
longer reads."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker

from db import chat_moves, chats
from db.models import ChatRow

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


WRITERS: dict[str, Callable[[Session, str], None]] = {
    "post_time": lambda s, v: chats.subscribe(session=s, chat_id=8, kind="private", post_time=v, now=NOW),
    "timezone": lambda s, v: chats.set_timezone(session=s, chat_id=8, kind="private", timezone=v, now=NOW),
    "language": lambda s, v: chats.set_language(session=s, chat_id=8, kind="private", language=v),
}
REFUSED = [
    *(("post_time", t) for t in ("99:99", "24:00", "07:60", "7:30", "07:30pm", "", "ab:cd")),
    *(("timezone", z) for z in ("Europe", "Europe/", "Mars/Olympus", "../../etc/passwd", "", "A" * 65)),
    *(("language", c) for c in ("xx", "EN", "", "ja_JP")),
]


@pytest.mark.parametrize(("setting", "value"), REFUSED)
def test_a_value_the_row_cannot_hold_is_refused_and_nothing_is_written(
    sessions: sessionmaker[Session], setting: str, value: str
) -> None:
    with sessions.begin() as session:
        with pytest.raises(chats.InvalidSetting) as refused:
            WRITERS[setting](session, value)
        assert (refused.value.setting, refused.value.value) == (setting, value)
        assert chats.get_chat(session=session, chat_id=8) is None


def test_the_values_a_row_holds_are_stored(sessions: sessionmaker[Session]) -> None:
    with sessions.begin() as session:
        chats.subscribe(session=session, chat_id=8, kind="private", post_time="23:59", now=NOW)
        chats.set_timezone(session=session, chat_id=8, kind="private", timezone="Etc/GMT-9", now=NOW)
        chats.set_language(session=session, chat_id=8, kind="private", language="ja")
    with sessions() as session:
        chat = chats.get_chat(session=session, chat_id=8)
    assert chat is not None
    assert (chat.post_time, chat.timezone, chat.language, chat.unreadable) == (
        "23:59",
        "Etc/GMT-9",
        "ja",
        set(),
    )


def test_a_stored_value_that_no_longer_reads_reads_as_the_default(sessions: sessionmaker[Session]) -> None:
    """Rows stored before the writes were checked, or with a zone since dropped from the tz
    database: the zone reads as none chosen (the default zone), the time as the default time."""
    with sessions.begin() as session:
        session.add(ChatRow(id=9, kind="private", subscribed=True, post_time="99:99", timezone="Europe"))
        session.add(ChatRow(id=10, kind="group", subscribed=True, post_time="8", timezone="Gone/Zone"))
        session.add(ChatRow(id=11, kind="private", subscribed=False, post_time="09:30", language="xx"))
    with sessions() as session:
        read = {c: chats.get_chat(session=session, chat_id=c) for c in (9, 10, 11)}
    assert {c: (s.timezone, s.post_time, s.language, s.unreadable) for c, s in read.items() if s} == {
        9: (None, "08:00", None, {"timezone", "post_time"}),
        10: (None, "08:00", None, {"timezone", "post_time"}),
        11: (None, "09:30", None, {"language"}),
    }
