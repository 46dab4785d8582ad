"""The daily page's year at a glance: the heatmap of the edition shown, a link on each date of
the year to its board, and today outlined (``templates/daily.html`` marks it up)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from api.web.language import PageLanguage
from hints import links
from hints.catalog import Puzzle, dates_of_year, target_for_date
from hints.words import date_label, heatmap_layout, puzzle_title
from i18n import N_

LEAP_YEAR = 2000  # a year with every month and day of the calendar, 02-29 too
PLAY_DATE = N_("{date}: play its board")  # a date's link on the heatmap
# TRANSLATORS: ends a sentence ({text}) of the web page, e.g. the paragraph over the year heatmap
SENTENCE = N_("{text}.")


@dataclass(frozen=True)
class Box:
    """A date's square on the heatmap, in the picture's pixels."""

    x: int
    y: int
    width: int
    height: int


@dataclass(frozen=True)
class DateLink:
    href: str
    name: str
    box: Box


@dataclass(frozen=True)
class Heatmap:
    heading: str
    words: str
    tap: str
    src: str
    alt: str
    width: int
    height: int
    label: str  # of the dates' links
    dates: tuple[DateLink, ...]
    today: Box | None


def _box(month: int, day: int) -> Box:
    x0, y0, x1, y1 = heatmap_layout().cell_box(month, day)
    return Box(x0, y0, x1 - x0 + 1, y1 - y0 + 1)


def _words(puzzle: Puzzle, year: int, language: PageLanguage) -> str:
    """The paragraph over the heatmap: what it shows, whose weekdays, what grey means."""
    words = language.text(N_("How many solutions the calendar has on each date; grey dates do not exist"))
    if puzzle.has_weekdays:
        words = language.text(
            N_(
                "{text}. Each date is counted with the weekday it has in {year} "
                "(the weekday cell left open too)"
            ),
            text=words,
            year=year,
        )
    if puzzle.on_demand:
        words = language.text(
            N_("{text}; dates not solved yet are grey too (each is solved the first time it is asked for)"),
            text=words,
        )
    return language.text(SENTENCE, text=words)


def _dates(puzzle: Puzzle, year: int, faceup: bool, language: PageLanguage) -> tuple[DateLink, ...]:
    """A link on each date of ``year`` to its board, named by its date."""
    found = []
    for day in dates_of_year(year):
        target = target_for_date(puzzle, day).name
        href = links.play(puzzle.id, target, faceup=faceup, lang=language.param)
        name = language.text(PLAY_DATE, date=date_label(day.month, day.day, language.code))
        found.append(DateLink(href, name, _box(day.month, day.day)))
    return tuple(found)


def heatmap(puzzle: Puzzle, shown: date, today: date, faceup: bool, language: PageLanguage) -> Heatmap:
    """The year at a glance of the edition shown (on the weekday editions, the shown year's
    weekdays), loaded when scrolled to; each date links to its board (tapped, clicked, or reached
    with Tab), and today is outlined."""
    weekdays = puzzle.has_weekdays
    year = shown.year if weekdays else LEAP_YEAR  # elsewhere the picture is every year's
    width, height = heatmap_layout().size
    alt = language.text(
        N_("Heatmap of the number of solutions of {puzzle} for each date of the year"),
        puzzle=puzzle_title(puzzle, language.code),
    )
    return Heatmap(
        heading=language.text(N_("The year at a glance")),
        words=_words(puzzle, shown.year, language),
        tap=language.text(N_("Tap a date to play its board; today is outlined.")),
        src=links.heatmap(puzzle.id, shown.year if weekdays else None, language.code),
        alt=alt,
        width=width,
        height=height,
        label=language.text(N_("The dates of the year, each a link to its board")),
        dates=_dates(puzzle, year, faceup, language),
        today=_box(today.month, today.day) if not weekdays or today.year == year else None,
    )
