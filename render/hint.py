"""Hint images and their text twins: the same title and caption, drawn or printed, in any language."""

from __future__ import annotations

from collections.abc import Collection

from i18n import N_, translator
from render.images import render_board
from render.text import render_text
from render.words import board_labels
from solver.catalog import Puzzle
from solver.encoding import Placement
from solver.geometry import Cell
from solver.stages import Hint, Stage

STAGE_TITLES = {
    Stage.PUZZLE: N_("The puzzle"),
    Stage.ONE_PIECE: N_("Hint 1 of 3"),
    Stage.HALF: N_("Hint 2 of 3"),
    Stage.ANSWER: N_("The answer"),
}


def stage_title(stage: Stage, language: str = "en") -> str:
    return translator(language).gettext(STAGE_TITLES[stage])


def caption(hint: Hint, preplaced: int = 0, language: str = "en") -> str:
    """'With this piece placed, 3 of the day's 47 solutions remain' and the like (any date, not just today).

    ``preplaced`` > 0 means a pentomino challenge: it has exactly one way to
    finish, so its captions say that instead of counting the whole board's
    solutions ("1 of 1472" would only confuse).
    """
    t = translator(language)
    if hint.stage == Stage.PUZZLE:
        return puzzle_caption(hint.total, preplaced, language)
    if preplaced:
        if hint.stage == Stage.ANSWER:
            return t.gettext("The only way to finish")
        extra = len(hint.shown) - preplaced
        return t.ngettext(
            "With {n} more piece placed: exactly one way to finish",
            "With {n} more pieces placed: exactly one way to finish",
            extra,
        ).format(n=extra)
    if hint.stage == Stage.ANSWER:
        return t.ngettext(
            "The full answer: the day's only solution",
            "The full answer: one of the day's {n} solutions",
            hint.total,
        ).format(n=hint.total)
    if hint.remaining == hint.total:  # "720 of the day's 720 remain" says nothing
        return t.ngettext(
            "Every solution of the day has this piece here",
            "Every solution of the day has these {n} pieces here",
            len(hint.shown),
        ).format(n=len(hint.shown))
    placed = t.ngettext("With this piece placed", "With these {n} pieces placed", len(hint.shown))
    # TRANSLATORS: the verb agrees with {remaining}, the solutions left of the day's {total}
    remaining = t.ngettext(
        "{remaining} of the day's {total} solutions remains",
        "{remaining} of the day's {total} solutions remain",
        hint.remaining,
    )
    # TRANSLATORS: joins "With these 4 pieces placed" and "3 of the day's 40 solutions remain"
    sentence = t.gettext("{placed}, {remaining}")
    return sentence.format(
        placed=placed.format(n=len(hint.shown)),
        remaining=remaining.format(remaining=hint.remaining, total=hint.total),
    )


def puzzle_caption(total: int, preplaced: int = 0, language: str = "en") -> str:
    """Caption of the puzzle itself (stage 0)."""
    t = translator(language)
    if preplaced:
        return t.ngettext(
            "{n} piece pre-placed: exactly one way to finish",
            "{n} pieces pre-placed: exactly one way to finish",
            preplaced,
        ).format(n=preplaced)
    return t.ngettext(
        "{n} solution on this date · leave the marked cells uncovered",
        "{n} solutions on this date · leave the marked cells uncovered",
        total,
    ).format(n=total)


def hint_image(
    puzzle: Puzzle,
    hint: Hint,
    *,
    heading: str,
    marked: Collection[Cell] = (),
    preplaced: int = 0,
    before: Collection[Placement] | None = None,
    language: str = "en",
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
        title=f"{heading} · {stage_title(hint.stage, language)}",
        subtitle=caption(hint, preplaced, language),
        added=new,
        labels=board_labels(puzzle, language),
    )


def hint_text(
    puzzle: Puzzle, hint: Hint, *, heading: str, marked: Collection[Cell] = (), preplaced: int = 0
) -> str:
    """The same hint for terminals and logs (the solver's text renderer), in English."""
    return "\n".join(
        [
            f"{heading} · {stage_title(hint.stage)}",
            caption(hint, preplaced),
            render_text(puzzle, hint.shown, marked),
        ]
    )
