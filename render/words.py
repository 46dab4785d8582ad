"""Words drawn on the images (month and weekday names, board labels), marked for translation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import N_, translate, translator
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
_TRANSLATED_LABELS = frozenset((*MONTHS, *WEEKDAYS))


def month_name(month: int, language: str) -> str:
    """The short name of ``month`` (1-12): "Jan" in English, "1月" in Japanese."""
    return translate(language, MONTHS[month - 1])


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


def join_words(words: Sequence[str], language: str) -> str:
    """'L', 'L and N', 'L, N and P' in ``language`` (Japanese: 'L、N、P')."""
    if len(words) <= 1:
        return "".join(words)
    t = translator(language)
    # TRANSLATORS: the separator between the words of a list ("L, N and P")
    separator = t.gettext(", ")
    return t.gettext("{names} and {last}").format(names=separator.join(words[:-1]), last=words[-1])
