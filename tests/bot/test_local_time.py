"""A chat's local time: its day (``Player.today``), its zone's fallbacks, and when its post is due."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.local_time import post_is_due, zone
from hints.players import Player

NOW = datetime(2026, 1, 22, 20, 30, tzinfo=UTC)


def who(timezone: str) -> Player:
    return Player(1, "UTC", timezone)


def test_today_is_the_date_in_the_chats_time_zone() -> None:
    assert who("UTC").today(NOW) == date(2026, 1, 22)
    assert who("Asia/Tokyo").today(NOW) == date(2026, 1, 23)  # 05:30 the next morning
    assert who("America/Los_Angeles").today(NOW + timedelta(hours=8)) == date(2026, 1, 22)


def test_a_zone_that_does_not_exist_counts_as_utc() -> None:
    assert who("Mars/Olympus").today(NOW) == date(2026, 1, 22)
    assert who("").today(NOW) == date(2026, 1, 22)
    assert zone(None, "Europe/Berlin") == ZoneInfo("Europe/Berlin")
    assert zone("Nowhere/Atall", "Also/Nowhere") == ZoneInfo("UTC")


def test_a_name_that_is_no_zone_file_counts_as_the_default() -> None:
    """'Europe' is a directory of the tz database: loading it fails with an OSError, not a
    ZoneInfoNotFoundError."""
    assert zone("Europe", "Asia/Tokyo") == ZoneInfo("Asia/Tokyo")
    assert zone("A" * 300, "Europe") == ZoneInfo("UTC")
    assert who("Europe").today(NOW) == date(2026, 1, 22)


def test_a_post_is_due_once_its_local_time_has_come_after_the_chat_subscribed() -> None:
    tokyo = ZoneInfo("Asia/Tokyo")  # NOW is 05:30 on the 23rd there
    assert post_is_due(NOW, "05:00", tokyo, None)
    assert not post_is_due(NOW, "06:00", tokyo, None)
    assert not post_is_due(NOW, "05:00", tokyo, NOW - timedelta(minutes=10))  # subscribed after 05:00
    assert post_is_due(NOW, "05:00", tokyo, NOW - timedelta(hours=1))
