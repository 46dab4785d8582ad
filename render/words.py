"""Words drawn on the images (month and weekday names, board labels), marked for translation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import N_, SOURCE_LANGUAGE, translate, translator
from i18n.locale_data import first_weekday
from solver.catalog import Puzzle
from solver.geometry import Cell

MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)
WEEKDAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
LONG_MONTHS = (
    # TRANSLATORS: a month in a date written out in full (Japanese: 1月)
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)
_TRANSLATED_LABELS = frozenset((*MONTHS, *WEEKDAYS))


def month_name(month: int, language: str) -> str:
    """The short name of ``month`` (1-12): "Jan" in English, "1月" in Japanese."""
    return translate(language, MONTHS[month - 1])


def long_month_name(month: int, language: str) -> str:
    """The full name of ``month`` (1-12): "February" in English, "2月" in Japanese."""
    return translate(language, LONG_MONTHS[month - 1])


def month_names(language: str) -> tuple[str, ...]:
    return tuple(translate(language, name) for name in MONTHS)


def day_label(day: int, language: str) -> str:
    """A day of the month as people write it: "25" in English, "25日" in Japanese."""
    # TRANSLATORS: a day of the month, e.g. 25 (Japanese: {day}日)
    return translate(language, N_("{day}")).format(day=day)


def board_label(label: str, language: str) -> str:
    """A label printed on a board cell (a month, a day, a weekday) in ``language``. Day numbers
    stay numbers on the board, where the month cells above them make their meaning clear."""
    return translate(language, label) if label in _TRANSLATED_LABELS else label


# The titles of the catalog's puzzles (solver/data/puzzles/*.txt), marked for translation here: the
# data files are not source code. A test checks that every puzzle's title is in this list.
PUZZLE_TITLES = (
    N_("A-Puzzle-A-Day calendar (DragonFjord)"),
    N_("Calendar puzzle with a hexomino (CreaMakerspace)"),
    N_("Calendar puzzle with a T (JarringWords)"),
    N_("Tetromino puzzle calendar (TheRammer)"),
    N_("Weekday calendar (Monday first)"),
    N_("Weekday calendar (Sunday first)"),
    N_("Daily puzzle, 8 pieces (sh1ura)"),
    N_("Daily puzzle, 9 pieces (sh1ura)"),
    N_("Weekday calendar 6 × 9 (cal.joey.sh)"),
    N_("Daily Hexagonal Puzzle, 43 cells (sh1ura)"),
    N_("Daily Hexagonal Puzzle, 61 cells with weekdays (sh1ura)"),
    N_("Calendarium (Dmitry Andreev, Pluton)"),
    N_("Hexiamonds in a 6 × 6 rhombus"),
    N_("Tenyo hexiamond board"),
    N_("Pentominoes 3 × 20"),
    N_("Pentominoes 4 × 15"),
    N_("Pentominoes 5 × 12"),
    N_("Pentominoes 6 × 10"),
    N_("Pentominoes 8 × 8 with a centre hole"),
)


def puzzle_title(puzzle: Puzzle, language: str) -> str:
    """The puzzle's title in ``language`` (its data file's English title where there is none)."""
    return translate(language, puzzle.title)


# TRANSLATORS: the month and day cells a calendar's target leaves open, in "Leave {cells} uncovered";
# {month} is "Jan" translated, {day} is "{day}" translated (Japanese: {month}{day})
OPEN_DATE = N_("{month} and {day}")
# TRANSLATORS: the same with a weekday cell; {weekday} is "Mon" translated (Japanese: {month}{day}({weekday}))
OPEN_DATE_WEEKDAY = N_("{month}, {day} and {weekday}")


def open_cells_words(labels: Sequence[str], language: str) -> str:
    """The labels of the cells a calendar target leaves open, as the board has them ("Jan", "25",
    "Tue"), the way a sentence says them: "Jan and 25" or "Jan, 25 and Tue" in English, a date in
    Japanese ("1月25日", "1月25日(火)"). Labels that are not one month, one day and at most one
    weekday are listed ("L, N and P" in ``language``)."""
    months = [label for label in labels if label in MONTHS]
    days = [label for label in labels if label.isdigit()]
    weekdays = [label for label in labels if label in WEEKDAYS]
    if len(months) != 1 or len(days) != 1 or len(weekdays) > 1 or len(labels) != 2 + len(weekdays):
        return join_words([board_label(label, language) for label in labels], language)
    return translate(language, OPEN_DATE_WEEKDAY if weekdays else OPEN_DATE).format(
        month=translate(language, months[0]),
        day=day_label(int(days[0]), language),
        weekday=translate(language, weekdays[0]) if weekdays else "",
    )


def board_labels(puzzle: Puzzle, language: str) -> dict[Cell, str]:
    """Every labelled cell of ``puzzle`` with its label in ``language``."""
    return {cell: board_label(label, language) for cell, label in puzzle.labels.items()}


@dataclass(frozen=True)
class HeatmapWords:
    """The words of the year heatmap (``render_heatmap``'s keyword arguments) in one language."""

    title: str
    month_names: tuple[str, ...]
    fewest: str
    most: str
    no_data: str


def heatmap_words(language: str) -> HeatmapWords:
    t = translator(language)
    return HeatmapWords(
        title=t.gettext("Solutions per date"),
        month_names=month_names(language),
        # TRANSLATORS: the low end of the heatmap's colour scale; {n} is a number of solutions
        fewest=t.gettext("fewest {n}"),
        # TRANSLATORS: the high end of the heatmap's colour scale
        most=t.gettext("{n} most"),
        no_data=t.gettext("no date / no data"),
    )


def date_label(month: int, day: int, language: str) -> str:
    """A month and day, short: "Jan 22" in English, "1月22日" in Japanese."""
    # TRANSLATORS: a short date; {month} is "Jan" translated, {day} is "{day}" translated
    # (Japanese: {month}{day})
    template = translate(language, N_("{month} {day}"))
    return template.format(month=month_name(month, language), day=day_label(day, language))


def month_day_words(key: str, language: str) -> str:
    """A date of the year given as "MM-DD" (a heatmap's date), in a sentence: as written in
    English ("01-25", like the ISO dates of its texts), as its readers write a month and day in
    any other language ("1月25日")."""
    if language == SOURCE_LANGUAGE:
        return key
    return date_label(int(key[:2]), int(key[3:5]), language)


@dataclass(frozen=True)
class SolvedDaysWords:
    """The words of a person's month (``render.solved_days.render_solved_days``'s keyword
    arguments) in one language."""

    title: str
    subtitle: str
    weekday_names: tuple[str, ...]
    clean: str
    hinted: str
    today_label: str
    first_weekday: int  # the weekday the weeks start on for the language's readers, Monday 0


def solved_days_words(year: int, month: int, language: str) -> SolvedDaysWords:
    t = translator(language)
    # TRANSLATORS: the title of a month's calendar; {month} is a full month name (Japanese: {year}年{month})
    title = t.gettext("{month} {year}").format(month=t.gettext(LONG_MONTHS[month - 1]), year=year)
    return SolvedDaysWords(
        title=title,
        # TRANSLATORS: under the month's title in the picture of the days a person solved
        subtitle=t.gettext("Calendar puzzles you solved"),
        weekday_names=tuple(t.gettext(name) for name in WEEKDAYS),
        # TRANSLATORS: legend of the days a person solved: a day solved without any hint
        clean=t.gettext("solved, no hints"),
        # TRANSLATORS: legend of the days a person solved: a day solved after some hints
        hinted=t.gettext("with hints (a dot per stage)"),
        # TRANSLATORS: legend of the days a person solved: the framed square is today
        today_label=t.gettext("today"),
        first_weekday=first_weekday(language),
    )


@dataclass(frozen=True)
class StoredDatesWords:
    """The words of the solution counts of the dates solved so far (``render.date_counts``)."""

    subtitle: str
    fewest: str
    most: str
    no_data: str  # the year grid's grey squares, when it shows an edition not all solved


def stored_dates_words(language: str) -> StoredDatesWords:
    t = translator(language)
    heatmap = heatmap_words(language)
    return StoredDatesWords(
        # TRANSLATORS: under the title of an edition whose dates are solved the first time they are asked for
        subtitle=t.gettext("Only the dates solved so far"),
        fewest=heatmap.fewest,
        most=heatmap.most,
        no_data=t.gettext("no date / not solved yet"),
    )


def join_words(words: Sequence[str], language: str) -> str:
    """'L', 'L and N', 'L, N and P' in ``language`` (Japanese: 'L、N、P')."""
    if len(words) <= 1:
        return "".join(words)
    t = translator(language)
    # TRANSLATORS: the separator between the words of a list ("L, N and P")
    separator = t.gettext(", ")
    return t.gettext("{names} and {last}").format(names=separator.join(words[:-1]), last=words[-1])
