"""Dates, zone names and the week's first day as each language's readers expect them (Babel's
locale data through i18n.locale_data, the one place that reads it)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from i18n.locale_data import written_date

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@pytest.mark.parametrize(
    ("day", "japanese", "without_year"),
    [
        (date(2026, 11, 28), "2026年11月28日(土)", "11月28日(土)"),
        (date(2024, 2, 29), "2024年2月29日(木)", "2月29日(木)"),
        (date(2026, 5, 3), "2026年5月3日(日)", "5月3日(日)"),
    ],
)
def test_japanese_dates_are_written_as_japanese_readers_write_them(
    day: date, japanese: str, without_year: str
) -> None:
    assert written_date(day, "ja") == japanese and not ISO_DATE.search(japanese)
    assert written_date(day, "ja", year=False) == without_year
    assert written_date(day, "ja", full=True) == japanese  # a heading writes it the same way


@pytest.mark.parametrize(
    ("day", "full"),
    [
        (date(2026, 11, 24), "Tuesday 24 November 2026"),
        (date(2024, 2, 29), "Thursday 29 February 2024"),
        (date(2026, 5, 3), "Sunday 3 May 2026"),
    ],
)
def test_english_keeps_its_iso_dates_in_texts_and_spells_out_headings(day: date, full: str) -> None:
    assert written_date(day, "en") == day.isoformat()
    assert written_date(day, "en", full=True) == full == f"{day:%A} {day.day} {day:%B} {day.year}"
