"""What users type as arguments, read generously: dates, post times and time zones.

Each ``parse_*`` function returns the one thing the input can mean, raises ``Ambiguous`` (with the
readings the user could send instead) when it can mean several, and ``BadArgument`` when it means
nothing. Input is NFKC-normalised first, so full-width digits (２０２６年１月２５日, ７：３０) work too.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta
from functools import cache
from importlib.resources import files
from pathlib import Path
from zoneinfo import TZPATH, ZoneInfo, ZoneInfoNotFoundError, available_timezones

from i18n import LANGUAGES
from i18n.locale_data import zone_city

MAX_ECHO = 40
MAX_CHOICES = 5  # an ambiguity with more readings than this is listed only this far

# ---------------------------------------------------------------- data

MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
MONTHS = {name: month for month, full in enumerate(MONTH_NAMES, 1) for name in (full, full[:3])} | {"sept": 9}

RELATIVE_DAYS = {
    "today": 0, "yesterday": -1, "tomorrow": 1,
    "今日": 0, "きょう": 0, "本日": 0, "昨日": -1, "きのう": -1, "明日": 1, "あした": 1, "あす": 1,
}  # fmt: skip

NAMED_TIMES = {"noon": "12:00", "midday": "12:00", "midnight": "00:00", "正午": "12:00"}

# Names people use for a zone that are not IANA names (nor an IANA city), keyed as ``_key`` spells
# them. An abbreviation that means several zones is asked back, never guessed. Extend freely.
ZONE_ALIASES: dict[str, tuple[str, ...]] = {
    "jst": ("Asia/Tokyo",),
    "日本": ("Asia/Tokyo",),
    "東京": ("Asia/Tokyo",),
    "大阪": ("Asia/Tokyo",),
    "osaka": ("Asia/Tokyo",),
    "kyoto": ("Asia/Tokyo",),
    "kst": ("Asia/Seoul",),
    "hkt": ("Asia/Hong_Kong",),
    "sgt": ("Asia/Singapore",),
    "beijing": ("Asia/Shanghai",),
    "mumbai": ("Asia/Kolkata",),
    "delhi": ("Asia/Kolkata",),
    "new delhi": ("Asia/Kolkata",),
    "msk": ("Europe/Moscow",),
    "bst": ("Europe/London",),
    # IANA's own EST, MST and HST are fixed offsets without daylight saving; people writing them
    # mean the clocks of New York, Denver or Honolulu. A fixed offset is still there as 'UTC-5'.
    "est": ("America/New_York",),
    "edt": ("America/New_York",),
    "cdt": ("America/Chicago",),
    "mdt": ("America/Denver",),
    "pst": ("America/Los_Angeles",),
    "pdt": ("America/Los_Angeles",),
    "hst": ("Pacific/Honolulu",),
    "cst": ("America/Chicago", "Asia/Shanghai", "America/Havana"),
    "ist": ("Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"),
    "mst": ("America/Denver", "America/Phoenix"),  # Arizona keeps standard time all year
}

# Where IANA keeps the cities of the world; other top-level names are legacy (US/, Canada/, Etc/ ...).
AREAS = frozenset((
    "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic",
    "Australia", "Europe", "Indian", "Pacific",
))  # fmt: skip
NOT_ZONES = frozenset(("localtime", "posixrules", "Factory"))  # files in the zone directory, not zones
OFFSET_SAMPLES = (  # a non-whole-hour offset is matched against each zone's offset on these days
    datetime(2026, 1, 15, 12, tzinfo=UTC),
    datetime(2026, 7, 15, 12, tzinfo=UTC),
)

ISO_DAY = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")
JAPANESE_DAY = re.compile(r"(?:(\d{4})年)?(\d{1,2})月(\d{1,2})日")
NUMERIC_DAY = re.compile(r"(\d{1,2})([-/.])(\d{1,2})(?:\2(\d{4}))?")
_ORDINAL = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:,?[\s/-]+(?P<year>\d{4}))?"
MONTH_DAY = re.compile(rf"(?P<month>[a-z]+)\.?[\s/-]+(?P<day>\d{{1,2}}){_ORDINAL}{_YEAR}")
DAY_MONTH = re.compile(rf"(?P<day>\d{{1,2}}){_ORDINAL}[\s/-]*(?:of\s+)?(?P<month>[a-z]+)\.?{_YEAR}")

CLOCK_TIME = re.compile(r"(\d{1,2})[:.](\d{2})")
AM_PM_TIME = re.compile(r"(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\.?")
BARE_HOUR = re.compile(r"\d{1,2}")
JAPANESE_TIME = re.compile(r"(午前|午後)?\s*(\d{1,2})時(?:(\d{1,2})分|(半))?")

UTC_NAMES = frozenset(("utc", "gmt", "z", "zulu", "uct", "universal", "etc/utc", "etc/gmt"))
OFFSET = re.compile(r"(?:utc|gmt|z)?\s*([+-])\s*(?:(\d{1,2})(?:[:.](\d{2}))?|(\d{2})(\d{2}))")

# ---------------------------------------------------------------- errors


class BadArgument(ValueError):
    """A user's argument is malformed; ``key`` names the message to reply with."""

    def __init__(self, key: str, value: str) -> None:
        super().__init__(key)
        self.key = key
        self.value = value[:MAX_ECHO] + ("…" if len(value) > MAX_ECHO else "")


class Ambiguous(BadArgument):
    """The argument has several readings; ``choices`` are what the user could send instead.

    ``value`` is the choices joined with " or ", ready for the message ``key`` ("Did you mean {value}?").
    """

    def __init__(self, key: str, value: str, choices: Iterable[str]) -> None:
        super().__init__(key, value)
        self.given = self.value
        self.choices = list(choices)[:MAX_CHOICES]
        self.value = " or ".join(self.choices)


def _plain(value: str) -> str:
    """The input NFKC-normalised (full-width digits and colons become ASCII), trimmed, lower case."""
    return unicodedata.normalize("NFKC", value).replace("−", "-").strip().lower()


# ---------------------------------------------------------------- times


def parse_post_time(value: str) -> str:
    """'7:30', '07.30', '7:30pm', '7 pm', '19時30分', 'noon' -> 'HH:MM'.

    A bare hour that could be morning or evening ('7', '7時') raises Ambiguous('ambiguous_time');
    anything else that is not a time of day raises BadArgument('bad_time').
    """
    text = _plain(value)
    if text in NAMED_TIMES:
        return NAMED_TIMES[text]
    if match := CLOCK_TIME.fullmatch(text):
        return _clock(int(match[1]), int(match[2]), value)
    if match := AM_PM_TIME.fullmatch(text):
        return _twelve_hour(int(match[1]), int(match[2] or 0), afternoon=match[3] == "p", value=value)
    if match := JAPANESE_TIME.fullmatch(text):
        minutes = 30 if match[4] else int(match[3] or 0)
        if match[1]:
            return _twelve_hour(int(match[2]), minutes, afternoon=match[1] == "午後", value=value, zero=True)
        if match[3] is None and match[4] is None:
            return _bare_hour(int(match[2]), value)
        return _clock(int(match[2]), minutes, value)
    if BARE_HOUR.fullmatch(text):
        return _bare_hour(int(text), value)
    raise BadArgument("bad_time", value)


def _clock(hours: int, minutes: int, value: str) -> str:
    """'HH:MM' of a 24-hour reading; BadArgument('bad_time') past 23:59."""
    if hours > 23 or minutes > 59:
        raise BadArgument("bad_time", value)
    return f"{hours:02d}:{minutes:02d}"


def _twelve_hour(hours: int, minutes: int, *, afternoon: bool, value: str, zero: bool = False) -> str:
    """'HH:MM' of an am/pm reading (1-12, so 12am is 00:00 and 12pm noon; 午前/午後 count 0-11)."""
    if not (0 if zero else 1) <= hours <= (11 if zero else 12):
        raise BadArgument("bad_time", value)
    return _clock(hours % 12 + (12 if afternoon else 0), minutes, value)


def _bare_hour(hours: int, value: str) -> str:
    """'HH:00' for an hour only a 24-hour clock has (0, 13-23); Ambiguous for 1-12."""
    if 1 <= hours <= 12:
        readings = (hours, hours + 12) if hours < 12 else (12, 0)
        raise Ambiguous("ambiguous_time", value, (f"{h:02d}:00" for h in readings))
    return _clock(hours, 0, value)


# ---------------------------------------------------------------- dates


def parse_day(value: str, today: date | None = None) -> date:
    """A date from '2026-01-25', 'yesterday', 'Jan 25', '25 January 2027', '1/13', '1月25日' ...

    Words relative to ``today`` and dates without a year need ``today``; without it they raise
    BadArgument('bad_date'), as does anything that is not a date. A day-month order that could go
    either way ('01/02') raises Ambiguous('ambiguous_date'); an impossible date BadArgument('not_a_date').
    """
    text = _plain(value)
    if text in RELATIVE_DAYS:
        if today is None:
            raise BadArgument("bad_date", value)
        return today + timedelta(days=RELATIVE_DAYS[text])
    if match := ISO_DAY.fullmatch(text):
        return _real_date(int(match[1]), int(match[2]), int(match[3]), value)
    if match := JAPANESE_DAY.fullmatch(text):
        year = int(match[1]) if match[1] else _this_year(today, value)
        return _real_date(year, int(match[2]), int(match[3]), value)
    if match := NUMERIC_DAY.fullmatch(text):
        year = int(match[4]) if match[4] else _this_year(today, value)
        return _either_order(year, int(match[1]), int(match[3]), value)
    for pattern in (MONTH_DAY, DAY_MONTH):
        if (match := pattern.fullmatch(text)) and match["month"] in MONTHS:
            year = int(match["year"]) if match["year"] else _this_year(today, value)
            return _real_date(year, MONTHS[match["month"]], int(match["day"]), value)
    raise BadArgument("bad_date", value)


def _this_year(today: date | None, value: str) -> int:
    """The year of ``today``; BadArgument('bad_date') if the caller gave no today."""
    if today is None:
        raise BadArgument("bad_date", value)
    return today.year


def _real_date(year: int, month: int, day: int, value: str) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise BadArgument("not_a_date", value) from None


def _either_order(year: int, first: int, second: int, value: str) -> date:
    """The one real date of month/day and day/month; Ambiguous if both are real and differ."""
    readings = sorted({d for d in (_maybe_date(year, first, second), _maybe_date(year, second, first)) if d})
    if not readings:
        raise BadArgument("not_a_date", value)
    if len(readings) > 1:
        raise Ambiguous("ambiguous_date", value, (d.isoformat() for d in readings))
    return readings[0]


def _maybe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def parse_iso_day(value: str) -> date:
    """Strictly 'YYYY-MM-DD' (what the bot itself writes); BadArgument('bad_date'/'not_a_date') otherwise."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise BadArgument("bad_date", value)
    return _real_date(int(value[:4]), int(value[5:7]), int(value[8:]), value)


# ---------------------------------------------------------------- time zones


def parse_timezone(value: str) -> str:
    """The IANA name (canonical where IANA has renamed it) for what the user typed.

    Accepts IANA names in any case ('asia/tokyo'), a city alone ('tokyo', 'new york', 'são paulo'),
    a few common abbreviations and names ('JST', 'EST', '東京') and offsets from UTC ('UTC+9',
    '+09:00', 'GMT-5' -> 'Etc/GMT-9' ..., whose sign IANA inverts; '+5:45' -> 'Asia/Kathmandu').
    Several readings (a half-hour offset kept by more than one zone, 'eastern', 'IST') raise
    Ambiguous('ambiguous_timezone'); anything else BadArgument('bad_timezone').
    """
    text = _plain(value)
    if not text or len(text) > 64:
        raise BadArgument("bad_timezone", value)
    candidates = (
        _offset_zones(text, value)
        or ZONE_ALIASES.get(_key(text))
        or _zone_names().get(_key(text))
        or _zone_cities().get(_key(text))
    )
    if not candidates:
        raise BadArgument("bad_timezone", value)
    if len(candidates) > 1:
        raise Ambiguous("ambiguous_timezone", value, candidates)
    return _loadable(candidates[0], value)


def reads_as_zone(value: str) -> bool:
    """Whether ``value`` names a time zone, or several (:func:`parse_timezone` then asks which)."""
    try:
        parse_timezone(value)
    except Ambiguous:
        return True
    except BadArgument:
        return False
    return True


def zone_label(name: str, language: str) -> str:
    """A time zone as people write it in ``language``: 'UTC+1' for IANA's inverted 'Etc/GMT-1',
    its city's name for the others ('Tokyo' for 'Asia/Tokyo' in English, '東京' in Japanese,
    'New York' for 'America/New_York')."""
    if name in UTC_ZONE_NAMES:
        return "UTC"
    if match := re.fullmatch(r"Etc/GMT([+-])(\d{1,2})", name):
        return f"UTC{'-' if match[1] == '+' else '+'}{int(match[2])}"
    return zone_city(name, language)


UTC_ZONE_NAMES = frozenset(
    {"UTC", "Etc/UTC", "Etc/GMT", "Etc/GMT+0", "Etc/GMT-0", "GMT", "Etc/Universal", "Etc/Zulu"}
)


def _loadable(name: str, value: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise BadArgument("bad_timezone", value) from None
    return name


def _key(text: str) -> str:
    """How names are compared: no accents, no case, '_', '-' and spaces alike, no dots or apostrophes."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    parts = (re.sub(r"[\s_-]+", " ", re.sub(r"[.'’]", "", part)).strip() for part in bare.lower().split("/"))
    return "/".join(parts)


def _offset_zones(text: str, value: str) -> tuple[str, ...]:
    """Zones for 'UTC', 'UTC+9', '+09:00', '-0330' ...; () if the text is no offset at all.

    Whole hours map to Etc/GMT∓N (IANA's sign is inverted: Etc/GMT-9 is UTC+9); other offsets to the
    real zones keeping that offset in winter or summer. BadArgument('bad_timezone') if none does.
    """
    if text in UTC_NAMES:
        return ("UTC",)
    match = OFFSET.fullmatch(text)
    if not match:
        return ()
    hours, minutes = (int(match[2]), int(match[3] or 0)) if match[2] else (int(match[4]), int(match[5]))
    sign = -1 if match[1] == "-" else 1
    if minutes == 0 and hours == 0:
        return ("UTC",)
    if minutes == 0 and f"Etc/GMT{-sign * hours:+d}" in _known_timezones():
        return (f"Etc/GMT{-sign * hours:+d}",)
    zones = _zones_by_offset().get(sign * (hours * 60 + minutes), ()) if minutes < 60 else ()
    if not zones:
        raise BadArgument("bad_timezone", value)
    return zones


@cache
def _known_timezones() -> frozenset[str]:
    return frozenset(available_timezones()) - NOT_ZONES


@cache
def _tz_source() -> tuple[frozenset[str], dict[str, str]]:
    """IANA's zones and its links (alias -> zone) from tzdata.zi, the ones named in zone.tab counting as
    zones; empty if no tzdata.zi can be found (then every name stands for itself)."""
    zones: set[str] = set()
    links: dict[str, str] = {}
    for line in _tz_file("tzdata.zi").splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[0] == "Z":
            zones.add(fields[1])
        elif len(fields) == 3 and fields[0] == "L":
            links[fields[2]] = fields[1]
    for table in ("zone.tab", "zone1970.tab"):
        zones.update(
            fields[2]
            for fields in (line.split("\t") for line in _tz_file(table).splitlines())
            if len(fields) >= 3 and not fields[0].startswith("#")
        )
    return frozenset(zones), links


def _tz_file(name: str) -> str:
    """A file of the tz database, from the tzdata package or else the system's zone directory."""
    try:
        return files("tzdata").joinpath("zoneinfo", name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, OSError):
        pass
    for directory in TZPATH:
        try:
            return (Path(directory) / name).read_text(encoding="utf-8")
        except OSError:
            continue
    return ""


def _canonical(name: str) -> str:
    """The zone a legacy alias stands for ('US/Eastern' -> 'America/New_York', 'Asia/Calcutta' ->
    'Asia/Kolkata'); a name IANA still lists for its country (Europe/Amsterdam) stays as it is."""
    zones, links = _tz_source()
    seen = 0
    while name not in zones and links.get(name) in _known_timezones() and seen < 5:
        name, seen = links[name], seen + 1
    return name


@cache
def _zone_names() -> dict[str, tuple[str, ...]]:
    """Every known zone name by its ``_key`` ('america/new york'), to its canonical name."""
    return {_key(name): (_canonical(name),) for name in sorted(_known_timezones())}


@cache
def _zone_cities() -> dict[str, tuple[str, ...]]:
    """The last part of every zone name ('new york', 'eastern'), and its city as each language
    shows it ('ベルリン': what a reply names can be typed back), to the canonical zones it names."""
    cities: defaultdict[str, set[str]] = defaultdict(set)
    for name in _known_timezones():
        if "/" in name and not name.startswith("Etc/"):
            cities[_key(name.rsplit("/", 1)[1])].add(_canonical(name))
            for language in LANGUAGES:
                cities[_key(zone_city(name, language))].add(_canonical(name))
    return {city: tuple(sorted(zones)) for city, zones in cities.items()}


@cache
def _zones_by_offset() -> dict[int, tuple[str, ...]]:
    """Minutes east of UTC -> the zones of IANA's areas keeping that offset on an OFFSET_SAMPLES day."""
    zones, _ = _tz_source()
    found: defaultdict[int, set[str]] = defaultdict(set)
    for name in (zones or _known_timezones()) & _known_timezones():
        if name.split("/", 1)[0] in AREAS:
            for moment in OFFSET_SAMPLES:
                offset = moment.astimezone(ZoneInfo(name)).utcoffset()
                if offset is not None:
                    found[int(offset.total_seconds()) // 60].add(name)
    return {minutes: tuple(sorted(names)) for minutes, names in found.items()}
