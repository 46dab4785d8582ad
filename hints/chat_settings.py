"""A chat's settings, changed only here: every front end (a command, a button, a group's hello)
changes the daily post's time, the time zone, the language, the calendar edition and face-up mode
through these functions, so no path stores a value the daily posts or the replies cannot read.

The store checks what a row may hold (``db.chats``: a post time, a zone that loads, a language
the bot speaks); the calendar editions are the catalog's, checked here. A refused value raises
``db.chats.InvalidSetting`` before anything is written. Nothing here commits.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from db import chats
from db.chats import InvalidSetting
from hints.daily import CALENDAR_ID, edition_choice
from solver.catalog import Puzzle

__all__ = ["InvalidSetting", "set_edition", "set_faceup", "set_language", "set_timezone", "subscribe"]


def subscribe(
    session: Session, chat_id: int, kind: str, post_time: str, now: datetime, language_code: str | None = None
) -> None:
    """Post the day's puzzle to the chat at ``post_time`` ('HH:MM', its local time) from now on."""
    chats.subscribe(
        session=session, chat_id=chat_id, kind=kind, post_time=post_time, now=now, language_code=language_code
    )


def set_timezone(session: Session, chat_id: int, kind: str, timezone: str, now: datetime) -> None:
    """The chat's time zone (an IANA name that loads); a subscribed chat's next post follows it."""
    chats.set_timezone(session=session, chat_id=chat_id, kind=kind, timezone=timezone, now=now)


def set_language(session: Session, chat_id: int, kind: str, language: str) -> None:
    """The chat's language: one the bot speaks."""
    chats.set_language(session=session, chat_id=chat_id, kind=kind, language=language)


def set_edition(session: Session, chat_id: int, kind: str, edition_id: str) -> Puzzle:
    """Make ``edition_id`` the chat's calendar edition and return it; InvalidSetting for an id that
    is not a calendar edition of the catalog. The default edition is stored as none chosen."""
    edition = edition_choice(edition_id)
    if edition is None:
        raise InvalidSetting("edition", edition_id)
    stored = None if edition.id == CALENDAR_ID else edition.id
    chats.set_edition(session=session, chat_id=chat_id, kind=kind, edition=stored)
    return edition


def set_faceup(session: Session, chat_id: int, kind: str, faceup: bool) -> None:
    """Face-up mode for the chat's calendar puzzles (hints only from solutions that turn no piece over)."""
    chats.set_faceup(session=session, chat_id=chat_id, kind=kind, faceup=faceup)
