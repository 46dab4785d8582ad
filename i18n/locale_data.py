"""What a language's readers expect beyond its words: how a date is written, what a time zone is
called, on which day a week starts. All of it is Babel's locale data (CLDR), read here and
nowhere else, so every text and picture writes a date or a zone the same way.

A language's locale is the one its readers most likely live in (CLDR's likely subtags: Japanese
is ``ja_JP``, so its weeks start on Sunday), except English, whose texts are British English
(``en_GB``: "24 November", weeks from Monday).
"""

from __future__ import annotations

from datetime import date
from functools import cache

from babel import Locale
from babel.core import get_global
from babel.dates import format_date, format_skeleton, get_timezone, get_timezone_location

from i18n import SOURCE_LANGUAGE

ENGLISH_LOCALE = "en_GB"
# English writes a date inside a sentence or caption as the ISO date its texts have always shown
# (2026-11-28); the heading form spells it out the British way.
ENGLISH_FULL_DATE = "EEEE d MMMM y"  # Saturday 28 November 2026
# Every other language: its locale's own pattern for year, month, day and weekday (Japanese:
# 2026年11月28日(土)), and without the year where the English shows none (11月28日(土)).
DATE_SKELETON = "yMMMEd"
DATE_SKELETON_NO_YEAR = "MMMEd"


@cache
def locale_of(language: str) -> Locale:
    """The Babel locale of ``language``: English's is British, any other language's is the one
    CLDR finds most likely (``ja`` -> ``ja_JP``); the bare language when CLDR knows none."""
    if language == SOURCE_LANGUAGE:
        return Locale.parse(ENGLISH_LOCALE)
    likely = get_global("likely_subtags").get(language)
    return Locale.parse(likely or language)


def written_date(day: date, language: str, *, year: bool = True, full: bool = False) -> str:
    """``day`` as the readers of ``language`` write it: "2026年11月28日(土)" in Japanese
    ("11月28日(土)" without ``year``). English keeps its texts' ISO date ("2026-11-28"), or with
    ``full`` (a page's heading) "Saturday 28 November 2026"."""
    locale = locale_of(language)
    if language == SOURCE_LANGUAGE:
        if full:
            return format_date(day, ENGLISH_FULL_DATE, locale=locale)
        return day.isoformat() if year else format_skeleton(DATE_SKELETON_NO_YEAR, day, locale=locale)
    return format_skeleton(DATE_SKELETON if year or full else DATE_SKELETON_NO_YEAR, day, locale=locale)


def first_weekday(language: str) -> int:
    """The day the weeks of a month calendar start on for ``language``'s readers, Monday 0 to
    Sunday 6 (Japanese: Sunday; English: Monday)."""
    return int(locale_of(language).first_week_day)


def zone_city(zone: str, language: str) -> str:
    """The city an IANA zone is named after, as ``language`` writes it: "東京" for Asia/Tokyo in
    Japanese, "New York" for America/New_York in English; the zone's last part, spaced, when
    CLDR has no name for it."""
    fallback = zone.rsplit("/", 1)[-1].replace("_", " ")
    try:
        city = get_timezone_location(get_timezone(zone), locale=locale_of(language), return_city=True)
    except LookupError:
        return fallback
    return city or fallback
