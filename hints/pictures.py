"""The pictures the service shows: each one named by one key and drawn (to PNG) only when asked.
This module is the one place the service and the front ends rasterise (:mod:`render`'s PNGs).

A :class:`Picture` is what a front end sends or serves: ``key`` names its bytes (same key, same
picture), ``draw()`` makes them through :mod:`render`. The bot keeps Telegram's file id per key
(an image is uploaded once), the API its payloads per key; neither draws a picture itself.

:func:`picture_key` is the one way a key is made: ``kind[:YYYY-MM-DD]:part…[:language]``. A key
with a day says it second (``db.pruning`` drops the bot's file ids two days after that day); the
language is said last, except for English.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from i18n import SOURCE_LANGUAGE
from render.date_counts import MAX_DATES, render_date_counts
from render.editions import render_editions
from render.hint import hint_image
from render.images import render_board
from render.images import render_heatmap as _render_heatmap
from render.position import PositionDrawing, position_image
from render.solved_days import render_solved_days
from render.words import (
    HeatmapWords,
    board_labels,
    date_label,
    heatmap_words,
    puzzle_title,
    solved_days_words,
    stored_dates_words,
)
from solver.catalog import Puzzle, Target
from solver.encoding import Placement
from solver.stages import Hint


@dataclass(frozen=True)
class Picture:
    """A PNG named by ``key`` and drawn by ``draw`` (lazily: a cached key needs no drawing)."""

    key: str
    draw: Callable[[], bytes]


def hint_png(puzzle: Puzzle, hint: Hint, **drawing: Any) -> bytes:
    """A hint (a daily stage, or another solution shown as an answer) on its puzzle's board:
    :func:`render.hint.hint_image` with ``drawing``'s heading, marks and words."""
    return hint_image(puzzle, hint, **drawing)


def picture_key(kind: str, *parts: object, day: date | None = None, language: str = SOURCE_LANGUAGE) -> str:
    """The name of a picture's bytes: its kind, its day if it has one, what else it depends on,
    and the language of its words (left out for English)."""
    words = [kind, *([day.isoformat()] if day is not None else []), *map(str, parts)]
    return ":".join(words + ([] if language == SOURCE_LANGUAGE else [language]))


def digest(value: object) -> str:
    """A short fingerprint of what a picture shows, for keys of pictures drawn from data."""
    return hashlib.sha256(repr(value).encode()).hexdigest()[:12]


def heatmap_key(puzzle: Puzzle, identity: object, language: str) -> str:
    """The key of a puzzle's year grid; ``identity`` tells one grid of the puzzle from another."""
    return picture_key("heatmap", puzzle.id, identity, language=language)


def heatmap(
    puzzle: Puzzle, counts: Mapping[str, int], title: str, language: str, *, identity: object = None
) -> Picture:
    """The year grid of solutions per date (``counts``: ``MM-DD`` -> count) in ``language``.
    ``identity``: see :func:`heatmap_key` (default: the counts themselves)."""
    words = heatmap_words(language)
    which = digest(sorted(counts.items())) if identity is None else identity
    return Picture(
        heatmap_key(puzzle, which, language),
        lambda: _render_heatmap(counts, **{**vars(words), "title": title}),
    )


def stored_dates(puzzle: Puzzle, counts: Mapping[str, int], title: str, language: str) -> Picture:
    """The counts of an edition's dates solved so far: a tile per date while they are few, else the
    year grid with the missing dates said to be not solved yet."""
    words = stored_dates_words(language)
    key = picture_key("heatmap-stored", puzzle.id, digest(sorted(counts.items())), language=language)
    if len(counts) > MAX_DATES:
        year: HeatmapWords = heatmap_words(language)
        grid = {**vars(year), "title": title, "no_data": words.no_data}
        return Picture(key, lambda: _render_heatmap(counts, **grid))
    tiles = [(date_label(int(k[:2]), int(k[3:]), language), counts[k]) for k in sorted(counts)]
    return Picture(
        key,
        lambda: render_date_counts(
            tiles, title=title, subtitle=words.subtitle, fewest=words.fewest, most=words.most
        ),
    )


def solved_days(days: Mapping[int, int], today: date, language: str) -> Picture:
    """The month of ``today`` with ``days`` (day of the month -> hint stages used) marked."""
    words = solved_days_words(today.year, today.month, language)
    key = picture_key("solved", digest(sorted(days.items())), day=today, language=language)
    return Picture(
        key, lambda: render_solved_days(today.year, today.month, days, today=today.day, **vars(words))
    )


def edition_sheet(named: Sequence[tuple[Puzzle, str]], language: str) -> Picture:
    """Every edition's board and piece set, each under its name, in one picture."""
    key = picture_key("edition-sheet", "|".join(p.id for p, _ in named), language=language)
    return Picture(key, lambda: render_editions(named, language))


def position_key(
    puzzle: Puzzle,
    target: Target,
    code: str,
    stage: int,
    language: str,
    *,
    faceup: bool = False,
    fixed: str = "",
) -> str:
    """The key of a hint from the position ``code`` (face up or not, ``fixed`` pieces kept)."""
    options = (*(("faceup",) if faceup else ()), *((f"fixed-{fixed}",) if fixed else ()))
    return picture_key("board", puzzle.id, target.name, code, f"stage{stage}", *options, language=language)


def position(
    drawing: PositionDrawing, code: str, language: str, *, faceup: bool = False, fixed: str = ""
) -> Picture:
    """A hint from a position (the position's ``code``): the pieces to take off and to add."""
    key = position_key(
        drawing.puzzle, drawing.target, code, int(drawing.stage), language, faceup=faceup, fixed=fixed
    )
    return Picture(key, lambda: position_image(drawing, language))


def solution_key(puzzle: Puzzle, target: Target, number: int) -> str:
    return picture_key("solution", puzzle.id, target.name, number)


def solution(
    puzzle: Puzzle, target: Target, number: int, placements: Sequence[Placement], *, title: str, subtitle: str
) -> Picture:
    """Stored solution ``number`` of a target, under ``title`` and ``subtitle``."""
    return Picture(
        solution_key(puzzle, target, number),
        lambda: render_board(puzzle, placements, marked=target.uncovered, title=title, subtitle=subtitle),
    )


def empty_board_key(puzzle: Puzzle, language: str) -> str:
    return picture_key("edition-board", puzzle.id, language=language)


def empty_board(puzzle: Puzzle, language: str) -> Picture:
    """A puzzle's empty board, titled and labelled in ``language``."""
    labels = board_labels(puzzle, language)
    title = puzzle_title(puzzle, language)
    return Picture(
        empty_board_key(puzzle, language), lambda: render_board(puzzle, [], title=title, labels=labels)
    )
