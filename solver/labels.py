"""Board labels as people write them: months, days and weekdays in English or Japanese.

A board token is read after Unicode NFKC normalisation (full-width ``１２月`` is ``12月``) and
stored under its English label (:data:`solver.catalog.MONTH_ABBREVIATIONS`, ``"1"`` to ``"31"``,
:data:`solver.catalog.WEEKDAY_ABBREVIATIONS`), which the targets, the pictures and the
translations already know.

- months: ``Jan`` … ``Dec`` or ``January`` …; ``1月`` … ``12月``
- days: ``1`` … ``31`` (``01`` too); ``1日`` … ``31日``
- weekdays: ``Sun`` … ``Sat`` or ``Sunday`` …; ``日`` ``月`` ``火`` ``水`` ``木`` ``金`` ``土``,
  alone or with ``曜`` or ``曜日``

English words are read in any letter case. A lone ``月`` is Monday and a lone ``日`` Sunday, as
on Japanese calendars; a month always carries its number.
"""

from __future__ import annotations

import calendar as std_calendar
import difflib
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from solver.catalog import MONTH_ABBREVIATIONS, WEEKDAY_ABBREVIATIONS

LabelKind = Literal["month", "day", "weekday"]
DAYS = tuple(str(day) for day in range(1, 32))

_JAPANESE_WEEKDAYS = "月火水木金土日"  # Monday first, as WEEKDAY_ABBREVIATIONS
_LONG_MONTHS = tuple(name.lower() for name in std_calendar.month_name[1:])
_LONG_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _words() -> dict[str, tuple[LabelKind, str]]:
    """Every spelling but the days' numbers -> (kind, English label)."""
    words: dict[str, tuple[LabelKind, str]] = {}
    for month, label in enumerate(MONTH_ABBREVIATIONS, start=1):
        for spelling in (label.lower(), _LONG_MONTHS[month - 1], f"{month}月"):
            words[spelling] = ("month", label)
    for index, label in enumerate(WEEKDAY_ABBREVIATIONS):
        kanji = _JAPANESE_WEEKDAYS[index]
        for spelling in (label.lower(), _LONG_WEEKDAYS[index], kanji, f"{kanji}曜", f"{kanji}曜日"):
            words[spelling] = ("weekday", label)
    return words


_WORDS = _words()
_DAY = re.compile(r"(\d+)日?")


@dataclass(frozen=True)
class Label:
    """A board token read as a label: its kind and its English form (``Jan``, ``25``, ``Sun``)."""

    kind: LabelKind
    label: str


@dataclass(frozen=True)
class BadDay:
    """A day number no month has (``0``, ``32``)."""

    day: int


def read_label(token: str) -> Label | BadDay | None:
    """The label a board token names, BadDay for a number that is no day, None for anything else."""
    text = unicodedata.normalize("NFKC", token)
    found = _WORDS.get(text.lower())
    if found is not None:
        return Label(*found)
    match = _DAY.fullmatch(text)
    if match is None:
        return None
    day = int(match.group(1))
    return Label("day", str(day)) if 1 <= day <= 31 else BadDay(day)


def suggest_label(token: str) -> str | None:
    """The English label closest to an unknown token (``Jna`` -> ``Jan``), or None."""
    word = unicodedata.normalize("NFKC", token).lower()
    short = len(word) <= 4  # compared with the abbreviations, longer words with the full names
    spellings = [s for s in _WORDS if s.isascii() and (len(s) <= 3) == short]
    anagrams = [s for s in spellings if sorted(s) == sorted(word)]  # letters swapped: "Jna"
    close = anagrams or difflib.get_close_matches(word, spellings, n=1, cutoff=0.6)
    return _WORDS[close[0]][1] if close else None
