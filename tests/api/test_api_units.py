"""Fast unit tests of the API's helpers: LRU bounds, ETag matching, date and time-zone parsing, the
year heatmap's dates."""

from __future__ import annotations

from datetime import date

import pytest

from api.caching import LruCache, Payload, etag_matches
from api.deps import parse_day
from api.errors import ApiError
from api.web.day_view import View
from api.web.heatmap import heatmap
from api.web.language import PageLanguage
from api.web.page import FAILED, REFUSED, STORE_UNAVAILABLE, error_text
from i18n import translate
from solver.puzzles import get_puzzle


def test_lru_evicts_the_least_recently_used_by_count_and_size() -> None:
    cache: LruCache[str, bytes] = LruCache(3, 10, len)
    for key in "abc":
        cache.put(key, b"xx")
    assert cache.get("a") == b"xx"  # a is now the most recent
    cache.put("d", b"xx")
    assert cache.get("b") is None and len(cache) == 3
    cache.put("e", b"x" * 8)  # over 10 bytes: evicts until it fits
    assert cache.size <= 10
    assert cache.get("e") == b"x" * 8
    cache.put("e", b"y")
    assert cache.size == sum(len(v) for v in (cache.get(k) for k in "acde") if v)


def test_payload_etags_are_strong_and_content_addressed() -> None:
    one, same, other = Payload.text("a"), Payload.text("a"), Payload.text("b")
    assert one.etag == same.etag != other.etag
    assert one.etag.startswith('"') and one.etag.endswith('"')
    assert etag_matches(one.etag, one.etag)
    assert etag_matches(f"W/{one.etag}", one.etag)
    assert etag_matches(f'"x", {one.etag}', one.etag)
    assert etag_matches("*", one.etag)
    assert not etag_matches(None, one.etag)
    assert not etag_matches('"x"', one.etag)


@pytest.mark.parametrize("text", ["1", "0001-01-01", "9999-12-31", "2024-02-29"])
def test_dates_at_the_edges_parse(text: str) -> None:
    if text == "1":
        with pytest.raises(ApiError):
            parse_day(text, None, "UTC")
    else:
        day = parse_day(text, None, "UTC")
        assert day.value == date.fromisoformat(text) and not day.is_today
        assert day.value.toordinal() >= 1


@pytest.mark.parametrize(
    "text", ["2026-02-30", "2026-13-01", "abc", "2026-W04-7", "20260125", "", "0000-12-31"]
)
def test_bad_dates_are_422(text: str) -> None:
    with pytest.raises(ApiError) as caught:
        parse_day(text, None, "UTC")
    assert (caught.value.status, caught.value.code) == (422, "invalid_date")


@pytest.mark.parametrize(
    "zone", ["Mars/Olympus", "", "America", "../etc", "a\x00b", "x" * 300, "/etc/passwd"]
)
def test_bad_time_zones_are_422(zone: str) -> None:
    with pytest.raises(ApiError) as caught:
        parse_day("today", zone, "UTC")
    assert caught.value.code == "invalid_timezone"


def test_page_urls_keep_both_stages() -> None:
    view = View(date(2026, 1, 25), 1, 2)
    assert view.url() == "/?date=2026-01-25&stage=1&pstage=2"
    assert (
        view.with_stage("calendar", 3).url("calendar-stage-3")
        == "/?date=2026-01-25&stage=3&pstage=2#calendar-stage-3"
    )
    assert View(date(1, 1, 1)).url() == "/?date=0001-01-01"


@pytest.mark.parametrize(("day", "last"), [(date(1, 1, 1), "12-31-mon"), (date(9999, 12, 31), "12-31-fri")])
def test_a_weekday_editions_year_on_the_page_reaches_its_last_date(day: date, last: str) -> None:
    """The day's page of a weekday edition links every date of the shown year, 9999's too."""
    year = heatmap(get_puzzle("calendar-weekday"), day, date(2026, 1, 22), False, PageLanguage())
    assert len(year.dates) == 365 and year.dates[-1].href == f"/play/calendar-weekday/{last}"
    assert year.src.endswith(f"year={day.year}")


def test_a_page_says_what_failed_in_its_own_words_and_a_refusal_in_the_apis_in_english() -> None:
    english, japanese = PageLanguage(), PageLanguage("ja")
    said = "date must be a real date like 2026-01-25 or 'today', got 'x'"
    assert error_text(english, "invalid_date", said) == said  # names the bad value
    assert error_text(english, "internal_error", "unexpected server error", 500) == FAILED
    assert error_text(english, "overloaded", "the server is busy computing other dates", 503) == (
        "The server is busy with other dates; please try again in a moment."
    )
    assert error_text(english, "not_found", "Not Found", 404) == "There is no page at this address."
    assert error_text(japanese, "invalid_request", "query.x: Field required", 422) == translate("ja", REFUSED)
    unavailable = error_text(japanese, "database_unavailable", "the solution store cannot be read", 503)
    assert unavailable == translate("ja", STORE_UNAVAILABLE) != STORE_UNAVAILABLE
