"""A chat's settings and daily post: language, time zone, edition, face-up mode, subscription,
and when its next post is due (``chats``).

What a row may hold is checked here, on both sides: a setter refuses a post time, time zone or
language the row cannot hold (:class:`InvalidSetting`, nothing written), and a row read back with
one that no longer reads (an old row, a zone gone from the tz database) reads as the default, so
no stored value can fail the daily posts or a reply. Which calendar editions exist is the
catalog's business (``hints.chat_settings``, the one way the front ends change a setting).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from db.models import ChatRow
from db.moments import aware, utc
from db.statements import dialect_insert
from i18n import LANGUAGES

DEFAULT_POST_TIME = "08:00"
POST_TIME = re.compile(r"(?:[01]\d|2[0-3]):[0-5]\d")  # HH:MM on a 24-hour clock, as the row keeps it
ZONE_NAME_LENGTH = 64  # the column's width


class InvalidSetting(ValueError):
    """A value a chat's setting cannot hold; nothing was written. ``setting``: which one
    (``post_time``, ``timezone``, ``language``, or ``edition`` from ``hints.chat_settings``);
    ``value``: what was given."""

    def __init__(self, setting: str, value: object) -> None:
        super().__init__(f"{setting} cannot be {value!r}")
        self.setting = setting
        self.value = value


def is_post_time(value: str | None) -> bool:
    """Whether ``value`` is a time of day as the row keeps it, 'HH:MM' from 00:00 to 23:59."""
    return value is not None and POST_TIME.fullmatch(value) is not None


def loaded_zone(name: str | None) -> ZoneInfo | None:
    """The time zone ``name`` names, or None when it does not load, for whatever reason: unknown,
    malformed, a directory of the tz database ('Europe'), a file that is not a zone."""
    if not name or len(name) > ZONE_NAME_LENGTH:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def zone_or_default(name: str | None, default: str | None = None) -> tzinfo:
    """The zone ``name`` names, else ``default``'s, else UTC: whatever is stored, a zone."""
    return loaded_zone(name) or loaded_zone(default) or ZoneInfo("UTC")


def local_date(now: datetime, name: str | None, default: str | None = None) -> date:
    """The date at ``now`` in the zone ``name`` names (else ``default``'s, else UTC): a person's or
    a chat's "today", the one place it is worked out."""
    return now.astimezone(zone_or_default(name, default)).date()


def is_language(code: str | None) -> bool:
    """Whether the bot speaks ``code`` (a language with a catalog, or the source language)."""
    return code in LANGUAGES


@dataclass(frozen=True)
class ChatSettings:
    id: int
    kind: str
    language: str | None
    timezone: str | None
    subscribed: bool
    post_time: str
    subscribed_at: datetime | None
    next_post_at: datetime | None = None
    edition: str | None = None  # the chat's calendar edition; None: the default one
    faceup: bool = False  # face-up mode: only solutions that turn no piece over
    # Telegram's language_code of the chat's person: a private chat's user, a group's subscribing admin
    telegram_language: str | None = None
    # the settings whose stored value no longer reads, read as their defaults (timezone: None)
    unreadable: frozenset[str] = frozenset()
    # the settings someone chose here (CHOSEN's names), a default value chosen on purpose included
    chosen: frozenset[str] = frozenset()


def _settings(row: ChatRow) -> ChatSettings:
    """The row as the code may use it: a zone that does not load reads as none chosen (the default
    zone), a malformed post time as the default one, a language the bot does not speak as none."""
    timezone = row.timezone if row.timezone is None or loaded_zone(row.timezone) else None
    post_time = row.post_time if is_post_time(row.post_time) else DEFAULT_POST_TIME
    language = row.language if row.language is None or is_language(row.language) else None
    unreadable = {
        name
        for name, stored, read in (
            ("timezone", row.timezone, timezone),
            ("post_time", row.post_time, post_time),
            ("language", row.language, language),
        )
        if stored != read
    }
    return ChatSettings(
        row.id,
        row.kind,
        language,
        timezone,
        row.subscribed,
        post_time,
        aware(row.subscribed_at),
        aware(row.next_post_at),
        row.edition,
        bool(row.faceup),
        row.telegram_language,
        frozenset(unreadable),
        frozenset(chosen(row)),
    )


def get_chat(*, session: Session, chat_id: int) -> ChatSettings | None:
    row = session.get(ChatRow, chat_id)
    return None if row is None else _settings(row)


def _ensure(session: Session, chat_id: int, kind: str) -> ChatRow:
    row = session.get(ChatRow, chat_id)
    if row is None:
        row = ChatRow(id=chat_id, kind=kind, subscribed=False, post_time=DEFAULT_POST_TIME)
        session.add(row)
    return row


# The settings a chat may choose, as ChatRow.chosen names them ("subscribed": the daily post).
CHOSEN = ("language", "timezone", "edition", "faceup", "subscribed")


def chosen(row: ChatRow) -> set[str]:
    """The settings someone chose in the chat (a default value chosen on purpose included)."""
    return {name for name in (row.chosen or "").split(",") if name}


def _choose(row: ChatRow, setting: str) -> None:
    row.chosen = ",".join(sorted(chosen(row) | {setting}))


def set_language(*, session: Session, chat_id: int, kind: str, language: str) -> None:
    """The chat's language; InvalidSetting for one the bot does not speak."""
    if not is_language(language):
        raise InvalidSetting("language", language)
    row = _ensure(session, chat_id, kind)
    row.language = language
    _choose(row, "language")


TELEGRAM_LANGUAGE_LENGTH = 16  # the column's width; Telegram's codes are IETF tags like "pt-br"


def remember_language(
    *, session: Session, chat_id: int, kind: str, language_code: str | None, stored: ChatSettings | None
) -> None:
    """Keep Telegram's language_code of the chat's person (nothing when Telegram sent none).

    ``stored``: the chat as :func:`get_chat` read it in this unit of work. Writes only when the
    code changed, so a steady chat costs no statement; a chat without a row gets one, in one
    insert that a concurrent first insert cannot make fail.
    """
    if not language_code:
        return
    code = language_code[:TELEGRAM_LANGUAGE_LENGTH]
    if stored is not None:
        if stored.telegram_language != code:
            session.execute(update(ChatRow).where(ChatRow.id == chat_id).values(telegram_language=code))
        return
    statement = dialect_insert(session, ChatRow).values(
        id=chat_id,
        kind=kind,
        subscribed=False,
        post_time=DEFAULT_POST_TIME,
        faceup=False,
        telegram_language=code,
    )
    session.execute(
        statement.on_conflict_do_update(
            index_elements=["id"], set_={"telegram_language": statement.excluded.telegram_language}
        )
    )


def set_edition(*, session: Session, chat_id: int, kind: str, edition: str | None) -> None:
    """The chat's calendar edition (None: the default one)."""
    row = _ensure(session, chat_id, kind)
    row.edition = edition
    _choose(row, "edition")


def set_faceup(*, session: Session, chat_id: int, kind: str, faceup: bool) -> None:
    """Face-up mode for the chat's calendar puzzles."""
    row = _ensure(session, chat_id, kind)
    row.faceup = faceup
    _choose(row, "faceup")


def set_timezone(
    *, session: Session, chat_id: int, kind: str, timezone: str, now: datetime | None = None
) -> None:
    """Set the chat's zone; a subscribed chat's schedule is looked at again from ``now``.
    InvalidSetting for a name that does not load as a time zone."""
    if loaded_zone(timezone) is None:
        raise InvalidSetting("timezone", timezone)
    row = _ensure(session, chat_id, kind)
    row.timezone = timezone
    _choose(row, "timezone")
    if row.subscribed and now is not None:
        row.next_post_at = utc(now)


def subscribe(
    *,
    session: Session,
    chat_id: int,
    kind: str,
    post_time: str,
    now: datetime,
    language_code: str | None = None,
) -> None:
    """Subscribe (or change the time). Posts scheduled before the first subscription are not sent.

    The dispatcher looks at the chat on its next tick and schedules its next post from there.
    ``language_code``: Telegram's language of whoever subscribed (kept unless None).
    InvalidSetting for a post time that is not 'HH:MM' on a 24-hour clock.
    """
    if not is_post_time(post_time):
        raise InvalidSetting("post_time", post_time)
    row = _ensure(session, chat_id, kind)
    if language_code:
        row.telegram_language = language_code[:TELEGRAM_LANGUAGE_LENGTH]
    if not row.subscribed:
        row.subscribed_at = now
    row.subscribed = True
    row.post_time = post_time
    row.next_post_at = utc(now)
    _choose(row, "subscribed")


def unsubscribe(*, session: Session, chat_id: int) -> bool:
    """Stop daily posts; False if the chat was not subscribed (the choice is kept all the same)."""
    row = session.get(ChatRow, chat_id)
    if row is None:
        return False
    if not row.subscribed:
        _choose(row, "subscribed")
        return False
    row.subscribed = False
    row.subscribed_at = None
    row.next_post_at = None
    _choose(row, "subscribed")
    return True


def decline_post(*, session: Session, chat_id: int, kind: str) -> None:
    """No daily post, chosen on purpose (the onboarding's "No daily post"): the chat keeps a row
    that says so, even one that had none."""
    row = _ensure(session, chat_id, kind)
    if row.subscribed:
        row.subscribed = False
        row.subscribed_at = None
        row.next_post_at = None
    _choose(row, "subscribed")


def due_chats(*, session: Session, now: datetime, limit: int = 1000) -> list[ChatSettings]:
    """Subscribed chats whose next post time has come, locked for this dispatcher (SKIP LOCKED).

    Only the index on ``next_post_at`` is read: a tick costs what is due, not what is subscribed.
    """
    query = (
        select(ChatRow)
        .where(ChatRow.next_post_at <= utc(now), ChatRow.subscribed.is_(True))
        .order_by(ChatRow.next_post_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return [_settings(r) for r in session.scalars(query)]


def schedule(*, session: Session, next_posts: dict[int, datetime]) -> None:
    """Record each chat's next post time."""
    for chat_id, moment in next_posts.items():
        session.execute(update(ChatRow).where(ChatRow.id == chat_id).values(next_post_at=utc(moment)))
