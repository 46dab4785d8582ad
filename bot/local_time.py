"""A chat's local time: its zone, its day, and when its daily post is due."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, tzinfo

from hints.chat_settings import zone_or_default


def zone(name: str | None, default: str) -> tzinfo:
    """The chat's zone, falling back to the default (and to UTC if even that does not load)."""
    return zone_or_default(name, default)


def local_today(now: datetime, tz: tzinfo) -> date:
    return now.astimezone(tz).date()


def scheduled_at(day: date, post_time: str, tz: tzinfo) -> datetime:
    """The moment of a chat's post on its local ``day``."""
    hours, minutes = (int(part) for part in post_time.split(":"))
    return datetime.combine(day, time(hours, minutes), tzinfo=tz)


def post_is_due(now: datetime, post_time: str, tz: tzinfo, subscribed_at: datetime | None) -> bool:
    """Whether today's (local) post time has come, and came after the chat subscribed.

    A post missed while the bot was down is still due later the same local day.
    """
    moment = scheduled_at(local_today(now, tz), post_time, tz)
    return moment <= now and (subscribed_at is None or moment >= subscribed_at - timedelta(seconds=59))
