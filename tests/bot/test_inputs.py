"""Reading users' arguments (bot.inputs): every accepted form, every question back, every refusal."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot import inputs
from bot.callbacks import Action, Callback, decode_callback, encode_callback
from bot.inputs import Ambiguous, BadArgument, parse_day, parse_post_time, parse_timezone
from hints.daily import PuzzleKind

TODAY = date(2026, 3, 14)

# ---------------------------------------------------------------- times


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("7:30", "07:30"),
        ("07:30", "07:30"),
        ("07.30", "07:30"),
        ("7.30", "07:30"),
        ("19:30", "19:30"),
        ("0:05", "00:05"),
        ("23:59", "23:59"),
        (" 7:05 ", "07:05"),
        ("7:30pm", "19:30"),
        ("7:30 PM", "19:30"),
        ("7.30am", "07:30"),
        ("7pm", "19:00"),
        ("7 pm", "19:00"),
        ("7 p.m.", "19:00"),
        ("12am", "00:00"),
        ("12:30am", "00:30"),
        ("12pm", "12:00"),
        ("0", "00:00"),
        ("19", "19:00"),
        ("noon", "12:00"),
        ("Midnight", "00:00"),
        ("７：３０", "07:30"),
        ("19時", "19:00"),
        ("7時30分", "07:30"),
        ("7時半", "07:30"),
        ("午後7時", "19:00"),
        ("午前0時", "00:00"),
        ("午後11時30分", "23:30"),
    ],
)
def test_times_are_read_in_every_common_form(given: str, expected: str) -> None:
    assert parse_post_time(given) == expected


@pytest.mark.parametrize(
    ("given", "choices"),
    [
        ("7", ["07:00", "19:00"]),
        ("1", ["01:00", "13:00"]),
        ("11", ["11:00", "23:00"]),
        ("12", ["12:00", "00:00"]),
        ("7時", ["07:00", "19:00"]),
    ],
)
def test_a_bare_hour_that_could_be_morning_or_evening_is_asked_back(given: str, choices: list[str]) -> None:
    with pytest.raises(Ambiguous) as caught:
        parse_post_time(given)
    assert caught.value.key == "ambiguous_time"
    assert caught.value.choices == choices
    assert caught.value.value == " or ".join(choices)


@pytest.mark.parametrize(
    "given",
    ["25:00", "24", "7:60", "7:5", "13pm", "0pm", "19:30pm", "午後12時", "seven", "", "7:30:00", "7;30"],
)
def test_impossible_times_are_refused(given: str) -> None:
    with pytest.raises(BadArgument) as caught:
        parse_post_time(given)
    assert caught.type is BadArgument
    assert caught.value.key == "bad_time"


def test_every_minute_of_the_day_reads_back_in_24_hour_and_12_hour_form() -> None:
    for hours in range(24):
        for minutes in range(60):
            expected = f"{hours:02d}:{minutes:02d}"
            twelve = f"{hours % 12 or 12}:{minutes:02d}{'pm' if hours >= 12 else 'am'}"
            assert parse_post_time(f"{hours}:{minutes:02d}") == expected
            assert parse_post_time(f"{hours:02d}.{minutes:02d}") == expected
            assert parse_post_time(twelve) == expected


# ---------------------------------------------------------------- dates


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("2026-01-25", date(2026, 1, 25)),
        ("2024-02-29", date(2024, 2, 29)),
        ("2026/1/25", date(2026, 1, 25)),
        ("today", TODAY),
        ("Today", TODAY),
        ("yesterday", date(2026, 3, 13)),
        ("TOMORROW", date(2026, 3, 15)),
        ("Jan 25", date(2026, 1, 25)),
        ("jan. 25", date(2026, 1, 25)),
        ("January 25", date(2026, 1, 25)),
        ("25 Jan", date(2026, 1, 25)),
        ("25 January", date(2026, 1, 25)),
        ("25th of January", date(2026, 1, 25)),
        ("Sept 9", date(2026, 9, 9)),
        ("jan 25 2027", date(2027, 1, 25)),
        ("25 Jan 2027", date(2027, 1, 25)),
        ("Jan 25, 2027", date(2027, 1, 25)),
        ("25-Jan-2027", date(2027, 1, 25)),
        ("13/01", date(2026, 1, 13)),
        ("1/13", date(2026, 1, 13)),
        ("5.5", date(2026, 5, 5)),
        ("25.01.2027", date(2027, 1, 25)),
        ("1月25日", date(2026, 1, 25)),
        ("2027年1月25日", date(2027, 1, 25)),
        ("２０２７年１月２５日", date(2027, 1, 25)),
        ("今日", TODAY),
        ("昨日", date(2026, 3, 13)),
        ("明日", date(2026, 3, 15)),
    ],
)
def test_dates_are_read_in_every_common_form(given: str, expected: date) -> None:
    assert parse_day(given, TODAY) == expected
    assert parse_day(given, today=TODAY) == expected


def test_relative_words_cross_months_and_years() -> None:
    assert parse_day("tomorrow", date(2026, 12, 31)) == date(2027, 1, 1)
    assert parse_day("yesterday", date(2024, 3, 1)) == date(2024, 2, 29)


@pytest.mark.parametrize(
    ("given", "choices"),
    [
        ("01/02", ["2026-01-02", "2026-02-01"]),
        ("1.2", ["2026-01-02", "2026-02-01"]),
        ("3-4", ["2026-03-04", "2026-04-03"]),
        ("1/2/2027", ["2027-01-02", "2027-02-01"]),
    ],
)
def test_a_day_and_month_that_could_be_either_way_round_are_asked_back(
    given: str, choices: list[str]
) -> None:
    with pytest.raises(Ambiguous) as caught:
        parse_day(given, TODAY)
    assert caught.value.key == "ambiguous_date"
    assert caught.value.choices == choices
    assert caught.value.value == " or ".join(choices)
    assert [parse_day(choice, TODAY).isoformat() for choice in choices] == choices


@pytest.mark.parametrize(
    ("given", "key"),
    [
        ("2026-02-30", "not_a_date"),
        ("2026-13-01", "not_a_date"),
        ("2025-02-29", "not_a_date"),
        ("Feb 30", "not_a_date"),
        ("31 April 2027", "not_a_date"),
        ("13/13", "not_a_date"),
        ("2月30日", "not_a_date"),
        ("someday", "bad_date"),
        ("Foo 25", "bad_date"),
        ("25", "bad_date"),
        ("", "bad_date"),
        ("1/2/27", "bad_date"),
        ("9" * 3000, "bad_date"),
    ],
)
def test_impossible_dates_are_refused(given: str, key: str) -> None:
    with pytest.raises(BadArgument) as caught:
        parse_day(given, TODAY)
    assert caught.type is BadArgument
    assert caught.value.key == key
    assert len(caught.value.value) <= inputs.MAX_ECHO + 1


@pytest.mark.parametrize("given", ["today", "yesterday", "Jan 25", "25 Jan", "01/13", "1月25日"])
def test_without_today_relative_and_yearless_dates_are_refused(given: str) -> None:
    with pytest.raises(BadArgument) as caught:
        parse_day(given)
    assert caught.value.key == "bad_date"


def test_without_today_full_dates_still_work() -> None:
    assert parse_day("2026-01-25") == date(2026, 1, 25)
    assert parse_day("Jan 25, 2027") == date(2027, 1, 25)
    with pytest.raises(BadArgument, match="not_a_date"):
        parse_day("2026-02-30")


def test_button_data_takes_only_the_dates_the_bot_writes() -> None:
    assert decode_callback("v1|hint|calendar|2026-01-25") is not None
    assert decode_callback("v1|hint|calendar|Jan 25 2026") is None
    assert decode_callback("v1|hint|calendar|20260125") is None
    assert decode_callback("v1|hint|calendar|2026-02-30") is None


def test_a_hint_button_carries_its_stage_and_nothing_else_does() -> None:
    hint = decode_callback("v1|hint|calendar|2026-01-25|2")
    assert isinstance(hint, Callback) and hint.stage == 2
    old = decode_callback("v1|hint|calendar|2026-01-25")  # a button from before: the next stage
    assert isinstance(old, Callback) and old.stage is None
    for forged in (
        "v1|hint|calendar|2026-01-25|0",
        "v1|hint|calendar|2026-01-25|4",
        "v1|hint|calendar|2026-01-25|x",
    ):
        assert decode_callback(forged) is None
    assert decode_callback("v1|solved|calendar|2026-01-25|2") is None  # only hints name a stage
    assert encode_callback(Callback(Action.HINT, PuzzleKind.CALENDAR, date(2026, 1, 25), 3)).endswith("|3")


# ---------------------------------------------------------------- time zones


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("Asia/Tokyo", "Asia/Tokyo"),
        ("Europe/Berlin", "Europe/Berlin"),
        ("asia/tokyo", "Asia/Tokyo"),
        ("AMERICA/NEW_YORK", "America/New_York"),
        ("america/new york", "America/New_York"),
        ("America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("tokyo", "Asia/Tokyo"),
        ("Tokyo", "Asia/Tokyo"),
        ("new york", "America/New_York"),
        ("New_York", "America/New_York"),
        ("sao paulo", "America/Sao_Paulo"),
        ("São Paulo", "America/Sao_Paulo"),
        ("london", "Europe/London"),
        ("port au prince", "America/Port-au-Prince"),
        ("St. John's", "America/St_Johns"),
        ("buenos aires", "America/Argentina/Buenos_Aires"),  # an old alias collapses into its zone
        ("amsterdam", "Europe/Amsterdam"),  # still listed for its country, so not replaced
        ("kiev", "Europe/Kyiv"),
        ("Asia/Calcutta", "Asia/Kolkata"),
        ("US/Eastern", "America/New_York"),
        ("us/pacific", "America/Los_Angeles"),
        ("hawaii", "Pacific/Honolulu"),
        ("japan", "Asia/Tokyo"),
        ("JST", "Asia/Tokyo"),
        ("東京", "Asia/Tokyo"),
        ("EST", "America/New_York"),
        ("UTC", "UTC"),
        ("gmt", "UTC"),
        ("UTC+0", "UTC"),
        ("+00:00", "UTC"),
        ("UTC+9", "Etc/GMT-9"),
        ("utc+09:00", "Etc/GMT-9"),
        ("+09:00", "Etc/GMT-9"),
        ("+0900", "Etc/GMT-9"),
        ("+9", "Etc/GMT-9"),
        ("GMT-5", "Etc/GMT+5"),
        ("UTC −5", "Etc/GMT+5"),
        ("-12:00", "Etc/GMT+12"),
        ("+14", "Etc/GMT-14"),
        ("Etc/GMT-9", "Etc/GMT-9"),
        ("+5:45", "Asia/Kathmandu"),
        ("UTC+4:30", "Asia/Kabul"),
        ("-3:30", "America/St_Johns"),
    ],
)
def test_time_zones_are_read_by_name_city_and_offset(given: str, expected: str) -> None:
    assert parse_timezone(given) == expected


def test_the_sign_of_an_offset_zone_is_what_the_user_meant() -> None:
    for offset in range(-12, 15):
        name = parse_timezone(f"UTC{offset:+d}")
        shift = ZoneInfo(name).utcoffset(datetime(2026, 6, 1))
        assert shift is not None and shift.total_seconds() == offset * 3600


@pytest.mark.parametrize(
    ("given", "choices"),
    [
        ("+5:30", ["Asia/Colombo", "Asia/Kolkata"]),
        ("UTC+05:30", ["Asia/Colombo", "Asia/Kolkata"]),
        ("+6:30", ["Asia/Yangon", "Indian/Cocos"]),
        ("+9:30", ["Australia/Adelaide", "Australia/Broken_Hill", "Australia/Darwin"]),
        ("eastern", ["America/New_York", "America/Toronto"]),
        ("pacific", ["America/Los_Angeles", "America/Vancouver"]),
        ("west", ["America/Manaus", "Australia/Perth"]),
        ("IST", ["Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"]),
        ("cst", ["America/Chicago", "Asia/Shanghai", "America/Havana"]),
        ("MST", ["America/Denver", "America/Phoenix"]),
    ],
)
def test_a_zone_with_several_readings_is_asked_back(given: str, choices: list[str]) -> None:
    with pytest.raises(Ambiguous) as caught:
        parse_timezone(given)
    assert caught.value.key == "ambiguous_timezone"
    assert caught.value.choices == choices
    assert caught.value.value == " or ".join(choices)
    assert [parse_timezone(choice) for choice in choices] == choices


@pytest.mark.parametrize(
    "given",
    [
        "Mars/Phobos",
        "georgia",
        "localtime",
        "Factory",
        "",
        "UTC+15",
        "-13",
        "+7:30",
        "+5:99",
        "+930",
        "x" * 99,
    ],
)
def test_unknown_time_zones_are_refused(given: str) -> None:
    with pytest.raises(BadArgument) as caught:
        parse_timezone(given)
    assert caught.type is BadArgument
    assert caught.value.key == "bad_timezone"


def test_every_iana_name_and_city_is_found_and_loads() -> None:
    for name in inputs._known_timezones():
        if name.lower() in inputs.ZONE_ALIASES:  # EST, MST, HST are read as the abbreviations people mean
            continue
        found = parse_timezone(name)
        assert parse_timezone(name.lower()) == parse_timezone(name.upper()) == found
        ZoneInfo(found)
        if name.split("/", 1)[0] in inputs.AREAS:
            city = name.rsplit("/", 1)[1].replace("_", " ")
            try:
                assert parse_timezone(city) == found
            except Ambiguous as question:
                assert found in question.choices


def test_an_ambiguity_echoes_its_choices_whole() -> None:
    question = Ambiguous("ambiguous_timezone", "x" * 100, ["America/Argentina/Buenos_Aires"] * 3)
    assert question.value == " or ".join(["America/Argentina/Buenos_Aires"] * 3)
    assert question.given == "x" * inputs.MAX_ECHO + "…"
    assert isinstance(question, BadArgument) and isinstance(question, ValueError)
