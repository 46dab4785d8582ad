"""A chat's settings, changed only here: every front end (a command, a button, a group's hello)
changes the daily post's time, the time zone, the language, the calendar edition and face-up mode
through these functions, so no path stores a value the daily posts or the replies cannot read.

The store checks what a row may hold (``db.chats``: a post time, a zone that loads, a language
the bot speaks); the calendar editions are the catalog's, checked here. A refused value raises
``db.chats.InvalidSetting`` before anything is written. Nothing here commits.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum

from sqlalchemy.orm import Session

from db import chat_moves, chats
from db.chats import DEFAULT_POST_TIME, ChatSettings, InvalidSetting, zone_or_default
from hints.daily import CALENDAR_ID, edition_choice, edition_to_keep
from solver.catalog import Puzzle

__all__ = [
    "DEFAULT_POST_TIME",
    "ChatSettings",
    "InvalidSetting",
    "OnboardingStep",
    "decline_post",
    "group_upgraded",
    "keep_edition",
    "onboarding_step",
    "remember_language",
    "set_edition",
    "set_faceup",
    "set_language",
    "set_timezone",
    "settings_of",
    "subscribe",
    "unsubscribe",
    "zone_or_default",
]


def settings_of(session: Session, chat_id: int) -> ChatSettings | None:
    """The chat's settings as stored; None for a chat that never chose or asked anything."""
    return chats.get_chat(session=session, chat_id=chat_id)


def remember_language(
    session: Session, chat_id: int, kind: str, language_code: str | None, stored: ChatSettings | None
) -> None:
    """Keep Telegram's language code of a private chat's person (for the daily post's language);
    no statement when it is the one ``stored`` already holds."""
    chats.remember_language(
        session=session, chat_id=chat_id, kind=kind, language_code=language_code, stored=stored
    )


def unsubscribe(session: Session, chat_id: int) -> bool:
    """No more daily posts to the chat; False when it was not subscribed (its choices are kept)."""
    return chats.unsubscribe(session=session, chat_id=chat_id)


def group_upgraded(session: Session, old_id: int, new_id: int) -> int:
    """A group became a supergroup: its settings, progress and solves move to the new id (merged
    with what is kept there already); how many rows moved."""
    return chat_moves.move_chat(session=session, old_id=old_id, new_id=new_id)


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
    is not a calendar edition of the catalog nor a person's puzzle. The default edition is stored as
    none chosen."""
    edition = edition_choice(edition_id)
    if edition is None:
        raise InvalidSetting("edition", edition_id)
    stored = None if edition.id == CALENDAR_ID else edition_to_keep(edition_id, edition)
    chats.set_edition(session=session, chat_id=chat_id, kind=kind, edition=stored)
    return edition


def set_faceup(session: Session, chat_id: int, kind: str, faceup: bool) -> None:
    """Face-up mode for the chat's calendar puzzles (hints only from solutions that turn no piece over)."""
    chats.set_faceup(session=session, chat_id=chat_id, kind=kind, faceup=faceup)


class OnboardingStep(Enum):
    """Where a private chat is in the first /start's two questions."""

    EDITION = "edition"  # nothing answered yet: which calendar do you own?
    TIME = "time"  # the edition answered (or skipped), not yet when to post
    DONE = "done"  # the daily post answered too (a time, or "No daily post")


def onboarding_step(settings: ChatSettings | None) -> OnboardingStep:
    """The step of the onboarding a chat is at: a question answered or skipped is never asked
    again, so a /start after Skip says hello instead of starting over. A chat that chose an
    edition or a daily post some other way (/edition, /subscribe) is past that question too."""
    if settings is None:
        return OnboardingStep.EDITION
    if settings.subscribed or "subscribed" in settings.chosen:
        return OnboardingStep.DONE
    if settings.edition is not None or "edition" in settings.chosen:
        return OnboardingStep.TIME
    return OnboardingStep.EDITION


def keep_edition(session: Session, chat_id: int, kind: str) -> None:
    """The onboarding's Skip of the edition: the chat keeps its edition (the default one), as if
    chosen, so the question is not asked again."""
    settings = settings_of(session, chat_id)
    chats.set_edition(
        session=session, chat_id=chat_id, kind=kind, edition=settings.edition if settings else None
    )


def decline_post(session: Session, chat_id: int, kind: str) -> None:
    """The onboarding's "No daily post": no post, as the chat's choice."""
    chats.decline_post(session=session, chat_id=chat_id, kind=kind)
