"""Fast unit tests of the API's helpers: the payload store's bound, ETag matching, date and time-zone
parsing, the year heatmap's dates."""

from __future__ import annotations

import asyncio
import gzip
import threading
from datetime import date

import pytest

from api.caching import ENTRY_BYTES, Payload, PayloadStore, body_bytes, etag_matches, payload_bytes
from api.deps import parse_day
from api.errors import ApiError
from api.middleware import Compress
from api.web.day_view import View
from api.web.heatmap import heatmap
from api.web.language import PageLanguage
from api.web.page import FAILED, REFUSED, STORE_UNAVAILABLE, error_text
from i18n import translate
from solver.puzzles import get_puzzle


def test_the_payload_store_is_bounded_by_bytes_each_entry_counted_beside_its_body() -> None:
    """Before, a small body counted its bytes alone: 4,096 entries of any size fitted 64 MB."""
    store = PayloadStore(max_bytes=3 * (ENTRY_BYTES + 10))
    for n in range(5):
        store.put(n, Payload(b"x" * 10, "text/plain"))
        assert store.size <= store.maxsize
    assert set(store.kept()) == {2, 3, 4} and store.size == 3 * payload_bytes(Payload(b"", "x")) + 30


async def test_a_payload_asked_for_at_once_is_produced_once() -> None:
    """Before, two concurrent misses of one key both produced it."""
    store = PayloadStore()
    produced: list[int] = []
    release = threading.Event()

    def produce() -> Payload:
        produced.append(1)
        release.wait(5)
        return Payload.text("once")

    askers = [asyncio.create_task(store.fetch("k", produce)) for _ in range(4)]
    await asyncio.sleep(0)  # each asker has started: one produces in a thread, three wait for it
    release.set()
    assert {p.body for p in await asyncio.gather(*askers)} == {b"once"} and produced == [1]


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


def test_the_compressed_bodies_are_bounded_by_bytes() -> None:
    compress = Compress(lambda *_: None, cached_bytes=3 * body_bytes(b"x" * 40))  # type: ignore[arg-type]
    bodies = [bytes([n]) * 4000 for n in range(6)]
    for n, body in enumerate(bodies):
        assert gzip.decompress(compress._gzip(body, f'"{n}"'.encode())) == body
    assert len(compress._compressed) < 6 and compress._compressed.size <= compress._compressed.maxsize
