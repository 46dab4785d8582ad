"""Hint images and their text twins: the same title and caption, drawn or printed."""

from __future__ import annotations

from collections.abc import Collection

from render.images import render_board
from render.text import render_text
from solver.catalog import Puzzle
from solver.geometry import Cell
from solver.hints import Hint, Stage

STAGE_TITLES = {
    Stage.PUZZLE: "The puzzle",
    Stage.ONE_PIECE: "Hint 1 of 3",
    Stage.HALF: "Hint 2 of 3",
    Stage.ANSWER: "The answer",
}


def caption(hint: Hint, preplaced: int = 0) -> str:
    """'With this piece placed, 3 of the day's 47 solutions remain' and the like (any date, not just today).

    ``preplaced`` > 0 means a pentomino challenge: its total counts every
    solution of the board, so the wording says "the board's".
    """
    whose = "the board's" if preplaced else "the day's"
    if hint.stage == Stage.PUZZLE:
        return puzzle_caption(hint.total, preplaced)
    if hint.stage == Stage.ANSWER:
        return f"The full answer: one of {whose} {hint.total} solutions"
    extra = len(hint.shown) - preplaced
    what = "this piece" if len(hint.shown) == 1 else f"these {len(hint.shown)} pieces"
    if preplaced:
        what = f"{extra} more piece{'s' if extra != 1 else ''}"
    verb = "remains" if hint.remaining == 1 else "remain"
    return f"With {what} placed, {hint.remaining} of {whose} {hint.total} solutions {verb}"


def puzzle_caption(total: int, preplaced: int = 0) -> str:
    """Caption of the puzzle itself (stage 0)."""
    if preplaced:
        return f"{preplaced} piece{'s' if preplaced != 1 else ''} pre-placed: exactly one way to finish"
    return f"{total} solutions on this date · leave the marked cells uncovered"


def hint_image(
    puzzle: Puzzle, hint: Hint, *, heading: str, marked: Collection[Cell] = (), preplaced: int = 0
) -> bytes:
    """PNG of a hint: its placements, the target marked, title and 'N solutions remain'."""
    return render_board(
        puzzle,
        hint.shown,
        marked=frozenset(marked),
        title=f"{heading} · {STAGE_TITLES[hint.stage]}",
        subtitle=caption(hint, preplaced),
    )


def hint_text(
    puzzle: Puzzle, hint: Hint, *, heading: str, marked: Collection[Cell] = (), preplaced: int = 0
) -> str:
    """The same hint for terminals and logs (the solver's text renderer)."""
    return "\n".join(
        [
            f"{heading} · {STAGE_TITLES[hint.stage]}",
            caption(hint, preplaced),
            render_text(puzzle, hint.shown, marked),
        ]
    )
