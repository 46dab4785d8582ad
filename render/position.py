"""Hints from a player's own board, drawn and written: the board as it is, what to add, what to take off."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import N_, translator
from render.images import render_board
from render.text import render_text
from render.words import board_labels, join_words
from solver.catalog import Puzzle, Target
from solver.encoding import Placement
from solver.stages import Stage

POSITION_TITLES = {
    Stage.ONE_PIECE: N_("From your board: the safest next piece"),
    Stage.HALF: N_("From your board: half of the missing pieces"),
    Stage.ANSWER: N_("From your board: every missing piece"),
}


@dataclass(frozen=True)
class PositionDrawing:
    """What a position hint shows. ``remaining``/``total`` count raw solutions (every rotation and
    reflection of a board apart); the ``distinct_`` pair counts them up to the board's symmetry,
    as puzzle fans do (2,339 for the 6x10), and is what the captions say."""

    puzzle: Puzzle
    target: Target
    stage: Stage
    given: tuple[Placement, ...]
    take_off: tuple[Placement, ...]
    added: tuple[Placement, ...]
    remaining: int
    total: int
    distinct_remaining: int
    distinct_total: int
    in_every: bool

    @property
    def symmetric(self) -> bool:
        """The board has symmetries, so raw counts differ from the published ones."""
        return self.total != self.distinct_total

    def names(self, placements: Sequence[Placement], language: str = "en") -> str:
        return piece_names(self.puzzle, placements, language)


def piece_names(puzzle: Puzzle, placements: Sequence[Placement], language: str = "en") -> str:
    """'L', 'L and N', 'L, N and P' (in ``language``)."""
    return join_words([puzzle.pieces[p.piece].name for p in placements], language)


def remain_phrase(drawing: PositionDrawing, language: str = "en") -> str:
    """'3 solutions of 40 remain', '1 solution of 40 remains' (the verb agrees with the count), or on
    boards with symmetries '12 distinct solutions of 2,339 remain (up to rotation and reflection)',
    the counts puzzle fans know."""
    t = translator(language)
    if drawing.symmetric:
        count, total = drawing.distinct_remaining, drawing.distinct_total
        phrase = t.ngettext(
            "{count} distinct solution of {total} remains (up to rotation and reflection)",
            "{count} distinct solutions of {total} remain (up to rotation and reflection)",
            count,
        )
    else:
        count, total = drawing.remaining, drawing.total
        phrase = t.ngettext(
            "{count} solution of {total} remains", "{count} solutions of {total} remain", count
        )
    return phrase.format(count=count, total=total)


def _dead_end(drawing: PositionDrawing, language: str) -> str:
    """What to do about a dead end: pieces to take off, and pieces the hint puts back elsewhere
    ("move V" rather than "take off V ... add V")."""
    t = translator(language)
    again = {p.piece for p in drawing.added}
    moved = [p for p in drawing.take_off if p.piece in again]
    taken = [p for p in drawing.take_off if p.piece not in again]
    if moved and taken:
        return t.gettext("Dead end: take off {taken} and move {moved}.").format(
            taken=drawing.names(taken, language), moved=drawing.names(moved, language)
        )
    if moved:
        return t.gettext("Dead end: move {pieces}.").format(pieces=drawing.names(moved, language))
    return t.gettext("Dead end: take off {pieces} first.").format(pieces=drawing.names(taken, language))


def position_caption(drawing: PositionDrawing, language: str = "en") -> str:
    """One or two sentences: what to take off or move, what the hint adds, and how many solutions
    remain with it (nothing about finishing when the hint finishes the board)."""
    t = translator(language)
    parts = [_dead_end(drawing, language)] if drawing.take_off else []
    moved = {p.piece for p in drawing.take_off}
    new = [p for p in drawing.added if p.piece not in moved]
    finished = len(drawing.given) + len(drawing.added) == len(drawing.puzzle.pieces)
    left = remain_phrase(drawing, language)
    added = drawing.names(new, language)
    if not drawing.added:  # the board is complete already
        parts.append(t.gettext("Nothing to add: the board is complete."))
    elif finished and new:
        parts.append(t.gettext("Add {pieces} to finish the board.").format(pieces=added))
    elif finished:
        parts.append(t.gettext("That finishes the board."))
    elif not new:
        parts.append(t.gettext("Then {left}.").format(left=left))
    elif drawing.stage == Stage.ONE_PIECE and drawing.in_every:
        parts.append(
            t.gettext("Add {pieces}: every solution from here has it ({left}).").format(
                pieces=added, left=left
            )
        )
    elif drawing.remaining == 1 and drawing.stage != Stage.ONE_PIECE:
        parts.append(t.gettext("Add {pieces}: then there is exactly one way to finish.").format(pieces=added))
    else:
        parts.append(t.gettext("Add {pieces}: {left}.").format(pieces=added, left=left))
    return " ".join(parts)


def where(drawing: PositionDrawing) -> str:
    """The target's name on calendars ('11-22'), the puzzle's title on single-target boards."""
    return drawing.target.name if len(drawing.puzzle.targets) > 1 else drawing.puzzle.title


def position_image(drawing: PositionDrawing, language: str = "en") -> bytes:
    """PNG: the given pieces, the hint's pieces lighter and ringed, pieces to take off crossed out."""
    title = translator(language).gettext(POSITION_TITLES[drawing.stage])
    return render_board(
        drawing.puzzle,
        drawing.given,
        marked=drawing.target.uncovered,
        title=f"{where(drawing)} · {title}",
        subtitle=position_caption(drawing, language),
        added=drawing.added,
        crossed=drawing.take_off,
        labels=board_labels(drawing.puzzle, language),
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
