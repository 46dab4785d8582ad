"""Hints from a player's own board, drawn and written: the board as it is, what to add, what to take off."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from render.images import render_board
from render.text import render_text
from solver.catalog import Puzzle, Target
from solver.hints import Stage
from solver.problem import Placement

POSITION_TITLES = {
    Stage.ONE_PIECE: "From your board: the safest next piece",
    Stage.HALF: "From your board: half of the missing pieces",
    Stage.ANSWER: "From your board: every missing piece",
}


@dataclass(frozen=True)
class PositionDrawing:
    """What a position hint shows; counts are raw (every rotation and reflection counts)."""

    puzzle: Puzzle
    target: Target
    stage: Stage
    given: tuple[Placement, ...]
    take_off: tuple[Placement, ...]
    added: tuple[Placement, ...]
    remaining: int
    total: int
    in_every: bool
    symmetric: bool  # the board has symmetries, so raw counts differ from the published ones

    def names(self, placements: Sequence[Placement]) -> str:
        found = [self.puzzle.pieces[p.piece].name for p in placements]
        return found[0] if len(found) == 1 else ", ".join(found[:-1]) + " and " + found[-1]


def solutions_phrase(count: int, total: int, symmetric: bool) -> str:
    """'3 of 40 solutions' (with what is counted, on boards where rotations and reflections differ)."""
    phrase = f"{count} of {total} solution{'s' if total != 1 else ''}"
    return phrase + (" (each rotation and reflection of the board counted)" if symmetric else "")


def position_caption(drawing: PositionDrawing) -> str:
    """One sentence: what to take off, what the hint adds, and how many solutions remain with it."""
    parts = []
    if drawing.take_off:
        parts.append(f"Dead end: take off {drawing.names(drawing.take_off)} first.")
    left = solutions_phrase(drawing.remaining, drawing.total, drawing.symmetric)
    if not drawing.added:
        parts.append(f"Nothing to add: {left} match your board.")
    elif drawing.stage == Stage.ONE_PIECE and drawing.in_every:
        parts.append(f"Add {drawing.names(drawing.added)}: every solution from here has it ({left}).")
    elif drawing.stage == Stage.ONE_PIECE:
        parts.append(f"Add {drawing.names(drawing.added)}: {left} remain with it.")
    elif drawing.remaining == 1:
        parts.append(f"Add {drawing.names(drawing.added)}: then there is exactly one way to finish.")
    else:
        parts.append(f"Add {drawing.names(drawing.added)}: {left} remain with them.")
    return " ".join(parts)


def where(drawing: PositionDrawing) -> str:
    """The target's name on calendars ('11-22'), the puzzle's title on single-target boards."""
    return drawing.target.name if len(drawing.puzzle.targets) > 1 else drawing.puzzle.title


def position_image(drawing: PositionDrawing) -> bytes:
    """PNG: the given pieces, the hint's pieces lighter and ringed, pieces to take off crossed out."""
    return render_board(
        drawing.puzzle,
        drawing.given,
        marked=drawing.target.uncovered,
        title=f"{where(drawing)} · {POSITION_TITLES[drawing.stage]}",
        subtitle=position_caption(drawing),
        added=drawing.added,
        crossed=drawing.take_off,
    )


def position_text(drawing: PositionDrawing) -> str:
    """The same hint as text: the board with the given and added pieces, then what is new."""
    lines = [
        f"{drawing.puzzle.title} · {drawing.target.name} · {POSITION_TITLES[drawing.stage]}",
        position_caption(drawing),
        render_text(drawing.puzzle, (*drawing.given, *drawing.added), drawing.target.uncovered),
    ]
    if drawing.added:
        lines.append(f"new: {drawing.names(drawing.added)}")
    if drawing.take_off:
        lines.append(f"take off: {drawing.names(drawing.take_off)}")
    return "\n".join(lines)
