"""Hint images and their text twins: the same title and caption, drawn or printed."""

from __future__ import annotations

from collections.abc import Collection

from render.images import render_board
from render.text import render_text
from solver.catalog import Puzzle
from solver.geometry import Cell
from solver.hints import Hint, Stage
from solver.problem import Placement

STAGE_TITLES = {
    Stage.PUZZLE: "The puzzle",
    Stage.ONE_PIECE: "Hint 1 of 3",
    Stage.HALF: "Hint 2 of 3",
    Stage.ANSWER: "The answer",
}


def caption(hint: Hint, preplaced: int = 0) -> str:
    """'With this piece placed, 3 of the day's 47 solutions remain' and the like (any date, not just today).

    ``preplaced`` > 0 means a pentomino challenge: it has exactly one way to
    finish, so its captions say that instead of counting the whole board's
    solutions ("1 of 1472" would only confuse).
    """
    if hint.stage == Stage.PUZZLE:
        return puzzle_caption(hint.total, preplaced)
    if preplaced:
        if hint.stage == Stage.ANSWER:
            return "The only way to finish"
        extra = len(hint.shown) - preplaced
        return f"With {extra} more piece{'s' if extra != 1 else ''} placed: exactly one way to finish"
    if hint.stage == Stage.ANSWER:
        return f"The full answer: one of the day's {hint.total} solutions"
    what = "this piece" if len(hint.shown) == 1 else f"these {len(hint.shown)} pieces"
    verb = "remains" if hint.remaining == 1 else "remain"
    return f"With {what} placed, {hint.remaining} of the day's {hint.total} solutions {verb}"


def puzzle_caption(total: int, preplaced: int = 0) -> str:
    """Caption of the puzzle itself (stage 0)."""
    if preplaced:
        return f"{preplaced} piece{'s' if preplaced != 1 else ''} pre-placed: exactly one way to finish"
    return f"{total} solutions on this date · leave the marked cells uncovered"


def hint_image(
    puzzle: Puzzle,
    hint: Hint,
    *,
    heading: str,
    marked: Collection[Cell] = (),
    preplaced: int = 0,
    before: Collection[Placement] | None = None,
) -> bytes:
    """PNG of a hint: its placements, the target marked, title and 'N solutions remain'. Pieces
    not in ``before`` (what the previous stage showed) are marked as new; without ``before``
    (the puzzle itself, another solution) nothing is."""
    old, new = list(hint.shown), []
    if before is not None:
        shown_before = set(before)
        old = [p for p in hint.shown if p in shown_before]
        new = [p for p in hint.shown if p not in shown_before]
    return render_board(
        puzzle,
        old,
        marked=frozenset(marked),
        title=f"{heading} · {STAGE_TITLES[hint.stage]}",
        subtitle=caption(hint, preplaced),
        added=new,
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
